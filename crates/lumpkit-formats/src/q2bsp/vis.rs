//! Quake 2 visibility: the `dvis_t` header (`numclusters`, then a PVS and a PHS offset per cluster)
//! and run-length-compressed rows. Offsets are relative to the START of the lump (`dvis_t`), clusters
//! are numbered from 0, and a row holds `(numclusters + 7) / 8` bytes.
//!
//! Decompression follows `CM_DecompressVis` (id `qcommon/cmodel.c`): a non-zero byte is copied; a zero
//! byte is followed by a count of zero bytes to emit. Like id, a run is clamped at the row end
//! ("Vis decompression overrun"); like Q2PRO (`BSP_ClusterVis`), reading also stops at the lump end.
//! Either case zero-fills the rest of the row and is reported as an overrun. The PHS is stored by the
//! vis tool in the same lump (`DVIS_PHS`); the engine only decompresses it, and so do we.
//! Header checks follow Q2PRO `BSP_LoadVisibility`: `numclusters <= MAX_MAP_LEAFS`, header inside
//! the lump, every offset in `[header end, lump end)`.

use zerocopy::FromBytes;

use crate::diag::Sink;
use crate::error::Error;

use super::raw::VisOffsets;
use super::rules;

/// `MAX_MAP_LEAFS` in `qfiles.h`: also the most clusters a map may have.
pub const MAX_CLUSTERS: u32 = 65_536;

/// Which row of a cluster.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    /// Potentially visible set (`DVIS_PVS`).
    Pvs = 0,
    /// Potentially hearable set (`DVIS_PHS`).
    Phs = 1,
}

/// A checked visibility lump.
#[derive(Clone, Copy, Debug)]
pub struct Vis<'a> {
    lump: &'a [u8],
    offsets: &'a [VisOffsets],
    header_len: u64,
}

/// How a row decompressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decompressed {
    /// The row was complete.
    Complete,
    /// A run passed the row end or the data passed the lump end; the rest was zero-filled.
    Overrun,
}

impl<'a> Vis<'a> {
    /// Checks the header of a non-empty lump at file offset `at`. `Ok(None)` for an empty lump (a
    /// map without vis) or a header the game would refuse (reported).
    pub fn parse(lump: &'a [u8], at: u64, sink: &mut impl Sink) -> Result<Option<Vis<'a>>, Error> {
        if lump.is_empty() {
            return Ok(None);
        }
        let Some(numclusters) = crate::bytes::u32_le(lump, 0) else {
            sink.report(rules::VIS_HEADER_SHORT.with(at, [lump.len() as u64, 0, 0]))?;
            return Ok(None);
        };
        if numclusters > MAX_CLUSTERS {
            sink.report(
                rules::VIS_TOO_MANY_CLUSTERS
                    .with(at, [u64::from(numclusters), u64::from(MAX_CLUSTERS), 0]),
            )?;
            return Ok(None);
        }
        let header_len = 4u64.saturating_add(u64::from(numclusters).saturating_mul(8));
        let table = crate::bytes::range(lump, 4, header_len.saturating_sub(4));
        let Some(offsets) = table.and_then(|t| <[VisOffsets]>::ref_from_bytes(t).ok()) else {
            sink.report(
                rules::VIS_HEADER_SHORT.with(at, [lump.len() as u64, u64::from(numclusters), 0]),
            )?;
            return Ok(None);
        };
        let vis = Vis {
            lump,
            offsets,
            header_len,
        };
        for (cluster, o) in offsets.iter().enumerate() {
            for (kind, ofs) in o.bitofs.iter().enumerate() {
                let ofs = u64::from(ofs.get());
                if ofs < header_len || ofs >= lump.len() as u64 {
                    sink.report(
                        rules::VIS_BAD_OFFSET.with(
                            at.saturating_add(4)
                                .saturating_add((cluster as u64).saturating_mul(8)),
                            [cluster as u64, kind as u64, ofs],
                        ),
                    )?;
                    return Ok(None);
                }
            }
        }
        Ok(Some(vis))
    }

    /// Number of clusters.
    pub fn clusters(&self) -> u32 {
        self.offsets.len() as u32
    }

    /// Bytes in one decompressed row.
    pub fn row_len(&self) -> usize {
        self.offsets.len().div_ceil(8)
    }

    /// The compressed data of a cluster's row (from its offset to the lump end), or `None` for a
    /// cluster out of range.
    #[inline]
    fn compressed(&self, cluster: u32, row: Row) -> Option<&'a [u8]> {
        let o = self.offsets.get(usize::try_from(cluster).ok()?)?;
        let ofs = o.bitofs.get(row as usize)?.get();
        let ofs = u64::from(ofs).max(self.header_len);
        crate::bytes::tail(self.lump, ofs)
    }

    /// Decompresses a row into `out` (at least [`Vis::row_len`] bytes; only that prefix is written).
    /// `None` when `cluster` is out of range or `out` is too short.
    pub fn decompress(&self, cluster: u32, row: Row, out: &mut [u8]) -> Option<Decompressed> {
        let input = self.compressed(cluster, row)?;
        let out = out.get_mut(..self.row_len())?;
        Some(decompress_row(input, out))
    }

    /// Number of clusters set in a row (bits `0..numclusters`), and whether it overran. Decodes
    /// without a buffer.
    pub fn visible_count(&self, cluster: u32, row: Row) -> Option<(u32, Decompressed)> {
        let input = self.compressed(cluster, row)?;
        let row_len = self.row_len();
        let tail_bits = self.offsets.len() % 8;
        let mut count = 0u32;
        let status = walk_row(input, row_len, |byte, written| {
            let byte = if tail_bits != 0 && written.saturating_add(1) == row_len {
                byte & ((1u8 << tail_bits).wrapping_sub(1))
            } else {
                byte
            };
            count = count.saturating_add(byte.count_ones());
        });
        Some((count, status))
    }

    /// Reports the first row of each kind that overruns (as the game prints it while loading).
    /// Only the run structure is walked: validation needs no bit counts (a third of the time
    /// `check` spent on a large Quake 2 map went to counting bits nobody read).
    pub fn check_rows(&self, at: u64, sink: &mut impl Sink) -> Result<(), Error> {
        let row_len = self.row_len();
        for row in [Row::Pvs, Row::Phs] {
            for cluster in 0..self.clusters() {
                let Some(input) = self.compressed(cluster, row) else {
                    continue;
                };
                if walk_row(input, row_len, |_, _| {}) == Decompressed::Overrun {
                    sink.report(rules::VIS_OVERRUN.with(at, [u64::from(cluster), row as u64, 0]))?;
                    break;
                }
            }
        }
        Ok(())
    }
}

/// Walks one compressed row as `CM_DecompressVis` does, handing each literal byte and its
/// position to `literal` (zero runs are skipped), and says whether the row overran.
///
/// A literal run is scanned as a slice bounded once by the row's room and the input's end (one
/// compare a byte, against two in a byte-at-a-time walk that checks both). Not a wider scan:
/// literal runs average about four bytes, and an eight-byte scan cost more than it saved
/// (callgrind: 266k → 471k on `lq_e0m1`).
fn walk_row(input: &[u8], row_len: usize, mut literal: impl FnMut(u8, usize)) -> Decompressed {
    let mut rest = input;
    // Bytes of the row still to write. Every step below takes at most `room` from it, so the
    // subtractions cannot wrap (wrapping ones: the saturating forms cost a compare each).
    let mut room = row_len;
    while room > 0 {
        let window = rest.get(..room).unwrap_or(rest);
        let literals = window.iter().position(|&b| b == 0).unwrap_or(window.len());
        let at = row_len.wrapping_sub(room);
        for (i, &b) in window.iter().take(literals).enumerate() {
            literal(b, at.wrapping_add(i));
        }
        room = room.wrapping_sub(literals);
        if room == 0 {
            break;
        }
        // A zero byte (or the input's end): the count of zeros follows it.
        let [_, run, after @ ..] = rest.get(literals..).unwrap_or(&[]) else {
            return Decompressed::Overrun;
        };
        let run = usize::from(*run);
        if run > room {
            return Decompressed::Overrun;
        }
        room = room.wrapping_sub(run);
        rest = after;
    }
    Decompressed::Complete
}

/// `CM_DecompressVis` into `out` (exactly one row), stopping at the end of `input` too.
pub fn decompress_row(input: &[u8], out: &mut [u8]) -> Decompressed {
    // Zero runs, and whatever an overrun leaves unwritten, are zeros: fill first, then place the
    // literals where the shared walk says they go.
    out.fill(0);
    let row_len = out.len();
    walk_row(input, row_len, |byte, pos| {
        if let Some(slot) = out.get_mut(pos) {
            *slot = byte;
        }
    })
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)]
mod tests {
    use super::*;

    #[test]
    fn runs_are_clamped_at_the_row_end() {
        let mut out = [0xAAu8; 2];
        assert_eq!(
            decompress_row(&[0x81, 0, 5], &mut out),
            Decompressed::Overrun
        );
        assert_eq!(out, [0x81, 0]);
        assert_eq!(
            decompress_row(&[0x01, 0x02, 0x03], &mut out),
            Decompressed::Complete
        );
        assert_eq!(out, [1, 2]);
        assert_eq!(decompress_row(&[0x01], &mut out), Decompressed::Overrun);
        assert_eq!(out, [1, 0]);
    }

    /// `CM_DecompressVis` byte by byte, with plain indexing: what the walk must agree with.
    fn reference(input: &[u8], out: &mut [u8]) -> Decompressed {
        out.fill(0);
        let (mut i, mut w) = (0, 0);
        while w < out.len() {
            let Some(&b) = input.get(i) else {
                return Decompressed::Overrun;
            };
            if b != 0 {
                out[w] = b;
                w += 1;
                i += 1;
                continue;
            }
            let Some(&run) = input.get(i + 1) else {
                return Decompressed::Overrun;
            };
            if usize::from(run) > out.len() - w {
                return Decompressed::Overrun;
            }
            w += usize::from(run);
            i += 2;
        }
        Decompressed::Complete
    }

    #[test]
    fn rows_match_the_reference_walk() {
        let mut next = crate::xorshift(0x853C_49E6_748F_EA9B);
        // Miri interprets every step: a sample there, the full run natively.
        for _ in 0..if cfg!(miri) { 200 } else { 20_000 } {
            let len = (next() % 40) as usize;
            let zeros = next() % 4;
            let input: [u8; 48] = core::array::from_fn(|_| {
                let r = next();
                if r % 4 < zeros { 0 } else { (r >> 8) as u8 | 1 }
            });
            let input = &input[..(next() % 49) as usize];
            let (mut a, mut b) = ([0xAAu8; 40], [0x55u8; 40]);
            let status = decompress_row(input, &mut a[..len]);
            assert_eq!(status, reference(input, &mut b[..len]), "{input:?} {len}");
            assert_eq!(a[..len], b[..len], "{input:?} {len}");
        }
    }
}
