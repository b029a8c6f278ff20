//! Animated texture sequences of a Quake 1 / GoldSrc map (`bsp-anim-sequence`): textures named
//! `+0name` … `+9name` (and the alternate set `+aname` … `+jname`) are linked into a cycle by
//! `Mod_LoadTextures` (id `gl_model.c` and `model.c`, QuakeSpasm `gl_model.c`, ReHLDS
//! `model.cpp`, which also takes `-` as the prefix). A frame character outside `0-9` / `A-J`
//! (either case) is "Bad animating texture", a gap in the frames "Missing frame": both a
//! `Sys_Error`. The walk below is the engines' own, without their arrays.

use crate::diag::Sink;
use crate::error::Error;
use crate::profiles::{Condition, hexen2, quake1};

use super::view::{Bsp1, Game, Variant};

/// Slots walked: the walk is quadratic without the engines' arrays, and maps hold far fewer
/// textures (id's `bspfile.h` `MAX_MAP_TEXTURES` is 512); a hostile table of millions of slots
/// is checked up to here.
const MAX_SLOTS: u32 = 4096;

/// The frame a name's second character selects: `(alternate, index)`, `None` for a bad one.
fn frame(c: u8) -> Option<(bool, u8)> {
    match c.to_ascii_uppercase() {
        d @ b'0'..=b'9' => Some((false, d.wrapping_sub(b'0'))),
        a @ b'A'..=b'J' => Some((true, a.wrapping_sub(b'A'))),
        _ => None,
    }
}

/// The engines' `strcmp(tx2->name + 2, tx->name + 2)`: the names after the frame, up to a NUL.
fn same_group(a: &[u8], b: &[u8]) -> bool {
    a.get(2..).unwrap_or(&[]) == b.get(2..).unwrap_or(&[])
}

/// Bit set of frames 0..10 → whether the set is `0..max` with no hole.
fn contiguous(frames: u16) -> bool {
    frames & frames.wrapping_add(1) == 0
}

impl Bsp1<'_> {
    /// The name of texture slot `i` up to its first NUL (at most 16 bytes).
    fn anim_name(&self, i: u32) -> Option<&[u8]> {
        let (bytes, _) = self.texture(i)?;
        let name = bytes.get(..16)?;
        name.split(|&b| b == 0).next()
    }

    /// The first texture slot whose sequence the engines refuse, as `Mod_LoadTextures` walks
    /// them: each texture with the prefix that no earlier sequence linked starts one, every later
    /// texture of the same name joins it; a bad frame character or a hole in either set fails.
    fn broken_sequence(&self, prefixes: &[u8]) -> Option<u32> {
        let count = self.texture_count().min(MAX_SLOTS);
        let animated = |i: u32| {
            self.anim_name(i)
                .filter(|n| n.first().is_some_and(|p| prefixes.contains(p)))
        };
        // The engines skip a texture an earlier sequence already linked; without allocating,
        // "linked" is recomputed: a texture belongs to the sequence of the first texture of its
        // group, which (when it did not fail) linked every member.
        for i in 0..count {
            let Some(name) = animated(i) else {
                continue;
            };
            let first_of_group = (0..i).all(|j| animated(j).is_none_or(|n| !same_group(n, name)));
            if !first_of_group {
                continue;
            }
            let (mut anims, mut alts) = (0u16, 0u16);
            for j in i..count {
                let Some(other) = animated(j).filter(|n| j == i || same_group(n, name)) else {
                    continue;
                };
                match frame(other.get(1).copied().unwrap_or(0)) {
                    Some((false, k)) => anims |= 1 << k,
                    Some((true, k)) => alts |= 1 << k,
                    None => return Some(j),
                }
            }
            if !contiguous(anims) || !contiguous(alts) {
                return Some(i);
            }
        }
        None
    }

    /// Reports the first broken animated texture sequence.
    pub fn check_animations(&self, sink: &mut impl Sink) -> Result<(), Error> {
        if self.variant != Variant::Bsp29 {
            return Ok(());
        }
        let (condition, prefixes): (&'static Condition, &[u8]) = match self.game {
            Game::GoldSrc => (&quake1::GOLDSRC_ANIM_SEQUENCE, b"+-"),
            Game::Hexen2 => (&hexen2::ANIM_SEQUENCE, b"+"),
            Game::Quake => (&quake1::ANIM_SEQUENCE, b"+"),
        };
        if let Some(i) = self.broken_sequence(prefixes) {
            let at = self.texture(i).map_or(0, |(_, at)| at);
            if let Some(d) = condition.check(1, at) {
                sink.report(d)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{contiguous, frame};

    #[test]
    fn frames_and_holes() {
        assert_eq!(frame(b'3'), Some((false, 3)));
        assert_eq!(frame(b'c'), Some((true, 2)));
        assert_eq!(frame(b'J'), Some((true, 9)));
        assert_eq!(frame(b'k'), None);
        assert!(contiguous(0b111));
        assert!(contiguous(0));
        assert!(!contiguous(0b101));
        assert!(!contiguous(0b110));
    }
}
