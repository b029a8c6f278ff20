//! The shared real-world corpus (`../shared/corpus/<format>`) for this crate's tests, under the
//! workspace's skip rule: absent, the tests skip with a notice, unless
//! `LUMPKIT_REQUIRE_SHARED_CORPUS=1` makes that a failure.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::path::{Path, PathBuf};

/// `../shared/corpus/<format>` (or under `$LUMPKIT_SHARED`), when it exists.
pub fn shared_corpus(format: &str) -> Option<PathBuf> {
    let shared = std::env::var_os("LUMPKIT_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"));
    let dir = shared.join("corpus").join(format);
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(
        !std::env::var("LUMPKIT_REQUIRE_SHARED_CORPUS").is_ok_and(|v| v == "1"),
        "{} is missing and LUMPKIT_REQUIRE_SHARED_CORPUS=1",
        dir.display()
    );
    eprintln!(
        "notice: {} not found; skipping tests against the shared real-world corpus",
        dir.display()
    );
    None
}

/// The reference sha256 `expected.tsv` gives for member `name` of `file`.
pub fn expected_sha256(dir: &Path, file: &str, name: &str) -> String {
    let text = std::fs::read_to_string(dir.join("expected.tsv")).unwrap();
    let key = format!("entry={name}");
    text.lines()
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .find(|c| c.len() >= 4 && c[0] == file && c[1] == "entry-sha256" && c[2] == key)
        .map(|c| c[3].to_string())
        .unwrap_or_else(|| panic!("no sha256 fact for {file} {name}"))
}
