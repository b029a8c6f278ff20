//! WAD conformance: every fact of `../shared/corpus/wad/expected.tsv` (WAD2 rows decoded with
//! `../shared/palettes/quake.lmp`), and the entry types and transparency rules on the files our
//! writers generate (no openly licensed WAD3 has qpic, font, decal or `{` entries).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::path::Path;

use lumpkit::{Context, Format, Image, Selection};
use lumpkit_testgen::wad as testgen;

fn wad() -> &'static dyn Format {
    lumpkit::by_name("wad").unwrap()
}

fn quake_palette() -> Option<[[u8; 3]; 256]> {
    let path = support::shared_path("palettes/quake.lmp")?;
    lumpkit_pixels::palette::rgb_palette(&std::fs::read(path).unwrap())
}

fn decode(ctx: &Context<'_>, bytes: &[u8], entry: &str, mip: u32) -> Result<Image, lumpkit::Error> {
    let sel = Selection {
        entry: Some(entry),
        mip,
        ..Selection::default()
    };
    wad().decode(ctx, bytes, &sel)
}

#[test]
fn shared_corpus_facts() {
    let Some((dir, facts)) = support::shared_facts("wad") else {
        return;
    };
    let Some(palette) = quake_palette() else {
        return;
    };
    let mut failures = Vec::new();
    for fact in &facts {
        let bytes = std::fs::read(dir.join(&fact.file)).unwrap();
        let ctx = Context {
            palette: Some(&palette),
            ..Context::default()
        };
        let report = wad().inspect(&ctx, &bytes);
        let json = report.to_json(&fact.file);
        let entries = json["entries"].as_array().cloned().unwrap_or_default();
        let entry_name = fact.key.strip_prefix("entry=").unwrap_or("");
        let entry = entries.iter().find(|e| e["name"] == entry_name);
        let got = match fact.kind.as_str() {
            "entries" => entries.len().to_string(),
            "entry-type" => entry.map_or("missing".into(), |e| {
                format!("{:#04x}", e["type"].as_u64().unwrap())
            }),
            "dims" => entry.map_or("missing".into(), |e| {
                format!("{}x{}", e["width"], e["height"])
            }),
            "rgba-sha256" => match decode(&ctx, &bytes, entry_name, 0) {
                Ok(img) => support::sha256_hex(&img.rgba),
                Err(e) => format!("error {e}"),
            },
            other => panic!("unknown fact kind {other} in wad/expected.tsv"),
        };
        if !got.eq_ignore_ascii_case(&fact.expected) {
            failures.push(format!(
                "{} {} {}: want {} got {got}",
                fact.file, fact.kind, fact.key, fact.expected
            ));
        }
        assert_eq!(report.status(), lumpkit::Status::Ok, "{}", fact.file);
    }
    support::assert_facts_match("wad", facts.len(), &failures);
}

#[test]
fn info_json_lists_entries_as_the_cli_contract_says() {
    let Some(dir) = support::shared_corpus("wad") else {
        return;
    };
    let out = std::process::Command::new(support::lumpkit_bin())
        .args(["info", "--json"])
        .arg(dir.join("ericw_hl_currents.wad"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["format"], "wad");
    assert_eq!(json["version"], "WAD3");
    let first = &json["entries"][0];
    assert_eq!(first["name"], "!cur_0");
    assert_eq!(first["type"], 0x43);
    assert_eq!(
        (first["width"].as_u64(), first["height"].as_u64()),
        (Some(64), Some(64))
    );
}

/// The RGBA of palette index `i` under the generator's palette with entry 255 = `e255`.
fn colour(i: u8, e255: [u8; 3]) -> [u8; 3] {
    let p = testgen::palette(e255);
    let at = usize::from(i) * 3;
    [p[at], p[at + 1], p[at + 2]]
}

/// The pixels of level 0 as the generator wrote them, for `name` in `wad`.
fn indices(bytes: &[u8], name: &str) -> Vec<u8> {
    let wad = lumpkit_formats::wad::Wad::parse(bytes, &mut lumpkit_formats::Ignore).unwrap();
    let entry = wad.find(name.as_bytes()).unwrap();
    match entry.content(&mut lumpkit_formats::Ignore).unwrap() {
        lumpkit_formats::wad::Content::Miptex(m) => m.level(0).unwrap().pixels.to_vec(),
        lumpkit_formats::wad::Content::Pic(p) => p.pixels.to_vec(),
        other => panic!("{other:?}"),
    }
}

/// Checks every pixel of `img` against `expect(index)`.
fn check_pixels(img: &Image, idx: &[u8], expect: impl Fn(u8) -> [u8; 4], what: &str) {
    assert_eq!(img.rgba.len(), idx.len() * 4, "{what}");
    for (px, &i) in img.rgba.chunks_exact(4).zip(idx) {
        assert_eq!(px, expect(i), "{what}: index {i}");
    }
    assert!(idx.contains(&255), "{what}: the sample must use index 255");
}

#[test]
fn wad3_every_entry_type_and_transparency_rule() {
    let bytes = testgen::wad3_every_type();
    let ctx = Context::default();
    let report = wad().inspect(&ctx, &bytes);
    assert_eq!(
        report.status(),
        lumpkit::Status::Ok,
        "{:?}",
        report.diagnostics
    );
    let types: Vec<u64> = report.fields["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["type"].as_u64().unwrap())
        .collect();
    assert_eq!(types, [0x43, 0x43, 0x40, 0x40, 0x42, 0x42, 0x46]);
    let blue = [0, 0, 255];
    let opaque = |e255: [u8; 3]| {
        move |i: u8| {
            let [r, g, b] = colour(i, e255);
            [r, g, b, 255]
        }
    };
    let masked = |e255: [u8; 3]| {
        move |i: u8| {
            if i == 255 { [0; 4] } else { opaque(e255)(i) }
        }
    };

    let img = decode(&ctx, &bytes, "BRICK", 0).unwrap(); // lookups ignore case
    check_pixels(
        &img,
        &indices(&bytes, "brick"),
        opaque(blue),
        "plain miptex",
    );
    let img = decode(&ctx, &bytes, "{fence", 0).unwrap();
    check_pixels(&img, &indices(&bytes, "{fence"), masked(blue), "{ miptex");
    let img = decode(&ctx, &bytes, "{logo", 0).unwrap();
    assert_eq!((img.width, img.height), (32, 16));
    check_pixels(
        &img,
        &indices(&bytes, "{logo"),
        |i| [90, 60, 30, i],
        "gradient decal",
    );
    let img = decode(&ctx, &bytes, "{bluedecal", 0).unwrap();
    check_pixels(
        &img,
        &indices(&bytes, "{bluedecal"),
        masked(blue),
        "blue decal",
    );
    let img = decode(&ctx, &bytes, "crosshair", 0).unwrap();
    check_pixels(&img, &indices(&bytes, "crosshair"), masked(blue), "qpic");
    let img = decode(&ctx, &bytes, "conback", 0).unwrap();
    check_pixels(
        &img,
        &indices(&bytes, "conback"),
        opaque(blue),
        "conback qpic",
    );
    let img = decode(&ctx, &bytes, "font", 0).unwrap();
    assert_eq!((img.width, img.height), (256, 32));
    check_pixels(&img, &indices(&bytes, "font"), masked(blue), "font");

    // Every mip level, each half the size of the one before.
    for mip in 0..4 {
        let img = decode(&ctx, &bytes, "{logo", mip).unwrap();
        assert_eq!((img.width, img.height), (32 >> mip, (16 >> mip).max(1)));
    }
    assert!(decode(&ctx, &bytes, "{logo", 4).is_err());
    assert!(decode(&ctx, &bytes, "crosshair", 1).is_err());
    assert_eq!(
        decode(&ctx, &bytes, "nothing", 0).unwrap_err().code(),
        "lumpkit-no-such-entry"
    );
}

#[test]
fn decals_wad_makes_every_brace_texture_a_decal() {
    let bytes = testgen::decals_wad();
    for name in ["valve/decals.wad", "valve/TEMPDECAL.WAD"] {
        let path = Path::new(name);
        let ctx = Context {
            path: Some(path),
            ..Context::default()
        };
        let img = decode(&ctx, &bytes, "{spray", 0).unwrap();
        check_pixels(&img, &indices(&bytes, "{spray"), |i| [90, 60, 30, i], name);
    }
    // The same texture in another WAD is a masked texture.
    let img = decode(&Context::default(), &bytes, "{spray", 0).unwrap();
    assert_eq!(&img.rgba[..4], &{
        let i = indices(&bytes, "{spray")[0];
        let [r, g, b] = colour(i, [90, 60, 30]);
        if i == 255 { [0; 4] } else { [r, g, b, 255] }
    });
}

#[test]
fn wad2_entries_need_the_callers_palette() {
    let bytes = testgen::wad2_every_type();
    let ctx = Context::default();
    let report = wad().inspect(&ctx, &bytes);
    assert_eq!(
        report.status(),
        lumpkit::Status::Ok,
        "{:?}",
        report.diagnostics
    );
    assert_eq!(report.version, Some("WAD2".into()));
    assert_eq!(
        decode(&ctx, &bytes, "wall", 0).unwrap_err().code(),
        "lumpkit-palette-required"
    );
    let pal: [[u8; 3]; 256] = std::array::from_fn(|i| [i as u8, 1, 2]);
    let ctx = Context {
        palette: Some(&pal),
        ..Context::default()
    };
    let game = |i: u8| [i, 1, 2, 255];
    let img = decode(&ctx, &bytes, "wall", 0).unwrap();
    assert_eq!((img.width, img.height), (32, 16));
    check_pixels(&img, &indices(&bytes, "wall"), game, "WAD2 miptex");
    let img = decode(&ctx, &bytes, "{grate", 0).unwrap();
    check_pixels(
        &img,
        &indices(&bytes, "{grate"),
        |i| if i == 255 { [0; 4] } else { game(i) },
        "{ WAD2",
    );
    let img = decode(&ctx, &bytes, "conchars", 0).unwrap();
    assert_eq!((img.width, img.height), (128, 128));
    let img = decode(&ctx, &bytes, "sbar", 0).unwrap();
    assert_eq!((img.width, img.height), (32, 8));
    let img = decode(&ctx, &bytes, "conback", 0).unwrap();
    check_pixels(
        &img,
        &indices(&bytes, "conback"),
        game,
        "WAD2 console picture",
    );
    assert_eq!(
        decode(&ctx, &bytes, "palette", 0).unwrap_err().code(),
        "lumpkit-not-a-picture"
    );
}

#[test]
fn children_and_extract_cover_every_entry() {
    let bytes = testgen::wad3_every_type();
    let ctx = Context::default();
    let children = wad().children(&ctx, &bytes).unwrap();
    assert_eq!(children.len(), 7);
    assert!(
        children
            .iter()
            .all(|c| matches!(c.content, lumpkit::ChildContent::Report(_)))
    );
    let mut names = Vec::new();
    let mut sink = |name: &str, item: lumpkit::Extracted<'_>| {
        assert!(matches!(item, lumpkit::Extracted::Image(_)));
        names.push(name.to_string());
        Ok(())
    };
    let failures = wad().extract(&ctx, &bytes, &mut sink).unwrap();
    assert!(failures.is_empty());
    assert_eq!(names[0], "brick.png");
    assert_eq!(names.len(), 7);

    // A set compression flag is ignored, as Xash3D and ReHLDS ignore it: all three entries
    // extract (two carry the flag).
    let flagged =
        std::fs::read(support::workspace_root().join("corpus/wad/wad_entry_compressed.wad"))
            .unwrap();
    let mut count = 0;
    let mut sink = |_: &str, item: lumpkit::Extracted<'_>| {
        assert!(matches!(item, lumpkit::Extracted::Image(_)));
        count += 1;
        Ok(())
    };
    let failures = wad().extract(&ctx, &flagged, &mut sink).unwrap();
    assert_eq!(count, 3);
    assert!(failures.is_empty());
}
