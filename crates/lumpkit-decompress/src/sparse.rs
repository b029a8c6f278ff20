//! MPQ "sparse" compression (mask 0x20): a run-length code for zeros, used by StarCraft II-era MPQs.
//!
//! Written here because no crate implements it; the format was learned from StormLib's `sparse.cpp`.
//! Layout: a 4-byte big-endian output size, then control bytes: `0x80 | n` is followed by `n + 1`
//! literal bytes, `n` (high bit clear) stands for `n + 3` zero bytes. As StormLib does, a run that
//! goes past the declared size is clipped to it.

use crate::Error;
use crate::sink::Output;

pub(crate) fn decode(input: &[u8], out: &mut Output<'_>) -> Result<(), Error> {
    let Some((size, mut rest)) = input.split_first_chunk::<4>() else {
        return Err(Error::Truncated);
    };
    let declared = usize::try_from(u32::from_be_bytes(*size)).unwrap_or(usize::MAX);
    if declared > out.room() {
        return Err(out.over_limit());
    }
    let mut remaining = declared;
    while let Some((&control, tail)) = rest.split_first() {
        rest = tail;
        if remaining == 0 {
            // StormLib keeps reading and clips every run to zero bytes; nothing more can be produced.
            break;
        }
        if control & 0x80 != 0 {
            let count = usize::from(control & 0x7f).saturating_add(1).min(remaining);
            let Some((literal, tail)) = rest.split_at_checked(count) else {
                return Err(Error::Truncated);
            };
            out.extend(literal)?;
            rest = tail;
            remaining = remaining.saturating_sub(count);
        } else {
            let count = usize::from(control).saturating_add(3).min(remaining);
            out.fill(0, count)?;
            remaining = remaining.saturating_sub(count);
        }
    }
    if remaining == 0 {
        Ok(())
    } else {
        Err(Error::Truncated)
    }
}
