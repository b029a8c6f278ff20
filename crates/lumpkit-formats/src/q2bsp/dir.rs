//! The lump directory shared by every id BSP: `N` pairs of (offset, length) after the header, each
//! checked against the file with 64-bit arithmetic and against its record size (Q2PRO `BSP_Load`:
//! "lump out of bounds", "lump has odd size"; id `CMod_Load*`: "funny lump size").

use crate::bytes;
use crate::diag::Sink;
use crate::error::Error;

use super::rules;

/// What a lump holds, for checking and for `info`'s counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LumpSpec {
    /// Name as in `qfiles.h` / `bspfile.h` (`planes`, `leaffaces`, …).
    pub name: &'static str,
    /// Record size in bytes; 1 for byte lumps (entities, visibility, lighting, pop, textures).
    pub record: u32,
}

/// A lump after checking: the usable bytes and whether they are the whole declared lump.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LumpData<'a> {
    /// The bytes (empty when the lump is unusable).
    pub bytes: &'a [u8],
    /// File offset of the lump.
    pub offset: u64,
    /// Declared length.
    pub declared: u64,
    /// Whether the lump passed the bounds and size checks.
    pub usable: bool,
}

impl LumpData<'_> {
    /// Whole records the lump holds.
    pub fn count(&self, spec: &LumpSpec) -> u64 {
        (self.bytes.len() as u64)
            .checked_div(u64::from(spec.record))
            .unwrap_or(0)
    }
}

/// Reads and checks `N` directory entries at byte `base` of `file` (8 for Quake 2, 4 for Quake 1). Entity lump `clamp` (index) past
/// EOF is clamped with a warning; any other lump out of bounds is an error and comes back empty; a
/// misaligned lump is an error and comes back cut to whole records. Returns whether every lump is
/// usable.
pub fn read<'a, const N: usize>(
    file: &'a [u8],
    base: u64,
    specs: &[LumpSpec; N],
    clamp: Option<usize>,
    out: &mut [LumpData<'a>; N],
    sink: &mut impl Sink,
) -> Result<bool, Error> {
    let file_len = file.len() as u64;
    let mut clean = true;
    for (i, (spec, slot)) in specs.iter().zip(out.iter_mut()).enumerate() {
        let at = base.saturating_add((i as u64).saturating_mul(8));
        let offset = u64::from(bytes::u32_le(file, at).unwrap_or(0));
        let declared = u64::from(bytes::u32_le(file, at.saturating_add(4)).unwrap_or(0));
        let end = offset.saturating_add(declared);
        let mut data = bytes::range(file, offset, declared);
        if data.is_none() {
            if clamp == Some(i) && offset <= file_len {
                let present = file_len.saturating_sub(offset);
                sink.report(rules::ENTITIES_CLAMPED.with(at, [present, 0, 0]))?;
                data = bytes::range(file, offset, present);
            } else {
                sink.report(rules::LUMP_OUT_OF_BOUNDS.with(at, [i as u64, end, file_len]))?;
                clean = false;
            }
        }
        let mut bytes = data.unwrap_or(&[]);
        let mut usable = data.is_some();
        let record = u64::from(spec.record.max(1));
        let rem = (bytes.len() as u64).checked_rem(record).unwrap_or(0);
        if rem != 0 {
            sink.report(rules::LUMP_MISALIGNED.with(at, [i as u64, bytes.len() as u64, record]))?;
            let keep = bytes
                .len()
                .saturating_sub(usize::try_from(rem).unwrap_or(0));
            bytes = bytes.get(..keep).unwrap_or(&[]);
            usable = false;
            clean = false;
        }
        *slot = LumpData {
            bytes,
            offset,
            declared,
            usable,
        };
    }
    Ok(clean)
}

/// An unchecked, empty lump (initial value of a directory array).
pub const EMPTY: LumpData<'static> = LumpData {
    bytes: &[],
    offset: 0,
    declared: 0,
    usable: false,
};
