//! `lumpkit corpus`: what it writes is exactly the committed `corpus/` (the same writers made both),
//! its dictionaries are valid libFuzzer syntax holding exactly the formats' tokens, and `check`
//! meets every recorded expectation in the written folder.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

/// Every file under `dir` (relative path → bytes), leaving out `regression/` folders: fuzz
/// reproducers are kept in `corpus/` by hand, not made by the writers.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if path.file_name().unwrap() != "regression" {
                    stack.push(path);
                }
            } else {
                let rel = path
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                out.insert(rel, std::fs::read(&path).unwrap());
            }
        }
    }
    out
}

fn corpus(format: &str, out: &Path) -> std::process::Output {
    Command::new(support::lumpkit_bin())
        .args(["corpus", "--format", format, "--out"])
        .arg(out)
        .output()
        .unwrap()
}

/// Parses one libFuzzer dictionary line `name="…"` into its name and bytes; `None` when the line
/// is not valid syntax (escapes: `\\`, `\"`, `\xNN`; no raw `"`, `\` or control bytes).
fn parse_dict_line(line: &str) -> Option<(String, Vec<u8>)> {
    let (name, rest) = line.split_once('=')?;
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return None;
    }
    let body = rest.strip_prefix('"')?.strip_suffix('"')?;
    let mut bytes = Vec::new();
    let mut it = body.bytes();
    while let Some(b) = it.next() {
        match b {
            b'\\' => match it.next()? {
                b'\\' => bytes.push(b'\\'),
                b'"' => bytes.push(b'"'),
                b'x' => {
                    let hex = [it.next()?, it.next()?];
                    bytes.push(u8::from_str_radix(std::str::from_utf8(&hex).ok()?, 16).ok()?);
                }
                _ => return None,
            },
            b'"' => return None,
            b' '..=b'~' => bytes.push(b),
            _ => return None,
        }
    }
    Some((name.to_string(), bytes))
}

#[test]
fn written_corpus_equals_the_committed_one_and_checks_green() {
    let tmp = tempfile::tempdir().unwrap();
    let out = corpus("all", tmp.path());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let committed_root = support::workspace_root().join("corpus");
    let folders = lumpkit_testgen::all();
    assert!(!folders.is_empty());
    for (folder, samples) in &folders {
        let written = files(&tmp.path().join(folder));
        let committed = files(&committed_root.join(folder));
        assert_eq!(
            written.keys().collect::<Vec<_>>(),
            committed.keys().collect::<Vec<_>>(),
            "{folder}: another set of files than corpus/{folder}"
        );
        for (name, bytes) in &written {
            assert!(
                committed[name] == *bytes,
                "{folder}/{name} differs from corpus/"
            );
        }
        // expect.tsv (and targets.tsv when a sample names engines) plus one file per sample.
        let manifests = 1 + usize::from(lumpkit_testgen::targets_tsv(samples).is_some());
        assert_eq!(written.len(), samples.len() + manifests, "{folder}");
    }

    // The written folder: every sample meets its recorded expectation, dictionaries included.
    let check = Command::new(support::lumpkit_bin())
        .arg("check")
        .arg(tmp.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&check.stdout);
    assert!(check.status.success(), "{stdout}");
    let dicts = folders
        .iter()
        .filter(|(f, _)| !lumpkit_formats::dictionary::tokens(f).is_empty())
        .count();
    let total: usize = folders.iter().map(|(_, s)| s.len()).sum::<usize>() + dicts;
    let want = format!("{total} of {total} files as expected, 0 not");
    assert!(stdout.contains(&want), "want `{want}` in:\n{stdout}");
}

#[test]
fn dictionaries_are_valid_syntax_and_hold_the_formats_tokens() {
    let tmp = tempfile::tempdir().unwrap();
    assert!(corpus("all", tmp.path()).status.success());
    let mut checked = 0;
    for (folder, _) in lumpkit_testgen::all() {
        let tokens = lumpkit_formats::dictionary::tokens(folder);
        let path = tmp.path().join(format!("{folder}.dict"));
        if tokens.is_empty() {
            assert!(!path.exists(), "{folder}: a dictionary with no tokens");
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let mut entries = Vec::new();
        for line in text.lines() {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let parsed = parse_dict_line(line)
                .unwrap_or_else(|| panic!("{folder}.dict: invalid line {line:?}"));
            entries.push(parsed);
        }
        let want: Vec<(String, Vec<u8>)> = tokens
            .iter()
            .map(|t| (t.name.to_string(), t.bytes.to_vec()))
            .collect();
        assert_eq!(entries, want, "{folder}.dict");
        checked += entries.len();
    }
    assert!(checked > 30, "only {checked} dictionary entries");
}

#[test]
fn one_format_writes_only_that_format() {
    let tmp = tempfile::tempdir().unwrap();
    let out = corpus("blp", tmp.path());
    assert!(out.status.success());
    let written = files(tmp.path());
    assert!(written.contains_key("blp.dict"));
    assert!(written.contains_key("expect.tsv"));
    assert!(
        written
            .keys()
            .all(|k| k.starts_with("blp") || k == "expect.tsv"),
        "{:?}",
        written.keys().collect::<Vec<_>>()
    );
    // A second format into the same folder keeps the first's dictionary listed.
    assert!(corpus("wad", tmp.path()).status.success());
    let manifest = std::fs::read_to_string(tmp.path().join("expect.tsv")).unwrap();
    assert!(manifest.contains("blp.dict\tok\tlumpkit-unknown-format"));
    assert!(manifest.contains("wad.dict\tok\tlumpkit-unknown-format"));
}

#[test]
fn an_unknown_format_is_a_usage_error() {
    let tmp = tempfile::tempdir().unwrap();
    let out = corpus("gif", tmp.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("one of"));
    assert!(std::fs::read_dir(tmp.path()).unwrap().next().is_none());
}

#[test]
fn the_dictionary_line_parser_rejects_bad_syntax() {
    assert_eq!(
        parse_dict_line(r#"a_1="MPQ\x1a\\\"""#),
        Some(("a_1".into(), b"MPQ\x1a\\\"".to_vec()))
    );
    for bad in [
        r#"="x""#,
        r#"a b="x""#,
        r#"a="x"#,
        r#"a="x"y""#,
        r#"a="\q""#,
        r#"a="\x4""#,
    ] {
        assert_eq!(parse_dict_line(bad), None, "{bad}");
    }
}
