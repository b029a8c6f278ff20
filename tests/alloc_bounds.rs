//! Decoding never allocates more than `Limits` allow, whatever a file declares.
//!
//! A capped global allocator (the `cap` crate, no unsafe of ours) is armed with the limits in force
//! plus a fixed allowance for bookkeeping; an allocation beyond it aborts the test binary. Everything
//! runs in one test function so no other test's allocations are counted.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::alloc::System;

use cap::Cap;
use lumpkit::exercise::FUZZ_LIMITS;

#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

/// Reports, JSON and names: small, but not nothing.
const BOOKKEEPING: u64 = 16 << 20;

/// Bytes that declare enormous sizes in every field a header might have.
fn hostile_variants(bytes: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for start in (4..bytes.len().min(256)).step_by(4) {
        let mut b = bytes.to_vec();
        b[start..(start + 4).min(bytes.len())].fill(0xFF);
        out.push(b.clone());
        let mut c = bytes.to_vec();
        let end = (start + 4).min(bytes.len());
        c[start..end].copy_from_slice(&0x7FFF_FFF0u32.to_le_bytes()[..end - start]);
        out.push(c);
    }
    out
}

#[test]
fn no_file_makes_us_allocate_past_the_limits() {
    let budget = FUZZ_LIMITS.max_alloc * 3 + BOOKKEEPING;
    let mut checked = 0usize;
    for (_, samples) in lumpkit_testgen::all() {
        for sample in samples {
            let mut inputs = vec![sample.bytes.clone()];
            inputs.extend(hostile_variants(&sample.bytes));
            for bytes in inputs {
                let base = ALLOCATOR.allocated();
                ALLOCATOR.set_limit(base + budget as usize).unwrap();
                lumpkit::exercise::sniffed(&bytes);
                ALLOCATOR.set_limit(usize::MAX).unwrap();
                checked += 1;
            }
        }
    }
    eprintln!("{checked} inputs decoded within {budget} bytes of allocation");
}
