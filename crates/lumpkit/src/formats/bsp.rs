//! BSP maps: Quake 2 (IBSP 38, and Qbism QBSP with its extended layout), Quake 1 (BSP29, and
//! ericw-tools' BSP2 / 2PSB with theirs), Hexen II (BSP29 with its 80-byte model record), GoldSrc
//! (BSP30), and the Quake 3 engines' IBSP 46/47, RBSP and FBSP ([`super::q3bsp`]).
//!
//! `info` prints `version`, for Quake 1 family maps `game` (`quake`, `goldsrc`, `hexen2`), `lumps` (`{name: records}`, bytes for the byte lumps; Quake 1's
//! `textures` is the miptex count), `entities` (entity count) and for Quake 2 `clusters`; with `--vis`
//! the per-cluster visible counts `pvs_visible` and `phs_visible`. `extract` writes `entities.txt`.

use std::io;

use lumpkit_formats::profiles::Engine;
use lumpkit_formats::q1bsp::Bsp1;
use lumpkit_formats::q2bsp::{self, Directory, Layout, Map as QMap, Row, Variant, entities};
use lumpkit_formats::{Error, Ignore, Sink};
use serde::Serialize;

use crate::engines::EngineVerdicts;
use crate::format::ExtractSink;
use crate::formats::{bsp_textures, q3bsp};
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

/// What a map holds beyond the common fields, by engine family.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum BspInfo {
    /// A Quake 2 map (IBSP 38, or Qbism's QBSP).
    Quake2(Quake2BspInfo),
    /// A Quake 1 / GoldSrc map (29, 30, BSP2, 2PSB).
    Quake1(Quake1BspInfo),
    /// A Quake 3-engine map (IBSP 46/47, RBSP 1, FBSP 1).
    Quake3(crate::formats::q3bsp::Quake3BspInfo),
}

/// A Quake 2 map's facts (`info --json`'s `lumps`, `variant`, `entities`, `clusters`, and with
/// `--vis` `pvs_visible` and `phs_visible`). What comes after `lumps` is absent when the
/// inspection stopped before it.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct Quake2BspInfo {
    /// Records per lump.
    pub lumps: Lumps,
    /// `qbism` for the extended-limits layout; none for IBSP.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<&'static str>,
    /// Entities in the entity lump.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entities: Option<u64>,
    /// Clusters in the visibility lump (0 without one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clusters: Option<u32>,
    /// [`Context::vis`]: for each cluster, how many clusters its PVS row marks visible.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pvs_visible: Option<Vec<u32>>,
    /// [`Context::vis`]: the same for the PHS rows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phs_visible: Option<Vec<u32>>,
    /// Each engine of the Quake 2 family's verdict on the map.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engines: Option<EngineVerdicts>,
}

/// A Quake 1 / GoldSrc / Hexen II map's facts (`info --json`'s `game`, `variant`, `lumps`,
/// `entities`, `textures`).
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct Quake1BspInfo {
    /// The game the map was made for: `quake`, `goldsrc` or `hexen2` (a version-29 map with
    /// Hexen II's 80-byte model records, told apart as ericw-tools does).
    pub game: &'static str,
    /// `bsp2`, `2psb`, …; none for the numbered versions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// Records per lump.
    pub lumps: Lumps,
    /// Entities in the entity lump (absent when the inspection stopped before it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entities: Option<u64>,
    /// The texture lump's entries (absent when the inspection stopped before it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub textures: Option<Vec<BspTextureSummary>>,
    /// Each engine of the map's family's verdict on it (Quake 1 or GoldSrc engines).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engines: Option<EngineVerdicts>,
}

/// One entry of a Quake 1 map's texture lump.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct BspTextureSummary {
    /// The texture's name.
    pub name: String,
    /// Width, when the texture header could be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub width: Option<u32>,
    /// Height, when the texture header could be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub height: Option<u32>,
    /// Whether the pixels live in a WAD rather than in the map.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub external: Option<bool>,
}

/// Records per lump, in lump order, by the lump's name (a JSON object).
#[derive(Clone, Debug, Default)]
pub struct Lumps(pub Vec<(&'static str, u64)>);

impl Lumps {
    fn new(counts: impl Iterator<Item = (&'static str, u64)>) -> Lumps {
        Lumps(counts.collect())
    }

    /// The records in the lump called `name` (`faces`, `leafs`, …).
    pub fn get(&self, name: &str) -> Option<u64> {
        self.0.iter().find(|(k, _)| *k == name).map(|&(_, v)| v)
    }
}

impl Serialize for Lumps {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

/// The engines that load maps of this family (what `info`'s `engines` field judges for): Quake 2's
/// for IBSP, and for a version 29 / 30 map its game's.
fn family(bytes: &[u8], info: &BspInfo) -> Option<&'static [Engine]> {
    match (bytes.get(..4)?, info) {
        (b"IBSP", _) => Some(&[Engine::Quake2, Engine::Yquake2, Engine::Q2pro]),
        ([29 | 30, 0, 0, 0], BspInfo::Quake1(q1)) => match q1.game {
            "hexen2" => Some(&[Engine::Hexen2]),
            "goldsrc" => Some(&[Engine::GoldSrc, Engine::Xash3d]),
            _ => Some(&[Engine::Quake, Engine::QuakeSpasm, Engine::Xash3d]),
        },
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
        q3bsp::is_q3(bytes) || is_q2(bytes) || is_q1(bytes)
    }

    fn inspect(&self, ctx: &Context<'_>, bytes: &[u8]) -> Report {
        if q3bsp::is_q3(bytes) {
            return q3bsp::inspect(ctx, bytes);
        }
        let mut report = Report::for_context("bsp", ctx);
        let (result, info) = if is_q2(bytes) {
            let mut q2 = None;
            let result = inspect_q2(ctx, bytes, &mut report, &mut q2);
            (result, q2.map(BspInfo::Quake2))
        } else {
            let mut q1 = None;
            let result = inspect_q1(ctx, bytes, &mut report, &mut q1);
            (result, q1.map(BspInfo::Quake1))
        };
        if let Err(e) = result {
            report.fail(e);
        }
        if let Some(mut info) = info {
            // Each engine's verdict on the map, judged from every finding above.
            let verdicts =
                family(bytes, &info).map(|engines| crate::engines::verdicts(&report, engines));
            match &mut info {
                BspInfo::Quake2(q2) => q2.engines = verdicts,
                BspInfo::Quake1(q1) => q1.engines = verdicts,
                BspInfo::Quake3(_) => {}
            }
            report.set_info(info);
        }
        report
    }

    fn decode(&self, ctx: &Context<'_>, bytes: &[u8], sel: &Selection<'_>) -> Result<Image, Error> {
        if q3bsp::is_q3(bytes) {
            return q3bsp::decode(ctx, bytes, sel);
        }
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
        if is_q2(bytes) || q3bsp::is_q3(bytes) {
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
        if q3bsp::is_q3(bytes) {
            return q3bsp::extract(ctx, bytes, out);
        }
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

fn inspect_q2(
    ctx: &Context<'_>,
    bytes: &[u8],
    report: &mut Report,
    info: &mut Option<Quake2BspInfo>,
) -> Result<(), Error> {
    // The version the file states: a variant lumpkit does not read is named by its own number.
    let version = lumpkit_formats::bytes::u32_le(bytes, 4).unwrap_or(q2bsp::view::VERSION);
    report.version = Some(version.into());
    let dir = Directory::parse(bytes, &mut report.sink(ctx.strict))?;
    if report.wants_fields() {
        *info = Some(Quake2BspInfo {
            lumps: Lumps::new(dir.counts()),
            variant: None,
            entities: None,
            clusters: None,
            pvs_visible: None,
            phs_visible: None,
            engines: None,
        });
    }
    match dir.variant {
        Variant::Ibsp => inspect_v38(ctx, &q2bsp::Bsp::from_directory(bytes, dir), report, info),
        Variant::Qbism => {
            if let Some(facts) = info.as_mut() {
                facts.variant = Some("qbism");
            }
            report.sink(ctx.strict).report(q2bsp::rules::QBISM.at(0))?;
            inspect_v38(
                ctx,
                &q2bsp::QbismBsp::from_directory(bytes, dir),
                report,
                info,
            )
        }
    }
}

/// The checks and fields shared by both v38 layouts.
fn inspect_v38<L: Layout>(
    ctx: &Context<'_>,
    bsp: &QMap<'_, L>,
    report: &mut Report,
    info: &mut Option<Quake2BspInfo>,
) -> Result<(), Error> {
    let dir = bsp.directory;
    let ents_at = dir.lump(q2bsp::Lump::Entities).offset;
    let count = entities::check(bsp.entities, ents_at, &mut report.sink(ctx.strict))?;
    if let Some(facts) = info.as_mut() {
        facts.entities = Some(count);
    }
    let vis = bsp.vis(&mut Ignore)?;
    if let Some(facts) = info.as_mut() {
        facts.clusters = Some(vis.map_or(0, |v| v.clusters()));
    }
    if ctx.vis
        && let Some(facts) = info.as_mut()
    {
        let counts = |row| -> Vec<u32> {
            vis.map(|v| {
                (0..v.clusters())
                    .map(|c| v.visible_count(c, row).map_or(0, |(n, _)| n))
                    .collect()
            })
            .unwrap_or_default()
        };
        facts.pvs_visible = Some(counts(Row::Pvs));
        facts.phs_visible = Some(counts(Row::Phs));
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

fn inspect_q1(
    ctx: &Context<'_>,
    bytes: &[u8],
    report: &mut Report,
    info: &mut Option<Quake1BspInfo>,
) -> Result<(), Error> {
    if let Some(v) = lumpkit_formats::bytes::u32_le(bytes, 0) {
        report.version = Some(v.into());
    }
    let bsp = Bsp1::parse(bytes, &mut report.sink(ctx.strict))?;
    report.version = Some(bsp_textures::version(&bsp));
    if report.wants_fields() {
        *info = Some(Quake1BspInfo {
            game: bsp.game.name(),
            variant: bsp.version_name().map(str::to_ascii_lowercase),
            lumps: Lumps::new(bsp.counts()),
            entities: None,
            textures: None,
            engines: None,
        });
    }
    let ents_at = bsp.lumps.first().map_or(0, |l| l.offset);
    let mut sink = report.sink(ctx.strict);
    let count = entities::check(bsp.entities(), ents_at, &mut sink)?;
    if bsp.clean {
        bsp.validate(&mut sink)?;
        let words = bsp.tree_scratch_words();
        ctx.limits.alloc((words as u64).saturating_mul(8))?;
        let mut scratch = vec![0u64; words];
        bsp.check_trees(&mut scratch, &mut sink)?;
    }
    if let Some(facts) = info.as_mut() {
        facts.entities = Some(count);
        let textures = bsp_textures::textures(ctx, &bsp);
        facts.textures = Some(
            textures
                .iter()
                .map(|t| {
                    let miptex = t.miptex.as_ref().ok();
                    BspTextureSummary {
                        name: t.name(),
                        width: miptex.map(|m| m.width()),
                        height: miptex.map(|m| m.height()),
                        external: miptex.map(|m| m.is_external()),
                    }
                })
                .collect(),
        );
    }
    Ok(())
}
