//! Engine profiles: which engine (and version) refuses or mis-loads a file, as data.
//!
//! The same map loads in QuakeSpasm and overflows a static buffer in WinQuake; the same BLP loads
//! in one Warcraft III patch and not in the one before. A single verdict is wrong for half of the
//! users, so such conditions are kept here as tables, one per game family ([`quake1`], [`hexen2`],
//! [`quake2`]),
//! each row an engine's limit with the source it comes from (repository, file, function). The
//! checks in the format modules report a number (`value`) and the [`Condition`] it was measured
//! against; this module turns that into a verdict:
//!
//! - no target chosen: an error when every engine of the family refuses the value, a warning
//!   naming both sides when only some do;
//! - with targets ([`Targets`]): an error when a chosen engine refuses it, info when every chosen
//!   engine loads it.
//!
//! A profiled diagnostic is a plain [`Diagnostic`] of its rule with `args = [value, smallest
//! limit, condition id]`: the id indexes [`CONDITIONS`], so that the `Copy` diagnostic can carry
//! its condition without allocating, and the message renders `{what}`, `{limit}`, `{effect}` and
//! `{sides}` from the row.

pub mod arma;
pub mod hexen2;
pub mod pak;
pub mod quake1;
pub mod quake2;
pub mod quake3;
pub mod warcraft;
pub mod wow;

use core::fmt;

use crate::diag::{Diagnostic, Rule, Severity};

/// An engine (or engine version) a file can be checked against (`--target NAME`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Engine {
    /// id Software's WinQuake / GLQuake (1996–97 source release).
    Quake,
    /// QuakeSpasm (FitzQuake lineage).
    QuakeSpasm,
    /// Valve's GoldSrc (Half-Life); ReHLDS is the readable reimplementation we cite.
    GoldSrc,
    /// Xash3D FWGS.
    Xash3d,
    /// Hexen II as Hammer of Thyrion (uHexen2), the maintained port of Raven's released source.
    Hexen2,
    /// id Software's Quake 2 (3.21 source release).
    Quake2,
    /// Yamagi Quake II.
    Yquake2,
    /// Q2PRO.
    Q2pro,
    /// Warcraft III before patch 1.27b.
    Wc3_126,
    /// Warcraft III 1.27b.
    Wc3_127b,
    /// Warcraft III 1.28 to 1.30.
    Wc3_128,
    /// Warcraft III 1.31 (the last classic client: Lua scripts, w3i version 28).
    Wc3_131,
    /// Warcraft III: Reforged (1.32 on, 2.0 included).
    Wc3Reforged,
    /// Warcraft III on Mac OS, in the versions the BLP specification reports as failing on JPEG
    /// frames of another size than their level (it names none).
    Wc3Mac,
    /// World of Warcraft 3.3.5 (Wrath of the Lich King).
    Wow335,
    /// World of Warcraft retail.
    WowRetail,
    /// Operation Flashpoint (1.96).
    Ofp,
    /// Operation Flashpoint: Elite (Xbox).
    OfpElite,
    /// Armed Assault / ArmA 1.
    Arma1,
    /// Arma 3.
    Arma3,
    /// ioquake3 (Quake III Arena, IBSP 46).
    Ioq3,
    /// Quake Live (IBSP 46; no public source: listed where a map's layout decides alone).
    QuakeLive,
    /// Wolfenstein: Enemy Territory as ET: Legacy reads it (IBSP 47; RTCW shares the layout).
    Et,
    /// Jedi Academy as OpenJK reads it (RBSP 1).
    Jka,
    /// Qfusion (Warsow, Warfork: IBSP 46/47, RBSP 1, FBSP 1).
    Qfusion,
}

impl Engine {
    /// Every engine, in the order of their bits in [`Targets`].
    pub const ALL: [Engine; 25] = [
        Engine::Quake,
        Engine::QuakeSpasm,
        Engine::GoldSrc,
        Engine::Xash3d,
        Engine::Hexen2,
        Engine::Quake2,
        Engine::Yquake2,
        Engine::Q2pro,
        Engine::Wc3_126,
        Engine::Wc3_127b,
        Engine::Wc3_128,
        Engine::Wc3_131,
        Engine::Wc3Reforged,
        Engine::Wc3Mac,
        Engine::Wow335,
        Engine::WowRetail,
        Engine::Ofp,
        Engine::OfpElite,
        Engine::Arma1,
        Engine::Arma3,
        Engine::Ioq3,
        Engine::QuakeLive,
        Engine::Et,
        Engine::Jka,
        Engine::Qfusion,
    ];

    /// The name `--target` takes.
    pub const fn name(self) -> &'static str {
        match self {
            Engine::Quake => "quake",
            Engine::QuakeSpasm => "quakespasm",
            Engine::GoldSrc => "goldsrc",
            Engine::Xash3d => "xash3d",
            Engine::Hexen2 => "hexen2",
            Engine::Quake2 => "quake2",
            Engine::Yquake2 => "yquake2",
            Engine::Q2pro => "q2pro",
            Engine::Wc3_126 => "wc3-1.26",
            Engine::Wc3_127b => "wc3-1.27b",
            Engine::Wc3_128 => "wc3-1.28",
            Engine::Wc3_131 => "wc3-1.31",
            Engine::Wc3Reforged => "wc3-reforged",
            Engine::Wc3Mac => "wc3-mac",
            Engine::Wow335 => "wow-3.3.5",
            Engine::WowRetail => "wow-retail",
            Engine::Ofp => "ofp",
            Engine::OfpElite => "ofp-elite",
            Engine::Arma1 => "arma1",
            Engine::Arma3 => "arma3",
            Engine::Ioq3 => "ioq3",
            Engine::QuakeLive => "quakelive",
            Engine::Et => "et",
            Engine::Jka => "jka",
            Engine::Qfusion => "qfusion",
        }
    }

    /// The engine called `name` (as [`Engine::name`] spells it, ASCII case ignored).
    pub fn from_name(name: &str) -> Option<Engine> {
        Engine::ALL
            .into_iter()
            .find(|e| e.name().eq_ignore_ascii_case(name))
    }

    /// This engine's bit in a [`Targets`] set.
    const fn bit(self) -> u32 {
        1 << (self as u8)
    }
}

/// A set of engines (a small bitset, `Copy`), e.g. the targets the caller chose.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Targets(u32);

impl Targets {
    /// No engine: verdicts are the family-wide defaults.
    pub const NONE: Targets = Targets(0);

    /// The set holding only `engine`.
    pub const fn of(engine: Engine) -> Targets {
        Targets(engine.bit())
    }

    /// This set with `engine` added.
    pub const fn with(self, engine: Engine) -> Targets {
        Targets(self.0 | engine.bit())
    }

    /// Whether `engine` is in the set.
    pub const fn contains(self, engine: Engine) -> bool {
        self.0 & engine.bit() != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The engines in the set, in [`Engine::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Engine> {
        Engine::ALL.into_iter().filter(move |e| self.contains(*e))
    }
}

/// One engine's limit for a condition.
#[derive(Debug, PartialEq, Eq)]
pub struct EngineLimit {
    /// The engine.
    pub engine: Engine,
    /// The largest value it loads; `None` when its source sets no such limit (it loads any value).
    pub max: Option<u64>,
    /// Where the number comes from: repository, file and function.
    pub source: &'static str,
}

impl EngineLimit {
    /// Whether this engine refuses (or breaks on) `value`.
    pub const fn refuses(&self, value: u64) -> bool {
        match self.max {
            Some(max) => value > max,
            None => false,
        }
    }
}

/// A condition some engines refuse: a count or size measured in a file, with each engine's limit.
#[derive(Debug, PartialEq, Eq)]
pub struct Condition {
    /// The rule a finding of this condition is reported under.
    pub rule: &'static Rule,
    /// The engine constant or name of the limit (`MAX_MAP_LEAFS`), for messages and JSON `limit`.
    pub limit: &'static str,
    /// What is counted (`visleafs`, `brush models`).
    pub what: &'static str,
    /// What a refusing engine does, in a few words.
    pub effect: &'static str,
    /// One row per engine that can load this kind of file.
    pub engines: &'static [EngineLimit],
    /// Whether the rows cover every engine that loads this kind of file. When they do not, a
    /// value every listed engine refuses is still only a warning: an engine we have no source
    /// for may load it.
    pub exhaustive: bool,
}

impl Condition {
    /// The smallest limit of any engine (what the check compares against first).
    pub fn min_limit(&self) -> Option<u64> {
        self.engines.iter().filter_map(|e| e.max).min()
    }

    /// Engines of this condition that refuse `value`.
    pub fn refused_by(&self, value: u64) -> Targets {
        self.engines
            .iter()
            .filter(|e| e.refuses(value))
            .fold(Targets::NONE, |t, e| t.with(e.engine))
    }

    /// Engines of this condition that load `value`.
    pub fn loaded_by(&self, value: u64) -> Targets {
        self.engines
            .iter()
            .filter(|e| !e.refuses(value))
            .fold(Targets::NONE, |t, e| t.with(e.engine))
    }

    /// The verdict for `value` under `targets`: `None` when nothing needs saying (no engine
    /// refuses it and no target was chosen).
    pub fn severity(&self, value: u64, targets: Targets) -> Option<Severity> {
        let refused = self.refused_by(value);
        // Without targets (every `check`) no engine is chosen: nearly every value of a working
        // file then ends at the first test below, after one pass over the limits (the three of
        // before were a tenth of validating a small map: callgrind, `ericw_q1_cube`).
        let chosen = if targets.is_empty() {
            Targets::NONE
        } else {
            self.engines
                .iter()
                .filter(|e| targets.contains(e.engine))
                .fold(Targets::NONE, |t, e| t.with(e.engine))
        };
        if !chosen.is_empty() {
            return Some(if chosen.iter().any(|e| refused.contains(e)) {
                Severity::Error
            } else {
                Severity::Info
            });
        }
        if refused.is_empty() {
            None
        } else if self.loaded_by(value).is_empty() && self.exhaustive {
            Some(Severity::Error)
        } else {
            Some(Severity::Warning)
        }
    }

    /// [`Condition::severity`] toned down for a condition listed in [`MILD`] (a mis-draw or a
    /// packing choice rather than a refusal).
    pub fn verdict(&self, value: u64, targets: Targets) -> Option<Severity> {
        let severity = self.severity(value, targets)?;
        let Some(mild) = self.mild() else {
            return Some(severity);
        };
        Some(match severity {
            Severity::Error => mild.refused,
            Severity::Warning => mild.split,
            Severity::Info => mild.loaded,
        })
    }

    /// This condition's row in [`MILD`], when it is quieter than a refusal.
    pub fn mild(&self) -> Option<&'static Mild> {
        MILD.iter().find(|m| core::ptr::eq(m.condition, self))
    }

    /// A finding of this condition for `value` at `offset`, with the family-wide default
    /// severity; `None` when no engine refuses `value`.
    pub fn check(&'static self, value: u64, offset: u64) -> Option<Diagnostic> {
        let severity = self.verdict(value, Targets::NONE)?;
        let id = CONDITIONS
            .iter()
            .position(|c| core::ptr::eq(*c, self))
            .unwrap_or(usize::MAX) as u64;
        let limit = self.min_limit().unwrap_or(0);
        Some(
            self.rule
                .with(offset, [value, limit, id])
                .with_severity(severity),
        )
    }
}

/// Every condition of every family; a profiled diagnostic's third argument indexes this list.
pub static CONDITIONS: &[&Condition] = &[
    &quake1::VISLEAFS,
    &quake1::LEAFS,
    &quake1::MODELS,
    &quake1::GOLDSRC_VISLEAFS,
    &quake1::GOLDSRC_MODELS,
    &quake1::SURFACE_EXTENTS,
    &quake1::GOLDSRC_SURFACE_EXTENTS,
    &quake1::LIGHTMAP_PAGES,
    &quake1::ANIM_SEQUENCE,
    &quake1::GOLDSRC_ANIM_SEQUENCE,
    &quake2::MODELS,
    &quake2::TEXINFO,
    &quake2::BRUSHES,
    &quake2::PLANES,
    &quake2::NODES,
    &quake2::LEAFS,
    &quake2::LEAFBRUSHES,
    &quake2::BRUSHSIDES,
    &quake2::AREAPORTALS,
    &quake2::VISIBILITY,
    &quake2::ENTSTRING,
    &quake2::NO_EMPTY_LEAF,
    &quake2::NO_LEAFBRUSHES,
    &quake2::PORTALNUM_PAST_COUNT,
    &quake2::NODE_SHARED,
    &quake2::SURFACE_EXTENTS,
    &pak::FILES,
    &warcraft::BLP1_SIZE,
    &warcraft::MDX_VERSION,
    &warcraft::W3I_VERSION,
    &warcraft::JPEG_FRAME_LARGER,
    &warcraft::JPEG_FRAME_SMALLER,
    &wow::BLP_NOT_POWER_OF_TWO,
    &arma::PAA_NOT_POWER_OF_TWO,
    &arma::PAA_DXT_BELOW_BLOCK,
    &arma::PBO_CPRS,
    &quake1::MIPTEX_NOT_16_ALIGNED,
    &quake1::GOLDSRC_MIPTEX_NOT_16_ALIGNED,
    &quake1::GOLDSRC_WAD_TEXTURE_SIZE,
    &quake1::SKY_SIZE,
    &quake1::TEXTURE_UPLOAD,
    &quake3::SUBMODELS,
    &quake3::FACE_POINTS,
    &quake3::QFUSION_EMPTY_LUMP,
    &quake3::MD3_VERTS,
    &quake3::MD3_TRIANGLES,
    &quake3::MD3_TAGS,
    &quake3::MD3_SHADERS,
    &quake3::MD3_EMPTY,
    &quake3::MD3_SURFACE_IDENT,
    &quake3::TGA_RENDERER,
    &hexen2::VISLEAFS,
    &hexen2::MODELS,
    &hexen2::SURFACE_EXTENTS,
    &hexen2::ANIM_SEQUENCE,
    &hexen2::MIPTEX_NOT_16_ALIGNED,
    &hexen2::SKY_SIZE,
];

/// How loud a condition is whose refusing engines do not refuse the file outright: `refused`
/// replaces the error (a chosen target, or every engine, is affected) and `split` the warning
/// (engines disagree and no target was chosen).
#[derive(Debug)]
pub struct Mild {
    /// The condition.
    pub condition: &'static Condition,
    /// The severity when an affected engine is targeted (or every engine is affected).
    pub refused: Severity,
    /// The severity when engines disagree and no target was chosen.
    pub split: Severity,
    /// The severity when every chosen engine loads it: info for most; a warning where the engines
    /// that load the file still change its pixels (a BLP JPEG frame padded to its level).
    pub loaded: Severity,
    /// What the affected engines do, in the words before their names in a message
    /// ("drawn wrong by quake"): "refused by" would misstate a mis-draw.
    pub affected: &'static str,
}

/// Conditions that are quieter than a refusal.
pub static MILD: &[Mild] = &[
    // A face drawn cut and with the default shader by the id renderers; others draw it whole.
    Mild {
        condition: &quake3::FACE_POINTS,
        refused: Severity::Warning,
        split: Severity::Info,
        loaded: Severity::Info,
        affected: "drawn with the default shader by",
    },
    // A texture kind the Quake 3 renderer refuses: an error when a Quake 3 engine is targeted,
    // info otherwise (Warcraft III and other games ship the same TGA kinds and load them).
    Mild {
        condition: &quake3::TGA_RENDERER,
        refused: Severity::Error,
        split: Severity::Info,
        loaded: Severity::Info,
        affected: "refused by",
    },
    // WoW draws the texture solid green; Warcraft III draws it: a warning only for WoW.
    Mild {
        condition: &wow::BLP_NOT_POWER_OF_TWO,
        refused: Severity::Warning,
        split: Severity::Info,
        loaded: Severity::Info,
        affected: "drawn wrong by",
    },
    // A Reforged model or map is fine for Reforged: by default worth knowing, an error only
    // under a classic target.
    Mild {
        condition: &warcraft::MDX_VERSION,
        refused: Severity::Error,
        split: Severity::Info,
        loaded: Severity::Info,
        affected: "refused by",
    },
    Mild {
        condition: &warcraft::W3I_VERSION,
        refused: Severity::Error,
        split: Severity::Info,
        loaded: Severity::Info,
        affected: "refused by",
    },
    // Arma 3 does not use it as a standard texture; UI icons load: a warning only for Arma.
    Mild {
        condition: &arma::PAA_NOT_POWER_OF_TWO,
        refused: Severity::Warning,
        split: Severity::Info,
        loaded: Severity::Info,
        affected: "unusable as a model texture in",
    },
    // Quake 2's software renderer refuses it, the GL renderer loads it, and a target names the
    // engine, not the renderer: a warning under every target.
    Mild {
        condition: &quake2::SURFACE_EXTENTS,
        refused: Severity::Warning,
        split: Severity::Warning,
        loaded: Severity::Info,
        affected: "refused by",
    },
    // A JPEG frame larger than its level: Windows crops it (harmless); the Mac versions the spec
    // names fail. Info by default, an error under `wc3-mac`.
    Mild {
        condition: &warcraft::JPEG_FRAME_LARGER,
        refused: Severity::Error,
        split: Severity::Info,
        loaded: Severity::Info,
        affected: "refused by",
    },
    // A JPEG frame smaller than its level: Windows pads it with transparent black (the pixels
    // change, so a warning wherever it loads); the Mac versions the spec names fail.
    Mild {
        condition: &warcraft::JPEG_FRAME_SMALLER,
        refused: Severity::Error,
        split: Severity::Warning,
        loaded: Severity::Warning,
        affected: "refused by",
    },
    // Only OFP Elite and ArmA 1 refuse `Cprs`: by default a packing choice worth knowing.
    Mild {
        condition: &arma::PBO_CPRS,
        refused: Severity::Error,
        split: Severity::Info,
        loaded: Severity::Info,
        affected: "refused by",
    },
    // GLQuake/WinQuake draw a garbled sky (read past a smaller texture); nothing refuses the map.
    Mild {
        condition: &quake1::SKY_SIZE,
        refused: Severity::Warning,
        split: Severity::Info,
        loaded: Severity::Info,
        affected: "drawn wrong by",
    },
    // Hexen II's R_InitSky reads the same 256x128 layout.
    Mild {
        condition: &hexen2::SKY_SIZE,
        refused: Severity::Warning,
        split: Severity::Info,
        loaded: Severity::Info,
        affected: "drawn wrong by",
    },
];

/// Rules whose diagnostics carry a condition id.
pub fn is_profiled(rule: &Rule) -> bool {
    CONDITIONS.iter().any(|c| core::ptr::eq(c.rule, rule))
}

/// The condition a diagnostic was measured against, when its rule is a profiled one.
pub fn condition_of(d: &Diagnostic) -> Option<&'static Condition> {
    let [_, _, id] = d.args;
    let c = *CONDITIONS.get(usize::try_from(id).ok()?)?;
    core::ptr::eq(c.rule, d.rule).then_some(c)
}

/// The diagnostic with its severity for `targets` (unchanged when it is not a profiled one or no
/// target was chosen).
pub fn retarget(d: Diagnostic, targets: Targets) -> Diagnostic {
    if targets.is_empty() {
        return d;
    }
    match condition_of(&d).and_then(|c| c.verdict(d.args[0], targets)) {
        Some(severity) => d.with_severity(severity),
        None => d,
    }
}

/// Writes engine names separated by commas.
fn names(f: &mut fmt::Formatter<'_>, set: Targets) -> fmt::Result {
    for (i, e) in set.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        f.write_str(e.name())?;
    }
    Ok(())
}

/// Renders a condition placeholder (`what`, `limit`, `effect`, `sides`) of a profiled message;
/// `false` when `field` is not one.
pub(crate) fn render(
    f: &mut fmt::Formatter<'_>,
    c: &Condition,
    value: u64,
    field: &str,
) -> Result<bool, fmt::Error> {
    match field {
        "what" => f.write_str(c.what)?,
        "limit" => f.write_str(c.limit)?,
        "effect" => f.write_str(c.effect)?,
        "sides" => {
            let (refused, loaded) = (c.refused_by(value), c.loaded_by(value));
            f.write_str(c.mild().map_or("refused by", |m| m.affected))?;
            f.write_str(" ")?;
            for (i, e) in c.engines.iter().filter(|e| e.refuses(value)).enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                match e.max {
                    // A limit of 0 is a condition refused outright: no number to show.
                    Some(0) | None => f.write_str(e.engine.name())?,
                    Some(max) => write!(f, "{} ({max})", e.engine.name())?,
                }
            }
            if refused.is_empty() {
                f.write_str("none")?;
            }
            if !loaded.is_empty() {
                f.write_str("; loads in ")?;
                names(f, loaded)?;
            }
        }
        _ => return Ok(false),
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_past_every_listed_engine_of_an_exhaustive_condition_is_an_error() {
        // Quake's model limits: 255 (Quake), 2047 (QuakeSpasm), 4095 (Xash3D), and no other engine.
        let verdict = |n| quake1::MODELS.check(n, 0).map(|d| d.severity);
        assert_eq!(verdict(255), None);
        assert_eq!(verdict(256), Some(Severity::Warning));
        assert_eq!(verdict(4096), Some(Severity::Error));
    }

    #[test]
    fn retargeting_leaves_a_diagnostic_of_an_unprofiled_rule_alone() {
        let d = crate::mpq::rules::BLOCKS_UNREFERENCED.with(16, [1, 2, 0]);
        let kept = retarget(d, Targets::of(Engine::Quake));
        assert_eq!((kept.severity, kept.args), (d.severity, d.args));
        assert!(condition_of(&d).is_none());
    }
}
