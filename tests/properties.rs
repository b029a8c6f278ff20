//! Robustness properties over every format, on generated files and random corruptions of them:
//! - strict mode accepts a subset of what lenient mode accepts, with the same result;
//! - the same bytes give the same result wherever they sit in memory (odd offsets included);
//! - `check`'s shortcuts (brief reports, `inspect_with_children`) report exactly what the full
//!   calls report;
//! - inspecting, decoding, listing and extracting never panic (`lumpkit::exercise`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use lumpkit::registry::{Sniffed, sniff};
use lumpkit::{Context, Format, Selection};
use proptest::prelude::*;

/// Every generated file, labelled `folder/name`, built once for all cases.
fn samples() -> &'static [(String, Vec<u8>)] {
    static SAMPLES: std::sync::OnceLock<Vec<(String, Vec<u8>)>> = std::sync::OnceLock::new();
    SAMPLES.get_or_init(|| {
        lumpkit_testgen::all()
            .into_iter()
            .flat_map(|(folder, s)| {
                s.into_iter()
                    .map(move |s| (format!("{folder}/{}", s.name), s.bytes))
            })
            .collect()
    })
}

fn ctx(strict: bool) -> Context<'static> {
    static PALETTE: [[u8; 3]; 256] = [[1, 2, 3]; 256];
    Context {
        limits: lumpkit::exercise::FUZZ_LIMITS,
        strict,
        palette: Some(&PALETTE),
        decode_pixels: true,
        ..Context::default()
    }
}

fn known(bytes: &[u8], name: &str) -> Option<&'static dyn Format> {
    match sniff(bytes, Some(std::path::Path::new(name))) {
        Sniffed::Known(f) => Some(f),
        _ => None,
    }
}

/// Strict ⊂ lenient: a file strict mode accepts is accepted by lenient mode with the same result.
fn assert_strict_subset(format: &dyn Format, bytes: &[u8], label: &str) {
    let lenient = format.inspect(&ctx(false), bytes);
    let strict = format.inspect(&ctx(true), bytes);
    if strict.fatal.is_none() {
        assert_eq!(
            strict.to_json("x"),
            lenient.to_json("x"),
            "{label}: strict accepted but differs from lenient"
        );
        let sel = Selection::default();
        assert_eq!(
            format.decode(&ctx(true), bytes, &sel).ok(),
            format.decode(&ctx(false), bytes, &sel).ok(),
            "{label}: strict and lenient decode differ"
        );
    }
    if lenient.fatal.is_some() {
        assert!(
            strict.fatal.is_some(),
            "{label}: lenient rejected but strict accepted"
        );
    }
}

/// `check`'s shortcuts change nothing it reports: a brief inspection finds exactly what a full one
/// finds (only the info fields are left out), and `inspect_with_children` equals `inspect` and
/// `children` called apart.
fn assert_brief_and_combined_agree(format: &dyn Format, bytes: &[u8], label: &str) {
    for strict in [false, true] {
        let full_ctx = ctx(strict);
        let brief_ctx = Context {
            brief: true,
            ..full_ctx
        };
        let full = format.inspect(&full_ctx, bytes);
        let brief = format.inspect(&brief_ctx, bytes);
        assert!(
            brief.fields.is_empty(),
            "{label}: a brief report has fields"
        );
        assert_eq!(verdict(&brief), verdict(&full), "{label}: brief differs");
        let (combined, children) = format.inspect_with_children(&brief_ctx, bytes);
        assert_eq!(
            verdict(&combined),
            verdict(&brief),
            "{label}: combined report differs"
        );
        assert_eq!(
            members(children),
            members(format.children(&brief_ctx, bytes)),
            "{label}: combined children differ"
        );
    }
}

/// Everything of a report but its info fields.
fn verdict(r: &lumpkit::Report) -> impl PartialEq + std::fmt::Debug {
    (
        r.format,
        r.version.clone(),
        [r.width, r.height, r.mips],
        r.diagnostics.clone(),
        r.fatal.clone(),
    )
}

/// Members as comparable values: name, offset, and the bytes, report or error.
fn members(
    list: Result<Vec<lumpkit::Child<'_>>, lumpkit::Error>,
) -> impl PartialEq + std::fmt::Debug {
    list.map(|children| {
        children
            .into_iter()
            .map(|c| {
                let content = match c.content {
                    lumpkit::ChildContent::Bytes(b) => format!("bytes {:?}", b.as_ref()),
                    lumpkit::ChildContent::Report(r) => format!("report {}", r.to_json("x")),
                    lumpkit::ChildContent::Failed(e) => format!("failed {e:?}"),
                    other => format!("other {other:?}"),
                };
                (c.name.into_owned(), c.offset, content)
            })
            .collect::<Vec<_>>()
    })
}

/// Offset independence: the bytes copied to an odd address give identical results.
fn assert_offset_independent(format: &dyn Format, bytes: &[u8], label: &str) {
    let mut shifted = vec![0u8; bytes.len() + 3];
    shifted[3..].copy_from_slice(bytes);
    let moved = &shifted[3..];
    let a = format.inspect(&ctx(false), bytes).to_json("x");
    let b = format.inspect(&ctx(false), moved).to_json("x");
    assert_eq!(a, b, "{label}: inspect depends on the address");
    let sel = Selection::default();
    assert_eq!(
        format.decode(&ctx(false), bytes, &sel).ok(),
        format.decode(&ctx(false), moved, &sel).ok(),
        "{label}: decode depends on the address"
    );
}

#[test]
fn generated_files_hold_the_properties() {
    for (label, bytes) in samples() {
        let Some(format) = known(bytes, label) else {
            continue;
        };
        assert_strict_subset(format, bytes, label);
        assert_offset_independent(format, bytes, label);
        assert_brief_and_combined_agree(format, bytes, label);
        lumpkit::exercise::format(format, bytes);
    }
}

/// Every generated file cut at every length up to 1 KiB, and at 64 evenly spaced lengths beyond:
/// never a panic, and strict mode still accepts a subset of lenient mode. (A cut file may be valid:
/// chunked formats cut at a chunk boundary are, so no verdict is demanded of it.)
#[test]
fn truncated_files_never_panic() {
    for (label, bytes) in samples() {
        let Some(format) = known(bytes, label) else {
            continue;
        };
        let step = (bytes.len() / 64).max(1);
        let lengths = (0..bytes.len().min(1024)).chain((1024..bytes.len()).step_by(step));
        for len in lengths {
            let cut = &bytes[..len];
            let label = format!("{label} cut at {len}");
            assert_strict_subset(format, cut, &label);
            assert_brief_and_combined_agree(format, cut, &label);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    /// Random single-byte edits and truncations of every generated file.
    #[test]
    fn corrupted_files_hold_the_properties(
        pick in any::<prop::sample::Index>(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6),
        cut in any::<prop::sample::Index>(),
        truncate in any::<bool>(),
    ) {
        let all = samples();
        prop_assume!(!all.is_empty());
        let (label, mut bytes) = all[pick.index(all.len())].clone();
        let Some(format) = known(&bytes, &label) else { return Ok(()) };
        if !bytes.is_empty() {
            for (at, value) in &edits {
                let i = at.index(bytes.len());
                bytes[i] = *value;
            }
            if truncate {
                bytes.truncate(cut.index(bytes.len()));
            }
        }
        assert_strict_subset(format, &bytes, &label);
        assert_brief_and_combined_agree(format, &bytes, &label);
        assert_offset_independent(format, &bytes, &label);
        lumpkit::exercise::format(format, &bytes);
        lumpkit::exercise::sniffed(&bytes);
    }
}
