#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

extern crate std;

use std::vec;
use std::vec::Vec;

use super::*;
use crate::diag::{Diagnostic, Sink};
use crate::error::Error;

#[derive(Default)]
struct Codes(Vec<(&'static str, [u64; 3])>);

impl Sink for Codes {
    fn report(&mut self, d: Diagnostic) -> Result<(), Error> {
        self.0.push((d.code(), d.args));
        Ok(())
    }
}

/// A WAD whose directory records are given as (offset, size, type, name); 64 data bytes.
fn wad(magic: &[u8; 4], records: &[(u32, u32, u8, &[u8])]) -> Vec<u8> {
    let mut out = magic.to_vec();
    out.extend_from_slice(&(records.len() as u32).to_le_bytes());
    out.extend_from_slice(&76u32.to_le_bytes());
    out.extend_from_slice(&[0x11; 64]);
    for &(offset, size, kind, name) in records {
        out.extend_from_slice(&offset.to_le_bytes());
        out.extend_from_slice(&size.to_le_bytes());
        out.extend_from_slice(&size.to_le_bytes());
        out.extend_from_slice(&[kind, 0, 0, 0]);
        let mut field = [0u8; 16];
        field[..name.len()].copy_from_slice(name);
        out.extend_from_slice(&field);
    }
    out
}

#[test]
fn lookup_ignores_case_and_finds_the_first() {
    let bytes = wad(b"WAD3", &[(12, 8, 0x42, b"Cross"), (20, 8, 0x42, b"CROSS")]);
    let w = Wad::parse(&bytes, &mut Codes::default()).unwrap();
    assert_eq!(w.version(), Version::Wad3);
    assert_eq!(w.find(b"cross").unwrap().index(), 0);
    assert!(w.find(b"crosshair").is_none());
    let mut codes = Codes::default();
    w.check_duplicates(&mut vec![0; w.len()], &mut codes)
        .unwrap();
    assert_eq!(codes.0, [("wad-duplicate-name", [0, 1, 0])]);
}

#[test]
fn overlaps_are_reported_once_per_entry() {
    let bytes = wad(
        b"WAD2",
        &[
            (12, 40, 0x42, b"outer"),
            (20, 8, 0x42, b"inner"),
            (52, 8, 0x42, b"after"),
            (30, 0, 0x42, b"empty"),
            (44, 12, 0x42, b"straddle"),
        ],
    );
    let w = Wad::parse(&bytes, &mut Codes::default()).unwrap();
    let mut codes = Codes::default();
    w.check_overlaps(&mut vec![0; w.len()], &mut codes).unwrap();
    // inner lies in outer; straddle starts in outer; after starts in straddle.
    assert_eq!(
        codes.0,
        [
            ("wad-entries-overlap", [0, 1, 0]),
            ("wad-entries-overlap", [0, 4, 0]),
            ("wad-entries-overlap", [4, 2, 0]),
        ]
    );
    // Scratch too short: nothing checked, nothing panics.
    w.check_overlaps(&mut [0; 2], &mut codes).unwrap();
}

#[test]
fn header_and_directory_rules() {
    let mut codes = Codes::default();
    assert_eq!(
        Wad::parse(b"WAD", &mut codes).unwrap_err().code(),
        "wad-header-truncated"
    );
    let doom = wad(b"IWAD", &[]);
    let err = Wad::parse(&doom, &mut codes).unwrap_err();
    assert_eq!(
        (err.code(), err.fault),
        ("wad-unsupported-version", crate::Fault::Unsupported)
    );
    let mut big = wad(b"WAD3", &[(12, 8, 0x43, b"a")]);
    big[4..8].copy_from_slice(&u32::MAX.to_le_bytes());
    assert_eq!(
        Wad::parse(&big, &mut codes).unwrap_err().code(),
        "wad-count-too-large"
    );
    let mut far = wad(b"WAD3", &[(12, 8, 0x43, b"a")]);
    far[8..12].copy_from_slice(&u32::MAX.to_le_bytes());
    assert_eq!(
        Wad::parse(&far, &mut codes).unwrap_err().code(),
        "wad-directory-out-of-bounds"
    );
    assert!(codes.0.is_empty());
}

#[test]
fn entry_records_and_kinds() {
    let bytes = wad(
        b"WAD2",
        &[
            (12, 8, 0x40, b"palette"),
            (u32::MAX, 8, 0x44, b"far"),
            (12, 8, 0x99, b"odd"),
            (12, 8, 0x44, b"sixteen_chars_ab"),
            (12, 8, 0x44, b"\xff"),
        ],
    );
    let mut codes = Codes::default();
    let w = Wad::parse(&bytes, &mut codes).unwrap();
    let got: Vec<&str> = codes.0.iter().map(|c| c.0).collect();
    assert_eq!(
        got,
        [
            "wad-entry-out-of-bounds",
            "wad-entry-type-unknown",
            "wad-name-unterminated",
            "wad-name-not-text"
        ]
    );
    let kinds: Vec<Kind> = w.entries().map(|e| e.kind()).collect();
    assert_eq!(
        kinds,
        [
            Kind::Palette,
            Kind::Miptex,
            Kind::Unknown,
            Kind::Miptex,
            Kind::Miptex
        ]
    );
    assert_eq!(w.entry(3).unwrap().name(), b"sixteen_chars_ab");
    let err = w.entry(0).unwrap().content(&mut codes).unwrap_err();
    assert_eq!(err.code(), "wad-palette-short");
}
