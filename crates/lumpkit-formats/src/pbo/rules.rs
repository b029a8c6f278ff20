//! Every malformed-file rule of PBO, one [`Rule`] each.

use crate::diag::{Rule, Severity};

/// The header ends inside an entry record or before the terminating empty entry.
pub static TRUNCATED: Rule = Rule {
    code: "pbo-truncated",
    severity: Severity::Error,
    message: "the header ends at byte {0} inside an entry record or before the empty terminating entry; the game refuses the archive",
};

/// An entry name (or property string) runs to the end of the file without a NUL.
pub static NAME_UNTERMINATED: Rule = Rule {
    code: "pbo-name-unterminated",
    severity: Severity::Error,
    message: "the name at byte {0} has no terminating NUL before the end of the file",
};

/// An entry's data runs past the end of the file.
pub static DATA_PAST_EOF: Rule = Rule {
    code: "pbo-data-past-eof",
    severity: Severity::Error,
    message: "entry {0} declares {1} bytes at byte {2}, past the end of the file; it cannot be read",
};

/// A stored entry whose original size is neither 0 nor its data size.
pub static SIZE_MISMATCH: Rule = Rule {
    code: "pbo-size-mismatch",
    severity: Severity::Warning,
    message: "entry {0} is stored uncompressed with {1} bytes but claims an original size of {2}; the data size is used",
};

/// A packing method other than stored (0) and `Cprs`.
pub static METHOD_UNSUPPORTED: Rule = Rule {
    code: "pbo-method-unsupported",
    severity: Severity::Info,
    message: "entry {0} uses packing method {1x}, which lumpkit does not read (it reads stored and Cprs entries): not checked",
};

/// `Cprs` data that does not decompress to exactly the original size.
pub static CPRS_INVALID: Rule = Rule {
    code: "pbo-cprs-invalid",
    severity: Severity::Error,
    message: "entry {0}: LZSS data fails at byte {1} of the entry; it cannot be read",
};

/// `Cprs` checksum matches neither byte sum.
pub static CPRS_CHECKSUM: Rule = Rule {
    code: "pbo-cprs-checksum",
    severity: Severity::Warning,
    message: "entry {0}: stored LZSS checksum {1x} does not match the data ({2x}); the content may be corrupt",
};

/// No SHA-1 trailer (OFP-era archives have none; Arma-era packers write one, and readers that check
/// it, such as pbokit and pboutil, fail without it: `../shared/research/paa.md`).
pub static SHA1_MISSING: Rule = Rule {
    code: "pbo-sha1-missing",
    severity: Severity::Warning,
    message: "no SHA-1 trailer after the data ({0} bytes follow it): OFP-era archives have none and Arma-era packers write one; tools that check it fail on this archive, and whether a game or server needs it is not known",
};

/// The SHA-1 trailer does not match the archive.
pub static SHA1_MISMATCH: Rule = Rule {
    code: "pbo-sha1-mismatch",
    severity: Severity::Error,
    message: "the SHA-1 trailer does not match the {0} bytes before it; the archive was altered or damaged",
};

/// An entry name that would climb out of the extraction folder.
pub static PATH_UNSAFE: Rule = Rule {
    code: "pbo-path-unsafe",
    severity: Severity::Warning,
    message: "entry {0} has a name that leaves its folder (`..`, an absolute path or a drive letter): a careless extractor writes outside its folder; lumpkit neither extracts it nor hands it out, so its content is not checked",
};

/// Two entries with the same name once ASCII case and `/` versus `\\` are ignored, as the game's
/// file system compares them: which copy the game reads is undefined, and repository tools
/// (Swifty) break on them.
pub static DUPLICATE_NAME: Rule = Rule {
    code: "pbo-duplicate-name",
    severity: Severity::Warning,
    message: "the entry at byte {0} has the name of the entry at byte {1} (ASCII case and slashes ignored, as the game's file system does); which copy the game reads is undefined",
};

/// Bytes after the data that are not a SHA-1 trailer.
pub static TRAILING_DATA: Rule = Rule {
    code: "pbo-trailing-data",
    severity: Severity::Warning,
    message: "{0} bytes after the entry data are not a 21-byte SHA-1 trailer; ignored",
};

/// Entries stored with the `Cprs` (LZSS) method: fine for OFP, refused by OFP Elite and ArmA 1
/// ([`crate::profiles::arma::PBO_CPRS`]). Reported once per archive.
pub static ENTRY_COMPRESSED: Rule = Rule {
    code: "pbo-entry-compressed",
    severity: Severity::Info,
    message: "{0} entries are stored as {what} (LZSS): {effect}; {sides}",
};

/// Every PBO rule.
pub static RULES: &[&Rule] = &[
    &TRUNCATED,
    &NAME_UNTERMINATED,
    &DATA_PAST_EOF,
    &SIZE_MISMATCH,
    &METHOD_UNSUPPORTED,
    &CPRS_INVALID,
    &CPRS_CHECKSUM,
    &SHA1_MISSING,
    &SHA1_MISMATCH,
    &PATH_UNSAFE,
    &TRAILING_DATA,
    &DUPLICATE_NAME,
    &ENTRY_COMPRESSED,
];
