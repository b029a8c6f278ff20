//! Extra fields (APPNOTE 4.5): a sequence of `id: u16, size: u16, data[size]`, read in place.

use crate::bytes;

/// The extra fields of a record, in order; stops at the first field that does not fit.
#[derive(Clone, Debug)]
pub struct ExtraFields<'a> {
    rest: &'a [u8],
}

impl<'a> ExtraFields<'a> {
    /// The fields in `extra`.
    pub fn new(extra: &'a [u8]) -> Self {
        ExtraFields { rest: extra }
    }
}

impl<'a> Iterator for ExtraFields<'a> {
    type Item = (u16, &'a [u8]);

    fn next(&mut self) -> Option<(u16, &'a [u8])> {
        let id = bytes::u16_le(self.rest, 0)?;
        let len = bytes::u16_le(self.rest, 2)?;
        let data = bytes::range(self.rest, 4, len.into())?;
        self.rest = bytes::tail(self.rest, 4u64.saturating_add(len.into())).unwrap_or(&[]);
        Some((id, data))
    }
}
