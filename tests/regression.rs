//! Replays every fuzz reproducer kept in `corpus/<format>/regression/` through the same code the
//! fuzz targets run (`lumpkit::exercise`), on the stable toolchain. A reproducer that panics fails.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

#[test]
fn fuzz_reproducers_no_longer_fail() {
    let corpus = support::workspace_root().join("corpus");
    let mut replayed = 0;
    for folder in std::fs::read_dir(&corpus).unwrap() {
        let folder = folder.unwrap().path();
        let regression = folder.join("regression");
        if !regression.is_dir() {
            continue;
        }
        let name = folder.file_name().unwrap().to_string_lossy().to_string();
        let format = lumpkit::by_name(&name);
        for file in std::fs::read_dir(&regression).unwrap() {
            let path = file.unwrap().path();
            let mut bytes = std::fs::read(&path).unwrap();
            let file_name = path.file_name().unwrap().to_string_lossy();
            if file_name.starts_with("built-") {
                // A codec target's input is a case, not a file: replayed as the target runs it.
                if lumpkit_testgen::codec_cases::replay(&name, &bytes) {
                    replayed += 1;
                    continue;
                }
                bytes = lumpkit_testgen::fuzzed::build(&name, &bytes)
                    .unwrap_or_else(|| panic!("{}: no builder for {name}", path.display()));
            }
            if name == "facade" {
                lumpkit::exercise::facade(&bytes);
            }
            if let Some(f) = format {
                lumpkit::exercise::format(f, &bytes);
            }
            lumpkit::exercise::sniffed(&bytes);
            replayed += 1;
        }
    }
    eprintln!("replayed {replayed} fuzz reproducers");
}

/// The structure-aware targets are worth their time only if what they build passes the checks
/// blind mutation cannot (SHA-1 trailers, LZSS checksums, encrypted MPQ tables, CRC-32s): the
/// builder spoils a field only when the input asks for it, so nearly every file built from
/// random bytes must open without a fatal error, and a good share (the builder's own choices make
/// the rest warn: premultiplied DXT types, fuzzed swizzles, unlisted MPQ members, bad
/// `(attributes)`) without any warning or error.
#[test]
fn built_containers_pass_their_checks() {
    let ctx = lumpkit::Context {
        decode_pixels: true,
        ..lumpkit::Context::default()
    };
    let mut state = 0x9E37_79B9u32;
    for format in ["pbo", "paa", "mpq", "zip", "7z"] {
        let f = lumpkit::by_name(format).unwrap();
        let (mut opened, mut clean) = (0, 0);
        let mut codes = std::collections::BTreeMap::new();
        for _ in 0..100 {
            let input: Vec<u8> = (0..4096)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 17;
                    state ^= state << 5;
                    (state >> 24) as u8
                })
                .collect();
            let file = lumpkit_testgen::fuzzed::build(format, &input).unwrap();
            let report = f.inspect(&ctx, &file);
            opened += usize::from(report.fatal.is_none());
            clean += usize::from(report.status() == lumpkit::Status::Ok);
            for d in &report.diagnostics {
                *codes.entry(d.rule.code).or_insert(0) += 1;
            }
        }
        eprintln!("{format}: {opened} of 100 built files open, {clean} are ok; {codes:?}");
        assert!(
            opened >= 90,
            "{format}: only {opened} of 100 built files open"
        );
        assert!(
            clean >= 15,
            "{format}: only {clean} of 100 built files are ok"
        );
    }
}

/// The facade's fuzz exercise on every bundled archive: among its checks, the members of each
/// archive read on lent threads give what one thread gives, in the same order (the parallel
/// reader is lent to archives of any size there, so these small files reach it).
#[test]
fn the_facade_exercise_holds_on_every_bundled_archive() {
    let corpus = support::workspace_root().join("corpus");
    let mut exercised = 0;
    for folder in ["zip", "mpq", "pak", "pbo", "7z", "w3x"] {
        for file in std::fs::read_dir(corpus.join(folder)).unwrap() {
            let path = file.unwrap().path();
            if !path.is_file() || path.extension().is_some_and(|e| e == "tsv") {
                continue;
            }
            lumpkit::exercise::facade(&std::fs::read(&path).unwrap());
            exercised += 1;
        }
    }
    assert!(exercised > 100, "only {exercised} archives");
}
