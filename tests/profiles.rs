//! Engine profiles: every corpus file that names targets (`corpus/<fmt>/targets.tsv`) gets exactly
//! that verdict under each target, with the same codes as without one; the committed `targets.tsv`
//! is what the writers generate; the JSON of an engine-dependent finding carries its limit fields;
//! and the profile tables hold together (every engine row has a source, the ids resolve).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::collections::BTreeSet;

use lumpkit::check::check_tree;
use lumpkit::{Context, Engine, Severity, Targets};
use lumpkit_formats::profiles::{self, CONDITIONS};

fn check(path: &std::path::Path, bytes: &[u8], targets: Targets) -> lumpkit::Report {
    let ctx = Context {
        path: Some(path),
        targets,
        ..Context::default()
    };
    let mut out = Vec::new();
    check_tree(&ctx, &path.display().to_string(), bytes, &mut out);
    out.swap_remove(0).report
}

#[test]
fn every_targeted_sample_gets_its_verdict_under_each_target() {
    let mut failures = Vec::new();
    let mut runs = 0;
    for (folder, samples) in lumpkit_testgen::all() {
        for s in samples.iter().filter(|s| !s.targets.is_empty()) {
            let path = support::workspace_root().join(format!("corpus/{folder}/{}", s.name));
            let want: BTreeSet<&str> = s.codes.iter().copied().collect();
            for (engine, status) in &s.targets {
                let engine = Engine::from_name(engine).unwrap();
                let report = check(&path, &s.bytes, Targets::of(engine));
                let codes: BTreeSet<&str> = report.diagnostics.iter().map(|d| d.code()).collect();
                let got = report.status().as_str();
                runs += 1;
                if got != *status || codes != want {
                    failures.push(format!(
                        "{folder}/{} --target {}: got {got} {codes:?}, want {status} {want:?}",
                        s.name,
                        engine.name()
                    ));
                }
            }
        }
    }
    assert!(runs > 0, "no sample names a target");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn committed_targets_tsv_is_what_the_writers_generate() {
    let root = support::workspace_root().join("corpus");
    for (folder, samples) in lumpkit_testgen::all() {
        let path = root.join(folder).join("targets.tsv");
        match lumpkit_testgen::targets_tsv(&samples) {
            Some(text) => assert_eq!(
                std::fs::read_to_string(&path).unwrap_or_default(),
                text,
                "{folder}/targets.tsv is stale; run gen-corpus"
            ),
            None => assert!(!path.exists(), "{folder}/targets.tsv has no samples"),
        }
    }
}

#[test]
fn targets_that_disagree_make_it_an_error() {
    let samples = lumpkit_testgen::bsp_limits::samples();
    let s = samples
        .iter()
        .find(|s| s.name == "limit_q1_visleafs.bsp")
        .unwrap();
    let path = std::path::Path::new("limit_q1_visleafs.bsp");
    let both = Targets::of(Engine::QuakeSpasm).with(Engine::Quake);
    assert_eq!(check(path, &s.bytes, both).status().as_str(), "error");
    let ports = Targets::of(Engine::QuakeSpasm).with(Engine::Xash3d);
    let report = check(path, &s.bytes, ports);
    assert_eq!(report.status().as_str(), "ok");
    assert_eq!(report.diagnostics[0].severity(), Severity::Info);
}

#[test]
fn json_names_the_limit_and_both_sides() {
    let samples = lumpkit_testgen::bsp_limits::samples();
    let s = samples
        .iter()
        .find(|s| s.name == "limit_q1_visleafs.bsp")
        .unwrap();
    let report = check(std::path::Path::new("x.bsp"), &s.bytes, Targets::NONE);
    let d = lumpkit::report::diagnostic_json(&report.diagnostics[0]);
    assert_eq!(d["code"], "bsp-limit-exceeded");
    assert_eq!(d["severity"], "warning");
    assert_eq!(d["limit"], "MAX_MAP_LEAFS");
    assert_eq!(d["value"], 8193);
    assert_eq!(d["refused_by"], serde_json::json!(["quake"]));
    assert_eq!(d["loaded_by"], serde_json::json!(["quakespasm", "xash3d"]));
    assert_eq!(d["limits"]["quake"], 8192);
    let message = d["message"].as_str().unwrap();
    assert!(
        message.starts_with("8193 visleafs exceed MAX_MAP_LEAFS 8192")
            && message.contains("refused by quake (8192); loads in quakespasm, xash3d"),
        "{message}"
    );
}

#[test]
fn every_condition_row_has_a_source_and_resolves() {
    for (i, c) in CONDITIONS.iter().enumerate() {
        assert!(!c.engines.is_empty(), "{} has no engines", c.limit);
        for e in c.engines {
            assert!(
                e.source.contains('/') && e.source.len() > 20,
                "{} / {}: no source",
                c.limit,
                e.engine.name()
            );
        }
        let limit = c.min_limit().unwrap();
        let d = c.check(limit + 1, 0).unwrap();
        assert!(
            core::ptr::eq(profiles::condition_of(&d).unwrap(), *c),
            "{i}"
        );
        assert!(c.check(limit, 0).is_none(), "{}: at the limit", c.limit);
    }
}

#[test]
fn engine_names_round_trip() {
    for e in Engine::ALL {
        assert_eq!(Engine::from_name(e.name()), Some(e));
    }
    assert_eq!(Engine::from_name("doom"), None);
}

#[test]
fn a_mis_draw_is_info_by_default_and_names_both_sides() {
    let samples = lumpkit_testgen::blp::samples();
    let s = samples.iter().find(|s| s.name == "npot-24x16.blp").unwrap();
    let path = std::path::Path::new("npot-24x16.blp");
    let report = check(path, &s.bytes, Targets::NONE);
    let d = lumpkit::report::diagnostic_json(&report.diagnostics[0]);
    assert_eq!(d["code"], "blp-dimension-not-power-of-two");
    assert_eq!(d["severity"], "info");
    assert_eq!(d["value"], 24);
    assert_eq!(
        d["refused_by"],
        serde_json::json!(["wow-3.3.5", "wow-retail"])
    );
    assert_eq!(
        d["loaded_by"],
        serde_json::json!([
            "wc3-1.26",
            "wc3-1.27b",
            "wc3-1.28",
            "wc3-1.31",
            "wc3-reforged"
        ])
    );
    let message = d["message"].as_str().unwrap();
    assert!(
        message.contains("solid green")
            && message.contains("drawn wrong by wow-3.3.5, wow-retail")
            && message.contains("loads in wc3-1.26"),
        "{message}"
    );
    assert!(!message.contains("refused by"), "{message}");
    // Both families chosen: WoW's mis-draw is a warning, never an error.
    let both = Targets::of(Engine::Wc3_126).with(Engine::WowRetail);
    let report = check(path, &s.bytes, both);
    assert_eq!(report.diagnostics[0].severity(), Severity::Warning);
}

#[test]
fn a_mis_drawn_sky_is_not_a_refusal_in_the_engine_verdicts() {
    let samples = lumpkit_testgen::bsp_textures::samples();
    let s = samples
        .iter()
        .find(|s| s.name == "q1_sky_size.bsp")
        .unwrap();
    let path = std::path::Path::new("q1_sky_size.bsp");
    let report = check(path, &s.bytes, Targets::NONE);
    let d = lumpkit::report::diagnostic_json(&report.diagnostics[0]);
    assert_eq!(d["code"], "bsp-sky-size");
    let message = d["message"].as_str().unwrap();
    assert!(message.contains("drawn wrong by quake"), "{message}");
    // `info`'s verdicts at a glance: Quake loads the map (its sky is garbled), so no engine
    // refuses it.
    let verdicts = lumpkit::engines::verdicts(
        &report,
        &[Engine::Quake, Engine::QuakeSpasm, Engine::Xash3d],
    );
    let engines = serde_json::to_value(&verdicts).unwrap();
    assert_eq!(
        engines["loads_in"],
        serde_json::json!(["quake", "quakespasm", "xash3d"]),
        "{engines}"
    );
    assert!(
        !engines["summary"].as_str().unwrap().contains("refused"),
        "{engines}"
    );
}

/// Vanilla Quake's `Mod_LoadTextures` refuses the whole map at its first texture that is not
/// 16-aligned: under `--target quake` the map itself is an error (its `engines` verdict names
/// Quake), and its texture's own record does not repeat the finding.
#[test]
fn a_map_texture_that_is_not_16_aligned_is_the_maps_finding() {
    let samples = lumpkit_testgen::bsp_textures::samples();
    let s = samples
        .iter()
        .find(|s| s.name == "q1_miptex_not_16.bsp")
        .unwrap();
    let path = std::path::Path::new("q1_miptex_not_16.bsp");
    let ctx = Context {
        path: Some(path),
        targets: Targets::of(Engine::Quake),
        ..Context::default()
    };
    let mut out = Vec::new();
    check_tree(&ctx, "q1_miptex_not_16.bsp", &s.bytes, &mut out);
    let code = "miptex-size-not-multiple-of-16";
    let map = &out[0].report;
    assert_eq!(map.status().as_str(), "error");
    assert_eq!(map.diagnostics.len(), 1);
    assert_eq!(map.diagnostics[0].code(), code);
    let verdicts = lumpkit::engines::verdicts(map, &[Engine::Quake, Engine::QuakeSpasm]);
    assert_eq!(verdicts.loads_in, ["quakespasm"]);
    assert!(out.len() > 1, "the textures are listed");
    for member in &out[1..] {
        assert!(
            member.report.diagnostics.iter().all(|d| d.code() != code),
            "{} repeats it",
            member.path
        );
    }
}
