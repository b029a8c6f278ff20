//! The `GGAT` tag table: `"GGAT"`, a 4-character name stored reversed (`SFFO` is OFFS), a `u32`
//! length and the payload. Reading stops at the first record that does not start with `GGAT`.
//! Unknown tags are skipped by their length, as the game does; known tags of the wrong length are
//! reported and ignored (BI wiki "PAA File Format"; `../shared/research/paa.md` §1).

use crate::bytes::{array, range, u32_le};
use crate::diag::Sink;
use crate::error::Error;

use super::rules;

/// The four bytes every tag starts with (`TAGG` as stored, little-endian: `GGAT`).
pub const TAG_MARKER: [u8; 4] = *b"GGAT";

/// Average colour tag (name as read, i.e. reversed from the stored `CGVA`).
pub const AVGC: [u8; 4] = *b"AVGC";
/// Maximum colour tag.
pub const MAXC: [u8; 4] = *b"MAXC";
/// Alpha interpolation flag tag.
pub const FLAG: [u8; 4] = *b"FLAG";
/// Channel swizzle tag.
pub const SWIZ: [u8; 4] = *b"SWIZ";
/// Procedural texture text tag.
pub const PROC: [u8; 4] = *b"PROC";
/// Mip offsets tag.
pub const OFFS: [u8; 4] = *b"OFFS";
/// Every tag name lumpkit reads, as read (the file stores each reversed after [`TAG_MARKER`]).
pub const NAMES: [[u8; 4]; 6] = [AVGC, MAXC, FLAG, SWIZ, PROC, OFFS];

/// Number of `u32` slots in OFFS.
pub const OFFS_SLOTS: usize = 16;

/// Bytes of the OFFS payload.
const OFFS_LEN: u64 = 64;

/// The tags lumpkit understands, as stored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tags<'a> {
    /// AVGC: average colour, bytes B, G, R, A.
    pub avgc: Option<[u8; 4]>,
    /// MAXC: maximum colour, bytes B, G, R, A.
    pub maxc: Option<[u8; 4]>,
    /// Byte offset of the MAXC payload.
    pub maxc_at: u64,
    /// FLAG: 1 = interpolated alpha, 2 = binary alpha.
    pub flag: Option<u32>,
    /// SWIZ: one byte per channel in the order A, R, G, B.
    pub swiz: Option<[u8; 4]>,
    /// PROC: procedural texture text.
    pub proc_text: Option<&'a [u8]>,
    /// OFFS: 16 absolute mip offsets, 0 for unused slots.
    pub offs: Option<[u32; OFFS_SLOTS]>,
    /// Byte offset of the OFFS payload.
    pub offs_at: u64,
    /// Number of tags read (known or not).
    pub count: u32,
}

/// Reads the tag table starting at `pos`; returns the tags and the offset just after them.
pub fn read<'a>(
    bytes: &'a [u8],
    mut pos: u64,
    sink: &mut impl Sink,
) -> Result<(Tags<'a>, u64), Error> {
    let mut tags = Tags::default();
    while range(bytes, pos, 4) == Some(TAG_MARKER.as_slice()) {
        let header = array::<12>(bytes, pos).ok_or(Error::file(
            &rules::TRUNCATED,
            pos,
            [bytes.len() as u64, 12, 0],
        ))?;
        let [_, _, _, _, n0, n1, n2, n3, ..] = header;
        let name = [n3, n2, n1, n0];
        let len = u64::from(u32_le(bytes, pos.saturating_add(8)).unwrap_or(0));
        let data_at = pos.saturating_add(12);
        let remaining = (bytes.len() as u64).saturating_sub(data_at);
        let data = range(bytes, data_at, len).ok_or(Error::file(
            &rules::TAG_PAST_EOF,
            pos,
            [pos, len, remaining],
        ))?;
        tags.count = tags.count.saturating_add(1);
        let code = u64::from(u32::from_be_bytes(name));
        let wrong_size = |want: u64| rules::TAG_SIZE.with(pos, [code, len, want]);
        match name {
            AVGC | MAXC => match <[u8; 4]>::try_from(data) {
                Ok(v) if name == AVGC => tags.avgc = Some(v),
                Ok(v) => {
                    tags.maxc = Some(v);
                    tags.maxc_at = data_at;
                }
                Err(_) => sink.report(wrong_size(4))?,
            },
            FLAG => match <[u8; 4]>::try_from(data) {
                Ok(v) => {
                    let flag = u32::from_le_bytes(v);
                    if flag > 2 {
                        sink.report(rules::FLAG_VALUE.with(data_at, [flag.into(), 0, 0]))?;
                    }
                    tags.flag = Some(flag);
                }
                Err(_) => sink.report(wrong_size(4))?,
            },
            SWIZ => match <[u8; 4]>::try_from(data) {
                Ok(v) => {
                    for (i, &b) in (0u64..).zip(v.iter()) {
                        if b > 9 {
                            sink.report(
                                rules::SWIZ_VALUE.with(data_at.saturating_add(i), [i, b.into(), 0]),
                            )?;
                        }
                    }
                    tags.swiz = Some(v);
                }
                Err(_) => sink.report(wrong_size(4))?,
            },
            PROC => tags.proc_text = Some(data),
            OFFS => {
                if len == OFFS_LEN {
                    let mut offs = [0u32; OFFS_SLOTS];
                    for (slot, chunk) in offs.iter_mut().zip(data.chunks_exact(4)) {
                        *slot = u32::from_le_bytes(chunk.try_into().unwrap_or([0; 4]));
                    }
                    tags.offs = Some(offs);
                    tags.offs_at = data_at;
                } else {
                    sink.report(wrong_size(OFFS_LEN))?;
                }
            }
            _ => sink.report(rules::TAG_UNKNOWN.with(pos, [code, len, 0]))?,
        }
        pos = data_at.saturating_add(len);
    }
    Ok((tags, pos))
}
