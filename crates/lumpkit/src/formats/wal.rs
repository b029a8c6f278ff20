//! Quake 2 WAL textures: a picture with four levels and no palette of its own. `decode` needs
//! `--palette` (`ctx.palette`); without it, `lumpkit-palette-required`.

use lumpkit_formats::Error;
use lumpkit_formats::wal::Wal as WalView;
use lumpkit_pixels::palette::rgb_to_rgba;
use serde::Serialize;

use crate::format::picture_slice;
use crate::rules::{NO_SUCH_ENTRY, PALETTE_REQUIRED};
use crate::{Context, Format, Image, Report, Selection};

/// The WAL format.
#[derive(Clone, Copy, Debug, Default)]
pub struct Wal;

impl Format for Wal {
    fn name(&self) -> &'static str {
        "wal"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["wal"]
    }

    /// WAL has no magic; only the extension selects it.
    fn sniff(&self, _bytes: &[u8]) -> bool {
        false
    }

    fn sniff_by_extension_only(&self) -> bool {
        true
    }

    fn inspect(&self, ctx: &Context<'_>, bytes: &[u8]) -> Report {
        let mut report = Report::for_context("wal", ctx);
        let wal = match WalView::parse(bytes, &mut report.sink(ctx.strict)) {
            Ok(w) => w,
            Err(e) => {
                report.fail(e);
                return report;
            }
        };
        let (w, h) = wal.size();
        let present = wal.levels_present();
        report.width = Some(w);
        report.height = Some(h);
        report.mips = Some(present);
        if report.wants_fields() {
            let hd = wal.header();
            report.set_info(WalInfo {
                levels: (0..present)
                    .filter_map(|n| wal.level(n))
                    .map(|l| WalLevel {
                        width: l.width,
                        height: l.height,
                        offset: l.offset,
                        size: u64::from(l.width) * u64::from(l.height),
                    })
                    .collect(),
                encoding: "indexed",
                name: String::from_utf8_lossy(wal.name()).into_owned(),
                animname: String::from_utf8_lossy(wal.animname()).into_owned(),
                flags: hd.flags.get(),
                contents: hd.contents.get(),
                value: hd.value.get(),
            });
        }
        if ctx.decode_pixels && ctx.palette.is_some() {
            for mip in 0..present {
                if let Err(e) = self.decode(
                    ctx,
                    bytes,
                    &Selection {
                        mip,
                        ..Selection::default()
                    },
                ) {
                    report.fail(e);
                    break;
                }
            }
        }
        report
    }

    fn decode(&self, ctx: &Context<'_>, bytes: &[u8], sel: &Selection<'_>) -> Result<Image, Error> {
        let (width, height, indices, palette) = level_parts(ctx, bytes, sel)?;
        let mut image = Image::zeroed(width, height, &ctx.limits)?;
        rgb_to_rgba(indices, palette, &mut image.rgba)
            .map_err(|_| Error::caller(&NO_SUCH_ENTRY, [0; 3]))?;
        Ok(image)
    }

    fn decoded_size(
        &self,
        ctx: &Context<'_>,
        bytes: &[u8],
        sel: &Selection<'_>,
    ) -> Result<(u32, u32), Error> {
        level_parts(ctx, bytes, sel).map(|(width, height, _, _)| (width, height))
    }

    /// Writes the palette look-up straight into `out`.
    fn decode_into(
        &self,
        ctx: &Context<'_>,
        bytes: &[u8],
        sel: &Selection<'_>,
        out: &mut [u8],
    ) -> Result<(u32, u32), Error> {
        let (width, height, indices, palette) = level_parts(ctx, bytes, sel)?;
        let dst = picture_slice(out, ctx.limits.rgba_len(width, height)?)?;
        rgb_to_rgba(indices, palette, dst).map_err(|_| Error::caller(&NO_SUCH_ENTRY, [0; 3]))?;
        Ok((width, height))
    }
}

/// Width, height and index bytes of a level, and the palette to look them up in.
type LevelParts<'b, 'p> = (u32, u32, &'b [u8], &'p [[u8; 3]; 256]);

/// The level `sel` names (its width, height and index bytes) and the caller's palette.
fn level_parts<'b, 'p>(
    ctx: &Context<'p>,
    bytes: &'b [u8],
    sel: &Selection<'_>,
) -> Result<LevelParts<'b, 'p>, Error> {
    let wal = WalView::parse(bytes, &mut lumpkit_formats::Ignore)?;
    let level = wal
        .level(sel.mip)
        .ok_or(Error::caller(&NO_SUCH_ENTRY, [u64::from(sel.mip), 0, 0]))?;
    let Some(palette) = ctx.palette else {
        return Err(Error::caller(&PALETTE_REQUIRED, [0; 3]));
    };
    let Some(indices) = level.indices else {
        return Err(Error::file(
            &lumpkit_formats::wal::rules::MIP_OUT_OF_BOUNDS,
            level.offset,
            [u64::from(sel.mip), level.offset, 0],
        ));
    };
    Ok((level.width, level.height, indices, palette))
}

/// What a WAL holds beyond the common fields (`info --json`'s `levels`, `encoding`, `name`,
/// `animname`, `flags`, `contents`, `value`).
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct WalInfo {
    /// The levels present, largest first.
    pub levels: Vec<WalLevel>,
    /// Always `indexed` (palette indices; the palette is the game's).
    pub encoding: &'static str,
    /// The texture's own name.
    pub name: String,
    /// The next frame of an animated texture.
    pub animname: String,
    /// Surface flags (`SURF_*`).
    pub flags: i32,
    /// Content flags (`CONTENTS_*`).
    pub contents: i32,
    /// The surface value (light emitted, for `SURF_LIGHT`).
    pub value: i32,
}

/// One level of a WAL's mip table.
#[derive(Clone, Copy, Debug, Serialize)]
#[non_exhaustive]
pub struct WalLevel {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Where the level's pixels start.
    pub offset: u64,
    /// Bytes of pixels (one index per pixel).
    pub size: u64,
}
