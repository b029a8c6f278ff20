//! PAK archives (id's layout and Daikatana's): `info` lists `entries` `[{name, size}]` (Daikatana
//! adds `compressed_size` and `method`); `children` hands out every stored entry's bytes borrowed
//! in place and every compressed one decoded (within `Limits` and the unpack budget), so `check`
//! descends into the maps, textures and PAKs inside.

use std::borrow::Cow;

use lumpkit_formats::pak::{Entry, Layout, Pak as PakView, rules};
use lumpkit_formats::{Error, Ignore};
use serde::Serialize;

use crate::members::{self, Members, Opened, Outcome, Visit};
use crate::{Context, Format, Report};

/// The PAK format.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pak;

impl Format for Pak {
    fn name(&self) -> &'static str {
        "pak"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["pak"]
    }

    fn sniff(&self, bytes: &[u8]) -> bool {
        PakView::sniff(bytes)
    }

    fn inspect(&self, ctx: &Context<'_>, bytes: &[u8]) -> Report {
        members::inspect(ctx, open(ctx, bytes))
    }

    fn open_members<'b>(&self, ctx: &Context<'_>, bytes: &'b [u8]) -> Option<Opened<'b>> {
        Some(open(ctx, bytes))
    }
}

/// Parses the directory into a report and lists the members; a strict-mode stop lists them as a
/// lenient read sees them.
fn open<'b>(ctx: &Context<'_>, bytes: &'b [u8]) -> Opened<'b> {
    let mut report = Report::for_context("pak", ctx);
    let pak = match parse_into(ctx, bytes, &mut report) {
        Some(pak) => Ok(pak),
        None => PakView::parse(bytes, &mut Ignore),
    };
    Opened {
        report,
        members: pak.map(|pak| Box::new(PakMembers(pak)) as Box<dyn Members<'b> + 'b>),
    }
}

/// A PAK's members in directory order: stored ones borrowed in place, compressed ones decoded
/// whole (Daikatana's RLE), their failures the archive's findings too.
struct PakMembers<'b>(PakView<'b>);

impl<'b> Members<'b> for PakMembers<'b> {
    fn count(&self) -> usize {
        self.0.len()
    }

    fn name(&self, index: usize) -> Cow<'b, str> {
        self.0
            .entry(index)
            .map_or(Cow::Borrowed(""), |e| String::from_utf8_lossy(e.name))
    }

    fn offset(&self, index: usize) -> Option<u64> {
        self.0.entry(index).map(|e| e.offset)
    }

    fn cost(&self, index: usize) -> u64 {
        self.0.entry(index).map_or(0, |e| e.stored_size)
    }

    fn read(&self, ctx: &Context<'_>, index: usize, visit: &mut dyn Visit<'b>) {
        let Some(e) = self.0.entry(index) else {
            return;
        };
        visit.start(index, e.size);
        // Out-of-bounds data is reported by the parse.
        let checked = e.compressed && e.data.is_some();
        let outcome = match entry_bytes(ctx, &e, self.0.file_len()) {
            Ok(data) => {
                visit.whole(data);
                Outcome::READ
            }
            Err(err) => Outcome::failed(err).with_archive(checked.then_some(err.diagnostic)),
        };
        visit.end(outcome);
    }
}

/// Parses the directory into `report` (the `entries` field when wanted); `None`, with the error
/// recorded, when the parse stops.
fn parse_into<'b>(ctx: &Context<'_>, bytes: &'b [u8], report: &mut Report) -> Option<PakView<'b>> {
    match PakView::parse(bytes, &mut report.sink(ctx.strict)) {
        Ok(pak) => {
            let dk = pak.layout() == Layout::Daikatana;
            if report.wants_fields() {
                report.set_info(PakInfo {
                    variant: dk.then_some("daikatana"),
                    entries: pak
                        .entries()
                        .map(|e| PakEntry {
                            name: String::from_utf8_lossy(e.name).into_owned(),
                            size: e.size,
                            offset: e.offset,
                            compressed_size: dk.then_some(e.stored_size),
                            method: dk.then_some(if e.compressed { "rle" } else { "stored" }),
                        })
                        .collect(),
                });
            }
            Some(pak)
        }
        Err(e) => {
            report.fail(e);
            None
        }
    }
}

/// An entry's content: borrowed when stored, decoded (within the limits) when compressed.
fn entry_bytes<'b>(
    ctx: &Context<'_>,
    e: &Entry<'b>,
    file_len: u64,
) -> Result<Cow<'b, [u8]>, Error> {
    let index = e.index as u64;
    let data = e.data.ok_or(Error::file(
        &rules::ENTRY_OUT_OF_BOUNDS,
        e.offset,
        [index, e.offset.saturating_add(e.stored_size), file_len],
    ))?;
    if !e.compressed {
        return Ok(Cow::Borrowed(data));
    }
    let invalid = |at: usize| {
        Error::file(
            &rules::COMPRESSION_INVALID,
            e.offset.saturating_add(at as u64),
            [index, at as u64, e.size],
        )
    };
    // One input byte yields at most 65 output bytes: refuse a larger claim before allocating.
    if e.size > (data.len() as u64).saturating_mul(lumpkit_lz::dkrle::MAX_RATIO) {
        return Err(invalid(data.len()));
    }
    ctx.take_unpacked(e.size)?;
    let mut out = vec![0u8; ctx.limits.alloc(e.size)?];
    lumpkit_lz::dkrle::decompress(data, &mut out).map_err(|err| invalid(err.offset()))?;
    Ok(Cow::Owned(out))
}

/// What a PAK holds beyond the common fields (`info --json`'s `variant`, `entries`).
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct PakInfo {
    /// `daikatana` for Daikatana's 72-byte records; none for Quake's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<&'static str>,
    /// Every directory entry, in directory order.
    pub entries: Vec<PakEntry>,
}

/// One PAK directory entry.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct PakEntry {
    /// The name as stored (lossily made text).
    pub name: String,
    /// The member's size once unpacked.
    pub size: u64,
    /// Where the member's data starts.
    pub offset: u64,
    /// Daikatana: the stored size.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compressed_size: Option<u64>,
    /// Daikatana: `rle` or `stored`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<&'static str>,
}
