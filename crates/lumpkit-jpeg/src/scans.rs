//! Which streams zune-jpeg 0.5.15 decodes wrongly, so that they go to jpeg-decoder instead.
//!
//! A sequential (baseline or extended) frame whose components are coded in separate scans (a scan
//! header with fewer components than the frame: T.81 A.2, "non-interleaved") is decoded to wrong
//! samples by zune-jpeg without any error: with a restart interval that does not divide a scan's
//! MCU count, every scan after the first is read out of step with its restart markers (found by
//! the `jpeg_built` fuzz target: 4 components, 6×16, restart interval 3, one scan per component;
//! zune-jpeg returned 0 where the sample is 250, jpeg-decoder the right value). zune-jpeg's own
//! tracker lists more such faults of non-interleaved sequential scans (rows lost at the end of a
//! scan, subsampled components), some still open for 0.5.16.
//!
//! zune-jpeg also sizes its buffers from the *first* component's sampling factors (it takes it for
//! luma), so a frame in which a later component is sampled more finely than the first is refused
//! ("Invalid slice, would panic") or misread, though T.81 allows any component to carry the
//! largest factors (found by the same target: a progressive 42×4 frame whose second component is
//! sampled 2×2 and first 1×1).
//!
//! jpeg-decoder decodes both right, so such frames are handed to it; BLP encoders write one
//! interleaved scan of unsubsampled components, so real files keep the faster decoder.

/// Whether zune-jpeg is known to misread `stream` (see the module docs): a frame with a component
/// sampled more finely than the first, or a sequential frame (SOF0/SOF1) with a scan of fewer
/// components than the frame. Walks the markers from SOI, skipping entropy-coded data; stops at
/// EOI, at the end, or at anything malformed (then `false`: the decoder reports what is wrong).
pub(crate) fn zune_misreads(stream: &[u8]) -> bool {
    if stream.get(..2) != Some(&[0xFF, 0xD8][..]) {
        return false;
    }
    let mut at = 2usize;
    let mut frame: Option<u8> = None;
    loop {
        // Find the next marker: `FF` followed by neither `00` (stuffing), `FF` (fill) nor RSTn.
        let Some(rest) = stream.get(at..) else {
            return false;
        };
        let Some(ff) = rest.iter().position(|&b| b == 0xFF) else {
            return false;
        };
        at = at.saturating_add(ff).saturating_add(1);
        let Some(&marker) = stream.get(at) else {
            return false;
        };
        match marker {
            0x00 | 0xFF | 0xD0..=0xD7 | 0x01 => continue,
            0xD8 => {
                at = at.saturating_add(1);
                continue;
            }
            0xD9 => return false,
            _ => {}
        }
        let Some(&[hi, lo]) = stream
            .get(at.saturating_add(1)..)
            .and_then(|r| r.first_chunk())
        else {
            return false;
        };
        let len = usize::from(u16::from_be_bytes([hi, lo]));
        let body = at.saturating_add(3);
        let is_frame = matches!(marker, 0xC0..=0xCF) && !matches!(marker, 0xC4 | 0xC8 | 0xCC);
        if is_frame && finer_than_first(stream, body) {
            return true;
        }
        match marker {
            0xC0 | 0xC1 => frame = stream.get(body.saturating_add(5)).copied(),
            // Other frame types are not sequential DCT: zune-jpeg's progressive path is apart.
            0xC2 | 0xC3 | 0xC5..=0xC7 | 0xC9..=0xCB | 0xCD..=0xCF => frame = None,
            0xDA => {
                let scanned = stream.get(body).copied();
                if let (Some(nf), Some(ns)) = (frame, scanned)
                    && ns < nf
                {
                    return true;
                }
            }
            _ => {}
        }
        if len < 2 {
            return false;
        }
        at = at.saturating_add(1).saturating_add(len);
    }
}

/// Whether a component of the frame header whose body starts at `body` (precision, height,
/// width, count, then id/sampling/table triples) has a larger sampling factor than the first.
fn finer_than_first(stream: &[u8], body: usize) -> bool {
    let count = usize::from(stream.get(body.saturating_add(5)).copied().unwrap_or(0));
    let sampling = |i: usize| {
        stream
            .get(body.saturating_add(7).saturating_add(i.saturating_mul(3)))
            .copied()
    };
    let Some(first) = sampling(0) else {
        return false;
    };
    (1..count)
        .filter_map(sampling)
        .any(|s| s >> 4 > first >> 4 || s & 15 > first & 15)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::arithmetic_side_effects)]
    use super::*;

    /// SOI, SOF0 of `nf` components, then scans of the given component counts with some data.
    fn stream(marker: u8, nf: u8, scans: &[u8]) -> Vec<u8> {
        sampled(marker, nf, scans, 0x11)
    }

    /// [`stream`] with the last component sampled `last`.
    fn sampled(marker: u8, nf: u8, scans: &[u8], last: u8) -> Vec<u8> {
        let mut s = vec![0xFF, 0xD8, 0xFF, marker, 0, 8 + 3 * nf, 8, 0, 8, 0, 8, nf];
        for id in 1..=nf {
            s.extend_from_slice(&[id, if id == nf { last } else { 0x11 }, 0]);
        }
        for &ns in scans {
            s.extend_from_slice(&[0xFF, 0xDA, 0, 6 + 2 * ns, ns]);
            for id in 1..=ns {
                s.extend_from_slice(&[id, 0]);
            }
            s.extend_from_slice(&[0, 63, 0]);
            // Entropy-coded data with a stuffed FF, a restart marker and fill.
            s.extend_from_slice(&[0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56, 0xFF, 0xFF]);
        }
        s.extend_from_slice(&[0xFF, 0xD9]);
        s
    }

    #[test]
    fn finds_separate_scans_of_sequential_frames_only() {
        assert!(!zune_misreads(&stream(0xC0, 4, &[4])));
        assert!(zune_misreads(&stream(0xC0, 4, &[1, 1, 1, 1])));
        assert!(zune_misreads(&stream(0xC1, 4, &[4, 2])));
        assert!(!zune_misreads(&stream(0xC2, 4, &[4, 1])));
        assert!(!zune_misreads(&stream(0xC0, 1, &[1])));
        assert!(!zune_misreads(&[0xFF, 0xD8, 0xFF]));
        assert!(!zune_misreads(&[]));
    }

    #[test]
    fn finds_a_component_sampled_more_finely_than_the_first() {
        assert!(zune_misreads(&sampled(0xC2, 4, &[4], 0x21)));
        assert!(zune_misreads(&sampled(0xC0, 2, &[2], 0x12)));
        assert!(!zune_misreads(&sampled(0xC0, 2, &[2], 0x11)));
    }
}
