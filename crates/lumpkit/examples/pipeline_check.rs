//! Validates a folder of assets in a build pipeline: every file and every archive member is checked,
//! and the build fails on the diagnostic codes the project chose (and, with `--deny-errors`, on
//! anything the game would fail on).
//!
//! ```sh
//! cargo run -p lumpkit --example pipeline_check -- assets/ --deny blp-mip-size-mismatch --deny-errors
//! ```
//!
//! The policy is a [`Sink`]: the hook every `lumpkit-formats` parser reports through, so the same
//! policy can sit directly under a container parser. Here each result's diagnostics are replayed
//! into it; the first denied one stops that file.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use lumpkit::check::check_file;
use lumpkit::{Context, Diagnostic, Error, Fault, OpenMode, Severity};
use lumpkit_formats::Sink;

/// Fails on chosen codes, and optionally on every error.
struct Gate {
    deny: BTreeSet<String>,
    deny_errors: bool,
}

impl Sink for Gate {
    fn report(&mut self, diagnostic: Diagnostic) -> Result<(), Error> {
        let denied = self.deny.contains(diagnostic.code())
            || (self.deny_errors && diagnostic.severity() == Severity::Error);
        if denied {
            return Err(diagnostic.into_error(Fault::Strict));
        }
        Ok(())
    }
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let mut root = None;
    let mut gate = Gate {
        deny: BTreeSet::new(),
        deny_errors: false,
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--deny" => gate.deny.extend(args.next()),
            "--deny-errors" => gate.deny_errors = true,
            _ => root = Some(PathBuf::from(arg)),
        }
    }
    let Some(root) = root else {
        eprintln!("usage: pipeline_check DIR [--deny CODE]... [--deny-errors]");
        return ExitCode::FAILURE;
    };

    let mut files = Vec::new();
    walk(&root, &mut files);
    files.sort();
    // Brief: full validation without the info fields only `info` prints.
    let ctx = Context {
        brief: true,
        ..Context::default()
    };
    let (mut checked, mut failed) = (0, 0);
    for file in &files {
        for result in check_file(&ctx, file, OpenMode::Map).checked {
            checked += 1;
            let verdict = result
                .report
                .diagnostics
                .iter()
                .try_for_each(|d| gate.report(*d));
            if let Err(e) = verdict {
                failed += 1;
                println!("FAIL {}: {e}", result.path);
            }
        }
    }
    println!(
        "checked {} files, {checked} files and members: {failed} failed",
        files.len()
    );
    if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Every file under `dir` (symbolic links are not followed).
fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        match entry.file_type() {
            Ok(t) if t.is_dir() => walk(&entry.path(), out),
            Ok(t) if t.is_file() => out.push(entry.path()),
            _ => {}
        }
    }
}
