//! The Python package `lumpkit` (its native part, `lumpkit._lumpkit`): open, inspect and decode
//! classic game assets and check whole trees from Python, through the same facade the CLI uses.
//!
//! No format logic lives here: every verdict, info field and pixel comes from `lumpkit`'s
//! [`Format`](lumpkit::Format) registry, and `check` prints through
//! [`lumpkit::check::JsonLine`], so Python and `lumpkit check --json` agree byte for byte.
#![forbid(unsafe_code)]

mod args;
mod check;
mod errors;
mod file;

use pyo3::prelude::*;

/// The native module; `python/lumpkit/__init__.py` re-exports it with docs and exceptions.
#[pymodule]
fn _lumpkit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(file::open, m)?)?;
    m.add_function(wrap_pyfunction!(file::sniff_format, m)?)?;
    m.add_function(wrap_pyfunction!(check::check, m)?)?;
    m.add_function(wrap_pyfunction!(check::walk_files, m)?)?;
    m.add_class::<file::File>()?;
    m.add_class::<file::Diagnostic>()?;
    m.add_class::<check::CheckIterator>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
