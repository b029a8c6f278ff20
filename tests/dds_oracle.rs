//! DDS pixels against an independent reader: the `image` crate's DDS decoder (its `dds` feature,
//! DXT1/DXT3/DXT5 and their DX10 forms, level 0 only). Every level lumpkit locates is rewritten as
//! the level 0 of a one-level file and decoded by both, so the level locator is checked as well
//! as the block decoding. That decoder differs from ours (and from texpresso, ours' oracle) in two
//! documented ways, which the comparison allows for and nothing else: it decodes DXT1 as RGB (no
//! 1-bit alpha: a transparent texel is opaque black there, transparent black here), and it widens
//! 565 colours by truncating division (`v × 255 / 31`) where ours replicates bits, so a channel
//! may differ by a little (the largest difference is asserted). Uncompressed formats, which that decoder does not read, are checked
//! against the pixels the writer stored.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Cursor;

use lumpkit::{Context, Selection};
use lumpkit_testgen::dds::{Spec, bc1_len, bc3_len};

fn oracle(bytes: &[u8]) -> Vec<u8> {
    let decoder = image::codecs::dds::DdsDecoder::new(Cursor::new(bytes)).unwrap();
    image::DynamicImage::from_decoder(decoder)
        .unwrap()
        .into_rgba8()
        .into_raw()
}

fn ours(bytes: &[u8], mip: u32) -> (u32, u32, Vec<u8>) {
    let sel = Selection {
        mip,
        ..Selection::default()
    };
    let image = lumpkit::by_name("dds")
        .unwrap()
        .decode(&Context::default(), bytes, &sel)
        .unwrap();
    (image.width, image.height, image.rgba)
}

/// A one-level file of `spec`'s kind holding `data` as its level 0.
fn single_level(spec: &Spec, width: u32, height: u32, data: &[u8]) -> Vec<u8> {
    let one = Spec {
        width,
        height,
        mips: 1,
        ..spec.clone()
    };
    let mut file = one.file();
    let start = file.len() - (one.level_len)(width, height);
    file.truncate(start);
    file.extend_from_slice(data);
    file
}

/// The largest channel difference allowed: the two ways of widening 565 colours, carried
/// through the interpolated colours, differ by 1 at most on these files (0 fails).
const TOLERANCE: u8 = 1;

/// Pixels equal within [`TOLERANCE`]; for DXT1, alpha 0 here is opaque black there.
fn same(ours: &[u8], theirs: &[u8], dxt1: bool, what: &str) {
    assert_eq!(ours.len(), theirs.len(), "{what}");
    let mut worst = 0;
    for (i, (a, b)) in ours.chunks(4).zip(theirs.chunks(4)).enumerate() {
        if dxt1 && a[3] == 0 {
            assert_eq!(a, [0, 0, 0, 0], "{what} pixel {i}");
            assert_eq!(&b[..3], [0, 0, 0], "{what} pixel {i}");
            continue;
        }
        for (x, y) in a.iter().zip(b) {
            worst = worst.max(x.abs_diff(*y));
        }
    }
    assert!(worst <= TOLERANCE, "{what}: a channel differs by {worst}");
}

#[test]
fn dxt_levels_match_the_image_crate() {
    let specs = [
        Spec::fourcc(b"DXT1", 64, 32, 7),
        Spec::fourcc(b"DXT3", 16, 16, 5),
        Spec::fourcc(b"DXT5", 20, 12, 5),
        Spec::fourcc(b"DXT1", 7, 5, 3),
        Spec::dx10(71, 12, 8, 4, bc1_len),
        Spec::dx10(77, 8, 24, 5, bc3_len),
    ];
    let mut compared = 0;
    for spec in &specs {
        let file = spec.file();
        // BC1: 8 bytes a 4×4 block.
        let dxt1 = (spec.level_len)(4, 4) == 8;
        let report = lumpkit::by_name("dds")
            .unwrap()
            .inspect(&Context::default(), &file);
        assert_eq!(report.status(), lumpkit::Status::Ok, "{spec:?}");
        let levels = report.fields["levels"].as_array().unwrap().clone();
        assert_eq!(levels.len() as u32, spec.mips);
        for (mip, level) in levels.iter().enumerate() {
            let (w, h, rgba) = ours(&file, mip as u32);
            assert_eq!(
                (u64::from(w), u64::from(h)),
                (
                    level["width"].as_u64().unwrap(),
                    level["height"].as_u64().unwrap()
                )
            );
            let at = level["offset"].as_u64().unwrap() as usize;
            let size = level["size"].as_u64().unwrap() as usize;
            // That decoder reads only whole blocks: the level's blocks as a picture of whole
            // blocks, cropped to the level.
            let (bw, bh) = (w.div_ceil(4) * 4, h.div_ceil(4) * 4);
            let alone = single_level(spec, bw, bh, &file[at..at + size]);
            let whole = oracle(&alone);
            let cropped: Vec<u8> = whole
                .chunks(bw as usize * 4)
                .take(h as usize)
                .flat_map(|row| row[..w as usize * 4].to_vec())
                .collect();
            same(&rgba, &cropped, dxt1, &format!("{spec:?} mip {mip}"));
            compared += 1;
        }
        // The whole file's level 0, as the image crate reads it.
        if spec.width % 4 == 0 && spec.height % 4 == 0 {
            same(
                &ours(&file, 0).2,
                &oracle(&file),
                dxt1,
                &format!("{spec:?}"),
            );
        }
    }
    assert_eq!(compared, 7 + 5 + 5 + 3 + 4 + 5);
}

#[test]
fn uncompressed_pixels_are_the_stored_ones() {
    // B, G, R, A bytes: the decode swaps B and R.
    let file = Spec::masked(32, lumpkit_testgen::dds::BGRA8, 8, 4, 4).file();
    let (w, h, rgba) = ours(&file, 0);
    assert_eq!((w, h), (8, 4));
    let stored = &file[128..128 + 8 * 4 * 4];
    for (px, s) in rgba.chunks(4).zip(stored.chunks(4)) {
        assert_eq!(px, [s[2], s[1], s[0], s[3]]);
    }
    // Level 2 (2×1) starts after levels 0 (128 bytes) and 1 (32 bytes).
    let (w, h, rgba) = ours(&file, 2);
    assert_eq!((w, h), (2, 1));
    let s = &file[128 + 128 + 32..][..8];
    assert_eq!(rgba, [s[2], s[1], s[0], s[3], s[6], s[5], s[4], s[7]]);
    // 24-bit B, G, R without alpha: opaque.
    let file = Spec::masked(24, [0xFF_0000, 0xFF00, 0xFF, 0], 5, 3, 1).file();
    let (_, _, rgba) = ours(&file, 0);
    let stored = &file[128..];
    for (px, s) in rgba.chunks(4).zip(stored.chunks(3)) {
        assert_eq!(px, [s[2], s[1], s[0], 255]);
    }
    // 565: 5 and 6 bits scaled to 8.
    let file = Spec::masked(16, [0xF800, 0x07E0, 0x001F, 0], 6, 6, 1).file();
    let (_, _, rgba) = ours(&file, 0);
    for (px, s) in rgba.chunks(4).zip(file[128..].chunks(2)) {
        let v = u32::from(u16::from_le_bytes([s[0], s[1]]));
        let scale = |x: u32, max: u32| ((x * 255 + max / 2) / max) as u8;
        assert_eq!(
            px,
            [
                scale(v >> 11, 31),
                scale((v >> 5) & 63, 63),
                scale(v & 31, 31),
                255
            ]
        );
    }
}
