//! The `(attributes)` member: per block, a CRC32, a FILETIME, an MD5 of the unpacked data and a
//! patch bit, each array present when its flag is set. Read in place from the member's unpacked
//! bytes, with the entry counts StormLib's `CheckSizeOfAttributesFile` accepts (the block table
//! size, or one less, with or without the patch-bit array, or that array as words).

use crate::bytes::{array, range, u32_le};

/// The only version there is.
pub const VERSION: u32 = 100;
/// A CRC32 per block.
pub const FLAG_CRC32: u32 = 0x1;
/// A FILETIME per block.
pub const FLAG_FILETIME: u32 = 0x2;
/// An MD5 per block.
pub const FLAG_MD5: u32 = 0x4;
/// A patch bit per block.
pub const FLAG_PATCH_BIT: u32 = 0x8;
/// Every known flag.
pub const FLAG_ALL: u32 = 0xF;

/// Why an `(attributes)` is not used (the numbers its diagnostic shows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttributesFault {
    /// Shorter than its 8-byte header.
    Short = 1,
    /// A version other than 100.
    Version = 2,
    /// Unknown flag bits.
    Flags = 3,
    /// A size none of the known layouts has.
    Size = 4,
}

/// A parsed `(attributes)`.
#[derive(Clone, Copy, Debug)]
pub struct Attributes<'a> {
    /// `FLAG_*` bits.
    pub flags: u32,
    /// Blocks it describes (the block table size or one less).
    pub entries: u32,
    crc32: &'a [u8],
    md5: &'a [u8],
}

impl<'a> Attributes<'a> {
    /// Reads `data` for an archive of `blocks` blocks, as StormLib accepts it.
    pub fn parse(data: &'a [u8], blocks: u32) -> Result<Self, AttributesFault> {
        let version = u32_le(data, 0).ok_or(AttributesFault::Short)?;
        let flags = u32_le(data, 4).ok_or(AttributesFault::Short)?;
        if version != VERSION {
            return Err(AttributesFault::Version);
        }
        if flags & !FLAG_ALL != 0 {
            return Err(AttributesFault::Flags);
        }
        let per_entry = |flag: u32, width: u64| if flags & flag != 0 { width } else { 0 };
        let width = per_entry(FLAG_CRC32, 4)
            .saturating_add(per_entry(FLAG_FILETIME, 8))
            .saturating_add(per_entry(FLAG_MD5, 16));
        let arrays = |n: u32| u64::from(n).saturating_mul(width).saturating_add(8);
        let patch = |n: u32| {
            if flags & FLAG_PATCH_BIT != 0 {
                u64::from(n).saturating_add(6) / 8
            } else {
                0
            }
        };
        let len = data.len() as u64;
        let full = u64::from(blocks);
        let entries = if len == arrays(blocks).saturating_add(patch(blocks)) {
            blocks
        } else if blocks > 0
            && len
                == arrays(blocks.saturating_sub(1)).saturating_add(patch(blocks.saturating_sub(1)))
        {
            blocks.saturating_sub(1)
        } else if len == arrays(blocks)
            || (flags & FLAG_PATCH_BIT != 0
                && len == arrays(blocks).saturating_add(full.saturating_mul(4)))
        {
            blocks
        } else {
            return Err(AttributesFault::Size);
        };
        let n = u64::from(entries);
        let crc_len = n.saturating_mul(per_entry(FLAG_CRC32, 4));
        let time_len = n.saturating_mul(per_entry(FLAG_FILETIME, 8));
        let md5_len = n.saturating_mul(per_entry(FLAG_MD5, 16));
        let crc32 = range(data, 8, crc_len).ok_or(AttributesFault::Size)?;
        let md5_at = crc_len.saturating_add(time_len).saturating_add(8);
        let md5 = range(data, md5_at, md5_len).ok_or(AttributesFault::Size)?;
        Ok(Attributes {
            flags,
            entries,
            crc32,
            md5,
        })
    }

    /// Block `index`'s CRC32, when there is one and it is not 0 (Blizzard leaves the entries of
    /// `(listfile)`, `(attributes)` and `(signature)` zeroed).
    pub fn crc32(&self, index: u32) -> Option<u32> {
        u32_le(self.crc32, u64::from(index).saturating_mul(4)).filter(|&c| c != 0)
    }

    /// Block `index`'s MD5, when there is one and it is not all zeros.
    pub fn md5(&self, index: u32) -> Option<[u8; 16]> {
        array(self.md5, u64::from(index).saturating_mul(16)).filter(|m| m != &[0u8; 16])
    }
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects, clippy::indexing_slicing)]
mod tests {
    use super::*;

    fn attributes(flags: u32, crcs: &[u32], extra: &[u8]) -> [u8; 64] {
        let mut out = [0u8; 64];
        let mut words = [VERSION, flags].into_iter().chain(crcs.iter().copied());
        for chunk in out.chunks_exact_mut(4) {
            match words.next() {
                Some(w) => chunk.copy_from_slice(&w.to_le_bytes()),
                None => break,
            }
        }
        let at = 8 + crcs.len() * 4;
        for (slot, &b) in out.iter_mut().skip(at).zip(extra) {
            *slot = b;
        }
        out
    }

    #[test]
    fn full_and_one_short_crc_arrays_are_read() {
        let data = attributes(FLAG_CRC32, &[7, 0, 9], &[]);
        let a = Attributes::parse(&data[..20], 3).unwrap();
        assert_eq!(
            (a.entries, a.crc32(0), a.crc32(1), a.crc32(2)),
            (3, Some(7), None, Some(9))
        );
        let a = Attributes::parse(&data[..16], 3).unwrap();
        assert_eq!((a.entries, a.crc32(2)), (2, None));
    }

    #[test]
    fn wrong_version_flags_or_size_are_refused() {
        let mut data = attributes(FLAG_CRC32, &[1, 2], &[]);
        assert_eq!(
            Attributes::parse(&data[..15], 2).unwrap_err(),
            AttributesFault::Size
        );
        assert_eq!(
            Attributes::parse(&data[..6], 2).unwrap_err(),
            AttributesFault::Short
        );
        data[4] = 0x30;
        assert_eq!(
            Attributes::parse(&data[..16], 2).unwrap_err(),
            AttributesFault::Flags
        );
        data[0] = 99;
        assert_eq!(
            Attributes::parse(&data[..16], 2).unwrap_err(),
            AttributesFault::Version
        );
    }

    #[test]
    fn the_patch_bit_array_may_be_missing() {
        let data = attributes(FLAG_CRC32 | FLAG_PATCH_BIT, &[5, 6], &[0]);
        assert_eq!(Attributes::parse(&data[..17], 2).unwrap().entries, 2);
        assert_eq!(Attributes::parse(&data[..16], 2).unwrap().entries, 2);
    }

    #[test]
    fn the_patch_bit_array_may_be_stored_as_words() {
        // Two CRCs, then one 32-bit word per block instead of a bit each (StormLib accepts it).
        let data = attributes(FLAG_CRC32 | FLAG_PATCH_BIT, &[5, 6, 1, 0], &[]);
        let a = Attributes::parse(&data[..24], 2).unwrap();
        assert_eq!((a.entries, a.crc32(1)), (2, Some(6)));
        // One byte short of the word array: no layout has that size.
        assert_eq!(
            Attributes::parse(&data[..23], 2).unwrap_err(),
            AttributesFault::Size
        );
    }
}
