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
    let mut position = start;
    // The byte of the current run (256: none yet) and how many times in a row it came.
    let mut run_byte = NO_BYTE;
    let mut equal = 0u32;
    for _ in 0..tt.len() {
        let entry = *tt.get(position).ok_or(Refused)?;
        position = (entry >> 8) as usize;
        let byte = entry & 0xff;
        if equal == 4 {
            // The count after four equal bytes; the byte after it starts afresh.
            writer.repeat(run_byte as u8, byte as u8, out)?;
            equal = 0;
            run_byte = NO_BYTE;
            continue;
        }
        if byte == run_byte {
            equal = equal.wrapping_add(1);
        } else {
            run_byte = byte;
            equal = 1;
        }
        writer.push(byte as u8, out)?;
    }
    if equal == 4 {
        // Four equal bytes with no count: libbzip2 reads on past the block; not imitated here.
        return Err(Refused);
    }
    writer.flush(out)?;
    Ok(writer.crc.finalize())
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
