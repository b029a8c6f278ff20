//! The entity text as the game module parses it: ioq3 `code/game/g_spawn.c` `G_ParseSpawnVars`
//! (blocks of quoted key/value pairs, at most `MAX_SPAWN_VARS` 64 pairs and
//! `MAX_SPAWN_VARS_CHARS` 4096 characters per entity, each token counted with its NUL) and
//! `SP_worldspawn` (the first entity must be worldspawn). The tokenizer is Quake 2's
//! ([`crate::q2bsp::entities`]): the same `COM_Parse` rules.

use crate::diag::Sink;
use crate::error::Error;
use crate::q2bsp::entities::{self as id, Entity};

use super::rules;

/// `MAX_SPAWN_VARS`.
pub const MAX_SPAWN_VARS: u64 = 64;
/// `MAX_SPAWN_VARS_CHARS`.
pub const MAX_SPAWN_VARS_CHARS: u64 = 4096;

/// The light grid spacing when worldspawn sets none (`RE_LoadWorldMap`: 64 64 128).
pub const DEFAULT_GRID_SIZE: [f32; 3] = [64.0, 64.0, 128.0];

/// Checks the entity text at file offset `at`; returns the number of entities read and the
/// worldspawn entity, when the text starts with one.
pub fn check<'a>(
    lump: &'a [u8],
    at: u64,
    sink: &mut impl Sink,
) -> Result<(u64, Option<Entity<'a>>), Error> {
    let mut count = 0u64;
    let mut world = None;
    let mut broken = false;
    for (i, entity) in id::entities(lump).enumerate() {
        let entity = match entity {
            Ok(e) => e,
            Err(pos) => {
                sink.report(
                    rules::ENTITY_SYNTAX.with(at.saturating_add(pos as u64), [pos as u64, 0, 0]),
                )?;
                broken = true;
                break;
            }
        };
        count = count.saturating_add(1);
        let (mut pairs, mut chars) = (0u64, 0u64);
        for (k, v) in entity.pairs() {
            pairs = pairs.saturating_add(1);
            chars = chars
                .saturating_add(k.len() as u64)
                .saturating_add(v.len() as u64)
                .saturating_add(2);
        }
        if pairs > MAX_SPAWN_VARS || chars > MAX_SPAWN_VARS_CHARS {
            sink.report(rules::SPAWN_VARS.with(
                at.saturating_add(entity.offset as u64),
                [i as u64, pairs, chars],
            ))?;
        }
        if i == 0 {
            if entity.get(b"classname") == Some(b"worldspawn") {
                world = Some(entity);
            } else {
                sink.report(
                    rules::NO_WORLDSPAWN.with(at.saturating_add(entity.offset as u64), [0; 3]),
                )?;
            }
        }
    }
    // No entity at all: G_SpawnEntitiesFromString stops the server ("no entities").
    if count == 0 && !broken {
        sink.report(rules::NO_WORLDSPAWN.with(at, [0; 3]))?;
    }
    Ok((count, world))
}

/// The light grid spacing worldspawn's `gridsize` sets (`R_LoadEntities`: three floats), or the
/// default.
pub fn grid_size(world: Option<&Entity<'_>>) -> [f32; 3] {
    let Some(text) = world.and_then(|w| w.get(b"gridsize")) else {
        return DEFAULT_GRID_SIZE;
    };
    let mut out = DEFAULT_GRID_SIZE;
    let mut words = text
        .split(|b| b.is_ascii_whitespace())
        .filter(|w| !w.is_empty());
    for slot in &mut out {
        match words
            .next()
            .and_then(|w| core::str::from_utf8(w).ok())
            .and_then(|w| w.parse::<f32>().ok())
        {
            Some(v) => *slot = v,
            // sscanf stops at the first field it cannot read; the rest keep their defaults.
            None => break,
        }
    }
    out
}
