//! 7z archives through the `sevenz-rust2` crate (pure Rust: LZMA, LZMA2, BCJ and delta filters,
//! solid blocks), behind our limits: its header parse gets `Limits::max_alloc` as its memory limit,
//! every member's declared size is taken from the per-file unpack budget before a byte of it is
//! decompressed, and reading stops at that size. A solid block is decoded once, in order, for every
//! member in it; when the budget runs out the rest of the block is abandoned without decoding.
//!
//! Members are owned (7z has no stored-in-place members to borrow). Names climbing out of the
//! folder are never handed out.

use std::borrow::Cow;
use std::collections::HashMap;
use std::io::{Cursor, Read};

use lumpkit_formats::pak::view::name_is_unsafe;
use lumpkit_formats::rules::LIMIT_ALLOC;
use lumpkit_formats::sevenz::{SIGNATURE, rules};
use lumpkit_formats::{Error, Fault, Ignore, Sink};
use serde::Serialize;
use sevenz_rust2::{Archive, ArchiveReader, EntryDecision, Password};

use crate::{Child, ChildContent, Context, Format, Report};

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
        self.inspect_with_children(ctx, bytes).0
    }

    /// Decodes every member once, for both the check and the member list.
    fn inspect_with_children<'b>(
        &self,
        ctx: &Context<'_>,
        bytes: &'b [u8],
    ) -> (Report, Result<Vec<Child<'b>>, Error>) {
        let mut report = Report::for_context("7z", ctx);
        let archive = match open(ctx, bytes) {
            Ok(a) => a,
            Err(e) => {
                report.fail(e);
                return (report, Err(e));
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
        let mut children = Vec::new();
        match scan(
            ctx,
            bytes,
            archive,
            &mut report.sink(ctx.strict),
            &mut children,
        ) {
            Ok(()) => (report, Ok(children)),
            Err(e) => {
                report.fail(e);
                (report, self.children(ctx, bytes))
            }
        }
    }

    fn children<'b>(&self, ctx: &Context<'_>, bytes: &'b [u8]) -> Result<Vec<Child<'b>>, Error> {
        let archive = open(ctx, bytes)?;
        let mut children = Vec::new();
        scan(ctx, bytes, archive, &mut Ignore, &mut children)?;
        Ok(children)
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

/// Decodes every member within the budget, reports what failed once per kind, and lists the
/// members.
fn scan<'b>(
    ctx: &Context<'_>,
    bytes: &'b [u8],
    archive: Archive,
    sink: &mut impl Sink,
    children: &mut Vec<Child<'b>>,
) -> Result<(), Error> {
    let count = archive.files.len();
    let mut contents: Vec<Option<Result<Vec<u8>, Error>>> = (0..count).map(|_| None).collect();
    let mut reader = ArchiveReader::from_archive(archive, Cursor::new(bytes), Password::empty());
    reader.set_thread_count(1);
    // Entries are handed to the callback by reference into the archive's list: find their index by
    // address (the reader does not say it).
    let index_of: HashMap<usize, usize> = reader
        .archive()
        .files
        .iter()
        .enumerate()
        .map(|(i, e)| (std::ptr::from_ref(e) as usize, i))
        .collect();
    let mut refused: Option<Error> = None;
    let mut last = 0u64;
    let outcome = reader.for_each_entries_with_decision(|entry, data| {
        let Some(&index) = index_of.get(&(std::ptr::from_ref(entry) as usize)) else {
            return Ok(EntryDecision::Continue);
        };
        if entry.is_directory || !entry.has_stream {
            return Ok(EntryDecision::Continue);
        }
        last = index as u64;
        let taken = ctx
            .take_unpacked(entry.size)
            .and_then(|()| ctx.limits.alloc(entry.size));
        let capacity = match taken {
            Ok(c) => c,
            Err(e) => {
                refused = refused.or(Some(e));
                if let Some(slot) = contents.get_mut(index) {
                    *slot = Some(Err(e));
                }
                // Abandon the rest of the block undecoded.
                return Ok(EntryDecision::SkipBlock);
            }
        };
        let mut out = Vec::with_capacity(capacity);
        let read = data.take(entry.size).read_to_end(&mut out);
        let content = match read {
            Ok(n) if n as u64 == entry.size => Ok(out),
            _ => Err(Error::file(&rules::DATA_CORRUPT, 0, [index as u64, 0, 0])),
        };
        let failed = content.is_err();
        if let Some(slot) = contents.get_mut(index) {
            *slot = Some(content);
        }
        Ok(if failed {
            EntryDecision::SkipBlock
        } else {
            EntryDecision::Continue
        })
    });
    let archive = reader.archive();
    let mut corrupt = match outcome {
        Ok(()) => None,
        Err(e) => {
            let e = error(&e, ctx, Some(last));
            // The member being verified when the reader stopped fails its check.
            if let Some(slot) = contents.get_mut(usize::try_from(last).unwrap_or(usize::MAX))
                && e.code() == rules::DATA_CORRUPT.code
            {
                *slot = Some(Err(e));
            }
            Some(e)
        }
    };
    if corrupt.is_none() {
        corrupt = contents.iter().flatten().find_map(|c| {
            c.as_ref()
                .err()
                .filter(|e| e.fault != Fault::Limit)
                .copied()
        });
    }
    for e in [refused, corrupt].into_iter().flatten() {
        sink.report(e.diagnostic)?;
    }
    let unread = refused
        .or(corrupt)
        .unwrap_or(Error::file(&rules::DATA_CORRUPT, 0, [0; 3]));
    // A name seen before keeps its index, so that `check` lists every member once.
    let mut seen: std::collections::HashSet<String> = std::collections::HashSet::new();
    for (i, (entry, content)) in archive.files.iter().zip(contents).enumerate() {
        if entry.is_directory || entry.is_anti_item {
            continue;
        }
        let mut name = entry.name.replace('\\', "/");
        if !seen.insert(name.clone()) {
            name = format!("{name}#{i}");
        }
        let content = if name_is_unsafe(name.as_bytes()) {
            sink.report(rules::NAME_UNSAFE.here([i as u64, 0, 0]))?;
            // Withheld, not broken ("not checked"): see the ZIP members.
            ChildContent::Failed(Box::new(Error::unsupported(
                &rules::NAME_UNSAFE,
                0,
                [i as u64, 0, 0],
            )))
        } else if !entry.has_stream {
            ChildContent::Bytes(Cow::Borrowed(&[]))
        } else {
            match content {
                Some(Ok(data)) => ChildContent::Bytes(Cow::Owned(data)),
                Some(Err(e)) => ChildContent::Failed(Box::new(e)),
                None => ChildContent::Failed(Box::new(unread)),
            }
        };
        children.push(Child {
            name: Cow::Owned(name),
            offset: None,
            content,
        });
    }
    Ok(())
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
