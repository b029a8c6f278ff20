//! Robustness of the Quake 3-family readers (maps of every variant, MD3, TGA, shader scripts):
//! every valid file truncated at every length up to its header and at every structure boundary,
//! and proptest corruption of directory entries, record fields and header fields. Every case runs
//! through `lumpkit::exercise::format` (inspect, decode, children, extract, strict and lenient) and
//! must neither panic nor hang.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use lumpkit_testgen::md3::Md3Model;
use lumpkit_testgen::q3bsp::{Q3Kind, Q3Map};
use proptest::prelude::*;

fn exercise(name: &str, bytes: &[u8]) {
    lumpkit::exercise::format(lumpkit::by_name(name).unwrap(), bytes);
}

fn word(bytes: &[u8], at: usize) -> usize {
    u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize
}

/// Every length up to `header`, and each boundary ±1.
fn cuts(len: usize, header: usize, boundaries: &[usize]) -> Vec<usize> {
    let mut v: Vec<usize> = (0..=header.min(len)).collect();
    for &b in boundaries {
        for d in [b.saturating_sub(1), b, b + 1] {
            if d <= len {
                v.push(d);
            }
        }
    }
    v.sort_unstable();
    v.dedup();
    v
}

fn map_boundaries(bytes: &[u8]) -> Vec<usize> {
    let n = if bytes.starts_with(b"IBSP") { 17 } else { 18 };
    (0..n)
        .flat_map(|i| {
            let (ofs, len) = (word(bytes, 8 + i * 8), word(bytes, 12 + i * 8));
            [ofs, ofs.saturating_add(len)]
        })
        .collect()
}

fn valid_maps() -> Vec<Vec<u8>> {
    let mut maps: Vec<Vec<u8>> = [Q3Kind::Ibsp46, Q3Kind::Ibsp47, Q3Kind::Rbsp, Q3Kind::Fbsp]
        .into_iter()
        .map(|k| Q3Map::small(k).bytes())
        .collect();
    maps.push(Q3Map::valid(Q3Kind::Ibsp46).bytes());
    if let Some(dir) = support::shared_corpus("q3bsp") {
        for f in ["bsptool__q3_mp_lobby.bsp", "rtcwviewer__TESTROOM.bsp"] {
            maps.push(std::fs::read(dir.join(f)).unwrap());
        }
    }
    maps
}

#[test]
fn truncated_maps_never_panic() {
    let mut cases = 0;
    for bytes in valid_maps() {
        for cut in cuts(bytes.len(), 152, &map_boundaries(&bytes)) {
            exercise("bsp", &bytes[..cut]);
            cases += 1;
        }
    }
    eprintln!("{cases} truncated maps");
}

#[test]
fn truncated_models_never_panic() {
    let mut files = vec![Md3Model::valid().bytes()];
    if let Some(dir) = support::shared_corpus("md3") {
        for f in ["trem__telenode.md3", "et__v_binocs.md3"] {
            files.push(std::fs::read(dir.join(f)).unwrap());
        }
    }
    for bytes in files {
        let mut bounds: Vec<usize> = [88, 92, 96, 100, 104]
            .iter()
            .map(|&a| word(&bytes, a))
            .collect();
        // Each surface's start and array offsets.
        let mut at = word(&bytes, 96);
        for _ in 0..word(&bytes, 84).min(32) {
            if at + 108 > bytes.len() {
                break;
            }
            bounds.push(at);
            for f in [88, 92, 96, 100, 104] {
                bounds.push(at + word(&bytes, at + f));
            }
            at += word(&bytes, at + 104);
        }
        for cut in cuts(bytes.len(), 108, &bounds) {
            exercise("md3", &bytes[..cut]);
        }
    }
}

#[test]
fn truncated_pictures_and_scripts_never_panic() {
    for bytes in [
        lumpkit_testgen::tga::rgb(8, 4),
        lumpkit_testgen::tga::rle32(8, 8),
        lumpkit_testgen::tga::mapped(4, 4, None),
    ] {
        for cut in 0..=bytes.len() {
            exercise("tga", &bytes[..cut]);
        }
    }
    for s in lumpkit_testgen::tga::text_samples() {
        for cut in 0..=s.bytes.len() {
            exercise("shader", &s.bytes[..cut]);
            exercise("q3skin", &s.bytes[..cut]);
        }
    }
}

fn put(bytes: &mut [u8], at: usize, val: &[u8]) {
    if at + val.len() <= bytes.len() {
        bytes[at..at + val.len()].copy_from_slice(val);
    }
}

fn values() -> impl Strategy<Value = u32> {
    prop_oneof![
        any::<u32>(),
        Just(0u32),
        Just(u32::MAX),
        Just(0x8000_0000),
        Just(0x7FFF_FFFF),
        0u32..300,
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 384, ..ProptestConfig::default() })]

    #[test]
    fn corrupt_map_directory(kind in 0usize..4, lump in 0usize..18, field in 0usize..2, value in values()) {
        let kind = [Q3Kind::Ibsp46, Q3Kind::Ibsp47, Q3Kind::Rbsp, Q3Kind::Fbsp][kind];
        let mut bytes = Q3Map::small(kind).bytes();
        put(&mut bytes, 8 + lump * 8 + field * 4, &value.to_le_bytes());
        exercise("bsp", &bytes);
    }

    #[test]
    fn corrupt_map_records(kind in 0usize..4, pos in 152usize..4000, value in values()) {
        let kind = [Q3Kind::Ibsp46, Q3Kind::Ibsp47, Q3Kind::Rbsp, Q3Kind::Fbsp][kind];
        let mut bytes = Q3Map::small(kind).bytes();
        let pos = pos & !3;
        put(&mut bytes, pos, &value.to_le_bytes());
        exercise("bsp", &bytes);
    }

    #[test]
    fn corrupt_model_fields(pos in 0usize..600, value in values()) {
        let mut bytes = Md3Model::valid().bytes();
        put(&mut bytes, pos & !3, &value.to_le_bytes());
        exercise("md3", &bytes);
    }

    #[test]
    fn corrupt_picture_bytes(pos in 0usize..40, value in any::<u8>(), which in 0usize..3) {
        let mut bytes = match which {
            0 => lumpkit_testgen::tga::rgb(8, 4),
            1 => lumpkit_testgen::tga::rle32(8, 8),
            _ => lumpkit_testgen::tga::mapped(4, 4, None),
        };
        put(&mut bytes, pos, &[value]);
        exercise("tga", &bytes);
    }
}
