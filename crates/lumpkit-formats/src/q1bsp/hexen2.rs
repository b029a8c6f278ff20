//! Hexen II maps: BSP29 (or BSP2 / 2PSB, as ericw-tools writes them with `-hexen2`) whose model
//! record is Hexen II's `dmodel_t` of 80 bytes (eight head nodes, `MAX_MAP_HULLS` 8 in uHexen2's
//! `common/bspfile.h`) instead of Quake's 64. Nothing in the header says which game a version-29
//! map is for, so it is told the way ericw-tools tells it (`common/bspfile.cc`, `isHexen2`):
//!
//! - a models lump that is a whole number of 80-byte records and not of 64-byte ones is Hexen II's;
//! - one that is both (a multiple of 320 bytes) is Hexen II's when every record, read as Hexen II's,
//!   is consistent with the other lumps: visleafs within the leafs, faces within the faces, head
//!   node 0 within the nodes, head nodes 1–7 within the clipnodes;
//! - anything else is Quake's (a lump of neither size is then `bsp-lump-misaligned`).
//!
//! The Hexen II engine (uHexen2 / Hammer of Thyrion `engine/h2shared/gl_model.c`,
//! `Mod_LoadSubmodels`: "funny lump size" unless a multiple of its 80-byte record) loads only these;
//! every other lump is Quake's, and is checked as Quake's.

use zerocopy::FromBytes;

use crate::bytes;
use crate::q2bsp::dir::LumpSpec;

use super::raw::ModelH2;
use super::view::{HEADER_LEN, LUMP_COUNT};

/// Bytes of a Quake `dmodel_t`.
pub const QUAKE_MODEL_LEN: u64 = 64;
/// Bytes of a Hexen II `dmodel_t`.
pub const HEXEN2_MODEL_LEN: u64 = 80;

/// Lump indices the test reads (`bspfile.h` order).
const LUMP_NODES: usize = 5;
const LUMP_FACES: usize = 7;
const LUMP_CLIPNODES: usize = 9;
const LUMP_LEAFS: usize = 10;
const LUMP_MODELS: usize = 14;

/// The declared (offset, length) of lump `i` in the directory at byte 4.
fn lump(file: &[u8], i: usize) -> (u64, u64) {
    let at = 4u64.saturating_add((i as u64).saturating_mul(8));
    let field = |o: u64| u64::from(bytes::u32_le(file, at.saturating_add(o)).unwrap_or(0));
    (field(0), field(4))
}

/// Whether the map in `file`, whose other lumps have the record sizes of `specs` (its variant's),
/// is a Hexen II map.
pub fn is_hexen2(file: &[u8], specs: &[LumpSpec; LUMP_COUNT]) -> bool {
    if (file.len() as u64) < HEADER_LEN {
        return false;
    }
    let (models_at, models_len) = lump(file, LUMP_MODELS);
    if models_len == 0 || models_len % HEXEN2_MODEL_LEN != 0 {
        return false;
    }
    if models_len % QUAKE_MODEL_LEN != 0 {
        return true;
    }
    // Both sizes divide the lump: read it as Hexen II's and see whether it holds together.
    let Some(models) =
        bytes::range(file, models_at, models_len).and_then(|b| <[ModelH2]>::ref_from_bytes(b).ok())
    else {
        return false;
    };
    let count = |i: usize| {
        let record = specs.get(i).map_or(1, |s| u64::from(s.record.max(1)));
        lump(file, i).1.checked_div(record).unwrap_or(0)
    };
    let (faces, nodes) = (count(LUMP_FACES), count(LUMP_NODES));
    let (clipnodes, leafs) = (count(LUMP_CLIPNODES), count(LUMP_LEAFS));
    models.iter().all(|m| {
        let within = |v: i32, n: u64| v >= 0 && u64::from(v.unsigned_abs()) <= n;
        let (first, num) = (m.firstface.get(), m.numfaces.get());
        let faces_end = i64::from(first).saturating_add(i64::from(num));
        let [head, hulls @ ..] = m.headnode.map(|h| h.get());
        within(m.visleafs.get(), leafs)
            && first >= 0
            && num >= 0
            && u64::try_from(faces_end).is_ok_and(|e| e <= faces)
            && i64::from(head) < i64::try_from(nodes).unwrap_or(i64::MAX)
            && hulls
                .iter()
                .all(|&h| i64::from(h) < i64::try_from(clipnodes).unwrap_or(i64::MAX))
    })
}
