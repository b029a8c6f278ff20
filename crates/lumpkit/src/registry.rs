//! The one place formats register: adding a format is one line in [`FORMATS`].

use std::path::Path;

use crate::Format;

/// Every format lumpkit reads, in sniffing order (most specific signature first).
pub static FORMATS: &[&dyn Format] = &[
    &crate::formats::blp::BlpFormat,
    &crate::formats::wad::WadFormat,
    &crate::formats::pbo::PboFormat,
    &crate::formats::paa::PaaFormat,
    &crate::formats::m2::M2Format,
    &crate::formats::m2::SkinFormat,
    &crate::formats::bsp::Bsp,
    &crate::formats::pak::Pak,
    &crate::formats::wal::Wal,
];

/// What a file turned out to be.
#[derive(Clone, Copy)]
pub enum Sniffed {
    /// One of ours.
    Known(&'static dyn Format),
    /// A well-known format we do not read (PNG, JPEG, ZIP, …): named so that a `.blp` that is really a
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
pub fn sniff(bytes: &[u8], path: Option<&Path>) -> Sniffed {
    if let Some(format) = FORMATS.iter().copied().find(|f| f.sniff(bytes)) {
        return Sniffed::Known(format);
    }
    if let Some(name) = foreign(bytes) {
        return Sniffed::Foreign(name);
    }
    let ext = path
        .and_then(Path::extension)
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    match FORMATS
        .iter()
        .copied()
        .find(|f| f.sniff_by_extension_only() && f.extensions().contains(&ext.as_str()))
    {
        Some(format) => Sniffed::Known(format),
        None => Sniffed::Unknown,
    }
}

/// The format an extension suggests (used to say "named .blp but is a PNG").
pub fn by_extension(path: &Path) -> Option<&'static dyn Format> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    FORMATS
        .iter()
        .copied()
        .find(|f| f.extensions().contains(&ext.as_str()))
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
        (b"DDS ", "dds"),
        (b"PK\x03\x04", "zip"),
        (b"PK\x05\x06", "zip"),
        (b"7z\xbc\xaf\x27\x1c", "7z"),
        (b"Rar!", "rar"),
        (b"\x1f\x8b", "gzip"),
        (b"BM", "bmp"),
        (b"MPQ\x1a", "mpq"),
        (b"RIFF", "riff"),
        (b"OggS", "ogg"),
        (b"\x7fELF", "elf"),
        (b"MZ", "exe"),
    ];
    SIGNATURES
        .iter()
        .find(|(magic, _)| bytes.starts_with(magic))
        .map(|&(_, name)| name)
}
