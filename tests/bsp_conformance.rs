//! Conformance against the real maps, PAKs and WALs in `../shared/corpus/{bsp,pak}`: every row of
//! both `expected.tsv` files, through the library (the CLI is covered by `conform.py`). Also: PVS rows
//! decompressed into a buffer agree with the buffer-free counts, point-in-leaf agrees with qbsp's
//! answers recorded in SOURCES.md, and a map's texture names resolve to WALs inside a PAK.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::path::Path;

use lumpkit::registry::{Sniffed, sniff};
use lumpkit::{Context, Extracted, Format, Report, Selection};
use lumpkit_formats::Ignore;
use lumpkit_formats::pak::Pak;
use lumpkit_formats::q2bsp::{Bsp, Row};

fn format_of(path: &Path, bytes: &[u8]) -> &'static dyn Format {
    match sniff(bytes, Some(path)) {
        Sniffed::Known(f) => f,
        other => panic!("{}: not recognised ({other:?})", path.display()),
    }
}

fn extracted(format: &dyn Format, bytes: &[u8], ctx: &Context<'_>) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut sink = |name: &str, item: Extracted<'_>| {
        if let Extracted::Bytes(b) = item {
            out.push((name.to_string(), b.into_owned()));
        }
        Ok(())
    };
    let failures = format.extract(ctx, bytes, &mut sink).unwrap();
    assert!(failures.is_empty(), "{failures:?}");
    out
}

fn check_facts(folder: &str) -> usize {
    let Some((dir, facts)) = support::shared_facts(folder) else {
        return 0;
    };
    let palette_bytes = std::fs::read(support::shared_path("palettes/quake.lmp").unwrap()).unwrap();
    let palette = lumpkit_pixels::palette::rgb_palette(&palette_bytes).unwrap();
    let mut failures = Vec::new();
    for fact in &facts {
        let path = dir.join(&fact.file);
        let bytes = std::fs::read(&path).unwrap();
        let format = format_of(&path, &bytes);
        let ctx = Context {
            vis: true,
            palette: Some(&palette),
            path: Some(&path),
            ..Context::default()
        };
        let report: Report = format.inspect(&ctx, &bytes);
        let json = report.to_json("x");
        let got = match fact.kind.as_str() {
            "version" => json["version"].to_string(),
            "lump" => json["lumps"][&fact.key].to_string(),
            "clusters" => json["clusters"].to_string(),
            "pvs-visible" | "phs-visible" => {
                let n: usize = fact.key.split('=').nth(1).unwrap().parse().unwrap();
                json[fact.kind.replace('-', "_")][n].to_string()
            }
            "entities-sha256" => {
                let files = extracted(format, &bytes, &ctx);
                let (_, text) = files.iter().find(|(n, _)| n == "entities.txt").unwrap();
                support::sha256_hex(text)
            }
            "entries" => json["entries"].as_array().unwrap().len().to_string(),
            "entry-sha256" => {
                let name = fact.key.split_once('=').unwrap().1;
                let files = extracted(format, &bytes, &ctx);
                files
                    .iter()
                    .find(|(n, _)| n == name)
                    .map_or("missing".into(), |(_, b)| support::sha256_hex(b))
            }
            "mips" => json["mips"].to_string(),
            "dims" => {
                let n: usize = fact.key.split('=').nth(1).unwrap().parse().unwrap();
                let level = &json["levels"][n];
                // Every level must also decode with the palette to exactly its size.
                let img = format
                    .decode(
                        &ctx,
                        &bytes,
                        &Selection {
                            mip: n as u32,
                            ..Selection::default()
                        },
                    )
                    .unwrap();
                assert_eq!(format!("{}x{}", img.width, img.height), fact.expected);
                format!("{}x{}", level["width"], level["height"])
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
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    facts.len()
}

#[test]
fn every_bsp_fact_matches() {
    let n = check_facts("bsp");
    eprintln!("bsp: {n} facts");
}

#[test]
fn every_pak_and_wal_fact_matches() {
    let n = check_facts("pak");
    eprintln!("pak: {n} facts");
}

#[test]
fn real_maps_validate_without_findings() {
    let Some(dir) = support::shared_corpus("bsp") else {
        return;
    };
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "bsp") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let report = format_of(&path, &bytes).inspect(&Context::default(), &bytes);
        let codes: Vec<_> = report.diagnostics.iter().map(|d| d.code()).collect();
        if path.to_string_lossy().contains("qbism") {
            assert_eq!(codes, ["bsp-qbism"]);
        } else {
            assert!(codes.is_empty(), "{}: {codes:?}", path.display());
        }
    }
}

#[test]
fn pvs_rows_in_a_buffer_agree_with_counts() {
    let Some(dir) = support::shared_corpus("bsp") else {
        return;
    };
    let bytes = std::fs::read(dir.join("lq_e0m1-quake2.bsp")).unwrap();
    let bsp = Bsp::parse(&bytes, &mut Ignore).unwrap();
    let vis = bsp.vis(&mut Ignore).unwrap().unwrap();
    assert_eq!(vis.clusters(), 440);
    let mut row = vec![0u8; vis.row_len()];
    for row_kind in [Row::Pvs, Row::Phs] {
        for c in 0..vis.clusters() {
            vis.decompress(c, row_kind, &mut row).unwrap();
            let bits: u32 = row.iter().map(|b| b.count_ones()).sum();
            let (count, _) = vis.visible_count(c, row_kind).unwrap();
            assert_eq!(bits, count, "cluster {c}");
            // A cluster always sees (and hears) itself.
            assert!(row[c as usize / 8] & (1 << (c % 8)) != 0, "cluster {c}");
        }
    }
    assert!(vis.decompress(440, Row::Pvs, &mut row).is_none());
}

#[test]
fn point_in_leaf_agrees_with_qbsp() {
    let Some(dir) = support::shared_corpus("bsp") else {
        return;
    };
    // SOURCES.md: qbsp leaf_at_point(model 0 bbox centre).
    for (file, leaf) in [
        ("lq_e0m1-quake2.bsp", 661),
        ("vgio_q2_test.bsp", 7),
        ("qbsp_example-quake2.bsp", 1),
    ] {
        let bytes = std::fs::read(dir.join(file)).unwrap();
        let bsp = Bsp::parse(&bytes, &mut Ignore).unwrap();
        let m = &bsp.models[0];
        let centre: [f32; 3] = std::array::from_fn(|i| (m.mins[i].get() + m.maxs[i].get()) / 2.0);
        assert_eq!(bsp.point_leaf(m.headnode.get(), centre), Ok(leaf), "{file}");
    }
    let bytes = std::fs::read(dir.join("qbsp_example-qbism.bsp")).unwrap();
    let bsp = lumpkit_formats::q2bsp::QbismBsp::parse(&bytes, &mut Ignore).unwrap();
    let m = &bsp.models[0];
    let centre: [f32; 3] = std::array::from_fn(|i| (m.mins[i].get() + m.maxs[i].get()) / 2.0);
    assert_eq!(bsp.point_leaf(m.headnode.get(), centre), Ok(1), "qbism");
    assert!(
        Bsp::parse(&bytes, &mut Ignore).is_err(),
        "a QBSP map is never read as IBSP"
    );
}

#[test]
fn texture_names_resolve_to_wal_entries_of_a_pak() {
    let map = lumpkit_testgen::bsp::Q2Map::valid().bytes();
    let wal = lumpkit_testgen::wal::wal("e1u1/floor1_3", 16, 16);
    let pak_bytes = lumpkit_testgen::pak::pak(&[
        (b"maps/tiny.bsp", &map),
        (b"TEXTURES/E1U1/Floor1_3.WAL", &wal),
    ]);
    let pak = Pak::parse(&pak_bytes, &mut Ignore).unwrap();
    let inner = pak.find(b"maps/tiny.bsp").unwrap().data.unwrap();
    let bsp = Bsp::parse(inner, &mut Ignore).unwrap();
    let resolved: Vec<_> = bsp
        .resolve_textures(&pak)
        .map(|(i, name, e)| {
            (
                i,
                String::from_utf8_lossy(name).into_owned(),
                e.map(|e| e.data),
            )
        })
        .collect();
    assert_eq!(resolved.len(), 3);
    assert_eq!(resolved[0].1, "e1u1/floor1_3");
    assert_eq!(resolved[0].2, Some(Some(&wal[..])));
    assert_eq!(resolved[1].2, None);
    let w = lumpkit_formats::wal::Wal::parse(resolved[0].2.unwrap().unwrap(), &mut Ignore).unwrap();
    assert_eq!(w.size(), (16, 16));
}

#[test]
fn wal_decoding_needs_a_palette() {
    let wal = lumpkit_testgen::wal::wal("x", 16, 16);
    let f = lumpkit::by_name("wal").unwrap();
    let err = f
        .decode(&Context::default(), &wal, &Selection::default())
        .unwrap_err();
    assert_eq!(err.code(), "lumpkit-palette-required");
    let palette = [[1u8, 2, 3]; 256];
    let ctx = Context {
        palette: Some(&palette),
        ..Context::default()
    };
    let img = f
        .decode(
            &ctx,
            &wal,
            &Selection {
                mip: 3,
                ..Selection::default()
            },
        )
        .unwrap();
    assert_eq!((img.width, img.height), (2, 2));
    assert_eq!(&img.rgba[..4], &[1, 2, 3, 255]);
}

#[test]
fn qbsp_breaking_inputs_get_a_diagnostic_each() {
    // The four inputs that break qbsp 0.17 (research/bsp-wad.md §2b), built from the valid map.
    use lumpkit_testgen::bsp::Q2Map;
    let f = lumpkit::by_name("bsp").unwrap();
    let ctx = Context {
        vis: true,
        ..Context::default()
    };
    let mut huge = Q2Map::valid();
    huge.visibility[..4].copy_from_slice(&0xFFFF_FFF0u32.to_le_bytes());
    let misaligned = Q2Map {
        length_delta: Some((1, -3)),
        ..Q2Map::valid()
    };
    let mut cycle = Q2Map::valid();
    cycle.nodes[0].children = [0, 0];
    let past_eof = Q2Map {
        length_delta: Some((3, 0x7FFF_FFFF)),
        ..Q2Map::valid()
    };
    for (map, code) in [
        (huge, "bsp-vis-too-many-clusters"),
        (misaligned, "bsp-lump-misaligned"),
        (cycle, "bsp-node-cycle"),
        (past_eof, "bsp-lump-out-of-bounds"),
    ] {
        let bytes = map.bytes();
        let report = f.inspect(&ctx, &bytes);
        assert!(
            report.diagnostics.iter().any(|d| d.code() == code),
            "{code}: {:?}",
            report.diagnostics
        );
        // Point queries on the cyclic tree end.
        if let Ok(bsp) = Bsp::parse(&bytes, &mut Ignore) {
            let _ = bsp.point_leaf(0, [1.0, 1.0, 1.0]);
        }
    }
}

#[test]
fn embedded_textures_decode_through_the_shared_miptex_code() {
    let f = lumpkit::by_name("bsp").unwrap();
    let palette = [[10u8, 20, 30]; 256];
    let with_palette = Context {
        palette: Some(&palette),
        ..Context::default()
    };
    // BSP29: the caller's palette; without one, `lumpkit-palette-required`.
    let q1 = lumpkit_testgen::bsp::q1_map(29, None);
    let sel = Selection {
        entry: Some("FLOOR"),
        ..Selection::default()
    };
    let err = f.decode(&Context::default(), &q1, &sel).unwrap_err();
    assert_eq!(err.code(), "lumpkit-palette-required");
    let img = f.decode(&with_palette, &q1, &sel).unwrap();
    assert_eq!((img.width, img.height), (16, 16));
    assert_eq!(&img.rgba[..4], &[10, 20, 30, 255]);
    let small = f
        .decode(&with_palette, &q1, &Selection { mip: 3, ..sel })
        .unwrap();
    assert_eq!((small.width, small.height), (2, 2));
    // BSP30: the texture's own palette (the writer's palette maps index i to (i, i+1, i+2) % 256).
    let hl = lumpkit_testgen::bsp::q1_map(30, None);
    let img = f.decode(&Context::default(), &hl, &sel).unwrap();
    let px = img.rgba.chunks(4).next().unwrap();
    assert_eq!(px[1], px[0].wrapping_add(1));
    assert_eq!(px[3], 255);
    // Unknown names are the caller's mistake.
    let none = Selection {
        entry: Some("nope"),
        ..Selection::default()
    };
    assert_eq!(
        f.decode(&with_palette, &q1, &none).unwrap_err().code(),
        "lumpkit-no-such-entry"
    );
    // `children` lists the texture with its own report; `extract` writes it as PNG.
    let children = f.children(&Context::default(), &hl).unwrap();
    assert_eq!(children.len(), 1);
    assert_eq!(children[0].name, "floor");
    let mut names = Vec::new();
    let mut sink = |name: &str, item: Extracted<'_>| {
        names.push((name.to_string(), matches!(item, Extracted::Image(_))));
        Ok(())
    };
    assert!(
        f.extract(&Context::default(), &hl, &mut sink)
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        names,
        [
            ("entities.txt".to_string(), false),
            ("textures/floor.png".to_string(), true)
        ]
    );
}

/// Conformance facts for BSP2 and 2PSB: the same map written in each layout by our writer reads
/// exactly as its BSP29 twin (lumps, textures, check verdict, decoded pixels, extracted files).
#[test]
fn bsp2_and_2psb_read_exactly_as_bsp29() {
    use lumpkit::{Status, Version};
    use lumpkit_testgen::q1map::{Q1Kind, Q1Map};
    let f = lumpkit::by_name("bsp").unwrap();
    let palette = [[10u8, 20, 30]; 256];
    let ctx = Context {
        palette: Some(&palette),
        ..Context::default()
    };
    let sel = Selection {
        entry: Some("floor"),
        ..Selection::default()
    };
    let base = Q1Map::valid(Q1Kind::Bsp29).bytes();
    let base_report = f.inspect(&ctx, &base);
    let base_pixels = f.decode(&ctx, &base, &sel).unwrap().rgba;
    for (kind, version) in [
        (Q1Kind::Bsp29, Version::Number(29)),
        (Q1Kind::Bsp2, Version::Name("BSP2".into())),
        (Q1Kind::Bsp2Rmq, Version::Name("2PSB".into())),
    ] {
        let bytes = Q1Map::valid(kind).bytes();
        let path = Path::new("x.bsp");
        assert_eq!(format_of(path, &bytes).name(), "bsp", "{kind:?}");
        let report = f.inspect(&ctx, &bytes);
        assert_eq!(report.status(), Status::Ok, "{kind:?}: {report:?}");
        assert_eq!(report.version, Some(version), "{kind:?}");
        let lumps = report.fields.get("lumps").unwrap();
        assert_eq!(lumps, base_report.fields.get("lumps").unwrap(), "{kind:?}");
        for (name, count) in [
            ("nodes", 1),
            ("faces", 1),
            ("leafs", 2),
            ("marksurfaces", 1),
            ("edges", 5),
            ("surfedges", 4),
            ("lighting", 25),
            ("textures", 1),
        ] {
            assert_eq!(lumps[name], count, "{kind:?} {name}");
        }
        let textures = report.fields.get("textures").unwrap();
        assert_eq!(
            textures,
            &serde_json::json!([{"name": "floor", "width": 16, "height": 16, "external": false}])
        );
        // decode --entry and extract, as for BSP29 (the Quake palette is the caller's).
        assert_eq!(f.decode(&ctx, &bytes, &sel).unwrap().rgba, base_pixels);
        assert_eq!(
            f.decode(&Context::default(), &bytes, &sel)
                .unwrap_err()
                .code(),
            "lumpkit-palette-required"
        );
        let children = f.children(&ctx, &bytes).unwrap();
        assert_eq!(children.len(), 1);
        assert_eq!(children[0].name, "floor");
        let mut names = Vec::new();
        let mut sink = |name: &str, _: Extracted<'_>| {
            names.push(name.to_string());
            Ok(())
        };
        assert!(f.extract(&ctx, &bytes, &mut sink).unwrap().is_empty());
        assert_eq!(names, ["entities.txt", "textures/floor.png"]);
    }
}

/// Issue 12's Quake 1 lighting and vertex rules, per engine family: an unlit face's running
/// offset is not checked, a lit face is checked against its whole lightmap (3 bytes a sample in
/// GoldSrc), and a map without faces may have no vertexes.
#[test]
fn quake1_lighting_is_checked_as_the_engines_read_it() {
    use lumpkit_testgen::q1map::{FACE_SAMPLES, Q1Face, Q1Kind, Q1Map};
    let f = lumpkit::by_name("bsp").unwrap();
    let codes = |m: &Q1Map| -> Vec<&'static str> {
        f.inspect(&Context::default(), &m.bytes())
            .diagnostics
            .iter()
            .map(|d| d.code())
            .collect()
    };
    for kind in [Q1Kind::Bsp29, Q1Kind::Bsp30, Q1Kind::Bsp2, Q1Kind::Bsp2Rmq] {
        let sample = if kind == Q1Kind::Bsp30 { 3 } else { 1 };
        let mut m = Q1Map::valid(kind);
        assert_eq!(m.lighting.len(), FACE_SAMPLES * sample);
        assert!(codes(&m).is_empty(), "{kind:?}");
        // Two styles need twice the bytes.
        m.faces[0].styles = [0, 1, 255, 255];
        assert_eq!(codes(&m), ["bsp-lightmap-past-lump"], "{kind:?}");
        m.lighting.resize(2 * FACE_SAMPLES * sample, 0);
        assert!(codes(&m).is_empty(), "{kind:?}");
        // An unlit face pointing anywhere, and a sky face (TEX_SPECIAL), are never read.
        m.faces.push(Q1Face {
            styles: [255; 4],
            lightofs: 1 << 30,
            ..m.faces[0].clone()
        });
        m.nodes[0].numfaces = 2;
        assert!(codes(&m).is_empty(), "{kind:?}");
        m.faces[1].styles = [0, 255, 255, 255];
        assert_eq!(codes(&m), ["bsp-lightmap-past-lump"], "{kind:?}");
        m.texinfo[0].flags = 1;
        assert!(codes(&m).is_empty(), "{kind:?}");
    }
    // Quake 2 keeps Q2PRO's rule: any offset past the lump, lit or not.
    let mut q2 = lumpkit_testgen::bsp::Q2Map::valid();
    let len = q2.lighting.len() as i32;
    assert!(len > 0);
    q2.faces[0].lightofs = len;
    let report = f.inspect(&Context::default(), &q2.bytes());
    assert!(
        report
            .diagnostics
            .iter()
            .any(|d| d.code() == "bsp-bad-lightofs"),
        "{report:?}"
    );
}

/// The node walk follows only the models' trees, takes no recursion and no allocation of its own,
/// and stays linear on a chain deeper than any recursive walk survives (70,000 nodes, past the
/// 65,536 a 16-bit index can name).
#[test]
fn node_walk_handles_deep_chains_loops_and_shares() {
    use lumpkit_testgen::bsp::{Node, Q2Map};
    let n: i32 = 70_000;
    let mut map = Q2Map::valid();
    // Node i: child 0 is node i + 1 (the last one: leaf 1), child 1 its own leaf i + 2.
    map.nodes = (0..n)
        .map(|i| Node {
            plane: 0,
            children: [if i + 1 < n { i + 1 } else { -2 }, -i - 3],
            firstface: 0,
            numfaces: 0,
        })
        .collect();
    let leaf = map.leafs[3].clone();
    map.leafs.resize(n as usize + 2, leaf);
    let f = lumpkit::by_name("bsp").unwrap();
    let codes = |map: &Q2Map| -> Vec<(String, String)> {
        let bytes = map.bytes();
        f.inspect(&Context::default(), &bytes)
            .diagnostics
            .iter()
            .filter(|d| d.code().starts_with("bsp-node-"))
            .map(|d| (d.code().to_string(), format!("{:?}", d.severity)))
            .collect()
    };
    assert_eq!(codes(&map), vec![]);
    // The last node leads back to the middle of the chain: a loop every engine walks forever.
    let mut looped = map.clone();
    looped.nodes.last_mut().unwrap().children[0] = n / 2;
    assert_eq!(codes(&looped)[0].0, "bsp-node-cycle");
    // The last node reuses the leaf of node n / 2: Q2PRO refuses it, a warning by default.
    let mut shared = map.clone();
    shared.nodes.last_mut().unwrap().children[0] = -(n / 2) - 3;
    assert_eq!(
        codes(&shared),
        vec![("bsp-node-shared".to_string(), "Warning".to_string())]
    );
    // The same loop in a node no model reaches: nothing.
    let mut unreached = map.clone();
    unreached.nodes.push(Node {
        plane: 0,
        children: [n, -3],
        firstface: 0,
        numfaces: 0,
    });
    assert_eq!(codes(&unreached), vec![]);
}
