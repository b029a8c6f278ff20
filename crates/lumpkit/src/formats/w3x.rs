//! The binary files of a Warcraft III map (`war3map.w3i`, `.w3e`, `.doo`, `.wpm`, `.shd`, `.mmp`,
//! `.imp`, and the object-data files `.w3u/.w3t/.w3b/.w3d/.w3a/.w3h/.w3q`), each a format of its
//! own so that `check` reads every one of them inside a map. What needs the whole map (terrain
//! against map info, pathing and shadows against terrain, imports against the archive) is
//! checked by the MPQ reader (`formats/mpq/map.rs`), which also prints their facts as `info`'s
//! `w3i`, `w3e`, `doo`, `imp`, `wpm`, `shd` and `mmp` objects.

use lumpkit_formats::w3x::doo::{Doo, Skin};
use lumpkit_formats::w3x::grids::{Mmp, Wpm};
use lumpkit_formats::w3x::imp::Imp;
use lumpkit_formats::w3x::objdata::ObjectData;
use lumpkit_formats::w3x::w3e::W3e;
use lumpkit_formats::w3x::w3i::W3i;
use lumpkit_formats::w3x::{doo, grids, rules, w3e};
use lumpkit_formats::{Error, Sink};
use serde::Serialize;
use serde_json::{Value, json};

use crate::{Context, Format, Report, Version};

/// Which map file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapFile {
    /// `war3map.w3i`.
    W3i,
    /// `war3map.w3e`.
    W3e,
    /// `war3map.doo` (and `war3mapUnits.doo`, read to its header).
    Doo,
    /// `war3map.wpm`.
    Wpm,
    /// `war3map.shd`.
    Shd,
    /// `war3map.mmp`.
    Mmp,
    /// `war3map.imp`.
    Imp,
    /// Object data.
    Objects,
}

/// The format of one map file kind.
#[derive(Debug)]
pub struct MapFileFormat(pub MapFile);

/// `war3map.w3i`.
pub static W3I: MapFileFormat = MapFileFormat(MapFile::W3i);
/// `war3map.w3e`.
pub static W3E: MapFileFormat = MapFileFormat(MapFile::W3e);
/// `war3map.doo`.
pub static DOO: MapFileFormat = MapFileFormat(MapFile::Doo);
/// `war3map.wpm`.
pub static WPM: MapFileFormat = MapFileFormat(MapFile::Wpm);
/// `war3map.shd`.
pub static SHD: MapFileFormat = MapFileFormat(MapFile::Shd);
/// `war3map.mmp`.
pub static MMP: MapFileFormat = MapFileFormat(MapFile::Mmp);
/// `war3map.imp`.
pub static IMP: MapFileFormat = MapFileFormat(MapFile::Imp);
/// Object data.
pub static OBJECTS: MapFileFormat = MapFileFormat(MapFile::Objects);

impl Format for MapFileFormat {
    fn name(&self) -> &'static str {
        match self.0 {
            MapFile::W3i => "w3i",
            MapFile::W3e => "w3e",
            MapFile::Doo => "doo",
            MapFile::Wpm => "wpm",
            MapFile::Shd => "shd",
            MapFile::Mmp => "mmp",
            MapFile::Imp => "imp",
            MapFile::Objects => "w3-objects",
        }
    }

    fn extensions(&self) -> &'static [&'static str] {
        match self.0 {
            MapFile::W3i => &["w3i"],
            MapFile::W3e => &["w3e"],
            MapFile::Doo => &["doo"],
            MapFile::Wpm => &["wpm"],
            MapFile::Shd => &["shd"],
            MapFile::Mmp => &["mmp"],
            MapFile::Imp => &["imp"],
            MapFile::Objects => &["w3u", "w3t", "w3b", "w3d", "w3a", "w3h", "w3q"],
        }
    }

    fn sniff(&self, bytes: &[u8]) -> bool {
        match self.0 {
            MapFile::W3e => bytes.starts_with(&w3e::MAGIC),
            MapFile::Doo => bytes.starts_with(&doo::MAGIC),
            MapFile::Wpm => bytes.starts_with(&grids::WPM_MAGIC),
            _ => false,
        }
    }

    /// Most map files have no magic: their name says what they are.
    fn sniff_by_extension_only(&self) -> bool {
        true
    }

    fn inspect(&self, ctx: &Context<'_>, bytes: &[u8]) -> Report {
        let mut report = Report::for_context(self.name(), ctx);
        let levels = ctx.file_name().is_some_and(|n| {
            let n = n.to_ascii_lowercase();
            n.ends_with(".w3d") || n.ends_with(".w3a") || n.ends_with(".w3q")
        });
        let units = ctx
            .file_name()
            .is_some_and(|n| n.eq_ignore_ascii_case("war3mapUnits.doo"));
        let facts = {
            let mut sink = report.sink(ctx.strict);
            read(self.0, bytes, levels, units, Skin::Detect, &mut sink)
        };
        match facts {
            Ok((version, fields)) => {
                report.version = version.map(Version::from);
                if let Value::Object(facts) = fields {
                    report.set_info(MapFileInfo { facts });
                }
            }
            Err(e) => report.fail(e),
        }
        report
    }
}

/// The facts of one map file (the object a map's `info` shows under the file's name: `version`,
/// `tileset`, `width`, `doodads`, `entries`, …, as `shared/corpus/w3x/SOURCES.md` names them).
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct MapFileInfo {
    /// The fields, in `info`'s order.
    #[serde(flatten)]
    pub facts: serde_json::Map<String, Value>,
}

/// Reads one map file: its version and its facts as the JSON `info` prints (the object the map's
/// `info` shows under the file's name).
pub fn read(
    which: MapFile,
    bytes: &[u8],
    levels: bool,
    units: bool,
    skin: Skin,
    sink: &mut impl Sink,
) -> Result<(Option<u32>, Value), Error> {
    Ok(match which {
        MapFile::W3i => {
            let w = W3i::parse(bytes, sink)?;
            (Some(w.version), w3i_json(&w))
        }
        MapFile::W3e => {
            let w = W3e::parse(bytes, sink)?;
            (
                Some(w.version),
                json!({
                    "version": w.version,
                    "tileset": char::from(w.tileset).to_string(),
                    "width": w.width,
                    "height": w.height,
                    "tilepoints": w.tilepoints(),
                    "ground_tilesets": w.ground_tilesets,
                    "cliff_tilesets": w.cliff_tilesets,
                }),
            )
        }
        MapFile::Doo if units => {
            sink.report(rules::NOT_CHECKED.at(0))?;
            let version = lumpkit_formats::bytes::u32_le(bytes, 4);
            (version, json!({ "version": version }))
        }
        MapFile::Doo => {
            let d = Doo::parse(bytes, skin, sink)?;
            (
                Some(d.version),
                json!({
                    "version": d.version,
                    "subversion": d.subversion,
                    "doodads": d.doodads,
                    "terrain_doodads": d.terrain_doodads,
                    "skin_ids": d.skin,
                }),
            )
        }
        MapFile::Wpm => {
            let w = Wpm::parse(bytes, sink)?;
            (
                Some(w.version),
                json!({"version": w.version, "width": w.width, "height": w.height}),
            )
        }
        MapFile::Shd => (None, json!({ "bytes": bytes.len() })),
        MapFile::Mmp => {
            let m = Mmp::parse(bytes, sink)?;
            (
                u32::try_from(m.version).ok(),
                json!({"version": m.version, "icons": m.icons}),
            )
        }
        MapFile::Imp => {
            let i = Imp::parse(bytes, sink)?;
            (
                Some(i.version),
                json!({"version": i.version, "entries": i.entries}),
            )
        }
        MapFile::Objects => {
            let o = ObjectData::parse(bytes, levels, sink)?;
            (
                Some(o.version),
                json!({"version": o.version, "original": o.original, "custom": o.custom}),
            )
        }
    })
}

fn w3i_json(w: &W3i) -> Value {
    json!({
        "version": w.version,
        "saves": w.saves,
        "editor_version": w.editor_version,
        "game_version": w.game_version,
        "tileset": char::from(w.tileset).to_string(),
        "playable_width": w.playable_width,
        "playable_height": w.playable_height,
        "full_width": w.full_width(),
        "full_height": w.full_height(),
        "complements": w.complements,
        "flags": w.flags,
        "script": w.script.map(|s| if s == 1 { "lua" } else { "jass" }),
        "players": w.players,
        "forces": w.forces,
        "protected": w.truncated_in.is_some(),
    })
}
