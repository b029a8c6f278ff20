//! A header-and-directory walk over PAK, WAD and PBO archives with `lumpkit-formats` alone, in a
//! `no_std` setting with no allocator: the kind of code a console engine or a bootloader-stage asset
//! table would run on bytes it was handed.
//!
//! Built as a library (`crate-type = ["rlib"]` in `Cargo.toml`) so that it compiles for
//! `x86_64-unknown-none`, which has no `std` and no allocator:
//!
//! ```sh
//! cargo build -p lumpkit-formats --example no_std_walk --target x86_64-unknown-none
//! cargo test -p lumpkit-formats --example no_std_walk   # its tests, on the host, over corpus/
//! ```
//!
//! Nothing here allocates: entries are handed to a callback as views into the caller's bytes, and
//! diagnostics are tallied by a [`Sink`] that keeps only counts and the first problem.
#![no_std]
#![forbid(unsafe_code)]

#[cfg(test)]
extern crate std;

use lumpkit_formats::{Diagnostic, Error, Severity, Sink, pak, pbo, wad};

/// Counts what the parsers report, keeping the first warning or error.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    /// Warnings reported.
    pub warnings: u32,
    /// Errors reported (the archive, or one of its entries, is broken).
    pub errors: u32,
    /// The first warning or error.
    pub first: Option<Diagnostic>,
}

impl Sink for Tally {
    fn report(&mut self, d: Diagnostic) -> Result<(), Error> {
        match d.severity() {
            Severity::Error => self.errors = self.errors.saturating_add(1),
            Severity::Warning => self.warnings = self.warnings.saturating_add(1),
            _ => return Ok(()),
        }
        self.first.get_or_insert(d);
        Ok(())
    }
}

/// Which archive the bytes hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Quake / Daikatana `PACK`.
    Pak,
    /// `WAD2` / `WAD3`.
    Wad,
    /// Arma / OFP PBO (no magic: tried last).
    Pbo,
}

/// One directory entry, borrowed from the archive's bytes.
#[derive(Clone, Copy, Debug)]
pub struct Entry<'a> {
    /// The name as stored (not necessarily UTF-8).
    pub name: &'a [u8],
    /// Where the entry's data starts in the archive.
    pub offset: u64,
    /// The entry's stored size.
    pub size: u64,
}

/// Parses the header and directory of `bytes`, calls `each` for every entry in directory order, and
/// returns the kind and the number of entries. Problems go to `tally`; an archive that cannot be
/// read at all is an [`Error`].
pub fn walk<'a>(
    bytes: &'a [u8],
    tally: &mut Tally,
    mut each: impl FnMut(Entry<'a>),
) -> Result<(Kind, usize), Error> {
    if bytes.starts_with(b"PACK") {
        let archive = pak::Pak::parse(bytes, tally)?;
        for e in archive.entries() {
            each(Entry {
                name: e.name,
                offset: e.offset,
                size: e.stored_size,
            });
        }
        return Ok((Kind::Pak, archive.len()));
    }
    if bytes.starts_with(b"WAD2") || bytes.starts_with(b"WAD3") {
        let archive = wad::Wad::parse(bytes, tally)?;
        for e in archive.entries() {
            each(Entry {
                name: e.name(),
                offset: e.offset(),
                size: e.disk_size(),
            });
        }
        return Ok((Kind::Wad, archive.len()));
    }
    let archive = pbo::Pbo::parse(bytes, tally)?;
    let mut count = 0;
    for e in archive.entries() {
        count += 1;
        each(Entry {
            name: e.name,
            offset: e.data_offset,
            size: e.data_size.into(),
        });
    }
    Ok((Kind::Pbo, count))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;
    use std::vec::Vec;

    fn corpus(rel: &str) -> Vec<u8> {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../corpus")
            .join(rel);
        std::fs::read(&path).unwrap_or_else(|e| std::panic!("{}: {e}", path.display()))
    }

    fn u32_at(bytes: &[u8], at: usize) -> u32 {
        let mut word = [0; 4];
        word.copy_from_slice(bytes.get(at..at + 4).unwrap_or(&[0; 4]));
        u32::from_le_bytes(word)
    }

    /// A clean archive: as many entries as its header says, each inside the file, no diagnostics.
    fn assert_clean(rel: &str, kind: Kind, declared: usize) {
        let bytes = corpus(rel);
        let mut tally = Tally::default();
        let mut seen = 0;
        let walked = walk(&bytes, &mut tally, |e| {
            seen += 1;
            assert!(!e.name.is_empty(), "{rel}: empty name");
            assert!(
                e.offset + e.size <= bytes.len() as u64,
                "{rel}: entry past the end"
            );
        });
        assert!(
            matches!(walked, Ok((k, n)) if k == kind && n == declared),
            "{rel}: {walked:?}"
        );
        assert_eq!(seen, declared, "{rel}");
        assert_eq!(
            (tally.errors, tally.warnings),
            (0, 0),
            "{rel}: {:?}",
            tally.first
        );
    }

    #[test]
    fn clean_archives_walk_every_entry() {
        let pak = corpus("pak/valid.pak");
        assert_clean("pak/valid.pak", Kind::Pak, u32_at(&pak, 8) as usize / 64);
        let wad = corpus("wad/wad3_every_type.wad");
        assert_clean(
            "wad/wad3_every_type.wad",
            Kind::Wad,
            u32_at(&wad, 4) as usize,
        );
    }

    #[test]
    fn a_broken_directory_is_reported() {
        let bytes = corpus("pak/entry_out_of_bounds.pak");
        let mut tally = Tally::default();
        let walked = walk(&bytes, &mut tally, |_| {});
        let first = tally.first.map(|d| d.code());
        assert!(
            walked.is_err() || first == Some("pak-entry-out-of-bounds"),
            "{walked:?} {first:?}"
        );
    }
}
