//! What a DDS's pixels are: the legacy pixel format (FourCC or bit masks) or the DX10 header's
//! DXGI format, classified into what lumpkit decodes, how big a level is, and the name `info`
//! prints. Formats lumpkit does not decode are still sized where the size is known, so their
//! levels are located and checked against the file; their pixels are "not checked".

use super::raw::{
    DDPF_ALPHA, DDPF_ALPHAPIXELS, DDPF_FOURCC, DDPF_LUMINANCE, DDPF_RGB, DDPF_YUV,
    DDSCAPS2_CUBEMAP, DDSCAPS2_VOLUME, DIMENSION_TEXTURE3D, DX10_MISC_TEXTURECUBE, Dx10Header,
    Header,
};

/// Bit masks of an uncompressed format, one per channel (0: the channel is absent).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Masks {
    /// Bits a pixel: 8, 16, 24 or 32.
    pub bits: u32,
    /// Red, green, blue, alpha masks, within the pixel's little-endian value.
    pub rgba: [u32; 4],
    /// Single-channel luminance in the red mask (grey).
    pub luminance: bool,
}

/// How the pixels are decoded, if lumpkit decodes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// BC1 blocks.
    Dxt1,
    /// BC2 blocks (DXT2's premultiplied colour is kept as stored).
    Dxt3,
    /// BC3 blocks (DXT4's premultiplied colour is kept as stored).
    Dxt5,
    /// Uncompressed by bit masks.
    Masked(Masks),
    /// A format lumpkit does not decode: not checked.
    Other,
}

/// What one unit of a level's storage is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// 4×4 blocks of this many bytes.
    Block(u64),
    /// Pixels of this many bits, rows rounded up to a byte.
    Bits(u64),
}

/// A classified pixel format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PixelFormat {
    /// How to decode it.
    pub encoding: Encoding,
    /// The name `info` prints (`dxt1`, `bgra8`, `bc7`, …).
    pub name: &'static str,
    /// How a level is stored; `None` when lumpkit does not know (then levels are not located).
    pub unit: Option<Unit>,
}

/// Cube map, volume, array, or plain 2-D.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// 6 for a cube map (whatever faces the header names), else 1.
    pub faces: u32,
    /// Slices of a volume texture, else 1.
    pub depth: u32,
    /// Elements of a DX10 array, else 1.
    pub array: u32,
}

impl Layout {
    /// Whether this is one 2-D texture with its mip chain, the only layout lumpkit reads.
    pub fn is_plain(&self) -> bool {
        self.faces == 1 && self.depth <= 1 && self.array <= 1
    }

    /// The layout a header (and its DX10 header) describes.
    pub fn of(header: &Header, dx10: Option<&Dx10Header>) -> Layout {
        let caps2 = header.caps2.get();
        let cube = caps2 & DDSCAPS2_CUBEMAP != 0
            || dx10.is_some_and(|d| d.misc_flag.get() & DX10_MISC_TEXTURECUBE != 0);
        let volume = caps2 & DDSCAPS2_VOLUME != 0
            || dx10.is_some_and(|d| d.resource_dimension.get() == DIMENSION_TEXTURE3D);
        Layout {
            faces: if cube { 6 } else { 1 },
            depth: if volume { header.depth.get().max(1) } else { 1 },
            array: dx10.map_or(1, |d| d.array_size.get()),
        }
    }
}

const fn other(name: &'static str, unit: Option<Unit>) -> PixelFormat {
    PixelFormat {
        encoding: Encoding::Other,
        name,
        unit,
    }
}

const fn masked(name: &'static str, bits: u32, rgba: [u32; 4]) -> PixelFormat {
    PixelFormat {
        encoding: Encoding::Masked(Masks {
            bits,
            rgba,
            luminance: false,
        }),
        name,
        unit: Some(Unit::Bits(bits as u64)),
    }
}

const fn block(encoding: Encoding, name: &'static str, bytes: u64) -> PixelFormat {
    PixelFormat {
        encoding,
        name,
        unit: Some(Unit::Block(bytes)),
    }
}

const BGRA8: [u32; 4] = [0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0xFF00_0000];
const BGRX8: [u32; 4] = [0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0];
const RGBA8: [u32; 4] = [0x0000_00FF, 0x0000_FF00, 0x00FF_0000, 0xFF00_0000];
const RGBX8: [u32; 4] = [0x0000_00FF, 0x0000_FF00, 0x00FF_0000, 0];
const RGB565: [u32; 4] = [0xF800, 0x07E0, 0x001F, 0];
const ARGB1555: [u32; 4] = [0x7C00, 0x03E0, 0x001F, 0x8000];
const XRGB1555: [u32; 4] = [0x7C00, 0x03E0, 0x001F, 0];
const ARGB4444: [u32; 4] = [0x0F00, 0x00F0, 0x000F, 0xF000];

impl PixelFormat {
    /// The pixel format of a header, or of its DX10 header when there is one.
    pub fn of(header: &Header, dx10: Option<&Dx10Header>) -> PixelFormat {
        match dx10 {
            Some(d) => Self::dxgi(d.dxgi_format.get()),
            None => Self::legacy(header),
        }
    }

    /// A `DXGI_FORMAT` number (dxgiformat.h).
    pub fn dxgi(format: u32) -> PixelFormat {
        let bits = |b: u64| Some(Unit::Bits(b));
        match format {
            70..=72 => block(Encoding::Dxt1, "dxt1", 8),
            73..=75 => block(Encoding::Dxt3, "dxt3", 16),
            76..=78 => block(Encoding::Dxt5, "dxt5", 16),
            79..=81 => other("bc4", Some(Unit::Block(8))),
            82..=84 => other("bc5", Some(Unit::Block(16))),
            94..=96 => other("bc6h", Some(Unit::Block(16))),
            97..=99 => other("bc7", Some(Unit::Block(16))),
            27..=29 => masked("rgba8", 32, RGBA8),
            87 | 90 | 91 => masked("bgra8", 32, BGRA8),
            88 | 92 | 93 => masked("bgrx8", 32, BGRX8),
            85 => masked("rgb565", 16, RGB565),
            86 => masked("argb1555", 16, ARGB1555),
            115 => masked("argb4444", 16, ARGB4444),
            // The plain UNORM formats are masks too: R8G8B8A8's byte order, missing channels 0
            // and a missing alpha opaque, as the legacy masks of the same layouts decode.
            24 => masked("rgb10a2", 32, [0x3FF, 0xF_FC00, 0x3FF0_0000, 0xC000_0000]),
            35 => masked("rg16", 32, [0xFFFF, 0xFFFF_0000, 0, 0]),
            49 => masked("rg8", 16, [0xFF, 0xFF00, 0, 0]),
            56 => masked("r16", 16, [0xFFFF, 0, 0, 0]),
            61 => masked("r8", 8, [0xFF, 0, 0, 0]),
            65 => masked("a8", 8, [0, 0, 0, 0xFF]),
            1..=4 => other("rgba32", bits(128)),
            5..=8 => other("rgb32", bits(96)),
            9..=14 => other("rgba16", bits(64)),
            15..=18 => other("rg32", bits(64)),
            19..=22 => other("depth-stencil", bits(64)),
            23..=26 => other("rgb10a2", bits(32)),
            30..=32 => other("rgba8-int", bits(32)),
            33..=38 => other("rg16", bits(32)),
            39..=43 => other("r32", bits(32)),
            44..=47 => other("depth-stencil", bits(32)),
            48..=52 => other("rg8", bits(16)),
            53..=59 => other("r16", bits(16)),
            60..=64 => other("r8", bits(8)),
            67 => other("rgb9e5", bits(32)),
            _ => other("dxgi-other", None),
        }
    }

    /// The legacy `DDS_PIXELFORMAT`: a FourCC, or bit masks.
    pub fn legacy(header: &Header) -> PixelFormat {
        let pf = &header.pixel_format;
        let flags = pf.flags.get();
        if flags & DDPF_FOURCC != 0 {
            return match &pf.fourcc {
                b"DXT1" => block(Encoding::Dxt1, "dxt1", 8),
                b"DXT2" => block(Encoding::Dxt3, "dxt2", 16),
                b"DXT3" => block(Encoding::Dxt3, "dxt3", 16),
                b"DXT4" => block(Encoding::Dxt5, "dxt4", 16),
                b"DXT5" => block(Encoding::Dxt5, "dxt5", 16),
                b"ATI1" | b"BC4U" | b"BC4S" => other("bc4", Some(Unit::Block(8))),
                b"ATI2" | b"BC5U" | b"BC5S" => other("bc5", Some(Unit::Block(16))),
                // D3DFMT numbers stored in the FourCC field (d3d9types.h).
                [36, 0, 0, 0] | [110, 0, 0, 0] => other("rgba16", Some(Unit::Bits(64))),
                [111, 0, 0, 0] => other("r16f", Some(Unit::Bits(16))),
                [112, 0, 0, 0] => other("rg16f", Some(Unit::Bits(32))),
                [113, 0, 0, 0] => other("rgba16f", Some(Unit::Bits(64))),
                [114, 0, 0, 0] => other("r32f", Some(Unit::Bits(32))),
                [115, 0, 0, 0] => other("rg32f", Some(Unit::Bits(64))),
                [116, 0, 0, 0] => other("rgba32f", Some(Unit::Bits(128))),
                _ => other("fourcc-other", None),
            };
        }
        let bits = pf.rgb_bit_count.get();
        if !matches!(bits, 8 | 16 | 24 | 32) || flags & DDPF_YUV != 0 {
            let unit = matches!(bits, 8 | 16 | 24 | 32).then_some(Unit::Bits(bits.into()));
            return other("masked-other", unit);
        }
        let alpha = if flags & (DDPF_ALPHAPIXELS | DDPF_ALPHA) != 0 {
            pf.a_mask.get()
        } else {
            0
        };
        let (r, g, b) = (pf.r_mask.get(), pf.g_mask.get(), pf.b_mask.get());
        if flags & DDPF_LUMINANCE != 0 {
            return PixelFormat {
                encoding: Encoding::Masked(Masks {
                    bits,
                    rgba: [r, r, r, alpha],
                    luminance: true,
                }),
                name: if alpha == 0 { "l" } else { "la" },
                unit: Some(Unit::Bits(bits.into())),
            };
        }
        if flags & (DDPF_RGB | DDPF_ALPHA) == 0 {
            return other("masked-other", Some(Unit::Bits(bits.into())));
        }
        let rgba = [r, g, b, alpha];
        let name = match (bits, rgba) {
            (32, BGRA8) => "bgra8",
            (32, BGRX8) => "bgrx8",
            (32, RGBA8) => "rgba8",
            (32, RGBX8) => "rgbx8",
            (24, BGRX8) => "bgr8",
            (16, RGB565) => "rgb565",
            (16, ARGB1555) => "argb1555",
            (16, XRGB1555) => "xrgb1555",
            (16, ARGB4444) => "argb4444",
            (8, [0, 0, 0, 0xFF]) => "a8",
            _ => "masked",
        };
        masked(name, bits, rgba)
    }

    /// The FourCC as one little-endian number (for messages).
    pub fn fourcc_word(header: &Header) -> u32 {
        u32::from_le_bytes(header.pixel_format.fourcc)
    }
}
