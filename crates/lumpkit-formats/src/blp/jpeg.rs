//! Reading the frame header (SOF) of a BLP level's JPEG without decoding it and without joining the
//! shared header and the chunk: the two slices are walked as one stream.
//!
//! This lets `check` report a level whose JPEG has no frame, the wrong number of components, or a
//! frame size other than the level's, and lets the facade refuse a frame too large for its limits
//! before the JPEG decoder allocates anything (ITU-T T.81 §B.1.1.3: markers are `FF xx`; every
//! marker except SOI, EOI, RSTn and TEM is followed by a big-endian length that counts itself).
//!
//! Some Warcraft III BLP1 files store as the shared header a complete *tables-only* JPEG (SOI,
//! APP0, COM, DQT, DHT, EOI) and in each chunk an *abbreviated* image stream (SOI, SOF0, SOS, …,
//! EOI): T.81 Annex B.4/B.5's "abbreviated format for table-specification data" followed by the
//! "abbreviated format for compressed image data". libjpeg reads the first as
//! `JPEG_HEADER_TABLES_ONLY`, keeps the tables, and reads the next datastream, which must start
//! with SOI right after the EOI (`first_marker` in jdmarker.c); Pillow (and so the reference
//! decodes) loops on that. The walker does the same: an EOI before any frame that is immediately
//! followed by SOI is a *splice*, and [`Joined::spliced`] hands out the stream with each such
//! `FF D9 FF D8` removed, which is the same tables and image as one interchange-format JPEG.

/// What the frame header says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Frame {
    /// Samples per line.
    pub width: u16,
    /// Lines.
    pub height: u16,
    /// Number of components (BLP needs 4: B, G, R, A).
    pub components: u8,
}

/// The shared JPEG header followed by one level's chunk, read as one stream without copying.
#[derive(Clone, Copy, Debug)]
pub struct Joined<'a> {
    /// The shared header (may be empty).
    pub head: &'a [u8],
    /// The level's chunk (may be empty when the header holds a complete JPEG).
    pub tail: &'a [u8],
}

impl<'a> Joined<'a> {
    /// Total length in bytes.
    pub fn len(&self) -> usize {
        self.head.len().saturating_add(self.tail.len())
    }

    /// Whether both parts are empty.
    pub fn is_empty(&self) -> bool {
        self.head.is_empty() && self.tail.is_empty()
    }

    /// The byte at `i` of the joined stream.
    pub fn get(&self, i: usize) -> Option<u8> {
        match i.checked_sub(self.head.len()) {
            None => self.head.get(i).copied(),
            Some(j) => self.tail.get(j).copied(),
        }
    }

    fn be16(&self, i: usize) -> Option<u16> {
        Some(u16::from_be_bytes([
            self.get(i)?,
            self.get(i.checked_add(1)?)?,
        ]))
    }

    /// The first frame header before the first scan, or `None` when the stream does not start with
    /// SOI, reaches a scan or the end first, or a segment is malformed. A tables-only datastream
    /// followed directly by the next one's SOI is read through, as libjpeg does.
    pub fn frame(&self) -> Option<Frame> {
        self.walk(|_| {})
    }

    /// Calls `part` with the pieces of the stream in order, leaving out the `FF D9 FF D8` of every
    /// splice between a tables-only datastream and the next (see the module docs), so that the
    /// pieces chained form one interchange-format JPEG. When there is no splice, the pieces are
    /// the header and the chunk (empty pieces are skipped).
    pub fn spliced(&self, mut part: impl FnMut(&'a [u8])) {
        let mut from: usize = 0;
        self.walk(|cut| {
            self.emit(from, cut, &mut part);
            from = cut.saturating_add(4);
        });
        self.emit(from, self.len(), &mut part);
    }

    /// Calls `part` with the bytes `from..to` of the joined stream (one piece per side).
    fn emit(&self, from: usize, to: usize, part: &mut impl FnMut(&'a [u8])) {
        let split = self.head.len();
        let head = self
            .head
            .get(from.min(split)..to.min(split))
            .unwrap_or_default();
        let (from, to) = (from.saturating_sub(split), to.saturating_sub(split));
        let tail = self
            .tail
            .get(from..to.min(self.tail.len()))
            .unwrap_or_default();
        for piece in [head, tail] {
            if !piece.is_empty() {
                part(piece);
            }
        }
    }

    /// Walks the markers up to the first frame header, calling `splice` with the position of the
    /// `FF D9` of every tables-only EOI that is immediately followed by `FF D8`.
    fn walk(&self, mut splice: impl FnMut(usize)) -> Option<Frame> {
        if self.get(0)? != 0xFF || self.get(1)? != 0xD8 {
            return None;
        }
        let mut i: usize = 2;
        // Every step advances by at least two bytes, so this ends within len/2 iterations.
        while i < self.len() {
            if self.get(i)? != 0xFF {
                return None;
            }
            while self.get(i)? == 0xFF {
                i = i.checked_add(1)?;
            }
            let marker = self.get(i)?;
            i = i.checked_add(1)?;
            match marker {
                0x01 | 0xD0..=0xD7 => continue,
                // A second SOI inside a datastream: libjpeg stops (`JERR_SOI_DUPLICATE`), and so
                // does jpeg-decoder. Only a tables-only EOI may precede one (below).
                0xD8 => return None,
                0xD9 => {
                    // A tables-only datastream: the next must start right here with SOI.
                    let next = (self.get(i), self.get(i.checked_add(1)?));
                    if next != (Some(0xFF), Some(0xD8)) {
                        return None;
                    }
                    splice(i.checked_sub(2)?);
                    i = i.checked_add(2)?;
                    continue;
                }
                0xDA => return None,
                _ => {}
            }
            let seg_len = usize::from(self.be16(i)?);
            if seg_len < 2 {
                return None;
            }
            let is_frame = matches!(marker, 0xC0..=0xCF) && !matches!(marker, 0xC4 | 0xC8 | 0xCC);
            if is_frame {
                // length(2) precision(1) height(2) width(2) components(1)
                let height = self.be16(i.checked_add(3)?)?;
                let width = self.be16(i.checked_add(5)?)?;
                let components = self.get(i.checked_add(7)?)?;
                return Some(Frame {
                    width,
                    height,
                    components,
                });
            }
            i = i.checked_add(seg_len)?;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_a_frame_split_across_header_and_chunk() {
        let jpeg = [
            0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 1, 2, 0xFF, 0xC0, 0, 17, 8, 0, 3, 0, 5, 4, 1, 0x11, 0,
        ];
        for split in 0..jpeg.len() {
            let (head, tail) = jpeg.split_at(split);
            let f = Joined { head, tail }.frame();
            assert_eq!(
                f,
                Some(Frame {
                    width: 5,
                    height: 3,
                    components: 4
                }),
                "split at {split}"
            );
        }
        assert_eq!(
            Joined {
                head: &jpeg[..12],
                tail: &[]
            }
            .frame(),
            None
        );
        assert_eq!(
            Joined {
                head: &[0xFF, 0xD8, 0xFF, 0xDA, 0, 2],
                tail: &[]
            }
            .frame(),
            None
        );
        assert_eq!(
            Joined {
                head: &[],
                tail: &[]
            }
            .frame(),
            None
        );
    }

    /// Tables-only header (SOI, DQT, EOI) and an abbreviated image stream (SOI, SOF0, EOI).
    const TABLES: [u8; 10] = [0xFF, 0xD8, 0xFF, 0xDB, 0, 4, 9, 9, 0xFF, 0xD9];
    const IMAGE: [u8; 17] = [
        0xFF, 0xD8, 0xFF, 0xC0, 0, 11, 8, 0, 2, 0, 1, 4, 1, 0x11, 0, 0xFF, 0xD9,
    ];

    /// The spliced stream in a fixed buffer (this crate has no allocator, not even in tests).
    fn spliced(j: Joined<'_>) -> ([u8; 64], usize) {
        let mut out = [0u8; 64];
        let mut n = 0;
        j.spliced(|p| {
            for (dst, src) in out.iter_mut().skip(n).zip(p) {
                *dst = *src;
            }
            n = n.saturating_add(p.len());
        });
        (out, n)
    }

    #[test]
    fn reads_through_a_tables_only_header_to_the_abbreviated_image() {
        let mut whole = [0u8; 27];
        whole[..10].copy_from_slice(&TABLES);
        whole[10..].copy_from_slice(&IMAGE);
        let mut want = [0u8; 23];
        want[..8].copy_from_slice(&TABLES[..8]);
        want[8..].copy_from_slice(&IMAGE[2..]);
        for split in 0..whole.len() {
            let (head, tail) = whole.split_at(split);
            let j = Joined { head, tail };
            assert_eq!(
                j.frame(),
                Some(Frame {
                    width: 1,
                    height: 2,
                    components: 4
                }),
                "split at {split}"
            );
            let (out, n) = spliced(j);
            assert_eq!(&out[..n], &want[..], "split at {split}");
        }
    }

    #[test]
    fn a_tables_only_header_alone_or_before_non_jpeg_data_has_no_frame() {
        let j = Joined {
            head: &TABLES,
            tail: b"not a JPEG",
        };
        assert_eq!(j.frame(), None);
        let j = Joined {
            head: &TABLES,
            tail: &[],
        };
        assert_eq!(j.frame(), None);
        // libjpeg needs the next SOI right after the EOI: a gap is no splice.
        let mut gap = [0u8; 18];
        gap[1..].copy_from_slice(&IMAGE);
        let j = Joined {
            head: &TABLES,
            tail: &gap,
        };
        assert_eq!(j.frame(), None);
    }

    #[test]
    fn a_second_soi_without_the_tables_only_eoi_has_no_frame() {
        // Tables without their EOI, then the image's SOI: libjpeg refuses the duplicate SOI.
        let j = Joined {
            head: &TABLES[..8],
            tail: &IMAGE,
        };
        assert_eq!(j.frame(), None);
    }

    #[test]
    fn without_a_splice_the_pieces_are_header_and_chunk() {
        let (head, tail) = IMAGE.split_at(5);
        let mut pieces: [&[u8]; 3] = [&[]; 3];
        let mut n = 0;
        Joined { head, tail }.spliced(|p| {
            pieces[n] = p;
            n = n.saturating_add(1);
        });
        assert_eq!(&pieces[..n], &[head, tail]);
    }
}
