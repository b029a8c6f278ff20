//! ZIP archives (`.zip`, Quake 3 / GZDoom `.pk3`, `.pk4`, `.pkz`), read from the central directory
//! as PKWARE's APPNOTE.TXT 6.3.10 lays it out: the end record found by a bounded backward scan
//! (4.3.16; at most 65,535 comment bytes), Zip64 end records and extra fields (4.3.14–15, 4.5.3),
//! central and local headers (4.3.12, 4.3.7), data descriptors (4.3.9: sizes in the directory),
//! flags (4.4.4: encryption, UTF-8) and the Info-ZIP Unicode Path field 0x7075 (4.6.9).
//!
//! The central directory is the truth, as it is for zlib's `unzip.c` (Quake 3, GZDoom), Info-ZIP
//! and CPython; local headers that disagree are reported. Offsets are rebased when bytes precede the
//! archive (self-extractors), the way Info-ZIP and CPython do it. Nothing here allocates or
//! decompresses: checks that need sorting (overlapping members, duplicate names) and decompression
//! live in the facade.

pub mod extra;
pub mod raw;
pub mod rules;
pub mod view;

pub use view::{Encryption, Entries, Entry, Local, Zip};
