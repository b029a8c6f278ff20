//! Finding the files to check: folders walked recursively in a stable (sorted) order.
//!
//! The CLI's `check`, the Python binding and anything else that checks a tree walk it the same way,
//! so that their results list the same files in the same order.

use std::path::{Path, PathBuf};

/// A file to check.
#[derive(Debug)]
pub struct Found {
    /// Its path as given or found.
    pub path: PathBuf,
    /// The folder argument it was found in (`None` for a file given by name): output names it
    /// relative to that.
    pub root: Option<PathBuf>,
}

/// Expands `paths` into files. Folders are walked recursively; symbolic links are followed only
/// with `follow_links` (walkdir detects loops). Files inside a folder for which `skip` says yes are
/// left out (the CLI skips its `expect.tsv` manifests); a file named directly is always listed.
///
/// A path that does not exist is an error of kind `NotFound` naming it.
pub fn collect(
    paths: &[PathBuf],
    follow_links: bool,
    skip: impl Fn(&Path) -> bool,
) -> std::io::Result<Vec<Found>> {
    let mut files = Vec::new();
    for root in paths {
        if !root.exists() && root.symlink_metadata().is_err() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("{}: no such file or folder", root.display()),
            ));
        }
        if root.is_dir() {
            walk_dir(root, follow_links, &skip, &mut files);
        } else {
            files.push(Found {
                path: root.clone(),
                root: None,
            });
        }
    }
    Ok(files)
}

/// Regular files and special files (reported as unreadable); not folders, nor links the walk does
/// not follow.
fn is_listed(kind: std::fs::FileType) -> bool {
    !kind.is_dir() && !kind.is_symlink()
}

fn walk_dir(root: &Path, follow_links: bool, skip: &dyn Fn(&Path) -> bool, files: &mut Vec<Found>) {
    let walker = walkdir::WalkDir::new(root)
        .follow_links(follow_links)
        .sort_by_file_name();
    for entry in walker {
        match entry {
            // FIFOs, sockets and devices are listed too: opening refuses them, so each is reported,
            // not skipped.
            Ok(e) if is_listed(e.file_type()) && !skip(e.path()) => files.push(Found {
                path: e.into_path(),
                root: Some(root.to_path_buf()),
            }),
            Ok(_) => {}
            // An unreadable folder or a link loop: report the path so it is not silently skipped.
            Err(e) => {
                if let Some(p) = e.path() {
                    files.push(Found {
                        path: p.to_path_buf(),
                        root: Some(root.to_path_buf()),
                    });
                }
            }
        }
    }
}

/// The manifests `check` reads beside the files of a folder instead of checking them, by file name
/// and first line: `expect.tsv` (each file's expected verdict) and `targets.tsv` (its verdict per
/// engine). The CLI, the Python binding and the browser build all leave them out of a walk by this
/// one rule.
pub const MANIFESTS: [(&str, &str); 2] = [
    ("expect.tsv", "file\tstatus\tcodes"),
    ("targets.tsv", "file\ttarget\tstatus"),
];

/// Whether a file named `name` (a path; only its last component counts) holding `bytes` is one of
/// the [`MANIFESTS`].
pub fn is_manifest_content(name: &str, bytes: &[u8]) -> bool {
    let own = name.rsplit(['/', '\\']).next().unwrap_or(name);
    MANIFESTS.iter().any(|(file, header)| {
        own == *file
            && bytes.starts_with(header.as_bytes())
            && matches!(bytes.get(header.len()), None | Some(b'\n' | b'\r'))
    })
}

/// Whether the file at `path` is one of the [`MANIFESTS`] (read only when its name is one).
pub fn is_manifest(path: &Path) -> bool {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return false;
    };
    if !MANIFESTS.iter().any(|(file, _)| *file == name) {
        return false;
    }
    std::fs::read(path).is_ok_and(|bytes| is_manifest_content(name, &bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifests_by_name_and_header() {
        assert!(is_manifest_content(
            "a/expect.tsv",
            b"file\tstatus\tcodes\nx.blp\tok\t\n"
        ));
        assert!(is_manifest_content(
            "a\\targets.tsv",
            b"file\ttarget\tstatus\r\n"
        ));
        assert!(!is_manifest_content("a/expect.tsv", b"hello"));
        assert!(!is_manifest_content(
            "a/expect.tsv",
            b"file\tstatus\tcodesX"
        ));
        assert!(!is_manifest_content(
            "a/other.tsv",
            b"file\tstatus\tcodes\n"
        ));
        assert!(!is_manifest_content(
            "a/targets.tsv",
            b"file\tstatus\tcodes\n"
        ));
    }
}
