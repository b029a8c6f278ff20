//! The one place formats register: adding a format is one line in [`FORMATS`].

use std::path::Path;
use std::sync::LazyLock;

use crate::Format;

/// Every format lumpkit reads, in sniffing order (most specific signature first).
pub static FORMATS: &[&dyn Format] = &[
    &crate::formats::blp::BlpFormat,
    &crate::formats::wad::WadFormat,
    &crate::formats::pbo::PboFormat,
    &crate::formats::paa::PaaFormat,
    &crate::formats::m2::M2Format,
    &crate::formats::q3text::Q3Skin,
    &crate::formats::m2::SkinFormat,
    &crate::formats::mdx::MdxFormat,
    &crate::formats::bsp::Bsp,
    &crate::formats::md3::Md3Format,
    &crate::formats::pak::Pak,
    &crate::formats::zip::ZipFormat,
    &crate::formats::sevenz::SevenZ,
    &crate::formats::mpq::MpqFormat,
    &crate::formats::wal::Wal,
    &crate::formats::tga::TgaFormat,
    &crate::formats::dds::DdsFormat,
    &crate::formats::q3text::ShaderScript,
    &crate::formats::w3x::W3I,
    &crate::formats::w3x::W3E,
    &crate::formats::w3x::DOO,
    &crate::formats::w3x::WPM,
    &crate::formats::w3x::SHD,
    &crate::formats::w3x::MMP,
    &crate::formats::w3x::IMP,
    &crate::formats::w3x::OBJECTS,
];

/// What a file turned out to be.
#[derive(Clone, Copy)]
pub enum Sniffed {
    /// One of ours.
    Known(&'static dyn Format),
    /// A well-known format we do not read (PNG, JPEG, RAR, …): named so that a `.blp` that is really a
    /// PNG is reported as a PNG.
    Foreign(&'static str),
    /// Nothing we recognise.
    Unknown,
}

impl std::fmt::Debug for Sniffed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Sniffed::Known(fmt) => write!(f, "Known({})", fmt.name()),
            Sniffed::Foreign(n) => write!(f, "Foreign({n})"),
            Sniffed::Unknown => f.write_str("Unknown"),
        }
    }
}

/// Recognises a file: by content first, then (for formats that allow it) by extension.
///
/// ```
/// use std::path::Path;
/// use lumpkit::registry::Sniffed;
///
/// // A BLP2 texture (bytes of any file will do: here one of our test writers makes).
/// let blp = lumpkit_testgen::blp::samples().remove(0).bytes;
/// let Sniffed::Known(format) = lumpkit::sniff(&blp, None) else {
///     panic!("a BLP is recognised by its magic");
/// };
/// assert_eq!(format.name(), "blp");
///
/// // WAL has no magic: only the name's extension selects it.
/// let wal = lumpkit_testgen::wal::wal("e1u1/floor", 16, 16);
/// assert!(matches!(lumpkit::sniff(&wal, Some(Path::new("floor.wal"))), Sniffed::Known(f) if f.name() == "wal"));
/// // Other formats are named, so that a `.blp` that is really a PNG is reported as one.
/// assert!(matches!(lumpkit::sniff(b"\x89PNG\r\n\x1a\n", None), Sniffed::Foreign("png")));
/// assert!(matches!(lumpkit::sniff(b"hello", None), Sniffed::Unknown));
/// ```
pub fn sniff(bytes: &[u8], path: Option<&Path>) -> Sniffed {
    let extension = path.and_then(Path::extension).and_then(|e| e.to_str());
    sniff_claimed(bytes, extension.and_then(by_extension))
}

/// How many leading bytes recognising a file looks at: formats' [`Format::sniff`] and the foreign
/// signatures are given no more. So `check` can tell whether an archive member is one it parses
/// (and must hold whole) from its first bytes, before the rest is decompressed: a member it does
/// not parse is verified as it streams by and never held.
pub const SNIFF_PREFIX: usize = 64 << 10;

/// [`sniff`] given the format the name's extension claims ([`by_extension`]), for `check`,
/// which needs the claim too (to report a `.blp` that is really a PNG) and looks it up once.
/// Only the first [`SNIFF_PREFIX`] bytes are looked at.
pub fn sniff_claimed(bytes: &[u8], claimed: Option<&'static dyn Format>) -> Sniffed {
    let bytes = bytes.get(..SNIFF_PREFIX).unwrap_or(bytes);
    if let Some(format) = FORMATS.iter().copied().find(|f| f.sniff(bytes)) {
        return Sniffed::Known(format);
    }
    if let Some(name) = foreign(bytes) {
        return Sniffed::Foreign(name);
    }
    // Extensions are unique across formats (a test checks), so the claim is the only candidate.
    // Printable text is not a broken binary: a Quake 3 `.skin` or a text placeholder named `.w3m`
    // is not handed to a binary format's parser on its extension alone (`check` reports the
    // mismatch instead, as the claimed format's engines deserve: `Format::misnamed_severity`).
    match claimed {
        Some(format) if format.reads_text() && format.sniff_by_extension_only() => {
            Sniffed::Known(format)
        }
        Some(_) if looks_like_text(bytes) => Sniffed::Foreign("text"),
        Some(format) if format.sniff_by_extension_only() => Sniffed::Known(format),
        _ => Sniffed::Unknown,
    }
}

/// Whether `bytes` read as text: not empty, and no NUL or other control byte but tab, line feed,
/// form feed and carriage return in the first 64 KiB ([`SNIFF_PREFIX`]; bytes of 0x80 and up pass:
/// UTF-8 or an 8-bit code page). Every binary format lumpkit reads has a NUL or a control byte in its first
/// few hundred bytes (a size, a count, an offset), so a file that passes is text.
pub fn looks_like_text(bytes: &[u8]) -> bool {
    let head = bytes.get(..SNIFF_PREFIX).unwrap_or(bytes);
    !head.is_empty()
        && head
            .iter()
            .all(|&b| b >= 0x20 || matches!(b, b'\t' | b'\n' | b'\x0c' | b'\r'))
}

/// The format an extension (without dot, any case) suggests: what a `.blp` claims to be, so that
/// one that is really a PNG is reported as such.
pub fn by_extension(extension: &str) -> Option<&'static dyn Format> {
    // Every extension in one flat table of numbers, built once: `check` asks this of every
    // archive member, and comparing a number per entry is cheaper than comparing text.
    static TABLE: LazyLock<Vec<(u128, &'static dyn Format)>> = LazyLock::new(|| {
        FORMATS
            .iter()
            .flat_map(|&f| {
                f.extensions()
                    .iter()
                    .filter_map(move |e| Some((extension_key(e)?, f)))
            })
            .collect()
    });
    let key = extension_key(extension)?;
    TABLE.iter().find(|(k, _)| *k == key).map(|&(_, f)| f)
}

/// An extension of 1 to 15 bytes, lower-cased, with its length in the top byte, as one number
/// (`sc2replay` needs more than 7). Longer ones have none: no format registers one (a test checks).
fn extension_key(extension: &str) -> Option<u128> {
    let len = extension.len();
    if !(1..16).contains(&len) {
        return None;
    }
    let mut key = [0u8; 16];
    for (k, b) in key.iter_mut().zip(extension.bytes()) {
        *k = b.to_ascii_lowercase();
    }
    key[15] = len as u8;
    Some(u128::from_le_bytes(key))
}

/// The extension of the last component of a `/`-separated name, as [`Path::extension`] defines it
/// (none for `.hidden` or `..`), without building a `Path`: `check` asks this of every member.
pub fn extension_of(name: &str) -> Option<&str> {
    // One backward scan: the last dot, unless a separator comes first.
    let bytes = name.as_bytes();
    let mut i = bytes.len();
    while i > 0 {
        i -= 1;
        match bytes.get(i) {
            Some(b'.') => {
                let first_of_file = i == 0 || matches!(bytes.get(i - 1), Some(b'/' | b'\\'));
                // `.hidden` has no extension, and neither has `..`.
                let dot_dot = i >= 1
                    && bytes.get(i - 1) == Some(&b'.')
                    && (i == 1 || matches!(bytes.get(i - 2), Some(b'/' | b'\\')))
                    && i + 1 == bytes.len();
                return if first_of_file || dot_dot {
                    None
                } else {
                    name.get(i + 1..)
                };
            }
            Some(b'/' | b'\\') => return None,
            _ => {}
        }
    }
    None
}

/// The format called `name`.
pub fn by_name(name: &str) -> Option<&'static dyn Format> {
    FORMATS.iter().copied().find(|f| f.name() == name)
}

/// Signatures of common formats that are not ours.
fn foreign(bytes: &[u8]) -> Option<&'static str> {
    const SIGNATURES: &[(&[u8], &str)] = &[
        (b"\x89PNG\r\n\x1a\n", "png"),
        (b"\xff\xd8\xff", "jpeg"),
        (b"GIF8", "gif"),
        (b"Rar!", "rar"),
        (b"\x1f\x8b", "gzip"),
        (b"BM", "bmp"),
        (b"ID3", "mp3"),
        (b"\xff\xfb", "mp3"),
        (b"RIFF", "riff"),
        (b"OggS", "ogg"),
        (b"\x7fELF", "elf"),
        (b"MZ", "exe"),
        // A repository cloned without Git LFS holds these in place of its large files.
        (
            b"version https://git-lfs.github.com/spec/",
            "git-lfs-pointer",
        ),
    ];
    SIGNATURES
        .iter()
        .find(|(magic, _)| bytes.starts_with(magic))
        .map(|&(_, name)| name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions_are_unique_across_formats() {
        let mut seen: Vec<&str> = Vec::new();
        for format in FORMATS {
            for ext in format.extensions() {
                assert!(!seen.contains(ext), "`.{ext}` is claimed by two formats");
                assert_eq!(
                    *ext,
                    ext.to_ascii_lowercase(),
                    "extensions are listed lower case"
                );
                seen.push(ext);
            }
        }
    }

    #[test]
    fn extension_of_agrees_with_path_extension() {
        for name in [
            "a.blp",
            "dir/a.BLP",
            "dir.d/file",
            "dir.d/.hidden",
            ".hidden",
            "..",
            "dir/..",
            ".",
            "a.",
            "a.b.c",
            "",
            "x/",
            "dir/sub/name.tar.gz",
            "a..",
            "a/..b",
            "..b",
            "x/.y.z",
            "a\\b.c",
            "...",
        ] {
            let expected = Path::new(name).extension().and_then(|e| e.to_str());
            assert_eq!(extension_of(name), expected, "{name:?}");
        }
    }

    #[test]
    fn extensions_fit_the_lookup_key() {
        for format in FORMATS {
            for ext in format.extensions() {
                assert!(extension_key(ext).is_some(), "`.{ext}` is too long");
                assert_eq!(by_extension(ext).map(|f| f.name()), Some(format.name()));
            }
        }
        assert!(by_extension("").is_none());
        assert!(by_extension("bl").is_none());
        assert!(by_extension("blpx").is_none());
        assert!(by_extension("averylongextension").is_none());
    }

    #[test]
    fn extension_claims_ignore_case() {
        assert_eq!(by_extension("BlP").map(|f| f.name()), Some("blp"));
        assert_eq!(by_extension("SC2Replay").map(|f| f.name()), Some("mpq"));
        assert!(by_extension("png").is_none());
    }
}
