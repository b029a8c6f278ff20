//! The rules of Warcraft III map files, one stable code each (`research/wc3-map.md` §2).
//!
//! Strengths: a file the game's reader cannot get through (terrain or pathing cut short, a
//! missing magic) is an error; what a protected map does on purpose and the game plays anyway (a
//! `war3map.w3i` cut after its header) is `info`; a cross-file invariant the editor always keeps
//! but whose breach has no reported failure is a warning; a version lumpkit does not know is
//! "not checked".

use crate::diag::{Rule, Severity};

/// A map file without its magic (`W3E!`, `W3do`, `MP3W`).
pub static BAD_MAGIC: Rule = Rule {
    code: "w3x-bad-magic",
    severity: Severity::Error,
    message: "the file does not start with its magic {0x}: the game's reader refuses it",
};

/// A format version lumpkit does not know the layout of.
pub static VERSION_UNKNOWN: Rule = Rule {
    code: "w3x-version-unknown",
    severity: Severity::Info,
    message: "format version {0} is not one lumpkit knows the layout of: not checked past the header",
};

/// A map file that ends before its declared content (terrain corners, pathing cells, records).
pub static TRUNCATED: Rule = Rule {
    code: "w3x-truncated",
    severity: Severity::Error,
    message: "the file ends at byte {1} but its header declares {0} more bytes of records: the game's reader runs out of data",
};

/// Bytes after the declared content.
pub static TRAILING: Rule = Rule {
    code: "w3x-trailing-bytes",
    severity: Severity::Info,
    message: "{0} bytes follow the declared content: not checked (readers stop before them)",
};

/// A `war3map.w3i` cut inside the fields the game needs to list the map.
pub static W3I_HEADER_TRUNCATED: Rule = Rule {
    code: "w3i-header-truncated",
    severity: Severity::Error,
    message: "war3map.w3i ends at byte {0}, inside the map header (name, bounds, playable size, tileset): the game cannot list the map",
};

/// A `war3map.w3i` cut after its header (a map protector's trick).
pub static W3I_TRUNCATED: Rule = Rule {
    code: "w3i-truncated",
    severity: Severity::Info,
    message: "war3map.w3i ends at byte {0}, inside its {1} table (1 players, 2 forces, 3 upgrades, 4 tech, 5 random units, 6 random items): protected maps cut it there and the game still plays them",
};

/// A `war3map.w3i` version newer than the targeted client (engine-profiled).
pub static W3I_VERSION_TOO_NEW: Rule = Rule {
    code: "w3i-version-too-new",
    severity: Severity::Info,
    message: "war3map.w3i version {0} was saved by a newer World Editor: {sides}; {effect}",
};

/// An object-data modification of a value type the game does not know.
pub static OBJECT_VALUE_TYPE: Rule = Rule {
    code: "w3x-object-value-type",
    severity: Severity::Error,
    message: "object-data modification of value type {0} (known: 0 int, 1 real, 2 unreal, 3 string): its size is unknown, so nothing after it can be read",
};

/// Terrain size against the playable area and camera complements of `war3map.w3i`.
pub static TERRAIN_SIZE: Rule = Rule {
    code: "w3x-terrain-size",
    severity: Severity::Warning,
    message: "war3map.w3e is {0} tiles on an axis but war3map.w3i's playable area and camera complements add up to {1}: the editor writes both equal; the camera bounds no longer fit the terrain",
};

/// Pathing map size against the terrain.
pub static PATHING_SIZE: Rule = Rule {
    code: "w3x-pathing-size",
    severity: Severity::Warning,
    message: "war3map.wpm is {0} cells on an axis but the terrain needs {1} (4 per tile): the game's pathing grid does not match the terrain",
};

/// Shadow map size against the terrain.
pub static SHADOW_SIZE: Rule = Rule {
    code: "w3x-shadow-size",
    severity: Severity::Warning,
    message: "war3map.shd holds {0} bytes but the terrain needs {1} (16 per tile): the shadows do not match the terrain",
};

/// The main tileset letter differs between `war3map.w3i` and `war3map.w3e`.
pub static TILESET_MISMATCH: Rule = Rule {
    code: "w3x-tileset-mismatch",
    severity: Severity::Info,
    message: "war3map.w3i names tileset {0x} but war3map.w3e {1x}: the editor writes the same letter in both",
};

/// A `war3map.imp` entry that the archive does not hold.
pub static IMPORT_MISSING: Rule = Rule {
    code: "w3x-import-missing",
    severity: Severity::Warning,
    message: "{0} of the {1} files war3map.imp lists are not in the map: the game resolves imports only when something uses them, so only what uses them breaks (the editor drops such entries on the next save)",
};

/// A model texture path into the map's imports that the map does not hold.
pub static MODEL_TEXTURE_MISSING: Rule = Rule {
    code: "w3x-model-texture-missing",
    severity: Severity::Warning,
    message: "{0} texture paths of the map's models point into its imports (war3mapImported\\ or war3map.imp) but the map holds no such file (first in the member at this offset): the game draws those textures missing",
};

/// A map file kind lumpkit does not read past its header (`war3mapUnits.doo`).
pub static NOT_CHECKED: Rule = Rule {
    code: "w3x-not-checked",
    severity: Severity::Info,
    message: "war3mapUnits.doo (units and items placed on the map) is not read past its header: not checked",
};

/// Every map-file rule.
pub static RULES: &[&Rule] = &[
    &BAD_MAGIC,
    &VERSION_UNKNOWN,
    &TRUNCATED,
    &TRAILING,
    &W3I_HEADER_TRUNCATED,
    &W3I_TRUNCATED,
    &W3I_VERSION_TOO_NEW,
    &OBJECT_VALUE_TYPE,
    &TERRAIN_SIZE,
    &PATHING_SIZE,
    &SHADOW_SIZE,
    &TILESET_MISMATCH,
    &IMPORT_MISSING,
    &MODEL_TEXTURE_MISSING,
    &NOT_CHECKED,
];
