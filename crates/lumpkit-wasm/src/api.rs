//! What the browser asks of lumpkit, in plain Rust so that the host tests it: the `info --json`
//! object, the `check --json` records and decoded pixels, produced exactly as the CLI produces
//! them (the same facade calls, the same [`Limits`], the same JSON types).

use std::path::Path;

use lumpkit::check::{Checked, JsonLine, check_tree};
use lumpkit::member::{Resolved, resolve};
use lumpkit::registry::{Sniffed, sniff};
use lumpkit::report::Report;
use lumpkit::{ChildContent, Context, Engine, Format, Image, Limits, Selection, Targets};

/// What a caller may set; every field has the CLI's default.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The colours of WAD2 and WAL textures, which carry none (the CLI's `--palette`).
    pub palette: Option<[[u8; 3]; 256]>,
    /// Mip level to decode, 0 = largest.
    pub mip: u32,
    /// A member or embedded texture, by the path `check` prints (`maps/x.bsp!rock4_1`).
    pub entry: Option<String>,
    /// Keep alpha the file stores but says to ignore (BLP alphaBits 0; `--stored-alpha`).
    pub stored_alpha: bool,
    /// Apply a PAA's SWIZ channel swizzle (`--swizzle`).
    pub swizzle: bool,
    /// Also decode every pixel level while checking (`--decode`).
    pub decode_pixels: bool,
    /// BSP: per-cluster visible counts (`info --vis`).
    pub vis: bool,
    /// Engines to judge against (`--target`): an engine-dependent finding becomes an error for a
    /// chosen engine that refuses the file and info for one that loads it.
    pub targets: Targets,
}

/// The limits the CLI applies by default: a hostile file can exhaust the tab no more than a shell.
pub const LIMITS: Limits = Limits::DEFAULT;

impl Options {
    /// The context the CLI would build for a file called `name` with these options.
    fn context<'a>(&'a self, name: &'a str) -> Context<'a> {
        let mut ctx = Context {
            limits: LIMITS,
            strict: false,
            // Formats read the name (MPQ maps, `decals.wad`); a browser has no folder to look in,
            // so the name is no path: BLP0's external levels are "not checked" (info) and an M2
            // skin's model is not read.
            path: None,
            member_name: Some(name),
            palette: self.palette.as_ref(),
            decode_pixels: self.decode_pixels,
            vis: self.vis,
            brief: false,
            budget: None,
            ..Context::default()
        };
        ctx.targets = self.targets;
        ctx
    }
}

/// What `info --json NAME` prints for `bytes`, or for the member `options.entry` inside them.
pub fn inspect(bytes: &[u8], name: &str, options: &Options) -> Result<serde_json::Value, String> {
    let ctx = options.context(name);
    let Some(entry) = options.entry.as_deref() else {
        return Ok(report_of(&ctx, bytes, name).to_json(name));
    };
    let format = known(bytes, name)?;
    let path = format!("{name}!{entry}");
    let report = match resolve(&ctx, format, bytes, entry).map_err(|e| e.to_string())? {
        // As `check` reports a member: recognised by its own name, with no path on disk.
        Resolved::Member { bytes, sniffed, .. } => match sniffed {
            Sniffed::Known(format) => format.inspect(&Context { path: None, ..ctx }, &bytes),
            Sniffed::Foreign(kind) => Report::new(kind),
            Sniffed::Unknown => Report::new("unknown"),
        },
        Resolved::Entry {
            name: own,
            container,
            format,
        } => entry_report(&ctx, format, &container, &own)?,
    };
    Ok(report.to_json(&path))
}

/// The report `info` gives a file: its format's, or a bare one naming a foreign format. The
/// format is recognised by `name`'s extension too, as `info` does (the context holds no path: a
/// browser has no folder beside the file).
fn report_of(ctx: &Context<'_>, bytes: &[u8], name: &str) -> Report {
    match sniff(bytes, Some(Path::new(name))) {
        Sniffed::Known(format) => format.inspect(ctx, bytes),
        Sniffed::Foreign(kind) => Report::new(kind),
        Sniffed::Unknown => Report::new("unknown"),
    }
}

/// The report a container keeps for one of its entries without bytes of its own (a WAD texture).
fn entry_report(
    ctx: &Context<'_>,
    format: &'static dyn Format,
    container: &[u8],
    entry: &str,
) -> Result<Report, String> {
    let children = format.children(ctx, container).map_err(|e| e.to_string())?;
    for child in children {
        if child.name == entry {
            return match child.content {
                ChildContent::Report(report) => Ok(*report),
                ChildContent::Bytes(data) => Ok(report_of(ctx, &data, entry)),
                ChildContent::Failed(e) => Err(e.to_string()),
                _ => Err(format!(
                    "{entry}: a member of a kind this build does not know"
                )),
            };
        }
    }
    Err(format!("no entry {entry:?}"))
}

/// The format of a file that must be one of ours, or why it is not.
fn known(bytes: &[u8], name: &str) -> Result<&'static dyn Format, String> {
    match sniff(bytes, Some(Path::new(name))) {
        Sniffed::Known(format) => Ok(format),
        Sniffed::Foreign(kind) => Err(format!("a {kind} file, not a format lumpkit reads")),
        Sniffed::Unknown => Err("not a format lumpkit recognises".to_string()),
    }
}

/// Checks one file as `lumpkit check --json` does (archives descended, one unpack budget per
/// file), appending one record per file or member to `out`, each the CLI's JSON line.
pub fn check(bytes: &[u8], name: &str, options: &Options, out: &mut Vec<String>) {
    let ctx = Context {
        // `check` prints no info fields, so formats need not build them (as in the CLI).
        brief: true,
        vis: false,
        ..options.context(name)
    };
    let mut checked: Vec<Checked> = Vec::new();
    check_tree(&ctx, name, bytes, &mut checked);
    out.reserve(checked.len());
    for one in &checked {
        // Serializing these plain records cannot fail; an empty object would only hide a bug.
        out.push(serde_json::to_string(&JsonLine::new(one, None)).unwrap_or_default());
    }
}

/// The engines called `names` (as `--target` spells them), or the first unknown name with the
/// known ones, as the CLI and the Python binding refuse it.
pub fn targets<S: AsRef<str>>(names: &[S]) -> Result<Targets, String> {
    names.iter().try_fold(Targets::NONE, |set, name| {
        let name = name.as_ref();
        Engine::from_name(name).map(|e| set.with(e)).ok_or_else(|| {
            let known: Vec<&str> = Engine::ALL.iter().map(|e| e.name()).collect();
            format!("unknown engine {name:?} (known: {})", known.join(", "))
        })
    })
}

/// Every engine name `targets` takes, for the page's picker.
pub fn engine_names() -> Vec<&'static str> {
    Engine::ALL.iter().map(|e| e.name()).collect()
}

/// Whether a file of this name is a corpus folder's manifest (`expect.tsv`, `targets.tsv`), which
/// `check` reads instead of checking it: the facade's rule, as the CLI applies it.
pub fn is_manifest(name: &str, bytes: &[u8]) -> bool {
    lumpkit::check::walk::is_manifest_content(name, bytes)
}

/// Decodes one picture as `lumpkit decode` does: the file's own, a member's (a texture inside a
/// PAK) or an embedded entry's (a BSP's texture), at `options.mip`, through the facade's
/// [`lumpkit::picture::decode`], which the Python binding shares.
pub fn decode(bytes: &[u8], name: &str, options: &Options) -> Result<Image, String> {
    let ctx = options.context(name);
    let format = known(bytes, name)?;
    let sel = Selection {
        mip: options.mip,
        entry: None,
        stored_alpha: options.stored_alpha,
        swizzle: options.swizzle,
    };
    lumpkit::picture::decode(&ctx, format, bytes, options.entry.as_deref(), sel)
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use lumpkit_testgen::{pak::pak, wal::wal};
    use serde_json::Value;

    fn sample_pak() -> Vec<u8> {
        pak(&[
            (b"textures/floor.wal", &wal("e1u1/floor", 16, 16)),
            (b"readme.txt", b"hello"),
        ])
    }

    fn grey_palette() -> [[u8; 3]; 256] {
        let raw: Vec<u8> = (0..768u32).map(|i| (i / 3) as u8).collect();
        lumpkit::palette::palette_file(&raw).unwrap_or([[0; 3]; 256])
    }

    /// `check` gives the CLI's records: the archive, then each member with its `location` chain.
    #[test]
    fn check_descends_archives_as_the_cli_does() {
        let mut lines = Vec::new();
        check(&sample_pak(), "mods/x.pak", &Options::default(), &mut lines);
        let records: Vec<Value> = lines
            .iter()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect();
        assert_eq!(records.len(), 3, "{lines:?}");
        assert_eq!(records[0]["path"], "mods/x.pak");
        assert_eq!(records[0]["format"], "pak");
        assert_eq!(records[0]["location"], serde_json::json!(["mods/x.pak"]));
        let wal = &records[1];
        assert_eq!(wal["path"], "mods/x.pak!textures/floor.wal");
        assert_eq!(
            wal["location"],
            serde_json::json!(["mods/x.pak", "textures/floor.wal"])
        );
        assert_eq!(
            (wal["format"].as_str(), wal["width"].as_u64()),
            (Some("wal"), Some(16))
        );
        assert_eq!(records[2]["format"], "unknown");
        assert_eq!(
            records[2]["diagnostics"][0]["code"],
            "lumpkit-unknown-format"
        );
    }

    /// A folder's manifest is left out as the CLI leaves it out; a file of that name that is no
    /// manifest is checked.
    #[test]
    fn only_real_manifests_are_skipped() {
        assert!(is_manifest(
            "corpus/blp/expect.tsv",
            b"file\tstatus\tcodes\nx\tok\t\n"
        ));
        assert!(!is_manifest("corpus/blp/expect.tsv", b"hello"));
        assert!(!is_manifest(
            "corpus/blp/other.tsv",
            b"file\tstatus\tcodes\n"
        ));
    }

    /// `targets` judges engine-dependent findings as `--target` does, and refuses unknown names.
    #[test]
    fn targets_change_the_verdict_and_unknown_names_are_refused() -> Result<(), String> {
        let samples = lumpkit_testgen::pbo::samples();
        let cprs = samples
            .iter()
            .find(|s| s.name == "cprs.pbo")
            .ok_or("no cprs.pbo sample")?;
        let status = |names: &[&str]| -> Result<String, String> {
            let options = Options {
                targets: targets(names)?,
                ..Options::default()
            };
            let mut out = Vec::new();
            check(&cprs.bytes, "cprs.pbo", &options, &mut out);
            let first: serde_json::Value =
                serde_json::from_str(out.first().ok_or("no record")?).map_err(|e| e.to_string())?;
            let info = inspect(&cprs.bytes, "cprs.pbo", &options)?;
            assert_eq!(info["status"], first["status"], "{info}");
            Ok(first["status"].as_str().unwrap_or_default().to_string())
        };
        assert_eq!(status(&[])?, "ok");
        assert_eq!(status(&["ofp"])?, "ok");
        assert_eq!(status(&["ofp-elite"])?, "error");
        assert_eq!(status(&["OFP", "arma1"])?, "error");
        let refused = targets(&["doom"]).err().unwrap_or_default();
        assert!(
            refused.contains("unknown engine \"doom\"") && refused.contains("arma3"),
            "{refused}"
        );
        assert!(engine_names().contains(&"wow-3.3.5"));
        Ok(())
    }

    /// `inspect` is `info --json`, for a file or for one of its members.
    #[test]
    fn inspect_gives_the_info_object_of_a_file_or_member() -> Result<(), String> {
        let bytes = sample_pak();
        let top = inspect(&bytes, "x.pak", &Options::default())?;
        assert_eq!(
            (top["path"].as_str(), top["format"].as_str()),
            (Some("x.pak"), Some("pak"))
        );
        assert!(
            top["entries"].as_array().is_some_and(|e| e.len() == 2),
            "{top}"
        );
        let options = Options {
            entry: Some("textures/floor.wal".into()),
            ..Options::default()
        };
        let member = inspect(&bytes, "x.pak", &options)?;
        assert_eq!(member["path"], "x.pak!textures/floor.wal");
        assert_eq!(
            (member["format"].as_str(), member["mips"].as_u64()),
            (Some("wal"), Some(4))
        );
        let missing = Options {
            entry: Some("nothing.wal".into()),
            ..Options::default()
        };
        assert!(inspect(&bytes, "x.pak", &missing).is_err());
        Ok(())
    }

    /// A file its content does not name is read as its extension's format, as `info` reads it
    /// (a `.m2` with no `MD20` is a broken model, not an unknown file).
    #[test]
    fn inspect_reads_a_file_by_its_extension_as_info_does() -> Result<(), String> {
        let bytes = [0x01_u8, 0x00, 0x02, 0x00, 0xFF, 0x10, 0x00, 0x00];
        let report = inspect(&bytes, "creature/x.m2", &Options::default())?;
        assert_eq!(report["format"], "m2", "{report}");
        assert_eq!(report["status"], "error", "{report}");
        assert_eq!(report["diagnostics"][0]["code"], "m2-bad-magic", "{report}");
        Ok(())
    }

    /// `decode` reaches members, honours the mip, and needs a palette for WAL as the CLI does.
    #[test]
    fn decode_reaches_members_and_levels() -> Result<(), String> {
        let bytes = sample_pak();
        let mut options = Options {
            entry: Some("textures/floor.wal".into()),
            mip: 1,
            ..Options::default()
        };
        let refused = decode(&bytes, "x.pak", &options).err().unwrap_or_default();
        assert!(refused.contains("palette"), "{refused}");
        options.palette = Some(grey_palette());
        let image = decode(&bytes, "x.pak", &options)?;
        assert_eq!(
            (image.width, image.height, image.rgba.len()),
            (8, 8, 8 * 8 * 4)
        );
        // Grey palette: every pixel's channels are equal and opaque.
        assert!(
            image
                .rgba
                .chunks_exact(4)
                .all(|p| p[0] == p[1] && p[1] == p[2] && p[3] == 255)
        );
        let readme = Options {
            entry: Some("readme.txt".into()),
            ..Options::default()
        };
        assert!(decode(&bytes, "x.pak", &readme).is_err());
        assert!(decode(b"not a picture", "x.blp", &Options::default()).is_err());
        Ok(())
    }
}
