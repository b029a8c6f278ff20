//! PKWARE Data Compression Library "implode" streams (MPQ mask 0x08; not ZIP's method 6) through the
//! `explode` crate, a port of zlib's `blast.c`. It is driven byte by byte through its buffer API, so
//! output is taken out in chunks and its window is the format's fixed 4 KiB.

use explode::{Error as ExplodeError, Explode};

use crate::Error;
use crate::sink::Output;

const CHUNK: usize = 4096;

pub(crate) fn explode(input: &[u8], out: &mut Output<'_>) -> Result<(), Error> {
    let mut state = Explode::new();
    let mut chunk = [0u8; CHUNK];
    let mut pos = 0usize;
    loop {
        let mut buffer = state.with_buffer(&mut chunk);
        // Feed the same byte until the decoder asks for the next one (the crate's contract); stop when
        // its buffer is full or the stream's end code is reached.
        let ended_input = loop {
            let Some(&byte) = input.get(pos) else {
                break true;
            };
            match buffer.feed(byte) {
                Ok(()) => break false,
                Err(ExplodeError::IncompleteInput) => pos = pos.saturating_add(1),
                Err(_) => {
                    return Err(Error::Corrupt {
                        at: Some(pos as u64),
                    });
                }
            }
        };
        out.extend(buffer.get())?;
        if buffer.done() {
            return Ok(());
        }
        if ended_input {
            return Err(Error::Truncated);
        }
    }
}
