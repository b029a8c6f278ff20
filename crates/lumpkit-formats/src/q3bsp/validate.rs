//! Cross-lump validation of a Quake 3-engine map, as the loaders use each value
//! (`../shared/research/q3.md` §3–§10): ioq3 `code/qcommon/cm_load.c` (`CMod_Load*`),
//! `code/qcommon/cm_patch.c` (`CM_GeneratePatchCollide`), `code/renderergl1/tr_bsp.c`
//! (`R_LoadSurfaces`, `ParseFace`, `ParseMesh`, `ParseTriSurf`, `R_LoadFogs`, `R_LoadLightmaps`,
//! `R_LoadLightGrid`), OpenJK `codemp/rd-vanilla/tr_bsp.cpp` (`R_LoadLightGridArray`) and Qfusion
//! `source/common/facilities/cm_q3bsp.cpp`. Every index is compared as unsigned against its lump
//! (a negative one is as far out as a huge one), sums in `u64`. Each check reports its first
//! offending record only, so that one broken lump does not bury the report.

use crate::diag::{Rule, Sink};
use crate::error::Error;

use super::entities;
use super::rules;
use super::view::{Lump, MST_FLARE, MST_PATCH, MST_PLANAR, Map};

/// `MAX_PATCH_VERTS` (cm_load.c `CMod_LoadPatches`).
pub const MAX_PATCH_VERTS: u64 = 1024;
/// `MAX_GRID_SIZE` of the collision code (cm_patch.h).
pub const MAX_GRID_SIZE: i32 = 129;
/// `MAX_PATCH_SIZE` of the renderers (tr_local.h).
pub const MAX_PATCH_SIZE: i32 = 32;
/// `MAX_FACE_POINTS` (renderergl1 tr_bsp.c).
pub const MAX_FACE_POINTS: i32 = 64;
/// Areas the snapshot area mask holds (`MAX_MAP_AREA_BYTES` × 8).
pub const MAX_AREAS: i32 = 256;
/// `LIGHTMAP_2D`: the lowest lightmap index `R_FindShader` takes without a warning.
pub const LIGHTMAP_LOWEST: i32 = -4;

fn unsigned(v: i32) -> u64 {
    u64::from(v as u32)
}

/// `first + count` of a range whose fields are `int`s: `None` when either is negative (the engines
/// then index before the lump or run through all memory).
fn range_end(first: i32, count: i32) -> Option<u64> {
    if first < 0 || count < 0 {
        return None;
    }
    Some(unsigned(first).saturating_add(unsigned(count)))
}

/// Whether `[first, first + count)` lies within `len` records.
fn in_range(first: i32, count: i32, len: usize) -> bool {
    range_end(first, count).is_some_and(|end| end <= len as u64)
}

/// Reports the first failing record of a check.
fn first<T>(
    sink: &mut impl Sink,
    items: impl Iterator<Item = T>,
    at: impl Fn(usize) -> u64,
    mut bad: impl FnMut(usize, T) -> Option<(&'static Rule, [u64; 3])>,
) -> Result<(), Error> {
    for (i, item) in items.enumerate() {
        if let Some((rule, args)) = bad(i, item) {
            return sink.report(rule.with(at(i), args));
        }
    }
    Ok(())
}

impl<'a> Map<'a> {
    /// Every cross-lump rule, and the entity text. Returns the entity count.
    pub fn validate(&self, sink: &mut impl Sink) -> Result<u64, Error> {
        let ents_at = self.directory.lump(Lump::Entities).offset;
        let (count, world) = entities::check(self.entities, ents_at, sink)?;
        let at = |lump| move |i| self.record_offset(lump, i);
        let dir_at = |lump: Lump| 8u64.saturating_add((lump as u64).saturating_mul(8));

        // Lumps every engine needs (CM_LoadMap), then those only Qfusion needs.
        for lump in [
            Lump::Shaders,
            Lump::Models,
            Lump::Nodes,
            Lump::Leafs,
            Lump::Planes,
        ] {
            if self.directory.lump(lump).bytes.is_empty() && self.directory.lump(lump).usable {
                sink.report(rules::LUMP_EMPTY.with(dir_at(lump), [lump as u64, 0, 0]))?;
            }
        }
        if let Some(lump) = [
            Lump::DrawVerts,
            Lump::Surfaces,
            Lump::LeafSurfaces,
            Lump::LeafBrushes,
            Lump::BrushSides,
            Lump::Brushes,
        ]
        .into_iter()
        .find(|&l| self.directory.lump(l).bytes.is_empty())
            && let Some(d) = crate::profiles::quake3::QFUSION_EMPTY_LUMP.check(1, dir_at(lump))
        {
            sink.report(d)?;
        }
        if let Some(d) =
            crate::profiles::quake3::SUBMODELS.check(self.models.len() as u64, dir_at(Lump::Models))
        {
            sink.report(d)?;
        }

        let n_shaders = self.shaders.len();
        let n_planes = self.planes.len();
        let n_nodes = self.nodes.len();
        let n_leafs = self.leafs.len();
        let n_brushes = self.brushes.len();
        let n_sides = self.brush_sides.len();
        let n_surfaces = self.surfaces.len();
        let n_verts = self.draw_verts.len();
        let n_indexes = self.draw_indexes.len();
        let n_fogs = self.fogs.len();
        let past = |v: i32, n: usize| unsigned(v) >= n as u64;

        // Brushes and brush sides (CMod_LoadBrushes, CMod_LoadBrushSides).
        first(sink, self.brushes.iter(), at(Lump::Brushes), |i, b| {
            let shader = b.shader.get();
            if past(shader, n_shaders) {
                return Some((
                    &rules::BAD_SHADER,
                    [Lump::Brushes as u64, i as u64, unsigned(shader)],
                ));
            }
            (!in_range(b.first_side.get(), b.num_sides.get(), n_sides)).then(|| {
                let end = range_end(b.first_side.get(), b.num_sides.get()).unwrap_or(u64::MAX);
                (&rules::BAD_BRUSHSIDE_RANGE, [i as u64, end, n_sides as u64])
            })
        })?;
        first(
            sink,
            (0..n_sides).filter_map(|i| self.brush_sides.get(i)),
            at(Lump::BrushSides),
            |i, (plane, shader)| {
                if past(plane, n_planes) {
                    Some((
                        &rules::BAD_PLANE,
                        [Lump::BrushSides as u64, i as u64, unsigned(plane)],
                    ))
                } else if past(shader, n_shaders) {
                    Some((
                        &rules::BAD_SHADER,
                        [Lump::BrushSides as u64, i as u64, unsigned(shader)],
                    ))
                } else {
                    None
                }
            },
        )?;
        // Nodes (CMod_LoadNodes, R_LoadNodesAndLeafs).
        first(sink, self.nodes.iter(), at(Lump::Nodes), |i, node| {
            let plane = node.plane.get();
            if past(plane, n_planes) {
                return Some((
                    &rules::BAD_PLANE,
                    [Lump::Nodes as u64, i as u64, unsigned(plane)],
                ));
            }
            node.children.iter().map(|c| c.get()).find_map(|c| {
                let bad = if c >= 0 {
                    past(c, n_nodes)
                } else {
                    past(!c, n_leafs)
                };
                let lump_len = if c >= 0 { n_nodes } else { n_leafs };
                bad.then_some((
                    &rules::BAD_CHILD,
                    [i as u64, i64::from(c) as u64, lump_len as u64],
                ))
            })
        })?;
        // Leafs and their lists (CMod_LoadLeafs, CMod_LoadLeafSurfaces, CMod_LoadLeafBrushes).
        let clusters = self.vis_header().map(|(n, _)| n);
        first(sink, self.leafs.iter(), at(Lump::Leafs), |i, leaf| {
            let (fs, ns) = (leaf.first_leaf_surface.get(), leaf.num_leaf_surfaces.get());
            let (fb, nb) = (leaf.first_leaf_brush.get(), leaf.num_leaf_brushes.get());
            let (cluster, area) = (leaf.cluster.get(), leaf.area.get());
            if !in_range(fs, ns, self.leaf_surfaces.len()) {
                let end = range_end(fs, ns).unwrap_or(u64::MAX);
                Some((
                    &rules::BAD_LEAFSURFACE_RANGE,
                    [i as u64, end, self.leaf_surfaces.len() as u64],
                ))
            } else if !in_range(fb, nb, self.leaf_brushes.len()) {
                let end = range_end(fb, nb).unwrap_or(u64::MAX);
                Some((
                    &rules::BAD_LEAFBRUSH_RANGE,
                    [i as u64, end, self.leaf_brushes.len() as u64],
                ))
            } else if area >= MAX_AREAS {
                Some((&rules::BAD_AREA, [i as u64, unsigned(area), 0]))
            } else if let Some(n) = clusters.filter(|&n| cluster >= 0 && cluster >= n) {
                Some((
                    &rules::BAD_CLUSTER,
                    [i as u64, unsigned(cluster), unsigned(n)],
                ))
            } else {
                None
            }
        })?;
        first(
            sink,
            self.leaf_surfaces.iter(),
            at(Lump::LeafSurfaces),
            |i, s| {
                past(s.get(), n_surfaces).then_some((
                    &rules::BAD_LEAFSURFACE,
                    [i as u64, unsigned(s.get()), n_surfaces as u64],
                ))
            },
        )?;
        first(
            sink,
            self.leaf_brushes.iter(),
            at(Lump::LeafBrushes),
            |i, b| {
                past(b.get(), n_brushes).then_some((
                    &rules::BAD_LEAFBRUSH,
                    [i as u64, unsigned(b.get()), n_brushes as u64],
                ))
            },
        )?;
        // Models (CMod_LoadSubmodels, R_LoadSubmodels).
        first(sink, self.models.iter(), at(Lump::Models), |i, m| {
            let (fs, ns) = (m.first_surface.get(), m.num_surfaces.get());
            let (fb, nb) = (m.first_brush.get(), m.num_brushes.get());
            if !in_range(fs, ns, n_surfaces) {
                Some((
                    &rules::BAD_MODEL_RANGE,
                    [i as u64, 0, range_end(fs, ns).unwrap_or(u64::MAX)],
                ))
            } else if !in_range(fb, nb, n_brushes) {
                Some((
                    &rules::BAD_MODEL_RANGE,
                    [i as u64, 1, range_end(fb, nb).unwrap_or(u64::MAX)],
                ))
            } else {
                None
            }
        })?;
        // Fogs (R_LoadFogs: the brush, its six axial sides, and the visible side).
        first(sink, self.fogs.iter(), at(Lump::Fogs), |i, f| {
            let (brush, side) = (f.brush.get(), f.visible_side.get());
            let bad = match self
                .brushes
                .get(unsigned(brush) as usize)
                .filter(|_| brush >= 0)
            {
                None => true,
                Some(b) => {
                    let first_side = b.first_side.get();
                    !in_range(first_side, 6, n_sides)
                        || (side != -1 && !in_range(first_side.saturating_add(side), 1, n_sides))
                }
            };
            bad.then_some((
                &rules::BAD_FOG_BRUSH,
                [i as u64, unsigned(brush), i64::from(side) as u64],
            ))
        })?;
        self.check_surfaces(sink, n_shaders, n_verts, n_indexes, n_fogs)?;
        self.check_vis(sink)?;
        self.check_lighting(sink, world.as_ref())?;
        Ok(count)
    }

    /// Surfaces (R_LoadSurfaces and its Parse* functions, CMod_LoadPatches).
    fn check_surfaces(
        &self,
        sink: &mut impl Sink,
        n_shaders: usize,
        n_verts: usize,
        n_indexes: usize,
        n_fogs: usize,
    ) -> Result<(), Error> {
        let at = |i| self.record_offset(Lump::Surfaces, i);
        let mut reported = [false; 6];
        let mut once =
            |slot: usize, sink: &mut dyn FnMut() -> Result<(), Error>| -> Result<(), Error> {
                match reported.get_mut(slot) {
                    Some(done) if !*done => {
                        *done = true;
                        sink()
                    }
                    _ => Ok(()),
                }
            };
        let mut max_lightmap: Option<i32> = None;
        let internal = self.lightmap_count();
        for (i, s) in self.surfaces.iter().enumerate() {
            let i64_of = |v: i32| i64::from(v) as u64;
            let fatal: Option<(&'static Rule, [u64; 3])> = if !(MST_PLANAR..=MST_FLARE)
                .contains(&s.kind)
            {
                Some((&rules::BAD_SURFACE_TYPE, [i as u64, i64_of(s.kind), 0]))
            } else if unsigned(s.shader) >= n_shaders as u64 {
                Some((
                    &rules::BAD_SHADER,
                    [Lump::Surfaces as u64, i as u64, unsigned(s.shader)],
                ))
            } else if s.fog < -1 || (s.fog >= 0 && unsigned(s.fog) >= n_fogs as u64) {
                Some((&rules::BAD_FOG, [i as u64, i64_of(s.fog), n_fogs as u64]))
            } else if s.kind == MST_PATCH {
                let (w, h) = s.patch;
                let points = u64::from(w.max(0) as u32).saturating_mul(u64::from(h.max(0) as u32));
                if w < 3
                    || h < 3
                    || w % 2 == 0
                    || h % 2 == 0
                    || w > MAX_GRID_SIZE
                    || h > MAX_GRID_SIZE
                    || points > MAX_PATCH_VERTS
                {
                    Some((&rules::BAD_PATCH_SIZE, [i as u64, i64_of(w), i64_of(h)]))
                } else {
                    // CMod_LoadPatches reads width × height points from firstVert; the renderer
                    // numVerts of them.
                    let count = s.verts.1.max(points as i32);
                    (!in_range(s.verts.0, count, n_verts)).then(|| {
                        (
                            &rules::BAD_SURFACE_VERTS,
                            [
                                i as u64,
                                range_end(s.verts.0, count).unwrap_or(u64::MAX),
                                n_verts as u64,
                            ],
                        )
                    })
                }
            } else if s.kind == MST_FLARE {
                None
            } else if !in_range(s.verts.0, s.verts.1, n_verts) {
                Some((
                    &rules::BAD_SURFACE_VERTS,
                    [
                        i as u64,
                        range_end(s.verts.0, s.verts.1).unwrap_or(u64::MAX),
                        n_verts as u64,
                    ],
                ))
            } else if !in_range(s.indexes.0, s.indexes.1, n_indexes) {
                Some((
                    &rules::BAD_SURFACE_INDEXES,
                    [
                        i as u64,
                        range_end(s.indexes.0, s.indexes.1).unwrap_or(u64::MAX),
                        n_indexes as u64,
                    ],
                ))
            } else {
                let start = s.indexes.0 as usize;
                let end = start.saturating_add(s.indexes.1 as usize);
                let nv = unsigned(s.verts.1);
                self.draw_indexes
                    .get(start..end)
                    .unwrap_or(&[])
                    .iter()
                    .position(|x| unsigned(x.get()) >= nv)
                    .and_then(|k| {
                        let v = self.draw_indexes.get(start.saturating_add(k))?.get();
                        Some((
                            &rules::BAD_INDEX,
                            [i as u64, start.saturating_add(k) as u64, i64_of(v)],
                        ))
                    })
            };
            if let Some((rule, args)) = fatal {
                // One fatal finding per map is enough: the engine stops at the first.
                return sink.report(rule.with(at(i), args));
            }
            if s.kind == MST_PATCH && (s.patch.0 > MAX_PATCH_SIZE || s.patch.1 > MAX_PATCH_SIZE) {
                once(0, &mut || {
                    sink.report(
                        rules::PATCH_OVER_RENDERER
                            .with(at(i), [i as u64, unsigned(s.patch.0), unsigned(s.patch.1)]),
                    )
                })?;
            }
            if s.kind == MST_PLANAR
                && s.verts.1 > MAX_FACE_POINTS
                && let Some(d) =
                    crate::profiles::quake3::FACE_POINTS.check(unsigned(s.verts.1), at(i))
            {
                once(1, &mut || sink.report(d))?;
            }
            if s.kind == MST_FLARE {
                continue;
            }
            for &lm in s.lightmaps.get(..s.styles).unwrap_or(&[]) {
                if lm < LIGHTMAP_LOWEST {
                    once(2, &mut || {
                        sink.report(
                            rules::BAD_LIGHTMAP_INDEX
                                .with(at(i), [i as u64, i64::from(lm) as u64, 0]),
                        )
                    })?;
                } else if lm >= 0 {
                    max_lightmap = Some(max_lightmap.map_or(lm, |m| m.max(lm)));
                }
            }
        }
        if let Some(m) = max_lightmap.filter(|&m| unsigned(m) >= internal as u64) {
            sink.report(rules::EXTERNAL_LIGHTMAPS.with(
                self.directory.lump(Lump::Lightmaps).offset,
                [unsigned(m), internal as u64, 0],
            ))?;
        }
        Ok(())
    }

    /// The visibility header against its lump and the leafs (CMod_LoadVisibility).
    fn check_vis(&self, sink: &mut impl Sink) -> Result<(), Error> {
        let vis = self.visibility;
        let at = self.directory.lump(Lump::Visibility).offset;
        if vis.is_empty() {
            return Ok(());
        }
        let Some((n, bytes)) = self.vis_header() else {
            return sink.report(rules::VIS_HEADER_SHORT.with(at, [vis.len() as u64, 0, 0]));
        };
        let rows = unsigned(n).saturating_mul(unsigned(bytes));
        if n < 0 || bytes < 0 || rows.saturating_add(8) > vis.len() as u64 {
            return sink.report(rules::VIS_OVERRUN.with(
                at,
                [
                    i64::from(n) as u64,
                    i64::from(bytes) as u64,
                    vis.len() as u64,
                ],
            ));
        }
        if unsigned(bytes) < unsigned(n).div_ceil(8) {
            sink.report(rules::VIS_ROW_SHORT.with(at, [unsigned(bytes), unsigned(n), 0]))?;
        }
        Ok(())
    }

    /// Lightmap pages and the light grid (R_LoadLightmaps, R_LoadLightGrid, R_LoadLightGridArray).
    fn check_lighting(
        &self,
        sink: &mut impl Sink,
        world: Option<&crate::q2bsp::entities::Entity<'_>>,
    ) -> Result<(), Error> {
        let page = self.variant().lightmap_page();
        let rest = (self.lightmaps.len() as u64).checked_rem(page).unwrap_or(0);
        if rest != 0 {
            sink.report(
                rules::LIGHTMAPS_PARTIAL
                    .with(self.directory.lump(Lump::Lightmaps).offset, [rest, page, 0]),
            )?;
        }
        let Some(expected) = self.grid_points(world) else {
            return Ok(());
        };
        // id's layout: 8 bytes a point in the grid lump; Raven's: a u16 per point in the light
        // array, indexing the grid lump's records.
        let (lump, bytes, per) = if self.variant().raven() {
            (Lump::LightArray, self.light_array.len() as u64, 2)
        } else {
            (Lump::LightGrid, self.light_grid.len() as u64, 8)
        };
        if bytes == 0 {
            // No grid at all (a map compiled without one): nothing to mismatch.
            return Ok(());
        }
        if bytes != expected.saturating_mul(per) {
            sink.report(rules::LIGHT_GRID_MISMATCH.with(
                self.directory.lump(lump).offset,
                [bytes.checked_div(per).unwrap_or(0), expected, 0],
            ))?;
        }
        Ok(())
    }

    /// Grid points the renderer expects: from the world model's bounds and the grid size, with
    /// `R_LoadLightGrid`'s float arithmetic. `None` without a world model.
    pub fn grid_points(&self, world: Option<&crate::q2bsp::entities::Entity<'_>>) -> Option<u64> {
        let model = self.models.first()?;
        let size = entities::grid_size(world);
        let mut points = 1u64;
        for ((min, max), step) in model.mins.iter().zip(model.maxs.iter()).zip(size) {
            if step.partial_cmp(&0.0) != Some(core::cmp::Ordering::Greater) {
                return None;
            }
            let origin = step * libm_ceil(min.get() / step);
            let top = step * libm_floor(max.get() / step);
            let n = (top - origin) / step + 1.0;
            // The engine truncates to int; a negative or huge count can never match a lump.
            if !(0.0..1.0e9).contains(&n) {
                return Some(u64::MAX);
            }
            points = points.saturating_mul(n as u64);
        }
        Some(points)
    }
}

/// `ceil` on `f32` without `std` (exact for every finite value).
fn libm_ceil(x: f32) -> f32 {
    let t = libm_trunc(x);
    if t < x { t + 1.0 } else { t }
}

/// `floor` on `f32` without `std`.
fn libm_floor(x: f32) -> f32 {
    let t = libm_trunc(x);
    if t > x { t - 1.0 } else { t }
}

/// Truncation toward zero; values of 2^23 and more are already whole.
fn libm_trunc(x: f32) -> f32 {
    if x.is_nan() || x.abs() >= 8_388_608.0 {
        return x;
    }
    (x as i32) as f32
}
