//! Checking a file and, recursively, the members of archives inside it, without extracting them.

use std::path::Path;

mod archive;
mod json_line;
pub mod walk;

pub use archive::{PARALLEL_BYTES, Spare};

pub use json_line::{JsonDiagnostic, JsonLine, Message};

use smallvec::SmallVec;

use crate::registry::{Sniffed, by_extension, extension_of, sniff_claimed};
use crate::rules::{EXTENSION_MISMATCH, NESTING_TOO_DEEP, UNKNOWN_FORMAT};
use crate::{ChildContent, Context, Diagnostics, Report, UnpackBudget};

/// How deep archives inside archives are opened (a PBO inside a PAK is depth 1).
pub const MAX_NESTING: u32 = 4;

/// One checked file or archive member, named `archive!inner/path` for members.
#[derive(Debug)]
pub struct Checked {
    /// Display path (members joined with `!`).
    pub path: String,
    /// Where in `path` each `!` that joins a member to its parent sits, outermost first (empty for a
    /// file on disk). Names may themselves hold `!` (WoW's `!BugGrabber`), so the chain of names is
    /// cut at these positions, never at every `!`: see [`Checked::location`]. Kept as positions
    /// rather than names so that a member costs no allocation for them.
    pub joins: Joins,
    /// What was found.
    pub report: Report,
    /// Size in bytes.
    pub size: u64,
}

/// Positions of the `!` joins in a [`Checked::path`]; inline up to three levels of nesting.
pub type Joins = SmallVec<[usize; 3]>;

impl Checked {
    /// The chain of names down to this one: the file as named on disk, then each member's own name
    /// as its archive stores it. JSON's `location` array and SARIF's logical locations print it.
    pub fn location(&self) -> impl Iterator<Item = &str> {
        let starts = std::iter::once(0).chain(self.joins.iter().map(|j| j.saturating_add(1)));
        let ends = self
            .joins
            .iter()
            .copied()
            .chain(std::iter::once(self.path.len()));
        starts
            .zip(ends)
            .map(|(start, end)| self.path.get(start..end).unwrap_or_default())
    }

    /// The file on disk this result belongs to (the first name of [`Checked::location`]).
    pub fn file(&self) -> &str {
        let end = self.joins.first().copied().unwrap_or(self.path.len());
        self.path.get(..end).unwrap_or(&self.path)
    }

    /// The path of the archive (or folder file) this member sits in, `None` for a file on disk.
    pub fn parent(&self) -> Option<&str> {
        self.path.get(..*self.joins.last()?)
    }

    /// This member's own name as its archive stores it (the whole path for a file on disk).
    pub fn own_name(&self) -> &str {
        match self.joins.last() {
            Some(&j) => self.path.get(j.saturating_add(1)..).unwrap_or_default(),
            None => &self.path,
        }
    }
}

/// Checks `bytes` (named `name`: the file's path, or `archive!member`) and every member inside,
/// appending one [`Checked`] per file or member to `out`, parent first.
///
/// Everything decompressed inside the file comes out of one [`UnpackBudget`] (the caller's, or a new
/// one of `ctx.limits.max_unpacked` bytes), so nested archives cannot multiply the limit.
///
/// ```
/// use lumpkit::check::{JsonLine, check_tree};
/// use lumpkit::{Context, Status};
///
/// let wal = lumpkit_testgen::wal::wal("e1u1/floor", 16, 16);
/// let file = lumpkit_testgen::pak::pak(&[(b"textures/floor.wal", &wal)]);
/// let ctx = Context { brief: true, ..Context::default() }; // as `check`: no info fields
/// let mut results = Vec::new();
/// check_tree(&ctx, "mod/pak0.pak", &file, &mut results);
/// let paths: Vec<&str> = results.iter().map(|c| c.path.as_str()).collect();
/// assert_eq!(paths, ["mod/pak0.pak", "mod/pak0.pak!textures/floor.wal"]);
/// assert!(results.iter().all(|c| c.report.status() == Status::Ok));
/// assert_eq!(results[1].location().collect::<Vec<_>>(), ["mod/pak0.pak", "textures/floor.wal"]);
/// // The record `lumpkit check --json` prints for it.
/// let line = serde_json::to_string(&JsonLine::new(&results[1], None))?;
/// assert!(line.starts_with(r#"{"path":"mod/pak0.pak!textures/floor.wal","location":"#));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_tree(ctx: &Context<'_>, name: &str, bytes: &[u8], out: &mut Vec<Checked>) {
    check_tree_on(ctx, name, bytes, out, None);
}

/// [`check_tree`] with threads to lend: the members of a large archive are read on the threads
/// `spare` has free when it gets to them ([`Spare`]). The output is the same on any number.
pub fn check_tree_on(
    ctx: &Context<'_>,
    name: &str,
    bytes: &[u8],
    out: &mut Vec<Checked>,
    spare: Option<&Spare>,
) {
    let own_budget;
    let ctx = match ctx.budget {
        Some(_) => *ctx,
        None => {
            own_budget = UnpackBudget::for_file(&ctx.limits, bytes.len() as u64);
            Context {
                budget: Some(&own_budget),
                ..*ctx
            }
        }
    };
    walk(&ctx, name.to_string(), Joins::new(), bytes, 0, out, spare);
}

/// Checks one file or member called `name`, joined to its parents at `joins` (its own name, the
/// part that has its extension, starts after the last join). An archive's members may be read on
/// threads `spare` lends.
fn walk(
    ctx: &Context<'_>,
    name: String,
    joins: Joins,
    bytes: &[u8],
    depth: u32,
    out: &mut Vec<Checked>,
    spare: Option<&Spare>,
) {
    let own = joins.last().map_or(0, |j| j.saturating_add(1));
    let own_name = name.get(own..).unwrap_or_default();
    let claimed = extension_of(own_name).and_then(by_extension);
    let sniffed = sniff_claimed(bytes, claimed);
    let Sniffed::Known(format) = sniffed else {
        // Most members of a large archive end here; their entry is built in one go.
        out.push(not_ours(name, joins, sniffed, claimed, bytes.len() as u64));
        return;
    };
    if let Some(opened) = format.open_members(ctx, bytes) {
        let archive = archive::Archive {
            format,
            claimed: rival_claim(own_name, claimed, format),
            name,
            joins,
            bytes,
            depth,
            spare,
        };
        archive::walk_archive(ctx, archive, opened, out);
        return;
    }
    let (mut report, children) = format.inspect_with_children(ctx, bytes);
    let mut children = children.unwrap_or_default();
    if depth >= MAX_NESTING && !children.is_empty() {
        report.diagnostics.push(NESTING_TOO_DEEP.here([
            u64::from(depth),
            u64::from(MAX_NESTING),
            0,
        ]));
        children.clear();
    }
    if let Some(claimed) = rival_claim(own_name, claimed, format) {
        report.diagnostics.insert(0, misnamed(claimed));
    }
    // Members are named after the parent; only archives pay for keeping a copy of the name.
    let parent = if children.is_empty() {
        String::new()
    } else {
        name.clone()
    };
    let mut child_joins = joins.clone();
    child_joins.push(parent.len());
    out.push(Checked {
        path: name,
        joins,
        report,
        size: bytes.len() as u64,
    });
    out.reserve(children.len());
    // A member has no path on disk: formats that read sibling files (BLP0) look for them in the
    // archive, where the game does, not next to it.
    let member_ctx = Context {
        path: None,
        container: Some(crate::format::Container { format, bytes }),
        ..*ctx
    };
    for child in children {
        let mut child_name = String::with_capacity(parent.len() + 1 + child.name.len());
        child_name.push_str(&parent);
        child_name.push('!');
        child_name.push_str(&child.name);
        match child.content {
            ChildContent::Bytes(data) => {
                let named = Context {
                    member_name: Some(&child.name),
                    ..member_ctx
                };
                walk(
                    &named,
                    child_name,
                    child_joins.clone(),
                    &data,
                    depth + 1,
                    out,
                    spare,
                );
            }
            ChildContent::Report(report) => {
                out.push(Checked {
                    path: child_name,
                    joins: child_joins.clone(),
                    report: *report,
                    size: 0,
                });
            }
            ChildContent::Failed(error) => {
                let mut report = Report::new("unknown");
                report.fail(*error);
                out.push(Checked {
                    path: child_name,
                    joins: child_joins.clone(),
                    report,
                    size: 0,
                });
            }
        }
    }
}

/// The format `own_name`'s extension claims when the content is another `format` that does not
/// also carry that extension ([`crate::Format::shared_extensions`]): the claim a mismatch is
/// reported against.
pub(super) fn rival_claim(
    own_name: &str,
    claimed: Option<&'static dyn crate::Format>,
    format: &dyn crate::Format,
) -> Option<&'static dyn crate::Format> {
    let shared = extension_of(own_name).is_some_and(|e| {
        format
            .shared_extensions()
            .iter()
            .any(|s| s.eq_ignore_ascii_case(e))
    });
    claimed.filter(|c| c.name() != format.name() && !shared)
}

/// `lumpkit-extension-mismatch` for content that is not the `claimed` format its extension names,
/// as bad as that format's engines make it.
pub(super) fn misnamed(claimed: &dyn crate::Format) -> lumpkit_formats::Diagnostic {
    EXTENSION_MISMATCH
        .at(0)
        .with_severity(claimed.misnamed_severity())
}

/// The result for content that is none of our formats: a foreign format (PNG, ZIP, text…) by
/// name, or `unknown`; `claimed` is the format its extension names, if one of ours.
fn not_ours(
    path: String,
    joins: Joins,
    sniffed: Sniffed,
    claimed: Option<&dyn crate::Format>,
    size: u64,
) -> Checked {
    let (format, unknown) = match sniffed {
        Sniffed::Foreign(name) => (name, false),
        _ => ("unknown", true),
    };
    let mut diagnostics = Diagnostics::new();
    if let Some(claimed) = claimed {
        diagnostics.push(misnamed(claimed));
    }
    if unknown {
        diagnostics.push(UNKNOWN_FORMAT.here([0; 3]));
    }
    Checked {
        path,
        joins,
        report: Report::with_diagnostics(format, diagnostics),
        size,
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
    check_file_on(ctx, path, mode, None)
}

/// [`check_file`] with threads to lend to a large archive's members ([`check_tree_on`]).
pub fn check_file_on(
    ctx: &Context<'_>,
    path: &Path,
    mode: crate::OpenMode,
    spare: Option<&Spare>,
) -> CheckedFile {
    let start = std::time::Instant::now();
    let name = path.display().to_string();
    let mut checked = Vec::new();
    let io_error = match crate::Input::open(path, mode) {
        Ok(input) => {
            let ctx = Context {
                path: Some(path),
                ..*ctx
            };
            check_tree_on(&ctx, &name, &input, &mut checked, spare);
            None
        }
        Err(e) => {
            let mut report = Report::new("unknown");
            report
                .diagnostics
                .push(crate::rules::UNREADABLE.here([0; 3]));
            checked.push(Checked {
                path: name,
                joins: Joins::new(),
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
