//! The pre-commit hooks and the GitHub Action select files by extension; every extension a
//! registered format claims must be in their file pattern, so that a new format is checked in mod
//! repositories the day it is registered. (The hooks themselves run in .ci/steps/40-hosts.sh.)

use std::path::Path;

#[test]
fn hook_file_patterns_cover_every_registered_extension() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../.pre-commit-hooks.yaml");
    let hooks =
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let patterns: Vec<&str> = hooks
        .lines()
        .filter_map(|l| l.trim().strip_prefix("files:"))
        .map(str::trim)
        .collect();
    assert!(
        !patterns.is_empty(),
        "no `files:` pattern in .pre-commit-hooks.yaml"
    );
    for pattern in &patterns {
        // The pattern is `(?i)\.(ext|ext|…)$`: its alternatives are the extensions.
        let inner = pattern
            .split_once("\\.(")
            .and_then(|(_, rest)| rest.split_once(')'))
            .map(|(list, _)| list)
            .unwrap_or_else(|| panic!("unexpected pattern {pattern}"));
        let listed: Vec<&str> = inner.split('|').collect();
        let missing: Vec<String> = lumpkit::FORMATS
            .iter()
            .flat_map(|f| f.extensions().iter().map(move |e| (f.name(), e)))
            .filter(|(_, ext)| !listed.contains(ext))
            .map(|(format, ext)| format!("{ext} ({format})"))
            .collect();
        assert!(
            missing.is_empty(),
            "the hook pattern {pattern} leaves out extensions formats claim: {}",
            missing.join(", ")
        );
    }
}
