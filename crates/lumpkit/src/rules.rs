//! Rules of the facade itself (not of any one format), and the catalogue of every rule.

use lumpkit_formats::{Rule, Severity};

/// `decode` was asked of a format that holds no picture.
pub static NOT_A_PICTURE: Rule = Rule {
    code: "lumpkit-not-a-picture",
    severity: Severity::Error,
    message: "this file holds no picture to decode",
};

/// `--entry` named nothing in the file.
pub static NO_SUCH_ENTRY: Rule = Rule {
    code: "lumpkit-no-such-entry",
    severity: Severity::Error,
    message: "no entry of that name",
};

/// `decode_into` was given a buffer shorter than the picture.
pub static BUFFER_TOO_SMALL: Rule = Rule {
    code: "lumpkit-buffer-too-small",
    severity: Severity::Error,
    message: "the caller's buffer holds {1} bytes; the picture needs {0}",
};

/// A format needs a palette the caller did not supply.
pub static PALETTE_REQUIRED: Rule = Rule {
    code: "lumpkit-palette-required",
    severity: Severity::Error,
    message: "this texture has no palette of its own: supply one with --palette",
};

/// The extension names one of our formats but the content is something else.
pub static EXTENSION_MISMATCH: Rule = Rule {
    code: "lumpkit-extension-mismatch",
    severity: Severity::Warning,
    message: "the file's extension names another format than its content (see `format`): a game that picks its loader by extension fails on it, one that reads the content may load it",
};

/// Nothing we recognise; reported so that no file is silently skipped.
pub static UNKNOWN_FORMAT: Rule = Rule {
    code: "lumpkit-unknown-format",
    severity: Severity::Info,
    message: "not a format lumpkit reads; not checked",
};

/// Archives nested deeper than the bound are listed but not opened.
pub static NESTING_TOO_DEEP: Rule = Rule {
    code: "lumpkit-nesting-too-deep",
    severity: Severity::Error,
    message: "archive nested {0} levels deep: not opened (the limit is {1}); no mod nests archives that deep, a recursive archive bomb does",
};

/// The file could not be read (the OS reason is printed beside it).
pub static UNREADABLE: Rule = Rule {
    code: "lumpkit-unreadable",
    severity: Severity::Error,
    message: "the file cannot be read",
};

/// A TGA that passed lumpkit's checks and still failed in the `image` crate's decoder.
pub static TGA_DECODER: Rule = Rule {
    code: "tga-decoder-refused",
    severity: Severity::Error,
    message: "the image crate's TGA decoder refused the pixel data after lumpkit's checks passed (an unusual layout: attribute bits, a 16-bit colour map, …)",
};

/// Rules of the facade.
pub static RULES: &[&Rule] = &[
    &TGA_DECODER,
    &NOT_A_PICTURE,
    &NO_SUCH_ENTRY,
    &BUFFER_TOO_SMALL,
    &PALETTE_REQUIRED,
    &EXTENSION_MISMATCH,
    &UNKNOWN_FORMAT,
    &NESTING_TOO_DEEP,
    &UNREADABLE,
];

/// The findings that mark an archive bomb: decompression stopped by the per-file unpack budget at a
/// ratio no real content has, members that share compressed data, declared sizes beyond the budget
/// at such a ratio, archives nested deeper than `check` opens. `check` names the files
/// that carry one in its summary, so that a mod site can refuse the upload as a whole.
pub static ARCHIVE_BOMB: &[&Rule] = &[
    &lumpkit_formats::rules::LIMIT_UNPACKED_BOMB,
    &lumpkit_formats::zip::rules::OVERLAPPING_MEMBERS,
    &lumpkit_formats::zip::rules::DECLARED_TOTAL_TOO_LARGE,
    &NESTING_TOO_DEEP,
];

/// Whether `diagnostic` marks an archive bomb ([`ARCHIVE_BOMB`]).
pub fn is_archive_bomb(diagnostic: &lumpkit_formats::Diagnostic) -> bool {
    ARCHIVE_BOMB
        .iter()
        .any(|rule| rule.code == diagnostic.code())
}

/// Every rule lumpkit can report: the facade's and every format's.
pub fn all() -> impl Iterator<Item = &'static Rule> {
    RULES.iter().copied().chain(lumpkit_formats::rules::all())
}
