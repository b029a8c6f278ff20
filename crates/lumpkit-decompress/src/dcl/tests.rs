//! Differential tests: our decoder against the `explode` crate alone, and the decoder with its
//! fallback against the crate. Ours may refuse what the crate reads (the fallback covers it), but
//! must never accept what the crate refuses, nor produce other bytes.
#![allow(clippy::arithmetic_side_effects)]

use lumpkit_testgen::dcl::{Literals, MODES, implode};

use super::{Refused, decode_fast, decode_reference, explode};
use crate::Error;
use crate::sink::Output;

use lumpkit_testgen::data::random_bytes;

/// The integration tests' access to the shared corpus, under the same skip rule.
#[path = "../../tests/common/mod.rs"]
mod common;

/// Text-like data from a small vocabulary: many matches of every length and distance.
fn words(seed: u64, len: usize) -> Vec<u8> {
    const VOCABULARY: [&str; 10] = [
        "lump ",
        "kit ",
        "sector ",
        "the ",
        "of ",
        "mpq ",
        "warcraft ",
        "map\r\n",
        "implode ",
        "0",
    ];
    let mut out = Vec::with_capacity(len + 16);
    for pick in random_bytes(seed, len) {
        if out.len() >= len {
            break;
        }
        out.extend_from_slice(VOCABULARY[usize::from(pick) % VOCABULARY.len()].as_bytes());
    }
    out.truncate(len);
    out
}

/// Runs and short periods (overlapping matches), long repeats (matches of 518 bytes), and every
/// byte value (the longest literal codes).
fn structured(len: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(len);
    let mut i = 0usize;
    while out.len() < len {
        match i % 4 {
            0 => out.extend(std::iter::repeat_n((i % 251) as u8, i % 700)),
            1 => out.extend((0..=255u8).cycle().skip(i % 7).take(300 + i % 200)),
            2 => {
                let period = 2 + i % 9;
                out.extend((0..600).map(|k| (k % period) as u8 ^ 0x5a));
            }
            _ => {
                let back = out.len().min(3000);
                let start = out.len() - back;
                let copy: Vec<u8> = out[start..].iter().take(900).copied().collect();
                out.extend(copy);
            }
        }
        i += 1;
    }
    out.truncate(len);
    out
}

fn ours(input: &[u8], limit: usize) -> (Result<(), Refused>, Vec<u8>) {
    let mut out = Vec::new();
    let mut sink = Output::new(&mut out, limit);
    let verdict = decode_fast(input, &mut sink);
    (verdict, out)
}

fn reference(input: &[u8], limit: usize) -> (Result<(), Error>, Vec<u8>) {
    let mut out = Vec::new();
    let mut sink = Output::new(&mut out, limit);
    let verdict = decode_reference(input, &mut sink);
    (verdict, out)
}

fn both(input: &[u8], limit: usize) -> (Result<(), Error>, Vec<u8>) {
    let mut out = Vec::new();
    let mut sink = Output::new(&mut out, limit);
    let verdict = explode(input, &mut sink);
    (verdict, out)
}

/// Ours accepts exactly what the crate accepts, with the same bytes, and the decoder with its
/// fallback answers exactly as the crate (verdict, offset and partial output). Returns whether ours
/// accepted.
fn check(input: &[u8], limit: usize, what: &str) -> bool {
    let (theirs, their_bytes) = reference(input, limit);
    let (mine, my_bytes) = ours(input, limit);
    // Ours is complete: it accepts exactly what the crate accepts (the fallback is for verdicts).
    assert_eq!(
        mine.is_ok(),
        theirs.is_ok(),
        "{what}: ours {mine:?}, explode {theirs:?}"
    );
    if mine.is_ok() {
        assert!(my_bytes == their_bytes, "{what}: ours and explode differ");
    }
    let (combined, combined_bytes) = both(input, limit);
    assert_eq!(
        combined, theirs,
        "{what}: the verdict differs from explode's"
    );
    assert!(
        combined_bytes == their_bytes,
        "{what}: the output differs from explode's"
    );
    mine.is_ok()
}

fn samples() -> Vec<(String, Vec<u8>)> {
    let mut samples = vec![("empty".to_string(), Vec::new())];
    for len in [1, 2, 3, 17, 300, 4095, 4096, 4097, 9000, 70_000, 200_000] {
        samples.push((format!("random {len}"), random_bytes(len as u64, len)));
        samples.push((format!("words {len}"), words(len as u64 + 7, len)));
        samples.push((format!("structured {len}"), structured(len)));
    }
    samples
}

#[test]
fn round_trips_in_every_mode() {
    for (name, data) in samples() {
        for (literals, dict) in MODES {
            let stream = implode(&data, literals, dict);
            let what = format!("{name}, {literals:?} {dict}");
            // A sized room (in place), a roomy limit (windowed), and the crate's own decoder.
            for limit in [
                data.len(),
                data.len() + 1,
                data.len().max(super::BUFFER + 1),
                usize::MAX,
            ] {
                let (mine, bytes) = ours(&stream, limit);
                assert_eq!(mine, Ok(()), "{what}, limit {limit}");
                assert!(bytes == data, "{what}, limit {limit}: wrong bytes");
                assert!(check(&stream, limit, &what));
            }
        }
    }
}

#[test]
fn limits_below_the_output_agree_with_explode() {
    let data = structured(150_000);
    for (literals, dict) in MODES {
        let stream = implode(&data, literals, dict);
        for limit in [0, 1, 4095, 4096, 4097, 65_536, 65_537, 149_999] {
            let what = format!("{literals:?} {dict}, limit {limit}");
            assert!(!check(&stream, limit, &what), "{what}: over the limit");
            let (verdict, bytes) = both(&stream, limit);
            assert_eq!(
                verdict,
                Err(Error::OutputLimit {
                    limit: limit as u64
                }),
                "{what}"
            );
            assert_eq!(bytes, data[..limit], "{what}");
        }
    }
}

#[test]
fn every_truncation_agrees_with_explode() {
    for (literals, dict) in [
        (Literals::Raw, 4),
        (Literals::Coded, 6),
        (Literals::Coded, 5),
    ] {
        let data = words(3, 5000);
        let stream = implode(&data, literals, dict);
        for cut in 0..stream.len() {
            let what = format!("{literals:?} {dict}, cut at {cut}");
            for limit in [data.len(), usize::MAX] {
                assert!(!check(&stream[..cut], limit, &what), "{what}: accepted");
            }
        }
        // Trailing bytes after the end code are ignored by both.
        let mut longer = stream.clone();
        longer.extend_from_slice(b"trailing");
        assert!(check(&longer, data.len(), "trailing bytes"));
    }
}

#[test]
fn single_bit_flips_agree_with_explode() {
    let mut accepted = 0;
    let mut total = 0;
    for (literals, dict) in MODES {
        let data = structured(3000);
        let stream = implode(&data, literals, dict);
        for bit in 0..stream.len() * 8 {
            let mut flipped = stream.clone();
            flipped[bit / 8] ^= 1 << (bit % 8);
            for limit in [data.len(), usize::MAX] {
                total += 1;
                if check(&flipped, limit, &format!("{literals:?} {dict}, bit {bit}")) {
                    accepted += 1;
                }
            }
        }
    }
    // Flips in literals and extra bits keep a stream valid: both kinds of verdict were compared.
    assert!(accepted > 0 && accepted < total, "{accepted} of {total}");
}

#[test]
fn random_streams_agree_with_explode() {
    let mut compared = 0;
    for seed in 0..4000u64 {
        let len = (seed % 300) as usize;
        let mut input = random_bytes(seed, len);
        // Valid headers most of the time, so the streams reach the codes.
        if seed % 8 != 0 && input.len() >= 2 {
            input[0] %= 2;
            input[1] = 4 + input[1] % 3;
        }
        for limit in [0, 100, 4096, 1 << 20] {
            check(&input, limit, &format!("seed {seed}, limit {limit}"));
            compared += 1;
        }
    }
    assert_eq!(compared, 16_000);
}

#[test]
fn headers_and_distances_refused_as_by_explode() {
    // A literal mode of 2, a dictionary size of 3 and of 7, then a match before the start.
    for input in [
        &[2u8, 4, 0][..],
        &[0, 3, 0],
        &[0, 7, 0],
        &[0, 4, 0x01, 0x00, 0x00],
    ] {
        let (mine, _) = ours(input, 100);
        assert_eq!(mine, Err(Refused), "{input:?}");
        let (verdict, _) = both(input, 100);
        assert_eq!(verdict, reference(input, 100).0, "{input:?}");
        assert!(matches!(
            verdict,
            Err(Error::Corrupt { .. } | Error::Truncated)
        ));
    }
}

#[test]
fn real_dcl_sectors_from_the_shared_corpus() {
    let Some(dir) = common::shared_corpus("mpq") else {
        return;
    };
    let mut streams = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        // Every imploded sector inside: look for a mask byte 0x08 followed by a valid header, and
        // compare both decoders on what follows (most candidates are not streams at all).
        for at in 0..bytes.len().saturating_sub(3) {
            if bytes[at] == 0x08 && bytes[at + 1] <= 1 && (4..=6).contains(&bytes[at + 2]) {
                let input = &bytes[at + 1..(at + 1 + 8192).min(bytes.len())];
                if check(input, 4096, &format!("{} at {at}", path.display())) {
                    streams += 1;
                }
            }
        }
    }
    assert!(streams > 0, "no imploded sector found in {}", dir.display());
}
