//! bzip2's bit stream: most significant bit first, fields of up to 32 bits.

/// Reads bits from a byte slice through a 64-bit buffer whose top `count` bits are the next ones.
pub(super) struct Bits<'a> {
    input: &'a [u8],
    next_byte: usize,
    buffer: u64,
    count: u32,
}

impl<'a> Bits<'a> {
    pub(super) fn new(input: &'a [u8]) -> Self {
        Bits {
            input,
            next_byte: 0,
            buffer: 0,
            count: 0,
        }
    }

    /// Tops the buffer up to at least 57 bits, or to the end of the input.
    fn refill(&mut self) {
        while self.count <= 56 {
            let Some(&byte) = self.input.get(self.next_byte) else {
                return;
            };
            self.buffer |= u64::from(byte).wrapping_shl(56u32.wrapping_sub(self.count));
            self.count = self.count.wrapping_add(8);
            self.next_byte = self.next_byte.wrapping_add(1);
        }
    }

    /// The next `n` bits (1 to 32), or `None` at the end of the input.
    pub(super) fn take(&mut self, n: u32) -> Option<u32> {
        if self.count < n {
            self.refill();
            if self.count < n {
                return None;
            }
        }
        let value = self.peek(n);
        self.skip(n);
        Some(value)
    }

    pub(super) fn bit(&mut self) -> Option<bool> {
        self.take(1).map(|bit| bit == 1)
    }

    /// The next `n` bits (1 to 32) without taking them, zero-padded past the end of the input;
    /// [`Bits::available`] says how many are real.
    #[inline]
    pub(super) fn peek_padded(&mut self, n: u32) -> u32 {
        if self.count < n {
            self.refill();
        }
        self.peek(n)
    }

    /// Bits in the buffer (after a [`Bits::peek_padded`], all there are when fewer than it asked).
    pub(super) fn available(&self) -> u32 {
        self.count
    }

    fn peek(&self, n: u32) -> u32 {
        // The shift is 32 to 63: the value fits in 32 bits.
        self.buffer.wrapping_shr(64u32.wrapping_sub(n)) as u32
    }

    /// Drops `n` bits the caller has seen are available.
    #[inline]
    pub(super) fn skip(&mut self, n: u32) {
        self.buffer = self.buffer.wrapping_shl(n);
        self.count = self.count.saturating_sub(n);
    }

    /// A 48-bit block or end marker.
    pub(super) fn marker(&mut self) -> Option<u64> {
        let high = self.take(24)?;
        let low = self.take(24)?;
        Some(u64::from(high).wrapping_shl(24) | u64::from(low))
    }
}
