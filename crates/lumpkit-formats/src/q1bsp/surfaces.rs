//! Renderer limits on the faces of a Quake 1 / GoldSrc map, measured with the engines' own
//! arithmetic: each face's lightmap extents (`CalcSurfaceExtents`, `bsp-surface-extents`) and the
//! 128×128 lightmap pages all faces fill (GLQuake's `GL_BuildLightmaps` → `AllocBlock`,
//! `bsp-lightmap-pages`). Both are engine-dependent ([`crate::profiles::quake1`]): the software
//! renderers and GLQuake refuse what QuakeSpasm and Xash3D load.

use zerocopy::FromBytes;
use zerocopy::little_endian::{F32, I32};

use crate::diag::Sink;
use crate::error::Error;
use crate::profiles::{Condition, quake1};
use crate::q2bsp::layout::{EdgeRecord, FaceRecord};
use crate::q2bsp::raw::Vertex;

use super::layout::{Bsp29, Layout};
use super::raw::TexInfo;
use super::view::{Bsp1, Variant};

/// `TEX_SPECIAL` in a texinfo's flags: the only thing that exempts a face from the extents check
/// in every engine read (id `gl_model.c` and `model.c`, QuakeSpasm, ReHLDS `model.cpp`).
const TEX_SPECIAL: i32 = 1;

/// GLQuake's lightmap page (`BLOCK_WIDTH` × `BLOCK_HEIGHT` in `gl_rsurf.c`).
const BLOCK: usize = 128;

/// Pages simulated: one more than GLQuake's `MAX_LIGHTMAPS` (64), so that "full" is measured
/// without allocating (this crate never does).
const PAGES: usize = 65;

/// `floor` without `std` (the argument is a texture coordinate / 16; saturates far outside `i64`).
/// The lightmap-size check in `validate` uses it too.
pub(super) fn floor(x: f64) -> i64 {
    let t = x as i64;
    if (t as f64) > x {
        t.saturating_sub(1)
    } else {
        t
    }
}

/// `ceil` without `std`.
pub(super) fn ceil(x: f64) -> i64 {
    let t = x as i64;
    if (t as f64) < x {
        t.saturating_add(1)
    } else {
        t
    }
}

/// The lumps a face's extents need.
struct Faces<'b, L: Layout> {
    vertexes: &'b [Vertex],
    edges: &'b [L::Edge],
    surfedges: &'b [I32],
    texinfo: &'b [TexInfo],
}

impl<L: Layout> Faces<'_, L> {
    /// The face's extents in texels per texture axis (`surface_extents`), with its texinfo.
    fn extents(&self, face: &L::Face) -> Option<(&TexInfo, [i64; 2])> {
        let t = self.texinfo.get(usize::try_from(face.texinfo()).ok()?)?;
        let ext = surface_extents(
            &t.vecs,
            face.edges(),
            self.surfedges,
            self.edges,
            self.vertexes,
        )?;
        Some((t, ext))
    }
}

/// A face's extents in texels per texture axis, as `CalcSurfaceExtents` computes them in every
/// engine read (id Quake `model.c` / `gl_model.c`, QuakeSpasm, ReHLDS `model.cpp`, id Quake 2
/// `ref_soft/r_model.c` and `ref_gl/gl_model.c`, yquake2: the same code, Quake 2 only reads its
/// texinfo from another record): every vertex the surfedges `(first, count)` start at, projected
/// on both texture axes `vecs` (products and sums in double precision, the result stored to
/// `float` as QuakeSpasm does; the x87 code of the original engines rounds the same extended sum
/// to the same `float`), then `(ceil(max/16) - floor(min/16)) * 16`. `None` when an index is bad
/// (other rules report it) or the face has no edge.
pub(crate) fn surface_extents<E: EdgeRecord>(
    vecs: &[[F32; 4]; 2],
    edges_of_face: (u64, u64),
    surfedges: &[I32],
    edges: &[E],
    vertexes: &[Vertex],
) -> Option<[i64; 2]> {
    surface_bounds(vecs, edges_of_face, surfedges, edges, vertexes).map(extents_of)
}

/// The least and greatest texture coordinate of a face's vertices on each axis, `[min s, min t,
/// max s, max t]`, as `float`s (the first half of [`surface_extents`]; the minima side by side
/// and the maxima side by side, so that each pair is one vector `min`/`max`).
pub(crate) fn surface_bounds<E: EdgeRecord>(
    vecs: &[[F32; 4]; 2],
    (first, count): (u64, u64),
    surfedges: &[I32],
    edges: &[E],
    vertexes: &[Vertex],
) -> Option<[f32; 4]> {
    // One range check for the face's surfedges instead of one per edge (the hot loop of
    // validation on large maps); a range past the lump is `None`, as an index past it was.
    let start = usize::try_from(first).ok()?;
    let run = surfedges.get(start..start.checked_add(usize::try_from(count).ok()?)?)?;
    if run.is_empty() {
        return None;
    }
    let [[a0, b0, c0, d0], [a1, b1, c1, d1]] = vecs.map(|axis| axis.map(|c| f64::from(c.get())));
    let (mut lo0, mut hi0, mut lo1, mut hi1) = (f32::MAX, f32::MIN, f32::MAX, f32::MIN);
    for s in run {
        let s = s.get();
        let [v0, v1] = edges
            .get(usize::try_from(s.unsigned_abs()).ok()?)?
            .vertices();
        let p = &vertexes
            .get(usize::try_from(if s >= 0 { v0 } else { v1 }).ok()?)?
            .point;
        let [x, y, z] = p.map(|c| f64::from(c.get()));
        let u = (x * a0 + y * b0 + z * c0 + d0) as f32;
        let v = (x * a1 + y * b1 + z * c1 + d1) as f32;
        // Comparisons as the engines write them (a NaN changes neither bound).
        if u < lo0 {
            lo0 = u;
        }
        if u > hi0 {
            hi0 = u;
        }
        if v < lo1 {
            lo1 = v;
        }
        if v > hi1 {
            hi1 = v;
        }
    }
    Some([lo0, lo1, hi0, hi1])
}

/// Extents in texels from [`surface_bounds`]: `(ceil(max/16) - floor(min/16)) * 16` per axis.
#[inline]
pub(crate) fn extents_of([lo0, lo1, hi0, hi1]: [f32; 4]) -> [i64; 2] {
    let side = |lo: f32, hi: f32| {
        let cells = ceil(f64::from(hi) / 16.0).saturating_sub(floor(f64::from(lo) / 16.0));
        cells.saturating_mul(16)
    };
    [side(lo0, hi0), side(lo1, hi1)]
}

/// Whether a face with these [`surface_bounds`] can have extents above `w` (`false` only when
/// it provably cannot): the exact extents need four float-to-integer roundings, so a search for
/// the widest face skips them for faces narrower than the widest so far. Per axis the extents are
/// below `max - min + 32` (at most one cell of rounding at each end); with both bounds within
/// ±2⁴⁰ the `f64` difference is off by under 2⁻¹², so `max - min + 33 <= w` proves it.
#[inline]
pub(crate) fn may_exceed([lo0, lo1, hi0, hi1]: [f32; 4], w: i64) -> bool {
    const LIMIT: f32 = 1_099_511_627_776.0; // 2^40
    let narrow = |lo: f32, hi: f32| {
        let sane = (-LIMIT..=LIMIT).contains(&lo) && (-LIMIT..=LIMIT).contains(&hi);
        sane && w >= 0 && f64::from(hi) - f64::from(lo) + 33.0 <= w as f64
    };
    !(narrow(lo0, hi0) && narrow(lo1, hi1))
}

/// GLQuake's `allocated[MAX_LIGHTMAPS][BLOCK_WIDTH]` (one page more), with each page's lowest
/// column so that a page no block fits in is skipped at once (the same answer `AllocBlock`
/// reaches column by column).
struct Pages {
    allocated: [[u8; BLOCK]; PAGES],
    lowest: [u8; PAGES],
    used: usize,
}

impl Pages {
    fn new() -> Pages {
        Pages {
            allocated: [[0; BLOCK]; PAGES],
            lowest: [0; PAGES],
            used: 0,
        }
    }

    /// `AllocBlock(w, h)`: the first page, leftmost lowest spot, with GLQuake's loop bound
    /// `i < BLOCK_WIDTH - w` (a block 128 wide never fits). `false` when every page is full.
    ///
    /// GLQuake scans `w` columns at every start column (`O(128 w)` a page, most of the time
    /// validation spent on a Quake 1 map). Its answer is the leftmost start whose window maximum
    /// is the least and below 128, so here the window maxima come from [`window_max`] (a few
    /// whole-page `max` passes) and the spot from one scan of them.
    fn alloc(&mut self, w: usize, h: usize) -> bool {
        let starts = BLOCK.saturating_sub(w);
        for (texnum, (page, lowest)) in self
            .allocated
            .iter_mut()
            .zip(self.lowest.iter_mut())
            .enumerate()
        {
            if usize::from(*lowest).saturating_add(h) > BLOCK {
                continue;
            }
            let maxima = window_max(page, w);
            // A fold (not `Iterator::min`, which tracks a reference) so that it is vectorised.
            let least = maxima
                .get(..starts)
                .unwrap_or(&[])
                .iter()
                .fold(u8::MAX, |a, &m| a.min(m));
            // GLQuake starts from `best = BLOCK_HEIGHT` and takes a window only below it.
            let best = usize::from(least);
            let top = best.saturating_add(h);
            if best >= BLOCK || top > BLOCK {
                continue;
            }
            let Some(x) = maxima.iter().position(|&m| usize::from(m) == best) else {
                continue;
            };
            for a in page.iter_mut().skip(x).take(w) {
                *a = u8::try_from(top).unwrap_or(u8::MAX);
            }
            *lowest = page.iter().fold(u8::MAX, |a, &b| a.min(b));
            self.used = self.used.max(texnum.saturating_add(1));
            return true;
        }
        false
    }
}

/// `out[i]` = the largest of `page[i..i + w]`, for every `i` with `i + w <= BLOCK` (later entries
/// are maxima of shorter windows). Windows of doubling widths (each one `max` pass over the page,
/// which the compiler vectorises), then two overlapping windows of the largest power of two `<= w`.
fn window_max(page: &[u8; BLOCK], w: usize) -> [u8; BLOCK] {
    // `out[i] = max(out[i], from[i + shift])` over whole slices (zipped slice iterators, which
    // the compiler turns into vector `max` without bounds checks).
    fn widen(out: &mut [u8; BLOCK], from: &[u8; BLOCK], shift: usize) {
        for (o, &b) in out.iter_mut().zip(from.get(shift..).unwrap_or(&[])) {
            *o = (*o).max(b);
        }
    }
    let mut cur = *page;
    let mut width = 1usize;
    while width.saturating_mul(2) <= w {
        let mut next = cur;
        widen(&mut next, &cur, width);
        cur = next;
        width = width.saturating_mul(2);
    }
    let mut out = cur;
    widen(&mut out, &cur, w.saturating_sub(width));
    out
}

impl Bsp1<'_> {
    fn lump_bytes(&self, i: usize) -> (&[u8], u64) {
        self.lumps
            .get(i)
            .map_or((&[][..], 0), |l| (l.bytes, l.offset))
    }

    /// The name of texture slot `i` (its 16 name bytes), `None` for a missing slot.
    fn texture_name(&self, i: u32) -> Option<&[u8]> {
        let (bytes, _) = self.texture(i)?;
        let name = bytes.get(..16)?;
        Some(name.split(|&b| b == 0).next().unwrap_or(name))
    }

    /// Reports the largest face extents and the lightmap pages the faces fill, when an engine of
    /// the family refuses them. BSP29 and BSP30 only (BSP2 is for ports that lifted the limits).
    pub fn check_surfaces(&self, sink: &mut impl Sink) -> Result<(), Error> {
        if self.variant != Variant::Bsp29 {
            return Ok(());
        }
        let slice = |i: usize| self.lump_bytes(i).0;
        let geo = Faces::<Bsp29> {
            vertexes: <[Vertex]>::ref_from_bytes(slice(3)).unwrap_or(&[]),
            edges: <[<Bsp29 as Layout>::Edge]>::ref_from_bytes(slice(12)).unwrap_or(&[]),
            surfedges: <[I32]>::ref_from_bytes(slice(13)).unwrap_or(&[]),
            texinfo: <[TexInfo]>::ref_from_bytes(slice(6)).unwrap_or(&[]),
        };
        let (faces_bytes, faces_at) = self.lump_bytes(7);
        let faces = <[<Bsp29 as Layout>::Face]>::ref_from_bytes(faces_bytes).unwrap_or(&[]);
        let goldsrc = self.version == 30;
        let has_textures = !slice(2).is_empty();
        let mut widest: Option<(i64, usize)> = None;
        let mut pages = Pages::new();
        let mut full_at = None;
        for (i, f) in faces.iter().enumerate() {
            let Some((t, ext)) = geo.extents(f) else {
                continue;
            };
            let largest = ext[0].max(ext[1]);
            if t.flags.get() & TEX_SPECIAL == 0 && widest.is_none_or(|(w, _)| largest > w) {
                widest = Some((largest, i));
            }
            // GLQuake gives every face but sky and liquids (`SURF_DRAWSKY` / `SURF_DRAWTURB`,
            // set from the texture's name) a block, lit or not; a face too wide for a page is
            // left to the extents check. GoldSrc's renderer source is not public: not simulated.
            if goldsrc || full_at.is_some() {
                continue;
            }
            let name = u32::try_from(t.miptex.get())
                .ok()
                .filter(|_| has_textures)
                .and_then(|m| self.texture_name(m))
                .unwrap_or(b"notexture");
            if name.starts_with(b"sky") || name.starts_with(b"*") {
                continue;
            }
            let block = |e: i64| usize::try_from((e >> 4).saturating_add(1)).ok();
            let (Some(w), Some(h)) = (block(ext[0]), block(ext[1])) else {
                continue;
            };
            if w == 0 || h == 0 || w >= BLOCK || h > BLOCK {
                continue;
            }
            if !pages.alloc(w, h) {
                full_at = Some(i);
            }
        }
        let face_at = |i: usize| faces_at.saturating_add((i as u64).saturating_mul(20));
        let extents: &'static Condition = if goldsrc {
            &quake1::GOLDSRC_SURFACE_EXTENTS
        } else {
            &quake1::SURFACE_EXTENTS
        };
        if let Some((w, i)) = widest
            && let Some(d) = extents.check(u64::try_from(w).unwrap_or(0), face_at(i))
        {
            sink.report(d)?;
        }
        if !goldsrc {
            let (used, at) = match full_at {
                Some(i) => (PAGES, face_at(i)),
                None => (pages.used, faces_at),
            };
            if let Some(d) = quake1::LIGHTMAP_PAGES.check(used as u64, at) {
                sink.report(d)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)]
mod tests {
    use super::{BLOCK, Pages};

    /// GLQuake's `AllocBlock` loop as written in `gl_rsurf.c`, column by column, on one page:
    /// the spot and the new height, `None` when the block does not fit.
    fn alloc_block_reference(page: &[u8; BLOCK], w: usize, h: usize) -> Option<(usize, usize)> {
        let mut best = BLOCK;
        let mut spot = None;
        for i in 0..BLOCK - w {
            let mut best2 = 0;
            let mut j = 0;
            while j < w {
                let a = usize::from(page[i + j]);
                if a >= best {
                    break;
                }
                best2 = best2.max(a);
                j += 1;
            }
            if j == w {
                spot = Some(i);
                best = best2;
            }
        }
        spot.filter(|_| best + h <= BLOCK).map(|x| (x, best + h))
    }

    #[test]
    fn may_exceed_never_hides_a_wider_face() {
        let mut next = crate::xorshift(0x2545_F491_4F6C_DD1D);
        // Miri interprets every step: a sample there, the full run natively.
        for _ in 0..if cfg!(miri) { 2_000 } else { 200_000 } {
            // Bounds near cell edges and far apart, fractional and whole, a few beyond 2^40.
            let scale = [1.0f32, 16.0, 4096.0, 1.0e9, 1.0e13][(next() % 5) as usize];
            let mut coord = || ((next() % 2001) as f32 - 1000.0) / 1000.0 * scale;
            let (a, b, c, d) = (coord(), coord(), coord(), coord());
            let bounds = [a.min(b), c.min(d), a.max(b), c.max(d)];
            let w = (next() % 4096) as i64 - 16;
            let [e0, e1] = super::extents_of(bounds);
            if !super::may_exceed(bounds, w) {
                assert!(e0.max(e1) <= w, "{bounds:?} {w}");
            }
        }
    }

    #[test]
    fn alloc_matches_glquakes_column_scan() {
        let mut draw = crate::xorshift(0x9E37_79B9_7F4A_7C15);
        let mut next = move |n: u64| (draw() % n) as usize;
        // Miri interprets every step (and compares every page each time): a sample there.
        let (maps, faces) = if cfg!(miri) { (2, 60) } else { (40, 600) };
        for _ in 0..maps {
            let mut p = Pages::new();
            let mut reference = [[0u8; BLOCK]; super::PAGES];
            // Small and large blocks mixed, as a map's faces are.
            let cap = [4, 16, 64, 127][next(4)];
            for _ in 0..faces {
                let (w, h) = (1 + next(cap as u64), 1 + next(cap as u64));
                let expected = reference
                    .iter()
                    .enumerate()
                    .find_map(|(t, page)| alloc_block_reference(page, w, h).map(|s| (t, s)));
                if let Some((t, (x, top))) = expected {
                    reference[t][x..x + w].fill(top as u8);
                }
                assert_eq!(p.alloc(w, h), expected.is_some(), "w {w} h {h}");
                assert_eq!(p.allocated, reference);
            }
        }
    }

    #[test]
    fn alloc_block_packs_like_glquake() {
        let mut p = Pages::new();
        // Blocks may start at columns 0..=120 (`i < BLOCK_WIDTH - w`): 18 blocks 7 wide fit a page.
        for _ in 0..18 {
            assert!(p.alloc(7, 128));
        }
        assert_eq!(p.used, 1);
        assert!(p.alloc(7, 128));
        assert_eq!(p.used, 2);
        // A block as wide as the page never fits.
        assert!(!p.alloc(128, 1));
    }

    #[test]
    // About 2,000 whole-page window passes (every page keeps an empty right half, so none is
    // skipped): minutes under Miri, which runs the same `alloc` in the tests above.
    #[cfg_attr(miri, ignore = "slow under Miri; alloc is covered by the tests above")]
    fn every_page_full_is_refused() {
        let mut p = Pages::new();
        let mut placed = 0;
        while p.alloc(64, 128) {
            placed += 1;
        }
        // One 64-wide block per page (columns 0..63; the next spot would start at 64 = 128 - w).
        assert_eq!(placed, 65);
        assert_eq!(p.used, 65);
    }
}
