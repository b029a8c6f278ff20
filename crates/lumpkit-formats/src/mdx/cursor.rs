//! A bounded reader over one chunk or object: every read is checked against the bytes left, and
//! every position is also known as a file offset (for diagnostics).

/// Reads forward through `data`, which starts at file offset `base`.
#[derive(Clone, Copy, Debug)]
pub struct Cursor<'a> {
    data: &'a [u8],
    pos: usize,
    base: u64,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `data`, which sits at file offset `base`.
    pub const fn new(data: &'a [u8], base: u64) -> Cursor<'a> {
        Cursor { data, pos: 0, base }
    }

    /// The file offset of the next byte.
    pub fn offset(&self) -> u64 {
        self.base.saturating_add(self.pos as u64)
    }

    /// Bytes left.
    pub fn remaining(&self) -> usize {
        self.data.len().saturating_sub(self.pos)
    }

    /// Whether nothing is left.
    pub fn is_empty(&self) -> bool {
        self.remaining() == 0
    }

    /// The next `n` bytes, consumed.
    pub fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let end = self.pos.checked_add(n)?;
        let out = self.data.get(self.pos..end)?;
        self.pos = end;
        Some(out)
    }

    /// The next `count × size` bytes (checked in 64 bits), consumed.
    pub fn take_records(&mut self, count: u32, size: u32) -> Option<&'a [u8]> {
        let len = u64::from(count).checked_mul(u64::from(size))?;
        self.take(usize::try_from(len).ok()?)
    }

    /// The next `n` bytes as a cursor of their own, consumed.
    pub fn sub(&mut self, n: usize) -> Option<Cursor<'a>> {
        let base = self.offset();
        self.take(n).map(|d| Cursor::new(d, base))
    }

    /// Skips `n` bytes.
    pub fn skip(&mut self, n: usize) -> Option<()> {
        self.take(n).map(|_| ())
    }

    /// The next four bytes as an array.
    pub fn tag(&mut self) -> Option<[u8; 4]> {
        self.take(4)?.try_into().ok()
    }

    /// The next four bytes, not consumed.
    pub fn peek_tag(&self) -> Option<[u8; 4]> {
        let end = self.pos.checked_add(4)?;
        self.data.get(self.pos..end)?.try_into().ok()
    }

    /// A little-endian `u32`.
    pub fn u32(&mut self) -> Option<u32> {
        self.tag().map(u32::from_le_bytes)
    }

    /// A little-endian `i32`.
    pub fn i32(&mut self) -> Option<i32> {
        self.tag().map(i32::from_le_bytes)
    }

    /// A little-endian `f32`.
    pub fn f32(&mut self) -> Option<f32> {
        self.tag().map(f32::from_le_bytes)
    }

    /// A NUL-terminated string (the NUL consumed, not returned); `None` when no NUL is left.
    pub fn cstr(&mut self) -> Option<&'a [u8]> {
        let rest = self.rest();
        let n = crate::bytes::find_byte(0, rest)?;
        let s = self.take(n)?;
        self.skip(1)?;
        Some(s)
    }

    /// A single byte.
    pub fn u8(&mut self) -> Option<u8> {
        self.take(1)?.first().copied()
    }

    /// The bytes not read yet, without consuming them.
    pub fn rest(&self) -> &'a [u8] {
        self.data.get(self.pos..).unwrap_or(&[])
    }
}

/// A fixed-size text field up to its first NUL.
pub fn text(field: &[u8]) -> &[u8] {
    crate::bytes::nul_terminated(field).0
}
