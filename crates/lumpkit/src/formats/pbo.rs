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

use crate::members::{self, Members, Opened, Outcome, Visit};
use crate::rules::{NO_SUCH_ENTRY, NOT_A_PICTURE};
use crate::{Context, Format, Image, Report, Selection};

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
        members::inspect(ctx, open(ctx, bytes))
    }

    fn open_members<'b>(&self, ctx: &Context<'_>, bytes: &'b [u8]) -> Option<Opened<'b>> {
        Some(open(ctx, bytes))
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
}

/// Parses the directory into a report and verifies the SHA-1 trailer, and lists the entries; a
/// strict-mode stop lists them as a lenient read sees them.
fn open<'b>(ctx: &Context<'_>, bytes: &'b [u8]) -> Opened<'b> {
    let mut report = Report::for_context("pbo", ctx);
    let checked = parse_into(ctx, bytes, &mut report).and_then(|pbo| {
        check_sha1(&pbo, &mut report.sink(ctx.strict))
            .map_err(|e| report.fail(e))
            .ok()
            .map(|()| pbo)
    });
    let pbo = match checked {
        Some(pbo) => Ok(pbo),
        None => Pbo::parse(bytes, &mut Ignore),
    };
    Opened {
        report,
        members: pbo.map(|pbo| {
            let entries = pbo.entries().collect();
            Box::new(PboMembers { pbo, entries }) as Box<dyn Members<'b> + 'b>
        }),
    }
}

/// Compares the SHA-1 trailer with the bytes it covers.
fn check_sha1(pbo: &Pbo<'_>, sink: &mut impl Sink) -> Result<(), Error> {
    if let Some(stored) = pbo.sha1 {
        let hashed = pbo.hashed();
        if Sha1::digest(hashed).as_slice() != stored {
            sink.report(
                pbo_rules::SHA1_MISMATCH.with(hashed.len() as u64, [hashed.len() as u64, 0, 0]),
            )?;
        }
    }
    Ok(())
}

/// A PBO's entries: stored ones borrowed in place, `Cprs` ones decompressed whole and checked
/// (their failures and checksum warnings are the archive's findings too). Entries whose names
/// climb out of the archive are withheld.
struct PboMembers<'b> {
    pbo: Pbo<'b>,
    entries: Vec<Entry<'b>>,
}

/// Keeps the one finding an entry's decompression reports (its checksum).
#[derive(Default)]
struct Finding(Option<lumpkit_formats::Diagnostic>);

impl Sink for Finding {
    fn report(&mut self, diagnostic: lumpkit_formats::Diagnostic) -> Result<(), Error> {
        self.0 = self.0.or(Some(diagnostic));
        Ok(())
    }
}

impl<'b> Members<'b> for PboMembers<'b> {
    fn count(&self) -> usize {
        self.entries.len()
    }

    fn name(&self, index: usize) -> Cow<'b, str> {
        self.entries.get(index).map_or(Cow::Borrowed(""), |e| {
            match String::from_utf8_lossy(e.name) {
                Cow::Borrowed(name) if !name.contains('\\') => Cow::Borrowed(name),
                name => Cow::Owned(name.replace('\\', "/")),
            }
        })
    }

    fn offset(&self, index: usize) -> Option<u64> {
        self.entries.get(index).map(|e| e.data_offset)
    }

    fn cost(&self, index: usize) -> u64 {
        self.entries.get(index).map_or(0, |e| e.data_size.into())
    }

    fn read(&self, ctx: &Context<'_>, index: usize, visit: &mut dyn Visit<'b>) {
        let Some(entry) = self.entries.get(index) else {
            return;
        };
        visit.start(index, entry.size().into());
        // Data past the end is reported by the parse; other methods are checked when extracted.
        let checked = entry.method == METHOD_CPRS && entry.data(self.pbo.bytes()).is_some();
        let mut finding = Finding::default();
        let content = entry_bytes(ctx, &self.pbo, entry, &mut finding);
        let archive = match &content {
            Err(e) if checked => Some(e.diagnostic),
            _ if checked => finding.0,
            _ => None,
        };
        let outcome = if entry.path_unsafe() {
            // Withheld (a caller that writes members by name must not be led outside its
            // folder): "not checked" (`Fault::Unsupported`), not broken.
            Outcome::failed(Error::unsupported(
                &pbo_rules::PATH_UNSAFE,
                entry.header_offset,
                [entry.index.into(), 0, 0],
            ))
        } else {
            match content {
                Ok(data) => {
                    visit.whole(data);
                    Outcome::READ
                }
                Err(e) => Outcome::failed(e),
            }
        };
        visit.end(outcome.with_archive(archive));
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
