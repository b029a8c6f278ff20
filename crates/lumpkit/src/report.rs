//! The result of inspecting one file or entry: the shape `info` and `check` print.

use lumpkit_formats::{Diagnostic, Error, Fault, Severity, Sink};
use serde_json::{Map, Value, json};

/// Overall verdict for a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Status {
    /// No warning or error.
    Ok,
    /// Usable, with warnings.
    Warning,
    /// Not usable (or a part of it is not).
    Error,
}

impl Status {
    /// Lower-case name for output.
    pub const fn as_str(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Warning => "warning",
            Status::Error => "error",
        }
    }
}

/// What inspecting a file found.
#[derive(Clone, Debug)]
pub struct Report {
    /// Format name (`blp`, `wad`, …; `unknown` or a foreign format's name when not ours).
    pub format: &'static str,
    /// Format version, as the format names it (number or string).
    pub version: Option<Value>,
    /// Width of level 0, for pictures.
    pub width: Option<u32>,
    /// Height of level 0, for pictures.
    pub height: Option<u32>,
    /// Levels present, for pictures.
    pub mips: Option<u32>,
    /// Everything reported, in order; a fatal error's diagnostic is the last one.
    pub diagnostics: Vec<Diagnostic>,
    /// Format-specific info fields (`levels`, `encoding`, `entries`, `lumps`, `counts`, …).
    pub fields: Map<String, Value>,
    /// The error that stopped the parse, if one did (its diagnostic is in `diagnostics`).
    pub fatal: Option<Error>,
}

impl Report {
    /// An empty report for `format`.
    pub fn new(format: &'static str) -> Report {
        Report {
            format,
            version: None,
            width: None,
            height: None,
            mips: None,
            diagnostics: Vec::new(),
            fields: Map::new(),
            fatal: None,
        }
    }

    /// A sink that appends to this report; with `strict`, the first warning stops the parse.
    pub fn sink(&mut self, strict: bool) -> Collector<'_> {
        Collector {
            diagnostics: &mut self.diagnostics,
            strict,
        }
    }

    /// Records the error that stopped the parse. A strict-mode stop is already in the list as the
    /// warning that caused it, so it is not added twice.
    pub fn fail(&mut self, error: Error) {
        let already_listed =
            error.fault == Fault::Strict && self.diagnostics.last() == Some(&error.diagnostic);
        if !already_listed {
            self.diagnostics.push(error.diagnostic);
        }
        self.fatal = Some(error);
    }

    /// Adds `diagnostics` from an entry at `base` in this file.
    pub fn extend_rebased(&mut self, diagnostics: &[Diagnostic], base: u64) {
        self.diagnostics
            .extend(diagnostics.iter().map(|d| d.rebased(base)));
    }

    /// Sets an info field.
    pub fn set(&mut self, key: &str, value: impl Into<Value>) {
        self.fields.insert(key.into(), value.into());
    }

    /// The verdict: the worst severity reported (or error when the parse was stopped).
    pub fn status(&self) -> Status {
        if self.fatal.is_some() {
            return Status::Error;
        }
        match self.diagnostics.iter().map(Diagnostic::severity).max() {
            Some(Severity::Error) => Status::Error,
            Some(Severity::Warning) => Status::Warning,
            _ => Status::Ok,
        }
    }

    /// The JSON object `info --json` prints (common fields first, then the format's own).
    pub fn to_json(&self, path: &str) -> Value {
        let mut obj = Map::new();
        obj.insert("path".into(), path.into());
        obj.insert("format".into(), self.format.into());
        if let Some(v) = &self.version {
            obj.insert("version".into(), v.clone());
        }
        obj.insert("status".into(), self.status().as_str().into());
        if let Some(w) = self.width {
            obj.insert("width".into(), w.into());
        }
        if let Some(h) = self.height {
            obj.insert("height".into(), h.into());
        }
        if let Some(m) = self.mips {
            obj.insert("mips".into(), m.into());
        }
        obj.insert(
            "diagnostics".into(),
            self.diagnostics.iter().map(diagnostic_json).collect(),
        );
        for (k, v) in &self.fields {
            obj.entry(k.clone()).or_insert_with(|| v.clone());
        }
        Value::Object(obj)
    }
}

/// One diagnostic as DESIGN.md's JSON shape: `{code, severity, message, offset?}`.
pub fn diagnostic_json(d: &Diagnostic) -> Value {
    let mut v =
        json!({"code": d.code(), "severity": d.severity().as_str(), "message": d.to_string()});
    if let (Some(off), Some(obj)) = (d.offset, v.as_object_mut()) {
        obj.insert("offset".into(), off.into());
    }
    v
}

/// A [`Sink`] that appends to a report's diagnostics.
#[derive(Debug)]
pub struct Collector<'r> {
    diagnostics: &'r mut Vec<Diagnostic>,
    strict: bool,
}

impl Sink for Collector<'_> {
    fn report(&mut self, diagnostic: Diagnostic) -> Result<(), Error> {
        self.diagnostics.push(diagnostic);
        if self.strict && diagnostic.severity() >= Severity::Warning {
            return Err(diagnostic.into_error(Fault::Strict));
        }
        Ok(())
    }
}
