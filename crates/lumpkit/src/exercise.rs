//! Runs every operation a format offers on arbitrary bytes, discarding the results.
//!
//! The fuzz targets and the regression replay test (`tests/regression.rs`) call this, so that a
//! reproducer found by fuzzing is replayed through exactly the same code on the stable toolchain.

use crate::{ChildContent, Context, Extracted, Format, Limits, Selection};

/// Limits small enough that each fuzz input costs microseconds, not milliseconds. A 64 × 64 level
/// (and any smaller one) still decodes, so every pixel path is reached (a real file's larger
/// levels stop at the limit check, its smaller ones decode); archives unpack up to 256 KiB, past
/// which the budget check is reached instead. Dimensions stay wide so the arithmetic on large
/// declared sizes is still exercised. Measured with `fuzz/run-all.sh`: at 256 × 256 and 4 MiB,
/// a Warcraft III JPEG BLP seed cost 200 ms per input in the instrumented build (`blp_decode` ran
/// at 97/s, `mpq_decode` at 92/s, on this 2-core machine under load); see `fuzz/CAMPAIGNS.md`.
pub const FUZZ_LIMITS: Limits = Limits {
    max_width: 4096,
    max_height: 4096,
    max_pixels: 1 << 12,
    max_alloc: 1 << 18,
    max_unpacked: 1 << 18,
};

/// Inspects in lenient mode with pixel decoding (every level), decodes level 0 with every option
/// and the first level past the end, decodes the first four children by name, inspects every
/// child's nested content, extracts into a sink that drops everything, and inspects again in
/// strict, brief mode. Each piece of code is reached once per input, so the fuzzer spends its time
/// on new inputs rather than on decoding the same pixels twice. Panics only if lumpkit has a bug.
pub fn format(format: &dyn Format, bytes: &[u8]) {
    let palette = [[7u8, 8, 9]; 256];
    let ctx = Context {
        limits: FUZZ_LIMITS,
        strict: false,
        path: None,
        member_name: None,
        palette: Some(&palette),
        decode_pixels: true,
        vis: true,
        brief: false,
        budget: None,
        targets: crate::Targets::NONE,
    };
    let report = format.inspect(&ctx, bytes);
    let _ = report.to_json("fuzz");
    let past_end = report.mips.unwrap_or(1).min(16);
    for sel in [
        Selection {
            stored_alpha: true,
            swizzle: true,
            ..Selection::default()
        },
        Selection {
            mip: past_end,
            ..Selection::default()
        },
    ] {
        let _ = format.decode(&ctx, bytes, &sel);
    }
    if let Ok(children) = format.children(&ctx, bytes) {
        // Decoding by name reopens the archive each time (tables decrypted, members named and
        // unpacked again): a few children reach that code; every child is sniffed below.
        for (i, child) in children.iter().take(64).enumerate() {
            if i < 4 {
                let sel = Selection {
                    entry: Some(&child.name),
                    ..Selection::default()
                };
                let _ = format.decode(&ctx, bytes, &sel);
            }
            if let ChildContent::Bytes(data) = &child.content {
                // Nested content is exercised through sniffing, as `check` would.
                if let crate::registry::Sniffed::Known(inner) = crate::sniff(data, None) {
                    let _ = inner.inspect(&ctx, data);
                }
            }
        }
    }
    let mut sink = |_: &str, item: Extracted<'_>| {
        drop(item);
        Ok(())
    };
    let _ = format.extract(&ctx, bytes, &mut sink);
    // Strict and brief, as `check --deny-warnings` inspects.
    let strict = Context {
        strict: true,
        decode_pixels: false,
        brief: true,
        ..ctx
    };
    let _ = format.inspect(&strict, bytes);
}

/// Sniffs the bytes and exercises whatever format they claim to be, as `check` would.
pub fn sniffed(bytes: &[u8]) {
    if let crate::registry::Sniffed::Known(f) = crate::sniff(bytes, None) {
        format(f, bytes);
    }
    let mut out = Vec::new();
    crate::check::check_tree(
        &Context {
            limits: FUZZ_LIMITS,
            brief: true,
            ..Context::default()
        },
        "fuzz",
        bytes,
        &mut out,
    );
}
