//! Writers of ZIP archives, laid out as APPNOTE.TXT 6.3.10 describes them (local headers and data,
//! central directory, optional Zip64 end records, end record), with one archive per `zip-*` rule
//! and the bombs: overlapping members, a member that claims gigabytes, archives inside archives.

use std::io::Write;

use flate2::Compression;
use flate2::write::DeflateEncoder;

use crate::Sample;

/// One member as the writer lays it out.
#[derive(Clone, Debug)]
pub struct Member {
    /// Name bytes, in the central directory (and the local header unless `local_name`).
    pub name: Vec<u8>,
    /// Uncompressed content.
    pub content: Vec<u8>,
    /// Compression method: 0 stored, 8 deflate; others are written with `raw` data.
    pub method: u16,
    /// General purpose flags (bit 3 adds a data descriptor).
    pub flags: u16,
    /// Version made by (high byte: host; 3 = Unix).
    pub made_by: u16,
    /// External attributes.
    pub external: u32,
    /// Extra field of the central record.
    pub extra: Vec<u8>,
    /// Declared uncompressed size, when it should not be the content's.
    pub declared_size: Option<u64>,
    /// Declared CRC-32, when it should not be the content's.
    pub crc: Option<u32>,
    /// The name in the local header, when it should differ.
    pub local_name: Option<Vec<u8>>,
    /// Stored bytes, when they should not be the encoded content.
    pub raw: Option<Vec<u8>>,
}

impl Member {
    /// A stored member.
    pub fn stored(name: &str, content: &[u8]) -> Member {
        Member {
            name: name.as_bytes().to_vec(),
            content: content.to_vec(),
            method: 0,
            flags: 0,
            made_by: 20,
            external: 0,
            extra: Vec::new(),
            declared_size: None,
            crc: None,
            local_name: None,
            raw: None,
        }
    }

    /// A deflated member.
    pub fn deflated(name: &str, content: &[u8]) -> Member {
        Member {
            method: 8,
            ..Member::stored(name, content)
        }
    }

    /// The bytes stored in the archive.
    fn data(&self) -> Vec<u8> {
        if let Some(raw) = &self.raw {
            return raw.clone();
        }
        match self.method {
            8 => deflate(&self.content),
            _ => self.content.clone(),
        }
    }
}

/// Raw deflate (no zlib header) at the best level.
pub fn deflate(data: &[u8]) -> Vec<u8> {
    let mut e = DeflateEncoder::new(Vec::new(), Compression::best());
    e.write_all(data).unwrap_or_default();
    e.finish().unwrap_or_default()
}

/// A whole archive.
#[derive(Clone, Debug, Default)]
pub struct Archive {
    /// Bytes before the first member (offsets stay absolute, as `zip -A` writes them).
    pub prefix: Vec<u8>,
    /// The members, in file order.
    pub members: Vec<Member>,
    /// End record comment.
    pub comment: Vec<u8>,
    /// Bytes after the comment.
    pub trailing: Vec<u8>,
    /// Write Zip64 end records and extra fields.
    pub zip64: bool,
}

fn u16le(out: &mut Vec<u8>, v: u16) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn u32le(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn u64le(out: &mut Vec<u8>, v: u64) {
    out.extend_from_slice(&v.to_le_bytes());
}

impl Archive {
    /// An archive of `members`.
    pub fn of(members: Vec<Member>) -> Archive {
        Archive {
            members,
            ..Archive::default()
        }
    }

    /// The archive's bytes.
    pub fn bytes(&self) -> Vec<u8> {
        let mut out = self.prefix.clone();
        let mut central = Vec::new();
        for m in &self.members {
            let offset = out.len() as u64;
            let data = m.data();
            let size = m.declared_size.unwrap_or(m.content.len() as u64);
            let crc = m.crc.unwrap_or_else(|| crc32fast::hash(&m.content));
            let descriptor = m.flags & 8 != 0;
            let local_name = m.local_name.as_ref().unwrap_or(&m.name);
            out.extend_from_slice(b"PK\x03\x04");
            u16le(&mut out, if self.zip64 { 45 } else { 20 });
            u16le(&mut out, m.flags);
            u16le(&mut out, m.method);
            u32le(&mut out, 0x5A21_0000); // 2025-01-01 00:00
            let (lcrc, lcsize, lsize) = if descriptor {
                (0, 0, 0)
            } else {
                (crc, data.len() as u32, size as u32)
            };
            u32le(&mut out, lcrc);
            u32le(&mut out, lcsize);
            u32le(&mut out, lsize);
            u16le(&mut out, local_name.len() as u16);
            u16le(&mut out, 0);
            out.extend_from_slice(local_name);
            out.extend_from_slice(&data);
            if descriptor {
                out.extend_from_slice(b"PK\x07\x08");
                u32le(&mut out, crc);
                u32le(&mut out, data.len() as u32);
                u32le(&mut out, size as u32);
            }
            let mut extra = m.extra.clone();
            if self.zip64 {
                extra.extend_from_slice(&[1, 0, 24, 0]);
                u64le(&mut extra, size);
                u64le(&mut extra, data.len() as u64);
                u64le(&mut extra, offset);
            }
            central.extend_from_slice(b"PK\x01\x02");
            u16le(&mut central, m.made_by);
            u16le(&mut central, if self.zip64 { 45 } else { 20 });
            u16le(&mut central, m.flags);
            u16le(&mut central, m.method);
            u32le(&mut central, 0x5A21_0000);
            u32le(&mut central, crc);
            let saturated = |v: u64| if self.zip64 { u32::MAX } else { v as u32 };
            u32le(&mut central, saturated(data.len() as u64));
            u32le(&mut central, saturated(size));
            u16le(&mut central, m.name.len() as u16);
            u16le(&mut central, extra.len() as u16);
            u16le(&mut central, 0);
            u16le(&mut central, 0);
            u16le(&mut central, 0);
            u32le(&mut central, m.external);
            u32le(&mut central, saturated(offset));
            central.extend_from_slice(&m.name);
            central.extend_from_slice(&extra);
        }
        let cd_offset = out.len() as u64;
        let cd_size = central.len() as u64;
        out.extend_from_slice(&central);
        let count = self.members.len() as u64;
        if self.zip64 {
            let z64 = out.len() as u64;
            out.extend_from_slice(b"PK\x06\x06");
            u64le(&mut out, 44);
            u16le(&mut out, 45);
            u16le(&mut out, 45);
            u32le(&mut out, 0);
            u32le(&mut out, 0);
            u64le(&mut out, count);
            u64le(&mut out, count);
            u64le(&mut out, cd_size);
            u64le(&mut out, cd_offset);
            out.extend_from_slice(b"PK\x06\x07");
            u32le(&mut out, 0);
            u64le(&mut out, z64);
            u32le(&mut out, 1);
        }
        out.extend_from_slice(b"PK\x05\x06");
        u16le(&mut out, 0);
        u16le(&mut out, 0);
        let (c16, size32, off32) = if self.zip64 {
            (u16::MAX, u32::MAX, u32::MAX)
        } else {
            (count as u16, cd_size as u32, cd_offset as u32)
        };
        u16le(&mut out, c16);
        u16le(&mut out, c16);
        u32le(&mut out, size32);
        u32le(&mut out, off32);
        u16le(&mut out, self.comment.len() as u16);
        out.extend_from_slice(&self.comment);
        out.extend_from_slice(&self.trailing);
        out
    }
}

/// Offset of the end record in `zip` (the writer puts no signature in comments unless asked).
fn eocd(zip: &[u8]) -> usize {
    zip.windows(4)
        .rposition(|w| w == b"PK\x05\x06")
        .unwrap_or(0)
}

fn set_u16(b: &mut [u8], at: usize, v: u16) {
    b[at..at + 2].copy_from_slice(&v.to_le_bytes());
}

fn set_u32(b: &mut [u8], at: usize, v: u32) {
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

/// Offset of the first central directory record.
fn central(zip: &[u8]) -> usize {
    let at = eocd(zip);
    u32::from_le_bytes([zip[at + 16], zip[at + 17], zip[at + 18], zip[at + 19]]) as usize
}

/// Text that compresses well, as mod files' scripts and definitions do.
fn script() -> Vec<u8> {
    let mut text = Vec::new();
    for i in 0..200 {
        text.extend_from_slice(
            format!("actor Monster{i} : Zombieman {{ Health {} }}\n", 20 + i).as_bytes(),
        );
    }
    text
}

/// A valid mod archive: a folder, a script and a texture.
fn mod_members() -> Vec<Member> {
    vec![
        Member::stored("textures/", b""),
        Member::deflated("scripts/monsters.txt", &script()),
        Member::stored(
            "textures/floor1_3.wal",
            &crate::wal::wal("floor1_3", 16, 16),
        ),
    ]
}

/// A member that claims `size` bytes and holds an empty deflate stream: what archive bombs
/// declare without the bytes to back it.
fn claims(name: &str, size: u64) -> Member {
    Member {
        declared_size: Some(size),
        raw: Some(deflate(&[0; 4096])),
        ..Member::deflated(name, &[])
    }
}

/// The last part of a split archive as `zip -s` (Info-ZIP) or PKZIP write it, cut from the
/// archive of `members` into `parts` parts of about equal length: each central record names the
/// part its member starts in and an offset from that part's start; the central directory and the
/// end record (this part's number, the part the directory starts in) sit in the last part, which
/// starts inside a member's data.
fn last_split_part(members: Vec<Member>, parts: u16) -> Vec<u8> {
    let whole = Archive::of(members).bytes();
    let cd = central(&whole);
    let end = eocd(&whole);
    let part_len = cd / usize::from(parts);
    let starts: Vec<usize> = (0..usize::from(parts)).map(|p| p * part_len).collect();
    let last = *starts.last().unwrap_or(&0);
    let mut records = whole[cd..end].to_vec();
    let mut at = 0;
    while at + 46 <= records.len() && records[at..at + 4] == *b"PK\x01\x02" {
        let offset = u32::from_le_bytes([
            records[at + 42],
            records[at + 43],
            records[at + 44],
            records[at + 45],
        ]) as usize;
        let part = starts.iter().rposition(|&s| s <= offset).unwrap_or(0);
        set_u16(&mut records, at + 34, part as u16);
        set_u32(&mut records, at + 42, (offset - starts[part]) as u32);
        let lens = |i: usize| u16::from_le_bytes([records[at + i], records[at + i + 1]]) as usize;
        at += 46 + lens(28) + lens(30) + lens(32);
    }
    let mut out = whole[last..cd].to_vec();
    let cd_offset = out.len();
    out.extend_from_slice(&records);
    let mut tail = whole[end..].to_vec();
    set_u16(&mut tail, 4, parts - 1);
    set_u16(&mut tail, 6, parts - 1);
    set_u32(&mut tail, 16, cd_offset as u32);
    out.extend_from_slice(&tail);
    out
}

/// Members nested by quoting: each stored member's data is the next member's local header and
/// data, so every span overlaps the one before it (the trick of Fifield's non-recursive bomb,
/// without the gigabytes). The innermost member is deflated.
fn overlapping() -> Vec<u8> {
    let kernel = Member::deflated("kernel.txt", &script());
    let mut inner = Archive::of(vec![kernel.clone()]).bytes();
    let mut members = vec![kernel];
    for i in 0..3 {
        // The local header and data of the member inside, cut from its own archive.
        let quoted = inner[..central(&inner)].to_vec();
        let m = Member::stored(&format!("layer{i}.bin"), &quoted);
        members.insert(0, m.clone());
        inner = Archive::of(vec![m]).bytes();
    }
    // Lay the outermost member out, then add central records for the members quoted inside it,
    // each pointing at its local header inside the outer member's data.
    let outer = &members[0];
    let mut out = Archive::of(vec![outer.clone()]).bytes();
    let cd = central(&out);
    let mut records = out[cd..eocd(&out)].to_vec();
    let mut offset = 30 + outer.name.len();
    for m in &members[1..] {
        let single = Archive::of(vec![m.clone()]).bytes();
        let mut record = single[central(&single)..eocd(&single)].to_vec();
        set_u32(&mut record, 42, offset as u32);
        records.extend_from_slice(&record);
        offset += 30 + m.name.len();
    }
    out.truncate(cd);
    out.extend_from_slice(&records);
    out.extend_from_slice(b"PK\x05\x06\0\0\0\0");
    u16le(&mut out, members.len() as u16);
    u16le(&mut out, members.len() as u16);
    u32le(&mut out, records.len() as u32);
    u32le(&mut out, cd as u32);
    u16le(&mut out, 0);
    out
}

/// Every ZIP sample.
pub fn samples() -> Vec<Sample> {
    let valid = Archive::of(mod_members()).bytes();
    let mut s = vec![
        Sample::new("valid.zip", valid.clone(), "ok", &[]),
        Sample::new(
            "valid_zip64.pk3",
            Archive {
                zip64: true,
                ..Archive::of(mod_members())
            }
            .bytes(),
            "ok",
            &[],
        ),
    ];
    let descriptor = mod_members()
        .into_iter()
        .map(|m| Member { flags: 0x0808, ..m })
        .collect();
    s.push(Sample::new(
        "valid_descriptor_utf8.pk3",
        Archive::of(descriptor).bytes(),
        "ok",
        &[],
    ));
    // An addon whose icons were all made by one tool with one habit: the same finding on every
    // member, which `check` and the page show as one line.
    let habit = crate::blp::samples()
        .into_iter()
        .find(|b| b.name == "mip-size-mismatch.blp")
        .map(|b| b.bytes)
        .unwrap_or_default();
    let icons = (0..6)
        .map(|i| Member::stored(&format!("icons/icon{i}.blp"), &habit))
        .collect();
    s.push(Sample::new(
        "icons_one_habit.zip",
        Archive::of(icons).bytes(),
        "ok",
        &[],
    ));
    // A CP437 name (no flag: "café.txt" as DOS wrote it) and a UTF-8 one given by 0x7075.
    let mut unicode = Member::stored("cafe_readme.txt", b"bonjour");
    let mut extra = vec![0x75, 0x70];
    let utf8 = "café_readme.txt".as_bytes();
    u16le(&mut extra, (5 + utf8.len()) as u16);
    extra.push(1);
    u32le(&mut extra, crc32fast::hash(b"cafe_readme.txt"));
    extra.extend_from_slice(utf8);
    unicode.extra = extra;
    let mut cp437 = Member::stored("x", b"menu");
    cp437.name = b"men\x81.txt".to_vec();
    s.push(Sample::new(
        "valid_names.zip",
        Archive::of(vec![cp437, unicode]).bytes(),
        "ok",
        &[],
    ));

    // End records and directory.
    s.push(Sample::new(
        "eocd_missing.zip",
        valid[..valid.len() - 22].to_vec(),
        "error",
        &["zip-eocd-missing"],
    ));
    let mut b = valid.clone();
    let end = eocd(&b);
    set_u32(&mut b, end + 16, 0x00FF_0000);
    s.push(Sample::new(
        "central_directory_out_of_bounds.zip",
        b,
        "error",
        &["zip-central-directory-out-of-bounds"],
    ));
    // One record fewer counted than the directory holds (as a count wrapped at 65,536 looks).
    let mut b = valid.clone();
    let end = eocd(&b);
    let counted = u16::from_le_bytes([b[end + 10], b[end + 11]]) - 1;
    set_u16(&mut b, end + 8, counted);
    set_u16(&mut b, end + 10, counted);
    s.push(Sample::new(
        "entry_count_short.pk3",
        b,
        "warning",
        &["zip-entry-count-short"],
    ));
    let mut b = valid.clone();
    let end = eocd(&b);
    set_u16(&mut b, end + 8, 4);
    set_u16(&mut b, end + 10, 4);
    s.push(Sample::new(
        "central_header_invalid.zip",
        b,
        "error",
        &["zip-central-header-invalid"],
    ));
    let mut b = Archive {
        zip64: true,
        ..Archive::of(mod_members())
    }
    .bytes();
    let z64 = b.windows(4).rposition(|w| w == b"PK\x06\x06").unwrap_or(0);
    b[z64 + 3] = 0;
    s.push(Sample::new(
        "zip64_invalid.zip",
        b,
        "error",
        &["zip-zip64-invalid"],
    ));
    let mut b = valid.clone();
    let end = eocd(&b);
    set_u16(&mut b, end + 4, 1);
    s.push(Sample::new("multi_disk.zip", b, "ok", &["zip-multi-disk"]));
    // The last of three parts of a split mod archive (`mod.z01`, `mod.z02`, `mod.zip`): said once
    // that it cannot be read alone (not checked); not one "local header missing" per member.
    let many: Vec<Member> = (0..40)
        .map(|i| Member::deflated(&format!("scripts/part{i}.txt"), &script()))
        .collect();
    s.push(Sample::new(
        "split_last_part.zip",
        last_split_part(many, 3),
        "ok",
        &["zip-multi-disk"],
    ));
    s.push(Sample::new(
        "trailing_data.zip",
        Archive {
            comment: b"made by a test".to_vec(),
            trailing: b"\n\n-- uploaded with a forum signature --\n".to_vec(),
            ..Archive::of(mod_members())
        }
        .bytes(),
        "ok",
        &["zip-trailing-data"],
    ));
    s.push(Sample::new(
        "prefix_data.zip",
        Archive {
            prefix: b"#!/bin/sh\nexec unzip \"$0\"\n".to_vec(),
            ..Archive::of(mod_members())
        }
        .bytes(),
        "ok",
        &["zip-prefix-data"],
    ));
    s.push(Sample::new(
        "polyglot_prefix.zip",
        Archive {
            prefix: Archive::of(vec![Member::stored("hidden.txt", b"another archive")]).bytes(),
            ..Archive::of(mod_members())
        }
        .bytes(),
        "warning",
        &["zip-polyglot", "zip-prefix-data"],
    ));
    let hidden = Archive::of(vec![Member::stored("hidden.txt", b"x")]).bytes();
    s.push(Sample::new(
        "polyglot_comment.zip",
        Archive {
            comment: hidden[..central(&hidden)].to_vec(),
            ..Archive::of(mod_members())
        }
        .bytes(),
        "warning",
        &["zip-polyglot"],
    ));

    // Bombs.
    s.push(Sample::new(
        "overlapping_members.zip",
        overlapping(),
        "error",
        &["zip-overlapping-members"],
    ));
    s.push(Sample::new(
        "bomb_declared_size.zip",
        Archive::of(vec![claims("zeros.bin", 0xFFFF_FFF0)]).bytes(),
        "error",
        &[
            "limit-unpacked-bomb",
            "zip-declared-total-too-large",
            "zip-ratio-suspicious",
        ],
    ));
    let bomb = Archive::of(vec![claims("zeros.bin", 0xFFFF_FFF0)]).bytes();
    s.push(Sample::new(
        "bomb_nested.zip",
        Archive::of(vec![
            Member::stored("a.zip", &bomb),
            Member::stored("b.zip", &bomb),
        ])
        .bytes(),
        "ok",
        &[],
    ));
    let encrypted_bomb = Member {
        flags: 1,
        raw: Some(vec![0x5A; 64]),
        declared_size: Some(1 << 30),
        ..Member::deflated("huge.bin", &[])
    };
    s.push(Sample::new(
        "ratio_suspicious.zip",
        Archive::of(vec![encrypted_bomb]).bytes(),
        "warning",
        &["zip-encrypted", "zip-ratio-suspicious"],
    ));

    // Members.
    let mut b = valid.clone();
    let cd = central(&b);
    // The script's record is the second; point it into the middle of its own data.
    let second = cd + 46 + "textures/".len();
    set_u32(&mut b, second + 42, 40);
    s.push(Sample::new(
        "local_header_invalid.zip",
        b,
        "error",
        &["zip-local-header-invalid"],
    ));
    let mut m = Member::stored("readme.txt", b"hello");
    m.local_name = Some(b"README.EXE".to_vec());
    s.push(Sample::new(
        "local_header_mismatch.zip",
        Archive::of(vec![m]).bytes(),
        "warning",
        &["zip-local-header-mismatch"],
    ));
    let mut b = Archive::of(vec![Member::stored("readme.txt", b"hello")]).bytes();
    let cd = central(&b);
    set_u32(&mut b, cd + 20, 1 << 20);
    s.push(Sample::new(
        "data_out_of_bounds.zip",
        b,
        "error",
        &["zip-data-out-of-bounds"],
    ));
    let names: [(&str, &[&str], &str, &[&'static str]); 4] = [
        (
            "name_unsafe.zip",
            &["../../autoexec.cfg"],
            "warning",
            &["zip-name-unsafe"],
        ),
        (
            "name_backslash.zip",
            &["docs\\readme.txt"],
            "warning",
            &["zip-name-backslash"],
        ),
        (
            "name_duplicate.zip",
            &["a.txt", "a.txt"],
            "warning",
            &["zip-name-duplicate"],
        ),
        (
            "name_case_collision.zip",
            &["Textures/Wall.tga", "textures/wall.tga"],
            "warning",
            &["zip-name-case-collision"],
        ),
    ];
    for (file, members, status, codes) in names {
        let members = members
            .iter()
            .enumerate()
            .map(|(i, n)| Member::stored(n, format!("content {i}").as_bytes()))
            .collect();
        s.push(Sample::new(
            file,
            Archive::of(members).bytes(),
            status,
            codes,
        ));
    }
    let link = Member {
        made_by: 0x0314,
        external: 0o120_777 << 16,
        ..Member::stored("baseq3", b"/etc")
    };
    s.push(Sample::new(
        "symlink.zip",
        Archive::of(vec![link]).bytes(),
        "warning",
        &["zip-symlink"],
    ));
    let aes = Member {
        method: 99,
        flags: 1,
        extra: vec![0x01, 0x99, 7, 0, 2, 0, b'A', b'E', 3, 8, 0],
        raw: Some(vec![0x33; 40]),
        ..Member::stored("secret.txt", b"")
    };
    s.push(Sample::new(
        "encrypted.zip",
        Archive::of(vec![aes]).bytes(),
        "warning",
        &["zip-encrypted"],
    ));
    let implode = Member {
        method: 6,
        raw: Some(vec![0x0B, 0x02, 0x55]),
        ..Member::stored("old.txt", b"abc")
    };
    s.push(Sample::new(
        "method_unsupported.zip",
        Archive::of(vec![implode]).bytes(),
        "ok",
        &["zip-method-unsupported"],
    ));
    // Deflate64 (method 9, as PKZIP and 7-Zip write it for large files): one stored block, whose
    // layout Deflate64 shares with Deflate. It decodes, and its CRC-32 matches.
    let text = b"Deflate64 member";
    let mut stored_block = vec![0x01];
    stored_block.extend_from_slice(&(text.len() as u16).to_le_bytes());
    stored_block.extend_from_slice(&(!(text.len() as u16)).to_le_bytes());
    stored_block.extend_from_slice(text);
    let deflate64 = Member {
        method: 9,
        raw: Some(stored_block),
        ..Member::stored("big.txt", text)
    };
    s.push(Sample::new(
        "deflate64.zip",
        Archive::of(vec![deflate64]).bytes(),
        "ok",
        &[],
    ));
    let corrupt = Member {
        raw: Some(vec![0xFF; 16]),
        ..Member::deflated("broken.txt", b"some text")
    };
    s.push(Sample::new(
        "data_corrupt.zip",
        Archive::of(vec![corrupt]).bytes(),
        "error",
        &["zip-data-corrupt"],
    ));
    let crc = Member {
        crc: Some(0x1234_5678),
        ..Member::deflated("scripts/monsters.txt", &script())
    };
    s.push(Sample::new(
        "crc_mismatch.zip",
        Archive::of(vec![crc]).bytes(),
        "error",
        &["zip-crc-mismatch"],
    ));
    let short = Member {
        declared_size: Some(10_000),
        ..Member::deflated("scripts/monsters.txt", &script())
    };
    s.push(Sample::new(
        "size_mismatch.zip",
        Archive::of(vec![short]).bytes(),
        "error",
        &["zip-size-mismatch"],
    ));
    s
}
