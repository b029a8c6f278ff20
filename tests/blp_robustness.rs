//! BLP under damage: every valid corpus file cut at every length up to its header size and at each
//! structure boundary must give an error or a warning, never a panic; and single corrupted fields
//! (proptest) must never panic, hang or allocate beyond the limits.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;

use lumpkit::formats::blp::BlpFormat;
use lumpkit::{Context, Format, Status};
use lumpkit_testgen::Sample;
use proptest::prelude::*;

fn valid_samples() -> Vec<Sample> {
    lumpkit_testgen::blp::samples()
        .into_iter()
        .filter(|s| s.status == "ok" && s.name.ends_with(".blp") && s.codes.is_empty())
        .collect()
}

fn u32_at(bytes: &[u8], at: usize) -> Option<usize> {
    let b = bytes.get(at..at + 4)?;
    Some(u32::from_le_bytes(b.try_into().unwrap()) as usize)
}

/// Where the header ends (the first level's data, or the whole file for BLP0) and every boundary
/// between structures: magic, fixed header, mip locator, JPEG header size, each chunk's start/end.
fn boundaries(bytes: &[u8]) -> (usize, BTreeSet<usize>) {
    let header_len = if bytes.starts_with(b"BLP2") { 20 } else { 28 };
    let mut cuts: BTreeSet<usize> = [4, header_len].into();
    if bytes.starts_with(b"BLP0") {
        return (bytes.len(), cuts);
    }
    let locator_end = header_len + 128;
    cuts.extend([locator_end, locator_end + 4, locator_end + 1024]);
    let mut first_chunk = bytes.len();
    for level in 0..16 {
        let offset = u32_at(bytes, header_len + 4 * level).unwrap();
        let size = u32_at(bytes, header_len + 64 + 4 * level).unwrap();
        if offset != 0 && size != 0 {
            first_chunk = first_chunk.min(offset);
            cuts.extend([offset, offset + 1, offset + size - 1, offset + size]);
        }
    }
    (first_chunk, cuts)
}

#[test]
fn truncation_at_every_header_length_and_boundary_is_reported() {
    let samples = valid_samples();
    assert!(samples.len() >= 10, "expected valid files of every kind");
    let ctx = Context {
        decode_pixels: true,
        ..Context::default()
    };
    let mut cuts_tried = 0;
    for s in &samples {
        let full = BlpFormat.inspect(&Context::default(), &s.bytes);
        let (header_end, cuts) = boundaries(&s.bytes);
        let lengths: BTreeSet<usize> = (0..=header_end)
            .chain(cuts)
            .filter(|&n| n < s.bytes.len())
            .collect();
        for n in lengths {
            let cut = &s.bytes[..n];
            let report = BlpFormat.inspect(&ctx, cut);
            assert_ne!(
                report.status(),
                Status::Ok,
                "{} cut at {n} of {} reported ok (uncut: {:?})",
                s.name,
                s.bytes.len(),
                full.status()
            );
            lumpkit::exercise::format(&BlpFormat, cut);
            cuts_tried += 1;
        }
    }
    eprintln!("{cuts_tried} truncations of {} files", samples.len());
}

/// Offsets of the single fields worth corrupting: header fields, mip table entries, and the JPEG
/// header size.
fn field_offsets(bytes: &[u8]) -> Vec<usize> {
    let header_len = if bytes.starts_with(b"BLP2") { 20 } else { 28 };
    let mut out: Vec<usize> = (4..header_len).step_by(4).collect();
    if bytes.starts_with(b"BLP2") {
        out.extend(8..12);
    }
    if !bytes.starts_with(b"BLP0") {
        out.extend((header_len..header_len + 132).step_by(4));
    }
    out.retain(|&o| o + 4 <= bytes.len());
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn one_corrupted_field_never_panics(
        which in any::<prop::sample::Index>(),
        field in any::<prop::sample::Index>(),
        value in prop_oneof![
            Just(0u32), Just(1), Just(u32::MAX), Just(0x8000_0000), Just(0xFFFF), Just(0x1_0000),
            any::<u32>()
        ],
        as_byte in any::<bool>(),
    ) {
        let samples = valid_samples();
        let s = which.get(&samples);
        let mut bytes = s.bytes.clone();
        let offsets = field_offsets(&bytes);
        let at = *field.get(&offsets);
        if as_byte {
            bytes[at] = value as u8;
        } else {
            bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
        }
        let ctx = Context { decode_pixels: true, limits: lumpkit::exercise::FUZZ_LIMITS, ..Context::default() };
        let report = BlpFormat.inspect(&ctx, &bytes);
        // Every error and warning names a rule; the report renders.
        prop_assert!(report.diagnostics.iter().all(|d| !d.code().is_empty()));
        let _ = report.to_json("corrupted");
        lumpkit::exercise::format(&BlpFormat, &bytes);
    }

    #[test]
    fn random_bytes_after_the_magic_never_panic(tail in prop::collection::vec(any::<u8>(), 0..1400), v in 0u8..4) {
        let mut bytes = format!("BLP{v}").into_bytes();
        bytes.extend(tail);
        lumpkit::exercise::format(&BlpFormat, &bytes);
    }
}

/// An invalid alphaBits is read as 0 bits: info when every level's stored alpha band is opaque
/// (nothing is dropped), a warning when a band holds transparency that is then dropped; for JPEG
/// content the band is decoded, for indexed content read in place.
#[test]
fn an_invalid_alpha_bits_is_a_warning_only_where_pixels_change() {
    let samples = lumpkit_testgen::blp::samples();
    let finding = |name: &str| {
        let s = samples.iter().find(|s| s.name == name).unwrap();
        let report = lumpkit::by_name("blp")
            .unwrap()
            .inspect(&lumpkit::Context::default(), &s.bytes);
        let d = *report
            .diagnostics
            .iter()
            .find(|d| d.code() == "blp-alpha-bits-invalid")
            .unwrap();
        (d.severity(), d.args)
    };
    use lumpkit::Severity::{Info, Warning};
    assert_eq!(finding("jpeg-alpha-bits-6-opaque.blp"), (Info, [6, 0, 5]));
    assert_eq!(finding("jpeg-alpha-bits-9.blp"), (Warning, [9, 5, 5]));
    assert_eq!(
        finding("indexed-alpha-bits-2-opaque.blp"),
        (Info, [2, 0, 4])
    );
    assert_eq!(finding("indexed-alpha-bits-2.blp"), (Warning, [2, 3, 4]));
    // Strict mode stops on the warning and not on the info.
    let strict = lumpkit::Context {
        strict: true,
        ..lumpkit::Context::default()
    };
    let status = |name: &str| {
        let s = samples.iter().find(|s| s.name == name).unwrap();
        lumpkit::by_name("blp")
            .unwrap()
            .inspect(&strict, &s.bytes)
            .status()
    };
    assert_eq!(status("jpeg-alpha-bits-6-opaque.blp"), lumpkit::Status::Ok);
    assert_eq!(status("jpeg-alpha-bits-9.blp"), lumpkit::Status::Error);
}

/// A level coded in one scan per component with a restart interval: zune-jpeg 0.5.15 decoded every
/// scan after the first out of step with its restart markers and returned wrong samples without
/// an error (found by `jpeg_built`); lumpkit now decodes such streams with jpeg-decoder. The file
/// is kept as `corpus/blp/regression/jpeg-separate-scans-restart.blp`.
#[test]
fn jpeg_levels_coded_in_separate_scans_decode_right() {
    use lumpkit_testgen::blp::{Spec, separate_scans_stream, stream_jpeg_file};
    let file = stream_jpeg_file(&Spec::v1(0, 8, 16, 16, false), &separate_scans_stream());
    let kept = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../corpus/blp/regression/jpeg-separate-scans-restart.blp"
    ))
    .unwrap();
    assert_eq!(kept, file, "the kept reproducer is what the writer writes");
    let ctx = Context::default();
    let image = BlpFormat
        .decode(&ctx, &file, &lumpkit::Selection::default())
        .unwrap();
    // What jpeg-decoder, which reads these scans right, makes of the same level.
    let built = separate_scans_stream().build();
    let oracle = lumpkit_jpeg::decode_four_components_with(
        lumpkit_jpeg::Backend::JpegDecoder,
        &[&built.bytes],
        1 << 20,
        [2, 1, 0, 3],
    )
    .unwrap();
    assert_eq!((image.width, image.height), (16, 16));
    assert!(image.rgba == oracle.samples);
    let report = BlpFormat.inspect(&ctx, &file);
    assert_eq!(report.status(), Status::Ok, "{:?}", report.diagnostics);
}
