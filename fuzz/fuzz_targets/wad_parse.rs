//! The WAD container and miptex views on arbitrary bytes: header, directory, every entry's
//! content and levels, and the cross-entry checks.
#![no_main]

use lumpkit_formats::Ignore;
use lumpkit_formats::wad::{Content, Wad};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(wad) = Wad::parse(data, &mut Ignore) else {
        return;
    };
    let mut scratch = vec![0u32; wad.len()];
    let _ = wad.check_overlaps(&mut scratch, &mut Ignore);
    let _ = wad.check_duplicates(&mut scratch, &mut Ignore);
    // A lookup is a linear scan: the first few names reach every path of it without making each
    // input quadratic in its entry count (57 inputs/s when every entry of a 64 KiB directory was
    // looked up).
    for entry in wad.entries().take(4) {
        let _ = wad.find(entry.name());
    }
    let _ = wad.find(b"conchars");
    for entry in wad.entries() {
        match entry.content(&mut Ignore) {
            Ok(Content::Miptex(m)) => {
                for n in 0..5 {
                    if let Ok(level) = m.level(n) {
                        assert_eq!(
                            level.pixels.len() as u64,
                            u64::from(level.width) * u64::from(level.height)
                        );
                    }
                }
            }
            Ok(Content::Pic(p)) => {
                // A picture holds its whole area, except a `conchars` sheet the file ends inside:
                // Quake reads on past the file, the view holds what the file has.
                let area = u64::from(p.width) * u64::from(p.height);
                let len = p.pixels.len() as u64;
                let cut_sheet = entry.name().eq_ignore_ascii_case(b"conchars") && len < area;
                assert!(len == area || cut_sheet, "{len} pixels for {area}");
            }
            _ => {}
        }
    }
});
