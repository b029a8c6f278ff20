//! Reading Python arguments: a file as a path or bytes, a palette, a list of paths.

use std::path::PathBuf;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyList, PyTuple};

/// What `open` was given.
pub enum Source {
    /// A file on disk (memory-mapped when large).
    Path(PathBuf),
    /// Bytes already in memory (copied once into lumpkit's own buffer).
    Bytes(Vec<u8>),
}

/// `bytes`, `bytearray` or anything with `tobytes()` (`memoryview`, NumPy arrays) as bytes; a
/// `str` or `os.PathLike` as a path.
pub fn source(obj: &Bound<'_, PyAny>) -> PyResult<Source> {
    if let Some(bytes) = as_bytes(obj)? {
        return Ok(Source::Bytes(bytes));
    }
    match obj.extract::<PathBuf>() {
        Ok(path) => Ok(Source::Path(path)),
        Err(_) => Err(PyTypeError::new_err(
            "expected a path (str or os.PathLike) or bytes-like data",
        )),
    }
}

fn as_bytes(obj: &Bound<'_, PyAny>) -> PyResult<Option<Vec<u8>>> {
    if let Ok(b) = obj.cast::<PyBytes>() {
        return Ok(Some(b.as_bytes().to_vec()));
    }
    if let Ok(b) = obj.cast::<PyByteArray>() {
        return Ok(Some(b.to_vec()));
    }
    if obj.hasattr("tobytes")? {
        let b = obj.call_method0("tobytes")?;
        return Ok(b.cast::<PyBytes>().ok().map(|b| b.as_bytes().to_vec()));
    }
    Ok(None)
}

/// A palette given as a file path or as the file's bytes (768-byte raw or 256-colour PCX).
pub fn palette(obj: &Bound<'_, PyAny>) -> PyResult<[[u8; 3]; 256]> {
    let bytes = match source(obj)? {
        Source::Bytes(b) => b,
        Source::Path(p) => std::fs::read(&p)?,
    };
    lumpkit::palette::palette_file(&bytes)
        .ok_or_else(|| PyValueError::new_err("palette: not a 768-byte palette or a 256-colour PCX"))
}

/// Engine names (`"quake"`, `"quakespasm"`, …, as `--target` takes them): a finding that only some
/// engines refuse becomes an error for a named engine that refuses it and info for one that loads
/// it.
pub fn targets(names: Option<Vec<String>>) -> PyResult<lumpkit::Targets> {
    let mut set = lumpkit::Targets::default();
    for name in names.unwrap_or_default() {
        let engine = lumpkit::Engine::from_name(&name).ok_or_else(|| {
            let known: Vec<&str> = lumpkit::Engine::ALL.iter().map(|e| e.name()).collect();
            PyValueError::new_err(format!(
                "unknown engine {name:?} (known: {})",
                known.join(", ")
            ))
        })?;
        set = set.with(engine);
    }
    Ok(set)
}

/// Limits as a dict with the CLI's flag names (`max_dimension`, `max_pixels`, `max_alloc`,
/// `max_unpacked`; `max_width`/`max_height` set one side): keys left out keep their defaults, and
/// an unknown key is an error rather than a limit silently not applied.
pub fn limits(given: Option<&Bound<'_, PyDict>>) -> PyResult<lumpkit::Limits> {
    let mut limits = lumpkit::Limits::DEFAULT;
    let Some(given) = given else {
        return Ok(limits);
    };
    for (key, value) in given.iter() {
        let key: String = key.extract()?;
        let number = |what: &str| -> PyResult<u64> {
            value.extract::<u64>().map_err(|_| {
                PyValueError::new_err(format!("limits[{what:?}]: expected an integer >= 0"))
            })
        };
        let dimension = |what: &str| -> PyResult<u32> {
            u32::try_from(number(what)?).map_err(|_| {
                PyValueError::new_err(format!("limits[{what:?}]: at most {}", u32::MAX))
            })
        };
        match key.as_str() {
            "max_dimension" => {
                let d = dimension(&key)?;
                limits.max_width = d;
                limits.max_height = d;
            }
            "max_width" => limits.max_width = dimension(&key)?,
            "max_height" => limits.max_height = dimension(&key)?,
            "max_pixels" => limits.max_pixels = number(&key)?,
            "max_alloc" => limits.max_alloc = number(&key)?,
            "max_unpacked" => limits.max_unpacked = number(&key)?,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "unknown limit {key:?} (known: max_dimension, max_width, max_height, max_pixels, max_alloc, max_unpacked)"
                )));
            }
        }
    }
    Ok(limits)
}

/// One path or a list or tuple of them.
pub fn paths(obj: &Bound<'_, PyAny>) -> PyResult<Vec<PathBuf>> {
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        return obj
            .try_iter()?
            .map(|item| item.and_then(|p| p.extract::<PathBuf>()))
            .collect();
    }
    Ok(vec![obj.extract::<PathBuf>()?])
}
