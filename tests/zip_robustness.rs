//! ZIP archives cut at every length and with every byte overwritten never panic, and the rule that
//! needs 65,536 records (too large for the committed corpus) is triggered by one built here.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use lumpkit::Context;
use lumpkit_formats::zip::Zip;
use lumpkit_formats::{Ignore, Severity};
use lumpkit_testgen::zip::{Archive, Member};

fn valid_samples() -> Vec<Vec<u8>> {
    lumpkit_testgen::zip::samples()
        .into_iter()
        .filter(|s| s.name.starts_with("valid"))
        .map(|s| s.bytes)
        .collect()
}

#[test]
fn every_truncation_is_an_error_or_a_smaller_archive_never_a_panic() {
    let format = lumpkit::by_name("zip").unwrap();
    for bytes in valid_samples() {
        for len in 0..bytes.len() {
            let cut = &bytes[..len];
            // Cut anywhere before the end record's last byte, the archive has no end record.
            if len + 22 <= bytes.len() && !cut.windows(4).any(|w| w == b"PK\x05\x06") {
                assert!(Zip::parse(cut, &mut Ignore).is_err(), "length {len}");
            }
            lumpkit::exercise::format(format, cut);
        }
    }
}

#[test]
fn every_byte_overwritten_never_panics() {
    let format = lumpkit::by_name("zip").unwrap();
    for bytes in valid_samples() {
        for at in 0..bytes.len() {
            for value in [0x00, 0xFF, 0x80] {
                let mut b = bytes.clone();
                b[at] = value;
                lumpkit::exercise::format(format, &b);
            }
        }
    }
}

#[test]
fn more_records_than_a_plain_archive_holds_are_reported_and_listed() {
    let members: Vec<Member> = (0..65_536u32)
        .map(|i| Member::stored(&format!("{i:05}"), b""))
        .collect();
    let bytes = Archive {
        zip64: true,
        ..Archive::of(members)
    }
    .bytes();
    let report = lumpkit::by_name("zip")
        .unwrap()
        .inspect(&Context::default(), &bytes);
    let codes: Vec<_> = report.diagnostics.iter().map(|d| d.code()).collect();
    assert_eq!(codes, ["zip-too-many-entries"]);
    assert_eq!(report.diagnostics[0].severity(), Severity::Info);
    assert_eq!(report.fields["entries"].as_array().unwrap().len(), 65_536);
}

#[test]
fn names_follow_appnote() {
    let bytes =
        std::fs::read(support::workspace_root().join("corpus/zip/valid_names.zip")).unwrap();
    let report = lumpkit::by_name("zip")
        .unwrap()
        .inspect(&Context::default(), &bytes);
    let names: Vec<&str> = report.fields["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    // CP437 without the flag; the 0x7075 field when its CRC matches the stored name.
    assert_eq!(names, ["menü.txt", "café_readme.txt"]);
}

#[test]
fn sevenz_cut_or_overwritten_anywhere_never_panics() {
    let format = lumpkit::by_name("7z").unwrap();
    let valid: Vec<Vec<u8>> = lumpkit_testgen::sevenz::samples()
        .into_iter()
        .filter(|s| s.name.starts_with("valid"))
        .map(|s| s.bytes)
        .collect();
    assert!(!valid.is_empty());
    for bytes in valid {
        for len in 0..bytes.len() {
            let report = format.inspect(&Context::default(), &bytes[..len]);
            assert_eq!(report.status(), lumpkit::Status::Error, "length {len}");
            lumpkit::exercise::format(format, &bytes[..len]);
        }
        for at in 0..bytes.len() {
            let mut b = bytes.clone();
            b[at] ^= 0xA5;
            lumpkit::exercise::format(format, &b);
        }
    }
}

#[test]
fn sevenz_members_with_one_name_are_each_listed_once() {
    let bytes = lumpkit_testgen::sevenz::archive(
        &[("a.txt", b"first"), ("a.txt", b"second")],
        &[lumpkit_testgen::sevenz::Method::LZMA2],
        false,
    )
    .unwrap();
    let mut out = Vec::new();
    lumpkit::check::check_tree(&Context::default(), "dup.7z", &bytes, &mut out);
    let paths: Vec<&str> = out.iter().map(|c| c.path.as_str()).collect();
    assert_eq!(paths, ["dup.7z", "dup.7z!a.txt", "dup.7z!a.txt#1"]);
}

/// The decoder hands a 7z's empty files over after every solid block: `check` still lists the
/// members in archive order, each followed by what is inside it.
#[test]
fn sevenz_members_are_listed_in_archive_order_whatever_order_they_decode_in() {
    let inner = lumpkit_testgen::pak::samples()
        .into_iter()
        .find(|s| s.status == "ok")
        .unwrap()
        .bytes;
    let bytes = lumpkit_testgen::sevenz::archive(
        &[
            ("a.txt", b"first"),
            ("empty.txt", b""),
            ("inner.pak", &inner),
            ("z.txt", b"last"),
        ],
        &[lumpkit_testgen::sevenz::Method::LZMA2],
        true,
    )
    .unwrap();
    let mut out = Vec::new();
    lumpkit::check::check_tree(&Context::default(), "order.7z", &bytes, &mut out);
    let paths: Vec<&str> = out.iter().map(|c| c.path.as_str()).collect();
    assert_eq!(
        paths[..4],
        [
            "order.7z",
            "order.7z!a.txt",
            "order.7z!empty.txt",
            "order.7z!inner.pak"
        ]
    );
    assert!(
        paths[4..paths.len() - 1]
            .iter()
            .all(|p| p.starts_with("order.7z!inner.pak!")),
        "{paths:?}"
    );
    assert_eq!(paths.last(), Some(&"order.7z!z.txt"));
}

/// A central directory declaring more than `--max-unpacked` in all (compressed members), at more
/// than 100 times the archive's size, is the fatal error in strict mode (nothing is inflated
/// first); lenient mode reports it and goes on.
#[test]
fn a_declared_total_over_the_limit_is_fatal_in_strict_mode() {
    let zip = Archive::of(vec![
        Member::deflated("a.txt", &[b'a'; 100_000]),
        Member::deflated("b.txt", &[b'b'; 100_000]),
    ])
    .bytes();
    let format = lumpkit::by_name("zip").unwrap();
    let limits = lumpkit::Limits {
        max_unpacked: 150_000,
        ..lumpkit::Limits::DEFAULT
    };
    let strict = format.inspect(
        &Context {
            limits,
            strict: true,
            ..Context::default()
        },
        &zip,
    );
    let fatal = strict.fatal.expect("strict mode refuses the archive");
    assert_eq!(fatal.code(), "zip-declared-total-too-large");
    let lenient = format.inspect(
        &Context {
            limits,
            ..Context::default()
        },
        &zip,
    );
    assert!(
        lenient
            .diagnostics
            .iter()
            .any(|d| d.code() == "zip-declared-total-too-large"),
        "{:?}",
        lenient.diagnostics
    );
}

/// The same total at a ratio real content has (incompressible members) is only an archive too
/// large to check whole: no archive finding; the member past the budget is not checked, a warning.
#[test]
fn a_declared_total_over_the_limit_at_an_honest_ratio_is_not_a_bomb() {
    let noise = |seed: u32| -> Vec<u8> {
        let mut x = seed | 1;
        (0..100_000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                x as u8
            })
            .collect()
    };
    let zip = Archive::of(vec![
        Member::deflated("a.bin", &noise(1)),
        Member::deflated("b.bin", &noise(2)),
    ])
    .bytes();
    let limits = lumpkit::Limits {
        max_unpacked: 150_000,
        ..lumpkit::Limits::DEFAULT
    };
    let mut out = Vec::new();
    let ctx = Context {
        limits,
        ..Context::default()
    };
    lumpkit::check::check_tree(&ctx, "large.zip", &zip, &mut out);
    let codes =
        |i: usize| -> Vec<&str> { out[i].report.diagnostics.iter().map(|d| d.code()).collect() };
    assert_eq!(codes(0), ["limit-unpacked"]);
    assert_eq!(out[0].report.status(), lumpkit::Status::Warning);
    assert_eq!(codes(1), ["lumpkit-unknown-format"]);
    assert_eq!(codes(2), ["limit-unpacked"]);
    assert_eq!(out[2].report.status(), lumpkit::Status::Warning);
}

/// The last part of a split archive is said once, "not checked" (info: nothing in it is broken,
/// it cannot be read alone), not an error per member whose local header lies in another part; its
/// members are not listed.
#[test]
fn the_last_part_of_a_split_archive_is_said_once() {
    let sample = lumpkit_testgen::zip::samples()
        .into_iter()
        .find(|s| s.name == "split_last_part.zip")
        .unwrap();
    let err = Zip::parse(&sample.bytes, &mut Ignore).unwrap_err();
    assert_eq!(err.code(), "zip-multi-disk");
    assert_eq!(err.fault, lumpkit::Fault::Unsupported);
    assert_eq!(err.diagnostic.args[..2], [3, 3]);
    let format = lumpkit::by_name("zip").unwrap();
    let (report, children) = format.inspect_with_children(&Context::default(), &sample.bytes);
    let codes: Vec<_> = report.diagnostics.iter().map(|d| d.code()).collect();
    assert_eq!(codes, ["zip-multi-disk"]);
    assert_eq!(report.diagnostics[0].severity(), Severity::Info);
    assert_eq!(report.status(), lumpkit::Status::Ok);
    assert!(children.map_or(true, |c| c.is_empty()));
}
