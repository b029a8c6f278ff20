//! BSP maps: Quake 2 (IBSP 38, and Qbism QBSP with its extended layout), Quake 1 (BSP29, and
//! ericw-tools' BSP2 / 2PSB with theirs) and GoldSrc (BSP30).
//!
//! `info` prints `version`, `lumps` (`{name: records}`, bytes for the byte lumps; Quake 1's
//! `textures` is the miptex count), `entities` (entity count) and for Quake 2 `clusters`; with `--vis`
//! the per-cluster visible counts `pvs_visible` and `phs_visible`. `extract` writes `entities.txt`.

use std::io;

use lumpkit_formats::profiles::Engine;
use lumpkit_formats::q1bsp::Bsp1;
use lumpkit_formats::q2bsp::{self, Directory, Layout, Map as QMap, Row, Variant, entities};
use lumpkit_formats::{Error, Ignore, Sink};
use serde_json::{Map, Value};

use crate::format::ExtractSink;
use crate::formats::bsp_textures;
use crate::rules::{NOT_A_PICTURE, PALETTE_REQUIRED};
use crate::{Child, ChildContent, Context, Extracted, Format, Image, Report, Selection};

/// The BSP format.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bsp;

/// Which family a file belongs to, by its first bytes.
fn is_q2(bytes: &[u8]) -> bool {
    bytes.starts_with(b"IBSP") || bytes.starts_with(b"QBSP")
}

/// A Quake 1 / GoldSrc map has no magic: version 29 or 30 (or `BSP2` / `2PSB`) and a first lump
/// right after the header.
fn is_q1(bytes: &[u8]) -> bool {
    Bsp1::sniff(bytes)
        && lumpkit_formats::bytes::u32_le(bytes, 4)
            .is_some_and(|ofs| u64::from(ofs) >= lumpkit_formats::q1bsp::view::HEADER_LEN)
}

fn lumps_json(counts: impl Iterator<Item = (&'static str, u64)>) -> Value {
    Value::Object(
        counts
            .map(|(k, v)| (k.to_string(), v.into()))
            .collect::<Map<_, _>>(),
    )
}

/// The engines that load maps of this version (what `info`'s `engines` field judges for).
fn family(bytes: &[u8]) -> Option<&'static [Engine]> {
    match bytes.get(..4)? {
        b"IBSP" => Some(&[Engine::Quake2, Engine::Yquake2, Engine::Q2pro]),
        [29, 0, 0, 0] => Some(&[Engine::Quake, Engine::QuakeSpasm, Engine::Xash3d]),
        [30, 0, 0, 0] => Some(&[Engine::GoldSrc, Engine::Xash3d]),
        _ => None,
    }
}

impl Format for Bsp {
    fn name(&self) -> &'static str {
        "bsp"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["bsp"]
    }

    fn sniff(&self, bytes: &[u8]) -> bool {
        is_q2(bytes) || is_q1(bytes)
    }

    fn inspect(&self, ctx: &Context<'_>, bytes: &[u8]) -> Report {
        let mut report = Report::for_context("bsp", ctx);
        let result = if is_q2(bytes) {
            inspect_q2(ctx, bytes, &mut report)
        } else {
            inspect_q1(ctx, bytes, &mut report)
        };
        if let Err(e) = result {
            report.fail(e);
        }
        if let (Some(engines), true) = (family(bytes), report.wants_fields()) {
            let verdicts = crate::engines::verdicts(&report, engines);
            report.set("engines", verdicts);
        }
        report
    }

    fn decode(&self, ctx: &Context<'_>, bytes: &[u8], sel: &Selection<'_>) -> Result<Image, Error> {
        if is_q2(bytes) {
            // Quake 2 maps name WAL files; they embed no pictures.
            return Err(Error::caller(&NOT_A_PICTURE, [0; 3]));
        }
        let bsp = Bsp1::parse(bytes, &mut Ignore)?;
        let textures = bsp_textures::textures(ctx, &bsp);
        let texture = match sel.entry {
            Some(name) => bsp_textures::find(&textures, name)?,
            None => textures
                .iter()
                .find(|t| t.miptex.as_ref().is_ok_and(|m| !m.is_external()))
                .ok_or(Error::caller(&NOT_A_PICTURE, [0; 3]))?,
        };
        bsp_textures::decode(ctx, &bsp, texture, sel.mip)
    }

    fn children<'b>(&self, ctx: &Context<'_>, bytes: &'b [u8]) -> Result<Vec<Child<'b>>, Error> {
        if is_q2(bytes) {
            return Ok(Vec::new());
        }
        let bsp = Bsp1::parse(bytes, &mut Ignore)?;
        Ok(bsp_textures::textures(ctx, &bsp)
            .iter()
            .map(|t| Child {
                name: t.name().into(),
                offset: Some(t.base),
                content: ChildContent::Report(Box::new(bsp_textures::report(ctx, &bsp, t))),
            })
            .collect())
    }

    /// `entities.txt` (the entity text up to its first NUL) and, for Quake 1 / GoldSrc maps, every
    /// embedded texture as `textures/<name>.png` (BSP29 textures need `--palette`).
    fn extract(
        &self,
        ctx: &Context<'_>,
        bytes: &[u8],
        out: &mut ExtractSink<'_>,
    ) -> io::Result<Vec<Error>> {
        if is_q2(bytes) {
            return match Directory::parse(bytes, &mut Ignore) {
                Ok(d) => {
                    let text = entities::text(d.lump(q2bsp::Lump::Entities).bytes);
                    out(
                        "entities.txt",
                        Extracted::Bytes(std::borrow::Cow::Borrowed(text)),
                    )?;
                    Ok(Vec::new())
                }
                Err(e) => Ok(vec![e]),
            };
        }
        let bsp = match Bsp1::parse(bytes, &mut Ignore) {
            Ok(b) => b,
            Err(e) => return Ok(vec![e]),
        };
        let text = entities::text(bsp.entities());
        out(
            "entities.txt",
            Extracted::Bytes(std::borrow::Cow::Borrowed(text)),
        )?;
        let mut failures = Vec::new();
        let textures = bsp_textures::textures(ctx, &bsp);
        let embedded = textures
            .iter()
            .filter(|t| t.miptex.as_ref().map_or(true, |m| !m.is_external()));
        if bsp.needs_palette() && ctx.palette.is_none() && textures.iter().any(|t| t.miptex.is_ok())
        {
            failures.push(Error::caller(&PALETTE_REQUIRED, [0; 3]));
            return Ok(failures);
        }
        for t in embedded {
            match bsp_textures::decode(ctx, &bsp, t, 0) {
                Ok(image) => out(
                    &format!("textures/{}.png", t.name()),
                    Extracted::Image(image),
                )?,
                Err(e) => failures.push(e),
            }
        }
        Ok(failures)
    }
}

fn inspect_q2(ctx: &Context<'_>, bytes: &[u8], report: &mut Report) -> Result<(), Error> {
    report.version = Some(q2bsp::view::VERSION.into());
    let dir = Directory::parse(bytes, &mut report.sink(ctx.strict))?;
    report.set_with("lumps", || lumps_json(dir.counts()));
    match dir.variant {
        Variant::Ibsp => inspect_v38(ctx, &q2bsp::Bsp::from_directory(bytes, dir), report),
        Variant::Qbism => {
            report.set("variant", "qbism");
            report.sink(ctx.strict).report(q2bsp::rules::QBISM.at(0))?;
            inspect_v38(ctx, &q2bsp::QbismBsp::from_directory(bytes, dir), report)
        }
    }
}

/// The checks and fields shared by both v38 layouts.
fn inspect_v38<L: Layout>(
    ctx: &Context<'_>,
    bsp: &QMap<'_, L>,
    report: &mut Report,
) -> Result<(), Error> {
    let dir = bsp.directory;
    let ents_at = dir.lump(q2bsp::Lump::Entities).offset;
    let count = entities::check(bsp.entities, ents_at, &mut report.sink(ctx.strict))?;
    report.set("entities", count);
    let vis = bsp.vis(&mut Ignore)?;
    report.set("clusters", vis.map_or(0, |v| v.clusters()));
    if ctx.vis {
        let counts = |row| -> Vec<u32> {
            vis.map(|v| {
                (0..v.clusters())
                    .map(|c| v.visible_count(c, row).map_or(0, |(n, _)| n))
                    .collect()
            })
            .unwrap_or_default()
        };
        report.set("pvs_visible", counts(Row::Pvs));
        report.set("phs_visible", counts(Row::Phs));
    }
    if dir.clean {
        let words = bsp.scratch_words();
        ctx.limits.alloc((words as u64).saturating_mul(8))?;
        let mut scratch = vec![0u64; words];
        bsp.validate(&mut scratch, &mut report.sink(ctx.strict))?;
    } else {
        // Cross-lump checks need every lump; still report what the visibility header says.
        let mut sink = report.sink(ctx.strict);
        bsp.vis(&mut sink)?;
    }
    Ok(())
}

fn inspect_q1(ctx: &Context<'_>, bytes: &[u8], report: &mut Report) -> Result<(), Error> {
    if let Some(v) = lumpkit_formats::bytes::u32_le(bytes, 0) {
        report.version = Some(v.into());
    }
    let bsp = Bsp1::parse(bytes, &mut report.sink(ctx.strict))?;
    report.version = Some(bsp_textures::version(&bsp));
    if let Some(name) = bsp.version_name() {
        report.set("variant", name.to_ascii_lowercase());
    }
    report.set_with("lumps", || lumps_json(bsp.counts()));
    let ents_at = bsp.lumps.first().map_or(0, |l| l.offset);
    let mut sink = report.sink(ctx.strict);
    let count = entities::check(bsp.entities(), ents_at, &mut sink)?;
    if bsp.clean {
        bsp.validate(&mut sink)?;
    }
    report.set("entities", count);
    report.set_with("textures", || {
        bsp_textures::textures(ctx, &bsp)
            .iter()
            .map(|t| match &t.miptex {
                Ok(m) => serde_json::json!({"name": t.name(), "width": m.width(), "height": m.height(), "external": m.is_external()}),
                Err(_) => serde_json::json!({"name": t.name()}),
            })
            .collect::<Vec<_>>()
    });
    Ok(())
}
