//! WAD2 (Quake) and WAD3 (Half-Life) texture archives, through `lumpkit_formats::wad`.
//!
//! `info` lists every entry as `{name, type, width, height}` (plus offset, size and mips) and every
//! diagnostic of the directory and of each entry; `children` gives each picture as its own checked
//! [`Report`] (so `check` reports per entry) and other entries as bytes; `decode --entry NAME
//! [--mip N]` decodes one picture (WAD2 needs `--palette`); `extract` writes every picture as
//! `<name>.png` and other entries as their bytes. Transparency follows
//! `lumpkit_formats::miptex::alpha` (where each rule comes from is documented there).

use std::borrow::Cow;
use std::io;

use lumpkit_formats::diag::{Diagnostic, Sink};
use lumpkit_formats::miptex::PaletteLayout;
use lumpkit_formats::miptex::alpha::{AlphaMode, picture_alpha};
use lumpkit_formats::miptex::rules::PALETTE_PAST_END;
use lumpkit_formats::wad::{self, Content, Entry, Kind, Pic, Version};
use lumpkit_formats::{Error, Fault, Ignore, Strict};
use lumpkit_pixels::palette::rgb_palette;
use serde::Serialize;

use crate::format::ExtractSink;
use crate::formats::miptex::{alpha_table, decode_level, render};
use crate::rules::{NO_SUCH_ENTRY, NOT_A_PICTURE, PALETTE_REQUIRED};
use crate::{Child, ChildContent, Context, Extracted, Format, Image, Report, Selection};

/// The WAD format.
#[derive(Clone, Copy, Debug)]
pub struct WadFormat;

/// Magics we recognise: the two we read, and Doom's, which share the extension and are reported
/// as unsupported rather than unknown.
const MAGICS: [&[u8; 4]; 4] = [b"WAD2", b"WAD3", b"IWAD", b"PWAD"];

/// Passes diagnostics on with offsets moved from entry-relative to file-relative.
struct Rebase<'s, S: Sink + ?Sized>(&'s mut S, u64);

impl<S: Sink + ?Sized> Sink for Rebase<'_, S> {
    fn report(&mut self, diagnostic: Diagnostic) -> Result<(), Error> {
        self.0.report(diagnostic.rebased(self.1))
    }
}

impl Format for WadFormat {
    fn name(&self) -> &'static str {
        "wad"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["wad"]
    }

    fn sniff(&self, bytes: &[u8]) -> bool {
        MAGICS.iter().any(|m| bytes.starts_with(*m))
    }

    fn inspect(&self, ctx: &Context<'_>, bytes: &[u8]) -> Report {
        let mut report = Report::for_context("wad", ctx);
        if let Err(e) = inspect_into(ctx, bytes, &mut report) {
            report.fail(e);
        }
        report
    }

    fn decode(&self, ctx: &Context<'_>, bytes: &[u8], sel: &Selection<'_>) -> Result<Image, Error> {
        let wad = parse(ctx, bytes)?;
        let entry = match sel.entry {
            Some(name) => find(&wad, name)?,
            None => wad
                .entries()
                .find(|e| e.kind().is_picture())
                .ok_or(Error::caller(&NOT_A_PICTURE, [0; 3]))?,
        };
        decode_entry(ctx, wad.version(), &entry, sel.mip)
    }

    fn children<'b>(&self, ctx: &Context<'_>, bytes: &'b [u8]) -> Result<Vec<Child<'b>>, Error> {
        let wad = parse(ctx, bytes)?;
        Ok(wad
            .entries()
            .map(|entry| {
                let content = match entry.data() {
                    Err(e) => ChildContent::Failed(Box::new(e)),
                    Ok(_) if entry.kind().is_picture() => {
                        ChildContent::Report(Box::new(entry_report(ctx, wad.version(), &entry)))
                    }
                    Ok(data) => ChildContent::Bytes(Cow::Borrowed(data)),
                };
                Child {
                    name: child_name(&entry).into(),
                    offset: Some(entry.offset()),
                    content,
                }
            })
            .collect())
    }

    fn extract(
        &self,
        ctx: &Context<'_>,
        bytes: &[u8],
        out: &mut ExtractSink<'_>,
    ) -> io::Result<Vec<Error>> {
        let wad = match parse(ctx, bytes) {
            Ok(w) => w,
            Err(e) => return Ok(vec![e]),
        };
        let mut failures = Vec::new();
        for entry in wad.entries() {
            let name = child_name(&entry);
            if entry.kind().is_picture() {
                match decode_entry(ctx, wad.version(), &entry, 0) {
                    Ok(image) => out(&format!("{name}.png"), Extracted::Image(image))?,
                    Err(e) => failures.push(e),
                }
            } else {
                match entry.data() {
                    Ok(data) => out(&name, Extracted::Bytes(Cow::Borrowed(data)))?,
                    Err(e) => failures.push(e),
                }
            }
        }
        Ok(failures)
    }
}

/// Parses the archive, failing on the first warning in strict mode.
fn parse<'a>(ctx: &Context<'_>, bytes: &'a [u8]) -> Result<wad::Wad<'a>, Error> {
    if ctx.strict {
        wad::Wad::parse(bytes, &mut Strict(Ignore))
    } else {
        wad::Wad::parse(bytes, &mut Ignore)
    }
}

/// The entry called `name` (ASCII case ignored; a name that is not text matches its lossy form).
fn find<'a>(wad: &wad::Wad<'a>, name: &str) -> Result<Entry<'a>, Error> {
    wad.find(name.as_bytes())
        .or_else(|| wad.entries().find(|e| lossy(e.name()) == name))
        .ok_or(Error::caller(&NO_SUCH_ENTRY, [0; 3]))
}

fn lossy(name: &[u8]) -> String {
    String::from_utf8_lossy(name).into_owned()
}

/// The name a child is listed and extracted under (`#<index>` for an empty name).
fn child_name(entry: &Entry<'_>) -> String {
    if entry.name().is_empty() {
        format!("#{}", entry.index())
    } else {
        lossy(entry.name())
    }
}

/// Fills the archive report: version, entries, and every diagnostic of the directory and entries.
fn inspect_into(ctx: &Context<'_>, bytes: &[u8], report: &mut Report) -> Result<(), Error> {
    let wad = wad::Wad::parse(bytes, &mut report.sink(ctx.strict))?;
    report.version = Some(wad.version().as_str().into());
    // One u32 per entry; the count is bounded by the file size / 32.
    let mut scratch = vec![0u32; wad.len()];
    wad.check_overlaps(&mut scratch, &mut report.sink(ctx.strict))?;
    wad.check_duplicates(&mut scratch, &mut report.sink(ctx.strict))?;
    if wad.version() == Version::Wad2 && named(ctx, "gfx.wad") && wad.find(b"conchars").is_none() {
        report
            .sink(ctx.strict)
            .report(wad::rules::GFX_CONCHARS_MISSING.at(0))?;
    }
    let keep = report.wants_fields();
    let mut entries = Vec::with_capacity(if keep { wad.len() } else { 0 });
    for entry in wad.entries() {
        let facts = entry_facts(ctx, &entry, keep, &mut report.sink(ctx.strict))?;
        if keep {
            entries.push(facts.entry(&entry));
        }
    }
    report.set_info(WadInfo { entries });
    Ok(())
}

/// What one entry's check found.
#[derive(Default)]
struct Facts {
    width: Option<u32>,
    height: Option<u32>,
    /// The `levels` info field (only when `describe`d).
    levels: Vec<WadPictureLevel>,
    /// Each level's width and height.
    sizes: Vec<(u32, u32)>,
}

impl Facts {
    fn entry(&self, entry: &Entry<'_>) -> WadEntry {
        WadEntry {
            name: lossy(entry.name()),
            type_code: entry.type_code(),
            width: self.width,
            height: self.height,
            offset: entry.offset(),
            size: entry.disk_size(),
            mips: (!self.sizes.is_empty()).then_some(self.sizes.len()),
        }
    }
}

/// What a WAD holds beyond the common fields (`info --json`'s `entries`).
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct WadInfo {
    /// Every directory entry, in directory order.
    pub entries: Vec<WadEntry>,
}

/// One WAD directory entry.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct WadEntry {
    /// The name as stored (lossily made text; `#N` when empty).
    pub name: String,
    /// The type byte (`0x43` miptex, `0x42` qpic, …).
    #[serde(rename = "type")]
    pub type_code: u8,
    /// Width of a picture entry whose content could be read.
    pub width: Option<u32>,
    /// Height of a picture entry whose content could be read.
    pub height: Option<u32>,
    /// Where the entry's data starts.
    pub offset: u64,
    /// The entry's size on disk.
    pub size: u64,
    /// Levels of a picture entry.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mips: Option<usize>,
}

/// What one picture inside a WAD holds beyond the common fields (`type`, `levels`).
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct WadPictureInfo {
    /// The directory entry's type byte.
    #[serde(rename = "type")]
    pub type_code: u8,
    /// The levels, largest first.
    pub levels: Vec<WadPictureLevel>,
}

/// One level of a picture inside a WAD.
#[derive(Clone, Copy, Debug, Serialize)]
#[non_exhaustive]
pub struct WadPictureLevel {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Where the level's pixels start in the WAD.
    pub offset: u64,
    /// Bytes of pixels (one palette index each).
    pub size: usize,
}

/// Checks one entry's content (not its directory record), reporting with file offsets. An error
/// that makes the entry unusable is reported as a diagnostic: the archive stays usable.
/// With `describe`, also the `levels` info field.
fn entry_facts<S: Sink + ?Sized>(
    ctx: &Context<'_>,
    entry: &Entry<'_>,
    describe: bool,
    sink: &mut S,
) -> Result<Facts, Error> {
    let mut facts = Facts::default();
    if entry.data().is_err() {
        return Ok(facts); // already reported with the directory record
    }
    let base = entry.offset();
    let content = match entry.content(&mut Rebase(sink, base)) {
        Ok(c) => c,
        Err(e) if e.fault == Fault::Strict => return Err(e),
        Err(e) => {
            sink.report(e.diagnostic.rebased(base))?;
            return Ok(facts);
        }
    };
    match content {
        Content::Miptex(m) => {
            facts.width = Some(m.width());
            facts.height = Some(m.height());
            for level in m.levels().into_iter().flatten() {
                facts.sizes.push((level.width, level.height));
                if !describe {
                    continue;
                }
                facts.levels.push(WadPictureLevel {
                    width: level.width,
                    height: level.height,
                    offset: base.saturating_add(level.offset),
                    size: level.pixels.len(),
                });
            }
        }
        Content::Pic(p) => {
            facts.width = Some(p.width);
            facts.height = Some(p.height);
            facts.sizes.push((p.width, p.height));
            if describe {
                facts.levels.push(WadPictureLevel {
                    width: p.width,
                    height: p.height,
                    offset: base.saturating_add(p.pixels_offset),
                    size: p.pixels.len(),
                });
            }
        }
        Content::Palette(_) | Content::Unknown(_) => {}
    }
    if ctx.decode_pixels {
        // Once a level's pixels and palette are in place (checked above), expanding them cannot
        // fail; what is left to find is a level the limits refuse, which needs no pixel work. This
        // also keeps inspection linear when many entries point into one large texture.
        for &(w, h) in &facts.sizes {
            if let Err(e) = ctx.limits.rgba_len(w, h) {
                sink.report(e.diagnostic)?;
            }
        }
    }
    Ok(facts)
}

/// One picture entry as its own report, for `check`'s per-entry listing.
fn entry_report(ctx: &Context<'_>, version: Version, entry: &Entry<'_>) -> Report {
    let format = match entry.kind() {
        Kind::Font => "wad-font",
        Kind::Qpic | Kind::ConsolePic | Kind::Conchars => "wad-qpic",
        _ => "wad-miptex",
    };
    let mut report = Report::for_context(format, ctx);
    report.version = Some(version.as_str().into());
    let result = entry
        .check_record(&mut report.sink(ctx.strict))
        .and_then(|()| {
            entry_facts(
                ctx,
                entry,
                report.wants_fields(),
                &mut report.sink(ctx.strict),
            )
        });
    match result {
        Ok(facts) => {
            report.width = facts.width;
            report.height = facts.height;
            report.mips = u32::try_from(facts.sizes.len()).ok().filter(|&n| n > 0);
            report.set_info(WadPictureInfo {
                type_code: entry.type_code(),
                levels: facts.levels,
            });
        }
        Err(e) => report.fail(e),
    }
    report
}

/// Decodes level `mip` of a picture entry to RGBA8.
fn decode_entry(
    ctx: &Context<'_>,
    version: Version,
    entry: &Entry<'_>,
    mip: u32,
) -> Result<Image, Error> {
    let base = entry.offset();
    let content = if ctx.strict {
        entry.content(&mut Strict(Ignore))
    } else {
        entry.content(&mut Ignore)
    }
    .map_err(|e| {
        if entry.data().is_ok() {
            e.rebased(base)
        } else {
            e
        }
    })?;
    let name = entry.name();
    match content {
        Content::Miptex(m) => {
            let layout = match version {
                Version::Wad2 => PaletteLayout::External,
                Version::Wad3 => PaletteLayout::Trailing,
            };
            let as_decal = entry.kind() == Kind::Decal || loaded_as_decals(ctx);
            decode_level(ctx, &m, name, mip, layout, as_decal, base)
        }
        Content::Pic(p) => {
            if mip != 0 {
                return Err(Error::caller(&NOT_A_PICTURE, [mip.into(), 0, 0]));
            }
            let mode = match entry.kind() {
                Kind::Font => AlphaMode::Masked,
                _ => picture_alpha(name, p.pixels),
            };
            let palette = palette_for(ctx, version, p.palette, base, &p)?;
            // Only a `conchars` cut short by the end of the file holds fewer pixels than its
            // size: the engine reads on past the file, shown here as zeros (transparent).
            let need = ctx.limits.rgba_len(p.width, p.height)? / 4;
            let mut pixels = Cow::Borrowed(p.pixels);
            if pixels.len() < need {
                pixels.to_mut().resize(need, 0);
            }
            render(
                ctx,
                p.width,
                p.height,
                &pixels,
                &alpha_table(&palette, mode),
            )
        }
        Content::Palette(_) | Content::Unknown(_) => Err(Error::caller(&NOT_A_PICTURE, [0; 3])),
    }
}

/// Half-Life loads every texture of `decals.wad` and the player's spray in `tempdecal.wad` (always
/// named `{LOGO`, as Xash3D's `Image_SaveWAD` and spray tools write it) as decals (Xash3D
/// `IL_LOAD_DECAL`).
fn loaded_as_decals(ctx: &Context<'_>) -> bool {
    named(ctx, "decals.wad") || named(ctx, "tempdecal.wad")
}

/// Whether the file is called `name` (ASCII case ignored): the engines give some WADs a role by
/// name (Half-Life's `decals.wad`, Quake's `gfx.wad`), on disk or as an archive member.
fn named(ctx: &Context<'_>, name: &str) -> bool {
    ctx.file_name()
        .is_some_and(|n| n.eq_ignore_ascii_case(name))
}

/// The palette of a picture: its own (WAD3) or the caller's (WAD2).
fn palette_for(
    ctx: &Context<'_>,
    version: Version,
    own: Option<&[u8; 768]>,
    base: u64,
    p: &Pic<'_>,
) -> Result<[[u8; 3]; 256], Error> {
    match version {
        Version::Wad3 => own.and_then(|p| rgb_palette(p)).ok_or_else(|| {
            let at = p.pixels_offset.saturating_add(p.pixels.len() as u64);
            Error::file(&PALETTE_PAST_END, base.saturating_add(at), [at, 770, 0])
        }),
        Version::Wad2 => ctx
            .palette
            .copied()
            .ok_or(Error::caller(&PALETTE_REQUIRED, [0; 3])),
    }
}
