//! Every row of `../shared/corpus/paa/expected.tsv`: encoding, mip count, dimensions and RGBA8
//! sha256 of every level, through the library (the CLI runs the same code; conform.py checks it).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use lumpkit::{Context, Selection};

#[test]
fn every_paa_fact_matches() {
    let Some((dir, facts)) = support::shared_facts("paa") else {
        return;
    };
    let format = lumpkit::by_name("paa").unwrap();
    let ctx = Context::default();
    let mut failures = Vec::new();
    for f in &facts {
        let bytes = std::fs::read(dir.join(&f.file)).unwrap();
        let report = format.inspect(&ctx, &bytes);
        let got = match f.kind.as_str() {
            "paa-type" => {
                let want = match f.expected.as_str() {
                    "0xff01" => "dxt1",
                    "0xff03" => "dxt3",
                    "0xff05" => "dxt5",
                    "0x4444" => "argb4444",
                    "0x1555" => "argb1555",
                    "0x8888" => "argb8888",
                    "0x8080" => "ai88",
                    other => other,
                };
                let got = report.fields["encoding"].as_str().unwrap().to_string();
                if got == want { f.expected.clone() } else { got }
            }
            "mips" => report.mips.unwrap().to_string(),
            "dims" => {
                let n: usize = f.key.trim_start_matches("mip=").parse().unwrap();
                let level = &report.fields["levels"][n];
                format!("{}x{}", level["width"], level["height"])
            }
            "rgba-sha256" => {
                let mip: u32 = f.key.trim_start_matches("mip=").parse().unwrap();
                let sel = Selection {
                    mip,
                    ..Selection::default()
                };
                match format.decode(&ctx, &bytes, &sel) {
                    Ok(img) => support::sha256_hex(&img.rgba),
                    Err(e) => e.to_string(),
                }
            }
            other => panic!("unknown fact kind {other}"),
        };
        if got != f.expected {
            failures.push(format!(
                "{} {} {}: want {} got {got}",
                f.file, f.kind, f.key, f.expected
            ));
        }
        assert_eq!(
            report.status(),
            lumpkit::Status::Ok,
            "{}: {:?}",
            f.file,
            report.diagnostics
        );
    }
    support::assert_facts_match("paa", facts.len(), &failures);
}

#[test]
fn swizzle_is_applied_only_on_request() {
    let Some(dir) = support::shared_corpus("paa") else {
        return;
    };
    let format = lumpkit::by_name("paa").unwrap();
    let bytes = std::fs::read(dir.join("agm_m84_nohq_dxt5_swiz.paa")).unwrap();
    let ctx = Context::default();
    let plain = format
        .decode(
            &ctx,
            &bytes,
            &Selection {
                mip: 8,
                ..Selection::default()
            },
        )
        .unwrap();
    let swizzled = format
        .decode(
            &ctx,
            &bytes,
            &Selection {
                mip: 8,
                swizzle: true,
                ..Selection::default()
            },
        )
        .unwrap();
    // SWIZ 05 04 02 03 (A, R, G, B): A = 255 - R, R = 255 - A, G and B kept.
    for (p, s) in plain
        .rgba
        .chunks_exact(4)
        .zip(swizzled.rgba.chunks_exact(4))
    {
        assert_eq!(s, [255 - p[3], p[1], p[2], 255 - p[0]]);
    }
}

#[test]
fn offs_two_bytes_early_is_info_and_every_level_reads() {
    let sample = lumpkit_testgen::paa::samples()
        .into_iter()
        .find(|s| s.name == "offs_two_bytes_early.paa")
        .unwrap();
    let format = lumpkit::by_name("paa").unwrap();
    let ctx = Context::default();
    let report = format.inspect(&ctx, &sample.bytes);
    assert_eq!(report.status(), lumpkit::Status::Ok);
    let codes: Vec<_> = report.diagnostics.iter().map(|d| d.code()).collect();
    assert_eq!(codes, ["paa-offs-mismatch"]);
    assert_eq!(report.mips, Some(2));
    for mip in 0..2 {
        let sel = Selection {
            mip,
            ..Selection::default()
        };
        assert!(
            format.decode(&ctx, &sample.bytes, &sel).is_ok(),
            "mip {mip}"
        );
    }
}
