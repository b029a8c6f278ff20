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

/// The largest file [`OpenMode::Read`] reads into memory (4 GiB); larger ones are refused.
pub const MAX_READ: u64 = 4 << 30;

/// Refuses what is not a regular file, naming what it is.
fn regular_only(meta: &std::fs::Metadata) -> io::Result<()> {
    let kind = meta.file_type();
    if kind.is_file() {
        return Ok(());
    }
    let what = if kind.is_dir() {
        "a folder"
    } else if kind.is_symlink() {
        "a symbolic link"
    } else {
        special_kind(&kind)
    };
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("{what}, not a regular file: lumpkit reads only regular files"),
    ))
}

#[cfg(unix)]
fn special_kind(kind: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_socket() {
        "a socket"
    } else if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else {
        "a special file"
    }
}

#[cfg(not(unix))]
fn special_kind(_: &std::fs::FileType) -> &'static str {
    "a special file"
}

#[derive(Debug)]
enum Bytes {
    #[cfg(feature = "mmap")]
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
    ///
    /// Only regular files are opened: a FIFO or socket would block or never end, and a device such as
    /// `/dev/zero` never ends, so they are refused with [`io::ErrorKind::InvalidInput`] before any read
    /// (and before opening, since opening a FIFO blocks until a writer appears). A regular file is
    /// read up to the size it had when opened, so one that grows meanwhile cannot make us read
    /// without end; in [`OpenMode::Read`] files over [`MAX_READ`] bytes are refused (map them).
    pub fn open(path: &Path, mode: OpenMode) -> io::Result<Input> {
        regular_only(&std::fs::metadata(path)?)?;
        let mut file = File::open(path)?;
        let meta = file.metadata()?;
        // The path may have been replaced between the two looks.
        regular_only(&meta)?;
        let mapped = if mode == OpenMode::Map && meta.len() >= MAP_THRESHOLD {
            map(&file)?
        } else {
            None
        };
        let bytes = if let Some(mapped) = mapped {
            mapped
        } else if meta.len() > MAX_READ {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{} bytes: larger than the {MAX_READ} bytes lumpkit reads into memory (map it instead of --no-mmap)",
                    meta.len()
                ),
            ));
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
            #[cfg(feature = "mmap")]
            Bytes::Mapped(m) => m,
            Bytes::Owned(v) => v,
        }
    }
}

/// Reads `file`, which was `len` bytes long when opened, up to that length: a file that grows while
/// it is read is read as it was (another process appending without end cannot keep us reading), and
/// one that shrank is read to its new end. One read fills the buffer for a file that has not
/// changed; `read_to_end` would first ask the size again (two more system calls, a fifth of the cost
/// of a small file).
fn read_whole(file: &mut File, len: u64) -> io::Result<Vec<u8>> {
    let len = usize::try_from(len).map_err(|_| io::Error::from(io::ErrorKind::OutOfMemory))?;
    let mut bytes = vec![0u8; len];
    let mut filled = 0;
    while let Some(rest) = bytes.get_mut(filled..).filter(|r| !r.is_empty()) {
        match file.read(rest) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    bytes.truncate(filled);
    Ok(bytes)
}

#[cfg(feature = "mmap")]
fn map(file: &File) -> io::Result<Option<Bytes>> {
    lumpkit_map::map_read_only(file).map(|m| Some(Bytes::Mapped(m)))
}

/// Built without the `mmap` feature: every file is read.
#[cfg(not(feature = "mmap"))]
fn map(_: &File) -> io::Result<Option<Bytes>> {
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("lumpkit-input-{name}-{}", std::process::id()))
    }

    /// The size taken when the file was opened is what is read: more if the file has grown since,
    /// never; to its end if it has shrunk.
    #[test]
    fn read_whole_reads_the_size_the_file_had() -> io::Result<()> {
        let path = temp("size");
        let content: Vec<u8> = (0..=255u8).cycle().take(10_000).collect();
        std::fs::write(&path, &content)?;
        for (said, got) in [
            (0, 0),
            (1, 1),
            (9_999, 9_999),
            (10_000, 10_000),
            (50_000, 10_000),
        ] {
            let mut file = File::open(&path)?;
            assert_eq!(
                read_whole(&mut file, said)?,
                content.get(..got).unwrap_or_default(),
                "size said {said}"
            );
        }
        let read = Input::open(&path, OpenMode::Read)?;
        assert_eq!(read.bytes(), content.as_slice());
        std::fs::remove_file(&path)
    }

    fn refused(path: &Path) -> String {
        for mode in [OpenMode::Map, OpenMode::Read] {
            let kind = Input::open(path, mode).err().map(|e| e.kind());
            assert_eq!(
                kind,
                Some(io::ErrorKind::InvalidInput),
                "{}",
                path.display()
            );
        }
        Input::open(path, OpenMode::Read)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    }

    /// Devices that never end are refused before a byte is read.
    #[cfg(unix)]
    #[test]
    fn devices_are_refused() {
        assert!(refused(Path::new("/dev/zero")).contains("character device"));
        assert!(refused(Path::new("/dev/urandom")).contains("character device"));
        assert!(refused(Path::new("/dev/null")).contains("character device"));
    }

    /// A FIFO with no writer would block `open` forever: it is refused without opening it.
    #[cfg(unix)]
    #[test]
    fn fifos_are_refused_without_blocking() -> io::Result<()> {
        let path = temp("fifo");
        let _ = std::fs::remove_file(&path);
        let made = std::process::Command::new("mkfifo").arg(&path).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("notice: mkfifo unavailable; FIFO test skipped");
            return Ok(());
        }
        assert!(refused(&path).contains("FIFO"));
        std::fs::remove_file(&path)
    }

    #[cfg(unix)]
    #[test]
    fn sockets_and_folders_are_refused() -> io::Result<()> {
        let path = temp("socket");
        let _ = std::fs::remove_file(&path);
        let listener = std::os::unix::net::UnixListener::bind(&path)?;
        assert!(refused(&path).contains("socket"));
        drop(listener);
        std::fs::remove_file(&path)?;
        assert!(refused(&std::env::temp_dir()).contains("folder"));
        Ok(())
    }
}
