//! `lumpkit info FILE [--json] [--vis]`: one file's facts and diagnostics.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use lumpkit::Status;
use lumpkit::registry::{Sniffed, sniff};
use lumpkit::report::Report;

use crate::{CommonArgs, Fatal, open};

/// Arguments of `info`.
#[derive(Debug, Args)]
pub struct InfoArgs {
    /// The file.
    pub file: PathBuf,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// BSP: also compute the visible-cluster count of every cluster (PVS and PHS).
    #[arg(long)]
    pub vis: bool,
    /// Also decode every pixel level, reporting pixel-level problems.
    #[arg(long)]
    pub decode: bool,
    /// Text output: list every row of long tables and whole cells.
    #[arg(long)]
    pub all: bool,
    #[command(flatten)]
    pub common: CommonArgs,
}

/// Runs `info`.
pub fn run(args: &InfoArgs) -> Result<ExitCode, Fatal> {
    let input = open::open(&args.file, &args.common)?;
    let pal = args.common.palette_table()?;
    let mut ctx = open::context(&args.common, &args.file, pal.as_ref());
    ctx.vis = args.vis;
    ctx.decode_pixels = args.decode;
    let report = match sniff(&input, Some(&args.file)) {
        Sniffed::Known(format) => format.inspect(&ctx, &input),
        Sniffed::Foreign(name) => Report::new(name),
        Sniffed::Unknown => Report::new("unknown"),
    };
    let path = args.file.display().to_string();
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", report.to_json(&path))?;
    } else {
        print_human(&mut out, &report, &path, args.all)?;
    }
    Ok(if report.status() == Status::Error {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn print_human(
    out: &mut impl Write,
    report: &Report,
    path: &str,
    all: bool,
) -> std::io::Result<()> {
    let json = report.to_json(path);
    writeln!(
        out,
        "{path}: {} ({})",
        report.format,
        report.status().as_str()
    )?;
    if let Some(obj) = json.as_object() {
        let fields = obj
            .iter()
            .filter(|(k, _)| !matches!(k.as_str(), "path" | "format" | "status" | "diagnostics"));
        crate::info_tables::write_fields(out, fields, all)?;
    }
    if !report.diagnostics.is_empty() {
        writeln!(out)?;
    }
    for d in &report.diagnostics {
        write!(out, "  {}: {d}", d.severity().as_str())?;
        if let Some(off) = d.offset {
            write!(out, " (at byte {off})")?;
        }
        writeln!(out, "  [{}]", d.code())?;
    }
    Ok(())
}
