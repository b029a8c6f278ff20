//! `war3map.imp`, the import list: version, count, then per entry a flag byte and a
//! NUL-terminated path. Flags 10 and 13 mean a full archive path; others (5, 8) a path relative
//! to `war3mapImported\` (mdx-m3-viewer `parsers/w3x/map.js` `getImportNames`).

use crate::diag::Sink;
use crate::error::Error;
use crate::mdx::cursor::Cursor;

use super::rules;

/// One import entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Import<'a> {
    /// The flag byte.
    pub flag: u8,
    /// The path as stored.
    pub path: &'a [u8],
}

impl Import<'_> {
    /// Whether the path is a full archive path (flags 10 and 13) rather than one under
    /// `war3mapImported\`.
    pub fn full_path(&self) -> bool {
        matches!(self.flag, 10 | 13)
    }
}

/// The import list.
#[derive(Clone, Copy, Debug)]
pub struct Imp<'a> {
    /// Version.
    pub version: u32,
    /// Entries declared.
    pub entries: u32,
    body: Cursor<'a>,
}

impl<'a> Imp<'a> {
    /// Reads the header and checks every entry is there.
    pub fn parse(bytes: &'a [u8], sink: &mut impl Sink) -> Result<Imp<'a>, Error> {
        let mut cur = Cursor::new(bytes, 0);
        let cut = Error::file(&rules::TRUNCATED, 0, [8, bytes.len() as u64, 0]);
        let imp = Imp {
            version: cur.u32().ok_or(cut)?,
            entries: cur.u32().ok_or(cut)?,
            body: cur,
        };
        let mut rest = cur;
        for _ in 0..imp.entries {
            if rest.u8().and_then(|_| rest.cstr()).is_none() {
                sink.report(rules::TRUNCATED.with(rest.offset(), [1, bytes.len() as u64, 0]))?;
                return Ok(imp);
            }
        }
        if !rest.is_empty() {
            sink.report(rules::TRAILING.with(rest.offset(), [rest.remaining() as u64, 0, 0]))?;
        }
        Ok(imp)
    }

    /// The readable entries, in order.
    pub fn iter(&self) -> impl Iterator<Item = Import<'a>> + use<'a> {
        let mut cur = self.body;
        (0..self.entries).map_while(move |_| {
            let flag = cur.u8()?;
            let path = cur.cstr()?;
            Some(Import { flag, path })
        })
    }
}
