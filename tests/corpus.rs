//! The bundled `corpus/`: exactly what our writers generate, and `check` reports exactly the outcome
//! recorded beside each file. Every diagnostic rule is triggered by at least one file.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::collections::BTreeSet;

use lumpkit::check::check_tree;
use lumpkit::{Context, Status};

/// Rules no file can trigger on its own: limits (set by the caller), caller mistakes, OS failures.
const NOT_FILE_TRIGGERED: &[&str] = &[
    // A BLP0 given as bytes alone: `check` always has its folder or its archive. Tested in
    // crates/lumpkit/src/formats/blp.rs.
    "blp-external-mips-unreachable",
    "limit-dimensions",
    "limit-pixels",
    "limit-alloc",
    // A file unpacking past the 1 GiB default at a ratio real content has is 10 MB or more:
    // tests/zip_robustness.rs and tests/zip_bombs.rs build one under a smaller limit.
    "limit-unpacked",
    // Needs 65,536 central directory records (3 MB on disk): tests/zip_robustness.rs builds one.
    "zip-too-many-entries",
    // Our 7z writer (`sevenz-rust2` without its AES and PPMd encoders) cannot produce these;
    // the unit tests of crates/lumpkit/src/formats/sevenz.rs check how the crate's errors map onto them.
    "7z-encrypted",
    "7z-method-unsupported",
    // A TGA that passes lumpkit's checks and still fails in the image crate: none is known (every
    // malformed kind is refused by our checks first); fuzz/fuzz_targets/tga_decode.rs hunts for one.
    "tga-decoder-refused",
    "lumpkit-not-a-picture",
    "lumpkit-no-such-entry",
    "lumpkit-buffer-too-small",
    "lumpkit-palette-required",
    "lumpkit-unreadable",
    "blp-level-missing",
    // `check` sniffs DDS by its magic: a `.dds` without it is `lumpkit-extension-mismatch`. The
    // parser's own refusal is tested in tests/dds_robustness.rs.
    "dds-bad-magic",
];

/// Rules that a corpus file triggers in one of its members rather than in itself, and that file.
const MEMBER_TRIGGERED: &[(&str, &str)] = &[
    ("lumpkit-nesting-too-deep", "pak/nested_too_deep.pak"),
    ("mpq-data-past-eof", "mpq/member_past_eof.mpq"),
    ("mpq-sector-table-invalid", "mpq/sector_table_invalid.mpq"),
    ("mpq-decompress-failed", "mpq/decompress_failed.mpq"),
    ("mpq-listfile-unreadable", "mpq/listfile_corrupt.mpq"),
    (
        "mpq-compression-unsupported",
        "mpq/compression_unsupported.mpq",
    ),
    ("mpq-key-unknown", "mpq/key_unknown.mpq"),
    ("mpq-path-unsafe", "mpq/path_unsafe.mpq"),
    ("mpq-sector-crc", "mpq/sector_crc_bad.mpq"),
];

#[test]
fn committed_corpus_is_what_the_writers_generate() {
    let root = support::workspace_root().join("corpus");
    for (folder, samples) in lumpkit_testgen::all() {
        let dir = root.join(folder);
        for s in &samples {
            let on_disk = std::fs::read(dir.join(&s.name)).unwrap_or_else(|e| {
                panic!(
                    "{folder}/{}: {e}; run `cargo run -p lumpkit-testgen --bin gen-corpus`",
                    s.name
                )
            });
            assert!(
                on_disk == s.bytes,
                "{folder}/{} is stale; run gen-corpus",
                s.name
            );
        }
        let expect = std::fs::read_to_string(dir.join("expect.tsv")).unwrap();
        assert_eq!(
            expect,
            lumpkit_testgen::expect_tsv(&samples),
            "{folder}/expect.tsv is stale"
        );
    }
}

#[test]
fn check_reports_exactly_the_expected_outcome() {
    let mut failures = Vec::new();
    for (folder, samples) in lumpkit_testgen::all() {
        for s in &samples {
            // Absolute, so that formats that read sibling files (BLP0's `.b00`…) find them.
            let path = support::workspace_root().join(format!("corpus/{folder}/{}", s.name));
            let ctx = Context {
                path: Some(&path),
                ..Context::default()
            };
            let mut out = Vec::new();
            check_tree(&ctx, &path.display().to_string(), &s.bytes, &mut out);
            let own = &out[0].report;
            let codes: BTreeSet<&str> = own.diagnostics.iter().map(|d| d.code()).collect();
            let want: BTreeSet<&str> = s.codes.iter().copied().collect();
            let status = own.status().as_str();
            if codes != want || status != s.status {
                failures.push(format!(
                    "{folder}/{}: got {status} {codes:?}, want {} {want:?}",
                    s.name, s.status
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_file_triggered_rule_has_a_corpus_file() {
    let mut triggered = BTreeSet::new();
    for (_, samples) in lumpkit_testgen::all() {
        for s in samples {
            triggered.extend(s.codes);
        }
    }
    triggered.extend(MEMBER_TRIGGERED.iter().map(|&(code, _)| code));
    let untested: Vec<&str> = lumpkit::rules::all()
        .map(|r| r.code)
        .filter(|c| !triggered.contains(c) && !NOT_FILE_TRIGGERED.contains(c))
        .collect();
    assert!(
        untested.is_empty(),
        "rules with no corpus file that triggers them: {untested:?}"
    );
}

#[test]
fn member_triggered_rules_are_triggered_by_their_file() {
    for &(code, file) in MEMBER_TRIGGERED {
        let path = support::workspace_root().join("corpus").join(file);
        let bytes = std::fs::read(&path).unwrap();
        let mut out = Vec::new();
        check_tree(&Context::default(), file, &bytes, &mut out);
        let members_with_code: Vec<&str> = out[1..]
            .iter()
            .filter(|c| c.report.diagnostics.iter().any(|d| d.code() == code))
            .map(|c| c.path.as_str())
            .collect();
        assert!(
            !members_with_code.is_empty(),
            "{file} does not trigger {code}"
        );
        // Nothing inside the archive that was not opened is listed.
        let deepest = members_with_code[0];
        assert!(
            out.iter()
                .all(|c| !c.path.starts_with(&format!("{deepest}!"))),
            "{deepest} was opened"
        );
    }
}

/// Sector checksums as StormLib reads them: a stored 0 means "none" (where a wrong non-zero one is
/// `mpq-sector-crc`, `sector_crc_bad.mpq`), and a table shorter than one word per sector is
/// zlib-packed, unpacked before the sectors are compared with it.
#[test]
fn zero_and_packed_sector_checksums_are_read_as_stormlib_reads_them() {
    for file in ["mpq/sector_crc_zero.mpq", "mpq/sector_crc_packed.mpq"] {
        assert_eq!(member_codes(file), Vec::<String>::new(), "{file}");
    }
    // A packed table is really read: one wrong checksum in it is reported.
    let file = "mpq/sector_crc_packed_bad.mpq";
    assert_eq!(member_codes(file), ["mpq-sector-crc"], "{file}");
}

/// A member whose stored bytes end inside its own sector offset table is refused as an invalid
/// table (the offsets stop early), not read past.
#[test]
fn a_sector_table_cut_by_the_stored_size_is_invalid() {
    let file = "mpq/sector_table_cut.mpq";
    assert_eq!(member_codes(file), ["mpq-sector-table-invalid"], "{file}");
}

/// The MPQ diagnostic codes of the members `check` opens in `file` (which must open some).
fn member_codes(file: &str) -> Vec<String> {
    let bytes = std::fs::read(support::workspace_root().join("corpus").join(file)).unwrap();
    let mut out = Vec::new();
    check_tree(&Context::default(), file, &bytes, &mut out);
    assert!(out.len() > 1, "{file}: the member was not opened");
    out[1..]
        .iter()
        .flat_map(|c| c.report.diagnostics.iter().map(|d| d.code().to_string()))
        .filter(|code| code.starts_with("mpq-"))
        .collect()
}

/// A HET/BET entry whose flags lack `FILE_EXISTS` is a deleted file: not a member (as StormLib).
#[test]
fn a_deleted_het_bet_entry_is_not_a_member() {
    let file = "mpq/het_bet_deleted.mpq";
    let bytes = std::fs::read(support::workspace_root().join("corpus").join(file)).unwrap();
    let mut out = Vec::new();
    check_tree(&Context::default(), file, &bytes, &mut out);
    let paths: Vec<&str> = out.iter().map(|c| c.path.as_str()).collect();
    // The deleted entry is unlisted, so it would show up under a made-up name: none is there.
    assert_eq!(
        paths,
        [
            file,
            "mpq/het_bet_deleted.mpq!(listfile)",
            "mpq/het_bet_deleted.mpq!kept.txt"
        ]
    );
}

#[test]
fn status_order_is_ok_warning_error() {
    assert!(Status::Ok < Status::Warning && Status::Warning < Status::Error);
}

/// A single-unit MPQ member streams through its checks as it is decoded: a damaged stream is
/// `mpq-decompress-failed` on the member, an imploded one reads clean.
#[test]
fn single_units_are_checked_as_they_decode() {
    assert_eq!(
        member_codes("mpq/single_unit_corrupt.mpq"),
        ["mpq-decompress-failed"]
    );
    assert!(member_codes("mpq/single_unit_imploded.mpq").is_empty());
}
