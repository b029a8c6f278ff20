//! Differential tests: our decoder against the reference port, and the
//! decoder with its fallback against the reference port alone. Ours may refuse what libbzip2 reads
//! (the fallback covers it) but must never accept what libbzip2 refuses, nor produce other bytes.
#![allow(clippy::arithmetic_side_effects)]

use std::io::Write;

use super::{Refused, decode, decode_fast, decode_reference};
use crate::Error;
use crate::sink::Output;

fn compress(data: &[u8], level: u32) -> Vec<u8> {
    let mut encoder = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::new(level));
    encoder.write_all(data).unwrap();
    encoder.finish().unwrap()
}

use lumpkit_testgen::data::random_bytes;

/// Text-like data: words from a small vocabulary, so blocks use many symbols and long matches.
fn words(seed: u64, len: usize) -> Vec<u8> {
    const VOCABULARY: [&str; 12] = [
        "lump ", "kit ", "sector ", "the ", "of ", "mpq ", "replay ", "stream\n", "block ",
        "huffman ", "zero ", "9",
    ];
    let picks = random_bytes(seed, len);
    let mut out = Vec::with_capacity(len + 16);
    for pick in picks {
        if out.len() >= len {
            break;
        }
        out.extend_from_slice(VOCABULARY[usize::from(pick) % VOCABULARY.len()].as_bytes());
    }
    out.truncate(len);
    out
}

/// Runs of every length around bzip2's run-length stage (4 equal bytes, then a count up to 251).
fn runs(len: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(len);
    let mut run = 1usize;
    while out.len() < len {
        out.extend(std::iter::repeat_n((run % 251) as u8, run % 300));
        run += 1;
    }
    out.truncate(len);
    out
}

/// Little-endian counters, like a table of offsets in a game file.
fn counters(len: usize) -> Vec<u8> {
    (0u32..)
        .flat_map(|i| (i * 7).to_le_bytes())
        .take(len)
        .collect()
}

fn samples() -> Vec<(String, Vec<u8>)> {
    let mut samples = vec![
        ("one byte".to_owned(), vec![b'x']),
        ("four equal".to_owned(), vec![7; 4]),
        ("five equal".to_owned(), vec![7; 5]),
        ("255 equal".to_owned(), vec![0; 255]),
        ("256 equal".to_owned(), vec![0; 256]),
        ("every byte".to_owned(), (0..=255).collect()),
    ];
    for len in [100, 4096, 16 * 1024] {
        samples.push((format!("random {len}"), random_bytes(len as u64, len)));
        samples.push((format!("words {len}"), words(len as u64, len)));
        samples.push((format!("runs {len}"), runs(len)));
        samples.push((format!("counters {len}"), counters(len)));
    }
    samples
}

fn run_fast(input: &[u8], limit: usize) -> (Result<(), Refused>, Vec<u8>) {
    let mut out = Vec::new();
    let verdict = decode_fast(input, &mut Output::new(&mut out, limit));
    (verdict, out)
}

fn run_reference(input: &[u8], limit: usize) -> (Result<(), Error>, Vec<u8>) {
    let mut out = Vec::new();
    let verdict = decode_reference(input, &mut Output::new(&mut out, limit));
    (verdict, out)
}

fn run_decode(input: &[u8], limit: usize) -> (Result<(), Error>, Vec<u8>) {
    let mut out = Vec::new();
    let verdict = decode(input, &mut Output::new(&mut out, limit));
    (verdict, out)
}

/// Asserts that the decoders agree on `input`; returns whether ours refused a stream the
/// reference reads (so the fallback decoded it).
fn agree(input: &[u8], limit: usize, what: &str) -> bool {
    let reference = run_reference(input, limit);
    let fast = run_fast(input, limit);
    if fast.0.is_ok() {
        assert!(
            reference.0.is_ok(),
            "{what}: ours accepts what the reference refuses ({:?})",
            reference.0
        );
        assert!(fast.1 == reference.1, "{what}: ours produced other bytes");
    }
    let combined = run_decode(input, limit);
    assert_eq!(combined.0, reference.0, "{what}: verdicts differ");
    assert!(combined.1 == reference.1, "{what}: output differs");
    fast.0.is_err() && reference.0.is_ok()
}

#[test]
fn every_level_decodes_the_encoders_bytes_without_the_fallback() {
    for level in 1..=9 {
        for (name, data) in samples() {
            let stream = compress(&data, level);
            let (fast, out) = run_fast(&stream, usize::MAX);
            assert_eq!(fast, Ok(()), "{name} at level {level}");
            assert!(out == data, "{name} at level {level}: other bytes");
            assert!(!agree(&stream, usize::MAX, &name));
        }
    }
}

#[test]
fn an_empty_input_stream_decodes_to_nothing() {
    for level in [1, 9] {
        let stream = compress(&[], level);
        assert_eq!(run_fast(&stream, 0), (Ok(()), Vec::new()));
        assert!(!agree(&stream, 0, "empty"));
    }
}

#[test]
fn multi_block_streams_decode_without_the_fallback() {
    // 1.1 MB: eleven blocks at level 1, two at level 9; random data makes the largest blocks.
    let mut data = words(1, 400_000);
    data.extend(random_bytes(2, 300_000));
    data.extend(runs(200_000));
    data.extend(counters(200_000));
    for level in [1, 5, 9] {
        let stream = compress(&data, level);
        let (fast, out) = run_fast(&stream, usize::MAX);
        assert_eq!(fast, Ok(()), "level {level}");
        assert!(out == data, "level {level}: other bytes");
    }
}

#[test]
fn large_blocks_walked_in_pairs_decode_alike_at_either_parity() {
    // Blocks of at least 256 Ki rows are walked two rows a step; an odd block ends with one. No
    // smaller sample reaches that path, and it is safe code: left out under Miri.
    if cfg!(miri) {
        return;
    }
    for len in [300_000, 300_001] {
        let mut data = random_bytes(len as u64, len);
        data[1000..1100].fill(3);
        for level in [4, 9] {
            let stream = compress(&data, level);
            let (fast, out) = run_fast(&stream, usize::MAX);
            assert_eq!(fast, Ok(()), "{len} at level {level}");
            assert!(out == data, "{len} at level {level}: other bytes");
            assert!(!agree(&stream, usize::MAX, "pairs"));
        }
        let stream = compress(&data, 9);
        for limit in [0, 99_999, len - 1] {
            agree(&stream, limit, &format!("pairs, limit {limit}"));
        }
    }
}

#[test]
fn only_the_first_of_concatenated_streams_is_read_by_both() {
    let first = words(3, 5000);
    let mut stream = compress(&first, 9);
    stream.extend(compress(&random_bytes(4, 5000), 9));
    assert_eq!(run_fast(&stream, usize::MAX), (Ok(()), first.clone()));
    assert_eq!(run_decode(&stream, usize::MAX), (Ok(()), first));
}

#[test]
fn every_truncation_gets_the_reference_verdict() {
    let small = compress(&words(5, 3000), 9);
    for len in 0..small.len() {
        agree(&small[..len], usize::MAX, &format!("small cut at {len}"));
    }
    let mut data = random_bytes(6, 120_000);
    data.extend(words(7, 120_000));
    let two_blocks = compress(&data, 1);
    for len in (0..two_blocks.len())
        .step_by(997)
        .chain(two_blocks.len() - 16..two_blocks.len())
    {
        agree(
            &two_blocks[..len],
            usize::MAX,
            &format!("two blocks cut at {len}"),
        );
    }
}

#[test]
fn every_bit_flip_gets_the_reference_verdict() {
    let mut fallbacks = 0;
    let mut refused = 0;
    for (level, data) in [
        (1, words(8, 600)),
        (9, runs(500)),
        (1, random_bytes(9, 300)),
    ] {
        let stream = compress(&data, level);
        for bit in 0..stream.len() * 8 {
            let mut flipped = stream.clone();
            flipped[bit / 8] ^= 1 << (bit % 8);
            fallbacks += usize::from(agree(
                &flipped,
                usize::MAX,
                &format!("level {level} bit {bit}"),
            ));
            refused += usize::from(run_reference(&flipped, usize::MAX).0.is_err());
        }
    }
    // Almost every flip breaks a CRC. Of the rest, the ones only the reference reads were (when this
    // was written) the randomised flag, which leaves a block this short unchanged, and code lengths of
    // a table no selector picks; the fallback decodes those.
    assert!(refused > 0);
    println!("{refused} flips refused, {fallbacks} read by the reference only");
}

#[test]
fn a_wrong_combined_crc_is_refused_like_the_reference() {
    let data = words(10, 2000);
    let stream = compress(&data, 9);
    // The combined CRC's 32 bits end at most 7 padding bits before the end.
    let mut refused = 0;
    for bit in (stream.len() - 5) * 8..stream.len() * 8 {
        let mut flipped = stream.clone();
        flipped[bit / 8] ^= 1 << (bit % 8);
        let reference = run_reference(&flipped, usize::MAX).0;
        if reference.is_err() {
            refused += 1;
            assert_eq!(run_fast(&flipped, usize::MAX).0, Err(Refused), "bit {bit}");
        }
        agree(&flipped, usize::MAX, &format!("trailer bit {bit}"));
    }
    assert!(refused >= 32, "only {refused} trailer flips refused");
}

#[test]
fn output_limits_get_the_reference_verdict() {
    let data = words(11, 50_000);
    let stream = compress(&data, 2);
    for limit in [0, 1, 4096, 16 * 1024, 49_999, 50_000, 50_001] {
        agree(&stream, limit, &format!("limit {limit}"));
    }
    let (verdict, out) = run_decode(&stream, 1000);
    assert_eq!(verdict, Err(Error::OutputLimit { limit: 1000 }));
    assert!(out == data[..1000]);
}

#[test]
fn random_bodies_after_a_header_get_the_reference_verdict() {
    for seed in 0..300u64 {
        let mut stream = b"BZh9".to_vec();
        if seed % 2 == 0 {
            // A block magic first, so the block header is read.
            stream.extend([0x31, 0x41, 0x59, 0x26, 0x53, 0x59]);
        }
        stream.extend(random_bytes(seed + 100, 20 + (seed as usize * 7) % 500));
        agree(&stream, 1 << 20, &format!("seed {seed}"));
    }
}

/// Writes bits most significant first, as bzip2 does.
#[derive(Default)]
struct BitWriter {
    bytes: Vec<u8>,
    used: u32,
}

impl BitWriter {
    fn put(&mut self, value: u64, count: u32) {
        for shift in (0..count).rev() {
            if self.used.is_multiple_of(8) {
                self.bytes.push(0);
            }
            let bit = ((value >> shift) & 1) as u8;
            *self.bytes.last_mut().unwrap() |= bit << (7 - self.used % 8);
            self.used += 1;
        }
    }
}

/// A hand-made stream of the one byte `a`: one block (RUNA, end of block), two Huffman tables of
/// which only the first is selected, the block's randomised flag as given.
fn stream_of_a(randomised: bool, unused_table: [u8; 3]) -> Vec<u8> {
    let crc = crc::Crc::<u32>::new(&crc::CRC_32_BZIP2).checksum(b"a");
    let mut w = BitWriter::default();
    w.bytes.extend_from_slice(b"BZh1");
    w.used = 32;
    w.put(0x3141_5926_5359, 48);
    w.put(u64::from(crc), 32);
    w.put(u64::from(randomised), 1);
    w.put(0, 24); // original row
    w.put(1 << (15 - 6), 16); // range 0x60..0x6f in use
    w.put(1 << (15 - 1), 16); // 0x61 in use
    w.put(2, 3); // two tables
    w.put(1, 15); // one selector
    w.put(0, 1); // selector 0
    for lengths in [[1, 2, 2], unused_table] {
        let mut current = lengths[0];
        w.put(u64::from(current), 5);
        for length in lengths {
            while current < length {
                w.put(0b10, 2);
                current += 1;
            }
            while current > length {
                w.put(0b11, 2);
                current -= 1;
            }
            w.put(0, 1);
        }
    }
    w.put(0b0, 1); // RUNA: one `a`
    w.put(0b11, 2); // end of block
    w.put(0x1772_4538_5090, 48);
    w.put(u64::from(crc), 32);
    w.bytes
}

#[test]
fn a_hand_made_stream_decodes_without_the_fallback() {
    let stream = stream_of_a(false, [2, 1, 2]);
    assert_eq!(run_fast(&stream, 10), (Ok(()), b"a".to_vec()));
    assert_eq!(run_reference(&stream, 10), (Ok(()), b"a".to_vec()));
}

#[test]
fn a_randomised_block_is_left_to_the_reference() {
    // Randomisation flips a bit only after hundreds of bytes, so this one-byte block reads the same.
    let stream = stream_of_a(true, [2, 1, 2]);
    assert_eq!(run_fast(&stream, 10).0, Err(Refused));
    assert!(agree(&stream, 10, "randomised"));
    assert_eq!(run_decode(&stream, 10), (Ok(()), b"a".to_vec()));
}

#[test]
fn an_incomplete_unused_table_is_left_to_the_reference() {
    // libbzip2 only builds the tables it does not use; ours refuses any incomplete one.
    let stream = stream_of_a(false, [2, 2, 2]);
    assert_eq!(run_fast(&stream, 10).0, Err(Refused));
    assert!(agree(&stream, 10, "incomplete table"));
    assert_eq!(run_decode(&stream, 10), (Ok(()), b"a".to_vec()));
}
