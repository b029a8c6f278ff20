//! The work the `bsp` bench times, in one place for it and the `bsp_checks` example (included by
//! `#[path]` in both): lumpkit's open + whole validation of a map, and qbsp 0.17's parse, its
//! anchor. Their ratio is issue 15's "times qbsp's parse".

use lumpkit_formats::Ignore;
use lumpkit_formats::q1bsp::Bsp1;
use lumpkit_formats::q2bsp::{Bsp, Layout, Map, QbismBsp};

/// Every check of a Quake 2 map, as the facade runs them (`scratch` grows to what the map needs
/// on the first call, and is reused after).
fn validate_q2<L: Layout>(bsp: &Map<'_, L>, scratch: &mut Vec<u64>) -> usize {
    scratch.resize(bsp.scratch_words(), 0);
    bsp.validate(scratch, &mut Ignore).unwrap();
    bsp.leafs.len()
}

/// Open and validate one map, whichever family it is of (parse, every check, the tree walk).
pub fn open_validate(bytes: &[u8], scratch: &mut Vec<u64>) -> usize {
    if bytes.starts_with(b"IBSP") {
        validate_q2(&Bsp::parse(bytes, &mut Ignore).unwrap(), scratch)
    } else if bytes.starts_with(b"QBSP") {
        validate_q2(&QbismBsp::parse(bytes, &mut Ignore).unwrap(), scratch)
    } else {
        let bsp = Bsp1::parse(bytes, &mut Ignore).unwrap();
        bsp.validate(&mut Ignore).unwrap();
        scratch.resize(bsp.tree_scratch_words(), 0);
        bsp.check_trees(scratch, &mut Ignore).unwrap();
        bsp.lumps.len()
    }
}

/// qbsp's parse (copies every lump into owned vectors; validates little). `Err` for the maps
/// it does not read.
pub fn qbsp_parse(bytes: &[u8]) -> qbsp::BspResult<qbsp::BspData> {
    qbsp::BspData::parse(qbsp::BspParseInput {
        bsp: bytes,
        lit: None,
        settings: qbsp::BspParseSettings::default(),
    })
}
