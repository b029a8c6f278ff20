//! Shared plumbing for codec crates that decode through `std::io`: the scratch chunk size and the
//! mapping of their errors onto ours.

use std::io;

use crate::Error;

/// Size of the scratch buffer codecs decode into before their output is copied out.
pub(crate) const CHUNK: usize = 64 * 1024;

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
