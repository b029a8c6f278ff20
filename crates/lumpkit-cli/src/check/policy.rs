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
