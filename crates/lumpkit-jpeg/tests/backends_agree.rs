//! zune-jpeg (the default backend) and jpeg-decoder (the oracle) give the same samples on every
//! JPEG level of the shared BLP corpus within the tolerance of the shared references (every
//! component within 3, mean difference under 0.5), and refuse the same levels.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;

use lumpkit_formats::Ignore;
use lumpkit_formats::blp::{Blp, Encoding, Joined};
use lumpkit_jpeg::{Backend, decode_four_components_with};

fn shared_blp() -> Option<PathBuf> {
    let shared = std::env::var_os("LUMPKIT_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"));
    let dir = shared.join("corpus").join("blp");
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(
        !std::env::var("LUMPKIT_REQUIRE_SHARED_CORPUS").is_ok_and(|v| v == "1"),
        "{} is missing and LUMPKIT_REQUIRE_SHARED_CORPUS=1",
        dir.display()
    );
    eprintln!("notice: {} not found; skipping", dir.display());
    None
}

#[test]
fn zune_and_jpeg_decoder_agree_on_every_shared_jpeg_level() {
    let Some(dir) = shared_blp() else { return };
    let (mut compared, mut refused) = (0, 0);
    for (path, bytes) in blp_files(&[dir]) {
        for_each_jpeg_level(&bytes, |level, pieces| {
            let order = [2, 1, 0, 3];
            let zune = decode_four_components_with(Backend::Zune, pieces, 1 << 28, order);
            let oracle = decode_four_components_with(Backend::JpegDecoder, pieces, 1 << 28, order);
            let name = format!("{path} level {level}");
            match (zune, oracle) {
                (Ok(z), Ok(o)) => {
                    assert_eq!((z.width, z.height), (o.width, o.height), "{name}");
                    let diffs: Vec<u8> = z
                        .samples
                        .iter()
                        .zip(&o.samples)
                        .map(|(a, b)| a.abs_diff(*b))
                        .collect();
                    let worst = diffs.iter().copied().max().unwrap_or(0);
                    let mean = diffs.iter().map(|&d| f64::from(d)).sum::<f64>()
                        / diffs.len().max(1) as f64;
                    assert!(worst <= 3 && mean < 0.5, "{name}: max {worst}, mean {mean}");
                    compared += 1;
                }
                (Err(_), Err(_)) => refused += 1,
                (z, o) => panic!(
                    "{name}: zune {:?}, jpeg-decoder {:?}",
                    z.map(|d| d.width),
                    o.map(|d| d.width)
                ),
            }
        });
    }
    eprintln!("{compared} levels compared, {refused} refused by both");
    assert!(compared > 0, "no JPEG level in the shared corpus decoded");
}

/// Every `.blp` file in `dirs`, sorted by path, with its bytes.
fn blp_files(dirs: &[PathBuf]) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<_> = dirs
        .iter()
        .flat_map(|d| std::fs::read_dir(d).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "blp"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| (p.display().to_string(), std::fs::read(&p).unwrap()))
        .collect()
}

/// Every JPEG BLP of the generated corpus (always present) and of the shared corpus (when
/// present).
fn jpeg_levels() -> Vec<(String, Vec<u8>)> {
    let mut dirs = vec![PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpus/blp")];
    dirs.extend(shared_blp());
    blp_files(&dirs)
}

/// Calls `each` with every JPEG level of a BLP file that parses, as the pieces BLP stores it in.
fn for_each_jpeg_level(bytes: &[u8], mut each: impl FnMut(u32, &[&[u8]])) {
    let Ok(blp) = Blp::parse(bytes, &mut Ignore) else {
        return;
    };
    if blp.encoding() != Encoding::Jpeg {
        return;
    }
    for level in 0..blp.level_count() {
        let Ok(mip) = blp.mip(level, &mut Ignore) else {
            continue;
        };
        let joined = Joined {
            head: blp.jpeg_header(),
            tail: mip.data,
        };
        let mut pieces = Vec::new();
        joined.spliced(|p| pieces.push(p));
        each(level, &pieces);
    }
}

/// zune-jpeg writes the components in output order when the frame header lists them so
/// (`frame.rs`); the result must be exactly the stored-order decode reordered afterwards, for
/// every order, with stored and opaque alpha, through the allocating and the caller-buffer API.
#[test]
fn listing_components_in_output_order_gives_the_reordered_samples_exactly() {
    use lumpkit_jpeg::{Alpha, decode_into_with_alpha, decode_with_alpha, order_components_alpha};
    let mut compared = 0;
    for (name, bytes) in jpeg_levels() {
        for_each_jpeg_level(&bytes, |level, pieces| {
            let Ok(stored) =
                decode_four_components_with(Backend::Zune, pieces, 1 << 28, [0, 1, 2, 3])
            else {
                return;
            };
            for order in [[2, 1, 0, 3], [3, 2, 1, 0], [0, 1, 2, 3], [1, 1, 0, 3]] {
                for alpha in [Alpha::Stored, Alpha::Opaque] {
                    let mut want = stored.samples.clone();
                    order_components_alpha(&mut want, order, alpha);
                    let got =
                        decode_with_alpha(Backend::Zune, pieces, 1 << 28, order, alpha).unwrap();
                    assert!(
                        got.samples == want,
                        "{name} level {level} {order:?} {alpha:?}"
                    );
                    let mut into = vec![0x55; want.len()];
                    let size = decode_into_with_alpha(
                        Backend::Zune,
                        pieces,
                        1 << 28,
                        order,
                        alpha,
                        &mut into,
                    )
                    .unwrap();
                    assert_eq!(size, (stored.width, stored.height), "{name}");
                    assert!(
                        into == want,
                        "{name} level {level} {order:?} {alpha:?} (into)"
                    );
                }
            }
            let mut short = vec![0; stored.samples.len().saturating_sub(4)];
            assert!(matches!(
                decode_into_with_alpha(
                    Backend::Zune,
                    pieces,
                    1 << 28,
                    [2, 1, 0, 3],
                    Alpha::Stored,
                    &mut short
                ),
                Err(lumpkit_jpeg::JpegError::BufferSize { .. })
            ));
            compared += 1;
        });
    }
    eprintln!("{compared} levels compared");
    assert!(
        compared >= 3,
        "the generated corpus has JPEG levels: {compared}"
    );
}
