//! PAA samples: every type (DXT1/3/5 raw and LZO, DXT2/4, ARGB4444/1555 with signed and unsigned
//! LZSS checksums, TexView-style LZSS ARGB8888, raw non-DXT 8888, AI88, OFP palette files with the
//! LZSS marker and with RLE), and one malformed file per `paa-…` rule.

use crate::Sample;
use crate::lz::{Sum, lzo_literals, lzss_compress, rle_compress};

/// How a mip's payload is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Store {
    /// As is.
    Raw,
    /// LZO1X (sets the width's 0x8000 bit).
    Lzo,
    /// LZSS with the given checksum.
    Lzss(Sum),
    /// LZSS behind the palette `1234 × 8765` marker.
    PaletteLzss,
    /// The palette block RLE.
    PaletteRle,
}

/// One mip record to write.
#[derive(Clone, Debug)]
pub struct MipSpec {
    /// Width.
    pub width: u16,
    /// Height.
    pub height: u16,
    /// The payload as stored (already compressed).
    pub payload: Vec<u8>,
    /// Whether the LZO bit is set / the palette marker is written.
    pub store: Store,
}

impl MipSpec {
    /// A mip whose uncompressed data `data` is stored as `store` says.
    pub fn new(width: u16, height: u16, data: &[u8], store: Store) -> MipSpec {
        let payload = match store {
            Store::Raw => data.to_vec(),
            Store::Lzo => lzo_literals(data),
            Store::Lzss(sum) => lzss_compress(data, sum),
            Store::PaletteLzss => lzss_compress(data, Sum::Signed),
            Store::PaletteRle => rle_compress(data),
        };
        MipSpec {
            width,
            height,
            payload,
            store,
        }
    }
}

/// A PAA to write.
#[derive(Clone, Debug, Default)]
pub struct PaaSpec {
    /// TypeOfPaX (`None` for palette files).
    pub word: Option<u16>,
    /// Tags (name as read, e.g. `*b"AVGC"`, and payload), OFFS excluded.
    pub tags: Vec<([u8; 4], Vec<u8>)>,
    /// Whether to write an OFFS tag (computed from the layout).
    pub offs: bool,
    /// Palette BGR triplets.
    pub palette: Vec<[u8; 3]>,
    /// Mips.
    pub mips: Vec<MipSpec>,
    /// Whether to write the 6-byte terminator.
    pub terminator: bool,
}

impl PaaSpec {
    /// A typed texture with the usual tags (AVGC, MAXC, FLAG, OFFS) and a terminator.
    pub fn typed(word: u16, mips: Vec<MipSpec>) -> PaaSpec {
        PaaSpec {
            word: Some(word),
            tags: vec![
                (*b"AVGC", vec![0x80, 0x81, 0x82, 0xFF]),
                (*b"MAXC", vec![0xFF; 4]),
                (*b"FLAG", 1u32.to_le_bytes().to_vec()),
            ],
            offs: true,
            palette: Vec::new(),
            mips,
            terminator: true,
        }
    }

    /// The bytes.
    pub fn build(&self) -> Vec<u8> {
        let mut out = Vec::new();
        if let Some(w) = self.word {
            out.extend_from_slice(&w.to_le_bytes());
        }
        let tag = |out: &mut Vec<u8>, name: &[u8; 4], data: &[u8]| {
            out.extend_from_slice(b"GGAT");
            out.extend(name.iter().rev());
            out.extend_from_slice(&(data.len() as u32).to_le_bytes());
            out.extend_from_slice(data);
        };
        for (name, data) in &self.tags {
            tag(&mut out, name, data);
        }
        let offs_len = if self.offs { 12 + 64 } else { 0 };
        let mut pos = out.len() + offs_len + 2 + 3 * self.palette.len();
        let mut offsets = [0u32; 16];
        let mut body = Vec::new();
        for (i, m) in self.mips.iter().enumerate() {
            if let Some(slot) = offsets.get_mut(i) {
                *slot = pos as u32;
            }
            let start = body.len();
            match m.store {
                Store::PaletteLzss => {
                    body.extend_from_slice(&1234u16.to_le_bytes());
                    body.extend_from_slice(&8765u16.to_le_bytes());
                    body.extend_from_slice(&m.width.to_le_bytes());
                }
                Store::Lzo => body.extend_from_slice(&(m.width | 0x8000).to_le_bytes()),
                _ => body.extend_from_slice(&m.width.to_le_bytes()),
            }
            body.extend_from_slice(&m.height.to_le_bytes());
            body.extend_from_slice(&(m.payload.len() as u32).to_le_bytes()[..3]);
            body.extend_from_slice(&m.payload);
            pos += body.len() - start;
        }
        if self.offs {
            let data: Vec<u8> = offsets.iter().flat_map(|o| o.to_le_bytes()).collect();
            tag(&mut out, b"OFFS", &data);
        }
        out.extend_from_slice(&(self.palette.len() as u16).to_le_bytes());
        for c in &self.palette {
            out.extend_from_slice(c);
        }
        out.extend_from_slice(&body);
        if self.terminator {
            out.extend_from_slice(&[0; 6]);
        }
        out
    }
}

/// Deterministic bytes that look like texture data (runs and gradients).
pub fn pattern(len: usize, seed: u8) -> Vec<u8> {
    (0..len)
        .map(|i| {
            ((i / 7) as u8)
                .wrapping_mul(seed)
                .wrapping_add((i % 3) as u8 * 40)
        })
        .collect()
}

/// DXT blocks: alternating solid blocks (colour0 > colour1 keeps 4-colour mode).
pub fn dxt_blocks(blocks: usize, block_bytes: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(blocks * block_bytes);
    for i in 0..blocks {
        let mut b = vec![0u8; block_bytes];
        let c = block_bytes - 8;
        b[c] = 0xFF;
        b[c + 1] = (i * 37) as u8 | 0x80;
        b[c + 4] = (i * 11) as u8;
        if block_bytes == 16 {
            b[0] = 0xFF;
            b[1] = (i * 5) as u8;
        }
        out.extend_from_slice(&b);
    }
    out
}

fn dxt_chain(word: u16, block: usize, sizes: &[(u16, u16, bool)]) -> Vec<MipSpec> {
    sizes
        .iter()
        .map(|&(w, h, lzo)| {
            let blocks = usize::from(w.div_ceil(4)) * usize::from(h.div_ceil(4));
            let store = if lzo { Store::Lzo } else { Store::Raw };
            let _ = word;
            MipSpec::new(w, h, &dxt_blocks(blocks, block), store)
        })
        .collect()
}

fn sample(name: &str, spec: &PaaSpec, status: &'static str, codes: &[&'static str]) -> Sample {
    Sample::new(name, spec.build(), status, codes)
}

/// Samples for `corpus/paa/`.
pub fn samples() -> Vec<Sample> {
    let mut s = Vec::new();
    // Valid files of every type.
    let dxt1 = PaaSpec::typed(
        0xFF01,
        dxt_chain(0xFF01, 8, &[(16, 16, true), (8, 8, false), (4, 4, false)]),
    );
    s.push(sample("dxt1_lzo.paa", &dxt1, "ok", &[]));
    let dxt3 = PaaSpec::typed(
        0xFF03,
        dxt_chain(0xFF03, 16, &[(8, 4, false), (4, 2, false), (2, 1, false)]),
    );
    s.push(sample("dxt3_raw.paa", &dxt3, "ok", &[]));
    let dxt5 = PaaSpec::typed(
        0xFF05,
        dxt_chain(0xFF05, 16, &[(32, 16, true), (16, 8, true), (8, 4, false)]),
    );
    s.push(sample("dxt5_lzo.paa", &dxt5, "ok", &[]));
    let mut swiz = dxt5.clone();
    swiz.tags.push((*b"SWIZ", vec![5, 4, 2, 3]));
    s.push(sample("dxt5_swiz_nohq.paa", &swiz, "ok", &[]));
    let dxt2 = PaaSpec::typed(0xFF02, dxt_chain(0xFF02, 16, &[(4, 4, false)]));
    s.push(sample(
        "dxt2_premultiplied.paa",
        &dxt2,
        "warning",
        &["paa-dxt-premultiplied"],
    ));
    let dxt4 = PaaSpec::typed(0xFF04, dxt_chain(0xFF04, 16, &[(8, 8, false)]));
    s.push(sample(
        "dxt4_premultiplied.paa",
        &dxt4,
        "warning",
        &["paa-dxt-premultiplied"],
    ));
    let argb = |word: u16, bpp: usize, store: Store, sizes: &[(u16, u16)]| {
        let mips = sizes
            .iter()
            .enumerate()
            .map(|(i, &(w, h))| {
                MipSpec::new(
                    w,
                    h,
                    &pattern(usize::from(w) * usize::from(h) * bpp, 3 + i as u8),
                    store,
                )
            })
            .collect();
        PaaSpec::typed(word, mips)
    };
    s.push(sample(
        "argb4444_lzss_signed.paa",
        &argb(0x4444, 2, Store::Lzss(Sum::Signed), &[(24, 20), (12, 10)]),
        "ok",
        &["paa-dimension-not-power-of-two"],
    ));
    s.push(sample(
        "argb1555_lzss_unsigned.paa",
        &argb(0x1555, 2, Store::Lzss(Sum::Unsigned), &[(33, 17)]),
        "ok",
        &["paa-dimension-not-power-of-two"],
    ));
    s.push(sample(
        "argb8888_texview_lzss.paa",
        &argb(0x8888, 4, Store::Lzss(Sum::Signed), &[(20, 12), (10, 6)]),
        "ok",
        &["paa-dimension-not-power-of-two"],
    ));
    s.push(sample(
        "argb8888_raw.paa",
        &argb(0x8888, 4, Store::Raw, &[(5, 3)]),
        "ok",
        &["paa-dimension-not-power-of-two"],
    ));
    s.push(sample(
        "argb4444_raw.paa",
        &argb(0x4444, 2, Store::Raw, &[(6, 6), (3, 3)]),
        "ok",
        &["paa-dimension-not-power-of-two"],
    ));
    s.push(sample(
        "ai88_lzss.paa",
        &argb(0x8080, 2, Store::Lzss(Sum::Signed), &[(16, 16), (8, 8)]),
        "ok",
        &[],
    ));
    let palette: Vec<[u8; 3]> = (0..=255u8).map(|i| [i, 255 - i, i / 2]).collect();
    let pal = PaaSpec {
        word: None,
        tags: vec![(*b"AVGC", vec![1, 2, 3, 255])],
        offs: false,
        palette: palette.clone(),
        mips: vec![
            MipSpec::new(16, 8, &pattern(128, 9), Store::PaletteLzss),
            MipSpec::new(8, 4, &pattern(32, 5), Store::PaletteLzss),
        ],
        terminator: true,
    };
    s.push(sample("ofp_palette_lzss.pac", &pal, "ok", &[]));
    let mut rle = pal.clone();
    let mut indices = pattern(300, 1);
    indices.extend(std::iter::repeat_n(9, 200));
    rle.mips = vec![
        MipSpec::new(25, 20, &indices, Store::PaletteRle),
        MipSpec::new(4, 4, &[3; 16], Store::PaletteRle),
    ];
    s.push(sample(
        "ofp_palette_rle.pac",
        &rle,
        "ok",
        &["paa-dimension-not-power-of-two"],
    ));
    let mut rle_bad = rle.clone();
    rle_bad.mips[1].payload = vec![0x8E, 3]; // 15 bytes where 4x4 needs 16
    s.push(sample(
        "rle_short.pac",
        &rle_bad,
        "error",
        &["paa-rle-invalid", "paa-dimension-not-power-of-two"],
    ));
    let mut unknown_tag = dxt3.clone();
    unknown_tag.tags.push((*b"ABCD", vec![1, 2, 3]));
    s.push(sample(
        "tag_unknown.paa",
        &unknown_tag,
        "ok",
        &["paa-tag-unknown"],
    ));
    let mut trailing = dxt3.build();
    trailing.extend_from_slice(b"junk");
    s.push(Sample::new(
        "trailing_data.paa",
        trailing,
        "ok",
        &["paa-trailing-data"],
    ));

    // One malformed file per rule.
    let plain = |mut spec: PaaSpec| {
        spec.offs = false;
        spec
    };
    let base = plain(argb(0x4444, 2, Store::Raw, &[(4, 4), (2, 2)]));
    let mut cut = base.build();
    cut.truncate(cut.len() - 6 - 8 - 4); // inside the second mip's header
    s.push(Sample::new(
        "truncated_mip_header.paa",
        cut,
        "error",
        &["paa-truncated"],
    ));
    s.push(Sample::new(
        "png_named_paa.paa",
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec(),
        "error",
        &["lumpkit-extension-mismatch"],
    ));
    s.push(Sample::new(
        "truncated_type_word.paa",
        vec![0x01],
        "error",
        &["paa-truncated"],
    ));
    // Binary data whose first word is no PAA type and is not followed by a tag.
    s.push(Sample::new(
        "unknown_type.paa",
        vec![0x34, 0x12, 0, 0, 0, 0, 0, 0, 0x10, 0, 0x10, 0, 0, 0, 0, 0],
        "error",
        &["paa-unknown-type"],
    ));
    // A repository cloned without Git LFS: a pointer where the texture should be. Named as
    // what it is; the engine opens every `.paa` with its PAA loader, so it is an error.
    s.push(Sample::new(
        "lfs_pointer.paa",
        b"version https://git-lfs.github.com/spec/v1\noid sha256:0\nsize 1\n".to_vec(),
        "error",
        &["lumpkit-extension-mismatch"],
    ));
    let mut tag_eof = base.build();
    tag_eof.truncate(2 + 12 * 3 + 12);
    tag_eof.extend_from_slice(b"GGATCORP");
    tag_eof.extend_from_slice(&1000u32.to_le_bytes());
    tag_eof.extend_from_slice(b"short");
    s.push(Sample::new(
        "tag_past_eof.paa",
        tag_eof,
        "error",
        &["paa-tag-past-eof"],
    ));
    let mut tag_size = base.clone();
    tag_size.tags[0].1.pop();
    s.push(sample(
        "tag_size.paa",
        &tag_size,
        "warning",
        &["paa-tag-size"],
    ));
    let mut flag = base.clone();
    flag.tags[2].1 = 7u32.to_le_bytes().to_vec();
    s.push(sample("flag_value.paa", &flag, "ok", &["paa-flag-value"]));
    let mut swiz_bad = base.clone();
    swiz_bad.tags.push((*b"SWIZ", vec![0, 1, 12, 3]));
    s.push(sample(
        "swiz_value.paa",
        &swiz_bad,
        "warning",
        &["paa-swiz-value"],
    ));
    let mut pal_eof = vec![];
    pal_eof.extend_from_slice(b"GGATCGVA");
    pal_eof.extend_from_slice(&4u32.to_le_bytes());
    pal_eof.extend_from_slice(&[1, 2, 3, 4]);
    pal_eof.extend_from_slice(&100u16.to_le_bytes());
    pal_eof.extend_from_slice(&[9; 30]);
    s.push(Sample::new(
        "palette_past_eof.pac",
        pal_eof,
        "error",
        &["paa-palette-past-eof"],
    ));
    let mut past = base.clone();
    past.mips[1].payload.clear();
    let mut past_bytes = past.build();
    let n = past_bytes.len();
    past_bytes.truncate(n - 6);
    past_bytes[n - 6 - 3] = 0x40; // second mip claims 64 bytes with none left
    s.push(Sample::new(
        "mip_past_eof.paa",
        past_bytes,
        "error",
        &["paa-mip-past-eof"],
    ));
    let mut zero = base.clone();
    zero.mips[1].height = 0;
    s.push(sample(
        "zero_dimension.paa",
        &zero,
        "error",
        &["paa-zero-dimension"],
    ));
    let mut mismatch = plain(dxt3.clone());
    mismatch.mips[0].payload.truncate(16);
    s.push(sample(
        "mip_size_mismatch.paa",
        &mismatch,
        "error",
        &["paa-mip-size-mismatch"],
    ));
    let mut oversized = base.clone();
    oversized.mips = vec![MipSpec {
        width: 1024,
        height: 1024,
        payload: vec![0; 10],
        store: Store::Raw,
    }];
    s.push(sample(
        "mip_oversized.paa",
        &oversized,
        "error",
        &["paa-mip-oversized"],
    ));
    let mut lzo_bad = plain(dxt1.clone());
    lzo_bad.mips[0].payload = lzo_literals(&dxt_blocks(8, 8)); // 64 bytes where 16x16 DXT1 needs 128
    s.push(sample(
        "lzo_short.paa",
        &lzo_bad,
        "error",
        &["paa-lzo-invalid"],
    ));
    let mut lzss_bad = base.clone();
    let good = lzss_compress(&pattern(32, 3), Sum::Signed);
    lzss_bad.mips[0] = MipSpec {
        width: 4,
        height: 4,
        payload: good[..good.len() - 8].to_vec(),
        store: Store::Raw,
    };
    s.push(sample(
        "lzss_short.paa",
        &lzss_bad,
        "error",
        &["paa-lzss-invalid"],
    ));
    let mut ck = base.clone();
    let mut stream = lzss_compress(&pattern(32, 200), Sum::Signed);
    let last = stream.len() - 1;
    stream[last] ^= 0x55;
    ck.mips[0] = MipSpec {
        width: 4,
        height: 4,
        payload: stream,
        store: Store::Raw,
    };
    s.push(sample(
        "lzss_checksum.paa",
        &ck,
        "warning",
        &["paa-lzss-checksum"],
    ));
    // As real Arma mods ship them (and they work): every OFFS entry points 2 bytes early.
    let mut offs_bad = argb(0x4444, 2, Store::Raw, &[(4, 4), (2, 2)]).build();
    let offs_at = 2 + 16 * 3 + 12; // first OFFS slot: type word, three 4-byte tags, OFFS header
    for slot in offs_bad[offs_at..offs_at + 64].chunks_exact_mut(4) {
        let at = u32::from_le_bytes([slot[0], slot[1], slot[2], slot[3]]);
        if at != 0 {
            slot.copy_from_slice(&(at - 2).to_le_bytes());
        }
    }
    s.push(Sample::new(
        "offs_two_bytes_early.paa",
        offs_bad,
        "ok",
        &["paa-offs-mismatch"],
    ));
    let mut no_term = base.clone();
    no_term.terminator = false;
    s.push(sample(
        "terminator_missing.paa",
        &no_term,
        "warning",
        &["paa-terminator"],
    ));
    let mut no_mips = base.clone();
    no_mips.mips.clear();
    s.push(sample("no_mips.paa", &no_mips, "error", &["paa-no-mips"]));
    let mut many = base.clone();
    many.mips = (0..17)
        .map(|i| MipSpec::new(1, 1, &[i, 0x80], Store::Raw))
        .collect();
    s.push(sample(
        "too_many_mips.paa",
        &many,
        "warning",
        &["paa-too-many-mips"],
    ));
    s.extend(engine_samples());
    s
}

/// Engine conventions: a UI-icon-sized texture (ACRE2 ships 38×35 ones), a DXT texture below one
/// block, and a MAXC that is not `ffffffff`, each with its verdict per target.
fn engine_samples() -> Vec<Sample> {
    let mut s = Vec::new();
    let icon = PaaSpec::typed(
        0x8888,
        vec![MipSpec::new(38, 35, &pattern(38 * 35 * 4, 5), Store::Raw)],
    );
    s.push(
        sample(
            "npot_icon_38x35.paa",
            &icon,
            "ok",
            &["paa-dimension-not-power-of-two"],
        )
        .under("arma3", "warning")
        .under("ofp", "ok"),
    );
    let tiny = PaaSpec::typed(0xFF01, dxt_chain(0xFF01, 8, &[(2, 2, false)]));
    s.push(
        sample("dxt1_2x2.paa", &tiny, "warning", &["paa-dxt-below-block"])
            .under("arma3", "error")
            .under("ofp", "warning"),
    );
    let mut maxc = PaaSpec::typed(
        0xFF01,
        dxt_chain(0xFF01, 8, &[(8, 8, false), (4, 4, false)]),
    );
    maxc.tags[1].1 = vec![0x80, 0x90, 0xA0, 0xFF];
    s.push(sample(
        "maxc_computed.paa",
        &maxc,
        "warning",
        &["paa-maxc-value"],
    ));
    s
}
