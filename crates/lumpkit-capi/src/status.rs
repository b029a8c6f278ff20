//! What every call returns: a status, and for a failure the thread's last error (message,
//! diagnostic code, byte offset). Panics are caught here and become [`LumpkitStatus::Internal`], so
//! no unwind ever crosses into C.

use std::cell::RefCell;
use std::ffi::CString;
use std::panic::{AssertUnwindSafe, catch_unwind};

use lumpkit::{Error, Fault};

use crate::text::c_string;

/// The result of every call. `LUMPKIT_STATUS_OK` is 0; every other value is a failure whose details
/// `lumpkit_last_error` gives on the same thread.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LumpkitStatus {
    /// The call did what it was asked.
    Ok = 0,
    /// An argument is invalid: a NULL pointer where one is required, text that is not UTF-8, an
    /// unknown engine name, a palette that is neither 768 bytes nor a 256-colour PCX.
    InvalidArgument = 1,
    /// The file could not be opened or read (the message has the system's reason).
    Io = 2,
    /// The file is malformed where the request needs it (a fault of the file).
    Malformed = 3,
    /// The file uses a variant or feature lumpkit does not read.
    Unsupported = 4,
    /// Honouring the file would exceed the limits (`lumpkit_limits`).
    Limit = 5,
    /// The request names nothing the file holds: no such mip level, a texture without the palette
    /// it needs, a member that is not a picture.
    Request = 6,
    /// The caller's buffer is shorter than the picture (`lumpkit_file_decoded_size` first).
    BufferTooSmall = 7,
    /// No member at that index or of that name.
    NotFound = 8,
    /// The callback returned non-zero: the walk stopped there.
    Stopped = 9,
    /// lumpkit panicked: a bug (please report it with the file). The call had no effect on any
    /// handle and every handle stays usable.
    Internal = 10,
}

/// A failure on its way to C: the status and what `lumpkit_last_error` will say.
#[derive(Debug)]
pub struct Failure {
    /// The status returned.
    pub status: LumpkitStatus,
    /// A sentence for people.
    pub message: String,
    /// The diagnostic code when lumpkit's own error caused it (`lumpkit-no-such-entry`, …).
    pub code: Option<&'static str>,
    /// The byte offset the error concerns, when it has one.
    pub offset: Option<u64>,
}

impl Failure {
    /// A failure with no diagnostic code.
    pub fn new(status: LumpkitStatus, message: impl Into<String>) -> Failure {
        Failure {
            status,
            message: message.into(),
            code: None,
            offset: None,
        }
    }

    /// A NULL pointer where `what` is required.
    pub fn null(what: &str) -> Failure {
        Failure::new(LumpkitStatus::InvalidArgument, format!("{what} is NULL"))
    }
}

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        let status = match e.fault {
            Fault::Caller if e.code() == lumpkit::rules::BUFFER_TOO_SMALL.code => {
                LumpkitStatus::BufferTooSmall
            }
            Fault::Caller if e.code() == lumpkit::rules::NO_SUCH_ENTRY.code => {
                LumpkitStatus::NotFound
            }
            Fault::Caller => LumpkitStatus::Request,
            Fault::Limit => LumpkitStatus::Limit,
            Fault::Unsupported => LumpkitStatus::Unsupported,
            Fault::File | Fault::Strict => LumpkitStatus::Malformed,
        };
        Failure {
            status,
            message: e.to_string(),
            code: Some(e.code()),
            offset: e.offset(),
        }
    }
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Failure {
        Failure::new(LumpkitStatus::Io, e.to_string())
    }
}

/// What the C side reads of the last failure on its thread (see `lumpkit_last_error`).
#[derive(Debug)]
pub struct LastError {
    /// The status the failing call returned.
    pub status: LumpkitStatus,
    /// The message, NUL-terminated.
    pub message: CString,
    /// The diagnostic code, or an empty string.
    pub code: CString,
    /// The byte offset, when there is one.
    pub offset: Option<u64>,
}

thread_local! {
    static LAST: RefCell<Option<LastError>> = const { RefCell::new(None) };
}

fn remember(failure: Failure) -> LumpkitStatus {
    let status = failure.status;
    let last = LastError {
        status,
        message: c_string(&failure.message),
        code: c_string(failure.code.unwrap_or_default()),
        offset: failure.offset,
    };
    LAST.with(|cell| {
        if let Ok(mut slot) = cell.try_borrow_mut() {
            *slot = Some(last);
        }
    });
    status
}

/// Runs `f` with the thread's last failure, if any; the borrow ends with `f`.
pub fn with_last<T>(f: impl FnOnce(Option<&LastError>) -> T) -> T {
    LAST.with(|cell| match cell.try_borrow() {
        Ok(slot) => f(slot.as_ref()),
        Err(_) => f(None),
    })
}

/// Runs one call's work: `Ok` becomes [`LumpkitStatus::Ok`], a failure is remembered for
/// `lumpkit_last_error` and its status returned, and a panic becomes [`LumpkitStatus::Internal`].
pub fn guard(work: impl FnOnce() -> Result<(), Failure>) -> LumpkitStatus {
    match catch_unwind(AssertUnwindSafe(work)) {
        Ok(Ok(())) => LumpkitStatus::Ok,
        Ok(Err(failure)) => remember(failure),
        Err(payload) => {
            let said = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            remember(Failure::new(
                LumpkitStatus::Internal,
                format!("lumpkit panicked (a bug: please report it with the file): {said}"),
            ))
        }
    }
}
