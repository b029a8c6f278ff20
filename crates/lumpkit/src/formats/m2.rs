//! WoW M2 models (`m2`) and their skin profiles (`skin`): inspection and the render state of every
//! material, as `info --json` prints them (DESIGN.md: `version`, `name`, `counts`, `materials` as
//! `{flags, blending_mode, render_state}`; `.skin` adds `counts` `{vertices, indices, submeshes,
//! batches}`).
//!
//! A `.skin` file names no model, but the client loads `Name00.skin` … `Name03.skin` beside
//! `Name.m2`; when that model is there (and parses), each batch is checked against its materials,
//! texture and transparency lookups and colours, each submesh's bone palette against the bone
//! lookup, and each batch gets the render state of its material.

use std::path::{Path, PathBuf};

use lumpkit_formats::m2::layout::Field;
use lumpkit_formats::m2::raw::{Batch, BoundingBox};
use lumpkit_formats::m2::render::{self, Generation, RenderError, RenderState};
use lumpkit_formats::m2::{self as container, M2, Skin};
use lumpkit_formats::{Ignore, Sink};
use serde::Serialize;
use serde_json::{Value, json};

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
            Ok(model) => {
                if report.wants_fields() {
                    report.set_info(describe_model(&model, list_cap(ctx)));
                }
            }
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
        }
        if report.wants_fields() {
            let model_path = model.as_ref().and(sibling.as_ref());
            let info = describe_skin(&skin, model.as_ref(), list_cap(ctx));
            report.set_info(SkinInfo {
                model: model_path.map(|p| p.display().to_string()),
                ..info
            });
        }
        report
    }
}

/// Forwards only the rules that need the model (the skin's own were reported by `Skin::parse`).
struct SkinOnlyModelRules<S>(S);

impl<S: Sink> Sink for SkinOnlyModelRules<S> {
    fn report(&mut self, d: lumpkit_formats::Diagnostic) -> Result<(), lumpkit_formats::Error> {
        use container::rules::{
            SKIN_BATCH_COLOR, SKIN_BATCH_MATERIAL, SKIN_BATCH_TEXTURE, SKIN_BATCH_WEIGHT,
            SKIN_BONE_COMBO, SKIN_VERTEX_OUT_OF_RANGE,
        };
        if [
            &SKIN_BATCH_MATERIAL,
            &SKIN_BATCH_TEXTURE,
            &SKIN_VERTEX_OUT_OF_RANGE,
            &SKIN_BONE_COMBO,
            &SKIN_BATCH_COLOR,
            &SKIN_BATCH_WEIGHT,
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

fn describe_model(model: &M2<'_>, cap: usize) -> M2Info {
    let lossy = |n: &[u8]| String::from_utf8_lossy(n).into_owned();
    let count = |field| model.count(field);
    let counts = M2Counts {
        vertices: count(Field::Vertices),
        textures: count(Field::Textures),
        materials: count(Field::Materials),
        texture_lookup: count(Field::TextureLookup),
        texture_units: count(Field::TextureUnitLookup),
        sequences: count(Field::Sequences),
        bones: count(Field::Bones),
        colors: count(Field::Colors),
        texture_weights: count(Field::TextureWeights),
        attachments: count(Field::Attachments),
        lights: count(Field::Lights),
        cameras: count(Field::Cameras),
        ribbons: count(Field::Ribbons),
        particles: count(Field::Particles),
        views: model.skin_profile_count(),
        blend_map_overrides: match model.blend_map_overrides() {
            Ok(Some(o)) => Some(o.len()),
            _ => None,
        },
    };
    let mut lists_truncated = Vec::new();
    let all_textures = model.textures().unwrap_or(&[]);
    note_cut(&mut lists_truncated, "textures", all_textures.len(), cap);
    let textures = all_textures
        .iter()
        .take(cap)
        .enumerate()
        .map(|(i, t)| M2Texture {
            kind: t.kind.get(),
            flags: t.flags.get(),
            filename: model.texture_filename(i).ok().map(lossy),
        })
        .collect();
    let all_materials = model.materials().unwrap_or(&[]);
    note_cut(&mut lists_truncated, "materials", all_materials.len(), cap);
    let materials = all_materials
        .iter()
        .take(cap)
        .map(|m| {
            let generation = Generation::for_material(model.version(), m.blending_mode.get());
            M2Material {
                flags: m.flags.get(),
                blending_mode: m.blending_mode.get(),
                render_state: render::material_render_state(m, generation),
            }
        })
        .collect();
    let chunked = model.is_chunked().then(|| {
        let ids = |v: &[lumpkit_formats::m2::chunks::FileId]| v.iter().map(|x| x.get()).collect();
        M2Chunked {
            chunks: model
                .chunks()
                .into_iter()
                .map(|c| M2Chunk {
                    id: c.id,
                    size: c.data.len(),
                })
                .collect(),
            skin_file_ids: ids(model.skin_file_ids()),
            texture_file_ids: ids(model.texture_file_ids()),
        }
    });
    let views = (0..model
        .count(Field::Views)
        .min(container::model::MAX_CHECKED_VIEWS))
        .filter_map(|i| model.embedded_view(i)?.ok())
        .map(|v| view_counts(v.counts()))
        .collect();
    M2Info {
        name: model.name().ok().map(lossy),
        global_flags: model.global_flags(),
        generation: Generation::from_version(model.version()),
        counts,
        lists_truncated,
        textures,
        materials,
        bounding_box: bounding_box(&model.bounding_box()),
        chunked,
        views,
    }
}

fn describe_skin(skin: &Skin<'_>, model: Option<&M2<'_>>, cap: usize) -> SkinInfo {
    let mut lists_truncated = Vec::new();
    let all_batches = skin.batches().unwrap_or(&[]);
    note_cut(&mut lists_truncated, "batches", all_batches.len(), cap);
    let batches = all_batches
        .iter()
        .take(cap)
        .enumerate()
        .map(|(n, b)| SkinBatch {
            batch: *b,
            render_state: model.map(|m| match skin.batch_material(m, n, b) {
                Ok(mat) => {
                    let g = Generation::for_material(m.version(), mat.blending_mode.get());
                    render::material_render_state(mat, g)
                }
                Err(e) => Err(RenderError::Material(e)),
            }),
        })
        .collect();
    SkinInfo {
        model: None,
        counts: view_counts(skin.counts()),
        bones: skin.header().bones.count.get(),
        bone_count_max: skin.header().bone_count_max.get(),
        lists_truncated,
        batches,
    }
}

/// Records that `list` was cut to `cap` records.
fn note_cut(cut: &mut Vec<ListCut>, list: &'static str, len: usize, cap: usize) {
    if len > cap {
        cut.push(ListCut {
            list,
            listed: cap,
            total: len,
        });
    }
}

fn view_counts([vertices, indices, submeshes, batches]: [u32; 4]) -> ViewCounts {
    ViewCounts {
        vertices,
        indices,
        submeshes,
        batches,
    }
}

fn bounding_box(b: &BoundingBox) -> Aabb {
    let v = |p: &lumpkit_formats::m2::raw::Vec3| [p.x.get(), p.y.get(), p.z.get()];
    Aabb {
        min: v(&b.min),
        max: v(&b.max),
    }
}

/// What an M2 model holds beyond the common fields (`info --json`'s `name`, `global_flags`,
/// `generation`, `chunked`, `counts`, `textures`, `materials` with their render state,
/// `bounding_box`, and for chunked files `chunks`, `skin_file_ids`, `texture_file_ids`).
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct M2Info {
    /// The model's internal name, when it can be read.
    pub name: Option<String>,
    /// The global flags word.
    pub global_flags: u32,
    /// The client generation the version belongs to.
    pub generation: Generation,
    /// Records per array.
    pub counts: M2Counts,
    /// Lists cut short under the limits (`textures`, `materials`), with their full length.
    pub lists_truncated: Vec<ListCut>,
    /// The texture records (up to the limit).
    pub textures: Vec<M2Texture>,
    /// The materials and the render state each implies (up to the limit).
    pub materials: Vec<M2Material>,
    /// The model's bounding box.
    pub bounding_box: Aabb,
    /// The chunk list and file ids of a chunked (`MD21`) file.
    pub chunked: Option<M2Chunked>,
    /// The record counts of the skin profiles embedded in pre-Wrath models.
    pub views: Vec<ViewCounts>,
}

/// Records per array of an M2 model.
#[derive(Clone, Copy, Debug, Serialize)]
#[non_exhaustive]
pub struct M2Counts {
    /// Vertices.
    pub vertices: u32,
    /// Texture records.
    pub textures: u32,
    /// Materials (render flags).
    pub materials: u32,
    /// Texture lookup entries.
    pub texture_lookup: u32,
    /// Texture unit lookup entries.
    pub texture_units: u32,
    /// Animation sequences.
    pub sequences: u32,
    /// Bones.
    pub bones: u32,
    /// Colour animations.
    pub colors: u32,
    /// Texture weight animations.
    pub texture_weights: u32,
    /// Attachments.
    pub attachments: u32,
    /// Lights.
    pub lights: u32,
    /// Cameras.
    pub cameras: u32,
    /// Ribbon emitters.
    pub ribbons: u32,
    /// Particle emitters.
    pub particles: u32,
    /// Skin profiles.
    pub views: u32,
    /// Blend-map override entries, when the model has them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blend_map_overrides: Option<usize>,
}

/// A list `info` cut short under the limits.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct ListCut {
    /// Which list (`textures`, `materials`, `batches`).
    pub list: &'static str,
    /// Records listed.
    pub listed: usize,
    /// Records in the file.
    pub total: usize,
}

/// One M2 texture record.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct M2Texture {
    /// The texture type (0 = the file named here, others are filled in by the game).
    #[serde(rename = "type")]
    pub kind: u32,
    /// Texture flags (wrap X, wrap Y).
    pub flags: u32,
    /// The file name, when it can be read.
    pub filename: Option<String>,
}

/// One M2 material and the render state it implies.
#[derive(Clone, Copy, Debug, Serialize)]
#[non_exhaustive]
pub struct M2Material {
    /// Render flags (unlit, unfogged, two-sided, no depth test, no depth write).
    pub flags: u16,
    /// The stored blending mode (0..=7).
    pub blending_mode: u16,
    /// The render state, or why there is none.
    #[serde(serialize_with = "render_state_field")]
    pub render_state: Result<RenderState, RenderError>,
}

/// An axis-aligned box.
#[derive(Clone, Copy, Debug, Serialize)]
#[non_exhaustive]
pub struct Aabb {
    /// Minimum corner (x, y, z).
    pub min: [f32; 3],
    /// Maximum corner (x, y, z).
    pub max: [f32; 3],
}

/// What only a chunked (`MD21`) model has.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct M2Chunked {
    /// Every chunk, in file order.
    pub chunks: Vec<M2Chunk>,
    /// `SFID`: the file ids of the skin profiles.
    pub skin_file_ids: Vec<u32>,
    /// `TXID`: the file ids of the textures.
    pub texture_file_ids: Vec<u32>,
}

/// One chunk of a chunked model.
#[derive(Clone, Copy, Debug, Serialize)]
#[non_exhaustive]
pub struct M2Chunk {
    /// The four-character id as stored.
    #[serde(serialize_with = "chunk_id")]
    pub id: [u8; 4],
    /// Payload bytes.
    pub size: usize,
}

/// Record counts of a skin profile.
#[derive(Clone, Copy, Debug, Serialize)]
#[non_exhaustive]
pub struct ViewCounts {
    /// Vertex lookup entries.
    pub vertices: u32,
    /// Triangle indices.
    pub indices: u32,
    /// Submeshes.
    pub submeshes: u32,
    /// Batches (texture units).
    pub batches: u32,
}

/// What a `.skin` profile holds beyond the common fields (`info --json`'s `model`, `counts`,
/// `bone_count_max`, `batches`).
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct SkinInfo {
    /// The model beside the skin (`Name.m2` for `Name00.skin`), when it was found and parsed.
    pub model: Option<String>,
    /// Records per array.
    pub counts: ViewCounts,
    /// Bone combination entries.
    pub bones: u32,
    /// The most bones one draw call uses.
    pub bone_count_max: u32,
    /// Lists cut short under the limits (`batches`).
    pub lists_truncated: Vec<ListCut>,
    /// The batches (up to the limit).
    pub batches: Vec<SkinBatch>,
}

/// One batch of a skin profile, with the render state of its material when the model is known.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct SkinBatch {
    /// The record as stored.
    pub batch: Batch,
    /// The render state of the batch's material (`None` without the model).
    pub render_state: Option<Result<RenderState, RenderError>>,
}

fn render_state_field<S: serde::Serializer>(
    state: &Result<RenderState, RenderError>,
    s: S,
) -> Result<S::Ok, S::Error> {
    render_state_json(*state).serialize(s)
}

fn chunk_id<S: serde::Serializer>(id: &[u8; 4], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&String::from_utf8_lossy(id))
}

/// `lists_truncated` as a JSON object, `{list: {listed, total}}`.
struct Cuts<'a>(&'a [ListCut]);

impl Serialize for Cuts<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(
            self.0
                .iter()
                .map(|c| (c.list, json!({"listed": c.listed, "total": c.total}))),
        )
    }
}

/// `{"counts": …}`, the shape of an embedded view.
#[derive(Serialize)]
struct ViewEntry<'a> {
    counts: &'a ViewCounts,
}

/// Keys in `info --json`'s order; `lists_truncated` sits where the first cut list's key would
/// follow, as it was first printed.
impl Serialize for M2Info {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("name", &self.name)?;
        map.serialize_entry("global_flags", &self.global_flags)?;
        map.serialize_entry("generation", self.generation.name())?;
        map.serialize_entry("chunked", &self.chunked.is_some())?;
        map.serialize_entry("counts", &self.counts)?;
        let cut = |list: &str| self.lists_truncated.iter().any(|c| c.list == list);
        let cuts = Cuts(&self.lists_truncated);
        if cut("textures") {
            map.serialize_entry("lists_truncated", &cuts)?;
        }
        map.serialize_entry("textures", &self.textures)?;
        if cut("materials") && !cut("textures") {
            map.serialize_entry("lists_truncated", &cuts)?;
        }
        map.serialize_entry("materials", &self.materials)?;
        map.serialize_entry("bounding_box", &self.bounding_box)?;
        if let Some(c) = &self.chunked {
            map.serialize_entry("chunks", &c.chunks)?;
            map.serialize_entry("skin_file_ids", &c.skin_file_ids)?;
            map.serialize_entry("texture_file_ids", &c.texture_file_ids)?;
        }
        if !self.views.is_empty() {
            let views: Vec<ViewEntry<'_>> = self
                .views
                .iter()
                .map(|counts| ViewEntry { counts })
                .collect();
            map.serialize_entry("views", &views)?;
        }
        map.end()
    }
}

impl Serialize for SkinInfo {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        if let Some(model) = &self.model {
            map.serialize_entry("model", model)?;
        }
        let c = &self.counts;
        map.serialize_entry(
            "counts",
            &json!({
                "vertices": c.vertices,
                "indices": c.indices,
                "submeshes": c.submeshes,
                "batches": c.batches,
                "bones": self.bones,
            }),
        )?;
        map.serialize_entry("bone_count_max", &self.bone_count_max)?;
        if !self.lists_truncated.is_empty() {
            map.serialize_entry("lists_truncated", &Cuts(&self.lists_truncated))?;
        }
        let batches: Vec<Value> = self
            .batches
            .iter()
            .map(|b| {
                let mut v = batch_json(&b.batch);
                if let (Some(state), Some(obj)) = (b.render_state, v.as_object_mut()) {
                    obj.insert("render_state".into(), render_state_json(state));
                }
                v
            })
            .collect();
        map.serialize_entry("batches", &batches)?;
        map.end()
    }
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

/// The render state as JSON, or `null` with the reason when there is none.
pub fn render_state_json(state: Result<RenderState, RenderError>) -> Value {
    let s = match state {
        Ok(s) => s,
        Err(e) => return json!({"error": e.to_string()}),
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
