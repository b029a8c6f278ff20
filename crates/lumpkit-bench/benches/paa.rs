//! PAA decode throughput (MB of RGBA8 per second) on the shared real files, side by side with
//! texpresso and lumpkit-dxt decoding the same DXT blocks alone (already decompressed), a memcpy of
//! the output size,
//! and the codecs alone: our LZO1X next to lzokay-native, our LZSS next to a memcpy.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group};

#[path = "shared/one_thread.rs"]
mod one_thread;
use lumpkit::{Context, Selection};
use lumpkit_formats::Ignore;
use lumpkit_formats::paa::{Compression, Paa, PaaType};

fn files() -> Vec<(String, Vec<u8>)> {
    lumpkit_bench::shared_corpus("paa")
        .map(|d| lumpkit_bench::files_with_extension(&d, "paa"))
        .unwrap_or_default()
}

/// Level 0's uncompressed payload.
fn level0(bytes: &[u8]) -> (Paa<'_>, Vec<u8>) {
    let paa = Paa::parse(bytes, &mut Ignore).unwrap();
    let (mip, payload) = paa.payload(0).unwrap();
    let mut out = vec![0u8; mip.expected_len as usize];
    match mip.compression {
        Compression::Raw => {
            let n = out.len();
            out.copy_from_slice(&payload[..n]);
        }
        Compression::Lzo => {
            lumpkit_lz::lzo::decompress(payload, &mut out).unwrap();
        }
        Compression::Lzss => {
            lumpkit_lz::lzss::decompress(payload, &mut out).unwrap();
        }
        Compression::Rle => unreachable!(),
    }
    (paa, out)
}

fn decode(c: &mut Criterion) {
    let format = lumpkit::by_name("paa").unwrap();
    let ctx = Context::default();
    for (name, bytes) in files() {
        let (paa, blocks) = level0(&bytes);
        let mip = paa.mips()[0];
        let (w, h) = (usize::from(mip.width), usize::from(mip.height));
        let rgba_len = w * h * 4;
        let mut g = c.benchmark_group(format!("paa/{name}"));
        g.throughput(Throughput::Bytes(rgba_len as u64));
        g.bench_function("lumpkit", |b| {
            b.iter(|| {
                format
                    .decode(&ctx, black_box(&bytes), &Selection::default())
                    .unwrap()
            })
        });
        let tex = match paa.kind {
            PaaType::Dxt1 => Some((texpresso::Format::Bc1, lumpkit_dxt::Dxt::Dxt1)),
            PaaType::Dxt3 => Some((texpresso::Format::Bc2, lumpkit_dxt::Dxt::Dxt3)),
            PaaType::Dxt5 => Some((texpresso::Format::Bc3, lumpkit_dxt::Dxt::Dxt5)),
            _ => None,
        };
        if let Some((tex, ours)) = tex {
            g.bench_function("texpresso-blocks-only", |b| {
                let mut out = vec![0u8; rgba_len];
                b.iter(|| tex.decompress(black_box(&blocks), w, h, &mut out))
            });
            g.bench_function("lumpkit-dxt-blocks-only", |b| {
                let mut out = vec![0u8; rgba_len];
                let (w, h) = (w as u32, h as u32);
                b.iter(|| lumpkit_dxt::decode_into(ours, w, h, black_box(&blocks), &mut out))
            });
        }
        let src = vec![7u8; rgba_len];
        g.bench_function("memcpy", |b| {
            let mut out = vec![0u8; rgba_len];
            b.iter(|| out.copy_from_slice(black_box(&src)))
        });
        g.finish();
    }
}

fn codecs(c: &mut Criterion) {
    for (name, bytes) in files() {
        let paa = Paa::parse(&bytes, &mut Ignore).unwrap();
        let (mip, payload) = paa.payload(0).unwrap();
        let len = mip.expected_len as usize;
        let mut g = c.benchmark_group(format!("codec/{name}"));
        g.throughput(Throughput::Bytes(len as u64));
        match mip.compression {
            Compression::Lzo
                if name.starts_with("cba_scopeblack") || name.starts_with("hemtt_dxt1") =>
            {
                g.bench_function("lumpkit-lzo", |b| {
                    let mut out = vec![0u8; len];
                    b.iter(|| lumpkit_lz::lzo::decompress(black_box(payload), &mut out).unwrap())
                });
                g.bench_function("lzokay-native", |b| {
                    b.iter(|| lzokay_native::decompress_all(black_box(payload), Some(len)).unwrap())
                });
            }
            Compression::Lzss => {
                g.bench_function("lumpkit-lzss", |b| {
                    let mut out = vec![0u8; len];
                    b.iter(|| lumpkit_lz::lzss::decompress(black_box(payload), &mut out).unwrap())
                });
            }
            _ => {
                g.finish();
                continue;
            }
        }
        let src = vec![7u8; len];
        g.bench_function("memcpy", |b| {
            let mut out = vec![0u8; len];
            b.iter(|| out.copy_from_slice(black_box(&src)))
        });
        g.finish();
    }
}

criterion_group!(benches, decode, codecs);
fn main() {
    one_thread::main_on_one_thread(benches);
}
