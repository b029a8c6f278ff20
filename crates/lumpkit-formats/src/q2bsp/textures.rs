//! Resolving a map's texture names to WAL files: Quake 2 loads `textures/<texinfo name>.wal`
//! (`R_FindImage(va("textures/%s.wal", name))` in the renderers' `Mod_LoadTexinfo`), looked up
//! case-insensitively in the game's search path, where PAKs are searched like folders.

use crate::pak::{Entry, Pak};

use super::layout::Layout;
use super::view::Map;

/// Whether `name` equals the concatenation of `parts`, ASCII case-insensitively and with `\` as `/`.
pub fn path_matches(name: &[u8], parts: &[&[u8]]) -> bool {
    let norm = |b: &u8| {
        if *b == b'\\' {
            b'/'
        } else {
            b.to_ascii_lowercase()
        }
    };
    let total: usize = parts.iter().map(|p| p.len()).fold(0, usize::saturating_add);
    total == name.len()
        && name
            .iter()
            .map(norm)
            .eq(parts.iter().flat_map(|p| p.iter()).map(norm))
}

impl<'a> Pak<'a> {
    /// The WAL a texinfo names: the entry `textures/<name>.wal`.
    pub fn find_wal(&self, texture: &[u8]) -> Option<Entry<'a>> {
        self.entries()
            .find(|e| path_matches(e.name, &[b"textures/", texture, b".wal"]))
    }
}

impl<'a, L: Layout> Map<'a, L> {
    /// Every texinfo with its texture name and, when `pak` holds it, the WAL entry.
    pub fn resolve_textures<'p>(
        &self,
        pak: &'p Pak<'p>,
    ) -> impl Iterator<Item = (usize, &'a [u8], Option<Entry<'p>>)> + use<'a, 'p, '_, L> {
        (0..self.texinfo.len()).filter_map(move |i| {
            let name = self.texture_name(i)?;
            Some((i, name, pak.find_wal(name)))
        })
    }
}
