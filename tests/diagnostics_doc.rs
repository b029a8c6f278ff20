//! `docs/diagnostics.md` lists exactly the diagnostic codes that exist: a code in the source without
//! a line in the docs fails, and so does a documented code that no longer exists.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::collections::BTreeSet;
use std::path::Path;

/// Codes documented: the first back-quoted word of each table row (`| \`code\` | … |`).
fn documented() -> BTreeSet<String> {
    let text =
        std::fs::read_to_string(support::workspace_root().join("docs/diagnostics.md")).unwrap();
    text.lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split('`').next())
        .filter(|c| c.contains('-'))
        .map(str::to_string)
        .collect()
}

/// Codes declared in source: every `code: "…"` literal under `crates/`.
fn declared_in_source() -> BTreeSet<String> {
    let mut codes = BTreeSet::new();
    scan(&support::workspace_root().join("crates"), &mut codes);
    codes
}

fn scan(dir: &Path, codes: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "target") {
                scan(&path, codes);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            for part in text.split("code: \"").skip(1) {
                if let Some(code) = part.split('"').next() {
                    codes.insert(code.to_string());
                }
            }
        }
    }
}

#[test]
fn docs_list_every_code_and_nothing_else() {
    let documented = documented();
    let registered: BTreeSet<String> = lumpkit::rules::all().map(|r| r.code.to_string()).collect();
    let declared = declared_in_source();
    let undocumented: Vec<_> = registered
        .union(&declared)
        .filter(|c| !documented.contains(*c))
        .collect();
    let stale: Vec<_> = documented
        .iter()
        .filter(|c| !registered.contains(*c))
        .collect();
    let unregistered: Vec<_> = declared
        .iter()
        .filter(|c| !registered.contains(*c))
        .collect();
    assert!(
        undocumented.is_empty(),
        "codes without a line in docs/diagnostics.md: {undocumented:?}"
    );
    assert!(
        stale.is_empty(),
        "docs/diagnostics.md lists codes that do not exist: {stale:?}"
    );
    assert!(
        unregistered.is_empty(),
        "rules declared but missing from the rules catalogue: {unregistered:?}"
    );
}

#[test]
fn codes_are_kebab_case_and_prefixed() {
    for rule in lumpkit::rules::all() {
        let c = rule.code;
        assert!(
            c.chars()
                .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-'),
            "{c}"
        );
        assert!(
            c.contains('-') && !c.starts_with('-') && !c.ends_with('-'),
            "{c}"
        );
    }
}

/// `lumpkit explain` prints the page's sources to users: every one must be something a user can
/// open (a public write-up, repository and file, or wiki page), never a path of the development
/// workspace.
#[test]
fn sources_are_public() {
    let page =
        std::fs::read_to_string(support::workspace_root().join("docs/diagnostics.md")).unwrap();
    for (n, line) in page.lines().enumerate() {
        assert!(
            !line.contains("../shared")
                && !line.contains("shared/specs")
                && !line.contains("shared/research"),
            "docs/diagnostics.md:{}: cites the development workspace: {line}",
            n + 1
        );
    }
}
