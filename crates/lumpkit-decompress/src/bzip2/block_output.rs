//! A decoded block's bytes: the inverse Burrows–Wheeler transform over `tt`, then the initial
//! run-length stage (four equal bytes, then a count of further copies), checked against the block's
//! CRC on the way out.

use crc::{CRC_32_BZIP2, Crc, Table};

use super::Refused;
use crate::sink::Output;

/// bzip2's CRC (CRC-32, most significant bit first), sliced by 16 for speed.
static BLOCK_CRC: Crc<u32, Table<16>> = Crc::<u32, Table<16>>::new(&CRC_32_BZIP2);

/// No byte: a value no entry's low 8 bits can hold.
const NO_BYTE: u32 = 256;

/// Blocks at least this long (their `tt` bigger than a 1 MiB L2 cache) are walked two rows a step.
const PAIRED_FROM: usize = 256 * 1024;

/// Output is gathered on the stack in chunks this big before it is checksummed and appended.
const CHUNK: usize = 16 * 1024;

/// Writes the block in `tt` (bytes in the low 8 bits; the high 24 are overwritten here) to `out`
/// and returns its CRC.
pub(super) fn write(tt: &mut [u32], orig_ptr: usize, out: &mut Output<'_>) -> Result<u32, Refused> {
    let start = link_rows(tt, orig_ptr)?;
    let mut writer = Writer {
        chunk: [0; CHUNK],
        filled: 0,
        crc: BLOCK_CRC.digest(),
    };
    let mut runs = Runs {
        byte: NO_BYTE,
        equal: 0,
    };
    if tt.len() >= PAIRED_FROM {
        walk_pairs(tt, start, &mut runs, &mut writer, out)?;
    } else {
        let mut position = start;
        for _ in 0..tt.len() {
            let entry = *tt.get(position).ok_or(Refused)?;
            position = (entry >> 8) as usize;
            runs.feed(entry & 0xff, &mut writer, out)?;
        }
    }
    if runs.equal == 4 {
        // Four equal bytes with no count: libbzip2 reads on past the block; not imitated here.
        return Err(Refused);
    }
    writer.flush(out)?;
    Ok(writer.crc.finalize())
}

/// Walks a large block two rows per dependent load. Following the links is one cache miss per
/// byte, each waiting for the last (95% of the walk's time on a 900 kB block); a table of the row two
/// links on is built first with independent loads the CPU overlaps, then walked at one miss per two
/// bytes. The second byte of a step is the next row's, kept in its own array.
fn walk_pairs(
    tt: &[u32],
    start: usize,
    runs: &mut Runs,
    writer: &mut Writer,
    out: &mut Output<'_>,
) -> Result<(), Refused> {
    let mut second = Vec::with_capacity(tt.len());
    // Links are rows of the block (`link_rows` gives each row one): a missing one only makes wrong
    // bytes, which the block's CRC refuses.
    let pairs: Vec<u32> = tt
        .iter()
        .map(|&first| {
            let next = tt.get((first >> 8) as usize).copied().unwrap_or(0);
            second.push(next as u8);
            (next & !0xff) | (first & 0xff)
        })
        .collect();
    let mut position = start;
    for _ in 0..tt.len() / 2 {
        let entry = *pairs.get(position).ok_or(Refused)?;
        let next_byte = *second.get(position).ok_or(Refused)?;
        position = (entry >> 8) as usize;
        runs.feed(entry & 0xff, writer, out)?;
        runs.feed(u32::from(next_byte), writer, out)?;
    }
    if !tt.len().is_multiple_of(2) {
        let entry = *tt.get(position).ok_or(Refused)?;
        runs.feed(entry & 0xff, writer, out)?;
    }
    Ok(())
}

/// The initial run-length stage's state: the byte of the current run (256: none yet) and how many
/// times in a row it came.
struct Runs {
    byte: u32,
    equal: u32,
}

impl Runs {
    #[inline(always)]
    fn feed(
        &mut self,
        byte: u32,
        writer: &mut Writer,
        out: &mut Output<'_>,
    ) -> Result<(), Refused> {
        if self.equal == 4 {
            // The count after four equal bytes; the byte after it starts afresh.
            writer.repeat(self.byte as u8, byte as u8, out)?;
            self.equal = 0;
            self.byte = NO_BYTE;
            return Ok(());
        }
        if byte == self.byte {
            self.equal = self.equal.wrapping_add(1);
        } else {
            self.byte = byte;
            self.equal = 1;
        }
        writer.push(byte as u8, out)
    }
}

/// The inverse BWT: links each row to the next one in the high 24 bits of `tt`, and returns the row
/// the block starts at.
fn link_rows(tt: &mut [u32], orig_ptr: usize) -> Result<usize, Refused> {
    let mut counts = [0u32; 256];
    for &entry in tt.iter() {
        let count = counts.get_mut(usize::from(entry as u8)).ok_or(Refused)?;
        *count = count.wrapping_add(1);
    }
    // Where the rows of each byte start in the sorted column (block ≤ 900,000: no overflow).
    let mut next_row = [0u32; 256];
    let mut sum = 0u32;
    for (start, &count) in next_row.iter_mut().zip(counts.iter()) {
        *start = sum;
        sum = sum.wrapping_add(count);
    }
    for index in 0..tt.len() {
        let byte = usize::from(*tt.get(index).ok_or(Refused)? as u8);
        let row = next_row.get_mut(byte).ok_or(Refused)?;
        let target = usize::try_from(*row).map_err(|_| Refused)?;
        *row = row.wrapping_add(1);
        let link = u32::try_from(index).map_err(|_| Refused)?.wrapping_shl(8);
        *tt.get_mut(target).ok_or(Refused)? |= link;
    }
    let start = tt.get(orig_ptr).ok_or(Refused)? >> 8;
    usize::try_from(start).map_err(|_| Refused)
}

struct Writer {
    chunk: [u8; CHUNK],
    filled: usize,
    crc: crc::Digest<'static, u32, Table<16>>,
}

impl Writer {
    #[inline]
    fn push(&mut self, byte: u8, out: &mut Output<'_>) -> Result<(), Refused> {
        if let Some(slot) = self.chunk.get_mut(self.filled) {
            *slot = byte;
            self.filled = self.filled.wrapping_add(1);
            return Ok(());
        }
        self.flush(out)?;
        *self.chunk.first_mut().ok_or(Refused)? = byte;
        self.filled = 1;
        Ok(())
    }

    fn repeat(&mut self, byte: u8, count: u8, out: &mut Output<'_>) -> Result<(), Refused> {
        let count = usize::from(count);
        if CHUNK.wrapping_sub(self.filled) < count {
            self.flush(out)?;
        }
        let end = self.filled.wrapping_add(count);
        self.chunk
            .get_mut(self.filled..end)
            .ok_or(Refused)?
            .fill(byte);
        self.filled = end;
        Ok(())
    }

    fn flush(&mut self, out: &mut Output<'_>) -> Result<(), Refused> {
        let bytes = self.chunk.get(..self.filled).ok_or(Refused)?;
        self.crc.update(bytes);
        out.extend(bytes).map_err(|_| Refused)?;
        self.filled = 0;
        Ok(())
    }
}
