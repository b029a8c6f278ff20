//! ZIP member names as text, the way APPNOTE (4.4.4, 4.6.9, appendix D) says to read them: the
//! Info-ZIP Unicode Path extra field when its CRC-32 matches the stored name, else UTF-8 when flag
//! bit 11 says so, else IBM code page 437.

use std::borrow::Cow;

use lumpkit_formats::zip::Entry;

/// Code page 437, bytes 0x80–0xFF (0x00–0x7F are ASCII in names).
const CP437_HIGH: [char; 128] = [
    'Ç', 'ü', 'é', 'â', 'ä', 'à', 'å', 'ç', 'ê', 'ë', 'è', 'ï', 'î', 'ì', 'Ä', 'Å', //
    'É', 'æ', 'Æ', 'ô', 'ö', 'ò', 'û', 'ù', 'ÿ', 'Ö', 'Ü', '¢', '£', '¥', '₧', 'ƒ', //
    'á', 'í', 'ó', 'ú', 'ñ', 'Ñ', 'ª', 'º', '¿', '⌐', '¬', '½', '¼', '¡', '«', '»', //
    '░', '▒', '▓', '│', '┤', '╡', '╢', '╖', '╕', '╣', '║', '╗', '╝', '╜', '╛', '┐', //
    '└', '┴', '┬', '├', '─', '┼', '╞', '╟', '╚', '╔', '╩', '╦', '╠', '═', '╬', '╧', //
    '╨', '╤', '╥', '╙', '╘', '╒', '╓', '╫', '╪', '┘', '┌', '█', '▄', '▌', '▐', '▀', //
    'α', 'ß', 'Γ', 'π', 'Σ', 'σ', 'µ', 'τ', 'Φ', 'Θ', 'Ω', 'δ', '∞', 'φ', 'ε', '∩', //
    '≡', '±', '≥', '≤', '⌠', '⌡', '÷', '≈', '°', '∙', '·', '√', 'ⁿ', '²', '■', '\u{a0}',
];

/// The member's name as APPNOTE reads it; borrowed when the stored bytes already are that text.
pub fn decode<'a>(entry: &Entry<'a>) -> Cow<'a, str> {
    if let Some((crc, name)) = entry.unicode_path()
        && crc == crc32fast::hash(entry.name)
        && let Ok(name) = std::str::from_utf8(name)
    {
        return Cow::Borrowed(name);
    }
    if entry.utf8() {
        return String::from_utf8_lossy(entry.name);
    }
    cp437(entry.name)
}

/// Bytes read as code page 437.
pub fn cp437(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) if text.is_ascii() => Cow::Borrowed(text),
        _ => Cow::Owned(
            bytes
                .iter()
                .map(|&b| match b.checked_sub(0x80) {
                    Some(high) => CP437_HIGH.get(usize::from(high)).copied().unwrap_or('?'),
                    None => char::from(b),
                })
                .collect(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::cp437;

    #[test]
    fn code_page_437() {
        assert_eq!(cp437(b"maps/q3dm1.bsp"), "maps/q3dm1.bsp");
        // The shared corpus's GBK name read as CP437 (zip2__non_utf8.zip).
        assert_eq!(cp437(&[0xD6, 0xD0, 0xCE, 0xC4]), "╓╨╬─");
        assert_eq!(cp437(&[0x80, 0xFF]), "Ç\u{a0}");
    }
}
