//! Replays every fuzz reproducer kept in `corpus/<format>/regression/` through the same code the
//! fuzz targets run (`lumpkit::exercise`), on the stable toolchain. A reproducer that panics fails.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

#[test]
fn fuzz_reproducers_no_longer_fail() {
    let corpus = support::workspace_root().join("corpus");
    let mut replayed = 0;
    for folder in std::fs::read_dir(&corpus).unwrap() {
        let folder = folder.unwrap().path();
        let regression = folder.join("regression");
        if !regression.is_dir() {
            continue;
        }
        let name = folder.file_name().unwrap().to_string_lossy().to_string();
        let format = lumpkit::by_name(&name);
        for file in std::fs::read_dir(&regression).unwrap() {
            let path = file.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            if let Some(f) = format {
                lumpkit::exercise::format(f, &bytes);
            }
            lumpkit::exercise::sniffed(&bytes);
            replayed += 1;
        }
    }
    eprintln!("replayed {replayed} fuzz reproducers");
}
