//! The archive: header, directory, lookup, and the checks that span entries.

use zerocopy::FromBytes;

use crate::diag::Sink;
use crate::error::Error;

use crate::profiles::quake1::GOLDSRC_WAD_TEXTURE_SIZE;

use super::entry::{Entry, Kind};
use super::raw::{DirEntry, Header};
use super::rules::{
    COUNT_TOO_LARGE, DIRECTORY_OUT_OF_BOUNDS, DUPLICATE_NAME, ENTRIES_OVERLAP, ENTRY_COMPRESSED,
    HEADER_TRUNCATED, UNSUPPORTED_VERSION,
};

/// Bytes of the header.
pub const HEADER_LEN: u64 = 12;

/// Bytes of one directory record.
pub const RECORD_LEN: u64 = 32;

/// Which game's WAD.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    /// Quake: miptex without palettes.
    Wad2,
    /// Half-Life: every picture carries its palette.
    Wad3,
}

impl Version {
    /// Both versions.
    pub const ALL: [Version; 2] = [Version::Wad2, Version::Wad3];

    /// The four bytes a WAD of this version starts with.
    pub const fn magic(self) -> &'static [u8; 4] {
        match self {
            Version::Wad2 => b"WAD2",
            Version::Wad3 => b"WAD3",
        }
    }

    /// The magic as the format names it (`WAD2`, `WAD3`).
    pub const fn as_str(self) -> &'static str {
        match self {
            Version::Wad2 => "WAD2",
            Version::Wad3 => "WAD3",
        }
    }
}

/// A checked view of a WAD file: the header is sound and the directory lies inside the file.
#[derive(Clone, Copy, Debug)]
pub struct Wad<'a> {
    bytes: &'a [u8],
    version: Version,
    directory: &'a [DirEntry],
    directory_offset: u64,
}

impl<'a> Wad<'a> {
    /// Parses the header and directory, reporting every per-entry directory problem to `sink`.
    pub fn parse<S: Sink + ?Sized>(bytes: &'a [u8], sink: &mut S) -> Result<Wad<'a>, Error> {
        let len = bytes.len() as u64;
        let magic = bytes.get(..4);
        let known = Version::ALL
            .into_iter()
            .find(|v| magic == Some(v.magic().as_slice()));
        let version = match (known, magic) {
            (Some(v), _) => v,
            (None, Some(magic)) => {
                let m = <[u8; 4]>::try_from(magic).map_or(0, u32::from_be_bytes);
                return Err(Error::unsupported(
                    &UNSUPPORTED_VERSION,
                    0,
                    [m.into(), 0, 0],
                ));
            }
            _ => return Err(Error::file(&HEADER_TRUNCATED, 0, [len, 0, 0])),
        };
        let Ok((header, _)) = Header::ref_from_prefix(bytes) else {
            return Err(Error::file(&HEADER_TRUNCATED, 0, [len, 0, 0]));
        };
        let count = u64::from(header.count.get());
        let directory_len = count.saturating_mul(RECORD_LEN);
        if directory_len > len.saturating_sub(HEADER_LEN) {
            return Err(Error::file(&COUNT_TOO_LARGE, 4, [count, len, 0]));
        }
        let directory_offset = u64::from(header.directory_offset.get());
        let directory = crate::bytes::range(bytes, directory_offset, directory_len)
            .and_then(|d| <[DirEntry]>::ref_from_bytes(d).ok())
            .ok_or(Error::file(
                &DIRECTORY_OUT_OF_BOUNDS,
                8,
                [directory_offset, directory_len, len],
            ))?;
        let wad = Wad {
            bytes,
            version,
            directory,
            directory_offset,
        };
        let mut first_compressed = None;
        let mut count_compressed = 0u64;
        let mut largest_texture: Option<Entry<'a>> = None;
        for entry in wad.entries() {
            entry.check_record(sink)?;
            if entry.compression() != 0 {
                first_compressed.get_or_insert(entry);
                count_compressed = count_compressed.saturating_add(1);
            }
            if version == Version::Wad3
                && entry.kind() == Kind::Miptex
                && largest_texture.is_none_or(|l| entry.disk_size() > l.disk_size())
            {
                largest_texture = Some(entry);
            }
        }
        // GoldSrc reads a map's WAD texture into a fixed buffer: the largest entry decides.
        if let Some(largest) = largest_texture
            && let Some(d) =
                GOLDSRC_WAD_TEXTURE_SIZE.check(largest.disk_size(), largest.record_offset())
        {
            sink.report(d)?;
        }
        // A harmless stray bit (no engine reads it): once per archive.
        if let Some(first) = first_compressed {
            let args = [
                first.index() as u64,
                count_compressed,
                first.compression().into(),
            ];
            let at = first.record_offset().saturating_add(13);
            sink.report(ENTRY_COMPRESSED.with(at, args))?;
        }
        Ok(wad)
    }

    /// WAD2 or WAD3.
    pub fn version(&self) -> Version {
        self.version
    }

    /// The whole file.
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// Offset of the directory.
    pub fn directory_offset(&self) -> u64 {
        self.directory_offset
    }

    /// Number of directory entries.
    pub fn len(&self) -> usize {
        self.directory.len()
    }

    /// Whether the directory is empty.
    pub fn is_empty(&self) -> bool {
        self.directory.is_empty()
    }

    /// Entry `index`.
    pub fn entry(&self, index: usize) -> Option<Entry<'a>> {
        let record = self.directory.get(index)?;
        let at = (index as u64)
            .saturating_mul(RECORD_LEN)
            .saturating_add(self.directory_offset);
        Some(Entry::new(self.bytes, self.version, index, record, at))
    }

    /// Every entry, in directory order.
    pub fn entries(&self) -> impl Iterator<Item = Entry<'a>> + '_ {
        (0..self.directory.len()).filter_map(|i| self.entry(i))
    }

    /// The first entry whose name equals `name`, ignoring ASCII case (as the engines look up).
    pub fn find(&self, name: &[u8]) -> Option<Entry<'a>> {
        self.entries().find(|e| e.name().eq_ignore_ascii_case(name))
    }

    /// Reports every entry whose data start inside an earlier-starting entry's data, once, paired
    /// with the earlier entry that reaches furthest (O(n log n), no allocation). Empty entries
    /// overlap nothing. `scratch` must hold one slot per entry; it is overwritten.
    pub fn check_overlaps<S: Sink + ?Sized>(
        &self,
        scratch: &mut [u32],
        sink: &mut S,
    ) -> Result<(), Error> {
        let Some(order) = self.fill_indices(scratch) else {
            return Ok(());
        };
        let span = |i: u32| {
            self.entry(i as usize)
                .filter(|e| e.disk_size() > 0)
                .map(|e| (e.offset(), e.offset().saturating_add(e.disk_size())))
        };
        order.sort_unstable_by_key(|&i| span(i).unwrap_or((u64::MAX, u64::MAX)));
        // The entry reaching furthest so far: a later entry starting before its end overlaps it.
        let mut furthest: Option<(u32, u64)> = None;
        for &i in order.iter() {
            let Some((start, end)) = span(i) else { break };
            if let Some((j, reach)) = furthest
                && start < reach
            {
                let at = self.entry(i as usize).map_or(0, |e| e.record_offset());
                sink.report(ENTRIES_OVERLAP.with(at, [j.into(), i.into(), 0]))?;
            }
            if furthest.is_none_or(|(_, reach)| end > reach) {
                furthest = Some((i, end));
            }
        }
        Ok(())
    }

    /// Reports entries whose name repeats an earlier one (ignoring ASCII case). `scratch` must hold
    /// one slot per entry; it is overwritten.
    pub fn check_duplicates<S: Sink + ?Sized>(
        &self,
        scratch: &mut [u32],
        sink: &mut S,
    ) -> Result<(), Error> {
        let Some(order) = self.fill_indices(scratch) else {
            return Ok(());
        };
        let name = |i: u32| self.entry(i as usize).map_or(&[][..], |e| e.name());
        order.sort_unstable_by(|&a, &b| {
            let lower = |n: &'a [u8]| n.iter().map(u8::to_ascii_lowercase);
            lower(name(a)).cmp(lower(name(b))).then(a.cmp(&b))
        });
        for pair in order.windows(2) {
            if let [a, b] = *pair
                && name(a).eq_ignore_ascii_case(name(b))
            {
                let at = self.entry(b as usize).map_or(0, |e| e.record_offset());
                sink.report(DUPLICATE_NAME.with(at, [a.into(), b.into(), 0]))?;
            }
        }
        Ok(())
    }

    /// `scratch[..len]` filled with 0..len, or `None` when `scratch` is too short.
    fn fill_indices<'s>(&self, scratch: &'s mut [u32]) -> Option<&'s mut [u32]> {
        let order = scratch.get_mut(..self.directory.len())?;
        for (slot, i) in order.iter_mut().zip(0u32..) {
            *slot = i;
        }
        Some(order)
    }
}
