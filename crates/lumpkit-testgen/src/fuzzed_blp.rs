//! BLP files built around fuzzed content for the `blp_built` fuzz target (through
//! [`crate::fuzzed::build`]): BLP1 JPEG content whose shared header and per-level chunks are cut
//! from [`Stream`]s written at each level's size (the cut where the tables end, or anywhere; the
//! tables as a tables-only datastream; the header size field right, oversized, or past the end;
//! frames that disagree with their level), and direct content of every kind (BLP1/BLP2 indexed
//! with 0/1/4/8-bit alpha, BLP2 DXT1/3/5 with each alpha type, raw BGRA) with fuzzed sizes, mip
//! chains, alpha depths and level lengths.

use arbitrary::{Arbitrary, Unstructured};

use crate::blp::{Spec, put_u32};
use crate::jpeg_stream::Stream;

/// What the levels hold.
#[derive(Arbitrary, Debug)]
pub enum Content {
    /// BLP1 JPEG.
    Jpeg {
        /// The stream every level is written from, at the level's size.
        stream: Box<Stream>,
        /// Where the shared header ends, relative to the end of the tables (0 most often).
        shift: i8,
        /// The tables as a complete tables-only datastream, each chunk an abbreviated image.
        tables_only: bool,
        /// Filler bytes appended to the shared header (past 624 bytes: oversized).
        pad: u16,
        /// The header size field: right (`None`) or this value.
        size_field: Option<u32>,
        /// Levels whose frame is written at another size (`level ^ mismatch` picks the level).
        mismatch: u8,
    },
    /// Indexed (palettised) with the alpha plane, BLP1 or BLP2.
    Indexed {
        /// BLP2 rather than BLP1.
        v2: bool,
    },
    /// BLP2 DXT.
    Dxt {
        /// alphaType (0 DXT1, 1 DXT3, 7 DXT5; others as given).
        alpha_type: u8,
    },
    /// BLP2 raw BGRA.
    Raw,
}

/// A BLP file, as the `blp_built` target describes it.
#[derive(Arbitrary, Debug)]
pub struct BlpCase {
    /// The levels' content.
    pub content: Content,
    /// Width: `1 << (w % 7)` when `pow2`, else `1 + w % 64`.
    pub width: u8,
    /// Height, likewise.
    pub height: u8,
    /// Power-of-two sizes.
    pub pow2: bool,
    /// `hasMipmaps`.
    pub mips: bool,
    /// alphaBits: 0, 1, 4, 8 (`% 4`), or the raw value when above 250.
    pub alpha_bits: u8,
    /// Levels written: the chain's length, or this many (`% 17`) when non-zero.
    pub levels: u8,
    /// Pixel bytes for direct content, repeated as needed.
    pub data: Vec<u8>,
    /// Bytes added to (or removed from) one level's data (`level % 16`, delta).
    pub resize: Option<(u8, i8)>,
    /// The file cut to this length (modulo its length) or one byte flipped.
    pub cut: Option<u16>,
}

fn side(v: u8, pow2: bool) -> u32 {
    if pow2 {
        1 << (v % 7)
    } else {
        1 + u32::from(v % 64)
    }
}

/// Builds the BLP file `bytes` describe (`None` when they describe nothing).
pub fn build(bytes: &[u8]) -> Option<Vec<u8>> {
    let case = BlpCase::arbitrary(&mut Unstructured::new(bytes)).ok()?;
    let (width, height) = (side(case.width, case.pow2), side(case.height, case.pow2));
    let alpha_bits = if case.alpha_bits > 250 {
        u32::from(case.alpha_bits)
    } else {
        [0, 1, 4, 8][usize::from(case.alpha_bits % 4)]
    };
    let spec = match &case.content {
        Content::Jpeg { .. } => Spec::v1(0, alpha_bits, width, height, case.mips),
        Content::Indexed { v2: false } => Spec::v1(1, alpha_bits, width, height, case.mips),
        Content::Indexed { v2: true } => Spec::v2(1, 8, alpha_bits, width, height, case.mips),
        Content::Dxt { alpha_type } => {
            let at = match alpha_type % 4 {
                0 => 0,
                1 => 1,
                2 => 7,
                _ => *alpha_type,
            };
            Spec::v2(2, at, alpha_bits, width, height, case.mips)
        }
        Content::Raw => Spec::v2(3, 8, alpha_bits, width, height, case.mips),
    };
    let count = match case.levels % 17 {
        0 => spec.chain_len(),
        n => u32::from(n),
    };
    let size = |l: u32| {
        let (w, h) = spec.level_size(l.min(31));
        (w as usize, h as usize)
    };
    let data = |len: usize| -> Vec<u8> {
        if case.data.is_empty() {
            vec![0x3C; len]
        } else {
            case.data.iter().copied().cycle().take(len).collect()
        }
    };
    let (header, mut chunks): (Vec<u8>, Vec<Vec<u8>>) = match &case.content {
        Content::Jpeg {
            stream,
            shift,
            tables_only,
            pad,
            size_field,
            mismatch,
        } => {
            let level_stream = |l: u32| {
                let (mut w, mut h) = size(l);
                if *mismatch != 0 && (l ^ u32::from(*mismatch)).is_multiple_of(4) {
                    (w, h) = (w + usize::from(*mismatch % 3), h * 2);
                }
                let mut s = stream.clone();
                s.huge = true;
                s.width = w as u16;
                s.height = h as u16;
                s.build()
            };
            let first = level_stream(0);
            let cut = first
                .frame_at
                .saturating_add_signed(isize::from(*shift % 8))
                .min(first.bytes.len());
            let mut header = first.bytes[..cut].to_vec();
            if *tables_only {
                header.extend_from_slice(&[0xFF, 0xD9]);
            }
            header.extend(std::iter::repeat_n(0, usize::from(*pad % 1024)));
            let chunks = (0..count)
                .map(|l| {
                    let built = if l == 0 {
                        first.clone()
                    } else {
                        level_stream(l)
                    };
                    let mut chunk = Vec::new();
                    if *tables_only {
                        chunk.extend_from_slice(&[0xFF, 0xD8]);
                    }
                    chunk.extend_from_slice(built.bytes.get(cut..).unwrap_or_default());
                    chunk
                })
                .collect();
            let field = size_field.unwrap_or(header.len() as u32);
            let mut content = field.to_le_bytes().to_vec();
            content.extend_from_slice(&header);
            (content, chunks)
        }
        Content::Indexed { .. } => {
            let chunks = (0..count)
                .map(|l| {
                    let (w, h) = size(l);
                    let plane = match alpha_bits {
                        1 | 4 | 8 => (w * h * alpha_bits as usize).div_ceil(8),
                        _ => 0,
                    };
                    data(w * h + plane)
                })
                .collect();
            (crate::blp::palette(), chunks)
        }
        Content::Dxt { alpha_type } => {
            let block = if alpha_type.is_multiple_of(4) { 8 } else { 16 };
            let chunks = (0..count)
                .map(|l| {
                    let (w, h) = size(l);
                    data(w.div_ceil(4) * h.div_ceil(4) * block)
                })
                .collect();
            (vec![0; 1024], chunks)
        }
        Content::Raw => {
            let chunks = (0..count)
                .map(|l| {
                    let (w, h) = size(l);
                    data(w * h * 4)
                })
                .collect();
            (vec![0; 1024], chunks)
        }
    };
    if let Some((level, delta)) = case.resize
        && let Some(chunk) = chunks.get_mut(usize::from(level % 16))
    {
        let len = chunk.len().saturating_add_signed(isize::from(delta));
        chunk.resize(len, 0xC3);
    }
    // More levels than the locator's 16 only lengthen the file.
    let mut file = spec.file(&header, &chunks);
    if let Some(cut) = case.cut {
        let len = file.len().max(1);
        if cut & 1 == 0 {
            file.truncate(usize::from(cut) % len);
        } else if let Some(b) = file.get_mut(usize::from(cut >> 1) % len) {
            *b ^= 0x40;
        }
    }
    if file.len() >= spec.header_len() + 4 && case.levels == 255 {
        // A locator offset into the header itself.
        put_u32(&mut file, spec.offset_field(0), 4);
    }
    Some(file)
}
