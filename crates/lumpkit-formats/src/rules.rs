//! Rules that belong to no single format: limits and the catalogue of every format's rules.

use crate::diag::{Rule, Severity};

/// An image dimension exceeds `Limits::max_width` / `max_height`.
pub static LIMIT_DIMENSIONS: Rule = Rule {
    code: "limit-dimensions",
    severity: Severity::Warning,
    message: "image of {0}x{1} exceeds the configured dimension limit: not decoded, so its pixels are not checked (--max-dimension allows it)",
};

/// width × height exceeds `Limits::max_pixels`.
pub static LIMIT_PIXELS: Rule = Rule {
    code: "limit-pixels",
    severity: Severity::Warning,
    message: "image of {0} pixels exceeds the configured limit of {1}: not decoded, so its pixels are not checked (--max-pixels allows it)",
};

/// One allocation would exceed `Limits::max_alloc`.
pub static LIMIT_ALLOC: Rule = Rule {
    code: "limit-alloc",
    severity: Severity::Warning,
    message: "{0} bytes exceed the configured allocation limit of {1}: not read, so not checked (--max-alloc allows it)",
};

/// The bytes decompressed out of one top-level file exceed `Limits::max_unpacked`, at a ratio to
/// the file's size that real content has: a limit of ours, not a verdict on the file.
pub static LIMIT_UNPACKED: Rule = Rule {
    code: "limit-unpacked",
    severity: Severity::Warning,
    message: "decompressing {0} more bytes would exceed the configured limit of {1} bytes unpacked from this file: not decompressed, so not checked (--max-unpacked allows it)",
};

/// The bytes decompressed out of one top-level file exceed `Limits::max_unpacked` and more than
/// [`BOMB_RATIO`](crate::limits::BOMB_RATIO) times the file's size: the signature of an archive
/// bomb.
pub static LIMIT_UNPACKED_BOMB: Rule = Rule {
    code: "limit-unpacked-bomb",
    severity: Severity::Error,
    message: "decompressing {0} more bytes would exceed the configured limit of {1} bytes unpacked from this file, {2} times the file's size (more than 100): no real content compresses that well; the signature of an archive bomb",
};

/// Rules shared by all formats.
pub static COMMON: &[&Rule] = &[
    &LIMIT_DIMENSIONS,
    &LIMIT_PIXELS,
    &LIMIT_ALLOC,
    &LIMIT_UNPACKED,
    &LIMIT_UNPACKED_BOMB,
];

/// Every rule of every format, one slice per format module. `docs/diagnostics.md` must list exactly
/// these codes (a test checks both directions).
pub static ALL: &[&[&Rule]] = &[
    COMMON,
    crate::blp::rules::RULES,
    crate::miptex::rules::RULES,
    crate::wad::rules::RULES,
    crate::paa::rules::RULES,
    crate::pbo::rules::RULES,
    crate::m2::rules::RULES,
    crate::q2bsp::rules::RULES,
    crate::q3bsp::rules::RULES,
    crate::md3::rules::RULES,
    crate::tga::rules::RULES,
    crate::dds::rules::RULES,
    crate::q3text::rules::RULES,
    crate::pak::rules::RULES,
    crate::wal::rules::RULES,
    crate::zip::rules::RULES,
    crate::sevenz::rules::RULES,
    crate::mpq::rules::RULES,
    crate::mdx::rules::RULES,
    crate::w3x::rules::RULES,
];

/// Iterates over every known rule.
pub fn all() -> impl Iterator<Item = &'static Rule> {
    ALL.iter().flat_map(|set| set.iter().copied())
}
