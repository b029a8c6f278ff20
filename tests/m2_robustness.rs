//! M2 and skin robustness: every generated file truncated at every length (which covers every header
//! and structure boundary), and proptest corruption of counts, offsets and the version. Nothing may
//! panic, a truncated file is never reported clean, and array resolution agrees with a plain
//! reference computation of the bounds.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use lumpkit::formats::m2::{M2Format, SkinFormat};
use lumpkit::{Context, Format, Status};
use lumpkit_formats::Ignore;
use lumpkit_formats::m2::{Field, M2, Skin};
use lumpkit_testgen::m2::{self as writer, ModelSpec, ProfileSpec};
use proptest::prelude::*;

/// The generated files that are read and clean (a version lumpkit does not read is `ok` too, as
/// "not checked": cutting it proves nothing).
fn valid_files() -> Vec<(String, Vec<u8>)> {
    lumpkit_testgen::m2::samples()
        .into_iter()
        .filter(|s| s.status == "ok" && !s.codes.contains(&"m2-unknown-version"))
        .map(|s| (s.name, s.bytes))
        .collect()
}

fn inspect(bytes: &[u8]) -> lumpkit::Report {
    let format: &dyn Format = if bytes.starts_with(b"SKIN") {
        &SkinFormat
    } else {
        &M2Format
    };
    format.inspect(&Context::default(), bytes)
}

#[test]
fn every_truncation_of_every_valid_file_is_reported() {
    let files = valid_files();
    assert!(files.len() >= 6);
    for (name, bytes) in &files {
        assert_eq!(inspect(bytes).status(), Status::Ok, "{name}");
        let boundaries = chunk_boundaries(bytes);
        for len in 0..bytes.len() {
            let cut = &bytes[..len];
            let report = inspect(cut);
            // A chunked file cut exactly between chunks is a whole (shorter) chunked file.
            if !boundaries.contains(&len) {
                assert_ne!(
                    report.status(),
                    Status::Ok,
                    "{name} cut at {len} reported clean"
                );
            }
            // MD20 and skin files hold nothing optional: every cut breaks a header or a needed array.
            if !name.contains("md21") {
                assert_eq!(report.status(), Status::Error, "{name} cut at {len}");
            }
            lumpkit::exercise::format(&M2Format, cut);
            lumpkit::exercise::format(&SkinFormat, cut);
        }
    }
}

/// Where the chunks of a chunked file end (empty for MD20 and skin files).
fn chunk_boundaries(bytes: &[u8]) -> Vec<usize> {
    let mut out = Vec::new();
    if !bytes.starts_with(b"MD21") {
        return out;
    }
    let mut at = 0;
    while at + 8 <= bytes.len() {
        at += 8 + u32::from_le_bytes(bytes[at + 4..at + 8].try_into().unwrap()) as usize;
        out.push(at);
    }
    out
}

#[test]
fn truncating_into_a_trailing_chunk_keeps_the_model() {
    let (_, bytes) = valid_files()
        .into_iter()
        .find(|(n, _)| n.contains("md21"))
        .unwrap();
    let md21_end = 8 + u32::from_le_bytes(bytes[4..8].try_into().unwrap()) as usize;
    for len in md21_end..bytes.len() {
        let model = M2::parse(&bytes[..len], &mut Ignore).unwrap();
        assert_eq!(model.materials().unwrap().len(), 8);
        assert_eq!(model.version(), 274);
    }
}

/// The reference rule: an array is usable when empty, or when count × size fits 32 bits and
/// offset + count × size lies inside the data.
fn reference_ok(len: usize, count: u32, offset: u32, size: u64) -> bool {
    let bytes = u64::from(count) * size;
    count == 0 || (bytes <= u64::from(u32::MAX) && u64::from(offset) + bytes <= len as u64)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn vertex_and_material_arrays_resolve_exactly_when_in_bounds(
        version in prop::sample::select(vec![256u32, 260, 264, 272]),
        count in prop::num::u32::ANY,
        offset in prop::num::u32::ANY,
        small in 0u32..64,
        near in 0u32..1024,
        which in 0usize..2,
        shape in 0usize..3,
    ) {
        let spec = ModelSpec::with_modes(version, &[0, 1, 2]);
        let mut bytes = writer::md20(&spec);
        let (at, size) = if which == 0 { (writer::vertices_at(version), 48) } else { (writer::materials_at(version), 4) };
        let (count, offset) = match shape {
            0 => (count, offset),
            1 => (small, near),
            _ => (small, (bytes.len() as u32).saturating_sub(near % 64)),
        };
        writer::put_array(&mut bytes, at, count, offset);
        let len = bytes.len();
        let model = M2::parse(&bytes, &mut Ignore);
        // A parse can only stop for a reason unrelated to this array (a view checked against it).
        if let Ok(model) = model {
            let field = if which == 0 { Field::Vertices } else { Field::Materials };
            let resolved = model.array_bytes(field);
            prop_assert_eq!(resolved.is_ok(), reference_ok(len, count, offset, size));
            if let Ok(b) = resolved {
                prop_assert_eq!(b.len() as u64, u64::from(count) * size);
            }
        }
        lumpkit::exercise::format(&M2Format, &bytes);
    }

    #[test]
    fn any_u32_at_any_header_field_never_panics(
        version in prop::sample::select(vec![256u32, 264, 272, 274]),
        field in 0usize..0x144 / 4,
        value in prop::sample::select(vec![0u32, 1, 0x7FFF_FFFF, 0x8000_0000, u32::MAX, 0xFFFF, 0x10000]),
        random in prop::num::u32::ANY,
        use_random in any::<bool>(),
    ) {
        let spec = ModelSpec::with_modes(version, &[0, 1, 2, 3, 4, 5, 6]);
        let mut bytes = writer::md20(&spec);
        if version == 274 {
            bytes = writer::md21(&bytes, &[(*b"SFID", vec![1, 0, 0, 0])]);
        }
        let base = if version == 274 { 8 } else { 0 };
        let at = base + field * 4;
        if at + 4 <= bytes.len() {
            let v = if use_random { random } else { value };
            bytes[at..at + 4].copy_from_slice(&v.to_le_bytes());
        }
        let report = inspect(&bytes);
        let _ = report.to_json("prop");
        if let Ok(model) = M2::parse(&bytes, &mut Ignore) {
            for f in model.layout().fields() {
                if let Ok(b) = model.array_bytes(f.field) {
                    prop_assert!(b.len() <= model.data().len());
                }
            }
        }
        lumpkit::exercise::format(&M2Format, &bytes);
    }

    #[test]
    fn any_version_is_either_read_or_refused(version in prop::num::u32::ANY) {
        let mut bytes = writer::md20(&ModelSpec::with_modes(264, &[0]));
        bytes[4..8].copy_from_slice(&version.to_le_bytes());
        let report = inspect(&bytes);
        prop_assert_eq!(report.version.clone(), Some(version.into()));
        let known = (256..=274).contains(&version);
        prop_assert_eq!(report.fatal.is_none(), known);
        if !known {
            prop_assert_eq!(report.fatal.unwrap().code(), "m2-unknown-version");
        }
    }

    #[test]
    fn skin_counts_and_offsets_never_panic(
        part in 0usize..5,
        count in prop::num::u32::ANY,
        offset in prop::num::u32::ANY,
        bounded in any::<bool>(),
    ) {
        let mut bytes = writer::skin_file(&ProfileSpec::triangle(3, 48));
        let (count, offset) = if bounded { (count % 16, offset % (bytes.len() as u32 + 8)) } else { (count, offset) };
        writer::put_array(&mut bytes, 4 + part * 8, count, offset);
        let sizes = [2u64, 2, 4, 48, 24];
        let len = bytes.len();
        if let Ok(skin) = Skin::parse(&bytes, &mut Ignore) {
            let ok = match part {
                0 => skin.vertices().is_ok(),
                1 => skin.indices().is_ok(),
                2 => skin.bones().is_ok(),
                3 => skin.submeshes().is_ok(),
                _ => skin.batches().is_ok(),
            };
            prop_assert_eq!(ok, reference_ok(len, count, offset, sizes[part]));
        }
        lumpkit::exercise::format(&SkinFormat, &bytes);
    }
}

#[test]
fn a_broken_optional_section_never_hides_geometry_textures_or_materials() {
    for version in [256u32, 260, 264, 272] {
        let mut bytes = writer::md20(&ModelSpec::with_modes(version, &[0, 1, 2]));
        let len = bytes.len() as u32;
        // Particles reach past the end, cameras overflow: both optional.
        writer::put_array(&mut bytes, writer::particles_at(version), 9, len - 8);
        let cameras = writer::particles_at(version) - 0x18;
        writer::put_array(&mut bytes, cameras, u32::MAX, 0);
        let mut codes = Vec::new();
        let model = M2::parse(
            &bytes,
            &mut lumpkit_formats::diag::FnSink(|d: lumpkit_formats::Diagnostic| {
                codes.push(d.code())
            }),
        )
        .unwrap();
        assert_eq!(codes, ["m2-optional-section-broken"; 2], "v{version}");
        assert_eq!(model.vertices().unwrap().len(), 3);
        assert_eq!(model.materials().unwrap().len(), 3);
        assert_eq!(model.texture_filename(0).unwrap(), b"TEST\\WHITE.BLP");
        assert!(model.array_bytes(Field::Particles).is_err());
        assert!(model.array_bytes(Field::Cameras).is_err());
        assert_eq!(inspect(&bytes).status(), Status::Warning);
    }
}

/// Skeletons as large as the format allows: 65,535 bones, the first 32,768 in one chain where each
/// bone's parent is stored after it (the longest walk the cycle search can meet), the rest
/// children of bone 0. The chain is reported as parent-after-child, and closing it into a loop
/// turns that into a cycle; both are found without allocating in the container crate.
#[test]
fn largest_skeletons_are_walked_once() {
    let codes = |bones: Vec<i16>| {
        let mut spec = ModelSpec::with_modes(264, &[0]);
        spec.bones = bones;
        let report = inspect(&writer::md20(&spec));
        report
            .diagnostics
            .iter()
            .map(|d| d.rule.code)
            .collect::<Vec<_>>()
    };
    let chain: Vec<i16> = (0..65_535u32)
        .map(|i| match i {
            0..32_767 => i16::try_from(i + 1).unwrap(),
            32_767 => -1,
            _ => 0,
        })
        .collect();
    assert_eq!(codes(chain.clone()), ["m2-bone-parent-after-child"]);
    let mut looped = chain;
    looped[32_767] = 0;
    assert_eq!(codes(looped), ["m2-bone-parent-cycle"]);
}
