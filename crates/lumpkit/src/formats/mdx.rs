//! Warcraft III MDX models (`mdx`): inspection, the index and sanity rules, and the render state
//! of every material layer, as `info --json` prints them (DESIGN.md: `version`, `counts` with one
//! entry per chunk kind, `geosets` `[{vertices, faces}]`, `textures` `[{path, replaceable_id}]`,
//! `sequences` with their intervals, `materials` with each layer's `render_state`).

use lumpkit_formats::m2::render::BlendFactor;
use lumpkit_formats::mdx::objects::{Item, Layer};
use lumpkit_formats::mdx::render::{LayerRenderState, layer_filter_name, layer_render_state};
use lumpkit_formats::mdx::{Kind, Mdx, validate};
use serde::Serialize;
use serde_json::{Value, json};

use crate::{Context, Format, Report, Version};

/// Rough bytes one listed record (a geoset, texture, sequence, material) costs as JSON: lists are
/// cut at `limits.max_alloc / LISTED_RECORD_COST` records.
const LISTED_RECORD_COST: u64 = 1024;

/// Warcraft III models: `MDLX`.
#[derive(Debug)]
pub struct MdxFormat;

impl Format for MdxFormat {
    fn name(&self) -> &'static str {
        "mdx"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["mdx"]
    }

    fn sniff(&self, bytes: &[u8]) -> bool {
        bytes.starts_with(b"MDLX")
    }

    /// A `.mdx` without the magic is checked as a model (and reported as one with a bad magic),
    /// unless it is the text format (`.mdl` saved under the wrong name is not ours).
    fn sniff_by_extension_only(&self) -> bool {
        true
    }

    fn inspect(&self, ctx: &Context<'_>, bytes: &[u8]) -> Report {
        let mut report = Report::for_context("mdx", ctx);
        let mdx = {
            let mut sink = report.sink(ctx.strict);
            Mdx::parse(bytes, &mut sink)
        };
        let mdx = match mdx {
            Ok(m) => m,
            Err(e) => {
                report.fail(e);
                return report;
            }
        };
        if mdx.version_stored() {
            report.version = Some(Version::from(mdx.version()));
        }
        // Two words per node for the hierarchy check, within the allocation limit.
        let words = validate::scratch_len(&mdx);
        let mut scratch = match ctx.limits.alloc((words as u64).saturating_mul(4)) {
            Ok(_) => vec![0u32; words],
            Err(_) => Vec::new(),
        };
        let checked = validate::validate(&mdx, &mut scratch, &mut report.sink(ctx.strict));
        if let Err(e) = checked {
            report.fail(e);
        }
        if report.wants_fields() {
            let cap = usize::try_from(ctx.limits.max_alloc / LISTED_RECORD_COST)
                .unwrap_or(usize::MAX)
                .max(1);
            report.set_info(describe(&mdx, cap));
        }
        report
    }
}

/// What an MDX model holds beyond the common fields.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct MdxInfo {
    /// The model name (`MODL`).
    pub name: Option<String>,
    /// Objects per chunk kind.
    pub counts: MdxCounts,
    /// Geosets in file order.
    pub geosets: Vec<MdxGeoset>,
    /// Textures in file order.
    pub textures: Vec<MdxTexture>,
    /// Sequences in file order.
    pub sequences: Vec<MdxSequence>,
    /// Global sequence durations.
    pub global_sequences: Vec<u32>,
    /// Materials with their layers' render state.
    pub materials: Vec<MdxMaterial>,
    /// Lists cut short under the limits: `{list: total}`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lists_truncated: Vec<(&'static str, usize)>,
}

/// Objects per chunk kind (names as `research/wc3-map.md` and the shared `expected.tsv` use them).
#[derive(Clone, Copy, Debug, Serialize)]
#[non_exhaustive]
#[allow(missing_docs)]
pub struct MdxCounts {
    pub sequences: usize,
    pub global_sequences: usize,
    pub materials: usize,
    pub textures: usize,
    pub texture_animations: usize,
    pub geosets: usize,
    pub geoset_animations: usize,
    pub bones: usize,
    pub lights: usize,
    pub helpers: usize,
    pub attachments: usize,
    pub pivot_points: usize,
    pub particle_emitters: usize,
    pub particle_emitters2: usize,
    pub particle_emitters_popcorn: usize,
    pub ribbon_emitters: usize,
    pub event_objects: usize,
    pub cameras: usize,
    pub collision_shapes: usize,
    pub face_effects: usize,
    pub bind_poses: usize,
}

/// One geoset.
#[derive(Clone, Copy, Debug, Serialize)]
#[non_exhaustive]
pub struct MdxGeoset {
    /// Vertices (`VRTX`).
    pub vertices: usize,
    /// Triangles (`PVTX` indices / 3).
    pub faces: usize,
    /// Material id.
    pub material: u32,
    /// UV sets.
    pub uv_sets: u32,
    /// Level of detail (900+).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lod: Option<i32>,
}

/// One texture.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct MdxTexture {
    /// The path (empty for a replaceable texture).
    pub path: String,
    /// Replaceable id (1 team colour, 2 team glow, 11 cliff, 31-37 trees, …).
    pub replaceable_id: u32,
    /// Wrap flags.
    pub flags: u32,
}

/// One sequence.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct MdxSequence {
    /// Name.
    pub name: String,
    /// First frame.
    pub start: u32,
    /// Last frame.
    pub end: u32,
    /// Whether it loops.
    pub looping: bool,
    /// Move speed.
    pub move_speed: f32,
    /// Rarity.
    pub rarity: f32,
}

/// One material.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct MdxMaterial {
    /// Priority plane.
    pub priority_plane: i32,
    /// Material flags.
    pub flags: u32,
    /// 900/1000 shader name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shader: Option<String>,
    /// Layers.
    pub layers: Vec<MdxLayer>,
}

/// One material layer and the render state it implies.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct MdxLayer {
    /// Filter mode as stored.
    pub filter_mode: u32,
    /// Shading flags as stored.
    pub shading_flags: u32,
    /// Texture id (before 1100).
    pub texture_id: i32,
    /// 1100+: texture ids of the layer's texture list.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub textures: Vec<u32>,
    /// Texture animation id (-1 none).
    pub texture_animation_id: i32,
    /// UV set.
    pub coord_id: u32,
    /// Static alpha.
    pub alpha: f32,
    /// Whether KMTF/KMTA… tracks animate it.
    pub animated: bool,
    /// The render state, or why there is none.
    #[serde(serialize_with = "render_state_field")]
    pub render_state: Option<LayerRenderState>,
}

fn render_state_field<S: serde::Serializer>(
    state: &Option<LayerRenderState>,
    s: S,
) -> Result<S::Ok, S::Error> {
    render_state_json(state.as_ref()).serialize(s)
}

/// A layer's render state as JSON, in the M2 render state's vocabulary.
pub fn render_state_json(state: Option<&LayerRenderState>) -> Value {
    let Some(s) = state else {
        return json!({"error": "filter mode outside 0..=6: no render state"});
    };
    let factor = |f: BlendFactor| f.gl();
    json!({
        "filter_mode": s.name,
        "blending_enabled": s.blending,
        "src_color": factor(s.src),
        "dst_color": factor(s.dst),
        "d3d": {"src_color": s.src.d3d(), "dst_color": s.dst.d3d()},
        "alpha_test": s.alpha_ref.map(|_| "GREATEREQUAL"),
        "alpha_ref": s.alpha_ref,
        "depth_test": s.depth_test,
        "depth_write": s.depth_write,
        "two_sided": s.two_sided,
        "unshaded": s.unshaded,
        "unfogged": s.unfogged,
        "sphere_env_map": s.sphere_env_map,
    })
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn layer(l: &Layer<'_>) -> MdxLayer {
    let _ = layer_filter_name;
    MdxLayer {
        filter_mode: l.filter_mode,
        shading_flags: l.shading_flags,
        texture_id: l.texture_id,
        textures: l.textures.map(|(id, _, _)| id).collect(),
        texture_animation_id: l.texture_animation_id,
        coord_id: l.coord_id,
        alpha: l.alpha,
        animated: l.tracks.into_iter().next().is_some(),
        render_state: layer_render_state(l.filter_mode, l.shading_flags),
    }
}

fn describe(mdx: &Mdx<'_>, cap: usize) -> MdxInfo {
    let count = |k| mdx.count(k);
    let counts = MdxCounts {
        sequences: count(Kind::Seqs),
        global_sequences: count(Kind::Glbs),
        materials: count(Kind::Mtls),
        textures: count(Kind::Texs),
        texture_animations: count(Kind::Txan),
        geosets: count(Kind::Geos),
        geoset_animations: count(Kind::Geoa),
        bones: count(Kind::Bone),
        lights: count(Kind::Lite),
        helpers: count(Kind::Help),
        attachments: count(Kind::Atch),
        pivot_points: count(Kind::Pivt),
        particle_emitters: count(Kind::Prem),
        particle_emitters2: count(Kind::Pre2),
        particle_emitters_popcorn: count(Kind::Corn),
        ribbon_emitters: count(Kind::Ribb),
        event_objects: count(Kind::Evts),
        cameras: count(Kind::Cams),
        collision_shapes: count(Kind::Clid),
        face_effects: count(Kind::Fafx),
        bind_poses: count(Kind::Bpos),
    };
    let mut cut = Vec::new();
    let mut note = |list, total: usize| {
        if total > cap {
            cut.push((list, total));
        }
    };
    note("geosets", counts.geosets);
    note("textures", counts.textures);
    note("sequences", counts.sequences);
    note("materials", counts.materials);
    note("global_sequences", counts.global_sequences);
    let geosets = mdx
        .items(Kind::Geos)
        .take(cap)
        .filter_map(|i| match i {
            Item::Geoset(g) => Some(MdxGeoset {
                vertices: g.vertex_count(),
                faces: g.index_count() / 3,
                material: g.material_id,
                uv_sets: g.uv_set_count(),
                lod: g.lod,
            }),
            _ => None,
        })
        .collect();
    let textures = mdx
        .textures()
        .iter()
        .take(cap)
        .map(|t| MdxTexture {
            path: lossy(lumpkit_formats::mdx::cursor::text(&t.path)),
            replaceable_id: t.replaceable_id.get(),
            flags: t.flags.get(),
        })
        .collect();
    let sequences = mdx
        .sequences()
        .iter()
        .take(cap)
        .map(|s| MdxSequence {
            name: lossy(lumpkit_formats::mdx::cursor::text(&s.name)),
            start: s.start.get(),
            end: s.end.get(),
            looping: s.flags.get() & 1 == 0,
            move_speed: s.move_speed.get(),
            rarity: s.rarity.get(),
        })
        .collect();
    let materials = mdx
        .items(Kind::Mtls)
        .take(cap)
        .filter_map(|i| match i {
            Item::Material(m) => Some(MdxMaterial {
                priority_plane: m.priority_plane,
                flags: m.flags,
                shader: m.shader.map(lossy),
                layers: m.layers().take(cap).map(|l| layer(&l)).collect(),
            }),
            _ => None,
        })
        .collect();
    MdxInfo {
        name: mdx
            .model()
            .map(|m| lossy(lumpkit_formats::mdx::cursor::text(&m.name))),
        counts,
        geosets,
        textures,
        sequences,
        global_sequences: mdx.global_sequences().take(cap).collect(),
        materials,
        lists_truncated: cut,
    }
}
