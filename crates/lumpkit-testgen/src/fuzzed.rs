//! Valid containers built around fuzzed content, for the structure-aware fuzz targets
//! (`fuzz/fuzz_targets/*_built.rs`) and the replay of their reproducers (`tests/regression.rs`).
//!
//! Blind mutation of a PBO almost never keeps its SHA-1 trailer right, of a PAA its LZSS checksum,
//! of an MPQ its encrypted hash and block tables, or of a ZIP its CRC-32s and deflate streams, so
//! the code behind those checks is rarely reached. Here the fuzzer's bytes choose the layout (how
//! many members, which packing, which flags) and supply the content, and the writers of this
//! crate compute every checksum, key and table, so each input is a well-formed container whose
//! members are then parsed, decompressed, sniffed and decoded. Some choices deliberately spoil one
//! field (a wrong checksum, a stale size) so the neighbouring error paths are reached as well.
//!
//! The bytes are read by [`Draw`], which yields zeros once they run out, so every input builds a
//! file and a shorter input builds a smaller one.

use std::sync::OnceLock;

use sevenz_rust2::encoder_options::{DeltaOptions, Lzma2Options, LzmaOptions};
use sevenz_rust2::{EncoderConfiguration, EncoderMethod};

use crate::lz::Sum;
use crate::{mpq, paa, pbo, sevenz, zip};

/// Reads choices and content from fuzzer bytes, front to back; zeros once exhausted.
#[derive(Debug)]
pub struct Draw<'a> {
    rest: &'a [u8],
}

impl<'a> Draw<'a> {
    /// A reader over `bytes`.
    pub fn new(bytes: &'a [u8]) -> Draw<'a> {
        Draw { rest: bytes }
    }

    /// The next byte (0 when exhausted).
    pub fn byte(&mut self) -> u8 {
        match self.rest.split_first() {
            Some((b, rest)) => {
                self.rest = rest;
                *b
            }
            None => 0,
        }
    }

    /// The next little-endian u16.
    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.byte(), self.byte()])
    }

    /// A choice in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        usize::from(self.byte()) % n.max(1)
    }

    /// A coin.
    pub fn flag(&mut self) -> bool {
        self.byte() & 1 == 1
    }

    /// Up to `max` bytes, their count read first (`u16`).
    pub fn bytes(&mut self, max: usize) -> &'a [u8] {
        let len = usize::from(self.u16()).min(max).min(self.rest.len());
        let (taken, rest) = self.rest.split_at(len);
        self.rest = rest;
        taken
    }

    /// A short member name: a few printable bytes from the input, `\`-separated.
    pub fn name(&mut self, index: usize) -> String {
        let raw = self.bytes(12);
        let mut name: String = raw
            .iter()
            .map(|&b| match b % 40 {
                0 => '\\',
                1 => '.',
                n @ 2..=27 => char::from(b'a' + n - 2),
                n => char::from(b'0' + (n - 28) % 10),
            })
            .collect();
        if name.is_empty() {
            name = format!("m{index}");
        }
        name
    }
}

/// Member content: the fuzzer's bytes as they are, or (to reach the nested decoders behind a
/// container's checks) a PAA built from them, or a tiny valid BLP, as archives carry them.
fn content(d: &mut Draw<'_>) -> Vec<u8> {
    match d.below(4) {
        0 => paa(d),
        1 => {
            let blps = valid_blps();
            blps.get(d.below(blps.len())).cloned().unwrap_or_default()
        }
        _ => d.bytes(4096).to_vec(),
    }
}

/// The valid BLP samples, built once (some encode JPEG, too slow to repeat per input).
fn valid_blps() -> &'static [Vec<u8>] {
    static BLPS: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    BLPS.get_or_init(|| {
        crate::blp::samples()
            .into_iter()
            .filter(|s| s.status == "ok" && s.bytes.len() <= 4096)
            .map(|s| s.bytes)
            .collect()
    })
}

/// PAA types and their bytes per pixel (DXT: bytes per 4×4 block, negative).
const PAA_TYPES: &[(u16, i32)] = &[
    (0xFF01, -8),
    (0xFF02, -16),
    (0xFF03, -16),
    (0xFF04, -16),
    (0xFF05, -16),
    (0x4444, 2),
    (0x1555, 2),
    (0x8888, 4),
    (0x8080, 2),
];

/// A PAA: a type, tags, and a mip chain whose payloads are the fuzzer's pixels stored raw, as
/// LZO literals or LZSS with either checksum (correct unless the input asks to spoil one), sized
/// for the declared dimensions or not, as the input says.
pub fn paa(d: &mut Draw<'_>) -> Vec<u8> {
    let (word, unit) = PAA_TYPES
        .get(d.below(PAA_TYPES.len()))
        .copied()
        .unwrap_or((0xFF01, -8));
    let mut width = 1u16 << (d.byte() % 7);
    let mut height = 1u16 << (d.byte() % 7);
    let mut mips = Vec::new();
    for _ in 0..1 + d.below(3) {
        let pixels = usize::from(width) * usize::from(height);
        let need = match unit {
            u if u < 0 => pixels.div_ceil(16).max(1) * u.unsigned_abs() as usize,
            u => pixels * u as usize,
        };
        let mut data = d.bytes(need).to_vec();
        if !d.byte().is_multiple_of(16) {
            // Usually the right size, padded with a pattern, so the pixel decoders run.
            let pad = paa::pattern(need.saturating_sub(data.len()), d.byte());
            data.extend_from_slice(&pad);
        }
        let store = match (unit < 0, d.below(3)) {
            (true, 0) => paa::Store::Lzo,
            (true, _) => paa::Store::Raw,
            (false, 0) => paa::Store::Raw,
            (false, 1) => paa::Store::Lzss(Sum::Signed),
            (false, _) => paa::Store::Lzss(Sum::Unsigned),
        };
        let mut mip = paa::MipSpec::new(width, height, &data, store);
        if d.byte() == 0xFF
            && let Some(last) = mip.payload.last_mut()
        {
            *last ^= 1; // a spoilt checksum (LZSS) or trailing byte
        }
        mips.push(mip);
        width = (width / 2).max(1);
        height = (height / 2).max(1);
    }
    let mut spec = paa::PaaSpec::typed(word, mips);
    if d.byte().is_multiple_of(8) {
        // A swizzle of fuzzed values (most of them ones Arma does not define).
        spec.tags.push((*b"SWIZ", d.bytes(4).to_vec()));
    }
    spec.offs = d.byte() != 0xFF;
    spec.terminator = d.byte() != 0xFF;
    spec.build()
}

/// A PBO with properties or none, stored and `Cprs` (LZSS) entries around fuzzed content, and the
/// right SHA-1 trailer (or, when the input asks, a wrong one or none).
pub fn pbo(d: &mut Draw<'_>) -> Vec<u8> {
    let props: &[(&str, &str)] = &[("prefix", "x\\fuzz"), ("version", "1")];
    let props = d.flag().then_some(props);
    let mut entries = Vec::new();
    for i in 0..d.below(5) {
        let name = d.name(i);
        let data = content(d);
        let mut entry = if d.flag() {
            pbo::EntrySpec::compressed(&name, &data)
        } else {
            pbo::EntrySpec::stored(&name, &data)
        };
        if d.byte() == 0xFF {
            entry.original_size = entry.original_size.wrapping_add(1);
        }
        entries.push(entry);
    }
    let trailer = match d.byte() {
        0xFF => pbo::Trailer::WrongSha1,
        0xFE => pbo::Trailer::None,
        _ => pbo::Trailer::Sha1,
    };
    pbo::build(props, &entries, trailer)
}

/// An MPQ: v1 or v2, or with HET/BET tables, members compressed in sectors or as one unit,
/// encrypted with plain or FIX_KEY keys, with sector checksums, a listfile and `(attributes)`, the
/// tables encrypted as the game expects. The hash table always has room for every member.
pub fn mpq(d: &mut Draw<'_>) -> Vec<u8> {
    let mut files = Vec::new();
    for i in 0..d.below(5) {
        let name = d.name(i);
        let data = content(d);
        let bits = d.byte();
        files.push(mpq::File {
            compress: bits & 1 == 0,
            encrypt: bits & 2 != 0,
            fix_key: bits & 6 == 6,
            single_unit: bits & 8 != 0,
            unlisted: bits & 16 != 0,
            sector_crc: bits & 32 != 0,
            locale: if bits & 64 != 0 { 0x409 } else { 0 },
            ..mpq::File::new(&name, &data)
        });
    }
    let mut w = mpq::Writer::new(files);
    w.version = u16::from(d.flag());
    w.sector_shift = u16::from(d.byte() % 4);
    w.hash_entries = 8 << d.below(3);
    w.listfile = !d.byte().is_multiple_of(4);
    w.hash_last = d.flag();
    w.prefix = match d.below(4) {
        0 => mpq::Prefix::Hm3w,
        1 => mpq::Prefix::UserData,
        _ => mpq::Prefix::None,
    };
    w.het_bet = match d.below(8) {
        0 => mpq::HetBet::Both,
        1 => mpq::HetBet::Only,
        2 => mpq::HetBet::OnlyPacked,
        3 => mpq::HetBet::Stale,
        _ => mpq::HetBet::None,
    };
    w.attributes = match d.below(6) {
        0 => mpq::AttributesKind::Crc32,
        1 => mpq::AttributesKind::BadCrc32,
        2 => mpq::AttributesKind::BadMd5,
        3 => mpq::AttributesKind::BadVersion,
        _ => mpq::AttributesKind::None,
    };
    w.build()
}

/// A ZIP of stored and deflated members (right CRC-32s and sizes unless the input spoils one),
/// with data descriptors, Unix attributes, Zip64 records, a prefix, a comment, as the input says.
pub fn zip(d: &mut Draw<'_>) -> Vec<u8> {
    let mut members = Vec::new();
    for i in 0..d.below(5) {
        let name = d.name(i);
        let data = content(d);
        let mut m = if d.flag() {
            zip::Member::deflated(&name, &data)
        } else {
            zip::Member::stored(&name, &data)
        };
        let bits = d.byte();
        if bits & 1 != 0 {
            m.flags |= 8;
        }
        if bits & 2 != 0 {
            m.made_by = 0x031E;
            m.external = 0o100_644 << 16;
        }
        if bits == 0xFF {
            m.crc = Some(crc32fast::hash(&data) ^ 1);
        }
        if bits == 0xFE {
            m.declared_size = Some(data.len() as u64 + 1);
        }
        if bits == 0xFD {
            // Deflate stream of other content than declared: the decoder's output is checked.
            m.raw = Some(zip::deflate(d.bytes(256)));
        }
        members.push(m);
    }
    let mut archive = zip::Archive::of(members);
    archive.zip64 = d.byte().is_multiple_of(4);
    if d.byte().is_multiple_of(4) {
        archive.prefix = d.bytes(64).to_vec();
    }
    archive.comment = d.bytes(32).to_vec();
    archive.bytes()
}

/// A 7z of members stored (copy), LZMA or LZMA2 (small dictionaries, so encoding stays cheap and
/// the decoder's dictionary fits the fuzz limits), some behind a BCJ x86 or delta filter, in one
/// solid block or a block per member, with right CRCs unless the input asks to spoil a byte of
/// the packed streams (the member's CRC or the decoder then fails) or of the header.
pub fn sevenz(d: &mut Draw<'_>) -> Vec<u8> {
    let mut files = Vec::new();
    for i in 0..d.below(5) {
        // 7z names are `/`-separated.
        let name = d.name(i).replace('\\', "/");
        files.push((name, content(d)));
    }
    let dictionary = 4096u32 << d.below(6);
    let coder = match d.below(3) {
        0 => EncoderConfiguration::new(EncoderMethod::COPY),
        1 => {
            let mut o = LzmaOptions::from_level(1);
            o.set_dictionary_size(dictionary);
            EncoderConfiguration::from(o)
        }
        _ => {
            let mut o = Lzma2Options::from_level(1);
            o.set_dictionary_size(dictionary);
            EncoderConfiguration::from(o)
        }
    };
    let mut coders = Vec::new();
    match d.below(4) {
        0 => coders.push(EncoderConfiguration::new(EncoderMethod::BCJ_X86_FILTER)),
        1 => coders.push(EncoderConfiguration::from(DeltaOptions::from_distance(
            u32::from(d.byte()),
        ))),
        _ => {}
    }
    coders.push(coder);
    let solid = d.flag();
    let borrowed: Vec<(&str, &[u8])> = files
        .iter()
        .map(|(n, c)| (n.as_str(), c.as_slice()))
        .collect();
    let mut bytes = sevenz::archive_with(&borrowed, coders, solid).unwrap_or_default();
    if d.byte() == 0xFF {
        // One byte spoilt, past the 32-byte signature header (whose CRC is checked first).
        let span = bytes.len().saturating_sub(32).max(1);
        let at = 32 + usize::from(d.u16()) % span;
        if let Some(b) = bytes.get_mut(at) {
            *b ^= 0x55;
        }
    }
    bytes
}

/// Builds the file `format` names (`pbo`, `paa`, `mpq`, `zip`, `7z`; `blp`, and `facade`'s nested
/// archives, described with `arbitrary`) from fuzzer bytes.
pub fn build(format: &str, bytes: &[u8]) -> Option<Vec<u8>> {
    let mut d = Draw::new(bytes);
    match format {
        "blp" => crate::fuzzed_blp::build(bytes),
        "facade" => crate::fuzzed_nest::build(bytes),
        "pbo" => Some(pbo(&mut d)),
        "paa" => Some(paa(&mut d)),
        "mpq" => Some(mpq(&mut d)),
        "zip" => Some(zip(&mut d)),
        "7z" => Some(sevenz(&mut d)),
        _ => None,
    }
}
