//! WAD2/WAD3 writers: every entry type (no openly licensed WAD3 has qpic, font, decal or `{`
//! entries, so they are made here) and one malformed file per `wad-…` and `miptex-…` rule.

use crate::Sample;

/// Entry type codes.
pub mod kind {
    /// WAD3 decal / WAD2 palette.
    pub const DECAL_OR_PALETTE: u8 = 0x40;
    /// qpic.
    pub const QPIC: u8 = 0x42;
    /// WAD3 miptex.
    pub const MIPTEX3: u8 = 0x43;
    /// WAD2 miptex.
    pub const MIPTEX2: u8 = 0x44;
    /// WAD2 console picture.
    pub const CONPIC: u8 = 0x45;
    /// WAD3 font.
    pub const FONT: u8 = 0x46;
}

/// One entry to write.
#[derive(Clone, Debug)]
pub struct EntrySpec {
    /// Up to 16 name bytes (padded with NULs; exactly 16 leaves no terminator).
    pub name: Vec<u8>,
    /// Type code.
    pub kind: u8,
    /// Compression byte.
    pub compression: u8,
    /// The data.
    pub data: Vec<u8>,
}

impl EntrySpec {
    /// An uncompressed entry.
    pub fn new(name: &[u8], kind: u8, data: Vec<u8>) -> EntrySpec {
        EntrySpec {
            name: name.to_vec(),
            kind,
            compression: 0,
            data,
        }
    }
}

/// A WAD with `magic`: header, the entries' data in order, then the directory.
pub fn wad(magic: &[u8; 4], entries: &[EntrySpec]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(magic);
    out.extend_from_slice(&(entries.len() as u32).to_le_bytes());
    out.extend_from_slice(&[0; 4]);
    let mut records = Vec::new();
    for e in entries {
        let offset = out.len() as u32;
        out.extend_from_slice(&e.data);
        let mut name = [0u8; 16];
        for (slot, b) in name.iter_mut().zip(&e.name) {
            *slot = *b;
        }
        records.extend_from_slice(&offset.to_le_bytes());
        records.extend_from_slice(&(e.data.len() as u32).to_le_bytes());
        records.extend_from_slice(&(e.data.len() as u32).to_le_bytes());
        records.extend_from_slice(&[e.kind, e.compression, 0, 0]);
        records.extend_from_slice(&name);
    }
    let directory = out.len() as u32;
    out[8..12].copy_from_slice(&directory.to_le_bytes());
    out.extend_from_slice(&records);
    out
}

/// Offset of directory record `i` in a WAD written by [`wad`].
pub fn record_offset(wad: &[u8], i: usize) -> usize {
    u32::from_le_bytes([wad[8], wad[9], wad[10], wad[11]]) as usize + 32 * i
}

/// A palette with a distinct colour per index; entry 255 as given.
pub fn palette(entry255: [u8; 3]) -> Vec<u8> {
    let mut p: Vec<u8> = (0..256u32)
        .flat_map(|i| [i as u8, (255 - i) as u8, (i * 7) as u8])
        .collect();
    p[765..768].copy_from_slice(&entry255);
    p
}

/// Pixel `i` of a level: a pattern that uses every index including 255.
fn pixel(i: usize, level: u32) -> u8 {
    (i.wrapping_mul(37) as u8).wrapping_add(level as u8 * 3)
}

/// The trailing palette block: colour count then 768 bytes.
pub fn palette_block(count: u16, palette: &[u8]) -> Vec<u8> {
    let mut out = count.to_le_bytes().to_vec();
    out.extend_from_slice(palette);
    out
}

/// A miptex `width` × `height` with four packed levels; `palette` (block bytes) appended when given.
pub fn miptex(name: &[u8], width: u32, height: u32, palette: Option<&[u8]>) -> Vec<u8> {
    let mut out = Vec::new();
    let mut field = [0u8; 16];
    for (slot, b) in field.iter_mut().zip(name) {
        *slot = *b;
    }
    out.extend_from_slice(&field);
    out.extend_from_slice(&width.to_le_bytes());
    out.extend_from_slice(&height.to_le_bytes());
    let mut offset = 40u32;
    let mut pixels = Vec::new();
    for n in 0..4 {
        let (w, h) = ((width >> n).max(1), (height >> n).max(1));
        out.extend_from_slice(&offset.to_le_bytes());
        pixels.extend((0..(w * h) as usize).map(|i| pixel(i, n)));
        offset += w * h;
    }
    out.extend_from_slice(&pixels);
    if let Some(p) = palette {
        out.extend_from_slice(p);
        out.extend_from_slice(&[0, 0]); // the two pad bytes Wally and qlumpy leave
    }
    out
}

/// A qpic `width` × `height`, with the palette block when given.
pub fn qpic(width: u32, height: u32, palette: Option<&[u8]>) -> Vec<u8> {
    let mut out = width.to_le_bytes().to_vec();
    out.extend_from_slice(&height.to_le_bytes());
    out.extend((0..(width * height) as usize).map(|i| pixel(i, 0)));
    if let Some(p) = palette {
        out.extend_from_slice(p);
    }
    out
}

/// A Half-Life font: rows of 16-pixel-wide glyphs in a 256-wide block of `height` rows.
pub fn font(height: u32, palette: &[u8]) -> Vec<u8> {
    let row_height = 16u32;
    let mut out = 256u32.to_le_bytes().to_vec();
    out.extend_from_slice(&height.to_le_bytes());
    out.extend_from_slice(&(height / row_height).to_le_bytes());
    out.extend_from_slice(&row_height.to_le_bytes());
    let per_row = 16u32;
    for ch in 0..256u32 {
        let row = ch / per_row % (height / row_height).max(1);
        let start = row * row_height * 256 + (ch % per_row) * 16;
        out.extend_from_slice(&(start as u16).to_le_bytes());
        out.extend_from_slice(&8u16.to_le_bytes());
    }
    out.extend((0..(256 * height) as usize).map(|i| pixel(i, 0)));
    out.extend_from_slice(palette);
    out
}

fn wad3(entries: &[EntrySpec]) -> Vec<u8> {
    wad(b"WAD3", entries)
}

fn hl_miptex(name: &[u8]) -> Vec<u8> {
    miptex(
        name,
        16,
        16,
        Some(&palette_block(256, &palette([0, 0, 255]))),
    )
}

/// A WAD3 holding one texture `name` whose miptex bytes are `data`.
fn one(name: &[u8], kind: u8, data: Vec<u8>) -> Vec<u8> {
    wad3(&[EntrySpec::new(name, kind, data)])
}

/// The valid WAD3 with every entry type.
pub fn wad3_every_type() -> Vec<u8> {
    let blue = palette_block(256, &palette([0, 0, 255]));
    let brown = palette_block(256, &palette([90, 60, 30]));
    wad3(&[
        EntrySpec::new(b"brick", kind::MIPTEX3, hl_miptex(b"brick")),
        EntrySpec::new(b"{fence", kind::MIPTEX3, hl_miptex(b"{fence")),
        EntrySpec::new(
            b"{logo",
            kind::DECAL_OR_PALETTE,
            miptex(b"{logo", 32, 16, Some(&brown)),
        ),
        EntrySpec::new(
            b"{bluedecal",
            kind::DECAL_OR_PALETTE,
            miptex(b"{bluedecal", 16, 16, Some(&blue)),
        ),
        EntrySpec::new(b"crosshair", kind::QPIC, qpic(24, 8, Some(&blue))),
        EntrySpec::new(b"conback", kind::QPIC, qpic(16, 8, Some(&blue))),
        EntrySpec::new(b"font", kind::FONT, font(32, &blue)),
    ])
}

/// The valid WAD2 with every entry type.
pub fn wad2_every_type() -> Vec<u8> {
    wad(
        b"WAD2",
        &[
            EntrySpec::new(b"palette", kind::DECAL_OR_PALETTE, palette([1, 2, 3])),
            EntrySpec::new(b"sbar", kind::QPIC, qpic(32, 8, None)),
            EntrySpec::new(b"wall", kind::MIPTEX2, miptex(b"wall", 32, 16, None)),
            EntrySpec::new(b"{grate", kind::MIPTEX2, miptex(b"{grate", 16, 16, None)),
            EntrySpec::new(b"conback", kind::CONPIC, qpic(16, 16, None)),
            EntrySpec::new(
                b"conchars",
                kind::MIPTEX2,
                (0..16384usize).map(|i| pixel(i, 0)).collect(),
            ),
        ],
    )
}

/// A console font sheet as Quake's `gfx.wad` holds it: 128×128 bare bytes, character 0 (the top
/// left 8×8 cell) blank, as in id's.
pub fn conchars_sheet() -> Vec<u8> {
    (0..16384usize)
        .map(|i| {
            if i % 128 < 8 && i / 128 < 8 {
                0
            } else {
                pixel(i, 0)
            }
        })
        .collect()
}

/// A mod's `gfx.wad`: palette, `conchars` stored with type `conchars_type` and these bytes, and
/// a console background after it.
pub fn gfx_wad(conchars_type: u8, conchars: Vec<u8>) -> Vec<u8> {
    wad(
        b"WAD2",
        &[
            EntrySpec::new(b"palette", kind::DECAL_OR_PALETTE, palette([1, 2, 3])),
            EntrySpec::new(b"conchars", conchars_type, conchars),
            EntrySpec::new(b"conback", kind::CONPIC, qpic(16, 16, None)),
        ],
    )
}

/// `decals.wad`: every texture is loaded as a decal, so a `{` miptex is a gradient decal.
pub fn decals_wad() -> Vec<u8> {
    let brown = palette_block(256, &palette([90, 60, 30]));
    one(
        b"{spray",
        kind::MIPTEX3,
        miptex(b"{spray", 16, 16, Some(&brown)),
    )
}

fn set_u32(bytes: &mut [u8], at: usize, v: u32) {
    bytes[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

/// Samples for `corpus/wad/`.
pub fn samples() -> Vec<Sample> {
    let blue = palette_block(256, &palette([0, 0, 255]));
    let mut s = vec![
        Sample::new("wad3_every_type.wad", wad3_every_type(), "ok", &[]),
        Sample::new("wad2_every_type.wad", wad2_every_type(), "ok", &[]),
        Sample::new("decals.wad", decals_wad(), "ok", &[]),
        // Quake looks `conchars` up in `gfx.wad` by name at start-up and stops without it.
        Sample::new(
            "gfx.wad",
            wad(
                b"WAD2",
                &[
                    EntrySpec::new(b"palette", kind::DECAL_OR_PALETTE, palette([1, 2, 3])),
                    EntrySpec::new(b"conback", kind::CONPIC, qpic(16, 16, None)),
                ],
            ),
            "error",
            &["wad-gfx-conchars-missing"],
        ),
        // Quake reads `conchars` by name as 128×128 bare bytes whatever its type: a mod's sheet
        // stored as a qpic (0x42) is the font, not a 0×0 picture.
        Sample::new(
            "gfx_conchars_qpic_type.wad",
            gfx_wad(kind::QPIC, conchars_sheet()),
            "ok",
            &[],
        ),
        // A sheet cut short: the engine reads on into the next entry's bytes.
        Sample::new(
            "gfx_conchars_short.wad",
            gfx_wad(kind::MIPTEX2, conchars_sheet()[..8192].to_vec()),
            "warning",
            &["wad-conchars-short"],
        ),
        // A sheet written with a qpic header: the engine draws the header as pixels.
        Sample::new(
            "gfx_conchars_qpic_header.wad",
            gfx_wad(kind::QPIC, {
                let mut pic = [128u32.to_le_bytes(), 128u32.to_le_bytes()].concat();
                pic.extend(conchars_sheet());
                pic
            }),
            "warning",
            &["wad-conchars-qpic-header"],
        ),
    ];

    // miptex rules
    let mut t = hl_miptex(b"short");
    t.truncate(20);
    s.push(Sample::new(
        "miptex_truncated.wad",
        one(b"short", kind::MIPTEX3, t),
        "error",
        &["miptex-truncated"],
    ));
    let t = hl_miptex(b"0123456789abcdef");
    s.push(Sample::new(
        "miptex_name_unterminated.wad",
        one(b"longname", kind::MIPTEX3, t),
        "warning",
        &["miptex-name-unterminated"],
    ));
    let mut t = hl_miptex(b"zero");
    set_u32(&mut t, 16, 0);
    s.push(Sample::new(
        "miptex_size_zero.wad",
        one(b"zero", kind::MIPTEX3, t),
        "error",
        &["miptex-size-zero"],
    ));
    // GoldSrc refuses an unaligned WAD3 texture a map uses (Mod_LoadTextures after
    // TEX_LoadLump); Xash3D loads it.
    let t = miptex(b"odd", 24, 8, Some(&blue));
    s.push(
        Sample::new(
            "miptex_size_not_multiple_of_16.wad",
            one(b"odd", kind::MIPTEX3, t),
            "warning",
            &["miptex-size-not-multiple-of-16"],
        )
        .under("goldsrc", "error")
        .under("xash3d", "ok"),
    );
    // The WAD2 (Quake) form: vanilla Quake refuses it, QuakeSpasm warns and loads it.
    s.push(
        Sample::new(
            "miptex_size_not_multiple_of_16_wad2.wad",
            wad(
                b"WAD2",
                &[EntrySpec::new(
                    b"odd",
                    kind::MIPTEX2,
                    miptex(b"odd", 16, 40, None),
                )],
            ),
            "warning",
            &["miptex-size-not-multiple-of-16"],
        )
        .under("quake", "error")
        .under("quakespasm", "ok")
        .under("xash3d", "ok"),
    );
    // GoldSrc reads a map's WAD texture into a 348,996-byte buffer (ReHLDS Mod_LoadTextures):
    // 512x512 fits, 528x512 overruns it; Xash3D allocates the lump's size.
    s.push(
        Sample::new(
            "wad_texture_too_large.wad",
            one(b"big", kind::MIPTEX3, miptex(b"big", 528, 512, Some(&blue))),
            "warning",
            &["wad-texture-too-large"],
        )
        .under("goldsrc", "error")
        .under("xash3d", "ok"),
    );
    s.push(
        Sample::new(
            "wad_texture_512.wad",
            one(b"big", kind::MIPTEX3, miptex(b"big", 512, 512, Some(&blue))),
            "ok",
            &[],
        )
        .under("goldsrc", "ok"),
    );
    let mut t = hl_miptex(b"huge");
    set_u32(&mut t, 16, 4096);
    s.push(Sample::new(
        "miptex_size_too_large.wad",
        one(b"huge", kind::MIPTEX3, t),
        "error",
        &["miptex-size-too-large"],
    ));
    let mut t = hl_miptex(b"badmip");
    set_u32(&mut t, 28, 0x7fff_fff0);
    s.push(Sample::new(
        "miptex_mip_out_of_bounds.wad",
        one(b"badmip", kind::MIPTEX3, t),
        "error",
        &["miptex-mip-out-of-bounds"],
    ));
    let mut t = hl_miptex(b"external");
    t[24..40].fill(0);
    s.push(Sample::new(
        "miptex_external.wad",
        one(b"external", kind::MIPTEX3, t),
        "ok",
        &["miptex-external"],
    ));
    let mut t = hl_miptex(b"nopal");
    t.truncate(40 + 340 + 100);
    s.push(Sample::new(
        "miptex_palette_past_end.wad",
        one(b"nopal", kind::MIPTEX3, t),
        "error",
        &["miptex-palette-past-end"],
    ));
    let t = miptex(
        b"fewcolours",
        16,
        16,
        Some(&palette_block(255, &palette([0, 0, 255]))),
    );
    s.push(Sample::new(
        "miptex_colour_count.wad",
        one(b"fewcolours", kind::MIPTEX3, t),
        "warning",
        &["miptex-colour-count"],
    ));

    // container rules
    let mut doom = wad3(&[]);
    doom[..4].copy_from_slice(b"PWAD");
    s.push(Sample::new(
        "wad_unsupported_version.wad",
        doom,
        "ok",
        &["wad-unsupported-version"],
    ));
    s.push(Sample::new(
        "wad_header_truncated.wad",
        b"WAD3\x01\x00\x00\x00".to_vec(),
        "error",
        &["wad-header-truncated"],
    ));
    let mut w = one(b"brick", kind::MIPTEX3, hl_miptex(b"brick"));
    set_u32(&mut w, 4, 1000);
    s.push(Sample::new(
        "wad_count_too_large.wad",
        w,
        "error",
        &["wad-count-too-large"],
    ));
    let mut w = one(b"brick", kind::MIPTEX3, hl_miptex(b"brick"));
    set_u32(&mut w, 8, 0xffff_fff0);
    s.push(Sample::new(
        "wad_directory_out_of_bounds.wad",
        w,
        "error",
        &["wad-directory-out-of-bounds"],
    ));
    let mut w = wad3(&[
        EntrySpec::new(b"brick", kind::MIPTEX3, hl_miptex(b"brick")),
        EntrySpec::new(b"lost", kind::MIPTEX3, hl_miptex(b"lost")),
    ]);
    let at = record_offset(&w, 1);
    set_u32(&mut w, at, 0xffff_ff00);
    s.push(Sample::new(
        "wad_entry_out_of_bounds.wad",
        w,
        "error",
        &["wad-entry-out-of-bounds"],
    ));
    let mut w = wad3(&[
        EntrySpec::new(b"first", kind::MIPTEX3, hl_miptex(b"first")),
        EntrySpec::new(b"second", kind::MIPTEX3, hl_miptex(b"second")),
    ]);
    let at = record_offset(&w, 1);
    set_u32(&mut w, at, 12);
    s.push(Sample::new(
        "wad_entries_overlap.wad",
        w,
        "warning",
        &["wad-entries-overlap"],
    ));
    s.push(Sample::new(
        "wad_name_unterminated.wad",
        one(b"sixteen_chars_ab", kind::MIPTEX3, hl_miptex(b"sixteen")),
        "warning",
        &["wad-name-unterminated"],
    ));
    s.push(Sample::new(
        "wad_name_not_text.wad",
        one(b"bad\xff\xfename", kind::MIPTEX3, hl_miptex(b"badname")),
        "warning",
        &["wad-name-not-text"],
    ));
    s.push(Sample::new(
        "wad_duplicate_name.wad",
        wad3(&[
            EntrySpec::new(b"Brick", kind::MIPTEX3, hl_miptex(b"Brick")),
            EntrySpec::new(b"BRICK", kind::MIPTEX3, hl_miptex(b"BRICK")),
        ]),
        "warning",
        &["wad-duplicate-name"],
    ));
    // The flag set on plain data: Xash3D and ReHLDS ignore it and read the bytes (info, once per
    // archive, however many entries carry it).
    let mut packed = EntrySpec::new(b"packed", kind::MIPTEX3, hl_miptex(b"packed"));
    packed.compression = 1;
    let mut packed2 = EntrySpec::new(b"packed2", kind::MIPTEX3, hl_miptex(b"packed2"));
    packed2.compression = 1;
    s.push(Sample::new(
        "wad_entry_compressed.wad",
        wad3(&[
            EntrySpec::new(b"plain", kind::MIPTEX3, hl_miptex(b"plain")),
            packed,
            packed2,
        ]),
        "ok",
        &["wad-entry-compressed"],
    ));
    s.push(Sample::new(
        "wad_entry_type_unknown.wad",
        one(b"sound", 0x50, b"not a picture".to_vec()),
        "warning",
        &["wad-entry-type-unknown"],
    ));
    s.push(Sample::new(
        "wad_pic_truncated.wad",
        one(b"stub", kind::QPIC, vec![8, 0, 0, 0]),
        "error",
        &["wad-pic-truncated"],
    ));
    s.push(Sample::new(
        "wad_pic_size_zero.wad",
        one(b"empty", kind::QPIC, qpic(0, 8, Some(&blue))),
        "error",
        &["wad-pic-size-zero"],
    ));
    // A WAD3 qpic whose palette block is cut: reported by the parse, and decoding it fails.
    let mut p = qpic(8, 8, Some(&blue));
    p.truncate(8 + 64 + 100);
    s.push(Sample::new(
        "wad_pic_palette_past_end.wad",
        one(b"nopal", kind::QPIC, p),
        "error",
        &["miptex-palette-past-end"],
    ));
    let mut p = qpic(8, 8, Some(&blue));
    set_u32(&mut p, 4, 10_000);
    s.push(Sample::new(
        "wad_pic_too_large.wad",
        one(b"tall", kind::QPIC, p),
        "error",
        &["wad-pic-too-large"],
    ));
    let mut f = font(32, &blue);
    f[16 + 4 * 65..16 + 4 * 65 + 2].copy_from_slice(&0xfff0u16.to_le_bytes());
    s.push(Sample::new(
        "wad_font_glyph_out_of_bounds.wad",
        one(b"font", kind::FONT, f),
        "warning",
        &["wad-font-glyph-out-of-bounds"],
    ));
    s.push(Sample::new(
        "png_named_wad.wad",
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec(),
        "warning",
        &["lumpkit-extension-mismatch"],
    ));
    s.push(Sample::new(
        "wad_palette_short.wad",
        wad(
            b"WAD2",
            &[EntrySpec::new(
                b"palette",
                kind::DECAL_OR_PALETTE,
                vec![7; 100],
            )],
        ),
        "error",
        &["wad-palette-short"],
    ));
    s
}
