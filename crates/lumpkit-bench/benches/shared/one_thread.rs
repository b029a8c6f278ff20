//! The anchors on one thread, as the ratios are measured: texpresso decodes block rows on
//! rayon's pool when its `rayon` feature is on, and image-blp and wow-blp (anchors too) turn that
//! feature on for every crate in the build. Left alone, texpresso's DXT timings ran on every core
//! against lumpkit's one (on a 2-core machine, 3.5 ms best of 100 on one thread against a 2.6 ms
//! criterion mean on two, for a random 1024² BC3 image).
//!
//! A one-thread pool is not enough by itself: called from criterion's thread, each `par_chunks`
//! hands its work to the pool's worker and sleeps until it is done, and that hand-over (tens of
//! microseconds on a virtual machine) was timed as texpresso's, most of the time of a small image.
//! So the whole bench runs on that worker, where rayon runs the chunks in place. Included by
//! `#[path]` in every bench that times texpresso, directly or through those crates.

/// Runs `benches` and criterion's summary (what `criterion_main!` does) on the only worker of a
/// one-thread rayon pool.
#[allow(clippy::expect_used)] // a bench without its pool must stop, not time the wrong thing
pub fn main_on_one_thread(benches: fn()) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        // The main thread's usual stack, which criterion's analysis runs on otherwise.
        .stack_size(8 << 20)
        .build()
        .expect("a one-thread rayon pool for the benches");
    pool.install(|| {
        benches();
        criterion::Criterion::default()
            .configure_from_args()
            .final_summary();
    });
}
