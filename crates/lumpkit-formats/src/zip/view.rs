//! The checked view of a ZIP archive: end records, the central directory as a typed iterator over the
//! caller's bytes, and each member's local header and data, borrowed.

use zerocopy::FromBytes;

use crate::bytes;
use crate::diag::Sink;
use crate::error::Error;
use crate::pak::view::name_is_unsafe;

use super::extra::ExtraFields;
use super::raw::{
    CENTRAL_SIGNATURE, CentralHeader, EOCD_SIGNATURE, Eocd, LOCAL_SIGNATURE, LocalHeader,
    ZIP64_EOCD_SIGNATURE, ZIP64_LOCATOR_SIGNATURE, Zip64Eocd, Zip64Locator,
};
use super::rules;

/// The most records a non-Zip64 archive can hold; more draw `zip-too-many-entries`.
pub const MAX_ENTRIES: u64 = 65_535;
/// Deflate's largest possible expansion (258-byte matches from about 2 bits each, rounded as zlib's
/// documentation gives it). A declared size beyond it is a lie or another method's extreme.
pub const MAX_RATIO: u64 = 1032;
/// Members smaller than this never draw `zip-ratio-suspicious`: tiny files of zeros are harmless.
const RATIO_FLOOR: u64 = 1 << 20;
/// Fixed part of the end record.
const EOCD_LEN: u64 = 22;
/// Longest comment the end record can declare.
const MAX_COMMENT: u64 = 65_535;
/// Fixed part of a central directory record.
const CENTRAL_LEN: u64 = 46;
/// Fixed part of a local header.
const LOCAL_LEN: u64 = 30;
/// Size of the Zip64 end record without its extensible data.
const ZIP64_EOCD_LEN: u64 = 56;
/// Size of the Zip64 locator.
const ZIP64_LOCATOR_LEN: u64 = 20;

/// Method 0: stored.
pub const METHOD_STORED: u16 = 0;
/// Method 8: deflate.
pub const METHOD_DEFLATE: u16 = 8;
/// Method 9: deflate64.
pub const METHOD_DEFLATE64: u16 = 9;
/// Method 12: bzip2.
pub const METHOD_BZIP2: u16 = 12;
/// Method 14: LZMA (with ZIP's 4-byte version/size prefix).
pub const METHOD_LZMA: u16 = 14;
/// Method 93: zstd (and the deprecated 20).
pub const METHOD_ZSTD: u16 = 93;
/// Method 99: WinZip AES (the real method is in the 0x9901 extra field).
pub const METHOD_AES: u16 = 99;

/// General purpose flag bit 0: encrypted.
pub const FLAG_ENCRYPTED: u16 = 0x0001;
/// Bit 3: CRC and sizes follow the data in a data descriptor.
pub const FLAG_DATA_DESCRIPTOR: u16 = 0x0008;
/// Bit 6: PKWARE strong encryption.
pub const FLAG_STRONG_ENCRYPTION: u16 = 0x0040;
/// Bit 11: name and comment are UTF-8.
pub const FLAG_UTF8: u16 = 0x0800;

/// A ZIP archive over the caller's bytes.
///
/// Written here rather than wrapping the `zip` or `rc-zip` crates because this crate never
/// allocates: their readers build a `Vec` or map of every record, while this one reads records in
/// place, and what needs sorting (overlaps, duplicate names) is left to the facade.
#[derive(Clone, Copy, Debug)]
pub struct Zip<'a> {
    file: &'a [u8],
    /// Bytes in front of the archive proper (a self-extractor stub): every offset the archive
    /// records is relative to this.
    pub base: u64,
    /// File offset of the central directory.
    pub cd_offset: u64,
    /// Size of the central directory in bytes.
    pub cd_size: u64,
    /// Number of central directory records.
    pub count: u64,
    /// File offset of the end record.
    pub eocd_offset: u64,
    /// The archive comment (clamped to the file).
    pub comment: &'a [u8],
    /// Whether the Zip64 end records were used.
    pub zip64: bool,
}

/// How a member is encrypted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encryption {
    /// Not encrypted.
    None,
    /// Traditional PKWARE ("ZipCrypto").
    Traditional,
    /// WinZip AES (method 99).
    Aes,
    /// PKWARE strong encryption (flag bit 6).
    Strong,
}

/// One central directory record, with Zip64 values resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry<'a> {
    /// Position in the central directory.
    pub index: u64,
    /// File offset of the record.
    pub record_offset: u64,
    /// Name bytes as stored (decode with [`Entry::utf8`] and [`Entry::unicode_path`]).
    pub name: &'a [u8],
    /// Extra field bytes.
    pub extra: &'a [u8],
    /// Version made by (high byte: host system).
    pub made_by: u16,
    /// General purpose flags.
    pub flags: u16,
    /// Compression method.
    pub method: u16,
    /// CRC-32 of the uncompressed data.
    pub crc32: u32,
    /// Compressed size.
    pub compressed_size: u64,
    /// Uncompressed size.
    pub size: u64,
    /// File offset of the local header (the archive's base added).
    pub local_offset: u64,
    /// External attributes.
    pub external_attributes: u32,
}

/// A member's local header and data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Local<'a> {
    /// File offset of the data.
    pub data_offset: u64,
    /// The compressed data, as many bytes as the central directory declares.
    pub data: &'a [u8],
    /// What disagrees with the central directory: 0x1 name, 0x2 method, 0x4 CRC or sizes,
    /// 0x8 encryption flag.
    pub mismatch: u8,
}

impl<'a> Entry<'a> {
    /// Whether the record is a directory (name ending in `/`).
    pub fn is_dir(&self) -> bool {
        self.name.last() == Some(&b'/')
    }

    /// Whether the name is UTF-8 by flag.
    pub fn utf8(&self) -> bool {
        self.flags & FLAG_UTF8 != 0
    }

    /// Whether the record is a Unix symbolic link (host 3, mode `S_IFLNK`).
    pub fn is_symlink(&self) -> bool {
        const S_IFMT: u32 = 0o170_000;
        const S_IFLNK: u32 = 0o120_000;
        self.made_by >> 8 == 3 && (self.external_attributes >> 16) & S_IFMT == S_IFLNK
    }

    /// How the member is encrypted.
    pub fn encryption(&self) -> Encryption {
        if self.method == METHOD_AES {
            Encryption::Aes
        } else if self.flags & FLAG_STRONG_ENCRYPTION != 0 && self.flags & FLAG_ENCRYPTED != 0 {
            Encryption::Strong
        } else if self.flags & FLAG_ENCRYPTED != 0 {
            Encryption::Traditional
        } else {
            Encryption::None
        }
    }

    /// The Info-ZIP Unicode Path extra field (0x7075): the CRC-32 of the header name it was made
    /// for, and the UTF-8 name. The caller checks the CRC (APPNOTE 4.6.9: ignore it on mismatch).
    pub fn unicode_path(&self) -> Option<(u32, &'a [u8])> {
        let (_, data) = ExtraFields::new(self.extra).find(|(id, _)| *id == 0x7075)?;
        if data.first() != Some(&1) {
            return None;
        }
        Some((bytes::u32_le(data, 1)?, data.get(5..)?))
    }
}

impl<'a> Zip<'a> {
    /// Whether `file` looks like a ZIP: a local header or an empty archive's end record in front.
    pub fn sniff(file: &[u8]) -> bool {
        file.starts_with(&LOCAL_SIGNATURE) || file.starts_with(&EOCD_SIGNATURE)
    }

    /// Whether an end record sits where one would (for files with a prefix: self-extractors).
    pub fn has_end_record(file: &[u8]) -> bool {
        find_eocd(file).is_some()
    }

    /// Finds the end records and checks every central directory record, its local header and its
    /// data bounds, reporting each member's problems to `sink`.
    pub fn parse(file: &'a [u8], sink: &mut impl Sink) -> Result<Zip<'a>, Error> {
        let len = file.len() as u64;
        let eocd_offset = find_eocd(file).ok_or(Error::file(
            &rules::EOCD_MISSING,
            0,
            [len.min(EOCD_LEN.saturating_add(MAX_COMMENT)), 0, 0],
        ))?;
        let eocd = bytes::tail(file, eocd_offset)
            .and_then(|t| Eocd::ref_from_prefix(t).ok())
            .map(|(e, _)| *e)
            .ok_or(Error::file(&rules::EOCD_MISSING, 0, [len, 0, 0]))?;
        let comment_start = eocd_offset.saturating_add(EOCD_LEN);
        let comment_len = u64::from(eocd.comment_len.get());
        let comment = bytes::tail(file, comment_start)
            .map(|t| {
                t.get(..t.len().min(usize::from(eocd.comment_len.get())))
                    .unwrap_or(t)
            })
            .unwrap_or(&[]);
        let mut zip = Zip {
            file,
            base: 0,
            cd_offset: u64::from(eocd.cd_offset.get()),
            cd_size: u64::from(eocd.cd_size.get()),
            count: u64::from(eocd.entries.get()),
            eocd_offset,
            comment,
            zip64: false,
        };
        let mut end_records = eocd_offset;
        let mut disks = (u32::from(eocd.disk.get()), u32::from(eocd.cd_disk.get()));
        if let Some(z64) = zip64_end(file, eocd_offset)? {
            zip.zip64 = true;
            zip.count = z64.1.entries.get();
            zip.cd_size = z64.1.cd_size.get();
            zip.cd_offset = z64.1.cd_offset.get();
            end_records = z64.0;
            // A Zip64 archive saturates the 16-bit disk numbers and keeps them here (4.3.14).
            disks = (z64.1.disk.get(), z64.1.cd_disk.get());
        }
        // One part of a split archive: every offset counts from the start of its own part, so
        // nothing here can be read (or checked) without the others. Said once, before any member
        // is looked at.
        if disks != (0, 0) {
            let (disk, cd_disk) = disks;
            return Err(Error::unsupported(
                &rules::MULTI_DISK,
                eocd_offset.saturating_add(4),
                [
                    u64::from(disk).saturating_add(1),
                    u64::from(cd_disk).saturating_add(1),
                    0,
                ],
            ));
        }
        // The directory ends where the end records begin; what the offsets leave before it is a
        // prefix (as Info-ZIP and CPython read self-extractors).
        let out_of_bounds = Error::file(
            &rules::CENTRAL_DIRECTORY_OUT_OF_BOUNDS,
            eocd_offset.saturating_add(12),
            [zip.cd_size, zip.cd_offset, len],
        );
        zip.base = end_records
            .checked_sub(zip.cd_size)
            .and_then(|b| b.checked_sub(zip.cd_offset))
            .ok_or(out_of_bounds)?;
        zip.cd_offset = zip.cd_offset.saturating_add(zip.base);
        if bytes::range(file, zip.cd_offset, zip.cd_size).is_none()
            || (zip.count > 0 && bytes::array::<4>(file, zip.cd_offset) != Some(CENTRAL_SIGNATURE))
        {
            return Err(out_of_bounds);
        }
        let trailing = len
            .saturating_sub(comment_start)
            .saturating_sub(comment_len);
        if trailing > 0 {
            sink.report(rules::TRAILING_DATA.with(
                comment_start.saturating_add(comment_len),
                [trailing, comment_len, 0],
            ))?;
        }
        let mut first_member = zip.cd_offset;
        let mut at = zip.cd_offset;
        for index in 0..zip.count {
            let Some((entry, next)) = read_record(file, zip.base, at, index) else {
                return Err(Error::file(
                    &rules::CENTRAL_HEADER_INVALID,
                    at,
                    [index, zip.count, 0],
                ));
            };
            first_member = first_member.min(entry.local_offset);
            zip.check_entry(&entry, sink)?;
            at = next;
        }
        // Records past the count but inside the directory's declared size: a 16-bit count that
        // wrapped (writers without Zip64 write the count modulo 65,536, and Info-ZIP reads on to the
        // directory's end), or records hidden from readers that trust the count. Each record is at
        // least 46 bytes of the file, so this ends.
        let cd_end = zip.cd_offset.saturating_add(zip.cd_size);
        let mut total = zip.count;
        while at < cd_end {
            let Some((entry, next)) = read_record(file, zip.base, at, total) else {
                break;
            };
            first_member = first_member.min(entry.local_offset);
            zip.check_entry(&entry, sink)?;
            at = next;
            total = total.saturating_add(1);
        }
        if total > zip.count {
            sink.report(
                rules::ENTRY_COUNT_SHORT
                    .with(eocd_offset.saturating_add(10), [zip.count, total, 0]),
            )?;
            zip.count = total;
        }
        if zip.count > MAX_ENTRIES {
            sink.report(rules::TOO_MANY_ENTRIES.with(eocd_offset, [zip.count, MAX_ENTRIES, 0]))?;
        }
        if first_member > 0 {
            sink.report(rules::PREFIX_DATA.with(0, [first_member, 0, 0]))?;
        }
        let outside = [
            (0, bytes::range(file, 0, first_member)),
            (comment_start, bytes::tail(file, comment_start)),
        ];
        for (start, region) in outside {
            if let Some(found) = region.and_then(archive_signature) {
                sink.report(rules::POLYGLOT.with(
                    start.saturating_add(found),
                    [start.saturating_add(found), 0, 0],
                ))?;
                break;
            }
        }
        Ok(zip)
    }

    /// The per-member checks that need no other member.
    fn check_entry(&self, entry: &Entry<'a>, sink: &mut impl Sink) -> Result<(), Error> {
        let (i, at) = (entry.index, entry.record_offset);
        if name_is_unsafe(entry.name) {
            sink.report(rules::NAME_UNSAFE.with(at, [i, 0, 0]))?;
        }
        if entry.name.contains(&b'\\') {
            sink.report(rules::NAME_BACKSLASH.with(at, [i, 0, 0]))?;
        }
        if entry.is_symlink() {
            sink.report(rules::SYMLINK.with(at, [i, 0, 0]))?;
        }
        let kind = match entry.encryption() {
            Encryption::None => 0,
            Encryption::Traditional => 1,
            Encryption::Aes => 2,
            Encryption::Strong => 3,
        };
        if kind != 0 {
            sink.report(rules::ENCRYPTED.with(at, [i, kind, 0]))?;
        }
        if entry.size > RATIO_FLOOR
            && entry
                .size
                .checked_div(entry.compressed_size.max(1))
                .unwrap_or(0)
                > MAX_RATIO
            && entry.method != METHOD_STORED
        {
            sink.report(rules::RATIO_SUSPICIOUS.with(at, [i, entry.size, entry.compressed_size]))?;
        }
        match self.local(entry) {
            Ok(local) if local.mismatch != 0 => sink.report(
                rules::LOCAL_HEADER_MISMATCH
                    .with(entry.local_offset, [i, local.mismatch.into(), 0]),
            ),
            Ok(_) => Ok(()),
            Err(e) => sink.report(e.diagnostic),
        }
    }

    /// The whole file.
    pub fn bytes(&self) -> &'a [u8] {
        self.file
    }

    /// The central directory records, in order.
    pub fn entries(&self) -> Entries<'a> {
        Entries {
            file: self.file,
            base: self.base,
            at: self.cd_offset,
            index: 0,
            count: self.count,
        }
    }

    /// The central directory record at `record_offset` (an [`Entry::record_offset`] of this
    /// archive), numbered `index`: a member found again without walking the directory up to it.
    pub fn entry_at(&self, record_offset: u64, index: u64) -> Option<Entry<'a>> {
        read_record(self.file, self.base, record_offset, index).map(|(entry, _)| entry)
    }

    /// A member's local header and compressed data: `zip-local-header-invalid` when the header is
    /// missing, `zip-data-out-of-bounds` when the data runs past the end.
    pub fn local(&self, entry: &Entry<'a>) -> Result<Local<'a>, Error> {
        let lo = entry.local_offset;
        let invalid = Error::file(
            &rules::LOCAL_HEADER_INVALID,
            entry.record_offset,
            [entry.index, lo, 0],
        );
        let header = bytes::tail(self.file, lo)
            .and_then(|t| LocalHeader::ref_from_prefix(t).ok())
            .map(|(h, _)| *h)
            .filter(|h| h.signature == LOCAL_SIGNATURE)
            .ok_or(invalid)?;
        let name_at = lo.saturating_add(LOCAL_LEN);
        let name_len = u64::from(header.name_len.get());
        let name = bytes::range(self.file, name_at, name_len).ok_or(invalid)?;
        let data_offset = name_at
            .saturating_add(name_len)
            .saturating_add(header.extra_len.get().into());
        let data =
            bytes::range(self.file, data_offset, entry.compressed_size).ok_or(Error::file(
                &rules::DATA_OUT_OF_BOUNDS,
                data_offset,
                [entry.index, entry.compressed_size, 0],
            ))?;
        let mut mismatch = 0u8;
        if name != entry.name {
            mismatch |= 0x1;
        }
        if header.method.get() != entry.method {
            mismatch |= 0x2;
        }
        let flags = header.flags.get();
        let sizes_in_header = flags & FLAG_DATA_DESCRIPTOR == 0
            && header.size.get() != u32::MAX
            && header.compressed_size.get() != u32::MAX;
        if sizes_in_header
            && (header.crc32.get() != entry.crc32
                || u64::from(header.size.get()) != entry.size
                || u64::from(header.compressed_size.get()) != entry.compressed_size)
        {
            mismatch |= 0x4;
        }
        if (flags ^ entry.flags) & FLAG_ENCRYPTED != 0 {
            mismatch |= 0x8;
        }
        Ok(Local {
            data_offset,
            data,
            mismatch,
        })
    }

    /// The span a member occupies, from its local header to the end of its data, for the overlap
    /// check; `None` when the member cannot be read.
    pub fn span(&self, entry: &Entry<'a>) -> Option<(u64, u64)> {
        let local = self.local(entry).ok()?;
        Some((
            entry.local_offset,
            local.data_offset.saturating_add(entry.compressed_size),
        ))
    }
}

/// The central directory records, read one at a time in place.
#[derive(Clone, Debug)]
pub struct Entries<'a> {
    file: &'a [u8],
    base: u64,
    at: u64,
    index: u64,
    count: u64,
}

impl<'a> Iterator for Entries<'a> {
    type Item = Entry<'a>;

    fn next(&mut self) -> Option<Entry<'a>> {
        if self.index >= self.count {
            return None;
        }
        let (entry, next) = read_record(self.file, self.base, self.at, self.index)?;
        self.at = next;
        self.index = self.index.saturating_add(1);
        Some(entry)
    }
}

/// The record at `at` and the offset of the next one.
fn read_record(file: &[u8], base: u64, at: u64, index: u64) -> Option<(Entry<'_>, u64)> {
    let (h, _) = CentralHeader::ref_from_prefix(bytes::tail(file, at)?).ok()?;
    if h.signature != CENTRAL_SIGNATURE {
        return None;
    }
    let name_at = at.saturating_add(CENTRAL_LEN);
    let name_len = u64::from(h.name_len.get());
    let extra_len = u64::from(h.extra_len.get());
    let name = bytes::range(file, name_at, name_len)?;
    let extra_at = name_at.saturating_add(name_len);
    let extra = bytes::range(file, extra_at, extra_len)?;
    let comment_at = extra_at.saturating_add(extra_len);
    bytes::range(file, comment_at, h.comment_len.get().into())?;
    let next = comment_at.saturating_add(h.comment_len.get().into());
    let mut entry = Entry {
        index,
        record_offset: at,
        name,
        extra,
        made_by: h.made_by.get(),
        flags: h.flags.get(),
        method: h.method.get(),
        crc32: h.crc32.get(),
        compressed_size: h.compressed_size.get().into(),
        size: h.size.get().into(),
        local_offset: h.local_offset.get().into(),
        external_attributes: h.external_attributes.get(),
    };
    // Zip64 extended information (APPNOTE 4.5.3): only the saturated fields, in this order.
    if let Some((_, z)) = ExtraFields::new(extra).find(|(id, _)| *id == 0x0001) {
        let mut pos = 0u64;
        for field in [
            &mut entry.size,
            &mut entry.compressed_size,
            &mut entry.local_offset,
        ] {
            if *field == u64::from(u32::MAX) {
                if let Some(v) = bytes::array::<8>(z, pos) {
                    *field = u64::from_le_bytes(v);
                }
                pos = pos.saturating_add(8);
            }
        }
    }
    entry.local_offset = entry.local_offset.saturating_add(base);
    Some((entry, next))
}

/// The offset of the end record: the last signature (from the end) whose record and comment fit
/// in the file, else the last whose record fits (its comment is then cut short).
fn find_eocd(file: &[u8]) -> Option<u64> {
    let len = file.len() as u64;
    let last = len.checked_sub(EOCD_LEN)?;
    let first = last.saturating_sub(MAX_COMMENT);
    let mut fallback = None;
    let mut pos = last;
    loop {
        if bytes::array::<4>(file, pos) == Some(EOCD_SIGNATURE) {
            let comment = bytes::u16_le(file, pos.saturating_add(20)).unwrap_or(0);
            if pos.saturating_add(EOCD_LEN).saturating_add(comment.into()) <= len {
                return Some(pos);
            }
            fallback = fallback.or(Some(pos));
        }
        if pos == first {
            return fallback;
        }
        pos = pos.saturating_sub(1);
    }
}

/// The Zip64 end record (offset and contents) when a locator precedes the end record. CPython
/// reads it right before the locator; the locator's own offset is relative to the archive start,
/// which a prefix moves, so it is the second choice.
fn zip64_end(file: &[u8], eocd_offset: u64) -> Result<Option<(u64, Zip64Eocd)>, Error> {
    let Some(locator_at) = eocd_offset.checked_sub(ZIP64_LOCATOR_LEN) else {
        return Ok(None);
    };
    let Some((locator, _)) = bytes::tail(file, locator_at)
        .and_then(|t| Zip64Locator::ref_from_prefix(t).ok())
        .filter(|(l, _)| l.signature == ZIP64_LOCATOR_SIGNATURE)
    else {
        return Ok(None);
    };
    let read = |at: u64| {
        bytes::tail(file, at)
            .and_then(|t| Zip64Eocd::ref_from_prefix(t).ok())
            .map(|(z, _)| *z)
            .filter(|z| z.signature == ZIP64_EOCD_SIGNATURE)
            .map(|z| (at, z))
    };
    let declared = locator.eocd_offset.get();
    locator_at
        .checked_sub(ZIP64_EOCD_LEN)
        .and_then(read)
        .or_else(|| read(declared))
        .map(Some)
        .ok_or(Error::file(
            &rules::ZIP64_INVALID,
            locator_at.saturating_add(8),
            [declared, 0, 0],
        ))
}

/// The offset within `region` of another archive's signature (ZIP, RAR, 7z), if any.
fn archive_signature(region: &[u8]) -> Option<u64> {
    const SIGNATURES: [&[u8]; 4] = [
        b"PK\x03\x04",
        b"PK\x05\x06",
        b"Rar!\x1a\x07",
        b"7z\xbc\xaf\x27\x1c",
    ];
    (0..region.len())
        .find(|&p| {
            region
                .get(p..)
                .is_some_and(|tail| SIGNATURES.iter().any(|s| tail.starts_with(s)))
        })
        .map(|p| p as u64)
}
