//! MPQ IMA ADPCM (masks 0x40 mono, 0x80 stereo): Blizzard's 16-bit PCM WAV compression.
//!
//! Written here because no crate implements Blizzard's variant (its escape bytes 0x80/0x81 and
//! the bit-shift header are not standard IMA ADPCM); learned from StormLib's `adpcm.cpp`.
//!
//! Stream: a zero byte, the bit shift, one initial 16-bit sample per channel, then one byte per
//! sample, channels interleaved. 0x80 repeats the channel's sample and lowers its step; 0x81 raises
//! the step and gives the same channel another turn. The format has no end marker: the output is as
//! long as the input says, and the container checks the size.

use crate::Error;
use crate::sink::Output;

/// IMA step sizes.
const STEP_SIZES: [i32; 89] = [
    7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 19, 21, 23, 25, 28, 31, 34, 37, 41, 45, 50, 55, 60, 66,
    73, 80, 88, 97, 107, 118, 130, 143, 157, 173, 190, 209, 230, 253, 279, 307, 337, 371, 408, 449,
    494, 544, 598, 658, 724, 796, 876, 963, 1060, 1166, 1282, 1411, 1552, 1707, 1878, 2066, 2272,
    2499, 2749, 3024, 3327, 3660, 4026, 4428, 4871, 5358, 5894, 6484, 7132, 7845, 8630, 9493,
    10442, 11487, 12635, 13899, 15289, 16818, 18500, 20350, 22385, 24623, 27086, 29794, 32767,
];

/// Step index change by the encoded sample's low five bits.
const STEP_CHANGES: [i32; 32] = [
    -1, 0, -1, 4, -1, 2, -1, 6, -1, 1, -1, 5, -1, 3, -1, 7, -1, 1, -1, 5, -1, 3, -1, 7, -1, 2, -1,
    4, -1, 6, -1, 8,
];

const MAX_STEP_INDEX: i32 = 88;
const INITIAL_STEP_INDEX: i32 = 0x2C;

#[derive(Clone, Copy, Debug)]
struct Channel {
    predicted: i16,
    step_index: i32,
}

impl Channel {
    fn step(&self) -> i32 {
        STEP_SIZES
            .get(usize::try_from(self.step_index).unwrap_or(0))
            .copied()
            .unwrap_or(0)
    }

    fn decode(&mut self, encoded: u8, shift: u8) {
        let step = self.step();
        let mut difference = step.wrapping_shr(u32::from(shift));
        for bit in 0..6u32 {
            if encoded & (1 << bit) != 0 {
                difference = difference.saturating_add(step >> bit);
            }
        }
        let predicted = i32::from(self.predicted);
        let next = if encoded & 0x40 != 0 {
            predicted.saturating_sub(difference)
        } else {
            predicted.saturating_add(difference)
        };
        self.predicted = next.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        let change = STEP_CHANGES
            .get(usize::from(encoded & 0x1f))
            .copied()
            .unwrap_or(0);
        self.step_index = self
            .step_index
            .saturating_add(change)
            .clamp(0, MAX_STEP_INDEX);
    }
}

pub(crate) fn decode(input: &[u8], channels: usize, out: &mut Output<'_>) -> Result<(), Error> {
    let Some(([_, shift], rest)) = input.split_first_chunk::<2>() else {
        return Err(Error::Truncated);
    };
    let shift = *shift;
    let mut state = [Channel {
        predicted: 0,
        step_index: INITIAL_STEP_INDEX,
    }; 2];
    let mut rest = rest;
    for channel in state.iter_mut().take(channels) {
        let Some((sample, tail)) = rest.split_first_chunk::<2>() else {
            // StormLib stops here with what it has; an empty result is its failure.
            return if out.written() == 0 {
                Err(Error::Truncated)
            } else {
                Ok(())
            };
        };
        channel.predicted = i16::from_le_bytes(*sample);
        out.extend(sample)?;
        rest = tail;
    }
    let last = channels.saturating_sub(1);
    let mut index = last;
    for &encoded in rest {
        index = if index >= last {
            0
        } else {
            index.saturating_add(1)
        };
        let Some(channel) = state.get_mut(index) else {
            return Err(Error::Corrupt { at: None });
        };
        match encoded {
            0x80 => {
                channel.step_index = channel.step_index.saturating_sub(1).max(0);
                out.extend(&channel.predicted.to_le_bytes())?;
            }
            0x81 => {
                channel.step_index = channel.step_index.saturating_add(8).min(MAX_STEP_INDEX);
                // The same channel decodes the next byte.
                index = if index == 0 {
                    last
                } else {
                    index.saturating_sub(1)
                };
            }
            _ => {
                channel.decode(encoded, shift);
                out.extend(&channel.predicted.to_le_bytes())?;
            }
        }
    }
    Ok(())
}
