//! `lumpkit decode FILE [--mip N | --all-mips] [--entry PATH] [--palette FILE] --out OUT`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use lumpkit::picture::{self, Picture};
use lumpkit::{Context, Error, Image, Selection};

use crate::{CommonArgs, Fatal, open, png_out};

/// Arguments of `decode`.
#[derive(Debug, Args)]
pub struct DecodeArgs {
    /// The file.
    pub file: PathBuf,
    /// Mip level (0 = largest).
    #[arg(long, default_value_t = 0, conflicts_with = "all_mips")]
    pub mip: u32,
    /// Write every level as `NAME.mipN.png` into the folder `--out`.
    #[arg(long)]
    pub all_mips: bool,
    /// Archive entry or embedded texture to decode, by the path `check` prints: members of
    /// nested archives joined with `!` (`maps/x.bsp!rock4_1`). Names may begin with `-`.
    #[arg(long, allow_hyphen_values = true, value_name = "PATH")]
    pub entry: Option<String>,
    /// Keep alpha the file stores but says to ignore (BLP alphaBits 0).
    #[arg(long)]
    pub stored_alpha: bool,
    /// Apply a PAA's SWIZ channel swizzle.
    #[arg(long)]
    pub swizzle: bool,
    /// Output: `*.png`, `*.rgba` (raw RGBA8), or `-` for raw RGBA8 on stdout; with
    /// `--all-mips`, a folder.
    #[arg(long)]
    pub out: PathBuf,
    #[command(flatten)]
    pub common: CommonArgs,
}

/// Runs `decode`. A file that cannot be decoded exits 1 with the reason. The entry is found by
/// the facade's [`lumpkit::picture::locate`], which the Python and browser bindings share.
pub fn run(args: &DecodeArgs) -> Result<ExitCode, Fatal> {
    let (input, format) = open::open_known(&args.file, &args.common)?;
    let pal = args.common.palette_table()?;
    let ctx = open::context(&args.common, &args.file, pal.as_ref());
    let picture = match picture::locate(&ctx, format, &input, args.entry.as_deref()) {
        Ok(picture) => picture,
        Err(e) => return failed(args, &e.to_string()),
    };
    match picture.foreign() {
        Some((name, Some(kind))) => {
            return failed(args, &format!("member {name:?} is a {kind} file"));
        }
        Some((name, None)) => {
            return failed(
                args,
                &format!("member {name:?} is not a format lumpkit reads"),
            );
        }
        None => {}
    }
    if args.all_mips {
        return all_mips(args, &ctx, &picture);
    }
    match decode(args, &ctx, &picture, args.mip) {
        Ok(image) => {
            png_out::write_image(&image, &args.out)?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => failed(args, &e.to_string()),
    }
}

fn decode(
    args: &DecodeArgs,
    ctx: &Context<'_>,
    picture: &Picture<'_>,
    mip: u32,
) -> Result<Image, Error> {
    let sel = Selection {
        mip,
        entry: None,
        stored_alpha: args.stored_alpha,
        swizzle: args.swizzle,
    };
    picture.decode(ctx, sel)
}

fn failed(args: &DecodeArgs, reason: &str) -> Result<ExitCode, Fatal> {
    eprintln!("lumpkit: {}: {reason}", args.file.display());
    Ok(ExitCode::from(1))
}

/// Writes every level into the folder `--out` as `NAME.mipN.png`. The level count is the
/// picture's own when `inspect` reports one (a level that then fails is an error, exit 1);
/// otherwise (a texture inside a WAD or BSP) levels are decoded until the first that is not there.
fn all_mips(
    args: &DecodeArgs,
    ctx: &Context<'_>,
    picture: &Picture<'_>,
) -> Result<ExitCode, Fatal> {
    let known = picture.levels(ctx);
    std::fs::create_dir_all(&args.out)
        .map_err(|e| Fatal(format!("{}: {e}", args.out.display())))?;
    let stem = stem(picture.entry().map_or(&args.file, Path::new));
    let mut failures = 0usize;
    let mut written = 0u32;
    // Sixteen levels is the most any format holds (BLP's mip table).
    for mip in 0..known.unwrap_or(16).min(16) {
        match decode(args, ctx, picture, mip) {
            Ok(image) => {
                let out = args.out.join(format!("{stem}.mip{mip}.png"));
                png_out::write_image(&image, &out)?;
                written += 1;
            }
            Err(e) if known.is_none() && mip > 0 => {
                eprintln!("lumpkit: {} levels ({e} at mip {mip})", written);
                break;
            }
            Err(e) => {
                eprintln!("lumpkit: {}: mip {mip}: {e}", args.file.display());
                failures += 1;
            }
        }
    }
    Ok(if failures == 0 && written > 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// A file name for an entry or file: its last path component without the extension, with no
/// character a file system could take for a separator.
fn stem(path: &Path) -> String {
    let last = path
        .to_str()
        .and_then(|s| s.rsplit(['/', '\\', '!']).next())
        .map(Path::new)
        .unwrap_or(path);
    let stem = last.file_stem().unwrap_or(last.as_os_str());
    let name: String = stem
        .to_string_lossy()
        .chars()
        .map(|c| {
            if c.is_control() || ":*?\"<>|".contains(c) {
                '_'
            } else {
                c
            }
        })
        .collect();
    if name.is_empty() || name == "." || name == ".." {
        "picture".to_string()
    } else {
        name
    }
}

#[cfg(test)]
mod tests {
    use super::stem;
    use std::path::Path;

    #[test]
    fn level_names_come_from_the_last_name() {
        assert_eq!(stem(Path::new("dir/x.blp")), "x");
        assert_eq!(stem(Path::new("maps/x.bsp!rock4_1")), "rock4_1");
        assert_eq!(stem(Path::new("-1green_path")), "-1green_path");
        assert_eq!(stem(Path::new("textures\\a.paa")), "a");
        assert_eq!(stem(Path::new("..")), "picture");
    }
}
