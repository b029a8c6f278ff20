//! Decoding the picture a file or one of its members holds, by the member path `check` prints
//! (`maps/x.bsp!rock4_1`), the way `lumpkit decode --entry` reads it: for bindings (Python) that
//! take a file and an optional entry and want pixels, with every failure an [`Error`].

use crate::member::{Resolved, resolve};
use crate::registry::Sniffed;
use crate::rules::{NOT_A_PICTURE, UNKNOWN_FORMAT};
use crate::{Context, Error, Format, Image, Selection};

/// Decodes level `sel.mip` of the picture `entry` names in `bytes` (a file of `format`), or the
/// file's own picture without an entry. `ctx.path` is the file's path on disk, if any: a member
/// inside an archive is decoded without one.
///
/// An entry is first looked for as a member path; if none matches, the format itself is asked
/// for it by name (as `decode --entry` always did), and when that finds no picture either, the
/// member path's own failure is the one returned.
pub fn decode(
    ctx: &Context<'_>,
    format: &'static dyn Format,
    bytes: &[u8],
    entry: Option<&str>,
    sel: Selection<'_>,
) -> Result<Image, Error> {
    let Some(path) = entry else {
        return format.decode(ctx, bytes, &sel);
    };
    let member_ctx = Context { path: None, ..*ctx };
    match resolve(ctx, format, bytes, path) {
        Ok(Resolved::Entry {
            name,
            container,
            format,
        }) => {
            // The file itself when the entry is one of its own (a WAD's texture).
            let ctx = match container {
                std::borrow::Cow::Borrowed(_) => ctx,
                std::borrow::Cow::Owned(_) => &member_ctx,
            };
            let sel = Selection {
                entry: Some(&name),
                ..sel
            };
            format.decode(ctx, &container, &sel)
        }
        Ok(Resolved::Member { bytes, sniffed, .. }) => match sniffed {
            Sniffed::Known(format) => {
                let sel = Selection { entry: None, ..sel };
                format.decode(&member_ctx, &bytes, &sel)
            }
            Sniffed::Foreign(_) => Err(Error::caller(&NOT_A_PICTURE, [0; 3])),
            Sniffed::Unknown => Err(Error::caller(&UNKNOWN_FORMAT, [0; 3])),
        },
        Err(unresolved) => {
            let sel = Selection {
                entry: Some(path),
                ..sel
            };
            match format.decode(ctx, bytes, &sel) {
                Err(e) if e.diagnostic.code() == NOT_A_PICTURE.code => Err(unresolved),
                other => other,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::NO_SUCH_ENTRY;

    fn wad_format() -> &'static dyn Format {
        crate::by_name("wad").unwrap()
    }

    #[test]
    fn entries_are_found_in_the_file_and_inside_archives() {
        let wad = lumpkit_testgen::wad::wad3_every_type();
        let ctx = Context::default();
        let sel = Selection::default();
        let direct = decode(&ctx, wad_format(), &wad, Some("{logo"), sel).unwrap();
        assert_eq!((direct.width, direct.height), (32, 16));
        // The same texture, through a PAK holding the WAD, by the path `check` prints.
        let pak = lumpkit_testgen::pak::pak(&[(b"gfx/x.wad", &wad), (b"readme.txt", b"hello")]);
        let pak_format = crate::by_name("pak").unwrap();
        let nested = decode(&ctx, pak_format, &pak, Some("gfx/x.wad!{logo"), sel).unwrap();
        assert_eq!(nested.rgba, direct.rgba);
        let mip1 = Selection { mip: 1, ..sel };
        let small = decode(&ctx, pak_format, &pak, Some("gfx/x.wad!{logo"), mip1).unwrap();
        assert_eq!((small.width, small.height), (16, 8));
    }

    #[test]
    fn what_is_not_a_picture_is_an_error_of_its_own() {
        let wad = lumpkit_testgen::wad::wad3_every_type();
        let pak = lumpkit_testgen::pak::pak(&[(b"gfx/x.wad", &wad), (b"readme.txt", b"hello")]);
        let pak_format = crate::by_name("pak").unwrap();
        let ctx = Context::default();
        let code = |entry| {
            decode(&ctx, pak_format, &pak, entry, Selection::default())
                .unwrap_err()
                .code()
        };
        assert_eq!(code(Some("gfx/x.wad!nothing")), NO_SUCH_ENTRY.code);
        assert_eq!(code(Some("readme.txt")), UNKNOWN_FORMAT.code);
        assert_eq!(code(None), NOT_A_PICTURE.code);
    }
}
