//! Every row of `../shared/corpus/pbo/expected.tsv` (entry counts and the sha256 of every extracted
//! entry), plus the PAA files inside a PBO checked as PAA.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use lumpkit::Context;

#[test]
fn every_pbo_fact_matches() {
    support::check_archive_facts("pbo", |file, report| {
        assert_eq!(
            report.status(),
            lumpkit::Status::Ok,
            "{file}: {:?}",
            report.diagnostics
        );
    });
}

#[test]
fn paa_inside_pbo_is_checked_as_paa() {
    let Some(dir) = support::shared_corpus("pbo") else {
        return;
    };
    let bytes = std::fs::read(dir.join("hemtt_ace_weather_8bd4922f.pbo")).unwrap();
    let mut out = Vec::new();
    lumpkit::check::check_tree(&Context::default(), "ace_weather.pbo", &bytes, &mut out);
    let paas: Vec<_> = out.iter().filter(|c| c.report.format == "paa").collect();
    assert_eq!(paas.len(), 5);
    assert!(
        paas.iter()
            .all(|c| c.report.status() == lumpkit::Status::Ok && c.report.mips.unwrap() > 0)
    );
    assert!(
        out.iter()
            .any(|c| c.path == "ace_weather.pbo!UI/wind_arrow_ca.paa")
    );
}

#[test]
fn generated_cprs_entries_round_trip() {
    let format = lumpkit::by_name("pbo").unwrap();
    let samples = lumpkit_testgen::pbo::samples();
    let stored = &samples
        .iter()
        .find(|s| s.name == "stored.pbo")
        .unwrap()
        .bytes;
    let packed = &samples.iter().find(|s| s.name == "cprs.pbo").unwrap().bytes;
    let ctx = Context::default();
    let a = format.children(&ctx, stored).unwrap();
    let b = format.children(&ctx, packed).unwrap();
    assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x.name, y.name);
        match (&x.content, &y.content) {
            (lumpkit::ChildContent::Bytes(p), lumpkit::ChildContent::Bytes(q)) => assert_eq!(p, q),
            other => panic!("{other:?}"),
        }
    }
    // Stored entries are borrowed from the archive, never copied.
    assert!(a.iter().all(|c| matches!(
        &c.content,
        lumpkit::ChildContent::Bytes(std::borrow::Cow::Borrowed(_))
    )));
}

/// The duplicate-name check needs 8 bytes a directory entry: past `limit-alloc` it is left out
/// (nothing else depends on it) rather than allocating past the limit, and the rest of the check
/// goes on.
#[test]
fn the_duplicate_name_check_is_left_out_past_the_allocation_limit() {
    let bytes =
        std::fs::read(support::workspace_root().join("corpus/pbo/duplicate_name.pbo")).unwrap();
    let pbo = lumpkit::by_name("pbo").unwrap();
    let inspect = |max_alloc| {
        let ctx = Context {
            limits: lumpkit::Limits {
                max_alloc,
                ..lumpkit::Limits::DEFAULT
            },
            ..Context::default()
        };
        let report = pbo.inspect(&ctx, &bytes);
        let codes: Vec<&str> = report.diagnostics.iter().map(|d| d.code()).collect();
        (report.fatal.is_none(), codes)
    };
    let (whole, codes) = inspect(lumpkit::Limits::DEFAULT.max_alloc);
    assert!(whole && codes.contains(&"pbo-duplicate-name"), "{codes:?}");
    let (whole, codes) = inspect(8);
    assert!(whole && !codes.contains(&"pbo-duplicate-name"), "{codes:?}");
}
