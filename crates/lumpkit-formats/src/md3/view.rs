//! The checked view of an MD3 model: header, frames, tags and the chain of surfaces, each array a
//! typed slice over the file's bytes, every offset and count bounded by the model's end.

use zerocopy::FromBytes;

use crate::diag::Sink;
use crate::error::Error;

use super::raw::{Frame, Header, Shader, St, Surface, Tag, Triangle, XyzNormal};
use super::rules;

/// `IDP3`.
pub const IDENT: [u8; 4] = *b"IDP3";
/// `MD3_VERSION`.
pub const VERSION: i32 = 15;
/// Size of `md3Header_t`.
pub const HEADER_LEN: u64 = 108;
/// Size of `md3Surface_t`.
pub const SURFACE_HEADER_LEN: u64 = 108;
/// `MD3_MAX_FRAMES` (defined, not enforced by the loaders).
pub const MAX_FRAMES: u64 = 1024;
/// `MD3_MAX_SURFACES` (defined, not enforced by the loaders).
pub const MAX_SURFACES: u64 = 32;

/// A typed array at `offset` (relative to `base`) of `count` records, inside `within` bytes.
fn array<T: FromBytes + zerocopy::Immutable + zerocopy::KnownLayout>(
    file: &[u8],
    base: u64,
    offset: i32,
    count: u64,
    within: u64,
) -> Option<&[T]> {
    if offset < 0 {
        return None;
    }
    let start = base.checked_add(u64::from(offset as u32))?;
    let len = count.checked_mul(core::mem::size_of::<T>() as u64)?;
    if start.checked_add(len)? > within {
        return None;
    }
    <[T]>::ref_from_bytes(crate::bytes::range(file, start, len)?).ok()
}

fn count(v: i32) -> u64 {
    u64::from(v.max(0) as u32)
}

/// One surface, its arrays checked.
#[derive(Clone, Copy, Debug)]
pub struct SurfaceView<'a> {
    /// File offset of the surface header.
    pub offset: u64,
    /// The header.
    pub header: &'a Surface,
    /// Shaders.
    pub shaders: &'a [Shader],
    /// Triangles.
    pub triangles: &'a [Triangle],
    /// Texture coordinates, one per vertex.
    pub st: &'a [St],
    /// Vertices of every frame, frame-major.
    pub xyz: &'a [XyzNormal],
}

impl<'a> SurfaceView<'a> {
    /// The surface name (bytes before the first NUL).
    pub fn name(&self) -> &'a [u8] {
        crate::bytes::nul_terminated(&self.header.name).0
    }

    /// Vertices per frame.
    pub fn verts(&self) -> u64 {
        count(self.header.num_verts.get())
    }

    /// Shader `i`'s name.
    pub fn shader_name(&self, i: usize) -> Option<&'a [u8]> {
        Some(crate::bytes::nul_terminated(&self.shaders.get(i)?.name).0)
    }
}

/// A parsed MD3.
#[derive(Clone, Copy, Debug)]
pub struct Md3<'a> {
    /// The whole file.
    pub file: &'a [u8],
    /// The header.
    pub header: &'a Header,
    /// Frames.
    pub frames: &'a [Frame],
    /// Tags, `num_frames × num_tags`, frame-major.
    pub tags: &'a [Tag],
    /// The model's end (`ofsEnd`), within the file.
    pub end: u64,
}

impl<'a> Md3<'a> {
    /// The header alone, when the file holds one (for `info` before validation).
    pub fn header(file: &'a [u8]) -> Option<&'a Header> {
        Header::ref_from_prefix(file).ok().map(|(h, _)| h)
    }

    /// Parses and checks the header, frames and tags. Errors: a short file, another version, no
    /// frames, a negative count, an end past the file, frames or tags outside the model.
    pub fn parse(file: &'a [u8], sink: &mut impl Sink) -> Result<Md3<'a>, Error> {
        let Some(header) = Md3::header(file) else {
            return Err(Error::file(
                &rules::TRUNCATED_HEADER,
                0,
                [file.len() as u64, 0, 0],
            ));
        };
        let version = header.version.get();
        if version != VERSION {
            return Err(Error::file(
                &rules::UNSUPPORTED_VERSION,
                4,
                [i64::from(version) as u64, 0, 0],
            ));
        }
        let frames = header.num_frames.get();
        if frames < 1 {
            return Err(Error::file(
                &rules::NO_FRAMES,
                76,
                [i64::from(frames) as u64, 0, 0],
            ));
        }
        for (at, v) in [
            (80u64, header.num_tags.get()),
            (84, header.num_surfaces.get()),
        ] {
            if v < 0 {
                return Err(Error::file(
                    &rules::BAD_COUNT,
                    at,
                    [i64::from(v) as u64, at, 0],
                ));
            }
        }
        let end_field = header.ofs_end.get();
        let end = u64::from(end_field as u32);
        if end_field < HEADER_LEN as i32 || end > file.len() as u64 {
            return Err(Error::file(
                &rules::END_PAST_EOF,
                104,
                [i64::from(end_field) as u64, file.len() as u64, 0],
            ));
        }
        let n_frames = count(frames);
        let n_tags = count(header.num_tags.get()).saturating_mul(n_frames);
        let Some(frames) = array::<Frame>(file, 0, header.ofs_frames.get(), n_frames, end) else {
            return Err(Error::file(
                &rules::TABLE_OUT_OF_BOUNDS,
                88,
                [1, u64::from(header.ofs_frames.get() as u32), end],
            ));
        };
        let Some(tags) = array::<Tag>(file, 0, header.ofs_tags.get(), n_tags, end) else {
            return Err(Error::file(
                &rules::TABLE_OUT_OF_BOUNDS,
                92,
                [2, u64::from(header.ofs_tags.get() as u32), end],
            ));
        };
        if n_frames > MAX_FRAMES {
            sink.report(rules::EXPORTER_LIMIT.with(76, [n_frames, 1, MAX_FRAMES]))?;
        }
        let n_surfaces = count(header.num_surfaces.get());
        if n_surfaces > MAX_SURFACES {
            sink.report(rules::EXPORTER_LIMIT.with(84, [n_surfaces, 2, MAX_SURFACES]))?;
        }
        let per_frame = count(header.num_tags.get());
        if let Some(d) = crate::profiles::quake3::MD3_TAGS.check(per_frame, 80) {
            sink.report(d)?;
        }
        if n_surfaces == 0
            && per_frame == 0
            && let Some(d) = crate::profiles::quake3::MD3_EMPTY.check(1, 84)
        {
            sink.report(d)?;
        }
        Ok(Md3 {
            file,
            header,
            frames,
            tags,
            end,
        })
    }

    /// Animation frames.
    pub fn frame_count(&self) -> u64 {
        count(self.header.num_frames.get())
    }

    /// Tags per frame.
    pub fn tag_count(&self) -> u64 {
        count(self.header.num_tags.get())
    }

    /// Surfaces the header declares.
    pub fn surface_count(&self) -> u64 {
        count(self.header.num_surfaces.get())
    }

    /// The model name.
    pub fn name(&self) -> &'a [u8] {
        crate::bytes::nul_terminated(&self.header.name).0
    }

    /// Surface `k` whose header starts at `at`, every array checked (and reported) against the
    /// surface's end and the model's. Returns the surface and where the next one starts.
    pub fn surface(
        &self,
        k: u64,
        at: u64,
        sink: &mut impl Sink,
    ) -> Result<(SurfaceView<'a>, u64), Error> {
        let oob =
            |part: u64, to: u64| Error::file(&rules::SURFACE_OUT_OF_BOUNDS, at, [k, part, to]);
        let header = crate::bytes::range(self.file, at, SURFACE_HEADER_LEN)
            .filter(|_| at.saturating_add(SURFACE_HEADER_LEN) <= self.end)
            .and_then(|b| Surface::ref_from_bytes(b).ok())
            .ok_or_else(|| oob(1, at.saturating_add(SURFACE_HEADER_LEN)))?;
        for (field, v) in [
            (72u64, header.num_frames.get()),
            (76, header.num_shaders.get()),
            (80, header.num_verts.get()),
            (84, header.num_triangles.get()),
        ] {
            if v < 0 {
                return Err(Error::file(
                    &rules::BAD_COUNT,
                    at.saturating_add(field),
                    [i64::from(v) as u64, at.saturating_add(field), 0],
                ));
            }
        }
        let surf_end_field = header.ofs_end.get();
        let surf_end = at.saturating_add(u64::from(surf_end_field as u32));
        if surf_end_field < SURFACE_HEADER_LEN as i32 || surf_end > self.end {
            return Err(oob(1, surf_end));
        }
        let verts = count(header.num_verts.get());
        let frames = count(header.num_frames.get());
        let tris = count(header.num_triangles.get());
        let triangles =
            array::<Triangle>(self.file, at, header.ofs_triangles.get(), tris, surf_end)
                .ok_or_else(|| oob(2, surf_end))?;
        let shaders = array::<Shader>(
            self.file,
            at,
            header.ofs_shaders.get(),
            count(header.num_shaders.get()),
            surf_end,
        )
        .ok_or_else(|| oob(3, surf_end))?;
        let st = array::<St>(self.file, at, header.ofs_st.get(), verts, surf_end)
            .ok_or_else(|| oob(4, surf_end))?;
        let xyz = array::<XyzNormal>(
            self.file,
            at,
            header.ofs_xyz_normals.get(),
            verts.saturating_mul(frames),
            surf_end,
        )
        .ok_or_else(|| oob(5, surf_end))?;
        if header.ident != super::IDENT
            && let Some(d) = crate::profiles::quake3::MD3_SURFACE_IDENT.check(1, at)
        {
            sink.report(d)?;
        }
        // The renderer reads frame f's vertices at f × numVerts whatever the surface declares
        // (exporters that leave the surface's frame count 0 still store the model's frames): what
        // must hold is that the model's frames fit in the surface.
        if frames < self.frame_count()
            && array::<XyzNormal>(
                self.file,
                at,
                header.ofs_xyz_normals.get(),
                verts.saturating_mul(self.frame_count()),
                surf_end,
            )
            .is_none()
        {
            sink.report(
                rules::SURFACE_FRAMES.with(at.saturating_add(72), [k, frames, self.frame_count()]),
            )?;
        }
        if let Some((t, v)) = triangles.iter().enumerate().find_map(|(t, tri)| {
            tri.indexes
                .iter()
                .map(|i| i.get())
                .find(|&i| u64::from(i as u32) >= verts)
                .map(|v| (t, v))
        }) {
            sink.report(
                rules::BAD_TRIANGLE_INDEX.with(
                    at.saturating_add(u64::from(header.ofs_triangles.get() as u32))
                        .saturating_add((t as u64).saturating_mul(12)),
                    [k, t as u64, i64::from(v) as u64],
                ),
            )?;
        }
        use crate::profiles::quake3 as q3;
        for (cond, value, field) in [
            (&q3::MD3_VERTS, verts, 80u64),
            (&q3::MD3_TRIANGLES, tris, 84),
            (&q3::MD3_SHADERS, count(header.num_shaders.get()), 76),
        ] {
            if let Some(d) = cond.check(value, at.saturating_add(field)) {
                sink.report(d)?;
            }
        }
        if (verts == 0 || tris == 0)
            && let Some(d) = q3::MD3_EMPTY.check(1, at.saturating_add(80))
        {
            sink.report(d)?;
        }
        Ok((
            SurfaceView {
                offset: at,
                header,
                shaders,
                triangles,
                st,
                xyz,
            },
            surf_end,
        ))
    }

    /// Every surface in order, checked; stops at the first one that cannot be read (its error is
    /// the last item).
    pub fn surfaces<'s, S: Sink>(
        &'s self,
        sink: &'s mut S,
    ) -> impl Iterator<Item = Result<SurfaceView<'a>, Error>> + 's {
        let mut at = u64::from(self.header.ofs_surfaces.get() as u32);
        let mut bad_start = self.header.ofs_surfaces.get() < 0;
        let mut k = 0u64;
        let n = self.surface_count();
        core::iter::from_fn(move || {
            if k >= n {
                return None;
            }
            if bad_start {
                k = n;
                return Some(Err(Error::file(
                    &rules::TABLE_OUT_OF_BOUNDS,
                    96,
                    [3, at, self.end],
                )));
            }
            let result = self.surface(k, at, sink);
            k = k.saturating_add(1);
            match result {
                Ok((surface, next)) => {
                    at = next;
                    Some(Ok(surface))
                }
                Err(e) => {
                    bad_start = false;
                    k = n;
                    Some(Err(e))
                }
            }
        })
    }
}

/// Which level of detail a model file is by its name: `name_1.md3` is 1, `name_2.md3` 2 (ioq3
/// `R_RegisterMD3` tries `_2`, `_1` and the plain name; MD3_MAX_LODS 3), `name_3.md3` 3 (ET: Legacy's
/// MD3_MAX_LODS is 4); anything else 0.
pub fn lod_of(file_name: &str) -> u8 {
    let stem = file_name.rsplit(['/', '\\']).next().unwrap_or(file_name);
    let stem = match stem.rfind('.') {
        Some(dot) => stem.get(..dot).unwrap_or(stem),
        None => stem,
    };
    match stem.as_bytes() {
        [.., b'_', d @ b'1'..=b'3'] if stem.len() > 2 => d.saturating_sub(b'0'),
        _ => 0,
    }
}
