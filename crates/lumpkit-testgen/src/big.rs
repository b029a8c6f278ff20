//! Archives too large to hold in memory, written as they are generated into any seekable writer (a
//! file in a temporary folder): a ZIP (Zip64 when asked) whose members come from a generator, and
//! a solid 7z whose members come from readers. Tests and measurements of `check` on members of
//! hundreds of megabytes to several gigabytes use them; nothing they write is committed.

use std::io::{self, Read, Seek, SeekFrom, Write};

use flate2::Compression;
use flate2::write::DeflateEncoder;
use sevenz_rust2::encoder_options::{EncoderOptions, Lzma2Options};
use sevenz_rust2::{
    ArchiveEntry, ArchiveWriter, EncoderConfiguration, EncoderMethod, SourceReader,
};
use sha1::{Digest, Sha1};

/// Bytes a generator fills at a time.
const CHUNK: usize = 1 << 20;

/// One ZIP member produced as it is written.
pub struct Member<'a> {
    /// Its name.
    pub name: &'a str,
    /// Its length once unpacked.
    pub size: u64,
    /// Deflate (method 8) at this level (0 writes stored blocks, as deflaters do for data that does
    /// not compress), or `None`: stored (method 0).
    pub deflate: Option<u32>,
    /// Fills the next piece of the content.
    pub fill: &'a mut dyn FnMut(&mut [u8]),
}

impl std::fmt::Debug for Member<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Member")
            .field("name", &self.name)
            .field("size", &self.size)
            .field("deflate", &self.deflate)
            .finish_non_exhaustive()
    }
}

/// Counts what passes through to the archive.
struct Counting<'w, W> {
    inner: &'w mut W,
    written: u64,
}

impl<W: Write> Write for Counting<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.written = self.written.saturating_add(n as u64);
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// How a member's bytes reach the archive.
enum Packer<'w, W: Write> {
    Deflate(DeflateEncoder<Counting<'w, W>>),
    Stored(Counting<'w, W>),
}

/// Where a written member sits and what it holds, for its central record.
struct Written {
    name: Vec<u8>,
    method: u16,
    crc: u32,
    size: u64,
    compressed: u64,
    offset: u64,
}

/// Writes a ZIP of `members` into `out` (its start), each generated, compressed and written a
/// megabyte at a time; with `zip64`, sizes and offsets go in Zip64 fields (needed past 4 GiB).
/// Returns the archive's length.
pub fn zip<W: Write + Seek>(
    out: &mut W,
    members: &mut [Member<'_>],
    zip64: bool,
) -> io::Result<u64> {
    let version: u16 = if zip64 { 45 } else { 20 };
    let mut written = Vec::new();
    let mut at = 0u64;
    let mut chunk = vec![0u8; CHUNK];
    for m in members.iter_mut() {
        let method: u16 = if m.deflate.is_some() { 8 } else { 0 };
        let name = m.name.as_bytes().to_vec();
        let mut local = Vec::new();
        local.extend_from_slice(b"PK\x03\x04");
        local.extend_from_slice(&version.to_le_bytes());
        local.extend_from_slice(&0u16.to_le_bytes());
        local.extend_from_slice(&method.to_le_bytes());
        local.extend_from_slice(&0x5A21_0000u32.to_le_bytes());
        // CRC and sizes are patched in once the member is written.
        local.extend_from_slice(&[0; 12]);
        local.extend_from_slice(&(name.len() as u16).to_le_bytes());
        let extra_len: u16 = if zip64 { 20 } else { 0 };
        local.extend_from_slice(&extra_len.to_le_bytes());
        local.extend_from_slice(&name);
        if zip64 {
            local.extend_from_slice(&[1, 0, 16, 0]);
            local.extend_from_slice(&[0; 16]);
        }
        out.write_all(&local)?;
        let data_at = at + local.len() as u64;
        let mut crc = crc32fast::Hasher::new();
        let compressed = {
            let counting = Counting {
                inner: &mut *out,
                written: 0,
            };
            let mut sink = match m.deflate {
                Some(level) => {
                    Packer::Deflate(DeflateEncoder::new(counting, Compression::new(level)))
                }
                None => Packer::Stored(counting),
            };
            let mut left = m.size;
            while left > 0 {
                let n = usize::try_from(left).unwrap_or(CHUNK).min(CHUNK);
                let piece = &mut chunk[..n];
                (m.fill)(piece);
                crc.update(piece);
                match &mut sink {
                    Packer::Deflate(e) => e.write_all(piece)?,
                    Packer::Stored(c) => c.write_all(piece)?,
                }
                left -= n as u64;
            }
            match sink {
                Packer::Deflate(e) => e.finish()?.written,
                Packer::Stored(c) => c.written,
            }
        };
        let crc = crc.finalize();
        let end = data_at + compressed;
        out.seek(SeekFrom::Start(at + 14))?;
        out.write_all(&crc.to_le_bytes())?;
        if zip64 {
            out.write_all(&u32::MAX.to_le_bytes())?;
            out.write_all(&u32::MAX.to_le_bytes())?;
            out.seek(SeekFrom::Start(at + 30 + name.len() as u64 + 4))?;
            out.write_all(&m.size.to_le_bytes())?;
            out.write_all(&compressed.to_le_bytes())?;
        } else {
            out.write_all(&(compressed as u32).to_le_bytes())?;
            out.write_all(&(m.size as u32).to_le_bytes())?;
        }
        out.seek(SeekFrom::Start(end))?;
        written.push(Written {
            name,
            method,
            crc,
            size: m.size,
            compressed,
            offset: at,
        });
        at = end;
    }
    let mut central = Vec::new();
    for w in &written {
        let saturated = |v: u64| if zip64 { u32::MAX } else { v as u32 };
        central.extend_from_slice(b"PK\x01\x02");
        central.extend_from_slice(&version.to_le_bytes());
        central.extend_from_slice(&version.to_le_bytes());
        central.extend_from_slice(&0u16.to_le_bytes());
        central.extend_from_slice(&w.method.to_le_bytes());
        central.extend_from_slice(&0x5A21_0000u32.to_le_bytes());
        central.extend_from_slice(&w.crc.to_le_bytes());
        central.extend_from_slice(&saturated(w.compressed).to_le_bytes());
        central.extend_from_slice(&saturated(w.size).to_le_bytes());
        central.extend_from_slice(&(w.name.len() as u16).to_le_bytes());
        central.extend_from_slice(&(if zip64 { 28u16 } else { 0 }).to_le_bytes());
        // Comment length, disk, internal and external attributes.
        central.extend_from_slice(&[0; 10]);
        central.extend_from_slice(&saturated(w.offset).to_le_bytes());
        central.extend_from_slice(&w.name);
        if zip64 {
            central.extend_from_slice(&[1, 0, 24, 0]);
            central.extend_from_slice(&w.size.to_le_bytes());
            central.extend_from_slice(&w.compressed.to_le_bytes());
            central.extend_from_slice(&w.offset.to_le_bytes());
        }
    }
    let count = written.len() as u64;
    let mut tail = central;
    if zip64 {
        let cd_size = tail.len() as u64;
        let z64 = at + cd_size;
        tail.extend_from_slice(b"PK\x06\x06");
        tail.extend_from_slice(&44u64.to_le_bytes());
        tail.extend_from_slice(&45u16.to_le_bytes());
        tail.extend_from_slice(&45u16.to_le_bytes());
        tail.extend_from_slice(&[0; 8]);
        tail.extend_from_slice(&count.to_le_bytes());
        tail.extend_from_slice(&count.to_le_bytes());
        tail.extend_from_slice(&cd_size.to_le_bytes());
        tail.extend_from_slice(&at.to_le_bytes());
        tail.extend_from_slice(b"PK\x06\x07");
        tail.extend_from_slice(&0u32.to_le_bytes());
        tail.extend_from_slice(&z64.to_le_bytes());
        tail.extend_from_slice(&1u32.to_le_bytes());
        tail.extend_from_slice(b"PK\x05\x06");
        tail.extend_from_slice(&[0; 4]);
        tail.extend_from_slice(&[0xFF; 12]);
    } else {
        let cd_size = tail.len() as u32;
        tail.extend_from_slice(b"PK\x05\x06");
        tail.extend_from_slice(&[0; 4]);
        tail.extend_from_slice(&(count as u16).to_le_bytes());
        tail.extend_from_slice(&(count as u16).to_le_bytes());
        tail.extend_from_slice(&cd_size.to_le_bytes());
        tail.extend_from_slice(&(at as u32).to_le_bytes());
    }
    tail.extend_from_slice(&0u16.to_le_bytes());
    out.write_all(&tail)?;
    out.flush()?;
    Ok(at + tail.len() as u64)
}

/// Writes a solid 7z (one block) of `files`, each read from its reader as it is compressed with
/// LZMA2 at preset `level` (0–9; 6 is 7-Zip's default, 0–3 are the fast ones); returns the writer.
pub fn solid_7z<W: Write + Seek, R: Read>(
    out: W,
    files: Vec<(&str, R)>,
    level: u32,
) -> io::Result<W> {
    let mut writer = ArchiveWriter::new(out).map_err(io::Error::other)?;
    writer.set_content_methods(vec![
        EncoderConfiguration::new(EncoderMethod::LZMA2)
            .with_options(EncoderOptions::Lzma2(Lzma2Options::from_level(level))),
    ]);
    let entries = files
        .iter()
        .map(|(n, _)| ArchiveEntry::new_file(n))
        .collect();
    let readers = files
        .into_iter()
        .map(|(_, r)| SourceReader::new(r))
        .collect();
    writer
        .push_archive_entries(entries, readers)
        .map_err(io::Error::other)?;
    writer.finish()
}

/// Writes an Arma PBO (a `Vers` header with a `prefix`, stored entries, the SHA-1 trailer) of
/// `members` (their `deflate` is ignored: PBO entries are stored) into `out`, each generated and
/// hashed a megabyte at a time; returns the file's length. Entries are limited to 4 GiB each, as
/// the format's size fields are.
pub fn pbo<W: Write>(out: &mut W, prefix: &str, members: &mut [Member<'_>]) -> io::Result<u64> {
    let mut sha = Sha1::new();
    let mut written = 0u64;
    let mut put = |out: &mut W, bytes: &[u8]| -> io::Result<()> {
        sha.update(bytes);
        written += bytes.len() as u64;
        out.write_all(bytes)
    };
    let record = |name: &[u8], fields: [u32; 5]| {
        let mut r = name.to_vec();
        r.push(0);
        for f in fields {
            r.extend_from_slice(&f.to_le_bytes());
        }
        r
    };
    let mut header = record(b"", [0x5665_7273, 0, 0, 0, 0]);
    header.extend_from_slice(b"prefix\0");
    header.extend_from_slice(prefix.as_bytes());
    header.extend_from_slice(b"\0\0");
    for m in members.iter() {
        let size = u32::try_from(m.size).map_err(io::Error::other)?;
        header.extend_from_slice(&record(m.name.as_bytes(), [0, 0, 0, 1_700_000_000, size]));
    }
    header.extend_from_slice(&record(b"", [0; 5]));
    put(out, &header)?;
    let mut chunk = vec![0u8; CHUNK];
    for m in members.iter_mut() {
        let mut left = m.size;
        while left > 0 {
            let n = usize::try_from(left).unwrap_or(CHUNK).min(CHUNK);
            let piece = &mut chunk[..n];
            (m.fill)(piece);
            put(out, piece)?;
            left -= n as u64;
        }
    }
    let hash = sha.finalize();
    out.write_all(&[0])?;
    out.write_all(&hash)?;
    out.flush()?;
    Ok(written + 1 + hash.len() as u64)
}

/// A fast generator of incompressible bytes (xorshift64*), for members that must not shrink.
#[derive(Clone, Debug)]
pub struct Noise(u64);

impl Noise {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Noise {
        Noise(seed | 1)
    }

    /// Fills `out` with the next bytes.
    pub fn fill(&mut self, out: &mut [u8]) {
        for word in out.chunks_mut(8) {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            let v = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D).to_le_bytes();
            word.copy_from_slice(&v[..word.len()]);
        }
    }
}
