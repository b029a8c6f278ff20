//! lumpkit: open the asset files of classic games without trusting them.
//!
//! This facade joins the zero-copy container crate (`lumpkit-formats`) with the pixel codecs. It
//! opens files ([`Input`]: memory-mapped or owned bytes), recognises them ([`sniff`]), and gives every
//! format the same four operations through [`Format`]: inspect (parse and check), decode a texture
//! level or entry, list archive children, and extract. Each format registers itself once, in
//! [`registry::FORMATS`]; the CLI and `check` know nothing format-specific.
//!
//! An inspection returns a [`Report`]: the verdict ([`Report::status`]), every [`Diagnostic`] with
//! its stable code, the common facts (`width`, `height`, `mips`, `version`), and the format's own
//! facts as typed values ([`Report::info`], an [`Info`] per format: mip tables, entries, lumps,
//! materials and their render state…). `lumpkit info --json` prints the same facts; its fields
//! ([`Report::fields`]) are serialized from the typed ones.
//!
//! ```
//! use lumpkit::info::Info;
//! use lumpkit::registry::Sniffed;
//! use lumpkit::{Context, Status, sniff};
//!
//! // A Quake PAK with one 4-byte member: header, data, then one 64-byte directory record.
//! let mut file = Vec::new();
//! file.extend_from_slice(b"PACK");
//! file.extend_from_slice(&16u32.to_le_bytes());
//! file.extend_from_slice(&64u32.to_le_bytes());
//! file.extend_from_slice(b"abcd");
//! let mut name = [0u8; 56];
//! name[..9].copy_from_slice(b"maps/e1m1");
//! file.extend_from_slice(&name);
//! file.extend_from_slice(&12u32.to_le_bytes());
//! file.extend_from_slice(&4u32.to_le_bytes());
//!
//! let Sniffed::Known(format) = sniff(&file, None) else {
//!     return Err("not recognised".into());
//! };
//! let report = format.inspect(&Context::default(), &file);
//! assert_eq!((format.name(), report.status()), ("pak", Status::Ok));
//!
//! // Typed facts: no JSON to parse.
//! let Some(Info::Pak(pak)) = report.info() else {
//!     return Err("no PAK facts".into());
//! };
//! assert_eq!(pak.entries[0].name, "maps/e1m1");
//! assert_eq!(pak.entries[0].size, 4);
//! // The same facts as `info --json` prints them.
//! assert_eq!(report.fields["entries"][0]["size"], 4);
//!
//! // Every member, borrowed from the file where it is stored as is.
//! let members = format.children(&Context::default(), &file)?;
//! assert_eq!(members[0].name, "maps/e1m1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The `examples/` folder holds whole programs: decoding a BLP or PAA level to PNG
//! (`decode_level`), walking a Quake 2 map's PVS (`q2_pvs`), extracting a PBO with its SHA-1
//! checked (`pbo_extract`), printing an M2's batches with their render state (`m2_batches`), and a
//! build-pipeline gate with a custom [`lumpkit_formats::Sink`] (`pipeline_check`).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod budget;
pub mod check;
pub mod engines;
/// Runs every operation of a format on arbitrary bytes: the fuzz targets' and regression tests'
/// driver, public only so that `fuzz/` and `tests/` reach it. Hidden: not part of the API, and it
/// may change in any release.
#[doc(hidden)]
pub mod exercise;
pub mod format;
pub mod formats;
pub mod image;
pub mod info;
pub mod input;
pub mod member;
pub mod members;
pub mod palette;
pub mod picture;
pub mod registry;
pub mod report;
pub mod rules;

pub use budget::UnpackBudget;
pub use format::{Child, ChildContent, Context, Extracted, Format, Selection};
pub use image::Image;
pub use info::Info;
pub use input::{Input, OpenMode};
pub use lumpkit_formats::profiles::{Engine, Targets};
pub use lumpkit_formats::{Diagnostic, Error, Fault, Limits, Rule, Severity};
pub use registry::{FORMATS, by_name, sniff};
pub use report::{Diagnostics, Fields, Report, Status, Version};
