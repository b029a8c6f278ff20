//! Checking a file and, recursively, the members of archives inside it, without extracting them.

use std::path::Path;

use crate::registry::{Sniffed, by_extension_str, extension_of, sniff_claimed};
use crate::rules::{EXTENSION_MISMATCH, NESTING_TOO_DEEP, UNKNOWN_FORMAT};
use crate::{ChildContent, Context, Report};

/// How deep archives inside archives are opened (a PBO inside a PAK is depth 1).
pub const MAX_NESTING: u32 = 4;

/// One checked file or archive member, named `archive!inner/path` for members.
#[derive(Debug)]
pub struct Checked {
    /// Display path (members joined with `!`).
    pub path: String,
    /// What was found.
    pub report: Report,
    /// Size in bytes.
    pub size: u64,
}

/// Checks `bytes` (named `name`: the file's path, or `archive!member`) and every member inside,
/// appending one [`Checked`] per file or member to `out`, parent first.
pub fn check_tree(ctx: &Context<'_>, name: &str, bytes: &[u8], out: &mut Vec<Checked>) {
    walk(ctx, name.to_string(), bytes, 0, out);
}

fn walk(ctx: &Context<'_>, name: String, bytes: &[u8], depth: u32, out: &mut Vec<Checked>) {
    // The extension that matters is the member's own (after the last `!`).
    let own_name = name.rsplit('!').next().unwrap_or(&name);
    let claimed = extension_of(own_name).and_then(by_extension_str);
    let sniffed = sniff_claimed(bytes, claimed);
    let (mut report, children) = match sniffed {
        Sniffed::Known(format) if depth < MAX_NESTING => {
            let (report, children) = format.inspect_with_children(ctx, bytes);
            (report, children.ok())
        }
        Sniffed::Known(format) => {
            let mut report = format.inspect(ctx, bytes);
            if format.children(ctx, bytes).is_ok_and(|c| !c.is_empty()) {
                report.diagnostics.push(NESTING_TOO_DEEP.here([
                    u64::from(depth),
                    u64::from(MAX_NESTING),
                    0,
                ]));
            }
            (report, None)
        }
        Sniffed::Foreign(n) => (Report::new(n), None),
        Sniffed::Unknown => {
            let mut r = Report::new("unknown");
            r.diagnostics.push(UNKNOWN_FORMAT.here([0; 3]));
            (r, None)
        }
    };
    let content_format = match sniffed {
        Sniffed::Known(f) => Some(f.name()),
        _ => None,
    };
    if let Some(claimed) = claimed
        && Some(claimed.name()) != content_format
    {
        report.diagnostics.insert(0, EXTENSION_MISMATCH.at(0));
    }
    let children = children.unwrap_or_default();
    // Members are named after the parent; only archives pay for keeping a copy of the name.
    let parent = if children.is_empty() {
        String::new()
    } else {
        name.clone()
    };
    out.push(Checked {
        path: name,
        report,
        size: bytes.len() as u64,
    });
    out.reserve(children.len());
    for child in children {
        let mut child_name = String::with_capacity(parent.len() + 1 + child.name.len());
        child_name.push_str(&parent);
        child_name.push('!');
        child_name.push_str(&child.name);
        match child.content {
            // A member has no path on disk: formats that read sibling files (BLP0) must not look
            // next to the archive.
            ChildContent::Bytes(data) => {
                let member_ctx = Context { path: None, ..*ctx };
                walk(&member_ctx, child_name, &data, depth + 1, out);
            }
            ChildContent::Report(report) => {
                out.push(Checked {
                    path: child_name,
                    report: *report,
                    size: 0,
                });
            }
            ChildContent::Failed(error) => {
                let mut report = Report::new("unknown");
                report.fail(error);
                out.push(Checked {
                    path: child_name,
                    report,
                    size: 0,
                });
            }
        }
    }
}

/// The result for one file on disk: its own entry and its members', with the time it took.
#[derive(Debug)]
pub struct CheckedFile {
    /// The file and its members, parent first.
    pub checked: Vec<Checked>,
    /// The OS reason when the file could not be read.
    pub io_error: Option<String>,
    /// Wall time spent on the file.
    pub elapsed: std::time::Duration,
}

/// Opens `path` (mapped or read, as `mode` says) and checks it with [`check_tree`]. A file that
/// cannot be read gets one `lumpkit-unreadable` entry and the OS reason.
pub fn check_file(ctx: &Context<'_>, path: &Path, mode: crate::OpenMode) -> CheckedFile {
    let start = std::time::Instant::now();
    let name = path.display().to_string();
    let mut checked = Vec::new();
    let io_error = match crate::Input::open(path, mode) {
        Ok(input) => {
            let ctx = Context {
                path: Some(path),
                ..*ctx
            };
            check_tree(&ctx, &name, &input, &mut checked);
            None
        }
        Err(e) => {
            let mut report = Report::new("unknown");
            report
                .diagnostics
                .push(crate::rules::UNREADABLE.here([0; 3]));
            checked.push(Checked {
                path: name,
                report,
                size: 0,
            });
            Some(e.to_string())
        }
    };
    CheckedFile {
        checked,
        io_error,
        elapsed: start.elapsed(),
    }
}
