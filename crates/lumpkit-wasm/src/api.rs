//! What the browser asks of lumpkit, in plain Rust so that the host tests it: the `info --json`
//! object, the `check --json` records and decoded pixels, produced exactly as the CLI produces
//! them (the same facade calls, the same [`Limits`], the same JSON types).

use std::borrow::Cow;
use std::path::Path;

use lumpkit::check::{Checked, JsonLine, check_tree};
use lumpkit::member::{Resolved, resolve};
use lumpkit::registry::{Sniffed, sniff};
use lumpkit::report::Report;
use lumpkit::{ChildContent, Context, Format, Image, Limits, Selection};

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
}

/// The limits the CLI applies by default: a hostile file can exhaust the tab no more than a shell.
pub const LIMITS: Limits = Limits::DEFAULT;

impl Options {
    /// The context the CLI would build for a file called `name` with these options.
    fn context<'a>(&'a self, name: &'a str) -> Context<'a> {
        Context {
            limits: LIMITS,
            strict: false,
            // Formats read the name's extension (MPQ maps, `decals.wad`); a browser has no files
            // beside it, so BLP0's external levels and an M2 skin's model are not found.
            path: Some(Path::new(name)),
            palette: self.palette.as_ref(),
            decode_pixels: self.decode_pixels,
            vis: self.vis,
            brief: false,
            budget: None,
        }
    }
}

/// What `info --json NAME` prints for `bytes`, or for the member `options.entry` inside them.
pub fn inspect(bytes: &[u8], name: &str, options: &Options) -> Result<serde_json::Value, String> {
    let ctx = options.context(name);
    let Some(entry) = options.entry.as_deref() else {
        return Ok(report_of(&ctx, bytes).to_json(name));
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

/// The report `info` gives a file: its format's, or a bare one naming a foreign format.
fn report_of(ctx: &Context<'_>, bytes: &[u8]) -> Report {
    match sniff(bytes, ctx.path) {
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
                ChildContent::Bytes(data) => Ok(report_of(ctx, &data)),
                ChildContent::Failed(e) => Err(e.to_string()),
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

/// Whether a file of this name is a corpus folder's manifest, which `check` reads as the folder's
/// expectations instead of checking it (the CLI's rule: `expect.tsv` with its header line).
pub fn is_manifest(name: &str, bytes: &[u8]) -> bool {
    let own = name.rsplit(['/', '\\']).next().unwrap_or(name);
    own == "expect.tsv" && bytes.starts_with(b"file\tstatus\tcodes")
}

/// Decodes one picture as `lumpkit decode` does: the file's own, a member's (a texture inside a
/// PAK) or an embedded entry's (a BSP's texture), at `options.mip`.
pub fn decode(bytes: &[u8], name: &str, options: &Options) -> Result<Image, String> {
    let ctx = options.context(name);
    let format = known(bytes, name)?;
    let sel = |entry| Selection {
        mip: options.mip,
        entry,
        stored_alpha: options.stored_alpha,
        swizzle: options.swizzle,
    };
    let Some(entry) = options.entry.as_deref() else {
        return format
            .decode(&ctx, bytes, &sel(None))
            .map_err(|e| e.to_string());
    };
    let member_ctx = Context { path: None, ..ctx };
    match resolve(&ctx, format, bytes, entry) {
        Ok(Resolved::Entry {
            name: own,
            container,
            format,
        }) => {
            // The file itself when the entry is one of its own (a WAD's texture).
            let ctx = match container {
                Cow::Borrowed(_) => ctx,
                Cow::Owned(_) => member_ctx,
            };
            format
                .decode(&ctx, &container, &sel(Some(&own)))
                .map_err(|e| e.to_string())
        }
        Ok(Resolved::Member {
            name: own,
            bytes,
            sniffed,
        }) => match sniffed {
            Sniffed::Known(format) => format
                .decode(&member_ctx, &bytes, &sel(None))
                .map_err(|e| e.to_string()),
            Sniffed::Foreign(kind) => Err(format!("member {own:?} is a {kind} file")),
            Sniffed::Unknown => Err(format!("member {own:?} is not a format lumpkit reads")),
        },
        // Not a member path: the format may still know the name, as `decode --entry` tries.
        Err(unresolved) => format.decode(&ctx, bytes, &sel(Some(entry))).map_err(|e| {
            if e.diagnostic.code() == lumpkit::rules::NOT_A_PICTURE.code {
                unresolved.to_string()
            } else {
                e.to_string()
            }
        }),
    }
}

/// Parses a palette file as the CLI's `--palette` does: 768 raw RGB bytes (Quake's `palette.lmp`)
/// or a 256-colour PCX, whose last 769 bytes are `0x0C` and the palette (Quake 2's `colormap.pcx`).
pub fn palette(bytes: &[u8]) -> Option<[[u8; 3]; 256]> {
    lumpkit_pixels::palette::palette_file(bytes)
}
