//! For `mdx-anchor/compare.py`: inspects each model named on the command line REPEAT times (the
//! first argument) in this process, as `check` does, and prints one JSON line per model with the
//! mean time per inspection and every diagnostic's code and severity. In-process, so the times
//! compare with the in-process times `sanity.mjs` measures for mdx-m3-viewer.
//!
//! `cargo run --release -p lumpkit-bench --example mdx_times -- 50 model.mdx …`

use std::time::Instant;

use lumpkit::formats::mdx::MdxFormat;
use lumpkit::{Context, Format};

fn main() {
    let mut args = std::env::args().skip(1);
    let repeat: u32 = args.next().and_then(|r| r.parse().ok()).unwrap_or(1).max(1);
    let ctx = Context {
        brief: true,
        ..Context::default()
    };
    for path in args {
        let Ok(bytes) = std::fs::read(&path) else {
            eprintln!("{path}: unreadable");
            continue;
        };
        let start = Instant::now();
        let mut report = MdxFormat.inspect(&ctx, &bytes);
        for _ in 1..repeat {
            report = MdxFormat.inspect(&ctx, &bytes);
        }
        let ms = start.elapsed().as_secs_f64() * 1000.0 / f64::from(repeat);
        let diagnostics: Vec<serde_json::Value> = report
            .diagnostics
            .iter()
            .map(|d| serde_json::json!({"code": d.code(), "severity": d.severity().as_str()}))
            .collect();
        let line = serde_json::json!({
            "path": path,
            "status": report.status().as_str(),
            "ms": ms,
            "diagnostics": diagnostics,
        });
        println!("{line}");
    }
}
