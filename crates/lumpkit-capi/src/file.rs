//! An opened file or archive member (`lumpkit_file`): its bytes, the report computed once when it
//! was opened (verdict, diagnostics, the `info --json` facts), its members, and its pictures.
//!
//! A handle is what `lumpkit info` says about one file: a member opened from an archive is
//! inspected as a file of that name with no folder around it, exactly as `check` descends into it.

use std::ffi::CString;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use lumpkit::format::Container;
use lumpkit::registry::{Sniffed, sniff};
use lumpkit::{ChildContent, Context, Format, Input, OpenMode, Report, Selection, UnpackBudget};

use crate::options::LumpkitOptions;
use crate::options::{LUMPKIT_OPEN_DECODE_PIXELS, LUMPKIT_OPEN_STRICT, LUMPKIT_OPEN_VIS};
use crate::status::{Failure, LumpkitStatus};
use crate::text::c_string;

/// Where a handle's bytes live: the file (mapped or read), or bytes made in memory (a copy of the
/// caller's, or a member decompressed out of an archive). Members stored in place share their
/// archive's bytes instead of copying them.
#[derive(Debug)]
enum Source {
    File(Input),
    Owned(Vec<u8>),
}

impl Source {
    fn bytes(&self) -> &[u8] {
        match self {
            Source::File(input) => input,
            Source::Owned(bytes) => bytes,
        }
    }
}

/// A range of a shared [`Source`].
#[derive(Clone, Debug)]
struct Bytes {
    source: Arc<Source>,
    start: usize,
    end: usize,
}

impl Bytes {
    fn whole(source: Source) -> Bytes {
        let end = source.bytes().len();
        Bytes {
            source: Arc::new(source),
            start: 0,
            end,
        }
    }

    fn get(&self) -> &[u8] {
        self.source
            .bytes()
            .get(self.start..self.end)
            .unwrap_or_default()
    }

    /// `part`, a slice of these bytes or a new buffer, as shared bytes: a slice of ours is a range
    /// of the same source (a member stored in place costs no copy), anything else is copied.
    fn part(&self, part: &[u8]) -> Bytes {
        let whole = self.get();
        let start = part.as_ptr().addr().checked_sub(whole.as_ptr().addr());
        match start {
            Some(start)
                if start
                    .checked_add(part.len())
                    .is_some_and(|end| end <= whole.len()) =>
            {
                let start = self.start.saturating_add(start);
                Bytes {
                    source: Arc::clone(&self.source),
                    start,
                    end: start.saturating_add(part.len()),
                }
            }
            _ => Bytes::whole(Source::Owned(part.to_vec())),
        }
    }
}

/// What a handle holds: its own bytes, or a container and the name of one of its entries that has
/// no bytes of its own (a WAD or BSP texture, decoded by the container's format).
enum Content {
    Own {
        bytes: Bytes,
        format: Option<&'static dyn Format>,
    },
    Entry {
        container: Bytes,
        format: &'static dyn Format,
        name: String,
    },
}

impl std::fmt::Debug for Content {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Content::Own { bytes, format } => f
                .debug_struct("Own")
                .field("len", &bytes.get().len())
                .field("format", &format.map(|f| f.name()))
                .finish(),
            Content::Entry { format, name, .. } => f
                .debug_struct("Entry")
                .field("format", &format.name())
                .field("name", name)
                .finish(),
        }
    }
}

/// The archive a member's bytes sit in: formats that read sibling files (BLP0's `name.b00`…)
/// look for them there, as `check` and the game do.
#[derive(Clone)]
struct Parent {
    bytes: Bytes,
    format: &'static dyn Format,
}

impl std::fmt::Debug for Parent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Parent")
            .field("format", &self.format.name())
            .field("len", &self.bytes.get().len())
            .finish()
    }
}

impl Parent {
    fn container(&self) -> Container<'_> {
        Container {
            format: self.format,
            bytes: self.bytes.get(),
        }
    }
}

/// Where a handle's bytes are: on disk, inside an archive, how deep, under which names.
struct Place {
    path: Option<PathBuf>,
    parent: Option<Parent>,
    location: Vec<String>,
    depth: u32,
}

/// One diagnostic as C reads it: the strings live as long as the handle.
#[derive(Debug)]
pub struct Diag {
    pub code: CString,
    pub message: CString,
    pub severity: u32,
    pub offset: Option<u64>,
}

/// One member of a container, listed once per handle.
#[derive(Debug)]
pub struct Member {
    pub name: String,
    pub c_name: CString,
    pub offset: Option<u64>,
    /// Size in bytes, for a member with bytes of its own.
    pub size: Option<u64>,
    /// What lumpkit recognises it as (`blp`, a foreign `png`, …), empty when nothing.
    pub kind: CString,
    /// The code of the error that keeps it from being read, empty when it can be.
    pub error: CString,
    content: MemberContent,
}

#[derive(Debug)]
enum MemberContent {
    Bytes(Bytes),
    Entry(Box<Report>),
    Failed(Box<lumpkit::Error>),
}

/// An opened file or member (opaque to C).
#[derive(Debug)]
pub struct LumpkitFile {
    content: Content,
    options: Arc<LumpkitOptions>,
    /// Shared by a file and every member opened from it: one bound on what it decompresses.
    budget: Arc<UnpackBudget>,
    /// The file on disk, for formats that read sibling files (BLP0); `None` for bytes and members.
    path: Option<PathBuf>,
    /// The archive a member's bytes sit in (for an entry without bytes: its container's).
    parent: Option<Parent>,
    /// The chain of names from the file down to this member (`check --json`'s `location`).
    location: Vec<String>,
    c_location: Vec<CString>,
    /// How deep inside archives this member sits (0 for a file).
    depth: u32,
    pub(crate) report: Report,
    pub(crate) c_format: CString,
    pub(crate) diagnostics: Vec<Diag>,
    info_json: OnceLock<CString>,
    members: OnceLock<Result<Vec<Member>, lumpkit::Error>>,
}

/// Levels of archives inside archives a member may be opened from, as `check` descends.
const MAX_DEPTH: u32 = crate::LUMPKIT_MAX_NESTING;

impl LumpkitFile {
    /// Opens the file at `path` (memory-mapped when large) and inspects it.
    pub fn open_path(path: &Path, options: &LumpkitOptions) -> Result<LumpkitFile, Failure> {
        let input = Input::open(path, OpenMode::Map)
            .map_err(|e| Failure::new(LumpkitStatus::Io, format!("{}: {e}", path.display())))?;
        let bytes = Bytes::whole(Source::File(input));
        let name = path.display().to_string();
        Ok(Self::opened(
            bytes,
            Arc::new(options.clone()),
            None,
            Place {
                path: Some(path.to_path_buf()),
                parent: None,
                location: vec![name],
                depth: 0,
            },
        ))
    }

    /// Inspects a copy of `data`, a file called `name` (may be empty).
    ///
    /// The name is read as the file's path, as the CLI reads one: its extension chooses how some
    /// formats are read (a `.w3x` map), and a BLP0 looks for its `.b00`… levels beside it.
    pub fn open_bytes(data: &[u8], name: &str, options: &LumpkitOptions) -> LumpkitFile {
        let bytes = Bytes::whole(Source::Owned(data.to_vec()));
        let path = (!name.is_empty()).then(|| PathBuf::from(name));
        Self::opened(
            bytes,
            Arc::new(options.clone()),
            None,
            Place {
                path,
                parent: None,
                location: vec![name.to_string()],
                depth: 0,
            },
        )
    }

    fn opened(
        bytes: Bytes,
        options: Arc<LumpkitOptions>,
        budget: Option<Arc<UnpackBudget>>,
        place: Place,
    ) -> LumpkitFile {
        let Place {
            path,
            parent,
            location,
            depth,
        } = place;
        let budget = budget.unwrap_or_else(|| Arc::new(UnpackBudget::new(&options.limits)));
        let own = location.last().cloned().unwrap_or_default();
        let named = path.clone().unwrap_or_else(|| PathBuf::from(&own));
        let (format, report) = {
            let container = parent.as_ref().map(Parent::container);
            let ctx = context(&options, &budget, path.as_deref(), container, &own);
            match sniff(bytes.get(), Some(&named)) {
                Sniffed::Known(format) => (Some(format), format.inspect(&ctx, bytes.get())),
                Sniffed::Foreign(kind) => (None, Report::new(kind)),
                Sniffed::Unknown => (None, Report::new("unknown")),
            }
        };
        Self::with_report(
            Content::Own { bytes, format },
            options,
            budget,
            Place {
                path,
                parent,
                location,
                depth,
            },
            report,
        )
    }

    fn with_report(
        content: Content,
        options: Arc<LumpkitOptions>,
        budget: Arc<UnpackBudget>,
        place: Place,
        report: Report,
    ) -> LumpkitFile {
        let Place {
            path,
            parent,
            location,
            depth,
        } = place;
        let diagnostics = report
            .diagnostics
            .iter()
            .map(|d| Diag {
                code: c_string(d.code()),
                message: c_string(&d.to_string()),
                severity: severity_number(d.severity()),
                offset: d.offset,
            })
            .collect();
        LumpkitFile {
            content,
            c_location: location.iter().map(|n| c_string(n)).collect(),
            location,
            options,
            budget,
            path,
            parent,
            depth,
            c_format: c_string(report.format),
            diagnostics,
            report,
            info_json: OnceLock::new(),
            members: OnceLock::new(),
        }
    }

    /// The display path `check` prints: the location's names joined with `!`.
    pub fn display_path(&self) -> String {
        self.location.join("!")
    }

    /// The names from the file on disk down to this member.
    pub fn location(&self) -> &[CString] {
        &self.c_location
    }

    /// Size of the handle's own bytes (0 for an entry without bytes of its own).
    pub fn size(&self) -> u64 {
        match &self.content {
            Content::Own { bytes, .. } => bytes.get().len() as u64,
            Content::Entry { .. } => 0,
        }
    }

    /// The `lumpkit info --json` object for this file or member, built on first use.
    pub fn info_json(&self) -> &CString {
        self.info_json
            .get_or_init(|| c_string(&self.report.to_json(&self.display_path()).to_string()))
    }

    /// The context this handle's file is read with.
    fn ctx(&self) -> Context<'_> {
        let own = self.location.last().map(String::as_str).unwrap_or_default();
        let container = self.parent.as_ref().map(Parent::container);
        context(
            &self.options,
            &self.budget,
            self.path.as_deref(),
            container,
            own,
        )
    }

    /// The members of this container, listed on first use (an empty list for a file that is not
    /// one). Members decompressed out of the archive are kept with the handle.
    pub fn members(&self) -> Result<&[Member], Failure> {
        let listed = self.members.get_or_init(|| self.list_members());
        match listed {
            Ok(members) => Ok(members),
            Err(e) => Err(Failure::from(*e)),
        }
    }

    fn list_members(&self) -> Result<Vec<Member>, lumpkit::Error> {
        let Content::Own {
            bytes,
            format: Some(format),
        } = &self.content
        else {
            return Ok(Vec::new());
        };
        // Listed with the context the file was inspected with, as `check` lists them.
        let children = format.children(&self.ctx(), bytes.get())?;
        Ok(children
            .into_iter()
            .map(|child| {
                let (size, kind, error, content) = match child.content {
                    ChildContent::Bytes(data) => {
                        let kind = match sniff(&data, Some(Path::new(child.name.as_ref()))) {
                            Sniffed::Known(f) => f.name(),
                            Sniffed::Foreign(name) => name,
                            Sniffed::Unknown => "",
                        };
                        let shared = bytes.part(&data);
                        (
                            Some(data.len() as u64),
                            kind,
                            "",
                            MemberContent::Bytes(shared),
                        )
                    }
                    ChildContent::Report(report) => {
                        (None, report.format, "", MemberContent::Entry(report))
                    }
                    ChildContent::Failed(e) => (None, "", e.code(), MemberContent::Failed(e)),
                    // A kind of member this build does not know: listed, not readable.
                    _ => (
                        None,
                        "",
                        "",
                        MemberContent::Failed(Box::new(unknown_member())),
                    ),
                };
                Member {
                    c_name: c_string(&child.name),
                    name: child.name.into_owned(),
                    offset: child.offset,
                    size,
                    kind: c_string(kind),
                    error: c_string(error),
                    content,
                }
            })
            .collect())
    }

    /// Opens member `index` of this container as a handle of its own.
    pub fn open_member(&self, index: usize) -> Result<LumpkitFile, Failure> {
        let members = self.members()?;
        let member = members.get(index).ok_or_else(|| {
            Failure::new(
                LumpkitStatus::NotFound,
                format!(
                    "no member {index}: {} has {}",
                    self.display_path(),
                    members.len()
                ),
            )
        })?;
        self.open(member)
    }

    /// Opens the member called `name` (exactly as listed) of this container.
    pub fn open_member_named(&self, name: &str) -> Result<LumpkitFile, Failure> {
        let members = self.members()?;
        let member = members
            .iter()
            .find(|m| m.name == name)
            .ok_or_else(|| Failure {
                status: LumpkitStatus::NotFound,
                message: format!("{}: no member {name:?}", self.display_path()),
                code: Some(lumpkit::rules::NO_SUCH_ENTRY.code),
                offset: None,
            })?;
        self.open(member)
    }

    /// Opens the member at the end of `names`, one name per level (a `location` chain without its
    /// first name, which is this file).
    pub fn open_location(&self, names: &[&str]) -> Result<LumpkitFile, Failure> {
        let Some((first, rest)) = names.split_first() else {
            return Err(Failure::new(
                LumpkitStatus::InvalidArgument,
                "an empty chain of member names",
            ));
        };
        let mut here = self.open_member_named(first)?;
        for name in rest {
            here = here.open_member_named(name)?;
        }
        Ok(here)
    }

    fn open(&self, member: &Member) -> Result<LumpkitFile, Failure> {
        let mut location = self.location.clone();
        location.push(member.name.clone());
        let depth = self.depth.saturating_add(1);
        match &member.content {
            MemberContent::Failed(e) => Err(Failure::from(**e)),
            MemberContent::Bytes(_) if depth > MAX_DEPTH => Err(Failure {
                status: LumpkitStatus::Limit,
                message: format!(
                    "{}: archives nested more than {MAX_DEPTH} levels deep are not opened",
                    location.join("!")
                ),
                code: Some(lumpkit::rules::NESTING_TOO_DEEP.code),
                offset: None,
            }),
            MemberContent::Bytes(bytes) => Ok(Self::opened(
                bytes.clone(),
                Arc::clone(&self.options),
                Some(Arc::clone(&self.budget)),
                Place {
                    path: None,
                    parent: self.as_parent(),
                    location,
                    depth,
                },
            )),
            MemberContent::Entry(report) => {
                let Content::Own {
                    bytes,
                    format: Some(format),
                } = &self.content
                else {
                    return Err(Failure::new(
                        LumpkitStatus::Internal,
                        "an entry listed by a file of no known format",
                    ));
                };
                let content = Content::Entry {
                    container: bytes.clone(),
                    format: *format,
                    name: member.name.clone(),
                };
                Ok(Self::with_report(
                    content,
                    Arc::clone(&self.options),
                    Arc::clone(&self.budget),
                    // Decoded by its container, in the container's own place.
                    Place {
                        path: self.path.clone(),
                        parent: self.parent.clone(),
                        location,
                        depth,
                    },
                    (**report).clone(),
                ))
            }
        }
    }

    /// This file as the archive its members sit in.
    fn as_parent(&self) -> Option<Parent> {
        match &self.content {
            Content::Own {
                bytes,
                format: Some(format),
            } => Some(Parent {
                bytes: bytes.clone(),
                format: *format,
            }),
            _ => None,
        }
    }

    /// Width and height of level `mip` as [`LumpkitFile::decode_into`] would write it.
    pub fn decoded_size(&self, mip: u32, flags: u32) -> Result<(u32, u32), Failure> {
        let (format, bytes, sel, ctx) = self.picture(mip, flags)?;
        Ok(format.decoded_size(&ctx, bytes, &sel)?)
    }

    /// Decodes level `mip` to RGBA8 into `out` (at least width × height × 4 bytes).
    pub fn decode_into(&self, mip: u32, flags: u32, out: &mut [u8]) -> Result<(u32, u32), Failure> {
        let (format, bytes, sel, ctx) = self.picture(mip, flags)?;
        Ok(format.decode_into(&ctx, bytes, &sel, out)?)
    }

    fn picture(
        &self,
        mip: u32,
        flags: u32,
    ) -> Result<(&'static dyn Format, &[u8], Selection<'_>, Context<'_>), Failure> {
        if flags & !(LUMPKIT_DECODE_STORED_ALPHA | LUMPKIT_DECODE_SWIZZLE) != 0 {
            return Err(Failure::new(
                LumpkitStatus::InvalidArgument,
                format!("unknown decode flags {flags:#x}"),
            ));
        }
        let mut sel = Selection {
            mip,
            entry: None,
            stored_alpha: flags & LUMPKIT_DECODE_STORED_ALPHA != 0,
            swizzle: flags & LUMPKIT_DECODE_SWIZZLE != 0,
        };
        match &self.content {
            Content::Own {
                bytes,
                format: Some(format),
            } => Ok((*format, bytes.get(), sel, self.ctx())),
            Content::Own { format: None, .. } => Err(Failure {
                status: LumpkitStatus::Request,
                message: format!(
                    "{}: a {} file, not a format lumpkit decodes",
                    self.display_path(),
                    self.report.format
                ),
                code: Some(lumpkit::rules::UNKNOWN_FORMAT.code),
                offset: None,
            }),
            Content::Entry {
                container: holder,
                format,
                name,
            } => {
                sel.entry = Some(name);
                // The container's context: the entry is decoded by the file that holds it.
                let parent = self.location.len().saturating_sub(2);
                let own = self
                    .location
                    .get(parent)
                    .map(String::as_str)
                    .unwrap_or_default();
                let container = self.parent.as_ref().map(Parent::container);
                let ctx = context(
                    &self.options,
                    &self.budget,
                    self.path.as_deref(),
                    container,
                    own,
                );
                Ok((*format, holder.get(), sel, ctx))
            }
        }
    }
}

/// `lumpkit_file_decode_into` flag: keep alpha the file stores but says to ignore (BLP with
/// alphaBits 0; `decode --stored-alpha`).
pub const LUMPKIT_DECODE_STORED_ALPHA: u32 = 1;
/// `lumpkit_file_decode_into` flag: apply a PAA's SWIZ channel swizzle (`decode --swizzle`).
pub const LUMPKIT_DECODE_SWIZZLE: u32 = 2;

/// The context for a file at `path` (on disk) or a member called `own` (inside an archive).
fn context<'a>(
    options: &'a LumpkitOptions,
    budget: &'a UnpackBudget,
    path: Option<&'a Path>,
    container: Option<Container<'a>>,
    own: &'a str,
) -> Context<'a> {
    Context {
        limits: options.limits,
        strict: options.has(LUMPKIT_OPEN_STRICT),
        path,
        container,
        member_name: if path.is_none() && !own.is_empty() {
            Some(own)
        } else {
            None
        },
        palette: options.palette.as_ref(),
        decode_pixels: options.has(LUMPKIT_OPEN_DECODE_PIXELS),
        vis: options.has(LUMPKIT_OPEN_VIS),
        brief: false,
        budget: Some(budget),
        targets: options.targets,
    }
}

/// `LUMPKIT_SEVERITY_*`: info 0, warning 1, error 2 (the verdicts use the same numbers).
pub fn severity_number(s: lumpkit::Severity) -> u32 {
    match s {
        lumpkit::Severity::Info => 0,
        lumpkit::Severity::Warning => 1,
        lumpkit::Severity::Error => 2,
    }
}

fn unknown_member() -> lumpkit::Error {
    lumpkit::Error::caller(&lumpkit::rules::UNKNOWN_FORMAT, [0; 3])
}
