//! PAA and PBO under damage: every truncation of every generated file and of the real files at every
//! structure boundary, and proptest corruption of single fields. Nothing may panic, and a truncated
//! file never decodes a level that was cut.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use lumpkit::{Context, Selection};
use proptest::prelude::*;

fn valid(folder: &str) -> Vec<Vec<u8>> {
    let samples = match folder {
        "paa" => lumpkit_testgen::paa::samples(),
        _ => lumpkit_testgen::pbo::samples(),
    };
    samples
        .into_iter()
        .filter(|s| s.status != "error")
        .map(|s| s.bytes)
        .collect()
}

#[test]
fn every_truncation_of_generated_files() {
    for folder in ["paa", "pbo"] {
        let format = lumpkit::by_name(folder).unwrap();
        for bytes in valid(folder) {
            for cut in 0..bytes.len() {
                lumpkit::exercise::format(format, &bytes[..cut]);
            }
        }
    }
}

#[test]
fn real_files_cut_at_every_structure_boundary() {
    let Some(dir) = support::shared_corpus("paa") else {
        return;
    };
    let format = lumpkit::by_name("paa").unwrap();
    let ctx = Context::default();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "paa") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let report = format.inspect(&ctx, &bytes);
        let levels = report.fields["levels"].as_array().unwrap().clone();
        let mut cuts: Vec<usize> = (0..200.min(bytes.len())).collect();
        for l in &levels {
            let at = l["offset"].as_u64().unwrap() as usize;
            let end = at + 7 + l["size"].as_u64().unwrap() as usize;
            cuts.extend([at.saturating_sub(1), at, at + 3, at + 7, end - 1, end]);
        }
        cuts.extend(bytes.len().saturating_sub(6)..bytes.len());
        for cut in cuts.into_iter().filter(|&c| c <= bytes.len()) {
            let r = format.inspect(&ctx, &bytes[..cut]);
            // Levels whose data was cut must not decode.
            for (i, l) in levels.iter().enumerate() {
                let end = l["offset"].as_u64().unwrap() as usize
                    + 7
                    + l["size"].as_u64().unwrap() as usize;
                if end > cut {
                    let sel = Selection {
                        mip: i as u32,
                        ..Selection::default()
                    };
                    assert!(
                        format.decode(&ctx, &bytes[..cut], &sel).is_err(),
                        "{} cut {cut} mip {i}",
                        path.display()
                    );
                }
            }
            if cut < bytes.len() {
                assert_ne!(
                    r.status(),
                    lumpkit::Status::Ok,
                    "{} cut at {cut} reported ok",
                    path.display()
                );
            }
        }
    }
}

fn corrupt(bytes: &mut [u8], edits: &[(prop::sample::Index, u32, u8)]) {
    for (at, value, kind) in edits {
        if bytes.len() < 4 {
            return;
        }
        let i = at.index(bytes.len() - 3);
        match kind % 3 {
            0 => bytes[i] ^= 1 << (value % 8),
            1 => bytes[i..i + 4].copy_from_slice(&value.to_le_bytes()),
            _ => bytes[i..i + 2].copy_from_slice(&[0xFF, 0xFF]),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn corrupted_paa_never_panics(
        pick in any::<prop::sample::Index>(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), prop_oneof![any::<u32>(), Just(0xFFFF_FFFF), Just(0x8000), Just(0)], any::<u8>()), 1..4),
    ) {
        let files = valid("paa");
        let mut bytes = files[pick.index(files.len())].clone();
        corrupt(&mut bytes, &edits);
        lumpkit::exercise::format(lumpkit::by_name("paa").unwrap(), &bytes);
    }

    #[test]
    fn corrupted_pbo_never_panics(
        pick in any::<prop::sample::Index>(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), prop_oneof![any::<u32>(), Just(0xFFFF_FFFF), Just(0x4370_7273), Just(0)], any::<u8>()), 1..4),
    ) {
        let files = valid("pbo");
        let mut bytes = files[pick.index(files.len())].clone();
        corrupt(&mut bytes, &edits);
        lumpkit::exercise::format(lumpkit::by_name("pbo").unwrap(), &bytes);
    }
}
