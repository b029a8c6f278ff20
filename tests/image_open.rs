//! `lumpkit-image`: after `register_with`, `image::open` reads every shared BLP, PAA and WAL file
//! with exactly the pixels of lumpkit's own decode (and the shared reference hashes where the facts
//! give them), content detection finds BLP and tagged PAA files, and every generated malformed file
//! (and fuzz reproducer) of `corpus/` gives the facade's error, code included, never a panic.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::io::{Cursor, Read};
use std::path::{Path, PathBuf};
use std::sync::Once;

use image::{ImageDecoder, ImageError, ImageReader};
use lumpkit::{Context, Fault, Selection};
use lumpkit_image::{LumpkitDecoder, Options, Texture};

/// A palette no game has, so that WAL pixels are compared without `../shared`.
fn test_palette() -> [[u8; 3]; 256] {
    std::array::from_fn(|i| {
        let i = i as u8;
        [i, 255 - i, i.wrapping_mul(7)]
    })
}

fn register() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        assert!(lumpkit_image::register_with(Options::with_wal_palette(
            test_palette()
        )));
    });
}

/// lumpkit's own decode of level 0, as `decode` without a path does it.
fn facade(format: &str, bytes: &[u8]) -> Result<lumpkit::Image, lumpkit::Error> {
    let palette = test_palette();
    let ctx = Context {
        palette: Some(&palette),
        ..Context::default()
    };
    lumpkit::by_name(format)
        .unwrap()
        .decode(&ctx, bytes, &Selection::default())
}

/// Opens `path` through `image` and checks it against the facade; returns the pixels on success.
fn compare(format: &str, path: &Path, failures: &mut Vec<String>) -> Option<image::RgbaImage> {
    let bytes = std::fs::read(path).unwrap();
    let name = path.display();
    let opened = image::open(path);
    match (facade(format, &bytes), opened) {
        (Ok(want), Ok(got)) => {
            let got = got.to_rgba8();
            if got.dimensions() != (want.width, want.height) || got.as_raw() != &want.rgba {
                failures.push(format!("{name}: pixels differ from lumpkit's decode"));
            }
            Some(got)
        }
        (Err(e), Err(got)) => {
            let message = got.to_string();
            let limit = matches!(got, ImageError::Limits(_));
            if e.fault == Fault::Limit && !limit {
                failures.push(format!("{name}: {e} is not a limit error: {message}"));
            }
            if e.fault != Fault::Limit && !message.contains(e.code()) {
                failures.push(format!("{name}: `{message}` does not name {}", e.code()));
            }
            None
        }
        (Ok(_), Err(got)) => {
            failures.push(format!(
                "{name}: lumpkit decodes it, image::open fails: {got}"
            ));
            None
        }
        (Err(e), Ok(_)) => {
            failures.push(format!(
                "{name}: lumpkit fails ({e}), image::open decodes it"
            ));
            None
        }
    }
}

/// The files of `dir` whose extension the facade registers for `format` (`.paa` and `.pac`).
fn files_with_extension(dir: &Path, format: &str) -> Vec<PathBuf> {
    support::files_with_extensions(dir, lumpkit::by_name(format).unwrap().extensions())
}

fn within_jpeg_tolerance(got: &[u8], want: &[u8]) -> bool {
    let diffs: Vec<u32> = got
        .iter()
        .zip(want)
        .map(|(a, b)| u32::from(a.abs_diff(*b)))
        .collect();
    let mean = diffs.iter().sum::<u32>() as f64 / diffs.len().max(1) as f64;
    got.len() == want.len() && diffs.iter().all(|&d| d <= 3) && mean < 0.5
}

/// Checks `rgba-sha256 mip=0` and `dims mip=0` facts of one shared folder against what `image`
/// decoded; `spec-ref-jpeg` levels against the raw references with DESIGN.md's tolerance.
fn check_facts(
    folder: &str,
    decoded: &std::collections::HashMap<String, image::RgbaImage>,
    failures: &mut Vec<String>,
) -> usize {
    let Some((_, facts)) = support::shared_facts(folder) else {
        return 0;
    };
    let refs = support::shared_path("refs/blp");
    let mut checked = 0;
    for fact in facts.iter().filter(|f| f.key == "mip=0") {
        let Some(got) = decoded.get(&fact.file) else {
            // A `dims` fact is the header's: files whose level 0 cannot be decoded have one too
            // (and fail in `image` as in lumpkit, checked above). Pixel facts need the pixels.
            if fact.kind == "rgba-sha256" {
                failures.push(format!(
                    "{}: has level-0 pixel facts but did not open",
                    fact.file
                ));
            }
            continue;
        };
        let ok = match fact.kind.as_str() {
            "dims" => format!("{}x{}", got.width(), got.height()) == fact.expected,
            "rgba-sha256" if fact.reference == "spec-ref-jpeg" => {
                let Some(dir) = &refs else { continue };
                let mut want = Vec::new();
                let file = std::fs::File::open(dir.join(format!("{}.mip0.rgba.gz", fact.file)));
                let Ok(file) = file else { continue };
                flate2::read::GzDecoder::new(file)
                    .read_to_end(&mut want)
                    .unwrap();
                within_jpeg_tolerance(got.as_raw(), &want)
            }
            "rgba-sha256" => support::sha256_hex(got.as_raw()) == fact.expected,
            _ => continue,
        };
        checked += 1;
        if !ok {
            failures.push(format!("{}: {} {} differs", fact.file, fact.kind, fact.key));
        }
    }
    checked
}

#[test]
fn every_shared_texture_opens_with_lumpkits_pixels() {
    register();
    let mut failures = Vec::new();
    let mut opened = 0;
    let mut facts = 0;
    for (folder, format) in [("blp", "blp"), ("paa", "paa"), ("pak", "wal")] {
        let Some(dir) = support::shared_corpus(folder) else {
            return;
        };
        let mut decoded = std::collections::HashMap::new();
        let files = files_with_extension(&dir, format);
        assert!(!files.is_empty(), "no {format} files in {}", dir.display());
        for path in files {
            if let Some(image) = compare(format, &path, &mut failures) {
                opened += 1;
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                decoded.insert(name, image);
            }
        }
        facts += check_facts(folder, &decoded, &mut failures);
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprintln!("image::open: {opened} shared textures decoded, {facts} level-0 facts matched");
    assert!(opened > 40 && facts > 40, "{opened} opened, {facts} facts");
}

#[test]
fn generated_files_and_reproducers_fail_as_lumpkit_fails() {
    register();
    let tmp = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    let (mut ok, mut failed) = (0, 0);
    for format in ["blp", "paa", "wal"] {
        let dir = support::workspace_root().join("corpus").join(format);
        let mut paths = files_with_extension(&dir, format);
        // Reproducers have no extension: open a copy named as the format.
        let regression = dir.join("regression");
        if regression.is_dir() {
            for entry in std::fs::read_dir(&regression).unwrap() {
                let path = entry.unwrap().path();
                let copy = tmp.path().join(format!(
                    "{}.{format}",
                    path.file_name().unwrap().to_string_lossy()
                ));
                std::fs::copy(&path, &copy).unwrap();
                paths.push(copy);
            }
        }
        for path in paths {
            match compare(format, &path, &mut failures) {
                Some(_) => ok += 1,
                None => failed += 1,
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(ok > 20 && failed > 20, "{ok} decoded, {failed} refused");
}

#[test]
fn content_detection_finds_blp_and_tagged_paa_but_not_dds() {
    register();
    for (format, name) in [
        ("blp", "blp2-bgra.blp"),
        ("paa", "dxt1_lzo.paa"),
        ("paa", "argb4444_raw.paa"),
    ] {
        let bytes =
            std::fs::read(support::workspace_root().join(format!("corpus/{format}/{name}")))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
        let got = image::load_from_memory(&bytes)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .to_rgba8();
        assert_eq!(
            got.as_raw(),
            &facade(format, &bytes).unwrap().rgba,
            "{name}"
        );
    }
    // 0x4444 (a PAA type word) is `DD`, the start of DDS: only `DD` + a PAA tag is claimed.
    let reader = ImageReader::new(Cursor::new(b"DDS \x7c\0\0\0\x07\x10\0\0".to_vec()))
        .with_guessed_format()
        .unwrap();
    assert_eq!(reader.format(), Some(image::ImageFormat::Dds));
}

#[test]
fn limits_of_both_crates_are_honoured() {
    register();
    let path = support::workspace_root().join("corpus/blp/blp2-bgra.blp");
    let bytes = std::fs::read(&path).unwrap();
    let (w, h) = image::open(&path).unwrap().to_rgba8().dimensions();

    // image's own dimension limit.
    let mut reader = ImageReader::open(&path).unwrap();
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(w - 1);
    reader.limits(limits);
    assert!(matches!(reader.decode(), Err(ImageError::Limits(_))));

    // image's allocation limit, below the picture's RGBA8 size.
    let mut reader = ImageReader::open(&path).unwrap();
    let mut limits = image::Limits::default();
    limits.max_alloc = Some(u64::from(w * h * 4) - 1);
    reader.limits(limits);
    assert!(matches!(reader.decode(), Err(ImageError::Limits(_))));

    // lumpkit's limits: the picture, then the file itself.
    let mut options = Options::default();
    options.limits.max_pixels = u64::from(w * h) - 1;
    let e = LumpkitDecoder::from_bytes(Texture::Blp, bytes.clone(), &options).unwrap_err();
    assert!(matches!(e, ImageError::Limits(_)), "{e}");
    let mut options = Options::default();
    options.limits.max_alloc = bytes.len() as u64 - 1;
    let e = LumpkitDecoder::from_reader(Texture::Blp, Cursor::new(&bytes), &options).unwrap_err();
    assert!(matches!(e, ImageError::Limits(_)), "{e}");

    // Within every limit the decoder reports honest dimensions and fills exactly its buffer.
    let decoder = LumpkitDecoder::from_bytes(Texture::Blp, bytes, &Options::default()).unwrap();
    assert_eq!(decoder.dimensions(), (w, h));
    assert_eq!(decoder.total_bytes(), u64::from(w * h * 4));
}

#[test]
fn a_wal_without_a_palette_names_the_missing_palette() {
    let dir = support::workspace_root().join("corpus/wal");
    let path = files_with_extension(&dir, "wal")
        .into_iter()
        .find(|p| facade("wal", &std::fs::read(p).unwrap()).is_ok())
        .expect("a valid generated WAL");
    let bytes = std::fs::read(path).unwrap();
    let e = LumpkitDecoder::from_bytes(Texture::Wal, bytes, &Options::default()).unwrap_err();
    assert!(matches!(e, ImageError::Unsupported(_)), "{e}");
    assert!(e.to_string().contains("lumpkit-palette-required"), "{e}");
}
