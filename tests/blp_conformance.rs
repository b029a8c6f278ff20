//! BLP against the shared real-world corpus (`../shared/corpus/blp/expected.tsv`: dimensions, mip
//! counts and sha256 of the RGBA8 pixels of every level), plus the decoding rules on our own files.
//! JPEG levels (`spec-ref-jpeg`) are compared with the raw references in `../shared/refs/blp` with
//! DESIGN.md's tolerance (every channel within 3, mean difference under 0.5), since IDCTs differ.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::io::Read;

use lumpkit::formats::blp::BlpFormat;
use lumpkit::{Context, Format, Selection};

fn decode(bytes: &[u8], mip: u32, stored_alpha: bool) -> Result<lumpkit::Image, lumpkit::Error> {
    let sel = Selection {
        mip,
        stored_alpha,
        ..Selection::default()
    };
    BlpFormat.decode(&Context::default(), bytes, &sel)
}

fn within_jpeg_tolerance(got: &[u8], want: &[u8]) -> Result<(), String> {
    if got.len() != want.len() {
        return Err(format!("{} bytes, want {}", got.len(), want.len()));
    }
    let diffs: Vec<u32> = got
        .iter()
        .zip(want)
        .map(|(a, b)| u32::from(a.abs_diff(*b)))
        .collect();
    let worst = diffs.iter().copied().max().unwrap_or(0);
    let mean = diffs.iter().sum::<u32>() as f64 / diffs.len().max(1) as f64;
    if worst <= 3 && mean < 0.5 {
        Ok(())
    } else {
        Err(format!("max diff {worst}, mean {mean:.3}"))
    }
}

#[test]
fn every_expected_fact_matches() {
    let Some((dir, facts)) = support::shared_facts("blp") else {
        return;
    };
    let refs = support::shared_path("refs/blp");
    let mut failures = Vec::new();
    for fact in &facts {
        let path = dir.join(&fact.file);
        let bytes = std::fs::read(&path).unwrap();
        let ctx = Context {
            path: Some(&path),
            ..Context::default()
        };
        let report = BlpFormat.inspect(&ctx, &bytes);
        let level = || -> u32 { fact.key.trim_start_matches("mip=").parse().unwrap() };
        let got = match fact.kind.as_str() {
            "mips" => report.mips.map(|m| m.to_string()).unwrap_or_default(),
            "dims" if level() == 0 => {
                format!("{}x{}", report.width.unwrap(), report.height.unwrap())
            }
            "dims" => {
                let levels = &report.fields["levels"];
                let l = &levels[level() as usize];
                format!("{}x{}", l["width"], l["height"])
            }
            "rgba-sha256" => match decode(&bytes, level(), false) {
                Ok(image) => {
                    let hash = support::sha256_hex(&image.rgba);
                    let reference = refs
                        .as_ref()
                        .map(|r| r.join(format!("{}.mip{}.rgba.gz", fact.file, level())));
                    match reference.filter(|r| fact.reference == "spec-ref-jpeg" && r.exists()) {
                        Some(r) => {
                            let mut want = Vec::new();
                            flate2::read::GzDecoder::new(std::fs::File::open(r).unwrap())
                                .read_to_end(&mut want)
                                .unwrap();
                            match within_jpeg_tolerance(&image.rgba, &want) {
                                Ok(()) => fact.expected.clone(),
                                Err(why) => format!("jpeg level off: {why}"),
                            }
                        }
                        None => hash,
                    }
                }
                Err(e) => format!("error {e}"),
            },
            other => panic!("unknown fact kind {other}"),
        };
        if got != fact.expected {
            failures.push(format!(
                "{} {} {}: want {} got {got}",
                fact.file, fact.kind, fact.key, fact.expected
            ));
        }
    }
    support::assert_facts_match("blp", facts.len(), &failures);
}

fn sample(name: &str) -> Vec<u8> {
    lumpkit_testgen::blp::samples()
        .into_iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("no sample {name}"))
        .bytes
}

#[test]
fn indexed_alpha_plane_unpacks_lsb_first_at_every_depth() {
    use lumpkit_testgen::blp::{indexed, palette};
    let pal = palette();
    for bits in [0u32, 1, 4, 8] {
        let bytes = sample(&format!("blp1-indexed-a{bits}-mips.blp"));
        let image = decode(&bytes, 0, false).unwrap();
        let data = indexed(8, 4, bits);
        for (i, px) in image.rgba.chunks_exact(4).enumerate() {
            let e = &pal[usize::from(data[i]) * 4..][..4];
            assert_eq!(
                &px[..3],
                &[e[2], e[1], e[0]],
                "bits {bits} pixel {i} colour"
            );
            let a = match bits {
                0 => 255,
                1 => ((data[32 + i / 8] >> (i % 8)) & 1) * 255,
                4 => ((data[32 + i / 2] >> (4 * (i % 2))) & 15) * 17,
                _ => data[32 + i],
            };
            assert_eq!(px[3], a, "bits {bits} pixel {i} alpha");
        }
    }
}

#[test]
fn jpeg_is_bgra_without_colour_transform_and_alpha_zero_means_opaque() {
    // Our writer's first block stores components (40, 60, 80, 100) as B, G, R, A.
    let image = decode(&sample("blp1-jpeg-a8-mips.blp"), 0, false).unwrap();
    assert_eq!(&image.rgba[..4], &[80, 60, 40, 100]);
    let opaque = decode(&sample("blp1-jpeg-a0.blp"), 0, false).unwrap();
    assert!(opaque.rgba.chunks_exact(4).all(|p| p[3] == 255));
    let stored = decode(&sample("blp1-jpeg-a0.blp"), 0, true).unwrap();
    assert_eq!(&stored.rgba[..4], &[80, 60, 40, 100]);
}

#[test]
fn jpeg_frame_of_another_size_is_cropped_and_padded_with_transparent_black() {
    let image = decode(&sample("jpeg-frame-16x8-in-12x12.blp"), 0, false).unwrap();
    assert_eq!((image.width, image.height), (12, 12));
    let px = |x: usize, y: usize| &image.rgba[(y * 12 + x) * 4..][..4];
    assert_eq!(px(11, 0), &[130, 110, 90, 150]);
    assert_eq!(px(0, 8), &[0, 0, 0, 0]);
    assert_eq!(px(11, 11), &[0, 0, 0, 0]);
}

#[test]
fn a_bad_later_level_leaves_level_0_readable_and_missing_levels_fail() {
    let bytes = sample("mip1-out-of-file.blp");
    assert!(decode(&bytes, 0, false).is_ok());
    assert_eq!(
        decode(&bytes, 1, false).unwrap_err().code(),
        "blp-mip-out-of-file"
    );
    assert_eq!(decode(&bytes, 2, false).unwrap().width, 2);
    let chain = sample("zero-size-mips-at-eof.blp");
    assert!(decode(&chain, 3, false).is_ok());
    assert_eq!(
        decode(&chain, 4, false).unwrap_err().code(),
        "blp-level-missing"
    );
    assert_eq!(
        decode(&chain, 99, false).unwrap_err().code(),
        "blp-level-missing"
    );
}

#[test]
fn blp0_levels_come_from_sibling_files() {
    let path = support::workspace_root().join("corpus/blp/blp0-indexed-a8.blp");
    let bytes = std::fs::read(&path).unwrap();
    let ctx = Context {
        path: Some(&path),
        ..Context::default()
    };
    let report = BlpFormat.inspect(&ctx, &bytes);
    assert_eq!(report.mips, Some(4));
    let image = BlpFormat
        .decode(
            &ctx,
            &bytes,
            &Selection {
                mip: 3,
                ..Selection::default()
            },
        )
        .unwrap();
    assert_eq!((image.width, image.height), (1, 1));
    // Without a path (or an archive) there is nowhere to look: not checked, not broken.
    let no_path = BlpFormat.decode(&Context::default(), &bytes, &Selection::default());
    assert_eq!(no_path.unwrap_err().code(), "blp-external-mips-unreachable");
}

#[test]
fn limits_are_checked_before_decoding() {
    let ctx = Context {
        limits: lumpkit::Limits {
            max_pixels: 16,
            ..lumpkit::Limits::DEFAULT
        },
        ..Context::default()
    };
    let bytes = sample("blp2-dxt5.blp");
    let e = BlpFormat
        .decode(&ctx, &bytes, &Selection::default())
        .unwrap_err();
    assert_eq!(e.code(), "limit-pixels");
}

fn inspect(bytes: &[u8]) -> lumpkit::Report {
    BlpFormat.inspect(&Context::default(), bytes)
}

fn codes(report: &lumpkit::Report) -> Vec<&'static str> {
    report.diagnostics.iter().map(|d| d.code()).collect()
}

#[test]
fn a_tables_only_header_and_abbreviated_image_streams_decode_like_one_jpeg() {
    // Same tables and frames as `blp1-jpeg-a8-mips.blp`, stored as T.81's abbreviated pair: the
    // shared header ends in EOI, every chunk starts with SOI (as libjpeg and Pillow read them).
    let abbreviated = sample("blp1-jpeg-abbreviated-a8-mips.blp");
    let interchange = sample("blp1-jpeg-a8-mips.blp");
    let report = inspect(&abbreviated);
    assert_eq!(codes(&report), Vec::<&str>::new());
    assert_eq!(report.mips, Some(5));
    for mip in 0..5 {
        let got = decode(&abbreviated, mip, false).unwrap();
        let want = decode(&interchange, mip, false).unwrap();
        assert_eq!(got, want, "mip {mip}");
    }
    // Data that really has no frame is still refused.
    let e = decode(&sample("jpeg-no-frame.blp"), 0, false).unwrap_err();
    assert_eq!(e.code(), "blp-jpeg-invalid");
}

#[test]
fn a_larger_jpeg_frame_is_cropped_and_reported_once_as_info() {
    let bytes = sample("jpeg-1x2-frame-for-1x1-level.blp");
    let report = inspect(&bytes);
    assert_eq!(report.status(), lumpkit::Status::Ok);
    let cropped: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.code() == "blp-jpeg-frame-cropped")
        .collect();
    assert_eq!(cropped.len(), 1);
    // One level, reported at mip 3's chunk.
    let blp = lumpkit_formats::blp::Blp::parse(&bytes, &mut lumpkit_formats::Ignore).unwrap();
    assert_eq!(cropped[0].args[0], 1);
    assert_eq!(cropped[0].offset, blp.entry(3).map(|(offset, _)| offset));
    // The spec's Mac versions fail on it: an error under `--target wc3-mac` only.
    let mac = lumpkit::Context {
        targets: lumpkit::Targets::of(lumpkit::Engine::Wc3Mac),
        ..lumpkit::Context::default()
    };
    let format = lumpkit::by_name("blp").unwrap();
    assert_eq!(
        format.inspect(&mac, &bytes).status(),
        lumpkit::Status::Error
    );
    let windows = lumpkit::Context {
        targets: lumpkit::Targets::of(lumpkit::Engine::Wc3_128),
        ..lumpkit::Context::default()
    };
    assert_eq!(
        format.inspect(&windows, &bytes).status(),
        lumpkit::Status::Ok
    );
    // The 1x1 level is the top-left pixel of the 1x2 frame: block (0, 0), components 40 + 20c.
    let image = decode(&bytes, 3, false).unwrap();
    assert_eq!((image.width, image.height), (1, 1));
    assert_eq!(image.rgba, [80, 60, 40, 100]);
}

#[test]
fn chunks_longer_than_needed_are_one_info_and_short_ones_warn_per_level() {
    let bytes = sample("icon-levels-share-level1-chunk.blp");
    let report = inspect(&bytes);
    assert_eq!(report.status(), lumpkit::Status::Ok);
    assert_eq!(codes(&report), ["blp-mip-size-excess"]);
    // 64x64 has 7 levels; levels 2..=6 share level 1's 32x32 chunk.
    assert_eq!(report.diagnostics[0].args[..2], [5, 2]);
    for mip in 0..7 {
        let image = decode(&bytes, mip, false).unwrap();
        assert_eq!(image.width, 64 >> mip);
    }
    let short = inspect(&sample("mip0-size-short.blp"));
    assert_eq!(short.status(), lumpkit::Status::Warning);
    assert_eq!(codes(&short), ["blp-mip-size-mismatch"]);
}

#[test]
fn blp0_sibling_files_longer_than_needed_are_one_info() {
    use lumpkit_testgen::blp::{Spec, indexed, levels, palette};
    let spec = Spec {
        version: 0,
        ..Spec::v1(1, 8, 8, 8, true)
    };
    let mut chunks = levels(&spec, |w, h| indexed(w, h, 8));
    for chunk in chunks.iter_mut().skip(1) {
        chunk.extend_from_slice(&[0xAB; 7]);
    }
    let (main, mips) = spec.blp0(&palette(), chunks);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("longer.blp");
    std::fs::write(&path, &main).unwrap();
    for (i, m) in mips.iter().enumerate() {
        std::fs::write(dir.path().join(format!("longer.b{i:02}")), m).unwrap();
    }
    let ctx = Context {
        path: Some(&path),
        ..Context::default()
    };
    let report = BlpFormat.inspect(&ctx, &main);
    assert_eq!(report.mips, Some(4));
    assert_eq!(codes(&report), ["blp-mip-size-excess"]);
    assert_eq!(
        report.diagnostics[0].args[..2],
        [3, 1],
        "levels 1..=3, first 1"
    );
}

#[test]
fn a_horizontally_subsampled_component_decodes_without_panicking() {
    // jpeg-decoder 0.3.2's no-transform path panicked on it (fuzzing `blp_decode`).
    let path =
        support::workspace_root().join("corpus/blp/regression/jpeg-component-subsampled-h2.blp");
    let image = decode(&std::fs::read(path).unwrap(), 0, false).unwrap();
    assert_eq!((image.width, image.height), (12, 10));
    assert!(image.rgba.chunks_exact(4).all(|p| p[3] == 255));
}
