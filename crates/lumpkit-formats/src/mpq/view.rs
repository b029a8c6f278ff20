//! The archive view: the header found the way Storm finds it, and the hash and block tables
//! decrypted entry by entry as they are iterated.

use crate::bytes::{array, range, u16_le, u32_le};
use crate::diag::Sink;
use crate::error::Error;

use super::crypt::{self, Decryptor};
use super::rules;

/// `MPQ\x1A`: the archive header.
pub const MAGIC_HEADER: u32 = 0x1A51_504D;
/// `MPQ\x1B`: the user-data header that points at the archive header.
pub const MAGIC_USER_DATA: u32 = 0x1B51_504D;
/// `BN3\x1A`: a Battle.net header that Spazzler puts before the real one as a decoy.
pub const MAGIC_BN3: u32 = 0x1A33_4E42;

/// Block flag: PKWARE DCL imploded (no compression mask byte).
pub const FLAG_IMPLODE: u32 = 0x0000_0100;
/// Block flag: compressed, each sector led by a compression mask byte.
pub const FLAG_COMPRESS: u32 = 0x0000_0200;
/// Block flag: encrypted with the key from the name.
pub const FLAG_ENCRYPTED: u32 = 0x0001_0000;
/// Block flag: the key is adjusted by the block's offset and size.
pub const FLAG_FIX_KEY: u32 = 0x0002_0000;
/// Block flag: a patch file (incremental patch archives).
pub const FLAG_PATCH_FILE: u32 = 0x0010_0000;
/// Block flag: stored as one unit, not in sectors.
pub const FLAG_SINGLE_UNIT: u32 = 0x0100_0000;
/// Block flag: a deletion marker (patch archives).
pub const FLAG_DELETE_MARKER: u32 = 0x0200_0000;
/// Block flag: an Adler-32 per sector follows the sector offsets.
pub const FLAG_SECTOR_CRC: u32 = 0x0400_0000;
/// Block flag: the entry is in use.
pub const FLAG_EXISTS: u32 = 0x8000_0000;

/// Hash entry block index of a never-used slot (ends a name's search).
pub const HASH_FREE: u32 = 0xFFFF_FFFF;
/// Hash entry block index of a deleted slot.
pub const HASH_DELETED: u32 = 0xFFFF_FFFE;

/// A little-endian `u64` at `offset`.
fn u64_le(data: &[u8], offset: u64) -> Option<u64> {
    array(data, offset).map(u64::from_le_bytes)
}

/// How the archive is read: maps are read as their game reads them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MapKind {
    /// Any other MPQ: user data is followed and the version field is honoured.
    #[default]
    Generic,
    /// Warcraft III map (`.w3x`, `.w3m`, or an `HM3W` block first): user data is ignored and the
    /// header is read as version 1, as Warcraft III's Storm.dll and StormLib do.
    Warcraft3,
    /// StarCraft map (`.scm`, `.scx`): read as version 1, as StormLib does.
    StarCraft,
}

/// One hash-table entry, decrypted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HashEntry {
    /// Position in the hash table.
    pub index: u32,
    /// First check hash of the name.
    pub hash_a: u32,
    /// Second check hash of the name.
    pub hash_b: u32,
    /// Windows LANGID (0 = neutral).
    pub locale: u16,
    /// Platform (0 = any).
    pub platform: u16,
    /// Index into the block table, or [`HASH_FREE`] / [`HASH_DELETED`].
    pub block: u32,
}

/// One block-table entry, decrypted, with its high offset word (v2+).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockEntry {
    /// Position in the block table.
    pub index: u32,
    /// Offset of the data from the archive header (low 32 bits).
    pub offset: u32,
    /// High 16 bits of the offset (hi-block table), 0 before v2.
    pub offset_hi: u16,
    /// Bytes stored in the archive.
    pub compressed_size: u32,
    /// Bytes once unpacked.
    pub file_size: u32,
    /// `FLAG_*` bits.
    pub flags: u32,
}

impl BlockEntry {
    /// Whether a flag is set.
    pub fn has(&self, flag: u32) -> bool {
        self.flags & flag != 0
    }
}

/// A parsed MPQ archive: where its header is and where its tables lie.
#[derive(Clone, Copy, Debug)]
pub struct Mpq<'a> {
    bytes: &'a [u8],
    /// Offset of the `MPQ\x1A` header in the file.
    pub header_offset: u64,
    /// Offset of the `MPQ\x1B` user-data header that led to it, if one did.
    pub user_data_offset: Option<u64>,
    /// Format version as read (0 = v1 … 3 = v4), after forcing maps to v1.
    pub version: u16,
    /// The raw format-version field.
    pub raw_version: u16,
    /// The raw header-size field.
    pub raw_header_size: u32,
    /// The raw archive-size field.
    pub archive_size: u32,
    /// Bytes per sector.
    pub sector_size: u32,
    /// Absolute offset of the hash table.
    pub hash_table_offset: u64,
    /// Hash-table entries as declared (masked to 28 bits as Storm does).
    pub hash_table_entries: u32,
    /// Absolute offset of the block table.
    pub block_table_offset: u64,
    /// Block-table entries as declared.
    pub block_table_declared: u32,
    /// Block-table entries that lie in the file (the rest are ignored).
    pub block_table_entries: u32,
    /// Absolute offset of the hi-block table (v2+, when present and inside the file).
    pub hi_block_table_offset: Option<u64>,
    /// Absolute offsets of the HET and BET tables (v3+, when declared).
    pub het_bet: Option<(u64, u64)>,
    /// Stored sizes of the HET and BET tables (v4 header; 0 when not declared).
    pub het_bet_sizes: (u64, u64),
}

/// Finds the header as Storm does: every 512 bytes, following a user-data header unless the file
/// is a map, skipping headers whose size field is below 32. Returns the header offset, the
/// user-data offset and the first decoy seen.
fn find_header(bytes: &[u8], kind: MapKind) -> (Option<u64>, Option<u64>, Option<(u32, u64)>) {
    let len = bytes.len() as u64;
    let mut pos = 0u64;
    let mut user_data = None;
    let mut decoy = None;
    while pos < len {
        let magic = u32_le(bytes, pos).unwrap_or(0);
        if magic == MAGIC_USER_DATA && kind == MapKind::Generic && user_data.is_none() {
            // Size of the user data, offset of the header from here, size of the user-data header.
            let size = u32_le(bytes, pos.saturating_add(4)).unwrap_or(0);
            let header = u32_le(bytes, pos.saturating_add(8)).unwrap_or(0);
            let header_size = u32_le(bytes, pos.saturating_add(12)).unwrap_or(0);
            if header_size <= size && size <= header && header != 0 {
                user_data = Some(pos);
                pos = pos.saturating_add(header.into());
                continue;
            }
        }
        if magic == MAGIC_HEADER && u32_le(bytes, pos.saturating_add(4)).unwrap_or(0) >= 32 {
            return (Some(pos), user_data, decoy);
        }
        if decoy.is_none() && matches!(magic, MAGIC_USER_DATA | MAGIC_HEADER | MAGIC_BN3) {
            decoy = Some((magic, pos));
        }
        pos = pos.saturating_add(0x200);
    }
    (None, user_data, decoy)
}

impl<'a> Mpq<'a> {
    /// Finds and reads the header and the table positions, and reports header-level tricks to
    /// `sink`. Fails only when no header is found or the tables are empty.
    pub fn parse(bytes: &'a [u8], kind: MapKind, sink: &mut impl Sink) -> Result<Mpq<'a>, Error> {
        let len = bytes.len() as u64;
        let (Some(at), user_data_offset, decoy) = find_header(bytes, kind) else {
            return Err(Error::file(&rules::NO_HEADER, 0, [len, 0, 0]));
        };
        if let Some((magic, where_)) = decoy {
            sink.report(rules::DECOY_HEADER.with(where_, [magic.into(), where_, at]))?;
        }
        let field32 = |o: u64| u32_le(bytes, at.saturating_add(o)).unwrap_or(0);
        let field16 = |o: u64| u16_le(bytes, at.saturating_add(o)).unwrap_or(0);
        let raw_header_size = field32(4);
        let archive_size = field32(8);
        let raw_version = field16(12);
        let shift = field16(14) & 0xFF;
        let forced = kind != MapKind::Generic;
        let mut version = if forced { 0 } else { raw_version };
        // Unknown versions and headers too short for their version are read as v1 (StormLib).
        let needed = |v: u16| match v {
            0 => 32u32,
            1 => 44,
            2 => 68,
            _ => 208,
        };
        if version > 3
            || raw_header_size < needed(version)
            || at.saturating_add(needed(version).into()) > len
        {
            version = 0;
        }
        if forced && raw_version != 0 {
            sink.report(
                rules::VERSION_FORCED.with(at.saturating_add(12), [raw_version.into(), 0, 0]),
            )?;
        }
        if raw_header_size != needed(version)
            && !(version == 0 && raw_header_size == needed(raw_version.min(3)) && raw_version <= 3)
        {
            sink.report(rules::HEADER_SIZE.with(
                at.saturating_add(4),
                [
                    raw_header_size.into(),
                    needed(version).into(),
                    version.saturating_add(1).into(),
                ],
            ))?;
        }
        // Only the low byte of the shift counts; x86 shifts by it modulo 32, as Storm did.
        let sector_size = 0x200u32.wrapping_shl(u32::from(shift));
        let hash_pos = field32(16);
        let block_pos = field32(20);
        let hash_table_entries = field32(24) & 0x0FFF_FFFF;
        let block_table_declared = field32(28);
        let (hash_table_offset, block_table_offset, hi_block) = if version == 0 {
            // v1 positions are 32-bit and wrap, which protectors use.
            let base = at as u32;
            (
                u64::from(base.wrapping_add(hash_pos)),
                u64::from(base.wrapping_add(block_pos)),
                None,
            )
        } else {
            let hi_block = u64_le(bytes, at.saturating_add(32)).unwrap_or(0);
            let hash_hi = u64::from(field16(40));
            let block_hi = u64::from(field16(42));
            (
                at.saturating_add(hash_hi << 32 | u64::from(hash_pos)),
                at.saturating_add(block_hi << 32 | u64::from(block_pos)),
                (hi_block != 0).then(|| at.saturating_add(hi_block)),
            )
        };
        let het_bet = if version >= 2 {
            let bet = u64_le(bytes, at.saturating_add(52)).unwrap_or(0);
            let het = u64_le(bytes, at.saturating_add(60)).unwrap_or(0);
            (het != 0 && bet != 0).then(|| (at.saturating_add(het), at.saturating_add(bet)))
        } else {
            None
        };
        let het_bet_sizes = if version >= 3 {
            (
                u64_le(bytes, at.saturating_add(92)).unwrap_or(0),
                u64_le(bytes, at.saturating_add(100)).unwrap_or(0),
            )
        } else {
            (0, 0)
        };
        // Empty classic tables are the end unless HET/BET tables stand in for them (v3+).
        let classic_empty = hash_table_entries == 0 || block_table_declared == 0;
        if classic_empty && het_bet.is_none() {
            return Err(Error::file(
                &rules::TABLES_EMPTY,
                at.saturating_add(24),
                [hash_table_entries.into(), block_table_declared.into(), 0],
            ));
        }
        let fits = |offset: u64| len.saturating_sub(offset) / 16;
        let hash_in_file = fits(hash_table_offset).min(hash_table_entries.into());
        if hash_in_file < hash_table_entries.into() {
            sink.report(rules::HASH_TABLE_PAST_EOF.with(
                hash_table_offset,
                [hash_table_entries.into(), hash_table_offset, hash_in_file],
            ))?;
        }
        if !classic_empty && !hash_table_entries.is_power_of_two() {
            sink.report(
                rules::HASH_TABLE_SIZE
                    .with(at.saturating_add(24), [hash_table_entries.into(), 0, 0]),
            )?;
        }
        let block_table_entries =
            u32::try_from(fits(block_table_offset).min(block_table_declared.into())).unwrap_or(0);
        if block_table_entries < block_table_declared {
            sink.report(rules::BLOCK_TABLE_PAST_EOF.with(
                block_table_offset,
                [
                    block_table_declared.into(),
                    block_table_entries.into(),
                    block_table_offset,
                ],
            ))?;
        }
        let hi_block_table_offset = hi_block.filter(|&o| {
            range(bytes, o, u64::from(block_table_entries).saturating_mul(2)).is_some()
        });
        Ok(Mpq {
            bytes,
            header_offset: at,
            user_data_offset,
            version,
            raw_version,
            raw_header_size,
            archive_size,
            sector_size,
            hash_table_offset,
            hash_table_entries,
            block_table_offset,
            block_table_declared,
            block_table_entries,
            hi_block_table_offset,
            het_bet,
            het_bet_sizes,
        })
    }

    /// The whole file.
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// Every hash-table entry in order, decrypted on the fly; entries past the end of the file
    /// come out free.
    pub fn hash_entries(&self) -> HashEntries<'a> {
        HashEntries {
            bytes: self.bytes,
            at: self.hash_table_offset,
            index: 0,
            count: self.hash_table_entries,
            cipher: Decryptor::new(crypt::hash_table_key()),
        }
    }

    /// Every block-table entry that lies in the file, decrypted on the fly.
    pub fn block_entries(&self) -> BlockEntries<'a> {
        BlockEntries {
            bytes: self.bytes,
            at: self.block_table_offset,
            hi: self.hi_block_table_offset,
            index: 0,
            count: self.block_table_entries,
            cipher: Decryptor::new(crypt::block_table_key()),
        }
    }

    /// The hash entries that reach a block of the table (callers check the block's `FLAG_EXISTS`
    /// to get the members as Storm lists them).
    pub fn members(&self) -> impl Iterator<Item = HashEntry> + 'a {
        let count = self.block_table_entries;
        self.hash_entries().filter(move |h| h.block < count)
    }

    /// Block `index`, decrypting the table up to it (O(index); collect [`Mpq::block_entries`]
    /// for repeated lookups).
    pub fn block(&self, index: u32) -> Option<BlockEntry> {
        self.block_entries().nth(usize::try_from(index).ok()?)
    }

    /// Absolute offset of a block's data.
    pub fn data_offset(&self, block: &BlockEntry) -> u64 {
        let relative = u64::from(block.offset_hi) << 32 | u64::from(block.offset);
        self.header_offset.saturating_add(relative)
    }

    /// A block's stored bytes, or `None` when they run past the end of the file.
    pub fn stored(&self, block: &BlockEntry) -> Option<&'a [u8]> {
        range(
            self.bytes,
            self.data_offset(block),
            block.compressed_size.into(),
        )
    }

    /// Looks a name up as StormLib's `GetHashEntryAny` does: among the entries with the name's two
    /// check hashes, the last neutral one its hash chain reaches (Storm's neutral-locale lookup,
    /// `GetHashEntryLocale`, keeps the same one), else the first localised one (which a
    /// neutral-locale lookup would not find at all; a client in that locale finds it first).
    /// The facade orders a name's members the same way. O(table): collect [`Mpq::hash_entries`] for repeated lookups.
    pub fn find(&self, name: &[u8]) -> Option<HashEntry> {
        let a = crypt::hash(name, crypt::HashKind::NameA);
        let b = crypt::hash(name, crypt::HashKind::NameB);
        let count = self.hash_table_entries.max(1);
        let start = crypt::hash(name, crypt::HashKind::TableOffset)
            .checked_rem(count)
            .unwrap_or(0);
        let distance = |h: &HashEntry| {
            h.index
                .wrapping_sub(start)
                .wrapping_add(count)
                .checked_rem(count)
                .unwrap_or(0)
        };
        let mut neutral: Option<HashEntry> = None;
        let mut localised: Option<HashEntry> = None;
        for h in self.members().filter(|h| h.hash_a == a && h.hash_b == b) {
            let slot = if h.locale == 0 {
                &mut neutral
            } else {
                &mut localised
            };
            let better = match slot {
                None => true,
                Some(old) if h.locale == 0 => distance(&h) > distance(old),
                Some(old) => distance(&h) < distance(old),
            };
            if better {
                *slot = Some(h);
            }
        }
        neutral.or(localised)
    }
}

/// Iterator over the hash table.
#[derive(Clone, Debug)]
pub struct HashEntries<'a> {
    bytes: &'a [u8],
    at: u64,
    index: u32,
    count: u32,
    cipher: Decryptor,
}

impl Iterator for HashEntries<'_> {
    type Item = HashEntry;

    fn next(&mut self) -> Option<HashEntry> {
        if self.index >= self.count {
            return None;
        }
        let offset = self
            .at
            .saturating_add(u64::from(self.index).saturating_mul(16));
        let index = self.index;
        self.index = self.index.saturating_add(1);
        let Some(raw) = range(self.bytes, offset, 16) else {
            // Past the end: the rest of the table is free.
            self.index = self.count;
            return None;
        };
        let mut w = [0u32; 4];
        for (i, slot) in (0u64..).zip(w.iter_mut()) {
            *slot = self
                .cipher
                .next_word(u32_le(raw, i.saturating_mul(4)).unwrap_or(0));
        }
        let [hash_a, hash_b, locale_platform, block] = w;
        Some(HashEntry {
            index,
            hash_a,
            hash_b,
            locale: locale_platform as u16,
            platform: (locale_platform >> 16) as u16,
            block,
        })
    }
}

/// Iterator over the block table.
#[derive(Clone, Debug)]
pub struct BlockEntries<'a> {
    bytes: &'a [u8],
    at: u64,
    hi: Option<u64>,
    index: u32,
    count: u32,
    cipher: Decryptor,
}

impl Iterator for BlockEntries<'_> {
    type Item = BlockEntry;

    fn next(&mut self) -> Option<BlockEntry> {
        if self.index >= self.count {
            return None;
        }
        let index = self.index;
        self.index = self.index.saturating_add(1);
        let offset = self.at.saturating_add(u64::from(index).saturating_mul(16));
        let raw = range(self.bytes, offset, 16)?;
        let mut w = [0u32; 4];
        for (i, slot) in (0u64..).zip(w.iter_mut()) {
            *slot = self
                .cipher
                .next_word(u32_le(raw, i.saturating_mul(4)).unwrap_or(0));
        }
        let offset_hi = self
            .hi
            .and_then(|hi| {
                u16_le(
                    self.bytes,
                    hi.saturating_add(u64::from(index).saturating_mul(2)),
                )
            })
            .unwrap_or(0);
        Some(BlockEntry {
            index,
            offset: w[0],
            offset_hi,
            compressed_size: w[1],
            file_size: w[2],
            flags: w[3],
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.count.saturating_sub(self.index) as usize;
        (0, Some(left))
    }
}
