//! Printing `check` results: human (grouped by file, summary), JSON Lines, GitHub annotations, or
//! a SARIF log.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::time::Duration;

use lumpkit::Status;
use lumpkit::check::Checked;
use serde::Serialize;

use super::OutputFormat;
use super::expect::{Expectation, Expectations};
use super::policy::Policy;
use super::sarif::Sarif;
use lumpkit::check::CheckedFile as FileResult;

/// Prints results one file at a time, in the order they are given, and keeps what the summary
/// needs; nothing else of a result outlives its printing.
pub struct Printer<'a, W: Write> {
    out: W,
    format: OutputFormat,
    policy: &'a Policy,
    expectations: &'a Expectations,
    colour: bool,
    quiet: bool,
    any_failure: bool,
    summary: Summary,
    sarif: Sarif,
}

impl<'a, W: Write> Printer<'a, W> {
    /// A printer writing `format` to `out`; `quiet` lists only results that are not ok (human
    /// output).
    pub fn new(
        out: W,
        format: OutputFormat,
        policy: &'a Policy,
        expectations: &'a Expectations,
        colour: bool,
        quiet: bool,
    ) -> Self {
        Printer {
            out,
            format,
            policy,
            expectations,
            colour: colour && format == OutputFormat::Human,
            quiet,
            any_failure: false,
            summary: Summary::default(),
            sarif: Sarif::default(),
        }
    }

    /// Prints one file's results (its own and its members'). A result counts as a failure under the
    /// policy, or, for a file with a recorded expectation, by differing from it.
    pub fn file(&mut self, result: &FileResult) -> std::io::Result<()> {
        let expected = result
            .checked
            .first()
            .and_then(|c| self.expectations.get(Path::new(&c.path)));
        self.summary.file(result);
        for (i, checked) in result.checked.iter().enumerate() {
            let status = self.policy.status(&checked.report);
            // A recorded expectation covers the file and its members.
            let verdict = match expected {
                Some(e) if i == 0 => Verdict::Recorded(e, e.met_by(&checked.report, status)),
                Some(_) => Verdict::Covered,
                None => Verdict::Plain,
            };
            self.any_failure |= match verdict {
                Verdict::Recorded(_, met) => !met,
                Verdict::Covered => false,
                Verdict::Plain => self.policy.fails(status),
            };
            self.summary.add(checked, status, &verdict);
            let io_error = if i == 0 {
                result.io_error.as_deref()
            } else {
                None
            };
            match self.format {
                OutputFormat::Json => {
                    let line = JsonLine::new(self.policy, checked, status, io_error, &verdict);
                    serde_json::to_writer(&mut self.out, &line)?;
                    self.out.write_all(b"\n")?;
                }
                OutputFormat::Github => github(&mut self.out, self.policy, checked, io_error)?,
                OutputFormat::Sarif => {
                    self.sarif
                        .results(&mut self.out, self.policy, checked, io_error)?;
                }
                OutputFormat::Human => {
                    let unexpected = matches!(verdict, Verdict::Recorded(_, false));
                    if !self.quiet || status != Status::Ok || unexpected {
                        human(
                            &mut self.out,
                            self.policy,
                            checked,
                            status,
                            &verdict,
                            io_error,
                            self.colour,
                        )?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Writes out what is buffered (before a progress bar is redrawn).
    pub fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }

    /// Prints the summary (human output) and returns whether any result counts as a failure.
    pub fn finish(mut self) -> std::io::Result<bool> {
        match self.format {
            OutputFormat::Human => self.summary.print(&mut self.out)?,
            OutputFormat::Sarif => self.sarif.finish(&mut self.out)?,
            OutputFormat::Json | OutputFormat::Github => {}
        }
        self.out.flush()?;
        Ok(self.any_failure)
    }
}

/// One JSON Lines record, DESIGN.md's shape, serialized straight from the result (no
/// intermediate JSON tree: a large archive prints thousands of these).
#[derive(Serialize)]
struct JsonLine<'a> {
    path: &'a str,
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

#[derive(Serialize)]
struct JsonDiagnostic<'a> {
    code: &'static str,
    severity: &'static str,
    message: Message<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    offset: Option<u64>,
}

/// A diagnostic's message, written without building a string first; an unreadable file's message
/// is the OS reason.
pub(super) struct Message<'a>(pub &'a lumpkit::Diagnostic, pub Option<&'a str>);

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

impl<'a> JsonLine<'a> {
    fn new(
        policy: &Policy,
        c: &'a Checked,
        status: Status,
        io_error: Option<&'a str>,
        verdict: &Verdict<'_>,
    ) -> Self {
        let r = &c.report;
        let diagnostics = r
            .diagnostics
            .iter()
            .filter_map(|d| {
                Some(JsonDiagnostic {
                    code: d.code(),
                    severity: policy.severity(d)?.as_str(),
                    message: Message(d, io_error),
                    offset: d.offset,
                })
            })
            .collect();
        let (expected, as_expected) = match verdict {
            Verdict::Recorded(e, met) => (Some(e.status_str()), Some(*met)),
            _ => (None, None),
        };
        JsonLine {
            path: &c.path,
            format: r.format,
            status: status.as_str(),
            width: r.width,
            height: r.height,
            mips: r.mips,
            diagnostics,
            expected,
            as_expected,
        }
    }
}

fn human(
    out: &mut impl Write,
    policy: &Policy,
    c: &Checked,
    status: Status,
    verdict: &Verdict<'_>,
    io_error: Option<&str>,
    colour: bool,
) -> std::io::Result<()> {
    let r = &c.report;
    let (on, off) = match (colour, status) {
        (false, _) => ("", ""),
        (true, Status::Ok) => ("\x1b[32m", "\x1b[0m"),
        (true, Status::Warning) => ("\x1b[33m", "\x1b[0m"),
        (true, Status::Error) => ("\x1b[31m", "\x1b[0m"),
    };
    // Written piece by piece: a large archive prints thousands of these lines.
    write!(
        out,
        "{on}{:7}{off} {} ({}",
        status.as_str(),
        c.path,
        r.format
    )?;
    if let (Some(w), Some(h)) = (r.width, r.height) {
        write!(out, " {w}x{h}")?;
    }
    if let Some(m) = r.mips {
        write!(out, " {m} mips")?;
    }
    out.write_all(b")")?;
    match verdict {
        Verdict::Recorded(_, true) => out.write_all(b" [as expected]")?,
        Verdict::Recorded(e, false) => write!(out, " [UNEXPECTED: recorded {}]", e.status_str())?,
        _ => {}
    }
    out.write_all(b"\n")?;
    for d in &r.diagnostics {
        let Some(severity) = policy.severity(d) else {
            continue;
        };
        write!(out, "        {} {}", severity.as_str(), d.code())?;
        if let Some(o) = d.offset {
            write!(out, " @{o}")?;
        }
        writeln!(out, ": {}", Message(d, io_error))?;
    }
    Ok(())
}

/// GitHub Actions annotations: one `::error`/`::warning`/`::notice` line per diagnostic.
fn github(
    out: &mut impl Write,
    policy: &Policy,
    c: &Checked,
    io_error: Option<&str>,
) -> std::io::Result<()> {
    let file = c.path.split('!').next().unwrap_or(&c.path);
    for d in &c.report.diagnostics {
        let Some(severity) = policy.severity(d) else {
            continue;
        };
        let level = match severity {
            lumpkit::Severity::Error => "error",
            lumpkit::Severity::Warning => "warning",
            lumpkit::Severity::Info => "notice",
        };
        let message = match (d.code(), io_error) {
            ("lumpkit-unreadable", Some(reason)) => reason.to_string(),
            _ => d.to_string(),
        };
        let at = d
            .offset
            .map(|o| format!(" at byte {o}"))
            .unwrap_or_default();
        let text = escape(&format!("{}: {message}{at}", c.path));
        writeln!(
            out,
            "::{level} file={},title={}::{text}",
            escape_prop(file),
            d.code()
        )?;
    }
    Ok(())
}

fn escape(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn escape_prop(s: &str) -> String {
    escape(s).replace(':', "%3A").replace(',', "%2C")
}

/// How a result counts: against a recorded expectation (and whether it was met), as a member of a
/// file with one, or by the policy alone.
enum Verdict<'e> {
    Recorded(&'e Expectation, bool),
    Covered,
    Plain,
}

/// How many files the summary names as the slowest.
const SLOWEST: usize = 3;

#[derive(Default)]
struct Summary {
    by_status: BTreeMap<Status, usize>,
    by_format: BTreeMap<&'static str, usize>,
    bytes: u64,
    recorded: usize,
    unexpected: usize,
    files: usize,
    /// The slowest files so far, slowest first.
    slowest: Vec<(Duration, String)>,
}

impl Summary {
    fn file(&mut self, result: &FileResult) {
        self.files += 1;
        let Some(first) = result.checked.first() else {
            return;
        };
        let at = self
            .slowest
            .iter()
            .position(|(t, _)| result.elapsed > *t)
            .unwrap_or(self.slowest.len());
        if at < SLOWEST {
            self.slowest
                .insert(at, (result.elapsed, first.path.clone()));
            self.slowest.truncate(SLOWEST);
        }
    }

    fn add(&mut self, c: &Checked, status: Status, verdict: &Verdict<'_>) {
        *self.by_status.entry(status).or_default() += 1;
        *self.by_format.entry(c.report.format).or_default() += 1;
        self.bytes += c.size;
        if let Verdict::Recorded(_, met) = verdict {
            self.recorded += 1;
            self.unexpected += usize::from(!met);
        }
    }

    fn print(&self, out: &mut impl Write) -> std::io::Result<()> {
        let total: usize = self.by_status.values().sum();
        let statuses: Vec<String> = [Status::Ok, Status::Warning, Status::Error]
            .iter()
            .map(|s| {
                format!(
                    "{} {}",
                    self.by_status.get(s).copied().unwrap_or(0),
                    s.as_str()
                )
            })
            .collect();
        let formats: Vec<String> = self
            .by_format
            .iter()
            .map(|(f, n)| format!("{n} {f}"))
            .collect();
        if self.files > 1 {
            writeln!(out)?;
            let names: Vec<String> = self
                .slowest
                .iter()
                .map(|(t, path)| format!("{path} {:.1} ms", t.as_secs_f64() * 1e3))
                .collect();
            writeln!(out, "slowest: {}", names.join(", "))?;
        }
        writeln!(
            out,
            "checked {total} files and entries ({:.1} MB): {}; formats: {}",
            self.bytes as f64 / 1e6,
            statuses.join(", "),
            formats.join(", ")
        )?;
        if self.recorded > 0 {
            writeln!(
                out,
                "recorded expectations (expect.tsv): {} of {} files as expected, {} not",
                self.recorded - self.unexpected,
                self.recorded,
                self.unexpected
            )?;
        }
        Ok(())
    }
}
