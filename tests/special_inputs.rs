//! Inputs that are not regular files: every command refuses what it cannot bound (FIFOs, sockets,
//! character and block devices) with a clear message and exit status 2, instead of blocking forever
//! or reading until memory runs out; `check` reports them inside a folder and goes on.
#![cfg(unix)]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs the CLI; a command still running after a minute has hung (the bug these tests guard
/// against), and is killed so the test fails instead of blocking the suite.
fn run(args: &[&str]) -> Output {
    let mut child = Command::new(support::lumpkit_bin())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("lumpkit {args:?} did not return");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn assert_refused(path: &Path, what: &str) {
    let p = path.to_str().unwrap();
    let out_png = std::env::temp_dir().join(format!("lumpkit-special-{}.png", std::process::id()));
    let out_dir = std::env::temp_dir().join(format!("lumpkit-special-{}", std::process::id()));
    for args in [
        vec!["info", p],
        vec!["info", "--json", p],
        vec!["decode", p, "--out", out_png.to_str().unwrap()],
        vec!["extract", p, "--out", out_dir.to_str().unwrap()],
        vec!["info", "--no-mmap", p],
    ] {
        let out = run(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(what), "{args:?}: {stderr}");
    }
    // `check` reports the path as unreadable (an error) and exits 1, having read nothing.
    let out = run(&["check", "--json", p]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "check: {stdout}");
    assert!(stdout.contains("lumpkit-unreadable"), "check: {stdout}");
    assert!(stdout.contains(what), "check: {stdout}");
}

#[test]
fn endless_devices_are_refused() {
    for dev in ["/dev/zero", "/dev/urandom"] {
        assert_refused(Path::new(dev), "character device");
    }
}

#[test]
fn a_fifo_with_no_writer_is_refused_without_blocking() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.blp");
    if !Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        eprintln!("notice: mkfifo unavailable; FIFO test skipped");
        return;
    }
    assert_refused(&fifo, "FIFO");

    // In a folder, the FIFO is reported among the files and the scan goes on.
    std::fs::write(dir.path().join("other.txt"), b"hello").unwrap();
    let out = run(&["check", "--json", dir.path().to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("pipe.blp") && stdout.contains("FIFO"),
        "{stdout}"
    );
    assert!(stdout.contains("other.txt"), "{stdout}");
}
