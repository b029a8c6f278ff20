//! The result of inspecting one file or entry: the shape `info` and `check` print.

use lumpkit_formats::profiles::{self, Targets};
use lumpkit_formats::{Diagnostic, Error, Fault, Severity, Sink};
use std::borrow::Cow;

use serde_json::{Map, Value, json};
use smallvec::SmallVec;

use crate::Context;
use crate::info::Info;

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
    /// The status of a record with diagnostics of these severities: the worst of them.
    pub fn of(severities: impl IntoIterator<Item = Severity>) -> Status {
        match severities.into_iter().max() {
            Some(Severity::Error) => Status::Error,
            Some(Severity::Warning) => Status::Warning,
            _ => Status::Ok,
        }
    }

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
///
/// Kept small (`check` holds one per archive member, and a PAK may have thousands): the rarely
/// present parts live behind pointers.
#[derive(Clone, Debug)]
pub struct Report {
    /// Format name (`blp`, `wad`, …; `unknown` or a foreign format's name when not ours).
    pub format: &'static str,
    /// Format version, as the format names it (number or string).
    pub version: Option<Version>,
    /// Width of level 0, for pictures.
    pub width: Option<u32>,
    /// Height of level 0, for pictures.
    pub height: Option<u32>,
    /// Levels present, for pictures.
    pub mips: Option<u32>,
    /// Everything reported, in order; a fatal error's diagnostic is the last one.
    pub diagnostics: Diagnostics,
    /// Format-specific info fields (`levels`, `encoding`, `entries`, `lumps`, `counts`, …).
    pub fields: Fields,
    /// The error that stopped the parse, if one did (its diagnostic is in `diagnostics`).
    pub fatal: Option<Box<Error>>,
    /// The typed facts [`Report::fields`] is built from ([`Report::info`]).
    info: Option<Box<Info>>,
    /// Whether [`Report::set`] keeps info fields (not in a [`Context::brief`] inspection).
    keep_fields: bool,
    /// The engines targeted ([`Context::targets`]): profiled findings take their severity from it.
    targets: Targets,
}

/// A report's diagnostics. One is kept inline: most members of a large archive have exactly one
/// (an unknown file's), and a heap allocation for it cost more than the rest of its check.
pub type Diagnostics = SmallVec<[Diagnostic; 1]>;

/// A format's version as the format names it: a number (BLP 1, BSP 38, M2 264) or a name (`WAD3`,
/// `SKIN`, a PBO's `version` property).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Version {
    /// A numbered version.
    Number(u32),
    /// A named version.
    Name(Cow<'static, str>),
}

impl From<u32> for Version {
    fn from(n: u32) -> Version {
        Version::Number(n)
    }
}

impl From<u8> for Version {
    fn from(n: u8) -> Version {
        Version::Number(n.into())
    }
}

impl From<&'static str> for Version {
    fn from(name: &'static str) -> Version {
        Version::Name(Cow::Borrowed(name))
    }
}

impl From<String> for Version {
    fn from(name: String) -> Version {
        Version::Name(Cow::Owned(name))
    }
}

/// The number, or the name as the format spells it.
impl std::fmt::Display for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Version::Number(n) => write!(f, "{n}"),
            Version::Name(name) => f.write_str(name),
        }
    }
}

impl From<&Version> for Value {
    fn from(v: &Version) -> Value {
        match v {
            Version::Number(n) => (*n).into(),
            Version::Name(name) => name.as_ref().into(),
        }
    }
}

/// The info fields of a report, in the order they were set; empty costs one pointer.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Fields(Option<Box<Map<String, Value>>>);

impl Fields {
    /// The field called `key`.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.0.as_ref()?.get(key)
    }

    /// The field called `key`, to change it.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        self.0.as_mut()?.get_mut(key)
    }

    /// Sets `key` (replacing an earlier value in place).
    pub fn insert(&mut self, key: String, value: Value) {
        self.0.get_or_insert_default().insert(key, value);
    }

    /// Every field in order.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &Value)> {
        self.0.iter().flat_map(|m| m.iter())
    }

    /// Whether no field is set.
    pub fn is_empty(&self) -> bool {
        self.0.as_ref().is_none_or(|m| m.is_empty())
    }
}

/// `fields["key"]` is the field, or `null` when it is not set (as `serde_json::Value` indexes).
impl std::ops::Index<&str> for Fields {
    type Output = Value;
    fn index(&self, key: &str) -> &Value {
        static NULL: Value = Value::Null;
        self.get(key).unwrap_or(&NULL)
    }
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
            diagnostics: Diagnostics::new(),
            fields: Fields::default(),
            fatal: None,
            info: None,
            keep_fields: true,
            targets: Targets::NONE,
        }
    }

    /// A report for `format` with these diagnostics and nothing else.
    pub fn with_diagnostics(format: &'static str, diagnostics: Diagnostics) -> Report {
        Report {
            diagnostics,
            ..Report::new(format)
        }
    }

    /// An empty report for `format` that keeps info fields unless `ctx` is [`Context::brief`].
    pub fn for_context(format: &'static str, ctx: &Context<'_>) -> Report {
        Report {
            keep_fields: !ctx.brief,
            targets: ctx.targets,
            ..Report::new(format)
        }
    }

    /// Whether info fields are wanted: formats skip computing costly ones when not.
    pub fn wants_fields(&self) -> bool {
        self.keep_fields
    }

    /// A sink that appends to this report; with `strict`, the first warning stops the parse.
    pub fn sink(&mut self, strict: bool) -> Collector<'_> {
        Collector {
            diagnostics: &mut self.diagnostics,
            strict,
            targets: self.targets,
        }
    }

    /// Records the error that stopped the parse, as a diagnostic of the severity its fault
    /// deserves ([`stop_severity`]): the status is always the worst severity listed, so a part
    /// lumpkit did not read is "not checked" (info, or a warning for a limit), never broken. A
    /// strict-mode stop is already in the list as the warning that caused it: that entry becomes
    /// the error.
    pub fn fail(&mut self, error: Error) {
        let severity = stop_severity(&error);
        match self.diagnostics.last_mut() {
            Some(last) if error.fault == Fault::Strict && *last == error.diagnostic => {
                *last = last.with_severity(severity);
            }
            _ => self
                .diagnostics
                .push(error.diagnostic.with_severity(severity)),
        }
        self.fatal = Some(Box::new(error));
    }

    /// Adds `diagnostics` from an entry at `base` in this file.
    pub fn extend_rebased(&mut self, diagnostics: &[Diagnostic], base: u64) {
        self.diagnostics
            .extend(diagnostics.iter().map(|d| d.rebased(base)));
    }

    /// Sets an info field (ignored in a brief report).
    pub fn set(&mut self, key: &str, value: impl Into<Value>) {
        if self.keep_fields {
            self.fields.insert(key.into(), value.into());
        }
    }

    /// Sets an info field whose value costs something to build (a list per entry or level): `value`
    /// runs only when fields are wanted.
    pub fn set_with<V: Into<Value>>(&mut self, key: &str, value: impl FnOnce() -> V) {
        if self.keep_fields {
            self.fields.insert(key.into(), value().into());
        }
    }

    /// The format's typed facts (dimensions, mip table, entries, lumps, materials, …), from which
    /// the info fields are built. `None` for a [`Context::brief`] inspection, for a format that has
    /// none, and when the parse stopped before the facts could be read.
    ///
    /// ```
    /// use lumpkit::Context;
    /// use lumpkit::info::Info;
    ///
    /// let wal = lumpkit_testgen::wal::wal("e1u1/floor", 16, 16);
    /// let report = lumpkit::by_name("wal").ok_or("no wal")?.inspect(&Context::default(), &wal);
    /// let Some(Info::Wal(facts)) = report.info() else { return Err("no WAL facts".into()) };
    /// assert_eq!(facts.name, "e1u1/floor");
    /// let sizes: Vec<(u32, u32)> = facts.levels.iter().map(|l| (l.width, l.height)).collect();
    /// assert_eq!(sizes, [(16, 16), (8, 8), (4, 4), (2, 2)]);
    /// // `check` asks for brief reports: no facts are built.
    /// let brief = Context { brief: true, ..Context::default() };
    /// assert!(lumpkit::by_name("wal").ok_or("no wal")?.inspect(&brief, &wal).info().is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn info(&self) -> Option<&Info> {
        self.info.as_deref()
    }

    /// Sets the typed facts and the info fields they serialize to (a field already set keeps its
    /// place and takes the new value). Ignored in a brief report, like [`Report::set`].
    pub fn set_info(&mut self, info: impl Into<Info>) {
        if !self.keep_fields {
            return;
        }
        let info = info.into();
        if let Ok(Value::Object(map)) = serde_json::to_value(&info) {
            for (key, value) in map {
                self.fields.insert(key, value);
            }
        }
        self.info = Some(Box::new(info));
    }

    /// The verdict: the worst severity among the report's own diagnostics. A stopped parse counts
    /// through the diagnostic [`Report::fail`] listed for it, so no report is an error without an
    /// error diagnostic that says why.
    pub fn status(&self) -> Status {
        Status::of(self.diagnostics.iter().map(Diagnostic::severity))
    }

    /// The JSON object `info --json` prints (common fields first, then the format's own).
    pub fn to_json(&self, path: &str) -> Value {
        let mut obj = Map::new();
        obj.insert("path".into(), path.into());
        obj.insert("format".into(), self.format.into());
        if let Some(v) = &self.version {
            obj.insert("version".into(), v.into());
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
        for (k, v) in self.fields.iter() {
            obj.entry(k.clone()).or_insert_with(|| v.clone());
        }
        Value::Object(obj)
    }
}

/// The severity of the error that stopped a parse, from who is at fault:
/// - a malformed file, a bad request or a strict-mode stop is an error;
/// - a variant lumpkit does not read (`Fault::Unsupported`) is not a verdict on the file: at most
///   the rule's own severity, never an error (such rules are info, "not checked", unless a source
///   shows the game refuses the variant: DESIGN.md, errors and leniency);
/// - a limit of ours (`Fault::Limit`) protects lumpkit and says nothing of the file: a warning that
///   it was not checked, except the findings that mark an archive bomb
///   ([`crate::rules::is_archive_bomb`]), which keep the rule's severity.
pub fn stop_severity(error: &Error) -> Severity {
    let own = error.diagnostic.rule.severity;
    match error.fault {
        Fault::File | Fault::Caller | Fault::Strict => Severity::Error,
        Fault::Unsupported => own.min(Severity::Warning),
        Fault::Limit if crate::rules::is_archive_bomb(&error.diagnostic) => own,
        Fault::Limit => own.min(Severity::Warning),
    }
}

/// One diagnostic as DESIGN.md's JSON shape: `{code, severity, message, offset?}`.
pub fn diagnostic_json(d: &Diagnostic) -> Value {
    let mut v =
        json!({"code": d.code(), "severity": d.severity().as_str(), "message": d.to_string()});
    if let (Some(off), Some(obj)) = (d.offset, v.as_object_mut()) {
        obj.insert("offset".into(), off.into());
    }
    if let (Some(fields), Some(obj)) = (profile_fields(d), v.as_object_mut()) {
        obj.extend(fields);
    }
    v
}

/// The machine-readable side of an engine-dependent finding: `limit` (the engine constant),
/// `value`, `refused_by` and `loaded_by` (engine names), and `limits` (each engine's number, `null`
/// for none); `None` for other findings.
pub fn profile_fields(d: &Diagnostic) -> Option<Map<String, Value>> {
    let c = profiles::condition_of(d)?;
    let [value, _, _] = d.args;
    let names = |set: Targets| set.iter().map(|e| e.name()).collect::<Vec<_>>();
    let limits: Map<String, Value> = c
        .engines
        .iter()
        .map(|e| (e.engine.name().to_string(), e.max.into()))
        .collect();
    let mut obj = Map::new();
    obj.insert("limit".into(), c.limit.into());
    obj.insert("value".into(), value.into());
    obj.insert("refused_by".into(), names(c.refused_by(value)).into());
    obj.insert("loaded_by".into(), names(c.loaded_by(value)).into());
    obj.insert("limits".into(), Value::Object(limits));
    Some(obj)
}

/// A [`Sink`] that appends to a report's diagnostics.
#[derive(Debug)]
pub struct Collector<'r> {
    diagnostics: &'r mut Diagnostics,
    strict: bool,
    targets: Targets,
}

impl Sink for Collector<'_> {
    fn report(&mut self, diagnostic: Diagnostic) -> Result<(), Error> {
        let diagnostic = profiles::retarget(diagnostic, self.targets);
        self.diagnostics.push(diagnostic);
        if self.strict && diagnostic.severity() >= Severity::Warning {
            return Err(diagnostic.into_error(Fault::Strict));
        }
        Ok(())
    }
}
