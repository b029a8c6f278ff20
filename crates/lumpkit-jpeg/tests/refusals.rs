//! What each backend refuses, and with which error, on streams our own baseline writer makes
//! (lumpkit-testgen): so the refusals are tested without `../shared` and on both backends alike.

use lumpkit_jpeg::{Alpha, Backend, JpegError, decode_with_alpha};
use lumpkit_testgen::jpeg::{frame_chunk, level_chunk, shared_header};

const BACKENDS: [Backend; 2] = [Backend::Zune, Backend::JpegDecoder];
const STORED: [usize; 4] = [0, 1, 2, 3];

/// A `width × height` four-component stream whose samples are 10, 20, 30, 40 in every block.
fn stream(width: u16, height: u16) -> (Vec<u8>, Vec<u8>) {
    let levels = [10u8, 20, 30, 40];
    (
        shared_header(),
        level_chunk(width, height, |_, _, c| levels.get(c).copied().unwrap_or(0)),
    )
}

fn decode(
    backend: Backend,
    header: &[u8],
    chunk: &[u8],
    max_alloc: u64,
    alpha: Alpha,
) -> Result<lumpkit_jpeg::Decoded, JpegError> {
    decode_with_alpha(backend, &[header, chunk], max_alloc, STORED, alpha)
}

#[test]
fn both_backends_decode_the_writers_stream_exactly() {
    let (header, chunk) = stream(16, 8);
    for backend in BACKENDS {
        let decoded = decode(backend, &header, &chunk, 1 << 20, Alpha::Stored).expect("decodes");
        assert_eq!((decoded.width, decoded.height), (16, 8), "{backend:?}");
        assert_eq!(decoded.samples.len(), 16 * 8 * 4);
        assert!(
            decoded
                .samples
                .chunks_exact(4)
                .all(|px| px == [10, 20, 30, 40]),
            "{backend:?}: {:?}",
            decoded.samples.get(..8)
        );
    }
}

#[test]
fn opaque_alpha_replaces_the_fourth_component_on_both_backends() {
    let (header, chunk) = stream(8, 8);
    for backend in BACKENDS {
        let decoded = decode(backend, &header, &chunk, 1 << 20, Alpha::Opaque).expect("decodes");
        assert!(
            decoded
                .samples
                .chunks_exact(4)
                .all(|px| px == [10, 20, 30, 255]),
            "{backend:?}"
        );
    }
}

#[test]
fn a_frame_over_the_allocation_limit_is_refused_before_decoding() {
    // 64 × 64 × 4 = 16,384 bytes of output; the compressed stream is a few hundred bytes.
    let (header, chunk) = stream(64, 64);
    for backend in BACKENDS {
        let err = decode(backend, &header, &chunk, 16_383, Alpha::Stored).expect_err("refused");
        assert_eq!(
            err,
            JpegError::TooLarge {
                needed: 16_384,
                allowed: 16_383
            },
            "{backend:?}"
        );
        assert!(decode(backend, &header, &chunk, 16_384, Alpha::Stored).is_ok());
    }
}

#[test]
fn zune_refuses_a_compressed_stream_larger_than_the_limit() {
    // The joined copy of the compressed bytes is itself an allocation the limit bounds.
    let (header, chunk) = stream(8, 8);
    let total = (header.len() + chunk.len()) as u64;
    let err =
        decode(Backend::Zune, &header, &chunk, total - 1, Alpha::Stored).expect_err("refused");
    assert_eq!(
        err,
        JpegError::TooLarge {
            needed: total,
            allowed: total - 1
        }
    );
}

#[test]
fn zune_refuses_a_coefficient_plane_larger_than_the_limit() {
    // A 1-pixel-wide frame needs 4 bytes a row of output, but zune-jpeg pads a component's 16-bit
    // coefficient plane to whole 16 × 16 MCUs: 4 MCU rows × 512 bytes = 2,048 bytes for 64 rows,
    // more than the 256 bytes of output the limit allows.
    let (header, chunk) = stream(1, 64);
    let max_alloc = (header.len() + chunk.len()).max(256) as u64;
    let err =
        decode(Backend::Zune, &header, &chunk, max_alloc, Alpha::Stored).expect_err("refused");
    assert_eq!(
        err,
        JpegError::TooLarge {
            needed: 2048,
            allowed: max_alloc
        }
    );
}

#[test]
fn a_frame_without_four_components_is_refused() {
    for components in [1u8, 3] {
        let chunk = frame_chunk(8, 8, components, |_, _, _| 128);
        for backend in BACKENDS {
            let err = decode(backend, &shared_header(), &chunk, 1 << 20, Alpha::Stored)
                .expect_err("refused");
            assert_eq!(
                err,
                JpegError::NotFourComponents,
                "{backend:?}, {components} components"
            );
        }
    }
}

#[test]
fn a_zero_sized_frame_is_refused_by_the_decoders_themselves() {
    // Both decoders reject a zero dimension in the frame header before lumpkit sees the frame,
    // so `EmptyFrame` stays a guard should a decoder version change that.
    for (width, height) in [(0u16, 8u16), (8, 0)] {
        let (header, chunk) = stream(width, height);
        for backend in BACKENDS {
            let err =
                decode(backend, &header, &chunk, 1 << 20, Alpha::Stored).expect_err("refused");
            assert!(
                matches!(err, JpegError::Malformed(_)),
                "{backend:?} {width}x{height}: {err:?}"
            );
        }
    }
}

#[test]
fn tables_without_a_frame_are_malformed() {
    for backend in BACKENDS {
        let err = decode(
            backend,
            &shared_header(),
            &[0xFF, 0xD9],
            1 << 20,
            Alpha::Stored,
        )
        .expect_err("refused");
        assert!(
            matches!(err, JpegError::Malformed(_)),
            "{backend:?}: {err:?}"
        );
    }
}

#[test]
fn every_error_says_what_was_refused() {
    let cases = [
        (
            JpegError::NotFourComponents,
            "not a four-component 8-bit JPEG",
        ),
        (JpegError::EmptyFrame, "zero-sized JPEG frame"),
        (
            JpegError::TooLarge {
                needed: 16_384,
                allowed: 100,
            },
            "JPEG frame needs 16384 bytes, 100 allowed",
        ),
        (
            JpegError::Malformed("no SOF".into()),
            "malformed JPEG: no SOF",
        ),
    ];
    for (err, text) in cases {
        assert_eq!(err.to_string(), text);
    }
}
