//! `lumpkit explain [CODE]`: what a diagnostic code means, from `docs/diagnostics.md` itself.
//!
//! The page is compiled in and its tables are read at run time, so the docs are the one source of
//! truth: a row added there is explained here with no other change. A table is any block of
//! `|` rows whose header has a `code` column; the other columns are printed under their own
//! headers, so columns added later show up too. The paragraphs between a section's heading and its
//! table name the section's sources, and are printed as the source.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;

use crate::Fatal;

/// The page, as the repository has it.
pub const DIAGNOSTICS_MD: &str = include_str!("../../../docs/diagnostics.md");

/// Arguments of `explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The diagnostic code (as printed at the end of each finding); none lists every code.
    pub code: Option<String>,
}

/// One documented code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The code, without back-quotes.
    pub code: String,
    /// The section (format) it is listed under.
    pub section: String,
    /// The section's paragraphs before its table (its sources), joined with blank lines.
    pub source: String,
    /// The row's other columns, as (header, text), in the table's order.
    pub columns: Vec<(String, String)>,
}

impl Entry {
    /// The text of the column headed `header`.
    pub fn column(&self, header: &str) -> Option<&str> {
        self.columns
            .iter()
            .find(|(h, _)| h.eq_ignore_ascii_case(header))
            .map(|(_, t)| t.as_str())
    }
}

/// Every documented code, in the page's order.
pub fn entries(markdown: &str) -> Vec<Entry> {
    let mut out = Vec::new();
    let mut section = String::new();
    let mut paragraphs: Vec<String> = Vec::new();
    let mut header: Option<Vec<String>> = None;
    for line in markdown.lines() {
        let trimmed = line.trim();
        if let Some(title) = trimmed.strip_prefix("## ") {
            section = title.trim().to_string();
            paragraphs.clear();
            header = None;
        } else if trimmed.starts_with('|') {
            let cells = cells(trimmed);
            match &header {
                None => header = Some(cells),
                Some(_) if cells.iter().all(|c| c.chars().all(|ch| "-: ".contains(ch))) => {}
                Some(h) => {
                    if let Some(entry) = row(h, cells, &section, &paragraphs) {
                        out.push(entry);
                    }
                }
            }
        } else {
            header = None;
            if trimmed.is_empty() {
                if paragraphs.last().is_some_and(|p| !p.is_empty()) {
                    paragraphs.push(String::new());
                }
            } else if !section.is_empty() {
                match paragraphs.last_mut() {
                    Some(p) if !p.is_empty() => {
                        p.push(' ');
                        p.push_str(trimmed);
                    }
                    _ => {
                        paragraphs.retain(|p| !p.is_empty());
                        paragraphs.push(trimmed.to_string());
                    }
                }
            }
        }
    }
    out
}

/// A table row's cells: split at `|` outside back-quotes, `\|` kept as a bar.
fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|');
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    let mut cells = Vec::new();
    let mut cell = String::new();
    let mut quoted = false;
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                cell.push('|');
                chars.next();
            }
            '`' => {
                quoted = !quoted;
                cell.push(c);
            }
            '|' if !quoted => cells.push(std::mem::take(&mut cell).trim().to_string()),
            _ => cell.push(c),
        }
    }
    cells.push(cell.trim().to_string());
    cells
}

fn row(header: &[String], cells: Vec<String>, section: &str, sources: &[String]) -> Option<Entry> {
    let code_at = header.iter().position(|h| h.eq_ignore_ascii_case("code"))?;
    let code = cells.get(code_at)?.trim_matches('`').to_string();
    if code.is_empty() {
        return None;
    }
    let columns = header
        .iter()
        .zip(cells)
        .enumerate()
        .filter(|(i, _)| *i != code_at)
        .map(|(_, (h, c))| (h.clone(), c))
        .collect();
    Some(Entry {
        code,
        section: section.to_string(),
        source: sources
            .iter()
            .filter(|p| !p.is_empty())
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n"),
        columns,
    })
}

/// Runs `explain`: exit 0, or 2 for a code the docs do not list.
pub fn run(args: &ExplainArgs) -> Result<ExitCode, Fatal> {
    let all = entries(DIAGNOSTICS_MD);
    let mut out = std::io::stdout().lock();
    match &args.code {
        None => list(&mut out, &all)?,
        Some(code) => {
            let code = code.trim().trim_matches('`');
            let Some(entry) = all.iter().find(|e| e.code == code) else {
                return Err(Fatal(format!(
                    "no diagnostic code `{code}` (`lumpkit explain` lists them all)"
                )));
            };
            explain(&mut out, entry)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Every code, grouped under its section.
fn list(out: &mut impl Write, all: &[Entry]) -> std::io::Result<()> {
    let width = all.iter().map(|e| e.code.len()).max().unwrap_or(0);
    let mut section = None;
    for e in all {
        if section != Some(&e.section) {
            if section.is_some() {
                writeln!(out)?;
            }
            writeln!(out, "{}", e.section)?;
            section = Some(&e.section);
        }
        writeln!(
            out,
            "  {:width$}  {:7}  {}",
            e.code,
            e.column("severity").unwrap_or(""),
            e.column("meaning").unwrap_or("")
        )?;
    }
    writeln!(out)?;
    writeln!(out, "`lumpkit explain CODE` says more about one code.")
}

/// One code in full: each column under its header, then the section's source.
fn explain(out: &mut impl Write, e: &Entry) -> std::io::Result<()> {
    writeln!(out, "{} ({})", e.code, e.section)?;
    for (header, text) in &e.columns {
        writeln!(out)?;
        writeln!(out, "{}:", capitalised(header))?;
        wrap(out, text, "  ")?;
    }
    if !e.source.is_empty() {
        writeln!(out)?;
        writeln!(out, "Source:")?;
        for paragraph in e.source.split("\n\n") {
            wrap(out, paragraph, "  ")?;
        }
    }
    Ok(())
}

fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Writes `text` wrapped at 96 columns, each line indented.
fn wrap(out: &mut impl Write, text: &str, indent: &str) -> std::io::Result<()> {
    const WIDTH: usize = 96;
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && indent.len() + line.len() + 1 + word.len() > WIDTH {
            writeln!(out, "{indent}{line}")?;
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        writeln!(out, "{indent}{line}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_rows_of_any_table_with_a_code_column() {
        let md = "# T\n\nintro\n\n## Fmt\n\nFrom the spec `x`.\nSecond line.\n\n\
                  | code | severity | meaning | extra |\n|---|---|---|---|\n\
                  | `fmt-a` | error | a `b|c` thing | more \\| text |\n\nafter\n";
        let all = entries(md);
        assert_eq!(all.len(), 1);
        let e = &all[0];
        assert_eq!(e.code, "fmt-a");
        assert_eq!(e.section, "Fmt");
        assert_eq!(e.source, "From the spec `x`. Second line.");
        assert_eq!(e.column("severity"), Some("error"));
        assert_eq!(e.column("meaning"), Some("a `b|c` thing"));
        assert_eq!(e.column("extra"), Some("more | text"));
    }

    #[test]
    fn every_row_of_the_real_page_has_a_severity_and_a_meaning() {
        let all = entries(DIAGNOSTICS_MD);
        assert!(all.len() > 100);
        for e in &all {
            assert!(
                matches!(e.column("severity"), Some("error" | "warning" | "info")),
                "{e:?}"
            );
            assert!(e.column("meaning").is_some_and(|m| !m.is_empty()), "{e:?}");
        }
    }
}
