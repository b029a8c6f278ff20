//! Archives with 100,000 tiny members (PAK, PBO, WAD, MPQ, ZIP): `check` lists every member, and
//! the memory it holds grows with the member count by a small fixed amount per member, never with
//! anything a member declares. Time is linear too; that is measured in the `many_members` bench,
//! not here.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::alloc::System;

use cap::Cap;
use lumpkit::Context;
use lumpkit::check::check_tree;

#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

const MEMBERS: usize = 100_000;

/// What `check` may hold per member beyond the archive itself: one result (a 208-byte `Checked`
/// on x86_64, its report inline) and its display path. Measured: 224 bytes per member for every
/// format (printed); the bound leaves room for longer names and allocator rounding.
const BYTES_PER_MEMBER: usize = 512;

#[test]
fn check_holds_a_bounded_amount_per_member() {
    for format in lumpkit_testgen::many::FORMATS {
        let bytes = lumpkit_testgen::many::archive(format, MEMBERS).unwrap();
        let before = ALLOCATOR.allocated();
        // The limit applies to what check allocates while it runs (the archive is already held).
        ALLOCATOR
            .set_limit(before + MEMBERS * BYTES_PER_MEMBER)
            .unwrap();
        let mut out = Vec::new();
        // As `lumpkit check` runs: no info fields.
        let ctx = Context {
            brief: true,
            ..Context::default()
        };
        check_tree(&ctx, &format!("many.{format}"), &bytes, &mut out);
        let held = ALLOCATOR.allocated() - before;
        ALLOCATOR.set_limit(usize::MAX).unwrap();

        let archive = &out[0].report;
        assert_eq!(archive.format, format);
        assert!(
            archive.fatal.is_none(),
            "{format}: {:?}",
            archive.diagnostics
        );
        let members: Vec<&str> = out[1..]
            .iter()
            .map(|c| c.own_name())
            .filter(|n| n.starts_with('m') && n.len() == 7)
            .collect();
        assert_eq!(members.len(), MEMBERS, "{format}: every member is checked");
        assert_eq!(
            members[MEMBERS - 1],
            lumpkit_testgen::many::member_name(MEMBERS - 1)
        );
        eprintln!(
            "{format}: {} bytes of archive, {MEMBERS} members, {} bytes held after check ({} per member)",
            bytes.len(),
            held,
            held / MEMBERS
        );
    }
}
