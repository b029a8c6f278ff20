//! LZO1X on arbitrary input with an arbitrary output size (first two bytes): never a panic, never an
//! offset past the input.
#![no_main]

use lumpkit_lz::lzo;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let (size, input) = match data {
        [a, b, rest @ ..] => (usize::from(u16::from_le_bytes([*a, *b])), rest),
        _ => return,
    };
    let mut out = vec![0u8; size];
    match lzo::decompress(input, &mut out) {
        Ok(d) => assert!(d.consumed <= input.len()),
        Err(e) => assert!(e.offset() <= input.len()),
    }
});
