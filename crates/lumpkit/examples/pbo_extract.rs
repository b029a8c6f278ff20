//! Lists a PBO and extracts it, refusing an archive whose SHA-1 trailer does not match its content.
//!
//! ```sh
//! cargo run -p lumpkit --example pbo_extract -- addon.pbo OUT_DIR
//! ```
//!
//! The listing comes from the typed info; the trailer is checked here with the `sha1` crate over
//! the bytes `lumpkit-formats` says it covers (the inspection checks it too, as
//! `pbo-sha1-mismatch`); members are written through `Format::children`, which never hands out a
//! name that climbs out of the output folder.

use std::error::Error;
use std::path::{Component, Path};
use std::process::ExitCode;

use lumpkit::info::Info;
use lumpkit::{ChildContent, Context, Format, Input, OpenMode, Status};
use lumpkit_formats::Ignore;
use lumpkit_formats::pbo::Pbo;
use sha1::{Digest, Sha1};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file, out_dir] = args.as_slice() else {
        return Err("usage: pbo_extract FILE.pbo OUT_DIR".into());
    };
    let input = Input::open(Path::new(file), OpenMode::Map)?;
    let pbo_format = lumpkit::formats::pbo::PboFormat;
    let ctx = Context::default();

    // The SHA-1 trailer: 20 bytes after a zero byte, over everything before it.
    let pbo = Pbo::parse(&input, &mut Ignore)?;
    match pbo.sha1 {
        Some(stored) => {
            let actual = Sha1::digest(pbo.hashed());
            if actual.as_slice() != stored {
                return Err(format!("{file}: SHA-1 trailer does not match; not extracted").into());
            }
            println!("{file}: SHA-1 {} ok", hex(stored));
        }
        None => println!("{file}: no SHA-1 trailer (an OFP-era archive)"),
    }

    let (report, children) = pbo_format.inspect_with_children(&ctx, &input);
    for d in &report.diagnostics {
        println!("  {}: {d} [{}]", d.severity().as_str(), d.code());
    }
    if report.status() == Status::Error {
        return Err(format!("{file}: the archive is broken; not extracted").into());
    }
    let Some(Info::Pbo(info)) = report.info() else {
        return Err(format!("{file}: no PBO facts").into());
    };
    for (key, value) in &info.properties {
        println!("  property {key} = {value}");
    }
    for entry in &info.entries {
        println!(
            "  {:>10} {:>10} {:<6} {}",
            entry.size,
            entry.stored_size,
            method(entry.method),
            entry.name
        );
    }

    let mut written = 0;
    for child in children? {
        match child.content {
            ChildContent::Bytes(data) => {
                let relative = Path::new(child.name.as_ref());
                if !relative
                    .components()
                    .all(|c| matches!(c, Component::Normal(_)))
                {
                    return Err(format!("{}: unsafe member name", child.name).into());
                }
                let target = Path::new(out_dir).join(relative);
                if let Some(parent) = target.parent() {
                    std::fs::create_dir_all(parent)?;
                }
                std::fs::write(&target, &data)?;
                written += 1;
            }
            ChildContent::Failed(e) => eprintln!("  {}: not extracted: {e}", child.name),
            _ => {}
        }
    }
    println!(
        "extracted {written} of {} entries to {out_dir}",
        info.entries.len()
    );
    Ok(())
}

fn method(word: u32) -> &'static str {
    match word {
        lumpkit_formats::pbo::METHOD_STORED => "stored",
        lumpkit_formats::pbo::METHOD_CPRS => "cprs",
        _ => "other",
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
