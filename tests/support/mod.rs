//! Helpers shared by the workspace-level integration tests.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The workspace root (these tests are compiled as part of `crates/lumpkit-cli`).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// `../shared/corpus/<format>` when it exists. When it does not, prints a notice and returns `None`
/// (the test then skips), unless `LUMPKIT_REQUIRE_SHARED_CORPUS=1`, when a missing corpus fails.
pub fn shared_corpus(format: &str) -> Option<PathBuf> {
    let dir = shared_dir()?.join("corpus").join(format);
    if dir.is_dir() {
        return Some(dir);
    }
    missing(&dir.display().to_string())
}

/// The rows of `../shared/corpus/<format>/expected.tsv` and the folder they name files in, under
/// the same skip/require rule as [`shared_corpus`]. A file with no rows fails the test.
pub fn shared_facts(format: &str) -> Option<(PathBuf, Vec<Fact>)> {
    let dir = shared_corpus(format)?;
    let facts = read_facts(&dir.join("expected.tsv"));
    assert!(!facts.is_empty(), "{format}: expected.tsv lists no facts");
    Some((dir, facts))
}

/// `../shared/<rel>` (e.g. `refs/blp`, `palettes/quake.lmp`) under the same skip/require rule.
pub fn shared_path(rel: &str) -> Option<PathBuf> {
    let p = shared_dir()?.join(rel);
    if p.exists() {
        return Some(p);
    }
    missing(&p.display().to_string())
}

fn shared_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("LUMPKIT_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("../shared"));
    if dir.is_dir() {
        return Some(dir);
    }
    missing(&dir.display().to_string())
}

fn missing(what: &str) -> Option<PathBuf> {
    if std::env::var("LUMPKIT_REQUIRE_SHARED_CORPUS").is_ok_and(|v| v == "1") {
        panic!("{what} is missing and LUMPKIT_REQUIRE_SHARED_CORPUS=1");
    }
    eprintln!("notice: {what} not found; skipping tests against the shared real-world corpus");
    None
}

/// One row of a shared `expected.tsv`.
#[derive(Clone, Debug)]
pub struct Fact {
    pub file: String,
    pub kind: String,
    pub key: String,
    pub expected: String,
    pub reference: String,
}

/// Reads `expected.tsv` (header `file kind key expected reference`).
pub fn read_facts(path: &Path) -> Vec<Fact> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut c = l.split('\t').map(str::to_string);
            let mut next = || c.next().unwrap_or_default();
            Fact {
                file: next(),
                kind: next(),
                key: next(),
                expected: next(),
                reference: next(),
            }
        })
        .collect()
}

/// Lower-case hex sha256.
/// Files of `dir` with one of `extensions` (lower case; matched case-insensitively), sorted.
pub fn files_with_extensions(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| extensions.contains(&e.to_ascii_lowercase().as_str()))
        })
        .collect();
    found.sort();
    found
}

pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The `lumpkit` binary cargo built for these tests.
pub fn lumpkit_bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_lumpkit"))
}

/// Fails with every mismatch listed when `failures` is not empty; otherwise says how many facts of
/// `name`'s `expected.tsv` matched.
pub fn assert_facts_match(name: &str, total: usize, failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{name}: {}/{total} facts differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprintln!("{name} conformance: {total}/{total} facts match");
}

/// Checks every `entries` and `entry-sha256` row of `../shared/corpus/<format>/expected.tsv` through
/// the facade, as `conform.py` checks them through the CLI: `entries` counts the `entries` info
/// field (after `accept` has seen the archive's report), `entry-sha256` hashes what `extract`
/// writes under the row's name (`\\` read as `/`). The archive's path is in the context, as the CLI
/// passes it (MPQ maps are read as their game reads them, by name).
pub fn check_archive_facts(format: &str, accept: impl Fn(&str, &lumpkit::Report)) {
    let Some((dir, facts)) = shared_facts(format) else {
        return;
    };
    let handler = lumpkit::by_name(format).unwrap();
    let mut failures = Vec::new();
    let mut extracted: HashMap<String, HashMap<String, String>> = HashMap::new();
    for f in &facts {
        let path = dir.join(&f.file);
        let bytes = std::fs::read(&path).unwrap();
        let ctx = lumpkit::Context {
            path: Some(&path),
            ..lumpkit::Context::default()
        };
        let got = match f.kind.as_str() {
            "entries" => {
                let report = handler.inspect(&ctx, &bytes);
                accept(&f.file, &report);
                report.fields["entries"]
                    .as_array()
                    .unwrap()
                    .len()
                    .to_string()
            }
            "entry-sha256" => {
                let files = extracted
                    .entry(f.file.clone())
                    .or_insert_with(|| extracted_hashes(handler, &ctx, &bytes, &f.file));
                let name = f.key.trim_start_matches("entry=").replace('\\', "/");
                files
                    .get(&name)
                    .cloned()
                    .unwrap_or_else(|| "not extracted".into())
            }
            other => panic!("unknown fact kind {other}"),
        };
        if got != f.expected {
            failures.push(format!(
                "{} {} {}: want {} got {got}",
                f.file, f.kind, f.key, f.expected
            ));
        }
    }
    assert_facts_match(format, facts.len(), &failures);
}

/// Every member `extract` writes, by name, as sha256; `extract` must report no failure.
pub fn extracted_hashes(
    format: &dyn lumpkit::Format,
    ctx: &lumpkit::Context<'_>,
    bytes: &[u8],
    file: &str,
) -> HashMap<String, String> {
    let mut files = HashMap::new();
    let mut sink = |name: &str, item: lumpkit::Extracted<'_>| {
        if let lumpkit::Extracted::Bytes(b) = item {
            files.insert(name.to_string(), sha256_hex(&b));
        }
        Ok(())
    };
    let failures = format.extract(ctx, bytes, &mut sink).unwrap();
    assert!(failures.is_empty(), "{file}: {failures:?}");
    files
}
