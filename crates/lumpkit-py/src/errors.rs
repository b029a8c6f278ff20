//! Turning lumpkit's errors (and, should one ever happen, a panic) into the Python exceptions of
//! `lumpkit/_errors.py`, each carrying the diagnostic `code`, byte `offset` and `fault`.

use std::panic::{AssertUnwindSafe, catch_unwind};

use lumpkit::{Error, Fault};
use pyo3::prelude::*;

/// The exception class `name` of `lumpkit._errors`, raised with `message` and its facts.
pub fn raise(
    py: Python<'_>,
    name: &str,
    message: String,
    code: Option<&str>,
    offset: Option<u64>,
    fault: Option<&str>,
) -> PyErr {
    let made = py
        .import("lumpkit._errors")
        .and_then(|m| m.getattr(name))
        .and_then(|class| class.call1((message, code, offset, fault)));
    match made {
        Ok(exception) => PyErr::from_value(exception),
        Err(e) => e,
    }
}

/// A lumpkit error as `LimitError` (a limit was reached), `RequestError` (no such mip or entry,
/// a palette needed) or `FormatError` (the file is malformed or uses what lumpkit does not read).
pub fn to_py(py: Python<'_>, e: &Error) -> PyErr {
    let class = match e.fault {
        Fault::Limit => "LimitError",
        Fault::Caller => "RequestError",
        Fault::File | Fault::Unsupported | Fault::Strict => "FormatError",
    };
    raise(
        py,
        class,
        e.to_string(),
        Some(e.code()),
        e.offset(),
        Some(e.fault.as_str()),
    )
}

/// What a panic said, for `InternalError`'s message.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    let said = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string());
    format!("lumpkit panicked (a bug: please report it with the file): {said}")
}

/// Runs `work`, turning a panic into `Err(message)`: library code has no panic paths, but a
/// Python process must never die of one if it happened anyway.
pub fn guarded<T>(work: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(work)).map_err(|payload| panic_message(payload.as_ref()))
}

/// The `InternalError` for a caught panic.
pub fn internal(py: Python<'_>, message: String) -> PyErr {
    raise(py, "InternalError", message, None, None, None)
}
