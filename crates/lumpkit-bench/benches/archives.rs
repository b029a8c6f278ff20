//! The rows of issue 42's table, as a mod site meets them: one archive checked by one process,
//! whole-process wall time, side by side with the tools that only test or read it.
//!
//! | row | lumpkit | anchors |
//! |---|---|---|
//! | MPQ maps | `lumpkit check -j 1` | StormLib (a tiny C harness, `shared/storm_harness.c`): open, list, read every member; and with `verify`, every checksum it knows |
//! | ZIP / PK3 | `lumpkit check -j 1` | `7zz t -mmt=1`, `unzip -tqq`, Python's `zipfile.testzip` |
//! | 7z | `lumpkit check -j 1` | `7zz t -mmt=1` |
//! | one map, 2 jobs vs 1 | `lumpkit check -j 2` | `lumpkit check -j 1` (the shared corpus's LegendaryResistance map) |
//!
//! Each row is one set of files: the shared corpus's, plus the field sample's when
//! `LUMPKIT_FIELD` (default `../field` beside the checkout) holds some. 7z has no shared file, so
//! without field ones a few are made with `7zz` from shared corpus folders (solid LZMA2, LZMA,
//! non-solid). One timed iteration runs the tool once on every file of its set, so the times of a
//! row compare directly: anchor time ÷ lumpkit time > 1 means lumpkit is faster.
//!
//! The lumpkit process is `LUMPKIT_BIN`, or `target/release/lumpkit` (build it first:
//! `cargo build --release`); `LUMPKIT_BASE_BIN` adds an older build as `lumpkit-before`, for a
//! before/after in the same run. A tool that is missing is named and skipped, never faked.
//! Run: `cargo bench -p lumpkit-bench --bench archives`.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use criterion::{Criterion, criterion_group, criterion_main};

/// Field files per row at most, so a large sample still runs in minutes.
const FIELD_CAP: usize = 40;

/// At most [`FIELD_CAP`] of `files` (sorted by path), spread evenly over them: the first ones by
/// name would all come from one game's folder (StarCraft maps before any Warcraft III one).
fn spread(files: Vec<PathBuf>) -> Vec<PathBuf> {
    let n = files.len();
    if n <= FIELD_CAP {
        return files;
    }
    files
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i * FIELD_CAP / n != (i + 1) * FIELD_CAP / n)
        .map(|(_, f)| f)
        .collect()
}

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn field_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("LUMPKIT_FIELD")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace().join("../field"));
    dir.is_dir().then_some(dir)
}

/// Files under `dir` (recursively) whose extension is one of `exts`, sorted.
fn files_under(dir: &Path, exts: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
            } else if p
                .extension()
                .is_some_and(|e| exts.iter().any(|x| e.eq_ignore_ascii_case(x)))
            {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The row's files: the shared corpus's folders, then up to [`FIELD_CAP`] field files ([`spread`]).
fn row_files(shared: &[&str], exts: &[&str]) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = shared
        .iter()
        .filter_map(|f| lumpkit_bench::shared_corpus(f))
        .flat_map(|d| files_under(&d, exts))
        .collect();
    if let Some(field) = field_dir() {
        files.extend(spread(files_under(&field, exts)));
    }
    files
}

fn found(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// A tool run on one file: the program and its arguments before and after the file's path.
struct Tool {
    label: &'static str,
    program: PathBuf,
    before: Vec<String>,
    after: Vec<String>,
}

impl Tool {
    fn new(
        label: &'static str,
        program: impl Into<PathBuf>,
        before: &[&str],
        after: &[&str],
    ) -> Self {
        Tool {
            label,
            program: program.into(),
            before: before.iter().map(|s| s.to_string()).collect(),
            after: after.iter().map(|s| s.to_string()).collect(),
        }
    }

    /// Runs the tool once on `file`; whether it says the file is fine does not matter here.
    fn run(&self, file: &Path) {
        Command::new(&self.program)
            .args(&self.before)
            .arg(file)
            .args(&self.after)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("a tool found at start runs");
    }
}

/// `LUMPKIT_BASE_BIN`, when set: an older lumpkit to time beside this one.
fn lumpkit_before() -> Option<PathBuf> {
    let bin = PathBuf::from(std::env::var_os("LUMPKIT_BASE_BIN")?);
    if bin.is_file() {
        Some(bin)
    } else {
        eprintln!(
            "notice: LUMPKIT_BASE_BIN {} not found; skipped",
            bin.display()
        );
        None
    }
}

fn lumpkit() -> Option<Tool> {
    let bin = std::env::var_os("LUMPKIT_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace().join("target/release/lumpkit"));
    if bin.is_file() {
        Some(Tool::new("lumpkit", bin, &["check", "-j", "1"], &[]))
    } else {
        eprintln!(
            "notice: {} not found (cargo build --release, or set LUMPKIT_BIN); archive rows skipped",
            bin.display()
        );
        None
    }
}

/// The StormLib harness, compiled into `dir` against the system's StormLib.
fn storm_harness(dir: &Path) -> Option<PathBuf> {
    let source = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/shared/storm_harness.c");
    let bin = dir.join("storm_harness");
    let built = Command::new("cc")
        .args(["-O2", "-o"])
        .arg(&bin)
        .arg(&source)
        .arg("-lstorm")
        .status()
        .is_ok_and(|s| s.success());
    if built {
        Some(bin)
    } else {
        eprintln!(
            "notice: the StormLib harness does not build (no cc or libstorm-dev); StormLib skipped"
        );
        None
    }
}

/// 7z files: the field's, else made with 7zz from shared corpus folders.
fn sevenz_files(dir: &Path) -> Vec<PathBuf> {
    let field: Vec<PathBuf> = field_dir()
        .map(|f| spread(files_under(&f, &["7z"])))
        .unwrap_or_default();
    if !field.is_empty() {
        return field;
    }
    if !found("7zz") {
        return Vec::new();
    }
    eprintln!("no field 7z files: making some from the shared corpus with 7zz");
    let made = [
        (
            "solid_lzma2.7z",
            &["-ms=on"][..],
            &["mpq", "blp", "m2", "w3x"][..],
        ),
        ("lzma.7z", &["-m0=LZMA", "-ms=on"][..], &["zip", "mdx"][..]),
        ("nonsolid.7z", &["-ms=off"][..], &["q3bsp", "md3"][..]),
    ];
    made.iter()
        .filter_map(|(name, options, folders)| {
            let sources: Vec<PathBuf> = folders
                .iter()
                .filter_map(|f| lumpkit_bench::shared_corpus(f))
                .collect();
            if sources.is_empty() {
                return None;
            }
            let out = dir.join(name);
            let ok = Command::new("7zz")
                .args(["a", "-bd", "-mmt=1", "-mx=5"])
                .args(*options)
                .arg(&out)
                .args(&sources)
                .stdout(Stdio::null())
                .status()
                .is_ok_and(|s| s.success());
            ok.then_some(out)
        })
        .collect()
}

fn row(c: &mut Criterion, name: &str, files: &[PathBuf], tools: &[Tool]) {
    if files.is_empty() {
        eprintln!("notice: no {name} files; row skipped");
        return;
    }
    let bytes: u64 = files
        .iter()
        .map(|f| std::fs::metadata(f).map_or(0, |m| m.len()))
        .sum();
    eprintln!("{name}: {} files, {bytes} bytes", files.len());
    let mut g = c.benchmark_group(format!("archives-{name}"));
    g.sample_size(10);
    for tool in tools {
        g.bench_function(tool.label, |b| {
            b.iter(|| {
                for f in files {
                    tool.run(f);
                }
            })
        });
    }
    g.finish();
}

fn bench(c: &mut Criterion) {
    let Some(ours) = lumpkit() else {
        return;
    };
    let scratch = tempfile::tempdir().unwrap();
    let before = lumpkit_before();
    let ours_now = || {
        let mut tools = vec![Tool::new(
            "lumpkit",
            &ours.program,
            &["check", "-j", "1"],
            &[],
        )];
        if let Some(bin) = &before {
            tools.push(Tool::new("lumpkit-before", bin, &["check", "-j", "1"], &[]));
        }
        tools
    };
    let mut mpq_tools = ours_now();
    if let Some(harness) = storm_harness(scratch.path()) {
        mpq_tools.push(Tool::new("stormlib-read", &harness, &[], &[]));
        mpq_tools.push(Tool::new("stormlib-verify", &harness, &[], &["verify"]));
    }
    let maps = row_files(
        &["mpq", "w3x"],
        &["w3x", "w3m", "sc2map", "mpq", "scm", "scx"],
    );
    row(c, "mpq", &maps, &mpq_tools);

    let mut zip_tools = ours_now();
    let mut sevenz_tools = ours_now();
    if found("7zz") {
        zip_tools.push(Tool::new("7zz-t", "7zz", &["t", "-mmt=1"], &[]));
        sevenz_tools.push(Tool::new("7zz-t", "7zz", &["t", "-mmt=1"], &[]));
    } else {
        eprintln!("notice: 7zz not found (apt-get install 7zip); its anchors skipped");
    }
    if found("unzip") {
        zip_tools.push(Tool::new("unzip-t", "unzip", &["-tqq"], &[]));
    } else {
        eprintln!("notice: unzip not found; its anchor skipped");
    }
    if found("python3") {
        zip_tools.push(Tool::new(
            "python-testzip",
            "python3",
            &[
                "-c",
                "import sys, zipfile; zipfile.ZipFile(sys.argv[1]).testzip()",
            ],
            &[],
        ));
    } else {
        eprintln!("notice: python3 not found; zipfile.testzip skipped");
    }
    let packs = row_files(&["zip"], &["zip", "pk3"]);
    row(c, "zip", &packs, &zip_tools);

    let sevenz = sevenz_files(scratch.path());
    row(c, "7z", &sevenz, &sevenz_tools);

    // One map, as a mod site checks one upload on 2 cores: `-j 2` against `-j 1`, ten runs an
    // iteration (one takes some 15 ms).
    let map = lumpkit_bench::shared_corpus("mpq")
        .map(|d| d.join("war3net__LegendaryResistanceV2.14.w3x"))
        .filter(|p| p.is_file());
    if let Some(map) = map {
        let builds = std::iter::once((&ours.program, ["lumpkit-j1", "lumpkit-j2"])).chain(
            before
                .iter()
                .map(|b| (b, ["lumpkit-before-j1", "lumpkit-before-j2"])),
        );
        let jobs_tools: Vec<Tool> = builds
            .flat_map(|(bin, labels)| {
                labels
                    .into_iter()
                    .zip(["1", "2"])
                    .map(move |(label, jobs)| Tool::new(label, bin, &["check", "-j", jobs], &[]))
            })
            .collect();
        row(c, "one-map-jobs", &vec![map; 10], &jobs_tools);
    } else {
        eprintln!(
            "notice: the shared corpus's LegendaryResistance map not found; jobs row skipped"
        );
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
