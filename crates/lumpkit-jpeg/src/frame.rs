//! Listing a frame's components in output order before decoding, so that zune-jpeg writes each
//! pixel's components where the caller wants them and no reordering pass is needed afterwards.
//!
//! zune-jpeg interleaves a four-component frame's samples in the order the frame header (SOF)
//! lists the components. A scan names its components by identifier, and each SOF entry carries its
//! own quantisation table, so listing the same entries in another order permutes the output and
//! changes nothing else. zune-jpeg does treat the *first* entry as luma when it sizes its
//! upsampling buffers, so the entries are only moved when nothing can depend on position:
//! - a baseline frame (SOF0 or SOF1) of four components, each sampled 1×1, with distinct
//!   identifiers (a scan's component is found by identifier: duplicates would move data);
//! - found by a marker walk from SOI that meets well-formed segments only (no fill bytes, no
//!   stray data, no standalone markers) and exactly one frame header before the first scan, so
//!   the header patched is the one the decoder reads.
//!
//! Anything else is left as it is and the caller reorders the decoded pixels
//! ([`crate::order_components_alpha`]). Measured with callgrind on `war3net__war3mapMap.blp`
//! (256×256): the reordering pass was 6% of the decode's instructions.

/// Bytes of a SOF segment with four components: length (2), precision (1), height (2),
/// width (2), component count (1), then 3 bytes per component.
const SOF4_LEN: u16 = 8 + 3 * 4;

/// Rewrites the frame header in `stream` so that output component `i` is stored component
/// `order[i]`, when that is safe (see the module documentation). Returns whether it was done;
/// when not, `stream` is unchanged.
pub(crate) fn put_in_order(stream: &mut [u8], order: [usize; 4]) -> bool {
    if !is_permutation(order) {
        return false;
    }
    let Some(entries) = frame_entries(stream) else {
        return false;
    };
    let Some(slot) = stream
        .get_mut(entries..)
        .and_then(|rest| rest.first_chunk_mut::<12>())
    else {
        return false;
    };
    let (entries, _) = slot.as_chunks::<3>();
    let Ok(stored): Result<[[u8; 3]; 4], _> = entries.try_into() else {
        return false;
    };
    if stored.iter().any(|&[_, s, _]| s != 0x11) {
        return false;
    }
    let ids = stored.map(|[id, _, _]| id);
    if ids.iter().enumerate().any(|(i, id)| {
        ids.iter()
            .skip(i.saturating_add(1))
            .any(|other| other == id)
    }) {
        return false;
    }
    let listed = order.map(|i| stored.get(i).copied().unwrap_or([0; 3]));
    for (dst, src) in slot.as_chunks_mut::<3>().0.iter_mut().zip(listed) {
        *dst = src;
    }
    true
}

/// Whether `order` names each of 0..4 once.
fn is_permutation(order: [usize; 4]) -> bool {
    let mut seen = [false; 4];
    for i in order {
        match seen.get_mut(i) {
            Some(s) if !*s => *s = true,
            _ => return false,
        }
    }
    true
}

/// The offset of the first component entry of the only frame header before the first scan, when
/// it is a baseline four-component header and every segment before the scan is well formed.
fn frame_entries(stream: &[u8]) -> Option<usize> {
    if stream.get(..2)? != [0xFF, 0xD8] {
        return None;
    }
    let mut at = 2usize;
    let mut frame = None;
    loop {
        let &[ff, marker, hi, lo] = stream.get(at..)?.first_chunk::<4>()?;
        if ff != 0xFF {
            return None;
        }
        let len = u16::from_be_bytes([hi, lo]);
        match marker {
            // The first scan: the frame header must have come, exactly once.
            0xDA => return frame,
            0xC0 | 0xC1 => {
                if frame.is_some() || len != SOF4_LEN {
                    return None;
                }
                let &[precision, _, _, _, _, count] =
                    stream.get(at.checked_add(4)?..)?.first_chunk::<6>()?;
                if precision != 8 || count != 4 {
                    return None;
                }
                frame = Some(at.checked_add(10)?);
            }
            // Other frame types (progressive, lossless, arithmetic), standalone markers, fill
            // bytes: left to the decoder.
            0xC2 | 0xC3 | 0xC5..=0xC7 | 0xC9..=0xCB | 0xCD..=0xCF => return None,
            0x01 | 0xD0..=0xD9 | 0xFF | 0x00 => return None,
            _ => {}
        }
        if len < 2 {
            return None;
        }
        at = at.checked_add(2)?.checked_add(usize::from(len))?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SOI, a DQT-like segment, a four-component SOF0 (ids 1-4, tables 0-3), SOS.
    fn stream(sampling: u8) -> Vec<u8> {
        let mut s = vec![0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x03, 0x00];
        s.extend_from_slice(&[0xFF, 0xC0, 0x00, 0x14, 8, 0, 16, 0, 16, 4]);
        for id in 1..=4u8 {
            s.extend_from_slice(&[id, sampling, id.wrapping_sub(1)]);
        }
        s.extend_from_slice(&[0xFF, 0xDA, 0x00, 0x02]);
        s
    }

    #[test]
    fn lists_the_entries_in_output_order() {
        let mut s = stream(0x11);
        assert!(put_in_order(&mut s, [2, 1, 0, 3]));
        let entries = &s[17..29];
        assert_eq!(entries, &[3, 0x11, 2, 2, 0x11, 1, 1, 0x11, 0, 4, 0x11, 3]);
    }

    #[test]
    fn leaves_unsafe_frames_alone() {
        for (mut s, order) in [
            (stream(0x22), [2, 1, 0, 3]),
            (stream(0x11), [2, 2, 0, 3]),
            (stream(0x11), [4, 1, 0, 3]),
        ] {
            let before = s.clone();
            assert!(!put_in_order(&mut s, order));
            assert_eq!(s, before);
        }
        // A second frame header, duplicate identifiers, a fill byte, no SOI, cut short.
        let mut two = stream(0x11);
        let sof = two[7..29].to_vec();
        two.splice(29..29, sof);
        let mut dup = stream(0x11);
        dup[20] = 1;
        let mut fill = stream(0x11);
        fill.insert(7, 0xFF);
        let mut cut = stream(0x11);
        cut.truncate(20);
        for mut s in [two, dup, fill, cut, vec![0xFF, 0xD9]] {
            let before = s.clone();
            assert!(!put_in_order(&mut s, [2, 1, 0, 3]));
            assert_eq!(s, before);
        }
    }
}
