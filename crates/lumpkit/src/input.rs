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
            let mut v = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0).min(1 << 30));
            file.read_to_end(&mut v)?;
            Bytes::Owned(v)
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

fn map(file: &File) -> io::Result<lumpkit_map::Mmap> {
    lumpkit_map::map_read_only(file)
}
