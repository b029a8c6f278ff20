//! The model view: the chunk list walked once, each known chunk located, the version read, and
//! every object of every chunk checked for size; accessors hand out the objects in place.

use zerocopy::FromBytes;

use super::cursor::Cursor;
use super::objects::{Item, Objects};
use super::raw::{Model as ModelRecord, Sequence, Texture};
use super::rules;
use super::tags::{self, Kind, NODE_KINDS};
use crate::diag::Sink;
use crate::error::Error;
use crate::profiles::warcraft::MDX_VERSION;

/// Versions whose object layouts lumpkit reads.
pub const KNOWN_VERSIONS: [u32; 5] = [800, 900, 1000, 1100, 1200];

/// One chunk's payload and where it starts in the file.
#[derive(Clone, Copy, Debug)]
pub struct Chunk<'a> {
    /// The payload (after the 8-byte header).
    pub data: &'a [u8],
    /// File offset of the payload.
    pub offset: u64,
}

/// A checked MDX model.
#[derive(Clone, Copy, Debug)]
pub struct Mdx<'a> {
    version: u32,
    version_stored: bool,
    readable: bool,
    chunks: [Option<Chunk<'a>>; Kind::ALL.len()],
}

impl<'a> Mdx<'a> {
    /// Walks the chunks of `bytes`, reports every chunk- and object-level problem, and returns the
    /// view. Only a missing `MDLX` magic is an `Err`: everything else leaves what can be read.
    pub fn parse(bytes: &'a [u8], sink: &mut impl Sink) -> Result<Mdx<'a>, Error> {
        if bytes.get(..4) != Some(&tags::MAGIC[..]) {
            return Err(Error::file(&rules::BAD_MAGIC, 0, [0; 3]));
        }
        let mut chunks = [None; Kind::ALL.len()];
        let mut cur = Cursor::new(bytes.get(4..).unwrap_or(&[]), 4);
        while !cur.is_empty() {
            let at = cur.offset();
            let (Some(tag), Some(size)) = (cur.tag(), cur.u32()) else {
                let left = cur.remaining() as u64;
                sink.report(rules::CHUNK_PAST_EOF.with(at, [0, 8, left.saturating_add(4)]))?;
                break;
            };
            let payload_at = cur.offset();
            let left = cur.remaining() as u64;
            let Some(data) = cur.take(size as usize) else {
                sink.report(
                    rules::CHUNK_PAST_EOF
                        .with(at, [u64::from(u32::from_le_bytes(tag)), size.into(), left]),
                )?;
                break;
            };
            let chunk = Chunk {
                data,
                offset: payload_at,
            };
            match Kind::from_tag(tag) {
                Some(kind) => {
                    let Some(slot) = chunks.get_mut(kind as usize) else {
                        continue;
                    };
                    if slot.is_some() {
                        sink.report(rules::CHUNK_REPEATED.with(at, [kind.code().into(), 0, 0]))?;
                        continue;
                    }
                    if let Some(record) = kind.record_size() {
                        let uneven = match kind {
                            // VERS and MODL hold one record exactly.
                            Kind::Vers | Kind::Modl => size != record,
                            _ => size.checked_rem(record) != Some(0),
                        };
                        if uneven {
                            sink.report(
                                rules::CHUNK_SIZE_UNEVEN
                                    .with(at, [kind.code().into(), size.into(), record.into()]),
                            )?;
                        }
                    }
                    *slot = Some(chunk);
                }
                None => sink.report(
                    rules::CHUNK_UNKNOWN.with(at, [u32::from_le_bytes(tag).into(), size.into(), 0]),
                )?,
            }
        }
        let vers = chunks.get(Kind::Vers as usize).copied().flatten();
        let stored = vers.and_then(|c| crate::bytes::u32_le(c.data, 0));
        let version = stored.unwrap_or(800);
        let vers_at = vers.map_or(0, |c| c.offset);
        match stored {
            None => sink.report(rules::VERSION_MISSING.at(0))?,
            Some(900) => sink.report(rules::VERSION_900.with(vers_at, [900, 0, 0]))?,
            Some(v) if !KNOWN_VERSIONS.contains(&v) => {
                sink.report(rules::VERSION_UNKNOWN.with(vers_at, [v.into(), 0, 0]))?;
            }
            Some(v) => {
                if let Some(d) = MDX_VERSION.check(v.into(), vers_at) {
                    sink.report(d)?;
                }
            }
        }
        let mdx = Mdx {
            version,
            version_stored: stored.is_some(),
            readable: KNOWN_VERSIONS.contains(&version),
            chunks,
        };
        for kind in Kind::ALL {
            if let Some(Err(d)) = mdx.objects(kind).find(Result::is_err) {
                sink.report(d)?;
            }
        }
        if let Some(c) = mdx.chunk(Kind::Bpos) {
            let count = crate::bytes::u32_le(c.data, 0).unwrap_or(0);
            let want = u64::from(count).saturating_mul(48).saturating_add(4);
            if want != c.data.len() as u64 {
                sink.report(rules::CHUNK_SIZE_UNEVEN.with(
                    c.offset.saturating_sub(8),
                    [Kind::Bpos.code().into(), c.data.len() as u64, 48],
                ))?;
            }
        }
        Ok(mdx)
    }

    /// The version (800 when the file has no VERS chunk).
    pub fn version(&self) -> u32 {
        self.version
    }

    /// Whether the file stores its version.
    pub fn version_stored(&self) -> bool {
        self.version_stored
    }

    /// Whether the object layouts of this version are known (else only fixed-record chunks are read).
    pub fn readable(&self) -> bool {
        self.readable
    }

    /// The chunk of `kind`, when present.
    pub fn chunk(&self, kind: Kind) -> Option<Chunk<'a>> {
        self.chunks.get(kind as usize).copied().flatten()
    }

    /// The objects of chunk `kind`, in order (none for a chunk that is absent, and none for
    /// version-dependent chunks of an unknown version).
    pub fn objects(&self, kind: Kind) -> Objects<'a> {
        let fixed = matches!(
            kind,
            Kind::Seqs | Kind::Glbs | Kind::Texs | Kind::Pivt | Kind::Fafx
        );
        match self.chunk(kind) {
            Some(c) if matches!(kind, Kind::Vers | Kind::Modl | Kind::Bpos) => {
                let _ = c;
                Objects::empty(kind)
            }
            Some(c) if fixed || self.readable => {
                // A fixed-record chunk of uneven size is read up to its last whole record.
                let data = match kind.record_size() {
                    Some(r) if fixed => {
                        let whole = whole_records(c.data.len(), r as usize);
                        c.data.get(..whole).unwrap_or(&[])
                    }
                    _ => c.data,
                };
                Objects::new(kind, Cursor::new(data, c.offset), self.version)
            }
            _ => Objects::empty(kind),
        }
    }

    /// The readable objects of chunk `kind` (up to the first that is not).
    pub fn items(&self, kind: Kind) -> impl Iterator<Item = Item<'a>> + use<'a> {
        self.objects(kind).map_while(Result::ok)
    }

    /// Number of readable objects of `kind` (`BPOS`: its declared matrix count).
    pub fn count(&self, kind: Kind) -> usize {
        match kind {
            Kind::Bpos => self
                .chunk(kind)
                .and_then(|c| crate::bytes::u32_le(c.data, 0))
                .map_or(0, |n| n as usize),
            _ => self.items(kind).count(),
        }
    }

    /// The `MODL` record.
    pub fn model(&self) -> Option<&'a ModelRecord> {
        let c = self.chunk(Kind::Modl)?;
        ModelRecord::ref_from_prefix(c.data).ok().map(|(m, _)| m)
    }

    /// The sequences.
    pub fn sequences(&self) -> &'a [Sequence] {
        self.fixed(Kind::Seqs)
    }

    /// The textures.
    pub fn textures(&self) -> &'a [Texture] {
        self.fixed(Kind::Texs)
    }

    /// The global sequence durations.
    pub fn global_sequences(&self) -> impl Iterator<Item = u32> + use<'a> {
        self.items(Kind::Glbs).filter_map(|i| match i {
            Item::GlobalSequence(d) => Some(d),
            _ => None,
        })
    }

    fn fixed<T: FromBytes + zerocopy::Immutable + zerocopy::KnownLayout + zerocopy::Unaligned>(
        &self,
        kind: Kind,
    ) -> &'a [T] {
        let Some(c) = self.chunk(kind) else {
            return &[];
        };
        let size = core::mem::size_of::<T>();
        let whole = whole_records(c.data.len(), size);
        c.data
            .get(..whole)
            .and_then(|d| <[T]>::ref_from_bytes(d).ok())
            .unwrap_or(&[])
    }

    /// Every node in object-id order (BONE, LITE, HELP, ATCH, PREM, PRE2, CORN, RIBB, EVTS, CLID).
    pub fn nodes(&self) -> impl Iterator<Item = super::objects::NodeObject<'a>> + use<'a> {
        let this = *self;
        NODE_KINDS
            .into_iter()
            .flat_map(move |k| this.items(k))
            .filter_map(|i| i.node().copied())
    }
}

/// The bytes of `len` that whole `record`-byte records fill.
fn whole_records(len: usize, record: usize) -> usize {
    len.saturating_sub(len.checked_rem(record).unwrap_or(0))
}
