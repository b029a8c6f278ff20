//! The checked view of a PBO: the header entries, the `Vers` properties, each entry's data as a
//! borrowed slice, and the SHA-1 trailer.

use crate::bytes::{range, u32_le};
use crate::diag::Sink;
use crate::error::Error;

use super::rules;

/// `Vers`: the product entry that carries key/value properties (BI wiki "PBO File Format").
pub const METHOD_VERS: u32 = 0x5665_7273;
/// `Cprs`: LZSS-compressed entry data.
pub const METHOD_CPRS: u32 = 0x4370_7273;
/// Stored as is.
pub const METHOD_STORED: u32 = 0;
/// Bytes of the trailer: a 0x00 byte and the SHA-1 of everything before it.
pub const TRAILER_LEN: u64 = 21;

/// One header entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry<'a> {
    /// Position in the header (the `Vers` entry not counted).
    pub index: u32,
    /// Name as stored (Windows `\` separators), without the NUL.
    pub name: &'a [u8],
    /// Offset of the name in the file.
    pub header_offset: u64,
    /// Packing method: 0 stored, [`METHOD_CPRS`] LZSS.
    pub method: u32,
    /// Size after decompression (0 = same as `data_size` for stored entries).
    pub original_size: u32,
    /// Reserved field.
    pub reserved: u32,
    /// Modification time, seconds since 1970.
    pub timestamp: u32,
    /// Bytes stored in the archive.
    pub data_size: u32,
    /// Offset of the data in the file.
    pub data_offset: u64,
}

impl<'a> Entry<'a> {
    /// The stored data, or `None` when it lies past the end of `bytes`.
    pub fn data(&self, bytes: &'a [u8]) -> Option<&'a [u8]> {
        range(bytes, self.data_offset, self.data_size.into())
    }

    /// The size of the entry once unpacked.
    pub fn size(&self) -> u32 {
        if self.method == METHOD_CPRS {
            self.original_size
        } else {
            self.data_size
        }
    }

    /// Whether the name would leave the folder it is extracted to: a `..` component, a leading
    /// separator, or a drive letter / colon.
    pub fn path_unsafe(&self) -> bool {
        let name = self.name;
        name.first().is_some_and(|&b| b == b'\\' || b == b'/')
            || name.contains(&b':')
            || name
                .split(|&b| b == b'\\' || b == b'/')
                .any(|part| part == b"..")
    }
}

/// A parsed PBO.
#[derive(Clone, Copy, Debug)]
pub struct Pbo<'a> {
    bytes: &'a [u8],
    /// Where the entry records start (after the `Vers` entry and its properties).
    entries_at: u64,
    /// Where the key/value properties start and end (`None` without a `Vers` entry).
    properties: Option<(u64, u64)>,
    /// Number of entries.
    pub count: u32,
    /// Offset of the first entry's data (just after the terminating entry).
    pub data_start: u64,
    /// Offset just after the last entry's data (saturated at the file end).
    pub data_end: u64,
    /// The stored SHA-1 when a 21-byte trailer starting with 0x00 follows the data.
    pub sha1: Option<&'a [u8]>,
}

/// An entry record and where the next one starts.
fn record(bytes: &[u8], pos: u64) -> Result<(&[u8], [u32; 5], u64), Error> {
    let rest = crate::bytes::tail(bytes, pos).unwrap_or(&[]);
    if rest.is_empty() {
        return Err(Error::file(&rules::TRUNCATED, pos, [pos, 0, 0]));
    }
    let (name, terminated) = crate::bytes::nul_terminated(rest);
    if !terminated {
        return Err(Error::file(&rules::NAME_UNTERMINATED, pos, [pos, 0, 0]));
    }
    let fields_at = pos.saturating_add(name.len() as u64).saturating_add(1);
    let mut fields = [0u32; 5];
    for (i, f) in (0u64..).zip(fields.iter_mut()) {
        *f = u32_le(bytes, fields_at.saturating_add(i.saturating_mul(4))).ok_or(Error::file(
            &rules::TRUNCATED,
            pos,
            [bytes.len() as u64, 0, 0],
        ))?;
    }
    Ok((name, fields, fields_at.saturating_add(20)))
}

/// A NUL-terminated string at `pos` and the offset after its NUL.
fn string(bytes: &[u8], pos: u64) -> Result<(&[u8], u64), Error> {
    let rest = crate::bytes::tail(bytes, pos).unwrap_or(&[]);
    match crate::bytes::nul_terminated(rest) {
        (s, true) => Ok((s, pos.saturating_add(s.len() as u64).saturating_add(1))),
        _ => Err(Error::file(&rules::NAME_UNTERMINATED, pos, [pos, 0, 0])),
    }
}

impl<'a> Pbo<'a> {
    /// Parses the header and reports every entry-level problem to `sink`. Fails when the header
    /// itself cannot be read to its terminating entry.
    pub fn parse(bytes: &'a [u8], sink: &mut impl Sink) -> Result<Pbo<'a>, Error> {
        let (name, fields, mut pos) = record(bytes, 0)?;
        let mut properties = None;
        if name.is_empty() && fields[0] == METHOD_VERS {
            let start = pos;
            loop {
                let (key, next) = string(bytes, pos)?;
                pos = next;
                if key.is_empty() {
                    break;
                }
                pos = string(bytes, pos)?.1;
            }
            properties = Some((start, pos));
        } else {
            pos = 0;
        }
        let entries_at = pos;
        let mut count = 0u32;
        let mut data_len = 0u64;
        loop {
            let (name, fields, next) = record(bytes, pos)?;
            if name.is_empty() {
                pos = next;
                break;
            }
            count = count.saturating_add(1);
            data_len = data_len.saturating_add(fields[4].into());
            pos = next;
        }
        let len = bytes.len() as u64;
        let data_end = pos.saturating_add(data_len);
        let mut pbo = Pbo {
            bytes,
            entries_at,
            properties,
            count,
            data_start: pos,
            data_end,
            sha1: None,
        };
        let mut compressed = 0u64;
        for entry in pbo.entries() {
            let index = u64::from(entry.index);
            if entry.method == METHOD_CPRS {
                compressed = compressed.saturating_add(1);
            }
            if entry.data(bytes).is_none() {
                sink.report(rules::DATA_PAST_EOF.with(
                    entry.header_offset,
                    [index, entry.data_size.into(), entry.data_offset],
                ))?;
            }
            match entry.method {
                METHOD_STORED
                    if entry.original_size != 0 && entry.original_size != entry.data_size =>
                {
                    sink.report(rules::SIZE_MISMATCH.with(
                        entry.header_offset,
                        [index, entry.data_size.into(), entry.original_size.into()],
                    ))?;
                }
                METHOD_STORED | METHOD_CPRS => {}
                other => sink.report(
                    rules::METHOD_UNSUPPORTED.with(entry.header_offset, [index, other.into(), 0]),
                )?,
            }
            if entry.path_unsafe() {
                sink.report(rules::PATH_UNSAFE.with(entry.header_offset, [index, 0, 0]))?;
            }
        }
        if let Some(d) = crate::profiles::arma::PBO_CPRS.check(compressed, entries_at) {
            sink.report(d)?;
        }
        if data_end <= len {
            let after = len.saturating_sub(data_end);
            let trailer = range(bytes, data_end, TRAILER_LEN);
            match trailer {
                Some([0, hash @ ..]) if after == TRAILER_LEN => pbo.sha1 = Some(hash),
                _ if after == 0 => sink.report(rules::SHA1_MISSING.with(data_end, [0, 0, 0]))?,
                _ => sink.report(rules::TRAILING_DATA.with(data_end, [after, 0, 0]))?,
            }
        }
        Ok(pbo)
    }

    /// Reports entries whose name repeats an earlier one, ignoring ASCII case and `/` versus `\\`
    /// (`pbo-duplicate-name`). `scratch` must hold one slot per entry ([`Pbo::count`]); it is
    /// overwritten. Nothing is reported when it is too short.
    pub fn check_duplicates(&self, scratch: &mut [u64], sink: &mut impl Sink) -> Result<(), Error> {
        let Some(slots) = scratch.get_mut(..self.count as usize) else {
            return Ok(());
        };
        let mut filled: usize = 0;
        for (slot, entry) in slots.iter_mut().zip(self.entries()) {
            *slot = entry.header_offset;
            filled = filled.saturating_add(1);
        }
        let Some(order) = slots.get_mut(..filled) else {
            return Ok(());
        };
        let bytes = self.bytes;
        let name = |at: u64| {
            usize::try_from(at)
                .ok()
                .and_then(|a| bytes.get(a..))
                .map_or(&[][..], |b| crate::bytes::nul_terminated(b).0)
        };
        let key = |n: &'a [u8]| {
            n.iter().map(|b| match b.to_ascii_lowercase() {
                b'/' => b'\\',
                c => c,
            })
        };
        order.sort_unstable_by(|&a, &b| key(name(a)).cmp(key(name(b))).then(a.cmp(&b)));
        for pair in order.windows(2) {
            if let [a, b] = *pair
                && key(name(a)).eq(key(name(b)))
            {
                sink.report(rules::DUPLICATE_NAME.with(b, [b, a, 0]))?;
            }
        }
        Ok(())
    }

    /// The entries in header order (the `Vers` entry excluded).
    pub fn entries(&self) -> Entries<'a> {
        Entries {
            bytes: self.bytes,
            pos: self.entries_at,
            data: self.data_start,
            index: 0,
            left: self.count,
        }
    }

    /// The `Vers` key/value properties in order.
    pub fn properties(&self) -> Properties<'a> {
        let (pos, end) = self.properties.unwrap_or((0, 0));
        Properties {
            bytes: self.bytes,
            pos,
            end,
        }
    }

    /// The bytes the SHA-1 trailer covers (everything before it).
    pub fn hashed(&self) -> &'a [u8] {
        range(self.bytes, 0, self.data_end).unwrap_or(&[])
    }

    /// The whole file.
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }
}

/// Iterator over header entries; the header was validated by [`Pbo::parse`].
#[derive(Clone, Debug)]
pub struct Entries<'a> {
    bytes: &'a [u8],
    pos: u64,
    data: u64,
    index: u32,
    left: u32,
}

impl<'a> Iterator for Entries<'a> {
    type Item = Entry<'a>;

    fn next(&mut self) -> Option<Entry<'a>> {
        if self.left == 0 {
            return None;
        }
        let (name, [method, original_size, reserved, timestamp, data_size], next) =
            record(self.bytes, self.pos).ok()?;
        let entry = Entry {
            index: self.index,
            name,
            header_offset: self.pos,
            method,
            original_size,
            reserved,
            timestamp,
            data_size,
            data_offset: self.data,
        };
        self.pos = next;
        self.data = self.data.saturating_add(data_size.into());
        self.index = self.index.saturating_add(1);
        self.left = self.left.saturating_sub(1);
        Some(entry)
    }
}

/// Iterator over `Vers` key/value pairs.
#[derive(Clone, Debug)]
pub struct Properties<'a> {
    bytes: &'a [u8],
    pos: u64,
    end: u64,
}

impl<'a> Iterator for Properties<'a> {
    type Item = (&'a [u8], &'a [u8]);

    fn next(&mut self) -> Option<Self::Item> {
        if self.pos >= self.end {
            return None;
        }
        let (key, next) = string(self.bytes, self.pos).ok()?;
        if key.is_empty() {
            self.pos = self.end;
            return None;
        }
        let (value, next) = string(self.bytes, next).ok()?;
        self.pos = next;
        Some((key, value))
    }
}
