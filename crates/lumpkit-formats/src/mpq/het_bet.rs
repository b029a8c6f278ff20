//! The HET and BET tables of MPQ format 3 and 4 (StarCraft II, WoW from Cataclysm): a hash table
//! of 8-bit name hashes with bit-packed file indices, and a block table of bit-packed entries.
//!
//! Both tables are stored encrypted (keys of `(hash table)` and `(block table)`) after a clear
//! 12-byte header, and format 4 may store them compressed; the caller decrypts and unpacks them
//! (the formats crate does not allocate) and these views read the plain bytes in place, each
//! bit-packed field on the fly. Layout from StormLib's `SBaseFileTable.cpp`.

use crate::bytes::{range, u32_le};

/// `HET\x1A`.
pub const MAGIC_HET: u32 = 0x1A54_4548;
/// `BET\x1A`.
pub const MAGIC_BET: u32 = 0x1A54_4542;
/// Size of the clear header before each table: signature, version, size of the data after it.
pub const EXT_HEADER_SIZE: u64 = 12;
/// Fixed part of the HET table: the header and eight words.
const HET_FIXED: u64 = EXT_HEADER_SIZE + 32;
/// Fixed part of the BET table: the header and nineteen words (the flag array follows).
const BET_FIXED: u64 = EXT_HEADER_SIZE + 76;

/// The clear header of a HET or BET table: `(signature, version, data size)`.
pub fn ext_header(table: &[u8]) -> Option<(u32, u32, u32)> {
    Some((u32_le(table, 0)?, u32_le(table, 4)?, u32_le(table, 8)?))
}

/// `count` bits (at most 64) at bit `at` of `data`, least significant first, as StormLib's
/// `TBitArray` stores them; `None` past the end.
pub fn bits(data: &[u8], at: u64, count: u32) -> Option<u64> {
    if count > 64 {
        return None;
    }
    let mut value = 0u64;
    for i in 0..u64::from(count) {
        let bit = at.checked_add(i)?;
        let byte = *data.get(usize::try_from(bit / 8).ok()?)?;
        if byte >> (bit % 8) & 1 != 0 {
            value |= 1u64 << i;
        }
    }
    Some(value)
}

/// Bob Jenkins' `hashlittle2` (lookup3), the hash HET tables use; returns `(c, b)` for the seeds.
fn hashlittle2(key: &[u8], c_seed: u32, b_seed: u32) -> (u32, u32) {
    fn mix(a: &mut u32, b: &mut u32, c: &mut u32) {
        *a = a.wrapping_sub(*c);
        *a ^= c.rotate_left(4);
        *c = c.wrapping_add(*b);
        *b = b.wrapping_sub(*a);
        *b ^= a.rotate_left(6);
        *a = a.wrapping_add(*c);
        *c = c.wrapping_sub(*b);
        *c ^= b.rotate_left(8);
        *b = b.wrapping_add(*a);
        *a = a.wrapping_sub(*c);
        *a ^= c.rotate_left(16);
        *c = c.wrapping_add(*b);
        *b = b.wrapping_sub(*a);
        *b ^= a.rotate_left(19);
        *a = a.wrapping_add(*c);
        *c = c.wrapping_sub(*b);
        *c ^= b.rotate_left(4);
        *b = b.wrapping_add(*a);
    }
    fn finish(a: &mut u32, b: &mut u32, c: &mut u32) {
        *c ^= *b;
        *c = c.wrapping_sub(b.rotate_left(14));
        *a ^= *c;
        *a = a.wrapping_sub(c.rotate_left(11));
        *b ^= *a;
        *b = b.wrapping_sub(a.rotate_left(25));
        *c ^= *b;
        *c = c.wrapping_sub(b.rotate_left(16));
        *a ^= *c;
        *a = a.wrapping_sub(c.rotate_left(4));
        *b ^= *a;
        *b = b.wrapping_sub(a.rotate_left(14));
        *c ^= *b;
        *c = c.wrapping_sub(b.rotate_left(24));
    }
    // A word of up to four bytes, little-endian, zero-padded (the tail of the key).
    let word = |part: &[u8]| {
        part.iter()
            .rev()
            .fold(0u32, |w, &byte| w << 8 | u32::from(byte))
    };
    let start = 0xDEAD_BEEFu32
        .wrapping_add(key.len() as u32)
        .wrapping_add(c_seed);
    let (mut a, mut b, mut c) = (start, start, start.wrapping_add(b_seed));
    let mut rest = key;
    while rest.len() > 12 {
        let (block, tail) = rest.split_at(12);
        let (w0, w12) = block.split_at(4);
        let (w1, w2) = w12.split_at(4);
        a = a.wrapping_add(word(w0));
        b = b.wrapping_add(word(w1));
        c = c.wrapping_add(word(w2));
        mix(&mut a, &mut b, &mut c);
        rest = tail;
    }
    if rest.is_empty() {
        return (c, b);
    }
    let (w0, w12) = rest.split_at(rest.len().min(4));
    let (w1, w2) = w12.split_at(w12.len().min(4));
    a = a.wrapping_add(word(w0));
    b = b.wrapping_add(word(w1));
    c = c.wrapping_add(word(w2));
    finish(&mut a, &mut b, &mut c);
    (c, b)
}

/// The 64-bit name hash of HET tables: `hashlittle2` of the name in ASCII lower case with `/`
/// taken as `\`, cut to 0x108 bytes, as StormLib's `HashStringJenkins` does.
pub fn name_hash(name: &[u8]) -> u64 {
    let mut buffer = [0u8; 0x108];
    let mut len = 0usize;
    for (slot, &byte) in buffer.iter_mut().zip(name.iter().take_while(|&&b| b != 0)) {
        *slot = match byte.to_ascii_lowercase() {
            b'/' => b'\\',
            c => c,
        };
        len = len.saturating_add(1);
    }
    let (secondary, primary) = hashlittle2(buffer.get(..len).unwrap_or(&[]), 2, 1);
    u64::from(primary) << 32 | u64::from(secondary)
}

/// Why a decrypted HET or BET table cannot be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableFault {
    /// Wrong signature or version in the clear header.
    Signature,
    /// A field out of its range, or arrays that run past the table.
    Layout,
}

/// A HET table read in place from its decrypted, unpacked bytes (header included).
#[derive(Clone, Copy, Debug)]
pub struct Het<'a> {
    /// Occupied entries, as declared.
    pub entry_count: u32,
    /// Slots in the table.
    pub total_count: u32,
    /// Bits of the full name hash (8–64).
    pub name_hash_bits: u32,
    /// Bits per slot in the index array.
    pub index_size_total: u32,
    /// Significant bits of each index.
    pub index_size: u32,
    name_hashes: &'a [u8],
    indices: &'a [u8],
}

impl<'a> Het<'a> {
    /// Reads the table; every array is checked to lie in `table`.
    pub fn parse(table: &'a [u8]) -> Result<Self, TableFault> {
        let (magic, version, _) = ext_header(table).ok_or(TableFault::Signature)?;
        if magic != MAGIC_HET || version != 1 {
            return Err(TableFault::Signature);
        }
        let field = |i: u64| u32_le(table, EXT_HEADER_SIZE.saturating_add(i.saturating_mul(4)));
        let (
            Some(entry_count),
            Some(total_count),
            Some(name_hash_bits),
            Some(index_size_total),
            Some(index_size),
            Some(index_table_size),
        ) = (field(1), field(2), field(3), field(4), field(6), field(7))
        else {
            return Err(TableFault::Layout);
        };
        let name_hashes = range(table, HET_FIXED, total_count.into()).ok_or(TableFault::Layout)?;
        let indices = range(
            table,
            HET_FIXED.saturating_add(total_count.into()),
            index_table_size.into(),
        )
        .ok_or(TableFault::Layout)?;
        let index_bits = u64::from(total_count).saturating_mul(index_size_total.into());
        if !(8..=64).contains(&name_hash_bits)
            || index_size > 32
            || index_size > index_size_total
            || index_bits > (indices.len() as u64).saturating_mul(8)
            || total_count == 0
        {
            return Err(TableFault::Layout);
        }
        Ok(Het {
            entry_count,
            total_count,
            name_hash_bits,
            index_size_total,
            index_size,
            name_hashes,
            indices,
        })
    }

    /// The masks StormLib applies to the 64-bit name hash: `(and, or)`.
    fn masks(&self) -> (u64, u64) {
        let and = u64::MAX
            .checked_shr(64u32.saturating_sub(self.name_hash_bits))
            .unwrap_or(u64::MAX);
        let or = 1u64
            .checked_shl(self.name_hash_bits.saturating_sub(1))
            .unwrap_or(0);
        (and, or)
    }

    /// The file index in slot `slot`.
    fn index_at(&self, slot: u32) -> Option<u32> {
        let at = u64::from(slot).saturating_mul(self.index_size_total.into());
        bits(self.indices, at, self.index_size).and_then(|v| u32::try_from(v).ok())
    }

    /// Every occupied slot: `(slot, 8-bit name hash, file index)`.
    pub fn occupied(&self) -> impl Iterator<Item = (u32, u8, u32)> + 'a {
        let this = *self;
        (0u32..)
            .zip(self.name_hashes.iter().copied())
            .filter(|&(_, h)| h != 0)
            .filter_map(move |(slot, h)| Some((slot, h, this.index_at(slot)?)))
    }

    /// Looks a name up as StormLib's `GetFileIndex_Het` does: the slots from the name's start
    /// slot on until a free one, whose 8-bit hash matches and whose BET entry has the name's
    /// second hash. Returns the file (BET) index.
    pub fn find(&self, bet: &Bet<'_>, name: &[u8]) -> Option<u32> {
        let (and, or) = self.masks();
        let hash = name_hash(name) & and | or;
        let hash1 = (hash >> self.name_hash_bits.saturating_sub(8)) as u8;
        let hash2 = hash & (and >> 8);
        let total = u64::from(self.total_count);
        let start = hash.checked_rem(total)?;
        for step in 0..total {
            let slot = u32::try_from(start.saturating_add(step).checked_rem(total)?).ok()?;
            let stored = *self.name_hashes.get(usize::try_from(slot).ok()?)?;
            if stored == 0 {
                return None;
            }
            if stored == hash1 {
                let index = self.index_at(slot)?;
                if bet.name_hash2(index) == Some(hash2) {
                    return Some(index);
                }
            }
        }
        None
    }
}

/// One BET entry, unpacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BetEntry {
    /// Position in the table.
    pub index: u32,
    /// Offset of the data from the archive header.
    pub offset: u64,
    /// Bytes once unpacked.
    pub file_size: u64,
    /// Bytes stored.
    pub compressed_size: u64,
    /// Block flags (`FLAG_*` of the block table).
    pub flags: u32,
}

/// A BET table read in place from its decrypted, unpacked bytes (header included).
#[derive(Clone, Copy, Debug)]
pub struct Bet<'a> {
    /// Entries in the table.
    pub entry_count: u32,
    entry_bits: u32,
    /// Bit position and width of offset, file size, compressed size, flag index.
    fields: [(u32, u32); 4],
    hash2_total: u32,
    hash2_bits: u32,
    flags: &'a [u8],
    entries: &'a [u8],
    hashes: &'a [u8],
}

impl<'a> Bet<'a> {
    /// Reads the table; every array is checked to lie in `table`.
    pub fn parse(table: &'a [u8]) -> Result<Self, TableFault> {
        let (magic, version, _) = ext_header(table).ok_or(TableFault::Signature)?;
        if magic != MAGIC_BET || version != 1 {
            return Err(TableFault::Signature);
        }
        let field = |i: u64| {
            u32_le(table, EXT_HEADER_SIZE.saturating_add(i.saturating_mul(4)))
                .ok_or(TableFault::Layout)
        };
        let entry_count = field(1)?;
        let entry_bits = field(3)?;
        let fields = [
            (field(4)?, field(9)?),
            (field(5)?, field(10)?),
            (field(6)?, field(11)?),
            (field(7)?, field(12)?),
        ];
        let hash2_total = field(14)?;
        let hash2_bits = field(16)?;
        let hash_array_size = field(17)?;
        let flag_count = field(18)?;
        let flags = range(table, BET_FIXED, u64::from(flag_count).saturating_mul(4))
            .ok_or(TableFault::Layout)?;
        let entries_at = BET_FIXED.saturating_add(flags.len() as u64);
        let entries_len = u64::from(entry_count)
            .saturating_mul(entry_bits.into())
            .saturating_add(7)
            / 8;
        let entries = range(table, entries_at, entries_len).ok_or(TableFault::Layout)?;
        let hashes = range(
            table,
            entries_at.saturating_add(entries_len),
            hash_array_size.into(),
        )
        .ok_or(TableFault::Layout)?;
        let in_entry = |(at, width): (u32, u32)| {
            width <= 64 && u64::from(at).saturating_add(width.into()) <= u64::from(entry_bits)
        };
        let hash_bits = u64::from(entry_count).saturating_mul(hash2_total.into());
        if !fields.iter().all(|&f| in_entry(f))
            || hash2_bits > 64
            || hash2_bits > hash2_total
            || hash_bits > (hashes.len() as u64).saturating_mul(8)
        {
            return Err(TableFault::Layout);
        }
        Ok(Bet {
            entry_count,
            entry_bits,
            fields,
            hash2_total,
            hash2_bits,
            flags,
            entries,
            hashes,
        })
    }

    /// Entry `index`, or `None` past the table.
    pub fn entry(&self, index: u32) -> Option<BetEntry> {
        if index >= self.entry_count {
            return None;
        }
        let base = u64::from(index).saturating_mul(self.entry_bits.into());
        let read =
            |(at, width): (u32, u32)| bits(self.entries, base.saturating_add(at.into()), width);
        let [offset, file_size, compressed_size, flag_index] = self.fields.map(read);
        let flag_index = flag_index?;
        // No flag array: every entry has flags 0, as StormLib reads it.
        let flags = if self.flags.is_empty() {
            0
        } else {
            u32_le(self.flags, flag_index.saturating_mul(4))?
        };
        Some(BetEntry {
            index,
            offset: offset?,
            file_size: file_size?,
            compressed_size: compressed_size?,
            flags,
        })
    }

    /// Every entry in order.
    pub fn entries(&self) -> impl Iterator<Item = BetEntry> + 'a {
        let this = *self;
        (0..self.entry_count).map_while(move |i| this.entry(i))
    }

    /// The second name hash of entry `index`.
    pub fn name_hash2(&self, index: u32) -> Option<u64> {
        if index >= self.entry_count {
            return None;
        }
        let at = u64::from(index).saturating_mul(self.hash2_total.into());
        bits(self.hashes, at, self.hash2_bits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup3_matches_the_published_vectors() {
        // From lookup3.c's driver5: hashlittle2 of "" with (0, 0), (0, 0xdeadbeef), and of
        // "Four score and seven years ago" with (0, 0).
        assert_eq!(hashlittle2(b"", 0, 0), (0xdeadbeef, 0xdeadbeef));
        assert_eq!(hashlittle2(b"", 0, 0xdeadbeef), (0xbd5b7dde, 0xdeadbeef));
        assert_eq!(
            hashlittle2(b"Four score and seven years ago", 0, 0).0,
            0x17770551
        );
        assert_eq!(
            hashlittle2(b"Four score and seven years ago", 1, 0).0,
            0xcd628161
        );
    }

    #[test]
    fn bits_read_least_significant_first_across_bytes() {
        let data = [0b1010_0000u8, 0b0000_0011];
        assert_eq!(bits(&data, 5, 5), Some(0b11101));
        assert_eq!(bits(&data, 12, 8), None);
        assert_eq!(bits(&data, 0, 0), Some(0));
    }

    /// A table in a fixed buffer (the crate does not allocate, nor do its tests): the clear header
    /// (`magic`, version 1, data size), then `words`, then `tail`; with its length.
    fn table(magic: u32, words: &[u32], tail: &[u8]) -> ([u8; 160], usize) {
        let mut out = [0u8; 160];
        let bytes = [magic, 1, 0]
            .into_iter()
            .chain(words.iter().copied())
            .flat_map(|w| w.to_le_bytes())
            .chain(tail.iter().copied());
        let len = out.iter_mut().zip(bytes).map(|(slot, b)| *slot = b).count();
        (out, len)
    }

    /// A HET of two slots holding the 8-bit hashes 1 and 2 (file indices 0 and 1). Words: table
    /// size, entries, slots, name hash bits, index bits per slot, extra bits, index bits, index
    /// table size.
    fn het(name_hash_bits: u32) -> ([u8; 160], usize) {
        table(
            MAGIC_HET,
            &[0, 2, 2, name_hash_bits, 8, 0, 8, 2],
            &[1, 2, 0, 1],
        )
    }

    /// A one-entry BET of 8-bit entries whose four fields are `fields` (position, width), with
    /// `flag` as its one-word flag array when given, an entry of 0x2A and an 8-bit second hash.
    fn bet(fields: [(u32, u32); 4], flag: Option<u32>) -> ([u8; 160], usize) {
        let [(p0, w0), (p1, w1), (p2, w2), (p3, w3)] = fields;
        // Table size, entries, unknown, entry bits, the four positions, unknown, the four
        // widths, hash2 total bits (at 14), extra bits, hash2 bits (at 16), hash array size.
        let head = [0, 1, 0, 8, p0, p1, p2, p3, 0, w0, w1, w2, w3, 0, 8, 0, 8, 1];
        let mut words = [0u32; 20];
        let flags = match flag {
            Some(f) => [1, f],
            None => [0, 0],
        };
        let used = words
            .iter_mut()
            .zip(head.iter().chain(&flags))
            .map(|(slot, w)| *slot = *w)
            .count();
        let count = if flag.is_some() { used } else { 19 };
        table(
            MAGIC_BET,
            words.get(..count).unwrap_or_default(),
            &[0x2A, 0x55],
        )
    }

    fn bytes((buf, len): &([u8; 160], usize)) -> &[u8] {
        buf.get(..*len).unwrap_or_default()
    }

    #[test]
    fn het_cut_inside_its_words_or_with_odd_hash_bits_is_a_layout_fault() {
        let whole = het(64);
        assert!(Het::parse(bytes(&whole)).is_ok());
        // The clear header and three of the eight words.
        let cut = bytes(&whole).get(..24).unwrap_or_default();
        assert!(matches!(Het::parse(cut), Err(TableFault::Layout)));
        for bits in [7, 65] {
            assert!(matches!(
                Het::parse(bytes(&het(bits))),
                Err(TableFault::Layout)
            ));
        }
    }

    #[test]
    fn bet_field_past_its_entry_is_a_layout_fault() {
        assert!(Bet::parse(bytes(&bet([(0, 8); 4], None))).is_ok());
        // The file size field would read bits 4..12 of an 8-bit entry.
        let past = bet([(0, 8), (4, 8), (0, 8), (0, 8)], None);
        assert!(matches!(Bet::parse(bytes(&past)), Err(TableFault::Layout)));
    }

    #[test]
    fn bet_without_flag_array_gives_every_entry_flags_zero() {
        let plain = bet([(0, 8); 4], None);
        let entries = Bet::parse(bytes(&plain)).map(|b| {
            let mut all = b.entries();
            (all.next(), all.next())
        });
        let entry = BetEntry {
            index: 0,
            offset: 0x2A,
            file_size: 0x2A,
            compressed_size: 0x2A,
            flags: 0,
        };
        assert_eq!(entries.ok(), Some((Some(entry), None)));
        // With a flag array, the entry's flag index (a 0-bit field: 0) picks its word.
        let flagged = bet([(0, 8), (0, 8), (0, 8), (0, 0)], Some(0x8000_0000));
        let flags = Bet::parse(bytes(&flagged)).map(|b| b.entries().map(|e| e.flags).next());
        assert_eq!(flags.ok(), Some(Some(0x8000_0000)));
    }

    #[test]
    fn find_in_a_full_het_without_the_name_walks_every_slot_and_gives_none() {
        // No free slot, and with 64 name hash bits the top bit of every 8-bit hash is set, so
        // the slots holding 1 and 2 never match.
        let (het_bytes, bet_bytes) = (het(64), bet([(0, 8); 4], None));
        let het = Het::parse(bytes(&het_bytes)).ok();
        let bet = Bet::parse(bytes(&bet_bytes)).ok();
        let found = het.zip(bet).map(|(h, b)| h.find(&b, b"war3map.j"));
        assert_eq!(found, Some(None));
    }

    #[test]
    fn name_hash_ignores_case_and_slash_direction() {
        assert_eq!(name_hash(b"Foo/Bar.txt"), name_hash(b"foo\\bar.TXT"));
        assert_ne!(name_hash(b"a"), name_hash(b"b"));
    }
}
