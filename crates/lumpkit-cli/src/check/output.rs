//! Printing `check` results: human (grouped by file, summary), JSON Lines, GitHub annotations, or
//! a SARIF log.

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::Path;
use std::time::Duration;

use lumpkit::check::{Checked, JsonLine};
use lumpkit::{Severity, Status};

use super::OutputFormat;
use super::expect::{Expectation, Expectations};
use super::human::Human;
use super::policy::{Policies, Policy};
use super::sarif::Sarif;
use lumpkit::check::CheckedFile as FileResult;

/// Prints results one file at a time, in the order they are given, and keeps what the summary
/// needs; nothing else of a result outlives its printing.
pub struct Printer<'a, W: Write> {
    out: W,
    format: OutputFormat,
    policies: &'a Policies,
    expectations: &'a Expectations,
    human: Human,
    any_failure: bool,
    summary: Summary,
    sarif: Sarif,
}

impl<'a, W: Write> Printer<'a, W> {
    /// A printer writing `format` to `out`; `human` says how human output looks.
    pub fn new(
        out: W,
        format: OutputFormat,
        policies: &'a Policies,
        expectations: &'a Expectations,
        human: Human,
    ) -> Self {
        Printer {
            out,
            format,
            policies,
            expectations,
            human,
            any_failure: false,
            summary: Summary::default(),
            sarif: Sarif::default(),
        }
    }

    /// Prints one file's results (its own and its members'), found under the folder `root` when it
    /// was (paths are shown relative to it). A result counts as a failure under the policy, or, for
    /// a file with a recorded expectation, by differing from it.
    pub fn file(&mut self, result: &FileResult, root: Option<&Path>) -> std::io::Result<()> {
        let Some(first) = result.checked.first() else {
            return Ok(());
        };
        let expected = self.expectations.get(Path::new(first.file()));
        let policy = self.policies.for_file(Path::new(first.file()));
        self.summary.file(result, root);
        let mut rows = Vec::with_capacity(result.checked.len());
        for (i, checked) in result.checked.iter().enumerate() {
            let status = policy.status(&checked.report);
            // A recorded expectation covers the file and its members.
            let verdict = match expected {
                Some(e) if i == 0 => Verdict::Recorded(e, e.met_by(&checked.report, status)),
                Some(_) => Verdict::Covered,
                None => Verdict::Plain,
            };
            self.any_failure |= match verdict {
                Verdict::Recorded(_, met) => !met,
                Verdict::Covered => false,
                Verdict::Plain => policy.fails(status),
            };
            self.summary.add(checked, &policy, status, &verdict, root);
            let io_error = if i == 0 {
                result.io_error.as_deref()
            } else {
                None
            };
            match self.format {
                OutputFormat::Json => {
                    let line = json_line(&policy, checked, status, io_error, &verdict);
                    serde_json::to_writer(&mut self.out, &line)?;
                    self.out.write_all(b"\n")?;
                }
                OutputFormat::Github => github(&mut self.out, &policy, checked, io_error)?,
                OutputFormat::Sarif => {
                    self.sarif
                        .results(&mut self.out, &policy, checked, io_error)?;
                }
                OutputFormat::Human => rows.push(Row { status, verdict }),
            }
        }
        if self.format == OutputFormat::Human {
            self.human.file(
                &mut self.out,
                &policy,
                result,
                &rows,
                &super::human::Shown::new(root, first.file()),
            )?;
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
            OutputFormat::Human => self.summary.print(&mut self.out, &self.human)?,
            OutputFormat::Sarif => self.sarif.finish(&mut self.out)?,
            OutputFormat::Json | OutputFormat::Github => {}
        }
        self.out.flush()?;
        Ok(self.any_failure)
    }
}

/// How one result of a file counts, for human output.
pub(super) struct Row<'e> {
    pub status: Status,
    pub verdict: Verdict<'e>,
}

/// GitHub Actions annotations: one `::error`/`::warning`/`::notice` line per diagnostic.
fn github(
    out: &mut impl Write,
    policy: &Policy,
    c: &Checked,
    io_error: Option<&str>,
) -> std::io::Result<()> {
    let file = c.file();
    for d in &c.report.diagnostics {
        let Some(severity) = policy.severity(&c.report, d) else {
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
pub(super) enum Verdict<'e> {
    Recorded(&'e Expectation, bool),
    Covered,
    Plain,
}

/// How many warning and error codes the summary names.
const TOP_CODES: usize = 8;
/// How many information codes the summary names.
const TOP_NOTES: usize = 4;

/// How many archive bombs the summary names.
const BOMBS: usize = 10;

/// How many files the summary names as the slowest.
const SLOWEST: usize = 3;

#[derive(Default)]
struct Summary {
    by_status: BTreeMap<Status, usize>,
    /// How often each code was shown, with the severity it counted with.
    by_code: HashMap<&'static str, (usize, Severity)>,
    by_format: BTreeMap<&'static str, usize>,
    bytes: u64,
    recorded: usize,
    unexpected: usize,
    files: usize,
    /// The slowest files so far, slowest first.
    slowest: Vec<(Duration, String)>,
    /// Files on disk that hold an archive bomb (`lumpkit::rules::ARCHIVE_BOMB`), in walk order.
    bombs: Vec<String>,
}

impl Summary {
    fn file(&mut self, result: &FileResult, root: Option<&Path>) {
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
            let shown = super::human::Shown::new(root, first.file());
            self.slowest.insert(at, (result.elapsed, shown.relative()));
            self.slowest.truncate(SLOWEST);
        }
    }

    fn add(
        &mut self,
        c: &Checked,
        policy: &Policy,
        status: Status,
        verdict: &Verdict<'_>,
        root: Option<&Path>,
    ) {
        *self.by_status.entry(status).or_default() += 1;
        if c.report
            .diagnostics
            .iter()
            .any(lumpkit::rules::is_archive_bomb)
        {
            let file = super::human::Shown::new(root, c.file()).relative();
            if self.bombs.last() != Some(&file) {
                self.bombs.push(file);
            }
        }
        for d in &c.report.diagnostics {
            if let Some(severity) = policy.severity(&c.report, d) {
                let counted = self.by_code.entry(d.code()).or_insert((0, severity));
                counted.0 += 1;
                counted.1 = counted.1.max(severity);
            }
        }
        *self.by_format.entry(c.report.format).or_default() += 1;
        self.bytes += c.size;
        if let Verdict::Recorded(_, met) = verdict {
            self.recorded += 1;
            self.unexpected += usize::from(!met);
        }
    }

    /// The codes shown with a warning or error severity (or, with `notes`, as information),
    /// most frequent first, then by name.
    fn top_codes(&self, notes: bool) -> Vec<(&'static str, usize)> {
        let mut top: Vec<(&'static str, usize)> = self
            .by_code
            .iter()
            .filter(|(_, (_, severity))| (*severity == Severity::Info) == notes)
            .map(|(&code, &(n, _))| (code, n))
            .collect();
        top.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        top
    }

    /// One summary line naming the `limit` most frequent of `codes`.
    fn codes_line(
        out: &mut impl Write,
        title: impl std::fmt::Display,
        codes: &[(&str, usize)],
        limit: usize,
    ) -> std::io::Result<()> {
        if codes.is_empty() {
            return Ok(());
        }
        let mut shown: Vec<String> = codes
            .iter()
            .take(limit)
            .map(|(code, n)| format!("{n} × {code}"))
            .collect();
        if codes.len() > limit {
            shown.push(format!("{} more codes", codes.len() - limit));
        }
        writeln!(out, "{title}: {}", shown.join(", "))
    }

    fn print(&self, out: &mut impl Write, human: &Human) -> std::io::Result<()> {
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
        if human.printed_any() {
            writeln!(out)?;
        }
        if self.files > 1 {
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
        Self::codes_line(
            out,
            human.bold("findings"),
            &self.top_codes(false),
            TOP_CODES,
        )?;
        Self::codes_line(out, "notes (info)", &self.top_codes(true), TOP_NOTES)?;
        if !self.bombs.is_empty() {
            let mut named: Vec<&str> = self.bombs.iter().take(BOMBS).map(String::as_str).collect();
            let more = self.bombs.len().saturating_sub(BOMBS);
            let more_text = format!("{more} more");
            if more > 0 {
                named.push(&more_text);
            }
            writeln!(
                out,
                "{} ({}): {}",
                human.bold("archive bombs refused"),
                self.bombs.len(),
                named.join(", ")
            )?;
        }
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

/// The JSON Lines record of one result under `policy`, with its recorded expectation if any.
fn json_line<'a>(
    policy: &Policy,
    checked: &'a Checked,
    status: Status,
    io_error: Option<&'a str>,
    verdict: &Verdict<'_>,
) -> JsonLine<'a> {
    let line = JsonLine::with_severities(checked, status, io_error, |d| {
        policy.severity(&checked.report, d)
    });
    match verdict {
        Verdict::Recorded(e, met) => line.expectation(e.status_str(), *met),
        _ => line,
    }
}
