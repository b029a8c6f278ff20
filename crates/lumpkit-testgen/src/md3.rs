//! Writers of MD3 models (`IDP3` 15) laid out as ioquake3's `qfiles.h` declares them: valid models
//! (with a tag, several frames, a level-of-detail name) and one malformed model per `md3-*` rule.
//! The model is built from counts and offsets ([`Md3Model`]) so that each malformed sample changes
//! one field.

use crate::Sample;

fn put_i32(out: &mut Vec<u8>, vals: &[i32]) {
    for v in vals {
        out.extend_from_slice(&v.to_le_bytes());
    }
}

fn name(n: &str, len: usize) -> Vec<u8> {
    let mut v = vec![0u8; len];
    v[..n.len()].copy_from_slice(n.as_bytes());
    v
}

/// One surface.
#[derive(Clone, Debug)]
#[allow(missing_docs)]
pub struct Md3Surf {
    pub ident: [u8; 4],
    pub name: &'static str,
    pub frames: i32,
    pub shaders: usize,
    pub verts: usize,
    pub triangles: usize,
    /// Replaces one triangle index: `(triangle, corner, value)`.
    pub bad_index: Option<(usize, usize, i32)>,
    /// Added to `ofsSt` after layout.
    pub st_shift: i32,
}

impl Md3Surf {
    /// A small surface: `verts` vertices in a fan of `verts - 2` triangles.
    pub fn fan(name: &'static str, verts: usize) -> Md3Surf {
        Md3Surf {
            ident: *b"IDP3",
            name,
            frames: 1,
            shaders: 1,
            verts,
            triangles: verts.saturating_sub(2),
            bad_index: None,
            st_shift: 0,
        }
    }
}

/// An MD3 as counts; [`Md3Model::bytes`] lays it out.
#[derive(Clone, Debug)]
#[allow(missing_docs)]
pub struct Md3Model {
    pub version: i32,
    pub frames: i32,
    pub tags: i32,
    pub surfaces: Vec<Md3Surf>,
    /// Overrides the header's surface count.
    pub num_surfaces: Option<i32>,
    /// Added to `ofsFrames` / `ofsEnd` after layout.
    pub frames_shift: i32,
    pub end_shift: i32,
}

impl Md3Model {
    /// One frame, one tag, one quad surface.
    pub fn valid() -> Md3Model {
        Md3Model {
            version: 15,
            frames: 1,
            tags: 1,
            surfaces: vec![Md3Surf::fan("h_head", 4)],
            num_surfaces: None,
            frames_shift: 0,
            end_shift: 0,
        }
    }

    fn surface_bytes(&self, s: &Md3Surf) -> Vec<u8> {
        let frames = s.frames.max(0) as usize;
        let ofs_tris = 108;
        let ofs_shaders = ofs_tris + 12 * s.triangles;
        let ofs_st = ofs_shaders + 68 * s.shaders;
        let ofs_xyz = ofs_st + 8 * s.verts;
        let end = ofs_xyz + 8 * s.verts * frames;
        let mut out = Vec::with_capacity(end);
        out.extend_from_slice(&s.ident);
        out.extend_from_slice(&name(s.name, 64));
        put_i32(
            &mut out,
            &[
                0,
                s.frames,
                s.shaders as i32,
                s.verts as i32,
                s.triangles as i32,
            ],
        );
        put_i32(
            &mut out,
            &[
                ofs_tris as i32,
                ofs_shaders as i32,
                ofs_st as i32 + s.st_shift,
                ofs_xyz as i32,
                end as i32,
            ],
        );
        for t in 0..s.triangles {
            let mut tri = [0i32, (t + 1) as i32, (t + 2) as i32];
            if let Some((bt, corner, v)) = s.bad_index
                && bt == t
            {
                tri[corner] = v;
            }
            put_i32(&mut out, &tri);
        }
        for i in 0..s.shaders {
            out.extend_from_slice(&name(&format!("models/players/test/skin{i}.tga"), 64));
            put_i32(&mut out, &[0]);
        }
        for v in 0..s.verts {
            out.extend_from_slice(&((v % 2) as f32).to_le_bytes());
            out.extend_from_slice(&((v / 2 % 2) as f32).to_le_bytes());
        }
        for f in 0..frames {
            for v in 0..s.verts {
                for c in [
                    (v % 256) as i16 * 64,
                    (v % 2) as i16 * 64,
                    (f % 1000) as i16 * 8,
                    0,
                ] {
                    out.extend_from_slice(&c.to_le_bytes());
                }
            }
        }
        out
    }

    /// The file.
    pub fn bytes(&self) -> Vec<u8> {
        let frames = self.frames.max(0) as usize;
        let tags = self.tags.max(0) as usize;
        let ofs_frames = 108;
        let ofs_tags = ofs_frames + 56 * frames;
        let ofs_surfaces = ofs_tags + 112 * tags * frames;
        let surfaces: Vec<Vec<u8>> = self
            .surfaces
            .iter()
            .map(|s| self.surface_bytes(s))
            .collect();
        let end = ofs_surfaces + surfaces.iter().map(Vec::len).sum::<usize>();
        let mut out = Vec::with_capacity(end);
        out.extend_from_slice(b"IDP3");
        put_i32(&mut out, &[self.version]);
        out.extend_from_slice(&name("models/test/test.md3", 64));
        let n_surf = self.num_surfaces.unwrap_or(self.surfaces.len() as i32);
        put_i32(&mut out, &[0, self.frames, self.tags, n_surf, 0]);
        put_i32(
            &mut out,
            &[
                ofs_frames as i32 + self.frames_shift,
                ofs_tags as i32,
                ofs_surfaces as i32,
                end as i32 + self.end_shift,
            ],
        );
        for f in 0..frames {
            for v in [-8.0f32, -8.0, -8.0, 8.0, 8.0, 8.0, 0.0, 0.0, 0.0, 14.0] {
                out.extend_from_slice(&v.to_le_bytes());
            }
            out.extend_from_slice(&name(&format!("frame{f}"), 16));
        }
        for _ in 0..frames {
            for t in 0..tags {
                out.extend_from_slice(&name(&format!("tag_{t}"), 64));
                for v in [
                    0.0f32, 0.0, 8.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0,
                ] {
                    out.extend_from_slice(&v.to_le_bytes());
                }
            }
        }
        for s in surfaces {
            out.extend_from_slice(&s);
        }
        out
    }
}

/// Every MD3 sample.
pub fn samples() -> Vec<Sample> {
    let mut s = Vec::new();
    let valid = Md3Model::valid();
    s.push(Sample::new("valid.md3", valid.bytes(), "ok", &[]));
    let mut lod = valid.clone();
    lod.surfaces.push(Md3Surf::fan("h_visor", 3));
    lod.frames = 4;
    for surf in &mut lod.surfaces {
        surf.frames = 4;
    }
    s.push(Sample::new("animated_1.md3", lod.bytes(), "ok", &[]));
    let mut bad =
        |file: &str, status: &'static str, code: &'static str, f: &dyn Fn(&mut Md3Model)| {
            let mut m = valid.clone();
            f(&mut m);
            s.push(Sample::new(
                format!("{file}.md3"),
                m.bytes(),
                status,
                &[code],
            ));
        };
    let e = "error";
    bad("unsupported_version", e, "md3-unsupported-version", &|m| {
        m.version = 16
    });
    bad("no_frames", e, "md3-no-frames", &|m| {
        m.frames = 0;
        m.surfaces[0].frames = 0;
    });
    bad("bad_count", e, "md3-bad-count", &|m| {
        m.num_surfaces = Some(-1)
    });
    bad("end_past_eof", e, "md3-end-past-eof", &|m| m.end_shift = 4);
    bad("table_out_of_bounds", e, "md3-table-out-of-bounds", &|m| {
        m.frames_shift = 10_000
    });
    bad(
        "surface_out_of_bounds",
        e,
        "md3-surface-out-of-bounds",
        &|m| m.surfaces[0].st_shift = 5000,
    );
    bad("bad_triangle_index", e, "md3-bad-triangle-index", &|m| {
        m.surfaces[0].bad_index = Some((1, 2, 4))
    });
    bad("surface_frames", e, "md3-surface-frames", &|m| {
        m.frames = 2;
        m.surfaces[0].frames = 1;
    });
    bad("surface_shaders", "warning", "md3-surface-shaders", &|m| {
        m.surfaces[0].shaders = 257
    });
    bad("tags", "warning", "md3-tags", &|m| m.tags = 17);
    bad("empty", "warning", "md3-empty", &|m| {
        m.surfaces[0].triangles = 0
    });
    bad("surface_ident", "warning", "md3-surface-ident", &|m| {
        m.surfaces[0].ident = *b"XDP3"
    });
    bad("exporter_limit", "ok", "md3-exporter-limit", &|m| {
        m.frames = 1025;
        m.tags = 0;
        m.surfaces[0].frames = 1025;
    });
    // Per-engine surface limits: ioq3 and OpenJK refuse 1000 vertices / 2000 triangles, ET and
    // Qfusion load them.
    let mut m = valid.clone();
    m.surfaces[0] = Md3Surf::fan("big", 1000);
    m.surfaces[0].triangles = 10;
    s.push(
        Sample::new(
            "surface_verts.md3",
            m.bytes(),
            "warning",
            &["md3-surface-verts"],
        )
        .under("ioq3", "error")
        .under("jka", "error")
        .under("et", "ok")
        .under("qfusion", "ok"),
    );
    let mut m = valid.clone();
    m.surfaces[0] = Md3Surf::fan("dense", 2002);
    s.push(
        Sample::new(
            "surface_triangles.md3",
            m.bytes(),
            "warning",
            &["md3-surface-verts", "md3-surface-triangles"],
        )
        .under("ioq3", "error")
        .under("et", "ok"),
    );
    s.push(Sample::new(
        "truncated_header.md3",
        valid.bytes()[..60].to_vec(),
        e,
        &["md3-truncated-header"],
    ));
    s
}
