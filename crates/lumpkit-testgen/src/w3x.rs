//! Writers of Warcraft III map files (`war3map.w3i` 18/25/28/31/33, `.w3e` 11/12, `.doo` 7/9,
//! 8/11 and 8/11 with 1.32 skin ids, `.wpm`, `.shd`, `.mmp`, `.imp`, object data versions 2 and 3)
//! and of whole maps (`.w3x`, through the MPQ writer), valid and broken, for `corpus/w3x/`.
//!
//! Layouts from `research/wc3-map.md` §2.1 (HiveWE's `map_info.ixx`, `terrain.ixx`,
//! `doodads.ixx`, `modification_tables.ixx`; mdx-m3-viewer's `parsers/w3x`), written here field
//! by field. The cross-file rules are triggered by maps whose files disagree in one field.

use crate::Sample;
use crate::mpq::{File, Prefix, Writer};

fn u32s(b: &mut Vec<u8>, values: &[u32]) {
    for v in values {
        b.extend_from_slice(&v.to_le_bytes());
    }
}

fn cstr(b: &mut Vec<u8>, s: &str) {
    b.extend_from_slice(s.as_bytes());
    b.push(0);
}

/// The map info of `version`: a `playable`-tile square map with 6-tile complements on each side,
/// vertically `playable + 2` tiles with 4 and 6, tileset `tileset`, two players, one force, and (`tables`) the upgrade, tech and random tables.
pub fn w3i(version: u32, playable: u32, tileset: u8, tables: bool) -> Vec<u8> {
    let mut b = Vec::new();
    u32s(&mut b, &[version, 3, 6052]);
    if version >= 28 {
        u32s(&mut b, &[1, 31, 1, 6072]);
    }
    for s in ["Test Map", "lumpkit", "A generated map", "2"] {
        cstr(&mut b, s);
    }
    b.extend_from_slice(&[0; 32]); // camera bounds
    for c in [6i32, 6, 4, 6] {
        b.extend_from_slice(&c.to_le_bytes());
    }
    u32s(&mut b, &[playable, playable + 2, 0x8000]);
    b.push(tileset);
    u32s(&mut b, &[0]); // loading screen number
    if version >= 25 {
        cstr(&mut b, "");
    }
    for s in ["", "", ""] {
        cstr(&mut b, s);
    }
    u32s(&mut b, &[0]);
    if version >= 25 {
        cstr(&mut b, "");
    }
    for s in ["", "", ""] {
        cstr(&mut b, s);
    }
    if version >= 25 {
        u32s(&mut b, &[0, 0, 0, 0, 0]); // fog style, start, end, density, colour
        u32s(&mut b, &[0]); // weather
        cstr(&mut b, "");
        b.push(0); // light tileset
        b.extend_from_slice(&[255; 4]);
    }
    if version >= 28 {
        u32s(&mut b, &[0]);
    }
    if version >= 31 {
        u32s(&mut b, &[3, 1]);
    }
    if version >= 32 {
        u32s(&mut b, &[1650, 1650]);
    }
    if version >= 33 {
        u32s(&mut b, &[1650]);
    }
    if !tables {
        return b;
    }
    u32s(&mut b, &[2]);
    for p in 0..2 {
        u32s(&mut b, &[p, 1, 1, 0]);
        cstr(&mut b, "Player");
        u32s(&mut b, &[0, 0, 0, 0]);
        if version >= 31 {
            u32s(&mut b, &[0, 0]);
        }
    }
    u32s(&mut b, &[1, 0, 0xffff_ffff]);
    cstr(&mut b, "Force 1");
    u32s(&mut b, &[1, 1]); // one upgrade change
    b.extend_from_slice(b"Rhme");
    u32s(&mut b, &[1, 0]);
    u32s(&mut b, &[1, 1]); // one tech change
    b.extend_from_slice(b"hfoo");
    u32s(&mut b, &[1, 0]); // one random unit table
    cstr(&mut b, "Table");
    u32s(&mut b, &[1, 0, 1, 100]);
    b.extend_from_slice(b"hfoo");
    if version >= 25 {
        u32s(&mut b, &[1, 0]); // one random item table
        cstr(&mut b, "Items");
        u32s(&mut b, &[1, 1, 100]);
        b.extend_from_slice(b"ratc");
    }
    b
}

/// Terrain of `version` (11 or 12), `width × height` tile points.
pub fn w3e(version: u32, width: u32, height: u32, tileset: u8) -> Vec<u8> {
    let mut b = b"W3E!".to_vec();
    u32s(&mut b, &[version]);
    b.push(tileset);
    u32s(&mut b, &[0, 2]);
    b.extend_from_slice(b"LdrtLgrs");
    u32s(&mut b, &[1]);
    b.extend_from_slice(b"CLdi");
    u32s(&mut b, &[width, height]);
    b.extend_from_slice(&[0; 8]);
    let point: &[u8] = if version >= 12 {
        &[0x00, 0x20, 0x00, 0x20, 0, 0, 0, 0x02]
    } else {
        &[0x00, 0x20, 0x00, 0x20, 0, 0, 0x02]
    };
    for _ in 0..width * height {
        b.extend_from_slice(point);
    }
    b
}

/// Doodads of `version`/`subversion`, `count` doodads, with skin ids when `skin`.
pub fn doo(version: u32, subversion: u32, count: u32, skin: bool) -> Vec<u8> {
    let mut b = b"W3do".to_vec();
    u32s(&mut b, &[version, subversion, count]);
    for i in 0..count {
        b.extend_from_slice(b"LTlt");
        u32s(&mut b, &[i % 3]);
        b.extend_from_slice(&[0; 12 + 4]);
        for _ in 0..3 {
            b.extend_from_slice(&1f32.to_le_bytes());
        }
        if skin {
            b.extend_from_slice(b"LTlt");
        }
        b.extend_from_slice(&[2, 100]);
        if version >= 8 {
            u32s(&mut b, &[u32::MAX, 1, 1]);
            b.extend_from_slice(b"ratc");
            u32s(&mut b, &[100]);
        }
        u32s(&mut b, &[i]);
    }
    u32s(&mut b, &[0, 1]);
    b.extend_from_slice(b"YTlb");
    u32s(&mut b, &[0, 3, 4]);
    b
}

/// A pathing map of `width × height` cells.
pub fn wpm(width: u32, height: u32) -> Vec<u8> {
    let mut b = b"MP3W".to_vec();
    u32s(&mut b, &[0, width, height]);
    b.resize(b.len() + (width * height) as usize, 0x08);
    b
}

/// A minimap icon file of `icons` icons.
pub fn mmp(icons: u32) -> Vec<u8> {
    let mut b = Vec::new();
    u32s(&mut b, &[0, icons]);
    for i in 0..icons {
        u32s(&mut b, &[0, 16 * i, 16 * i]);
        b.extend_from_slice(&[255, 0, 0, 255]);
    }
    b
}

/// An import list: `(flag, path)`.
pub fn imp(entries: &[(u8, &str)]) -> Vec<u8> {
    let mut b = Vec::new();
    u32s(&mut b, &[1, entries.len() as u32]);
    for (flag, path) in entries {
        b.push(*flag);
        cstr(&mut b, path);
    }
    b
}

/// Object data of `version`, one custom object with an int, a real and a string modification;
/// `levels` adds the level and data pointer of `.w3d/.w3a/.w3q`; `kind` is the first value type.
pub fn objects(version: u32, levels: bool, kind: u32) -> Vec<u8> {
    let mut b = Vec::new();
    u32s(&mut b, &[version, 0, 1]);
    b.extend_from_slice(b"hfooh000");
    if version >= 3 {
        u32s(&mut b, &[1, 0]);
    }
    u32s(&mut b, &[3]);
    for (id, ty, value) in [
        (b"umvs", kind, 300u32.to_le_bytes().to_vec()),
        (b"usca", 1, 1.5f32.to_le_bytes().to_vec()),
        (b"unam", 3, b"Big Footman\0".to_vec()),
    ] {
        b.extend_from_slice(id);
        u32s(&mut b, &[ty]);
        if levels {
            u32s(&mut b, &[1, 0]);
        }
        b.extend_from_slice(&value);
        b.extend_from_slice(b"h000");
    }
    b
}

/// A map: the files of a 64-tile-point map, with `change` applied to the file list.
fn map(change: impl FnOnce(&mut Vec<File>)) -> Vec<u8> {
    let tiles = 64u32;
    let mut files = vec![
        File::new("war3map.w3i", &w3i(25, tiles - 12, b'L', true)),
        File {
            compress: true,
            ..File::new("war3map.w3e", &w3e(11, tiles + 1, tiles + 1, b'L'))
        },
        File::new("war3map.doo", &doo(8, 11, 2, false)),
        File {
            compress: true,
            ..File::new("war3map.wpm", &wpm(tiles * 4, tiles * 4))
        },
        File {
            compress: true,
            ..File::new("war3map.shd", &vec![0u8; (tiles * tiles * 16) as usize])
        },
        File::new("war3map.mmp", &mmp(2)),
        File::new("war3map.imp", &imp(&[(13, "war3mapImported\\Test.blp")])),
        File::new("war3mapImported\\Test.blp", &crate::mpq::blp_bytes()),
        File::new("war3map.w3u", &objects(2, false, 0)),
    ];
    change(&mut files);
    Writer {
        prefix: Prefix::Hm3w,
        ..Writer::new(files)
    }
    .build()
}

fn replace(files: &mut [File], name: &str, data: Vec<u8>) {
    if let Some(f) = files.iter_mut().find(|f| f.name == name) {
        f.data = data;
    }
}

/// Every map-file sample.
pub fn samples() -> Vec<Sample> {
    let too_new = "w3i-version-too-new";
    let mut s = vec![
        Sample::new("war3map_v18.w3i", w3i(18, 52, b'L', true), "ok", &[]),
        Sample::new("war3map_v25.w3i", w3i(25, 52, b'L', true), "ok", &[]),
    ];
    for v in [28, 31, 33] {
        s.push(
            Sample::new(
                format!("war3map_v{v}.w3i"),
                w3i(v, 52, b'L', true),
                "ok",
                &[too_new],
            )
            .under("wc3-1.26", "error")
            .under("wc3-reforged", "ok"),
        );
    }
    s.push(Sample::new(
        "war3map_v11.w3e",
        w3e(11, 9, 9, b'L'),
        "ok",
        &[],
    ));
    s.push(Sample::new(
        "war3map_v12.w3e",
        w3e(12, 9, 9, b'Z'),
        "ok",
        &[],
    ));
    s.push(Sample::new(
        "war3map_v7.doo",
        doo(7, 9, 3, false),
        "ok",
        &[],
    ));
    s.push(Sample::new(
        "war3map_v8.doo",
        doo(8, 11, 3, false),
        "ok",
        &[],
    ));
    s.push(Sample::new(
        "war3map_skin.doo",
        doo(8, 11, 3, true),
        "ok",
        &[],
    ));
    s.push(Sample::new("war3map.wpm", wpm(32, 32), "ok", &[]));
    s.push(Sample::new("war3map.shd", vec![0; 1024], "ok", &[]));
    s.push(Sample::new("war3map.mmp", mmp(3), "ok", &[]));
    s.push(Sample::new(
        "war3map.imp",
        imp(&[(5, "a.blp"), (13, "war3mapImported\\b.mdx")]),
        "ok",
        &[],
    ));
    s.push(Sample::new("war3map.w3u", objects(2, false, 0), "ok", &[]));
    s.push(Sample::new("war3map.w3a", objects(2, true, 0), "ok", &[]));
    s.push(Sample::new(
        "war3map_v3.w3u",
        objects(3, false, 0),
        "ok",
        &[],
    ));
    s.push(Sample::new(
        "war3mapUnits.doo",
        doo(8, 11, 1, false),
        "ok",
        &["w3x-not-checked"],
    ));
    let mut bad_magic = w3e(11, 9, 9, b'L');
    bad_magic[3] = b'?';
    s.push(Sample::new(
        "bad_magic.w3e",
        bad_magic,
        "error",
        &["w3x-bad-magic"],
    ));
    s.push(Sample::new(
        "version_unknown.w3e",
        w3e(13, 9, 9, b'L'),
        "ok",
        &["w3x-version-unknown"],
    ));
    let mut cut = w3e(11, 9, 9, b'L');
    cut.truncate(cut.len() - 7);
    s.push(Sample::new(
        "truncated.w3e",
        cut,
        "error",
        &["w3x-truncated"],
    ));
    let mut trailing = wpm(8, 8);
    trailing.extend_from_slice(&[0; 5]);
    s.push(Sample::new(
        "trailing.wpm",
        trailing,
        "ok",
        &["w3x-trailing-bytes"],
    ));
    let mut header_cut = w3i(25, 52, b'L', true);
    header_cut.truncate(20);
    s.push(Sample::new(
        "header_truncated.w3i",
        header_cut,
        "error",
        &["w3i-header-truncated"],
    ));
    s.push(Sample::new(
        "protected.w3i",
        w3i(25, 52, b'L', false),
        "ok",
        &["w3i-truncated"],
    ));
    s.push(Sample::new(
        "value_type.w3u",
        objects(2, false, 7),
        "error",
        &["w3x-object-value-type"],
    ));
    s.push(Sample::new("valid_map.w3x", map(|_| {}), "ok", &[]));
    s.push(Sample::new(
        "terrain_size.w3x",
        map(|f| replace(f, "war3map.w3i", w3i(25, 50, b'L', true))),
        "warning",
        &["w3x-terrain-size"],
    ));
    s.push(Sample::new(
        "pathing_size.w3x",
        map(|f| replace(f, "war3map.wpm", wpm(128, 256))),
        "warning",
        &["w3x-pathing-size"],
    ));
    s.push(Sample::new(
        "shadow_size.w3x",
        map(|f| replace(f, "war3map.shd", vec![0; 4096])),
        "warning",
        &["w3x-shadow-size"],
    ));
    s.push(Sample::new(
        "tileset_mismatch.w3x",
        map(|f| replace(f, "war3map.w3i", w3i(25, 52, b'A', true))),
        "ok",
        &["w3x-tileset-mismatch"],
    ));
    s.push(Sample::new(
        "import_missing.w3x",
        map(|f| replace(f, "war3map.imp", imp(&[(5, "Missing.wav")]))),
        "warning",
        &["w3x-import-missing"],
    ));
    let mut model = crate::mdx::Spec::valid(800);
    model.textures[0].1 = "war3mapImported\\Missing.blp".into();
    let model = model.file();
    s.push(Sample::new(
        "model_texture_missing.w3x",
        map(|f| f.push(File::new("war3mapImported\\Test.mdx", &model))),
        "warning",
        &["w3x-model-texture-missing"],
    ));
    s
}
