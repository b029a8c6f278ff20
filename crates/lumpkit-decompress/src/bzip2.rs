//! bzip2 (ZIP method 12, MPQ mask 0x10) through the `bzip2` crate on its pure-Rust backend
//! (`libbz2-rs-sys`, a port of the reference libbzip2). Its low-level `Decompress` writes into a
//! caller-sized buffer, so output is taken out in chunks; its state is bounded by the 900 kB block.

use bzip2::{Decompress, Status};

use crate::Error;
use crate::chunked::CHUNK;
use crate::sink::Output;

pub(crate) fn decode(input: &[u8], out: &mut Output<'_>) -> Result<(), Error> {
    let mut state = Decompress::new(false);
    let mut chunk = vec![0u8; CHUNK];
    loop {
        let read = usize::try_from(state.total_in()).unwrap_or(usize::MAX);
        let wrote_before = state.total_out();
        let rest = input.get(read..).unwrap_or_default();
        let status = state
            .decompress(rest, &mut chunk)
            .map_err(|_| Error::Corrupt {
                at: Some(read as u64),
            })?;
        let wrote =
            usize::try_from(state.total_out().saturating_sub(wrote_before)).unwrap_or(usize::MAX);
        out.extend(chunk.get(..wrote).unwrap_or_default())?;
        if status == Status::StreamEnd {
            return Ok(());
        }
        let read_now = usize::try_from(state.total_in()).unwrap_or(usize::MAX);
        if read_now == read && wrote == 0 {
            return Err(Error::Truncated);
        }
    }
}
