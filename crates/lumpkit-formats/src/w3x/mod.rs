//! Warcraft III map files inside a `.w3x`/`.w3m` archive: `war3map.w3i` ([`w3i`]), `.w3e`
//! ([`w3e`]), `.doo` ([`doo`]), `.wpm`, `.shd`, `.mmp` ([`grids`]), `.imp` ([`imp`]) and the
//! object-data files ([`objdata`]): headers, counts against sizes. The cross-file invariants of
//! `research/wc3-map.md` §2.2 need the whole archive and are checked by the facade's MPQ reader
//! with the rules of [`rules`].

pub mod doo;
pub mod grids;
pub mod imp;
pub mod objdata;
pub mod rules;
pub mod w3e;
pub mod w3i;
