//! The Warcraft III map-file readers on arbitrary bytes: w3i, w3e, doo (both skin layouts and
//! detection), wpm, mmp, imp (every entry) and object data (with and without levels); and every
//! map-file format of the facade through `lumpkit::exercise`.
#![no_main]

use lumpkit_formats::Ignore;
use lumpkit_formats::w3x::doo::{Doo, Skin};
use lumpkit_formats::w3x::grids::{Mmp, Wpm};
use lumpkit_formats::w3x::imp::Imp;
use lumpkit_formats::w3x::objdata::ObjectData;
use lumpkit_formats::w3x::w3e::W3e;
use lumpkit_formats::w3x::w3i::W3i;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = W3i::parse(data, &mut Ignore).map(|w| (w.full_width(), w.build()));
    let _ = W3e::parse(data, &mut Ignore).map(|w| w.tilepoints());
    for skin in [Skin::Detect, Skin::Known(true), Skin::Known(false)] {
        let _ = Doo::parse(data, skin, &mut Ignore);
    }
    let _ = Wpm::parse(data, &mut Ignore);
    let _ = Mmp::parse(data, &mut Ignore);
    if let Ok(imp) = Imp::parse(data, &mut Ignore) {
        for e in imp.iter() {
            let _ = e.full_path();
        }
    }
    let _ = ObjectData::parse(data, true, &mut Ignore);
    let _ = ObjectData::parse(data, false, &mut Ignore);
    for f in [
        &lumpkit::formats::w3x::W3I,
        &lumpkit::formats::w3x::W3E,
        &lumpkit::formats::w3x::DOO,
        &lumpkit::formats::w3x::MMP,
        &lumpkit::formats::w3x::IMP,
        &lumpkit::formats::w3x::OBJECTS,
    ] {
        lumpkit::exercise::format(f, data);
    }
});
