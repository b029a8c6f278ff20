//! Reading the frame header (SOF) of a BLP level's JPEG without decoding it and without joining the
//! shared header and the chunk: the two slices are walked as one stream.
//!
//! This lets `check` report a level whose JPEG has no frame, the wrong number of components, or a
//! frame size other than the level's, and lets the facade refuse a frame too large for its limits
//! before the JPEG decoder allocates anything (ITU-T T.81 §B.1.1.3: markers are `FF xx`; every
//! marker except SOI, EOI, RSTn and TEM is followed by a big-endian length that counts itself).

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

impl Joined<'_> {
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
    /// SOI, reaches a scan or the end first, or a segment is malformed.
    pub fn frame(&self) -> Option<Frame> {
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
                0x01 | 0xD0..=0xD8 => continue,
                0xD9 | 0xDA => return None,
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
}
