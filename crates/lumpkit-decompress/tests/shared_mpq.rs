//! Real sectors from the shared MPQ corpus (`../shared/corpus/mpq`): members whose sectors use
//! Huffman + ADPCM (a Warcraft III map's WAV) and PKWARE DCL (encrypted map members) must decode to
//! the sha256 StormLib gives in `expected.tsv`. Skips with a notice when the corpus is absent, unless
//! `LUMPKIT_REQUIRE_SHARED_CORPUS=1` (the workspace tests' rule).
//!
//! The container is not ours to test here: each member's block-table facts (where its data starts,
//! its sizes and flags) were read once with a throwaway script and are written below; this file only
//! walks the sector offset table (decrypting it and the sectors for encrypted members) and decodes.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use lumpkit_decompress::{Method, mpq_methods, mpq_sector};
use sha2::Digest;

/// One member, located by its block-table entry.
struct Member {
    file: &'static str,
    name: &'static str,
    /// Absolute file offset of the member's data (archive header offset + block offset).
    offset: usize,
    /// Block offset relative to the archive header (for the FIX_KEY adjustment).
    block_offset: u32,
    file_size: u32,
    flags: u32,
    /// The compression masks its sectors are expected to use.
    masks: &'static [u8],
}

const SECTOR_SIZE: usize = 512 << 3;
const ENCRYPTED: u32 = 0x0001_0000;
const FIX_KEY: u32 = 0x0002_0000;

const MEMBERS: &[Member] = &[
    Member {
        file: "jmpq3__wavTest.w3x",
        name: "Abilities\\Spells\\NightElf\\ReviveNightElf\\ReviveNightElf.wav",
        offset: 541,
        block_offset: 541,
        file_size: 144_464,
        flags: 0x8000_0200,
        masks: &[0x41],
    },
    Member {
        file: "jmpq3__pkwareTest.w3x",
        name: "War3map.w3b",
        offset: 1_655_696,
        block_offset: 1_655_184,
        file_size: 4812,
        flags: 0x8003_0200,
        masks: &[0x08],
    },
    Member {
        file: "jmpq3__pkwareTest.w3x",
        name: "War3map.w3e",
        offset: 1_659_354,
        block_offset: 1_658_842,
        file_size: 217_592,
        flags: 0x8003_0200,
        masks: &[0x08],
    },
    Member {
        file: "jmpq3__pkwareTest.w3x",
        name: "war3map.w3I",
        offset: 1_733_508,
        block_offset: 1_732_996,
        file_size: 744,
        flags: 0x8003_0200,
        masks: &[0x08],
    },
];

/// The MPQ encryption table (the format's standard derivation).
fn crypt_table() -> Vec<u32> {
    let mut table = vec![0u32; 0x500];
    let mut seed: u32 = 0x0010_0001;
    for i in 0..0x100 {
        for k in 0..5 {
            seed = (seed * 125 + 3) % 0x2A_AAAB;
            let hi = (seed & 0xFFFF) << 16;
            seed = (seed * 125 + 3) % 0x2A_AAAB;
            table[i + k * 0x100] = hi | (seed & 0xFFFF);
        }
    }
    table
}

fn hash_string(table: &[u32], text: &str, kind: usize) -> u32 {
    let (mut s1, mut s2): (u32, u32) = (0x7FED_7FED, 0xEEEE_EEEE);
    for c in text.bytes().map(|b| b.to_ascii_uppercase()) {
        s1 = table[kind * 0x100 + usize::from(c)] ^ s1.wrapping_add(s2);
        s2 = u32::from(c)
            .wrapping_add(s1)
            .wrapping_add(s2)
            .wrapping_add(s2 << 5)
            .wrapping_add(3);
    }
    s1
}

/// Decrypts whole 32-bit words in place; a trailing partial word is left as stored.
fn decrypt(table: &[u32], data: &mut [u8], mut key: u32) {
    let mut s2: u32 = 0xEEEE_EEEE;
    for word in data.chunks_exact_mut(4) {
        s2 = s2.wrapping_add(table[0x400 + (key & 0xFF) as usize]);
        let value = u32::from_le_bytes(word.try_into().unwrap()) ^ key.wrapping_add(s2);
        word.copy_from_slice(&value.to_le_bytes());
        key = ((!key << 0x15).wrapping_add(0x1111_1111)) | (key >> 0x0B);
        s2 = value.wrapping_add(s2).wrapping_add(s2 << 5).wrapping_add(3);
    }
}

fn decode_member(table: &[u32], bytes: &[u8], m: &Member) -> (Vec<u8>, Vec<u8>) {
    let key = (m.flags & ENCRYPTED != 0).then(|| {
        let base = m.name.rsplit('\\').next().unwrap();
        let key = hash_string(table, base, 3);
        if m.flags & FIX_KEY != 0 {
            key.wrapping_add(m.block_offset) ^ m.file_size
        } else {
            key
        }
    });
    let sectors = (m.file_size as usize).div_ceil(SECTOR_SIZE);
    let mut offsets = bytes[m.offset..m.offset + (sectors + 1) * 4].to_vec();
    if let Some(key) = key {
        decrypt(table, &mut offsets, key.wrapping_sub(1));
    }
    let offsets: Vec<usize> = offsets
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes(w.try_into().unwrap()) as usize)
        .collect();
    let mut out = Vec::new();
    let mut masks = Vec::new();
    for s in 0..sectors {
        let mut sector = bytes[m.offset + offsets[s]..m.offset + offsets[s + 1]].to_vec();
        if let Some(key) = key {
            decrypt(table, &mut sector, key.wrapping_add(s as u32));
        }
        let expected = SECTOR_SIZE.min(m.file_size as usize - s * SECTOR_SIZE);
        if sector.len() < expected {
            masks.push(sector[0]);
        }
        mpq_sector(&sector, expected, &mut out)
            .unwrap_or_else(|e| panic!("{} sector {s}: {e}", m.name));
    }
    (out, masks)
}

#[test]
fn real_huffman_adpcm_and_pkware_sectors_decode_to_stormlibs_bytes() {
    let Some(dir) = common::shared_corpus("mpq") else {
        return;
    };
    let table = crypt_table();
    for m in MEMBERS {
        let bytes = std::fs::read(dir.join(m.file)).unwrap();
        let (out, masks) = decode_member(&table, &bytes, m);
        assert_eq!(out.len(), m.file_size as usize, "{}", m.name);
        let got: String = sha2::Sha256::digest(&out)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(
            got,
            common::expected_sha256(&dir, m.file, m.name),
            "{} {}",
            m.file,
            m.name
        );
        for mask in m.masks {
            assert!(
                masks.contains(mask),
                "{}: no sector with mask {mask:#04x} (saw {masks:02x?})",
                m.name
            );
        }
    }
}

#[test]
fn the_wav_sectors_use_huffman_then_adpcm() {
    // Decompression order for mask 0x41: Huffman first, then ADPCM mono.
    let methods: Vec<Method> = mpq_methods(0x41).unwrap().collect();
    assert_eq!(methods, [Method::MpqHuffman, Method::MpqAdpcmMono]);
}

#[test]
fn real_single_unit_bzip2_members_decode_to_stormlibs_bytes() {
    let Some(dir) = common::shared_corpus("mpq") else {
        return;
    };
    // StarCraft II replays: single-unit members (one block, no sector table), mask 0x10.
    // (file, name, absolute data offset, stored size, file size)
    let members = [
        (
            "mpyq__test.SC2Replay",
            "replay.sync.events",
            197_015usize,
            1323usize,
            1970usize,
        ),
        (
            "sc2reader__3.0.0_first.SC2Replay",
            "replay.smartcam.events",
            77_164,
            3402,
            6580,
        ),
    ];
    for (file, name, offset, stored, size) in members {
        let bytes = std::fs::read(dir.join(file)).unwrap();
        let unit = &bytes[offset..offset + stored];
        assert_eq!(unit[0], 0x10, "{file} {name}: bzip2 mask");
        let mut out = Vec::new();
        mpq_sector(unit, size, &mut out).unwrap();
        let got: String = sha2::Sha256::digest(&out)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(
            got,
            common::expected_sha256(&dir, file, name),
            "{file} {name}"
        );
    }
}
