//! The checked view of a PAK: header, directory slice, borrowed entries. Two directory layouts
//! share the `PACK` magic: id's 64-byte entries and Daikatana's 72-byte ones; [`Layout::detect`]
//! tells them apart from the directory itself.

use zerocopy::FromBytes;

use crate::bytes;
use crate::diag::Sink;
use crate::error::Error;

use super::raw::{DirEntry, DkDirEntry, Header};
use super::rules;

/// `MAX_FILES_IN_PACK` of id Quake 2 (Quake 1 engines stop at 2048: [`crate::profiles::pak`]).
pub const MAX_FILES: usize = 4096;
/// The four bytes every PAK starts with (id's and Daikatana's alike).
pub const MAGIC: [u8; 4] = *b"PACK";
/// Size of `dpackfile_t`.
pub const ENTRY_LEN: u64 = 64;
/// Size of a Daikatana directory entry.
pub const DK_ENTRY_LEN: u64 = 72;

/// The directory layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// id Quake / Quake 2: name\[56\], offset, length.
    Quake,
    /// Daikatana: name\[56\], offset, length, stored length, compressed flag.
    Daikatana,
}

impl Layout {
    /// Size of one directory entry.
    pub const fn entry_len(self) -> u64 {
        match self {
            Layout::Quake => ENTRY_LEN,
            Layout::Daikatana => DK_ENTRY_LEN,
        }
    }

    /// The layout of `dir` (the directory's bytes) in a file of `file_len` bytes. Nothing in the
    /// header says which it is (Daikatana reads only its own, TrenchBroom picks by game), so the
    /// directory decides: each reading's share of sane entries (a printable NUL-terminated name, data inside
    /// the file, and for Daikatana a compressed flag of 0 or 1) is compared, and Daikatana's wins
    /// only when the directory divides into 72-byte entries and its share is strictly larger. One
    /// damaged entry therefore does not flip a directory to the other layout.
    pub fn detect(dir: &[u8], file_len: u64) -> Layout {
        let inside = |ofs: u32, len: u32| u64::from(ofs).saturating_add(u64::from(len)) <= file_len;
        // A path: printable ASCII, not empty, NUL-terminated.
        let named = |n: &[u8; 56]| {
            let (name, terminated) = bytes::nul_terminated(n);
            terminated && !name.is_empty() && name.iter().all(|b| (0x20..0x7F).contains(b))
        };
        let Ok(dk) = <[DkDirEntry]>::ref_from_bytes(dir) else {
            return Layout::Quake;
        };
        if dk.is_empty() {
            return Layout::Quake;
        }
        let dk_sane = dk
            .iter()
            .filter(|e| {
                let compressed = e.compressed.get();
                let stored = if compressed == 1 {
                    e.compressed_len.get()
                } else {
                    e.filelen.get()
                };
                named(&e.name) && compressed <= 1 && inside(e.filepos.get(), stored)
            })
            .count() as u64;
        let whole = dir
            .len()
            .saturating_sub(dir.len().checked_rem(ENTRY_LEN as usize).unwrap_or(0));
        let quake = <[DirEntry]>::ref_from_bytes(dir.get(..whole).unwrap_or(&[])).unwrap_or(&[]);
        let quake_sane = quake
            .iter()
            .filter(|e| named(&e.name) && inside(e.filepos.get(), e.filelen.get()))
            .count() as u64;
        // dk_sane / dk.len() > quake_sane / quake.len(), without division.
        let misaligned_quake = whole != dir.len();
        if dk_sane.saturating_mul(quake.len() as u64) > quake_sane.saturating_mul(dk.len() as u64)
            || (misaligned_quake && dk_sane == dk.len() as u64)
        {
            Layout::Daikatana
        } else {
            Layout::Quake
        }
    }
}

/// A PAK archive over the caller's bytes.
#[derive(Clone, Copy, Debug)]
pub struct Pak<'a> {
    file: &'a [u8],
    dirofs: u64,
    /// The directory's whole entries.
    directory: &'a [u8],
    layout: Layout,
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
    /// Declared length (once decompressed).
    pub size: u64,
    /// Bytes stored in the file: `size`, or the compressed length of a compressed entry.
    pub stored_size: u64,
    /// Whether the stored bytes are Daikatana's RLE (`lumpkit_lz::dkrle`).
    pub compressed: bool,
    /// The stored data, `None` when it lies outside the file.
    pub data: Option<&'a [u8]>,
}

/// Whether a stored name would leave an extraction folder: absolute, a drive letter or any colon
/// (Windows reads `a:b` as a stream of `a`, and `http://…` names from web caches have one), or `..`.
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
        file.starts_with(&MAGIC)
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
        let layout = Layout::detect(dir, file.len() as u64);
        let entry_len = layout.entry_len();
        let rem = dirlen.checked_rem(entry_len).unwrap_or(0);
        if rem != 0 {
            sink.report(rules::DIRECTORY_MISALIGNED.with(8, [dirlen, rem, 0]))?;
        }
        let directory = dir
            .get(..dir.len().saturating_sub(rem as usize))
            .unwrap_or(&[]);
        let pak = Pak {
            file,
            dirofs,
            directory,
            layout,
        };
        if let Some(d) = crate::profiles::pak::FILES.check(pak.len() as u64, 8) {
            sink.report(d)?;
        }
        for e in pak.entries() {
            let at = dirofs.saturating_add((e.index as u64).saturating_mul(entry_len));
            let (name, terminated) = (e.name, e.name.len() < 56);
            let (ofs, len) = (e.offset, e.stored_size);
            let i = e.index as u64;
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
        (self.directory.len() as u64)
            .checked_div(self.layout.entry_len())
            .unwrap_or(0) as usize
    }

    /// Length of the whole file.
    pub fn file_len(&self) -> u64 {
        self.file.len() as u64
    }

    /// The directory layout.
    pub fn layout(&self) -> Layout {
        self.layout
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
        let pak = *self;
        (0..pak.len()).filter_map(move |index| pak.entry(index))
    }

    /// Entry `index` (0-based, in directory order), borrowed: read in place, so that the members
    /// of a large PAK can be visited in any order.
    pub fn entry(&self, index: usize) -> Option<Entry<'a>> {
        let (name, offset, size, stored_size, compressed) = match self.layout {
            Layout::Quake => {
                let e = <[DirEntry]>::ref_from_bytes(self.directory)
                    .ok()?
                    .get(index)?;
                let size = u64::from(e.filelen.get());
                (&e.name, e.filepos.get(), size, size, false)
            }
            Layout::Daikatana => {
                let e = <[DkDirEntry]>::ref_from_bytes(self.directory)
                    .ok()?
                    .get(index)?;
                let compressed = e.compressed.get() != 0;
                let size = u64::from(e.filelen.get());
                let stored = if compressed {
                    u64::from(e.compressed_len.get())
                } else {
                    size
                };
                (&e.name, e.filepos.get(), size, stored, compressed)
            }
        };
        let offset = u64::from(offset);
        Some(Entry {
            index,
            name: bytes::nul_terminated(name).0,
            offset,
            size,
            stored_size,
            compressed,
            data: bytes::range(self.file, offset, stored_size),
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
