//! `lumpkit decode FILE [--mip N] [--entry NAME] [--palette FILE] --out OUT`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use lumpkit::Selection;

use crate::{CommonArgs, Fatal, open, png_out};

/// Arguments of `decode`.
#[derive(Debug, Args)]
pub struct DecodeArgs {
    /// The file.
    pub file: PathBuf,
    /// Mip level (0 = largest).
    #[arg(long, default_value_t = 0)]
    pub mip: u32,
    /// Archive entry or embedded texture to decode.
    #[arg(long)]
    pub entry: Option<String>,
    /// Keep alpha the file stores but says to ignore (BLP alphaBits 0).
    #[arg(long)]
    pub stored_alpha: bool,
    /// Apply a PAA's SWIZ channel swizzle.
    #[arg(long)]
    pub swizzle: bool,
    /// Output: `*.png`, `*.rgba` (raw RGBA8), or `-` for raw RGBA8 on stdout.
    #[arg(long)]
    pub out: PathBuf,
    #[command(flatten)]
    pub common: CommonArgs,
}

/// Runs `decode`. A file that cannot be decoded exits 1 with the reason.
pub fn run(args: &DecodeArgs) -> Result<ExitCode, Fatal> {
    let (input, format) = open::open_known(&args.file, &args.common)?;
    let pal = args.common.palette_table()?;
    let ctx = open::context(&args.common, &args.file, pal.as_ref());
    let sel = Selection {
        mip: args.mip,
        entry: args.entry.as_deref(),
        stored_alpha: args.stored_alpha,
        swizzle: args.swizzle,
    };
    match format.decode(&ctx, &input, &sel) {
        Ok(image) => {
            png_out::write_image(&image, &args.out)?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("lumpkit: {}: {e}", args.file.display());
            Ok(ExitCode::from(1))
        }
    }
}
