//! ZIP archives (`.zip`, Quake 3 / GZDoom `.pk3`, Doom 3 `.pk4`, `.pkz`, `.ipk3`) through the
//! [`Format`] interface: the zero-copy directory of `lumpkit_formats::zip`, members decompressed by
//! `lumpkit-decompress`, CRC-32 checked with `crc32fast`.
//!
//! Stored members are borrowed from the input. A compressed member is decompressed only after its
//! declared size has been taken from the per-file unpack budget ([`Context::take_unpacked`]) and
//! allowed by `Limits::alloc`, and decompression stops at that declared size, so no archive can make
//! us produce more than it admits to, nor more than the limits allow in all. Members that share
//! their data with another (the non-recursive zip bomb) are not decompressed at all.
//!
//! The checks that need every member at once (overlapping spans, duplicate names) sort a `Vec` of
//! one small record per central directory record: the container crate does not allocate, and
//! pairwise comparison without allocating is quadratic, which an archive of 65,535 entries turns
//! into a denial of service. The parse has already found each record in the file (46 bytes or
//! more apiece), so these vectors stay within a fraction of the input's size.

use std::borrow::Cow;

use lumpkit_decompress::Method;
use lumpkit_formats::limits::BOMB_RATIO;
use lumpkit_formats::pak::view::name_is_unsafe;
use lumpkit_formats::zip::rules;
use lumpkit_formats::zip::view::{
    METHOD_AES, METHOD_BZIP2, METHOD_DEFLATE, METHOD_DEFLATE64, METHOD_LZMA, METHOD_STORED,
    METHOD_ZSTD,
};
use lumpkit_formats::zip::{Encryption, Entry, Local, Zip};
use lumpkit_formats::{Error, Ignore, Sink};
use serde::Serialize;

use super::zip_names;
use crate::members::{self, Hold, Members, Opened, Outcome, Visit};
use crate::rules::{NO_SUCH_ENTRY, NOT_A_PICTURE};
use crate::{Context, Format, Image, Report, Selection};

/// The deprecated method number zstd had before 93.
const METHOD_ZSTD_OLD: u16 = 20;

/// The ZIP format.
#[derive(Clone, Copy, Debug, Default)]
pub struct ZipFormat;

impl Format for ZipFormat {
    fn name(&self) -> &'static str {
        "zip"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["zip", "pk3", "pk4", "pkz", "ipk3"]
    }

    fn sniff(&self, bytes: &[u8]) -> bool {
        Zip::sniff(bytes)
    }

    /// A `.zip` with bytes in front (a self-extractor, or a file the archive was appended to) is
    /// still read from its end record, as every ZIP reader does.
    fn sniff_by_extension_only(&self) -> bool {
        true
    }

    fn inspect(&self, ctx: &Context<'_>, bytes: &[u8]) -> Report {
        members::inspect(ctx, open(ctx, bytes))
    }

    fn open_members<'b>(&self, ctx: &Context<'_>, bytes: &'b [u8]) -> Option<Opened<'b>> {
        Some(open(ctx, bytes))
    }

    /// `--entry NAME` picks a member by name (ASCII case and `\` against `/` ignored, as the
    /// games' file systems compare paths) and decodes it as the format its content has.
    fn decode(&self, ctx: &Context<'_>, bytes: &[u8], sel: &Selection<'_>) -> Result<Image, Error> {
        let Some(wanted) = sel.entry else {
            return Err(Error::caller(&NOT_A_PICTURE, [0; 3]));
        };
        let zip = Zip::parse(bytes, &mut Ignore)?;
        let unify = |s: &str| s.replace('\\', "/").to_ascii_lowercase();
        let wanted = unify(wanted);
        let entry = zip
            .entries()
            .find(|e| !e.is_dir() && unify(&zip_names::decode(e)) == wanted)
            .ok_or(Error::caller(&NO_SUCH_ENTRY, [0; 3]))?;
        let mut hold = Hold::new(ctx);
        read_member(ctx, &entry, &zip.local(&entry)?, &mut hold)?;
        let data = hold.into_bytes()?;
        let name = child_name(&entry);
        match crate::sniff(&data, Some(std::path::Path::new(name.as_ref()))) {
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

/// Parses the directory and runs the archive-wide checks into a report, and lists the members. A
/// strict-mode stop lists them as a lenient read sees them.
fn open<'b>(ctx: &Context<'_>, bytes: &'b [u8]) -> Opened<'b> {
    let mut report = Report::for_context("zip", ctx);
    let checked = parse_into(ctx, bytes, &mut report).and_then(|zip| {
        ZipMembers::new(ctx, zip, &mut report.sink(ctx.strict))
            .map_err(|e| report.fail(e))
            .ok()
    });
    let members = match checked {
        Some(m) => Ok(m),
        None => {
            Zip::parse(bytes, &mut Ignore).and_then(|zip| ZipMembers::new(ctx, zip, &mut Ignore))
        }
    };
    Opened {
        report,
        members: members.map(|m| Box::new(m) as Box<dyn Members<'b> + 'b>),
    }
}

/// Parses the directory into `report` and fills the facts; `None` (with the error recorded) when
/// the parse stops.
fn parse_into<'b>(ctx: &Context<'_>, bytes: &'b [u8], report: &mut Report) -> Option<Zip<'b>> {
    let zip = match Zip::parse(bytes, &mut report.sink(ctx.strict)) {
        Ok(z) => z,
        Err(e) => {
            report.fail(e);
            return None;
        }
    };
    if report.wants_fields() {
        report.set_info(ZipInfo {
            zip64: zip.zip64,
            prefix: (zip.base > 0).then_some(zip.base),
            comment: (!zip.comment.is_empty()).then(|| zip_names::cp437(zip.comment).into_owned()),
            entries: zip
                .entries()
                .map(|e| ZipEntry {
                    name: zip_names::decode(&e).into_owned(),
                    size: e.size,
                    compressed_size: e.compressed_size,
                    method: e.method,
                    crc32: e.crc32,
                    offset: e.local_offset,
                    flags: e.flags,
                    directory: e.is_dir(),
                    symlink: e.is_symlink(),
                    encrypted: e.encryption() != Encryption::None,
                })
                .collect(),
        });
    }
    Some(zip)
}

/// The method's name, or its number when unknown.
fn method_name<S: serde::Serializer>(method: &u16, s: S) -> Result<S::Ok, S::Error> {
    match *method {
        METHOD_STORED => s.serialize_str("stored"),
        METHOD_DEFLATE => s.serialize_str("deflate"),
        METHOD_DEFLATE64 => s.serialize_str("deflate64"),
        METHOD_BZIP2 => s.serialize_str("bzip2"),
        METHOD_LZMA => s.serialize_str("lzma"),
        METHOD_ZSTD | METHOD_ZSTD_OLD => s.serialize_str("zstd"),
        METHOD_AES => s.serialize_str("aes"),
        other => s.serialize_u16(other),
    }
}

fn hex32<S: serde::Serializer>(crc: &u32, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&format!("{crc:08x}"))
}

fn is_false(b: &bool) -> bool {
    !b
}

/// What a ZIP holds beyond the common fields (`info --json`'s `zip64`, `prefix`, `comment`,
/// `entries`).
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct ZipInfo {
    /// Whether the archive uses ZIP64 records.
    pub zip64: bool,
    /// Bytes before the archive (a self-extractor's stub), when there are any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prefix: Option<u64>,
    /// The archive comment (as code page 437), when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// Every central directory entry, in directory order.
    pub entries: Vec<ZipEntry>,
}

/// One ZIP central directory entry.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct ZipEntry {
    /// The name (UTF-8 when flagged or given by an extra field, code page 437 otherwise).
    pub name: String,
    /// Bytes once unpacked.
    pub size: u64,
    /// Bytes stored.
    pub compressed_size: u64,
    /// The compression method (a name in JSON, or the number when unknown).
    #[serde(serialize_with = "method_name")]
    pub method: u16,
    /// The stored CRC-32 (hex in JSON).
    #[serde(serialize_with = "hex32")]
    pub crc32: u32,
    /// Where the local header starts.
    pub offset: u64,
    /// General-purpose flags.
    pub flags: u16,
    /// Whether the entry is a folder.
    #[serde(skip_serializing_if = "is_false")]
    pub directory: bool,
    /// Whether the entry is a symbolic link.
    #[serde(skip_serializing_if = "is_false")]
    pub symlink: bool,
    /// Whether the entry is encrypted.
    #[serde(skip_serializing_if = "is_false")]
    pub encrypted: bool,
}

/// The codec for a ZIP method, when `lumpkit-decompress` has one.
fn codec(method: u16) -> Option<Method> {
    match method {
        METHOD_DEFLATE => Some(Method::Deflate),
        METHOD_DEFLATE64 => Some(Method::Deflate64),
        METHOD_BZIP2 => Some(Method::Bzip2),
        METHOD_LZMA => Some(Method::Lzma),
        METHOD_ZSTD | METHOD_ZSTD_OLD => Some(Method::Zstd),
        _ => None,
    }
}

/// The members a ZIP hands out: every record but folders, links and encrypted members (reported
/// by the parse), each found again by its record's offset when it is read.
struct ZipMembers<'b> {
    zip: Zip<'b>,
    /// Per member: its central directory record's offset and index.
    records: Vec<(u64, u64)>,
    /// Per record: whether it shares bytes with a member before it (never decompressed).
    overlapped: Vec<bool>,
    /// Per record: whether a later record has exactly its name.
    shadowed: Vec<bool>,
}

impl<'b> ZipMembers<'b> {
    /// The archive-wide checks (overlapping spans, names, the declared total) and the list.
    fn new(ctx: &Context<'_>, zip: Zip<'b>, sink: &mut impl Sink) -> Result<Self, Error> {
        let overlapped = overlaps(&zip, sink)?;
        let shadowed = check_names(&zip, sink)?;
        let declared = zip
            .entries()
            .filter(|e| e.method != METHOD_STORED && !e.is_dir())
            .fold(0u64, |sum, e| sum.saturating_add(e.size));
        // Beyond the budget at a ratio real content has, the archive is only too large to check
        // whole: the members past the budget say so (`limit-unpacked`).
        let ratio = declared
            .checked_div(zip.bytes().len() as u64)
            .unwrap_or(u64::MAX);
        if declared > ctx.limits.max_unpacked && ratio > BOMB_RATIO {
            sink.report(
                rules::DECLARED_TOTAL_TOO_LARGE
                    .with(zip.eocd_offset, [declared, ctx.limits.max_unpacked, 0]),
            )?;
        }
        let records = zip
            .entries()
            .filter(|e| !e.is_dir() && !e.is_symlink() && e.encryption() == Encryption::None)
            .map(|e| (e.record_offset, e.index))
            .collect();
        Ok(ZipMembers {
            zip,
            records,
            overlapped,
            shadowed,
        })
    }

    fn entry(&self, member: usize) -> Option<Entry<'b>> {
        let &(at, index) = self.records.get(member)?;
        self.zip.entry_at(at, index)
    }

    fn flag(flags: &[bool], entry: &Entry<'_>) -> bool {
        usize::try_from(entry.index)
            .ok()
            .and_then(|i| flags.get(i))
            .copied()
            .unwrap_or(false)
    }
}

impl<'b> Members<'b> for ZipMembers<'b> {
    fn count(&self) -> usize {
        self.records.len()
    }

    /// A name a later record repeats keeps its index, so that both are checked and both are
    /// extracted (the later one under the name, as extractors leave it).
    fn name(&self, member: usize) -> Cow<'b, str> {
        let Some(entry) = self.entry(member) else {
            return Cow::Owned(format!("#{member}"));
        };
        let name = child_name(&entry);
        if Self::flag(&self.shadowed, &entry) {
            Cow::Owned(format!("{name}#{}", entry.index))
        } else {
            name
        }
    }

    fn offset(&self, member: usize) -> Option<u64> {
        self.entry(member).map(|e| e.local_offset)
    }

    fn cost(&self, member: usize) -> u64 {
        self.entry(member).map_or(0, |e| e.compressed_size)
    }

    /// Unsafe names and overlapping members are not read; a member that cannot be read for
    /// another reason is the archive's finding too, unless the parse has reported it already.
    fn read(&self, ctx: &Context<'_>, member: usize, visit: &mut dyn Visit<'b>) {
        let Some(entry) = self.entry(member) else {
            return;
        };
        visit.start(member, entry.size);
        // Withheld, not broken: a caller that writes members by name must not be led outside its
        // folder, so the member is "not checked" (`Fault::Unsupported`).
        let outcome = if name_is_unsafe(entry.name) {
            Outcome::failed(Error::unsupported(
                &rules::NAME_UNSAFE,
                entry.record_offset,
                [entry.index, 0, 0],
            ))
        } else if Self::flag(&self.overlapped, &entry) {
            Outcome::failed(Error::file(
                &rules::OVERLAPPING_MEMBERS,
                entry.local_offset,
                [1, entry.index, entry.index],
            ))
        } else {
            match self.zip.local(&entry) {
                Err(e) => Outcome::failed(e),
                Ok(local) => match read_member(ctx, &entry, &local, visit) {
                    Ok(()) => Outcome::READ,
                    Err(e) => Outcome::failed(e).with_archive(Some(e.diagnostic)),
                },
            }
        };
        visit.end(outcome);
    }
}

/// A member's name for `check` and `extract`: as APPNOTE reads it, with `\` as `/` (the Windows
/// tools that write backslashes mean folders).
fn child_name<'b>(entry: &Entry<'b>) -> Cow<'b, str> {
    match zip_names::decode(entry) {
        Cow::Borrowed(name) if !name.contains('\\') => Cow::Borrowed(name),
        name => Cow::Owned(name.replace('\\', "/")),
    }
}

/// Which members share bytes with a member that starts earlier in the file, reporting
/// `zip-overlapping-members` once for the archive.
fn overlaps(zip: &Zip<'_>, sink: &mut impl Sink) -> Result<Vec<bool>, Error> {
    let mut spans: Vec<(u64, u64, u64)> = zip
        .entries()
        .filter_map(|e| zip.span(&e).map(|(start, end)| (start, end, e.index)))
        .collect();
    spans.sort_unstable();
    let mut flagged = vec![false; usize::try_from(zip.count).unwrap_or(0)];
    let mut count = 0u64;
    let mut first = None;
    // The furthest end seen so far, and whose it is.
    let mut reach: Option<(u64, u64)> = None;
    for (start, end, index) in spans {
        if let Some((furthest, owner)) = reach
            && start < furthest
        {
            if let Some(f) = usize::try_from(index).ok().and_then(|i| flagged.get_mut(i)) {
                *f = true;
            }
            count = count.saturating_add(1);
            first = first.or(Some((index, owner, start)));
        }
        if reach.is_none_or(|(furthest, _)| end > furthest) {
            reach = Some((end, index));
        }
    }
    if let Some((index, owner, at)) = first {
        sink.report(rules::OVERLAPPING_MEMBERS.with(at, [count, index, owner]))?;
    }
    Ok(flagged)
}

/// Duplicate names and names that differ only by case (directories aside: a folder listed twice is
/// harmless). Sorted once: comparing every pair would be quadratic in the entries. Returns, per
/// record, whether a later record has exactly its name (extraction keeps the last one).
fn check_names(zip: &Zip<'_>, sink: &mut impl Sink) -> Result<Vec<bool>, Error> {
    let mut names: Vec<(String, u64, Cow<'_, str>, u64)> = zip
        .entries()
        .filter(|e| !e.is_dir())
        .map(|e| {
            let name = zip_names::decode(&e);
            (name.to_lowercase(), e.index, name, e.record_offset)
        })
        .collect();
    names.sort_unstable();
    let mut group_first: Option<(&str, u64, &str)> = None;
    for (folded, index, name, at) in &names {
        match group_first {
            Some((first_folded, first, first_name)) if first_folded == folded.as_str() => {
                let rule = if first_name == name.as_ref() {
                    &rules::NAME_DUPLICATE
                } else {
                    &rules::NAME_CASE_COLLISION
                };
                sink.report(rule.with(*at, [*index, first, 0]))?;
            }
            _ => group_first = Some((folded.as_str(), *index, name.as_ref())),
        }
    }
    let mut shadowed = vec![false; usize::try_from(zip.count).unwrap_or(0)];
    let mut exact: Vec<(&str, u64)> = names.iter().map(|(_, i, n, _)| (n.as_ref(), *i)).collect();
    exact.sort_unstable();
    for pair in exact.windows(2) {
        if let [(a, i), (b, _)] = pair
            && a == b
            && let Some(s) = usize::try_from(*i).ok().and_then(|i| shadowed.get_mut(i))
        {
            *s = true;
        }
    }
    Ok(shadowed)
}

/// Hands a member's content to `visit`: borrowed whole when stored, decompressed piece by piece
/// within the budget otherwise (never held here), and checked against its CRC-32 and declared size.
/// Nothing is handed over when a stored member fails its checks; a compressed one has handed over
/// what decoded before the failure.
fn read_member<'b>(
    ctx: &Context<'_>,
    entry: &Entry<'b>,
    local: &Local<'b>,
    visit: &mut dyn Visit<'b>,
) -> Result<(), Error> {
    let index = entry.index;
    let size_mismatch = |got: u64| {
        Error::file(
            &rules::SIZE_MISMATCH,
            local.data_offset,
            [index, got, entry.size],
        )
    };
    let crc_mismatch = |crc: u32| {
        Error::file(
            &rules::CRC_MISMATCH,
            local.data_offset,
            [index, crc.into(), entry.crc32.into()],
        )
    };
    if entry.method == METHOD_STORED {
        if local.data.len() as u64 != entry.size {
            return Err(size_mismatch(local.data.len() as u64));
        }
        let crc = crc32fast::hash(local.data);
        if crc != entry.crc32 {
            return Err(crc_mismatch(crc));
        }
        visit.whole(Cow::Borrowed(local.data));
        return Ok(());
    }
    let unsupported = Error::unsupported(
        &rules::METHOD_UNSUPPORTED,
        entry.record_offset,
        [index, entry.method.into(), 0],
    );
    let method = codec(entry.method).ok_or(unsupported)?;
    ctx.take_unpacked(entry.size)
        .map_err(|e| e.rebased(local.data_offset))?;
    let corrupt = |at: u64| {
        Error::file(
            &rules::DATA_CORRUPT,
            local.data_offset.saturating_add(at),
            [index, at, 0],
        )
    };
    let mut crc = crc32fast::Hasher::new();
    let mut got = 0u64;
    // Stops at the declared size; LZMA without an end marker is ended by it.
    let decoded =
        lumpkit_decompress::decompress_sized_to(method, local.data, entry.size, &mut |piece| {
            crc.update(piece);
            got = got.saturating_add(piece.len() as u64);
            visit.piece(piece);
        });
    match decoded {
        Ok(()) => {}
        Err(lumpkit_decompress::Error::OutputLimit { .. }) => {
            return Err(size_mismatch(entry.size.saturating_add(1)));
        }
        Err(lumpkit_decompress::Error::Truncated) => return Err(size_mismatch(got)),
        Err(lumpkit_decompress::Error::Unsupported(_)) => return Err(unsupported),
        Err(lumpkit_decompress::Error::Corrupt { at }) => return Err(corrupt(at.unwrap_or(0))),
        Err(_) => return Err(corrupt(local.data.len() as u64)),
    }
    let crc = crc.finalize();
    if crc != entry.crc32 {
        return Err(crc_mismatch(crc));
    }
    Ok(())
}
