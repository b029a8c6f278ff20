//! `--allow`, `--deny` and `--deny-warnings`: how diagnostics count, applied after checking.

use std::collections::HashSet;

use lumpkit::report::Report;
use lumpkit::{Diagnostic, Severity, Status};

/// The caller's adjustments to diagnostic severities.
#[derive(Debug, Default)]
pub struct Policy {
    allow: HashSet<String>,
    deny: HashSet<String>,
    deny_warnings: bool,
}

impl Policy {
    /// Builds a policy from the flags.
    pub fn new(allow: &[String], deny: &[String], deny_warnings: bool) -> Policy {
        Policy {
            allow: allow.iter().cloned().collect(),
            deny: deny.iter().cloned().collect(),
            deny_warnings,
        }
    }

    /// The severity `d` counts with, or `None` when it is allowed (hidden).
    pub fn severity(&self, d: &Diagnostic) -> Option<Severity> {
        if self.allow.contains(d.code()) {
            None
        } else if self.deny.contains(d.code()) {
            Some(Severity::Error)
        } else {
            Some(d.severity())
        }
    }

    /// The verdict for a report under this policy. A parse that stopped is an error whatever the
    /// policy says of its diagnostic.
    pub fn status(&self, report: &Report) -> Status {
        if report.fatal.is_some() {
            return Status::Error;
        }
        match report
            .diagnostics
            .iter()
            .filter_map(|d| self.severity(d))
            .max()
        {
            Some(Severity::Error) => Status::Error,
            Some(Severity::Warning) => Status::Warning,
            _ => Status::Ok,
        }
    }

    /// Whether `status` makes the run fail.
    pub fn fails(&self, status: Status) -> bool {
        status == Status::Error || (self.deny_warnings && status == Status::Warning)
    }
}
