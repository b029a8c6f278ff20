//! Renderer limits on the faces of a Quake 2 map: the widest lightmap, measured with the
//! engines' own `CalcSurfaceExtents` arithmetic (shared with Quake 1:
//! `q1bsp::surfaces::project_bounds`). The limit is the software renderer's; the
//! profiles name engines, not renderers ([`crate::profiles::quake2::SURFACE_EXTENTS`]).

use crate::diag::Sink;
use crate::error::Error;
use crate::profiles::quake2;
use crate::q1bsp::surfaces::{extents_of, project_bounds, rounded_if_may_exceed, texture_axes};

use super::layout::{FaceRecord, Layout};
use super::view::{Lump, Map};

/// `SURF_SKY | SURF_WARP` (`qfiles.h`): faces without a lightmap, exempt from ref_soft's check and
/// skipped by ref_gl's `GL_CreateSurfaceLightmap` (`SURF_DRAWSKY` / `SURF_DRAWTURB`).
const NO_LIGHTMAP: i32 = 0x4 | 0x8;

impl<L: Layout> Map<'_, L> {
    /// Reports the widest face that has a lightmap when an engine's renderer refuses it.
    // Only a face wider than every face before it and than the smallest engine limit can be the
    // one reported (`Condition::check` reports nothing at or below it): the others are ruled out
    // as cheaply as their bounds allow (`rounded_if_may_exceed`).
    pub fn check_surfaces(&self, sink: &mut impl Sink) -> Result<(), Error> {
        let floor = quake2::SURFACE_EXTENTS
            .min_limit()
            .map_or(i64::MAX, |m| i64::try_from(m).unwrap_or(i64::MAX));
        let mut widest: Option<(i64, usize)> = None;
        // The last texinfo asked for and its widened axes (`None`: no such texinfo, or no lightmap).
        let mut last: Option<(u64, Option<[[f64; 4]; 2]>)> = None;
        for (i, face) in self.faces.iter().enumerate() {
            let tex = face.texinfo();
            let axes = match last {
                Some((t, axes)) if t == tex => axes,
                _ => {
                    let axes = usize::try_from(tex)
                        .ok()
                        .and_then(|t| self.texinfo.get(t))
                        .filter(|t| t.flags.get() & NO_LIGHTMAP == 0)
                        .map(|t| texture_axes(&t.vecs));
                    last = Some((tex, axes));
                    axes
                }
            };
            let Some(axes) = axes else {
                continue;
            };
            let Some(bounds) = project_bounds(
                &axes,
                face.edges(),
                self.surfedges,
                self.edges,
                self.vertexes,
            ) else {
                continue;
            };
            // A face that cannot be wider than this cannot change the verdict.
            let w = widest.map_or(floor, |(w, _)| w.max(floor));
            let Some(bounds) = rounded_if_may_exceed(bounds, w) else {
                continue;
            };
            let ext = extents_of(bounds);
            let largest = ext[0].max(ext[1]);
            if largest > w {
                widest = Some((largest, i));
            }
        }
        if let Some((w, i)) = widest
            && let Some(d) = quake2::SURFACE_EXTENTS.check(
                u64::try_from(w).unwrap_or(0),
                self.record_offset(Lump::Faces, i),
            )
        {
            sink.report(d)?;
        }
        Ok(())
    }
}
