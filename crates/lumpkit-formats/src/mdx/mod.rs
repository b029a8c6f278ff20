//! Warcraft III MDX models (`MDLX`, versions 800 classic, 900 Reforged beta, 1000, 1100 and 1200
//! Reforged): the chunk list, every object of every chunk read in place, the index rules and the
//! sanity checks map sites run, and the render state of each material layer.
//!
//! Zero-copy and allocation-free: [`Mdx`] locates each chunk once; objects are read on demand
//! from the caller's bytes ([`objects::Objects`]), each bounded by its own inclusive size and its
//! chunk's end, every keyframe track by its object ([`tracks`]). Sources, file by file:
//! [`tags`] and [`objects`] (layouts: mdx-m3-viewer 5.12.0 `parsers/mdlx`, HiveWE `mdx_reader.cpp`
//! for 1100/1200), [`validate`] (mdx-m3-viewer's sanity test and the crash reports collected in
//! `research/wc3-map.md` §1.3), [`render`] (mdx-m3-viewer's MDX handler), [`rules`] (codes and
//! strengths).

pub mod cursor;
pub mod model;
pub mod objects;
pub mod raw;
pub mod render;
pub mod rules;
pub mod tags;
pub mod tracks;
pub mod validate;

pub use model::{Chunk, Mdx};
pub use objects::{Item, NodeExtra, NodeObject};
pub use tags::Kind;
