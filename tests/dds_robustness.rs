//! DDS under damage: every truncation of every generated file, every header byte flipped to a few
//! values, and the parser's own refusals. Nothing may panic, every finding carries a byte offset,
//! and a cut level never decodes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use lumpkit::{Context, Selection};
use lumpkit_formats::dds::Dds;
use lumpkit_formats::{Ignore, Severity};

fn valid() -> Vec<(String, Vec<u8>)> {
    lumpkit_testgen::dds::samples()
        .into_iter()
        .filter(|s| s.status != "error")
        .map(|s| (s.name, s.bytes))
        .collect()
}

fn context() -> Context<'static> {
    Context {
        decode_pixels: true,
        ..Context::default()
    }
}

/// Every finding of a report has a byte offset: a DDS problem is always somewhere in the file.
fn assert_located(name: &str, report: &lumpkit::Report) {
    for d in report.diagnostics.iter() {
        assert!(d.offset.is_some(), "{name}: {} has no offset", d.code());
    }
}

#[test]
fn every_truncation_of_generated_files() {
    let format = lumpkit::by_name("dds").unwrap();
    let ctx = context();
    for (name, bytes) in valid() {
        for cut in 0..bytes.len() {
            let cut_bytes = &bytes[..cut];
            lumpkit::exercise::format(format, cut_bytes);
            let report = format.inspect(&ctx, cut_bytes);
            assert_located(&name, &report);
            // A cut header is reported as such.
            if (4..128).contains(&cut) {
                assert!(
                    report
                        .diagnostics
                        .iter()
                        .any(|d| d.code() == "dds-truncated-header"),
                    "{name} cut at {cut}"
                );
            }
            // Level 0 that does not fit never decodes.
            if let Ok(dds) = Dds::parse(cut_bytes, &mut Ignore)
                && let Some(Err(e)) = dds.level(0)
            {
                assert_eq!(e.code(), "dds-mip-out-of-file");
                assert_eq!(e.diagnostic.severity(), Severity::Error);
                assert!(
                    format
                        .decode(&ctx, cut_bytes, &Selection::default())
                        .is_err()
                );
            }
        }
    }
}

#[test]
fn header_bytes_flipped() {
    let format = lumpkit::by_name("dds").unwrap();
    let ctx = context();
    for (name, bytes) in valid() {
        for at in 4..bytes.len().min(148) {
            for value in [0u8, 0xFF, bytes[at] ^ 0x80, bytes[at].wrapping_add(1)] {
                let mut flipped = bytes.clone();
                flipped[at] = value;
                lumpkit::exercise::format(format, &flipped);
                let report = format.inspect(&ctx, &flipped);
                assert_located(&name, &report);
            }
        }
    }
}

#[test]
fn huge_dimensions_are_refused_by_limits_not_allocated() {
    let mut bytes = lumpkit_testgen::dds::Spec::fourcc(b"DXT1", 4, 4, 1).file();
    bytes[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
    bytes[16..20].copy_from_slice(&u32::MAX.to_le_bytes());
    let format = lumpkit::by_name("dds").unwrap();
    let report = format.inspect(&context(), &bytes);
    let codes: Vec<_> = report.diagnostics.iter().map(|d| d.code()).collect();
    assert!(codes.contains(&"dds-mip-out-of-file"), "{codes:?}");
    assert!(
        format
            .decode(&context(), &bytes, &Selection::default())
            .is_err()
    );
}

#[test]
fn parser_refusals() {
    // The magic: `check` never hands such a file to the DDS parser (it sniffs the magic), but a
    // caller naming the format gets the parser's own error.
    let mut bytes = lumpkit_testgen::dds::Spec::fourcc(b"DXT1", 4, 4, 1).file();
    bytes[0] = b'd';
    let e = Dds::parse(&bytes, &mut Ignore).unwrap_err();
    assert_eq!((e.code(), e.offset()), ("dds-bad-magic", Some(0)));
    let report = lumpkit::by_name("dds").unwrap().inspect(&context(), &bytes);
    assert_eq!(report.status(), lumpkit::Status::Error);
    assert_eq!(
        Dds::parse(b"DD", &mut Ignore).unwrap_err().code(),
        "dds-truncated-header"
    );
    // A level that does not exist is the caller's fault.
    let e = lumpkit::by_name("dds")
        .unwrap()
        .decode(
            &context(),
            &lumpkit_testgen::dds::Spec::fourcc(b"DXT1", 4, 4, 1).file(),
            &Selection {
                mip: 3,
                ..Selection::default()
            },
        )
        .unwrap_err();
    assert_eq!(e.code(), "lumpkit-no-such-entry");
}

#[test]
fn not_checked_is_never_broken() {
    let format = lumpkit::by_name("dds").unwrap();
    for name in ["bc7_not_checked.dds", "cube_not_checked.dds"] {
        let sample = lumpkit_testgen::dds::samples()
            .into_iter()
            .find(|s| s.name == name)
            .unwrap();
        let report = format.inspect(&context(), &sample.bytes);
        assert_eq!(report.status(), lumpkit::Status::Ok, "{name}");
        let e = format
            .decode(&context(), &sample.bytes, &Selection::default())
            .unwrap_err();
        assert_eq!(e.fault, lumpkit_formats::Fault::Unsupported, "{name}");
    }
}
