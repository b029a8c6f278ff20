//! A Warcraft III map read as a map: the facts of its `war3map.*` files for `info` (`w3i`, `w3e`,
//! `doo`, `imp`, `wpm`, `shd`, `mmp`, with the fields of `shared/corpus/w3x/SOURCES.md`) and the
//! invariants that need several of its files (`research/wc3-map.md` §2.2): terrain against the
//! map info's playable area, pathing 4× and shadows 16× the tiles, the tileset in both files,
//! every import of `war3map.imp` present (the editor's flags 5, 8, 10, 13), and every model texture path into the map's imports
//! present. Each file's own problems are reported on the member itself (`formats/w3x.rs`); only
//! what needs the whole map is reported here, on the archive.
//!
//! Presence is asked of the archive's hash table, not of its names: a protected map with its
//! listfile stripped still answers for every path.

use lumpkit_formats::mdx::{Item, Kind, Mdx};
use lumpkit_formats::w3x::doo::Skin;
use lumpkit_formats::w3x::grids::shadow_bytes;
use lumpkit_formats::w3x::imp::Imp;
use lumpkit_formats::w3x::rules;
use lumpkit_formats::w3x::w3e::W3e;
use lumpkit_formats::w3x::w3i::W3i;
use lumpkit_formats::{Error, Ignore, Sink};
use std::borrow::Cow;

use serde::Serialize;
use serde_json::Value;

use super::Archive;
use crate::Context;
use crate::budget::UnpackBudget;
use crate::formats::w3x::{MapFile, read};

/// The map files' facts as `info` prints them (absent files are left out).
#[derive(Clone, Debug, Default, Serialize)]
#[non_exhaustive]
pub struct MapFacts {
    /// `war3map.w3i`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub w3i: Option<Value>,
    /// `war3map.w3e`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub w3e: Option<Value>,
    /// `war3map.doo`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub doo: Option<Value>,
    /// `war3map.imp`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub imp: Option<Value>,
    /// `war3map.wpm`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wpm: Option<Value>,
    /// `war3map.shd`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shd: Option<Value>,
    /// `war3map.mmp`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mmp: Option<Value>,
}

/// The bytes of the member called `name` (any case, either separator), found as the game finds it
/// (the hash table), read within `ctx`'s limits; `None` when absent or unreadable (its own
/// problem, reported on the member).
fn member<'b>(ctx: &Context<'_>, archive: &Archive<'b>, name: &str) -> Option<Cow<'b, [u8]>> {
    let entry = archive.lookup(name.replace('/', "\\").as_bytes())?;
    archive.read(ctx, entry).ok()
}

/// Whether an archive path (either separator) lies under `war3mapImported\`.
fn under_imports(path: &str) -> bool {
    let p = path.replace('/', "\\");
    p.len() >= 16
        && p.get(..16)
            .is_some_and(|h| h.eq_ignore_ascii_case("war3mapImported\\"))
}

/// The map files [`check`] needs, each read once (absent or unreadable: `None`).
struct MapFiles<'b> {
    w3i: Option<Cow<'b, [u8]>>,
    w3e: Option<Cow<'b, [u8]>>,
    imp: Option<Cow<'b, [u8]>>,
    wpm: Option<Cow<'b, [u8]>>,
    shd: Option<Cow<'b, [u8]>>,
}

/// Reads the map files of `archive` and checks the invariants between them; with `facts`, also
/// their facts for `info` (`check` does not print them, so it does not pay for them: `doo` and
/// `mmp` are read only for them).
///
/// The files are read here by name, apart from the members' own reads (`check` runs this as a job
/// beside theirs), with a budget of their own: `ctx`'s limits bound this read as they bound those.
pub(super) fn check<'b>(
    ctx: &Context<'_>,
    archive: &Archive<'b>,
    facts: bool,
    sink: &mut impl Sink,
) -> Result<MapFacts, Error> {
    let budget = UnpackBudget::new(&ctx.limits);
    let ctx = &Context {
        budget: Some(&budget),
        ..*ctx
    };
    let exists = |name: &str| archive.lookup(name.replace('/', "\\").as_bytes()).is_some();
    let files = MapFiles {
        w3i: member(ctx, archive, "war3map.w3i"),
        w3e: member(ctx, archive, "war3map.w3e"),
        imp: member(ctx, archive, "war3map.imp"),
        wpm: member(ctx, archive, "war3map.wpm"),
        shd: member(ctx, archive, "war3map.shd"),
    };
    let facts = if facts {
        map_facts(ctx, archive, &files)
    } else {
        MapFacts::default()
    };

    let w3i = files
        .w3i
        .as_deref()
        .and_then(|b| W3i::parse(b, &mut Ignore).ok());
    let w3e = files
        .w3e
        .as_deref()
        .and_then(|b| W3e::parse(b, &mut Ignore).ok());
    if let Some(e) = w3e.filter(|e| e.width > 0 && e.height > 0) {
        let tiles = (
            i64::from(e.width).saturating_sub(1),
            i64::from(e.height).saturating_sub(1),
        );
        if let Some(i) = w3i.filter(|i| i.tileset != 0) {
            for (have, want) in [(tiles.0, i.full_width()), (tiles.1, i.full_height())] {
                if have != want {
                    sink.report(rules::TERRAIN_SIZE.here([have as u64, want as u64, 0]))?;
                    break;
                }
            }
            if i.tileset != e.tileset {
                sink.report(rules::TILESET_MISMATCH.here([i.tileset.into(), e.tileset.into(), 0]))?;
            }
        }
        if let Some(w) = files
            .wpm
            .as_deref()
            .and_then(|b| lumpkit_formats::w3x::grids::Wpm::parse(b, &mut Ignore).ok())
        {
            for (have, want) in [(w.width, tiles.0), (w.height, tiles.1)] {
                let want = (want as u64).saturating_mul(4);
                if u64::from(have) != want {
                    sink.report(rules::PATHING_SIZE.here([have.into(), want, 0]))?;
                    break;
                }
            }
        }
        if let Some(shd) = &files.shd {
            let want = shadow_bytes(e.width, e.height);
            if shd.len() as u64 != want {
                sink.report(rules::SHADOW_SIZE.here([shd.len() as u64, want, 0]))?;
            }
        }
    }

    // Imports: flags 10/13 are full paths, others sit under war3mapImported\.
    let imp = files
        .imp
        .as_deref()
        .and_then(|b| Imp::parse(b, &mut Ignore).ok());
    let mut imported: Vec<String> = Vec::new();
    if let Some(imp) = &imp {
        let mut missing = 0u64;
        let mut total = 0u64;
        for entry in imp.iter() {
            // Flags 5/8 (under war3mapImported\) and 10/13 (full path) are the editor's; Blizzard's
            // own 1.31 maps list their locale files from the game's data with flag 1: not the map's.
            if !matches!(entry.flag, 5 | 8 | 10 | 13) {
                continue;
            }
            total = total.saturating_add(1);
            let path = String::from_utf8_lossy(entry.path).into_owned();
            let full = if entry.full_path() {
                path.clone()
            } else {
                format!("war3mapImported\\{path}")
            };
            if !exists(&full) && !exists(&path) {
                missing = missing.saturating_add(1);
            }
            imported.push(full.replace('/', "\\").to_ascii_lowercase());
        }
        if missing > 0 {
            sink.report(rules::IMPORT_MISSING.here([missing, total, 0]))?;
        }
    }

    // Model texture paths that point into the map itself.
    let mut missing = 0u64;
    let mut first = None;
    // The models are the members named `.mdx` (read one at a time).
    let models = archive.members.iter().filter(|m| {
        m.name.as_deref().is_some_and(|n| {
            n.len() > 4
                && n.get(n.len() - 4..)
                    .is_some_and(|e| e.eq_ignore_ascii_case(".mdx"))
        })
    });
    for m in models {
        let Ok(bytes) = archive.read(ctx, m) else {
            continue;
        };
        if !bytes.starts_with(b"MDLX") {
            continue;
        }
        let Ok(mdx) = Mdx::parse(&bytes, &mut Ignore) else {
            continue;
        };
        for item in mdx.items(Kind::Texs) {
            let Item::Texture(t) = item else { continue };
            let raw = lumpkit_formats::mdx::cursor::text(&t.path);
            if raw.is_empty() {
                continue;
            }
            let path = String::from_utf8_lossy(raw).replace('/', "\\");
            let into_map =
                under_imports(&path) || imported.iter().any(|i| i.eq_ignore_ascii_case(&path));
            if into_map && !exists(&path) {
                missing = missing.saturating_add(1);
                first = first.or(Some(archive.mpq.data_offset(&m.block)));
            }
        }
    }
    if missing > 0 {
        sink.report(rules::MODEL_TEXTURE_MISSING.with(first.unwrap_or(0), [missing, 0, 0]))?;
    }
    Ok(facts)
}

/// The facts `info` prints of the map files (`doo` and `mmp` are read for them alone).
fn map_facts(ctx: &Context<'_>, archive: &Archive<'_>, files: &MapFiles<'_>) -> MapFacts {
    let facts = |bytes: Option<&[u8]>, which: MapFile| -> Option<Value> {
        read(which, bytes?, false, false, Skin::Detect, &mut Ignore)
            .ok()
            .map(|(_, v)| v)
    };
    let doo = member(ctx, archive, "war3map.doo");
    let mmp = member(ctx, archive, "war3map.mmp");
    MapFacts {
        w3i: facts(files.w3i.as_deref(), MapFile::W3i),
        w3e: facts(files.w3e.as_deref(), MapFile::W3e),
        doo: facts(doo.as_deref(), MapFile::Doo),
        imp: facts(files.imp.as_deref(), MapFile::Imp),
        wpm: facts(files.wpm.as_deref(), MapFile::Wpm),
        shd: facts(files.shd.as_deref(), MapFile::Shd),
        mmp: facts(mmp.as_deref(), MapFile::Mmp),
    }
}
