//! The checked view of a PAK: header, directory slice, borrowed entries.

use zerocopy::FromBytes;

use crate::bytes;
use crate::diag::Sink;
use crate::error::Error;

use super::raw::{DirEntry, Header};
use super::rules;

/// `MAX_FILES_IN_PACK` of id Quake 2.
pub const MAX_FILES: usize = 4096;
/// Size of `dpackfile_t`.
pub const ENTRY_LEN: u64 = 64;

/// A PAK archive over the caller's bytes.
#[derive(Clone, Copy, Debug)]
pub struct Pak<'a> {
    file: &'a [u8],
    dirofs: u64,
    directory: &'a [DirEntry],
}

/// One entry: its name and its data when the data lies inside the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry<'a> {
    /// Index in the directory.
    pub index: usize,
    /// Name bytes up to the first NUL.
    pub name: &'a [u8],
    /// Declared offset.
    pub offset: u64,
    /// Declared length.
    pub size: u64,
    /// The data, `None` when it lies outside the file.
    pub data: Option<&'a [u8]>,
}

/// Whether a stored name would leave an extraction folder: absolute, drive letter, or `..`.
pub fn name_is_unsafe(name: &[u8]) -> bool {
    // One pass: a big archive asks this of every entry.
    let separator = |b: u8| b == b'/' || b == b'\\';
    if name.first().is_some_and(|&b| separator(b)) {
        return true;
    }
    let mut part_start = 0;
    for (i, &b) in name.iter().enumerate() {
        if b == b':' {
            return true;
        }
        if separator(b) {
            if name.get(part_start..i) == Some(b"..") {
                return true;
            }
            part_start = i.saturating_add(1);
        }
    }
    name.get(part_start..) == Some(b"..")
}

impl<'a> Pak<'a> {
    /// Whether `file` starts with `PACK`.
    pub fn sniff(file: &[u8]) -> bool {
        file.starts_with(b"PACK")
    }

    /// Parses the header and directory, reporting every entry problem to `sink`.
    pub fn parse(file: &'a [u8], sink: &mut impl Sink) -> Result<Pak<'a>, Error> {
        let Ok((header, _)) = Header::ref_from_prefix(file) else {
            return Err(Error::file(
                &rules::TRUNCATED_HEADER,
                0,
                [file.len() as u64, 0, 0],
            ));
        };
        let dirofs = u64::from(header.dirofs.get());
        let dirlen = u64::from(header.dirlen.get());
        let Some(dir) = bytes::range(file, dirofs, dirlen) else {
            return Err(Error::file(
                &rules::DIRECTORY_OUT_OF_BOUNDS,
                4,
                [dirofs.saturating_add(dirlen), file.len() as u64, 0],
            ));
        };
        let rem = dirlen % ENTRY_LEN;
        if rem != 0 {
            sink.report(rules::DIRECTORY_MISALIGNED.with(8, [dirlen, rem, 0]))?;
        }
        let whole = dir
            .get(..dir.len().saturating_sub(rem as usize))
            .unwrap_or(&[]);
        let directory = <[DirEntry]>::ref_from_bytes(whole).unwrap_or(&[]);
        if directory.len() > MAX_FILES {
            sink.report(
                rules::TOO_MANY_FILES.with(8, [directory.len() as u64, MAX_FILES as u64, 0]),
            )?;
        }
        let pak = Pak {
            file,
            dirofs,
            directory,
        };
        for (i, e) in directory.iter().enumerate() {
            let at = dirofs.saturating_add((i as u64).saturating_mul(ENTRY_LEN));
            let (name, terminated) = bytes::nul_terminated(&e.name);
            let (ofs, len) = (u64::from(e.filepos.get()), u64::from(e.filelen.get()));
            let i = i as u64;
            if !terminated {
                sink.report(rules::NAME_UNTERMINATED.with(at, [i, 0, 0]))?;
            }
            if name.is_empty() {
                sink.report(rules::NAME_EMPTY.with(at, [i, 0, 0]))?;
            } else if name_is_unsafe(name) {
                sink.report(rules::NAME_UNSAFE.with(at, [i, 0, 0]))?;
            }
            if bytes::range(file, ofs, len).is_none() {
                sink.report(rules::ENTRY_OUT_OF_BOUNDS.with(
                    at.saturating_add(56),
                    [i, ofs.saturating_add(len), file.len() as u64],
                ))?;
            }
        }
        Ok(pak)
    }

    /// Number of directory entries.
    pub fn len(&self) -> usize {
        self.directory.len()
    }

    /// Whether the directory is empty.
    pub fn is_empty(&self) -> bool {
        self.directory.is_empty()
    }

    /// File offset of the directory.
    pub fn directory_offset(&self) -> u64 {
        self.dirofs
    }

    /// The entries, borrowed.
    pub fn entries(&self) -> impl Iterator<Item = Entry<'a>> + 'a {
        let file = self.file;
        self.directory.iter().enumerate().map(move |(index, e)| {
            let (offset, size) = (u64::from(e.filepos.get()), u64::from(e.filelen.get()));
            Entry {
                index,
                name: bytes::nul_terminated(&e.name).0,
                offset,
                size,
                data: bytes::range(file, offset, size),
            }
        })
    }

    /// The entry called `name` (exact bytes, or ASCII case-insensitively with `\` as `/`, as the
    /// game's file system compares paths).
    pub fn find(&self, name: &[u8]) -> Option<Entry<'a>> {
        let norm = |b: &u8| {
            if *b == b'\\' {
                b'/'
            } else {
                b.to_ascii_lowercase()
            }
        };
        self.entries().find(|e| {
            e.name.len() == name.len() && e.name.iter().map(norm).eq(name.iter().map(norm))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::name_is_unsafe;

    #[test]
    fn unsafe_names() {
        for name in [
            &b"/etc/passwd"[..],
            b"\\x",
            b"c:/x",
            b"a:b",
            b"..",
            b"../x",
            b"a/../b",
            b"a\\..\\b",
            b"a/..",
        ] {
            assert!(name_is_unsafe(name), "{:?}", core::str::from_utf8(name));
        }
        for name in [
            &b"maps/base1.bsp"[..],
            b"",
            b"a..b",
            b"...",
            b"..a/b",
            b"a/b..",
            b"a/./b",
            b".hidden",
        ] {
            assert!(!name_is_unsafe(name), "{:?}", core::str::from_utf8(name));
        }
    }
}
