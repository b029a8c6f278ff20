//! `Format::decode_into` writes the same pixels as `Format::decode`, into the caller's buffer:
//! every level of every generated BLP, PAA and WAL sample in `corpus/` and of every shared BLP and
//! PAA file, in every selection that changes pixels (BLP stored alpha, PAA swizzle). Failures must
//! agree too, `decoded_size` must name the picture's size, bytes past the picture must stay as the
//! caller left them, and a buffer one byte short must be refused before anything is written.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::path::Path;

use lumpkit::{Context, Fault, Format, Selection};

/// A palette for WAL (which has none of its own): every index its own colour.
fn test_palette() -> [[u8; 3]; 256] {
    std::array::from_fn(|i| {
        let i = i as u8;
        [i, i.wrapping_mul(7), 255 - i]
    })
}

/// Compares the two paths on every level of one file; returns how many levels decoded.
fn compare_file(format: &dyn Format, path: &Path, selections: &[Selection<'_>]) -> usize {
    let bytes = std::fs::read(path).unwrap();
    let palette = test_palette();
    let ctx = Context {
        path: Some(path),
        palette: Some(&palette),
        ..Context::default()
    };
    let name = path.display();
    let levels = format.inspect(&ctx, &bytes).mips.unwrap_or(1).max(1);
    let mut decoded = 0;
    // One level past the last, so that the refusal of a missing level is compared too.
    for mip in 0..=levels.min(16) {
        for base in selections {
            let sel = Selection { mip, ..*base };
            let what = format!("{name} mip {mip} {sel:?}");
            let want = format.decode(&ctx, &bytes, &sel);
            let size = format.decoded_size(&ctx, &bytes, &sel);
            let image = match want {
                Ok(image) => image,
                Err(e) => {
                    // A buffer as large as the level says, so that the decode itself is reached.
                    let len = size.map_or(0, |(w, h)| w as usize * h as usize * 4);
                    let mut out = vec![0u8; len];
                    let got = format.decode_into(&ctx, &bytes, &sel, &mut out);
                    let got = got.expect_err(&format!("{what}: decode failed, decode_into not"));
                    assert_eq!(got.diagnostic.code(), e.diagnostic.code(), "{what}");
                    continue;
                }
            };
            assert_eq!(size.unwrap(), (image.width, image.height), "{what}");
            let len = image.rgba.len();
            // A reused buffer larger than the picture, holding another picture's bytes.
            let mut out = vec![0xA5u8; len + 13];
            let dims = format.decode_into(&ctx, &bytes, &sel, &mut out).unwrap();
            assert_eq!(dims, (image.width, image.height), "{what}");
            assert!(out[..len] == image.rgba[..], "{what}: pixels differ");
            assert!(out[len..].iter().all(|&b| b == 0xA5), "{what}: wrote past");
            let mut short = vec![0x5Au8; len - 1];
            let e = format
                .decode_into(&ctx, &bytes, &sel, &mut short)
                .expect_err(&what);
            assert_eq!(e.fault, Fault::Caller, "{what}");
            assert_eq!(e.diagnostic.code(), "lumpkit-buffer-too-small", "{what}");
            assert!(short.iter().all(|&b| b == 0x5A), "{what}: wrote on refusal");
            decoded += 1;
        }
    }
    decoded
}

const BLP_SELECTIONS: &[Selection<'static>] = &[
    Selection {
        mip: 0,
        entry: None,
        stored_alpha: false,
        swizzle: false,
    },
    Selection {
        mip: 0,
        entry: None,
        stored_alpha: true,
        swizzle: false,
    },
];

const PAA_SELECTIONS: &[Selection<'static>] = &[
    Selection {
        mip: 0,
        entry: None,
        stored_alpha: false,
        swizzle: false,
    },
    Selection {
        mip: 0,
        entry: None,
        stored_alpha: false,
        swizzle: true,
    },
];

fn compare_dir(format: &str, dir: &Path, extensions: &[&str], sels: &[Selection<'_>]) -> usize {
    let format = lumpkit::by_name(format).unwrap();
    let paths = support::files_with_extensions(dir, extensions);
    assert!(!paths.is_empty(), "no samples in {}", dir.display());
    paths.iter().map(|p| compare_file(format, p, sels)).sum()
}

#[test]
fn generated_samples_decode_into_equals_decode() {
    let corpus = support::workspace_root().join("corpus");
    let blp = compare_dir("blp", &corpus.join("blp"), &["blp"], BLP_SELECTIONS);
    let paa = compare_dir("paa", &corpus.join("paa"), &["paa", "pac"], PAA_SELECTIONS);
    let wal = compare_dir(
        "wal",
        &corpus.join("wal"),
        &["wal"],
        &[Selection::default()],
    );
    eprintln!("decode_into == decode on {blp} BLP, {paa} PAA, {wal} WAL levels (generated)");
    // Every encoding the generator writes decodes; far more levels than these exist.
    assert!(blp >= 20 && paa >= 20 && wal >= 4, "{blp} {paa} {wal}");
}

#[test]
fn shared_files_decode_into_equals_decode() {
    let (Some(blp_dir), Some(paa_dir)) =
        (support::shared_corpus("blp"), support::shared_corpus("paa"))
    else {
        return;
    };
    let blp = compare_dir("blp", &blp_dir, &["blp"], BLP_SELECTIONS);
    let paa = compare_dir("paa", &paa_dir, &["paa", "pac"], PAA_SELECTIONS);
    eprintln!("decode_into == decode on {blp} BLP, {paa} PAA levels (shared)");
    assert!(blp > 100 && paa > 100, "{blp} {paa}");
}

#[test]
fn a_format_without_its_own_decode_into_copies() {
    // The default method: a WAD3 texture through `decode` and a copy.
    let corpus = support::workspace_root().join("corpus/wad");
    let wad = lumpkit::by_name("wad").unwrap();
    let mut compared = 0;
    for path in support::files_with_extensions(&corpus, &["wad"]) {
        let bytes = std::fs::read(&path).unwrap();
        let report = wad.inspect(&Context::default(), &bytes);
        let names: Vec<String> = report
            .fields
            .get("entries")
            .and_then(|e| e.as_array())
            .into_iter()
            .flatten()
            .filter_map(|e| e["name"].as_str().map(str::to_owned))
            .collect();
        for name in names {
            let sel = Selection {
                entry: Some(&name),
                ..Selection::default()
            };
            compared += compare_file(wad, &path, &[sel]);
        }
    }
    eprintln!("decode_into == decode on {compared} WAD entries");
    assert!(compared > 0);
}
