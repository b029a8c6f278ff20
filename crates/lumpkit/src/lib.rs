//! lumpkit: open the asset files of classic games without trusting them.
//!
//! This facade joins the zero-copy container crate (`lumpkit-formats`) with the pixel codecs. It
//! opens files ([`Input`]: memory-mapped or owned bytes), recognises them ([`sniff`]), and gives every
//! format the same four operations through [`Format`]: inspect (parse and check), decode a texture
//! level or entry, list archive children, and extract. Each format registers itself once, in
//! [`registry::FORMATS`]; the CLI and `check` know nothing format-specific.
#![forbid(unsafe_code)]

pub mod budget;
pub mod check;
pub mod exercise;
pub mod format;
pub mod formats;
pub mod image;
pub mod info;
pub mod input;
pub mod member;
pub mod registry;
pub mod report;
pub mod rules;

pub use budget::UnpackBudget;
pub use format::{Child, ChildContent, Context, Extracted, Format, Selection};
pub use image::Image;
pub use info::Info;
pub use input::{Input, OpenMode};
pub use lumpkit_formats::{Diagnostic, Error, Fault, Limits, Rule, Severity};
pub use registry::{FORMATS, by_name, sniff};
pub use report::{Diagnostics, Fields, Report, Status, Version};
