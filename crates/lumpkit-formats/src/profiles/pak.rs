//! PAK archives: how many entries each engine's `COM_LoadPackFile` / `FS_LoadPackFile` takes.
//! Quake 1 engines stop at 2048, id Quake 2 at 4096; the rows are not exhaustive (Quake 2 ports
//! and Daikatana are not listed), so a pak over every listed limit stays a warning.

use super::{Condition, Engine, EngineLimit};
use crate::pak::rules::TOO_MANY_FILES;

/// Entries in the PAK directory (`dirlen / 64`).
pub static FILES: Condition = Condition {
    rule: &TOO_MANY_FILES,
    limit: "MAX_FILES_IN_PACK",
    what: "files",
    effect: "the engine refuses the pak at start-up (\"%s has %i files\")",
    engines: &[
        EngineLimit {
            engine: Engine::Quake,
            max: Some(2048),
            source: "id-Software/Quake WinQuake/common.c COM_LoadPackFile: numpackfiles > MAX_FILES_IN_PACK (2048) is a Sys_Error",
        },
        EngineLimit {
            engine: Engine::QuakeSpasm,
            max: Some(2048),
            source: "sezero/quakespasm Quake/common.c COM_LoadPackFile: MAX_FILES_IN_PACK 2048, Sys_Error",
        },
        EngineLimit {
            engine: Engine::Quake2,
            max: Some(4096),
            source: "id-Software/Quake-2 qcommon/files.c FS_LoadPackFile: numpackfiles > MAX_FILES_IN_PACK (4096) is a Com_Error",
        },
    ],
    exhaustive: false,
};
