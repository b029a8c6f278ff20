//! PBO samples: archives with and without a `Vers` header, with `Cprs` (LZSS) entries and a PAA
//! inside, and one malformed file per `pbo-…` rule.

use sha1::{Digest, Sha1};

use crate::Sample;
use crate::lz::{Sum, lzss_compress};

/// `Vers` packing method.
pub const VERS: u32 = 0x5665_7273;
/// `Cprs` packing method.
pub const CPRS: u32 = 0x4370_7273;

/// One entry to write.
#[derive(Clone, Debug)]
pub struct EntrySpec {
    /// Name as stored.
    pub name: Vec<u8>,
    /// Packing method.
    pub method: u32,
    /// Original size field.
    pub original_size: u32,
    /// The data as stored.
    pub data: Vec<u8>,
    /// Data size field (normally `data.len()`).
    pub data_size: u32,
}

impl EntrySpec {
    /// A stored entry.
    pub fn stored(name: &str, data: &[u8]) -> EntrySpec {
        EntrySpec {
            name: name.as_bytes().to_vec(),
            method: 0,
            original_size: 0,
            data: data.to_vec(),
            data_size: data.len() as u32,
        }
    }

    /// A `Cprs` entry (LZSS, unsigned checksum).
    pub fn compressed(name: &str, data: &[u8]) -> EntrySpec {
        let packed = lzss_compress(data, Sum::Unsigned);
        EntrySpec {
            name: name.as_bytes().to_vec(),
            method: CPRS,
            original_size: data.len() as u32,
            data_size: packed.len() as u32,
            data: packed,
        }
    }
}

/// What follows the data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trailer {
    /// 0x00 + the right SHA-1.
    Sha1,
    /// 0x00 + a wrong SHA-1.
    WrongSha1,
    /// Nothing.
    None,
}

/// Writes a PBO.
pub fn build(props: Option<&[(&str, &str)]>, entries: &[EntrySpec], trailer: Trailer) -> Vec<u8> {
    let mut out = Vec::new();
    let record = |out: &mut Vec<u8>, name: &[u8], fields: [u32; 5]| {
        out.extend_from_slice(name);
        out.push(0);
        for f in fields {
            out.extend_from_slice(&f.to_le_bytes());
        }
    };
    if let Some(props) = props {
        record(&mut out, b"", [VERS, 0, 0, 0, 0]);
        for (k, v) in props {
            out.extend_from_slice(k.as_bytes());
            out.push(0);
            out.extend_from_slice(v.as_bytes());
            out.push(0);
        }
        out.push(0);
    }
    for e in entries {
        record(
            &mut out,
            &e.name,
            [e.method, e.original_size, 0, 1_700_000_000, e.data_size],
        );
    }
    record(&mut out, b"", [0; 5]);
    for e in entries {
        out.extend_from_slice(&e.data);
    }
    match trailer {
        Trailer::Sha1 | Trailer::WrongSha1 => {
            let mut hash = Sha1::digest(&out).to_vec();
            if trailer == Trailer::WrongSha1 {
                hash[0] ^= 1;
            }
            out.push(0);
            out.extend_from_slice(&hash);
        }
        Trailer::None => {}
    }
    out
}

const PROPS: &[(&str, &str)] = &[("prefix", "x\\lumpkit\\addons\\test"), ("version", "1.0")];

/// Samples for `corpus/pbo/`.
pub fn samples() -> Vec<Sample> {
    let config = b"class CfgPatches { class test { units[] = {}; }; };\r\n".repeat(20);
    let script = b"params [\"_unit\"];\r\nhint str _unit;\r\n".to_vec();
    let texture = crate::paa::PaaSpec::typed(
        0xFF01,
        vec![crate::paa::MipSpec::new(
            4,
            4,
            &crate::paa::dxt_blocks(1, 8),
            crate::paa::Store::Raw,
        )],
    )
    .build();
    let stored = vec![
        EntrySpec::stored("config.cpp", &config),
        EntrySpec::stored("functions\\fn_test.sqf", &script),
        EntrySpec::stored("data\\icon_ca.paa", &texture),
    ];
    let packed = vec![
        EntrySpec::compressed("config.cpp", &config),
        EntrySpec::stored("functions\\fn_test.sqf", &script),
        EntrySpec::compressed("data\\icon_ca.paa", &texture),
    ];
    let mut s = vec![
        Sample::new(
            "stored.pbo",
            build(Some(PROPS), &stored, Trailer::Sha1),
            "ok",
            &[],
        ),
        // OFP reads `Cprs` entries; OFP Elite and ArmA 1 cannot.
        Sample::new(
            "cprs.pbo",
            build(Some(PROPS), &packed, Trailer::Sha1),
            "ok",
            &["pbo-entry-compressed"],
        )
        .under("ofp", "ok")
        .under("ofp-elite", "error")
        .under("arma1", "error"),
        Sample::new(
            "mission_no_vers.pbo",
            build(None, &stored, Trailer::Sha1),
            "ok",
            &[],
        ),
    ];
    // The same file twice, differing in case and slash direction only.
    let mut twice = stored.clone();
    twice.push(EntrySpec::stored("Functions/FN_Test.sqf", &script));
    s.push(Sample::new(
        "duplicate_name.pbo",
        build(Some(PROPS), &twice, Trailer::Sha1),
        "warning",
        &["pbo-duplicate-name"],
    ));
    let mut cut = build(Some(PROPS), &stored, Trailer::Sha1);
    cut.truncate(80); // inside the first entry's five fields
    s.push(Sample::new(
        "truncated_header.pbo",
        cut,
        "error",
        &["pbo-truncated"],
    ));
    let mut unterminated = build(Some(PROPS), &[], Trailer::None);
    unterminated.truncate(unterminated.len() - 21);
    unterminated.extend_from_slice(b"no_nul_here");
    s.push(Sample::new(
        "name_unterminated.pbo",
        unterminated,
        "error",
        &["pbo-name-unterminated"],
    ));
    let mut past = stored.clone();
    past[2].data_size += 5000;
    s.push(Sample::new(
        "data_past_eof.pbo",
        build(Some(PROPS), &past, Trailer::Sha1),
        "error",
        &["pbo-data-past-eof"],
    ));
    let mut size = stored.clone();
    size[0].original_size = 3;
    s.push(Sample::new(
        "size_mismatch.pbo",
        build(Some(PROPS), &size, Trailer::Sha1),
        "warning",
        &["pbo-size-mismatch"],
    ));
    let mut encr = stored.clone();
    encr[1].method = 0x456e_6372;
    s.push(Sample::new(
        "method_unsupported.pbo",
        build(Some(PROPS), &encr, Trailer::Sha1),
        "ok",
        &["pbo-method-unsupported"],
    ));
    let mut bad_cprs = packed.clone();
    let n = bad_cprs[0].data.len();
    bad_cprs[0].data.truncate(n / 2);
    bad_cprs[0].data_size = (n / 2) as u32;
    s.push(Sample::new(
        "cprs_invalid.pbo",
        build(Some(PROPS), &bad_cprs, Trailer::Sha1),
        "error",
        &["pbo-cprs-invalid", "pbo-entry-compressed"],
    ));
    let mut bad_sum = packed.clone();
    let n = bad_sum[0].data.len();
    bad_sum[0].data[n - 1] ^= 0x40;
    s.push(Sample::new(
        "cprs_checksum.pbo",
        build(Some(PROPS), &bad_sum, Trailer::Sha1),
        "warning",
        &["pbo-cprs-checksum", "pbo-entry-compressed"],
    ));
    s.push(Sample::new(
        "sha1_missing.pbo",
        build(Some(PROPS), &stored, Trailer::None),
        "warning",
        &["pbo-sha1-missing"],
    ));
    s.push(Sample::new(
        "sha1_mismatch.pbo",
        build(Some(PROPS), &stored, Trailer::WrongSha1),
        "error",
        &["pbo-sha1-mismatch"],
    ));
    let mut evil = stored.clone();
    evil[1].name = b"..\\..\\evil.sqf".to_vec();
    evil.push(EntrySpec::stored("C:\\windows\\x.dll", b"MZ"));
    s.push(Sample::new(
        "path_unsafe.pbo",
        build(Some(PROPS), &evil, Trailer::Sha1),
        "warning",
        &["pbo-path-unsafe"],
    ));
    let mut junk = build(Some(PROPS), &stored, Trailer::None);
    junk.extend_from_slice(b"12345");
    s.push(Sample::new(
        "trailing_data.pbo",
        junk,
        "warning",
        &["pbo-trailing-data"],
    ));
    s
}
