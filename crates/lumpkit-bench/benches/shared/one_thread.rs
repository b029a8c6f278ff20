//! The anchors on one thread, as the ratios are measured: texpresso decodes block rows on
//! rayon's global pool when its `rayon` feature is on, and image-blp and wow-blp (anchors too)
//! turn that feature on for every crate in the build. Left alone, texpresso's DXT timings ran on
//! every core against lumpkit's one (on a 2-core machine, 3.5 ms best of 100 on one thread
//! against a 2.6 ms criterion mean on two, for a random 1024² BC3 image). Included by `#[path]`
//! in every bench that times texpresso, directly or through those crates.

/// Builds rayon's global pool with one thread before anything uses it, and checks that it has one
/// (a pool built earlier with more would make every anchor timing after it wrong).
pub fn anchors_on_one_thread() {
    // An error only means the pool exists already: from an earlier call, checked below.
    let _already_built = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build_global();
    assert_eq!(
        rayon::current_num_threads(),
        1,
        "rayon's global pool was built with more than one thread before the benches pinned it"
    );
}
