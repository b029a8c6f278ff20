//! A record's status is the worst severity among its own diagnostics: nothing is an error without
//! an error diagnostic that says why, and what lumpkit did not read or withheld is said by a
//! diagnostic of the status's severity (DESIGN.md, "Errors and leniency"). Held over every
//! generated corpus file and every member: in the library's reports (lenient and strict), in
//! `check --json` under several policies, and in the SARIF log. The Python records and the page
//! are held to it by their own suites (crates/lumpkit-py/tests, web/tests).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::collections::BTreeMap;
use std::process::Command;

use lumpkit::check::check_tree;
use lumpkit::{Context, Severity, Status};
use serde_json::Value;

fn rank(word: &str) -> u8 {
    match word {
        "error" => 3,
        "warning" => 2,
        "info" | "note" => 1,
        other => panic!("unknown severity {other}"),
    }
}

/// The status a record with diagnostics of these severity names must have.
fn worst<'a>(severities: impl IntoIterator<Item = &'a str>) -> &'static str {
    match severities.into_iter().map(rank).max() {
        Some(3) => "error",
        Some(2) => "warning",
        _ => "ok",
    }
}

#[test]
fn every_report_is_as_bad_as_its_worst_diagnostic() {
    let mut records = 0;
    for strict in [false, true] {
        let ctx = Context {
            strict,
            ..Context::default()
        };
        for (folder, samples) in lumpkit_testgen::all() {
            for sample in samples {
                let mut out = Vec::new();
                check_tree(&ctx, &sample.name, &sample.bytes, &mut out);
                for c in &out {
                    records += 1;
                    let r = &c.report;
                    let severities = r.diagnostics.iter().map(|d| d.severity().as_str());
                    assert_eq!(
                        r.status().as_str(),
                        worst(severities),
                        "{folder}/{} (strict {strict})",
                        c.path
                    );
                    if let Some(stop) = &r.fatal {
                        // The stop is listed, at the severity its fault deserves.
                        let listed = r
                            .diagnostics
                            .iter()
                            .find(|d| d.rule == stop.diagnostic.rule)
                            .unwrap_or_else(|| panic!("{folder}/{}: stop not listed", c.path));
                        assert_eq!(
                            listed.severity(),
                            lumpkit::report::stop_severity(stop),
                            "{folder}/{}",
                            c.path
                        );
                    }
                    if r.status() == Status::Error {
                        assert!(
                            r.diagnostics
                                .iter()
                                .any(|d| d.severity() == Severity::Error)
                        );
                    }
                }
            }
        }
    }
    assert!(records > 1000, "{records} records");
}

/// `check --json` over the whole generated corpus with `extra` flags: every record's status is the
/// worst severity among the diagnostics it prints. Returns the records by path.
fn json_records(root: &str, extra: &[&str]) -> BTreeMap<String, Value> {
    let out = Command::new(support::lumpkit_bin())
        .args(["check", "--json", "--no-config"])
        .args(extra)
        .arg(root)
        .output()
        .unwrap();
    let mut records = BTreeMap::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let diagnostics = v["diagnostics"].as_array().unwrap();
        let severities = diagnostics.iter().map(|d| d["severity"].as_str().unwrap());
        assert_eq!(
            v["status"].as_str().unwrap(),
            worst(severities),
            "{} with {extra:?}",
            v["path"]
        );
        records.insert(v["path"].as_str().unwrap().to_string(), v);
    }
    assert!(records.len() > 1000, "{} records", records.len());
    records
}

#[test]
fn json_and_sarif_records_are_as_bad_as_their_worst_diagnostic() {
    let dir = tempfile::tempdir().unwrap();
    let written = Command::new(support::lumpkit_bin())
        .args(["corpus", "--format", "all", "--out"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(written.status.success());
    let root = dir.path().to_str().unwrap();
    let policies: &[&[&str]] = &[
        &[],
        // A stop's error cannot be allowed away; a warning can, and so can a shown error.
        &["--allow", "blp-magic-unknown", "--allow", "zip-name-unsafe"],
        &[
            "--allow",
            "bsp-surface-extents",
            "--allow",
            "pbo-path-unsafe",
        ],
        &[
            "--deny",
            "lumpkit-unknown-format",
            "--deny",
            "zip-name-backslash",
        ],
        &["--deny-warnings"],
    ];
    for extra in policies {
        let records = json_records(root, extra);
        // The same results in SARIF: the worst level among a record's results is its status
        // (`note` for a record that is ok with information).
        let out = Command::new(support::lumpkit_bin())
            .args(["check", "--format", "sarif", "--no-config"])
            .args(*extra)
            .arg(root)
            .output()
            .unwrap();
        let log: Value = serde_json::from_slice(&out.stdout).unwrap();
        let mut levels: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for r in log["runs"][0]["results"].as_array().unwrap() {
            let location = &r["locations"][0];
            // The logical locations are the chain of members, outermost first: the record is
            // the innermost.
            let member = location["logicalLocations"]
                .as_array()
                .and_then(|chain| chain.last())
                .and_then(|m| m["fullyQualifiedName"].as_str());
            let path = match member {
                Some(member) => member.to_string(),
                None => location["physicalLocation"]["artifactLocation"]["uri"]
                    .as_str()
                    .unwrap()
                    .trim_start_matches("file://")
                    .to_string(),
            };
            levels
                .entry(path)
                .or_default()
                .push(r["level"].as_str().unwrap().to_string());
        }
        for (path, record) in &records {
            let shown = levels.get(path).map(Vec::as_slice).unwrap_or_default();
            assert_eq!(
                shown.len(),
                record["diagnostics"].as_array().unwrap().len(),
                "{path} with {extra:?}: one SARIF result per diagnostic"
            );
            assert_eq!(
                worst(shown.iter().map(String::as_str)),
                record["status"].as_str().unwrap(),
                "{path} with {extra:?}"
            );
        }
    }
}
