//! M2 and skin conformance: every row of `../shared/corpus/m2/expected.tsv` (versions, counts, each
//! material's flags and blending mode) through the same `info` report the CLI prints, and the render
//! tables against the spec file `../shared/specs/m2-rendering.txt`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use lumpkit::Context;
use lumpkit_formats::m2::render::{BLEND_STATES, BLENDING_MODE_TO_STATE};
use serde_json::Value;

fn info(path: &std::path::Path) -> Value {
    let bytes = std::fs::read(path).unwrap();
    let ctx = Context {
        path: Some(path),
        ..Context::default()
    };
    let report = match lumpkit::sniff(&bytes, Some(path)) {
        lumpkit::registry::Sniffed::Known(f) => f.inspect(&ctx, &bytes),
        other => panic!("{}: sniffed as {other:?}", path.display()),
    };
    report.to_json(&path.display().to_string())
}

#[test]
fn every_expected_fact_matches() {
    let Some((dir, facts)) = support::shared_facts("m2") else {
        return;
    };
    let mut failures = Vec::new();
    let mut checked = 0;
    for fact in &facts {
        let j = info(&dir.join(&fact.file));
        let got = match fact.kind.as_str() {
            "version" => j["version"].to_string(),
            "m2-count" => j["counts"][fact.key.as_str()].to_string(),
            "m2-material" => {
                let i: usize = fact.key.strip_prefix("i=").unwrap().parse().unwrap();
                let m = &j["materials"][i];
                format!("{},{}", m["flags"], m["blending_mode"])
            }
            other => panic!("unknown fact kind {other}"),
        };
        checked += 1;
        if got != fact.expected {
            failures.push(format!(
                "{} {} {}: want {} got {got}",
                fact.file, fact.kind, fact.key, fact.expected
            ));
        }
    }
    support::assert_facts_match("m2", checked, &failures);
}

#[test]
fn real_models_are_clean_and_known_bad_files_name_their_fault() {
    let Some(dir) = support::shared_corpus("m2") else {
        return;
    };
    let expect = [
        ("blizzardry_Rabbit.m2", "ok", None),
        ("jswmv_scourgefemale_v264.m2", "ok", None),
        ("jswmv_arthaslichking_unarmed.m2", "ok", None),
        ("jswmv_axe_1h_blacksmithing_d_01.m2", "ok", None),
        ("blizzardry_Rabbit00.skin", "ok", None),
        ("jswmv_scourgefemale00.skin", "ok", None),
        (
            "bad_v264_materials_offset_past_eof.m2",
            "error",
            Some("m2-array-past-eof"),
        ),
        (
            "bad_v264_vertex_count_u32max.m2",
            "error",
            Some("m2-array-size-overflow"),
        ),
        (
            "bad_v264_truncated_header_100b.m2",
            "error",
            Some("m2-header-truncated"),
        ),
        (
            "bad_v274_md21_chunk_size_past_eof.m2",
            "error",
            Some("m2-md21-chunk-past-eof"),
        ),
        (
            "odd_v264_materials_overlap_textures.m2",
            "warning",
            Some("m2-array-overlap"),
        ),
    ];
    for (file, status, code) in expect {
        let j = info(&dir.join(file));
        assert_eq!(j["status"], status, "{file}: {j}");
        let codes: Vec<&str> = j["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["code"].as_str().unwrap())
            .collect();
        assert_eq!(codes, code.into_iter().collect::<Vec<_>>(), "{file}");
    }
    // The real v264 model's materials carry a render state; its skin's batches reach them.
    let j = info(&dir.join("blizzardry_Rabbit00.skin"));
    let state = &j["batches"][0]["render_state"];
    assert_eq!(state["blend_state"], "Blend_AlphaKey");
    assert_eq!(state["generation"], "wotlk");
}

#[test]
fn blend_table_matches_the_spec_file() {
    let Some(spec) = support::shared_path("specs/m2-rendering.txt") else {
        return;
    };
    let text = std::fs::read_to_string(spec).unwrap();
    let rows: Vec<Vec<String>> = text
        .lines()
        .map(|l| {
            l.split('|')
                .map(|c| c.trim().to_string())
                .filter(|c| !c.is_empty())
                .collect::<Vec<_>>()
        })
        .filter(|c| c.len() == 7 && c[0].parse::<u8>().is_ok() && c[1].starts_with("Blend_"))
        .collect();
    assert_eq!(
        rows.len(),
        BLEND_STATES.len(),
        "the spec has 14 blend-state rows"
    );
    for (row, state) in rows.iter().zip(BLEND_STATES.iter()) {
        let enabled = match row[2].as_str() {
            "Enabled" => true,
            "Disabled" => false,
            other => panic!("{other}"),
        };
        let ours = [
            state.index.to_string(),
            state.name.to_string(),
            row[2].clone(),
            state.src_color.gl().to_string(),
            state.dst_color.gl().to_string(),
            state.src_alpha.gl().to_string(),
            state.dst_alpha.gl().to_string(),
        ];
        assert_eq!(ours.as_slice(), row.as_slice());
        assert_eq!(state.enabled, enabled);
    }
    assert!(text.contains("{ 0, 1, 2, 10, 3, 4, 5 }"));
    assert_eq!(BLENDING_MODE_TO_STATE[..7], [0, 1, 2, 10, 3, 4, 5]);
    assert!(
        text.contains("(224.0 / 255.0) * element->alpha")
            && text.contains("(128.0 / 255.0) * element->alpha")
    );
}

/// The real profiles against their real models: every skeleton and batch index rule holds (no
/// diagnostic at all), and each weighted vertex influence reaches the same bone through the
/// profile's path (`bone_lookup[submesh.bone_combo_index + skin bone]`) as through the model vertex's
/// own index, which is why `m2-vertex-bone-index` checks model vertex indices against the bones.
#[test]
fn real_skeletons_hold_and_vertex_bones_name_bones_directly() {
    use lumpkit_formats::Ignore;
    use lumpkit_formats::diag::FnSink;
    use lumpkit_formats::m2::{M2, Skin};
    let Some(dir) = support::shared_corpus("m2") else {
        return;
    };
    let pairs = [
        ("blizzardry_Rabbit.m2", "blizzardry_Rabbit00.skin"),
        (
            "jswmv_axe_1h_blacksmithing_d_01.m2",
            "jswmv_axe_1h_blacksmithing_d_0100.skin",
        ),
        ("jswmv_scourgefemale_v264.m2", "jswmv_scourgefemale00.skin"),
        ("jswmv_scourgefemale_v264.m2", "jswmv_scourgefemale01.skin"),
        ("jswmv_scourgefemale_v264.m2", "jswmv_scourgefemale02.skin"),
    ];
    for (model_file, skin_file) in pairs {
        let model_bytes = std::fs::read(dir.join(model_file)).unwrap();
        let skin_bytes = std::fs::read(dir.join(skin_file)).unwrap();
        let mut found = Vec::new();
        let mut sink = FnSink(|d: lumpkit_formats::Diagnostic| found.push(d.to_string()));
        let model = M2::parse(&model_bytes, &mut sink).unwrap();
        let skin = Skin::parse(&skin_bytes, &mut Ignore).unwrap();
        skin.validate(Some(model.facts()), &mut sink).unwrap();
        assert!(found.is_empty(), "{skin_file}: {found:?}");
        let bones = model.bones().unwrap();
        assert!(!bones.is_empty() && bones.find_cycle().is_none());
        let lookup = model.bone_lookup().unwrap();
        let vertices = model.vertices().unwrap();
        let local = skin.vertices().unwrap();
        let slots = skin.bones().unwrap();
        let mut weighted = 0;
        for sub in skin.submeshes().unwrap().iter() {
            let start = usize::from(sub.vertex_start.get());
            for l in start..start + usize::from(sub.vertex_count.get()) {
                let v = &vertices[usize::from(local[l].get())];
                let influences = v.bone_weights.iter().zip(v.bone_indices).zip(slots[l]);
                for (k, ((&weight, bone), slot)) in influences.enumerate() {
                    if weight == 0 {
                        continue;
                    }
                    let entry = usize::from(sub.bone_combo_index.get()) + usize::from(slot);
                    assert_eq!(
                        lookup[entry].get(),
                        u16::from(bone),
                        "{skin_file}: local vertex {l} influence {k}"
                    );
                    weighted += 1;
                }
            }
        }
        assert!(weighted > 300, "{skin_file}: only {weighted} influences");
    }
}

#[test]
fn a_batch_without_material_says_why_at_the_batch_itself() {
    // corpus/m2/skinpair_v26403.skin: batch 0 names material 20 of a one-material model.
    let j = info(&support::workspace_root().join("corpus/m2/skinpair_v26403.skin"));
    let diagnostic = &j["diagnostics"][0];
    assert_eq!(diagnostic["code"], "skin-batch-material-out-of-range");
    let why = j["batches"][0]["render_state"]["error"].as_str().unwrap();
    // The same rule, batch and offset as the file's own diagnostic (not the model's start).
    let at = diagnostic["offset"].as_u64().unwrap();
    assert_ne!(at, 0);
    assert_eq!(
        why,
        format!(
            "skin-batch-material-out-of-range: {} (at byte {at})",
            diagnostic["message"].as_str().unwrap()
        )
    );
}
