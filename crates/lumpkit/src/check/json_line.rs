//! One `check --json` record (DESIGN.md's JSON Lines shape), serialized straight from a
//! [`Checked`] result with no intermediate JSON tree: a large archive prints thousands of these.
//!
//! The CLI, the Python binding and the browser build all print results through this one type, so
//! that their output is the same for the same files.

use lumpkit_formats::{Diagnostic, Severity};
use serde::Serialize;

use super::Checked;
use crate::Status;

/// One JSON Lines record: a file's or member's verdict and diagnostics.
#[derive(Serialize, Debug)]
pub struct JsonLine<'a> {
    path: &'a str,
    /// The file on disk, then each member's own name down to this one: unambiguous where names
    /// hold the `!` that joins `path`.
    location: Location<'a>,
    format: &'a str,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    width: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    height: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mips: Option<u32>,
    diagnostics: Vec<JsonDiagnostic<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    expected: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    as_expected: Option<bool>,
}

/// One diagnostic of a [`JsonLine`].
#[derive(Serialize, Debug)]
pub struct JsonDiagnostic<'a> {
    code: &'static str,
    severity: &'static str,
    message: Message<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    offset: Option<u64>,
    /// `limit`, `value`, `refused_by`, `loaded_by`, `limits` of an engine-dependent finding.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    profile: Option<serde_json::Map<String, serde_json::Value>>,
}

impl<'a> JsonLine<'a> {
    /// The record for `checked` with every diagnostic at its rule's own severity. `io_error` is the
    /// OS reason when the file could not be read ([`super::CheckedFile::io_error`]; give it for the
    /// file's first result only).
    pub fn new(checked: &'a Checked, io_error: Option<&'a str>) -> Self {
        let status = checked.report.status();
        Self::with_severities(checked, status, io_error, |d| Some(d.severity()))
    }

    /// The record under a caller's policy: `status` is the verdict it gives, and `severity` the
    /// severity it gives each diagnostic (`None` leaves the diagnostic out, as `--allow` does).
    pub fn with_severities(
        checked: &'a Checked,
        status: Status,
        io_error: Option<&'a str>,
        severity: impl Fn(&Diagnostic) -> Option<Severity>,
    ) -> Self {
        let r = &checked.report;
        let diagnostics = r
            .diagnostics
            .iter()
            .filter_map(|d| {
                Some(JsonDiagnostic {
                    code: d.code(),
                    severity: severity(d)?.as_str(),
                    message: Message(d, io_error),
                    offset: d.offset,
                    profile: crate::report::profile_fields(d),
                })
            })
            .collect();
        JsonLine {
            path: &checked.path,
            location: Location(checked),
            format: r.format,
            status: status.as_str(),
            width: r.width,
            height: r.height,
            mips: r.mips,
            diagnostics,
            expected: None,
            as_expected: None,
        }
    }

    /// Adds a recorded expectation (`ok`, `warning`, `error`) and whether the result met it.
    pub fn expectation(mut self, expected: &'static str, met: bool) -> Self {
        self.expected = Some(expected);
        self.as_expected = Some(met);
        self
    }
}

/// A diagnostic's message, written without building a string first; an unreadable file's message
/// is the OS reason (the second field).
#[derive(Debug)]
pub struct Message<'a>(pub &'a Diagnostic, pub Option<&'a str>);

impl std::fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.0.code(), self.1) {
            ("lumpkit-unreadable", Some(reason)) => f.write_str(reason),
            _ => self.0.fmt(f),
        }
    }
}

impl Serialize for Message<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A result's [`Checked::location`], serialized as a JSON array without collecting it first.
#[derive(Debug)]
struct Location<'a>(&'a Checked);

impl Serialize for Location<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.location())
    }
}
