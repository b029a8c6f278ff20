//! World of Warcraft M2 models (MD20 versions 256–274 and the chunked MD21 files of Legion on),
//! their `.skin` profiles, and the render state each material implies.
//!
//! Zero-copy and allocation-free: [`M2`] and [`Skin`] are views over the caller's bytes; every
//! `M2Array<T>` resolves to a typed slice of zerocopy little-endian records after checked arithmetic
//! (count × size within 32 bits, offset + length inside the MD20 blob). Unlike the allocating readers
//! (wow-m2 0.7.0 reserves an untrusted count before reading it and aborts on every real model of the
//! shared corpus; `research/m2.md` §4), nothing here is sized from a count before it is checked.
//!
//! Sources, file by file: [`layout`] (header offsets), [`raw`] (records), [`chunks`] (MD21),
//! [`skin`] (profiles), [`skeleton`] (bone parents and the indices that name bones), [`render`]
//! (the render contract, from `specs/m2-rendering.txt`).
//!
//! What is an error and what a warning: arrays the model needs to be drawn (name, vertices,
//! textures, materials, texture and texture-unit lookups, embedded views, blend-map overrides) are
//! errors when broken; animation, bones, lights, cameras, ribbons, particles and collision are
//! optional and only warn ([`rules::OPTIONAL_SECTION_BROKEN`]), so that a broken effect never hides
//! the geometry, textures and materials (warcraft-rs issue #56 is the user report behind this).
//! Overlapping arrays are legal and warn. Per-record rules report their first offender only.

pub mod array;
pub mod chunks;
pub mod layout;
pub mod model;
pub mod raw;
pub mod render;
pub mod rules;
pub mod skeleton;
pub mod skin;

pub use layout::{Field, Layout};
pub use model::{M2, peek_version};
pub use render::{Generation, RenderState, render_state};
pub use skin::{ModelFacts, Skin};
