//! Printing `check` results: human (grouped by file, summary), JSON Lines, or GitHub annotations.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};

use lumpkit::Status;
use lumpkit::check::Checked;
use serde_json::{Map, Value, json};

use std::path::Path;

use super::OutputFormat;
use super::expect::{Expectation, Expectations};
use super::policy::Policy;
use crate::Fatal;
use lumpkit::check::CheckedFile as FileResult;

/// Prints every result in input order; returns whether any counts as a failure: under `policy`, or,
/// for a file with a recorded expectation, by differing from it.
pub fn print(
    format: OutputFormat,
    policy: &Policy,
    expectations: &Expectations,
    results: &[FileResult],
) -> Result<bool, Fatal> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let colour = format == OutputFormat::Human
        && stdout.is_terminal()
        && std::env::var_os("NO_COLOR").is_none();
    let mut any_failure = false;
    let mut summary = Summary::default();
    for result in results {
        let expected = result
            .checked
            .first()
            .and_then(|c| expectations.get(Path::new(&c.path)));
        for (i, checked) in result.checked.iter().enumerate() {
            let status = policy.status(&checked.report);
            // A recorded expectation covers the file and its members.
            let verdict = match expected {
                Some(e) if i == 0 => Verdict::Recorded(e, e.met_by(&checked.report, status)),
                Some(_) => Verdict::Covered,
                None => Verdict::Plain,
            };
            any_failure |= match verdict {
                Verdict::Recorded(_, met) => !met,
                Verdict::Covered => false,
                Verdict::Plain => policy.fails(status),
            };
            summary.add(checked, status, &verdict);
            let io_error = if i == 0 {
                result.io_error.as_deref()
            } else {
                None
            };
            match format {
                OutputFormat::Json => {
                    let mut line = json_line(policy, checked, status, io_error);
                    if let (Verdict::Recorded(e, met), Some(obj)) = (&verdict, line.as_object_mut())
                    {
                        obj.insert("expected".into(), e.status_str().into());
                        obj.insert("as_expected".into(), (*met).into());
                    }
                    writeln!(out, "{line}")?
                }
                OutputFormat::Github => github(&mut out, policy, checked, io_error)?,
                OutputFormat::Human => human(
                    &mut out, policy, checked, status, &verdict, io_error, colour,
                )?,
            }
        }
    }
    if format == OutputFormat::Human {
        summary.print(&mut out, results)?;
    }
    out.flush()?;
    Ok(any_failure)
}

/// One JSON Lines record, DESIGN.md's shape.
fn json_line(policy: &Policy, c: &Checked, status: Status, io_error: Option<&str>) -> Value {
    let r = &c.report;
    let mut obj = Map::new();
    obj.insert("path".into(), c.path.clone().into());
    obj.insert("format".into(), r.format.into());
    obj.insert("status".into(), status.as_str().into());
    if let Some(w) = r.width {
        obj.insert("width".into(), w.into());
    }
    if let Some(h) = r.height {
        obj.insert("height".into(), h.into());
    }
    if let Some(m) = r.mips {
        obj.insert("mips".into(), m.into());
    }
    let diags: Vec<Value> = r
        .diagnostics
        .iter()
        .filter_map(|d| {
            let severity = policy.severity(d)?;
            let message = match (d.code(), io_error) {
                ("lumpkit-unreadable", Some(reason)) => reason.to_string(),
                _ => d.to_string(),
            };
            let mut v =
                json!({"code": d.code(), "severity": severity.as_str(), "message": message});
            if let (Some(off), Some(o)) = (d.offset, v.as_object_mut()) {
                o.insert("offset".into(), off.into());
            }
            Some(v)
        })
        .collect();
    obj.insert("diagnostics".into(), diags.into());
    Value::Object(obj)
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
    let mut facts = String::from(r.format);
    if let (Some(w), Some(h)) = (r.width, r.height) {
        facts.push_str(&format!(" {w}x{h}"));
    }
    if let Some(m) = r.mips {
        facts.push_str(&format!(" {m} mips"));
    }
    let note = match verdict {
        Verdict::Recorded(_, true) => " [as expected]".to_string(),
        Verdict::Recorded(e, false) => format!(" [UNEXPECTED: recorded {}]", e.status_str()),
        _ => String::new(),
    };
    writeln!(
        out,
        "{on}{:7}{off} {} ({facts}){note}",
        status.as_str(),
        c.path
    )?;
    for d in &r.diagnostics {
        let Some(severity) = policy.severity(d) else {
            continue;
        };
        let message = match (d.code(), io_error) {
            ("lumpkit-unreadable", Some(reason)) => reason.to_string(),
            _ => d.to_string(),
        };
        let at = d.offset.map(|o| format!(" @{o}")).unwrap_or_default();
        writeln!(
            out,
            "        {} {}{at}: {message}",
            severity.as_str(),
            d.code()
        )?;
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

#[derive(Default)]
struct Summary {
    by_status: BTreeMap<Status, usize>,
    by_format: BTreeMap<&'static str, usize>,
    bytes: u64,
    recorded: usize,
    unexpected: usize,
}

impl Summary {
    fn add(&mut self, c: &Checked, status: Status, verdict: &Verdict<'_>) {
        *self.by_status.entry(status).or_default() += 1;
        *self.by_format.entry(c.report.format).or_default() += 1;
        self.bytes += c.size;
        if let Verdict::Recorded(_, met) = verdict {
            self.recorded += 1;
            self.unexpected += usize::from(!met);
        }
    }

    fn print(&self, out: &mut impl Write, results: &[FileResult]) -> std::io::Result<()> {
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
        let mut slowest: Vec<&FileResult> = results.iter().collect();
        slowest.sort_by_key(|r| std::cmp::Reverse(r.elapsed));
        if results.len() > 1 {
            writeln!(out)?;
            let names: Vec<String> = slowest
                .iter()
                .take(3)
                .filter_map(|r| {
                    Some(format!(
                        "{} {:.1} ms",
                        r.checked.first()?.path,
                        r.elapsed.as_secs_f64() * 1e3
                    ))
                })
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
