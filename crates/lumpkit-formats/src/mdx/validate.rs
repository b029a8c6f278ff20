//! The model's index rules and the sanity checks map sites run (`research/wc3-map.md` §1.2–1.4),
//! after [`Mdx::parse`] has checked the structure.
//!
//! mdx-m3-viewer 5.12.0's sanity test (`utils/mdlx/sanitytest/{testers,utils,tracks}.js`) is the
//! reference for what is checked and how; the strengths are research §1.3's. Each rule reports
//! its first offender (with a count where the message has one), so a model with a thousand broken
//! tracks gets one line per kind of fault, not a thousand.
//!
//! No allocation: the node hierarchy is checked with a caller-supplied scratch buffer of
//! [`scratch_len`] words (without one large enough, parents are checked but cycles are not).
//! Work is linear in the model's size, except that sequence-overlap pairs are counted pairwise up
//! to [`PAIRWISE_SEQUENCES`] sequences, and opening keys are looked up by binary search within
//! [`OPENING_KEY_BUDGET`] steps.

use super::model::Mdx;
use super::objects::{Item, NodeExtra, NodeObject};
use super::raw::Extent;
use super::render::{EMITTER_FILTER_MAX, LAYER_FILTER_MAX};
use super::rules;
use super::tags::Kind;
use super::tracks::{Track, Tracks};
use crate::diag::{Diagnostic, Rule, Sink};
use crate::error::Error;

/// Sequences up to which overlapping pairs are counted pair by pair (above it, each sequence that
/// overlaps an earlier one counts once).
pub const PAIRWISE_SEQUENCES: usize = 4096;

/// Binary-search steps spent on opening keys before that check gives up on the rest.
pub const OPENING_KEY_BUDGET: u64 = 1 << 24;

/// Replaceable ids the game knows (mdx-m3-viewer `utils.js` `replaceableIds`).
pub const REPLACEABLE_IDS: [u32; 11] = [1, 2, 11, 21, 31, 32, 33, 34, 35, 36, 37];

/// Sequence name tokens the game's animation lookup knows (mdx-m3-viewer `sequenceNames`).
pub const SEQUENCE_NAMES: [&str; 13] = [
    "attack",
    "birth",
    "cinematic",
    "death",
    "decay",
    "dissipate",
    "morph",
    "portrait",
    "sleep",
    "spell",
    "stand",
    "walk",
    "ready",
];

/// Node flag of particle emitters 2: the particles are XY quads.
pub const XY_QUAD: u32 = 0x10_0000;

/// Scratch words [`validate`] needs for the node hierarchy: two per node.
pub fn scratch_len(mdx: &Mdx<'_>) -> usize {
    mdx.nodes().count().saturating_mul(2)
}

const NONE: u32 = u32::MAX;

/// What the checks need to know about the model, counted once.
struct Facts {
    version: u32,
    materials: u64,
    textures: u64,
    texture_animations: u64,
    geosets: u64,
    geoset_animations: u64,
    global_sequences: u64,
    nodes: u64,
    bones: u64,
}

/// Reports each rule once (its first offender).
struct Once<'s, S: Sink> {
    sink: &'s mut S,
    done: [bool; 64],
}

impl<S: Sink> Once<'_, S> {
    fn report(&mut self, d: Diagnostic) -> Result<(), Error> {
        let slot = rules::RULES
            .iter()
            .position(|r| core::ptr::eq(*r, d.rule))
            .and_then(|i| self.done.get_mut(i));
        match slot {
            Some(done) if *done => Ok(()),
            Some(done) => {
                *done = true;
                self.sink.report(d)
            }
            None => self.sink.report(d),
        }
    }

    fn hit(&mut self, rule: &'static Rule, offset: u64, args: [u64; 3]) -> Result<(), Error> {
        self.report(rule.with(offset, args))
    }
}

/// A count with its first offender, for rules whose message counts.
#[derive(Default)]
struct Tally {
    count: u64,
    offset: Option<u64>,
    arg: u64,
}

impl Tally {
    fn add(&mut self, offset: u64, arg: u64) {
        self.count = self.count.saturating_add(1);
        if self.offset.is_none() {
            self.offset = Some(offset);
            self.arg = arg;
        }
    }
}

fn signed(v: i32) -> u64 {
    i64::from(v) as u64
}

/// Whether `id` is -1 or an index below `len`.
fn optional_index(id: i32, len: u64) -> bool {
    id == -1 || (id >= 0 && (id as u64) < len)
}

fn index(id: i32, len: u64) -> bool {
    id >= 0 && (id as u64) < len
}

/// Checks every index and sanity rule of `mdx`. `scratch` should hold [`scratch_len`] words.
pub fn validate(mdx: &Mdx<'_>, scratch: &mut [u32], sink: &mut impl Sink) -> Result<(), Error> {
    if !mdx.readable() {
        return Ok(());
    }
    let facts = Facts {
        version: mdx.version(),
        materials: mdx.count(Kind::Mtls) as u64,
        textures: mdx.textures().len() as u64,
        texture_animations: mdx.count(Kind::Txan) as u64,
        geosets: mdx.count(Kind::Geos) as u64,
        geoset_animations: mdx.count(Kind::Geoa) as u64,
        global_sequences: mdx.global_sequences().count() as u64,
        nodes: mdx.nodes().count() as u64,
        bones: mdx.count(Kind::Bone) as u64,
    };
    let mut out = Once {
        sink,
        done: [false; 64],
    };
    sequences(mdx, &facts, &mut out)?;
    textures(mdx, &mut out)?;
    materials(mdx, &facts, &mut out)?;
    geosets(mdx, &facts, &mut out)?;
    for item in mdx.items(Kind::Geoa) {
        if let Item::GeosetAnimation(a) = item
            && !index(a.geoset_id, facts.geosets)
        {
            let n = mdx
                .items(Kind::Geoa)
                .take_while(|i| !same(i, &item))
                .count();
            out.hit(
                &rules::GEOSET_ANIMATION_GEOSET,
                a.offset,
                [n as u64, signed(a.geoset_id), facts.geosets],
            )?;
        }
    }
    nodes(mdx, &facts, scratch, &mut out)?;
    let pivots = mdx.count(Kind::Pivt) as u64;
    if pivots != facts.nodes {
        let at = mdx.chunk(Kind::Pivt).map_or(0, |c| c.offset);
        out.hit(&rules::PIVOT_COUNT, at, [pivots, facts.nodes, 0])?;
    }
    for item in mdx.items(Kind::Fafx) {
        if let Item::FaceEffect(f) = item {
            let path = super::cursor::text(&f.path);
            if !path.is_empty() && !ends_with_any(path, &[b".facefx", b".facefx_ingame"]) {
                let at = mdx.chunk(Kind::Fafx).map_or(0, |c| c.offset);
                out.hit(&rules::PATH_EXTENSION, at, [0; 3])?;
            }
        }
    }
    all_tracks(mdx, &facts, &mut out)?;
    extents(mdx, &mut out)
}

fn same(a: &Item<'_>, b: &Item<'_>) -> bool {
    match (a, b) {
        (Item::GeosetAnimation(x), Item::GeosetAnimation(y)) => x.offset == y.offset,
        _ => false,
    }
}

fn ends_with_any(path: &[u8], endings: &[&[u8]]) -> bool {
    endings.iter().any(|e| {
        path.len() >= e.len()
            && path
                .get(path.len().saturating_sub(e.len())..)
                .is_some_and(|tail| tail.eq_ignore_ascii_case(e))
    })
}

/// Texture paths the game loads.
pub fn texture_path_ok(path: &[u8]) -> bool {
    path.is_empty() || ends_with_any(path, &[b".blp", b".tga", b".tif", b".dds"])
}

fn model_path_ok(path: &[u8]) -> bool {
    ends_with_any(path, &[b".mdl", b".mdx"])
}

fn sequences<S: Sink>(mdx: &Mdx<'_>, facts: &Facts, out: &mut Once<'_, S>) -> Result<(), Error> {
    let seqs = mdx.sequences();
    let Some(chunk) = mdx.chunk(Kind::Seqs) else {
        return Ok(());
    };
    let at = |i: usize| chunk.offset.saturating_add((i as u64).saturating_mul(132));
    let (mut nonstandard, mut stand, mut death) = (0u64, false, false);
    let mut overlaps = Tally::default();
    let mut first_pair = (0u64, 0u64);
    let mut max_end = 0u32;
    for (i, s) in seqs.iter().enumerate() {
        let (start, end) = (s.start.get(), s.end.get());
        if end <= start {
            out.hit(
                &rules::SEQUENCE_LENGTH,
                at(i),
                [i as u64, start.into(), end.into()],
            )?;
        }
        if facts.version == 800 && i > 0 {
            if seqs.len() <= PAIRWISE_SEQUENCES {
                for (j, other) in seqs.iter().enumerate().take(i) {
                    if start == other.start.get() || start < other.end.get() {
                        if overlaps.offset.is_none() {
                            first_pair = (i as u64, j as u64);
                        }
                        overlaps.add(at(i), 0);
                    }
                }
            } else if start < max_end {
                if overlaps.offset.is_none() {
                    first_pair = (i as u64, (i as u64).saturating_sub(1));
                }
                overlaps.add(at(i), 0);
            }
        }
        max_end = max_end.max(end);
        match sequence_token(&s.name) {
            Some(token) => {
                stand |= token == b"stand";
                death |= token == b"death";
                let known = SEQUENCE_NAMES
                    .iter()
                    .any(|n| n.as_bytes() == token.as_slice());
                if !known {
                    nonstandard = nonstandard.saturating_add(1);
                }
            }
            None => nonstandard = nonstandard.saturating_add(1),
        }
    }
    if let Some(offset) = overlaps.offset {
        out.hit(
            &rules::SEQUENCE_OVERLAP,
            offset,
            [first_pair.0, first_pair.1, overlaps.count],
        )?;
    }
    if !seqs.is_empty() && (nonstandard > 0 || !stand || !death) {
        out.hit(
            &rules::SEQUENCE_NAMES,
            chunk.offset,
            [nonstandard, u64::from(!stand), u64::from(!death)],
        )?;
    }
    Ok(())
}

/// The animation token of a sequence name as the sanity test reads it: lower-cased, cut at the
/// first `-`, first word (the second after `alternate`), at most 16 bytes.
fn sequence_token(name: &[u8; 80]) -> Option<heapless_token::Token> {
    let name = super::cursor::text(name);
    let name = name.split(|&b| b == b'-').next().unwrap_or(&[]);
    let mut words = name
        .split(|b| b.is_ascii_whitespace())
        .filter(|w| !w.is_empty());
    let mut word = words.next()?;
    if word.eq_ignore_ascii_case(b"alternate") {
        word = words.next().unwrap_or(&[]);
    }
    heapless_token::Token::lower(word)
}

/// A short lower-cased word on the stack.
mod heapless_token {
    /// Up to 16 bytes, lower-cased.
    #[derive(Clone, Copy, PartialEq, Eq)]
    pub struct Token {
        bytes: [u8; 16],
        len: usize,
    }

    impl Token {
        /// `word` lower-cased, `None` when longer than 16 bytes.
        pub fn lower(word: &[u8]) -> Option<Token> {
            let mut bytes = [0u8; 16];
            let dst = bytes.get_mut(..word.len())?;
            for (d, s) in dst.iter_mut().zip(word) {
                *d = s.to_ascii_lowercase();
            }
            Some(Token {
                bytes,
                len: word.len(),
            })
        }

        /// The bytes.
        pub fn as_slice(&self) -> &[u8] {
            self.bytes.get(..self.len).unwrap_or(&[])
        }
    }

    impl PartialEq<&[u8; 5]> for Token {
        fn eq(&self, other: &&[u8; 5]) -> bool {
            self.as_slice() == other.as_slice()
        }
    }
}

fn textures<S: Sink>(mdx: &Mdx<'_>, out: &mut Once<'_, S>) -> Result<(), Error> {
    let Some(chunk) = mdx.chunk(Kind::Texs) else {
        return Ok(());
    };
    for (i, t) in mdx.textures().iter().enumerate() {
        let at = chunk.offset.saturating_add((i as u64).saturating_mul(268));
        let id = t.replaceable_id.get();
        if id != 0 && !REPLACEABLE_IDS.contains(&id) {
            out.hit(&rules::REPLACEABLE_ID, at, [id.into(), 0, 0])?;
        }
        if !texture_path_ok(super::cursor::text(&t.path)) {
            out.hit(&rules::PATH_EXTENSION, at.saturating_add(4), [0; 3])?;
        }
    }
    Ok(())
}

fn materials<S: Sink>(mdx: &Mdx<'_>, facts: &Facts, out: &mut Once<'_, S>) -> Result<(), Error> {
    for (m, item) in mdx.items(Kind::Mtls).enumerate() {
        let Item::Material(material) = item else {
            continue;
        };
        for layer in material.layers() {
            let mut check_texture = |id: i64, at: u64| -> Result<(), Error> {
                if id < 0 || id as u64 >= facts.textures {
                    out.hit(
                        &rules::LAYER_TEXTURE,
                        at,
                        [m as u64, id as u64, facts.textures],
                    )?;
                }
                Ok(())
            };
            if layer.shader.is_some() {
                for (id, _, kmtf) in layer.textures {
                    check_texture(id.into(), layer.offset)?;
                    if let Some(t) = kmtf {
                        for k in 0..t.len() {
                            check_texture(t.value_u32(k).unwrap_or(0).into(), t.offset)?;
                        }
                    }
                }
            } else if let Some(t) = layer.tracks.find(*b"KMTF") {
                for k in 0..t.len() {
                    check_texture(t.value_u32(k).unwrap_or(0).into(), t.offset)?;
                }
            } else {
                check_texture(layer.texture_id.into(), layer.offset)?;
            }
            if !optional_index(layer.texture_animation_id, facts.texture_animations) {
                out.hit(
                    &rules::LAYER_TEXTURE_ANIMATION,
                    layer.offset,
                    [
                        m as u64,
                        signed(layer.texture_animation_id),
                        facts.texture_animations,
                    ],
                )?;
            }
            if layer.filter_mode > LAYER_FILTER_MAX {
                out.hit(
                    &rules::FILTER_MODE,
                    layer.offset.saturating_add(4),
                    [layer.filter_mode.into(), LAYER_FILTER_MAX.into(), 0],
                )?;
            }
        }
    }
    Ok(())
}

/// Whether material `id` is an HD material (version 900/1000 shader name), the one case where the
/// SD vertex limit does not apply.
fn hd_material(mdx: &Mdx<'_>, id: u32) -> bool {
    mdx.items(Kind::Mtls)
        .nth(id as usize)
        .is_some_and(|m| match m {
            Item::Material(m) => m.shader == Some(&b"Shader_HD_DefaultUnit"[..]),
            _ => false,
        })
}

fn geosets<S: Sink>(mdx: &Mdx<'_>, facts: &Facts, out: &mut Once<'_, S>) -> Result<(), Error> {
    for (gi, item) in mdx.items(Kind::Geos).enumerate() {
        let Item::Geoset(g) = item else {
            continue;
        };
        let n = gi as u64;
        if u64::from(g.material_id) >= facts.materials {
            out.hit(
                &rules::GEOSET_MATERIAL,
                g.offset,
                [n, g.material_id.into(), facts.materials],
            )?;
        }
        let vertices = g.vertex_count();
        let v = vertices as u64;
        if vertices >= 7433 && facts.version < 1100 && !hd_material(mdx, g.material_id) {
            out.hit(&rules::GEOSET_TOO_MANY_VERTICES, g.offset, [n, v, 0])?;
        }
        let mut lengths = [g.normals.len() / 12].into_iter().chain(
            g.uv_sets()
                .map(|uv| uv.len() / 8)
                .chain(g.tangents.map(|t| t.len() / 16))
                .chain(g.skin.filter(|s| !s.is_empty()).map(|s| s.len() / 8))
                .chain((!g.vertex_groups.is_empty()).then_some(g.vertex_groups.len())),
        );
        if let Some(bad) = lengths.find(|&len| len != vertices) {
            out.hit(&rules::GEOSET_ARRAY_LENGTH, g.offset, [n, bad as u64, v])?;
        }
        let indices = g.index_count();
        if indices == 0 {
            out.hit(&rules::GEOSET_NO_FACES, g.offset, [n, 0, 0])?;
        }
        let triangles_only = (0..g.face_types.len() / 4)
            .all(|i| super::objects::Geoset::word(g.face_types, i) == Some(4));
        if triangles_only && indices % 3 != 0 {
            out.hit(&rules::FACE_INDEX, g.faces_offset, [n, indices as u64, v])?;
        }
        if let Some(i) =
            (0..indices).find(|&i| g.face(i).is_some_and(|f| usize::from(f) >= vertices))
        {
            out.hit(
                &rules::FACE_INDEX,
                g.faces_offset.saturating_add((i as u64).saturating_mul(2)),
                [n, g.face(i).unwrap_or(0).into(), v],
            )?;
        }
        skinning(&g, n, facts, out)?;
    }
    Ok(())
}

fn skinning<S: Sink>(
    g: &super::objects::Geoset<'_>,
    n: u64,
    facts: &Facts,
    out: &mut Once<'_, S>,
) -> Result<(), Error> {
    use super::objects::Geoset;
    let node = |node: u64, out: &mut Once<'_, S>| -> Result<(), Error> {
        if node >= facts.nodes {
            out.hit(&rules::VERTEX_NODE, g.offset, [n, node, facts.nodes])
        } else if node >= facts.bones {
            out.hit(&rules::VERTEX_NOT_BONE, g.offset, [n, node, 0])
        } else {
            Ok(())
        }
    };
    if let Some(skin) = g.skin.filter(|s| facts.version > 800 && !s.is_empty()) {
        let mut unnormalised = 0u64;
        for v in skin.chunks_exact(8) {
            let (bones, weights) = v.split_at(4);
            let mut sum = 0u32;
            for (&b, &w) in bones.iter().zip(weights) {
                if w > 0 {
                    node(b.into(), out)?;
                }
                sum = sum.saturating_add(w.into());
            }
            if sum != 255 {
                unnormalised = unnormalised.saturating_add(1);
            }
        }
        if unnormalised > 0 {
            out.hit(&rules::SKIN_WEIGHTS, g.offset, [n, unnormalised, 0])?;
        }
        return Ok(());
    }
    let groups = g.matrix_groups.len() / 4;
    let total: u64 = (0..groups)
        .map(|i| u64::from(Geoset::word(g.matrix_groups, i).unwrap_or(0)))
        .fold(0u64, u64::saturating_add);
    let indices = (g.matrix_indices.len() / 4) as u64;
    if groups > 0 && total != indices {
        out.hit(&rules::MATRIX_GROUPS, g.offset, [n, total, indices])?;
    }
    if facts.bones == 0 {
        return Ok(());
    }
    // Vertex groups are bytes, so at most 256 groups are reachable: mark which.
    let mut used = [false; 256];
    for &group in g.vertex_groups {
        match used
            .get_mut(usize::from(group))
            .filter(|_| usize::from(group) < groups)
        {
            Some(u) => *u = true,
            None => out.hit(
                &rules::VERTEX_GROUP,
                g.offset,
                [n, group.into(), groups as u64],
            )?,
        }
    }
    let mut start = 0u64;
    for (i, &u) in used.iter().enumerate().take(groups) {
        let len = u64::from(Geoset::word(g.matrix_groups, i).unwrap_or(0));
        if u {
            let end = start.saturating_add(len).min(indices);
            for k in start..end {
                let id = Geoset::word(g.matrix_indices, k as usize).unwrap_or(0);
                node(id.into(), out)?;
            }
        }
        start = start.saturating_add(len);
    }
    Ok(())
}

fn nodes<S: Sink>(
    mdx: &Mdx<'_>,
    facts: &Facts,
    scratch: &mut [u32],
    out: &mut Once<'_, S>,
) -> Result<(), Error> {
    let count = facts.nodes;
    let mut sequential = true;
    for (i, n) in mdx.nodes().enumerate() {
        if n.node.object_id != i as i32 {
            sequential = false;
            out.hit(
                &rules::NODE_ID_ORDER,
                n.node.offset,
                [i as u64, signed(n.node.object_id), 0],
            )?;
        }
        node_extra(mdx, i as u64, &n, facts, out)?;
    }
    let (parents, states) = scratch.split_at_mut(scratch.len() / 2);
    let track_hierarchy = parents.len() as u64 >= count && states.len() as u64 >= count;
    for (i, n) in mdx.nodes().enumerate() {
        let p = n.node.parent_id;
        let parent_index = if p == -1 {
            Some(NONE)
        } else if p == n.node.object_id {
            None
        } else if sequential {
            index(p, count).then_some(p as u32)
        } else if count <= 2048 {
            mdx.nodes()
                .position(|o| o.node.object_id == p)
                .map(|k| k as u32)
        } else {
            Some(NONE)
        };
        match parent_index {
            Some(pi) => {
                if track_hierarchy && let Some(slot) = parents.get_mut(i) {
                    *slot = pi;
                }
            }
            None => {
                out.hit(&rules::NODE_PARENT, n.node.offset, [i as u64, signed(p), 0])?;
                if let Some(slot) = parents.get_mut(i) {
                    *slot = NONE;
                }
            }
        }
    }
    if track_hierarchy {
        cycles(parents, states, count as usize, mdx, out)?;
    }
    Ok(())
}

/// Parent loops, in linear time: each walk up marks its nodes "on the path" (1) until it meets a
/// root, a node already cleared (2), or a node on the path (a loop); then the path is cleared.
fn cycles<S: Sink>(
    parents: &[u32],
    states: &mut [u32],
    count: usize,
    mdx: &Mdx<'_>,
    out: &mut Once<'_, S>,
) -> Result<(), Error> {
    for s in states.iter_mut().take(count) {
        *s = 0;
    }
    for start in 0..count {
        let mut at = start;
        let mut looped = None;
        while let Some(state) = states.get_mut(at) {
            match *state {
                0 => *state = 1,
                1 => {
                    looped = Some(at);
                    break;
                }
                _ => break,
            }
            match parents.get(at) {
                Some(&p) if p != NONE => at = p as usize,
                _ => break,
            }
        }
        let mut at = start;
        while let Some(state) = states.get_mut(at) {
            if *state != 1 {
                break;
            }
            *state = 2;
            match parents.get(at) {
                Some(&p) if p != NONE => at = p as usize,
                _ => break,
            }
        }
        if let Some(node) = looped {
            let offset = mdx.nodes().nth(start).map_or(0, |n| n.node.offset);
            out.hit(
                &rules::NODE_PARENT_CYCLE,
                offset,
                [start as u64, node as u64, 0],
            )?;
        }
    }
    Ok(())
}

fn node_extra<S: Sink>(
    mdx: &Mdx<'_>,
    i: u64,
    n: &NodeObject<'_>,
    facts: &Facts,
    out: &mut Once<'_, S>,
) -> Result<(), Error> {
    let at = n.node.offset;
    match n.extra {
        NodeExtra::Bone {
            geoset_id,
            geoset_animation_id,
        } => {
            if !optional_index(geoset_id, facts.geosets) {
                out.hit(
                    &rules::BONE_GEOSET,
                    at,
                    [i, signed(geoset_id), facts.geosets],
                )?;
            }
            if !optional_index(geoset_animation_id, facts.geoset_animations) {
                out.hit(
                    &rules::BONE_GEOSET,
                    at,
                    [i, signed(geoset_animation_id), facts.geoset_animations],
                )?;
            } else if geoset_animation_id >= 0 && geoset_id != -1 {
                let animation = mdx.items(Kind::Geoa).nth(geoset_animation_id as usize);
                if let Some(Item::GeosetAnimation(a)) = animation
                    && a.alpha < 0.1
                    && a.tracks.find(*b"KGAO").is_none()
                {
                    out.hit(
                        &rules::BONE_INVISIBLE_GEOSET,
                        at,
                        [i, signed(geoset_animation_id), 0],
                    )?;
                }
            }
        }
        NodeExtra::Attachment { path, path_offset } => {
            if !path.is_empty() && !model_path_ok(path) {
                out.hit(&rules::PATH_EXTENSION, path_offset, [0; 3])?;
            }
        }
        NodeExtra::Emitter { path, path_offset } => {
            if !model_path_ok(path) {
                out.hit(&rules::PATH_EXTENSION, path_offset, [0; 3])?;
            }
        }
        NodeExtra::Emitter2 {
            speed,
            latitude,
            filter_mode,
            time_middle,
            texture_id,
            squirt,
            replaceable_id,
            replaceable_offset,
        } => {
            let e = mdx
                .items(Kind::Pre2)
                .position(|o| o.node().is_some_and(|o| o.node.offset == at))
                .unwrap_or(0) as u64;
            if !index(texture_id, facts.textures) {
                out.hit(
                    &rules::EMITTER_TEXTURE,
                    at,
                    [e, signed(texture_id), facts.textures],
                )?;
            }
            if filter_mode > EMITTER_FILTER_MAX {
                out.hit(
                    &rules::FILTER_MODE,
                    at,
                    [filter_mode.into(), EMITTER_FILTER_MAX.into(), 0],
                )?;
            }
            if replaceable_id != 0 && !REPLACEABLE_IDS.contains(&replaceable_id) {
                out.hit(
                    &rules::REPLACEABLE_ID,
                    replaceable_offset,
                    [replaceable_id.into(), 0, 0],
                )?;
            }
            let which = if squirt != 0 && n.tracks.find(*b"KP2E").is_none() {
                1
            } else if n.node.flags & XY_QUAD != 0 && (speed == 0.0 || latitude == 0.0) {
                2
            } else if !(0.0..=1.0).contains(&time_middle) {
                3
            } else {
                0
            };
            if which != 0 {
                out.hit(&rules::EMITTER_SETTINGS, at, [e, which, 0])?;
            }
        }
        NodeExtra::Popcorn { guide } => {
            if guide.is_empty() {
                out.hit(&rules::POPCORN_GUIDE, at, [i, 0, 0])?;
            }
        }
        NodeExtra::Ribbon { material_id } => {
            if !index(material_id, facts.materials) {
                let r = mdx
                    .items(Kind::Ribb)
                    .position(|o| o.node().is_some_and(|o| o.node.offset == at))
                    .unwrap_or(0) as u64;
                out.hit(
                    &rules::RIBBON_MATERIAL,
                    at,
                    [r, signed(material_id), facts.materials],
                )?;
            }
        }
        NodeExtra::Event { keys, keys_offset } => match keys {
            None | Some((0, _, _)) => out.hit(&rules::EVENT_NO_KEYS, keys_offset, [i, 0, 0])?,
            Some((_, gs, _)) if !optional_index(gs, facts.global_sequences) => out.hit(
                &rules::GLOBAL_SEQUENCE,
                keys_offset,
                [signed(gs), facts.global_sequences, 0],
            )?,
            Some(_) => {}
        },
        NodeExtra::Light { .. } | NodeExtra::Helper | NodeExtra::Collision { .. } => {}
    }
    Ok(())
}

/// Every track of the model, with nothing else: layers (and 1100+ texture lists), texture
/// animations, geoset animations, nodes, cameras.
fn for_each_track<'a>(
    mdx: &Mdx<'a>,
    mut f: impl FnMut(Track<'a>) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut all = |tracks: Tracks<'a>| -> Result<(), Error> {
        for t in tracks {
            f(t)?;
        }
        Ok(())
    };
    for item in mdx.items(Kind::Mtls) {
        if let Item::Material(m) = item {
            for layer in m.layers() {
                all(layer.tracks)?;
            }
        }
    }
    for kind in [Kind::Txan, Kind::Geoa, Kind::Cams] {
        for item in mdx.items(kind) {
            match item {
                Item::TextureAnimation(_, t) => all(t)?,
                Item::GeosetAnimation(a) => all(a.tracks)?,
                Item::Camera(c) => all(c.tracks)?,
                _ => {}
            }
        }
    }
    for n in mdx.nodes() {
        all(n.node.tracks)?;
        all(n.tracks)?;
    }
    Ok(())
}

fn all_tracks<S: Sink>(mdx: &Mdx<'_>, facts: &Facts, out: &mut Once<'_, S>) -> Result<(), Error> {
    let seqs = mdx.sequences();
    let mut decreasing = Tally::default();
    let mut opening = Tally::default();
    let mut budget = OPENING_KEY_BUDGET;
    for_each_track(mdx, |t| {
        if !optional_index(t.global_sequence, facts.global_sequences) {
            out.hit(
                &rules::GLOBAL_SEQUENCE,
                t.offset,
                [signed(t.global_sequence), facts.global_sequences, 0],
            )?;
            return Ok(());
        }
        let len = t.len();
        let sorted = (1..len).all(|i| t.frame(i) >= t.frame(i.saturating_sub(1)));
        if !sorted {
            decreasing.add(t.offset, 0);
            return Ok(());
        }
        if t.interpolation == 0 || len < 2 || budget == 0 {
            return Ok(());
        }
        let frame = |k: usize| i64::from(t.frame(k).unwrap_or(0));
        // A key belongs to the first sequence (in file order) whose interval holds it, as the
        // sanity test assigns keys: a key on the frame where one sequence ends and the next
        // begins is the earlier one's.
        let mut ranges = |start: i64, end: i64, which: u64, earlier: &[super::raw::Sequence]| {
            let first = partition(len, |i| frame(i) < start, &mut budget);
            let past = partition(len, |i| frame(i) <= end, &mut budget);
            let mut owned = |k: usize| {
                budget = budget.saturating_sub(earlier.len() as u64);
                !earlier.iter().any(|s| {
                    (i64::from(s.start.get())..=i64::from(s.end.get())).contains(&frame(k))
                })
            };
            let lo = (first..past).find(|&k| owned(k))?;
            let hi = (lo..past).rev().find(|&k| owned(k))?;
            if hi > lo && frame(lo) != start && t.value_bytes(lo) != t.value_bytes(hi) {
                return Some(which);
            }
            None
        };
        let missing = if t.global_sequence >= 0 {
            let duration = mdx
                .global_sequences()
                .nth(t.global_sequence as usize)
                .unwrap_or(0);
            ranges(0, duration.into(), t.global_sequence as u64, &[])
        } else {
            seqs.iter().enumerate().find_map(|(i, s)| {
                let earlier = seqs.get(..i).unwrap_or(&[]);
                ranges(s.start.get().into(), s.end.get().into(), i as u64, earlier)
            })
        };
        if let Some(which) = missing {
            opening.add(t.offset, which);
        }
        Ok(())
    })?;
    if let Some(at) = decreasing.offset {
        out.hit(
            &rules::TRACK_FRAMES_DECREASING,
            at,
            [decreasing.count, 0, 0],
        )?;
    }
    if let Some(at) = opening.offset {
        out.hit(
            &rules::TRACK_OPENING_KEY,
            at,
            [opening.count, opening.arg, 0],
        )?;
    }
    Ok(())
}

/// The first index in `0..len` for which `pred` is false (`pred` true on a prefix), counting the
/// steps against `budget`.
fn partition(len: usize, pred: impl Fn(usize) -> bool, budget: &mut u64) -> usize {
    let (mut lo, mut hi) = (0usize, len);
    while lo < hi && *budget > 0 {
        *budget = budget.saturating_sub(1);
        let mid = lo.saturating_add(hi.saturating_sub(lo) / 2);
        if pred(mid) {
            lo = mid.saturating_add(1);
        } else {
            hi = mid;
        }
    }
    lo
}

fn extents<S: Sink>(mdx: &Mdx<'_>, out: &mut Once<'_, S>) -> Result<(), Error> {
    let mut negative = Tally::default();
    let mut note = |e: &Extent, at: u64| {
        if e.negative() {
            negative.add(at, 0);
        }
    };
    if let (Some(m), Some(c)) = (mdx.model(), mdx.chunk(Kind::Modl)) {
        note(&m.extent, c.offset.saturating_add(340));
    }
    if let Some(c) = mdx.chunk(Kind::Seqs) {
        for (i, s) in mdx.sequences().iter().enumerate() {
            note(
                &s.extent,
                c.offset.saturating_add((i as u64).saturating_mul(132)),
            );
        }
    }
    for item in mdx.items(Kind::Geos) {
        if let Item::Geoset(g) = item {
            note(g.extent, g.offset);
            for e in g.sequence_extents {
                note(e, g.offset);
            }
        }
    }
    if let Some(at) = negative.offset {
        out.hit(&rules::EXTENT_NEGATIVE, at, [negative.count, 0, 0])?;
    }
    Ok(())
}
