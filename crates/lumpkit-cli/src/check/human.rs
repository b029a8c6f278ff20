//! `check`'s output for people: only what has findings (unless `--all`), grouped under the
//! folder and archive it sits in, paths relative to the argument, each finding ending with its
//! code (for `lumpkit explain`), and one line for a finding that many members of one archive share.

use std::collections::HashMap;
use std::fmt::Display;
use std::io::Write;
use std::path::Path;

use lumpkit::check::{Checked, CheckedFile};
use lumpkit::{Severity, Status};

use super::output::{Row, Verdict};
use super::policy::Policy;
use lumpkit::check::Message;

/// A finding shared by at least this many members of one archive is printed once, with a count.
const FOLD_AT: usize = 4;
/// How many names a folded finding lists.
const FOLD_NAMES: usize = 3;

/// How human output looks, and where it is (the folder heading last printed).
#[derive(Debug)]
pub struct Human {
    all: bool,
    quiet: bool,
    colour: bool,
    heading: Option<String>,
    printed: bool,
}

impl Human {
    /// `all`: list ok results too and fold nothing; `quiet`: only the summary; `colour`: ANSI
    /// colours (the caller decides: a terminal, no `NO_COLOR`).
    pub fn new(all: bool, quiet: bool, colour: bool) -> Human {
        Human {
            all,
            quiet,
            colour,
            heading: None,
            printed: false,
        }
    }

    /// Whether any result was listed (the summary is then set apart by a blank line).
    pub fn printed_any(&self) -> bool {
        self.printed
    }

    /// `text` in bold, on a terminal.
    pub fn bold<T: Display>(&self, text: T) -> Painted<T> {
        self.paint("\x1b[1m", text)
    }

    fn paint<T: Display>(&self, on: &'static str, text: T) -> Painted<T> {
        Painted {
            on: if self.colour { on } else { "" },
            text,
        }
    }

    /// A status or severity word, padded so that names line up.
    fn status<'s>(&self, word: &'s str) -> Painted<Padded<'s>> {
        self.paint(colour_of(word), Padded(word))
    }

    /// A severity word as it starts a finding.
    fn severity<'s>(&self, word: &'s str) -> Painted<&'s str> {
        self.paint(colour_of(word), word)
    }

    /// Lists one file's results (`rows` says how each counts), as `shown` names them.
    pub fn file(
        &mut self,
        out: &mut impl Write,
        policy: &Policy,
        result: &CheckedFile,
        rows: &[Row<'_>],
        shown: &Shown,
    ) -> std::io::Result<()> {
        if self.quiet {
            return Ok(());
        }
        let listed = |row: &Row<'_>| {
            self.all
                || row.status != Status::Ok
                || matches!(row.verdict, Verdict::Recorded(_, false))
        };
        let members: Vec<(&Checked, &Row<'_>)> = result
            .checked
            .iter()
            .zip(rows)
            .skip(1)
            .filter(|(_, row)| listed(row))
            .collect();
        let (Some(file), Some(file_row)) = (result.checked.first(), rows.first()) else {
            return Ok(());
        };
        if members.is_empty() && !listed(file_row) {
            return Ok(());
        }
        let io_error = result.io_error.as_deref();
        if self.heading.as_deref() != Some(shown.folder.as_str()) {
            writeln!(out, "{}", self.bold(&shown.folder))?;
            self.heading = Some(shown.folder.clone());
        }
        self.printed = true;
        self.result(out, "  ", file_row, &shown.file, file)?;
        self.findings(out, "      ", policy, file, io_error, &|_| true)?;

        // Findings that many members share (one rule at one severity, whatever numbers its
        // message holds), each with the members that have it and the first one's message.
        let mut shared: HashMap<(Severity, &'static str), (Vec<usize>, String)> = HashMap::new();
        if !self.all {
            for (i, (c, _)) in members.iter().enumerate() {
                for d in &c.report.diagnostics {
                    if let Some(severity) = policy.severity(&c.report, d) {
                        let (at, _) = shared
                            .entry((severity, d.code()))
                            .or_insert_with(|| (Vec::new(), Message(d, None).to_string()));
                        // Counted once per member, however often the member has it.
                        if at.last() != Some(&i) {
                            at.push(i);
                        }
                    }
                }
            }
            shared.retain(|_, (at, _)| at.len() >= FOLD_AT);
        }
        let folded = |report: &lumpkit::Report, d: &lumpkit::Diagnostic| {
            policy
                .severity(report, d)
                .is_some_and(|severity| shared.contains_key(&(severity, d.code())))
        };
        for (c, row) in &members {
            let visible: Vec<_> = c
                .report
                .diagnostics
                .iter()
                .filter(|d| policy.severity(&c.report, d).is_some())
                .collect();
            if !visible.is_empty() && visible.iter().all(|d| folded(&c.report, d)) {
                continue;
            }
            self.result(out, "    ", row, member_path(c), c)?;
            self.findings(out, "        ", policy, c, None, &|d| !folded(&c.report, d))?;
        }
        let mut groups: Vec<_> = shared.into_iter().collect();
        groups.sort_by(|a, b| {
            (b.0.0.cmp(&a.0.0))
                .then(b.1.0.len().cmp(&a.1.0.len()))
                .then(a.0.1.cmp(b.0.1))
        });
        for ((severity, code), (at, message)) in groups {
            let names: Vec<&str> = at
                .iter()
                .take(FOLD_NAMES)
                .filter_map(|&i| members.get(i).map(|(c, _)| member_path(c)))
                .collect();
            write!(
                out,
                "    {}  {} members: {}",
                self.status(severity.as_str()),
                at.len(),
                names.join(", ")
            )?;
            let more = at.len().saturating_sub(names.len());
            if more > 0 {
                write!(out, " and {more} more (--all lists them)")?;
            }
            writeln!(
                out,
                "\n        {}: {message}  {}",
                self.severity(severity.as_str()),
                self.paint("\x1b[2m", format_args!("[{code}]"))
            )?;
        }
        Ok(())
    }

    /// One result's line: status, name, what it is, and how it met a recorded expectation.
    fn result(
        &self,
        out: &mut impl Write,
        indent: &str,
        row: &Row<'_>,
        name: &str,
        c: &Checked,
    ) -> std::io::Result<()> {
        let r = &c.report;
        write!(
            out,
            "{indent}{}  {name} ({}",
            self.status(row.status.as_str()),
            r.format
        )?;
        if let (Some(w), Some(h)) = (r.width, r.height) {
            write!(out, " {w}x{h}")?;
        }
        if let Some(m) = r.mips {
            write!(out, ", {m} mips")?;
        }
        out.write_all(b")")?;
        match row.verdict {
            Verdict::Recorded(_, true) => out.write_all(b"  [as expected]")?,
            Verdict::Recorded(e, false) => write!(
                out,
                "  {}",
                self.paint(
                    "\x1b[1;31m",
                    format_args!("[UNEXPECTED: recorded {}]", e.status_str())
                )
            )?,
            _ => {}
        }
        writeln!(out)
    }

    /// A result's findings that the policy shows and `keep` keeps, each ending with its code. One
    /// rule that fires many times on one result (a name rule on every member of an archive) is
    /// one line: the first finding and how many more there are (`--all` lists them).
    fn findings(
        &self,
        out: &mut impl Write,
        indent: &str,
        policy: &Policy,
        c: &Checked,
        io_error: Option<&str>,
        keep: &dyn Fn(&lumpkit::Diagnostic) -> bool,
    ) -> std::io::Result<()> {
        let shown = || {
            c.report.diagnostics.iter().filter_map(|d| {
                let severity = policy.severity(&c.report, d)?;
                keep(d).then_some((severity, d))
            })
        };
        let mut times: HashMap<(Severity, &'static str), usize> = HashMap::new();
        if !self.all {
            for (severity, d) in shown() {
                *times.entry((severity, d.code())).or_default() += 1;
            }
        }
        let mut folded_done: Vec<(Severity, &'static str)> = Vec::new();
        for (severity, d) in shown() {
            let key = (severity, d.code());
            let more = times.get(&key).map_or(0, |n| n.saturating_sub(1));
            let folded = more.saturating_add(1) >= FOLD_AT;
            if folded {
                if folded_done.contains(&key) {
                    continue;
                }
                folded_done.push(key);
            }
            write!(
                out,
                "{indent}{}: {}",
                self.severity(severity.as_str()),
                Message(d, io_error)
            )?;
            if let Some(o) = d.offset {
                write!(out, " (at byte {o})")?;
            }
            if folded {
                write!(out, ", and {more} more like it (--all lists them)")?;
            }
            writeln!(
                out,
                "  {}",
                self.paint("\x1b[2m", format_args!("[{}]", d.code()))
            )?;
        }
        Ok(())
    }
}

fn colour_of(word: &str) -> &'static str {
    match word {
        "ok" => "\x1b[32m",
        "warning" => "\x1b[33m",
        "error" => "\x1b[31m",
        _ => "\x1b[36m",
    }
}

/// A member's path inside the file on disk (`maps/x.bsp!rock4_1`).
fn member_path(c: &Checked) -> &str {
    c.joins
        .first()
        .and_then(|&j| c.path.get(j.saturating_add(1)..))
        .unwrap_or(&c.path)
}

/// How a file on disk is named in human output.
#[derive(Debug)]
pub struct Shown {
    /// The folder heading it is listed under (relative to the argument; `./` for the argument
    /// itself).
    pub folder: String,
    /// Its name under that heading.
    pub file: String,
}

impl Shown {
    /// Names `file`, found under the folder argument `root` when it was.
    pub fn new(root: Option<&Path>, file: &str) -> Shown {
        let path = Path::new(file);
        let rel = root
            .and_then(|r| path.strip_prefix(r).ok())
            .filter(|r| !r.as_os_str().is_empty())
            .unwrap_or(path);
        let folder = rel
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .map_or_else(|| "./".to_string(), |p| format!("{}/", p.display()));
        let name = rel
            .file_name()
            .map_or_else(|| rel.display().to_string(), |n| n.to_string_lossy().into());
        Shown { folder, file: name }
    }

    /// The whole relative name (`textures/x.paa`).
    pub fn relative(&self) -> String {
        match self.folder.as_str() {
            "./" => self.file.clone(),
            folder => format!("{folder}{}", self.file),
        }
    }
}

/// Text with an ANSI colour when `on` is not empty.
pub struct Painted<T> {
    on: &'static str,
    text: T,
}

impl<T: Display> Display for Painted<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.on.is_empty() {
            self.text.fmt(f)
        } else {
            write!(f, "{}{}\x1b[0m", self.on, self.text)
        }
    }
}

/// A status word padded to the widest one, so that names line up.
struct Padded<'s>(&'s str);

impl Display for Padded<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:7}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_relative_to_the_folder_argument() {
        let s = Shown::new(Some(Path::new("/mods/a")), "/mods/a/textures/x.paa");
        assert_eq!((s.folder.as_str(), s.file.as_str()), ("textures/", "x.paa"));
        let s = Shown::new(Some(Path::new("/mods/a")), "/mods/a/x.paa");
        assert_eq!((s.folder.as_str(), s.file.as_str()), ("./", "x.paa"));
        let s = Shown::new(None, "dir/x.paa");
        assert_eq!((s.folder.as_str(), s.file.as_str()), ("dir/", "x.paa"));
    }
}
