//! The rules of Warcraft III map files, one stable code each (`research/wc3-map.md` §2).

use crate::diag::{Rule, Severity};

/// A `war3map.w3i` version newer than the targeted client (engine-profiled).
pub static W3I_VERSION_TOO_NEW: Rule = Rule {
    code: "w3i-version-too-new",
    severity: Severity::Warning,
    message: "war3map.w3i version {0} was saved by a newer World Editor: {sides}; {effect}",
};

/// Every map-file rule.
pub static RULES: &[&Rule] = &[&W3I_VERSION_TOO_NEW];
