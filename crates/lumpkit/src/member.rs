//! Reaching a member inside archives by the path `check` prints (`maps/x.bsp!rock4_1`: the map
//! `maps/x.bsp` of the archive, then its texture `rock4_1`), for `decode --entry` and `extract`.
//!
//! Member names may hold `!` themselves (WoW's `!ui-frame-wooden-border.blp`), so a path is never
//! cut blindly at every `!`: at each level the names the container really holds are compared with
//! the start of the path, a whole-name match first, and a container member is descended into only
//! when the path goes on after its name and a `!`.

use std::borrow::Cow;

use crate::check::MAX_NESTING;
use crate::registry::{Sniffed, by_extension, extension_of, sniff_claimed};
use crate::rules::NO_SUCH_ENTRY;
use crate::{ChildContent, Context, Error, Format};

/// What a member path names.
pub enum Resolved<'a> {
    /// A whole member: its bytes (a copy, as it sat inside an archive) and what they are.
    Member {
        /// The member's own name (the last name of the path).
        name: String,
        /// Its content.
        bytes: Cow<'a, [u8]>,
        /// Its format, recognised as `check` recognises members (content, then extension).
        sniffed: Sniffed,
        /// The archive it sits in, whose other members a format may read beside it (BLP0's
        /// levels): see [`Context::container`].
        parent: &'static dyn Format,
        /// The archive's bytes: borrowed when it is the outermost file.
        parent_bytes: Cow<'a, [u8]>,
    },
    /// An entry its container knows by name but that has no bytes of its own (a WAD or BSP
    /// texture): the container's format decodes it by that name.
    Entry {
        /// The entry's name in the container.
        name: String,
        /// The container's bytes: borrowed when it is the outermost file.
        container: Cow<'a, [u8]>,
        /// The container's format.
        format: &'static dyn Format,
    },
}

/// Finds `path` (member names joined with `!`) inside `bytes`, a file of `format`. Every
/// container on the way is opened with `ctx` (its limits and budget apply); a member inside an
/// archive has no path on disk.
///
/// A path naming nothing is `lumpkit-no-such-entry`; a member that cannot be read gives its own
/// error.
pub fn resolve<'a>(
    ctx: &Context<'_>,
    format: &'static dyn Format,
    bytes: &'a [u8],
    path: &str,
) -> Result<Resolved<'a>, Error> {
    find(ctx, format, bytes, path, 0)
}

fn find<'a>(
    ctx: &Context<'_>,
    format: &'static dyn Format,
    bytes: &'a [u8],
    path: &str,
    depth: u32,
) -> Result<Resolved<'a>, Error> {
    let children = format.children(ctx, bytes)?;
    let member_ctx = Context { path: None, ..*ctx };
    // A member named exactly by the rest of the path wins over a deeper reading of it.
    if let Some(child) = children.iter().find(|c| c.name == path) {
        return match &child.content {
            ChildContent::Bytes(data) => Ok(Resolved::Member {
                name: path.to_string(),
                bytes: Cow::Owned(data.to_vec()),
                sniffed: sniff_claimed(data, extension_of(path).and_then(by_extension)),
                parent: format,
                parent_bytes: Cow::Borrowed(bytes),
            }),
            ChildContent::Report(_) => Ok(Resolved::Entry {
                name: path.to_string(),
                container: Cow::Borrowed(bytes),
                format,
            }),
            ChildContent::Failed(e) => Err(**e),
        };
    }
    if depth >= MAX_NESTING {
        return Err(no_such_entry());
    }
    let mut failure = None;
    for child in &children {
        let Some(rest) = path
            .strip_prefix(child.name.as_ref())
            .and_then(|r| r.strip_prefix('!'))
        else {
            continue;
        };
        let ChildContent::Bytes(data) = &child.content else {
            continue;
        };
        let Sniffed::Known(inner_format) =
            sniff_claimed(data, extension_of(&child.name).and_then(by_extension))
        else {
            continue;
        };
        match find(
            &member_ctx,
            inner_format,
            data,
            rest,
            depth.saturating_add(1),
        ) {
            Ok(found) => return Ok(found.into_owned()),
            // Another member whose name is a longer prefix may still hold it.
            Err(e) => failure = Some(e),
        }
    }
    Err(failure.unwrap_or_else(no_such_entry))
}

impl Resolved<'_> {
    fn into_owned(self) -> Resolved<'static> {
        match self {
            Resolved::Member {
                name,
                bytes,
                sniffed,
                parent,
                parent_bytes,
            } => Resolved::Member {
                name,
                bytes: Cow::Owned(bytes.into_owned()),
                sniffed,
                parent,
                parent_bytes: Cow::Owned(parent_bytes.into_owned()),
            },
            Resolved::Entry {
                name,
                container,
                format,
            } => Resolved::Entry {
                name,
                container: Cow::Owned(container.into_owned()),
                format,
            },
        }
    }
}

impl std::fmt::Debug for Resolved<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Resolved::Member {
                name,
                bytes,
                sniffed,
                ..
            } => write!(f, "Member({name:?}, {} bytes, {sniffed:?})", bytes.len()),
            Resolved::Entry { name, format, .. } => {
                write!(f, "Entry({name:?} of a {} file)", format.name())
            }
        }
    }
}

fn no_such_entry() -> Error {
    Error::caller(&NO_SUCH_ENTRY, [0; 3])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check_tree;

    /// A PAK of `(name, data)` entries.
    fn pak(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let entries: Vec<(&[u8], &[u8])> =
            entries.iter().map(|(n, d)| (n.as_bytes(), *d)).collect();
        lumpkit_testgen::pak::pak(&entries)
    }

    fn member(found: Resolved<'_>) -> (String, Vec<u8>) {
        match found {
            Resolved::Member { name, bytes, .. } => (name, bytes.into_owned()),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn paths_reach_nested_members_whose_names_hold_the_separator() {
        let inner = pak(&[("!a", b"one"), ("b!c", b"two"), ("b", b"three")]);
        let outer = pak(&[("x!y.pak", &inner), ("x", b"plain")]);
        let pak_format = crate::by_name("pak").unwrap();
        let ctx = Context::default();
        let find = |path| resolve(&ctx, pak_format, &outer, path);
        assert_eq!(member(find("x").unwrap()).1, b"plain");
        assert_eq!(member(find("x!y.pak!!a").unwrap()).1, b"one");
        // A whole name wins over a deeper reading of it.
        assert_eq!(
            member(find("x!y.pak!b!c").unwrap()),
            ("b!c".into(), b"two".to_vec())
        );
        assert_eq!(member(find("x!y.pak!b").unwrap()).1, b"three");
        let missing = find("x!y.pak!nothing").unwrap_err();
        assert_eq!(missing.diagnostic.code(), NO_SUCH_ENTRY.code);
        assert!(find("x!nothing").is_err(), "`x` is not an archive");

        // The chain `check` records names the same members.
        let mut out = Vec::new();
        check_tree(&ctx, "dir/!z.pak", &outer, &mut out);
        let chains: Vec<Vec<&str>> = out.iter().map(|c| c.location().collect()).collect();
        assert!(chains.contains(&vec!["dir/!z.pak", "x!y.pak", "b!c"]));
        assert!(chains.contains(&vec!["dir/!z.pak", "x!y.pak", "!a"]));
        let deepest = out.iter().find(|c| c.own_name() == "b!c").unwrap();
        assert_eq!(deepest.file(), "dir/!z.pak");
        assert_eq!(deepest.parent(), Some("dir/!z.pak!x!y.pak"));
        for c in &out {
            let rest: Vec<&str> = c.location().skip(1).collect();
            if !rest.is_empty() {
                let path = rest.join("!");
                assert!(
                    resolve(&ctx, pak_format, &outer, &path).is_ok(),
                    "{}",
                    c.path
                );
            }
        }
    }
}
