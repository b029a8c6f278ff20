//! The model records of a Quake 1 family map, read the same way whatever the game: Quake's and
//! GoldSrc's 64-byte `dmodel_t` (four head nodes) and Hexen II's 80-byte one (eight), widened to
//! one [`ModelRecord`] so that every check reads them once.

use zerocopy::FromBytes;

use super::raw::{Model, ModelH2};
use super::view::{Bsp1, Game, LUMP_MODELS};

/// One model record, whichever game's: the render tree's head node, the clipping hulls' heads,
/// and the faces and visleafs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModelRecord {
    /// `headnode[0]` (the render tree) and the clipping hulls' heads; Quake's and GoldSrc's
    /// records hold four, the rest are 0.
    pub headnode: [i32; 8],
    /// Leafs with visibility, not counting leaf 0.
    pub visleafs: i32,
    /// First face.
    pub firstface: i32,
    /// Face count.
    pub numfaces: i32,
}

impl From<&Model> for ModelRecord {
    fn from(m: &Model) -> ModelRecord {
        let mut headnode = [0; 8];
        for (slot, h) in headnode.iter_mut().zip(m.headnode.iter()) {
            *slot = h.get();
        }
        ModelRecord {
            headnode,
            visleafs: m.visleafs.get(),
            firstface: m.firstface.get(),
            numfaces: m.numfaces.get(),
        }
    }
}

impl From<&ModelH2> for ModelRecord {
    fn from(m: &ModelH2) -> ModelRecord {
        ModelRecord {
            headnode: m.headnode.map(|h| h.get()),
            visleafs: m.visleafs.get(),
            firstface: m.firstface.get(),
            numfaces: m.numfaces.get(),
        }
    }
}

impl ModelRecord {
    /// The head of clipping hull `hull` (1 ..= 7), `None` past the record's hulls.
    pub fn hull_head(&self, hull: usize) -> Option<i32> {
        self.headnode.get(hull).copied()
    }
}

/// The records of the models lump, as one game or the other lays them out.
#[derive(Clone)]
enum Records<'a> {
    Quake(core::slice::Iter<'a, Model>),
    Hexen2(core::slice::Iter<'a, ModelH2>),
}

impl Iterator for Records<'_> {
    type Item = ModelRecord;

    fn next(&mut self) -> Option<ModelRecord> {
        match self {
            Records::Quake(it) => it.next().map(ModelRecord::from),
            Records::Hexen2(it) => it.next().map(ModelRecord::from),
        }
    }
}

impl Bsp1<'_> {
    /// The model records (whole records of the models lump), in order.
    pub fn models(&self) -> impl Iterator<Item = ModelRecord> + Clone + '_ {
        let bytes = self.lumps.get(LUMP_MODELS).map_or(&[][..], |l| l.bytes);
        match self.game {
            Game::Hexen2 => {
                Records::Hexen2(<[ModelH2]>::ref_from_bytes(bytes).unwrap_or(&[]).iter())
            }
            Game::Quake | Game::GoldSrc => {
                Records::Quake(<[Model]>::ref_from_bytes(bytes).unwrap_or(&[]).iter())
            }
        }
    }

    /// The number of model records.
    pub fn model_count(&self) -> usize {
        let bytes = self.lumps.get(LUMP_MODELS).map_or(0, |l| l.bytes.len());
        let record = self.specs().get(LUMP_MODELS).map_or(64, |s| s.record) as usize;
        bytes.checked_div(record).unwrap_or(0)
    }
}
