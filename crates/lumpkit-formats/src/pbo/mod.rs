//! Arma / OFP PBO archives: zero-copy view of the header entries, the `Vers` properties, the entry
//! data and the SHA-1 trailer.
//!
//! Layout (BI community wiki "PBO File Format"; checked on the four files of
//! `../shared/corpus/pbo/SOURCES.md`): entry records of a NUL-terminated name and five `u32`s
//! (packing method, original size, reserved, timestamp, data size). A first record with an empty name
//! and method `Vers` is followed by NUL-terminated key/value strings ending with an empty key. The
//! header ends with an empty-named record; the entries' data follows in header order; then a 0x00 byte
//! and the SHA-1 of everything before it. Method `Cprs` marks LZSS data (decompressed by the facade
//! through `lumpkit-lz`; this crate depends on no codec), whose original size is the unpacked size.

pub mod rules;
pub mod view;

pub use view::{Entries, Entry, METHOD_CPRS, METHOD_STORED, METHOD_VERS, Pbo, Properties};
