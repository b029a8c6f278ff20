//! Shared helpers for the benchmarks in `benches/`: finding the shared real-world corpus.
#![forbid(unsafe_code)]

use std::path::PathBuf;

/// `../shared/corpus/<format>` relative to the workspace root, when present. Benchmarks skip a
/// format whose files are absent.
pub fn shared_corpus(format: &str) -> Option<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus").join(format);
    root.is_dir().then_some(root)
}

/// Every file in `dir` with the given extension, sorted, with its bytes.
pub fn files_with_extension(dir: &std::path::Path, ext: &str) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case(ext)))
        .filter_map(|p| Some((p.file_name()?.to_string_lossy().into_owned(), std::fs::read(&p).ok()?)))
        .collect();
    out.sort();
    out
}
