//! The textures embedded in Quake 1 (BSP29, BSP2, 2PSB) and GoldSrc (BSP30) maps, through the miptex code WAD
//! uses ([`crate::formats::miptex`]): BSP29 / BSP2 textures take the caller's palette (`--palette`), BSP30
//! textures carry their own after level 3. A texture whose offsets are all zero lives in a WAD
//! (`is_external`) and has no pixels here.

use lumpkit_formats::miptex::rules::SIZE_NOT_MULTIPLE_OF_16;
use lumpkit_formats::miptex::{LEVELS, Miptex, PaletteLayout, level_size};
use lumpkit_formats::q1bsp::Bsp1;
use lumpkit_formats::{Error, Ignore};
use serde::Serialize;

use crate::formats::miptex::decode_level;
use crate::rules::{NO_SUCH_ENTRY, NOT_A_PICTURE};
use crate::{Context, Image, Report};

/// One embedded texture slot.
#[derive(Debug)]
pub struct Texture<'a> {
    /// Slot in the textures lump.
    pub index: u32,
    /// File offset of the miptex record.
    pub base: u64,
    /// The parsed record, or why it cannot be read.
    pub miptex: Result<Miptex<'a>, Error>,
}

impl Texture<'_> {
    /// The texture's name, lossily as text (`#<index>` when it cannot be read).
    pub fn name(&self) -> String {
        match &self.miptex {
            Ok(m) => String::from_utf8_lossy(m.name()).into_owned(),
            Err(_) => format!("#{}", self.index),
        }
    }
}

/// The version as reports name it: 29, 30, or `BSP2` / `2PSB`.
pub fn version(bsp: &Bsp1<'_>) -> crate::report::Version {
    bsp.version_name()
        .map_or_else(|| bsp.version.into(), Into::into)
}

/// The palette layout of a map version.
pub fn layout(bsp: &Bsp1<'_>) -> PaletteLayout {
    if bsp.version == 30 {
        PaletteLayout::Trailing
    } else {
        PaletteLayout::External
    }
}

/// Every texture slot with a record (missing, -1 slots are skipped), read leniently: a texture's
/// warnings belong to its own report ([`report`], which honours strict mode), so the map's fields
/// and the texture a decode picks are the same in strict and lenient mode.
pub fn textures<'a>(_ctx: &Context<'_>, bsp: &Bsp1<'a>) -> Vec<Texture<'a>> {
    (0..bsp.texture_count())
        .filter_map(|index| {
            let (bytes, base) = bsp.texture(index)?;
            let miptex =
                Miptex::parse(bytes, layout(bsp), &mut Ignore).map_err(|e| e.rebased(base));
            Some(Texture {
                index,
                base,
                miptex,
            })
        })
        .collect()
}

/// A texture's own report (what `check` lists as `map.bsp!name`).
pub fn report(ctx: &Context<'_>, bsp: &Bsp1<'_>, t: &Texture<'_>) -> Report {
    let mut report = Report::for_context("bsp-miptex", ctx);
    report.version = Some(version(bsp));
    let Some((bytes, base)) = bsp.texture(t.index) else {
        return report;
    };
    // Under the caller's targets, so that a profiled finding gets its engines' verdict.
    let mut diags = Report::for_context("bsp-miptex", ctx);
    let parsed = Miptex::parse(bytes, layout(bsp), &mut diags.sink(ctx.strict));
    // A side that is not a multiple of 16 makes the engines refuse the whole map: the map's record
    // carries it (`lumpkit_formats::miptex::map`), once, so the texture's does not repeat it.
    diags
        .diagnostics
        .retain(|d| d.code() != SIZE_NOT_MULTIPLE_OF_16.code);
    report.extend_rebased(&diags.diagnostics, base);
    match parsed {
        Ok(m) => {
            report.width = Some(m.width());
            report.height = Some(m.height());
            let mips = if m.is_external() { 0 } else { LEVELS };
            report.mips = Some(mips);
            if report.wants_fields() {
                report.set_info(BspTextureInfo {
                    levels: (0..mips)
                        .map(|n| {
                            let (width, height) = level_size(m.width(), m.height(), n);
                            let offset = m.offsets().get(n as usize).copied();
                            BspTextureLevel {
                                width,
                                height,
                                offset,
                            }
                        })
                        .collect(),
                    external: m.is_external(),
                    encoding: "indexed",
                });
            }
        }
        Err(e) => report.fail(e.rebased(base)),
    }
    report
}

/// Decodes level `mip` of a texture.
pub fn decode(
    ctx: &Context<'_>,
    bsp: &Bsp1<'_>,
    t: &Texture<'_>,
    mip: u32,
) -> Result<Image, Error> {
    let m = t.miptex.as_ref().map_err(|e| *e)?;
    if m.is_external() {
        return Err(Error::caller(&NOT_A_PICTURE, [u64::from(t.index), 0, 0]));
    }
    decode_level(ctx, m, m.name(), mip, layout(bsp), false, t.base)
}

/// The texture called `name` (ASCII case ignored, as the engines compare texture names).
pub fn find<'t, 'a>(textures: &'t [Texture<'a>], name: &str) -> Result<&'t Texture<'a>, Error> {
    textures
        .iter()
        .find(|t| t.name().eq_ignore_ascii_case(name))
        .ok_or(Error::caller(&NO_SUCH_ENTRY, [0; 3]))
}

/// What a texture embedded in a Quake 1 / GoldSrc map holds beyond the common fields
/// (`info --json`'s `levels`, `external`, `encoding`).
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct BspTextureInfo {
    /// The four levels, largest first (none for an external texture).
    pub levels: Vec<BspTextureLevel>,
    /// Whether the pixels live in a WAD rather than in the map.
    pub external: bool,
    /// Always `indexed`.
    pub encoding: &'static str,
}

/// One level of an embedded texture.
#[derive(Clone, Copy, Debug, Serialize)]
#[non_exhaustive]
pub struct BspTextureLevel {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The stored offset of the level from the texture's start.
    pub offset: Option<u32>,
}
