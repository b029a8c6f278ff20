//! The skeleton's index rules: bone parents, the bone lookup, and the bones each vertex is weighted
//! to. Checked without allocating, in time linear in the bone and vertex counts.
//!
//! What the indices mean, per version (wowdev.wiki `M2`, `M2/.skin`, and checked on every real model
//! and profile of `../shared/corpus/m2`, v264 and v272): a model vertex's `bone_indices` name bones
//! directly (WoW Model Viewer's `Model::animate` skins with `bones[bone_indices[b]]` for each weight
//! above 0, in every version); a `.skin` profile's per-vertex bones name slots of its submesh's
//! palette, `bone_lookup[bone_combo_index + slot]`, and the real files agree with the model's
//! vertices through exactly that path. Zero-weight influences are never read by that loop, so only
//! weighted ones are checked.
//!
//! Parents are signed 16-bit: -1 is the root, and no index above 32767 can be anyone's parent. Blizzard
//! lists every parent before its children (true of every bone in the shared corpus), which is what
//! loaders that build the hierarchy in one pass rely on (three-m2loader's `bones[parentIndex].add`);
//! WoW Model Viewer's `Bone::calcMatrix` instead recurses into the parent first and marks a bone done
//! only afterwards, so a loop recurses forever.

use crate::bytes;
use crate::diag::Sink;
use crate::error::Error;

use super::raw::Vertex;
use super::rules;

/// Bone record sizes: 108 bytes in version 256, 112 from The Burning Crusade (a name CRC), 88 from
/// Wrath of the Lich King (20-byte tracks). The parent is at byte 8 in all three.
pub const fn bone_record_len(version: u32) -> u16 {
    match version {
        ..=259 => 108,
        260..=263 => 112,
        _ => 88,
    }
}

/// Offset of the parent field inside a bone record.
const PARENT_AT: usize = 8;

/// Parents can only be 0..=32767, so cycle marks are needed for that many bones at most.
const MARKABLE: usize = 1 << 15;

/// The bones of a model, read in place (only the parent field is exposed).
#[derive(Clone, Copy, Debug)]
pub struct Bones<'a> {
    bytes: &'a [u8],
    stride: usize,
}

impl<'a> Bones<'a> {
    /// Bones over `bytes`, records of `stride` bytes.
    pub fn new(bytes: &'a [u8], stride: u16) -> Bones<'a> {
        Bones {
            bytes,
            stride: usize::from(stride),
        }
    }

    /// Number of whole records.
    pub fn len(&self) -> usize {
        self.bytes.len().checked_div(self.stride).unwrap_or(0)
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The stored parent of bone `i` (-1 for a root), when bone `i` exists.
    pub fn parent(&self, i: usize) -> Option<i16> {
        let at = i.checked_mul(self.stride)?.checked_add(PARENT_AT)?;
        let raw = bytes::u16_le(self.bytes, at as u64)?;
        Some(i16::from_le_bytes(raw.to_le_bytes()))
    }

    /// The parent of bone `i` as an index, when it names an existing bone.
    fn parent_index(&self, i: usize) -> Option<usize> {
        let p = usize::try_from(self.parent(i)?).ok()?;
        (p < self.len()).then_some(p)
    }

    /// The first bone whose parent is neither -1 nor an existing bone, with that parent.
    pub fn first_parent_out_of_range(&self) -> Option<(usize, i16)> {
        (0..self.len()).find_map(|i| {
            let p = self.parent(i)?;
            let valid = p == -1 || usize::try_from(p).is_ok_and(|p| p < self.len());
            (!valid).then_some((i, p))
        })
    }

    /// The first bone whose (existing) parent is itself or stored after it.
    pub fn first_parent_after_child(&self) -> Option<(usize, usize)> {
        (0..self.len()).find_map(|i| self.parent_index(i).filter(|&p| p >= i).map(|p| (i, p)))
    }

    /// A bone on a parent loop, when there is one. Each bone is walked at most twice, with two
    /// fixed 4 KiB bit sets on the stack as marks (no allocation, whatever the bone count): a walk
    /// from each unvisited bone marks its path; reaching a bone already on the current path is a
    /// loop, reaching one finished earlier or a root ends the walk, whose marks are then cleared.
    pub fn find_cycle(&self) -> Option<usize> {
        // No parent stored at or after its child: every chain strictly descends, so none loops.
        self.first_parent_after_child()?;
        let mut visited = BitSet::new();
        let mut on_path = BitSet::new();
        for start in 0..self.len().min(MARKABLE) {
            if visited.get(start) {
                continue;
            }
            let mut bone = start;
            loop {
                if on_path.get(bone) {
                    return Some(bone);
                }
                if visited.get(bone) {
                    break;
                }
                visited.set(bone, true);
                on_path.set(bone, true);
                match self.parent_index(bone) {
                    Some(p) => bone = p,
                    None => break,
                }
            }
            let mut bone = start;
            while on_path.get(bone) {
                on_path.set(bone, false);
                match self.parent_index(bone) {
                    Some(p) => bone = p,
                    None => break,
                }
            }
        }
        None
    }
}

/// A fixed set of `MARKABLE` bits.
struct BitSet([u64; MARKABLE / 64]);

impl BitSet {
    fn new() -> BitSet {
        BitSet([0; MARKABLE / 64])
    }

    fn get(&self, i: usize) -> bool {
        self.0
            .get(i / 64)
            .is_some_and(|w| w & (1u64 << (i % 64)) != 0)
    }

    fn set(&mut self, i: usize, on: bool) {
        if let Some(w) = self.0.get_mut(i / 64) {
            let bit = 1u64 << (i % 64);
            if on {
                *w |= bit;
            } else {
                *w &= !bit;
            }
        }
    }
}

/// Reports the first broken parent, a parent loop, or else the first parent stored after its child.
/// `at(i)` is the file offset of bone `i`'s record.
pub fn check_parents(
    bones: &Bones<'_>,
    at: impl Fn(usize) -> u64,
    sink: &mut impl Sink,
) -> Result<(), Error> {
    let n = bones.len() as u64;
    let parent_at = |i: usize| at(i).saturating_add(PARENT_AT as u64);
    if let Some((i, p)) = bones.first_parent_out_of_range() {
        let raw = u16::from_le_bytes(p.to_le_bytes());
        sink.report(rules::BONE_PARENT.with(parent_at(i), [i as u64, raw.into(), n]))?;
    }
    if let Some(i) = bones.find_cycle() {
        let p = bones.parent_index(i).unwrap_or(i);
        sink.report(rules::BONE_PARENT_CYCLE.with(parent_at(i), [i as u64, p as u64, 0]))?;
    } else if let Some((i, p)) = bones.first_parent_after_child() {
        sink.report(rules::BONE_PARENT_AFTER_CHILD.with(parent_at(i), [i as u64, p as u64, 0]))?;
    }
    Ok(())
}

/// Reports the first weighted vertex influence that names a bone past `bones`. A model without
/// bones is not checked: nothing is skinned, and no source shows what a client does then.
/// `at(i)` is the file offset of vertex `i`'s record.
pub fn check_vertex_bones(
    vertices: &[Vertex],
    bones: usize,
    at: impl Fn(usize) -> u64,
    sink: &mut impl Sink,
) -> Result<(), Error> {
    if bones == 0 {
        return Ok(());
    }
    let bad = vertices.iter().enumerate().find_map(|(i, v)| {
        (0..4).find_map(|k| {
            let weight = v.bone_weights.get(k).copied().unwrap_or(0);
            let bone = v.bone_indices.get(k).copied().unwrap_or(0);
            (weight > 0 && usize::from(bone) >= bones).then_some((i, k, bone))
        })
    });
    if let Some((i, k, bone)) = bad {
        // Weights at byte 12 of the record, indices at 16.
        let offset = at(i).saturating_add(16).saturating_add(k as u64);
        sink.report(rules::VERTEX_BONE_INDEX.with(offset, [i as u64, bone.into(), bones as u64]))?;
    }
    Ok(())
}

/// Reports the first bone lookup entry that names a bone past `bones`. `at(i)` is the file offset
/// of entry `i`.
pub fn check_bone_lookup(
    lookup: &[zerocopy::little_endian::U16],
    bones: usize,
    at: impl Fn(usize) -> u64,
    sink: &mut impl Sink,
) -> Result<(), Error> {
    if let Some((i, v)) = lookup
        .iter()
        .enumerate()
        .find(|(_, v)| usize::from(v.get()) >= bones)
    {
        sink.report(
            rules::BONE_LOOKUP_OUT_OF_RANGE.with(at(i), [i as u64, v.get().into(), bones as u64]),
        )?;
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)]
mod tests {
    use super::*;

    /// Test bones as 10-byte records (just enough for the parent at byte 8).
    fn bones(parents: &[i16]) -> ([u8; 4096], usize) {
        let mut b = [0u8; 4096];
        for (i, p) in parents.iter().enumerate() {
            let at = i * 10 + PARENT_AT;
            b[at..at + 2].copy_from_slice(&p.to_le_bytes());
        }
        (b, parents.len() * 10)
    }

    fn view(b: &[u8], len: usize) -> Bones<'_> {
        Bones::new(&b[..len], 10)
    }

    #[test]
    fn ordered_skeletons_have_no_faults() {
        let (b, n) = bones(&[-1, 0, 1, 1, 0]);
        let v = view(&b, n);
        assert_eq!(v.len(), 5);
        assert_eq!(v.first_parent_out_of_range(), None);
        assert_eq!(v.first_parent_after_child(), None);
        assert_eq!(v.find_cycle(), None);
    }

    #[test]
    fn finds_out_of_range_forward_and_looping_parents() {
        let (b, n) = bones(&[-1, 7, -2]);
        assert_eq!(view(&b, n).first_parent_out_of_range(), Some((1, 7)));
        let (b, n) = bones(&[-1, 2, 0]);
        let v = view(&b, n);
        assert_eq!(v.first_parent_after_child(), Some((1, 2)));
        assert_eq!(v.find_cycle(), None);
        let (b, n) = bones(&[-1, 3, 1, 2]);
        assert!(matches!(view(&b, n).find_cycle(), Some(1..=3)));
        let (b, n) = bones(&[-1, 1]);
        assert_eq!(view(&b, n).find_cycle(), Some(1));
        // A loop reached from a chain that starts outside it.
        let (b, n) = bones(&[1, 2, 3, 2]);
        assert!(matches!(view(&b, n).find_cycle(), Some(2 | 3)));
    }

    #[test]
    fn long_forward_chain_is_linear_and_loop_free() {
        // 32768 bones, each the child of the next: the worst case for walking, and no loop.
        // Miri interprets every step (the full chain took about 7 minutes there): a short chain
        // runs the same code.
        let n = if cfg!(miri) { 300 } else { MARKABLE };
        let mut data = [0u8; MARKABLE * 10];
        let data = &mut data[..n * 10];
        for i in 0..n {
            let p: i16 = if i + 1 < n { (i + 1) as i16 } else { -1 };
            let at = i * 10 + PARENT_AT;
            data[at..at + 2].copy_from_slice(&p.to_le_bytes());
        }
        let v = Bones::new(data, 10);
        assert_eq!(v.len(), n);
        assert_eq!(v.find_cycle(), None);
        assert_eq!(v.first_parent_after_child(), Some((0, 1)));
        // Close the chain into a loop at its far end.
        let at = (n - 1) * 10 + PARENT_AT;
        data[at..at + 2].copy_from_slice(&0i16.to_le_bytes());
        assert!(Bones::new(data, 10).find_cycle().is_some());
    }
}
