//! ZIP rules. "Readers" are PKWARE's APPNOTE.TXT, Info-ZIP `unzip`, CPython `zipfile` and the Rust
//! `zip` crate; Quake 3 and GZDoom read `.pk3` through zlib's `unzip.c`, which trusts the central
//! directory as they do.

use crate::diag::{Rule, Severity};

/// No end-of-central-directory record in the file's last 65,557 bytes.
pub static EOCD_MISSING: Rule = Rule {
    code: "zip-eocd-missing",
    severity: Severity::Error,
    message: "no end-of-central-directory record in the last {0} bytes: no ZIP reader can open the archive",
};
/// The central directory lies outside the file, or does not start with a central header.
pub static CENTRAL_DIRECTORY_OUT_OF_BOUNDS: Rule = Rule {
    code: "zip-central-directory-out-of-bounds",
    severity: Severity::Error,
    message: "the central directory ({0} bytes at offset {1}) lies outside the file ({2} bytes) or holds no central header there: readers refuse the archive",
};
/// A central directory record is cut short or lacks its signature.
pub static CENTRAL_HEADER_INVALID: Rule = Rule {
    code: "zip-central-header-invalid",
    severity: Severity::Error,
    message: "central directory record {0} (of {1} declared) is cut short or lacks its signature: readers refuse the archive",
};
/// The Zip64 locator leads to no Zip64 end record.
pub static ZIP64_INVALID: Rule = Rule {
    code: "zip-zip64-invalid",
    severity: Severity::Error,
    message: "the Zip64 locator points at offset {0}, where no Zip64 end-of-central-directory record is: readers refuse the archive",
};
/// The file is one part of a split (multi-disk, "spanned") archive: its end record names a disk
/// other than the first. PKZIP and Info-ZIP (`zip -s`) write such archives as `name.z01`,
/// `name.z02` … and a last part `name.zip` that holds the end record; each member's offset counts
/// from the start of its own part, so no part can be extracted alone: Info-ZIP `unzip` and CPython
/// list the names of the last part and fail on its members, and zlib's `unzip.c` as the Quake 3
/// engines carry it (ioquake3 `code/qcommon/unzip.c` `unzOpen`) refuses any archive whose end
/// record names a disk other than 0. Nothing is wrong with the file, and nothing in it can be
/// checked: "not checked" (info, as every variant lumpkit does not read), once, instead of one
/// "local header missing" error per member. `args = [this part (1-based), the part the central
/// directory starts in (1-based), 0]`.
pub static MULTI_DISK: Rule = Rule {
    code: "zip-multi-disk",
    severity: Severity::Info,
    message: "the end record says this file is part {0} of a split archive (its central directory starts in part {1}): it cannot be extracted, nor checked, without the other parts (name.z01, name.z02 … beside it): readers list its names at most and fail on every member, Quake 3 engines refuse it (unzOpen); not checked; join the parts (zip -s 0) or ship the whole archive",
};
/// Bytes follow the end record beyond its declared comment.
pub static TRAILING_DATA: Rule = Rule {
    code: "zip-trailing-data",
    severity: Severity::Info,
    message: "{0} bytes follow the end record beyond its {1}-byte comment; readers ignore them",
};
/// Bytes precede the first member (a self-extractor stub, or a file the archive was appended to).
pub static PREFIX_DATA: Rule = Rule {
    code: "zip-prefix-data",
    severity: Severity::Info,
    message: "{0} bytes precede the first member (a self-extractor stub or another file in front); readers skip them",
};
/// The prefix, the comment or the trailing bytes hold another archive's signature.
pub static POLYGLOT: Rule = Rule {
    code: "zip-polyglot",
    severity: Severity::Warning,
    message: "an archive signature sits at offset {0}, outside every member (in the bytes before the first member, the comment or after the end): tools that read from the front or scan for signatures see a different archive than the game does",
};
/// More central directory records than [`super::view::MAX_ENTRIES`]. Info, not a warning: a Zip64
/// archive holds that many legitimately (a texture pack can), and a count that wrapped without
/// Zip64 already draws `zip-entry-count-short`. What is left is a fact for readers without Zip64.
pub static TOO_MANY_ENTRIES: Rule = Rule {
    code: "zip-too-many-entries",
    severity: Severity::Info,
    message: "the archive holds {0} entries, more than {1} (the most a non-Zip64 archive can hold): readers without Zip64 support cannot list them all; every entry is checked",
};
/// Central directory records past the end record's count, within the directory's size.
pub static ENTRY_COUNT_SHORT: Rule = Rule {
    code: "zip-entry-count-short",
    severity: Severity::Warning,
    message: "the end record counts {0} entries but the central directory holds {1} records (a count wrapped at 65,536 by a writer without Zip64, or records hidden past the count): readers that trust the count (zlib's unzip.c, so Quake 3 engines loading a .pk3) see only the first {0}, Info-ZIP and CPython see all; every record is checked",
};
/// Members whose stored spans overlap: the non-recursive zip bomb.
pub static OVERLAPPING_MEMBERS: Rule = Rule {
    code: "zip-overlapping-members",
    severity: Severity::Error,
    message: "{0} members share their data with an earlier one (member {1} overlaps member {2}): the shape of a non-recursive zip bomb; lumpkit does not decompress the overlapping members",
};
/// A member's declared size is far beyond what its compressed size can honestly hold.
pub static RATIO_SUSPICIOUS: Rule = Rule {
    code: "zip-ratio-suspicious",
    severity: Severity::Warning,
    message: "member {0} declares {1} bytes from {2} compressed bytes, a ratio beyond 1032:1 (deflate's maximum): the shape of a zip bomb",
};
/// The members' declared sizes add up to more than may be unpacked from one file, at more than
/// [`BOMB_RATIO`](crate::limits::BOMB_RATIO) times the archive's size.
pub static DECLARED_TOTAL_TOO_LARGE: Rule = Rule {
    code: "zip-declared-total-too-large",
    severity: Severity::Error,
    message: "the members declare {0} bytes in all, beyond the configured limit of {1} bytes unpacked per file and more than 100 times the archive's size: no real content compresses that well; the shape of an archive bomb",
};
/// A member's local header is missing or cut short.
pub static LOCAL_HEADER_INVALID: Rule = Rule {
    code: "zip-local-header-invalid",
    severity: Severity::Error,
    message: "member {0}'s local header at offset {1} is missing or cut short: readers cannot extract the member",
};
/// A member's local header disagrees with its central directory record.
pub static LOCAL_HEADER_MISMATCH: Rule = Rule {
    code: "zip-local-header-mismatch",
    severity: Severity::Warning,
    message: "member {0}'s local header disagrees with the central directory (mask {1x}: 0x1 name, 0x2 method, 0x4 CRC or sizes, 0x8 encryption flag): readers that stream from the front see a different member; lumpkit follows the central directory",
};
/// A member's data runs past the end of the file.
pub static DATA_OUT_OF_BOUNDS: Rule = Rule {
    code: "zip-data-out-of-bounds",
    severity: Severity::Error,
    message: "member {0}'s {1} bytes of data run past the end of the file: readers cannot extract it",
};
/// A name that leaves the extraction folder.
pub static NAME_UNSAFE: Rule = Rule {
    code: "zip-name-unsafe",
    severity: Severity::Warning,
    message: "member {0}'s name is absolute, has a drive letter, a colon (a Windows stream or drive name) or a `..` component: a careless extractor writes outside its folder; lumpkit neither extracts it nor hands it out, so its content is not checked",
};
/// A name with backslashes, which APPNOTE forbids as separators.
pub static NAME_BACKSLASH: Rule = Rule {
    code: "zip-name-backslash",
    severity: Severity::Warning,
    message: "member {0}'s name contains `\\`, which APPNOTE forbids: Windows extractors make folders of it, others one file with backslashes in its name",
};
/// Two members with the same name.
pub static NAME_DUPLICATE: Rule = Rule {
    code: "zip-name-duplicate",
    severity: Severity::Warning,
    message: "member {0} has the same name as member {1}: readers disagree on which one wins",
};
/// Two members whose names differ only by letter case.
pub static NAME_CASE_COLLISION: Rule = Rule {
    code: "zip-name-case-collision",
    severity: Severity::Warning,
    message: "member {0}'s name differs from member {1}'s only by letter case: on Windows, macOS and in the games' case-insensitive file systems one hides the other",
};
/// A Unix symbolic link record.
pub static SYMLINK: Rule = Rule {
    code: "zip-symlink",
    severity: Severity::Warning,
    message: "member {0} is a symbolic link: an extractor that creates it can be led to write outside its folder; lumpkit does not extract it",
};
/// An encrypted member.
pub static ENCRYPTED: Rule = Rule {
    code: "zip-encrypted",
    severity: Severity::Warning,
    message: "member {0} is encrypted (kind {1}: 1 traditional PKWARE, 2 WinZip AES, 3 strong encryption): its content cannot be checked",
};
/// A compression method lumpkit does not decode.
pub static METHOD_UNSUPPORTED: Rule = Rule {
    code: "zip-method-unsupported",
    severity: Severity::Info,
    message: "member {0} uses compression method {1}, which lumpkit does not decode: not checked",
};
/// Compressed data that does not decode.
pub static DATA_CORRUPT: Rule = Rule {
    code: "zip-data-corrupt",
    severity: Severity::Error,
    message: "member {0}'s compressed data is corrupt or cut short (near byte {1} of it): readers fail to extract it",
};
/// Decompressed data whose CRC-32 differs from the directory's.
pub static CRC_MISMATCH: Rule = Rule {
    code: "zip-crc-mismatch",
    severity: Severity::Error,
    message: "member {0}'s data has CRC-32 {1x}, not the {2x} the central directory records: readers reject it",
};
/// Decompressed data of another size than declared.
pub static SIZE_MISMATCH: Rule = Rule {
    code: "zip-size-mismatch",
    severity: Severity::Error,
    message: "member {0}'s data does not decompress to the {2} bytes the central directory declares (it gave {1}; one more than declared means it goes on past them, where lumpkit stops): readers reject it",
};

/// Every ZIP rule.
pub static RULES: &[&Rule] = &[
    &EOCD_MISSING,
    &CENTRAL_DIRECTORY_OUT_OF_BOUNDS,
    &CENTRAL_HEADER_INVALID,
    &ZIP64_INVALID,
    &MULTI_DISK,
    &TRAILING_DATA,
    &PREFIX_DATA,
    &POLYGLOT,
    &TOO_MANY_ENTRIES,
    &ENTRY_COUNT_SHORT,
    &OVERLAPPING_MEMBERS,
    &RATIO_SUSPICIOUS,
    &DECLARED_TOTAL_TOO_LARGE,
    &LOCAL_HEADER_INVALID,
    &LOCAL_HEADER_MISMATCH,
    &DATA_OUT_OF_BOUNDS,
    &NAME_UNSAFE,
    &NAME_BACKSLASH,
    &NAME_DUPLICATE,
    &NAME_CASE_COLLISION,
    &SYMLINK,
    &ENCRYPTED,
    &METHOD_UNSUPPORTED,
    &DATA_CORRUPT,
    &CRC_MISMATCH,
    &SIZE_MISMATCH,
];
