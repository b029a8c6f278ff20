//! Structure-aware: archives inside archives (`lumpkit_testgen::fuzzed_nest`) with pictures and
//! names holding `!`, through what the facade does with a user's file: `Input` from a temp file
//! (read and mapped), `check_file` and its JSON lines, the folder walk, member resolution and
//! picture decoding by every nested path `check` prints (`lumpkit::exercise::facade`).
//! Reproducers: `corpus/facade/regression/built-*`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some(file) = lumpkit_testgen::fuzzed::build("facade", data) {
        lumpkit::exercise::facade(&file);
    }
});
