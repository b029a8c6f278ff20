//! Finding the files to check: folders walked recursively in a stable (sorted) order.

use std::path::{Path, PathBuf};

use crate::Fatal;

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
/// with `follow_links` (walkdir detects loops). A path that does not exist is a usage error.
pub fn collect(paths: &[PathBuf], follow_links: bool) -> Result<Vec<Found>, Fatal> {
    let mut files = Vec::new();
    for root in paths {
        if !root.exists() && root.symlink_metadata().is_err() {
            return Err(Fatal(format!("{}: no such file or folder", root.display())));
        }
        if root.is_dir() {
            walk_dir(root, follow_links, &mut files);
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

fn walk_dir(root: &Path, follow_links: bool, files: &mut Vec<Found>) {
    let walker = walkdir::WalkDir::new(root)
        .follow_links(follow_links)
        .sort_by_file_name();
    for entry in walker {
        match entry {
            // A folder's `expect.tsv` is read as its manifest, not checked as a file. FIFOs, sockets
            // and devices are listed too: opening refuses them, so each is reported, not skipped.
            Ok(e) if is_listed(e.file_type()) && !super::expect::is_manifest(e.path()) => files
                .push(Found {
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
