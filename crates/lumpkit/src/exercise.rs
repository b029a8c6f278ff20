//! Runs every operation a format offers on arbitrary bytes, discarding the results.
//!
//! The fuzz targets and the regression replay test (`tests/regression.rs`) call this, so that a
//! reproducer found by fuzzing is replayed through exactly the same code on the stable toolchain.

use crate::{ChildContent, Context, Extracted, Format, Limits, Selection};

/// Limits small enough that fuzzing finds logic bugs rather than spending time on huge images.
pub const FUZZ_LIMITS: Limits =
    Limits { max_width: 4096, max_height: 4096, max_pixels: 1 << 22, max_alloc: 64 << 20 };

/// Inspects (with pixel decoding), decodes every level that could exist and every child, lists
/// children and extracts into a sink that drops everything. Panics only if lumpkit has a bug.
pub fn format(format: &dyn Format, bytes: &[u8]) {
    let palette = [[7u8, 8, 9]; 256];
    for strict in [false, true] {
        let ctx = Context {
            limits: FUZZ_LIMITS,
            strict,
            path: None,
            palette: Some(&palette),
            decode_pixels: true,
            vis: true,
        };
        let report = format.inspect(&ctx, bytes);
        let _ = report.to_json("fuzz");
        let levels = report.mips.unwrap_or(1).clamp(1, 16);
        for mip in 0..=levels {
            let _ = format.decode(&ctx, bytes, &Selection { mip, ..Selection::default() });
        }
        if let Ok(children) = format.children(&ctx, bytes) {
            for child in children.iter().take(64) {
                let sel = Selection { entry: Some(&child.name), ..Selection::default() };
                let _ = format.decode(&ctx, bytes, &sel);
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
    }
}

/// Sniffs the bytes and exercises whatever format they claim to be, as `check` would.
pub fn sniffed(bytes: &[u8]) {
    if let crate::registry::Sniffed::Known(f) = crate::sniff(bytes, None) {
        format(f, bytes);
    }
    let mut out = Vec::new();
    crate::check::check_tree(&Context { limits: FUZZ_LIMITS, ..Context::default() }, "fuzz", bytes, &mut out);
}
