//! Conformance facts for Daikatana PAKs (72-byte entries, RLE-compressed members), built by our
//! writer: the layout is recognised from the directory, `info` lists the entries with their stored
//! sizes and methods, `check` and `children` decode every member to its original bytes, `extract`
//! writes them, damaged streams and oversized claims are typed errors within the limits, and id's
//! layout is never taken for Daikatana's. Truncation and field corruption never panic.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use lumpkit::{ChildContent, Context, Extracted, Format, Status};
use lumpkit_formats::Ignore;
use lumpkit_formats::pak::{Layout, Pak};
use lumpkit_testgen::pak::{dk_members, dk_pak, pak};
use proptest::prelude::*;

/// `(name, data, compressed)` per member.
type Members = Vec<(&'static [u8], Vec<u8>, bool)>;

fn sample() -> (Members, Vec<u8>) {
    let members = dk_members();
    let refs: Vec<(&[u8], &[u8], bool)> = members
        .iter()
        .map(|(n, d, c)| (*n, d.as_slice(), *c))
        .collect();
    let bytes = dk_pak(&refs);
    (members, bytes)
}

fn member_bytes(f: &dyn Format, ctx: &Context<'_>, bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    f.children(ctx, bytes)
        .unwrap()
        .into_iter()
        .map(|c| match c.content {
            ChildContent::Bytes(b) => (c.name.into_owned(), b.into_owned()),
            other => panic!("{}: {other:?}", c.name),
        })
        .collect()
}

#[test]
fn daikatana_pak_reads_entries_and_decodes_members() {
    let (members, bytes) = sample();
    let view = Pak::parse(&bytes, &mut Ignore).unwrap();
    assert_eq!(view.layout(), Layout::Daikatana);
    assert_eq!(view.len(), 3);
    let f = lumpkit::by_name("pak").unwrap();
    let ctx = Context::default();
    let report = f.inspect(&ctx, &bytes);
    assert_eq!(report.status(), Status::Ok, "{report:?}");
    assert_eq!(report.fields.get("variant").unwrap(), "daikatana");
    let entries = report.fields.get("entries").unwrap().as_array().unwrap();
    assert_eq!(entries.len(), 3);
    for (e, (name, data, compressed)) in entries.iter().zip(&members) {
        assert_eq!(e["name"], std::str::from_utf8(name).unwrap());
        assert_eq!(e["size"], data.len());
        assert_eq!(e["method"], if *compressed { "rle" } else { "stored" });
        if *compressed {
            assert!(e["compressed_size"].as_u64().unwrap() < data.len() as u64);
        } else {
            assert_eq!(e["compressed_size"], data.len());
        }
    }
    // children (what check descends into) and inspect_with_children agree, with the original bytes.
    let got = member_bytes(f, &ctx, &bytes);
    let want: Vec<(String, Vec<u8>)> = members
        .iter()
        .map(|(n, d, _)| (String::from_utf8(n.to_vec()).unwrap(), d.clone()))
        .collect();
    assert_eq!(got, want);
    let (both, listed) = f.inspect_with_children(&ctx, &bytes);
    assert_eq!(both.status(), Status::Ok);
    assert_eq!(listed.unwrap().len(), 3);
    // The compressed map inside is a map.
    let bsp = lumpkit::by_name("bsp").unwrap();
    assert_eq!(bsp.inspect(&ctx, &got[0].1).status(), Status::Ok);
    // extract writes every member as stored once decoded.
    let mut written = Vec::new();
    let mut sink = |name: &str, item: Extracted<'_>| {
        if let Extracted::Bytes(b) = item {
            written.push((name.to_string(), b.into_owned()));
        }
        Ok(())
    };
    assert!(f.extract(&ctx, &bytes, &mut sink).unwrap().is_empty());
    assert_eq!(written, want);
    // A game path finds the entry, as for id's layout.
    let floor = view.find(b"TEXTURES/E1/FLOOR.WAL").unwrap();
    assert!(!floor.compressed);
    assert_eq!(floor.data.unwrap(), members[1].1.as_slice());
}

#[test]
fn damaged_or_oversized_members_are_typed_errors() {
    let f = lumpkit::by_name("pak").unwrap();
    let ctx = Context::default();
    let data = vec![7u8; 500];
    let good = dk_pak(&[(b"a.txt", &data, true)]);
    let dirofs = u32::from_le_bytes(good[4..8].try_into().unwrap()) as usize;
    let codes = |b: &[u8]| -> Vec<&'static str> {
        f.inspect(&ctx, b)
            .diagnostics
            .iter()
            .map(|d| d.code())
            .collect()
    };
    assert!(codes(&good).is_empty());
    // Declared larger than the stream yields; declared larger than any stream could yield.
    for size in [501u32, 400, 0x7FFF_FFFF] {
        let mut b = good.clone();
        b[dirofs + 60..dirofs + 64].copy_from_slice(&size.to_le_bytes());
        assert_eq!(
            codes(&b),
            ["pak-entry-compression-invalid"],
            "declared {size}"
        );
    }
    // The unpack budget bounds what members may decode to: a limit of ours, so the member is not
    // checked (a warning naming `--max-unpacked`), not broken.
    let tight = Context {
        limits: lumpkit_formats::Limits {
            max_unpacked: 100,
            ..lumpkit_formats::Limits::default()
        },
        ..Context::default()
    };
    let report = f.inspect(&tight, &good);
    assert_eq!(report.status(), Status::Warning, "{report:?}");
    assert_eq!(report.diagnostics[0].code(), "limit-unpacked");
}

#[test]
fn id_paks_are_never_read_as_daikatana() {
    // 9 entries: a 576-byte directory divides into both 64- and 72-byte entries.
    let names: Vec<String> = (0..9).map(|i| format!("sound/s{i}.wav")).collect();
    let data = vec![0u8; 10];
    let entries: Vec<(&[u8], &[u8])> = names
        .iter()
        .map(|n| (n.as_bytes(), data.as_slice()))
        .collect();
    let bytes = pak(&entries);
    let view = Pak::parse(&bytes, &mut Ignore).unwrap();
    assert_eq!(view.layout(), Layout::Quake);
    assert_eq!(view.len(), 9);
    // One damaged entry does not flip it either.
    let mut b = bytes.clone();
    let dirofs = u32::from_le_bytes(b[4..8].try_into().unwrap()) as usize;
    b[dirofs + 60..dirofs + 64].copy_from_slice(&0x7FFF_FFFFu32.to_le_bytes());
    assert_eq!(Pak::parse(&b, &mut Ignore).unwrap().layout(), Layout::Quake);
    // Nor does a Daikatana PAK with one entry past the end become an id one.
    let (_, mut dk) = sample();
    let dirofs = u32::from_le_bytes(dk[4..8].try_into().unwrap()) as usize;
    dk[dirofs + 56..dirofs + 60].copy_from_slice(&0x7FFF_FFFFu32.to_le_bytes());
    let view = Pak::parse(&dk, &mut Ignore).unwrap();
    assert_eq!(view.layout(), Layout::Daikatana);
}

#[test]
fn truncated_daikatana_paks_never_panic() {
    let (_, bytes) = sample();
    let f = lumpkit::by_name("pak").unwrap();
    for cut in 0..bytes.len() {
        lumpkit::exercise::format(f, &bytes[..cut]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn any_member_round_trips(data in proptest::collection::vec(prop_oneof![Just(0u8), Just(1u8), any::<u8>()], 0..700)) {
        let bytes = dk_pak(&[(b"x.bin", &data, true), (b"y.bin", b"stored", false)]);
        let f = lumpkit::by_name("pak").unwrap();
        let got = member_bytes(f, &Context::default(), &bytes);
        prop_assert_eq!(&got[0].1, &data);
    }

    #[test]
    fn corrupt_fields_never_panic(pos in 0usize..1900, value in prop_oneof![
        any::<u32>(), Just(u32::MAX), Just(1u32), 0u32..64, Just(0xFFu32),
    ], width in prop_oneof![Just(1usize), Just(4usize)]) {
        let (_, mut bytes) = sample();
        if pos + width <= bytes.len() {
            bytes[pos..pos + width].copy_from_slice(&value.to_le_bytes()[..width]);
        }
        lumpkit::exercise::format(lumpkit::by_name("pak").unwrap(), &bytes);
    }
}
