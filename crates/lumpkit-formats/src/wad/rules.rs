//! Rules of the WAD2/WAD3 container and of its picture entries (miptex rules live in `miptex`).

use crate::diag::{Rule, Severity};

/// Not WAD2 or WAD3 (Doom's IWAD/PWAD share the extension and header shape).
pub static UNSUPPORTED_VERSION: Rule = Rule {
    code: "wad-unsupported-version",
    severity: Severity::Info,
    message: "magic {0x} is not WAD2 or WAD3 (a Doom IWAD/PWAD, whose lumps are of another kind): lumpkit does not read it; not checked",
};

/// The 12-byte header does not fit.
pub static HEADER_TRUNCATED: Rule = Rule {
    code: "wad-header-truncated",
    severity: Severity::Error,
    message: "the file holds {0} bytes, shorter than the 12-byte header; the engine rejects it",
};

/// More entries than the file could hold.
pub static COUNT_TOO_LARGE: Rule = Rule {
    code: "wad-count-too-large",
    severity: Severity::Error,
    message: "{0} directory entries of 32 bytes cannot fit in a file of {1} bytes; the engine \
              rejects the WAD",
};

/// The directory lies outside the file.
pub static DIRECTORY_OUT_OF_BOUNDS: Rule = Rule {
    code: "wad-directory-out-of-bounds",
    severity: Severity::Error,
    message: "the directory at offset {0} ({1} bytes) lies outside the file of {2} bytes; the engine \
              rejects the WAD",
};

/// An entry's data lies outside the file.
pub static ENTRY_OUT_OF_BOUNDS: Rule = Rule {
    code: "wad-entry-out-of-bounds",
    severity: Severity::Error,
    message: "entry {0} at offset {1} ({2} bytes) lies outside the file; the entry is unusable",
};

/// Two entries share bytes.
pub static ENTRIES_OVERLAP: Rule = Rule {
    code: "wad-entries-overlap",
    severity: Severity::Warning,
    message: "entries {0} and {1} overlap; each is read on its own, so they share bytes",
};

/// A name without NUL.
pub static NAME_UNTERMINATED: Rule = Rule {
    code: "wad-name-unterminated",
    severity: Severity::Warning,
    message: "entry {0}'s name fills all 16 bytes without a NUL; engines compare 16 bytes",
};

/// A name that is not UTF-8 text.
pub static NAME_NOT_TEXT: Rule = Rule {
    code: "wad-name-not-text",
    severity: Severity::Warning,
    message: "entry {0}'s name is not valid text; the bytes are kept and shown lossily",
};

/// Two entries with the same name (ignoring ASCII case).
pub static DUPLICATE_NAME: Rule = Rule {
    code: "wad-duplicate-name",
    severity: Severity::Warning,
    message: "entries {0} and {1} have the same name (ignoring case); lookups find the first",
};

/// Compression flag set. No engine looks at it: ReHLDS's `TEX_LoadLump` (engine/textures.cpp)
/// reads `disksize` bytes and `W_LoadWadFile` (engine/wad.cpp) never reads the field, and current
/// Xash3D's `W_ReadLump` (filesystem/wad.c) reads the stored bytes too. A file whose only oddity is
/// the flag loads, so it is info, once per archive. `args = [first entry, entries, its flag]`.
pub static ENTRY_COMPRESSED: Rule = Rule {
    code: "wad-entry-compressed",
    severity: Severity::Info,
    message: "{1} entries have the compression flag set (the first, entry {0}, has {2}): ReHLDS and \
              Xash3D ignore the flag and read the stored bytes as they are, and so does lumpkit",
};

/// A WAD3 texture entry larger than GoldSrc's texture buffer
/// ([`crate::profiles::quake1::GOLDSRC_WAD_TEXTURE_SIZE`]); the largest one, once per archive.
/// `args = [bytes, 348996, condition id]`.
pub static TEXTURE_TOO_LARGE: Rule = Rule {
    code: "wad-texture-too-large",
    severity: Severity::Warning,
    message: "the largest texture entry holds {0} bytes: {effect}; {sides}",
};

/// An entry type we do not know.
pub static ENTRY_TYPE_UNKNOWN: Rule = Rule {
    code: "wad-entry-type-unknown",
    severity: Severity::Warning,
    message: "entry {0} has unknown type {1x}; listed and skipped",
};

/// A qpic or font header does not fit in its entry.
pub static PIC_TRUNCATED: Rule = Rule {
    code: "wad-pic-truncated",
    severity: Severity::Error,
    message: "the picture holds {0} bytes, shorter than its {1}-byte header; it is unusable",
};

/// A qpic or font with a zero dimension.
pub static PIC_SIZE_ZERO: Rule = Rule {
    code: "wad-pic-size-zero",
    severity: Severity::Error,
    message: "picture of {0}x{1} pixels: a zero dimension; the engine refuses it",
};

/// A qpic or font whose pixels do not fit in its entry.
pub static PIC_TOO_LARGE: Rule = Rule {
    code: "wad-pic-too-large",
    severity: Severity::Error,
    message: "picture of {0}x{1} pixels needs more than the {2} bytes it holds; it is unusable",
};

/// A font glyph lies outside the font's pixels.
pub static FONT_GLYPH_OUT_OF_BOUNDS: Rule = Rule {
    code: "wad-font-glyph-out-of-bounds",
    severity: Severity::Warning,
    message: "{1} font glyphs (the first is character {0}) reach outside the pixels; the engine \
              draws whatever memory follows",
};

/// A WAD2 palette entry shorter than 768 bytes.
pub static PALETTE_SHORT: Rule = Rule {
    code: "wad-palette-short",
    severity: Severity::Error,
    message: "the palette entry holds {0} bytes, fewer than 768; it is unusable",
};

/// A Quake `gfx.wad` (WAD2) without the `conchars` entry. Quake looks it up by name at start-up:
/// WinQuake's `W_GetLumpinfo` is a `Sys_Error` ("%s not found"), QuakeSpasm's `Draw_LoadPics`
/// `Sys_Error`s "couldn't load conchars". Checked by the facade, which knows the file name.
pub static GFX_CONCHARS_MISSING: Rule = Rule {
    code: "wad-gfx-conchars-missing",
    severity: Severity::Error,
    message: "this gfx.wad has no `conchars` entry: Quake stops at start-up (WinQuake W_GetLumpinfo: \"conchars not found\"; QuakeSpasm Draw_LoadPics: \"couldn't load conchars\")",
};

/// Quake's `conchars` entry holds fewer than the 16,384 bytes the engine reads by name: `Draw_Init`
/// (id `draw.c`, `gl_draw.c`) and QuakeSpasm's `Draw_LoadPics` read 128×128 bytes from the entry's
/// start without looking at its size, so the bytes after it (the next entries or the directory)
/// become glyphs (memory past the loaded file, when the file ends first). `args = [bytes, 16384,
/// 0]`.
pub static CONCHARS_SHORT: Rule = Rule {
    code: "wad-conchars-short",
    severity: Severity::Warning,
    message: "`conchars` holds {0} bytes, fewer than the {1} (128x128) Quake reads by name whatever the entry's size (Draw_Init, Draw_LoadPics): the bytes after it are drawn as glyphs (memory past the file, where it ends first); lumpkit shows the file's bytes after it, and transparent pixels past its end",
};

/// Quake's `conchars` entry starts with a qpic header of 128×128 (a tool wrote it as a picture
/// with its header): the engine reads bare pixels from the entry's start, so the 8 header bytes
/// become the first 8 pixels and every glyph is drawn one 8-pixel cell to the right.
pub static CONCHARS_QPIC_HEADER: Rule = Rule {
    code: "wad-conchars-qpic-header",
    severity: Severity::Warning,
    message: "`conchars` starts with a 128x128 qpic header, but Quake reads it as 16,384 bare bytes by name (Draw_Init, Draw_LoadPics): the header is drawn as pixels and every glyph is shifted one cell right (each character shows the one before it); lumpkit shows the same",
};

/// Every WAD rule.
pub static RULES: &[&Rule] = &[
    &UNSUPPORTED_VERSION,
    &GFX_CONCHARS_MISSING,
    &HEADER_TRUNCATED,
    &COUNT_TOO_LARGE,
    &DIRECTORY_OUT_OF_BOUNDS,
    &ENTRY_OUT_OF_BOUNDS,
    &ENTRIES_OVERLAP,
    &NAME_UNTERMINATED,
    &NAME_NOT_TEXT,
    &DUPLICATE_NAME,
    &ENTRY_COMPRESSED,
    &TEXTURE_TOO_LARGE,
    &ENTRY_TYPE_UNKNOWN,
    &PIC_TRUNCATED,
    &PIC_SIZE_ZERO,
    &PIC_TOO_LARGE,
    &FONT_GLYPH_OUT_OF_BOUNDS,
    &PALETTE_SHORT,
    &CONCHARS_SHORT,
    &CONCHARS_QPIC_HEADER,
];
