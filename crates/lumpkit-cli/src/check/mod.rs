//! `lumpkit check PATH...`: validate files and folders, archives included, in parallel.

mod expect;
mod output;
mod policy;
mod walk;

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use lumpkit::OpenMode;
use lumpkit::check::{CheckedFile as FileResult, check_file as check_file_at};
use rayon::prelude::*;

use crate::{CommonArgs, Fatal, open};
use policy::Policy;

/// Output styles of `check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Grouped by file, with a summary (colours on a terminal).
    Human,
    /// JSON Lines: one object per file or entry, no summary.
    Json,
    /// GitHub Actions workflow-command annotations.
    Github,
}

/// Arguments of `check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Files and folders (folders are walked recursively).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// JSON Lines output (same as `--format json`).
    #[arg(long)]
    pub json: bool,
    /// Output style.
    #[arg(long, value_enum, default_value_t = OutputFormat::Human)]
    pub format: OutputFormat,
    /// Count warnings as errors for the exit status.
    #[arg(long)]
    pub deny_warnings: bool,
    /// Ignore this diagnostic code (repeatable).
    #[arg(long, value_name = "CODE")]
    pub allow: Vec<String>,
    /// Treat this diagnostic code as an error (repeatable).
    #[arg(long, value_name = "CODE")]
    pub deny: Vec<String>,
    /// Worker threads (default: one per core).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// Follow symbolic links while walking folders.
    #[arg(long)]
    pub follow_links: bool,
    /// Also decode every pixel level (slower; finds pixel-level problems).
    #[arg(long)]
    pub decode: bool,
    /// Human output: list only files that are not ok.
    #[arg(long, short = 'q')]
    pub quiet: bool,
    #[command(flatten)]
    pub common: CommonArgs,
}

/// Runs `check`.
pub fn run(args: &CheckArgs) -> Result<ExitCode, Fatal> {
    let format = if args.json {
        OutputFormat::Json
    } else {
        args.format
    };
    let policy = Policy::new(&args.allow, &args.deny, args.deny_warnings);
    let pal = args.common.palette_table()?;
    let files = walk::collect(&args.paths, args.follow_links)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.unwrap_or(0))
        .build()?;
    let bar =
        (format == OutputFormat::Human && std::io::stderr().is_terminal() && files.len() > 200)
            .then(|| indicatif::ProgressBar::new(files.len() as u64));
    let results: Vec<FileResult> = pool.install(|| {
        files
            .par_iter()
            .map(|file| {
                let r = check_file(args, pal.as_ref(), file);
                if let Some(b) = &bar {
                    b.inc(1);
                }
                r
            })
            .collect()
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let expectations = expect::Expectations::load(files.iter().filter_map(|f| f.path.parent()));
    let any_error = output::print(format, &policy, &expectations, &results)?;
    Ok(if any_error {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn check_file(args: &CheckArgs, pal: Option<&[[u8; 3]; 256]>, file: &walk::Found) -> FileResult {
    let mut ctx = open::context(&args.common, &file.path, pal);
    ctx.decode_pixels = args.decode;
    // `check` prints no info fields, so formats need not build them.
    ctx.brief = true;
    let mode = if args.common.no_mmap {
        OpenMode::Read
    } else {
        OpenMode::Map
    };
    check_file_at(&ctx, &file.path, mode)
}
