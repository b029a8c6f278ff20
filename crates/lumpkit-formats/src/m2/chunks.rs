//! The chunked container of Legion and later (`MD21` first, then `SFID`, `TXID`, `AFID`, `BFID`,
//! `SKID`, …), walked by size. Chunk ids and contents: wowdev.wiki `M2` "chunked format"; the same set
//! is read by wow.export `M2Loader.js` and warcraft-rs `wow-m2/src/model.rs` (`research/m2.md` §1).
//! Unknown chunks are skipped by their size.

use zerocopy::little_endian::U32;
use zerocopy::{FromBytes, Immutable, KnownLayout, Unaligned};

use crate::diag::Sink;
use crate::error::Error;

use super::raw::ChunkHeader;
use super::rules;

/// `MD20`: the model header's magic (the whole file before Legion, the payload of `MD21` after).
pub const MD20: [u8; 4] = *b"MD20";
/// `MD21`: the MD20 blob.
pub const MD21: [u8; 4] = *b"MD21";
/// `SFID`: skin profile file data ids (u32 each; LOD skins follow the regular ones).
pub const SFID: [u8; 4] = *b"SFID";
/// `TXID`: texture file data ids (u32 per texture).
pub const TXID: [u8; 4] = *b"TXID";
/// `AFID`: animation file ids (8 bytes each: anim id, sub-anim id, file data id).
pub const AFID: [u8; 4] = *b"AFID";
/// `BFID`: bone file data ids (u32 each).
pub const BFID: [u8; 4] = *b"BFID";
/// `SKID`: the skeleton file data id (one u32).
pub const SKID: [u8; 4] = *b"SKID";
/// `PFID`: the physics file data id (one u32).
pub const PFID: [u8; 4] = *b"PFID";

/// Chunks whose payload is a list of 4-byte file data ids (or 8-byte AFID records).
const FILE_ID_CHUNKS: [[u8; 4]; 6] = [SFID, TXID, AFID, BFID, SKID, PFID];

/// A file data id as stored (little-endian u32).
pub type FileId = U32;

/// One `AFID` record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, FromBytes, KnownLayout, Immutable, Unaligned)]
#[repr(C)]
pub struct AnimFileId {
    /// Animation id.
    pub anim_id: zerocopy::little_endian::U16,
    /// Sub-animation id.
    pub sub_anim_id: zerocopy::little_endian::U16,
    /// File data id (0: none).
    pub file_id: U32,
}

/// One chunk: its id, where its payload starts in the file, and the payload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chunk<'a> {
    /// Four-character id as stored.
    pub id: [u8; 4],
    /// File offset of the payload.
    pub offset: u64,
    /// The payload.
    pub data: &'a [u8],
}

/// The chunks after `MD21`, as a validated prefix of the file: iteration yields every whole chunk.
#[derive(Clone, Copy, Debug, Default)]
pub struct Chunks<'a> {
    rest: &'a [u8],
    offset: u64,
}

impl<'a> Chunks<'a> {
    /// Walks `bytes` (starting at file offset `offset`), reporting a chunk that does not fit or whose
    /// file-id list is not a whole number of records. Returns the walkable prefix.
    pub(crate) fn walk(
        bytes: &'a [u8],
        offset: u64,
        sink: &mut impl Sink,
    ) -> Result<Chunks<'a>, Error> {
        let mut len = 0usize;
        let mut at = bytes;
        while !at.is_empty() {
            let here = offset.saturating_add(len as u64);
            let Ok((head, body)) = ChunkHeader::ref_from_prefix(at) else {
                sink.report(rules::CHUNK_PAST_EOF.with(here, [0, 8, at.len() as u64]))?;
                break;
            };
            let size = u64::from(head.size.get());
            let Some(payload) = usize::try_from(size).ok().and_then(|s| body.get(..s)) else {
                sink.report(rules::CHUNK_PAST_EOF.with(
                    here,
                    [
                        u64::from(u32::from_le_bytes(head.id)),
                        size,
                        body.len() as u64,
                    ],
                ))?;
                break;
            };
            let record = if head.id == AFID { 8 } else { 4 };
            let spare = payload.len().checked_rem(record).unwrap_or(0);
            if FILE_ID_CHUNKS.contains(&head.id) && spare != 0 {
                sink.report(rules::CHUNK_SIZE_MISALIGNED.with(
                    here,
                    [u64::from(u32::from_le_bytes(head.id)), size, spare as u64],
                ))?;
            }
            let whole = payload.len().saturating_add(8);
            len = len.saturating_add(whole);
            at = at.get(whole..).unwrap_or(&[]);
        }
        Ok(Chunks {
            rest: bytes.get(..len).unwrap_or(&[]),
            offset,
        })
    }

    /// The first chunk with `id`.
    pub fn find(self, id: [u8; 4]) -> Option<Chunk<'a>> {
        self.into_iter().find(|c| c.id == id)
    }

    /// The first chunk with `id` as a list of `T` records (a trailing partial record is ignored).
    pub fn records<T: FromBytes + KnownLayout + Immutable + Unaligned>(
        self,
        id: [u8; 4],
    ) -> &'a [T] {
        let Some(chunk) = self.find(id) else {
            return &[];
        };
        let size = core::mem::size_of::<T>().max(1);
        let whole = chunk
            .data
            .len()
            .saturating_sub(chunk.data.len().checked_rem(size).unwrap_or(0));
        chunk
            .data
            .get(..whole)
            .and_then(|d| <[T]>::ref_from_bytes(d).ok())
            .unwrap_or(&[])
    }
}

impl<'a> IntoIterator for Chunks<'a> {
    type Item = Chunk<'a>;
    type IntoIter = ChunkIter<'a>;
    fn into_iter(self) -> ChunkIter<'a> {
        ChunkIter {
            rest: self.rest,
            offset: self.offset,
        }
    }
}

/// Iterator over whole chunks.
#[derive(Clone, Debug)]
pub struct ChunkIter<'a> {
    rest: &'a [u8],
    offset: u64,
}

impl<'a> Iterator for ChunkIter<'a> {
    type Item = Chunk<'a>;
    fn next(&mut self) -> Option<Chunk<'a>> {
        let (head, body) = ChunkHeader::ref_from_prefix(self.rest).ok()?;
        let size = usize::try_from(head.size.get()).ok()?;
        let data = body.get(..size)?;
        let chunk = Chunk {
            id: head.id,
            offset: self.offset.saturating_add(8),
            data,
        };
        self.rest = body.get(size..).unwrap_or(&[]);
        self.offset = self.offset.saturating_add(8).saturating_add(size as u64);
        Some(chunk)
    }
}
