//! Daikatana's PAK RLE on arbitrary input with an arbitrary output size (first two bytes), and a
//! round trip through the test encoder: decode(encode(x)) == x.
#![no_main]

use lumpkit_lz::dkrle;
use lumpkit_testgen::pak::dk_compress;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let (size, input) = match data {
        [a, b, rest @ ..] => (usize::from(u16::from_le_bytes([*a, *b])), rest),
        _ => return,
    };
    let mut out = vec![0u8; size];
    if let Ok(consumed) = dkrle::decompress(input, &mut out) {
        assert!(consumed <= input.len());
    }
    let input = input.get(..input.len().min(2048)).unwrap_or(input);
    let stream = dk_compress(input);
    let mut back = vec![0u8; input.len()];
    assert_eq!(dkrle::decompress(&stream, &mut back), Ok(stream.len()));
    assert_eq!(back, input);
});
