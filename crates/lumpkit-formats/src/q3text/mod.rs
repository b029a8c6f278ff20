//! The Quake 3 text files a `.pk3` carries beside its maps and models: `.shader` scripts (blocks
//! of `name { stages }`) and model `.skin` files (lines of `surface,texture`). They are text and
//! read as text: the scripts' top-level structure is checked the way ioquake3's
//! `ScanAndLoadShaderFiles` (code/renderergl1/tr_shader.c) checks it, which ignores a whole file
//! whose block lacks an opening or closing brace; skins are recognised by shape
//! (`RE_RegisterSkin`, code/renderergl1/tr_image.c, reads `name,path` pairs with `CommaParse`).

pub mod rules;

use crate::diag::Sink;
use crate::error::Error;

/// Whether `bytes` are plain text: printable ASCII, tabs and line breaks, or UTF-8 text bytes.
pub fn is_text(bytes: &[u8]) -> bool {
    !bytes.is_empty() && bytes.iter().copied().all(is_text_byte)
}

/// A byte [`is_text`] accepts.
const fn is_text_byte(b: u8) -> bool {
    b >= 0x20 && b != 0x7F || matches!(b, b'\t' | b'\n' | b'\r' | 0x0C)
}

/// Bytes [`is_q3_skin`] tests as text before it reads lines: enough for any binary header.
const SKIN_TEXT_HEAD: usize = 64;

/// Tokens of a script as `COM_ParseExt` splits them: whitespace-separated words, `//` and `/* */`
/// comments skipped, quoted strings as one token. Yields `(byte offset, token)`.
pub fn tokens(text: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    let mut pos = 0usize;
    core::iter::from_fn(move || {
        loop {
            let rest = text.get(pos..)?;
            let skip = rest.iter().position(|b| !b.is_ascii_whitespace())?;
            pos = pos.saturating_add(skip);
            let rest = text.get(pos..)?;
            if rest.starts_with(b"//") {
                pos =
                    pos.saturating_add(rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len()));
                continue;
            }
            if rest.starts_with(b"/*") {
                let end = rest
                    .windows(2)
                    .skip(2)
                    .position(|w| w == b"*/")
                    .map_or(rest.len(), |p| p.saturating_add(4));
                pos = pos.saturating_add(end);
                continue;
            }
            let start = pos;
            let len = if let Some(body) = rest.strip_prefix(b"\"") {
                body.iter()
                    .position(|&b| b == b'"')
                    .map_or(rest.len(), |p| p.saturating_add(2))
            } else {
                rest.iter()
                    .position(|b| b.is_ascii_whitespace())
                    .unwrap_or(rest.len())
            };
            pos = pos.saturating_add(len.max(1));
            return Some((start, rest.get(..len.max(1)).unwrap_or(rest)));
        }
    })
}

/// A shader script's top-level structure: each block is a name, then `{`, then nested braces
/// closing it. Returns the number of shaders; a missing brace is reported (at the shader's name)
/// and ends the scan, as it ends ioq3's.
pub fn check_shader_script(text: &[u8], sink: &mut impl Sink) -> Result<u64, Error> {
    let mut count = 0u64;
    let mut toks = tokens(text);
    while let Some((at, name)) = toks.next() {
        match toks.next() {
            Some((_, b"{")) => {}
            _ => {
                sink.report(
                    rules::SHADER_NO_OPENING_BRACE.with(at as u64, [line_of(text, at), 0, 0]),
                )?;
                return Ok(count);
            }
        }
        let _ = name;
        let mut depth = 1u32;
        while depth > 0 {
            match toks.next() {
                Some((_, b"{")) => depth = depth.saturating_add(1),
                Some((_, b"}")) => depth = depth.saturating_sub(1),
                Some(_) => {}
                None => {
                    sink.report(
                        rules::SHADER_NO_CLOSING_BRACE.with(at as u64, [line_of(text, at), 0, 0]),
                    )?;
                    return Ok(count);
                }
            }
        }
        count = count.saturating_add(1);
    }
    Ok(count)
}

/// The shader names a script defines, in order (top-level block names).
pub fn shader_names(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut toks = tokens(text);
    let mut depth = 0u32;
    let mut last: Option<&[u8]> = None;
    core::iter::from_fn(move || {
        for (_, t) in toks.by_ref() {
            match t {
                b"{" => {
                    depth = depth.saturating_add(1);
                    if depth == 1
                        && let Some(name) = last.take()
                    {
                        return Some(name);
                    }
                }
                b"}" => depth = depth.saturating_sub(1),
                _ if depth == 0 => last = Some(t),
                _ => {}
            }
        }
        None
    })
}

/// 1-based line of byte `at`.
fn line_of(text: &[u8], at: usize) -> u64 {
    let before = text.get(..at).unwrap_or(text);
    (before.iter().filter(|&&b| b == b'\n').count() as u64).saturating_add(1)
}

/// The `(surface, path)` lines of a skin; blank lines and `//` comments skipped. `None` for a line
/// without a comma.
pub fn skin_lines(text: &[u8]) -> impl Iterator<Item = Option<(&[u8], &[u8])>> {
    text.split(|&b| b == b'\n')
        .map(|l| l.trim_ascii())
        .filter(|l| !l.is_empty() && !l.starts_with(b"//"))
        .map(|l| {
            let comma = l.iter().position(|&b| b == b',')?;
            Some((
                l.get(..comma)?.trim_ascii(),
                l.get(comma.saturating_add(1)..)?.trim_ascii(),
            ))
        })
}

/// Whether `bytes` look like a Quake 3 model skin: small text whose every non-empty,
/// non-comment line is `name,path` with a one-word name (Warcraft/WoW `.skin` files are binary).
pub fn is_q3_skin(bytes: &[u8]) -> bool {
    if bytes.len() > 64 * 1024 {
        return false;
    }
    // Binary content fails on its first bytes; read as lines, a zero-filled member (a Warcraft III
    // shadow map: 64 KiB, no line feed) is one line read whole, twice. What fails here fails the
    // text test below too, so the answer is the same.
    if !bytes.iter().take(SKIN_TEXT_HEAD).copied().all(is_text_byte) {
        return false;
    }
    let mut any = false;
    // The lines first: any other text fails on its first line, where the text test reads it all.
    for line in skin_lines(bytes) {
        match line {
            Some((name, _)) if !name.is_empty() && !name.iter().any(u8::is_ascii_whitespace) => {
                any = true;
            }
            _ => return false,
        }
    }
    any && is_text(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_skin_is_text_lines_of_name_and_path() {
        assert!(is_q3_skin(
            b"// a comment\nh_head,models/players/x/head.tga\n\ntag_head,\n"
        ));
        // A name with a space, a line without a comma, or no line at all: not a skin.
        assert!(!is_q3_skin(b"h head,models/x.tga\n"));
        assert!(!is_q3_skin(b"h_head,models/x.tga\nglobals\n"));
        assert!(!is_q3_skin(b"// only a comment\n"));
    }

    #[test]
    fn binary_is_not_a_skin_wherever_its_first_control_byte_is() {
        // A Warcraft III shadow map: 64 KiB of zeros and no line feed, refused on its head.
        assert!(!is_q3_skin(&[0u8; 64 * 1024]));
        // A WoW binary `.skin` starts with its magic and counts.
        assert!(!is_q3_skin(b"SKIN\x10\x00\x00\x00,a\n"));
        // Past the head the whole-text test still decides: good lines, then a NUL.
        let mut late = b"h_head,models/x.tga\n".repeat(8);
        late.extend_from_slice(b"\0");
        assert!(late.len() > SKIN_TEXT_HEAD);
        assert!(!is_q3_skin(&late));
        late.pop();
        assert!(is_q3_skin(&late));
    }
}
