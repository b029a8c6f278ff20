//! Shared plumbing for codec crates that decode through `std::io`: a `Write` that stops at the limit,
//! and the mapping of their errors onto ours.

use std::io;

use crate::Error;
use crate::sink::Output;

/// Size of the scratch buffer codecs decode into before their output is copied out.
pub(crate) const CHUNK: usize = 64 * 1024;

/// An `io::Write` over [`Output`] that fails (and remembers why) once the limit is reached, so a crate
/// that writes through `io::Write` cannot push past it.
#[derive(Debug)]
pub(crate) struct LimitedWriter<'o, 'v> {
    pub(crate) out: &'o mut Output<'v>,
    pub(crate) hit_limit: bool,
}

impl<'o, 'v> LimitedWriter<'o, 'v> {
    pub(crate) fn new(out: &'o mut Output<'v>) -> Self {
        LimitedWriter {
            out,
            hit_limit: false,
        }
    }
}

impl io::Write for LimitedWriter<'_, '_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self.out.extend(buf) {
            Ok(()) => Ok(buf.len()),
            Err(_) => {
                self.hit_limit = true;
                Err(io::Error::other("output limit reached"))
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Maps a codec's I/O error: running out of input is a truncation, anything else corruption.
pub(crate) fn io_error(error: &io::Error, at: usize) -> Error {
    if error.kind() == io::ErrorKind::UnexpectedEof {
        Error::Truncated
    } else {
        Error::Corrupt {
            at: Some(at as u64),
        }
    }
}
