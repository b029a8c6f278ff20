//! Deflate64 ("enhanced deflate", ZIP method 9) through the `deflate64` crate, a port of .NET's
//! decoder: its inflater writes into a caller-sized buffer, so output is taken out in chunks.

use deflate64::InflaterManaged;

use crate::Error;
use crate::chunked::CHUNK;
use crate::sink::Output;

pub(crate) fn inflate64(input: &[u8], out: &mut Output<'_>) -> Result<(), Error> {
    let mut inflater = Box::new(InflaterManaged::new());
    let mut chunk = vec![0u8; CHUNK];
    let mut pos = 0usize;
    loop {
        let rest = input.get(pos..).unwrap_or_default();
        let result = inflater.inflate(rest, &mut chunk);
        pos = pos.saturating_add(result.bytes_consumed);
        out.extend(chunk.get(..result.bytes_written).unwrap_or_default())?;
        if result.data_error {
            return Err(Error::Corrupt {
                at: Some(pos as u64),
            });
        }
        if inflater.finished() {
            return Ok(());
        }
        if result.bytes_consumed == 0 && result.bytes_written == 0 {
            return Err(Error::Truncated);
        }
    }
}
