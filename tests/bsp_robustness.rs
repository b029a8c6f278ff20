//! Robustness of the BSP, PAK and WAL readers: every valid file truncated at every length up to its
//! header and at every structure boundary (lump and entry starts and ends, ±1), and proptest
//! corruption of lump offsets and lengths, of record fields and of visibility data. Every case runs
//! through `lumpkit::exercise::format` (inspect, decode, children, extract, strict and lenient) and
//! must neither panic nor hang; point queries on a corrupted tree must end.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use lumpkit_formats::Ignore;
use lumpkit_formats::q2bsp::{Bsp, Row};
use lumpkit_testgen::bsp::Q2Map;
use proptest::prelude::*;

fn exercise(name: &str, bytes: &[u8]) {
    let f = lumpkit::by_name(name).unwrap();
    lumpkit::exercise::format(f, bytes);
    if let Ok(bsp) = Bsp::parse(bytes, &mut Ignore) {
        for head in [0, -1, 1] {
            let _ = bsp.point_leaf(head, [8.0, -8.0, 8.0]);
        }
        let _ = bsp.cluster_at([0.0; 3]);
        if let Ok(Some(vis)) = bsp.vis(&mut Ignore) {
            let mut row = vec![0u8; vis.row_len()];
            for c in 0..vis.clusters().min(64) {
                let _ = vis.decompress(c, Row::Phs, &mut row);
            }
        }
    }
}

/// Lengths worth cutting at: every length up to `header`, and each boundary ±1.
fn cuts(len: usize, header: usize, boundaries: &[usize]) -> Vec<usize> {
    let mut v: Vec<usize> = (0..=header.min(len)).collect();
    for &b in boundaries {
        for d in [b.saturating_sub(1), b, b + 1] {
            if d <= len {
                v.push(d);
            }
        }
    }
    v.sort_unstable();
    v.dedup();
    v
}

/// Offsets and ends of every lump in a Quake 2 / Quake 1 directory.
fn lump_boundaries(bytes: &[u8], base: usize, count: usize) -> Vec<usize> {
    let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
    (0..count)
        .flat_map(|i| {
            let (ofs, len) = (word(base + i * 8), word(base + i * 8 + 4));
            [ofs, ofs.saturating_add(len)]
        })
        .collect()
}

#[test]
fn truncated_maps_never_panic() {
    let qbism = Q2Map {
        magic: *b"QBSP",
        ..Q2Map::valid()
    };
    let mut files = vec![Q2Map::valid().bytes(), qbism.bytes()];
    files.push(lumpkit_testgen::bsp::q1_map(29, None));
    files.push(lumpkit_testgen::bsp::q1_map(30, None));
    {
        use lumpkit_testgen::q1map::{Q1Kind, Q1Map};
        for kind in [Q1Kind::Bsp29, Q1Kind::Bsp30, Q1Kind::Bsp2, Q1Kind::Bsp2Rmq] {
            files.push(Q1Map::valid(kind).bytes());
        }
    }
    if let Some(dir) = support::shared_corpus("bsp") {
        for f in [
            "vgio_q2_test.bsp",
            "ericw_q1_cube.bsp",
            "qbsp_example-quake2.bsp",
        ] {
            files.push(std::fs::read(dir.join(f)).unwrap());
        }
    }
    let mut cases = 0;
    for bytes in &files {
        let q2 = bytes.starts_with(b"IBSP") || bytes.starts_with(b"QBSP");
        let (base, n, header) = if q2 { (8, 19, 160) } else { (4, 15, 124) };
        for cut in cuts(bytes.len(), header, &lump_boundaries(bytes, base, n)) {
            exercise("bsp", &bytes[..cut]);
            cases += 1;
        }
    }
    eprintln!("{cases} truncated maps");
}

#[test]
fn truncated_paks_and_wals_never_panic() {
    let map = Q2Map::valid().bytes();
    let wal = lumpkit_testgen::wal::wal("e1u1/floor", 16, 16);
    let pak =
        lumpkit_testgen::pak::pak(&[(b"maps/a.bsp", &map), (b"textures/e1u1/floor.wal", &wal)]);
    let dirofs = u32::from_le_bytes(pak[4..8].try_into().unwrap()) as usize;
    let mut bounds = vec![dirofs, dirofs + 64, dirofs + 128];
    bounds.extend([12, 12 + map.len()]);
    for cut in cuts(pak.len(), 12, &bounds) {
        exercise("pak", &pak[..cut]);
    }
    let wal_bounds = [100, 356, 420, 436, 440];
    for cut in cuts(wal.len(), 100, &wal_bounds) {
        exercise("wal", &wal[..cut]);
    }
    if let Some(dir) = support::shared_corpus("pak") {
        for f in ["vgio_q2_test.wal", "ericw_alphamask.wal"] {
            let bytes = std::fs::read(dir.join(f)).unwrap();
            for cut in cuts(bytes.len(), 100, &[1124, 1380, 1444]) {
                exercise("wal", &bytes[..cut]);
            }
        }
    }
}

fn put(bytes: &mut [u8], at: usize, val: &[u8]) {
    if at + val.len() <= bytes.len() {
        bytes[at..at + val.len()].copy_from_slice(val);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn corrupt_lump_directory(lump in 0usize..19, field in 0usize..2, value in prop_oneof![
        any::<u32>(), Just(0u32), Just(u32::MAX), Just(0x8000_0000), 0u32..2048,
    ]) {
        let mut bytes = Q2Map::valid().bytes();
        put(&mut bytes, 8 + lump * 8 + field * 4, &value.to_le_bytes());
        exercise("bsp", &bytes);
    }

    #[test]
    fn corrupt_record_fields(pos in 160usize..2000, value in prop_oneof![
        any::<u32>(), Just(u32::MAX), Just(0x7FFF_FFFF), 0u32..64, Just(0xFFFF_FFF0),
    ], width in prop_oneof![Just(2usize), Just(4usize)], qbism in any::<bool>()) {
        let magic = if qbism { *b"QBSP" } else { *b"IBSP" };
        let mut bytes = Q2Map { magic, ..Q2Map::valid() }.bytes();
        put(&mut bytes, pos, &value.to_le_bytes()[..width]);
        exercise("bsp", &bytes);
    }

    #[test]
    fn corrupt_quake1_family_fields(pos in 4usize..1800, value in prop_oneof![
        any::<u32>(), Just(u32::MAX), Just(0x7FFF_FFFF), 0u32..64, Just(0xFFFF_FFF0), Just(0x7F80_0000),
    ], width in prop_oneof![Just(2usize), Just(4usize)], kind in 0usize..4) {
        use lumpkit_testgen::q1map::{Q1Kind, Q1Map};
        let kind = [Q1Kind::Bsp29, Q1Kind::Bsp30, Q1Kind::Bsp2, Q1Kind::Bsp2Rmq][kind];
        let mut bytes = Q1Map::valid(kind).bytes();
        put(&mut bytes, pos, &value.to_le_bytes()[..width]);
        exercise("bsp", &bytes);
    }

    #[test]
    fn corrupt_tree_indices(node in 0usize..2, child in 0usize..2, value in -8i32..8, head in -4i32..4) {
        let mut map = Q2Map::valid();
        map.nodes[node].children[child] = value;
        map.models[0] = head;
        let bytes = map.bytes();
        exercise("bsp", &bytes);
        let bsp = Bsp::parse(&bytes, &mut Ignore).unwrap();
        // Whatever the tree, a descent ends within the node count.
        let _ = bsp.point_leaf(head, [1.0, 1.0, 1.0]);
        let _ = bsp.point_leaf(head, [-1.0, -1.0, -1.0]);
    }

    #[test]
    fn corrupt_visibility(data in proptest::collection::vec(any::<u8>(), 0..64), clusters in 0u32..40) {
        let mut map = Q2Map::valid();
        map.visibility = clusters.to_le_bytes().to_vec();
        map.visibility.extend_from_slice(&data);
        exercise("bsp", &map.bytes());
    }

    #[test]
    fn anim_loop_check_in_linear_time_agrees_with_walking_each_chain(
        nexts in proptest::collection::vec(-1i32..9, 1..9)
    ) {
        let mut map = Q2Map::valid();
        map.texinfo = nexts
            .iter()
            .map(|&next| lumpkit_testgen::bsp::TexInfo { name: "t", next })
            .collect();
        let bytes = map.bytes();
        let bsp = Bsp::parse(&bytes, &mut Ignore).unwrap();
        let mut scratch = vec![0u64; bsp.scratch_words()];
        let fast = bsp.first_anim_loop(&mut scratch);
        let slow = bsp.first_anim_loop(&mut []);
        prop_assert_eq!(fast.is_some(), slow.is_some());
    }

    #[test]
    fn corrupt_pak_entries(pos in 0usize..400, value in any::<u32>()) {
        let wal = lumpkit_testgen::wal::wal("a", 8, 8);
        let mut pak = lumpkit_testgen::pak::pak(&[(b"a.wal", &wal), (b"b.pak", b"PACK")]);
        put(&mut pak, pos, &value.to_le_bytes());
        exercise("pak", &pak);
    }

    #[test]
    fn corrupt_wal_header(pos in 0usize..100, value in any::<u32>()) {
        let mut wal = lumpkit_testgen::wal::wal("a", 16, 16);
        put(&mut wal, pos, &value.to_le_bytes());
        exercise("wal", &wal);
    }
}

/// Hexen II maps (BSP29 with 80-byte model records) are told from Quake's as ericw-tools tells
/// them, read with Hexen II's record (every model, its eight head nodes), and judged against the
/// Hexen II engine; a Quake map whose models lump is a whole number of both record sizes stays
/// Quake's.
#[test]
fn hexen2_maps_are_told_apart_and_read_with_their_model_record() {
    use lumpkit_formats::q1bsp::{Bsp1, Game};
    let samples = lumpkit_testgen::bsp::samples();
    let bytes = |name: &str| {
        samples
            .iter()
            .find(|s| s.name == name)
            .map(|s| s.bytes.clone())
            .unwrap()
    };
    for (name, game, models) in [
        ("h2_valid.bsp", Game::Hexen2, 1),
        ("h2_valid_4_models.bsp", Game::Hexen2, 4),
        ("q1_valid_5_models.bsp", Game::Quake, 5),
        ("q1_lit_valid.bsp", Game::Quake, 1),
        ("hl_lit_valid.bsp", Game::GoldSrc, 1),
    ] {
        let file = bytes(name);
        let bsp = Bsp1::parse(&file, &mut lumpkit_formats::Strict(Ignore)).unwrap();
        assert_eq!(bsp.game, game, "{name}");
        assert!(bsp.clean, "{name}");
        assert_eq!(bsp.models().count(), models, "{name}");
        assert_eq!(bsp.model_count(), models, "{name}");
        let report = lumpkit::by_name("bsp")
            .unwrap()
            .inspect(&lumpkit::Context::default(), &file);
        assert_eq!(report.fields["game"], game.name(), "{name}");
        assert!(
            report.diagnostics.is_empty(),
            "{name}: {:?}",
            report.diagnostics
        );
    }
    // Hull 5 (traced by Hexen II, absent from Quake's record) past the clipnodes.
    let file = bytes("h2_bad_clip_headnode.bsp");
    let report = lumpkit::by_name("bsp")
        .unwrap()
        .inspect(&lumpkit::Context::default(), &file);
    let d = &report.diagnostics[0];
    assert_eq!((d.code(), d.args), ("bsp-bad-clip-headnode", [0, 7, 5]));
    // Its engines: Hexen II's alone.
    let file = bytes("h2_miptex_not_16.bsp");
    let report = lumpkit::by_name("bsp")
        .unwrap()
        .inspect(&lumpkit::Context::default(), &file);
    assert_eq!(
        report.fields["engines"]["refused_by"]["hexen2"][0],
        "16-pixel alignment"
    );
}
