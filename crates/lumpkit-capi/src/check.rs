//! `lumpkit_check_path` / `lumpkit_check_bytes`: a file or a tree checked as `lumpkit check --json
//! --no-config` checks it, each record handed to the caller as the JSON line the CLI prints
//! (the facade's [`JsonLine`], which the CLI, Python and the browser build print too).
//!
//! Folders are walked in the CLI's order (sorted, `expect.tsv`/`targets.tsv` manifests left out);
//! files are checked one after another on the calling thread, so the callback runs there, in walk
//! order, and may stop the walk.

use std::ffi::CString;
use std::path::{Path, PathBuf};

use lumpkit::check::{Checked, JsonLine, check_file, check_tree, walk};
use lumpkit::{Context, OpenMode, Status};

use crate::options::{LUMPKIT_OPEN_DECODE_PIXELS, LUMPKIT_OPEN_STRICT, LumpkitOptions};
use crate::status::{Failure, LumpkitStatus};
use crate::text::c_string;

/// What a check found, counted over every record (files and archive members).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LumpkitCheckSummary {
    /// Records handed to the callback.
    pub records: u64,
    /// Records whose status is `ok`.
    pub ok: u64,
    /// Records whose status is `warning`.
    pub warnings: u64,
    /// Records whose status is `error` (the CLI exits 1 when this is not 0).
    pub errors: u64,
}

impl LumpkitCheckSummary {
    fn count(&mut self, status: Status) {
        self.records = self.records.saturating_add(1);
        let n = match status {
            Status::Ok => &mut self.ok,
            Status::Warning => &mut self.warnings,
            Status::Error => &mut self.errors,
        };
        *n = n.saturating_add(1);
    }
}

/// Receives each record's JSON line; `false` stops the walk.
pub type Sink<'s> = dyn FnMut(&CString) -> bool + 's;

fn context(options: &LumpkitOptions) -> Context<'_> {
    Context {
        limits: options.limits,
        strict: options.has(LUMPKIT_OPEN_STRICT),
        palette: options.palette.as_ref(),
        decode_pixels: options.has(LUMPKIT_OPEN_DECODE_PIXELS),
        targets: options.targets,
        // `check` prints no info fields, so formats need not build them (as in the CLI).
        brief: true,
        ..Context::default()
    }
}

/// Sends the records of one file to `sink`; `Err(Stopped)` when the sink said stop.
fn send(
    checked: &[Checked],
    io_error: Option<&str>,
    sink: &mut Sink<'_>,
    summary: &mut LumpkitCheckSummary,
) -> Result<(), Failure> {
    for (i, one) in checked.iter().enumerate() {
        let reason = if i == 0 { io_error } else { None };
        let line = serde_json::to_string(&JsonLine::new(one, reason))
            .map_err(|e| Failure::new(LumpkitStatus::Internal, format!("JSON record: {e}")))?;
        summary.count(one.report.status());
        if !sink(&c_string(&line)) {
            return Err(Failure::new(
                LumpkitStatus::Stopped,
                format!("the callback stopped the check at {}", one.path),
            ));
        }
    }
    Ok(())
}

/// Checks the file or folder at `path`.
pub fn check_path(
    path: &Path,
    options: &LumpkitOptions,
    sink: &mut Sink<'_>,
    summary: &mut LumpkitCheckSummary,
) -> Result<(), Failure> {
    let files = walk::collect(&[PathBuf::from(path)], false, walk::is_manifest)
        .map_err(|e| Failure::new(LumpkitStatus::Io, e.to_string()))?;
    let ctx = context(options);
    for found in files {
        let result = check_file(&ctx, &found.path, OpenMode::Map);
        send(&result.checked, result.io_error.as_deref(), sink, summary)?;
    }
    Ok(())
}

/// Checks `bytes`, a file called `name`, and every member inside it.
pub fn check_bytes(
    bytes: &[u8],
    name: &str,
    options: &LumpkitOptions,
    sink: &mut Sink<'_>,
    summary: &mut LumpkitCheckSummary,
) -> Result<(), Failure> {
    let base = context(options);
    let ctx = Context {
        path: Some(Path::new(name)),
        ..base
    };
    let mut checked = Vec::new();
    check_tree(&ctx, name, bytes, &mut checked);
    send(&checked, None, sink, summary)
}
