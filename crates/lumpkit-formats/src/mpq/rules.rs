//! Every MPQ rule, one [`Rule`] each. Protector tricks that Warcraft III's Storm.dll reads past
//! are warnings (editors and extractors fail on them); real corruption is an error on the archive
//! or on the one member it concerns.

use crate::diag::{Rule, Severity};

/// No `MPQ\x1A` header at any 512-byte boundary.
pub static NO_HEADER: Rule = Rule {
    code: "mpq-no-header",
    severity: Severity::Error,
    message: "no MPQ header at any 512-byte boundary of the {0} bytes; the game refuses the file",
};

/// A decoy header (user data a map skips, a foreign `BN3`/`MPQ` signature) before the real one.
pub static DECOY_HEADER: Rule = Rule {
    code: "mpq-decoy-header",
    severity: Severity::Warning,
    message: "a decoy header (signature {0x}) at byte {1} before the real one at byte {2}; the game skips it, editors that follow it fail (map protector)",
};

/// The header-size field is not what the version prescribes.
pub static HEADER_SIZE: Rule = Rule {
    code: "mpq-header-size",
    severity: Severity::Warning,
    message: "the header size field holds {0x}, not {1} for format version {2}; the game only needs it to be at least 32 and so do we (map protector)",
};

/// A map whose format version field is not 0: Storm reads maps as version 1.
pub static VERSION_FORCED: Rule = Rule {
    code: "mpq-version-forced",
    severity: Severity::Warning,
    message: "format version {0} in a Warcraft III or StarCraft map; the game reads maps as version 1 and so do we (map protector)",
};

/// Hash or block table with zero entries.
pub static TABLES_EMPTY: Rule = Rule {
    code: "mpq-tables-empty",
    severity: Severity::Error,
    message: "the hash table has {0} entries and the block table {1}; the archive holds nothing (StormLib refuses it)",
};

/// The hash table runs past the end of the file.
pub static HASH_TABLE_PAST_EOF: Rule = Rule {
    code: "mpq-hash-table-past-eof",
    severity: Severity::Warning,
    message: "the hash table declares {0} entries at byte {1} but only {2} lie in the file; the rest are read as empty, as Storm does",
};

/// The block table runs past the end of the file.
pub static BLOCK_TABLE_PAST_EOF: Rule = Rule {
    code: "mpq-block-table-past-eof",
    severity: Severity::Warning,
    message: "the block table declares {0} entries but only {1} lie in the file (at byte {2}); the rest are ignored, as Storm does (map protector or cut file)",
};

/// A hash-table size that is not a power of two.
pub static HASH_TABLE_SIZE: Rule = Rule {
    code: "mpq-hash-table-size",
    severity: Severity::Warning,
    message: "the hash table has {0} entries, not a power of two; name lookups in other tools may miss members",
};

/// A hash entry that points past the block table.
pub static BLOCK_INDEX_INVALID: Rule = Rule {
    code: "mpq-block-index-invalid",
    severity: Severity::Warning,
    message: "hash entry {0} points at block {1}, past the {2} blocks of the table; ignored",
};

/// Block entries that no hash entry points at (fake entries from protectors, or leftovers).
pub static BLOCKS_UNREFERENCED: Rule = Rule {
    code: "mpq-blocks-unreferenced",
    severity: Severity::Info,
    message: "{0} of the {1} block entries are reached by no hash entry; the game never reads them",
};

/// A member's stored data runs past the end of the file.
pub static DATA_PAST_EOF: Rule = Rule {
    code: "mpq-data-past-eof",
    severity: Severity::Error,
    message: "block {0} declares {1} stored bytes at byte {2}, past the end of the file; it cannot be read",
};

/// A member's sector offset table is unreadable or inconsistent.
pub static SECTOR_TABLE_INVALID: Rule = Rule {
    code: "mpq-sector-table-invalid",
    severity: Severity::Error,
    message: "block {0}: sector {1} of the sector offset table points at byte {2}, outside the member's data; it cannot be read",
};

/// A compressed sector does not decompress to its size.
pub static DECOMPRESS_FAILED: Rule = Rule {
    code: "mpq-decompress-failed",
    severity: Severity::Error,
    message: "block {0}: sector {1} (compression mask {2x}) does not decompress; the member is corrupt",
};

/// A compression method this build cannot decode.
pub static COMPRESSION_UNSUPPORTED: Rule = Rule {
    code: "mpq-compression-unsupported",
    severity: Severity::Info,
    message: "block {0}: sector {1} uses compression mask {2x}, which lumpkit does not decode: the member is not checked",
};

/// An encrypted member whose key cannot be found (no name, no recoverable sector table).
pub static KEY_UNKNOWN: Rule = Rule {
    code: "mpq-key-unknown",
    severity: Severity::Warning,
    message: "block {0} is encrypted and has no known name; its key cannot be recovered, so it is not checked",
};

/// A sector whose stored Adler-32 does not match.
pub static SECTOR_CRC: Rule = Rule {
    code: "mpq-sector-crc",
    severity: Severity::Error,
    message: "block {0}: sector {1} has Adler-32 {2x}, not its stored checksum; the member is corrupt",
};

/// The `(listfile)` is there but cannot be read.
pub static LISTFILE_UNREADABLE: Rule = Rule {
    code: "mpq-listfile-unreadable",
    severity: Severity::Warning,
    message: "the (listfile) cannot be read (see the finding before this one): editors and extractors that name members by it fail; the game does not read it",
};

/// The archive has no `(listfile)`: members are named from well-known names only.
pub static NO_LISTFILE: Rule = Rule {
    code: "mpq-no-listfile",
    severity: Severity::Info,
    message: "no (listfile): {0} of {1} members have no known name and are listed as #<block index>",
};

/// A member name that would climb out of the extraction folder.
pub static PATH_UNSAFE: Rule = Rule {
    code: "mpq-path-unsafe",
    severity: Severity::Warning,
    message: "block {0} is named with a path that leaves its folder (`..`, an absolute path or a drive letter): a careless extractor writes outside its folder; lumpkit neither extracts it nor hands it out, so its content is not checked",
};

/// The HET/BET tables of a v3+ archive cannot be read.
pub static HET_BET_MALFORMED: Rule = Rule {
    code: "mpq-het-bet-malformed",
    severity: Severity::Info,
    message: "the {1x} table at byte {0} cannot be read (fault {2}: 1 past the end of the file, 2 over the limits, 3 cannot be unpacked, 4 bad signature or version, 5 fields out of range); StormLib then reads the classic hash and block tables and so do we",
};

/// The HET/BET tables and the classic tables list different members.
pub static HET_BET_DISAGREE: Rule = Rule {
    code: "mpq-het-bet-disagree",
    severity: Severity::Warning,
    message: "the HET/BET tables and the classic hash/block tables disagree on {0} of {1} members; StormLib (and the games built on it) read HET/BET, older tools the classic tables, so they see different files",
};

/// A member whose unpacked bytes do not have the CRC32 its `(attributes)` entry records.
pub static ATTRIBUTES_CRC: Rule = Rule {
    code: "mpq-attributes-crc",
    severity: Severity::Warning,
    message: "block {0}: the CRC32 of the unpacked data is {1x}, the (attributes) records {2x}; no game is known to check it, but the member changed after the archive was written (a stale or damaged member)",
};

/// A member whose unpacked bytes do not have the MD5 its `(attributes)` entry records (compared
/// where the entry records no CRC32, which decides otherwise).
pub static ATTRIBUTES_MD5: Rule = Rule {
    code: "mpq-attributes-md5",
    severity: Severity::Warning,
    message: "block {0}: the MD5 of the unpacked data is not the one the (attributes) records; no game is known to check it, but the member changed after the archive was written (a stale or damaged member)",
};

/// An `(attributes)` StormLib would not load.
pub static ATTRIBUTES_MALFORMED: Rule = Rule {
    code: "mpq-attributes-malformed",
    severity: Severity::Info,
    message: "the (attributes) is not used (fault {0}: 1 shorter than its header, 2 version {1} not 100, 3 unknown flags {1x}, 4 a size ({1} bytes) no known layout has, 5 cannot be read); StormLib ignores it too and the game does not need it",
};

/// Every MPQ rule.
pub static RULES: &[&Rule] = &[
    &NO_HEADER,
    &DECOY_HEADER,
    &HEADER_SIZE,
    &VERSION_FORCED,
    &TABLES_EMPTY,
    &HASH_TABLE_PAST_EOF,
    &BLOCK_TABLE_PAST_EOF,
    &HASH_TABLE_SIZE,
    &BLOCK_INDEX_INVALID,
    &BLOCKS_UNREFERENCED,
    &DATA_PAST_EOF,
    &SECTOR_TABLE_INVALID,
    &DECOMPRESS_FAILED,
    &COMPRESSION_UNSUPPORTED,
    &KEY_UNKNOWN,
    &SECTOR_CRC,
    &NO_LISTFILE,
    &LISTFILE_UNREADABLE,
    &PATH_UNSAFE,
    &HET_BET_MALFORMED,
    &HET_BET_DISAGREE,
    &ATTRIBUTES_CRC,
    &ATTRIBUTES_MD5,
    &ATTRIBUTES_MALFORMED,
];
