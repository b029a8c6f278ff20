//! Renderer limits on the faces of a Quake 2 map: the widest lightmap, measured with the
//! engines' own `CalcSurfaceExtents` arithmetic (shared with Quake 1:
//! `q1bsp::surfaces::surface_bounds_f64`). The limit is the software renderer's; the
//! profiles name engines, not renderers ([`crate::profiles::quake2::SURFACE_EXTENTS`]).

use crate::diag::Sink;
use crate::error::Error;
use crate::profiles::quake2;
use crate::q1bsp::surfaces::{extents_of, may_exceed, surface_bounds};

use super::layout::{FaceRecord, Layout};
use super::view::{Lump, Map};

/// `SURF_SKY | SURF_WARP` (`qfiles.h`): faces without a lightmap, exempt from ref_soft's check and
/// skipped by ref_gl's `GL_CreateSurfaceLightmap` (`SURF_DRAWSKY` / `SURF_DRAWTURB`).
const NO_LIGHTMAP: i32 = 0x4 | 0x8;

impl<L: Layout> Map<'_, L> {
    /// Reports the widest face that has a lightmap when an engine's renderer refuses it.
    pub fn check_surfaces(&self, sink: &mut impl Sink) -> Result<(), Error> {
        let mut widest: Option<(i64, usize)> = None;
        for (i, face) in self.faces.iter().enumerate() {
            let Some(t) = usize::try_from(face.texinfo())
                .ok()
                .and_then(|t| self.texinfo.get(t))
            else {
                continue;
            };
            if t.flags.get() & NO_LIGHTMAP != 0 {
                continue;
            }
            let Some(bounds) = surface_bounds(
                &t.vecs,
                face.edges(),
                self.surfedges,
                self.edges,
                self.vertexes,
            ) else {
                continue;
            };
            // A face that cannot be wider than the widest so far cannot replace it.
            if widest.is_some_and(|(w, _)| !may_exceed(bounds, w)) {
                continue;
            }
            let ext = extents_of(bounds);
            let largest = ext[0].max(ext[1]);
            if widest.is_none_or(|(w, _)| largest > w) {
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
