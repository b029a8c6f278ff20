//! PBO archives through the [`Format`] interface: the container view of `lumpkit-formats`, `Cprs`
//! entries through `lumpkit-lz`, and the SHA-1 trailer checked with RustCrypto's `sha1`.
//!
//! Stored entries are handed out as borrowed slices; `Cprs` entries are decompressed into owned bytes
//! only after `ctx.limits` allows the original size and the stored data could expand that far (LZSS
//! yields at most 9 bytes per input byte). Entry names keep their stored text in `entries`; children
//! use `/` separators, and names that climb out (`..`, absolute, drive letters) are never extracted.

use std::borrow::Cow;

use lumpkit_formats::pbo::rules as pbo_rules;
use lumpkit_formats::pbo::{Entry, METHOD_CPRS, METHOD_STORED, Pbo};
use lumpkit_formats::{Error, Ignore, Sink};
use lumpkit_lz::lzss::Checksum;
use serde::Serialize;
use sha1::{Digest, Sha1};
use std::collections::HashMap;

use crate::rules::{NO_SUCH_ENTRY, NOT_A_PICTURE};
use crate::{Child, ChildContent, Context, Format, Image, Report, Selection};

/// Largest output per input byte of Bohemia LZSS (see `lumpkit_formats::paa::view`).
const LZSS_MAX_RATIO: u64 = 9;

/// The PBO format.
#[derive(Clone, Copy, Debug, Default)]
pub struct PboFormat;

impl Format for PboFormat {
    fn name(&self) -> &'static str {
        "pbo"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["pbo"]
    }

    /// Only archives with a `Vers` header carry a signature (`\0sreV`); others go by extension.
    fn sniff(&self, bytes: &[u8]) -> bool {
        bytes.starts_with(b"\0sreV")
    }

    fn sniff_by_extension_only(&self) -> bool {
        true
    }

    fn inspect(&self, ctx: &Context<'_>, bytes: &[u8]) -> Report {
        let mut report = Report::for_context("pbo", ctx);
        if let Some(pbo) = parse_into(ctx, bytes, &mut report)
            && let Err(e) = check_contents(ctx, &pbo, &mut report, None)
        {
            report.fail(e);
        }
        report
    }

    /// Decompresses each `Cprs` entry once, for both the check and the member list.
    fn inspect_with_children<'b>(
        &self,
        ctx: &Context<'_>,
        bytes: &'b [u8],
    ) -> (Report, Result<Vec<Child<'b>>, Error>) {
        let mut report = Report::for_context("pbo", ctx);
        let Some(pbo) = parse_into(ctx, bytes, &mut report) else {
            return (report, self.children(ctx, bytes));
        };
        // The parse walked every header, so the count is bounded by the file size.
        let mut children = Vec::with_capacity(usize::try_from(pbo.count).unwrap_or(0));
        match check_contents(ctx, &pbo, &mut report, Some(&mut children)) {
            Ok(()) => (report, Ok(children)),
            Err(e) => {
                // A strict-mode stop: list the members as a lenient read sees them.
                report.fail(e);
                (report, self.children(ctx, bytes))
            }
        }
    }

    fn decode(&self, ctx: &Context<'_>, bytes: &[u8], sel: &Selection<'_>) -> Result<Image, Error> {
        let Some(wanted) = sel.entry else {
            return Err(Error::caller(&NOT_A_PICTURE, [0; 3]));
        };
        let pbo = Pbo::parse(bytes, &mut Ignore)?;
        let unify = |s: &str| s.replace('\\', "/").to_ascii_lowercase();
        let entry = pbo
            .entries()
            .find(|e| unify(&text(e.name)) == unify(wanted))
            .ok_or(Error::caller(&NO_SUCH_ENTRY, [0; 3]))?;
        let data = entry_bytes(ctx, &pbo, &entry, &mut Ignore)?;
        match crate::sniff(
            &data,
            Some(std::path::Path::new(&text(entry.name).replace('\\', "/"))),
        ) {
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

    fn children<'b>(&self, ctx: &Context<'_>, bytes: &'b [u8]) -> Result<Vec<Child<'b>>, Error> {
        let pbo = Pbo::parse(bytes, &mut Ignore)?;
        Ok(pbo
            .entries()
            .map(|entry| {
                let content = entry_bytes(ctx, &pbo, &entry, &mut Ignore);
                member(&entry, content)
            })
            .collect())
    }
}

/// Parses the directory into `report` and fills the facts; `None` (with the error recorded) when
/// the parse stops.
fn parse_into<'b>(ctx: &Context<'_>, bytes: &'b [u8], report: &mut Report) -> Option<Pbo<'b>> {
    let pbo = match Pbo::parse(bytes, &mut report.sink(ctx.strict)) {
        Ok(p) => p,
        Err(e) => {
            report.fail(e);
            return None;
        }
    };
    // One slot per entry; the count is bounded by the directory's size / 21 bytes a record.
    let slots = u64::from(pbo.count).saturating_mul(8);
    if ctx.limits.alloc(slots).is_ok() {
        let mut scratch = vec![0u64; pbo.count as usize];
        if let Err(e) = pbo.check_duplicates(&mut scratch, &mut report.sink(ctx.strict)) {
            report.fail(e);
            return None;
        }
    }
    // The last `version` wins, as in the property map `info` prints.
    if let Some((_, v)) = pbo.properties().filter(|(k, _)| *k == b"version").last() {
        report.version = Some(text(v).into());
    }
    if report.wants_fields() {
        report.set_info(PboInfo {
            properties: properties(&pbo),
            entries: pbo
                .entries()
                .map(|e| PboEntry {
                    name: text(e.name),
                    size: e.size(),
                    stored_size: e.data_size,
                    method: e.method,
                    offset: e.data_offset,
                    timestamp: e.timestamp,
                })
                .collect(),
            data_offset: pbo.data_start,
        });
    }
    Some(pbo)
}

/// An entry as a member: its content, or why it has none. Names that climb out of the archive are
/// never handed out (a caller that writes members by name must not be led outside its folder):
/// withheld, so "not checked" (`Fault::Unsupported`), not broken.
fn member<'b>(entry: &Entry<'b>, content: Result<Cow<'b, [u8]>, Error>) -> Child<'b> {
    let content = if entry.path_unsafe() {
        ChildContent::Failed(Box::new(Error::unsupported(
            &pbo_rules::PATH_UNSAFE,
            entry.header_offset,
            [entry.index.into(), 0, 0],
        )))
    } else {
        match content {
            Ok(data) => ChildContent::Bytes(data),
            Err(e) => ChildContent::Failed(Box::new(e)),
        }
    };
    Child {
        name: match String::from_utf8_lossy(entry.name) {
            Cow::Borrowed(name) if !name.contains('\\') => Cow::Borrowed(name),
            name => Cow::Owned(name.replace('\\', "/")),
        },
        offset: Some(entry.data_offset),
        content,
    }
}

/// Name bytes as text (lossily; PBO names are usually ASCII, sometimes Windows-1252).
fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The header's properties in file order, each key once: a repeated key keeps its first place and
/// takes its last value (what a map of them holds).
fn properties(pbo: &Pbo<'_>) -> Vec<(String, String)> {
    let mut list: Vec<(String, String)> = Vec::new();
    let mut at = HashMap::new();
    for (k, v) in pbo.properties() {
        let (key, value) = (text(k), text(v));
        match at.get(&key) {
            Some(&i) => {
                if let Some(slot) = list.get_mut(i) {
                    *slot = (key, value);
                }
            }
            None => {
                at.insert(key.clone(), list.len());
                list.push((key, value));
            }
        }
    }
    list
}

/// `stored`, `cprs`, or the unknown method word in hex.
fn method_name<S: serde::Serializer>(method: &u32, s: S) -> Result<S::Ok, S::Error> {
    match *method {
        METHOD_STORED => s.serialize_str("stored"),
        METHOD_CPRS => s.serialize_str("cprs"),
        other => s.serialize_str(&format!("{other:#010x}")),
    }
}

fn properties_map<S: serde::Serializer>(
    props: &[(String, String)],
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_map(props.iter().map(|(k, v)| (k, v)))
}

/// What a PBO holds beyond the common fields (`info --json`'s `properties`, `entries`,
/// `data_offset`).
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct PboInfo {
    /// The header extension's properties (`prefix`, `version`, …), in file order, each key once
    /// with its last value.
    #[serde(serialize_with = "properties_map")]
    pub properties: Vec<(String, String)>,
    /// Every directory entry, in directory order.
    pub entries: Vec<PboEntry>,
    /// Where the entries' data starts.
    pub data_offset: u64,
}

/// One PBO directory entry.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct PboEntry {
    /// The name as stored (lossily made text, backslash-separated as Arma writes it).
    pub name: String,
    /// The member's size once unpacked.
    pub size: u32,
    /// Bytes stored in the archive.
    pub stored_size: u32,
    /// The packing method word (`stored`, `cprs`, or hex in JSON).
    #[serde(serialize_with = "method_name")]
    pub method: u32,
    /// Where the member's data starts.
    pub offset: u64,
    /// The stored timestamp (seconds since 1970, as the packer wrote it).
    pub timestamp: u32,
}

/// Verifies the SHA-1 trailer and every `Cprs` entry's data; with `members`, also lists every entry
/// as a member, so that decompressed data serves both.
fn check_contents<'b>(
    ctx: &Context<'_>,
    pbo: &Pbo<'b>,
    report: &mut Report,
    mut members: Option<&mut Vec<Child<'b>>>,
) -> Result<(), Error> {
    let mut sink = report.sink(ctx.strict);
    if let Some(stored) = pbo.sha1 {
        let hashed = pbo.hashed();
        if Sha1::digest(hashed).as_slice() != stored {
            sink.report(
                pbo_rules::SHA1_MISMATCH.with(hashed.len() as u64, [hashed.len() as u64, 0, 0]),
            )?;
        }
    }
    for entry in pbo.entries() {
        // Data past the end is reported by the parse; other methods are checked when extracted.
        let checked = entry.method == METHOD_CPRS && entry.data(pbo.bytes()).is_some();
        let content = if checked {
            let content = entry_bytes(ctx, pbo, &entry, &mut sink);
            if let Err(e) = &content {
                if e.fault == lumpkit_formats::Fault::Strict {
                    return Err(*e);
                }
                sink.report(e.diagnostic)?;
            }
            content
        } else if members.is_some() {
            entry_bytes(ctx, pbo, &entry, &mut Ignore)
        } else {
            continue;
        };
        if let Some(list) = members.as_deref_mut() {
            list.push(member(&entry, content));
        }
    }
    Ok(())
}

/// An entry's content: borrowed when stored, decompressed (within the limits) when `Cprs`.
fn entry_bytes<'b>(
    ctx: &Context<'_>,
    pbo: &Pbo<'b>,
    entry: &Entry<'b>,
    sink: &mut impl Sink,
) -> Result<Cow<'b, [u8]>, Error> {
    let index = u64::from(entry.index);
    let data = entry.data(pbo.bytes()).ok_or(Error::file(
        &pbo_rules::DATA_PAST_EOF,
        entry.header_offset,
        [index, entry.data_size.into(), entry.data_offset],
    ))?;
    match entry.method {
        METHOD_STORED => Ok(Cow::Borrowed(data)),
        METHOD_CPRS => {
            let size = u64::from(entry.original_size);
            if size
                > (data.len() as u64)
                    .saturating_mul(LZSS_MAX_RATIO)
                    .saturating_add(16)
            {
                return Err(Error::file(
                    &pbo_rules::CPRS_INVALID,
                    entry.data_offset,
                    [index, 0, 0],
                ));
            }
            let mut out = vec![0u8; ctx.limits.alloc(size)?];
            let decoded = lumpkit_lz::lzss::decompress(data, &mut out).map_err(|e| {
                Error::file(
                    &pbo_rules::CPRS_INVALID,
                    entry.data_offset.saturating_add(e.offset() as u64),
                    [index, e.offset() as u64, 0],
                )
            })?;
            if let Checksum::Mismatch {
                stored, unsigned, ..
            } = decoded.checksum
            {
                let at = entry
                    .data_offset
                    .saturating_add(decoded.consumed.saturating_sub(4) as u64);
                sink.report(
                    pbo_rules::CPRS_CHECKSUM.with(at, [index, stored.into(), unsigned.into()]),
                )?;
            }
            Ok(Cow::Owned(out))
        }
        other => Err(Error::unsupported(
            &pbo_rules::METHOD_UNSUPPORTED,
            entry.header_offset,
            [index, other.into(), 0],
        )),
    }
}
