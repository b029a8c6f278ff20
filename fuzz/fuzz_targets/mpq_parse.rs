//! The zero-copy MPQ view alone: header search for every map kind, both tables decrypted, lookups,
//! and every member's sector layout and key recovery.
#![no_main]

use lumpkit_formats::mpq::{MapKind, Member, Mpq};
use lumpkit_formats::{Ignore, Strict};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    for kind in [MapKind::Generic, MapKind::Warcraft3, MapKind::StarCraft] {
        let Ok(mpq) = Mpq::parse(data, kind, &mut Ignore) else {
            continue;
        };
        assert!(mpq.block_entries().count() <= data.len() / 16);
        let _ = mpq.find(b"(listfile)");
        for h in mpq.members().take(4096) {
            let Some(block) = mpq.block(h.block) else {
                continue;
            };
            let Ok(member) = Member::new(&mpq, block) else {
                continue;
            };
            let key = member
                .key_for(b"war3map.j")
                .or_else(|| member.recover_key());
            let offsets: Vec<u32> = member.sector_offsets(key).collect();
            assert!(offsets.len() <= member.stored.len() / 4 + 1);
            for (i, pair) in (0u32..).zip(offsets.windows(2)).take(1024) {
                let _ = member.table_sector(i, pair[0], pair[1], key);
            }
            for i in 0..member.sector_count().min(1024) {
                let _ = member.plain_sector(i, key);
            }
        }
    }
    let _ = Mpq::parse(data, MapKind::Generic, &mut Strict(Ignore));
});
