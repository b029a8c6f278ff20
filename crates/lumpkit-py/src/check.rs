//! `lumpkit.check`: a tree checked on worker threads and streamed to Python in walk order, one
//! `check --json` record at a time, with the GIL released while Python waits for the next one.
//!
//! Python's `check` reads no `lumpkit.toml` and applies no `--allow`/`--deny` policy: its records
//! are `lumpkit check --json --no-config`'s. A folder's `expect.tsv` manifest is skipped like the
//! CLI skips it, but no `expected`/`as_expected` fields are added: recorded expectations are the
//! bundled corpus's test fixture, not a user's concern.

use std::collections::{BTreeMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, mpsc};

use lumpkit::check::{JsonLine, check_file, walk};
use lumpkit::{Context, Limits, OpenMode};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::args;
use crate::errors::{self, guarded};

/// How many checked files may wait for Python to take them.
const RESULTS_IN_FLIGHT: usize = 16;

/// One file's records (JSON text), or the message of a panic while checking it.
type FileLines = Result<Vec<String>, String>;

/// The files `check` would visit, in its order: `lumpkit.walk`.
#[pyfunction(name = "walk")]
#[pyo3(signature = (paths, *, follow_links = false))]
pub fn walk_files(
    py: Python<'_>,
    paths: &Bound<'_, PyAny>,
    follow_links: bool,
) -> PyResult<Vec<String>> {
    let paths = args::paths(paths)?;
    let found = py.detach(|| walk::collect(&paths, follow_links, walk::is_manifest))?;
    Ok(found
        .into_iter()
        .map(|f| f.path.display().to_string())
        .collect())
}

/// Checks files and folders: `lumpkit.check`.
#[pyfunction]
#[pyo3(signature = (paths, jobs = None, decode = false, *, follow_links = false, palette = None, as_json = false, targets = None, limits = None))]
#[allow(clippy::too_many_arguments)] // Python keyword arguments, each one of `lumpkit check`'s options
pub fn check(
    py: Python<'_>,
    paths: &Bound<'_, PyAny>,
    jobs: Option<usize>,
    decode: bool,
    follow_links: bool,
    palette: Option<&Bound<'_, PyAny>>,
    as_json: bool,
    targets: Option<Vec<String>>,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<CheckIterator> {
    let paths = args::paths(paths)?;
    let palette = palette.map(args::palette).transpose()?;
    let targets = args::targets(targets)?;
    let limits = args::limits(limits)?;
    let files = py.detach(|| walk::collect(&paths, follow_links, walk::is_manifest))?;
    let files: Vec<PathBuf> = files.into_iter().map(|f| f.path).collect();
    let (sender, receiver) = mpsc::sync_channel(RESULTS_IN_FLIGHT);
    let options = Options {
        jobs: jobs.unwrap_or(0),
        decode,
        palette,
        targets,
        limits,
    };
    std::thread::Builder::new()
        .name("lumpkit-check".into())
        .spawn(move || run(&files, &options, &sender))?;
    Ok(CheckIterator {
        receiver: Mutex::new(receiver),
        pending: Mutex::new(VecDeque::new()),
        as_json,
    })
}

struct Options {
    /// Worker threads; 0 = one per core.
    jobs: usize,
    decode: bool,
    palette: Option<[[u8; 3]; 256]>,
    /// The engines findings are judged for (`--target`).
    targets: lumpkit::Targets,
    /// The limits every file is opened with (CLI: `--max-*`).
    limits: Limits,
}

/// Checks `files` on a pool of workers and sends each file's records to `out` in walk order; stops
/// early when the Python side is gone.
fn run(files: &[PathBuf], options: &Options, out: &mpsc::SyncSender<FileLines>) {
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(options.jobs)
        .build()
    {
        Ok(pool) => pool,
        Err(e) => {
            let _ = out.send(Err(format!("cannot start worker threads: {e}")));
            return;
        }
    };
    let stop = AtomicBool::new(false);
    let next = AtomicUsize::new(0);
    let (sender, results) = mpsc::sync_channel::<(usize, FileLines)>(RESULTS_IN_FLIGHT);
    std::thread::scope(|scope| {
        let (stop, next) = (&stop, &next);
        scope.spawn(move || {
            // Every worker takes the next file in walk order, so results arrive nearly in order.
            pool.broadcast(|_| {
                while !stop.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(path) = files.get(index) else {
                        break;
                    };
                    let lines = guarded(|| lines_of(path, options));
                    if sender.send((index, lines)).is_err() {
                        break;
                    }
                }
            });
            drop(sender);
        });
        let mut waiting = BTreeMap::new();
        let mut want = 0usize;
        for (index, lines) in results {
            waiting.insert(index, lines);
            while let Some(lines) = waiting.remove(&want) {
                want = want.saturating_add(1);
                if out.send(lines).is_err() {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
            }
        }
    });
}

/// One file's `check --json` records, exactly as the CLI prints them.
fn lines_of(path: &Path, options: &Options) -> Vec<String> {
    let ctx = Context {
        limits: options.limits,
        path: Some(path),
        palette: options.palette.as_ref(),
        decode_pixels: options.decode,
        targets: options.targets,
        // `check` prints no info fields, so formats need not build them.
        brief: true,
        ..Context::default()
    };
    let result = check_file(&ctx, path, OpenMode::Map);
    result
        .checked
        .iter()
        .enumerate()
        .map(|(i, checked)| {
            let io_error = if i == 0 {
                result.io_error.as_deref()
            } else {
                None
            };
            serde_json::to_string(&JsonLine::new(checked, io_error))
                .unwrap_or_else(|e| format!("{{\"error\":{:?}}}", e.to_string()))
        })
        .collect()
}

/// The iterator `lumpkit.check` returns: one dict (or, with `as_json=True`, one JSON text line) per
/// file or archive member, in walk order, as soon as it and every file before it are checked.
#[pyclass(module = "lumpkit", name = "CheckIterator")]
#[derive(Debug)]
pub struct CheckIterator {
    receiver: Mutex<mpsc::Receiver<FileLines>>,
    pending: Mutex<VecDeque<String>>,
    as_json: bool,
}

#[pymethods]
impl CheckIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let line = loop {
            if let Some(line) = self.pending.lock().ok().and_then(|mut p| p.pop_front()) {
                break line;
            }
            let received = py.detach(|| match self.receiver.lock() {
                Ok(receiver) => receiver.recv().ok(),
                Err(_) => None,
            });
            match received {
                None => return Ok(None),
                Some(Err(panic)) => return Err(errors::internal(py, panic)),
                Some(Ok(lines)) => {
                    if let Ok(mut pending) = self.pending.lock() {
                        pending.extend(lines);
                    }
                }
            }
        };
        if self.as_json {
            return Ok(Some(line.into_pyobject(py)?.into_any()));
        }
        py.import("json")?
            .getattr("loads")?
            .call1((line,))
            .map(Some)
    }
}
