//! 7z archives through the `sevenz-rust2` crate (pure Rust: LZMA, LZMA2, BCJ and delta filters,
//! solid blocks), behind our limits: its header parse gets `Limits::max_alloc` as its memory limit,
//! every member's declared size is taken from the per-file unpack budget before a byte of it is
//! decompressed, and reading stops at that size. A solid block is decoded once, in order, for every
//! member in it; when the budget runs out the rest of the block is abandoned without decoding.
//!
//! Members are owned (7z has no stored-in-place members to borrow). Names climbing out of the
//! folder are never handed out.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::io::{Cursor, Read};
use std::sync::Mutex;

use lumpkit_formats::pak::view::name_is_unsafe;
use lumpkit_formats::rules::LIMIT_ALLOC;
use lumpkit_formats::sevenz::{SIGNATURE, rules};
use lumpkit_formats::{Diagnostic, Error};
use serde::Serialize;
use sevenz_rust2::{Archive, ArchiveReader, EntryDecision, Password};

use crate::members::{self, Members, Opened, Outcome, Visit};
use crate::{Context, Format, Report};

/// The 7z format.
#[derive(Clone, Copy, Debug, Default)]
pub struct SevenZ;

impl Format for SevenZ {
    fn name(&self) -> &'static str {
        "7z"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["7z"]
    }

    fn sniff(&self, bytes: &[u8]) -> bool {
        bytes.starts_with(&SIGNATURE)
    }

    fn inspect(&self, ctx: &Context<'_>, bytes: &[u8]) -> Report {
        members::inspect(ctx, opened(ctx, bytes))
    }

    fn open_members<'b>(&self, ctx: &Context<'_>, bytes: &'b [u8]) -> Option<Opened<'b>> {
        Some(opened(ctx, bytes))
    }
}

/// Reads the headers into a report and lists the members.
fn opened<'b>(ctx: &Context<'_>, bytes: &'b [u8]) -> Opened<'b> {
    let mut report = Report::for_context("7z", ctx);
    let archive = match open(ctx, bytes) {
        Ok(a) => a,
        Err(e) => {
            report.fail(e);
            return Opened {
                report,
                members: Err(e),
            };
        }
    };
    if report.wants_fields() {
        report.set_info(SevenZInfo {
            solid: archive.is_solid,
            entries: archive
                .files
                .iter()
                .map(|e| SevenZEntry {
                    name: e.name.clone(),
                    size: e.size,
                    compressed_size: e.compressed_size,
                    directory: e.is_directory,
                    has_stream: e.has_stream,
                })
                .collect(),
        });
    }
    Opened {
        report,
        members: Ok(Box::new(SevenZMembers::new(bytes, archive))),
    }
}

/// Reads the headers within `Limits::max_alloc`.
fn open(ctx: &Context<'_>, bytes: &[u8]) -> Result<Archive, Error> {
    let kb = usize::try_from(ctx.limits.max_alloc / 1024)
        .unwrap_or(usize::MAX)
        .max(1);
    Archive::read_with_memory_limit(&mut Cursor::new(bytes), &Password::empty(), kb)
        .map_err(|e| error(&e, ctx, None))
}

/// Our error for one of the crate's.
fn error(e: &sevenz_rust2::Error, ctx: &Context<'_>, member: Option<u64>) -> Error {
    use sevenz_rust2::Error as E;
    match e {
        E::PasswordRequired | E::MaybeBadPassword(_) => {
            Error::unsupported(&rules::ENCRYPTED, 0, [0; 3])
        }
        E::UnsupportedCompressionMethod(_) | E::Unsupported(_) | E::ExternalUnsupported => {
            Error::unsupported(&rules::METHOD_UNSUPPORTED, 0, [0; 3])
        }
        E::MaxMemLimited { .. } => Error::limit(&LIMIT_ALLOC, [0, ctx.limits.max_alloc, 0]),
        _ => match member {
            Some(i) => Error::file(&rules::DATA_CORRUPT, 0, [i, 0, 0]),
            None => Error::file(&rules::INVALID, 0, [0; 3]),
        },
    }
}

/// One listed member: every file record but folders and anti-items.
struct Listed {
    /// Its record's index in the archive's file list.
    file: usize,
    name: String,
    size: u64,
    has_stream: bool,
    unsafe_name: bool,
}

/// What reading the archive found, for [`Members::finish`]: the first member the budget refused,
/// the first corrupt one, and the members with unsafe names.
#[derive(Default)]
struct Found {
    refused: Option<Error>,
    corrupt: Option<Error>,
}

/// A 7z's members, read in one job: each solid block decoded once, in order, every member
/// streamed through its CRC as it comes out. When the budget runs out the rest of the block is
/// abandoned without decoding.
struct SevenZMembers<'b> {
    bytes: &'b [u8],
    /// Taken by the one job that reads.
    archive: Mutex<Option<Archive>>,
    listed: Vec<Listed>,
    found: Mutex<Found>,
}

impl<'b> SevenZMembers<'b> {
    fn new(bytes: &'b [u8], archive: Archive) -> Self {
        // A name seen before keeps its index, so that `check` lists every member once.
        let mut seen: HashSet<String> = HashSet::new();
        let listed = archive
            .files
            .iter()
            .enumerate()
            .filter(|(_, e)| !e.is_directory && !e.is_anti_item)
            .map(|(i, e)| {
                let mut name = e.name.replace('\\', "/");
                if !seen.insert(name.clone()) {
                    name = format!("{name}#{i}");
                }
                Listed {
                    file: i,
                    unsafe_name: name_is_unsafe(name.as_bytes()),
                    name,
                    size: e.size,
                    has_stream: e.has_stream,
                }
            })
            .collect();
        SevenZMembers {
            bytes,
            archive: Mutex::new(Some(archive)),
            listed,
            found: Mutex::new(Found::default()),
        }
    }

    fn name_unsafe(&self, member: usize) -> Error {
        let file = self.listed.get(member).map_or(0, |l| l.file) as u64;
        // Withheld, not broken ("not checked"): see the ZIP members.
        Error::unsupported(&rules::NAME_UNSAFE, 0, [file, 0, 0])
    }
}

/// A member whose content has been handed over, waiting to hear whether the decoder's last word
/// on it (the check that follows the callback) finds it corrupt.
struct Pending {
    member: usize,
    outcome: Outcome,
}

impl<'b> Members<'b> for SevenZMembers<'b> {
    fn count(&self) -> usize {
        self.listed.len()
    }

    fn name(&self, member: usize) -> Cow<'b, str> {
        Cow::Owned(
            self.listed
                .get(member)
                .map(|l| l.name.clone())
                .unwrap_or_default(),
        )
    }

    fn offset(&self, _member: usize) -> Option<u64> {
        None
    }

    fn jobs(&self) -> usize {
        1
    }

    fn read(&self, ctx: &Context<'_>, _job: usize, visit: &mut dyn Visit<'b>) {
        let Some(archive) = self.archive.lock().ok().and_then(|mut a| a.take()) else {
            return;
        };
        let mut member_of = vec![None; archive.files.len()];
        for (m, l) in self.listed.iter().enumerate() {
            if let Some(slot) = member_of.get_mut(l.file) {
                *slot = Some(m);
            }
        }
        let mut reader =
            ArchiveReader::from_archive(archive, Cursor::new(self.bytes), Password::empty());
        reader.set_thread_count(1);
        // Entries are handed to the callback by reference into the archive's list: find their
        // index by address (the reader does not say it).
        let index_of: HashMap<usize, usize> = reader
            .archive()
            .files
            .iter()
            .enumerate()
            .map(|(i, e)| (std::ptr::from_ref(e) as usize, i))
            .collect();
        let mut visited = vec![false; self.listed.len()];
        let mut found = Found::default();
        let mut pending: Option<Pending> = None;
        let mut last = 0u64;
        let mut chunk = vec![0u8; 64 * 1024];
        let outcome = reader.for_each_entries_with_decision(|entry, data| {
            if let Some(p) = pending.take() {
                visit.end(p.outcome);
            }
            let Some(&file) = index_of.get(&(std::ptr::from_ref(entry) as usize)) else {
                return Ok(EntryDecision::Continue);
            };
            let Some(member) = member_of.get(file).copied().flatten() else {
                return Ok(EntryDecision::Continue);
            };
            if let Some(v) = visited.get_mut(member) {
                *v = true;
            }
            let unsafe_name = self.listed.get(member).is_some_and(|l| l.unsafe_name);
            visit.start(member, entry.size);
            if !entry.has_stream {
                let outcome = if unsafe_name {
                    Outcome::failed(self.name_unsafe(member))
                } else {
                    Outcome::READ
                };
                visit.end(outcome);
                return Ok(EntryDecision::Continue);
            }
            last = file as u64;
            if let Err(e) = ctx.take_unpacked(entry.size) {
                found.refused = found.refused.or(Some(e));
                visit.end(Outcome::failed(if unsafe_name {
                    self.name_unsafe(member)
                } else {
                    e
                }));
                // Abandon the rest of the block undecoded.
                return Ok(EntryDecision::SkipBlock);
            }
            let mut data = data.take(entry.size);
            let mut got = 0u64;
            let sound = loop {
                match data.read(&mut chunk) {
                    Ok(0) => break got == entry.size,
                    Ok(n) => {
                        got = got.saturating_add(n as u64);
                        if !unsafe_name {
                            visit.piece(chunk.get(..n).unwrap_or_default());
                        }
                    }
                    Err(_) => break false,
                }
            };
            if !sound {
                let e = Error::file(&rules::DATA_CORRUPT, 0, [file as u64, 0, 0]);
                found.corrupt = found.corrupt.or(Some(e));
                visit.end(Outcome::failed(if unsafe_name {
                    self.name_unsafe(member)
                } else {
                    e
                }));
                return Ok(EntryDecision::SkipBlock);
            }
            pending = Some(Pending {
                member,
                outcome: if unsafe_name {
                    Outcome::failed(self.name_unsafe(member))
                } else {
                    Outcome::READ
                },
            });
            Ok(EntryDecision::Continue)
        });
        if let Err(e) = outcome {
            let e = error(&e, ctx, Some(last));
            // The member being verified when the reader stopped fails its check.
            if let Some(p) = &mut pending
                && e.code() == rules::DATA_CORRUPT.code
                && self
                    .listed
                    .get(p.member)
                    .is_some_and(|l| l.file as u64 == last)
                && !self.listed.get(p.member).is_some_and(|l| l.unsafe_name)
            {
                p.outcome = Outcome::failed(e);
            }
            found.corrupt = Some(e);
        }
        if let Some(p) = pending.take() {
            visit.end(p.outcome);
        }
        let unread =
            found
                .refused
                .or(found.corrupt)
                .unwrap_or(Error::file(&rules::DATA_CORRUPT, 0, [0; 3]));
        for (member, l) in self.listed.iter().enumerate() {
            if visited.get(member).copied().unwrap_or(true) {
                continue;
            }
            visit.start(member, l.size);
            visit.end(if l.unsafe_name {
                Outcome::failed(self.name_unsafe(member))
            } else if !l.has_stream {
                Outcome::READ
            } else {
                Outcome::failed(unread)
            });
        }
        if let Ok(mut f) = self.found.lock() {
            *f = found;
        }
    }

    /// What failed, once per kind (the budget first), then every unsafe name.
    fn finish(&self, ctx: &Context<'_>, _findings: &[(usize, Diagnostic)], report: &mut Report) {
        let found = self
            .found
            .lock()
            .map(|f| (f.refused, f.corrupt))
            .unwrap_or_default();
        let mut findings: Vec<(usize, Diagnostic)> = [found.0, found.1]
            .into_iter()
            .flatten()
            .map(|e| (0, e.diagnostic))
            .collect();
        findings.extend(
            self.listed
                .iter()
                .filter(|l| l.unsafe_name)
                .map(|l| (0, rules::NAME_UNSAFE.here([l.file as u64, 0, 0]))),
        );
        members::replay(ctx, &findings, report);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_crates_errors_map_onto_our_rules() {
        let ctx = Context::default();
        let cases = [
            (sevenz_rust2::Error::PasswordRequired, "7z-encrypted"),
            (
                sevenz_rust2::Error::UnsupportedCompressionMethod("PPMD".into()),
                "7z-method-unsupported",
            ),
            (
                sevenz_rust2::Error::MaxMemLimited {
                    max_kb: 1,
                    actaul_kb: 2,
                },
                "limit-alloc",
            ),
            (
                sevenz_rust2::Error::ChecksumVerificationFailed,
                "7z-invalid",
            ),
        ];
        for (e, code) in cases {
            assert_eq!(error(&e, &ctx, None).code(), code, "{e:?}");
        }
        assert_eq!(
            error(
                &sevenz_rust2::Error::ChecksumVerificationFailed,
                &ctx,
                Some(3)
            )
            .code(),
            "7z-data-corrupt"
        );
    }
}

/// What a 7z holds beyond the common fields (`info --json`'s `solid`, `entries`).
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct SevenZInfo {
    /// Whether members share compressed blocks.
    pub solid: bool,
    /// Every file record, in archive order.
    pub entries: Vec<SevenZEntry>,
}

/// One 7z file record.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct SevenZEntry {
    /// The name as stored.
    pub name: String,
    /// Bytes once unpacked.
    pub size: u64,
    /// Bytes stored (0 inside a solid block).
    pub compressed_size: u64,
    /// Whether the record is a folder.
    pub directory: bool,
    /// Whether the record has data.
    pub has_stream: bool,
}
