//! DDS textures: checked by [`lumpkit_formats::dds`] (header, DX10 header, every level located
//! inside the file) and decoded by our own codecs: BC1/BC2/BC3 (DXT1–DXT5) through `lumpkit-dxt`,
//! uncompressed pixels through `lumpkit-pixels`' mask expander. The picture's size is checked
//! against `ctx.limits` before anything is allocated. Formats lumpkit does not decode (BC4–BC7,
//! floating point, …) and cube maps, volumes and arrays are reported as "not checked", never as
//! broken. Why not the image crate's DDS reader: it decodes level 0 alone (`decode --mip` needs
//! every level) and sizes its buffer before our `Limits` can refuse it, and `lumpkit-dxt` is already
//! the DXT decoder BLP and PAA share (held to texpresso); the image crate stays the oracle of
//! `tests/dds_oracle.rs`. `info` prints `width`, `height`, `mips`, `encoding`, `fourcc`, `dx10`
//! and `levels`.

use lumpkit_dxt::Dxt;
use lumpkit_formats::dds::rules as dds_rules;
use lumpkit_formats::dds::{Dds, Encoding, Level};
use lumpkit_formats::{Error, Fault, Ignore};
use lumpkit_pixels::masks::{self, MaskLayout};
use serde::Serialize;

use crate::format::picture_slice;
use crate::rules::NO_SUCH_ENTRY;
use crate::{Context, Format, Image, Report, Selection};

/// The DDS format.
#[derive(Clone, Copy, Debug, Default)]
pub struct DdsFormat;

/// A DDS's facts beyond the common ones.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct DdsInfo {
    /// `dxt1`…`dxt5`, `bgra8`, `bgrx8`, `rgba8`, `bgr8`, `rgb565`, `argb1555`, `argb4444`, `l`,
    /// `la`, `a8`, `masked`; not decoded: `bc4`, `bc5`, `bc6h`, `bc7`, `rgba16f`, …
    pub encoding: &'static str,
    /// The pixel format's FourCC as text (empty when the format is given by masks).
    pub fourcc: String,
    /// Whether a DX10 header follows the header.
    pub dx10: bool,
    /// The DX10 header's DXGI format number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dxgi_format: Option<u32>,
    /// The levels lumpkit located, largest first.
    pub levels: Vec<DdsLevel>,
}

/// One located level.
#[derive(Clone, Copy, Debug, Serialize)]
#[non_exhaustive]
pub struct DdsLevel {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Where it starts in the file.
    pub offset: u64,
    /// Bytes it occupies.
    pub size: u64,
}

fn fourcc_text(dds: &Dds<'_>) -> String {
    let pf = &dds.header.pixel_format;
    if pf.flags.get() & lumpkit_formats::dds::raw::DDPF_FOURCC == 0 {
        return String::new();
    }
    let cc = pf.fourcc;
    if cc.iter().all(|b| b.is_ascii_graphic() || *b == b' ') {
        String::from_utf8_lossy(&cc).into_owned()
    } else {
        format!("0x{:08x}", u32::from_le_bytes(cc))
    }
}

fn describe(dds: &Dds<'_>) -> DdsInfo {
    DdsInfo {
        encoding: dds.format.name,
        fourcc: fourcc_text(dds),
        dx10: dds.dx10.is_some(),
        dxgi_format: dds.dx10.map(|d| d.dxgi_format.get()),
        levels: dds
            .levels()
            .map(|l| DdsLevel {
                width: l.width,
                height: l.height,
                offset: l.offset,
                size: l.size,
            })
            .collect(),
    }
}

impl Format for DdsFormat {
    fn name(&self) -> &'static str {
        "dds"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["dds"]
    }

    fn sniff(&self, bytes: &[u8]) -> bool {
        Dds::has_magic(bytes)
    }

    fn inspect(&self, ctx: &Context<'_>, bytes: &[u8]) -> Report {
        let mut report = Report::for_context("dds", ctx);
        // The header's numbers first, so a file refused for its sizes still shows them.
        if let Some(h) = Dds::header(bytes) {
            report.width = Some(h.width.get());
            report.height = Some(h.height.get());
        }
        let dds = match Dds::parse(bytes, &mut report.sink(ctx.strict)) {
            Ok(d) => d,
            Err(e) => {
                report.fail(e);
                return report;
            }
        };
        report.mips = Some(if dds.located_mips > 0 {
            dds.located_mips
        } else {
            dds.declared_mips
        });
        if report.wants_fields() {
            report.set_info(describe(&dds));
        }
        if let Err(e) = dds.check_levels(&mut report.sink(ctx.strict)) {
            report.fail(e);
            return report;
        }
        if ctx.decode_pixels && dds.decodes() {
            for index in 0..dds.located_mips {
                let sel = Selection {
                    mip: index,
                    ..Selection::default()
                };
                if let Err(e) = self.decode(ctx, bytes, &sel) {
                    report.fail(e);
                    break;
                }
            }
        }
        report
    }

    fn decode(&self, ctx: &Context<'_>, bytes: &[u8], sel: &Selection<'_>) -> Result<Image, Error> {
        let (dds, level, data) = selected(bytes, sel)?;
        let len = ctx.limits.rgba_len(level.width, level.height)?;
        let mut rgba = vec![0u8; len];
        expand(&dds, level, data, &mut rgba)?;
        Ok(Image {
            width: level.width,
            height: level.height,
            rgba,
        })
    }

    fn decoded_size(
        &self,
        _ctx: &Context<'_>,
        bytes: &[u8],
        sel: &Selection<'_>,
    ) -> Result<(u32, u32), Error> {
        let (_, level, _) = selected(bytes, sel)?;
        Ok((level.width, level.height))
    }

    /// Writes the level straight into `out`: no allocation at all.
    fn decode_into(
        &self,
        ctx: &Context<'_>,
        bytes: &[u8],
        sel: &Selection<'_>,
        out: &mut [u8],
    ) -> Result<(u32, u32), Error> {
        let (dds, level, data) = selected(bytes, sel)?;
        let dst = picture_slice(out, ctx.limits.rgba_len(level.width, level.height)?)?;
        expand(&dds, level, data, dst)?;
        Ok((level.width, level.height))
    }
}

/// The parsed file, the level `sel` names and its bytes. A format or layout lumpkit does not
/// decode is `Unsupported` (not checked), a level that does not exist a caller error.
fn selected<'b>(bytes: &'b [u8], sel: &Selection<'_>) -> Result<(Dds<'b>, Level, &'b [u8]), Error> {
    let dds = Dds::parse(bytes, &mut Ignore)?;
    if sel.entry.is_some() {
        return Err(Error::caller(&NO_SUCH_ENTRY, [0; 3]));
    }
    if !dds.layout.is_plain() {
        let l = dds.layout;
        return Err(Error::unsupported(
            &dds_rules::LAYOUT_NOT_CHECKED,
            0,
            [l.faces.into(), l.depth.into(), l.array.into()],
        ));
    }
    if !dds.decodes() {
        let dxgi = dds.dx10.map_or(0, |d| d.dxgi_format.get().into());
        let cc = lumpkit_formats::dds::PixelFormat::fourcc_word(dds.header);
        return Err(Error::unsupported(
            &dds_rules::FORMAT_NOT_CHECKED,
            0,
            [cc.into(), dxgi, 0],
        ));
    }
    match dds.level(sel.mip) {
        Some(Ok((level, data))) => Ok((dds, level, data)),
        Some(Err(e)) => Err(e),
        None => Err(Error::caller(
            &NO_SUCH_ENTRY,
            [sel.mip.into(), dds.located_mips.into(), 0],
        )),
    }
}

/// Expands one located level into `out` (exactly `w × h × 4` bytes).
fn expand(dds: &Dds<'_>, level: Level, data: &[u8], out: &mut [u8]) -> Result<(), Error> {
    let refused = || {
        dds_rules::MIP_OUT_OF_FILE
            .with(
                level.offset,
                [level.index.into(), level.end(), dds.bytes.len() as u64],
            )
            .into_error(Fault::File)
    };
    let dxt = match dds.format.encoding {
        Encoding::Dxt1 => Some(Dxt::Dxt1),
        Encoding::Dxt3 => Some(Dxt::Dxt3),
        Encoding::Dxt5 => Some(Dxt::Dxt5),
        _ => None,
    };
    if let Some(format) = dxt {
        return lumpkit_dxt::decode_into(format, level.width, level.height, data, out)
            .map_err(|_| refused());
    }
    match dds.format.encoding {
        Encoding::Masked(m) => {
            let layout = MaskLayout {
                bits: m.bits,
                rgba: m.rgba,
            };
            // Rows are whole bytes and these formats have whole-byte pixels: the level is
            // exactly `w × h` pixels.
            masks::to_rgba(layout, data, out).map_err(|_| refused())
        }
        _ => Err(Error::unsupported(
            &dds_rules::FORMAT_NOT_CHECKED,
            0,
            [0; 3],
        )),
    }
}
