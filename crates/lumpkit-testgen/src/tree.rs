//! A folder tree of generated files for whole-scan tests and benchmarks: every sample of every
//! format, copied into many sub-folders, with the exact status `check` must report for each path.

use std::io;
use std::path::Path;

use crate::{Sample, pbo};

/// One path `check --json` must print, and its status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected {
    /// The path as `check` prints it (archive members joined with `!`).
    pub path: String,
    /// `ok`, `warning` or `error`.
    pub status: &'static str,
}

/// Writes `copies` copies of every sample under `root/<n>/<folder>/`, and per copy a PBO holding
/// every sample whose outcome does not depend on its location (stored and LZSS-compressed entries)
/// and that PBO again inside another (an archive inside an archive). Returns what `check` must
/// report for each file and member, with paths as `root`-joined display strings.
pub fn build(root: &Path, copies: usize) -> io::Result<Vec<Expected>> {
    let all = crate::all();
    let mut expected = Vec::new();
    for n in 0..copies {
        for (folder, samples) in &all {
            let dir = root.join(format!("{n:04}")).join(folder);
            std::fs::create_dir_all(&dir)?;
            for s in samples {
                let path = dir.join(&s.name);
                std::fs::write(&path, &s.bytes)?;
                expected.push(Expected {
                    path: path.display().to_string(),
                    status: s.status,
                });
            }
        }
    }
    Ok(expected)
}
