//! Writers for lumpkit's own test files.
//!
//! Every format module here builds valid files of each kind it can and one malformed file per
//! diagnostic rule, each as a [`Sample`] that records the outcome `lumpkit check` must report. The
//! `gen-corpus` binary writes them to `corpus/<format>/` with an `expect.tsv` beside them; a test
//! checks that the committed corpus is exactly what these writers produce, and that `check` reports
//! exactly the recorded outcome for each file.
#![forbid(unsafe_code)]

pub mod big;
pub mod blp;
pub mod bsp;
pub mod bsp_faces;
pub mod bsp_hexen2;
pub mod bsp_limits;
pub mod bsp_textures;
pub mod codec_cases;
pub mod data;
pub mod dcl;
pub mod dds;
pub mod fuzzed;
pub mod fuzzed_blp;
pub mod fuzzed_nest;
pub mod jpeg;
pub mod jpeg_stream;
pub mod lz;
pub mod m2;
pub mod many;
pub mod md3;
pub mod mdx;
pub mod misc;
pub mod mpq;
pub mod paa;
pub mod pak;
pub mod pbo;
pub mod q1map;
pub mod q3bsp;
pub mod sevenz;
pub mod streams;
pub mod tga;
pub mod tree;
pub mod w3x;
pub mod wad;
pub mod wal;
pub mod zip;

/// One generated file and what checking it must report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// File name inside `corpus/<format>/`.
    pub name: String,
    /// The bytes.
    pub bytes: Vec<u8>,
    /// Expected `check` status of the file itself: `ok`, `warning` or `error`.
    pub status: &'static str,
    /// Exactly the diagnostic codes `check` must report for the file itself (sorted, deduplicated).
    pub codes: Vec<&'static str>,
    /// The status `check --target ENGINE` must report, per engine (`targets.tsv`); the codes stay
    /// the same, only their severity changes.
    pub targets: Vec<(&'static str, &'static str)>,
}

impl Sample {
    /// A sample with its expectation. Codes are sorted and deduplicated.
    pub fn new(
        name: impl Into<String>,
        bytes: Vec<u8>,
        status: &'static str,
        codes: &[&'static str],
    ) -> Sample {
        let mut codes = codes.to_vec();
        codes.sort_unstable();
        codes.dedup();
        Sample {
            name: name.into(),
            bytes,
            status,
            codes,
            targets: Vec::new(),
        }
    }

    /// The same sample, also expected to be `status` under `--target engine`.
    pub fn under(mut self, engine: &'static str, status: &'static str) -> Sample {
        self.targets.push((engine, status));
        self
    }
}

/// Every format's samples, keyed by the corpus folder they go to.
pub fn all() -> Vec<(&'static str, Vec<Sample>)> {
    vec![
        ("misc", misc::samples()),
        ("blp", blp::samples()),
        ("wad", wad::samples()),
        ("paa", paa::samples()),
        ("pbo", pbo::samples()),
        ("m2", m2::samples()),
        ("bsp", bsp::samples()),
        ("pak", pak::samples()),
        ("wal", wal::samples()),
        ("zip", zip::samples()),
        ("7z", sevenz::samples()),
        ("mpq", mpq::samples()),
        ("q3bsp", q3bsp::samples()),
        ("md3", md3::samples()),
        ("tga", tga::samples()),
        ("dds", dds::samples()),
        ("q3text", tga::text_samples()),
        ("mdx", mdx::samples()),
        ("w3x", w3x::samples()),
    ]
}

/// The `targets.tsv` text for a folder's samples that name targets (`file<TAB>target<TAB>status`,
/// sorted), `None` when none does.
pub fn targets_tsv(samples: &[Sample]) -> Option<String> {
    let mut rows: Vec<String> = samples
        .iter()
        .flat_map(|s| {
            s.targets
                .iter()
                .map(move |(engine, status)| format!("{}\t{engine}\t{status}", s.name))
        })
        .collect();
    if rows.is_empty() {
        return None;
    }
    rows.sort();
    let mut text = String::from("file\ttarget\tstatus\n");
    for r in rows {
        text.push_str(&r);
        text.push('\n');
    }
    Some(text)
}

/// Writes `samples`, their `expect.tsv` and (when a sample names engine targets) `targets.tsv` into
/// `dir` (created when missing): one corpus folder, as `gen-corpus` writes `corpus/<format>/` and
/// `lumpkit corpus` writes it for other projects.
pub fn write_folder(dir: &std::path::Path, samples: &[Sample]) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for s in samples {
        std::fs::write(dir.join(&s.name), &s.bytes)?;
    }
    std::fs::write(dir.join("expect.tsv"), expect_tsv(samples))?;
    if let Some(targets) = targets_tsv(samples) {
        std::fs::write(dir.join("targets.tsv"), targets)?;
    }
    Ok(())
}

/// The `expect.tsv` text for a folder's samples: `file<TAB>status<TAB>code,code…`, sorted by file.
pub fn expect_tsv(samples: &[Sample]) -> String {
    let mut rows: Vec<String> = samples
        .iter()
        .map(|s| format!("{}\t{}\t{}", s.name, s.status, s.codes.join(",")))
        .collect();
    rows.sort();
    let mut text = String::from("file\tstatus\tcodes\n");
    for r in rows {
        text.push_str(&r);
        text.push('\n');
    }
    text
}
