//! Skin profiles: the `.skin` files of version 264 on (`SKIN` magic, offsets from the file start) and
//! the views embedded in models up to 263 (no magic, offsets from the MD20 blob). Layout: wowdev.wiki
//! `M2/.skin`, checked on the real `.skin` files of the shared corpus (48-byte submeshes, 24-byte
//! batches). A batch draws one submesh with one material and `texture_count` entries of the model's
//! texture lookup starting at `texture_combo_index`.

use zerocopy::little_endian::U16;
use zerocopy::{FromBytes, Immutable, KnownLayout, Unaligned};

use crate::bytes;
use crate::diag::Sink;
use crate::error::Error;

use super::array::{self, ArrayFault};
use super::raw::{Batch, RawArray, SkinProfile, Submesh};
use super::rules;

/// `SKIN`.
pub const MAGIC: [u8; 4] = *b"SKIN";
/// Magic plus the profile header.
pub const FILE_HEADER_LEN: u64 = 48;
/// The embedded profile header.
pub const PROFILE_LEN: u64 = 44;

/// What a profile is checked against when its model is known.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ModelFacts {
    /// Model vertex count.
    pub vertices: u32,
    /// Material count.
    pub materials: u32,
    /// Texture lookup entries.
    pub texture_lookup: u32,
    /// Bone lookup entries (submesh bone palettes index it).
    pub bone_lookup: u32,
    /// Colour animations (batches' colour index).
    pub colors: u32,
    /// Transparency lookup entries (batches' texture weight index).
    pub transparency_lookup: u32,
}

/// The five arrays of a profile, in header order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    Vertices,
    Indices,
    Bones,
    Submeshes,
    Batches,
}

/// A checked, zero-copy skin profile.
#[derive(Clone, Copy, Debug)]
pub struct Skin<'a> {
    data: &'a [u8],
    base: u64,
    header_at: u64,
    header: SkinProfile,
    submesh_stride: u16,
}

/// Submeshes, whose record size depends on the version (32 or 48 bytes): only the common 32-byte
/// prefix is exposed.
#[derive(Clone, Copy, Debug)]
pub struct Submeshes<'a> {
    bytes: &'a [u8],
    stride: u16,
}

impl<'a> Submeshes<'a> {
    /// Number of submeshes.
    pub fn len(&self) -> usize {
        self.bytes
            .len()
            .checked_div(usize::from(self.stride))
            .unwrap_or(0)
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Submesh `i`.
    pub fn get(&self, i: usize) -> Option<&'a Submesh> {
        let at = i.checked_mul(usize::from(self.stride))?;
        Submesh::ref_from_prefix(self.bytes.get(at..)?)
            .ok()
            .map(|(s, _)| s)
    }

    /// Every submesh.
    pub fn iter(&self) -> impl Iterator<Item = &'a Submesh> + '_ {
        (0..self.len()).filter_map(|i| self.get(i))
    }
}

impl Submesh {
    /// First index, with `level` as the high 16 bits (large models).
    pub fn first_index(&self) -> u32 {
        u32::from(self.index_start.get()) | (u32::from(self.level.get()) << 16)
    }
}

impl<'a> Skin<'a> {
    /// Parses and validates a `.skin` file. Batches cannot be checked against materials here (the
    /// model is another file): use [`Skin::validate`] with the model's [`ModelFacts`] for that.
    pub fn parse(bytes: &'a [u8], sink: &mut impl Sink) -> Result<Skin<'a>, Error> {
        if !bytes.starts_with(&MAGIC) {
            return Err(Error::file(&rules::SKIN_BAD_MAGIC, 0, [0; 3]));
        }
        let skin = Self::at(bytes, 0, 4, 48)?;
        skin.validate(None, sink)?;
        Ok(skin)
    }

    /// A profile embedded in a ≤263 model: header at `at` in the MD20 blob `data` (file offset `base`).
    pub(crate) fn embedded(
        data: &'a [u8],
        base: u64,
        at: u64,
        submesh_stride: u16,
    ) -> Result<Skin<'a>, Error> {
        Self::at(data, base, at, submesh_stride)
    }

    fn at(data: &'a [u8], base: u64, at: u64, submesh_stride: u16) -> Result<Skin<'a>, Error> {
        let header = bytes::range(data, at, PROFILE_LEN)
            .and_then(|h| SkinProfile::read_from_bytes(h).ok())
            .ok_or_else(|| {
                let have = (data.len() as u64).saturating_sub(at.saturating_sub(4));
                Error::file(
                    &rules::SKIN_HEADER_TRUNCATED,
                    base.saturating_add(at),
                    [have, FILE_HEADER_LEN, 0],
                )
            })?;
        Ok(Skin {
            data,
            base,
            header_at: at,
            header,
            submesh_stride,
        })
    }

    fn raw(&self, part: Part) -> (u64, RawArray, u16) {
        let (index, raw, record) = match part {
            Part::Vertices => (0u64, self.header.vertices, 2),
            Part::Indices => (1, self.header.indices, 2),
            Part::Bones => (2, self.header.bones, 4),
            Part::Submeshes => (3, self.header.submeshes, self.submesh_stride),
            Part::Batches => (4, self.header.batches, 24),
        };
        let at = self
            .base
            .saturating_add(self.header_at)
            .saturating_add(index.saturating_mul(8));
        (at, raw, record)
    }

    fn part(&self, part: Part) -> Result<&'a [u8], Error> {
        let (at, raw, record) = self.raw(part);
        array::resolve_bytes(self.data, raw.count.get(), raw.offset.get(), record).map_err(
            |fault| {
                let (rule, third) = match fault {
                    ArrayFault::Overflow => (&rules::SKIN_ARRAY_SIZE_OVERFLOW, u64::from(record)),
                    ArrayFault::PastEnd => {
                        (&rules::SKIN_ARRAY_PAST_EOF, u64::from(raw.offset.get()))
                    }
                };
                Error::file(rule, at, [at, raw.count.get().into(), third])
            },
        )
    }

    fn typed<T: FromBytes + KnownLayout + Immutable + Unaligned>(
        &self,
        part: Part,
    ) -> Result<&'a [T], Error> {
        let b = self.part(part)?;
        Ok(<[T]>::ref_from_bytes(b).unwrap_or(&[]))
    }

    /// Local vertices: each the index of a model vertex.
    pub fn vertices(&self) -> Result<&'a [U16], Error> {
        self.typed(Part::Vertices)
    }

    /// Triangle list into the local vertices.
    pub fn indices(&self) -> Result<&'a [U16], Error> {
        self.typed(Part::Indices)
    }

    /// Bone indices per local vertex.
    pub fn bones(&self) -> Result<&'a [[u8; 4]], Error> {
        self.typed(Part::Bones)
    }

    /// Submeshes.
    pub fn submeshes(&self) -> Result<Submeshes<'a>, Error> {
        Ok(Submeshes {
            bytes: self.part(Part::Submeshes)?,
            stride: self.submesh_stride,
        })
    }

    /// Batches (texture units).
    pub fn batches(&self) -> Result<&'a [Batch], Error> {
        self.typed(Part::Batches)
    }

    /// The file offset of record `i` of `part` (whether or not it exists), records `size` bytes.
    fn record_offset(&self, part: Part, i: usize, size: u64) -> u64 {
        let (_, raw, _) = self.raw(part);
        self.base
            .saturating_add(raw.offset.get().into())
            .saturating_add((i as u64).saturating_mul(size))
    }

    /// The material batch `i` (`batch`) draws with in `model`: the same check as `validate`'s,
    /// with the error naming this batch and its offset in the skin file.
    pub fn batch_material<'m>(
        &self,
        model: &super::model::M2<'m>,
        i: usize,
        batch: &Batch,
    ) -> Result<&'m super::raw::Material, Error> {
        model.batch_material_reported(batch, i, self.record_offset(Part::Batches, i, 24))
    }

    /// The raw profile header.
    pub fn header(&self) -> &SkinProfile {
        &self.header
    }

    /// Declared counts: vertices, indices, submeshes, batches.
    pub fn counts(&self) -> [u32; 4] {
        let h = &self.header;
        [
            h.vertices.count.get(),
            h.indices.count.get(),
            h.submeshes.count.get(),
            h.batches.count.get(),
        ]
    }

    /// Validates arrays, submesh ranges, indices and batches; with `model`, also the model vertex
    /// indices and each batch's material and texture lookup range. Reports the first offender of
    /// each rule (one bad file cannot flood the report).
    pub fn validate(&self, model: Option<ModelFacts>, sink: &mut impl Sink) -> Result<(), Error> {
        for part in [
            Part::Vertices,
            Part::Indices,
            Part::Bones,
            Part::Submeshes,
            Part::Batches,
        ] {
            if let Err(e) = self.part(part) {
                sink.report(e.diagnostic)?;
            }
        }
        let vertices = self.vertices().ok();
        let indices = self.indices().ok();
        let submeshes = self.submeshes().ok();
        let at = |part: Part, i: usize, size: u64| self.record_offset(part, i, size);
        if let (Some(v), Some(ix)) = (vertices, indices)
            && let Some((i, x)) = ix
                .iter()
                .enumerate()
                .find(|(_, x)| usize::from(x.get()) >= v.len())
        {
            let d = rules::SKIN_INDEX_OUT_OF_RANGE.with(
                at(Part::Indices, i, 2),
                [i as u64, x.get().into(), v.len() as u64],
            );
            sink.report(d)?;
        }
        if let (Some(v), Some(ix), Some(subs)) = (vertices, indices, submeshes) {
            let bad = subs.iter().enumerate().find_map(|(i, s)| {
                let v_end =
                    u64::from(s.vertex_start.get()).saturating_add(s.vertex_count.get().into());
                let i_end = u64::from(s.first_index()).saturating_add(s.index_count.get().into());
                if v_end > v.len() as u64 {
                    Some((i, v_end, v.len() as u64))
                } else if i_end > ix.len() as u64 {
                    Some((i, i_end, ix.len() as u64))
                } else {
                    None
                }
            });
            if let Some((i, end, have)) = bad {
                let offset = at(Part::Submeshes, i, self.submesh_stride.into());
                sink.report(rules::SKIN_SUBMESH_RANGE.with(offset, [i as u64, end, have]))?;
            }
        }
        if let (Some(m), Some(v)) = (model, vertices)
            && let Some((i, x)) = v
                .iter()
                .enumerate()
                .find(|(_, x)| u32::from(x.get()) >= m.vertices)
        {
            let d = rules::SKIN_VERTEX_OUT_OF_RANGE.with(
                at(Part::Vertices, i, 2),
                [i as u64, x.get().into(), m.vertices.into()],
            );
            sink.report(d)?;
        }
        let Ok(batches) = self.batches() else {
            return Ok(());
        };
        if let Some(subs) = submeshes
            && let Some((i, b)) = batches
                .iter()
                .enumerate()
                .find(|(_, b)| usize::from(b.submesh_index.get()) >= subs.len())
        {
            let d = rules::SKIN_BATCH_SUBMESH.with(
                at(Part::Batches, i, 24),
                [i as u64, b.submesh_index.get().into(), subs.len() as u64],
            );
            sink.report(d)?;
        }
        let Some(m) = model else { return Ok(()) };
        if let Some((i, b)) = batches
            .iter()
            .enumerate()
            .find(|(_, b)| u32::from(b.material_index.get()) >= m.materials)
        {
            let d = rules::SKIN_BATCH_MATERIAL.with(
                at(Part::Batches, i, 24),
                [i as u64, b.material_index.get().into(), m.materials.into()],
            );
            sink.report(d)?;
        }
        let texture_end = |b: &Batch| {
            u32::from(b.texture_combo_index.get()).saturating_add(b.texture_count.get().into())
        };
        if let Some((i, b)) = batches
            .iter()
            .enumerate()
            .find(|(_, b)| texture_end(b) > m.texture_lookup)
        {
            let d = rules::SKIN_BATCH_TEXTURE.with(
                at(Part::Batches, i, 24),
                [i as u64, texture_end(b).into(), m.texture_lookup.into()],
            );
            sink.report(d)?;
        }
        // -1 is "no colour" (wowdev.wiki M2/.skin; WoW Model Viewer tests `color != -1`).
        let color_ok = |c: i16| c == -1 || u32::try_from(c).is_ok_and(|c| c < m.colors);
        if let Some((i, b)) = batches
            .iter()
            .enumerate()
            .find(|(_, b)| !color_ok(b.color_index.get()))
        {
            let raw = u16::from_le_bytes(b.color_index.get().to_le_bytes());
            let d = rules::SKIN_BATCH_COLOR.with(
                at(Part::Batches, i, 24).saturating_add(8),
                [i as u64, raw.into(), m.colors.into()],
            );
            sink.report(d)?;
        }
        // One transparency lookup entry per batch, whatever its texture count (the real
        // two-texture batch of the shared corpus uses a one-entry lookup), and no "none" value.
        if let Some((i, b)) = batches
            .iter()
            .enumerate()
            .find(|(_, b)| u32::from(b.texture_weight_combo_index.get()) >= m.transparency_lookup)
        {
            let d = rules::SKIN_BATCH_WEIGHT.with(
                at(Part::Batches, i, 24).saturating_add(20),
                [
                    i as u64,
                    b.texture_weight_combo_index.get().into(),
                    m.transparency_lookup.into(),
                ],
            );
            sink.report(d)?;
        }
        if let Some(subs) = submeshes {
            let palette_end = |s: &Submesh| {
                u32::from(s.bone_combo_index.get()).saturating_add(s.bone_count.get().into())
            };
            if let Some((i, s)) = subs
                .iter()
                .enumerate()
                .find(|(_, s)| s.bone_count.get() > 0 && palette_end(s) > m.bone_lookup)
            {
                let d = rules::SKIN_BONE_COMBO.with(
                    at(Part::Submeshes, i, self.submesh_stride.into()).saturating_add(12),
                    [i as u64, palette_end(s).into(), m.bone_lookup.into()],
                );
                sink.report(d)?;
            }
        }
        Ok(())
    }
}
