//! Every lumpkit-decompress codec on arbitrary bytes: the first byte picks the method (or, from 0xF0
//! up, a whole MPQ sector with its mask byte), the second the output limit. Nothing may panic, hang,
//! or write past the limit. bzip2, decoded by our own decoder (falling back to the `bzip2` crate), is
//! also checked against the `bzip2` crate alone: whatever ours accepts, it accepts with the same bytes.
//! PKWARE DCL (ours, falling back to the `explode` crate) is checked against `explode` alone both
//! ways: the same verdict, and the same bytes when it accepts. zlib and raw deflate (zlib-rs first,
//! miniz_oxide on refusal) are checked where it matters: whatever zlib-rs alone accepts within
//! the limit, miniz_oxide alone accepts with the same bytes (so the fast path never decides a
//! stream the reference would have decided otherwise). A member checked as it is decoded
//! (`decompress_sized_to`, never held) gets the verdict and the bytes a held one gets
//! (`decompress_sized`), whichever decoder had handed bytes on before a refusal; so does an MPQ
//! single unit (`mpq_sector_to` against `mpq_sector`).
#![no_main]

use std::io::Read;

use libfuzzer_sys::fuzz_target;
use lumpkit_decompress::{
    Method, decompress, decompress_sized, decompress_sized_to, mpq_sector, mpq_sector_to,
};

fuzz_target!(|data: &[u8]| {
    let [selector, size, input @ ..] = data else {
        return;
    };
    // Limits from 0 to 1 MiB, in steps that reach both tiny and roomy buffers.
    let limit = (usize::from(*size) * usize::from(*size)) << 4;
    let mut out = Vec::new();
    if *selector >= 0xF0 {
        let expected = limit.min(1 << 16);
        let held = mpq_sector(input, expected, &mut out);
        if held.is_ok() {
            assert_eq!(out.len(), expected);
        }
        // An MPQ single unit checked as it is decoded: the held verdict and bytes.
        let mut streamed = Vec::new();
        let verdict = mpq_sector_to(input, expected, &mut |piece| {
            streamed.extend_from_slice(piece)
        });
        assert_eq!(verdict, held, "mpq: streamed and held verdicts differ");
        if held.is_ok() {
            assert!(streamed == out, "mpq: streamed and held bytes differ");
        }
        return;
    }
    let method = Method::ALL[usize::from(*selector) % Method::ALL.len()];
    let verdict = decompress(method, input, &mut out, limit);
    // What the CLI prints of a refusal, with the fuzzed values in it.
    if let Err(e) = &verdict {
        assert!(!e.to_string().is_empty() && method.to_string() == method.name());
    }
    if method == Method::PkwareDcl {
        // The crate alone, unbounded (a DCL stream expands at most ~190 times); over the limit is
        // the same verdict as ours only when its output really is longer.
        let reference = explode::explode(input);
        match (&verdict, &reference) {
            (Ok(_), Ok(bytes)) => assert!(*bytes == out, "dcl: ours and explode differ"),
            (Err(lumpkit_decompress::Error::OutputLimit { .. }), Ok(bytes)) => {
                assert!(
                    bytes.len() > limit,
                    "dcl: over the limit, but explode made {}",
                    bytes.len()
                );
                assert!(
                    bytes[..limit] == out[..],
                    "dcl: the prefix differs from explode's"
                );
            }
            (Ok(_), Err(e)) => panic!("dcl: ours accepts what explode refuses: {e:?}"),
            (Err(_), Ok(bytes)) if bytes.len() <= limit => {
                panic!("dcl: ours refuses ({verdict:?}) what explode reads")
            }
            _ => {}
        }
    }
    if matches!(method, Method::Zlib | Method::Deflate) {
        zlib_rs_agrees_with_miniz(input, method == Method::Zlib, limit);
    }
    streamed_as_held(method, input, limit);
    if let Ok(n) = verdict {
        assert_eq!(n, out.len());
        if method == Method::Bzip2 {
            let mut reference = Vec::new();
            let verdict = bzip2::read::BzDecoder::new(input)
                .take(limit as u64 + 1)
                .read_to_end(&mut reference);
            assert!(
                verdict.is_ok(),
                "bzip2: ours accepts what the bzip2 crate refuses: {verdict:?}"
            );
            assert!(reference == out, "bzip2: ours and the bzip2 crate differ");
        }
    }
    assert!(
        out.len() <= limit,
        "{method}: wrote {} past a limit of {limit}",
        out.len()
    );
});

/// zlib-rs alone, one call into a buffer of `limit` bytes; when it reaches the stream's end,
/// miniz_oxide alone must too, with the same bytes.
fn zlib_rs_agrees_with_miniz(input: &[u8], zlib: bool, limit: usize) {
    let mut inflater = zlib_rs::Inflate::new(zlib, 15);
    let mut buf = vec![0u8; limit];
    let status = inflater.decompress(input, &mut buf, zlib_rs::InflateFlush::Finish);
    if status != Ok(zlib_rs::Status::StreamEnd) {
        return;
    }
    buf.truncate(inflater.total_out() as usize);
    let reference = if zlib {
        miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(input, limit)
    } else {
        miniz_oxide::inflate::decompress_to_vec_with_limit(input, limit)
    };
    match reference {
        Ok(bytes) => assert!(bytes == buf, "zlib-rs and miniz_oxide differ"),
        Err(e) => panic!("zlib-rs accepts what miniz_oxide refuses: {:?}", e.status),
    }
}

/// A member of `size` bytes streamed through a check gets the verdict a held one gets, and the
/// same bytes when both accept; nothing is handed on past the size.
fn streamed_as_held(method: Method, input: &[u8], size: usize) {
    let mut held = Vec::new();
    let held_verdict = decompress_sized(method, input, &mut held, size);
    let mut streamed = Vec::new();
    let streamed_verdict = decompress_sized_to(method, input, size as u64, &mut |piece| {
        streamed.extend_from_slice(piece)
    });
    assert_eq!(streamed_verdict, held_verdict, "{method}: streamed and held verdicts differ");
    assert!(streamed.len() <= size, "{method}: streamed past the size");
    if held_verdict.is_ok() {
        assert!(streamed == held, "{method}: streamed and held bytes differ");
    }
}
