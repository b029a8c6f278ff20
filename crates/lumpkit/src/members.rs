//! An archive's members handed over one at a time, so that they are never held together and a
//! member lumpkit does not parse is never held at all.
//!
//! An archive format implements [`Format::open_members`]: it parses its directory into a report
//! and lists its members ([`Members`]). Reading a member hands it to a [`Visit`]: whole when it
//! sits in the file as it is (borrowed, no copy), or piece by piece as it is decompressed; then the
//! [`Outcome`] says whether it passed the archive's own checks (CRC-32, sector checksums, MD5…),
//! which run on the pieces as they go by. Whoever visits decides what to keep: `check` holds a
//! member only when its name or first bytes say it is a format it parses, and lets every other one
//! stream through; `children` (for `extract`) keeps them all.
//!
//! Members are read in jobs ([`Members::jobs`]): one member each in most archives, so that `check`
//! can read them on several threads; one solid block of a 7z, whose members can only be decoded in
//! order; and a job with no member, a Warcraft III map's check across its files. What the members'
//! checks find about the archive itself (a ZIP member's CRC error is the archive's too) comes back
//! with each outcome and is added to the archive's report in member order by
//! [`Members::finish`], so the report is the same however the jobs were spread.
//!
//! [`Format::open_members`]: crate::Format::open_members

use std::borrow::Cow;

use lumpkit_formats::{Diagnostic, Error, Sink};

use crate::{Child, ChildContent, Context, Report};

/// What [`Format::open_members`](crate::Format::open_members) found: the archive's report so far
/// and its members.
pub struct Opened<'b> {
    /// The parse's and the archive-wide checks' findings.
    pub report: Report,
    /// The members, or why none can be listed (the archive cannot be read even leniently).
    pub members: Result<Box<dyn Members<'b> + 'b>, Error>,
}

impl std::fmt::Debug for Opened<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Opened")
            .field("report", &self.report)
            .field("members", &self.members.as_ref().map(|m| m.count()))
            .finish()
    }
}

/// An archive's members, read on demand. Reading takes `&self`: jobs may run on several threads.
pub trait Members<'b>: Sync {
    /// How many members there are; they are numbered `0..count` in the order `check` lists them.
    fn count(&self) -> usize;

    /// Member `index`'s name as `check` prints it (`/`-separated, unique in the archive),
    /// borrowed from the archive where it is stored as such.
    fn name(&self, index: usize) -> Cow<'b, str>;

    /// Where member `index`'s data sits in the archive, when it sits in one place.
    fn offset(&self, index: usize) -> Option<u64>;

    /// How many jobs read the members; by default one per member.
    fn jobs(&self) -> usize {
        self.count()
    }

    /// About how much work `job` is (its compressed bytes), so that `check` starts the largest
    /// jobs first when it reads on several threads: a large member started last would leave the
    /// other threads idle. By default all are equal.
    fn cost(&self, _job: usize) -> u64 {
        0
    }

    /// Reads the members of `job` in order, handing each to `visit`: [`Visit::start`], then its
    /// content ([`Visit::whole`] or [`Visit::piece`]s, none when it cannot be read), then
    /// [`Visit::end`]. By default job `i` is member `i`. Every member of the job is visited, even
    /// one that cannot be read.
    fn read(&self, ctx: &Context<'_>, job: usize, visit: &mut dyn Visit<'b>);

    /// Adds what the members' checks found about the archive (each [`Outcome::archive`], in member
    /// order) to its report. A report stopped already (strict mode) takes no more; one stopped by
    /// a finding here records that finding as its fatal error.
    fn finish(&self, ctx: &Context<'_>, findings: &[(usize, Diagnostic)], report: &mut Report) {
        replay(ctx, findings, report);
    }
}

/// Adds `findings` to `report` in order as [`Members::finish`] does by default.
pub fn replay(ctx: &Context<'_>, findings: &[(usize, Diagnostic)], report: &mut Report) {
    if report.fatal.is_some() {
        return;
    }
    let mut sink = report.sink(ctx.strict);
    let stopped = findings.iter().find_map(|(_, d)| sink.report(*d).err());
    if let Some(e) = stopped {
        report.fail(e);
    }
}

/// Where a member read is handed, piece by piece.
pub trait Visit<'b> {
    /// Member `index` is read next; `size` is its length once unpacked, as the archive declares
    /// it (what the pieces will add up to when the member is sound).
    fn start(&mut self, index: usize, size: u64);

    /// The whole member at once: borrowed from the archive when stored as it is.
    fn whole(&mut self, data: Cow<'b, [u8]>);

    /// The member's next bytes, as they are decompressed.
    fn piece(&mut self, data: &[u8]);

    /// The member is done: whether what was handed over is its content.
    fn end(&mut self, outcome: Outcome);
}

/// How reading a member ended.
#[derive(Debug)]
pub struct Outcome {
    /// `Ok` when what was handed over is the member's content, checked; otherwise the member's
    /// own verdict.
    pub result: Result<(), Unread>,
    /// A finding for the archive's own report (a ZIP member's CRC error, an MPQ member that
    /// differs from its `(attributes)`).
    pub archive: Option<Diagnostic>,
}

impl Outcome {
    /// The member was read and checked.
    pub const READ: Outcome = Outcome {
        result: Ok(()),
        archive: None,
    };

    /// The member cannot be read.
    pub fn failed(error: Error) -> Outcome {
        Outcome {
            result: Err(Unread::Failed(Box::new(error))),
            archive: None,
        }
    }

    /// Also reports `finding` on the archive.
    pub fn with_archive(self, finding: Option<Diagnostic>) -> Outcome {
        Outcome {
            archive: finding,
            ..self
        }
    }
}

/// Why a member has no content to check.
#[derive(Debug)]
pub enum Unread {
    /// It cannot be read (corrupt, unsupported, over a limit, an unsafe name…).
    Failed(Box<Error>),
    /// The archive has already judged it (an MPQ member whose key is unknown: not broken, only
    /// unreadable to us).
    Report(Box<Report>),
}

/// Runs every job in order.
pub fn read_all<'b>(members: &dyn Members<'b>, ctx: &Context<'_>, visit: &mut dyn Visit<'b>) {
    for job in 0..members.jobs() {
        members.read(ctx, job, visit);
    }
}

/// A visit that keeps nothing but the archive findings: `inspect` of an archive, and archives
/// nested past the depth `check` opens.
#[derive(Debug, Default)]
pub struct Verify {
    index: usize,
    /// The archive findings, with their member's index.
    pub findings: Vec<(usize, Diagnostic)>,
}

impl Visit<'_> for Verify {
    fn start(&mut self, index: usize, _size: u64) {
        self.index = index;
    }
    fn whole(&mut self, _data: Cow<'_, [u8]>) {}
    fn piece(&mut self, _data: &[u8]) {}
    fn end(&mut self, outcome: Outcome) {
        if let Some(d) = outcome.archive {
            self.findings.push((self.index, d));
        }
    }
}

/// The archive's report once every member has been read and checked, none kept.
pub fn inspect(ctx: &Context<'_>, opened: Opened<'_>) -> Report {
    let Opened {
        mut report,
        members,
    } = opened;
    if let Ok(members) = members {
        let mut verify = Verify::default();
        read_all(members.as_ref(), ctx, &mut verify);
        verify.findings.sort_by_key(|&(i, _)| i);
        members.finish(ctx, &verify.findings, &mut report);
    }
    report
}

/// The first member called `name` (as [`same_member_name`](crate::format::same_member_name)
/// compares), read alone, for [`Format::member`](crate::Format::member): what listing every member
/// would find, without decompressing the others. Only for archives that read one member per job.
pub fn find<'b>(
    ctx: &Context<'_>,
    opened: Opened<'b>,
    name: &str,
) -> Option<Result<Cow<'b, [u8]>, Error>> {
    let members = match opened.members {
        Ok(m) => m,
        Err(e) => return Some(Err(e)),
    };
    let index =
        (0..members.count()).find(|&i| crate::format::same_member_name(&members.name(i), name))?;
    let mut hold = Hold::new(ctx);
    members.read(ctx, index, &mut hold);
    match hold.into_content().0 {
        ChildContent::Bytes(data) => Some(Ok(data)),
        ChildContent::Failed(e) => Some(Err(*e)),
        _ => None,
    }
}

/// Every member whole, as [`Format::children`](crate::Format::children) hands them out, and the
/// archive's report: one read serves both.
pub fn collect<'b>(
    ctx: &Context<'_>,
    opened: Opened<'b>,
) -> (Report, Result<Vec<Child<'b>>, Error>) {
    let Opened {
        mut report,
        members,
    } = opened;
    let members = match members {
        Ok(m) => m,
        Err(e) => return (report, Err(e)),
    };
    let mut keep = Keep {
        members: members.as_ref(),
        index: 0,
        hold: Hold::new(ctx),
        children: Vec::with_capacity(members.count()),
        findings: Vec::new(),
    };
    read_all(members.as_ref(), ctx, &mut keep);
    let Keep {
        mut children,
        mut findings,
        ..
    } = keep;
    findings.sort_by_key(|&(i, _)| i);
    members.finish(ctx, &findings, &mut report);
    children.sort_by_key(|&(i, _)| i);
    (report, Ok(children.into_iter().map(|(_, c)| c).collect()))
}

/// What is held of the member being read.
#[derive(Debug)]
enum Held<'b> {
    /// Nothing handed over yet (an empty member stays so).
    Nothing,
    /// The whole member, as handed over.
    Whole(Cow<'b, [u8]>),
    /// The pieces so far, in room made for the whole member.
    Pieces(Vec<u8>),
    /// The member is larger than one allocation may be.
    Refused(Error),
}

/// A visit that holds the member handed to it whole, within `Limits::max_alloc`: for
/// `decode --entry`, and for each member `children` hands out.
#[derive(Debug)]
pub struct Hold<'c, 'b> {
    ctx: &'c Context<'c>,
    size: u64,
    held: Held<'b>,
    outcome: Option<Outcome>,
}

impl<'c, 'b> Hold<'c, 'b> {
    /// Ready for a member.
    pub fn new(ctx: &'c Context<'c>) -> Self {
        Hold {
            ctx,
            size: 0,
            held: Held::Nothing,
            outcome: None,
        }
    }

    /// The member's content, as [`Format::children`](crate::Format::children) gives it; and what
    /// its checks found about the archive.
    pub fn into_content(self) -> (ChildContent<'b>, Option<Diagnostic>) {
        let outcome = self.outcome.unwrap_or(Outcome::READ);
        let content = match (outcome.result, self.held) {
            (Ok(()), Held::Nothing) => ChildContent::Bytes(Cow::Borrowed(&[])),
            (Ok(()), Held::Whole(data)) => ChildContent::Bytes(data),
            (Ok(()), Held::Pieces(data)) => ChildContent::Bytes(Cow::Owned(data)),
            (Ok(()), Held::Refused(e)) => ChildContent::Failed(Box::new(e)),
            (Err(Unread::Failed(e)), _) => ChildContent::Failed(e),
            (Err(Unread::Report(r)), _) => ChildContent::Report(r),
        };
        (content, outcome.archive)
    }

    /// The member's bytes, or why there are none.
    pub fn into_bytes(self) -> Result<Cow<'b, [u8]>, Error> {
        match self.into_content().0 {
            ChildContent::Bytes(data) => Ok(data),
            ChildContent::Failed(e) => Err(*e),
            ChildContent::Report(r) => Err(r
                .fatal
                .map(|e| *e)
                .or_else(|| {
                    r.diagnostics
                        .first()
                        .map(|d| d.into_error(lumpkit_formats::Fault::Unsupported))
                })
                .unwrap_or(Error::caller(&crate::rules::NO_SUCH_ENTRY, [0; 3]))),
        }
    }
}

impl<'b> Visit<'b> for Hold<'_, 'b> {
    fn start(&mut self, _index: usize, size: u64) {
        self.size = size;
        self.held = Held::Nothing;
        self.outcome = None;
    }

    fn whole(&mut self, data: Cow<'b, [u8]>) {
        self.held = Held::Whole(data);
    }

    fn piece(&mut self, data: &[u8]) {
        if let Held::Nothing = self.held {
            // The first piece: room for the whole member, if the limits allow it.
            self.held = match self.ctx.limits.alloc(self.size) {
                Ok(n) => Held::Pieces(Vec::with_capacity(n)),
                Err(e) => Held::Refused(e),
            };
        }
        match &mut self.held {
            Held::Pieces(held) => held.extend_from_slice(data),
            Held::Whole(held) => held.to_mut().extend_from_slice(data),
            Held::Nothing | Held::Refused(_) => {}
        }
    }

    fn end(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
    }
}

/// A visit that keeps every member whole (within `Limits::max_alloc`), for `children`.
struct Keep<'c, 'm, 'b> {
    members: &'m dyn Members<'b>,
    index: usize,
    hold: Hold<'c, 'b>,
    children: Vec<(usize, Child<'b>)>,
    findings: Vec<(usize, Diagnostic)>,
}

impl<'b> Visit<'b> for Keep<'_, '_, 'b> {
    fn start(&mut self, index: usize, size: u64) {
        self.index = index;
        self.hold.start(index, size);
    }

    fn whole(&mut self, data: Cow<'b, [u8]>) {
        self.hold.whole(data);
    }

    fn piece(&mut self, data: &[u8]) {
        self.hold.piece(data);
    }

    fn end(&mut self, outcome: Outcome) {
        self.hold.end(outcome);
        let ctx = self.hold.ctx;
        let hold = std::mem::replace(&mut self.hold, Hold::new(ctx));
        let (content, finding) = hold.into_content();
        if let Some(d) = finding {
            self.findings.push((self.index, d));
        }
        self.children.push((
            self.index,
            Child {
                name: self.members.name(self.index),
                offset: self.members.offset(self.index),
                content,
            },
        ));
    }
}
