//! The one place output is appended: every codec writes through [`Output`], so the limit is enforced
//! (and the `Vec` never grows past it) in one spot instead of in each codec.
//!
//! An [`Output`] made with [`Output::draining`] keeps nothing: every piece a codec appends is handed
//! to the caller's function at once, so a member can be checked (CRC-32, MD5) as it is decoded
//! without ever being held whole (`decompress_sized_to`).

use crate::Error;

/// Appends to the caller's `Vec` at most `limit` bytes in total.
///
/// Capacity is grown by hand (never past `start + limit`), so a stream that claims gigabytes cannot make
/// `Vec`'s doubling allocate more than the limit allows.
#[derive(Debug)]
pub(crate) struct Output<'a> {
    out: &'a mut Vec<u8>,
    start: usize,
    limit: usize,
    drain: Option<Drain<'a>>,
}

/// Where a draining [`Output`] hands its bytes, and how many it has handed.
struct Drain<'a> {
    to: &'a mut dyn FnMut(&[u8]),
    handed: usize,
    /// Bytes appended from now on that the caller already has (a decoder that refused after
    /// handing them on, replayed by another: [`Output::replay_from`]), counted but not handed again.
    skip: usize,
}

impl Drain<'_> {
    /// Hands `bytes` on, but for those the caller already has.
    fn hand(&mut self, bytes: &[u8]) {
        let had = self.skip.min(bytes.len());
        self.skip = self.skip.saturating_sub(had);
        let new = bytes.get(had..).unwrap_or_default();
        if !new.is_empty() {
            (self.to)(new);
        }
        self.handed = self.handed.saturating_add(bytes.len());
    }
}

impl core::fmt::Debug for Drain<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Drain")
            .field("handed", &self.handed)
            .finish_non_exhaustive()
    }
}

impl<'a> Output<'a> {
    pub(crate) fn new(out: &'a mut Vec<u8>, limit: usize) -> Self {
        let start = out.len();
        Output {
            out,
            start,
            limit,
            drain: None,
        }
    }

    /// An output that hands every piece to `to` as it is appended and keeps none of it; `scratch`
    /// only serves codecs that decode in place into a small room (PKWARE DCL's sectors).
    pub(crate) fn draining(
        scratch: &'a mut Vec<u8>,
        limit: usize,
        to: &'a mut dyn FnMut(&[u8]),
    ) -> Self {
        Output {
            drain: Some(Drain {
                to,
                handed: 0,
                skip: 0,
            }),
            ..Output::new(scratch, limit)
        }
    }

    /// Whether appended bytes are handed on rather than kept: then nothing appended can be taken
    /// back, and a codec must not ask for its whole room in place.
    pub(crate) fn drains(&self) -> bool {
        self.drain.is_some()
    }

    /// For a draining output: the bytes appended since `written` (an earlier [`Output::written`])
    /// will be appended again by another decoder of the same stream, which the caller is not to
    /// get twice. Both decoders decode the same stream, and a stream's bytes up to any point are
    /// the same whoever decodes them, so the caller sees one decoder's output throughout.
    pub(crate) fn replay_from(&mut self, written: usize) {
        if let Some(drain) = &mut self.drain {
            let again = drain.handed.saturating_sub(written);
            drain.skip = drain.skip.saturating_add(again);
            drain.handed = drain.handed.saturating_sub(again);
        }
    }

    /// Bytes appended so far.
    pub(crate) fn written(&self) -> usize {
        let handed = self.drain.as_ref().map_or(0, |d| d.handed);
        self.out
            .len()
            .saturating_sub(self.start)
            .saturating_add(handed)
    }

    /// Bytes that may still be appended.
    pub(crate) fn room(&self) -> usize {
        self.limit.saturating_sub(self.written())
    }

    /// Makes room for `extra` more bytes, at most up to the limit.
    fn grow_for(&mut self, extra: usize) {
        let wanted = self.out.len().saturating_add(extra);
        if wanted <= self.out.capacity() {
            return;
        }
        let ceiling = self.start.saturating_add(self.limit);
        let doubled = self.out.capacity().saturating_mul(2).max(64);
        let target = doubled.max(wanted).min(ceiling.max(wanted));
        self.out
            .reserve_exact(target.saturating_sub(self.out.len()));
    }

    /// Appends `bytes`; if they do not all fit, appends what fits and reports `OutputLimit`.
    pub(crate) fn extend(&mut self, bytes: &[u8]) -> Result<(), Error> {
        let room = self.room();
        let (fits, over) = bytes.split_at(bytes.len().min(room));
        if let Some(drain) = &mut self.drain {
            if !fits.is_empty() {
                drain.hand(fits);
            }
        } else {
            self.grow_for(fits.len());
            self.out.extend_from_slice(fits);
        }
        if over.is_empty() {
            Ok(())
        } else {
            Err(self.over_limit())
        }
    }

    /// Appends one byte.
    pub(crate) fn push(&mut self, byte: u8) -> Result<(), Error> {
        self.extend(core::slice::from_ref(&byte))
    }

    /// Appends `count` copies of `byte`.
    pub(crate) fn fill(&mut self, byte: u8, count: usize) -> Result<(), Error> {
        let fits = count.min(self.room());
        if self.drain.is_some() {
            let run = [byte; 512];
            let mut left = fits;
            while left > 0 {
                let piece = left.min(run.len());
                self.extend(run.get(..piece).unwrap_or_default())?;
                left = left.saturating_sub(piece);
            }
        } else {
            self.grow_for(fits);
            self.out.resize(self.out.len().saturating_add(fits), byte);
        }
        if fits == count {
            Ok(())
        } else {
            Err(self.over_limit())
        }
    }

    /// The whole remaining room, zero-filled at the end of the output, for a decoder that writes in
    /// place; [`Output::keep`] then trims it to what was written. Only for a room the caller has
    /// bounded by the input's size (the allocation is the room).
    pub(crate) fn room_in_place(&mut self) -> &mut [u8] {
        let len = self.out.len();
        self.out.resize(len.saturating_add(self.room()), 0);
        self.out.get_mut(len..).unwrap_or_default()
    }

    /// Keeps `bytes` of the region [`Output::room_in_place`] gave (which started at `region`, the
    /// output's length before it) and drops the rest. A draining output hands the kept bytes on.
    pub(crate) fn keep(&mut self, region: usize, bytes: usize) {
        self.out.truncate(region.saturating_add(bytes));
        if let Some(drain) = &mut self.drain {
            let kept = self.out.get(self.start..).unwrap_or_default();
            if !kept.is_empty() {
                drain.hand(kept);
            }
            self.out.truncate(self.start);
        }
    }

    /// The output's length now (where a [`Output::room_in_place`] region starts).
    pub(crate) fn len(&self) -> usize {
        self.out.len()
    }

    pub(crate) fn over_limit(&self) -> Error {
        Error::OutputLimit {
            limit: self.limit as u64,
        }
    }
}
