//! The Quake 3 text readers on arbitrary bytes: shader-script tokens and braces, skin lines.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lumpkit_formats::{Ignore, q3text};

fuzz_target!(|data: &[u8]| {
    let _ = q3text::check_shader_script(data, &mut Ignore);
    let _ = q3text::shader_names(data).count();
    let _ = q3text::is_q3_skin(data);
    let _ = q3text::skin_lines(data).count();
});
