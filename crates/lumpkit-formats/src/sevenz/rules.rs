//! 7z rules. "Readers" are 7-Zip and `sevenz-rust2`, which agree on what they refuse.

use crate::diag::{Rule, Severity};

/// The headers cannot be read.
pub static INVALID: Rule = Rule {
    code: "7z-invalid",
    severity: Severity::Error,
    message: "the 7z headers cannot be read (signature, version, header CRC or structure): 7-Zip refuses the archive",
};
/// Member data that does not decode or fails its CRC.
pub static DATA_CORRUPT: Rule = Rule {
    code: "7z-data-corrupt",
    severity: Severity::Error,
    message: "the data of member {0} (or of its solid block) does not decode or fails its CRC: 7-Zip fails to extract it",
};
/// An encrypted archive or member.
pub static ENCRYPTED: Rule = Rule {
    code: "7z-encrypted",
    severity: Severity::Warning,
    message: "the archive is encrypted (AES-256): its content cannot be checked",
};
/// A coder lumpkit's build does not decode (PPMd, BZip2, Deflate, ARM64 filters…).
pub static METHOD_UNSUPPORTED: Rule = Rule {
    code: "7z-method-unsupported",
    severity: Severity::Info,
    message: "the archive uses a compression method lumpkit does not decode: its content is not checked",
};

/// A name that leaves the extraction folder.
pub static NAME_UNSAFE: Rule = Rule {
    code: "7z-name-unsafe",
    severity: Severity::Warning,
    message: "member {0}'s name is absolute, has a drive letter, a colon (a Windows stream or drive name) or a `..` component: a careless extractor writes outside its folder; lumpkit neither extracts it nor hands it out, so its content is not checked",
};

/// Every 7z rule.
pub static RULES: &[&Rule] = &[
    &INVALID,
    &DATA_CORRUPT,
    &ENCRYPTED,
    &METHOD_UNSUPPORTED,
    &NAME_UNSAFE,
];
