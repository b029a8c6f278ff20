//! MPQ archives (Warcraft III maps, StarCraft maps, StarCraft II replays and maps, WoW patches):
//! the header found at a 512-byte boundary as Storm finds it, the hash and block tables decrypted
//! entry by entry, and each member's sectors.
//!
//! Layout from StormLib's documentation and source (`SFileOpenArchive.cpp`, `SBaseFileTable.cpp`)
//! and the files of `../shared/corpus/mpq`; the protector tricks and how Storm reads them are in
//! `../shared/research/mpq-zip.md` §3. Maps are read as their game reads them ([`MapKind`]):
//! version 1, user data ignored. Decompression lives in `lumpkit-decompress`, joined by the facade.

pub mod attributes;
pub mod crypt;
pub mod file;
pub mod het_bet;
pub mod rules;
pub mod view;

pub use file::{Member, Sector, storm_adler32};
pub use view::{BlockEntry, HashEntry, MapKind, Mpq};
