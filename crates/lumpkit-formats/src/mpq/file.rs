//! One member's stored layout: single unit or sectors, the sector offset table (encrypted with the
//! file key minus one when the member is encrypted), and each sector's span and key.

use crate::bytes::{range, u32_le};
use crate::error::Error;

use super::crypt::{self, Decryptor};
use super::rules;
use super::view::{
    BlockEntry, FLAG_COMPRESS, FLAG_ENCRYPTED, FLAG_IMPLODE, FLAG_SECTOR_CRC, FLAG_SINGLE_UNIT, Mpq,
};

/// How one member's bytes are laid out.
#[derive(Clone, Copy, Debug)]
pub struct Member<'a> {
    /// The block entry.
    pub block: BlockEntry,
    /// The stored bytes (exactly `compressed_size` of them).
    pub stored: &'a [u8],
    /// Absolute offset of `stored` in the file.
    pub offset: u64,
    /// The archive's sector size.
    pub sector_size: u32,
}

/// One sector: where its stored bytes are, how long it unpacks, and its key.
#[derive(Clone, Copy, Debug)]
pub struct Sector<'a> {
    /// Index of the sector in the member.
    pub index: u32,
    /// Stored bytes (still encrypted when the member is).
    pub stored: &'a [u8],
    /// Bytes it must unpack to.
    pub size: u32,
    /// Decryption key of this sector, when the member is encrypted.
    pub key: Option<u32>,
}

impl<'a> Member<'a> {
    /// A block's member, or `mpq-data-past-eof` when its data is not all in the file.
    pub fn new(mpq: &Mpq<'a>, block: BlockEntry) -> Result<Member<'a>, Error> {
        let offset = mpq.data_offset(&block);
        let stored = mpq.stored(&block).ok_or(Error::file(
            &rules::DATA_PAST_EOF,
            offset,
            [block.index.into(), block.compressed_size.into(), offset],
        ))?;
        Ok(Member {
            block,
            stored,
            offset,
            sector_size: mpq.sector_size,
        })
    }

    /// Whether sectors are compressed (mask byte or PKWARE implode).
    pub fn compressed(&self) -> bool {
        self.block.has(FLAG_COMPRESS) || self.block.has(FLAG_IMPLODE)
    }

    /// Whether the data is one unit rather than sectors (a zero sector size reads as one unit).
    pub fn single_unit(&self) -> bool {
        self.block.has(FLAG_SINGLE_UNIT) || self.sector_size == 0
    }

    /// Number of sectors.
    pub fn sector_count(&self) -> u32 {
        if self.single_unit() {
            return 1;
        }
        self.block.file_size.div_ceil(self.sector_size.max(1))
    }

    /// Whether a sector offset table precedes the data.
    pub fn has_sector_table(&self) -> bool {
        self.compressed() && !self.single_unit()
    }

    /// Number of words in the sector offset table (one more than the sectors, plus one for the
    /// checksum table's end when the member has sector CRCs).
    pub fn sector_table_words(&self) -> u32 {
        let extra = if self.block.has(FLAG_SECTOR_CRC) {
            2
        } else {
            1
        };
        self.sector_count().saturating_add(extra)
    }

    /// The member's key from its name (`None` when it is not encrypted).
    pub fn key_for(&self, name: &[u8]) -> Option<u32> {
        self.block.has(FLAG_ENCRYPTED).then(|| {
            crypt::file_key(
                name,
                self.block.has(crate::mpq::view::FLAG_FIX_KEY),
                self.block.offset,
                self.block.file_size,
            )
        })
    }

    /// Recovers the key of an encrypted, compressed member from its sector offset table, whose first
    /// word is known (the table's length), as map tools do for unnamed members.
    pub fn recover_key(&self) -> Option<u32> {
        if !self.has_sector_table() {
            return None;
        }
        let e0 = u32_le(self.stored, 0)?;
        let e1 = u32_le(self.stored, 4)?;
        let first = self.sector_table_words().checked_mul(4)?;
        crypt::recover_key(e0, e1, first, self.sector_size).or_else(|| {
            // Tables written without the CRC word, or with it when the flag says none.
            let other = if self.block.has(FLAG_SECTOR_CRC) {
                first.checked_sub(4)?
            } else {
                first.checked_add(4)?
            };
            crypt::recover_key(e0, e1, other, self.sector_size)
        })
    }

    /// Sector offset `i` (0 ..= sector count, then the CRC table's end), decrypted with `key - 1`.
    /// Decryption is a stream, so this walks the table from its start.
    pub fn sector_offset(&self, i: u32, key: Option<u32>) -> Option<u32> {
        self.sector_offsets(key).nth(usize::try_from(i).ok()?)
    }

    /// The sector offset table's words in order, decrypted; stops early when the table runs past
    /// the stored data.
    pub fn sector_offsets(&self, key: Option<u32>) -> SectorOffsets<'a> {
        SectorOffsets {
            stored: self.stored,
            index: 0,
            count: if self.has_sector_table() {
                self.sector_table_words()
            } else {
                0
            },
            cipher: key.map(|k| Decryptor::new(k.wrapping_sub(1))),
        }
    }

    /// The unpacked size of sector `i`.
    pub fn sector_size_of(&self, i: u32) -> u32 {
        if self.single_unit() {
            return self.block.file_size;
        }
        let start = i.saturating_mul(self.sector_size);
        self.block
            .file_size
            .saturating_sub(start)
            .min(self.sector_size)
    }

    /// Sector `i` of a member without an offset table (stored sectors, or the single unit).
    pub fn plain_sector(&self, i: u32, key: Option<u32>) -> Result<Sector<'a>, Error> {
        let size = self.sector_size_of(i);
        let (start, len) = if self.single_unit() {
            (0u64, u64::from(self.block.compressed_size))
        } else {
            (
                u64::from(i).saturating_mul(self.sector_size.into()),
                u64::from(size),
            )
        };
        let stored = range(self.stored, start, len).ok_or(self.table_error(i, start))?;
        Ok(Sector {
            index: i,
            stored,
            size,
            key: key.map(|k| k.wrapping_add(i)),
        })
    }

    /// Sector `i` given its start and end offsets from the table.
    pub fn table_sector(
        &self,
        i: u32,
        start: u32,
        end: u32,
        key: Option<u32>,
    ) -> Result<Sector<'a>, Error> {
        let len = u64::from(end)
            .checked_sub(start.into())
            .ok_or(self.table_error(i, end.into()))?;
        let stored =
            range(self.stored, start.into(), len).ok_or(self.table_error(i, start.into()))?;
        Ok(Sector {
            index: i,
            stored,
            size: self.sector_size_of(i),
            key: key.map(|k| k.wrapping_add(i)),
        })
    }

    /// `mpq-sector-table-invalid` for sector `i` at `at`.
    pub fn table_error(&self, i: u32, at: u64) -> Error {
        Error::file(
            &rules::SECTOR_TABLE_INVALID,
            self.offset,
            [self.block.index.into(), i.into(), at],
        )
    }
}

/// Iterator over the decrypted sector offset table.
#[derive(Clone, Debug)]
pub struct SectorOffsets<'a> {
    stored: &'a [u8],
    index: u32,
    count: u32,
    cipher: Option<Decryptor>,
}

impl Iterator for SectorOffsets<'_> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        if self.index >= self.count {
            return None;
        }
        let raw = u32_le(self.stored, u64::from(self.index).saturating_mul(4))?;
        self.index = self.index.saturating_add(1);
        Some(match &mut self.cipher {
            Some(c) => c.next_word(raw),
            None => raw,
        })
    }
}

/// Adler-32 as Storm computes sector checksums: seeded with 0, not zlib's 1, so a general Adler-32
/// crate's default does not fit; a dozen lines without a dependency keep this crate `no_std`.
pub fn storm_adler32(data: &[u8]) -> u32 {
    const MOD: u32 = 65_521;
    let (mut a, mut b) = (0u32, 0u32);
    // 5552 bytes is the most that can be summed before `b` may overflow a u32.
    for chunk in data.chunks(5552) {
        for &byte in chunk {
            a = a.wrapping_add(u32::from(byte));
            b = b.wrapping_add(a);
        }
        a = a.checked_rem(MOD).unwrap_or(0);
        b = b.checked_rem(MOD).unwrap_or(0);
    }
    b << 16 | a
}

#[cfg(test)]
mod tests {
    use super::storm_adler32;

    #[test]
    fn adler_seeded_with_zero() {
        // zlib's Adler-32 of "Wikipedia" is 0x11E60398 (seed 1: a starts at 1, b gains 1 per byte).
        let zlib = 0x11E6_0398u32;
        let n = 9u32;
        assert_eq!(
            storm_adler32(b"Wikipedia"),
            zlib.wrapping_sub(1).wrapping_sub(n << 16)
        );
        assert_eq!(storm_adler32(b""), 0);
    }
}
