//! Writes `lumpkit.pc` beside the libraries cargo builds (`target/<profile>/`), so that a C build
//! finds them with `PKG_CONFIG_PATH=target/release pkg-config --cflags --libs lumpkit`. The file
//! points at this checkout: the libraries where cargo puts them, the header in `include/`.

use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let Some(out_dir) = std::env::var_os("OUT_DIR").map(PathBuf::from) else {
        return;
    };
    // OUT_DIR is target/<profile>/build/<crate>-<hash>/out: the profile folder is three up.
    let Some(profile_dir) = out_dir.ancestors().nth(3) else {
        return;
    };
    let include = Path::new(env!("CARGO_MANIFEST_DIR")).join("include");
    let version = env!("CARGO_PKG_VERSION");
    // What a static link needs besides the archive (rustc's `--print native-static-libs` on Linux).
    let private = if cfg!(target_os = "linux") {
        "-lgcc_s -lutil -lrt -lpthread -lm -ldl -lc"
    } else {
        ""
    };
    let pc = format!(
        "libdir={}\nincludedir={}\n\nName: lumpkit\nDescription: Open the asset files of classic games without trusting them (C ABI)\nVersion: {version}\nLibs: -L${{libdir}} -llumpkit_capi\nLibs.private: {private}\nCflags: -I${{includedir}}\n",
        profile_dir.display(),
        include.display(),
    );
    // A build that cannot write it still builds the library; the warning says why.
    if let Err(e) = std::fs::write(profile_dir.join("lumpkit.pc"), pc) {
        println!("cargo:warning=lumpkit.pc not written: {e}");
    }
}
