//! Decoding the picture a file or one of its members holds, by the member path `check` prints
//! (`maps/x.bsp!rock4_1`), the way `lumpkit decode --entry` reads it: for bindings (Python) that
//! take a file and an optional entry and want pixels, with every failure an [`Error`].

use std::borrow::Cow;

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
    locate(ctx, format, bytes, entry)?.decode(ctx, sel)
}

/// Finds the picture `entry` names in `bytes` (a file of `format`) once, so that several levels
/// can be decoded without opening the archives on the way again (`decode --all-mips`).
///
/// A member that is not a format lumpkit decodes is still found: [`Picture::decode`] then fails
/// with `lumpkit-not-a-picture` or `lumpkit-unknown-format`, and [`Picture::foreign`] says what
/// the member is, for a message that can name it.
pub fn locate<'a>(
    ctx: &Context<'_>,
    format: &'static dyn Format,
    bytes: &'a [u8],
    entry: Option<&'a str>,
) -> Result<Picture<'a>, Error> {
    let Some(path) = entry else {
        return Ok(Picture::whole(format, Cow::Borrowed(bytes)));
    };
    let content = match resolve(ctx, format, bytes, path) {
        Ok(Resolved::Entry {
            name,
            container,
            format,
        }) => {
            // The file itself when the entry is one of its own (a WAD's texture).
            let on_disk = matches!(container, Cow::Borrowed(_));
            Content::Picture {
                format,
                bytes: container,
                entry: Some(Cow::Owned(name)),
                on_disk,
                member: None,
                parent: None,
            }
        }
        Ok(Resolved::Member {
            name,
            bytes,
            sniffed,
            parent,
            parent_bytes,
        }) => match sniffed {
            Sniffed::Known(format) => Content::Picture {
                format,
                bytes,
                entry: None,
                on_disk: false,
                member: Some(name),
                parent: Some((parent, parent_bytes)),
            },
            Sniffed::Foreign(kind) => Content::Other {
                name,
                kind: Some(kind),
            },
            Sniffed::Unknown => Content::Other { name, kind: None },
        },
        // Not a member path: the format may still know the name (a texture the container names
        // some other way); when it has no picture by that name, the path's failure is reported.
        Err(unresolved) => {
            return Ok(Picture {
                content: Content::Picture {
                    format,
                    bytes: Cow::Borrowed(bytes),
                    entry: Some(Cow::Borrowed(path)),
                    on_disk: true,
                    member: None,
                    parent: None,
                },
                unresolved: Some(unresolved),
            });
        }
    };
    Ok(Picture {
        content,
        unresolved: None,
    })
}

/// A located picture: the format that decodes it, the bytes it reads and the entry it names in
/// them (see [`locate`]).
pub struct Picture<'a> {
    content: Content<'a>,
    /// Why the entry named no member, when it is tried as a name of the container's own instead.
    unresolved: Option<Error>,
}

enum Content<'a> {
    Picture {
        format: &'static dyn Format,
        bytes: Cow<'a, [u8]>,
        entry: Option<Cow<'a, str>>,
        /// Whether the bytes are the file on disk (formats that read sibling files need its path).
        on_disk: bool,
        /// The member's name in its archive, when the bytes are a member: files with a role by
        /// name (`decals.wad`) keep it inside archives.
        member: Option<String>,
        /// The archive the member sits in, for formats that read members beside it (BLP0).
        parent: Option<(&'static dyn Format, Cow<'a, [u8]>)>,
    },
    /// A member that is not a format lumpkit decodes: its name and, if recognised, its kind.
    Other {
        name: String,
        kind: Option<&'static str>,
    },
}

impl std::fmt::Debug for Picture<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.content {
            Content::Picture {
                format,
                bytes,
                entry,
                on_disk,
                ..
            } => f
                .debug_struct("Picture")
                .field("format", &format.name())
                .field("bytes", &bytes.len())
                .field("entry", entry)
                .field("on_disk", on_disk)
                .finish(),
            Content::Other { name, kind } => f
                .debug_struct("Picture")
                .field("member", name)
                .field("kind", kind)
                .finish(),
        }
    }
}

/// The context a located picture is read with: the caller's for the file on disk; for a member,
/// no path (it has no siblings on disk), its name in the archive (for roles by name) and the
/// archive (for siblings beside it there).
fn context_for<'c>(
    ctx: &Context<'c>,
    on_disk: bool,
    member: Option<&'c str>,
    parent: Option<&'c (&'static dyn Format, Cow<'_, [u8]>)>,
) -> Context<'c> {
    if on_disk {
        *ctx
    } else {
        Context {
            path: None,
            member_name: member,
            container: parent.map(|(format, bytes)| crate::format::Container {
                format: *format,
                bytes,
            }),
            ..*ctx
        }
    }
}

impl<'a> Picture<'a> {
    fn whole(format: &'static dyn Format, bytes: Cow<'a, [u8]>) -> Self {
        Picture {
            content: Content::Picture {
                format,
                bytes,
                entry: None,
                on_disk: true,
                member: None,
                parent: None,
            },
            unresolved: None,
        }
    }

    /// Decodes level `sel.mip` (`sel.entry` is ignored: the located entry is used).
    pub fn decode(&self, ctx: &Context<'_>, sel: Selection<'_>) -> Result<Image, Error> {
        match &self.content {
            Content::Picture {
                format,
                bytes,
                entry,
                on_disk,
                member,
                parent,
            } => {
                let ctx = &context_for(ctx, *on_disk, member.as_deref(), parent.as_ref());
                let sel = Selection {
                    entry: entry.as_deref(),
                    ..sel
                };
                match (format.decode(ctx, bytes, &sel), &self.unresolved) {
                    (Err(e), Some(first)) if e.diagnostic.code() == NOT_A_PICTURE.code => {
                        Err(*first)
                    }
                    (other, _) => other,
                }
            }
            Content::Other { kind: Some(_), .. } => Err(Error::caller(&NOT_A_PICTURE, [0; 3])),
            Content::Other { kind: None, .. } => Err(Error::caller(&UNKNOWN_FORMAT, [0; 3])),
        }
    }

    /// How many levels the picture has, when its format says so for the whole file (a texture
    /// inside a WAD or BSP has no count of its own: decode levels until one is missing).
    pub fn levels(&self, ctx: &Context<'_>) -> Option<u32> {
        match &self.content {
            Content::Picture {
                format,
                bytes,
                entry: None,
                on_disk,
                member,
                parent,
            } => {
                let ctx = &context_for(ctx, *on_disk, member.as_deref(), parent.as_ref());
                format.inspect(ctx, bytes).mips
            }
            _ => None,
        }
    }

    /// The entry's name in its container, if the picture is one (a WAD or BSP texture).
    pub fn entry(&self) -> Option<&str> {
        match &self.content {
            Content::Picture { entry, .. } => entry.as_deref(),
            Content::Other { .. } => None,
        }
    }

    /// A member that is not a picture lumpkit decodes: its name and what it is (`None` when no
    /// format recognises it).
    pub fn foreign(&self) -> Option<(&str, Option<&'static str>)> {
        match &self.content {
            Content::Other { name, kind } => Some((name, *kind)),
            Content::Picture { .. } => None,
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

    /// A BLP0 member's levels live beside it in the archive (Warcraft III's beta maps): decoding
    /// it by its member path reads them there, as `check` does.
    #[test]
    fn a_blp0_member_reads_its_levels_from_its_archive() {
        let map = lumpkit_testgen::mpq::samples()
            .into_iter()
            .find(|s| s.name == "blp0_levels_in_map.w3m")
            .unwrap();
        let mpq = crate::by_name("mpq").unwrap();
        let ctx = Context::default();
        let sel = Selection {
            mip: 3,
            ..Selection::default()
        };
        let image = decode(&ctx, mpq, &map.bytes, Some("war3mapMap.blp"), sel).unwrap();
        assert_eq!((image.width, image.height), (1, 1));
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
