//! `include/lumpkit.h` is what cbindgen makes of this crate today: a changed signature, struct or
//! constant without the header regenerated fails here, and C programs never compile against a
//! stale header. `LUMPKIT_BLESS=1 cargo test -p lumpkit-capi --test header` rewrites it.

use std::path::Path;

fn generate() -> Result<String, Box<dyn std::error::Error>> {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml"))?;
    let bindings = cbindgen::Builder::new()
        .with_crate(crate_dir)
        .with_config(config)
        .generate()?;
    let mut out = Vec::new();
    bindings.write(&mut out);
    Ok(String::from_utf8(out)?)
}

#[test]
fn committed_header_is_current() -> Result<(), Box<dyn std::error::Error>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("include/lumpkit.h");
    let fresh = generate()?;
    if std::env::var_os("LUMPKIT_BLESS").is_some() {
        std::fs::write(&path, &fresh)?;
        return Ok(());
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != fresh {
        let first = committed
            .lines()
            .zip(fresh.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| committed.lines().count().min(fresh.lines().count()));
        return Err(format!(
            "{} is stale: it differs from cbindgen's output from line {} on \
             (committed: {:?}, generated: {:?}). Regenerate it with \
             `LUMPKIT_BLESS=1 cargo test -p lumpkit-capi --test header` and commit it.",
            path.display(),
            first + 1,
            committed.lines().nth(first).unwrap_or("<end>"),
            fresh.lines().nth(first).unwrap_or("<end>"),
        )
        .into());
    }
    Ok(())
}

/// Every function the library exports is declared in the header, and nothing else is: a symbol
/// added without `#[unsafe(no_mangle)]`, or one the header lost, fails here.
#[test]
fn header_declares_every_exported_function() -> Result<(), Box<dyn std::error::Error>> {
    let header = generate()?;
    let source = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/abi.rs"))?;
    let exported: Vec<&str> = source
        .split("pub unsafe extern \"C\" fn ")
        .skip(1)
        .chain(source.split("pub extern \"C\" fn ").skip(1))
        .filter_map(|rest| rest.split('(').next())
        .collect();
    assert!(exported.len() >= 20, "{exported:?}");
    for name in &exported {
        assert!(
            header.contains(&format!("{name}(")),
            "{name} is exported but not declared in the header"
        );
    }
    let declared = header.matches("lumpkit_").count();
    assert!(declared > exported.len());
    Ok(())
}
