//! Getting a file's bytes: memory-mapped by default, or read into memory.
//!
//! Mapping makes opening a 200 MB map as cheap as a 2 KB one, but if another process truncates the
//! file while it is mapped, touching the lost pages raises SIGBUS. Scans of files that others may be
//! writing should use [`OpenMode::Read`], which costs one copy of each file.

use std::fs::File;
use std::io::{self, Read};
use std::ops::Deref;
use std::path::{Path, PathBuf};

/// How [`Input::open`] gets the bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OpenMode {
    /// Memory-map the file. Files smaller than [`MAP_THRESHOLD`], empty files and non-regular files
    /// are read instead: for a small file one `read` is cheaper than mapping, faulting the pages in
    /// and unmapping (a scan of thousands of small textures spent a third of its time on that).
    #[default]
    Map,
    /// Read the whole file into memory; immune to concurrent truncation.
    Read,
}

/// Files at least this large are mapped under [`OpenMode::Map`]; smaller ones are read.
pub const MAP_THRESHOLD: u64 = 256 * 1024;

#[derive(Debug)]
enum Bytes {
    Mapped(lumpkit_map::Mmap),
    Owned(Vec<u8>),
}

/// A file's bytes and, when it came from disk, its path (some formats find sibling files by it).
#[derive(Debug)]
pub struct Input {
    bytes: Bytes,
    path: Option<PathBuf>,
}

impl Input {
    /// Opens `path` in the given mode.
    pub fn open(path: &Path, mode: OpenMode) -> io::Result<Input> {
        let mut file = File::open(path)?;
        let meta = file.metadata()?;
        let bytes = if mode == OpenMode::Map && meta.is_file() && meta.len() >= MAP_THRESHOLD {
            Bytes::Mapped(map(&file)?)
        } else {
            Bytes::Owned(read_whole(&mut file, meta.len())?)
        };
        Ok(Input {
            bytes,
            path: Some(path.to_path_buf()),
        })
    }

    /// Wraps bytes that are already in memory.
    pub fn from_vec(bytes: Vec<u8>) -> Input {
        Input {
            bytes: Bytes::Owned(bytes),
            path: None,
        }
    }

    /// The path this input was opened from.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The bytes.
    pub fn bytes(&self) -> &[u8] {
        self
    }
}

impl Deref for Input {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match &self.bytes {
            Bytes::Mapped(m) => m,
            Bytes::Owned(v) => v,
        }
    }
}

/// Reads all of `file`, which was `len` bytes long when asked. A file that has not changed takes
/// one read and one that finds the end; `read_to_end` would first ask the size again (two more
/// system calls, a fifth of the cost of a small file). A file that grew or shrank is still read
/// whole.
fn read_whole(file: &mut File, len: u64) -> io::Result<Vec<u8>> {
    let mut bytes = vec![0u8; usize::try_from(len).unwrap_or(0).min(1 << 30)];
    let mut filled = 0;
    while let Some(rest) = bytes.get_mut(filled..).filter(|r| !r.is_empty()) {
        match file.read(rest) {
            Ok(0) => {
                bytes.truncate(filled);
                return Ok(bytes);
            }
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    // As long as expected: one more read tells whether the file has grown since.
    let mut probe = [0u8; 1];
    loop {
        match file.read(&mut probe) {
            Ok(0) => return Ok(bytes),
            Ok(_) => break,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    bytes.extend_from_slice(&probe);
    file.read_to_end(&mut bytes)?;
    Ok(bytes)
}

fn map(file: &File) -> io::Result<lumpkit_map::Mmap> {
    lumpkit_map::map_read_only(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The size asked before reading may be stale: whatever it says, the whole file is read.
    #[test]
    fn read_whole_ignores_a_stale_size() -> io::Result<()> {
        let path = std::env::temp_dir().join(format!("lumpkit-input-{}", std::process::id()));
        let content: Vec<u8> = (0..=255u8).cycle().take(10_000).collect();
        std::fs::write(&path, &content)?;
        for stale in [0, 1, 9_999, 10_000, 10_001, 50_000] {
            let mut file = File::open(&path)?;
            assert_eq!(read_whole(&mut file, stale)?, content, "size said {stale}");
        }
        let read = Input::open(&path, OpenMode::Read)?;
        assert_eq!(read.bytes(), content.as_slice());
        std::fs::remove_file(&path)
    }
}
