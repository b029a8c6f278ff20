//! The checked view of an M2 model: MD20 directly, or inside the MD21 chunk of a chunked file.
//!
//! [`M2::parse`] checks what the view needs (magic, version, header length) and then validates every
//! array once, reporting through the sink; accessors resolve arrays again on demand and return
//! `Result`, so a broken array never hides the others. Offsets inside the MD20 blob count from the
//! blob's first byte (file byte 0 for MD20 files, the MD21 chunk payload for chunked files: not a
//! hard-coded 8, see `research/m2.md` §2); diagnostics carry file offsets.

use zerocopy::little_endian::U16;
use zerocopy::{FromBytes, Immutable, KnownLayout, Unaligned};

use crate::bytes;
use crate::diag::Sink;
use crate::error::Error;

use super::array::{self, ArrayFault};
use super::chunks::{self, AnimFileId, Chunks};
use super::layout::{ArrayField, BLEND_MAP_OVERRIDES_FLAG, Field, Layout, MAX_ARRAY_FIELDS};
use super::raw::{Batch, BoundingBox, Material, RawArray, Texture, Vertex};
use super::rules;
use super::skeleton::{self, Bones};
use super::skin::{ModelFacts, Skin};

/// The highest on-disk blending mode (7, BlendAdd).
pub const MAX_BLENDING_MODE: u16 = 7;

/// Embedded (≤263) views validated in depth; the client draws at most a few LODs, and the bound keeps
/// validation linear in the file size when many views alias one large array.
pub const MAX_CHECKED_VIEWS: u32 = 16;

/// A checked, zero-copy view of an M2 model.
#[derive(Clone, Copy, Debug)]
pub struct M2<'a> {
    data: &'a [u8],
    base: u64,
    version: u32,
    layout: Layout,
    global_flags: u32,
    chunks: Option<Chunks<'a>>,
}

/// The version stored in an M2 file (MD20, or the MD20 inside a leading MD21 chunk), without any
/// other check: lets callers report the version of a file that fails to parse.
pub fn peek_version(bytes: &[u8]) -> Option<u32> {
    let at: u64 = if bytes.starts_with(&chunks::MD21) {
        8
    } else {
        0
    };
    (bytes::array::<4>(bytes, at)? == chunks::MD20).then_some(())?;
    bytes::u32_le(bytes, at.checked_add(4)?)
}

impl<'a> M2<'a> {
    /// Parses and validates a model file, reporting every finding to `sink`.
    pub fn parse(bytes: &'a [u8], sink: &mut impl Sink) -> Result<M2<'a>, Error> {
        let (data, base, chunks) = if bytes.starts_with(&chunks::MD21) {
            let size = bytes::u32_le(bytes, 4).ok_or_else(|| {
                Error::file(&rules::HEADER_TRUNCATED, 0, [bytes.len() as u64, 8, 0])
            })?;
            let body = bytes.get(8..).unwrap_or(&[]);
            let size = u64::from(size);
            let avail = body.len() as u64;
            if size > avail {
                sink.report(rules::MD21_PAST_EOF.with(0, [size, avail, 0]))?;
            }
            let payload = bytes::range(body, 0, size.min(avail)).unwrap_or(body);
            let after = bytes::tail(body, size).unwrap_or(&[]);
            let chunks = Chunks::walk(after, size.saturating_add(8), sink)?;
            (payload, 8u64, Some(chunks))
        } else {
            (bytes, 0u64, None)
        };
        let model = Self::header(data, base, chunks)?;
        model.validate(sink)?;
        Ok(model)
    }

    /// Checks magic, version and header length of the MD20 blob `data` at file offset `base`.
    fn header(data: &'a [u8], base: u64, chunks: Option<Chunks<'a>>) -> Result<M2<'a>, Error> {
        let magic = bytes::array::<4>(data, 0);
        if magic.is_some_and(|m| m != chunks::MD20) || (magic.is_none() && base == 0) {
            return Err(Error::file(&rules::BAD_MAGIC, base, [base, 0, 0]));
        }
        let len = data.len() as u64;
        let version = bytes::u32_le(data, 4)
            .ok_or_else(|| Error::file(&rules::HEADER_TRUNCATED, base, [len, 8, 0]))?;
        let layout = Layout::of(version).ok_or_else(|| {
            Error::unsupported(
                &rules::UNKNOWN_VERSION,
                base.saturating_add(4),
                [version.into(), 0, 0],
            )
        })?;
        let global_flags = bytes::u32_le(data, 0x10).unwrap_or(0);
        let mut need = layout.header_len();
        if global_flags & BLEND_MAP_OVERRIDES_FLAG != 0 {
            need = need.saturating_add(8);
        }
        if len < need {
            return Err(Error::file(&rules::HEADER_TRUNCATED, base, [len, need, 0]));
        }
        Ok(M2 {
            data,
            base,
            version,
            layout,
            global_flags,
            chunks,
        })
    }

    /// The model's version (256..=274).
    pub fn version(&self) -> u32 {
        self.version
    }

    /// The header layout the version implies.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// Global flags (0x08: blend-map overrides present).
    pub fn global_flags(&self) -> u32 {
        self.global_flags
    }

    /// Whether the file is chunked (MD21).
    pub fn is_chunked(&self) -> bool {
        self.chunks.is_some()
    }

    /// The MD20 blob every array offset counts from.
    pub fn data(&self) -> &'a [u8] {
        self.data
    }

    /// File offset of the MD20 blob (0, or the MD21 payload start).
    pub fn data_offset(&self) -> u64 {
        self.base
    }

    /// The chunks after MD21 (empty for MD20 files).
    pub fn chunks(&self) -> Chunks<'a> {
        self.chunks.unwrap_or_default()
    }

    /// Skin profile file data ids (`SFID`).
    pub fn skin_file_ids(&self) -> &'a [zerocopy::little_endian::U32] {
        self.chunks().records(chunks::SFID)
    }

    /// Texture file data ids (`TXID`), one per texture.
    pub fn texture_file_ids(&self) -> &'a [zerocopy::little_endian::U32] {
        self.chunks().records(chunks::TXID)
    }

    /// Bone file data ids (`BFID`).
    pub fn bone_file_ids(&self) -> &'a [zerocopy::little_endian::U32] {
        self.chunks().records(chunks::BFID)
    }

    /// Animation file ids (`AFID`).
    pub fn anim_file_ids(&self) -> &'a [AnimFileId] {
        self.chunks().records(chunks::AFID)
    }

    /// The skeleton file data id (`SKID`).
    pub fn skeleton_file_id(&self) -> Option<u32> {
        self.chunks()
            .records::<zerocopy::little_endian::U32>(chunks::SKID)
            .first()
            .map(|v| v.get())
    }

    /// The raw `M2Array` of `field` (zero when the layout has no such field).
    pub fn raw_array(&self, field: Field) -> RawArray {
        self.array_at(field).map(|(_, raw)| raw).unwrap_or_default()
    }

    /// Declared record count of `field` (zero when the layout has no such field).
    pub fn count(&self, field: Field) -> u32 {
        self.raw_array(field).count.get()
    }

    fn array_at(&self, field: Field) -> Option<(ArrayField, RawArray)> {
        let spec = if field == Field::BlendMapOverrides {
            if self.global_flags & BLEND_MAP_OVERRIDES_FLAG == 0 {
                return None;
            }
            let at = u16::try_from(self.layout.header_len()).ok()?;
            ArrayField {
                field,
                at,
                record: 2,
            }
        } else {
            self.layout.field(field)?
        };
        let raw = RawArray::read_from_prefix(bytes::tail(self.data, spec.at.into())?)
            .ok()?
            .0;
        Some((spec, raw))
    }

    /// The bytes of `field`'s records, or the error describing why they cannot be used.
    pub fn array_bytes(&self, field: Field) -> Result<&'a [u8], Error> {
        let Some((spec, raw)) = self.array_at(field) else {
            return Ok(&[]);
        };
        array::resolve_bytes(self.data, raw.count.get(), raw.offset.get(), spec.record)
            .map_err(|fault| self.array_error(spec, raw, fault))
    }

    /// The bytes of the array a layout entry describes (as [`M2::array_bytes`], without looking the
    /// field up): for walking every field of [`Layout::fields`].
    pub fn field_bytes(&self, spec: ArrayField) -> Result<&'a [u8], Error> {
        let Some(raw) = bytes::tail(self.data, spec.at.into())
            .and_then(|t| RawArray::read_from_prefix(t).ok())
            .map(|(raw, _)| raw)
        else {
            return Ok(&[]);
        };
        array::resolve_bytes(self.data, raw.count.get(), raw.offset.get(), spec.record)
            .map_err(|fault| self.array_error(spec, raw, fault))
    }

    fn typed<T: FromBytes + KnownLayout + Immutable + Unaligned>(
        &self,
        field: Field,
    ) -> Result<&'a [T], Error> {
        let bytes = self.array_bytes(field)?;
        let whole = bytes.len().saturating_sub(
            bytes
                .len()
                .checked_rem(core::mem::size_of::<T>())
                .unwrap_or(0),
        );
        Ok(bytes
            .get(..whole)
            .and_then(|b| <[T]>::ref_from_bytes(b).ok())
            .unwrap_or(&[]))
    }

    fn array_error(&self, spec: ArrayField, raw: RawArray, fault: ArrayFault) -> Error {
        let at = self.base.saturating_add(spec.at.into());
        let rule = match (fault, spec.field.optional()) {
            (_, true) => &rules::OPTIONAL_SECTION_BROKEN,
            (ArrayFault::Overflow, false) => &rules::ARRAY_SIZE_OVERFLOW,
            (ArrayFault::PastEnd, false) => &rules::ARRAY_PAST_EOF,
        };
        let third = match fault {
            ArrayFault::Overflow if !spec.field.optional() => spec.record.into(),
            _ => raw.offset.get().into(),
        };
        Error::file(rule, at, [at, raw.count.get().into(), third])
    }

    /// The model name (bytes up to the first NUL).
    pub fn name(&self) -> Result<&'a [u8], Error> {
        Ok(bytes::nul_terminated(self.array_bytes(Field::Name)?).0)
    }

    /// Vertices (48-byte records).
    pub fn vertices(&self) -> Result<&'a [Vertex], Error> {
        self.typed(Field::Vertices)
    }

    /// Textures.
    pub fn textures(&self) -> Result<&'a [Texture], Error> {
        self.typed(Field::Textures)
    }

    /// The file name of texture `index` (bytes up to the first NUL; empty for replaceable textures).
    pub fn texture_filename(&self, index: usize) -> Result<&'a [u8], Error> {
        let texture = self
            .textures()?
            .get(index)
            .ok_or_else(|| Error::caller(&rules::ARRAY_PAST_EOF, [index as u64, 0, 0]))?;
        let name = texture.filename;
        array::resolve_bytes(self.data, name.count.get(), name.offset.get(), 1)
            .map(|b| bytes::nul_terminated(b).0)
            .map_err(|fault| {
                let rule = match fault {
                    ArrayFault::Overflow => &rules::ARRAY_SIZE_OVERFLOW,
                    ArrayFault::PastEnd => &rules::ARRAY_PAST_EOF,
                };
                let record = u64::from(self.raw_array(Field::Textures).offset.get())
                    .saturating_add((index as u64).saturating_mul(16))
                    .saturating_add(8);
                let at = self.base.saturating_add(record);
                Error::file(
                    rule,
                    at,
                    [at, name.count.get().into(), name.offset.get().into()],
                )
            })
    }

    /// Materials.
    pub fn materials(&self) -> Result<&'a [Material], Error> {
        self.typed(Field::Materials)
    }

    /// Texture lookup (batch texture slots → texture index).
    pub fn texture_lookup(&self) -> Result<&'a [U16], Error> {
        self.typed(Field::TextureLookup)
    }

    /// Texture unit lookup (texture coordinate sets).
    pub fn texture_unit_lookup(&self) -> Result<&'a [U16], Error> {
        self.typed(Field::TextureUnitLookup)
    }

    /// Transparency lookup (batch → texture weight track).
    pub fn transparency_lookup(&self) -> Result<&'a [U16], Error> {
        self.typed(Field::TransparencyLookup)
    }

    /// The bones, with the record size of the model's version ([`skeleton::bone_record_len`]).
    pub fn bones(&self) -> Result<Bones<'a>, Error> {
        let Some((spec, raw)) = self.array_at(Field::Bones) else {
            return Ok(Bones::new(&[], 1));
        };
        let stride = skeleton::bone_record_len(self.version);
        let exact = ArrayField {
            record: stride,
            ..spec
        };
        array::resolve_bytes(self.data, raw.count.get(), raw.offset.get(), stride)
            .map(|b| Bones::new(b, stride))
            .map_err(|fault| self.array_error(exact, raw, fault))
    }

    /// Bone lookup (a submesh's bone palette slots → bone index).
    pub fn bone_lookup(&self) -> Result<&'a [U16], Error> {
        self.typed(Field::BoneLookup)
    }

    /// The file offset of record `i` of `field`, records of `size` bytes.
    fn record_at(&self, field: Field, i: usize, size: u64) -> u64 {
        let offset = u64::from(self.raw_array(field).offset.get());
        self.base
            .saturating_add(offset)
            .saturating_add((i as u64).saturating_mul(size))
    }

    /// The blend-map override array (texture combiner combos), present only with global flag 0x08.
    pub fn blend_map_overrides(&self) -> Result<Option<&'a [U16]>, Error> {
        if self.global_flags & BLEND_MAP_OVERRIDES_FLAG == 0 {
            return Ok(None);
        }
        self.typed(Field::BlendMapOverrides).map(Some)
    }

    /// The bounding box.
    pub fn bounding_box(&self) -> BoundingBox {
        bytes::tail(self.data, self.layout.bounding_box_at())
            .and_then(|t| BoundingBox::read_from_prefix(t).ok())
            .map(|(b, _)| b)
            .unwrap_or_default()
    }

    /// Number of skin profiles: the `.skin` files (264 on) or the embedded views (≤263).
    pub fn skin_profile_count(&self) -> u32 {
        match self.layout.skin_profile_count_at() {
            Some(at) => bytes::u32_le(self.data, at).unwrap_or(0),
            None => self.count(Field::Views),
        }
    }

    /// Embedded skin profile `index` (≤263 only; `None` when there is no such view).
    pub fn embedded_view(&self, index: u32) -> Option<Result<Skin<'a>, Error>> {
        if self.layout != Layout::Legacy || index >= self.count(Field::Views) {
            return None;
        }
        if let Err(e) = self.array_bytes(Field::Views) {
            return Some(Err(e));
        }
        let raw = self.raw_array(Field::Views);
        let at = u64::from(raw.offset.get()).saturating_add(u64::from(index).saturating_mul(44));
        let stride = if self.version < 260 { 32 } else { 48 };
        Some(Skin::embedded(self.data, self.base, at, stride))
    }

    /// What a skin profile's batches are checked against.
    pub fn facts(&self) -> ModelFacts {
        ModelFacts {
            vertices: self.count(Field::Vertices),
            materials: self.count(Field::Materials),
            texture_lookup: self.count(Field::TextureLookup),
            bone_lookup: self.count(Field::BoneLookup),
            colors: self.count(Field::Colors),
            transparency_lookup: self.count(Field::TransparencyLookup),
        }
    }

    /// The material a batch uses. The error cannot name the batch (it says batch 0, at the
    /// model's start); [`super::skin::Skin::batch_material`] names the batch and its offset.
    pub fn batch_material(&self, batch: &Batch) -> Result<&'a Material, Error> {
        self.batch_material_reported(batch, 0, self.base)
    }

    /// [`M2::batch_material`], its error naming batch `number` at file offset `at`.
    pub(crate) fn batch_material_reported(
        &self,
        batch: &Batch,
        number: usize,
        at: u64,
    ) -> Result<&'a Material, Error> {
        let index = batch.material_index.get();
        let materials = self.materials()?;
        materials.get(usize::from(index)).ok_or_else(|| {
            Error::file(
                &rules::SKIN_BATCH_MATERIAL,
                at,
                [number as u64, index.into(), materials.len() as u64],
            )
        })
    }

    /// Validates every array, the name, the materials, the texture lookup and the embedded views.
    fn validate(&self, sink: &mut impl Sink) -> Result<(), Error> {
        let fields = self.layout.fields().iter().map(|f| f.field).chain(
            (self.global_flags & BLEND_MAP_OVERRIDES_FLAG != 0).then_some(Field::BlendMapOverrides),
        );
        for field in fields.clone() {
            if let Err(e) = self.array_bytes(field) {
                sink.report(e.diagnostic)?;
            }
        }
        self.check_overlaps(fields, sink)?;
        if let Ok(name) = self.array_bytes(Field::Name)
            && !name.is_empty()
            && !bytes::nul_terminated(name).1
        {
            let at = self.base.saturating_add(0x08);
            sink.report(rules::NAME_NOT_TERMINATED.with(at, [name.len() as u64, 0, 0]))?;
        }
        let textures = self.textures().map_or(0, <[Texture]>::len);
        if let Some(e) = (0..textures).find_map(|i| self.texture_filename(i).err()) {
            sink.report(e.diagnostic)?;
        }
        self.check_materials(sink)?;
        self.check_texture_lookup(sink)?;
        self.check_skeleton(sink)?;
        self.check_views(sink)
    }

    /// Reports each pair of non-empty arrays that share bytes (the first overlap per array).
    fn check_overlaps(
        &self,
        fields: impl Iterator<Item = Field> + Clone,
        sink: &mut impl Sink,
    ) -> Result<(), Error> {
        // Spans are computed once, on the stack (no allocation): at most every field of a layout
        // plus the blend-map overrides.
        let mut spans = [(0u16, 0u64, 0u64); MAX_ARRAY_FIELDS];
        let mut n = 0usize;
        for field in fields {
            let Some((spec, raw)) = self.array_at(field) else {
                continue;
            };
            let count = raw.count.get();
            let Some((start, end)) = array::span(self.data, count, raw.offset.get(), spec.record)
            else {
                continue;
            };
            if let Some(slot) = spans.get_mut(n) {
                *slot = (spec.at, start, end);
                n = n.saturating_add(1);
            }
        }
        let spans = spans.get(..n).unwrap_or(&[]);
        for (i, &(a_at, a0, a1)) in spans.iter().enumerate() {
            let rest = spans.get(i.saturating_add(1)..).unwrap_or(&[]);
            if let Some(&(b_at, _, _)) = rest.iter().find(|&&(_, b0, b1)| a0 < b1 && b0 < a1) {
                let at = self.base.saturating_add(a_at.into());
                sink.report(
                    rules::ARRAY_OVERLAP.with(at, [at, self.base.saturating_add(b_at.into()), 0]),
                )?;
            }
        }
        Ok(())
    }

    fn check_materials(&self, sink: &mut impl Sink) -> Result<(), Error> {
        let Ok(materials) = self.materials() else {
            return Ok(());
        };
        let at = |i: usize| {
            let offset = u64::from(self.raw_array(Field::Materials).offset.get());
            self.base
                .saturating_add(offset)
                .saturating_add((i as u64).saturating_mul(4))
        };
        if let Some((i, m)) = materials
            .iter()
            .enumerate()
            .find(|(_, m)| m.blending_mode.get() > MAX_BLENDING_MODE)
        {
            sink.report(
                rules::BLENDING_MODE_INVALID
                    .with(at(i), [i as u64, m.blending_mode.get().into(), 0]),
            )?;
        }
        if self.version < 272
            && let Some(i) = materials
                .iter()
                .position(|m| m.blending_mode.get() == MAX_BLENDING_MODE)
        {
            sink.report(
                rules::BLENDING_MODE_TOO_NEW.with(at(i), [i as u64, self.version.into(), 0]),
            )?;
        }
        Ok(())
    }

    fn check_texture_lookup(&self, sink: &mut impl Sink) -> Result<(), Error> {
        let (Ok(lookup), Ok(textures)) = (self.texture_lookup(), self.textures()) else {
            return Ok(());
        };
        let count = textures.len();
        if let Some((i, v)) = lookup
            .iter()
            .enumerate()
            .find(|(_, v)| usize::from(v.get()) >= count)
        {
            let offset = u64::from(self.raw_array(Field::TextureLookup).offset.get());
            let at = self
                .base
                .saturating_add(offset)
                .saturating_add((i as u64).saturating_mul(2));
            sink.report(
                rules::TEXTURE_LOOKUP_OUT_OF_RANGE
                    .with(at, [i as u64, v.get().into(), count as u64]),
            )?;
        }
        Ok(())
    }

    /// Bone parents, the bone lookup and the vertices' bones ([`skeleton`]); skipped when the bones
    /// cannot be read (already reported as an optional section).
    fn check_skeleton(&self, sink: &mut impl Sink) -> Result<(), Error> {
        let Ok(bones) = self.bones() else {
            return Ok(());
        };
        let stride = skeleton::bone_record_len(self.version).into();
        skeleton::check_parents(&bones, |i| self.record_at(Field::Bones, i, stride), sink)?;
        if let Ok(lookup) = self.bone_lookup() {
            let at = |i| self.record_at(Field::BoneLookup, i, 2);
            skeleton::check_bone_lookup(lookup, bones.len(), at, sink)?;
        }
        if let Ok(vertices) = self.vertices() {
            let at = |i| self.record_at(Field::Vertices, i, 48);
            skeleton::check_vertex_bones(vertices, bones.len(), at, sink)?;
        }
        Ok(())
    }

    fn check_views(&self, sink: &mut impl Sink) -> Result<(), Error> {
        if self.layout != Layout::Legacy || self.array_bytes(Field::Views).is_err() {
            return Ok(());
        }
        let facts = self.facts();
        for index in 0..self.count(Field::Views).min(MAX_CHECKED_VIEWS) {
            match self.embedded_view(index) {
                Some(Ok(view)) => view.validate(Some(facts), sink)?,
                Some(Err(e)) => sink.report(e.diagnostic)?,
                None => {}
            }
        }
        Ok(())
    }
}
