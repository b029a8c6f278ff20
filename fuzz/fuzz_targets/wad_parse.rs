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
    for entry in wad.entries() {
        let _ = wad.find(entry.name());
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
                assert_eq!(
                    p.pixels.len() as u64,
                    u64::from(p.width) * u64::from(p.height)
                );
            }
            _ => {}
        }
    }
});
