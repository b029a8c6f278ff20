//! Streams of every kind `lumpkit_testgen::jpeg_stream` writes (baseline, extended, progressive
//! with successive approximation; subsampled; with restart markers; tables from fuzzed weights)
//! decode with both backends when the builder says they are clean, and the backends agree on
//! unsubsampled frames within the shared references' tolerance. The `jpeg_built` fuzz target
//! holds the same promise on fuzzed descriptions.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use arbitrary::{Arbitrary, Unstructured};
use lumpkit_jpeg::{Backend, decode_four_components_with};
use lumpkit_testgen::jpeg_stream::{Process, Stream};

fn random_bytes(state: &mut u32, n: usize) -> Vec<u8> {
    (0..n)
        .map(|_| {
            *state ^= *state << 13;
            *state ^= *state >> 17;
            *state ^= *state << 5;
            (*state >> 24) as u8
        })
        .collect()
}

#[test]
fn clean_streams_decode_with_both_backends() {
    let mut state = 0x1234_5678u32;
    let mut decoded = [0usize; 3];
    let mut compared = 0;
    for _ in 0..400 {
        let bytes = random_bytes(&mut state, 600);
        let Ok(mut stream) = Stream::arbitrary(&mut Unstructured::new(&bytes)) else {
            continue;
        };
        // The faults the builder can be asked for are left out: every stream here is clean.
        stream.raw_scans = false;
        stream.raw_fields = false;
        stream.huge = false;
        stream.spoils.clear();
        stream.extras.clear();
        stream.count = 7;
        stream.blocks.natural = true;
        stream.quant.iter_mut().for_each(|q| *q %= 9);
        let built = stream.build();
        assert!(built.clean);
        let pieces: [&[u8]; 1] = [&built.bytes];
        let zune = decode_four_components_with(Backend::Zune, &pieces, 1 << 24, [0, 1, 2, 3]);
        let oracle =
            decode_four_components_with(Backend::JpegDecoder, &pieces, 1 << 24, [0, 1, 2, 3]);
        let (z, o) = match (zune, oracle) {
            (Ok(z), Ok(o)) => (z, o),
            (z, o) => panic!("{stream:?}: zune {z:?}, jpeg-decoder {o:?}"),
        };
        assert_eq!((z.width, z.height), (o.width, o.height));
        assert_eq!(
            (z.width, z.height),
            (u32::from(built.width), u32::from(built.height))
        );
        if built.comparable {
            let worst = z
                .samples
                .iter()
                .zip(&o.samples)
                .map(|(a, b)| a.abs_diff(*b))
                .max()
                .unwrap_or(0);
            assert!(worst <= 3, "{stream:?}: backends differ by {worst}");
            compared += 1;
        }
        decoded[match stream.process {
            Process::Baseline => 0,
            Process::Extended => 1,
            Process::Progressive => 2,
        }] += 1;
    }
    eprintln!("decoded baseline/extended/progressive: {decoded:?}");
    assert!(decoded.iter().all(|&n| n > 20), "{decoded:?}");
    assert!(compared > 50, "{compared} compared");
}
