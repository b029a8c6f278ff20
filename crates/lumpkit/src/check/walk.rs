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
