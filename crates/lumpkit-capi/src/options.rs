//! How files are opened: the limits, a palette for textures that carry none, the engines findings
//! are judged for, and a few switches. Built once (`lumpkit_options_new` and the setters) and
//! copied into every file opened with it.

use lumpkit::{Engine, Limits, Targets};

use crate::status::{Failure, LumpkitStatus};

/// The bounds on what a file may make lumpkit do, as `lumpkit check --max-*` sets them. Plain
/// integers: `lumpkit_limits_default` fills the defaults (those of the command-line tool).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LumpkitLimits {
    /// Largest accepted width in pixels (default 65,535).
    pub max_width: u32,
    /// Largest accepted height in pixels (default 65,535).
    pub max_height: u32,
    /// Largest accepted width × height (default 64 Mi pixels).
    pub max_pixels: u64,
    /// Largest single allocation in bytes (default 256 MiB).
    pub max_alloc: u64,
    /// Largest total decompressed out of one file opened with these options, archives inside
    /// archives included (default 1 GiB).
    pub max_unpacked: u64,
}

impl From<Limits> for LumpkitLimits {
    fn from(l: Limits) -> Self {
        LumpkitLimits {
            max_width: l.max_width,
            max_height: l.max_height,
            max_pixels: l.max_pixels,
            max_alloc: l.max_alloc,
            max_unpacked: l.max_unpacked,
        }
    }
}

impl From<LumpkitLimits> for Limits {
    fn from(l: LumpkitLimits) -> Self {
        Limits {
            max_width: l.max_width,
            max_height: l.max_height,
            max_pixels: l.max_pixels,
            max_alloc: l.max_alloc,
            max_unpacked: l.max_unpacked,
        }
    }
}

/// `lumpkit_options_set_flags`: strict mode, the first warning stops the parse as an error.
pub const LUMPKIT_OPEN_STRICT: u32 = 1;
/// `lumpkit_options_set_flags`: also decode every pixel level when a file is opened or checked,
/// so that pixel-level problems are reported (`check --decode`).
pub const LUMPKIT_OPEN_DECODE_PIXELS: u32 = 2;
/// `lumpkit_options_set_flags`: BSP, per-cluster visible counts in the info JSON (`info --vis`).
pub const LUMPKIT_OPEN_VIS: u32 = 4;
const KNOWN_FLAGS: u32 = LUMPKIT_OPEN_STRICT | LUMPKIT_OPEN_DECODE_PIXELS | LUMPKIT_OPEN_VIS;

/// Options for opening and checking files (opaque: made by `lumpkit_options_new`).
#[derive(Clone, Debug, Default)]
pub struct LumpkitOptions {
    pub(crate) limits: Limits,
    pub(crate) palette: Option<[[u8; 3]; 256]>,
    pub(crate) targets: Targets,
    pub(crate) flags: u32,
}

impl LumpkitOptions {
    /// The defaults: the command-line tool's limits, no palette, no target, no flag.
    pub fn new() -> LumpkitOptions {
        LumpkitOptions {
            limits: Limits::DEFAULT,
            ..LumpkitOptions::default()
        }
    }

    /// Sets the palette from a palette file's bytes, as `--palette` reads it.
    pub fn set_palette(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        let table = lumpkit::palette::palette_file(bytes).ok_or_else(|| {
            Failure::new(
                LumpkitStatus::InvalidArgument,
                "palette: not a 768-byte palette or a 256-colour PCX",
            )
        })?;
        self.palette = Some(table);
        Ok(())
    }

    /// Adds an engine by the name `--target` takes; an unknown name is refused with the known ones.
    pub fn add_target(&mut self, name: &str) -> Result<(), Failure> {
        let engine = Engine::from_name(name).ok_or_else(|| {
            let known: Vec<&str> = Engine::ALL.iter().map(|e| e.name()).collect();
            Failure::new(
                LumpkitStatus::InvalidArgument,
                format!("unknown engine {name:?} (known: {})", known.join(", ")),
            )
        })?;
        self.targets = self.targets.with(engine);
        Ok(())
    }

    /// Sets the `LUMPKIT_OPEN_*` flags; an unknown bit is refused rather than ignored.
    pub fn set_flags(&mut self, flags: u32) -> Result<(), Failure> {
        if flags & !KNOWN_FLAGS != 0 {
            return Err(Failure::new(
                LumpkitStatus::InvalidArgument,
                format!("unknown option flags {:#x}", flags & !KNOWN_FLAGS),
            ));
        }
        self.flags = flags;
        Ok(())
    }

    pub(crate) fn has(&self, flag: u32) -> bool {
        self.flags & flag != 0
    }
}
