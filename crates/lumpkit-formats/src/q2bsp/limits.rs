//! Engine count limits of a Quake 2 map (`bsp-limit-exceeded`): each lump's record count against
//! the Quake 2 profile table ([`crate::profiles::quake2`]), which says which engines refuse it.
//! Only id's IBSP: a Qbism map is already refused by id Quake 2 (`bsp-qbism`).

use crate::diag::Sink;
use crate::error::Error;
use crate::profiles::{Condition, quake2};

use super::layout::{Layout, LeafRecord};
use super::view::{Lump, Map, Variant};

impl<L: Layout> Map<'_, L> {
    /// Reports every lump whose count some Quake 2 engine refuses.
    pub fn check_limits(&self, sink: &mut impl Sink) -> Result<(), Error> {
        if L::VARIANT != Variant::Ibsp {
            return Ok(());
        }
        let counts: [(&'static Condition, Lump, usize); 11] = [
            (&quake2::MODELS, Lump::Models, self.models.len()),
            (&quake2::TEXINFO, Lump::Texinfo, self.texinfo.len()),
            (&quake2::BRUSHES, Lump::Brushes, self.brushes.len()),
            (&quake2::PLANES, Lump::Planes, self.planes.len()),
            (&quake2::NODES, Lump::Nodes, self.nodes.len()),
            (&quake2::LEAFS, Lump::Leafs, self.leafs.len()),
            (
                &quake2::LEAFBRUSHES,
                Lump::LeafBrushes,
                self.leafbrushes.len(),
            ),
            (&quake2::BRUSHSIDES, Lump::BrushSides, self.brushsides.len()),
            (
                &quake2::AREAPORTALS,
                Lump::AreaPortals,
                self.areaportals.len(),
            ),
            (&quake2::VISIBILITY, Lump::Visibility, self.visibility.len()),
            (&quake2::ENTSTRING, Lump::Entities, self.entities.len()),
        ];
        let no_empty_leaf = !self.leafs.iter().skip(1).any(|l| l.contents() == 0);
        let refusals = [
            (
                &quake2::NO_EMPTY_LEAF,
                Lump::Leafs,
                usize::from(no_empty_leaf),
            ),
            (
                &quake2::NO_LEAFBRUSHES,
                Lump::LeafBrushes,
                usize::from(self.leafbrushes.is_empty()),
            ),
        ];
        for (condition, lump, count) in counts.into_iter().chain(refusals) {
            let at = self.directory.lump(lump).offset;
            if let Some(d) = condition.check(count as u64, at) {
                sink.report(d)?;
            }
        }
        Ok(())
    }
}
