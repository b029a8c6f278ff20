//! Checking an archive's members one at a time, on one thread or several.
//!
//! A member is held only when `check` parses it: its name or its first
//! [`SNIFF_PREFIX`](crate::registry::SNIFF_PREFIX) bytes say it is one of our formats (then it is
//! held whole, within `Limits::max_alloc`, and checked like a file). Every other member (sound,
//! video, text, formats we do not read) streams through the archive's own checks as it is
//! decompressed and is dropped piece by piece; so the memory `check` needs for an archive is a small
//! constant per thread plus the largest member it parses, whatever the archive unpacks to.
//!
//! An archive of a [`PARALLEL_BYTES`] or more whose members are read in several jobs is read on the
//! threads [`Spare`] lends, each holding at most one member at a time; results are put back in
//! member order, and the archive's findings are added in member order, so the output is the same
//! on any number of threads. When the unpack budget runs out on several threads (which member
//! it stops at would then depend on timing), the budget is rewound and the members are read again
//! in order on one.

use std::borrow::Cow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use lumpkit_formats::{Diagnostic, Error};

use super::{Checked, Joins, MAX_NESTING, misnamed, not_ours, rival_claim, walk};
use crate::format::Container;
use crate::members::{Members, Opened, Outcome, Unread, Verify, Visit, read_all};
use crate::registry::{SNIFF_PREFIX, Sniffed, by_extension, extension_of, sniff_claimed};
use crate::rules::NESTING_TOO_DEEP;
use crate::{Context, Format, Report};

/// Archives smaller than this are read on one thread: starting threads would cost more than
/// their members take to check.
pub const PARALLEL_BYTES: usize = 512 * 1024;

/// Threads that may help check one archive's members, lent by whoever runs `check`: the CLI lends
/// the workers it has no file for (all but one when it checks a single file). Shared by every file
/// of a run; an archive takes what is free when it starts and gives it back when it is done.
#[derive(Debug, Default)]
pub struct Spare {
    threads: AtomicUsize,
    /// The smallest archive the threads are lent to ([`PARALLEL_BYTES`]).
    min_archive: usize,
    /// Set once an archive has taken threads, or the run is over: [`Spare::keep_warm`] stops.
    warm_over: AtomicBool,
}

impl Spare {
    /// `threads` threads to lend, to archives of [`PARALLEL_BYTES`] or more.
    pub fn new(threads: usize) -> Spare {
        Spare {
            threads: AtomicUsize::new(threads),
            min_archive: PARALLEL_BYTES,
            warm_over: AtomicBool::new(false),
        }
    }

    /// `threads` threads to lend to archives of any size: for tests and fuzzing, which hold the
    /// parallel reader to the sequential one on inputs far smaller than [`PARALLEL_BYTES`].
    pub fn for_every_archive(threads: usize) -> Spare {
        Spare {
            min_archive: 0,
            ..Spare::new(threads)
        }
    }

    /// Keeps the calling thread's core busy, yielding it to any other thread at once, until an
    /// archive takes threads, [`Spare::done`] is called or `most` has passed: for a run that
    /// checks one file on several cores, called on a thread of its own as the run starts.
    ///
    /// Why: on a virtual machine an idle core is halted, and a thread started on it runs a
    /// millisecond or two later (measured here: 1.1 to 2.6 ms, in a 13 ms check of a 1.2 MB
    /// map on 2 cores); kept busy, it starts the helper at once. It costs at most `most` of a core
    /// that has nothing else to do.
    pub fn keep_warm(&self, most: std::time::Duration) {
        let started = std::time::Instant::now();
        while !self.warm_over.load(Ordering::Relaxed) && started.elapsed() < most {
            std::thread::yield_now();
        }
    }

    /// Nothing more to keep warm for (an archive took the threads, or the run is over):
    /// [`Spare::keep_warm`] returns.
    pub fn done(&self) {
        self.warm_over.store(true, Ordering::Relaxed);
    }

    /// Lends `threads` more (a worker that has run out of files).
    pub fn lend(&self, threads: usize) {
        self.threads.fetch_add(threads, Ordering::Relaxed);
    }

    /// Takes up to `most` threads.
    fn take(&self, most: usize) -> usize {
        let mut free = self.threads.load(Ordering::Relaxed);
        loop {
            let taken = free.min(most);
            if taken == 0 {
                return 0;
            }
            match self.threads.compare_exchange_weak(
                free,
                free - taken,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return taken,
                Err(now) => free = now,
            }
        }
    }
}

/// Where an archive's own entry sits in the output and how its members are named.
pub(super) struct Archive<'a> {
    /// Its format, and the format its name claims.
    pub format: &'static dyn Format,
    pub claimed: Option<&'static dyn Format>,
    /// Its display path and joins.
    pub name: String,
    pub joins: Joins,
    /// Its bytes.
    pub bytes: &'a [u8],
    pub depth: u32,
    pub spare: Option<&'a Spare>,
}

/// Checks an archive opened by [`Format::open_members`] and its members, appending its entry and
/// then its members' (each followed by what is inside it) to `out`.
pub(super) fn walk_archive(
    ctx: &Context<'_>,
    archive: Archive<'_>,
    opened: Opened<'_>,
    out: &mut Vec<Checked>,
) {
    let Opened {
        mut report,
        members,
    } = opened;
    let members = members.ok();
    let count = members.as_ref().map_or(0, |m| m.count());
    let listed = count > 0 && archive.depth < MAX_NESTING;
    // Members are named after the parent; only archives pay for keeping a copy of the name.
    let parent = if listed {
        archive.name.clone()
    } else {
        String::new()
    };
    let mut child_joins = archive.joins.clone();
    child_joins.push(parent.len());
    let at = out.len();
    out.push(Checked {
        path: archive.name,
        joins: archive.joins,
        report: Report::new(archive.format.name()),
        size: archive.bytes.len() as u64,
    });
    if let Some(members) = members {
        let members = members.as_ref();
        let findings = if listed {
            out.reserve(count);
            let level = Level {
                ctx,
                // A member has no path on disk: formats that read sibling files (BLP0) look for
                // them in the archive, where the game does, not next to it.
                member_ctx: Context {
                    path: None,
                    container: Some(Container {
                        format: archive.format,
                        bytes: archive.bytes,
                    }),
                    ..*ctx
                },
                members,
                parent: &parent,
                joins: &child_joins,
                depth: archive.depth,
            };
            level.read(archive.bytes.len(), archive.spare, out)
        } else {
            let mut verify = Verify::default();
            read_all(members, ctx, &mut verify);
            verify.findings.sort_by_key(|&(i, _)| i);
            verify.findings
        };
        members.finish(ctx, &findings, &mut report);
    }
    if archive.depth >= MAX_NESTING && count > 0 {
        report.diagnostics.push(NESTING_TOO_DEEP.here([
            u64::from(archive.depth),
            u64::from(MAX_NESTING),
            0,
        ]));
    }
    if let Some(claimed) = archive.claimed {
        report.diagnostics.insert(0, misnamed(claimed));
    }
    if let Some(entry) = out.get_mut(at) {
        entry.report = report;
    }
}

/// One archive's members being read.
struct Level<'a, 'b> {
    /// The archive's context (its limits and budget apply to reading its members).
    ctx: &'a Context<'a>,
    /// The members' context.
    member_ctx: Context<'a>,
    members: &'a dyn Members<'b>,
    parent: &'a str,
    joins: &'a Joins,
    depth: u32,
}

/// What one thread produced: its results, where each member's start in them, and the archive
/// findings.
struct Part {
    out: Vec<Checked>,
    starts: Vec<(usize, usize)>,
    findings: Vec<(usize, Diagnostic)>,
}

impl<'b> Level<'_, 'b> {
    /// Reads every member into `out` in member order and returns the archive findings in member
    /// order.
    fn read(
        &self,
        archive_len: usize,
        spare: Option<&Spare>,
        out: &mut Vec<Checked>,
    ) -> Vec<(usize, Diagnostic)> {
        let jobs = self.members.jobs();
        let helpers = match spare {
            Some(s) if jobs >= 2 && archive_len >= s.min_archive => s.take(jobs - 1),
            _ => 0,
        };
        if let Some(spare) = spare.filter(|_| helpers > 0) {
            // The core kept warm for them is theirs now.
            spare.done();
            let parallel = self.read_parallel(helpers, out);
            spare.lend(helpers);
            if let Some(findings) = parallel {
                return findings;
            }
        }
        // Nested archives may use the threads this one does not.
        let base = out.len();
        let mut checker = self.checker(out, spare);
        for job in 0..jobs {
            self.members.read(self.ctx, job, &mut checker);
        }
        let Checker {
            starts,
            mut findings,
            ..
        } = checker;
        if !starts.is_sorted_by_key(|&(i, _)| i) {
            // Jobs that visit members out of order (a 7z's empty files come last).
            let tail = Part {
                out: out.drain(base..).collect(),
                starts: starts
                    .into_iter()
                    .map(|(i, s)| (i, s.saturating_sub(base)))
                    .collect(),
                findings: Vec::new(),
            };
            merge(out, vec![tail]);
        }
        findings.sort_by_key(|&(i, _)| i);
        findings
    }

    /// Reads the members on this thread and `helpers` more; `None` (with the budget rewound and
    /// nothing added to `out`) when the unpack budget refused anything.
    fn read_parallel(
        &self,
        helpers: usize,
        out: &mut Vec<Checked>,
    ) -> Option<Vec<(usize, Diagnostic)>> {
        let budget = self.ctx.budget;
        let before = budget.map(|b| (b.used(), b.refusals()));
        let refused = || {
            budget
                .zip(before)
                .is_some_and(|(b, (_, refusals))| b.refusals() != refusals)
        };
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        // The largest jobs first: one started last would keep a thread busy alone at the end.
        let mut order: Vec<usize> = (0..self.members.jobs()).collect();
        order.sort_by_cached_key(|&job| std::cmp::Reverse(self.members.cost(job)));
        let work = || {
            let mut local = Vec::new();
            let mut checker = self.checker(&mut local, None);
            while !stop.load(Ordering::Relaxed) {
                let Some(&job) = order.get(next.fetch_add(1, Ordering::Relaxed)) else {
                    break;
                };
                self.members.read(self.ctx, job, &mut checker);
                if refused() {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            let Checker {
                starts, findings, ..
            } = checker;
            Part {
                out: local,
                starts,
                findings,
            }
        };
        let parts: Vec<Part> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..helpers).map(|_| scope.spawn(work)).collect();
            let mut parts = vec![work()];
            for handle in handles {
                match handle.join() {
                    Ok(part) => parts.push(part),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            parts
        });
        if refused() {
            if let (Some(b), Some((used, refusals))) = (budget, before) {
                b.rewind(used, refusals);
            }
            return None;
        }
        let mut parts = parts;
        let mut findings: Vec<(usize, Diagnostic)> = parts
            .iter_mut()
            .flat_map(|p| std::mem::take(&mut p.findings))
            .collect();
        merge(out, parts);
        findings.sort_by_key(|&(i, _)| i);
        Some(findings)
    }

    fn checker<'o>(
        &'o self,
        out: &'o mut Vec<Checked>,
        spare: Option<&'o Spare>,
    ) -> Checker<'o, 'b> {
        Checker {
            level: self,
            spare,
            out,
            starts: Vec::new(),
            findings: Vec::new(),
            current: None,
        }
    }
}

/// Appends to `out` the results of every part in member order (a member's results run from its
/// start to the next member's start in its part).
fn merge(out: &mut Vec<Checked>, parts: Vec<Part>) {
    let mut spans: Vec<(usize, usize, usize, usize)> = Vec::new();
    for (p, part) in parts.iter().enumerate() {
        let ends = part
            .starts
            .iter()
            .skip(1)
            .map(|&(_, s)| s)
            .chain(std::iter::once(part.out.len()));
        for (&(index, start), end) in part.starts.iter().zip(ends) {
            spans.push((index, p, start, end));
        }
    }
    spans.sort_by_key(|&(index, ..)| index);
    let mut slots: Vec<Vec<Option<Checked>>> = parts
        .into_iter()
        .map(|p| p.out.into_iter().map(Some).collect())
        .collect();
    for (_, p, start, end) in spans {
        if let Some(results) = slots.get_mut(p) {
            for slot in results.iter_mut().take(end).skip(start) {
                out.extend(slot.take());
            }
        }
    }
}

/// What is kept of the member being read.
enum State<'b> {
    /// Nothing handed over yet.
    Nothing,
    /// The whole member (borrowed from the archive when stored as it is).
    Whole(Cow<'b, [u8]>),
    /// Its first pieces, until they are enough to tell what it is.
    Sniffing(Vec<u8>),
    /// A member we parse: held whole.
    Holding(Vec<u8>),
    /// A member we do not parse: counted and let go.
    Passing { sniffed: Sniffed, seen: u64 },
    /// A member we would parse but may not hold (`Limits::max_alloc`): counted and let go.
    Declined {
        format: &'static dyn Format,
        error: Error,
        seen: u64,
    },
}

/// The member being read.
struct Current<'b> {
    index: usize,
    size: u64,
    name: Cow<'b, str>,
    claimed: Option<&'static dyn Format>,
    state: State<'b>,
}

/// The visit `check` reads members with: decides per member whether to hold it, and checks it
/// when it ends.
struct Checker<'o, 'b> {
    level: &'o Level<'o, 'b>,
    spare: Option<&'o Spare>,
    out: &'o mut Vec<Checked>,
    /// Each member's index and where its results start in `out`.
    starts: Vec<(usize, usize)>,
    findings: Vec<(usize, Diagnostic)>,
    current: Option<Current<'b>>,
}

impl<'b> Visit<'b> for Checker<'_, 'b> {
    fn start(&mut self, index: usize, size: u64) {
        let name = self.level.members.name(index);
        let claimed = extension_of(&name).and_then(by_extension);
        self.current = Some(Current {
            index,
            size,
            name,
            claimed,
            state: State::Nothing,
        });
    }

    fn whole(&mut self, data: Cow<'b, [u8]>) {
        if let Some(current) = &mut self.current {
            current.state = State::Whole(data);
        }
    }

    fn piece(&mut self, data: &[u8]) {
        let Some(current) = &mut self.current else {
            return;
        };
        match &mut current.state {
            State::Nothing => {
                current.state = State::Sniffing(data.to_vec());
            }
            State::Sniffing(held) => held.extend_from_slice(data),
            State::Holding(held) => held.extend_from_slice(data),
            State::Whole(held) => held.to_mut().extend_from_slice(data),
            State::Passing { seen, .. } | State::Declined { seen, .. } => {
                *seen = seen.saturating_add(data.len() as u64);
            }
        }
        if let State::Sniffing(held) = &mut current.state
            && held.len() >= SNIFF_PREFIX
        {
            let held = std::mem::take(held);
            current.state = decide(&self.level.ctx.limits, held, current.claimed, current.size);
        }
    }

    fn end(&mut self, outcome: Outcome) {
        let Some(current) = self.current.take() else {
            return;
        };
        if let Some(d) = outcome.archive {
            self.findings.push((current.index, d));
        }
        self.starts.push((current.index, self.out.len()));
        let level = self.level;
        let own = &current.name;
        let mut path = String::with_capacity(level.parent.len() + 1 + own.len());
        path.push_str(level.parent);
        path.push('!');
        path.push_str(own);
        let joins = level.joins.clone();
        let bytes: &[u8] = match (&outcome.result, &current.state) {
            (Err(Unread::Failed(error)), _) => {
                let mut report = Report::new("unknown");
                report.fail(**error);
                self.out.push(Checked {
                    path,
                    joins,
                    report,
                    size: 0,
                });
                return;
            }
            (Err(Unread::Report(_)), _) => {
                if let Err(Unread::Report(report)) = outcome.result {
                    self.out.push(Checked {
                        path,
                        joins,
                        report: *report,
                        size: 0,
                    });
                }
                return;
            }
            (Ok(()), State::Passing { sniffed, seen }) => {
                self.out
                    .push(not_ours(path, joins, *sniffed, current.claimed, *seen));
                return;
            }
            (
                Ok(()),
                State::Declined {
                    format,
                    error,
                    seen,
                },
            ) => {
                let mut report = Report::new(format.name());
                if let Some(claimed) = rival_claim(own, current.claimed, *format) {
                    report.diagnostics.push(misnamed(claimed));
                }
                report.fail(*error);
                self.out.push(Checked {
                    path,
                    joins,
                    report,
                    size: *seen,
                });
                return;
            }
            (Ok(()), State::Nothing) => &[],
            (Ok(()), State::Whole(data)) => data,
            (Ok(()), State::Sniffing(data) | State::Holding(data)) => data,
        };
        let named = Context {
            member_name: Some(own),
            ..level.member_ctx
        };
        walk(
            &named,
            path,
            joins,
            bytes,
            level.depth.saturating_add(1),
            self.out,
            self.spare,
        );
    }
}

/// What to do with a member once its first bytes are in: hold it when we parse it (and the limits
/// allow holding it), let it go otherwise.
fn decide<'b>(
    limits: &lumpkit_formats::Limits,
    mut held: Vec<u8>,
    claimed: Option<&'static dyn Format>,
    size: u64,
) -> State<'b> {
    let sniffed = sniff_claimed(&held, claimed);
    let seen = held.len() as u64;
    match sniffed {
        Sniffed::Known(format) => match limits.alloc(size) {
            Ok(room) => {
                held.reserve_exact(room.saturating_sub(held.len()));
                State::Holding(held)
            }
            Err(error) => State::Declined {
                format,
                error,
                seen,
            },
        },
        _ => State::Passing { sniffed, seen },
    }
}
