//! `--allow`, `--deny` and `--deny-warnings`: how diagnostics count, applied after checking.

use std::borrow::Cow;
use std::collections::HashSet;
use std::path::Path;

use lumpkit::report::Report;
use lumpkit::{Diagnostic, Severity, Status};

use crate::config::Loaded;

/// The run's policy and a config's per-path overrides of it.
#[derive(Debug)]
pub struct Policies {
    base: Policy,
    config: Loaded,
}

impl Policies {
    /// `base` everywhere, changed by `config`'s overrides for the files they match.
    pub fn new(base: Policy, config: Loaded) -> Policies {
        Policies { base, config }
    }

    /// The policy for `file` (a path on disk) and its members.
    pub fn for_file(&self, file: &Path) -> Cow<'_, Policy> {
        let mut policy = Cow::Borrowed(&self.base);
        for o in self.config.overrides_for(file) {
            policy = Cow::Owned(policy.with(&o.allow, &o.deny));
        }
        policy
    }
}

/// The caller's adjustments to diagnostic severities.
#[derive(Debug, Default, Clone)]
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

    /// This policy with `allow` and `deny` added for some files (a config's `[[override]]`): what
    /// the override allows is no longer denied, and the other way round.
    pub fn with(&self, allow: &[String], deny: &[String]) -> Policy {
        let mut p = Policy {
            allow: self.allow.clone(),
            deny: self.deny.clone(),
            deny_warnings: self.deny_warnings,
        };
        for code in allow {
            p.deny.remove(code);
            p.allow.insert(code.clone());
        }
        for code in deny {
            p.allow.remove(code);
            p.deny.insert(code.clone());
        }
        p
    }

    /// The severity `d`, one of `report`'s diagnostics, counts with, or `None` when it is allowed
    /// (hidden). The diagnostic of a parse stopped by a broken file is never hidden or lowered:
    /// `--allow` hides a finding, it does not mend the file, and a record's status is always the
    /// worst severity it shows.
    pub fn severity(&self, report: &Report, d: &Diagnostic) -> Option<Severity> {
        let stopped_here = report
            .fatal
            .as_ref()
            .is_some_and(|e| e.diagnostic.rule == d.rule && e.diagnostic.offset == d.offset);
        if stopped_here && d.severity() == Severity::Error {
            return Some(Severity::Error);
        }
        self.code_severity(d)
    }

    /// The severity the policy gives `d`'s code, or `None` when it is allowed.
    fn code_severity(&self, d: &Diagnostic) -> Option<Severity> {
        if self.allow.contains(d.code()) {
            None
        } else if self.deny.contains(d.code()) {
            Some(Severity::Error)
        } else {
            Some(d.severity())
        }
    }

    /// The verdict for a report under this policy: the worst severity it shows
    /// ([`Policy::severity`]).
    pub fn status(&self, report: &Report) -> Status {
        Status::of(
            report
                .diagnostics
                .iter()
                .filter_map(|d| self.severity(report, d)),
        )
    }

    /// Whether `status` makes the run fail.
    pub fn fails(&self, status: Status) -> bool {
        status == Status::Error || (self.deny_warnings && status == Status::Warning)
    }
}
