//! Every row of `../shared/corpus/zip/expected.tsv` (central directory record counts and the sha256
//! of every extracted member, names as APPNOTE reads them), and the archive CPython refuses.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use lumpkit::{Context, Status};

#[test]
fn every_zip_fact_matches() {
    // Encrypted members and links are warnings; nothing in these archives is broken.
    support::check_archive_facts("zip", |file, report| {
        assert_ne!(
            report.status(),
            Status::Error,
            "{file}: {:?}",
            report.diagnostics
        );
    });
}

#[test]
fn the_archive_with_a_wrong_directory_offset_is_refused() {
    let Some(dir) = support::shared_corpus("zip") else {
        return;
    };
    let bytes = std::fs::read(dir.join("zip2__invalid_offset.zip")).unwrap();
    let report = lumpkit::by_name("zip")
        .unwrap()
        .inspect(&Context::default(), &bytes);
    assert_eq!(report.status(), Status::Error);
    assert_eq!(
        report.fatal.as_ref().map(|e| e.code()),
        Some("zip-central-directory-out-of-bounds")
    );
}

#[test]
fn links_encrypted_members_and_prefixes_are_reported_not_extracted() {
    let Some(dir) = support::shared_corpus("zip") else {
        return;
    };
    let format = lumpkit::by_name("zip").unwrap();
    let ctx = Context::default();
    for (file, code, members) in [
        ("zip2__symlink.zip", "zip-symlink", 0),
        ("zip2__aes_archive.zip", "zip-encrypted", 0),
        ("zip2__zip64_demo.zip", "zip-prefix-data", 1),
    ] {
        let bytes = std::fs::read(dir.join(file)).unwrap();
        let report = format.inspect(&ctx, &bytes);
        assert!(
            report.diagnostics.iter().any(|d| d.code() == code),
            "{file}: {:?}",
            report.diagnostics
        );
        assert_eq!(
            format.children(&ctx, &bytes).unwrap().len(),
            members,
            "{file}"
        );
    }
}

#[test]
fn a_texture_inside_a_pk3_decodes_by_entry_name() {
    let zip = std::fs::read(support::workspace_root().join("corpus/zip/valid.zip")).unwrap();
    let format = lumpkit::by_name("zip").unwrap();
    let ctx = Context::default();
    let palette = [[1u8, 2, 3]; 256];
    let ctx = Context {
        palette: Some(&palette),
        ..ctx
    };
    for name in ["textures/floor1_3.wal", "TEXTURES\\Floor1_3.WAL"] {
        let sel = lumpkit::Selection {
            entry: Some(name),
            ..Default::default()
        };
        let image = format.decode(&ctx, &zip, &sel).unwrap();
        assert_eq!((image.width, image.height), (16, 16), "{name}");
    }
    let missing = lumpkit::Selection {
        entry: Some("textures/none.wal"),
        ..Default::default()
    };
    assert_eq!(
        format.decode(&ctx, &zip, &missing).unwrap_err().code(),
        "lumpkit-no-such-entry"
    );
}
