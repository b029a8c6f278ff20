//! `lumpkit extract ARCHIVE --out DIR`: members under their own relative paths, never outside DIR.

use std::path::{Component, Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use lumpkit::format::ExtractSink;
use lumpkit::member::{Resolved, resolve};
use lumpkit::registry::Sniffed;
use lumpkit::{Context, Error, Extracted, Selection};

use crate::{CommonArgs, Fatal, open, png_out};

/// Arguments of `extract`.
#[derive(Debug, Args)]
pub struct ExtractArgs {
    /// The archive (or WAD, or BSP).
    pub archive: PathBuf,
    /// Output folder (created when missing).
    #[arg(long)]
    pub out: PathBuf,
    /// Extract only this member, by the path `check` prints (nested archives joined with `!`,
    /// `maps/x.bsp!rock4_1`; names may begin with `-`). A member that holds members (an archive,
    /// WAD or map) has its members extracted; any other is written under its own name, a texture
    /// as PNG.
    #[arg(long, allow_hyphen_values = true, value_name = "PATH")]
    pub entry: Option<String>,
    #[command(flatten)]
    pub common: CommonArgs,
}

/// Runs `extract`; members that cannot be read are reported and make the exit status 1.
pub fn run(args: &ExtractArgs) -> Result<ExitCode, Fatal> {
    let (input, format) = open::open_known(&args.archive, &args.common)?;
    let pal = args.common.palette_table()?;
    let ctx = open::context(&args.common, &args.archive, pal.as_ref());
    std::fs::create_dir_all(&args.out)?;
    let mut skipped = 0usize;
    let mut write = |name: &str, item: Extracted<'_>| -> std::io::Result<()> {
        let Some(rel) = safe_relative(name) else {
            eprintln!("lumpkit: skipping {name:?}: the name would leave the output folder");
            skipped += 1;
            return Ok(());
        };
        let dest = args.out.join(rel);
        if let Some(parent) = dest.parent() {
            std::fs::create_dir_all(parent)?;
        }
        match item {
            Extracted::Bytes(b) => std::fs::write(dest, b),
            Extracted::Image(img) => {
                let png = png_out::encode_png(&img).map_err(|Fatal(m)| std::io::Error::other(m))?;
                std::fs::write(dest, png)
            }
            _ => Err(std::io::Error::other(format!(
                "{}: an item of a kind this build does not write",
                dest.display()
            ))),
        }
    };
    let failures = match args.entry.as_deref() {
        None => format.extract(&ctx, &input, &mut write)?,
        Some(path) => match resolve(&ctx, format, &input, path) {
            Ok(found) => extract_one(&ctx, found, &mut write)?,
            Err(e) => vec![e],
        },
    };
    for e in &failures {
        eprintln!("lumpkit: {}: {e}", args.archive.display());
    }
    Ok(if failures.is_empty() && skipped == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Extracts what a member path named: the members of a container, else the member itself.
fn extract_one(
    ctx: &Context<'_>,
    found: Resolved<'_>,
    write: &mut ExtractSink<'_>,
) -> std::io::Result<Vec<Error>> {
    let ctx = Context { path: None, ..*ctx };
    match found {
        Resolved::Member {
            name,
            bytes,
            sniffed,
            ..
        } => {
            if let Sniffed::Known(format) = sniffed
                && format.children(&ctx, &bytes).is_ok_and(|c| !c.is_empty())
            {
                return format.extract(&ctx, &bytes, write);
            }
            write(last_name(&name), Extracted::Bytes(bytes))?;
            Ok(Vec::new())
        }
        Resolved::Entry {
            name,
            container,
            format,
        } => {
            let sel = Selection {
                entry: Some(&name),
                ..Selection::default()
            };
            match format.decode(&ctx, &container, &sel) {
                Ok(image) => {
                    write(
                        &format!("{}.png", last_name(&name)),
                        Extracted::Image(image),
                    )?;
                    Ok(Vec::new())
                }
                Err(e) => Ok(vec![e]),
            }
        }
    }
}

/// The last `/`- or `\`-separated part of a member name.
fn last_name(name: &str) -> &str {
    name.rsplit(['/', '\\']).next().unwrap_or(name)
}

/// Turns a stored member name (either slash) into a relative path that stays inside the output
/// folder: no root, no drive prefix, no `..`, no empty result.
pub fn safe_relative(name: &str) -> Option<PathBuf> {
    let unified = name.replace('\\', "/");
    let mut out = PathBuf::new();
    for part in unified.split('/') {
        if part.is_empty() || part == "." {
            continue;
        }
        let comps: Vec<_> = Path::new(part).components().collect();
        match comps.as_slice() {
            [Component::Normal(p)] if !part.contains(':') => out.push(p),
            _ => return None,
        }
    }
    if out.as_os_str().is_empty() {
        None
    } else {
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_never_escape() {
        assert_eq!(
            safe_relative("maps/base1.bsp"),
            Some(PathBuf::from("maps/base1.bsp"))
        );
        assert_eq!(safe_relative("a\\b.paa"), Some(PathBuf::from("a/b.paa")));
        assert_eq!(
            safe_relative("/etc/passwd"),
            Some(PathBuf::from("etc/passwd"))
        );
        assert_eq!(safe_relative("../x"), None);
        assert_eq!(safe_relative("a/../../x"), None);
        assert_eq!(safe_relative("C:/x"), None);
        assert_eq!(safe_relative(""), None);
    }
}
