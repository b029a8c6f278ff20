//! Writers of DDS textures as Microsoft's reference lays them out (magic, 124-byte header with its
//! 32-byte pixel format, an optional 20-byte DX10 header, then each level after the one before):
//! valid textures of each kind lumpkit decodes, ones it only locates ("not checked"), and one
//! malformed texture per `dds-*` rule, each changing one field of a valid one.

use crate::Sample;

/// `DDPF_FOURCC`.
pub const FOURCC: u32 = 0x4;
/// `DDPF_RGB`.
pub const RGB: u32 = 0x40;
/// `DDPF_ALPHAPIXELS`.
pub const ALPHAPIXELS: u32 = 0x1;

/// A texture to write.
#[derive(Clone, Debug)]
pub struct Spec {
    /// Width of level 0.
    pub width: u32,
    /// Height of level 0.
    pub height: u32,
    /// `dwMipMapCount`.
    pub mips: u32,
    /// Pixel format flags.
    pub pf_flags: u32,
    /// FourCC.
    pub fourcc: [u8; 4],
    /// Bits a pixel and R, G, B, A masks.
    pub masks: (u32, [u32; 4]),
    /// The DX10 header's DXGI format, when there is one.
    pub dxgi: Option<u32>,
    /// `dwCaps2`.
    pub caps2: u32,
    /// Bytes of level `(w, h)`: the writer's own sizing, the layout Microsoft's reference gives.
    pub level_len: fn(u32, u32) -> usize,
}

/// Bytes of a BC1 level.
pub fn bc1_len(w: u32, h: u32) -> usize {
    (w.div_ceil(4) * h.div_ceil(4) * 8) as usize
}

/// Bytes of a 16-byte-block level.
pub fn bc3_len(w: u32, h: u32) -> usize {
    (w.div_ceil(4) * h.div_ceil(4) * 16) as usize
}

/// Bytes of a 32-bit level.
pub fn px32_len(w: u32, h: u32) -> usize {
    (w * h * 4) as usize
}

/// Bytes of a 24-bit level.
pub fn px24_len(w: u32, h: u32) -> usize {
    (w * h * 3) as usize
}

/// Bytes of a 16-bit level.
pub fn px16_len(w: u32, h: u32) -> usize {
    (w * h * 2) as usize
}

impl Spec {
    /// A block-compressed texture named by its FourCC.
    pub fn fourcc(cc: &[u8; 4], w: u32, h: u32, mips: u32) -> Spec {
        let level_len = if cc == b"DXT1" { bc1_len } else { bc3_len };
        Spec {
            width: w,
            height: h,
            mips,
            pf_flags: FOURCC,
            fourcc: *cc,
            masks: (0, [0; 4]),
            dxgi: None,
            caps2: 0,
            level_len,
        }
    }

    /// An uncompressed texture by masks.
    pub fn masked(bits: u32, masks: [u32; 4], w: u32, h: u32, mips: u32) -> Spec {
        let alpha = if masks[3] != 0 { ALPHAPIXELS } else { 0 };
        let level_len = match bits {
            32 => px32_len,
            24 => px24_len,
            _ => px16_len,
        };
        Spec {
            pf_flags: RGB | alpha,
            fourcc: [0; 4],
            masks: (bits, masks),
            level_len,
            ..Spec::fourcc(b"DXT1", w, h, mips)
        }
    }

    /// A texture with a DX10 header of the given DXGI format.
    pub fn dx10(dxgi: u32, w: u32, h: u32, mips: u32, level_len: fn(u32, u32) -> usize) -> Spec {
        Spec {
            fourcc: *b"DX10",
            dxgi: Some(dxgi),
            level_len,
            ..Spec::fourcc(b"DX10", w, h, mips)
        }
    }

    /// The file: header, DX10 header, every level of the declared count (at most the chain to
    /// 1×1), filled with a deterministic pattern (any bytes are valid blocks and pixels).
    pub fn file(&self) -> Vec<u8> {
        let mut out = b"DDS ".to_vec();
        let mut put = |v: u32| out.extend_from_slice(&v.to_le_bytes());
        // Caps, height, width, pixel format (+ mip count when there are mips).
        put(124);
        put(0x1007 | if self.mips > 1 { 0x2_0000 } else { 0 });
        put(self.height);
        put(self.width);
        put(0);
        put(0);
        put(self.mips);
        for _ in 0..11 {
            put(0);
        }
        put(32);
        put(self.pf_flags);
        put(u32::from_le_bytes(self.fourcc));
        put(self.masks.0);
        for m in self.masks.1 {
            put(m);
        }
        put(0x1000 | if self.mips > 1 { 0x40_0008 } else { 0 });
        put(self.caps2);
        put(0);
        put(0);
        put(0);
        if let Some(dxgi) = self.dxgi {
            for v in [dxgi, 3, 0, 1, 0] {
                put(v);
            }
        }
        let chain = 32 - self.width.max(self.height).leading_zeros();
        let mut seed = 0x2545_f491u32;
        for i in 0..self.mips.max(1).min(chain) {
            let (w, h) = ((self.width >> i).max(1), (self.height >> i).max(1));
            for _ in 0..(self.level_len)(w, h) {
                seed ^= seed << 13;
                seed ^= seed >> 17;
                seed ^= seed << 5;
                out.push(seed as u8);
            }
        }
        out
    }
}

/// Writes `v` little-endian at `at`.
fn put_u32(bytes: &mut [u8], at: usize, v: u32) {
    bytes[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

/// B, G, R, A masks.
pub const BGRA8: [u32; 4] = [0xFF_0000, 0xFF00, 0xFF, 0xFF00_0000];

/// Every DDS sample.
pub fn samples() -> Vec<Sample> {
    let (e, w) = ("error", "warning");
    let dxt1 = Spec::fourcc(b"DXT1", 64, 32, 7).file();
    let mut s = vec![
        Sample::new("dxt1_mips.dds", dxt1.clone(), "ok", &[]),
        Sample::new(
            "dxt3.dds",
            Spec::fourcc(b"DXT3", 16, 16, 1).file(),
            "ok",
            &[],
        ),
        Sample::new(
            "dxt5_mips.dds",
            Spec::fourcc(b"DXT5", 20, 12, 5).file(),
            "ok",
            &[],
        ),
        Sample::new(
            "bgra8.dds",
            Spec::masked(32, BGRA8, 8, 4, 4).file(),
            "ok",
            &[],
        ),
        Sample::new(
            "bgr8.dds",
            Spec::masked(24, [0xFF_0000, 0xFF00, 0xFF, 0], 5, 3, 1).file(),
            "ok",
            &[],
        ),
        Sample::new(
            "rgb565.dds",
            Spec::masked(16, [0xF800, 0x07E0, 0x001F, 0], 6, 6, 1).file(),
            "ok",
            &[],
        ),
        Sample::new(
            "dx10_bgra8.dds",
            Spec::dx10(87, 4, 4, 3, px32_len).file(),
            "ok",
            &[],
        ),
        // BC7 is located and checked against the file, not decoded: "not checked", never broken.
        Sample::new(
            "bc7_not_checked.dds",
            Spec::dx10(98, 16, 8, 5, bc3_len).file(),
            "ok",
            &["dds-format-not-checked"],
        ),
    ];
    let mut cube = Spec::fourcc(b"DXT1", 4, 4, 1);
    cube.caps2 = 0xFE00;
    let mut cube_file = cube.file();
    // Six faces, each one 4×4 level.
    let face = cube_file[128..].to_vec();
    for _ in 0..5 {
        cube_file.extend_from_slice(&face);
    }
    s.push(Sample::new(
        "cube_not_checked.dds",
        cube_file,
        "ok",
        &["dds-layout-not-checked"],
    ));
    let mut trailing = Spec::fourcc(b"DXT5", 8, 8, 1).file();
    trailing.extend_from_slice(&[0; 16]);
    s.push(Sample::new(
        "trailing_bytes.dds",
        trailing,
        "ok",
        &["dds-trailing-bytes"],
    ));
    s.push(Sample::new(
        "truncated_header.dds",
        dxt1[..100].to_vec(),
        e,
        &["dds-truncated-header"],
    ));
    let mut dx10_short = Spec::dx10(71, 4, 4, 1, bc1_len).file();
    dx10_short.truncate(140);
    s.push(Sample::new(
        "truncated_dx10_header.dds",
        dx10_short,
        e,
        &["dds-truncated-header"],
    ));
    let mut header_size = dxt1.clone();
    put_u32(&mut header_size, 4, 120);
    s.push(Sample::new(
        "header_size.dds",
        header_size,
        e,
        &["dds-header-size"],
    ));
    let mut pf_size = dxt1.clone();
    put_u32(&mut pf_size, 76, 24);
    s.push(Sample::new(
        "pixel_format_size.dds",
        pf_size,
        w,
        &["dds-pixel-format-size"],
    ));
    let mut zero = dxt1.clone();
    put_u32(&mut zero, 16, 0);
    s.push(Sample::new("zero_size.dds", zero, e, &["dds-zero-size"]));
    let mut mip0 = dxt1.clone();
    mip0.truncate(128 + 100);
    s.push(Sample::new(
        "mip0_out_of_file.dds",
        mip0,
        e,
        &["dds-mip-out-of-file"],
    ));
    let mut last = dxt1.clone();
    last.truncate(last.len() - 4);
    s.push(Sample::new(
        "mip_out_of_file.dds",
        last,
        w,
        &["dds-mip-out-of-file"],
    ));
    let mut excess = Spec::fourcc(b"DXT1", 16, 16, 5).file();
    put_u32(&mut excess, 28, 12);
    s.push(Sample::new(
        "mip_count_excess.dds",
        excess,
        w,
        &["dds-mip-count-excess"],
    ));
    s
}
