//! Conformance against the real Quake 3-engine maps and MD3 models in `../shared/corpus/{q3bsp,md3}`:
//! every row of both `expected.tsv` files, through the library (the CLI is covered by `conform.py`).
//! Also: every internal lightmap page of every map decodes to 128×128, the written RBSP and FBSP
//! maps read as the engine headers lay them out, and each variant decodes its own page size.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use lumpkit::registry::{Sniffed, sniff};
use lumpkit::{Context, Extracted, Format, Selection};
use lumpkit_testgen::q3bsp::{Q3Kind, Q3Map};

fn format_of(path: &std::path::Path, bytes: &[u8]) -> &'static dyn Format {
    match sniff(bytes, Some(path)) {
        Sniffed::Known(f) => f,
        other => panic!("{}: not recognised ({other:?})", path.display()),
    }
}

/// The value `conform.py`'s `lookup` reads: `counts[key]`, else a dotted path where a singular
/// step names the plural array.
fn lookup(json: &serde_json::Value, key: &str) -> String {
    if let Some(v) = json["counts"].get(key) {
        return v.to_string();
    }
    let mut cur = json;
    for part in key.split('.') {
        cur = match part.parse::<usize>() {
            Ok(i) => &cur[i],
            Err(_) if cur.get(part).is_some() => &cur[part],
            Err(_) => &cur[format!("{part}s")],
        };
    }
    cur.to_string()
}

fn check(folder: &str) {
    let Some((dir, facts)) = support::shared_facts(folder) else {
        return;
    };
    let mut failures = Vec::new();
    for fact in &facts {
        let path = dir.join(&fact.file);
        let bytes = std::fs::read(&path).unwrap();
        let format = format_of(&path, &bytes);
        let ctx = Context {
            path: Some(&path),
            ..Context::default()
        };
        let json = format.inspect(&ctx, &bytes).to_json("x");
        assert_eq!(json["status"], "ok", "{}: {json}", fact.file);
        let got = match fact.kind.as_str() {
            "version" => json["version"]
                .as_str()
                .map_or(json["version"].to_string(), str::to_string),
            "lump" => json["lumps"][&fact.key].to_string(),
            "clusters" if fact.key.is_empty() => json["clusters"].to_string(),
            "clusters" | "count" => lookup(&json, &fact.key),
            "surface-names-sha256" => {
                let names: Vec<&str> = json["surfaces"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s["name"].as_str().unwrap())
                    .collect();
                support::sha256_hex(names.join("\n").as_bytes())
            }
            "entities-sha256" => {
                let mut text = None;
                let mut sink = |name: &str, item: Extracted<'_>| {
                    if let (Extracted::Bytes(b), "entities.txt") = (item, name) {
                        text = Some(b.into_owned());
                    }
                    Ok(())
                };
                format.extract(&ctx, &bytes, &mut sink).unwrap();
                support::sha256_hex(&text.unwrap())
            }
            other => panic!("unknown fact kind {other}"),
        };
        if got != fact.expected {
            failures.push(format!(
                "{} {} {}: want {} got {got}",
                fact.file, fact.kind, fact.key, fact.expected
            ));
        }
    }
    support::assert_facts_match(folder, facts.len(), &failures);
}

#[test]
fn every_q3bsp_fact_matches() {
    check("q3bsp");
}

#[test]
fn every_md3_fact_matches() {
    check("md3");
}

#[test]
fn every_lightmap_page_of_the_real_maps_decodes() {
    let Some(dir) = support::shared_corpus("q3bsp") else {
        return;
    };
    let bsp = lumpkit::by_name("bsp").unwrap();
    let ctx = Context::default();
    let mut pages = 0;
    for path in support::files_with_extensions(&dir, &["bsp"]) {
        let bytes = std::fs::read(&path).unwrap();
        let json = bsp.inspect(&ctx, &bytes).to_json("x");
        let n = json["lightmaps"].as_u64().unwrap();
        for i in 0..n {
            let name = format!("lightmap/{i}");
            let sel = Selection {
                entry: Some(&name),
                ..Selection::default()
            };
            let img = bsp.decode(&ctx, &bytes, &sel).unwrap();
            assert_eq!((img.width, img.height), (128, 128));
            assert!(img.rgba.chunks(4).all(|p| p[3] == 255));
            pages += 1;
        }
        let past = format!("lightmap/{n}");
        let sel = Selection {
            entry: Some(&past),
            ..Selection::default()
        };
        assert!(bsp.decode(&ctx, &bytes, &sel).is_err());
    }
    eprintln!("{pages} lightmap pages decoded");
}

#[test]
fn written_maps_of_every_variant_read_as_their_headers_say() {
    let bsp = lumpkit::by_name("bsp").unwrap();
    let ctx = Context::default();
    for (kind, version, lumps, side) in [
        (Q3Kind::Ibsp46, "IBSP 46", 17, 128),
        (Q3Kind::Ibsp47, "IBSP 47", 17, 128),
        (Q3Kind::Rbsp, "RBSP 1", 18, 128),
        (Q3Kind::Fbsp, "FBSP 1", 18, 512),
    ] {
        let mut map = Q3Map::valid(kind);
        map.lightmap_pages = 1;
        map.surfaces[0].lightmap = 0;
        let bytes = map.bytes();
        let report = bsp.inspect(&ctx, &bytes);
        let json = report.to_json("x");
        assert_eq!(json["status"], "ok", "{json}");
        assert_eq!(json["version"], version);
        assert_eq!(json["lumps"].as_object().unwrap().len(), lumps);
        assert_eq!(json["lumps"]["brush_sides"], 6);
        assert_eq!(json["lumps"]["draw_verts"], 13);
        assert_eq!(json["lumps"]["surfaces"], 2);
        assert_eq!(json["lumps"]["lightmaps"], 1);
        assert_eq!(json["clusters"], 2);
        assert_eq!(json["bytes_per_cluster"], 8);
        assert_eq!(json["lightmap_size"], side);
        assert_eq!(
            json["engines"]["refused_by"].as_object().unwrap().len(),
            0,
            "{json}"
        );
        let img = bsp.decode(&ctx, &bytes, &Selection::default()).unwrap();
        assert_eq!((img.width, img.height), (side, side));
        // The writer's page: red = 2x, green = 2y at (x, y), top row first.
        let at = |x: u32, y: u32| {
            let i = ((y * side + x) * 4) as usize;
            [
                img.rgba[i],
                img.rgba[i + 1],
                img.rgba[i + 2],
                img.rgba[i + 3],
            ]
        };
        assert_eq!(at(3, 5), [6, 10, 0, 255]);
    }
}

#[test]
fn a_map_of_another_engine_is_judged_by_its_own_family() {
    let bsp = lumpkit::by_name("bsp").unwrap();
    let json = bsp
        .inspect(&Context::default(), &Q3Map::valid(Q3Kind::Rbsp).bytes())
        .to_json("x");
    let loads: Vec<&str> = json["engines"]["loads_in"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(loads, ["jka", "qfusion"]);
}

#[test]
fn lightmap_decoding_respects_the_limits() {
    let bsp = lumpkit::by_name("bsp").unwrap();
    let bytes = Q3Map::valid(Q3Kind::Ibsp46).bytes();
    let ctx = Context {
        limits: lumpkit::Limits {
            max_pixels: 100,
            ..lumpkit::Limits::default()
        },
        ..Context::default()
    };
    let err = bsp.decode(&ctx, &bytes, &Selection::default()).unwrap_err();
    assert_eq!(err.code(), "limit-pixels");
}
