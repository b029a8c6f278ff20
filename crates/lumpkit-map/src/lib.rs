//! Read-only memory maps: the one `unsafe` call in lumpkit, isolated and audited.
//!
//! memmap2 cannot promise that no other process modifies or truncates the file while it is mapped,
//! so `Mmap::map` is `unsafe`. We only ever read through the map. The residual risk is that a
//! concurrent truncation makes a later read of the lost pages raise SIGBUS; callers that scan files
//! others may be writing should read them into memory instead (the CLI's `--no-mmap`).
//!
//! ```
//! use std::io::Write;
//!
//! let path = std::env::temp_dir().join(format!("lumpkit-map-doc-{}", std::process::id()));
//! std::fs::File::create(&path)?.write_all(b"PACK")?;
//! let map = lumpkit_map::map_read_only(&std::fs::File::open(&path)?)?;
//! assert_eq!(&map[..], b"PACK");
//! drop(map);
//! std::fs::remove_file(&path)?;
//! # Ok::<(), std::io::Error>(())
//! ```
#![warn(missing_docs)]

use std::fs::File;
use std::io;

pub use memmap2::Mmap;

/// Maps `file` read-only.
#[allow(unsafe_code)]
pub fn map_read_only(file: &File) -> io::Result<Mmap> {
    // SAFETY: the mapping is read-only and never written through by lumpkit; memory safety then
    // depends only on no other process truncating the file meanwhile, which is the documented risk
    // above (readers who cannot accept it use plain reads).
    unsafe { Mmap::map(file) }
}
