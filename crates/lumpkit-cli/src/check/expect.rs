//! Recorded expectations: a folder may hold an `expect.tsv` manifest (`file<TAB>status<TAB>codes`,
//! as `lumpkit-testgen` writes beside the bundled corpus) saying what `check` must report for each
//! of its files. A listed file then counts against the exit status only when its result differs
//! from the record, so a corpus of deliberately broken files checks green while still proving every
//! verdict; the manifest itself is not checked. A `*` row covers every unlisted file of the folder,
//! and the status `any` accepts every verdict (fuzz reproducers, whose only promise is no crash).

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};

use lumpkit::Status;
use lumpkit::report::Report;

/// The manifest's file name.
pub const MANIFEST: &str = "expect.tsv";
const HEADER: &str = "file\tstatus\tcodes";
/// The per-engine verdicts `lumpkit-testgen` writes beside `expect.tsv` (`file<TAB>target<TAB>status`).
pub const TARGETS_MANIFEST: &str = "targets.tsv";
const TARGETS_HEADER: &str = "file\ttarget\tstatus";

/// What a manifest records for one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expectation {
    /// Required status; `None` accepts any.
    pub status: Option<Status>,
    /// Exactly these diagnostic codes, when the status is not `any`.
    pub codes: BTreeSet<String>,
}

impl Expectation {
    /// Whether `report`, judged `status`, is what was recorded.
    pub fn met_by(&self, report: &Report, status: Status) -> bool {
        match self.status {
            None => true,
            Some(want) => {
                let codes: BTreeSet<String> = report
                    .diagnostics
                    .iter()
                    .map(|d| d.code().to_string())
                    .collect();
                want == status && codes == self.codes
            }
        }
    }

    /// The recorded status as text.
    pub fn status_str(&self) -> &'static str {
        self.status.map_or("any", Status::as_str)
    }
}

#[derive(Debug, Default)]
struct Manifest {
    files: HashMap<String, Expectation>,
    rest: Option<Expectation>,
}

/// Manifests of every folder that holds checked files.
#[derive(Debug, Default)]
pub struct Expectations {
    by_dir: HashMap<PathBuf, Manifest>,
}

impl Expectations {
    /// Loads the manifest of each folder in `dirs` that has one.
    pub fn load<'a>(dirs: impl Iterator<Item = &'a Path>) -> Expectations {
        let mut by_dir = HashMap::new();
        // Each folder is looked at once, with a manifest or without.
        let mut seen = HashSet::new();
        for dir in dirs {
            if !seen.insert(dir) {
                continue;
            }
            if let Some(m) = std::fs::read_to_string(dir.join(MANIFEST))
                .ok()
                .as_deref()
                .and_then(parse)
            {
                by_dir.insert(dir.to_path_buf(), m);
            }
        }
        Expectations { by_dir }
    }

    /// The expectation recorded for `path`, if its folder has a manifest that covers it.
    pub fn get(&self, path: &Path) -> Option<&Expectation> {
        let manifest = self.by_dir.get(path.parent()?)?;
        let name = path.file_name()?.to_str()?;
        manifest.files.get(name).or(manifest.rest.as_ref())
    }
}

/// Whether `path` is a manifest (named `expect.tsv` and starting with the manifest header, or
/// `targets.tsv`, the per-engine verdicts beside it, starting with its header).
pub fn is_manifest(path: &Path) -> bool {
    let header = match path.file_name().and_then(|n| n.to_str()) {
        Some(MANIFEST) => HEADER,
        Some(TARGETS_MANIFEST) => TARGETS_HEADER,
        _ => return false,
    };
    std::fs::read_to_string(path).is_ok_and(|t| t.lines().next() == Some(header))
}

fn parse(text: &str) -> Option<Manifest> {
    let mut lines = text.lines();
    if lines.next()? != HEADER {
        return None;
    }
    let mut m = Manifest::default();
    for line in lines.filter(|l| !l.trim().is_empty()) {
        let mut cols = line.split('\t');
        let (file, status, codes) = (cols.next()?, cols.next()?, cols.next().unwrap_or(""));
        let status = match status {
            "ok" => Some(Status::Ok),
            "warning" => Some(Status::Warning),
            "error" => Some(Status::Error),
            "any" => None,
            _ => return None,
        };
        let codes = codes
            .split(',')
            .filter(|c| !c.is_empty())
            .map(str::to_string)
            .collect();
        let e = Expectation { status, codes };
        if file == "*" {
            m.rest = Some(e);
        } else {
            m.files.insert(file.to_string(), e);
        }
    }
    Some(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_rows_wildcards_and_any() {
        let m = parse("file\tstatus\tcodes\na.blp\twarning\tblp-x,blp-y\n*\tany\t\n").unwrap();
        let a = &m.files["a.blp"];
        assert_eq!(a.status, Some(Status::Warning));
        assert_eq!(a.codes.len(), 2);
        assert_eq!(m.rest.as_ref().unwrap().status, None);
        assert!(parse("nope\n").is_none());
        assert!(parse("file\tstatus\tcodes\na\tbad\t\n").is_none());
    }
}
