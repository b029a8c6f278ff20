//! `lumpkit.open`: one file's report (format, version, status, diagnostics, the `info --json`
//! fields), its members, and its pictures as NumPy arrays.

use std::path::PathBuf;

use lumpkit::registry::{Sniffed, by_extension, extension_of, sniff, sniff_claimed};
use lumpkit::{ChildContent, Context, Format, Input, Limits, OpenMode, Report, Selection, Version};
use numpy::{PyArray1, PyArray3, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::args::{self, Source};
use crate::errors::{self, guarded};

/// An opened file: its report, computed once when it was opened, and its bytes for `decode` and
/// `children` (memory-mapped for large files on disk).
#[pyclass(module = "lumpkit", name = "File", frozen)]
pub struct File {
    input: Input,
    /// The name `info` shows: the path, or `<bytes>`.
    name: String,
    /// The format's implementation, when the content is one of lumpkit's formats.
    format: Option<&'static dyn Format>,
    report: Report,
    palette: Option<[[u8; 3]; 256]>,
    limits: Limits,
    targets: lumpkit::Targets,
    /// The `name=` given with bytes: files with a role by name (Quake's `gfx.wad`) keep it.
    given_name: Option<String>,
}

impl std::fmt::Debug for File {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("File")
            .field("name", &self.name)
            .field("report", &self.report)
            .finish_non_exhaustive()
    }
}

impl File {
    fn context(&self) -> Context<'_> {
        Context {
            limits: self.limits,
            path: self.input.path(),
            member_name: self.given_name.as_deref(),
            palette: self.palette.as_ref(),
            targets: self.targets,
            ..Context::default()
        }
    }
}

/// Opens `source` (a path, or the file's bytes) and checks it: `lumpkit.open`.
#[pyfunction]
#[pyo3(signature = (source, *, name = None, palette = None, targets = None, limits = None))]
pub fn open(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    name: Option<PathBuf>,
    palette: Option<&Bound<'_, PyAny>>,
    targets: Option<Vec<String>>,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<File> {
    let source = args::source(source)?;
    let palette = palette.map(args::palette).transpose()?;
    let targets = args::targets(targets)?;
    let limits = args::limits(limits)?;
    let opened = py.detach(|| {
        guarded(|| -> std::io::Result<File> {
            let (input, shown) = match source {
                Source::Path(path) => {
                    let input = Input::open(&path, OpenMode::Map)?;
                    (input, path.display().to_string())
                }
                Source::Bytes(bytes) => {
                    let shown = name
                        .as_ref()
                        .map_or_else(|| "<bytes>".to_string(), |n| n.display().to_string());
                    (Input::from_vec(bytes), shown)
                }
            };
            let given_name = match input.path() {
                None => name.as_ref().map(|n| n.to_string_lossy().into_owned()),
                Some(_) => None,
            };
            let named = input.path().map(PathBuf::from).or(name);
            let mut file = File {
                input,
                name: shown,
                format: None,
                report: Report::new("unknown"),
                palette,
                limits,
                targets,
                given_name,
            };
            file.report = match sniff(&file.input, named.as_deref()) {
                Sniffed::Known(format) => {
                    file.format = Some(format);
                    format.inspect(&file.context(), &file.input)
                }
                Sniffed::Foreign(kind) => Report::new(kind),
                Sniffed::Unknown => Report::new("unknown"),
            };
            Ok(file)
        })
    });
    match opened {
        Ok(file) => Ok(file?),
        Err(panic) => Err(errors::internal(py, panic)),
    }
}

/// The format lumpkit recognises in `data` (by content, then by `name`'s extension), or `None`.
#[pyfunction(name = "sniff")]
#[pyo3(signature = (data, name = None))]
pub fn sniff_format(data: &[u8], name: Option<PathBuf>) -> Option<&'static str> {
    match sniff(data, name.as_deref()) {
        Sniffed::Known(format) => Some(format.name()),
        _ => None,
    }
}

/// JSON text as Python objects, through the standard `json` module.
fn from_json<'py>(py: Python<'py>, value: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?
        .getattr("loads")?
        .call1((value.to_string(),))
}

#[pymethods]
impl File {
    /// The format's name (`blp`, `wad`, `paa`, …), a foreign format's (`png`), or `unknown`.
    #[getter]
    fn format(&self) -> &'static str {
        self.report.format
    }

    /// The format's version: a number (BLP 1, BSP 38) or a name (`WAD3`); `None` when unknown.
    #[getter]
    fn version<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        use pyo3::IntoPyObjectExt;
        self.report
            .version
            .as_ref()
            .map(|v| match v {
                Version::Number(n) => n.into_bound_py_any(py),
                Version::Name(s) => s.as_ref().into_bound_py_any(py),
            })
            .transpose()
    }

    /// `ok`, `warning` or `error`.
    #[getter]
    fn status(&self) -> &'static str {
        self.report.status().as_str()
    }

    /// Width of the picture (its largest level), when the file is one.
    #[getter]
    fn width(&self) -> Option<u32> {
        self.report.width
    }

    /// Height of the picture (its largest level), when the file is one.
    #[getter]
    fn height(&self) -> Option<u32> {
        self.report.height
    }

    /// Number of mip levels, when the file has them.
    #[getter]
    fn mips(&self) -> Option<u32> {
        self.report.mips
    }

    /// The path the file was opened from (`None` for bytes).
    #[getter]
    fn path(&self) -> Option<PathBuf> {
        self.input.path().map(PathBuf::from)
    }

    /// Size of the file in bytes.
    #[getter]
    fn size(&self) -> usize {
        self.input.len()
    }

    /// What was found, in order: one `Diagnostic` each.
    #[getter]
    fn diagnostics(&self) -> Vec<Diagnostic> {
        self.report
            .diagnostics
            .iter()
            .map(|d| Diagnostic {
                code: d.code(),
                severity: d.severity().as_str(),
                message: d.to_string(),
                offset: d.offset,
            })
            .collect()
    }

    /// Every fact `lumpkit info --json` prints for this file, as a dict (same keys, same order).
    #[getter]
    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        from_json(py, &self.report.to_json(&self.name))
    }

    /// The members of an archive, or the textures of a WAD or BSP: one dict each with `name`,
    /// `offset` (where it starts in the file, when known), `size` (bytes, for members with their
    /// own bytes), `format` (what lumpkit recognises it as, `None` if nothing) and `error` (a
    /// diagnostic code, for a member that cannot be read).
    fn children<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let Some(format) = self.format else {
            return Ok(PyList::empty(py));
        };
        type Row = (
            String,
            Option<u64>,
            Option<usize>,
            Option<&'static str>,
            Option<String>,
        );
        let listed = py.detach(|| {
            guarded(|| -> Result<Vec<Row>, lumpkit::Error> {
                let ctx = Context {
                    path: None,
                    ..self.context()
                };
                let children = format.children(&ctx, &self.input)?;
                Ok(children
                    .into_iter()
                    .map(|c| {
                        let (size, kind, error) = match &c.content {
                            ChildContent::Bytes(data) => {
                                let claimed = extension_of(&c.name).and_then(by_extension);
                                let kind = match sniff_claimed(data, claimed) {
                                    Sniffed::Known(f) => Some(f.name()),
                                    Sniffed::Foreign(name) => Some(name),
                                    Sniffed::Unknown => None,
                                };
                                (Some(data.len()), kind, None)
                            }
                            ChildContent::Report(r) => (None, Some(r.format), None),
                            ChildContent::Failed(e) => (None, None, Some(e.code().to_string())),
                            _ => (None, None, None),
                        };
                        (c.name.into_owned(), c.offset, size, kind, error)
                    })
                    .collect())
            })
        });
        let rows = match listed {
            Ok(Ok(rows)) => rows,
            Ok(Err(e)) => return Err(errors::to_py(py, &e)),
            Err(panic) => return Err(errors::internal(py, panic)),
        };
        let list = PyList::empty(py);
        for (name, offset, size, kind, error) in rows {
            let row = PyDict::new(py);
            row.set_item("name", name)?;
            row.set_item("offset", offset)?;
            row.set_item("size", size)?;
            row.set_item("format", kind)?;
            row.set_item("error", error)?;
            list.append(row)?;
        }
        Ok(list)
    }

    /// Decodes one level of the picture as a NumPy `uint8` array of shape `(height, width, 4)`
    /// (RGBA), handing lumpkit's buffer to NumPy without a copy.
    ///
    /// `entry` names a texture or member by the path `check` prints (`maps/x.bsp!rock4_1`);
    /// `palette` (a path or bytes) overrides the one given to `open` for WAL and WAD2.
    #[pyo3(signature = (mip = 0, entry = None, palette = None, *, stored_alpha = false, swizzle = false))]
    fn decode<'py>(
        &self,
        py: Python<'py>,
        mip: u32,
        entry: Option<&str>,
        palette: Option<&Bound<'py, PyAny>>,
        stored_alpha: bool,
        swizzle: bool,
    ) -> PyResult<Bound<'py, PyArray3<u8>>> {
        let palette = palette.map(args::palette).transpose()?;
        let Some(format) = self.format else {
            let rule = &lumpkit::rules::UNKNOWN_FORMAT;
            return Err(errors::raise(
                py,
                "FormatError",
                format!(
                    "a {} file, not a format lumpkit decodes",
                    self.report.format
                ),
                Some(rule.code),
                None,
                Some("unsupported"),
            ));
        };
        let decoded = py.detach(|| {
            guarded(|| {
                let ctx = Context {
                    palette: palette.as_ref().or(self.palette.as_ref()),
                    ..self.context()
                };
                let sel = Selection {
                    mip,
                    entry: None,
                    stored_alpha,
                    swizzle,
                };
                lumpkit::picture::decode(&ctx, format, &self.input, entry, sel)
            })
        });
        let image = match decoded {
            Ok(Ok(image)) => image,
            Ok(Err(e)) => return Err(errors::to_py(py, &e)),
            Err(panic) => return Err(errors::internal(py, panic)),
        };
        let shape = [image.height as usize, image.width as usize, 4];
        // `from_vec` takes ownership of the buffer; reshaping a contiguous array is a view.
        PyArray1::from_vec(py, image.rgba).reshape(shape)
    }

    fn __repr__(&self) -> String {
        format!(
            "<lumpkit.File {} {} {}>",
            self.name,
            self.report.format,
            self.report.status().as_str()
        )
    }
}

/// One finding: a stable `code`, its `severity` (`error`, `warning`, `info`), the `message`, and
/// the byte `offset` it concerns (`None` when it concerns no one place).
#[pyclass(module = "lumpkit", name = "Diagnostic", frozen, get_all)]
#[derive(Debug)]
pub struct Diagnostic {
    code: &'static str,
    severity: &'static str,
    message: String,
    offset: Option<u64>,
}

#[pymethods]
impl Diagnostic {
    fn __repr__(&self) -> String {
        match self.offset {
            Some(at) => format!(
                "<lumpkit.Diagnostic {} {}: {} (at byte {at})>",
                self.severity, self.code, self.message
            ),
            None => format!(
                "<lumpkit.Diagnostic {} {}: {}>",
                self.severity, self.code, self.message
            ),
        }
    }

    fn __str__(&self) -> String {
        self.message.clone()
    }
}
