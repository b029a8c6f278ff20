//! Writers of MPQ archives: v1 and v2, zlib-compressed sectors (flate2), single-unit members,
//! encryption with plain and FIX_KEY keys, a `(listfile)`, a user-data header or a Warcraft III
//! `HM3W` block in front, and the protector tricks and corruptions, one sample per `mpq-*` rule.
//!
//! Encryption and name hashes come from `lumpkit_formats::mpq::crypt` (checked against the real
//! archives of `../shared/corpus/mpq`, whose tables only decrypt with the right table).

use std::io::Write;

use flate2::Compression;
use flate2::write::ZlibEncoder;
use lumpkit_formats::mpq::crypt::{self, HashKind};
use lumpkit_formats::mpq::het_bet;
use lumpkit_formats::mpq::storm_adler32;

use crate::Sample;

/// One member to write.
#[derive(Clone, Debug)]
pub struct File {
    /// Name (with `\` separators).
    pub name: String,
    /// Unpacked bytes.
    pub data: Vec<u8>,
    /// zlib-compress (sectors, or the single unit), keeping a sector stored when that is smaller.
    pub compress: bool,
    /// Encrypt with the key from the name.
    pub encrypt: bool,
    /// Adjust the key by offset and size (FIX_KEY).
    pub fix_key: bool,
    /// Store as one unit rather than sectors.
    pub single_unit: bool,
    /// Hash-table locale.
    pub locale: u16,
    /// Leave out of the `(listfile)`.
    pub unlisted: bool,
    /// Write an Adler-32 per sector after the sectors.
    pub sector_crc: bool,
    /// Leave `FILE_EXISTS` out of the block flags: a deleted file, still in the tables.
    pub deleted: bool,
    /// Implode instead (PKWARE DCL, block flag 0x100, no mask byte), as older maps do; set
    /// `compress` to false with it.
    pub implode: bool,
}

impl File {
    /// A compressed member.
    pub fn new(name: &str, data: &[u8]) -> File {
        File {
            name: name.into(),
            data: data.to_vec(),
            compress: true,
            encrypt: false,
            fix_key: false,
            single_unit: false,
            locale: 0,
            unlisted: false,
            sector_crc: false,
            deleted: false,
            implode: false,
        }
    }
}

/// An archive to write.
#[derive(Clone, Debug)]
pub struct Writer {
    /// Format version field (0 = v1, 1 = v2).
    pub version: u16,
    /// Sector size shift (sector = 512 << shift).
    pub sector_shift: u16,
    /// Hash-table entries.
    pub hash_entries: u32,
    /// The members.
    pub files: Vec<File>,
    /// Write a `(listfile)` naming the listed members.
    pub listfile: bool,
    /// Bytes before the header: a 512-byte `HM3W` block, or a user-data header, or nothing.
    pub prefix: Prefix,
    /// Put the hash table after the block table (else before it).
    pub hash_last: bool,
    /// HET/BET tables (a v3 header) as well as, or instead of, the classic tables.
    pub het_bet: HetBet,
    /// An `(attributes)` member, last.
    pub attributes: AttributesKind,
}

/// What `(attributes)` an archive has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttributesKind {
    /// None.
    None,
    /// The CRC32 of every member (0 for itself), as StormLib writes it.
    Crc32,
    /// The same with the first member's CRC32 off by one.
    BadCrc32,
    /// An MD5 array of made-up digests.
    BadMd5,
    /// Right CRC32s, then an MD5 array of made-up digests (flags 5): the CRC32 decides.
    Crc32WithBadMd5,
    /// Version 99.
    BadVersion,
    /// CRC32s under a flag word with a bit StormLib does not know (0x80).
    BadFlags,
}

/// Which tables a v3 archive has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HetBet {
    /// Classic tables only (v1/v2 header as `version` says).
    None,
    /// Both HET/BET and classic tables, agreeing.
    Both,
    /// HET/BET tables only; the classic tables are declared empty.
    Only,
    /// Both, but the BET table places the first member one byte further on (a stale table).
    Stale,
    /// HET/BET only, zlib-packed, behind a v4 header that records their stored sizes.
    OnlyPacked,
}

/// What precedes the archive header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prefix {
    /// Header at 0.
    None,
    /// A Warcraft III map's 512-byte `HM3W` block.
    Hm3w,
    /// An `MPQ\x1B` user-data header at 0 pointing at the header at 0x200.
    UserData,
}

/// What a built archive's layout was, for samples that corrupt it.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    /// Offset of the header.
    pub header: usize,
    /// Offset of the hash table.
    pub hash_table: usize,
    /// Offset of the block table.
    pub block_table: usize,
    /// Absolute offset of each member's data, in block order.
    pub data: Vec<usize>,
}

fn zlib(data: &[u8]) -> Vec<u8> {
    let mut enc = ZlibEncoder::new(Vec::new(), Compression::default());
    let _ = enc.write_all(data);
    enc.finish().unwrap_or_default()
}

/// A compressed unit: the mask byte and zlib data, or the bytes as they are when not smaller.
fn pack(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0x02];
    out.extend_from_slice(&zlib(data));
    if out.len() >= data.len() {
        data.to_vec()
    } else {
        out
    }
}

/// A compressed unit as the member's flags say: zlib with a mask byte, or an imploded stream alone
/// (coded literals, 4 KiB dictionary); the bytes as they are when not smaller.
fn pack_member(f: &File, data: &[u8]) -> Vec<u8> {
    if !f.implode {
        return pack(data);
    }
    let stream = crate::dcl::implode(data, crate::dcl::Literals::Coded, 6);
    if stream.len() >= data.len() {
        data.to_vec()
    } else {
        stream
    }
}

fn words(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|w| w.to_le_bytes()).collect()
}

impl Writer {
    /// A v1 archive with a listfile and these members.
    pub fn new(files: Vec<File>) -> Writer {
        Writer {
            version: 0,
            sector_shift: 3,
            hash_entries: 16,
            files,
            listfile: true,
            prefix: Prefix::None,
            hash_last: false,
            het_bet: HetBet::None,
            attributes: AttributesKind::None,
        }
    }

    /// The archive's bytes.
    pub fn build(&self) -> Vec<u8> {
        self.build_with_layout().0
    }

    /// The archive's bytes and where its parts went.
    pub fn build_with_layout(&self) -> (Vec<u8>, Layout) {
        let mut files = self.files.clone();
        if self.listfile {
            let mut text = String::new();
            for f in files.iter().filter(|f| !f.unlisted) {
                text.push_str(&f.name);
                text.push_str("\r\n");
            }
            files.push(File {
                encrypt: true,
                fix_key: true,
                ..File::new("(listfile)", text.as_bytes())
            });
        }
        if self.attributes != AttributesKind::None {
            let n = files.len() as u32 + 1;
            let (version, flags) = match self.attributes {
                AttributesKind::BadVersion => (99, 1),
                AttributesKind::BadMd5 => (100, 4),
                AttributesKind::Crc32WithBadMd5 => (100, 5),
                AttributesKind::BadFlags => (100, 0x81),
                _ => (100, 1),
            };
            let mut data = words(&[version, flags]);
            if flags == 4 {
                for i in 0..n {
                    data.extend_from_slice(&[(i as u8).wrapping_add(1); 16]);
                }
            } else {
                for (i, f) in files.iter().enumerate() {
                    let crc = crc32fast::hash(&f.data);
                    let off = u32::from(i == 0 && self.attributes == AttributesKind::BadCrc32);
                    data.extend_from_slice(&crc.wrapping_add(off).to_le_bytes());
                }
                data.extend_from_slice(&[0; 4]);
                if flags & 4 != 0 {
                    // Made up for the members, zero for itself (as its CRC32 is).
                    for i in 0..n - 1 {
                        data.extend_from_slice(&[(i as u8).wrapping_add(1); 16]);
                    }
                    data.extend_from_slice(&[0; 16]);
                }
            }
            files.push(File {
                encrypt: true,
                fix_key: true,
                ..File::new("(attributes)", &data)
            });
        }
        let mut out = match self.prefix {
            Prefix::None => Vec::new(),
            Prefix::Hm3w => {
                let mut b = b"HM3W".to_vec();
                b.resize(512, 0);
                b
            }
            Prefix::UserData => {
                let mut b = b"MPQ\x1B".to_vec();
                b.extend_from_slice(&words(&[0x100, 0x200, 0x10]));
                b.resize(512, 0);
                b
            }
        };
        let header = out.len();
        let header_size: usize = match (self.het_bet, self.version) {
            (HetBet::None, 0) => 32,
            (HetBet::None, _) => 44,
            (HetBet::OnlyPacked, _) => 208,
            _ => 68,
        };
        out.resize(header + header_size, 0);
        let sector = 512u32 << self.sector_shift;
        let mut blocks = Vec::new();
        let mut layout = Layout {
            header,
            ..Layout::default()
        };
        for f in &files {
            let offset = (out.len() - header) as u32;
            let size = f.data.len() as u32;
            let mut flags = if f.deleted { 0 } else { 0x8000_0000u32 };
            if f.compress {
                flags |= 0x200;
            }
            if f.implode {
                flags |= 0x100;
            }
            if f.encrypt {
                flags |= 0x1_0000;
            }
            if f.fix_key {
                flags |= 0x2_0000;
            }
            if f.single_unit {
                flags |= 0x100_0000;
            }
            if f.sector_crc {
                flags |= 0x400_0000;
            }
            let key = crypt::file_key(f.name.as_bytes(), f.fix_key, offset, size);
            let stored = if f.single_unit || !(f.compress || f.implode) {
                let mut unit = if f.compress || f.implode {
                    pack_member(f, &f.data)
                } else {
                    f.data.clone()
                };
                if f.encrypt {
                    if f.single_unit {
                        crypt::encrypt_in_place(&mut unit, key);
                    } else {
                        for (i, chunk) in unit.chunks_mut(sector as usize).enumerate() {
                            crypt::encrypt_in_place(chunk, key.wrapping_add(i as u32));
                        }
                    }
                }
                unit
            } else {
                let sectors: Vec<Vec<u8>> = f
                    .data
                    .chunks(sector as usize)
                    .map(|d| pack_member(f, d))
                    .collect();
                let words_in_table = sectors.len() as u32 + if f.sector_crc { 2 } else { 1 };
                let mut offsets = vec![words_in_table * 4];
                for s in &sectors {
                    offsets.push(offsets[offsets.len() - 1] + s.len() as u32);
                }
                let checksums: Vec<u32> = sectors.iter().map(|s| storm_adler32(s)).collect();
                if f.sector_crc {
                    offsets.push(offsets[offsets.len() - 1] + 4 * sectors.len() as u32);
                }
                let mut table = words(&offsets);
                if f.encrypt {
                    crypt::encrypt_in_place(&mut table, key.wrapping_sub(1));
                }
                for (i, mut s) in sectors.into_iter().enumerate() {
                    if f.encrypt {
                        crypt::encrypt_in_place(&mut s, key.wrapping_add(i as u32));
                    }
                    table.extend_from_slice(&s);
                }
                if f.sector_crc {
                    table.extend_from_slice(&words(&checksums));
                }
                table
            };
            layout.data.push(out.len());
            out.extend_from_slice(&stored);
            blocks.push([offset, stored.len() as u32, size, flags]);
        }
        let mut hash = vec![[u32::MAX; 4]; self.hash_entries as usize];
        for (i, f) in files.iter().enumerate() {
            let n = self.hash_entries.max(1);
            let mut at = crypt::hash(f.name.as_bytes(), HashKind::TableOffset) % n;
            while hash[at as usize][3] != u32::MAX {
                at = (at + 1) % n;
            }
            hash[at as usize] = [
                crypt::hash(f.name.as_bytes(), HashKind::NameA),
                crypt::hash(f.name.as_bytes(), HashKind::NameB),
                u32::from(f.locale),
                i as u32,
            ];
        }
        let mut hash_bytes = words(&hash.concat());
        crypt::encrypt_in_place(&mut hash_bytes, crypt::hash_table_key());
        let mut block_bytes = words(&blocks.concat());
        crypt::encrypt_in_place(&mut block_bytes, crypt::block_table_key());
        if self.hash_last {
            layout.block_table = out.len();
            out.extend_from_slice(&block_bytes);
            layout.hash_table = out.len();
            out.extend_from_slice(&hash_bytes);
        } else {
            layout.hash_table = out.len();
            out.extend_from_slice(&hash_bytes);
            layout.block_table = out.len();
            out.extend_from_slice(&block_bytes);
        }
        let mut het_bet_at = (0u64, 0u64);
        let mut het_bet_sizes = (0u64, 0u64);
        if self.het_bet != HetBet::None {
            let mut placed = blocks.clone();
            if self.het_bet == HetBet::Stale
                && let Some(first) = placed.first_mut()
            {
                first[0] += 1;
            }
            let (het, bet) = het_bet_tables(&files, &placed, self.het_bet == HetBet::OnlyPacked);
            het_bet_sizes = (het.len() as u64, bet.len() as u64);
            het_bet_at.0 = (out.len() - header) as u64;
            out.extend_from_slice(&het);
            het_bet_at.1 = (out.len() - header) as u64;
            out.extend_from_slice(&bet);
        }
        let classic = !matches!(self.het_bet, HetBet::Only | HetBet::OnlyPacked);
        let archive_size = (out.len() - header) as u32;
        let version = match self.het_bet {
            HetBet::None => self.version,
            HetBet::OnlyPacked => 3,
            _ => 2,
        };
        let mut h = b"MPQ\x1A".to_vec();
        h.extend_from_slice(&words(&[header_size as u32, archive_size]));
        h.extend_from_slice(&version.to_le_bytes());
        h.extend_from_slice(&self.sector_shift.to_le_bytes());
        h.extend_from_slice(&words(&[
            (layout.hash_table - header) as u32,
            (layout.block_table - header) as u32,
            if classic { self.hash_entries } else { 0 },
            if classic { blocks.len() as u32 } else { 0 },
        ]));
        h.resize(header_size, 0);
        if header_size >= 68 {
            // v3: the BET position at 52, the HET position at 60.
            h[52..60].copy_from_slice(&het_bet_at.1.to_le_bytes());
            h[60..68].copy_from_slice(&het_bet_at.0.to_le_bytes());
        }
        if header_size == 208 {
            // v4: the stored HET and BET sizes at 92 and 100.
            h[92..100].copy_from_slice(&het_bet_sizes.0.to_le_bytes());
            h[100..108].copy_from_slice(&het_bet_sizes.1.to_le_bytes());
        }
        out[header..header + header_size].copy_from_slice(&h);
        (out, layout)
    }
}

/// Bits appended least significant first, as StormLib's `TBitArray` holds them.
#[derive(Default)]
struct Bits {
    bytes: Vec<u8>,
}

impl Bits {
    fn with_len(len: usize) -> Bits {
        Bits {
            bytes: vec![0; len.div_ceil(8)],
        }
    }

    fn set(&mut self, at: usize, width: u32, value: u64) {
        for i in 0..width as usize {
            if value >> i & 1 != 0 {
                self.bytes[(at + i) / 8] |= 1 << ((at + i) % 8);
            }
        }
    }
}

/// The HET and BET tables of these members (block `i` is `files[i]`), encrypted, as StormLib's
/// `CreateHetTable` / `CreateBetTable` lay them out: 64-bit name hashes, a HET of twice the
/// members, BET entries of 32-bit offset and sizes and an 8-bit flag index.
fn het_bet_tables(files: &[File], blocks: &[[u32; 4]], packed: bool) -> (Vec<u8>, Vec<u8>) {
    let n = files.len();
    let total = 2 * n + 1;
    let index_bits = (usize::BITS - n.leading_zeros()).max(1);
    let mut hashes = vec![0u8; total];
    let mut indices = Bits::with_len(total * index_bits as usize);
    let mut hash2 = Bits::with_len(n * 56);
    for (i, f) in files.iter().enumerate() {
        let hash = het_bet::name_hash(f.name.as_bytes()) | 1 << 63;
        let mut slot = (hash % total as u64) as usize;
        while hashes[slot] != 0 {
            slot = (slot + 1) % total;
        }
        hashes[slot] = (hash >> 56) as u8;
        indices.set(slot * index_bits as usize, index_bits, i as u64);
        hash2.set(i * 56, 56, hash & (u64::MAX >> 8));
    }
    let mut het_data = words(&[
        0,
        n as u32,
        total as u32,
        64,
        index_bits,
        0,
        index_bits,
        indices.bytes.len() as u32,
    ]);
    het_data.extend_from_slice(&hashes);
    het_data.extend_from_slice(&indices.bytes);
    let mut flags: Vec<u32> = Vec::new();
    for b in blocks {
        if !flags.contains(&b[3]) {
            flags.push(b[3]);
        }
    }
    let mut entries = Bits::with_len(n * 104);
    for (i, b) in blocks.iter().enumerate() {
        let flag = flags.iter().position(|&f| f == b[3]).unwrap_or(0) as u64;
        let at = i * 104;
        entries.set(at, 32, b[0].into());
        entries.set(at + 32, 32, b[2].into());
        entries.set(at + 64, 32, b[1].into());
        entries.set(at + 96, 8, flag);
    }
    let mut bet_data = words(&[
        0,
        n as u32,
        0x10,
        104,
        0,
        32,
        64,
        96,
        104,
        32,
        32,
        32,
        8,
        0,
        56,
        0,
        56,
        hash2.bytes.len() as u32,
        flags.len() as u32,
    ]);
    bet_data.extend_from_slice(&words(&flags));
    bet_data.extend_from_slice(&entries.bytes);
    bet_data.extend_from_slice(&hash2.bytes);
    let finish = |magic: &[u8; 4], mut data: Vec<u8>, key: u32| {
        let size = (data.len() + 12) as u32;
        data[0..4].copy_from_slice(&size.to_le_bytes());
        let mut out = magic.to_vec();
        out.extend_from_slice(&words(&[1, data.len() as u32]));
        if packed {
            data = pack(&data);
        }
        crypt::encrypt_in_place(&mut data, key);
        out.extend_from_slice(&data);
        out
    };
    (
        finish(b"HET\x1A", het_data, crypt::hash_table_key()),
        finish(b"BET\x1A", bet_data, crypt::block_table_key()),
    )
}

fn set_u32(b: &mut [u8], at: usize, v: u32) {
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

/// A small valid BLP, as maps hold their minimap and imports.
pub fn blp_bytes() -> Vec<u8> {
    blp()
}

/// A BLP0 of 8x8 with its levels, as the beta maps' minimaps are.
fn blp0_minimap() -> (Vec<u8>, Vec<Vec<u8>>) {
    use crate::blp::{Spec, indexed, levels, palette};
    let spec = Spec {
        version: 0,
        ..Spec::v1(1, 8, 8, 8, true)
    };
    spec.blp0(&palette(), levels(&spec, |w, h| indexed(w, h, 8)))
}

/// A small valid BLP from the BLP writer, for `check` to descend into.
fn blp() -> Vec<u8> {
    crate::blp::samples()
        .into_iter()
        .find(|s| s.status == "ok" && s.codes.is_empty() && s.name.ends_with(".blp"))
        .map(|s| s.bytes)
        .unwrap_or_default()
}

/// Text long enough for several 4 KiB sectors.
fn script() -> Vec<u8> {
    let mut s = Vec::new();
    for i in 0..900 {
        s.extend_from_slice(
            format!("function f{i} takes nothing returns nothing\nendfunction\n").as_bytes(),
        );
    }
    s
}

/// A Warcraft III map: `HM3W` block, encrypted script, a texture, no protector tricks.
fn map() -> Writer {
    Writer {
        prefix: Prefix::Hm3w,
        ..Writer::new(vec![
            File {
                encrypt: true,
                ..File::new("war3map.j", &script())
            },
            File::new("war3mapMap.blp", &blp()),
            File {
                single_unit: true,
                ..File::new("war3map.w3i", b"info info info info info info info info")
            },
        ])
    }
}

/// Every MPQ sample.
pub fn samples() -> Vec<Sample> {
    let mut s = Vec::new();
    let plain = Writer::new(vec![
        File {
            encrypt: true,
            fix_key: true,
            ..File::new("data\\script.txt", &script())
        },
        File {
            compress: false,
            ..File::new("textures\\floor.wal", &crate::wal::wal("floor", 16, 16))
        },
        File::new("textures\\minimap.blp", &blp()),
        File {
            single_unit: true,
            encrypt: true,
            ..File::new("readme.txt", b"a single-unit, encrypted member")
        },
    ]);
    s.push(Sample::new("valid_v1.mpq", plain.build(), "ok", &[]));
    // Imploded members (PKWARE DCL), one encrypted: the facade decodes and checks them.
    let imploded = Writer::new(vec![
        File {
            compress: false,
            implode: true,
            ..File::new("data\\script.txt", &script())
        },
        File {
            compress: false,
            implode: true,
            encrypt: true,
            ..File::new("textures\\minimap.blp", &blp())
        },
    ]);
    s.push(Sample::new("imploded.mpq", imploded.build(), "ok", &[]));
    // Warcraft III beta maps keep a BLP0 minimap's levels as `war3mapMap.b00`… beside it in the
    // map: found there, the member is read and clean; without them it has no picture.
    let (blp0, levels) = blp0_minimap();
    let mut with_levels = vec![File::new("war3mapMap.blp", &blp0)];
    for (i, level) in levels.iter().enumerate() {
        with_levels.push(File::new(&format!("war3mapMap.b{i:02}"), level));
    }
    let mut unlisted = Writer::new(with_levels.clone());
    unlisted.listfile = false;
    s.push(Sample::new(
        "blp0_levels_in_map.w3m",
        Writer::new(with_levels).build(),
        "ok",
        &[],
    ));
    // The same with no (listfile): the levels are found by name through the hash table, as the
    // game finds them.
    s.push(Sample::new(
        "blp0_levels_unlisted.w3m",
        unlisted.build(),
        "ok",
        &["mpq-no-listfile"],
    ));
    s.push(Sample::new(
        "blp0_levels_missing.w3m",
        Writer::new(vec![File::new("war3mapMap.blp", &blp0)]).build(),
        "ok",
        &[],
    ));
    s.push(Sample::new(
        "valid_v2_user_data.mpq",
        Writer {
            version: 1,
            prefix: Prefix::UserData,
            ..plain.clone()
        }
        .build(),
        "ok",
        &[],
    ));
    s.push(Sample::new(
        "locales.mpq",
        Writer::new(vec![
            File {
                locale: 0x409,
                ..File::new("preview.txt", b"enUS")
            },
            File::new("preview.txt", b"neutral"),
            File {
                locale: 0x407,
                ..File::new("preview.txt", b"deDE")
            },
        ])
        .build(),
        "ok",
        &[],
    ));
    // One name in two locales and none neutral: a client in either locale finds its own; a
    // name lookup without a locale (StormLib's `GetHashEntryAny`) finds the first in the chain.
    s.push(Sample::new(
        "locales_no_neutral.mpq",
        Writer::new(vec![
            File {
                locale: 0x409,
                ..File::new("preview.txt", b"enUS")
            },
            File {
                locale: 0x407,
                ..File::new("preview.txt", b"deDE")
            },
        ])
        .build(),
        "ok",
        &[],
    ));
    s.push(Sample::new("valid_map.w3x", map().build(), "ok", &[]));
    s.push(Sample::new(
        "valid_v3_het_bet.mpq",
        Writer {
            het_bet: HetBet::Both,
            ..plain.clone()
        }
        .build(),
        "ok",
        &[],
    ));
    // A v3 archive with HET/BET tables only, one of whose entries is a deleted file (its flags lack
    // `FILE_EXISTS`): StormLib does not list it, nor do we.
    s.push(Sample::new(
        "het_bet_deleted.mpq",
        Writer {
            het_bet: HetBet::Only,
            ..Writer::new(vec![
                File::new("kept.txt", b"kept"),
                File {
                    deleted: true,
                    unlisted: true,
                    ..File::new("gone.txt", b"deleted")
                },
            ])
        }
        .build(),
        "ok",
        &[],
    ));
    s.push(Sample::new(
        "het_bet_disagree.mpq",
        Writer {
            het_bet: HetBet::Stale,
            ..plain.clone()
        }
        .build(),
        "warning",
        &["mpq-het-bet-disagree"],
    ));
    let mut b = Writer {
        het_bet: HetBet::Both,
        ..plain.clone()
    }
    .build();
    let het = u32::from_le_bytes([b[60], b[61], b[62], b[63]]) as usize;
    b[het] = b'X';
    s.push(Sample::new(
        "het_bet_malformed.mpq",
        b,
        "ok",
        &["mpq-het-bet-malformed"],
    ));
    for (name, kind, status, codes) in [
        ("attributes_crc32.mpq", AttributesKind::Crc32, "ok", &[][..]),
        (
            "attributes_crc.mpq",
            AttributesKind::BadCrc32,
            "warning",
            &["mpq-attributes-crc"][..],
        ),
        (
            "attributes_md5.mpq",
            AttributesKind::BadMd5,
            "warning",
            &["mpq-attributes-md5"][..],
        ),
        // Where an entry records both, the CRC32 decides (`formats/mpq/attributes.rs`).
        (
            "attributes_crc_decides.mpq",
            AttributesKind::Crc32WithBadMd5,
            "ok",
            &[][..],
        ),
        (
            "attributes_malformed.mpq",
            AttributesKind::BadVersion,
            "ok",
            &["mpq-attributes-malformed"][..],
        ),
        (
            "attributes_flags.mpq",
            AttributesKind::BadFlags,
            "ok",
            &["mpq-attributes-malformed"][..],
        ),
    ] {
        let w = Writer {
            attributes: kind,
            ..plain.clone()
        };
        s.push(Sample::new(name, w.build(), status, codes));
    }
    s.push(Sample::new(
        "het_bet_packed_v4.mpq",
        Writer {
            het_bet: HetBet::OnlyPacked,
            ..plain.clone()
        }
        .build(),
        "ok",
        &[],
    ));
    s.push(Sample::new(
        "het_bet_only.mpq",
        Writer {
            het_bet: HetBet::Only,
            ..plain.clone()
        }
        .build(),
        "ok",
        &[],
    ));
    s.push(Sample::new(
        "sector_crc.mpq",
        Writer::new(vec![File {
            sector_crc: true,
            encrypt: true,
            ..File::new("data\\script.txt", &script())
        }])
        .build(),
        "ok",
        &[],
    ));
    // No listfile: the map's names are known names, and an unlisted, encrypted member is
    // reached through the key recovered from its sector table.
    let mut unnamed = map();
    unnamed.listfile = false;
    unnamed.files.push(File {
        encrypt: true,
        ..File::new("war3mapImported\\secret.txt", &script())
    });
    s.push(Sample::new(
        "no_listfile.w3x",
        unnamed.build(),
        "ok",
        &["mpq-no-listfile"],
    ));
    // Binary data with no MPQ header at any 512-byte boundary (text is reported as what it is:
    // `misc/text-placeholder.w3x`).
    let mut headless = b"MPQ but no header anywhere\0".to_vec();
    headless.resize(1536, 0xA5);
    s.push(Sample::new(
        "no_header.mpq",
        headless,
        "error",
        &["mpq-no-header"],
    ));
    // Spazzler's decoys: user data at 0x200 and a BN3 header at 0x400, the real header at 0x600.
    let (m, _) = map().build_with_layout();
    let mut b = m[..512].to_vec();
    let mut decoy = b"MPQ\x1B".to_vec();
    decoy.extend_from_slice(&words(&[0x10, 0x10, 0x10]));
    decoy.resize(512, 0);
    b.extend_from_slice(&decoy);
    let mut bn3 = b"BN3\x1A".to_vec();
    bn3.resize(512, 0);
    b.extend_from_slice(&bn3);
    b.extend_from_slice(&m[512..]);
    s.push(Sample::new(
        "decoy_header.w3x",
        b,
        "warning",
        &["mpq-decoy-header"],
    ));
    let (m, l) = map().build_with_layout();
    let mut b = m.clone();
    b[l.header + 4..l.header + 8].copy_from_slice(b"SPAZ");
    s.push(Sample::new(
        "header_size.w3x",
        b,
        "warning",
        &["mpq-header-size"],
    ));
    let mut b = m.clone();
    b[l.header + 12] = 1;
    s.push(Sample::new(
        "version_forced.w3x",
        b,
        "warning",
        &["mpq-version-forced"],
    ));
    let (v, l) = plain.build_with_layout();
    let mut b = v.clone();
    set_u32(&mut b, l.header + 24, 0);
    s.push(Sample::new(
        "tables_empty.mpq",
        b,
        "error",
        &["mpq-tables-empty"],
    ));
    let (v, l) = Writer {
        hash_last: true,
        ..plain.clone()
    }
    .build_with_layout();
    let mut b = v.clone();
    set_u32(&mut b, l.header + 24, 64);
    s.push(Sample::new(
        "hash_table_past_eof.mpq",
        b,
        "warning",
        &["mpq-hash-table-past-eof"],
    ));
    let (v, l) = plain.build_with_layout();
    let mut b = v.clone();
    set_u32(&mut b, l.header + 28, 86_529);
    s.push(Sample::new(
        "block_table_past_eof.mpq",
        b,
        "warning",
        &["mpq-block-table-past-eof"],
    ));
    s.push(Sample::new(
        "hash_table_size.mpq",
        Writer {
            hash_entries: 12,
            ..plain.clone()
        }
        .build(),
        "warning",
        &["mpq-hash-table-size"],
    ));
    // A hash entry pointing past the block table: re-encrypt the table with one entry changed.
    let (v, l) = plain.build_with_layout();
    let mut b = v.clone();
    let table = &mut b[l.hash_table..l.hash_table + 16 * 16];
    crypt::decrypt_in_place(table, crypt::hash_table_key());
    if let Some(free) = table.chunks_mut(16).find(|e| e[12..16] == [0xFF; 4]) {
        free[..12].copy_from_slice(&words(&[1, 2, 0]));
        free[12..16].copy_from_slice(&999u32.to_le_bytes());
    }
    crypt::encrypt_in_place(table, crypt::hash_table_key());
    s.push(Sample::new(
        "block_index_invalid.mpq",
        b,
        "warning",
        &["mpq-block-index-invalid"],
    ));
    // One more block entry than the hash table reaches (the protectors' fake entries).
    let mut b = v.clone();
    let blocks = plain.files.len() + 1;
    let mut table = b[l.block_table..l.block_table + 16 * blocks].to_vec();
    crypt::decrypt_in_place(&mut table, crypt::block_table_key());
    table.extend_from_slice(&words(&[0, 0x8000_0000, 0x8000_0000, 0x8000_0200]));
    crypt::encrypt_in_place(&mut table, crypt::block_table_key());
    b.truncate(l.block_table);
    b.extend_from_slice(&table);
    set_u32(&mut b, l.header + 28, blocks as u32 + 1);
    s.push(Sample::new(
        "blocks_unreferenced.mpq",
        b,
        "ok",
        &["mpq-blocks-unreferenced"],
    ));
    s.extend(member_samples(&plain));
    s
}

/// Archives that are fine themselves but hold one member that cannot be read; the rule is on the
/// member (`tests/corpus.rs` lists them as member-triggered).
fn member_samples(plain: &Writer) -> Vec<Sample> {
    let mut s = Vec::new();
    let (v, l) = plain.build_with_layout();
    // Block 1 (the stored WAL) moved past the end of the file.
    let mut b = v.clone();
    let blocks = plain.files.len() + 1;
    let mut table = b[l.block_table..l.block_table + 16 * blocks].to_vec();
    crypt::decrypt_in_place(&mut table, crypt::block_table_key());
    set_u32(&mut table, 16, 0x00F0_0000);
    crypt::encrypt_in_place(&mut table, crypt::block_table_key());
    b[l.block_table..l.block_table + 16 * blocks].copy_from_slice(&table);
    s.push(Sample::new("member_past_eof.mpq", b, "ok", &[]));
    // Block 2 (the BLP): its second sector offset points far past the member.
    let one = Writer::new(vec![File::new("textures\\minimap.blp", &script())]);
    let (v, l) = one.build_with_layout();
    let mut b = v.clone();
    set_u32(&mut b, l.data[0] + 4, 0x00FF_FFFF);
    s.push(Sample::new("sector_table_invalid.mpq", b, "ok", &[]));
    // Block 0's stored size (4 bytes) cut inside its own sector offset table: the table ends early.
    let mut b = v.clone();
    let mut table = b[l.block_table..l.block_table + 32].to_vec();
    crypt::decrypt_in_place(&mut table, crypt::block_table_key());
    set_u32(&mut table, 4, 4);
    crypt::encrypt_in_place(&mut table, crypt::block_table_key());
    b[l.block_table..l.block_table + 32].copy_from_slice(&table);
    s.push(Sample::new("sector_table_cut.mpq", b, "ok", &[]));
    // A sector whose zlib stream is damaged.
    let mut b = v.clone();
    let first = u32::from_le_bytes(b[l.data[0]..l.data[0] + 4].try_into().unwrap_or([0; 4]));
    let at = l.data[0] + first as usize + 8;
    for x in &mut b[at..at + 16] {
        *x ^= 0x5A;
    }
    s.push(Sample::new("decompress_failed.mpq", b, "ok", &[]));
    // A single-unit member is one stream as long as the member, checked as it is decoded: damaged,
    // and imploded (PKWARE DCL, no mask byte).
    let unit = |implode: bool| {
        Writer::new(vec![File {
            single_unit: true,
            compress: !implode,
            implode,
            ..File::new("data\\script.txt", &script())
        }])
        .build_with_layout()
    };
    let (mut b, l) = unit(false);
    for x in &mut b[l.data[0] + 8..l.data[0] + 24] {
        *x ^= 0x5A;
    }
    s.push(Sample::new("single_unit_corrupt.mpq", b, "ok", &[]));
    s.push(Sample::new(
        "single_unit_imploded.mpq",
        unit(true).0,
        "ok",
        &[],
    ));
    // The same damage in the `(listfile)`, which the games never read: a warning on it.
    let mut names = String::new();
    for _ in 0..200 {
        names.push_str("data\\script.txt\r\n");
    }
    let mut listed = Writer::new(vec![
        File::new("(listfile)", names.as_bytes()),
        File::new("data\\script.txt", &script()),
    ]);
    listed.listfile = false;
    let (mut lb, ll) = listed.build_with_layout();
    let list_first =
        u32::from_le_bytes(lb[ll.data[0]..ll.data[0] + 4].try_into().unwrap_or([0; 4]));
    let at = ll.data[0] + list_first as usize + 8;
    for x in &mut lb[at..at + 16] {
        *x ^= 0x5A;
    }
    s.push(Sample::new("listfile_corrupt.mpq", lb, "ok", &[]));
    // A sector whose stored Adler-32 does not match its bytes.
    let crc = Writer::new(vec![File {
        sector_crc: true,
        ..File::new("data\\script.txt", &script())
    }]);
    let (c, cl) = crc.build_with_layout();
    let mut b = c.clone();
    let at = cl.data[0] + 4 * script().len().div_ceil(4096);
    let end = u32::from_le_bytes(b[at..at + 4].try_into().unwrap_or([0; 4])) as usize;
    b[cl.data[0] + end] ^= 0xFF;
    s.push(Sample::new("sector_crc_bad.mpq", b, "ok", &[]));
    // A sector whose stored Adler-32 is 0: StormLib takes 0 as "no checksum" and checks nothing.
    let mut b = c.clone();
    b[cl.data[0] + end..cl.data[0] + end + 4].fill(0);
    s.push(Sample::new("sector_crc_zero.mpq", b, "ok", &[]));
    // Eight identical sectors, so their Adler-32 table compresses: StormLib stores a CRC table
    // shorter than one word per sector packed (mask byte, then zlib), and reads it so.
    let same = b"lumpkit ".repeat(4096);
    let packed = Writer::new(vec![File {
        sector_crc: true,
        ..File::new("data\\same.txt", &same)
    }]);
    let (b, pl) = packed.build_with_layout();
    let data = pl.data[0];
    let sectors = same.len().div_ceil(4096);
    let word = |b: &[u8], i: usize| {
        u32::from_le_bytes(
            b[data + 4 * i..data + 4 * i + 4]
                .try_into()
                .unwrap_or([0; 4]),
        ) as usize
    };
    let (start, end) = (word(&b, sectors), word(&b, sectors + 1));
    // The same table with its last checksum off by one, so that a packed table is seen to be read.
    let mut wrong = b[data + start..data + end].to_vec();
    if let Some(last) = wrong.last_mut() {
        *last ^= 1;
    }
    for (name, checksums) in [
        (
            "sector_crc_packed.mpq",
            b[data + start..data + end].to_vec(),
        ),
        ("sector_crc_packed_bad.mpq", wrong),
    ] {
        let table = pack(&checksums);
        assert!(table.len() < end - start, "the CRC table does not compress");
        let mut b = b.clone();
        b[data + start..data + start + table.len()].copy_from_slice(&table);
        let new_end = (start + table.len()) as u32;
        b[data + 4 * (sectors + 1)..data + 4 * (sectors + 2)]
            .copy_from_slice(&new_end.to_le_bytes());
        s.push(Sample::new(name, b, "ok", &[]));
    }
    // A sector whose mask byte names no known method.
    let mut b = v.clone();
    b[l.data[0] + first as usize] = 0x04;
    s.push(Sample::new("compression_unsupported.mpq", b, "ok", &[]));
    // An encrypted, stored member that no name reaches: no sector table to recover its key from.
    s.push(Sample::new(
        "key_unknown.mpq",
        Writer::new(vec![File {
            compress: false,
            encrypt: true,
            unlisted: true,
            ..File::new("hidden.bin", &script())
        }])
        .build(),
        "ok",
        &[],
    ));
    s.push(Sample::new(
        "path_unsafe.mpq",
        Writer::new(vec![File::new("..\\escape.txt", b"out of the folder")]).build(),
        "ok",
        &[],
    ));
    s
}
