//! The `(attributes)` member checked against the members it describes: each member's CRC32 (or,
//! where its entry records none, its MD5) compared with its unpacked bytes where `check` reads them
//! anyway.
//!
//! Why the MD5 only where there is no CRC32: both say whether the member changed after the archive
//! was written, and the CRC32 already catches every accidental change (a stale or damaged member
//! keeps its CRC32 once in four billion). Where both are recorded, an MD5 that disagrees with a
//! CRC32 that agrees means a writer that got the MD5 wrong or a CRC32 forged on purpose, neither of
//! which a game notices (no game is known to check either). Computing it cost a quarter of the CPU
//! of checking the field sample's maps (MD5 is one long chain of dependent steps: about 640 MB/s
//! here, where crc32fast runs at several GB/s), mostly on StarCraft II maps, which record both.

use lumpkit_formats::mpq::attributes::{Attributes, AttributesFault};
use lumpkit_formats::mpq::rules as mpq_rules;
use lumpkit_formats::{Diagnostic, Error, Severity, Sink, bytes};

use super::{Archive, Entry};
use crate::Context;

/// Passes diagnostics on and remembers whether any was a warning or worse: StormLib marks such
/// archives (protected maps) malformed and then ignores their `(attributes)`.
pub(super) struct Watch<'s, S> {
    pub(super) inner: &'s mut S,
    pub(super) warned: bool,
}

impl<S: Sink> Sink for Watch<'_, S> {
    fn report(&mut self, diagnostic: Diagnostic) -> Result<(), Error> {
        self.warned |= diagnostic.severity() != Severity::Info;
        self.inner.report(diagnostic)
    }
}

/// Reads the archive's `(attributes)`, reporting one that StormLib would not load; `None` when
/// there is none or it is not used.
pub(super) fn load(
    ctx: &Context<'_>,
    archive: &Archive<'_>,
    sink: &mut impl Sink,
) -> Result<Option<Vec<u8>>, Error> {
    let Some(member) = archive.lookup(b"(attributes)").cloned() else {
        return Ok(None);
    };
    let mut member: Entry = member;
    member.name = Some("(attributes)".into());
    let blocks = archive.mpq.block_table_entries;
    let fault = match archive.read(ctx, &member) {
        Ok(data) => match Attributes::parse(&data, blocks) {
            Ok(_) => return Ok(Some(data.into_owned())),
            Err(f) => {
                let word = |at| bytes::u32_le(&data, at).map_or(0, u64::from);
                let detail = match f {
                    AttributesFault::Version => word(0),
                    AttributesFault::Flags => word(4),
                    _ => data.len() as u64,
                };
                (f as u64, detail)
            }
        },
        Err(_) => (5, 0),
    };
    sink.report(mpq_rules::ATTRIBUTES_MALFORMED.here([fault.0, fault.1, 0]))?;
    Ok(None)
}

/// A member's CRC32, or its MD5 where its entry records no CRC32, computed as its bytes go by.
pub(super) struct Digest {
    index: u32,
    sum: Sum,
}

/// The checksum compared, with the value the entry records.
enum Sum {
    Crc32(u32, crc32fast::Hasher),
    Md5([u8; 16], lumpkit_decompress::Md5),
}

impl Digest {
    /// What to compute for member `m`; `None` when its entry records nothing to compare.
    pub(super) fn new(attributes: &[u8], blocks: u32, m: &Entry) -> Option<Digest> {
        // The weak signature is written after the (attributes): its entry holds the CRC32 of the
        // zeroed 72 bytes the signature replaces (seen in real Warcraft III maps), never its own.
        if m.name.as_deref() == Some("(signature)") {
            return None;
        }
        let table = Attributes::parse(attributes, blocks).ok()?;
        let index = m.block.index;
        let sum = match table.crc32(index) {
            Some(want) => Sum::Crc32(want, crc32fast::Hasher::new()),
            None => Sum::Md5(table.md5(index)?, lumpkit_decompress::Md5::new()),
        };
        Some(Digest { index, sum })
    }

    /// The next bytes of the member.
    pub(super) fn update(&mut self, data: &[u8]) {
        match &mut self.sum {
            Sum::Crc32(_, crc) => crc.update(data),
            Sum::Md5(_, md5) => md5.update(data),
        }
    }

    /// The mismatch between the member's bytes and its entry, if any.
    pub(super) fn mismatch(self) -> Option<Diagnostic> {
        let index = self.index;
        match self.sum {
            Sum::Crc32(want, crc) => {
                let got = crc.finalize();
                (got != want).then(|| {
                    mpq_rules::ATTRIBUTES_CRC.here([index.into(), got.into(), want.into()])
                })
            }
            Sum::Md5(want, md5) => (md5.finalize() != want)
                .then(|| mpq_rules::ATTRIBUTES_MD5.here([index.into(), 0, 0])),
        }
    }
}
