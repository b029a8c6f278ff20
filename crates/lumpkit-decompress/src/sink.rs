//! The one place output is appended: every codec writes through [`Output`], so the limit is enforced
//! (and the `Vec` never grows past it) in one spot instead of in each codec.

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
}

impl<'a> Output<'a> {
    pub(crate) fn new(out: &'a mut Vec<u8>, limit: usize) -> Self {
        let start = out.len();
        Output { out, start, limit }
    }

    /// Bytes appended so far.
    pub(crate) fn written(&self) -> usize {
        self.out.len().saturating_sub(self.start)
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
        self.grow_for(fits.len());
        self.out.extend_from_slice(fits);
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
        self.grow_for(fits);
        self.out.resize(self.out.len().saturating_add(fits), byte);
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
    /// output's length before it) and drops the rest.
    pub(crate) fn keep(&mut self, region: usize, bytes: usize) {
        self.out.truncate(region.saturating_add(bytes));
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
