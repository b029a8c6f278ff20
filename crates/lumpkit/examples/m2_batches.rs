//! Prints an M2 model's materials and, for each skin profile beside it (`Name00.skin` …
//! `Name03.skin`), its batches with the render state their materials imply: blend state and
//! factors, culling, depth test and write, alpha test reference.
//!
//! ```sh
//! cargo run -p lumpkit --example m2_batches -- Model.m2
//! ```

use std::error::Error;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use lumpkit::info::Info;
use lumpkit::{Context, Format, Input, OpenMode};
use lumpkit_formats::m2::render::{RenderError, RenderState};

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
    let Some(file) = std::env::args().nth(1) else {
        return Err("usage: m2_batches MODEL.m2".into());
    };
    let path = Path::new(&file);
    let input = Input::open(path, OpenMode::Map)?;
    let report = lumpkit::formats::m2::M2Format.inspect(&Context::default(), &input);
    let Some(Info::M2(model)) = report.info() else {
        let why = report.diagnostics.last().map(ToString::to_string);
        return Err(format!("{file}: not a readable M2 ({})", why.unwrap_or_default()).into());
    };
    println!(
        "{file}: {} (version {}), {} materials, {} textures",
        model.name.as_deref().unwrap_or("unnamed"),
        report
            .version
            .as_ref()
            .map_or("?".into(), ToString::to_string),
        model.counts.materials,
        model.counts.textures,
    );
    for (n, material) in model.materials.iter().enumerate() {
        println!(
            "  material {n}: flags {:#06x}, blending mode {}: {}",
            material.flags,
            material.blending_mode,
            describe(&material.render_state)
        );
    }
    if !model.views.is_empty() {
        println!(
            "  {} skin profiles embedded in the model",
            model.views.len()
        );
    }

    let mut profiles = 0;
    for skin_path in skin_files(path) {
        let skin_input = Input::open(&skin_path, OpenMode::Map)?;
        // With `path`, the skin finds its model beside it and gets each batch's render state.
        let ctx = Context {
            path: Some(&skin_path),
            ..Context::default()
        };
        let skin_report = lumpkit::formats::m2::SkinFormat.inspect(&ctx, &skin_input);
        let Some(Info::Skin(skin)) = skin_report.info() else {
            println!("{}: not a readable skin", skin_path.display());
            continue;
        };
        profiles += 1;
        println!(
            "{}: {} batches, {} submeshes",
            skin_path.display(),
            skin.batches.len(),
            skin.counts.submeshes
        );
        for (n, batch) in skin.batches.iter().enumerate() {
            let state = match &batch.render_state {
                Some(state) => describe(state),
                None => "model not found".to_string(),
            };
            println!(
                "  batch {n}: submesh {}, material {}: {state}",
                batch.batch.submesh_index.get(),
                batch.batch.material_index.get()
            );
        }
    }
    println!("{profiles} skin files");
    Ok(())
}

/// `Name00.skin` … `Name03.skin` beside `Name.m2`, those that exist.
fn skin_files(model: &Path) -> Vec<PathBuf> {
    let Some(stem) = model.file_stem().and_then(|s| s.to_str()) else {
        return Vec::new();
    };
    (0..4)
        .map(|n| model.with_file_name(format!("{stem}{n:02}.skin")))
        .filter(|p| p.is_file())
        .collect()
}

/// One line of render state.
fn describe(state: &Result<RenderState, RenderError>) -> String {
    match state {
        Ok(s) => format!(
            "{} (src {}, dst {}){}{}{}, alpha ref {}",
            s.blend.name,
            s.blend.src_color.gl(),
            s.blend.dst_color.gl(),
            if s.two_sided { ", two-sided" } else { "" },
            if s.depth_test { "" } else { ", no depth test" },
            if s.depth_write {
                ""
            } else {
                ", no depth write"
            },
            s.alpha_ref.base,
        ),
        Err(e) => format!("no render state: {e}"),
    }
}
