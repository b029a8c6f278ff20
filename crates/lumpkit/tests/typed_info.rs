//! The typed facts ([`Report::info`]) against the JSON info fields they are built from, over every
//! file of the bundled corpus: the same keys in the same order with the same values, present
//! exactly when the fields are, and consistent with the common fields (`width`, `mips`, …).

use std::path::{Path, PathBuf};

use lumpkit::info::{BspInfo, Info};
use lumpkit::registry::Sniffed;
use lumpkit::{Context, Format, Report, Status, sniff};
use serde_json::Value;

fn corpus_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(read) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in read.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_none_or(|e| e != "tsv") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus"),
        &mut files,
    );
    files.sort();
    files
}

fn inspect(path: &Path, brief: bool) -> Option<Report> {
    let bytes = std::fs::read(path).ok()?;
    let Sniffed::Known(format) = sniff(&bytes, Some(path)) else {
        return None;
    };
    let ctx = Context {
        path: Some(path),
        brief,
        ..Context::default()
    };
    Some(format.inspect(&ctx, &bytes))
}

#[test]
fn typed_info_is_what_the_fields_print() {
    let files = corpus_files();
    assert!(files.len() > 100, "corpus/ not found or too small");
    let mut typed = 0;
    for path in &files {
        let Some(report) = inspect(path, false) else {
            continue;
        };
        let fields: Vec<(String, Value)> = report
            .fields
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        match report.info() {
            Some(info) => {
                typed += 1;
                let Ok(Value::Object(map)) = serde_json::to_value(info) else {
                    panic!("{}: info is not a JSON object", path.display());
                };
                let from_info: Vec<(String, Value)> = map.into_iter().collect();
                assert_eq!(from_info, fields, "{}", path.display());
            }
            None => assert!(
                fields.is_empty(),
                "{}: fields without typed info: {fields:?}",
                path.display()
            ),
        }
        check_common_fields(path, &report);
    }
    assert!(typed > 100, "only {typed} corpus files had typed info");
}

/// The typed mip tables and lists agree with the report's common fields.
fn check_common_fields(path: &Path, report: &Report) {
    let name = path.display();
    match report.info() {
        Some(Info::Blp(blp)) => {
            let levels = blp.levels.as_deref().unwrap_or(&[]);
            if let Some(first) = levels.first() {
                assert_eq!(Some(first.width), report.width, "{name}");
                assert_eq!(Some(first.height), report.height, "{name}");
            }
            if blp.levels.is_some() {
                assert_eq!(Some(levels.len() as u32), report.mips, "{name}");
            }
        }
        Some(Info::Paa(paa)) => {
            assert_eq!(Some(paa.levels.len() as u32), report.mips, "{name}");
            if let Some(first) = paa.levels.first() {
                assert_eq!(Some(u32::from(first.width)), report.width, "{name}");
            }
        }
        Some(Info::Wal(wal)) => {
            assert_eq!(Some(wal.levels.len() as u32), report.mips, "{name}");
            assert_eq!(
                wal.levels.first().map(|l| (l.width, l.height)),
                report.width.zip(report.height),
                "{name}"
            );
        }
        Some(Info::Bsp(BspInfo::Quake2(q2))) => {
            assert!(q2.lumps.get("faces").is_some(), "{name}");
        }
        Some(Info::Bsp(BspInfo::Quake1(q1))) => {
            assert!(q1.lumps.get("faces").is_some(), "{name}");
        }
        Some(Info::M2(m2)) if m2.lists_truncated.is_empty() && report.status() != Status::Error => {
            assert_eq!(m2.materials.len() as u32, m2.counts.materials, "{name}");
            assert_eq!(m2.textures.len() as u32, m2.counts.textures, "{name}");
        }
        _ => {}
    }
}

#[test]
fn a_brief_report_has_no_info() {
    let mut checked = 0;
    for path in corpus_files() {
        if let Some(report) = inspect(&path, true) {
            assert!(report.info().is_none(), "{}", path.display());
            assert!(report.fields.is_empty(), "{}", path.display());
            checked += 1;
        }
    }
    assert!(checked > 100);
}

#[test]
fn every_typed_format_appears_in_the_corpus() {
    let mut seen = std::collections::BTreeSet::new();
    for path in corpus_files() {
        if let Some(info) = inspect(&path, false).and_then(|r| r.info().cloned()) {
            let kind = match info {
                Info::Blp(_) => "blp",
                Info::Paa(_) => "paa",
                Info::Wal(_) => "wal",
                Info::Wad(_) => "wad",
                Info::Pak(_) => "pak",
                Info::Pbo(_) => "pbo",
                Info::Bsp(_) => "bsp",
                Info::M2(_) => "m2",
                Info::Skin(_) => "skin",
                Info::Mpq(_) => "mpq",
                Info::Zip(_) => "zip",
                Info::SevenZ(_) => "7z",
                _ => "other",
            };
            seen.insert(kind);
        }
    }
    for kind in [
        "blp", "paa", "wal", "wad", "pak", "pbo", "bsp", "m2", "skin", "mpq", "zip", "7z",
    ] {
        assert!(seen.contains(kind), "no corpus file gave typed {kind} info");
    }
}

/// Under a small allocation limit the M2 lists are cut, and `lists_truncated` sits where `info`
/// first printed it: before the first list that was cut.
#[test]
fn cut_lists_are_noted_before_the_first_cut_list() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/m2/wotlk_v264.m2");
    let Ok(bytes) = std::fs::read(&path) else {
        panic!("{} missing", path.display());
    };
    let mut ctx = Context::default();
    ctx.limits.max_alloc = 4096; // one record per list
    let report = lumpkit::formats::m2::M2Format.inspect(&ctx, &bytes);
    let Some(Info::M2(m2)) = report.info() else {
        panic!("no M2 info");
    };
    assert_eq!(m2.materials.len(), 1);
    let keys: Vec<&str> = report.fields.iter().map(|(k, _)| k.as_str()).collect();
    let at = |k: &str| keys.iter().position(|x| *x == k);
    let first_cut = if m2.counts.textures > 1 {
        "textures"
    } else {
        "materials"
    };
    assert_eq!(
        at("lists_truncated").map(|i| i + 1),
        at(first_cut),
        "{keys:?}"
    );
    let cut = &report.fields["lists_truncated"]["materials"];
    assert_eq!(
        (cut["listed"].as_u64(), cut["total"].as_u64()),
        (Some(1), Some(u64::from(m2.counts.materials)))
    );
}
