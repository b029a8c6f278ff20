//! WAD robustness: every valid file truncated at every header length and every structure boundary,
//! and single fields corrupted with arbitrary values (proptest). Nothing may panic, a decoded image
//! always has `width * height * 4` bytes, and a cut file is never reported clean.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use lumpkit::{Context, Format, Selection, Status};
use lumpkit_formats::Ignore;
use lumpkit_formats::miptex::{Miptex, PaletteLayout};
use lumpkit_formats::wad::{Content, Wad};
use proptest::prelude::*;

fn wad() -> &'static dyn Format {
    lumpkit::by_name("wad").unwrap()
}

/// Valid files: ours and, when present, the shared real-world ones.
fn valid_files() -> Vec<(String, Vec<u8>)> {
    let mut files = vec![
        (
            "wad3_every_type".to_string(),
            lumpkit_testgen::wad::wad3_every_type(),
        ),
        (
            "wad2_every_type".to_string(),
            lumpkit_testgen::wad::wad2_every_type(),
        ),
        ("decals".to_string(), lumpkit_testgen::wad::decals_wad()),
    ];
    if let Some(dir) = support::shared_corpus("wad") {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "wad") {
                files.push((p.display().to_string(), std::fs::read(&p).unwrap()));
            }
        }
    }
    files
}

/// Every offset where one structure ends and another begins: header, directory records, entry
/// data, miptex header, mip levels and palette blocks.
fn boundaries(bytes: &[u8]) -> Vec<usize> {
    let mut cuts: Vec<u64> = (0..=12).collect();
    let wad = Wad::parse(bytes, &mut Ignore).unwrap();
    for i in 0..=wad.len() as u64 {
        cuts.push(wad.directory_offset() + 32 * i);
    }
    for entry in wad.entries() {
        let base = entry.offset();
        cuts.extend([base, base + 8, base + 40, base + entry.disk_size()]);
        if let Ok(Content::Miptex(m)) = entry.content(&mut Ignore) {
            for level in m.levels().into_iter().flatten() {
                cuts.extend([
                    base + level.offset,
                    base + level.offset + level.pixels.len() as u64,
                ]);
            }
        }
    }
    let mut cuts: Vec<usize> = cuts
        .into_iter()
        .flat_map(|c| [c.saturating_sub(1), c, c + 1])
        .map(|c| c as usize)
        .filter(|&c| c < bytes.len())
        .collect();
    cuts.sort_unstable();
    cuts.dedup();
    cuts
}

/// Runs every operation; checks the invariants that hold for any input.
fn exercise(bytes: &[u8]) -> Status {
    lumpkit::exercise::format(wad(), bytes);
    let palette = [[1u8, 2, 3]; 256];
    let ctx = Context {
        palette: Some(&palette),
        decode_pixels: true,
        ..Context::default()
    };
    let report = wad().inspect(&ctx, bytes);
    if let Ok(children) = wad().children(&ctx, bytes) {
        for child in &children {
            for mip in 0..5 {
                let sel = Selection {
                    entry: Some(&child.name),
                    mip,
                    ..Selection::default()
                };
                if let Ok(img) = wad().decode(&ctx, bytes, &sel) {
                    assert_eq!(img.rgba.len(), img.width as usize * img.height as usize * 4);
                }
            }
        }
    }
    report.status()
}

#[test]
fn truncation_at_every_boundary_is_an_error_not_a_panic() {
    for (name, bytes) in valid_files() {
        assert_eq!(exercise(&bytes), Status::Ok, "{name}");
        for cut in boundaries(&bytes) {
            let status = exercise(&bytes[..cut]);
            // The directory is at the end: any cut loses it or an entry it points to.
            assert_eq!(status, Status::Error, "{name} cut at {cut}");
        }
    }
}

#[test]
fn miptex_truncation_at_every_length() {
    let tex = lumpkit_testgen::wad::miptex(b"t", 16, 16, None);
    for cut in 0..tex.len() {
        let parsed = Miptex::parse(&tex[..cut], PaletteLayout::Trailing, &mut Ignore);
        if let Ok(m) = parsed {
            for n in 0..4 {
                if let Ok(level) = m.level(n) {
                    assert_eq!(level.pixels.len(), (level.width * level.height) as usize);
                }
            }
        }
    }
}

/// Offsets of the 32-bit fields worth corrupting: header, records, picture headers.
fn fields(bytes: &[u8]) -> Vec<usize> {
    let wad = Wad::parse(bytes, &mut Ignore).unwrap();
    let mut at = vec![4, 8];
    for entry in wad.entries() {
        let r = entry.record_offset() as usize;
        at.extend([r, r + 4, r + 8, r + 12]);
        let b = entry.offset() as usize;
        at.extend([b, b + 4, b + 16, b + 20, b + 24, b + 28, b + 32, b + 36]);
    }
    at.retain(|&a| a + 4 <= bytes.len());
    at
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn corrupting_one_field_never_panics(
        file in 0usize..3,
        pick in any::<prop::sample::Index>(),
        value in prop_oneof![
            Just(0u32), Just(1), Just(0xffff), Just(0x7fff_ffff), Just(0x8000_0000), Just(u32::MAX),
            any::<u32>(),
        ],
    ) {
        let mut bytes = valid_files().swap_remove(file).1;
        let spots = fields(&bytes);
        let at = spots[pick.index(spots.len())];
        bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
        exercise(&bytes);
    }

    #[test]
    fn flipping_bytes_never_panics(
        file in 0usize..3,
        flips in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8),
    ) {
        let mut bytes = valid_files().swap_remove(file).1;
        let len = bytes.len();
        for (i, v) in flips {
            bytes[i.index(len)] ^= v;
        }
        exercise(&bytes);
    }
}

#[test]
fn limits_stop_decoding_before_allocating() {
    let bytes = lumpkit_testgen::wad::wad3_every_type();
    let ctx = Context {
        limits: lumpkit::Limits {
            max_pixels: 100,
            ..lumpkit::Limits::DEFAULT
        },
        ..Context::default()
    };
    let sel = Selection {
        entry: Some("brick"),
        ..Selection::default()
    };
    let err = wad().decode(&ctx, &bytes, &sel).unwrap_err();
    assert_eq!(err.code(), "limit-pixels");
    let ctx = Context {
        decode_pixels: true,
        ..ctx
    };
    let report = wad().inspect(&ctx, &bytes);
    assert!(
        report
            .diagnostics
            .iter()
            .any(|d| d.code() == "limit-pixels")
    );
}

/// A WAD's role comes from its name wherever it is stored: Quake finds `gfx.wad` inside
/// `pak0.pak`, so a `gfx.wad` member without `conchars` is judged as the file on disk is, and a
/// WAD of another name is not.
#[test]
fn a_role_by_name_holds_for_archive_members() {
    let gfx = lumpkit_testgen::wad::samples()
        .into_iter()
        .find(|s| s.name == "gfx.wad")
        .unwrap()
        .bytes;
    let pak = lumpkit_testgen::pak::pak(&[
        (b"gfx.wad", &gfx),
        (b"other/GFX.WAD", &gfx),
        (b"gfx2.wad", &gfx),
    ]);
    let mut out = Vec::new();
    lumpkit::check::check_tree(&Context::default(), "pak0.pak", &pak, &mut out);
    let codes = |path: &str| -> Vec<&str> {
        let checked = out.iter().find(|c| c.path == path).unwrap();
        checked
            .report
            .diagnostics
            .iter()
            .map(|d| d.code())
            .collect()
    };
    assert_eq!(codes("pak0.pak!gfx.wad"), ["wad-gfx-conchars-missing"]);
    assert_eq!(
        codes("pak0.pak!other/GFX.WAD"),
        ["wad-gfx-conchars-missing"]
    );
    assert!(codes("pak0.pak!gfx2.wad").is_empty());
}

/// A WAD3 qpic whose palette block is cut cannot be coloured: decoding it (lenient, so the parse
/// does not stop first) fails with the parse's own rule, at the same byte.
#[test]
fn a_qpic_without_its_palette_does_not_decode() {
    let bytes =
        std::fs::read(support::workspace_root().join("corpus/wad/wad_pic_palette_past_end.wad"))
            .unwrap();
    let sel = Selection {
        entry: Some("nopal"),
        ..Selection::default()
    };
    let err = wad().decode(&Context::default(), &bytes, &sel).unwrap_err();
    assert_eq!(err.code(), "miptex-palette-past-end");
    assert_eq!(
        err.offset(),
        Some(84),
        "12-byte header, 8-byte qpic header, 64 pixels"
    );
}

/// Quake reads `conchars` by name as 16,384 bare bytes whatever its type or size (`Draw_Init`,
/// QuakeSpasm `Draw_LoadPics`): a sheet typed as a qpic is the 128×128 font with exactly those
/// bytes; a short one is read on into the bytes after it; one with a qpic header has the header
/// drawn as pixels.
#[test]
fn conchars_is_read_by_name_whatever_its_type() {
    use lumpkit_formats::wad::{Content, Kind, Wad};
    let sheet = lumpkit_testgen::wad::conchars_sheet();
    let qpic = lumpkit_testgen::wad::kind::QPIC;
    let bytes = lumpkit_testgen::wad::gfx_wad(qpic, sheet.clone());
    let wad = Wad::parse(
        &bytes,
        &mut lumpkit_formats::Strict(lumpkit_formats::Ignore),
    )
    .unwrap();
    let entry = wad.find(b"CONCHARS").unwrap();
    assert_eq!(entry.kind(), Kind::Conchars);
    let mut strict = lumpkit_formats::Strict(lumpkit_formats::Ignore);
    let Content::Pic(pic) = entry.content(&mut strict).unwrap() else {
        panic!("not a picture");
    };
    assert_eq!((pic.width, pic.height, pic.pixels), (128, 128, &sheet[..]));

    let codes = |bytes: &[u8]| -> Vec<&'static str> {
        let report = lumpkit::by_name("wad")
            .unwrap()
            .inspect(&Context::default(), bytes);
        report.diagnostics.iter().map(|d| d.code()).collect()
    };
    assert!(codes(&bytes).is_empty());
    // Half a sheet: the engine reads on past it; so does lumpkit (zeros past the file's end).
    let short = lumpkit_testgen::wad::gfx_wad(qpic, sheet[..8192].to_vec());
    assert_eq!(codes(&short), ["wad-conchars-short"]);
    let wad = Wad::parse(&short, &mut lumpkit_formats::Ignore).unwrap();
    let entry = wad.find(b"conchars").unwrap();
    let Content::Pic(pic) = entry.content(&mut lumpkit_formats::Ignore).unwrap() else {
        panic!("not a picture");
    };
    let at = entry.offset() as usize;
    assert_eq!(pic.pixels, &short[at..(at + 16384).min(short.len())]);
    let ctx = Context {
        palette: Some(&[[7, 8, 9]; 256]),
        ..Context::default()
    };
    let sel = lumpkit::Selection {
        entry: Some("conchars"),
        ..lumpkit::Selection::default()
    };
    let img = lumpkit::by_name("wad")
        .unwrap()
        .decode(&ctx, &short, &sel)
        .unwrap();
    assert_eq!((img.width, img.height), (128, 128));
    // With a qpic header in front: drawn as pixels, every glyph one cell to the right.
    let mut with_header = [128u32.to_le_bytes(), 128u32.to_le_bytes()].concat();
    with_header.extend_from_slice(&sheet);
    let headed = lumpkit_testgen::wad::gfx_wad(qpic, with_header);
    assert_eq!(codes(&headed), ["wad-conchars-qpic-header"]);
}
