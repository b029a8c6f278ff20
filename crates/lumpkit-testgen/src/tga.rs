//! Writers of TGA pictures as the Truevision layout has them (18-byte header, ID field, colour
//! map, pixel data raw or in RLE packets): valid pictures of each kind and one malformed picture
//! per `tga-*` rule; and the Quake 3 text files (`.shader`, text `.skin`) a pk3 carries.

use crate::Sample;

/// A TGA header followed by `body` (colour map and pixel data).
pub fn tga(
    image_type: u8,
    map: (u8, u16, u16, u8),
    size: (u16, u16),
    depth: u8,
    descriptor: u8,
    body: &[u8],
) -> Vec<u8> {
    let (map_type, first, len, map_depth) = map;
    let mut out = vec![0u8, map_type, image_type];
    out.extend_from_slice(&first.to_le_bytes());
    out.extend_from_slice(&len.to_le_bytes());
    out.push(map_depth);
    out.extend_from_slice(&[0, 0, 0, 0]);
    out.extend_from_slice(&size.0.to_le_bytes());
    out.extend_from_slice(&size.1.to_le_bytes());
    out.push(depth);
    out.push(descriptor);
    out.extend_from_slice(body);
    out
}

/// A raw 24-bit `w`×`h` picture of a gradient.
pub fn rgb(w: u16, h: u16) -> Vec<u8> {
    let body: Vec<u8> = (0..u32::from(w) * u32::from(h))
        .flat_map(|i| [(i * 7) as u8, (i * 3) as u8, (i * 11) as u8])
        .collect();
    tga(2, (0, 0, 0, 0), (w, h), 24, 0, &body)
}

/// A 32-bit RLE picture: each row one run packet and one raw packet of two pixels.
pub fn rle32(w: u16, h: u16) -> Vec<u8> {
    let mut body = Vec::new();
    for y in 0..h {
        let run = w.saturating_sub(2).max(1);
        body.push(0x80 | (run - 1) as u8);
        body.extend_from_slice(&[y as u8 * 16, 40, 200, 255]);
        let raw = w - run;
        if raw > 0 {
            body.push((raw - 1) as u8);
            for x in 0..raw {
                body.extend_from_slice(&[x as u8 * 60, 255, 0, 128]);
            }
        }
    }
    tga(10, (0, 0, 0, 0), (w, h), 32, 8 | 0x20, &body)
}

/// A colour-mapped picture: a 4-entry 24-bit map and indexes.
pub fn mapped(w: u16, h: u16, bad_index: Option<u8>) -> Vec<u8> {
    let mut body = vec![0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255];
    body.extend((0..u32::from(w) * u32::from(h)).map(|i| (i % 4) as u8));
    if let Some(v) = bad_index {
        let last = body.len() - 1;
        body[last] = v;
    }
    tga(1, (1, 0, 4, 24), (w, h), 8, 0, &body)
}

/// Every TGA sample.
pub fn samples() -> Vec<Sample> {
    let e = "error";
    let mut s = vec![
        Sample::new("rgb24.tga", rgb(8, 4), "ok", &[]),
        Sample::new("rle32_top_down.tga", rle32(8, 8), "ok", &[]),
        Sample::new(
            "grey8.tga",
            tga(3, (0, 0, 0, 0), (4, 4), 8, 0, &[90; 16]),
            "ok",
            &[],
        ),
    ];
    s.push(
        Sample::new(
            "colormapped.tga",
            mapped(4, 4, None),
            "ok",
            &["tga-engine-unsupported"],
        )
        .under("ioq3", "error"),
    );
    // 24-bit pixels whose descriptor claims 8 alpha bits and interleaving: games ignore both, the
    // image crate refuses them, lumpkit decodes with the descriptor cleaned.
    let mut odd = rgb(8, 4);
    odd[17] = 0x48;
    s.push(Sample::new(
        "descriptor_odd.tga",
        odd,
        "ok",
        &["tga-descriptor-odd"],
    ));
    s.push(Sample::new(
        "truncated_header.tga",
        rgb(2, 2)[..10].to_vec(),
        e,
        &["tga-truncated-header"],
    ));
    s.push(Sample::new(
        "bad_type.tga",
        tga(5, (0, 0, 0, 0), (2, 2), 24, 0, &[0; 12]),
        e,
        &["tga-bad-type"],
    ));
    s.push(Sample::new(
        "bad_depth.tga",
        tga(2, (0, 0, 0, 0), (2, 2), 12, 0, &[0; 12]),
        e,
        &["tga-bad-depth"],
    ));
    s.push(Sample::new(
        "zero_size.tga",
        tga(2, (0, 0, 0, 0), (0, 2), 24, 0, &[]),
        e,
        &["tga-zero-size"],
    ));
    s.push(Sample::new(
        "colormap_out_of_bounds.tga",
        tga(1, (1, 0, 200, 24), (2, 2), 8, 0, &[0; 20]),
        e,
        &["tga-colormap-out-of-bounds"],
    ));
    s.push(Sample::new(
        "colormap_index.tga",
        mapped(4, 4, Some(9)),
        e,
        &["tga-colormap-index"],
    ));
    let mut short = rgb(8, 4);
    short.truncate(short.len() - 5);
    s.push(Sample::new("data_short.tga", short, e, &["tga-data-short"]));
    let mut over = rle32(8, 8);
    // The last packet of the last row grows from two raw pixels to a run of five: three past the end.
    let n = over.len();
    over.truncate(n - 9);
    over.extend_from_slice(&[0x80 | 4, 1, 2, 3, 255]);
    s.push(Sample::new(
        "rle_overrun.tga",
        over,
        "warning",
        &["tga-rle-overrun"],
    ));
    s
}

/// The Quake 3 text files: a shader script, a model skin, and the two scripts ioq3 ignores.
pub fn text_samples() -> Vec<Sample> {
    let script = b"// lumpkit test shaders\ntextures/base_wall/concrete\n{\n\tqer_editorimage textures/base_wall/concrete.tga\n\t{\n\t\tmap $lightmap\n\t\trgbGen identity\n\t}\n\t{\n\t\tmap textures/base_wall/concrete.tga\n\t\tblendFunc GL_DST_COLOR GL_ZERO\n\t}\n}\n\n/* sky */\ntextures/skies/blue\n{\n\tskyparms env/blue 512 -\n\tsurfaceparm sky\n}\n";
    let skin =
        b"h_head,models/players/test/head.tga\nh_visor,models/players/test/visor.tga\ntag_head,\n";
    vec![
        Sample::new("base.shader", script.to_vec(), "ok", &[]),
        Sample::new("head_default.skin", skin.to_vec(), "ok", &[]),
        Sample::new(
            "missing_opening_brace.shader",
            b"textures/a/b\n\tmap textures/a/b.tga\n}\n".to_vec(),
            "warning",
            &["shader-missing-opening-brace"],
        ),
        Sample::new(
            "missing_closing_brace.shader",
            b"textures/a/b\n{\n\t{\n\t\tmap textures/a/b.tga\n\t}\n".to_vec(),
            "warning",
            &["shader-missing-closing-brace"],
        ),
    ]
}
