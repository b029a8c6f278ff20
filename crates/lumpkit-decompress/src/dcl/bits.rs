//! The bit reader: least significant bit first, refilled a word at a time.

use super::Refused;

/// Reads the stream's bits from a 64-bit buffer that is topped up once per symbol (a symbol takes at
/// most 30 bits: flag, length code and extra, distance code and extra).
///
/// Past the end of the input it reads zeros, and [`Bits::consumed`] tells whether any of them was
/// used; it gives up a little past the end so that a stream of zeros cannot run on to the limit.
#[derive(Clone, Copy, Debug)]
pub(super) struct Bits<'a> {
    input: &'a [u8],
    /// The next input byte to load (may pass the end by the zeros loaded there).
    next: usize,
    buffer: u64,
    count: u32,
}

/// Zero bytes read past the end before the stream is refused (well beyond one symbol's 4 bytes).
const PAST_END: usize = 16;

impl<'a> Bits<'a> {
    pub(super) fn new(input: &'a [u8]) -> Self {
        Bits {
            input,
            next: 0,
            buffer: 0,
            count: 0,
        }
    }

    /// Tops the buffer up to at least 56 bits (never past 63, so every shift stays in range).
    #[inline(always)]
    pub(super) fn refill(&mut self) -> Result<(), Refused> {
        let word = self
            .next
            .checked_add(8)
            .and_then(|end| self.input.get(self.next..end))
            .and_then(|bytes| <[u8; 8]>::try_from(bytes).ok());
        if let Some(word) = word {
            // Load whole bytes into what is free; the rest of the word is read again next time.
            self.buffer |= u64::from_le_bytes(word).wrapping_shl(self.count);
            self.next = self
                .next
                .wrapping_add(((63u32.wrapping_sub(self.count)) >> 3) as usize);
            self.count |= 56;
            return Ok(());
        }
        while self.count < 56 {
            if self.next >= self.input.len().saturating_add(PAST_END) {
                return Err(Refused);
            }
            let byte = self.input.get(self.next).copied().unwrap_or(0);
            self.buffer |= u64::from(byte).wrapping_shl(self.count);
            self.next = self.next.wrapping_add(1);
            self.count = self.count.wrapping_add(8);
        }
        Ok(())
    }

    /// The buffered bits, next bit lowest.
    #[inline(always)]
    pub(super) fn peek(&self) -> u64 {
        self.buffer
    }

    /// Drops `n` bits (never more than a refill left: at most 30 per symbol).
    #[inline(always)]
    pub(super) fn consume(&mut self, n: u32) {
        self.buffer = self.buffer.wrapping_shr(n);
        self.count = self.count.saturating_sub(n);
    }

    /// Takes the next `n` bits (at most 8), first bit lowest.
    #[inline(always)]
    pub(super) fn take(&mut self, n: u32) -> u32 {
        let value = (self.buffer & !u64::MAX.wrapping_shl(n)) as u32;
        self.consume(n);
        value
    }

    /// Whether every bit consumed so far came from the input (none from the zeros past its end).
    pub(super) fn within_input(&self) -> bool {
        let loaded = (self.next as u64).saturating_mul(8);
        let consumed = loaded.saturating_sub(u64::from(self.count));
        consumed <= (self.input.len() as u64).saturating_mul(8)
    }
}
