//! Palette block RLE: the test encoder's streams decode to the original; damaged streams fail with
//! typed errors.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use lumpkit_lz::rle;
use lumpkit_testgen::lz::rle_compress;
use proptest::prelude::*;

proptest! {
    #[test]
    fn round_trip(data in proptest::collection::vec(prop_oneof![Just(0u8), Just(7u8), any::<u8>()], 0..3000)) {
        let stream = rle_compress(&data);
        let mut out = vec![0u8; data.len()];
        prop_assert_eq!(rle::decompress(&stream, &mut out).unwrap(), stream.len());
        prop_assert_eq!(&out, &data);
        for cut in 0..stream.len() {
            prop_assert!(rle::decompress(&stream[..cut], &mut out).is_err());
        }
    }

    #[test]
    fn arbitrary_input_never_panics(input in proptest::collection::vec(any::<u8>(), 0..600), size in 0usize..3000) {
        let mut out = vec![0u8; size];
        match rle::decompress(&input, &mut out) {
            Ok(n) => prop_assert!(n <= input.len()),
            Err(e) => prop_assert!(e.offset() <= input.len()),
        }
    }
}
