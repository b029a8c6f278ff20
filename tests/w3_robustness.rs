//! MDX and map-file robustness: generated files truncated at every length and corrupted byte by
//! byte (proptest). Nothing may panic; a model cut inside a chunk, and a map file cut short, is
//! never reported clean; every run goes through `lumpkit::exercise` as the fuzz targets do.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use lumpkit::formats::mdx::MdxFormat;
use lumpkit::formats::w3x;
use lumpkit::{Context, Format, Status};
use proptest::prelude::*;

fn valid(samples: Vec<lumpkit_testgen::Sample>) -> Vec<(String, Vec<u8>)> {
    samples
        .into_iter()
        // Clean files (a Reforged version is only worth knowing).
        .filter(|s| s.status == "ok" && !s.name.ends_with(".w3x"))
        .filter(|s| s.codes.iter().all(|c| c.ends_with("too-new")))
        .map(|s| (s.name, s.bytes))
        .collect()
}

/// Where the chunks of a model end.
fn chunk_ends(bytes: &[u8]) -> Vec<usize> {
    let mut out = vec![4];
    let mut at = 4;
    while at + 8 <= bytes.len() {
        at += 8 + u32::from_le_bytes(bytes[at + 4..at + 8].try_into().unwrap()) as usize;
        out.push(at);
    }
    out
}

#[test]
fn every_truncation_of_the_valid_models_is_an_error_inside_a_chunk() {
    for (name, bytes) in valid(lumpkit_testgen::mdx::samples()) {
        if bytes.len() > 20_000 {
            continue;
        }
        let ends = chunk_ends(&bytes);
        let step = if name.contains("800") || name.contains("1100") {
            1
        } else {
            5
        };
        for len in (0..bytes.len()).step_by(step) {
            let cut = &bytes[..len];
            let report = MdxFormat.inspect(&Context::default(), cut);
            if !ends.contains(&len) {
                assert_eq!(report.status(), Status::Error, "{name} cut at {len}");
            }
            if len % 16 == 0 {
                lumpkit::exercise::format(&MdxFormat, cut);
            }
        }
    }
}

fn format_of(name: &str) -> &'static dyn Format {
    let ext = name.rsplit('.').next().unwrap();
    lumpkit::registry::by_extension(ext).unwrap()
}

#[test]
fn every_truncation_of_the_valid_map_files_is_reported() {
    for (name, bytes) in valid(lumpkit_testgen::w3x::samples()) {
        let format = format_of(&name);
        // A w3i cut after its header is a protected map's (info); shd has no structure.
        let strict = !(name.ends_with(".w3i") || name.ends_with(".shd"));
        for len in 0..bytes.len() {
            let cut = &bytes[..len];
            let ctx = Context {
                member_name: Some(&name),
                ..Context::default()
            };
            let report = format.inspect(&ctx, cut);
            if strict {
                assert_ne!(report.status(), Status::Ok, "{name} cut at {len}");
            }
        }
        lumpkit::exercise::format(format, &bytes[..bytes.len() / 2]);
    }
    assert_eq!(format_of("a.w3e").name(), w3x::W3E.name());
}

#[test]
fn a_map_with_every_member_cut_still_reads() {
    for s in lumpkit_testgen::w3x::samples() {
        if s.name.ends_with(".w3x") {
            for len in (0..s.bytes.len()).step_by(97) {
                lumpkit::exercise::sniffed(&s.bytes[..len]);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    #[test]
    fn corrupted_models_never_panic(at in 0usize..6000, value in any::<u8>(), which in 0usize..5) {
        let files = valid(lumpkit_testgen::mdx::samples());
        let (_, bytes) = &files[which % files.len()];
        let mut bytes = bytes.clone();
        let at = at % bytes.len();
        bytes[at] = value;
        let _ = MdxFormat.inspect(&Context::default(), &bytes);
        lumpkit::exercise::format(&MdxFormat, &bytes);
    }

    #[test]
    fn corrupted_map_files_never_panic(at in 0usize..4000, value in any::<u8>(), which in 0usize..32) {
        let files = valid(lumpkit_testgen::w3x::samples());
        let (name, bytes) = &files[which % files.len()];
        let mut bytes = bytes.clone();
        let at = at % bytes.len().max(1);
        if let Some(b) = bytes.get_mut(at) {
            *b = value;
        }
        lumpkit::exercise::format(format_of(name), &bytes);
    }
}
