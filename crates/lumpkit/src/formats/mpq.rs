//! MPQ archives through the [`Format`] interface: the container view of `lumpkit-formats`, members
//! decompressed through `lumpkit-decompress`.
//!
//! Members are what the hash table reaches (as StormLib lists them). They are named from the
//! archive's `(listfile)` and from the names every Warcraft III map and StarCraft map has; the rest
//! are `#<block index>`. Maps are read as their game reads them: the extension (`.w3x`, `.w3m`,
//! `.w3n`, `.scm`, `.scx`) or an `HM3W` block first makes the archive a map, read as version 1 with
//! user data ignored. Every member's unpacked size is checked against `ctx.limits` and taken from the
//! file's unpack budget before anything is allocated; a member that cannot be read is listed as failed
//! and the rest are still read.

use std::borrow::Cow;
use std::collections::HashMap;
use std::io;
use std::sync::Mutex;

use lumpkit_decompress::{
    Method, decompress_sized, decompress_sized_to, mpq_sector, mpq_sector_to,
};
use lumpkit_formats::diag::FnSink;
use lumpkit_formats::mpq::crypt::{self, HashKind};
use lumpkit_formats::mpq::rules as mpq_rules;
use lumpkit_formats::mpq::view::{
    FLAG_COMPRESS, FLAG_ENCRYPTED, FLAG_EXISTS, FLAG_IMPLODE, FLAG_SECTOR_CRC, HASH_DELETED,
    HASH_FREE,
};
use lumpkit_formats::mpq::{BlockEntry, HashEntry, MapKind, Member, Mpq, Sector, storm_adler32};
use lumpkit_formats::{Diagnostic, Error, Fault, Ignore, Severity, Sink};
use serde::Serialize;

use crate::format::{ExtractSink, Extracted};
use crate::members::{self, Members, Opened, Outcome, Unread, Visit};
use crate::rules::{NO_SUCH_ENTRY, NOT_A_PICTURE};
use crate::{Child, ChildContent, Context, Format, Image, Report, Selection};

mod attributes;
mod het_bet;
mod map;

pub use map::MapFacts;

/// The MPQ format.
#[derive(Clone, Copy, Debug, Default)]
pub struct MpqFormat;

/// Names every Warcraft III map or campaign and every StarCraft map may hold, tried against the
/// hash table when the `(listfile)` is missing or incomplete (protectors delete it).
const KNOWN_NAMES: &[&str] = &[
    "(listfile)",
    "(attributes)",
    "(signature)",
    "(user data)",
    "war3map.j",
    "war3map.lua",
    "scripts\\war3map.j",
    "scripts\\war3map.lua",
    "war3map.w3i",
    "war3map.w3e",
    "war3map.wts",
    "war3map.wtg",
    "war3map.wct",
    "war3map.w3r",
    "war3map.w3c",
    "war3map.w3s",
    "war3map.w3u",
    "war3map.w3t",
    "war3map.w3a",
    "war3map.w3b",
    "war3map.w3d",
    "war3map.w3q",
    "war3map.w3h",
    "war3map.w3o",
    "war3map.doo",
    "war3mapUnits.doo",
    "war3map.mmp",
    "war3map.shd",
    "war3map.wpm",
    "war3map.imp",
    "war3mapMap.blp",
    "war3mapMap.tga",
    "war3mapPreview.tga",
    "war3mapPath.tga",
    "war3mapMisc.txt",
    "war3mapSkin.txt",
    "war3mapExtra.txt",
    "war3mapSkin.w3c",
    "war3campaign.w3f",
    "war3campaign.w3u",
    "war3campaign.w3t",
    "war3campaign.w3a",
    "war3campaign.w3b",
    "war3campaign.w3d",
    "war3campaign.w3q",
    "war3campaign.w3h",
    "war3campaign.imp",
    "war3campaign.wts",
    "war3campaignMisc.txt",
    "war3campaignSkin.txt",
    "war3campaignExtra.txt",
    "staredit\\scenario.chk",
];

/// Longest name read from a `(listfile)` line (Storm's `MAX_PATH`-sized buffers).
const MAX_NAME: usize = 1024;

impl Format for MpqFormat {
    fn name(&self) -> &'static str {
        "mpq"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &[
            "mpq",
            "w3x",
            "w3m",
            "w3n",
            "scm",
            "scx",
            "sc2map",
            "sc2mod",
            "s2ma",
            "s2mv",
            "sc2ma",
            "sc2replay",
        ]
    }

    /// The MPQ header or user data at 0, or a Warcraft III map's `HM3W` block (the header follows
    /// at a 512-byte boundary).
    fn sniff(&self, bytes: &[u8]) -> bool {
        bytes.starts_with(b"MPQ\x1A") || bytes.starts_with(b"MPQ\x1B") || bytes.starts_with(b"HM3W")
    }

    /// Maps may start with anything before their header (protectors put decoys there).
    fn sniff_by_extension_only(&self) -> bool {
        true
    }

    /// The games open a map, replay or patch by its name with Storm's MPQ reader, which fails on
    /// anything else (a text placeholder named `.w3x` is a map that does not load).
    fn misnamed_severity(&self) -> lumpkit_formats::Severity {
        lumpkit_formats::Severity::Error
    }

    /// The header, tables and member list, and the members checked against `(attributes)`: that
    /// needs their bytes, so this is [`Format::inspect_with_children`] without keeping the members
    /// (the two must report the same). A member that cannot be read is an error on that member
    /// (its child), not on the archive.
    fn inspect(&self, ctx: &Context<'_>, bytes: &[u8]) -> Report {
        members::inspect(ctx, open(ctx, bytes))
    }

    /// One member by name through the hash table, as Storm finds it: a member a map names in no
    /// `(listfile)` (protected and old beta maps) is found as the game finds it.
    fn member<'b>(
        &self,
        ctx: &Context<'_>,
        bytes: &'b [u8],
        name: &str,
    ) -> Option<Result<Cow<'b, [u8]>, Error>> {
        let archive = match Archive::open(ctx, bytes, &mut Ignore) {
            Ok(archive) => archive,
            Err(e) => return Some(Err(e)),
        };
        let stored = name.replace('/', "\\");
        let mut entry = archive.lookup(stored.as_bytes())?.clone();
        entry.name.get_or_insert(stored);
        Some(archive.read(ctx, &entry))
    }

    fn open_members<'b>(&self, ctx: &Context<'_>, bytes: &'b [u8]) -> Option<Opened<'b>> {
        Some(open(ctx, bytes))
    }

    /// Writes every member as it is read: a name's preferred member (the one a lookup finds,
    /// `preference`) under the name, its
    /// locale variants and duplicates under `#<block index>/<name>`, unnamed ones as
    /// `#<block index>`.
    fn extract(
        &self,
        ctx: &Context<'_>,
        bytes: &[u8],
        out: &mut ExtractSink<'_>,
    ) -> io::Result<Vec<Error>> {
        let mut failures = Vec::new();
        let archive = match Archive::open(ctx, bytes, &mut Ignore) {
            Ok(a) => a,
            Err(e) => return Ok(vec![e]),
        };
        for (m, name) in archive.members.iter().zip(archive.unique_names()) {
            match archive.child(m, name, archive.read(ctx, m)) {
                Child {
                    name,
                    content: ChildContent::Bytes(data),
                    ..
                } => out(&name, Extracted::Bytes(data))?,
                Child {
                    content: ChildContent::Failed(e),
                    ..
                } => failures.push(*e),
                Child {
                    content: ChildContent::Report(r),
                    ..
                } => failures.extend(
                    r.diagnostics
                        .first()
                        .map(|d| d.into_error(Fault::Unsupported)),
                ),
            }
        }
        Ok(failures)
    }

    fn decode(&self, ctx: &Context<'_>, bytes: &[u8], sel: &Selection<'_>) -> Result<Image, Error> {
        let Some(wanted) = sel.entry else {
            return Err(Error::caller(&NOT_A_PICTURE, [0; 3]));
        };
        let archive = Archive::open(ctx, bytes, &mut Ignore)?;
        let wanted = wanted.replace('/', "\\");
        let m = archive
            .lookup(wanted.as_bytes())
            .ok_or(Error::caller(&NO_SUCH_ENTRY, [0; 3]))?;
        let data = archive.read(ctx, m)?;
        let name = archive.display_name(m);
        match crate::sniff(&data, Some(std::path::Path::new(&name))) {
            crate::registry::Sniffed::Known(f) => f.decode(
                ctx,
                &data,
                &Selection {
                    entry: None,
                    ..*sel
                },
            ),
            _ => Err(Error::caller(&NOT_A_PICTURE, [0; 3])),
        }
    }
}

/// Opens the archive into a report (header facts, tables, names) and lists its members. A
/// strict-mode stop lists them as a lenient read sees them.
fn open<'b>(ctx: &Context<'_>, bytes: &'b [u8]) -> Opened<'b> {
    let mut report = Report::for_context("mpq", ctx);
    let archive = {
        let mut sink = report.sink(ctx.strict);
        Archive::open(ctx, bytes, &mut sink)
    };
    let archive = match archive {
        Ok(a) => {
            report.version = Some((u32::from(a.mpq.version) + 1).into());
            // A Warcraft III map is also read as a map: its files' facts and the invariants
            // between them (`mpq/map.rs`).
            let is_map = a.kind == MapKind::Warcraft3 || a.lookup(b"war3map.w3i").is_some();
            let wants_fields = report.wants_fields();
            if wants_fields {
                let map = is_map
                    .then(|| map::check(ctx, &a, true, &mut report.sink(ctx.strict)))
                    .transpose()
                    .unwrap_or_else(|e| {
                        report.fail(e);
                        None
                    });
                report.set_info(info(&a, map.map(Box::new)));
            }
            // Without the facts to print (`check`), the map is checked as one more job beside
            // the members' (`MpqMembers::read`), on whichever thread is free.
            Ok((a, is_map && !wants_fields))
        }
        Err(e) => {
            report.fail(e);
            Archive::open(ctx, bytes, &mut Ignore).map(|a| (a, false))
        }
    };
    Opened {
        report,
        members: archive.map(|(archive, map_job)| {
            let names = archive.unique_names();
            Box::new(MpqMembers {
                archive,
                names,
                map: map_job.then(|| Mutex::new(Vec::new())),
            }) as Box<dyn Members<'b> + 'b>
        }),
    }
}

/// The members `check` reads: what the hash table reaches, under their unique names
/// ([`Archive::unique_names`]), each checked against `(attributes)` as it is read.
struct MpqMembers<'b> {
    archive: Archive<'b>,
    names: Vec<String>,
    /// For a Warcraft III map read without its facts: the map check's findings, made by the job
    /// after the members' ([`map::check`]) and added to the report first by `finish`, where
    /// `open` would have added them.
    map: Option<Mutex<Vec<Diagnostic>>>,
}

impl MpqMembers<'_> {
    /// The map check's job, when there is one: the last.
    fn map_job(&self) -> Option<usize> {
        self.map.as_ref().map(|_| self.archive.members.len())
    }
}

impl<'b> Members<'b> for MpqMembers<'b> {
    fn count(&self) -> usize {
        self.archive.members.len()
    }

    fn name(&self, index: usize) -> Cow<'b, str> {
        Cow::Owned(self.names.get(index).cloned().unwrap_or_default())
    }

    fn offset(&self, index: usize) -> Option<u64> {
        let m = self.archive.members.get(index)?;
        Some(self.archive.mpq.data_offset(&m.block))
    }

    fn jobs(&self) -> usize {
        self.archive.members.len() + usize::from(self.map.is_some())
    }

    /// The map check's findings first (as `open` adds them when it checks the map itself), then
    /// the members'.
    fn finish(&self, ctx: &Context<'_>, findings: &[(usize, Diagnostic)], report: &mut Report) {
        let map = self
            .map
            .as_ref()
            .and_then(|m| m.lock().ok().map(|mut found| std::mem::take(&mut *found)))
            .unwrap_or_default();
        let job = self.map_job().unwrap_or_default();
        let all: Vec<(usize, Diagnostic)> = map
            .into_iter()
            .map(|d| (job, d))
            .chain(findings.iter().copied())
            .collect();
        members::replay(ctx, &all, report);
    }

    /// The map check first: on several threads, the first one reads the map files while the
    /// others start (a thread takes a millisecond or more to start on a virtual machine).
    fn cost(&self, index: usize) -> u64 {
        if Some(index) == self.map_job() {
            return u64::MAX;
        }
        self.archive
            .members
            .get(index)
            .map_or(0, |m| m.block.compressed_size.into())
    }

    /// A member whose name climbs out of the folder is not read. One that differs from its
    /// `(attributes)` entry is the archive's finding; one whose key is unknown is not broken,
    /// only unreadable to us: a warning on the member, not a failure.
    fn read(&self, ctx: &Context<'_>, index: usize, visit: &mut dyn Visit<'b>) {
        if Some(index) == self.map_job() {
            let mut found = Vec::new();
            // The sink never stops it: `finish` replays the findings through the report's own.
            map::check(ctx, &self.archive, false, &mut FnSink(|d| found.push(d))).ok();
            if let Some(Ok(mut slot)) = self.map.as_ref().map(Mutex::lock) {
                *slot = found;
            }
            return;
        }
        let (Some(m), Some(name)) = (self.archive.members.get(index), self.names.get(index)) else {
            return;
        };
        let archive = &self.archive;
        visit.start(index, u64::from(m.block.file_size));
        if path_unsafe(name) {
            // Withheld, not broken: "not checked".
            visit.end(Outcome::failed(Error::unsupported(
                &mpq_rules::PATH_UNSAFE,
                archive.mpq.data_offset(&m.block),
                [m.block.index.into(), 0, 0],
            )));
            return;
        }
        let blocks = archive.mpq.block_table_entries;
        let mut digest = archive
            .attributes
            .as_deref()
            .and_then(|table| attributes::Digest::new(table, blocks, m));
        let read = archive.read_to(ctx, m, false, &mut |piece| {
            if let Some(d) = &mut digest {
                d.update(piece.bytes());
            }
            match piece {
                Piece::Whole(data) => visit.whole(Cow::Borrowed(data)),
                Piece::Part(data) => visit.piece(data),
            }
        });
        visit.end(match read {
            Ok(()) => Outcome::READ.with_archive(digest.and_then(attributes::Digest::mismatch)),
            Err(e) => Outcome {
                result: Err(unread(name, e)),
                archive: None,
            },
        });
    }
}

/// A member's bytes as [`Archive::read_to`] hands them over.
enum Piece<'b, 'p> {
    /// The whole member, borrowed from the archive (stored in clear).
    Whole(&'b [u8]),
    /// One sector, unpacked.
    Part(&'p [u8]),
}

impl Piece<'_, '_> {
    fn bytes(&self) -> &[u8] {
        match self {
            Piece::Whole(data) => data,
            Piece::Part(data) => data,
        }
    }
}

/// One member: its hash entry, block, and name when known.
#[derive(Clone, Debug)]
struct Entry {
    hash: HashEntry,
    block: BlockEntry,
    name: Option<String>,
}

/// An opened archive: the view, its blocks and members collected once.
struct Archive<'b> {
    mpq: Mpq<'b>,
    kind: MapKind,
    members: Vec<Entry>,
    /// Members the HET/BET tables list (v3+, when they can be read).
    het_bet_entries: Option<u64>,
    /// The unpacked `(attributes)`, when there is one StormLib would use.
    attributes: Option<Vec<u8>>,
}

/// How the file is read: a map by its extension or its `HM3W` block, else a generic archive.
/// The extension is the file's own name's: a member's inside an archive, and the name a host
/// with no path gives (the browser), not only a path on disk.
fn map_kind(ctx: &Context<'_>, bytes: &[u8]) -> MapKind {
    let ext = ctx
        .file_name()
        .and_then(|n| n.rsplit_once('.'))
        .map(|(_, e)| e.to_ascii_lowercase());
    match ext.as_deref() {
        Some("w3x" | "w3m" | "w3n") => MapKind::Warcraft3,
        Some("scm" | "scx") => MapKind::StarCraft,
        _ if bytes.starts_with(b"HM3W") => MapKind::Warcraft3,
        _ => MapKind::Generic,
    }
}

impl<'b> Archive<'b> {
    /// Parses the header and tables, lists the members and names them.
    fn open(ctx: &Context<'_>, bytes: &'b [u8], sink: &mut impl Sink) -> Result<Self, Error> {
        let mut watch = attributes::Watch {
            inner: sink,
            warned: false,
        };
        let mut archive = Self::open_tables(ctx, bytes, &mut watch)?;
        // StormLib ignores the (attributes) of a malformed (protected) map.
        if !(watch.warned && archive.kind == MapKind::Warcraft3) {
            archive.attributes = attributes::load(ctx, &archive, watch.inner)?;
        }
        Ok(archive)
    }

    /// The header, the tables and the named members.
    fn open_tables(
        ctx: &Context<'_>,
        bytes: &'b [u8],
        sink: &mut impl Sink,
    ) -> Result<Self, Error> {
        let kind = map_kind(ctx, bytes);
        let mpq = Mpq::parse(bytes, kind, sink)?;
        let tables = het_bet::Tables::open(ctx, &mpq);
        if mpq.hash_table_entries == 0 || mpq.block_table_declared == 0 {
            return Self::open_het_bet_only(ctx, mpq, kind, tables, sink);
        }
        // Only entries that lie in the file are read, so this is bounded by its size; a file made
        // of nothing but table entries still has to fit the allocation limit.
        let in_file = bytes.len() as u64 / 16;
        let entries = u64::from(mpq.hash_table_entries)
            .min(in_file)
            .saturating_add(u64::from(mpq.block_table_entries));
        ctx.limits
            .alloc(entries.saturating_mul(std::mem::size_of::<Entry>() as u64))?;
        let blocks: Vec<BlockEntry> = mpq.block_entries().collect();
        let mut referenced = vec![false; blocks.len()];
        let mut members = Vec::new();
        let mut bad_index = None;
        for hash in mpq.hash_entries() {
            if hash.block == HASH_FREE || hash.block == HASH_DELETED {
                continue;
            }
            let Some(block) = usize::try_from(hash.block).ok().and_then(|i| blocks.get(i)) else {
                bad_index = bad_index.or(Some(hash));
                continue;
            };
            if block.flags & FLAG_EXISTS == 0 {
                continue;
            }
            if let Some(r) = referenced.get_mut(hash.block as usize) {
                *r = true;
            }
            members.push(Entry {
                hash,
                block: *block,
                name: None,
            });
        }
        if let Some(h) = bad_index {
            sink.report(
                mpq_rules::BLOCK_INDEX_INVALID.with(
                    mpq.hash_table_offset
                        .saturating_add(u64::from(h.index).saturating_mul(16)),
                    [h.index.into(), h.block.into(), blocks.len() as u64],
                ),
            )?;
        }
        let unreferenced = referenced.iter().filter(|r| !**r).count() as u64;
        if unreferenced > 0 {
            sink.report(mpq_rules::BLOCKS_UNREFERENCED.with(
                mpq.block_table_offset,
                [unreferenced, blocks.len() as u64, 0],
            ))?;
        }
        let mut archive = Archive {
            mpq,
            kind,
            members,
            het_bet_entries: None,
            attributes: None,
        };
        archive.name_members(ctx, sink, None)?;
        match tables {
            Some(Ok(t)) => archive.het_bet_entries = Some(t.compare(&archive, sink)?),
            Some(Err(d)) => sink.report(d)?,
            None => {}
        }
        Ok(archive)
    }

    /// An archive whose classic tables are empty, read through its HET/BET tables (as StormLib
    /// does); without readable HET/BET tables it holds nothing.
    fn open_het_bet_only(
        ctx: &Context<'_>,
        mpq: Mpq<'b>,
        kind: MapKind,
        tables: Option<Result<het_bet::Tables, lumpkit_formats::Diagnostic>>,
        sink: &mut impl Sink,
    ) -> Result<Self, Error> {
        let empty = Error::file(
            &mpq_rules::TABLES_EMPTY,
            mpq.header_offset.saturating_add(24),
            [
                mpq.hash_table_entries.into(),
                mpq.block_table_declared.into(),
                0,
            ],
        );
        let tables = match tables {
            Some(Ok(t)) => t,
            Some(Err(d)) => {
                sink.report(d)?;
                return Err(empty);
            }
            None => return Err(empty),
        };
        let members = tables.members();
        let mut archive = Archive {
            mpq,
            kind,
            het_bet_entries: Some(members.len() as u64),
            members,
            attributes: None,
        };
        archive.name_members(ctx, sink, Some(&tables))?;
        Ok(archive)
    }

    /// Gives the member a HET lookup of `name` finds the name's classic check hashes, so the
    /// classic lookups below find it (archives read through HET/BET only).
    fn resolve_het(&mut self, tables: &het_bet::Tables, name: &[u8]) {
        let Some(index) = tables.find(name) else {
            return;
        };
        if let Some(m) = self
            .members
            .iter_mut()
            .find(|m| m.block.index == index && m.hash.hash_a == 0 && m.hash.hash_b == 0)
        {
            m.hash.hash_a = crypt::hash(name, HashKind::NameA);
            m.hash.hash_b = crypt::hash(name, HashKind::NameB);
        }
    }

    /// Names members from the well-known names and the `(listfile)`, and orders each name's members
    /// as a lookup finds them (`preference`). `het`: the archive is read
    /// through its HET/BET tables, which resolve the names first.
    fn name_members(
        &mut self,
        ctx: &Context<'_>,
        sink: &mut impl Sink,
        het: Option<&het_bet::Tables>,
    ) -> Result<(), Error> {
        if let Some(tables) = het {
            self.resolve_het(tables, b"(listfile)");
            let listfile = self.lookup(b"(listfile)").cloned().map(|mut m| {
                m.name = Some("(listfile)".into());
                m
            });
            let text = listfile.and_then(|m| self.read(ctx, &m).ok().map(Cow::into_owned));
            for line in text
                .as_deref()
                .unwrap_or_default()
                .split(|&b| matches!(b, b'\r' | b'\n' | b';' | 0))
            {
                let line = line.trim_ascii();
                if !line.is_empty() && line.len() <= MAX_NAME {
                    self.resolve_het(tables, line);
                }
            }
            for name in KNOWN_NAMES {
                self.resolve_het(tables, name.as_bytes());
            }
        }
        let mut by_hash: HashMap<(u32, u32), Vec<usize>> = HashMap::new();
        for (i, m) in self.members.iter().enumerate() {
            by_hash
                .entry((m.hash.hash_a, m.hash.hash_b))
                .or_default()
                .push(i);
        }
        let assign = |members: &mut Vec<Entry>, name: &[u8]| {
            let key = (
                crypt::hash(name, HashKind::NameA),
                crypt::hash(name, HashKind::NameB),
            );
            if let Some(list) = by_hash.get(&key) {
                for &i in list {
                    if let Some(m) = members.get_mut(i)
                        && m.name.is_none()
                    {
                        m.name = Some(String::from_utf8_lossy(name).into_owned());
                    }
                }
            }
        };
        let listfile = self.lookup(b"(listfile)").cloned().map(|mut m| {
            m.name = Some("(listfile)".into());
            m
        });
        if let Some(Ok(text)) = listfile.as_ref().map(|m| self.read(ctx, m)) {
            for line in text.split(|&b| matches!(b, b'\r' | b'\n' | b';' | 0)) {
                let line = line.trim_ascii();
                if !line.is_empty() && line.len() <= MAX_NAME {
                    assign(&mut self.members, line);
                }
            }
        }
        // The listfile's own spelling wins; well-known names fill in what it leaves out.
        for name in KNOWN_NAMES {
            assign(&mut self.members, name.as_bytes());
        }
        if listfile.is_none() {
            let unnamed = self.members.iter().filter(|m| m.name.is_none()).count();
            sink.report(mpq_rules::NO_LISTFILE.here([
                unnamed as u64,
                self.members.len() as u64,
                0,
            ]))?;
        }
        // A name's members in the order a lookup prefers them (`preference`). The key lowercases
        // the name and hashes it: computed once per member, not per comparison (with 100,000
        // members that was most of the time `check` spent on the archive).
        let count = self.mpq.hash_table_entries.max(1);
        self.members.sort_by_cached_key(|m| {
            let start = m
                .name
                .as_deref()
                .map(|n| crypt::hash(n.as_bytes(), HashKind::TableOffset) % count)
                .unwrap_or(0);
            (
                m.name.as_deref().map(str::to_ascii_lowercase),
                preference(m, start, count),
                m.hash.index,
            )
        });
        Ok(())
    }

    /// The member a lookup of `name` finds: the first in `preference` order.
    fn lookup(&self, name: &[u8]) -> Option<&Entry> {
        let a = crypt::hash(name, HashKind::NameA);
        let b = crypt::hash(name, HashKind::NameB);
        let count = self.mpq.hash_table_entries.max(1);
        let start = crypt::hash(name, HashKind::TableOffset) % count;
        self.members
            .iter()
            .filter(|m| m.hash.hash_a == a && m.hash.hash_b == b)
            .min_by_key(|m| preference(m, start, count))
    }

    /// The member's name with `/` separators, or `#<block index>`.
    fn display_name(&self, m: &Entry) -> String {
        match &m.name {
            Some(n) => n.replace('\\', "/"),
            None => format!("#{}", m.block.index),
        }
    }

    /// Each member's path, unique (case-insensitively) in member order: a name's first member (the
    /// one a lookup finds) keeps it; its locale variants and duplicates become
    /// `#<block index>/<name>`, so that every member has its own path in `check`'s output and
    /// keeps its extension.
    fn unique_names(&self) -> Vec<String> {
        let mut seen = std::collections::HashSet::new();
        self.members
            .iter()
            .map(|m| {
                let name = self.display_name(m);
                if seen.insert(name.to_ascii_lowercase()) {
                    name
                } else {
                    format!("#{}/{name}", m.block.index)
                }
            })
            .collect()
    }

    /// A member as a child named `name`.
    fn child(&self, m: &Entry, name: String, content: Result<Cow<'b, [u8]>, Error>) -> Child<'b> {
        let content = if path_unsafe(&name) {
            ChildContent::Failed(Box::new(Error::unsupported(
                &mpq_rules::PATH_UNSAFE,
                self.mpq.data_offset(&m.block),
                [m.block.index.into(), 0, 0],
            )))
        } else {
            match content {
                Ok(data) => ChildContent::Bytes(data),
                Err(e) => match unread(&name, e) {
                    Unread::Report(r) => ChildContent::Report(r),
                    Unread::Failed(e) => ChildContent::Failed(e),
                },
            }
        };
        Child {
            name: Cow::Owned(name),
            offset: Some(self.mpq.data_offset(&m.block)),
            content,
        }
    }

    /// A member's unpacked bytes, held: borrowed when stored in clear, else decrypted and
    /// decompressed within the limits.
    fn read(&self, ctx: &Context<'_>, m: &Entry) -> Result<Cow<'b, [u8]>, Error> {
        let size = u64::from(m.block.file_size);
        let mut held: Option<Cow<'b, [u8]>> = None;
        self.read_to(ctx, m, true, &mut |piece| match piece {
            Piece::Whole(data) => held = Some(Cow::Borrowed(data)),
            Piece::Part(data) => held
                .get_or_insert_with(|| Cow::Owned(Vec::with_capacity(size as usize)))
                .to_mut()
                .extend_from_slice(data),
        })?;
        Ok(held.unwrap_or(Cow::Borrowed(&[])))
    }

    /// Hands a member's unpacked bytes to `take`: whole and borrowed when stored in clear, else
    /// sector by sector as each is decrypted and decompressed (never held here), after its
    /// checksum is checked. The unpacked size is taken from the budget first, and with `held`
    /// (the caller will hold the member) checked against `Limits::max_alloc` before that.
    fn read_to(
        &self,
        ctx: &Context<'_>,
        m: &Entry,
        held: bool,
        take: &mut dyn FnMut(Piece<'b, '_>),
    ) -> Result<(), Error> {
        let member = Member::new(&self.mpq, m.block)?;
        let size = u64::from(m.block.file_size);
        let encrypted = m.block.has(FLAG_ENCRYPTED);
        let key = if encrypted {
            let key = m
                .name
                .as_deref()
                .and_then(|n| member.key_for(n.as_bytes()))
                .or_else(|| member.recover_key());
            Some(key.ok_or(Error::file(
                &mpq_rules::KEY_UNKNOWN,
                member.offset,
                [m.block.index.into(), 0, 0],
            ))?)
        } else {
            None
        };
        if !encrypted && !member.compressed() {
            // Stored in clear: the first `file_size` bytes (sectors are contiguous).
            let data = member
                .stored
                .get(..usize::try_from(size).unwrap_or(usize::MAX))
                .ok_or(member.table_error(0, member.offset))?;
            take(Piece::Whole(data));
            return Ok(());
        }
        if held {
            ctx.limits.alloc(size)?;
        }
        ctx.take_unpacked(size)?;
        let mut total = 0u64;
        // Each run of unpacked bytes, counted and handed on.
        let mut hand = |bytes: &[u8]| {
            total = total.saturating_add(bytes.len() as u64);
            if !bytes.is_empty() {
                take(Piece::Part(bytes));
            }
        };
        let mut sector_out = Vec::new();
        if member.single_unit() {
            // One stream as long as the member: handed on as it is decoded, never held here.
            let sector = member.plain_sector(0, key)?;
            self.unpack(&member, &sector, Unpacked::Stream(&mut hand))?;
        } else if member.has_sector_table() {
            let offsets: Vec<u32> = member.sector_offsets(key).collect();
            let sectors = member.sector_count();
            let checksums = sector_checksums(&member, &offsets);
            for i in 0..sectors {
                let (Some(&start), Some(&end)) = (
                    offsets.get(i as usize),
                    offsets.get((i as usize).saturating_add(1)),
                ) else {
                    return Err(member.table_error(i, member.offset));
                };
                let sector = member.table_sector(i, start, end, key)?;
                if let Some(&stored) = checksums.as_ref().and_then(|c| c.get(i as usize)) {
                    check_sector(&member, &sector, stored)?;
                }
                self.unpack(&member, &sector, Unpacked::Buffer(&mut sector_out))?;
                hand(&sector_out);
                sector_out.clear();
            }
        } else {
            for i in 0..member.sector_count() {
                let sector = member.plain_sector(i, key)?;
                self.unpack(&member, &sector, Unpacked::Buffer(&mut sector_out))?;
                hand(&sector_out);
                sector_out.clear();
            }
        }
        if total != size {
            return Err(Error::file(
                &mpq_rules::DECOMPRESS_FAILED,
                member.offset,
                [m.block.index.into(), 0, 0],
            ));
        }
        Ok(())
    }

    /// Decrypts and decompresses one sector into `out`.
    fn unpack(
        &self,
        member: &Member<'b>,
        sector: &Sector<'b>,
        out: Unpacked<'_>,
    ) -> Result<(), Error> {
        let size = sector.size as usize;
        let data: Cow<'_, [u8]> = match sector.key {
            Some(key) => {
                let mut owned = sector.stored.to_vec();
                crypt::decrypt_in_place(&mut owned, key);
                Cow::Owned(owned)
            }
            None => Cow::Borrowed(sector.stored),
        };
        let fail = |rule, mask: u8| {
            Error::file(
                rule,
                member.offset,
                [member.block.index.into(), sector.index.into(), mask.into()],
            )
        };
        if !member.compressed() || data.len() >= size {
            // Stored sector; extra stored bytes are padding (StormLib copies the sector's size).
            let part = data
                .get(..size)
                .ok_or(fail(&mpq_rules::DECOMPRESS_FAILED, 0))?;
            match out {
                Unpacked::Buffer(out) => out.extend_from_slice(part),
                Unpacked::Stream(take) if !part.is_empty() => take(part),
                Unpacked::Stream(_) => {}
            }
            return Ok(());
        }
        let mask = data.first().copied().unwrap_or(0);
        let imploded = member.block.has(FLAG_IMPLODE) && !member.block.has(FLAG_COMPRESS);
        if !imploded && lumpkit_decompress::mpq_methods(mask).is_err() {
            let mut err = fail(&mpq_rules::COMPRESSION_UNSUPPORTED, mask);
            err.fault = Fault::Unsupported;
            return Err(err);
        }
        let result = if imploded {
            // No mask byte: the whole sector is one DCL stream, exactly the sector's size.
            match out {
                Unpacked::Buffer(out) => decompress_sized(Method::PkwareDcl, &data, out, size),
                Unpacked::Stream(take) => {
                    decompress_sized_to(Method::PkwareDcl, &data, size as u64, take)
                }
            }
        } else {
            match out {
                Unpacked::Buffer(out) => mpq_sector(&data, size, out),
                Unpacked::Stream(take) => mpq_sector_to(&data, size, take),
            }
        };
        result.map_err(|e| match e {
            lumpkit_decompress::Error::Unsupported(_) => {
                let mut err = fail(&mpq_rules::COMPRESSION_UNSUPPORTED, mask);
                err.fault = Fault::Unsupported;
                err
            }
            _ => fail(&mpq_rules::DECOMPRESS_FAILED, mask),
        })
    }
}

/// Where [`Archive::unpack`] puts a sector's bytes.
enum Unpacked<'o> {
    /// Appended to a buffer: a sector, at most the sector size.
    Buffer(&'o mut Vec<u8>),
    /// Handed on as they are decoded: a single unit, as long as the member says.
    Stream(&'o mut dyn FnMut(&[u8])),
}

/// The stored Adler-32 of each sector, when the member has them: the words between the last two
/// sector-table offsets, zlib-packed with a mask byte when shorter than one word per sector (as
/// StormLib reads them). `None` when absent or unreadable: then nothing is checked.
fn sector_checksums(member: &Member<'_>, offsets: &[u32]) -> Option<Vec<u32>> {
    if !member.block.has(FLAG_SECTOR_CRC) {
        return None;
    }
    let n = member.sector_count() as usize;
    let start = *offsets.get(n)? as usize;
    let end = *offsets.get(n.checked_add(1)?)? as usize;
    let raw = member.stored.get(start..end)?;
    let wanted = n.checked_mul(4)?;
    let table: Cow<'_, [u8]> = if raw.len() >= wanted {
        Cow::Borrowed(raw.get(..wanted)?)
    } else if raw.is_empty() {
        return None;
    } else {
        let mut unpacked = Vec::new();
        mpq_sector(raw, wanted, &mut unpacked).ok()?;
        Cow::Owned(unpacked)
    };
    Some(
        table
            .chunks_exact(4)
            .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
            .collect(),
    )
}

/// Compares a sector's Adler-32 (of its stored bytes, decrypted) with the stored one; 0 means none.
fn check_sector(member: &Member<'_>, sector: &Sector<'_>, stored: u32) -> Result<(), Error> {
    if stored == 0 {
        return Ok(());
    }
    let actual = match sector.key {
        Some(key) => {
            let mut plain = sector.stored.to_vec();
            crypt::decrypt_in_place(&mut plain, key);
            storm_adler32(&plain)
        }
        None => storm_adler32(sector.stored),
    };
    if actual == stored {
        return Ok(());
    }
    Err(Error::file(
        &mpq_rules::SECTOR_CRC,
        member.offset,
        [
            member.block.index.into(),
            sector.index.into(),
            actual.into(),
        ],
    ))
}

/// What a member named `name` that cannot be read is: a key lumpkit cannot find is not broken, only
/// unreadable to us (a warning on the member, not a failure); a damaged `(listfile)` breaks the
/// editors and extractors that read it, not the map (the games never read it).
fn unread(name: &str, e: Error) -> Unread {
    if e.diagnostic.rule == &mpq_rules::KEY_UNKNOWN {
        let mut report = Report::new("unknown");
        report.diagnostics.push(e.diagnostic);
        return Unread::Report(Box::new(report));
    }
    if e.fault == Fault::File && name.eq_ignore_ascii_case("(listfile)") {
        let mut report = Report::new("unknown");
        report
            .diagnostics
            .push(e.diagnostic.with_severity(Severity::Warning));
        report
            .diagnostics
            .push(mpq_rules::LISTFILE_UNREADABLE.at(e.offset().unwrap_or(0)));
        return Unread::Report(Box::new(report));
    }
    Unread::Failed(Box::new(e))
}

/// Whether a `/`-separated name would leave the folder it is extracted to.
fn path_unsafe(name: &str) -> bool {
    name.starts_with('/') || name.contains(':') || name.split('/').any(|part| part == "..")
}

/// The typed facts: header facts and the member list.
fn info(archive: &Archive<'_>, map: Option<Box<MapFacts>>) -> MpqInfo {
    let mpq = &archive.mpq;
    MpqInfo {
        header_offset: mpq.header_offset,
        user_data_offset: mpq.user_data_offset,
        raw_version: mpq.raw_version,
        raw_header_size: mpq.raw_header_size,
        map: match archive.kind {
            MapKind::Generic => None,
            MapKind::Warcraft3 => Some("warcraft3"),
            MapKind::StarCraft => Some("starcraft"),
        },
        sector_size: mpq.sector_size,
        hash_table_entries: mpq.hash_table_entries,
        block_table_entries: mpq.block_table_entries,
        het_bet: mpq.het_bet.is_some(),
        het_bet_entries: archive.het_bet_entries,
        entries: archive
            .members
            .iter()
            .map(|m| MpqEntry {
                name: archive.display_name(m),
                named: m.name.is_some(),
                size: m.block.file_size,
                compressed_size: m.block.compressed_size,
                flags: m.block.flags,
                block: m.block.index,
                locale: (m.hash.locale != 0).then_some(m.hash.locale),
            })
            .collect(),
        map_files: map,
    }
}

/// What an MPQ holds beyond the common fields (`info --json`'s header facts and `entries`).
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct MpqInfo {
    /// Where the archive header starts (after a map's own header or an executable).
    pub header_offset: u64,
    /// Where the user-data header starts, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user_data_offset: Option<u64>,
    /// The format version word as stored.
    pub raw_version: u16,
    /// The header size as stored.
    pub raw_header_size: u32,
    /// Which game's map rules apply (`warcraft3`, `starcraft`; `null` for a plain archive).
    pub map: Option<&'static str>,
    /// Bytes per sector.
    pub sector_size: u32,
    /// Hash table entries as stored.
    pub hash_table_entries: u32,
    /// Block table entries as stored.
    pub block_table_entries: u32,
    /// Whether the archive has HET/BET tables.
    pub het_bet: bool,
    /// Files the HET/BET tables list, when they were used.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub het_bet_entries: Option<u64>,
    /// Every member, in block order.
    pub entries: Vec<MpqEntry>,
    /// For a Warcraft III map, its files' facts (`w3i`, `w3e`, `doo`, `imp`, `wpm`, `shd`,
    /// `mmp`), flattened into the object.
    #[serde(flatten)]
    pub map_files: Option<Box<MapFacts>>,
}

/// One MPQ member.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct MpqEntry {
    /// The name from the listfile, or a placeholder naming the block (`File00000012.xxx`).
    pub name: String,
    /// Whether the name is known.
    pub named: bool,
    /// Bytes once unpacked.
    pub size: u32,
    /// Bytes stored.
    pub compressed_size: u32,
    /// Block flags (`MPQ_FILE_*`).
    pub flags: u32,
    /// The block table index.
    pub block: u32,
    /// The hash entry's locale, when not neutral.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub locale: Option<u16>,
}

/// Where a member of one name stands in lookup order (lower first), as `Mpq::find` and
/// StormLib's `GetHashEntryAny` choose: a neutral-locale entry first and, among several (a
/// protector trick), the last its hash chain reaches, as Storm keeps the last neutral match;
/// with no neutral entry, the first localised one the chain reaches. `start` is the name's first
/// slot in a table of `count` entries.
fn preference(m: &Entry, start: u32, count: u32) -> (bool, i64) {
    let distance = i64::from(m.hash.index.wrapping_sub(start).wrapping_add(count) % count);
    match m.hash.locale {
        0 => (false, -distance),
        _ => (true, distance),
    }
}
