//! Keyframe tracks (`KGTR`, `KMTA`, …): a tag, a key count, an interpolation type, a global
//! sequence id, then the keys, each a frame and a value (with in/out tangents for Hermite and
//! Bezier). Every track is bounded by the object that holds it: its keys must fit before the
//! object's end (mdx-m3-viewer `animations.js` `readMdx`; HiveWE `TrackHeader`).

use super::cursor::Cursor;
use super::tags::{self, Value};

/// One track, its keys read in place.
#[derive(Clone, Copy, Debug)]
pub struct Track<'a> {
    /// The tag (`KGTR`, …).
    pub tag: [u8; 4],
    /// File offset of the tag.
    pub offset: u64,
    /// Number of keys.
    pub count: u32,
    /// 0 none (DontInterp), 1 linear, 2 Hermite, 3 Bezier.
    pub interpolation: u32,
    /// Global sequence driving the track, -1 for none.
    pub global_sequence: i32,
    /// What one value is.
    pub value: Value,
    /// The keys as stored.
    pub keys: &'a [u8],
}

impl Track<'_> {
    /// Bytes per key: the frame, the value, and two tangents when interpolated as a curve.
    pub const fn key_size(interpolation: u32, value: Value) -> u32 {
        let values: u32 = if interpolation > 1 { 3 } else { 1 };
        values.saturating_mul(value.size()).saturating_add(4)
    }

    fn stride(&self) -> usize {
        Track::key_size(self.interpolation, self.value) as usize
    }

    /// The frame of key `i`.
    pub fn frame(&self, i: usize) -> Option<i32> {
        let at = i.checked_mul(self.stride())?;
        let b = self.keys.get(at..at.checked_add(4)?)?;
        Some(i32::from_le_bytes(b.try_into().ok()?))
    }

    /// The value bytes of key `i` (without tangents).
    pub fn value_bytes(&self, i: usize) -> Option<&[u8]> {
        let at = i.checked_mul(self.stride())?.checked_add(4)?;
        self.keys
            .get(at..at.checked_add(self.value.size() as usize)?)
    }

    /// The first word of key `i`'s value, as a `u32` (texture ids of `KMTF`).
    pub fn value_u32(&self, i: usize) -> Option<u32> {
        let b = self.value_bytes(i)?.get(..4)?;
        Some(u32::from_le_bytes(b.try_into().ok()?))
    }

    /// Number of keys actually present.
    pub fn len(&self) -> usize {
        self.keys.len().checked_div(self.stride()).unwrap_or(0)
    }

    /// Whether the track has no keys.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Reads one track at the cursor; `None` when the tag is unknown or the keys do not fit.
pub fn read<'a>(cur: &mut Cursor<'a>) -> Option<Track<'a>> {
    let offset = cur.offset();
    let tag = cur.tag()?;
    let value = tags::track_value(tag)?;
    let count = cur.u32()?;
    let interpolation = cur.u32()?;
    let global_sequence = cur.i32()?;
    let keys = cur.take_records(count, Track::key_size(interpolation, value))?;
    Some(Track {
        tag,
        offset,
        count,
        interpolation,
        global_sequence,
        value,
        keys,
    })
}

/// The tracks of one object: the bytes after its fixed fields, up to its end.
#[derive(Clone, Copy, Debug)]
pub struct Tracks<'a> {
    cur: Cursor<'a>,
}

impl<'a> Tracks<'a> {
    /// Tracks over `area`.
    pub const fn new(area: Cursor<'a>) -> Tracks<'a> {
        Tracks { cur: area }
    }

    /// No tracks.
    pub const fn none() -> Tracks<'a> {
        Tracks {
            cur: Cursor::new(&[], 0),
        }
    }

    /// Where and which tag the first track that cannot be read (unknown tag, keys past the
    /// object's end) sits; `Ok` when every track fits exactly.
    pub fn check(&self) -> Result<(), (u64, [u8; 4])> {
        let mut cur = self.cur;
        while !cur.is_empty() {
            let at = cur.offset();
            let tag = cur.peek_tag().unwrap_or([0; 4]);
            if read(&mut cur).is_none() {
                return Err((at, tag));
            }
        }
        Ok(())
    }

    /// The track tagged `tag`, when the object has one.
    pub fn find(&self, tag: [u8; 4]) -> Option<Track<'a>> {
        self.into_iter().find(|t| t.tag == tag)
    }
}

impl<'a> IntoIterator for Tracks<'a> {
    type Item = Track<'a>;
    type IntoIter = TrackIter<'a>;
    fn into_iter(self) -> TrackIter<'a> {
        TrackIter { cur: self.cur }
    }
}

/// The readable tracks of an object, in order (stops at the first that cannot be read).
#[derive(Clone, Copy, Debug)]
pub struct TrackIter<'a> {
    cur: Cursor<'a>,
}

impl<'a> Iterator for TrackIter<'a> {
    type Item = Track<'a>;
    fn next(&mut self) -> Option<Track<'a>> {
        if self.cur.is_empty() {
            return None;
        }
        let t = read(&mut self.cur);
        if t.is_none() {
            self.cur = Cursor::new(&[], 0);
        }
        t
    }
}
