//! MPQ's encryption and name hashing: the 0x500-word table (computed at compile time), the
//! three name hashes, and the stream cipher that protects tables, sector offset tables and data.
//!
//! The cipher is a stream: each word's key depends on the plaintext of the word before, so a table is
//! decrypted front to back with a [`Decryptor`], never by random access.

/// The standard crypt table, 5 × 256 words (hash types 0–3 and the cipher's own row at 0x400).
pub static CRYPT_TABLE: [u32; 0x500] = crypt_table();

// Evaluated at compile time only: an out-of-range index or overflow here is a build error, not a
// run-time panic.
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
const fn crypt_table() -> [u32; 0x500] {
    let mut table = [0u32; 0x500];
    let mut seed: u32 = 0x0010_0001;
    let mut i = 0usize;
    while i < 0x100 {
        let mut row = 0usize;
        while row < 5 {
            seed = (seed.wrapping_mul(125).wrapping_add(3)) % 0x002A_AAAB;
            let high = (seed & 0xFFFF) << 16;
            seed = (seed.wrapping_mul(125).wrapping_add(3)) % 0x002A_AAAB;
            let low = seed & 0xFFFF;
            table[i + row * 0x100] = high | low;
            row += 1;
        }
        i += 1;
    }
    table
}

/// A table word; the index is always below 0x500 by construction, 0 otherwise.
fn word(index: usize) -> u32 {
    CRYPT_TABLE.get(index).copied().unwrap_or(0)
}

/// Which hash of a name: the hash-table index, the two check values, or the file key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HashKind {
    /// Where the name's search starts in the hash table.
    TableOffset = 0,
    /// First check value (`hash_a`).
    NameA = 1,
    /// Second check value (`hash_b`).
    NameB = 2,
    /// Encryption key of a file (hash of its base name).
    FileKey = 3,
}

/// Hashes a name as Storm does: ASCII upper case, `/` taken as `\`.
pub fn hash(name: &[u8], kind: HashKind) -> u32 {
    let row = (kind as usize).wrapping_mul(0x100);
    let mut seed1: u32 = 0x7FED_7FED;
    let mut seed2: u32 = 0xEEEE_EEEE;
    for &b in name {
        let c = match b.to_ascii_uppercase() {
            b'/' => b'\\',
            c => c,
        };
        seed1 = word(row.wrapping_add(c.into())) ^ seed1.wrapping_add(seed2);
        seed2 = u32::from(c)
            .wrapping_add(seed1)
            .wrapping_add(seed2)
            .wrapping_add(seed2 << 5)
            .wrapping_add(3);
    }
    seed1
}

/// The key of the hash table (hash of `(hash table)`).
pub fn hash_table_key() -> u32 {
    hash(b"(hash table)", HashKind::FileKey)
}

/// The key of the block table (hash of `(block table)`).
pub fn block_table_key() -> u32 {
    hash(b"(block table)", HashKind::FileKey)
}

/// The key of a file from its name: the hash of the part after the last `\` or `/`, adjusted by its
/// position and size when the block has the FIX_KEY flag.
pub fn file_key(name: &[u8], fix_key: bool, offset: u32, size: u32) -> u32 {
    let base = name
        .rsplit(|&b| b == b'\\' || b == b'/')
        .next()
        .unwrap_or(name);
    let key = hash(base, HashKind::FileKey);
    if fix_key {
        key.wrapping_add(offset) ^ size
    } else {
        key
    }
}

/// The cipher's state over one encrypted stream of words.
#[derive(Clone, Copy, Debug)]
pub struct Decryptor {
    key: u32,
    seed: u32,
}

impl Decryptor {
    /// Starts a stream with `key`.
    pub fn new(key: u32) -> Self {
        Decryptor {
            key,
            seed: 0xEEEE_EEEE,
        }
    }

    /// Decrypts the next word.
    pub fn next_word(&mut self, encrypted: u32) -> u32 {
        self.seed = self
            .seed
            .wrapping_add(word(0x400 | (self.key & 0xFF) as usize));
        let plain = encrypted ^ self.key.wrapping_add(self.seed);
        self.key = ((!self.key) << 0x15).wrapping_add(0x1111_1111) | (self.key >> 0x0B);
        self.seed = plain
            .wrapping_add(self.seed)
            .wrapping_add(self.seed << 5)
            .wrapping_add(3);
        plain
    }

    /// Encrypts the next word (for writers and tests).
    pub fn encrypt_word(&mut self, plain: u32) -> u32 {
        self.seed = self
            .seed
            .wrapping_add(word(0x400 | (self.key & 0xFF) as usize));
        let encrypted = plain ^ self.key.wrapping_add(self.seed);
        self.key = ((!self.key) << 0x15).wrapping_add(0x1111_1111) | (self.key >> 0x0B);
        self.seed = plain
            .wrapping_add(self.seed)
            .wrapping_add(self.seed << 5)
            .wrapping_add(3);
        encrypted
    }
}

/// Decrypts `data` in place with `key` (whole little-endian words; a tail of 1–3 bytes is stored
/// in clear, as Storm leaves it).
pub fn decrypt_in_place(data: &mut [u8], key: u32) {
    let mut cipher = Decryptor::new(key);
    for chunk in data.chunks_exact_mut(4) {
        let mut w = [0u8; 4];
        w.copy_from_slice(chunk);
        let plain = cipher.next_word(u32::from_le_bytes(w));
        chunk.copy_from_slice(&plain.to_le_bytes());
    }
}

/// Encrypts `data` in place with `key` (the inverse of [`decrypt_in_place`]).
pub fn encrypt_in_place(data: &mut [u8], key: u32) {
    let mut cipher = Decryptor::new(key);
    for chunk in data.chunks_exact_mut(4) {
        let mut w = [0u8; 4];
        w.copy_from_slice(chunk);
        let enc = cipher.encrypt_word(u32::from_le_bytes(w));
        chunk.copy_from_slice(&enc.to_le_bytes());
    }
}

/// Recovers a file key from the first two encrypted words of its sector offset table, knowing
/// that the first offset is the table's own length `first` and the second lies within one sector
/// after it (what map tools do for unnamed encrypted members). Returns the file key (the table's
/// key plus one).
pub fn recover_key(encrypted0: u32, encrypted1: u32, first: u32, sector_size: u32) -> Option<u32> {
    let combined = encrypted0 ^ first;
    for low in 0u32..0x100 {
        let key = combined
            .wrapping_sub(0xEEEE_EEEE)
            .wrapping_sub(word(0x400 | low as usize));
        if key & 0xFF != low {
            continue;
        }
        let mut cipher = Decryptor::new(key);
        if cipher.next_word(encrypted0) != first {
            continue;
        }
        let second = cipher.next_word(encrypted1);
        if second >= first && second.wrapping_sub(first) <= sector_size.saturating_add(0x400) {
            return Some(key.wrapping_add(1));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_table_words_and_keys() {
        // Values every MPQ implementation agrees on.
        assert_eq!(CRYPT_TABLE[0], 0x55C6_36E2);
        assert_eq!(hash_table_key(), 0xC3AF_3770);
        assert_eq!(block_table_key(), 0xEC83_B3A3);
        assert_eq!(
            hash(b"(listfile)", HashKind::FileKey),
            hash(b"(LISTFILE)", HashKind::FileKey)
        );
        assert_eq!(
            hash(b"a/b", HashKind::NameA),
            hash(b"A\\B", HashKind::NameA)
        );
    }

    #[test]
    fn cipher_round_trips_and_keys_are_recovered() {
        let mut data = [0u8; 16];
        for (i, b) in data.iter_mut().enumerate() {
            *b = i as u8;
        }
        let plain = data;
        encrypt_in_place(&mut data, 0x1234_5678);
        assert_ne!(data, plain);
        decrypt_in_place(&mut data, 0x1234_5678);
        assert_eq!(data, plain);

        let key = file_key(b"war3map.j", false, 0, 0);
        let mut table = [0u8; 12];
        table[0..4].copy_from_slice(&12u32.to_le_bytes());
        table[4..8].copy_from_slice(&900u32.to_le_bytes());
        table[8..12].copy_from_slice(&1500u32.to_le_bytes());
        encrypt_in_place(&mut table, key.wrapping_sub(1));
        let e0 = u32::from_le_bytes([table[0], table[1], table[2], table[3]]);
        let e1 = u32::from_le_bytes([table[4], table[5], table[6], table[7]]);
        assert_eq!(recover_key(e0, e1, 12, 4096), Some(key));
    }
}
