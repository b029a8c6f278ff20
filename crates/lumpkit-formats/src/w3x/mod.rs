//! Warcraft III map files inside a `.w3x`/`.w3m` archive: `war3map.w3i`, `.w3e`, `.doo`, `.wpm`,
//! `.shd`, `.mmp`, `.imp` and the object-data files, with the cross-file invariants of
//! `research/wc3-map.md` §2.2.

pub mod rules;
