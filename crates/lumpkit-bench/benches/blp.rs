//! BLP: decoding level 0 of the shared real-world files with lumpkit, image-blp and wow-blp side by
//! side (each from the file's bytes to RGBA8): `blp_decode/<file>` for every palette, DXT and raw
//! file lumpkit decodes, plus generated 512×512 raw files both anchors read; and header + mip-table
//! parse time of a small and a large file (zero-copy parsing should not depend on file size).
//!
//! `blp_decode_into/<file>` puts the caller-buffer API (`Format::decode_into`, one buffer reused
//! across iterations, as an engine does) beside `decode`, the path the facade took before it
//! (a zero-filled buffer, the codec, then a second pass for alphaBits 0; DXT files only) and
//! wow-blp, in one run, for the ratios of issue 15.
//!
//! `blp_jpeg/<file>` times every JPEG file of the shared corpus with the three crates, and
//! lumpkit-jpeg's zune-jpeg and jpeg-decoder backends on the joined stream alone.
//!
//! A crate that cannot decode a file (see `../shared/corpus/blp/SOURCES.md`) is left out of that
//! file's group rather than timed on its failure.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group};

#[path = "shared/one_thread.rs"]
mod one_thread;
use lumpkit::formats::blp::BlpFormat;
use lumpkit::{Context, Format, Selection};
use lumpkit_formats::Ignore;
use lumpkit_formats::blp::Blp;

#[path = "shared/blp_decoders.rs"]
mod blp_decoders;
use blp_decoders::{image_blp_decode, lumpkit_decode, wow_blp_decode};

/// Every file of the shared corpus that lumpkit decodes, JPEG files excepted (the `jpeg` group
/// times those), sorted by name; then raw BGRA files written by `lumpkit-testgen`, because the
/// corpus's only raw file (`wowserhq-format__raw.blp`, alphaBits 136) is one wow-blp refuses.
fn files(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    use lumpkit_formats::blp::Encoding;
    let mut out: Vec<(String, Vec<u8>)> = lumpkit_bench::files_with_extension(dir, "blp")
        .into_iter()
        .filter(|(_, bytes)| {
            Blp::parse(bytes, &mut Ignore).is_ok_and(|b| b.encoding() != Encoding::Jpeg)
                && lumpkit_decode(bytes).is_some()
        })
        .collect();
    out.extend(generated_raw());
    out
}

/// 512×512 raw BGRA BLP2 files with every mip level, alphaBits 8 and 0.
fn generated_raw() -> Vec<(String, Vec<u8>)> {
    use lumpkit_testgen::blp::{Spec, bgra, levels};
    [8, 0]
        .into_iter()
        .map(|alpha_bits| {
            let spec = Spec::v2(3, 8, alpha_bits, 512, 512, true);
            (
                format!("testgen__blp2_bgra_a{alpha_bits}_512.blp"),
                spec.file(&[0; 1024], &levels(&spec, bgra)),
            )
        })
        .collect()
}

/// Whether `f` decodes `bytes`: some anchors panic on malformed files (image-blp inside
/// texpresso, on a short DXT level), which leaves the file out of their timing, quietly.
fn decodes(f: fn(&[u8]) -> Option<Vec<u8>>, bytes: &[u8]) -> bool {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let ok = std::panic::catch_unwind(|| f(bytes).is_some()).unwrap_or(false);
    std::panic::set_hook(hook);
    ok
}

fn decode(c: &mut Criterion) {
    let Some(dir) = lumpkit_bench::shared_corpus("blp") else {
        eprintln!("notice: ../shared/corpus/blp not found; skipping BLP benchmarks");
        return;
    };
    for (name, bytes) in files(&dir) {
        let mut group = c.benchmark_group(format!("blp_decode/{name}"));
        type Decoder = fn(&[u8]) -> Option<Vec<u8>>;
        let decoders: [(&str, Decoder); 3] = [
            ("lumpkit", lumpkit_decode),
            ("image-blp", image_blp_decode),
            ("wow-blp", wow_blp_decode),
        ];
        for (crate_name, f) in decoders {
            if decodes(f, &bytes) {
                group.bench_function(crate_name, |b| b.iter(|| f(black_box(&bytes))));
            } else {
                eprintln!("{crate_name} cannot decode {name}: left out");
            }
        }
        group.finish();
    }
}

/// The whole-file DXT decode as the facade did it before `decode_into`: parse, a zero-filled
/// image, the codec, then `force_opaque` as a second pass when alphaBits is 0.
fn lumpkit_zeroed_two_pass(bytes: &[u8]) -> Option<Vec<u8>> {
    use lumpkit_formats::blp::Encoding;
    let blp = Blp::parse(bytes, &mut Ignore).ok()?;
    let mip = blp.mip(0, &mut Ignore).ok()?;
    let format = match blp.encoding() {
        Encoding::Dxt1 => lumpkit_dxt::Dxt::Dxt1,
        Encoding::Dxt3 => lumpkit_dxt::Dxt::Dxt3,
        Encoding::Dxt5 => lumpkit_dxt::Dxt::Dxt5,
        _ => return None,
    };
    let mut image = lumpkit::Image::zeroed(mip.width, mip.height, &Default::default()).ok()?;
    let need = usize::try_from(blp.data_len(0)?).ok()?;
    lumpkit_dxt::decode(
        format,
        mip.width,
        mip.height,
        mip.data.get(..need)?,
        &mut image.rgba,
    )
    .ok()?;
    if blp.alpha_bits() == 0 {
        lumpkit_pixels::alpha::force_opaque(&mut image.rgba);
    }
    Some(image.rgba)
}

/// DXT and raw files (of [`files`]) and one palette file: `decode_into` a reused buffer against the
/// rest.
fn into_files(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    use lumpkit_formats::blp::Encoding;
    files(dir)
        .into_iter()
        .filter(|(name, bytes)| {
            name == "wowserhq-format__pala8.blp"
                || Blp::parse(bytes, &mut Ignore).is_ok_and(|b| {
                    matches!(
                        b.encoding(),
                        Encoding::Dxt1 | Encoding::Dxt3 | Encoding::Dxt5 | Encoding::Bgra
                    )
                })
        })
        .collect()
}

fn decode_into(c: &mut Criterion) {
    let Some(dir) = lumpkit_bench::shared_corpus("blp") else {
        return;
    };
    let ctx = Context::default();
    let sel = Selection::default();
    for (name, bytes) in into_files(&dir) {
        let Ok((w, h)) = BlpFormat.decoded_size(&ctx, &bytes, &sel) else {
            continue;
        };
        let mut buffer = vec![0u8; w as usize * h as usize * 4];
        let mut group = c.benchmark_group(format!("blp_decode_into/{name}"));
        group.bench_function("lumpkit decode_into", |b| {
            b.iter(|| {
                BlpFormat
                    .decode_into(&ctx, black_box(&bytes), &sel, &mut buffer)
                    .ok()
            })
        });
        group.bench_function("lumpkit decode", |b| {
            b.iter(|| lumpkit_decode(black_box(&bytes)))
        });
        if lumpkit_zeroed_two_pass(&bytes).is_some() {
            group.bench_function("lumpkit before (zeroed, two passes)", |b| {
                b.iter(|| lumpkit_zeroed_two_pass(black_box(&bytes)))
            });
        }
        if decodes(wow_blp_decode, &bytes) {
            group.bench_function("wow-blp", |b| b.iter(|| wow_blp_decode(black_box(&bytes))));
        }
        group.finish();
    }
}

/// Every JPEG file of the shared corpus, level 0: the three crates from the file's bytes, and
/// lumpkit-jpeg's two backends on the joined stream alone (zune-jpeg, the default, against
/// jpeg-decoder, which lumpkit used before), for the JPEG row of issue 15.
fn jpeg(c: &mut Criterion) {
    use lumpkit_formats::blp::{Encoding, Joined};
    use lumpkit_jpeg::Backend;
    let Some(dir) = lumpkit_bench::shared_corpus("blp") else {
        return;
    };
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".blp"))
        .collect();
    names.sort();
    for name in names {
        let Ok(bytes) = std::fs::read(dir.join(&name)) else {
            continue;
        };
        let Ok(blp) = Blp::parse(&bytes, &mut Ignore) else {
            continue;
        };
        if blp.encoding() != Encoding::Jpeg || lumpkit_decode(&bytes).is_none() {
            continue;
        }
        let Ok(mip) = blp.mip(0, &mut Ignore) else {
            continue;
        };
        let joined = Joined {
            head: blp.jpeg_header(),
            tail: mip.data,
        };
        let mut pieces = Vec::new();
        joined.spliced(|p| pieces.push(p));
        let mut group = c.benchmark_group(format!("blp_jpeg/{name}"));
        // A decode of a quarter second or more (`pillow__blp1_jpeg2`): ten samples, so that the
        // whole group stays within a minute.
        let started = std::time::Instant::now();
        let _ = lumpkit_decode(&bytes);
        if started.elapsed() > std::time::Duration::from_millis(20) {
            group.sample_size(10);
        }
        type Decoder = fn(&[u8]) -> Option<Vec<u8>>;
        let decoders: [(&str, Decoder); 3] = [
            ("lumpkit", lumpkit_decode),
            ("image-blp", image_blp_decode),
            ("wow-blp", wow_blp_decode),
        ];
        for (crate_name, f) in decoders {
            if decodes(f, &bytes) {
                group.bench_function(crate_name, |b| b.iter(|| f(black_box(&bytes))));
            }
        }
        let level = blp.mip(0, &mut Ignore).ok();
        if let Some((w, h)) = level.map(|m| (m.width, m.height)) {
            // The caller-buffer path: a level-sized frame is decoded straight into the buffer.
            let ctx = Context::default();
            let sel = Selection::default();
            let mut buffer = vec![0u8; w as usize * h as usize * 4];
            group.bench_function("lumpkit decode_into", |b| {
                b.iter(|| {
                    BlpFormat
                        .decode_into(&ctx, black_box(&bytes), &sel, &mut buffer)
                        .ok()
                })
            });
        }
        for (label, backend) in [
            ("lumpkit-jpeg zune-jpeg (codec only)", Backend::Zune),
            (
                "lumpkit-jpeg jpeg-decoder (codec only)",
                Backend::JpegDecoder,
            ),
        ] {
            group.bench_function(label, |b| {
                b.iter(|| {
                    lumpkit_jpeg::decode_four_components_with(
                        backend,
                        black_box(&pieces),
                        1 << 30,
                        [2, 1, 0, 3],
                    )
                    .ok()
                })
            });
        }
        group.finish();
    }
}

fn parse(c: &mut Criterion) {
    let Some(dir) = lumpkit_bench::shared_corpus("blp") else {
        return;
    };
    let mut group = c.benchmark_group("blp_parse");
    for name in ["wc3lib__TeamColor00.blp", "wc3lib__HumanCampaignCastle.blp"] {
        let Ok(bytes) = std::fs::read(dir.join(name)) else {
            continue;
        };
        let label = format!("{name} ({} bytes)", bytes.len());
        group.bench_function(format!("lumpkit/{label}"), |b| {
            b.iter(|| {
                let blp = Blp::parse(black_box(&bytes), &mut Ignore).ok()?;
                let mut sum = 0u64;
                for level in 0..blp.level_count() {
                    sum += blp.mip(level, &mut Ignore).ok()?.data.len() as u64;
                }
                Some(sum)
            })
        });
        group.bench_function(format!("image-blp/{label}"), |b| {
            b.iter(|| image_blp::parser::load_blp_from_buf(black_box(&bytes)).is_ok())
        });
        group.bench_function(format!("wow-blp/{label}"), |b| {
            b.iter(|| wow_blp::parser::load_blp_from_buf(black_box(&bytes)).is_ok())
        });
    }
    group.finish();
}

criterion_group!(benches, decode, decode_into, jpeg, parse);
fn main() {
    one_thread::main_on_one_thread(benches);
}
