//! WoW M2 models (`m2`) and their skin profiles (`skin`): inspection and the render state of every
//! material, as `info --json` prints them (DESIGN.md: `version`, `name`, `counts`, `materials` as
//! `{flags, blending_mode, render_state}`; `.skin` adds `counts` `{vertices, indices, submeshes,
//! batches}`).
//!
//! A `.skin` file names no model, but the client loads `Name00.skin` … `Name03.skin` beside
//! `Name.m2`; when that model is there (and parses), each batch is checked against its materials and
//! texture lookup, and gets the render state of its material.

use std::path::{Path, PathBuf};

use lumpkit_formats::m2::layout::Field;
use lumpkit_formats::m2::raw::{Batch, BoundingBox, Material};
use lumpkit_formats::m2::render::{self, Generation, RenderError, RenderState};
use lumpkit_formats::m2::{self as container, M2, Skin};
use lumpkit_formats::{Ignore, Sink};
use serde_json::{Map, Value, json};

use crate::{Context, Format, Input, OpenMode, Report, Version};

/// Rough bytes one listed record (a material with its render state, a batch) costs as JSON. Lists
/// are cut at `limits.max_alloc / LISTED_RECORD_COST` records, so a file of a million tiny
/// materials cannot make `info` allocate gigabytes; real models have a few dozen.
const LISTED_RECORD_COST: u64 = 4096;

/// How many records of one list `info` prints under `ctx`'s limits.
fn list_cap(ctx: &Context<'_>) -> usize {
    usize::try_from(ctx.limits.max_alloc / LISTED_RECORD_COST)
        .unwrap_or(usize::MAX)
        .max(1)
}

/// Notes in the report that `list` was cut to `cap` records.
fn note_cut(report: &mut Report, list: &str, len: usize, cap: usize) {
    if len > cap {
        let mut cut = report
            .fields
            .get("lists_truncated")
            .cloned()
            .unwrap_or_else(|| json!({}));
        if let Some(obj) = cut.as_object_mut() {
            obj.insert(list.into(), json!({"listed": cap, "total": len}));
        }
        report.set("lists_truncated", cut);
    }
}

/// M2 models: `MD20`, or chunked files whose first chunk is `MD21`.
#[derive(Debug)]
pub struct M2Format;

/// Skin profiles (`SKIN`, version 264 on).
#[derive(Debug)]
pub struct SkinFormat;

impl Format for M2Format {
    fn name(&self) -> &'static str {
        "m2"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["m2"]
    }

    fn sniff(&self, bytes: &[u8]) -> bool {
        bytes.starts_with(b"MD20") || bytes.starts_with(b"MD21")
    }

    /// A `.m2` without either magic is still checked as a model, so that it is reported as a broken
    /// model rather than as an unknown file.
    fn sniff_by_extension_only(&self) -> bool {
        true
    }

    fn inspect(&self, ctx: &Context<'_>, bytes: &[u8]) -> Report {
        let mut report = Report::for_context("m2", ctx);
        report.version = container::peek_version(bytes).map(Version::from);
        let parsed = M2::parse(bytes, &mut report.sink(ctx.strict));
        match parsed {
            Ok(model) => describe_model(&mut report, &model, list_cap(ctx)),
            Err(e) => report.fail(e),
        }
        report
    }
}

impl Format for SkinFormat {
    fn name(&self) -> &'static str {
        "skin"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["skin"]
    }

    fn sniff(&self, bytes: &[u8]) -> bool {
        bytes.starts_with(&container::skin::MAGIC)
    }

    /// A `.skin` without the magic is checked as a skin (and reported as one with a bad magic).
    fn sniff_by_extension_only(&self) -> bool {
        true
    }

    fn inspect(&self, ctx: &Context<'_>, bytes: &[u8]) -> Report {
        let mut report = Report::for_context("skin", ctx);
        let parsed = Skin::parse(bytes, &mut report.sink(ctx.strict));
        let skin = match parsed {
            Ok(skin) => skin,
            Err(e) => {
                report.fail(e);
                return report;
            }
        };
        report.version = Some("SKIN".into());
        let sibling = ctx.path.and_then(model_path_of_skin);
        let model_input = sibling
            .as_deref()
            .and_then(|p| Input::open(p, OpenMode::Map).ok());
        let model = model_input
            .as_deref()
            .and_then(|b| M2::parse(b, &mut Ignore).ok());
        if let Some(model) = &model {
            let checked = skin.validate(
                Some(model.facts()),
                &mut SkinOnlyModelRules(report.sink(ctx.strict)),
            );
            if let Err(e) = checked {
                report.fail(e);
            }
            if let Some(p) = &sibling {
                report.set("model", p.display().to_string());
            }
        }
        describe_skin(&mut report, &skin, model.as_ref(), list_cap(ctx));
        report
    }
}

/// Forwards only the rules that need the model (the skin's own were reported by `Skin::parse`).
struct SkinOnlyModelRules<S>(S);

impl<S: Sink> Sink for SkinOnlyModelRules<S> {
    fn report(&mut self, d: lumpkit_formats::Diagnostic) -> Result<(), lumpkit_formats::Error> {
        use container::rules::{SKIN_BATCH_MATERIAL, SKIN_BATCH_TEXTURE, SKIN_VERTEX_OUT_OF_RANGE};
        if [
            &SKIN_BATCH_MATERIAL,
            &SKIN_BATCH_TEXTURE,
            &SKIN_VERTEX_OUT_OF_RANGE,
        ]
        .contains(&d.rule)
        {
            self.0.report(d)?;
        }
        Ok(())
    }
}

/// `Name00.skin` → `Name.m2` (the two digits are the profile index), when that file exists.
fn model_path_of_skin(path: &Path) -> Option<PathBuf> {
    let stem = path.file_stem()?.to_str()?;
    let base = stem.get(..stem.len().checked_sub(2)?)?;
    let digits = stem.get(base.len()..)?;
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let candidate = path.with_file_name(format!("{base}.m2"));
    candidate.is_file().then_some(candidate)
}

fn describe_model(report: &mut Report, model: &M2<'_>, cap: usize) {
    if !report.wants_fields() {
        return;
    }
    let generation = Generation::from_version(model.version());
    report.set(
        "name",
        model.name().map_or(Value::Null, |n| {
            String::from_utf8_lossy(n).into_owned().into()
        }),
    );
    report.set("global_flags", model.global_flags());
    report.set("generation", generation.name());
    report.set("chunked", model.is_chunked());
    let mut counts = Map::new();
    for (key, field) in [
        ("vertices", Field::Vertices),
        ("textures", Field::Textures),
        ("materials", Field::Materials),
        ("texture_lookup", Field::TextureLookup),
        ("texture_units", Field::TextureUnitLookup),
        ("sequences", Field::Sequences),
        ("bones", Field::Bones),
        ("colors", Field::Colors),
        ("texture_weights", Field::TextureWeights),
        ("attachments", Field::Attachments),
        ("lights", Field::Lights),
        ("cameras", Field::Cameras),
        ("ribbons", Field::Ribbons),
        ("particles", Field::Particles),
    ] {
        counts.insert(key.into(), model.count(field).into());
    }
    counts.insert("views".into(), model.skin_profile_count().into());
    if let Ok(Some(o)) = model.blend_map_overrides() {
        counts.insert("blend_map_overrides".into(), o.len().into());
    }
    report.set("counts", Value::Object(counts));
    let all_textures = model.textures().unwrap_or(&[]);
    note_cut(report, "textures", all_textures.len(), cap);
    let textures: Vec<Value> = all_textures
        .iter()
        .take(cap)
        .enumerate()
        .map(|(i, t)| {
            let name = model.texture_filename(i).map_or(Value::Null, |n| {
                String::from_utf8_lossy(n).into_owned().into()
            });
            json!({"type": t.kind.get(), "flags": t.flags.get(), "filename": name})
        })
        .collect();
    report.set("textures", textures);
    let all_materials = model.materials().unwrap_or(&[]);
    note_cut(report, "materials", all_materials.len(), cap);
    let materials: Vec<Value> = all_materials
        .iter()
        .take(cap)
        .map(|m| material_json(m, model.version()))
        .collect();
    report.set("materials", materials);
    report.set("bounding_box", bounding_box_json(&model.bounding_box()));
    if model.is_chunked() {
        let chunks: Vec<Value> = model
            .chunks()
            .into_iter()
            .map(|c| json!({"id": String::from_utf8_lossy(&c.id), "size": c.data.len()}))
            .collect();
        report.set("chunks", chunks);
        let ids = |v: &[lumpkit_formats::m2::chunks::FileId]| {
            v.iter().map(|x| x.get()).collect::<Vec<u32>>()
        };
        report.set("skin_file_ids", ids(model.skin_file_ids()));
        report.set("texture_file_ids", ids(model.texture_file_ids()));
    }
    let views: Vec<Value> = (0..model
        .count(Field::Views)
        .min(container::model::MAX_CHECKED_VIEWS))
        .filter_map(|i| model.embedded_view(i)?.ok())
        .map(|v| {
            let [vertices, indices, submeshes, batches] = v.counts();
            json!({"counts": {"vertices": vertices, "indices": indices, "submeshes": submeshes, "batches": batches}})
        })
        .collect();
    if !views.is_empty() {
        report.set("views", views);
    }
}

fn describe_skin(report: &mut Report, skin: &Skin<'_>, model: Option<&M2<'_>>, cap: usize) {
    if !report.wants_fields() {
        return;
    }
    let [vertices, indices, submeshes, batches] = skin.counts();
    report.set(
        "counts",
        json!({
            "vertices": vertices,
            "indices": indices,
            "submeshes": submeshes,
            "batches": batches,
            "bones": skin.header().bones.count.get(),
        }),
    );
    report.set("bone_count_max", skin.header().bone_count_max.get());
    let all_batches = skin.batches().unwrap_or(&[]);
    note_cut(report, "batches", all_batches.len(), cap);
    let list: Vec<Value> = all_batches
        .iter()
        .take(cap)
        .map(|b| {
            let mut v = batch_json(b);
            if let (Some(m), Some(obj)) = (model, v.as_object_mut()) {
                let state = match m.batch_material(b) {
                    Ok(mat) => {
                        let g = Generation::for_material(m.version(), mat.blending_mode.get());
                        render::material_render_state(mat, g)
                    }
                    Err(e) => Err(RenderError::Material(e)),
                };
                obj.insert("render_state".into(), render_state_json(state));
            }
            v
        })
        .collect();
    report.set("batches", list);
}

fn batch_json(b: &Batch) -> Value {
    json!({
        "flags": b.flags,
        "priority_plane": b.priority_plane,
        "shader_id": b.shader_id.get(),
        "submesh": b.submesh_index.get(),
        "color": b.color_index.get(),
        "material": b.material_index.get(),
        "material_layer": b.material_layer.get(),
        "texture_count": b.texture_count.get(),
        "texture_combo": b.texture_combo_index.get(),
        "texture_coord_combo": b.texture_coord_combo_index.get(),
        "texture_weight_combo": b.texture_weight_combo_index.get(),
        "texture_transform_combo": b.texture_transform_combo_index.get(),
    })
}

fn material_json(m: &Material, version: u32) -> Value {
    let generation = Generation::for_material(version, m.blending_mode.get());
    json!({
        "flags": m.flags.get(),
        "blending_mode": m.blending_mode.get(),
        "render_state": render_state_json(render::material_render_state(m, generation)),
    })
}

fn bounding_box_json(b: &BoundingBox) -> Value {
    let v = |p: &lumpkit_formats::m2::raw::Vec3| json!([p.x.get(), p.y.get(), p.z.get()]);
    json!({"min": v(&b.min), "max": v(&b.max)})
}

/// The render state as JSON, or `null` with the reason when there is none.
pub fn render_state_json(state: Result<RenderState, RenderError>) -> Value {
    let s = match state {
        Ok(s) => s,
        Err(e) => {
            let why = match e {
                RenderError::UnknownBlendingMode(_) => "unknown blending mode".to_string(),
                RenderError::BlendAddUnavailable => {
                    "BlendAdd does not exist in this generation".to_string()
                }
                RenderError::Material(e) => e.to_string(),
            };
            return json!({"error": why});
        }
    };
    let b = s.blend;
    let alpha = s.effective_alpha_factors();
    json!({
        "generation": s.generation.name(),
        "blend_state_index": b.index,
        "blend_state": b.name,
        "blending_enabled": b.enabled,
        "src_color": b.src_color.gl(),
        "dst_color": b.dst_color.gl(),
        "src_alpha": b.src_alpha.gl(),
        "dst_alpha": b.dst_alpha.gl(),
        "d3d": {
            "src_color": b.src_color.d3d(),
            "dst_color": b.dst_color.d3d(),
            "src_alpha": b.src_alpha.d3d(),
            "dst_alpha": b.dst_alpha.d3d(),
        },
        "separate_alpha": s.separate_alpha,
        "effective_alpha": alpha.map(|(src, dst)| json!([src.gl(), dst.gl()])),
        "fog_mode": s.fog as u8,
        "fog_certainty": s.fog_certainty.name(),
        "fog_disabled_underwater": s.fog_disabled_underwater,
        "lighting_mode": s.lighting as u8,
        "lighting_certainty": s.lighting_certainty.name(),
        "alpha_test": "GREATEREQUAL",
        "alpha_ref": s.alpha_ref.base,
        "alpha_ref_times_element_alpha": s.alpha_ref.scales_with_element_alpha,
        "two_sided": s.two_sided,
        "depth_test": s.depth_test,
        "depth_write": s.depth_write,
    })
}
