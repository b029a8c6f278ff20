//! Diagnostics: a spec rule that a file broke, where, and with which numbers.
//!
//! A [`Rule`] is static data (stable code, severity, message template); a [`Diagnostic`] is a `Copy`
//! value that points at its rule and carries the byte offset and up to three numbers for the message.
//! Rendering goes through `core::fmt`, so nothing here allocates.

use core::fmt;

use crate::error::{Error, Fault};

/// How bad a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Worth knowing; the file is fine.
    Info,
    /// The game still loads the file (we do what the spec says it does), but something is off.
    Warning,
    /// The file, or the part of it named, cannot be used.
    Error,
}

impl Severity {
    /// The lower-case name used in JSON output and docs.
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// One rule of a format's spec, as static data.
///
/// `message` is a template: `{0}`, `{1}` and `{2}` are replaced by the diagnostic's arguments, and
/// `{0:x}` style hex is available as `{0x}`. Codes are kebab-case, prefixed by the format, and stable
/// once released; each has a line in `docs/diagnostics.md`.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    /// Stable kebab-case identifier, e.g. `blp-mip-past-eof`.
    pub code: &'static str,
    /// Default severity.
    pub severity: Severity,
    /// Message template.
    pub message: &'static str,
}

impl Rule {
    /// A diagnostic for this rule at `offset` with no arguments.
    pub const fn at(&'static self, offset: u64) -> Diagnostic {
        Diagnostic {
            rule: self,
            offset: Some(offset),
            args: [0; 3],
            severity: self.severity,
        }
    }

    /// A diagnostic for this rule at `offset` with message arguments.
    pub const fn with(&'static self, offset: u64, args: [u64; 3]) -> Diagnostic {
        Diagnostic {
            rule: self,
            offset: Some(offset),
            args,
            severity: self.severity,
        }
    }

    /// A diagnostic for this rule that has no meaningful byte offset.
    pub const fn here(&'static self, args: [u64; 3]) -> Diagnostic {
        Diagnostic {
            rule: self,
            offset: None,
            args,
            severity: self.severity,
        }
    }
}

/// A finding: which rule, where (byte offset from the start of the file or entry), and its numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    /// The rule that was broken.
    pub rule: &'static Rule,
    /// Byte offset of the offending field or data, when there is one.
    pub offset: Option<u64>,
    /// Numbers substituted into the rule's message template.
    pub args: [u64; 3],
    /// The severity of this finding: the rule's, except for conditions whose verdict depends on
    /// the engine ([`crate::profiles`]), which set it from the value and the chosen targets.
    pub severity: Severity,
}

impl Diagnostic {
    /// The rule's stable code.
    pub const fn code(&self) -> &'static str {
        self.rule.code
    }

    /// This finding's severity (the rule's, unless an engine profile decided otherwise).
    pub const fn severity(&self) -> Severity {
        self.severity
    }

    /// The same finding with another severity (engine profiles: [`crate::profiles`]).
    pub const fn with_severity(mut self, severity: Severity) -> Self {
        self.severity = severity;
        self
    }

    /// This diagnostic as an error whose fault is `fault`.
    pub const fn into_error(self, fault: Fault) -> Error {
        Error {
            fault,
            diagnostic: self,
        }
    }

    /// The same finding, moved by `base` bytes (for an entry inside an archive).
    pub fn rebased(mut self, base: u64) -> Self {
        self.offset = self.offset.map(|o| o.saturating_add(base));
        self
    }
}

impl fmt::Display for Diagnostic {
    /// Renders the message template with the arguments, without allocating.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.rule.message;
        while let Some(open) = rest.find('{') {
            let (before, after) = rest.split_at(open);
            f.write_str(before)?;
            let Some(close) = after.find('}') else {
                f.write_str(after)?;
                return Ok(());
            };
            let (field, tail) = after.split_at(close);
            let field = field.get(1..).unwrap_or("");
            let (index, hex) = match field.strip_suffix('x') {
                Some(i) => (i, true),
                None => (field, false),
            };
            match index.parse::<usize>().ok().and_then(|i| self.args.get(i)) {
                Some(v) if hex => write!(f, "{v:#x}")?,
                Some(v) => write!(f, "{v}")?,
                None => {
                    let [value, _, _] = self.args;
                    let rendered = match crate::profiles::condition_of(self) {
                        Some(c) => crate::profiles::render(f, c, value, field)?,
                        None => false,
                    };
                    if !rendered {
                        f.write_str(field)?;
                    }
                }
            }
            rest = tail.get(1..).unwrap_or("");
        }
        f.write_str(rest)
    }
}

/// Where parsers report diagnostics. The caller chooses what happens: collect, count, print, or stop.
///
/// Returning `Err` stops the parse with that error; this is how strict mode works ([`Strict`]).
pub trait Sink {
    /// Takes one diagnostic. `Err` aborts the operation that reported it.
    fn report(&mut self, diagnostic: Diagnostic) -> Result<(), Error>;
}

impl<S: Sink + ?Sized> Sink for &mut S {
    fn report(&mut self, diagnostic: Diagnostic) -> Result<(), Error> {
        (**self).report(diagnostic)
    }
}

/// A sink that drops everything (lenient, silent).
#[derive(Clone, Copy, Debug, Default)]
pub struct Ignore;

impl Sink for Ignore {
    fn report(&mut self, _: Diagnostic) -> Result<(), Error> {
        Ok(())
    }
}

/// Strict mode: forwards to the inner sink, then fails on the first warning or error.
#[derive(Debug, Default)]
pub struct Strict<S>(pub S);

impl<S: Sink> Sink for Strict<S> {
    fn report(&mut self, diagnostic: Diagnostic) -> Result<(), Error> {
        self.0.report(diagnostic)?;
        if diagnostic.severity() >= Severity::Warning {
            return Err(diagnostic.into_error(Fault::Strict));
        }
        Ok(())
    }
}

/// Adapts a closure into a sink that never stops the parse.
#[derive(Debug)]
pub struct FnSink<F>(pub F);

impl<F: FnMut(Diagnostic)> Sink for FnSink<F> {
    fn report(&mut self, diagnostic: Diagnostic) -> Result<(), Error> {
        (self.0)(diagnostic);
        Ok(())
    }
}

/// Counts diagnostics per severity and remembers the worst; useful for a quick verdict.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Number of infos seen.
    pub infos: u32,
    /// Number of warnings seen.
    pub warnings: u32,
    /// Number of errors seen.
    pub errors: u32,
}

impl Sink for Tally {
    fn report(&mut self, diagnostic: Diagnostic) -> Result<(), Error> {
        let slot = match diagnostic.severity() {
            Severity::Info => &mut self.infos,
            Severity::Warning => &mut self.warnings,
            Severity::Error => &mut self.errors,
        };
        *slot = slot.saturating_add(1);
        Ok(())
    }
}
