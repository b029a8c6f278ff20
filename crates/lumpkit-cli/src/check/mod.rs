//! `lumpkit check PATH...`: validate files and folders, archives included, in parallel.

mod expect;
mod human;
mod order;
mod output;
mod policy;
mod sarif;

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use clap::{Args, ValueEnum};
use lumpkit::OpenMode;
use lumpkit::check::{CheckedFile as FileResult, Spare, check_file_on, walk};

use crate::{CommonArgs, Fatal, open};
use human::Human;
use policy::{Policies, Policy};

/// Output styles of `check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Grouped by file, with a summary (colours on a terminal).
    Human,
    /// JSON Lines: one object per file or entry, no summary.
    Json,
    /// GitHub Actions workflow-command annotations.
    Github,
    /// One SARIF 2.1.0 log (GitHub code scanning and other static-analysis viewers).
    Sarif,
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
    /// Project config (default: the nearest `lumpkit.toml` in the first path's folder or above).
    #[arg(long, value_name = "FILE", conflicts_with = "no_config")]
    pub config: Option<PathBuf>,
    /// Ignore any `lumpkit.toml`.
    #[arg(long)]
    pub no_config: bool,
    /// Ignore this diagnostic code (repeatable).
    #[arg(long, value_name = "CODE")]
    pub allow: Vec<String>,
    /// Treat this diagnostic code as an error (repeatable).
    #[arg(long, value_name = "CODE")]
    pub deny: Vec<String>,
    /// Worker threads (default: the config's `jobs`, else one per core).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// Follow symbolic links while walking folders.
    #[arg(long)]
    pub follow_links: bool,
    /// Also decode every pixel level (slower; finds pixel-level problems).
    #[arg(long)]
    pub decode: bool,
    /// Human output: list ok files and members too, and unfold findings shared by many members.
    #[arg(long, conflicts_with = "quiet")]
    pub all: bool,
    /// Human output: print only the summary.
    #[arg(long, short = 'q')]
    pub quiet: bool,
    #[command(flatten)]
    pub common: CommonArgs,
}

/// How many checked files may wait for the printer.
const RESULTS_IN_FLIGHT: usize = 16;

/// Runs `check`: files are checked (in parallel when there are several files and jobs) and printed
/// in walk order.
pub fn run(args: &CheckArgs) -> Result<ExitCode, Fatal> {
    // Lent threads once the jobs are known; until then, cores kept warm for them.
    let spare = Spare::new(0);
    std::thread::scope(|scope| {
        for _ in 0..warm_cores(args) {
            scope.spawn(|| spare.keep_warm(WARM_MOST));
        }
        let result = run_with(args, &spare);
        spare.done();
        result
    })
}

/// The most a core is kept warm for threads that may help with one archive ([`Spare::keep_warm`]):
/// far longer than opening an archive takes before its members are read.
const WARM_MOST: std::time::Duration = std::time::Duration::from_millis(20);

/// Cores kept warm at most: each is a thread started before anything else is done.
const WARM_CORES_MOST: usize = 3;

/// How many cores to keep warm as the run starts: one per other core (at most
/// [`WARM_CORES_MOST`], and as `--jobs` allows) when one file is checked that is large enough
/// for its members to be read on several threads ([`lumpkit::check::PARALLEL_BYTES`]); none
/// otherwise (several files keep the cores busy themselves).
fn warm_cores(args: &CheckArgs) -> usize {
    let [path] = args.paths.as_slice() else {
        return 0;
    };
    let big = std::fs::metadata(path)
        .is_ok_and(|m| m.is_file() && m.len() >= lumpkit::check::PARALLEL_BYTES as u64);
    if !big {
        return 0;
    }
    thread_count(args.jobs.unwrap_or(0))
        .saturating_sub(1)
        .min(WARM_CORES_MOST)
}

fn run_with(args: &CheckArgs, spare: &Spare) -> Result<ExitCode, Fatal> {
    let format = if args.json {
        OutputFormat::Json
    } else {
        args.format
    };
    let config = if args.no_config {
        crate::config::Loaded::default()
    } else {
        crate::config::load(args.config.as_deref(), &args.paths)?
    };
    let project = &config.config;
    let allow: Vec<String> = project.allow.iter().chain(&args.allow).cloned().collect();
    let deny: Vec<String> = project.deny.iter().chain(&args.deny).cloned().collect();
    let jobs = args.jobs.or(project.jobs).unwrap_or(0);
    let targets = project
        .targets
        .iter()
        .filter_map(|n| crate::parse_engine(n).ok())
        .fold(args.common.target_set(), |t, e| t.with(e));
    let policy = Policy::new(&allow, &deny, args.deny_warnings || project.deny_warnings);
    let policies = Policies::new(policy, config);
    let pal = args.common.palette_table()?;
    // A folder's `expect.tsv` (and `targets.tsv`) is read as its manifest, not checked as a file.
    let files = walk::collect(&args.paths, args.follow_links, expect::is_manifest)?;
    let target_names: Vec<&str> = targets.iter().map(|e| e.name()).collect();
    let expectations =
        expect::Expectations::load(files.iter().filter_map(|f| f.path.parent()), &target_names);
    let bar =
        (format == OutputFormat::Human && std::io::stderr().is_terminal() && files.len() > 200)
            .then(|| indicatif::ProgressBar::new(files.len() as u64));
    let stdout = std::io::stdout();
    let colour = stdout.is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let mut printer = output::Printer::new(
        std::io::BufWriter::new(stdout.lock()),
        format,
        &policies,
        &expectations,
        Human::new(args.all, args.quiet, colour),
    );
    let workers = worker_count(jobs, files.len());
    // The jobs no worker has a file for help with the members of large archives; so does every
    // worker that runs out of files.
    let lent = thread_count(jobs).saturating_sub(workers.max(1));
    spare.lend(lent);
    if lent == 0 || workers > 1 {
        // Every core has a file of its own, or none is lent: nothing to keep warm.
        spare.done();
    }
    let check = |index: usize| {
        let file = files.get(index)?;
        let result = check_file(args, pal.as_ref(), targets, file, spare);
        if let Some(b) = &bar {
            b.inc(1);
        }
        Some(result)
    };
    let mut show = |index: usize, result: &FileResult| {
        let root = files.get(index).and_then(|f| f.root.as_deref());
        match &bar {
            Some(b) => b.suspend(|| printer.file(result, root).and_then(|()| printer.flush())),
            None => printer.file(result, root),
        }
    };
    let printed = if workers <= 1 {
        // One file or one job: checked and printed here, in walk order. Starting a worker and
        // handing each result over cost more than the check itself on a small file (a one-file
        // check spent most of its time in thread start-up and wake-ups).
        (0..files.len()).try_for_each(|index| match check(index) {
            Some(result) => show(index, &result),
            None => Ok(()),
        })
    } else {
        let sizes: Vec<u64> = files
            .iter()
            .map(|f| std::fs::metadata(&f.path).map_or(0, |m| m.len()))
            .collect();
        in_parallel(
            workers,
            &order::work_order(&sizes),
            &check,
            &mut show,
            spare,
        )
    };
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    printed?;
    let any_failure = printer.finish()?;
    Ok(if any_failure {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// How many threads check files: `jobs` (0 = one per core), never more than there are files.
fn worker_count(jobs: usize, files: usize) -> usize {
    thread_count(jobs).min(files)
}

/// The threads `--jobs` allows (0 = one per core).
fn thread_count(jobs: usize) -> usize {
    match jobs {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
}

/// Checks files on `workers` threads and shows each result in walk order as soon as every file
/// before it is done, so memory holds only the results waiting for a slower file ahead.
///
/// Every worker takes the next file in `order` (the big ones, then walk order), so results arrive
/// nearly in order and few wait for an earlier one. Plain scoped threads, not a pool: a worker
/// with no file left ends at once instead of spinning for more work beside the busy ones (a
/// rayon worker yields in a loop before it sleeps, on a 2-core machine the printer's CPU).
fn in_parallel(
    workers: usize,
    order: &[usize],
    check: &(dyn Fn(usize) -> Option<FileResult> + Sync),
    show: &mut dyn FnMut(usize, &FileResult) -> std::io::Result<()>,
    spare: &Spare,
) -> std::io::Result<()> {
    // Set when showing fails (a closed pipe): the workers then skip the files left.
    let stop = AtomicBool::new(false);
    let next = AtomicUsize::new(0);
    // Bounded, so that checking waits for a slower printer instead of piling results up. The
    // printer never blocks on the workers, so this cannot deadlock.
    let (sender, results) = mpsc::sync_channel::<(usize, FileResult)>(RESULTS_IN_FLIGHT);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let sender = sender.clone();
            let (stop, next) = (&stop, &next);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let Some(&index) = order.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    let Some(result) = check(index) else {
                        break;
                    };
                    // The receiver is gone only when showing failed.
                    if sender.send((index, result)).is_err() {
                        break;
                    }
                }
                // No file left for this worker: its thread may help with a large archive.
                spare.lend(1);
            });
        }
        drop(sender);
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        for (index, result) in results {
            waiting.insert(index, result);
            while let Some(result) = waiting.remove(&due) {
                if let Err(e) = show(due, &result) {
                    stop.store(true, Ordering::Relaxed);
                    return Err(e);
                }
                due += 1;
            }
        }
        Ok(())
    })
}

fn check_file(
    args: &CheckArgs,
    pal: Option<&[[u8; 3]; 256]>,
    targets: lumpkit::Targets,
    file: &walk::Found,
    spare: &Spare,
) -> FileResult {
    let mut ctx = open::context(&args.common, &file.path, pal);
    ctx.targets = targets;
    ctx.decode_pixels = args.decode;
    // `check` prints no info fields, so formats need not build them.
    ctx.brief = true;
    let mode = if args.common.no_mmap {
        OpenMode::Read
    } else {
        OpenMode::Map
    };
    check_file_on(&ctx, &file.path, mode, Some(spare))
}
