//! BLP test files: one valid file of every kind (BLP0/1/2; JPEG; indexed with 0/1/4/8-bit alpha;
//! DXT1/3/5; raw BGRA) and one malformed file per BLP rule, for `corpus/blp/`.
//!
//! [`Spec`] writes the header, mip locator and content header; the level data comes from the
//! generators below, so every file is built the way the spec lays it out and then, for the
//! malformed ones, broken in exactly one place.

use crate::Sample;
use crate::jpeg;

/// The header fields of a file to write.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// 0, 1 or 2 (`BLP0`…`BLP2`); any other digit writes that magic.
    pub version: u8,
    /// `content`: 0 JPEG, 1 direct.
    pub content: u32,
    /// BLP2 `encoding` (1 indexed, 2 DXT, 3 raw BGRA).
    pub encoding: u8,
    /// `alphaBits`.
    pub alpha_bits: u32,
    /// BLP2 `alphaType` (0 DXT1, 1 DXT3, 7 DXT5, 8 for indexed as WoW writes it).
    pub alpha_type: u8,
    /// Width of level 0.
    pub width: u32,
    /// Height of level 0.
    pub height: u32,
    /// `hasMipmaps`.
    pub has_mips: u32,
}

impl Spec {
    /// A BLP1 file of `content` with `alpha_bits`, `width × height`, with or without mipmaps.
    pub const fn v1(content: u32, alpha_bits: u32, width: u32, height: u32, mips: bool) -> Spec {
        Spec {
            version: 1,
            content,
            encoding: 0,
            alpha_bits,
            alpha_type: 0,
            width,
            height,
            has_mips: mips as u32,
        }
    }

    /// A BLP2 direct-content file.
    pub const fn v2(
        encoding: u8,
        alpha_type: u8,
        alpha_bits: u32,
        w: u32,
        h: u32,
        mips: bool,
    ) -> Spec {
        Spec {
            version: 2,
            content: 1,
            encoding,
            alpha_bits,
            alpha_type,
            width: w,
            height: h,
            has_mips: mips as u32,
        }
    }

    /// Bytes of the fixed header.
    pub const fn header_len(&self) -> usize {
        if self.version == 2 { 20 } else { 28 }
    }

    /// Number of levels the dimensions imply.
    pub fn chain_len(&self) -> u32 {
        if self.has_mips == 0 {
            1
        } else {
            32 - self.width.max(self.height).max(1).leading_zeros()
        }
    }

    /// Size of `level`.
    pub fn level_size(&self, level: u32) -> (u32, u32) {
        ((self.width >> level).max(1), (self.height >> level).max(1))
    }

    fn header(&self) -> Vec<u8> {
        let mut out = format!("BLP{}", self.version).into_bytes();
        out.extend_from_slice(&self.content.to_le_bytes());
        if self.version == 2 {
            out.extend_from_slice(&[
                self.encoding,
                self.alpha_bits as u8,
                self.alpha_type,
                self.has_mips as u8,
            ]);
            out.extend_from_slice(&self.width.to_le_bytes());
            out.extend_from_slice(&self.height.to_le_bytes());
        } else {
            for v in [self.alpha_bits, self.width, self.height, 5, self.has_mips] {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        out
    }

    /// A BLP1/BLP2 file: header, mip locator pointing at `chunks` laid out in order, the content
    /// header, then the chunks.
    pub fn file(&self, content_header: &[u8], chunks: &[Vec<u8>]) -> Vec<u8> {
        let mut out = self.header();
        let data_start = out.len() + 128 + content_header.len();
        let mut offsets = [0u32; 16];
        let mut sizes = [0u32; 16];
        let mut at = data_start;
        for (i, c) in chunks.iter().enumerate().take(16) {
            offsets[i] = at as u32;
            sizes[i] = c.len() as u32;
            at += c.len();
        }
        offsets
            .iter()
            .chain(&sizes)
            .for_each(|v| out.extend_from_slice(&v.to_le_bytes()));
        out.extend_from_slice(content_header);
        chunks.iter().for_each(|c| out.extend_from_slice(c));
        out
    }

    /// A BLP0 file (no mip locator) and the contents of its sibling files `.b00`, `.b01`, ….
    pub fn blp0(&self, content_header: &[u8], chunks: Vec<Vec<u8>>) -> (Vec<u8>, Vec<Vec<u8>>) {
        let mut out = self.header();
        out.extend_from_slice(content_header);
        (out, chunks)
    }

    /// Byte offset of mip-table offset `level` (BLP1/2); the size follows 64 bytes later.
    pub const fn offset_field(&self, level: usize) -> usize {
        self.header_len() + 4 * level
    }
}

/// Overwrites the little-endian u32 at `at`.
pub fn put_u32(bytes: &mut [u8], at: usize, value: u32) {
    bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
}

/// A palette whose entries are distinct (B, G, R, padding).
pub fn palette() -> Vec<u8> {
    (0..256u32)
        .flat_map(|i| [i as u8, (255 - i) as u8, (i * 7) as u8, 0xAA])
        .collect()
}

/// Indexed level data: `w × h` indices, then the alpha plane at `bits` per pixel (LSB first).
pub fn indexed(w: u32, h: u32, bits: u32) -> Vec<u8> {
    let n = (w * h) as usize;
    let mut out: Vec<u8> = (0..n).map(|i| (i * 37 % 256) as u8).collect();
    let alpha = |i: usize| (i * 53 % 256) as u8;
    match bits {
        8 => out.extend((0..n).map(alpha)),
        4 => out.extend((0..n.div_ceil(2)).map(|j| {
            let lo = alpha(2 * j) >> 4;
            let hi = if 2 * j + 1 < n {
                alpha(2 * j + 1) >> 4
            } else {
                0
            };
            lo | (hi << 4)
        })),
        1 => out.extend((0..n.div_ceil(8)).map(|j| {
            (0..8)
                .filter(|b| j * 8 + b < n && alpha(j * 8 + b) >= 128)
                .fold(0u8, |acc, b| acc | (1 << b))
        })),
        _ => {}
    }
    out
}

/// DXT level data: `ceil(w/4) × ceil(h/4)` blocks of `block` bytes (any bytes are valid blocks).
pub fn dxt(w: u32, h: u32, block: usize) -> Vec<u8> {
    let n = (w.div_ceil(4) * h.div_ceil(4)) as usize * block;
    let mut x = 0x1234_5678u32 ^ (w << 8) ^ h;
    (0..n)
        .map(|_| {
            x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (x >> 24) as u8
        })
        .collect()
}

/// Raw BGRA level data.
pub fn bgra(w: u32, h: u32) -> Vec<u8> {
    (0..w * h * 4).map(|i| (i * 29 % 251) as u8).collect()
}

/// A JPEG level chunk of `w × h` whose blocks vary in every component.
pub fn jpeg_level(w: u32, h: u32) -> Vec<u8> {
    jpeg::level_chunk(w as u16, h as u16, |bx, by, c| {
        (40 + bx * 50 + by * 30 + c as u32 * 20) as u8
    })
}

/// Every level's chunk for `spec`, as `make(w, h)` builds it.
pub fn levels(spec: &Spec, make: impl Fn(u32, u32) -> Vec<u8>) -> Vec<Vec<u8>> {
    (0..spec.chain_len())
        .map(|l| {
            let (w, h) = spec.level_size(l);
            make(w, h)
        })
        .collect()
}

fn jpeg_file(spec: &Spec) -> Vec<u8> {
    let header = jpeg::shared_header();
    let mut content = (header.len() as u32).to_le_bytes().to_vec();
    content.extend_from_slice(&header);
    spec.file(&content, &levels(spec, jpeg_level))
}

/// A BLP1 JPEG file whose levels `stream` writes at each level's size (any process, sampling or
/// scan layout `jpeg_stream` can write): the shared header is the stream's tables, everything
/// before its frame header, and each chunk the rest.
pub fn stream_jpeg_file(spec: &Spec, stream: &crate::jpeg_stream::Stream) -> Vec<u8> {
    let at = |w: u32, h: u32| {
        let mut s = stream.clone();
        s.huge = true;
        s.width = w as u16;
        s.height = h as u16;
        s.build()
    };
    let first = at(spec.width, spec.height);
    let header = &first.bytes[..first.frame_at];
    let mut content = (header.len() as u32).to_le_bytes().to_vec();
    content.extend_from_slice(header);
    let chunks = levels(spec, |w, h| at(w, h).bytes[first.frame_at..].to_vec());
    spec.file(&content, &chunks)
}

/// The stream of `corpus/blp/regression/jpeg-separate-scans-restart.blp`: four components coded
/// in one baseline scan each, with a restart interval of 3 MCUs (real content, tables from the
/// builder's defaults), which zune-jpeg 0.5.15 decodes to wrong samples without an error.
pub fn separate_scans_stream() -> crate::jpeg_stream::Stream {
    use crate::jpeg_stream::{Blocks, Process, Stream};
    Stream {
        process: Process::Baseline,
        width: 16,
        height: 16,
        huge: true,
        count: 7,
        components: Vec::new(),
        wide_quant: false,
        quant: vec![4],
        weights: Vec::new(),
        one_segment: true,
        restart: 3,
        interleaved: false,
        approx: 0,
        bands: Vec::new(),
        blocks: Blocks {
            seed: 520_041_249,
            dc_spread: 120,
            ac_count: 0,
            ac_mag: 0,
            natural: true,
        },
        raw: Vec::new(),
        raw_scans: false,
        raw_fields: false,
        extras: Vec::new(),
        spoils: Vec::new(),
    }
}

/// A JPEG file as some Warcraft III BLP1 files store it: the shared header is a complete
/// tables-only JPEG (SOI, APP0, COM, DQT, DHT, EOI) and every chunk a complete abbreviated image
/// stream (SOI, SOF0, SOS, …, EOI). Same pixels as `jpeg_file` of the same spec.
pub fn abbreviated_jpeg_file(spec: &Spec) -> Vec<u8> {
    let tables = jpeg::shared_header();
    let mut header = tables[..2].to_vec();
    // APP0 "JFIF" (version 1.1, no density, no thumbnail) and a comment, as encoders write them.
    header.extend_from_slice(&[0xFF, 0xE0, 0, 16]);
    header.extend_from_slice(b"JFIF\0");
    header.extend_from_slice(&[1, 1, 0, 0, 1, 0, 1, 0, 0]);
    let comment = b"lumpkit-testgen";
    header.extend_from_slice(&[0xFF, 0xFE, 0, comment.len() as u8 + 2]);
    header.extend_from_slice(comment);
    header.extend_from_slice(&tables[2..]);
    header.extend_from_slice(&[0xFF, 0xD9]);
    let mut content = (header.len() as u32).to_le_bytes().to_vec();
    content.extend_from_slice(&header);
    let chunks = levels(spec, |w, h| {
        let mut chunk = vec![0xFF, 0xD8];
        chunk.extend(jpeg_level(w, h));
        chunk
    });
    spec.file(&content, &chunks)
}

fn indexed_file(spec: &Spec) -> Vec<u8> {
    let bits = spec.alpha_bits;
    spec.file(&palette(), &levels(spec, |w, h| indexed(w, h, bits)))
}

/// Valid files of every kind.
fn valid() -> Vec<Sample> {
    let mut out = Vec::new();
    let ok = |name: &str, bytes| Sample::new(name, bytes, "ok", &[]);
    out.push(ok(
        "blp1-jpeg-a8-mips.blp",
        jpeg_file(&Spec::v1(0, 8, 16, 8, true)),
    ));
    // 12 pixels a side: not a power of two (info; WoW would draw it green).
    out.push(Sample::new(
        "blp1-jpeg-a0.blp",
        jpeg_file(&Spec::v1(0, 0, 12, 10, false)),
        "ok",
        &["blp-dimension-not-power-of-two"],
    ));
    out.push(ok(
        "blp1-jpeg-abbreviated-a8-mips.blp",
        abbreviated_jpeg_file(&Spec::v1(0, 8, 16, 8, true)),
    ));
    for bits in [0, 1, 4, 8] {
        let name = format!("blp1-indexed-a{bits}-mips.blp");
        out.push(ok(&name, indexed_file(&Spec::v1(1, bits, 8, 4, true))));
    }
    out.push(ok(
        "blp2-indexed-a4.blp",
        indexed_file(&Spec::v2(1, 8, 4, 16, 16, true)),
    ));
    let dxt_file =
        |spec: Spec, block| spec.file(&[0; 1024], &levels(&spec, |w, h| dxt(w, h, block)));
    out.push(ok(
        "blp2-dxt1.blp",
        dxt_file(Spec::v2(2, 0, 0, 16, 8, true), 8),
    ));
    out.push(ok(
        "blp2-dxt1-a1.blp",
        dxt_file(Spec::v2(2, 0, 1, 8, 8, true), 8),
    ));
    out.push(ok(
        "blp2-dxt3.blp",
        dxt_file(Spec::v2(2, 1, 8, 8, 16, true), 16),
    ));
    // 12 pixels a side: not a power of two (info; WoW would draw it green).
    out.push(Sample::new(
        "blp2-dxt5.blp",
        dxt_file(Spec::v2(2, 7, 8, 12, 12, false), 16),
        "ok",
        &["blp-dimension-not-power-of-two"],
    ));
    let raw = Spec::v2(3, 8, 8, 4, 4, true);
    out.push(ok(
        "blp2-bgra.blp",
        raw.file(&[0; 1024], &levels(&raw, bgra)),
    ));
    // BLP0: the levels live in sibling files.
    let spec = Spec {
        version: 0,
        ..Spec::v1(1, 8, 8, 8, true)
    };
    let (main, mips) = spec.blp0(&palette(), levels(&spec, |w, h| indexed(w, h, 8)));
    out.push(ok("blp0-indexed-a8.blp", main));
    for (i, m) in mips.into_iter().enumerate() {
        let name = format!("blp0-indexed-a8.b{i:02}");
        out.push(Sample::new(name, m, "ok", &["lumpkit-unknown-format"]));
    }
    out
}

/// One malformed file per rule (and the real-world oddities the spec says are fine).
fn malformed() -> Vec<Sample> {
    let mut out = Vec::new();
    let jpeg_spec = Spec::v1(0, 8, 16, 8, true);
    let idx_spec = Spec::v1(1, 8, 8, 4, true);
    let base_idx = indexed_file(&idx_spec);

    let mut b = base_idx.clone();
    b[3] = b'3';
    out.push(Sample::new(
        "bad-magic-blp3.blp",
        b,
        "error",
        &["blp-magic-unknown"],
    ));

    out.push(Sample::new(
        "header-truncated.blp",
        base_idx[..20].to_vec(),
        "error",
        &["blp-header-truncated"],
    ));

    let mut b = base_idx.clone();
    put_u32(&mut b, 12, 0);
    out.push(Sample::new(
        "width-zero.blp",
        b,
        "error",
        &["blp-dimension-zero"],
    ));

    let mut b = base_idx.clone();
    put_u32(&mut b, 16, 70_000);
    out.push(Sample::new(
        "height-too-large.blp",
        b,
        "error",
        &["blp-dimension-too-large"],
    ));

    let mut b = jpeg_file(&jpeg_spec);
    put_u32(&mut b, 4, 2);
    out.push(Sample::new(
        "content-unknown.blp",
        b,
        "warning",
        &["blp-content-unknown"],
    ));

    let mut b = jpeg_file(&jpeg_spec);
    put_u32(&mut b, 8, 9);
    out.push(Sample::new(
        "jpeg-alpha-bits-9.blp",
        b,
        "warning",
        &["blp-alpha-bits-invalid"],
    ));

    // Tools write odd alphaBits on opaque icons: read as 0 bits, nothing is lost (info).
    let opaque_spec = Spec::v1(0, 6, 16, 8, true);
    let opaque = jpeg::shared_header();
    let mut content = (opaque.len() as u32).to_le_bytes().to_vec();
    content.extend_from_slice(&opaque);
    let chunks = levels(&opaque_spec, |w, h| {
        jpeg::level_chunk(w as u16, h as u16, |bx, by, c| {
            if c == 3 {
                255
            } else {
                (40 + bx * 50 + by * 30 + c as u32 * 20) as u8
            }
        })
    });
    out.push(Sample::new(
        "jpeg-alpha-bits-6-opaque.blp",
        opaque_spec.file(&content, &chunks),
        "ok",
        &["blp-alpha-bits-invalid"],
    ));
    // Indexed content with a 2-bit plane: opaque (every field 3) is info; a plane with
    // transparency the game drops is a warning. The plane makes each chunk longer than the 0 bits
    // the game reads need (info).
    let idx2 = Spec::v1(1, 2, 8, 8, true);
    let plane = |w: u32, h: u32, fill: u8| {
        let mut level = indexed(w, h, 0);
        level.extend(std::iter::repeat_n(
            fill,
            ((w * h * 2) as usize).div_ceil(8),
        ));
        level
    };
    out.push(Sample::new(
        "indexed-alpha-bits-2-opaque.blp",
        idx2.file(&palette(), &levels(&idx2, |w, h| plane(w, h, 0xFF))),
        "ok",
        &["blp-alpha-bits-invalid", "blp-mip-size-excess"],
    ));
    out.push(Sample::new(
        "indexed-alpha-bits-2.blp",
        idx2.file(&palette(), &levels(&idx2, |w, h| plane(w, h, 0x1B))),
        "warning",
        &["blp-alpha-bits-invalid", "blp-mip-size-excess"],
    ));

    let mut b = base_idx.clone();
    put_u32(&mut b, 24, 5);
    out.push(Sample::new(
        "has-mipmaps-5.blp",
        b,
        "ok",
        &["blp-has-mipmaps-unusual"],
    ));

    let spec = Spec::v2(9, 0, 0, 4, 4, false);
    out.push(Sample::new(
        "blp2-encoding-9.blp",
        spec.file(&[0; 1024], &[vec![0; 16]]),
        "ok",
        &["blp-encoding-unknown"],
    ));

    // A DXT1 BLP2 whose levels follow the header at once, with no palette block (AtlasLoot's
    // gold.blp): its encoding never reads a palette.
    let spec = Spec::v2(2, 0, 0, 4, 4, false);
    out.push(Sample::new(
        "blp2-dxt1-no-palette.blp",
        spec.file(&[], &[dxt(4, 4, 8)]),
        "ok",
        &["blp-palette-absent"],
    ));

    out.push(Sample::new(
        "palette-truncated.blp",
        base_idx[..156 + 500].to_vec(),
        "error",
        &["blp-palette-truncated"],
    ));

    // A shared header of 700 bytes: the real tables plus a comment segment.
    let spec = Spec::v1(0, 0, 8, 8, false);
    let mut header = jpeg::shared_header();
    let comment_len = 700 - header.len() - 2;
    header.extend_from_slice(&[0xFF, 0xFE]);
    header.extend_from_slice(&(comment_len as u16).to_be_bytes());
    header.extend(std::iter::repeat_n(b'x', comment_len - 2));
    let mut content = (header.len() as u32).to_le_bytes().to_vec();
    content.extend_from_slice(&header);
    let b = spec.file(&content, &levels(&spec, jpeg_level));
    out.push(Sample::new(
        "jpeg-header-700.blp",
        b,
        "warning",
        &["blp-jpeg-header-oversized"],
    ));

    let mut b = jpeg_file(&Spec::v1(0, 0, 8, 8, false));
    put_u32(&mut b, 156, 0x7FFF_FFF0);
    out.push(Sample::new(
        "jpeg-header-past-eof.blp",
        b,
        "error",
        &["blp-jpeg-header-oversized", "blp-jpeg-header-past-eof"],
    ));

    // As WeakAuras' real addon textures: the table ends in zero-size entries at EOF.
    let spec = Spec::v2(2, 7, 8, 32, 4, true);
    let mut chunks = levels(&spec, |w, h| dxt(w, h, 16));
    chunks.truncate(4);
    let mut b = spec.file(&[0; 1024], &chunks);
    let eof = b.len() as u32;
    for level in 4..16 {
        put_u32(&mut b, spec.offset_field(level), eof);
    }
    out.push(Sample::new(
        "zero-size-mips-at-eof.blp",
        b,
        "warning",
        &["blp-mip-chain-short"],
    ));

    // 1024 pixels wide: Warcraft III before 1.27b refuses a BLP1 over 512.
    out.push(
        Sample::new(
            "blp1-over-512.blp",
            indexed_file(&Spec::v1(1, 8, 1024, 2, false)),
            "warning",
            &["blp-dimension-over-512"],
        )
        .under("wc3-1.26", "error")
        .under("wc3-1.27b", "ok")
        .under("wc3-1.28", "ok"),
    );

    // 24×16: Warcraft III draws it, WoW draws a solid green texture.
    out.push(
        Sample::new(
            "npot-24x16.blp",
            indexed_file(&Spec::v1(1, 8, 24, 16, false)),
            "ok",
            &["blp-dimension-not-power-of-two"],
        )
        .under("wc3-1.26", "ok")
        .under("wow-3.3.5", "warning")
        .under("wow-retail", "warning"),
    );

    let spec = Spec::v1(1, 8, 8, 4, false);
    let chunks = levels(
        &Spec {
            has_mips: 1,
            ..spec
        },
        |w, h| indexed(w, h, 8),
    );
    let b = spec.file(&palette(), &chunks);
    out.push(Sample::new(
        "mip-table-longer.blp",
        b,
        "ok",
        &["blp-mip-chain-long"],
    ));

    let mut b = base_idx.clone();
    put_u32(&mut b, idx_spec.offset_field(0), 0);
    out.push(Sample::new(
        "mip0-empty.blp",
        b,
        "error",
        &["blp-mip-empty"],
    ));

    let b = base_idx[..base_idx.len() - 1].to_vec();
    out.push(Sample::new(
        "last-mip-past-eof.blp",
        b,
        "warning",
        &["blp-mip-past-eof"],
    ));

    let mut b = base_idx.clone();
    let last = idx_spec.chain_len() as usize - 1;
    put_u32(&mut b, idx_spec.offset_field(last) + 64, u32::MAX);
    out.push(Sample::new(
        "mip-size-wraps.blp",
        b,
        "warning",
        &["blp-mip-size-wraps", "blp-mip-size-excess"],
    ));

    let mut b = base_idx.clone();
    put_u32(&mut b, idx_spec.offset_field(1), 0xFFFF_FF00);
    // A later level out of the file costs that level only: a warning (WoW addons ship such UI
    // textures); level 0 out of the file leaves no picture: an error.
    out.push(Sample::new(
        "mip1-out-of-file.blp",
        b,
        "warning",
        &["blp-mip-out-of-file"],
    ));
    let mut b = base_idx.clone();
    put_u32(&mut b, idx_spec.offset_field(0), 0xFFFF_FF00);
    out.push(Sample::new(
        "mip0-out-of-file.blp",
        b,
        "error",
        &["blp-mip-out-of-file"],
    ));

    let mut b = base_idx.clone();
    put_u32(&mut b, idx_spec.offset_field(0) + 64, 8 * 4 * 2 - 3);
    out.push(Sample::new(
        "mip0-size-short.blp",
        b,
        "warning",
        &["blp-mip-size-mismatch"],
    ));

    // As Warcraft III icon tools write them: levels 2 and up reuse level 1's offset and size.
    let spec = Spec::v1(1, 8, 64, 64, true);
    let mut b = indexed_file(&spec);
    let get = |at: usize| u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]]);
    let (level1_offset, level1_size) = (get(spec.offset_field(1)), get(spec.offset_field(1) + 64));
    for level in 2..spec.chain_len() as usize {
        put_u32(&mut b, spec.offset_field(level), level1_offset);
        put_u32(&mut b, spec.offset_field(level) + 64, level1_size);
    }
    out.push(Sample::new(
        "icon-levels-share-level1-chunk.blp",
        b,
        "ok",
        &["blp-mip-size-excess"],
    ));

    let spec = Spec::v1(0, 8, 8, 8, false);
    let header = jpeg::shared_header();
    let mut content = (header.len() as u32).to_le_bytes().to_vec();
    content.extend_from_slice(&header);
    let b = spec.file(&content, &[b"not a JPEG frame at all".to_vec()]);
    out.push(Sample::new(
        "jpeg-no-frame.blp",
        b,
        "error",
        &["blp-jpeg-invalid"],
    ));

    let spec = Spec::v1(0, 8, 12, 12, false);
    let mut content = (header.len() as u32).to_le_bytes().to_vec();
    content.extend_from_slice(&header);
    let b = spec.file(&content, &[jpeg_level(16, 8)]);
    // Windows pads the frame (the pixels change: a warning wherever it loads); the spec reports
    // a fatal error on some Mac versions.
    out.push(
        Sample::new(
            "jpeg-frame-16x8-in-12x12.blp",
            b,
            "warning",
            &[
                "blp-jpeg-dimensions-mismatch",
                "blp-dimension-not-power-of-two",
            ],
        )
        .under("wc3-1.26", "warning")
        .under("wc3-1.28", "warning")
        .under("wc3-mac", "error"),
    );

    // An encoder that stops halving at width 1: the 1x1 level of a 4x8 file is a 1x2 frame.
    let spec = Spec::v1(0, 8, 4, 8, true);
    let header = jpeg::shared_header();
    let mut content = (header.len() as u32).to_le_bytes().to_vec();
    content.extend_from_slice(&header);
    let mut chunks = levels(&spec, jpeg_level);
    if let Some(last) = chunks.last_mut() {
        *last = jpeg_level(1, 2);
    }
    // Windows crops it (harmless); the spec reports a fatal error on some Mac versions.
    out.push(
        Sample::new(
            "jpeg-1x2-frame-for-1x1-level.blp",
            spec.file(&content, &chunks),
            "ok",
            &["blp-jpeg-frame-cropped"],
        )
        .under("wc3-1.26", "ok")
        .under("wc3-1.28", "ok")
        .under("wc3-mac", "error"),
    );

    let spec = Spec {
        version: 0,
        ..Spec::v1(1, 8, 4, 4, false)
    };
    let (main, _) = spec.blp0(&palette(), Vec::new());
    out.push(Sample::new(
        "blp0-without-mip-files.blp",
        main,
        "error",
        &["blp-external-mip-missing"],
    ));
    out
}

/// Samples for `corpus/blp/`.
pub fn samples() -> Vec<Sample> {
    let mut out = valid();
    out.extend(malformed());
    out
}
