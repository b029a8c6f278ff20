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

use lumpkit::check::walk::MANIFESTS;

/// The manifest's file name (`expect.tsv`) and header line.
pub const MANIFEST: &str = MANIFESTS[0].0;
const HEADER: &str = MANIFESTS[0].1;
/// The per-engine verdicts `lumpkit-testgen` writes beside `expect.tsv` (`targets.tsv`:
/// `file<TAB>target<TAB>status`).
pub const TARGETS_MANIFEST: &str = MANIFESTS[1].0;

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
    /// Loads the manifest of each folder in `dirs` that has one. Under `targets` (engine names),
    /// a file that `targets.tsv` gives verdicts for any of them is expected to have their worst.
    pub fn load<'a>(dirs: impl Iterator<Item = &'a Path>, targets: &[&str]) -> Expectations {
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
                let mut m = m;
                if !targets.is_empty()
                    && let Ok(text) = std::fs::read_to_string(dir.join(TARGETS_MANIFEST))
                {
                    apply_targets(&mut m, &text, targets);
                }
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

/// Overrides the recorded status of every file that `targets.tsv` (`file<TAB>target<TAB>status`)
/// gives a verdict under one of `targets`: the worst of those verdicts (the codes stay the same).
fn apply_targets(manifest: &mut Manifest, text: &str, targets: &[&str]) {
    let mut worst: HashMap<&str, Status> = HashMap::new();
    for line in text.lines().skip(1) {
        let mut cols = line.split('\t');
        let (Some(file), Some(target), Some(status)) = (cols.next(), cols.next(), cols.next())
        else {
            continue;
        };
        let status = match status {
            "ok" => Status::Ok,
            "warning" => Status::Warning,
            "error" => Status::Error,
            _ => continue,
        };
        if targets.contains(&target) {
            let slot = worst.entry(file).or_insert(status);
            *slot = (*slot).max(status);
        }
    }
    for (file, status) in worst {
        if let Some(e) = manifest.files.get_mut(file)
            && e.status.is_some()
        {
            e.status = Some(status);
        }
    }
}

/// Whether `path` is a manifest (`expect.tsv`, or `targets.tsv` beside it, each with its header):
/// the facade's rule, which the bindings share.
pub fn is_manifest(path: &Path) -> bool {
    lumpkit::check::walk::is_manifest(path)
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
    fn targets_override_the_recorded_status() {
        let mut m = parse("file\tstatus\tcodes\na.bsp\twarning\tbsp-limit-exceeded\nb.bsp\tok\t\n")
            .unwrap();
        let tsv = "file\ttarget\tstatus\na.bsp\tquake\terror\na.bsp\tquakespasm\tok\n";
        apply_targets(&mut m, tsv, &["quakespasm"]);
        assert_eq!(m.files["a.bsp"].status, Some(Status::Ok));
        apply_targets(&mut m, tsv, &["quakespasm", "quake"]);
        assert_eq!(m.files["a.bsp"].status, Some(Status::Error));
        assert_eq!(m.files["b.bsp"].status, Some(Status::Ok));
    }

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
