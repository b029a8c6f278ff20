//! The error type every parser and decoder returns: `Copy`, allocation-free, with a byte offset.

use core::fmt;

use crate::diag::{Diagnostic, Rule};

/// Who is at fault, so that callers can tell a bad file from a bad request or a limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fault {
    /// The file is malformed beyond what the format's rules recover from.
    File,
    /// The file is well-formed but uses a feature we do not implement.
    Unsupported,
    /// The caller asked for something that does not exist (a mip level, an entry name).
    Caller,
    /// Honouring the file would exceed the caller's [`crate::Limits`].
    Limit,
    /// Strict mode turned a warning into an error.
    Strict,
}

impl Fault {
    /// Lower-case name for output.
    pub const fn as_str(self) -> &'static str {
        match self {
            Fault::File => "file",
            Fault::Unsupported => "unsupported",
            Fault::Caller => "caller",
            Fault::Limit => "limit",
            Fault::Strict => "strict",
        }
    }
}

/// A failure, described by the rule it concerns, the byte offset and a fault class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Error {
    /// Who is at fault.
    pub fault: Fault,
    /// What went wrong, where.
    pub diagnostic: Diagnostic,
}

impl Error {
    /// A malformed-file error.
    pub const fn file(rule: &'static Rule, offset: u64, args: [u64; 3]) -> Self {
        rule.with(offset, args).into_error(Fault::File)
    }

    /// An unsupported-feature error.
    pub const fn unsupported(rule: &'static Rule, offset: u64, args: [u64; 3]) -> Self {
        rule.with(offset, args).into_error(Fault::Unsupported)
    }

    /// A bad request by the caller (no byte offset).
    pub const fn caller(rule: &'static Rule, args: [u64; 3]) -> Self {
        rule.here(args).into_error(Fault::Caller)
    }

    /// A limit was exceeded (no byte offset unless one is given later).
    pub const fn limit(rule: &'static Rule, args: [u64; 3]) -> Self {
        rule.here(args).into_error(Fault::Limit)
    }

    /// The stable code of the underlying rule.
    pub const fn code(&self) -> &'static str {
        self.diagnostic.rule.code
    }

    /// Byte offset, if known.
    pub const fn offset(&self) -> Option<u64> {
        self.diagnostic.offset
    }

    /// The same error, moved by `base` bytes (for an entry inside an archive).
    pub fn rebased(self, base: u64) -> Self {
        Error {
            diagnostic: self.diagnostic.rebased(base),
            ..self
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.diagnostic.rule.code, self.diagnostic)?;
        if let Some(offset) = self.diagnostic.offset {
            write!(f, " (at byte {offset})")?;
        }
        Ok(())
    }
}

impl core::error::Error for Error {}
