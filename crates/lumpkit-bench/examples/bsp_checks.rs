//! Each BSP validation check run once on its own, for instruction counts per check under
//! callgrind (deterministic, unlike wall-clock time on a loaded machine):
//!
//! ```text
//! cargo build --release -p lumpkit-bench --example bsp_checks --features checks
//! valgrind --tool=callgrind target/release/examples/bsp_checks MAP.bsp
//! callgrind_annotate --inclusive=yes callgrind.out.* | grep bsp_checks::
//! ```
//!
//! Every `check_*` function below is one check (`#[inline(never)]` so that it keeps its name);
//! `validate` is the whole cross-lump pass, which runs the others again inside it.
//! `full_validation` is what the `open+validate` benchmark times (parse, every check, the tree
//! walk included, scratch sized beforehand), and `qbsp_parse` its anchor, qbsp 0.17's
//! `BspData::parse`: their ratio is the issue's "times qbsp's parse" in instructions.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::hint::black_box;

use lumpkit_formats::Ignore;
use lumpkit_formats::q1bsp::Bsp1;
use lumpkit_formats::q2bsp::{Bsp, Layout, Map, QbismBsp, entities, tree};

#[path = "../benches/shared/bsp_work.rs"]
mod bsp_work;

#[inline(never)]
fn check_entities(lump: &[u8]) -> u64 {
    entities::check(black_box(lump), 0, &mut Ignore).unwrap()
}

#[inline(never)]
fn check_q2_rows<L: Layout>(bsp: &Map<'_, L>) {
    if let Some(v) = bsp.vis(&mut Ignore).unwrap() {
        v.check_rows(0, &mut Ignore).unwrap();
    }
}

#[inline(never)]
fn check_q2_anim<L: Layout>(bsp: &Map<'_, L>, scratch: &mut [u64]) -> Option<usize> {
    bsp.first_anim_loop(scratch)
}

#[inline(never)]
fn check_q2_tree<L: Layout>(bsp: &Map<'_, L>, scratch: &mut [u64]) {
    tree::check(bsp, scratch, &mut Ignore).unwrap();
}

#[inline(never)]
fn check_q2_surfaces<L: Layout>(bsp: &Map<'_, L>) {
    bsp.check_surfaces(&mut Ignore).unwrap();
}

#[inline(never)]
fn check_q2_limits<L: Layout>(bsp: &Map<'_, L>) {
    bsp.check_limits(&mut Ignore).unwrap();
}

#[inline(never)]
fn validate_q2<L: Layout>(bsp: &Map<'_, L>, scratch: &mut [u64]) {
    bsp.validate(scratch, &mut Ignore).unwrap();
}

#[inline(never)]
fn check_q1_surfaces(bsp: &Bsp1<'_>) {
    bsp.check_surfaces(&mut Ignore).unwrap();
}

#[inline(never)]
fn check_q1_animations(bsp: &Bsp1<'_>) {
    bsp.check_animations(&mut Ignore).unwrap();
}

#[inline(never)]
fn check_q1_limits(bsp: &Bsp1<'_>) {
    bsp.check_limits(&mut Ignore).unwrap();
}

#[inline(never)]
fn check_q1_trees(bsp: &Bsp1<'_>, scratch: &mut [u64]) {
    bsp.check_trees(scratch, &mut Ignore).unwrap();
}

#[inline(never)]
fn validate_q1(bsp: &Bsp1<'_>) {
    bsp.validate(&mut Ignore).unwrap();
}

/// The `open+validate` benchmark's work ([`bsp_work::open_validate`]), under a name of its own.
#[inline(never)]
fn full_validation(bytes: &[u8], scratch: &mut Vec<u64>) -> usize {
    bsp_work::open_validate(bytes, scratch)
}

/// The benchmark's anchor, qbsp's parse; whether it reads the map.
#[inline(never)]
fn qbsp_parse(bytes: &[u8]) -> bool {
    bsp_work::qbsp_parse(bytes).is_ok()
}

fn run_q2<L: Layout>(bsp: &Map<'_, L>) {
    let mut scratch = vec![0u64; bsp.scratch_words()];
    check_entities(bsp.entities);
    check_q2_rows(bsp);
    check_q2_anim(bsp, &mut scratch);
    check_q2_tree(bsp, &mut scratch);
    check_q2_surfaces(bsp);
    check_q2_limits(bsp);
    validate_q2(bsp, &mut scratch);
}

fn run(bytes: &[u8]) {
    if bytes.starts_with(b"IBSP") {
        run_q2(&Bsp::parse(bytes, &mut Ignore).unwrap());
    } else if bytes.starts_with(b"QBSP") {
        run_q2(&QbismBsp::parse(bytes, &mut Ignore).unwrap());
    } else {
        let bsp = Bsp1::parse(bytes, &mut Ignore).unwrap();
        let mut scratch = vec![0u64; bsp.tree_scratch_words()];
        check_entities(bsp.entities());
        check_q1_surfaces(&bsp);
        check_q1_animations(&bsp);
        check_q1_limits(&bsp);
        check_q1_trees(&bsp, &mut scratch);
        validate_q1(&bsp);
    }
}

fn main() {
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).unwrap();
        run(&bytes);
        // One validation first, so that the scratch is sized and the counted one allocates nothing.
        let mut scratch = Vec::new();
        bsp_work::open_validate(&bytes, &mut scratch);
        black_box(full_validation(black_box(&bytes), &mut scratch));
        black_box(qbsp_parse(black_box(&bytes)));
    }
}
