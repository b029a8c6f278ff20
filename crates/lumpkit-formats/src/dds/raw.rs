//! The on-disk records of a DDS file: the 124-byte `DDS_HEADER` (after the 4-byte magic), its
//! 32-byte `DDS_PIXELFORMAT`, and the 20-byte `DDS_HEADER_DXT10` that follows when the FourCC is
//! `DX10`. No logic here.

use zerocopy::little_endian::U32;
use zerocopy::{FromBytes, Immutable, KnownLayout, Unaligned};

/// The file's first four bytes.
pub const MAGIC: [u8; 4] = *b"DDS ";
/// The FourCC that announces a [`Dx10Header`].
pub const DX10: [u8; 4] = *b"DX10";
/// What `Header::size` must hold.
pub const HEADER_SIZE: u32 = 124;
/// What `PixelFormat::size` must hold.
pub const PIXEL_FORMAT_SIZE: u32 = 32;
/// Magic and header: where the data (or the DX10 header) starts.
pub const HEADER_END: u64 = 128;
/// Bytes of the DX10 header.
pub const DX10_LEN: u64 = 20;

/// `DDS_PIXELFORMAT.dwFlags`: the alpha mask is valid.
pub const DDPF_ALPHAPIXELS: u32 = 0x1;
/// `DDS_PIXELFORMAT.dwFlags`: alpha-only pixels (the alpha mask).
pub const DDPF_ALPHA: u32 = 0x2;
/// `DDS_PIXELFORMAT.dwFlags`: the FourCC names the format.
pub const DDPF_FOURCC: u32 = 0x4;
/// `DDS_PIXELFORMAT.dwFlags`: uncompressed RGB by masks.
pub const DDPF_RGB: u32 = 0x40;
/// `DDS_PIXELFORMAT.dwFlags`: YUV by masks.
pub const DDPF_YUV: u32 = 0x200;
/// `DDS_PIXELFORMAT.dwFlags`: single-channel luminance (the red mask).
pub const DDPF_LUMINANCE: u32 = 0x2_0000;
/// `DDS_HEADER.dwCaps2`: a cube map.
pub const DDSCAPS2_CUBEMAP: u32 = 0x200;
/// `DDS_HEADER.dwCaps2`: a volume texture.
pub const DDSCAPS2_VOLUME: u32 = 0x20_0000;
/// `DDS_HEADER.dwFlags`: `dwDepth` is valid.
pub const DDSD_DEPTH: u32 = 0x80_0000;
/// `DDS_HEADER_DXT10.miscFlag`: a cube map.
pub const DX10_MISC_TEXTURECUBE: u32 = 0x4;
/// `DDS_HEADER_DXT10.resourceDimension` of a 3-D texture.
pub const DIMENSION_TEXTURE3D: u32 = 4;

/// `DDS_PIXELFORMAT`.
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct PixelFormat {
    /// Must be 32.
    pub size: U32,
    /// `DDPF_*` flags.
    pub flags: U32,
    /// The compressed format's four characters (`DXT1`, `DX10`, …) or a D3DFMT number.
    pub fourcc: [u8; 4],
    /// Bits per pixel of an uncompressed format.
    pub rgb_bit_count: U32,
    /// Red (or luminance) mask.
    pub r_mask: U32,
    /// Green mask.
    pub g_mask: U32,
    /// Blue mask.
    pub b_mask: U32,
    /// Alpha mask.
    pub a_mask: U32,
}

/// `DDS_HEADER`, after the magic.
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Header {
    /// Must be 124.
    pub size: U32,
    /// `DDSD_*` flags (readers must not rely on them, says Microsoft's reference).
    pub flags: U32,
    /// Height of level 0.
    pub height: U32,
    /// Width of level 0.
    pub width: U32,
    /// Row pitch or level-0 size; writers disagree on it, so levels are sized from the format.
    pub pitch_or_linear_size: U32,
    /// Depth of a volume texture.
    pub depth: U32,
    /// Levels in the chain (0 read as 1).
    pub mip_map_count: U32,
    /// Unused.
    pub reserved1: [U32; 11],
    /// The pixel format.
    pub pixel_format: PixelFormat,
    /// `DDSCAPS_*`.
    pub caps: U32,
    /// `DDSCAPS2_*` (cube map faces, volume).
    pub caps2: U32,
    /// Unused.
    pub caps3: U32,
    /// Unused.
    pub caps4: U32,
    /// Unused.
    pub reserved2: U32,
}

/// `DDS_HEADER_DXT10`.
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Dx10Header {
    /// A `DXGI_FORMAT` number.
    pub dxgi_format: U32,
    /// 2 for 1-D, 3 for 2-D, 4 for 3-D.
    pub resource_dimension: U32,
    /// `DDS_RESOURCE_MISC_TEXTURECUBE` (4) for a cube map.
    pub misc_flag: U32,
    /// Textures in the array (cube maps: cubes).
    pub array_size: U32,
    /// Alpha mode.
    pub misc_flags2: U32,
}
