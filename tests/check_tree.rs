//! `lumpkit check --json` over a tree of thousands of generated files (every format, malformed ones,
//! unknown files): every file appears exactly once, with the right status, in a stable order, and the
//! exit status follows DESIGN.md.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::collections::BTreeMap;
use std::process::Command;

use serde_json::Value;

fn run_check(args: &[&str]) -> (i32, Vec<Value>) {
    let out = Command::new(support::lumpkit_bin())
        .arg("check")
        .args(args)
        .output()
        .unwrap();
    let lines = String::from_utf8(out.stdout).unwrap();
    let values = lines
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (out.status.code().unwrap(), values)
}

#[test]
fn every_file_appears_once_with_its_status() {
    let dir = tempfile::tempdir().unwrap();
    // Each copy is every generated sample plus three archives of them (over a thousand results),
    // so six give the two workers thousands of files to interleave; 40 copies, from when the
    // corpus was a fraction of its size, had grown to half of all test time on CI.
    let copies = 6;
    let expected = lumpkit_testgen::tree::build(dir.path(), copies).unwrap();
    assert!(expected.len() >= copies, "tree too small");
    let root = dir.path().to_str().unwrap();
    let (code, lines) = run_check(&["--json", "--jobs", "2", root]);

    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    for v in &lines {
        let path = v["path"].as_str().unwrap().to_string();
        let status = v["status"].as_str().unwrap().to_string();
        assert!(
            ["ok", "warning", "error"].contains(&status.as_str()),
            "{path}: {status}"
        );
        assert!(
            v["format"].is_string() && v["diagnostics"].is_array(),
            "{v}"
        );
        assert!(
            seen.insert(path.clone(), status).is_none(),
            "{path} reported twice"
        );
    }
    for e in &expected {
        let got = seen
            .get(&e.path)
            .unwrap_or_else(|| panic!("{} missing from the output", e.path));
        assert_eq!(got, e.status, "{}", e.path);
    }
    let top_level: Vec<&String> = seen.keys().filter(|p| !p.contains('!')).collect();
    let expected_top = expected.iter().filter(|e| !e.path.contains('!')).count();
    assert_eq!(top_level.len(), expected_top, "extra files reported");
    assert!(
        expected.len() > expected_top,
        "the tree holds archive members"
    );
    let any_error = expected.iter().any(|e| e.status == "error");
    assert_eq!(code, i32::from(any_error), "exit status");

    // Stable order: the same run twice prints the same lines, and single-threaded agrees.
    let (_, again) = run_check(&["--json", "--jobs", "1", root]);
    assert_eq!(lines, again);
}

/// Human output: by default only results with findings (an ok archive only as the heading of its
/// members), `--all` every result, `--quiet` none; all three end with the same summary.
#[test]
fn human_output_lists_problems_by_default() {
    let dir = tempfile::tempdir().unwrap();
    lumpkit_testgen::tree::build(dir.path(), 2).unwrap();
    let root = dir.path().to_str().unwrap();
    let human = |extra: &[&str]| {
        let out = Command::new(support::lumpkit_bin())
            .args(["check", "--jobs", "2"])
            .args(extra)
            .arg(root)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let (default, all, quiet) = (human(&[]), human(&["--all"]), human(&["--quiet"]));
    // A result line starts, after its indent, with its status padded to 7 columns.
    let results = |text: &str, status: &str| -> usize {
        text.lines()
            .filter(|l| l.trim_start().starts_with(&format!("{status:7} ")))
            .count()
    };
    let summary = |text: &str| {
        text.lines()
            .rfind(|l| l.starts_with("checked "))
            .map(str::to_string)
    };
    for status in ["warning", "error"] {
        assert!(results(&all, status) > 0, "the tree holds {status}s");
        assert!(results(&default, status) > 0, "{status}s are listed");
        assert_eq!(results(&quiet, status), 0);
    }
    assert!(
        results(&all, "ok") > results(&default, "ok"),
        "ok results are listed only with --all"
    );
    for text in [&default, &quiet] {
        for line in text.lines().filter(|l| l.trim_start().starts_with("ok ")) {
            // The only ok lines by default: archives heading members with findings.
            let indent = line.len() - line.trim_start().len();
            assert_eq!(indent, 2, "{line}");
        }
    }
    assert!(summary(&all).is_some());
    assert_eq!(summary(&quiet), summary(&all));
    assert_eq!(summary(&default), summary(&all));
}

/// A reader that goes away (`lumpkit check … | head -1`) ends the scan instead of leaving it to
/// check every file.
#[test]
fn a_closed_output_pipe_ends_the_scan() {
    use std::io::{BufRead, BufReader};
    let dir = tempfile::tempdir().unwrap();
    lumpkit_testgen::tree::build(dir.path(), 3).unwrap();
    let mut child = Command::new(support::lumpkit_bin())
        .args([
            "check",
            "--json",
            "--jobs",
            "1",
            dir.path().to_str().unwrap(),
        ])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with('{'), "{first}");
    // The pipe is closed here; the process must end on its own, not crash.
    let status = child.wait().unwrap();
    assert!(status.code().is_some(), "ended by a signal: {status}");
}

/// `--format sarif` is one SARIF 2.1.0 log: a result per shown diagnostic, located in the file on
/// disk (with the byte offset when it is in that file, the member as a logical location when it is
/// in an archive member), and the rules that occurred; `--allow` hides a code there too.
#[test]
fn sarif_log_locates_every_diagnostic() {
    let dir = tempfile::tempdir().unwrap();
    lumpkit_testgen::tree::build(dir.path(), 1).unwrap();
    let root = dir.path().to_str().unwrap();
    let sarif = |extra: &[&str]| -> Value {
        let out = Command::new(support::lumpkit_bin())
            .args(["check", "--format", "sarif"])
            .args(extra)
            .arg(root)
            .output()
            .unwrap();
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let log = sarif(&[]);
    assert_eq!(log["version"], "2.1.0");
    let run = &log["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "lumpkit");
    let results = run["results"].as_array().unwrap();
    let (_, json) = run_check(&["--json", root]);
    let shown: usize = json
        .iter()
        .map(|v| v["diagnostics"].as_array().unwrap().len())
        .sum();
    assert_eq!(results.len(), shown, "one result per diagnostic");
    let rules: Vec<&str> = run["tool"]["driver"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    for r in results {
        let id = r["ruleId"].as_str().unwrap();
        assert!(rules.contains(&id), "{id} missing from the rules");
        assert!(["error", "warning", "note"].contains(&r["level"].as_str().unwrap()));
        assert!(!r["message"]["text"].as_str().unwrap().is_empty());
        let location = &r["locations"][0];
        let uri = location["physicalLocation"]["artifactLocation"]["uri"]
            .as_str()
            .unwrap();
        assert!(
            !uri.contains('!'),
            "the physical location is the file on disk: {uri}"
        );
        if let Some(member) = location["logicalLocations"][0]["fullyQualifiedName"].as_str() {
            assert!(member.contains('!'), "{member}");
            assert!(location["physicalLocation"]["region"].is_null());
        }
    }
    let broken = results
        .iter()
        .find(|r| {
            r["ruleId"] == "pak-name-unsafe" && r["locations"][0]["logicalLocations"].is_null()
        })
        .expect("the tree holds a PAK with an unsafe name");
    assert!(broken["locations"][0]["physicalLocation"]["region"]["byteOffset"].is_u64());
    let hidden = sarif(&["--allow", "lumpkit-unknown-format"]);
    assert!(
        hidden["runs"][0]["results"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["ruleId"] != "lumpkit-unknown-format")
    );
}

/// `--format github`: one workflow command per shown diagnostic, escaped, naming the file on disk.
#[test]
fn github_annotations_name_the_file_on_disk() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a,b.pak");
    let pak = lumpkit_testgen::pak::samples()
        .into_iter()
        .find(|s| s.name == "name_unsafe.pak")
        .unwrap();
    std::fs::write(&file, &pak.bytes).unwrap();
    let out = Command::new(support::lumpkit_bin())
        .args(["check", "--format", "github", file.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let line = text
        .lines()
        .find(|l| l.contains("title=pak-name-unsafe"))
        .unwrap_or_else(|| panic!("no annotation in {text}"));
    assert!(line.starts_with("::warning file="), "{line}");
    assert!(
        line.contains("a%2Cb.pak"),
        "a comma in a property is escaped: {line}"
    );
}

#[test]
fn exit_status_and_policy_flags() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("note.txt");
    std::fs::write(&file, b"hello").unwrap();
    let f = file.to_str().unwrap();
    let (code, lines) = run_check(&["--json", f]);
    assert_eq!(code, 0);
    assert_eq!(lines[0]["format"], "unknown");
    assert_eq!(lines[0]["diagnostics"][0]["code"], "lumpkit-unknown-format");
    let (code, _) = run_check(&["--json", "--deny", "lumpkit-unknown-format", f]);
    assert_eq!(code, 1, "--deny makes the code an error");
    let (code, lines) = run_check(&["--json", "--allow", "lumpkit-unknown-format", f]);
    assert_eq!(code, 0);
    assert_eq!(
        lines[0]["diagnostics"].as_array().unwrap().len(),
        0,
        "--allow hides the code"
    );
    let missing = dir.path().join("nope");
    let out = Command::new(support::lumpkit_bin())
        .args(["check", missing.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(2),
        "a missing path is a usage error"
    );
}

#[cfg(unix)]
#[test]
fn symlinks_are_not_followed_unless_asked_and_loops_do_not_hang() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("sub");
    std::fs::create_dir(&sub).unwrap();
    std::fs::write(sub.join("a.txt"), b"x").unwrap();
    std::os::unix::fs::symlink(dir.path(), sub.join("loop")).unwrap();
    std::os::unix::fs::symlink(sub.join("a.txt"), dir.path().join("link.txt")).unwrap();
    let root = dir.path().to_str().unwrap();
    let (_, plain) = run_check(&["--json", root]);
    assert_eq!(plain.len(), 1, "links not followed: {plain:?}");
    let (_, followed) = run_check(&["--json", "--follow-links", root]);
    assert!(followed.len() >= 2, "links followed: {followed:?}");
}
