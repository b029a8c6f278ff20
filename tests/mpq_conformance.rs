//! MPQ: every row of `../shared/corpus/mpq/expected.tsv` (member counts as StormLib lists them and
//! the sha256 of every member extracted by name), the generated archives read back, and damage:
//! every truncation of the generated archives, the real ones cut at their structures, and seeded
//! corruption of the real ones. Nothing may panic.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::path::Path;

use lumpkit::{ChildContent, Context};

fn mpq() -> &'static dyn lumpkit::Format {
    lumpkit::by_name("mpq").unwrap()
}

#[test]
fn every_mpq_fact_matches() {
    support::check_archive_facts("mpq", |file, report| {
        assert!(report.fatal.is_none(), "{file}: {:?}", report.diagnostics);
    });
}

#[test]
fn the_replay_stub_with_empty_tables_is_refused() {
    let Some(dir) = support::shared_corpus("mpq") else {
        return;
    };
    let bytes = std::fs::read(dir.join("s2protocolnet__testError2.SC2Replay")).unwrap();
    let report = mpq().inspect(&Context::default(), &bytes);
    assert_eq!(report.fatal.unwrap().code(), "mpq-tables-empty");
}

#[test]
fn protected_maps_are_read_and_their_tricks_named() {
    let Some(dir) = support::shared_corpus("mpq") else {
        return;
    };
    let path = dir.join("jmpq3__spazzledMap.w3x");
    let bytes = std::fs::read(&path).unwrap();
    let ctx = Context {
        path: Some(&path),
        ..Context::default()
    };
    let report = mpq().inspect(&ctx, &bytes);
    let codes: Vec<&str> = report.diagnostics.iter().map(|d| d.code()).collect();
    for code in [
        "mpq-decoy-header",
        "mpq-header-size",
        "mpq-block-table-past-eof",
    ] {
        assert!(codes.contains(&code), "{codes:?}");
    }
    assert_eq!(report.fields["header_offset"], 0x600);
    assert_eq!(report.status(), lumpkit::Status::Warning);
}

/// Every real v3+ archive with HET/BET tables: the tables read, and the members they list (and
/// where they place every named member) are those of the classic tables.
#[test]
fn het_bet_tables_agree_with_the_classic_tables_on_every_real_archive() {
    let Some(dir) = support::shared_corpus("mpq") else {
        return;
    };
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let ctx = Context {
            path: Some(&path),
            ..Context::default()
        };
        let report = mpq().inspect(&ctx, &bytes);
        if report.fields.get("het_bet") != Some(&serde_json::Value::Bool(true)) {
            continue;
        }
        seen += 1;
        let codes: Vec<&str> = report.diagnostics.iter().map(|d| d.code()).collect();
        assert!(
            !codes.iter().any(|c| c.starts_with("mpq-het-bet")),
            "{}: {codes:?}",
            path.display()
        );
        let entries = report.fields["entries"].as_array().unwrap().len();
        assert!(entries > 0, "{}", path.display());
        assert_eq!(
            report.fields["het_bet_entries"],
            entries,
            "{}",
            path.display()
        );
    }
    assert!(seen >= 8, "only {seen} archives with HET/BET tables");
}

/// The (attributes) of the real archives agree with their members: `check` reports no
/// attributes mismatch on any of them (the weak signature's zeroed entry included).
#[test]
fn real_archives_match_their_attributes() {
    let Some(dir) = support::shared_corpus("mpq") else {
        return;
    };
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let ctx = Context {
            path: Some(&path),
            ..Context::default()
        };
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        lumpkit::check::check_tree(&ctx, &name, &bytes, &mut out);
    }
    let bad: Vec<String> = out
        .iter()
        .flat_map(|c| c.report.diagnostics.iter().map(move |d| (c, d)))
        .filter(|(_, d)| d.code().starts_with("mpq-attributes-"))
        .map(|(c, d)| format!("{}: {}", c.path, d.code()))
        .collect();
    assert!(bad.is_empty(), "{bad:?}");
}

#[test]
fn check_descends_into_map_textures() {
    let Some(dir) = support::shared_corpus("mpq") else {
        return;
    };
    let path = dir.join("jmpq3__normalMap.w3x");
    let bytes = std::fs::read(&path).unwrap();
    let ctx = Context {
        path: Some(&path),
        ..Context::default()
    };
    let mut out = Vec::new();
    lumpkit::check::check_tree(&ctx, "normalMap.w3x", &bytes, &mut out);
    assert!(
        out.iter()
            .any(|c| c.path == "normalMap.w3x!war3mapMap.blp" && c.report.format == "blp"),
        "{:?}",
        out.iter().map(|c| &c.path).collect::<Vec<_>>()
    );
}

#[test]
fn generated_archives_read_back() {
    let samples = lumpkit_testgen::mpq::samples();
    let get = |name: &str| &samples.iter().find(|s| s.name == name).unwrap().bytes;
    let ctx = Context::default();
    // The neutral locale wins when one name has several.
    let files = support::extracted_hashes(mpq(), &ctx, get("locales.mpq"), "locales.mpq");
    assert_eq!(files["preview.txt"], support::sha256_hex(b"neutral"));
    // With no neutral entry, the first localised one in the hash chain, as `Mpq::find` picks it;
    // the other stays readable under `#<block index>/<name>`.
    let bytes = get("locales_no_neutral.mpq");
    let files = support::extracted_hashes(mpq(), &ctx, bytes, "locales_no_neutral.mpq");
    assert_eq!(files["preview.txt"], support::sha256_hex(b"enUS"));
    assert_eq!(files["#1/preview.txt"], support::sha256_hex(b"deDE"));
    let view = lumpkit_formats::mpq::Mpq::parse(
        bytes,
        lumpkit_formats::mpq::MapKind::Generic,
        &mut lumpkit_formats::diag::Ignore,
    )
    .unwrap();
    assert_eq!(view.find(b"preview.txt").unwrap().locale, 0x409);
    // v1 and v2-behind-user-data archives of the same members read the same.
    let a = mpq().children(&ctx, get("valid_v1.mpq")).unwrap();
    assert_eq!(a.len(), 5);
    // So do v3 archives with HET/BET tables beside the classic ones, and with HET/BET only
    // (their members named through the HET table).
    for other in [
        "valid_v2_user_data.mpq",
        "valid_v3_het_bet.mpq",
        "het_bet_only.mpq",
        "het_bet_packed_v4.mpq",
    ] {
        let b = mpq().children(&ctx, get(other)).unwrap();
        assert_eq!(a.len(), b.len(), "{other}");
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x.name, y.name, "{other}");
            match (&x.content, &y.content) {
                (ChildContent::Bytes(p), ChildContent::Bytes(q)) => assert_eq!(p, q, "{other}"),
                other => panic!("{other:?}"),
            }
        }
    }
    let report = mpq().inspect(&ctx, get("het_bet_only.mpq"));
    assert_eq!(report.fields["hash_table_entries"], 0);
    assert_eq!(report.fields["het_bet_entries"], 5);
    let report = mpq().inspect(&ctx, get("het_bet_packed_v4.mpq"));
    assert_eq!(report.version, Some(4u32.into()));
    assert_eq!(report.fields["het_bet_entries"], 5);
    // An unnamed, encrypted member is read through the key recovered from its sector table.
    let path = Path::new("no_listfile.w3x");
    let ctx = Context {
        path: Some(path),
        ..Context::default()
    };
    let children = mpq().children(&ctx, get("no_listfile.w3x")).unwrap();
    let secret = children.iter().find(|c| c.name.starts_with('#')).unwrap();
    match &secret.content {
        ChildContent::Bytes(b) => assert!(b.starts_with(b"function f0 takes nothing")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_bomb_member_is_refused_by_the_limits_before_allocating() {
    let samples = lumpkit_testgen::mpq::samples();
    let bytes = &samples
        .iter()
        .find(|s| s.name == "valid_v1.mpq")
        .unwrap()
        .bytes;
    let ctx = Context {
        limits: lumpkit::Limits {
            max_unpacked: 1000,
            ..lumpkit::Limits::DEFAULT
        },
        ..Context::default()
    };
    let children = mpq().children(&ctx, bytes).unwrap();
    let refused: Vec<_> = children
        .iter()
        .filter_map(|c| match &c.content {
            ChildContent::Failed(e) => Some(e.code()),
            _ => None,
        })
        .collect();
    assert!(refused.contains(&"limit-unpacked"), "{refused:?}");
}

#[test]
fn every_truncation_of_generated_archives() {
    for s in lumpkit_testgen::mpq::samples() {
        if s.status == "error" {
            continue;
        }
        for cut in (0..s.bytes.len()).step_by(3) {
            lumpkit::exercise::format(mpq(), &s.bytes[..cut]);
        }
    }
}

/// A tiny deterministic generator for the corruption test (no dependency, same on every run).
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn real_archives_cut_and_corrupted() {
    let Some(dir) = support::shared_corpus("mpq") else {
        return;
    };
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for name in [
        "jmpq3__spazzledMap.w3x",
        "jmpq3__normalMap.w3x",
        "sc2reader__1.0.0.16117_1.SC2Replay",
        "s2client__Empty.SC2Map",
        "bwapi__EventTest.scm",
    ] {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        let report = mpq().inspect(&Context::default(), &bytes);
        let header = report.fields["header_offset"].as_u64().unwrap() as usize;
        let mut cuts: Vec<usize> = (header..header + 260).collect();
        cuts.extend((0..bytes.len()).step_by(bytes.len() / 64 + 1));
        for cut in cuts.into_iter().filter(|&c| c <= bytes.len()) {
            lumpkit::exercise::format(mpq(), &bytes[..cut]);
        }
        for _ in 0..60 {
            let mut m = bytes.clone();
            for _ in 0..1 + next(&mut state) % 8 {
                // Mostly the header and tables, sometimes anywhere.
                let at = if next(&mut state).is_multiple_of(2) {
                    header + (next(&mut state) as usize % 64)
                } else {
                    next(&mut state) as usize % m.len()
                };
                if let Some(b) = m.get_mut(at) {
                    *b ^= 1 << (next(&mut state) % 8);
                }
            }
            lumpkit::exercise::format(mpq(), &m);
        }
    }
}
