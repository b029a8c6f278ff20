//! On-disk records of a ZIP archive (PKWARE APPNOTE.TXT 6.3.10, sections 4.3.7, 4.3.12, 4.3.14–16).

use zerocopy::little_endian::{U16, U32, U64};
use zerocopy::{FromBytes, Immutable, KnownLayout, Unaligned};

/// `PK\x03\x04`: local file header (4.3.7).
pub const LOCAL_SIGNATURE: [u8; 4] = *b"PK\x03\x04";
/// `PK\x01\x02`: central directory file header (4.3.12).
pub const CENTRAL_SIGNATURE: [u8; 4] = *b"PK\x01\x02";
/// `PK\x05\x06`: end of central directory record (4.3.16).
pub const EOCD_SIGNATURE: [u8; 4] = *b"PK\x05\x06";
/// `PK\x06\x07`: Zip64 end of central directory locator (4.3.15).
pub const ZIP64_LOCATOR_SIGNATURE: [u8; 4] = *b"PK\x06\x07";
/// `PK\x06\x06`: Zip64 end of central directory record (4.3.14).
pub const ZIP64_EOCD_SIGNATURE: [u8; 4] = *b"PK\x06\x06";

/// End of central directory record (22 bytes, then the comment).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Eocd {
    /// [`EOCD_SIGNATURE`].
    pub signature: [u8; 4],
    /// Number of this disk.
    pub disk: U16,
    /// Disk where the central directory starts.
    pub cd_disk: U16,
    /// Central directory records on this disk.
    pub entries_on_disk: U16,
    /// Central directory records in total.
    pub entries: U16,
    /// Size of the central directory in bytes.
    pub cd_size: U32,
    /// Offset of the central directory from the start of the archive.
    pub cd_offset: U32,
    /// Length of the comment that follows.
    pub comment_len: U16,
}

/// Zip64 end of central directory locator (20 bytes), just before the EOCD.
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Zip64Locator {
    /// [`ZIP64_LOCATOR_SIGNATURE`].
    pub signature: [u8; 4],
    /// Disk holding the Zip64 EOCD record.
    pub eocd_disk: U32,
    /// Offset of the Zip64 EOCD record.
    pub eocd_offset: U64,
    /// Total number of disks.
    pub disks: U32,
}

/// Zip64 end of central directory record (56 bytes, then an extensible data sector).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct Zip64Eocd {
    /// [`ZIP64_EOCD_SIGNATURE`].
    pub signature: [u8; 4],
    /// Size of the rest of this record.
    pub record_size: U64,
    /// Version made by.
    pub made_by: U16,
    /// Version needed to extract.
    pub needed: U16,
    /// Number of this disk.
    pub disk: U32,
    /// Disk where the central directory starts.
    pub cd_disk: U32,
    /// Central directory records on this disk.
    pub entries_on_disk: U64,
    /// Central directory records in total.
    pub entries: U64,
    /// Size of the central directory.
    pub cd_size: U64,
    /// Offset of the central directory.
    pub cd_offset: U64,
}

/// Central directory file header (46 bytes, then name, extra field and comment).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct CentralHeader {
    /// [`CENTRAL_SIGNATURE`].
    pub signature: [u8; 4],
    /// Version made by (high byte: host system, 3 = Unix).
    pub made_by: U16,
    /// Version needed to extract.
    pub needed: U16,
    /// General purpose bit flag.
    pub flags: U16,
    /// Compression method.
    pub method: U16,
    /// MS-DOS time.
    pub time: U16,
    /// MS-DOS date.
    pub date: U16,
    /// CRC-32 of the uncompressed data.
    pub crc32: U32,
    /// Compressed size (0xFFFFFFFF: in the Zip64 extra field).
    pub compressed_size: U32,
    /// Uncompressed size (0xFFFFFFFF: in the Zip64 extra field).
    pub size: U32,
    /// Length of the name.
    pub name_len: U16,
    /// Length of the extra field.
    pub extra_len: U16,
    /// Length of the comment.
    pub comment_len: U16,
    /// Disk where the member starts.
    pub disk: U16,
    /// Internal attributes.
    pub internal_attributes: U16,
    /// External attributes (Unix hosts: the mode in the high 16 bits).
    pub external_attributes: U32,
    /// Offset of the local header (0xFFFFFFFF: in the Zip64 extra field).
    pub local_offset: U32,
}

/// Local file header (30 bytes, then name and extra field, then the data).
#[derive(Clone, Copy, Debug, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct LocalHeader {
    /// [`LOCAL_SIGNATURE`].
    pub signature: [u8; 4],
    /// Version needed to extract.
    pub needed: U16,
    /// General purpose bit flag.
    pub flags: U16,
    /// Compression method.
    pub method: U16,
    /// MS-DOS time.
    pub time: U16,
    /// MS-DOS date.
    pub date: U16,
    /// CRC-32 (zero when a data descriptor follows the data).
    pub crc32: U32,
    /// Compressed size (zero when a data descriptor follows the data).
    pub compressed_size: U32,
    /// Uncompressed size (zero when a data descriptor follows the data).
    pub size: U32,
    /// Length of the name.
    pub name_len: U16,
    /// Length of the extra field.
    pub extra_len: U16,
}
