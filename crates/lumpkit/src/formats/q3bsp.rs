//! Quake 3-engine maps inside the `bsp` format: IBSP 46/47, RBSP 1, FBSP 1
//! ([`lumpkit_formats::q3bsp`]). `info` prints `version` (`IBSP 46`, …), `lumps` (records; bytes for
//! `entities` and `visibility`; whole pages for `lightmaps`), `clusters` and `bytes_per_cluster` from
//! the visibility header, `entities`, `shaders`, `models`, `lightmaps` with their page size, and each
//! engine's verdict. `decode --entry lightmap/N` decodes a lightmap page; `extract` writes
//! `entities.txt` and `lightmaps/lightmap_NNNN.png`.

use lumpkit_formats::profiles::Engine;
use lumpkit_formats::q2bsp::entities;
use lumpkit_formats::q3bsp::{Directory, Lump, Map, Variant};
use lumpkit_formats::{Error, Ignore};
use serde::Serialize;

use crate::engines::EngineVerdicts;
use crate::format::ExtractSink;
use crate::formats::bsp::Lumps;
use crate::rules::{NO_SUCH_ENTRY, NOT_A_PICTURE};
use crate::{Context, Extracted, Image, Report, Selection};

/// A Quake 3-engine map's facts.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct Quake3BspInfo {
    /// `ibsp46`, `ibsp47`, `rbsp`, `fbsp`.
    pub variant: &'static str,
    /// Records per lump (bytes for `entities` and `visibility`, pages for `lightmaps`).
    pub lumps: Lumps,
    /// `numClusters` of the visibility header (0 without visibility).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clusters: Option<i64>,
    /// `clusterBytes` of the visibility header (0 without visibility).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bytes_per_cluster: Option<i64>,
    /// Entities in the entity text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entities: Option<u64>,
    /// The shader names the map uses, in lump order.
    pub shaders: Vec<String>,
    /// Models (model 0 is the world; the rest are brush entities).
    pub models: u64,
    /// Whole lightmap pages inside the map.
    pub lightmaps: u64,
    /// Width and height of a lightmap page (128, or 512 for FBSP).
    pub lightmap_size: u32,
    /// Each engine of the variant's family's verdict on the map.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engines: Option<EngineVerdicts>,
}

/// Whether `bytes` start as a Quake 3-engine map this reader takes.
pub fn is_q3(bytes: &[u8]) -> bool {
    Variant::detect(bytes).is_some()
}

/// The engines that load maps of this variant (what `info`'s `engines` field judges for).
pub fn family(variant: Variant) -> &'static [Engine] {
    match variant {
        Variant::Ibsp46 => &[Engine::Ioq3, Engine::QuakeLive, Engine::Qfusion],
        Variant::Ibsp47 => &[Engine::Et, Engine::Qfusion],
        Variant::Rbsp => &[Engine::Jka, Engine::Qfusion],
        Variant::Fbsp => &[Engine::Qfusion],
    }
}

fn variant_name(v: Variant) -> &'static str {
    match v {
        Variant::Ibsp46 => "ibsp46",
        Variant::Ibsp47 => "ibsp47",
        Variant::Rbsp => "rbsp",
        Variant::Fbsp => "fbsp",
    }
}

/// Inspects a map [`is_q3`] accepted.
pub fn inspect(ctx: &Context<'_>, bytes: &[u8]) -> Report {
    let mut report = Report::for_context("bsp", ctx);
    let Some(variant) = Variant::detect(bytes) else {
        return report;
    };
    report.version = Some(variant.name().into());
    let mut info = None;
    if let Err(e) = inspect_map(ctx, bytes, variant, &mut report, &mut info) {
        report.fail(e);
    }
    if let Some(mut info) = info {
        info.engines = Some(crate::engines::verdicts(&report, family(variant)));
        report.set_info(crate::info::BspInfo::Quake3(info));
    }
    report
}

fn inspect_map(
    ctx: &Context<'_>,
    bytes: &[u8],
    variant: Variant,
    report: &mut Report,
    info: &mut Option<Quake3BspInfo>,
) -> Result<(), Error> {
    let dir = Directory::parse(bytes, variant, &mut report.sink(ctx.strict))?;
    let map = Map::from_directory(bytes, dir);
    if report.wants_fields() {
        let (clusters, per) = map
            .vis_header()
            .map_or((0, 0), |(n, b)| (i64::from(n), i64::from(b)));
        *info = Some(Quake3BspInfo {
            variant: variant_name(variant),
            lumps: Lumps(dir.counts().collect()),
            clusters: Some(clusters),
            bytes_per_cluster: Some(per),
            entities: None,
            shaders: (0..map.shaders.len())
                .filter_map(|i| map.shader_name(i))
                .map(|n| String::from_utf8_lossy(n).into_owned())
                .collect(),
            models: map.models.len() as u64,
            lightmaps: map.lightmap_count() as u64,
            lightmap_size: variant.lightmap_side(),
            engines: None,
        });
    }
    if dir.clean {
        let count = map.validate(&mut report.sink(ctx.strict))?;
        if let Some(facts) = info.as_mut() {
            facts.entities = Some(count);
        }
    } else {
        // Cross-lump checks need every lump whole; the entity text is still checked.
        let at = dir.lump(Lump::Entities).offset;
        let (count, _) = lumpkit_formats::q3bsp::entities::check(
            map.entities,
            at,
            &mut report.sink(ctx.strict),
        )?;
        if let Some(facts) = info.as_mut() {
            facts.entities = Some(count);
        }
    }
    Ok(())
}

/// The lightmap page `lightmap/N` names.
fn page_of(name: &str) -> Option<usize> {
    name.strip_prefix("lightmap/")?.parse().ok()
}

/// Decodes lightmap page `lightmap/N` (the first page without `--entry`) to RGBA8, alpha 255.
pub fn decode(ctx: &Context<'_>, bytes: &[u8], sel: &Selection<'_>) -> Result<Image, Error> {
    let map = Map::parse(bytes, &mut Ignore)?;
    let n = match sel.entry {
        Some(name) => page_of(name).ok_or(Error::caller(&NO_SUCH_ENTRY, [0; 3]))?,
        None => 0,
    };
    if sel.mip != 0 {
        return Err(Error::caller(&NO_SUCH_ENTRY, [0; 3]));
    }
    let Some(rgb) = map.lightmap(n) else {
        return Err(if sel.entry.is_some() {
            Error::caller(&NO_SUCH_ENTRY, [0; 3])
        } else {
            Error::caller(&NOT_A_PICTURE, [0; 3])
        });
    };
    let side = map.variant().lightmap_side();
    let mut image = Image::zeroed(side, side, &ctx.limits)?;
    for (px, src) in image.rgba.chunks_exact_mut(4).zip(rgb.chunks_exact(3)) {
        if let [r, g, b] = *src {
            px.copy_from_slice(&[r, g, b, 255]);
        }
    }
    Ok(image)
}

/// `entities.txt` and every lightmap page as `lightmaps/lightmap_NNNN.png`.
pub fn extract(
    ctx: &Context<'_>,
    bytes: &[u8],
    out: &mut ExtractSink<'_>,
) -> std::io::Result<Vec<Error>> {
    let map = match Map::parse(bytes, &mut Ignore) {
        Ok(m) => m,
        Err(e) => return Ok(vec![e]),
    };
    let text = entities::text(map.entities);
    out(
        "entities.txt",
        Extracted::Bytes(std::borrow::Cow::Borrowed(text)),
    )?;
    let mut failures = Vec::new();
    for n in 0..map.lightmap_count() {
        let name = format!("lightmap/{n}");
        let sel = Selection {
            entry: Some(&name),
            ..Selection::default()
        };
        match decode(ctx, bytes, &sel) {
            Ok(image) => out(
                &format!("lightmaps/lightmap_{n:04}.png"),
                Extracted::Image(image),
            )?,
            Err(e) => failures.push(e),
        }
    }
    Ok(failures)
}
