//! The pixel step alone, today's code next to the code it replaced (kept below in `before`, as it
//! was): BLP palette + alpha plane on level 0 of every indexed BLP in the shared corpus (every alpha
//! depth), BLP2 raw BGRA, and PAA's packed 16-bit types on synthetic 1024² data. The whole-file
//! comparison with image-blp and wow-blp is `blp_decode` in the `blp` bench.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lumpkit_formats::Ignore;
use lumpkit_formats::blp::{Blp, Encoding};
use lumpkit_pixels::{alpha, bgra, packed, palette};

/// The per-channel, two-pass code of lumpkit-pixels before issue 15, for the before/after ratio.
mod before {
    pub fn bgrx_to_rgba(indices: &[u8], palette: &[[u8; 4]; 256], out: &mut [u8]) {
        for (&i, px) in indices.iter().zip(out.chunks_exact_mut(4)) {
            let [b, g, r, _] = palette[usize::from(i)];
            px.copy_from_slice(&[r, g, b, 255]);
        }
    }

    pub fn apply(bits: u8, plane: &[u8], rgba: &mut [u8]) {
        let alphas = rgba.chunks_exact_mut(4).filter_map(|px| px.get_mut(3));
        match bits {
            8 => alphas.zip(plane).for_each(|(a, &v)| *a = v),
            4 => {
                let values = plane.iter().flat_map(|&b| [b & 0x0F, b >> 4]);
                alphas
                    .zip(values)
                    .for_each(|(a, v)| *a = v.saturating_mul(17));
            }
            1 => {
                let values = plane
                    .iter()
                    .flat_map(|&b| (0..8).map(move |i| (b >> i) & 1));
                alphas
                    .zip(values)
                    .for_each(|(a, v)| *a = if v == 1 { 255 } else { 0 });
            }
            _ => alphas.for_each(|a| *a = 255),
        }
    }

    pub fn bgra_to_rgba(bgra: &[u8], rgba: &mut [u8]) {
        for (src, dst) in bgra.chunks_exact(4).zip(rgba.chunks_exact_mut(4)) {
            if let ([b, g, r, a], [dr, dg, db, da]) = (src, dst) {
                (*dr, *dg, *db, *da) = (*r, *g, *b, *a);
            }
        }
    }

    const fn x17(v: u16) -> u8 {
        let v = (v & 0xF) as u8;
        (v << 4) | v
    }

    const fn rep5(v: u16) -> u8 {
        let v = (v & 0x1F) as u8;
        (v << 3) | (v >> 2)
    }

    pub fn argb4444_to_rgba(src: &[u8], out: &mut [u8]) {
        for (px, o) in src.chunks_exact(2).zip(out.chunks_exact_mut(4)) {
            let v = u16::from_le_bytes([
                px.first().copied().unwrap_or(0),
                px.get(1).copied().unwrap_or(0),
            ]);
            o.copy_from_slice(&[x17(v >> 8), x17(v >> 4), x17(v), x17(v >> 12)]);
        }
    }

    pub fn argb1555_to_rgba(src: &[u8], out: &mut [u8]) {
        for (px, o) in src.chunks_exact(2).zip(out.chunks_exact_mut(4)) {
            let v = u16::from_le_bytes([
                px.first().copied().unwrap_or(0),
                px.get(1).copied().unwrap_or(0),
            ]);
            let a = if v & 0x8000 != 0 { 255 } else { 0 };
            o.copy_from_slice(&[rep5(v >> 10), rep5(v >> 5), rep5(v), a]);
        }
    }

    pub fn ai88_to_rgba(src: &[u8], out: &mut [u8]) {
        for (px, o) in src.chunks_exact(2).zip(out.chunks_exact_mut(4)) {
            if let [i, a] = *px {
                o.copy_from_slice(&[i, i, i, a]);
            }
        }
    }
}

fn blp_palette(c: &mut Criterion) {
    let Some(dir) = lumpkit_bench::shared_corpus("blp") else {
        eprintln!("notice: ../shared/corpus/blp not found; skipping the palette benchmarks");
        return;
    };
    for (name, bytes) in lumpkit_bench::files_with_extension(&dir, "blp") {
        let Ok(blp) = Blp::parse(&bytes, &mut Ignore) else {
            continue;
        };
        let (Encoding::Indexed, Some(pal), Ok(mip)) =
            (blp.encoding(), blp.palette(), blp.mip(0, &mut Ignore))
        else {
            continue;
        };
        let pixels = (mip.width * mip.height) as usize;
        let bits = blp.alpha_bits();
        let need = pixels + alpha::plane_len(pixels, bits);
        if mip.data.len() < need || pixels < 1024 {
            continue;
        }
        let (indices, plane) = mip.data[..need].split_at(pixels);
        let mut g = c.benchmark_group(format!("palette/{name} (alpha {bits})"));
        g.throughput(Throughput::Bytes(pixels as u64 * 4));
        let mut out = vec![0u8; pixels * 4];
        g.bench_function("one-pass", |b| {
            b.iter(|| {
                palette::bgrx_with_alpha_to_rgba(black_box(indices), pal, bits, plane, &mut out)
            })
        });
        g.bench_function("before-two-pass", |b| {
            b.iter(|| {
                before::bgrx_to_rgba(black_box(indices), pal, &mut out);
                before::apply(bits, plane, &mut out);
            })
        });
        g.finish();
    }
}

fn packed_and_raw(c: &mut Criterion) {
    let pixels = 1024 * 1024;
    let src: Vec<u8> = (0..pixels * 4).map(|i| (i * 7 + i / 13) as u8).collect();
    let mut out = vec![0u8; pixels * 4];
    type Pair = (
        &'static str,
        usize,
        fn(&[u8], &mut [u8]) -> Result<(), lumpkit_pixels::SizeMismatch>,
        fn(&[u8], &mut [u8]),
    );
    let cases: [Pair; 4] = [
        ("bgra8888", 4, bgra::to_rgba, before::bgra_to_rgba),
        (
            "argb4444",
            2,
            packed::argb4444_to_rgba,
            before::argb4444_to_rgba,
        ),
        (
            "argb1555",
            2,
            packed::argb1555_to_rgba,
            before::argb1555_to_rgba,
        ),
        ("ai88", 2, packed::ai88_to_rgba, before::ai88_to_rgba),
    ];
    for (name, in_bytes, now, old) in cases {
        let input = &src[..pixels * in_bytes];
        let mut g = c.benchmark_group(format!("packed/{name}-1024"));
        g.throughput(Throughput::Bytes(pixels as u64 * 4));
        g.bench_function("now", |b| b.iter(|| now(black_box(input), &mut out)));
        g.bench_function("before", |b| b.iter(|| old(black_box(input), &mut out)));
        g.finish();
    }
    let mut g = c.benchmark_group("packed/memcpy-1024");
    g.throughput(Throughput::Bytes(pixels as u64 * 4));
    g.bench_function("memcpy", |b| {
        b.iter(|| out.copy_from_slice(black_box(&src)))
    });
    g.finish();
}

criterion_group!(benches, blp_palette, packed_and_raw);
criterion_main!(benches);
