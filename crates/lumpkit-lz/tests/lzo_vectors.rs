//! LZO1X against a second implementation: streams made by liblzo2 (committed vectors, see
//! `data/gen_lzo_vectors.py`) and by lzokay-native (generated here), decoded to the exact originals.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;

use lumpkit_lz::{LzError, lzo};
use proptest::prelude::*;

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/lzo")
}

#[test]
fn liblzo2_vectors_decode_exactly() {
    let mut checked = 0;
    for entry in std::fs::read_dir(data_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "raw") {
            continue;
        }
        let raw = std::fs::read(&path).unwrap();
        for level in ["l1", "l9"] {
            let stream = std::fs::read(path.with_extension(level)).unwrap();
            let mut out = vec![0u8; raw.len()];
            let d = lzo::decompress(&stream, &mut out)
                .unwrap_or_else(|e| panic!("{}.{level}: {e}", path.display()));
            assert_eq!(d.consumed, stream.len(), "{}.{level}", path.display());
            assert!(out == raw, "{}.{level} decoded differently", path.display());
            checked += 1;
        }
    }
    assert_eq!(checked, 18);
}

#[test]
fn every_truncation_of_every_vector_is_a_typed_error() {
    for name in ["text", "mixed", "short", "zeros"] {
        let raw = std::fs::read(data_dir().join(format!("{name}.raw"))).unwrap();
        let stream = std::fs::read(data_dir().join(format!("{name}.l9"))).unwrap();
        let mut out = vec![0u8; raw.len()];
        for cut in 0..stream.len() {
            let r = lzo::decompress(&stream[..cut], &mut out);
            assert!(
                matches!(
                    r,
                    Err(LzError::InputOverrun { .. } | LzError::OutputShort { .. })
                ),
                "{name} cut at {cut}: {r:?}"
            );
        }
        // A buffer one byte short or long is refused.
        let mut short = vec![0u8; raw.len() - 1];
        assert!(lzo::decompress(&stream, &mut short).is_err());
        let mut long = vec![0u8; raw.len() + 1];
        assert!(lzo::decompress(&stream, &mut long).is_err());
    }
}

proptest! {
    /// Non-empty inputs only: lzokay writes nothing at all for an empty input (not even the
    /// end-of-stream marker liblzo writes), which our decoder rightly reports as truncated.
    #[test]
    fn lzokay_round_trip(data in proptest::collection::vec(
        prop_oneof![Just(0u8), Just(1u8), any::<u8>()], 1..6000)) {
        let stream = lzokay_native::compress(&data).unwrap();
        let mut out = vec![0u8; data.len()];
        let d = lzo::decompress(&stream, &mut out).unwrap();
        prop_assert_eq!(d.consumed, stream.len());
        prop_assert_eq!(out, data);
    }

    #[test]
    fn corrupted_streams_never_panic(
        data in proptest::collection::vec(any::<u8>(), 1..2000),
        flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6),
        size in 0usize..8000,
    ) {
        let mut stream = lzokay_native::compress(&data).unwrap();
        for (i, v) in flips {
            let at = i.index(stream.len());
            stream[at] = v;
        }
        let mut out = vec![0u8; size];
        let _ = lzo::decompress(&stream, &mut out);
    }

    #[test]
    fn arbitrary_input_never_panics(input in proptest::collection::vec(any::<u8>(), 0..512), size in 0usize..4096) {
        let mut out = vec![0u8; size];
        if let Err(e) = lzo::decompress(&input, &mut out) {
            prop_assert!(e.offset() <= input.len());
        }
    }
}
