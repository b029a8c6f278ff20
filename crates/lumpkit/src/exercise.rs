//! Runs every operation a format offers on arbitrary bytes, discarding the results.
//!
//! The fuzz targets and the regression replay test (`tests/regression.rs`) call this, so that a
//! reproducer found by fuzzing is replayed through exactly the same code on the stable toolchain.

use std::path::Path;

use crate::{ChildContent, Context, Extracted, Format, Limits, Selection, UnpackBudget};

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

/// What each pass that repeats the first one may unpack (see [`format`]).
pub const AGAIN: u64 = FUZZ_LIMITS.max_unpacked / 8;

/// Inspects in lenient mode with pixel decoding (every level) and lists the members in the same
/// pass, decodes level 0 with every option and the first level past the end, decodes the first
/// child by name and the next three from the bytes already listed, inspects every child's nested
/// content, then runs what has code of its own once more: the member list alone, extraction into
/// a sink that drops everything, and inspection in strict, brief mode. Each piece of code is
/// reached once per input, so the fuzzer spends its time on new inputs rather than on decoding the
/// same pixels twice. Panics only if lumpkit has a bug.
///
/// Why the budgets: each of those operations unpacks every member of an archive again (an MPQ was
/// unpacked four times and reopened four more to decode children by name; `mpq_decode` ran at
/// 149/s). The first pass takes from a budget of `FUZZ_LIMITS.max_unpacked`, as `check` gives a
/// top-level file, so every member within it is unpacked, checked and handed to nested formats
/// once. The passes that repeat it each take from a budget of their own of [`AGAIN`] bytes: enough
/// for the tables, names and first members their own code walks, and for the refusal past it
/// (`limit-unpacked`), without decompressing the same members again. The decode by name has no
/// budget, so the per-member limit (`max_unpacked` without a budget) is reached there.
pub fn format(format: &dyn Format, bytes: &[u8]) {
    let palette = [[7u8, 8, 9]; 256];
    let first = UnpackBudget::new(&FUZZ_LIMITS);
    let ctx = Context {
        limits: FUZZ_LIMITS,
        strict: false,
        path: None,
        member_name: None,
        container: None,
        palette: Some(&palette),
        decode_pixels: true,
        vis: true,
        brief: false,
        budget: None,
        targets: crate::Targets::NONE,
    };
    let once = Context {
        budget: Some(&first),
        ..ctx
    };
    let (report, children) = format.inspect_with_children(&once, bytes);
    json(&report);
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
    if let Ok(children) = &children {
        for (i, child) in children.iter().take(64).enumerate() {
            if i == 0 {
                // Decoding by name reopens the archive (tables decrypted, members named, the one
                // member unpacked again): once reaches that code.
                let sel = Selection {
                    entry: Some(&child.name),
                    ..Selection::default()
                };
                let _ = format.decode(&ctx, bytes, &sel);
            }
            if let ChildContent::Bytes(data) = &child.content {
                // Nested content is exercised through sniffing, as `check` would.
                if let crate::registry::Sniffed::Known(inner) =
                    crate::sniff(data, Some(Path::new(child.name.as_ref())))
                {
                    let _ = inner.inspect(&once, data);
                    if (1..4).contains(&i) {
                        // What a decode by name would decode, from the bytes already unpacked.
                        let _ = inner.decode(&once, data, &Selection::default());
                    }
                }
            }
        }
    }
    drop(children);
    let again = || {
        UnpackBudget::new(&Limits {
            max_unpacked: AGAIN,
            ..FUZZ_LIMITS
        })
    };
    let budget = again();
    let _ = format.children(
        &Context {
            budget: Some(&budget),
            ..ctx
        },
        bytes,
    );
    let mut sink = |_: &str, item: Extracted<'_>| {
        drop(item);
        Ok(())
    };
    let budget = again();
    let _ = format.extract(
        &Context {
            budget: Some(&budget),
            ..ctx
        },
        bytes,
        &mut sink,
    );
    // Strict and brief, as `check --deny-warnings` inspects.
    let budget = again();
    let strict = Context {
        strict: true,
        decode_pixels: false,
        brief: true,
        budget: Some(&budget),
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

/// Diagnostics past which [`json`] renders one of each code instead of the whole report.
const JSON_WHOLE: usize = 64;

/// The report as `info --json` renders it, where fuzzed values meet the message templates. A
/// mutated directory can yield thousands of diagnostics and entries, and rendering them all (a
/// serde_json map each, the entry list cloned) was 60% of `wad_decode`'s time for the same code
/// per item; past [`JSON_WHOLE`] diagnostics, the first of each code is rendered instead.
fn json(report: &crate::Report) {
    if report.diagnostics.len() <= JSON_WHOLE {
        let _ = report.to_json("fuzz");
        return;
    }
    let mut seen = std::collections::HashSet::new();
    for d in report.diagnostics.iter() {
        if seen.insert(d.code()) {
            let _ = crate::report::diagnostic_json(d);
        }
    }
}

/// What the facade does with a file a user hands it, on arbitrary bytes: opened from disk in both
/// modes ([`crate::Input`]: read, and mapped, for which the file is lengthened past
/// [`crate::input::MAP_THRESHOLD`] with zeros), checked as `lumpkit check` checks it
/// ([`crate::check::check_file`], every result rendered as its JSON line, the folder walked), then
/// every member path `check` prints (and some paths that name nothing) resolved
/// ([`crate::member::resolve`]) and decoded as a picture ([`crate::picture`]), as `decode --entry`
/// and the bindings do. Panics only if lumpkit has a bug.
pub fn facade(bytes: &[u8]) {
    use std::sync::atomic::{AtomicU64, Ordering};

    use crate::check::{JsonLine, check_file, walk};
    use crate::{Input, OpenMode};

    static RUN: AtomicU64 = AtomicU64::new(0);
    let dir = std::env::temp_dir().join(format!(
        "lumpkit-exercise-{}-{}",
        std::process::id(),
        RUN.fetch_add(1, Ordering::Relaxed)
    ));
    if std::fs::create_dir_all(&dir).is_err() {
        return;
    }
    let ctx = Context {
        limits: FUZZ_LIMITS,
        brief: true,
        ..Context::default()
    };
    let small = dir.join("file.pak");
    let large = dir.join("mapped.bin");
    let written = std::fs::write(&small, bytes).is_ok()
        && std::fs::write(&large, bytes).is_ok()
        && std::fs::OpenOptions::new()
            .write(true)
            .open(&large)
            .and_then(|f| f.set_len(crate::input::MAP_THRESHOLD.max(bytes.len() as u64)))
            .is_ok();
    if written {
        for (path, mode) in [
            (&small, OpenMode::Read),
            (&small, OpenMode::Map),
            (&large, OpenMode::Map),
        ] {
            if let Ok(input) = Input::open(path, mode) {
                assert_eq!(input.path(), Some(path.as_path()));
                assert!(path != &small || input.bytes() == bytes);
            }
            let checked = check_file(&ctx, path, mode);
            for c in &checked.checked {
                let line = JsonLine::new(c, checked.io_error.as_deref());
                let _ = serde_json::to_string(&line.expectation("ok", true));
            }
        }
        // The same bytes under a manifest's name: left out of the walk if they are one.
        let manifest = std::fs::write(dir.join("expect.tsv"), bytes).is_ok()
            && walk::is_manifest_content("expect.tsv", bytes);
        let found = walk::collect(std::slice::from_ref(&dir), false, walk::is_manifest);
        assert_eq!(found.map(|f| f.len()).ok(), Some(3 - usize::from(manifest)));
        // A folder given as a file: reported unreadable, as `check` reports it.
        assert!(check_file(&ctx, &dir, OpenMode::Read).io_error.is_some());
    }
    let _ = std::fs::remove_dir_all(&dir);
    let owned = Input::from_vec(bytes.to_vec());
    assert!(owned.path().is_none() && owned.bytes() == bytes);

    let crate::registry::Sniffed::Known(format) = crate::sniff(bytes, None) else {
        return;
    };
    let mut out = Vec::new();
    crate::check::check_tree(&ctx, "top", bytes, &mut out);
    // An archive's members read on lent threads give what one thread gives, in the same order.
    let mut on_threads = Vec::new();
    let spare = crate::check::Spare::for_every_archive(2);
    crate::check::check_tree_on(&ctx, "top", bytes, &mut on_threads, Some(&spare));
    let lines = |checked: &[crate::check::Checked]| -> Vec<String> {
        checked
            .iter()
            .map(|c| serde_json::to_string(&JsonLine::new(c, None)).unwrap_or_default())
            .collect()
    };
    assert_eq!(
        lines(&out),
        lines(&on_threads),
        "threads changed the output"
    );
    let mut paths: Vec<String> = out
        .iter()
        .map(|c| c.location().skip(1).collect::<Vec<_>>().join("!"))
        .filter(|p| !p.is_empty())
        .take(12)
        .collect();
    // Paths that name nothing, or name a member and then go on.
    if let Some(first) = paths.first().cloned() {
        paths.push(format!("{first}!nothing"));
        paths.push(format!("{first}!"));
        paths.push(first.chars().take(first.len() / 2).collect());
    }
    paths.push(String::from("nothing"));
    let sel = Selection::default();
    let _ = crate::picture::decode(&ctx, format, bytes, None, sel);
    for path in &paths {
        if let Ok(found) = crate::member::resolve(&ctx, format, bytes, path) {
            let _ = format!("{found:?}");
        }
        let Ok(picture) = crate::picture::locate(&ctx, format, bytes, Some(path)) else {
            continue;
        };
        let _ = format!("{picture:?}");
        let _ = (picture.entry(), picture.foreign(), picture.levels(&ctx));
        for mip in [0, 1] {
            let _ = picture.decode(&ctx, Selection { mip, ..sel });
        }
    }
}
