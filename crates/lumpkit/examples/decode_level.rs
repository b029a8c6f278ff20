//! Decodes one level of a BLP or PAA texture to PNG, printing the mip table from the typed info.
//!
//! ```sh
//! cargo run -p lumpkit --example decode_level -- texture.blp [LEVEL] out.png
//! ```
//!
//! The picture is decoded with `decode_into` into one buffer sized by `decoded_size`, the way an
//! engine that reuses its upload buffer would.

use std::error::Error;
use std::path::Path;
use std::process::ExitCode;

use lumpkit::info::Info;
use lumpkit::registry::Sniffed;
use lumpkit::{Context, Input, OpenMode, Selection, sniff};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (file, level, out) = match args.as_slice() {
        [file, out] => (file, 0, out),
        [file, level, out] => (file, level.parse()?, out),
        _ => return Err("usage: decode_level FILE [LEVEL] OUT.png".into()),
    };
    let path = Path::new(file);
    let input = Input::open(path, OpenMode::Map)?;
    let Sniffed::Known(format) = sniff(&input, Some(path)) else {
        return Err(format!("{file}: not a file lumpkit reads").into());
    };
    // `path` lets a BLP0 find its mip files (`name.b00` …) beside it.
    let ctx = Context {
        path: Some(path),
        ..Context::default()
    };
    let report = format.inspect(&ctx, &input);
    let levels: Vec<(u32, u32)> = match report.info() {
        Some(Info::Blp(blp)) => {
            println!(
                "{file}: BLP, {} encoding, {} alpha bits",
                blp.encoding.name(),
                blp.alpha_bits
            );
            let levels = blp.levels.as_deref().unwrap_or_default();
            levels.iter().map(|l| (l.width, l.height)).collect()
        }
        Some(Info::Paa(paa)) => {
            println!("{file}: PAA, {} encoding", paa.encoding);
            let size = |l: &lumpkit::info::PaaLevel| (l.width.into(), l.height.into());
            paa.levels.iter().map(size).collect()
        }
        _ => return Err(format!("{file}: not a BLP or PAA texture").into()),
    };
    for (n, (w, h)) in levels.iter().enumerate() {
        println!("  level {n}: {w}x{h}");
    }
    for d in &report.diagnostics {
        println!("  {}: {d} [{}]", d.severity().as_str(), d.code());
    }

    let sel = Selection {
        mip: level,
        ..Selection::default()
    };
    let (width, height) = format.decoded_size(&ctx, &input, &sel)?;
    let mut rgba = vec![0; ctx.limits.rgba_len(width, height)?];
    format.decode_into(&ctx, &input, &sel, &mut rgba)?;

    let mut png = Vec::new();
    let mut encoder = png::Encoder::new(&mut png, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&rgba)?;
    writer.finish()?;
    std::fs::write(out, png)?;
    println!("wrote {out}: level {level}, {width}x{height}");
    Ok(())
}
