//! Archive bombs are refused within `Limits`: checked under a capped global allocator (an
//! allocation past the cap aborts the test binary), with the bytes decompressed counted by the
//! per-file unpack budget. Everything runs in one test function so no other test's allocations are
//! counted.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::alloc::System;

use cap::Cap;
use lumpkit::check::{Checked, check_tree};
use lumpkit::{Context, Limits, UnpackBudget};
use lumpkit_testgen::zip::{Archive, Member, deflate};

#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

/// Reports, names and the archives built here: small, but not nothing.
const BOOKKEEPING: u64 = 24 << 20;

const LIMITS: Limits = Limits {
    max_alloc: 8 << 20,
    max_unpacked: 48 << 20,
    ..Limits::DEFAULT
};

/// A kernel of 4 MiB of zeros, deflated (about 4 KiB).
fn kernel() -> Member {
    Member::deflated("kernel.bin", &vec![0u8; 4 << 20])
}

/// David Fifield's non-recursive bomb in its simplest form: `records` central directory records
/// that all point at one deflated kernel.
fn overlapping_bomb(records: usize) -> Vec<u8> {
    let single = Archive::of(vec![kernel()]).bytes();
    let eocd = single.windows(4).rposition(|w| w == b"PK\x05\x06").unwrap();
    let cd = u32::from_le_bytes(single[eocd + 16..eocd + 20].try_into().unwrap()) as usize;
    let record = &single[cd..eocd];
    let mut out = single[..cd].to_vec();
    let mut directory = Vec::new();
    for _ in 0..records {
        directory.extend_from_slice(record);
    }
    out.extend_from_slice(&directory);
    out.extend_from_slice(b"PK\x05\x06\0\0\0\0");
    out.extend_from_slice(&(records as u16).to_le_bytes());
    out.extend_from_slice(&(records as u16).to_le_bytes());
    out.extend_from_slice(&(directory.len() as u32).to_le_bytes());
    out.extend_from_slice(&(cd as u32).to_le_bytes());
    out.extend_from_slice(&[0, 0]);
    out
}

/// Honest members, each its own kernel: nothing overlaps, only the total is too large.
fn many_kernels(count: usize) -> Vec<u8> {
    let members = (0..count)
        .map(|i| Member {
            name: format!("zeros{i}.bin").into_bytes(),
            ..kernel()
        })
        .collect();
    Archive::of(members).bytes()
}

/// Runs `check_tree` under the allocation cap and returns what it found and the bytes unpacked.
fn check_capped(bytes: &[u8]) -> (Vec<Checked>, u64) {
    check_capped_with(LIMITS, "bomb.zip", bytes)
}

/// [`check_capped`] with other limits and another file name.
fn check_capped_with(limits: Limits, name: &str, bytes: &[u8]) -> (Vec<Checked>, u64) {
    let budget = UnpackBudget::for_file(&limits, bytes.len() as u64);
    let ctx = Context {
        limits,
        brief: true,
        budget: Some(&budget),
        ..Context::default()
    };
    let mut out = Vec::with_capacity(4096);
    let base = ALLOCATOR.allocated();
    // `check` holds one member at a time, and only one it parses (these are `.bin` and stored
    // `.zip`, borrowed): one allocation's worth plus bookkeeping, never the unpack budget, let
    // alone what the archive declares.
    ALLOCATOR
        .set_limit(base + (limits.max_alloc + BOOKKEEPING) as usize)
        .unwrap();
    check_tree(&ctx, name, bytes, &mut out);
    ALLOCATOR.set_limit(usize::MAX).unwrap();
    (out, budget.used())
}

fn codes(checked: &Checked) -> Vec<&'static str> {
    checked
        .report
        .diagnostics
        .iter()
        .map(|d| d.code())
        .collect()
}

#[test]
fn bombs_are_refused_within_the_limits() {
    // 1,000 records over one 4 MiB kernel: 4 GB declared, one kernel inflated.
    let bomb = overlapping_bomb(1000);
    let (out, unpacked) = check_capped(&bomb);
    let own = codes(&out[0]);
    assert!(own.contains(&"zip-overlapping-members"), "{own:?}");
    assert!(own.contains(&"zip-declared-total-too-large"), "{own:?}");
    assert_eq!(out[0].report.status(), lumpkit::Status::Error);
    assert_eq!(
        unpacked,
        4 << 20,
        "only the first record's kernel is inflated"
    );

    // 20 honest 4 MiB members of zeros (80 MiB from 80 KB) against a 48 MiB budget: the budget
    // stops them, at a ratio no real content has.
    let (out, unpacked) = check_capped(&many_kernels(20));
    let own = codes(&out[0]);
    assert!(own.contains(&"limit-unpacked-bomb"), "{own:?}");
    assert!(unpacked <= LIMITS.max_unpacked, "{unpacked}");
    assert_eq!(unpacked, 12 * (4 << 20));

    // Archives inside an archive share the outer file's budget: 4 × 20 MiB nested, 48 MiB allowed.
    let inner = many_kernels(5);
    let nested = Archive::of(
        (0..4)
            .map(|i| Member::stored(&format!("part{i}.zip"), &inner))
            .collect(),
    )
    .bytes();
    let (out, unpacked) = check_capped(&nested);
    assert!(unpacked <= LIMITS.max_unpacked, "{unpacked}");
    let refused: Vec<&str> = out
        .iter()
        .filter(|c| codes(c).contains(&"limit-unpacked-bomb") && c.report.format == "zip")
        .map(|c| c.path.as_str())
        .collect();
    assert!(!refused.is_empty(), "no nested archive hit the budget");

    // A member that claims 4 GiB is refused before anything is allocated for it.
    let claim = Member {
        declared_size: Some(0xFFFF_FFF0),
        raw: Some(deflate(&[0; 64])),
        ..Member::deflated("claims.bin", &[])
    };
    let (out, unpacked) = check_capped(&Archive::of(vec![claim]).bytes());
    assert!(codes(&out[0]).contains(&"limit-unpacked-bomb"));
    assert_eq!(unpacked, 0);

    // A solid 7z block of 8 × 2 MiB of zeros (16 MiB) against a 12 MiB budget: decoded once, in
    // order, and abandoned where the budget runs out. The LZMA2 dictionary needs more than 8 MiB
    // of decoder memory, so the allocation limit is the default one here.
    let zeros = vec![0u8; 2 << 20];
    let names: Vec<String> = (0..8).map(|i| format!("zeros{i}.bin")).collect();
    let files: Vec<(&str, &[u8])> = names.iter().map(|n| (n.as_str(), &zeros[..])).collect();
    let solid = lumpkit_testgen::sevenz::archive(&files, &[sevenz_rust2_method()], true).unwrap();
    assert!(solid.len() < 1 << 16, "{}", solid.len());
    let limits = Limits {
        max_unpacked: 12 << 20,
        max_alloc: 64 << 20,
        ..Limits::DEFAULT
    };
    let (out, unpacked) = check_capped_with(limits, "bomb.7z", &solid);
    assert_eq!(codes(&out[0]), ["limit-unpacked-bomb"]);
    assert_eq!(unpacked, 6 * (2 << 20));
    let refused = out[1..]
        .iter()
        .filter(|c| codes(c).contains(&"limit-unpacked-bomb"))
        .count();
    assert_eq!(
        refused, 2,
        "the members past the budget are refused, not decoded"
    );
}

/// LZMA2, as 7-Zip writes by default.
fn sevenz_rust2_method() -> lumpkit_testgen::sevenz::Method {
    lumpkit_testgen::sevenz::Method::LZMA2
}
