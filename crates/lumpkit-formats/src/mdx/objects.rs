//! The objects of each chunk, read in place: materials and layers, geosets with their sub-chunks,
//! geoset animations, the ten node kinds, cameras, texture animations.
//!
//! Layouts: mdx-m3-viewer 5.12.0 `parsers/mdlx/*.js` for 800–1000, HiveWE
//! `src/file_formats/mdx/mdx_reader.cpp` for 1100 (layers with a shader and a texture list) and
//! 1200 (lights with a shadow intensity). Every object that declares an inclusive size must be
//! exactly as long as its fields and tracks; objects must end exactly at their chunk's end.

use zerocopy::FromBytes;

use super::cursor::{Cursor, text};
use super::raw::{Extent, FaceEffect, Sequence, Texture, Vec3};
use super::rules;
use super::tags::{self, Kind};
use super::tracks::{self, Track, Tracks};
use crate::diag::Diagnostic;

/// A node's common part (`GenericObject`): 96 bytes plus its own tracks.
#[derive(Clone, Copy, Debug)]
pub struct Node<'a> {
    /// File offset of the node's inclusive size.
    pub offset: u64,
    /// Name, up to its NUL.
    pub name: &'a [u8],
    /// Object id.
    pub object_id: i32,
    /// Parent object id, -1 for none.
    pub parent_id: i32,
    /// Node flags (emitter flags such as XY quad live here too).
    pub flags: u32,
    /// Translation/rotation/scaling tracks.
    pub tracks: Tracks<'a>,
}

/// A material layer.
#[derive(Clone, Copy, Debug)]
pub struct Layer<'a> {
    /// File offset of the layer's inclusive size.
    pub offset: u64,
    /// Filter mode (0 none … 6 modulate 2x).
    pub filter_mode: u32,
    /// Shading flags (0x1 unshaded, 0x2 sphere env map, 0x10 two sided, 0x20 unfogged,
    /// 0x40 no depth test, 0x80 no depth set).
    pub shading_flags: u32,
    /// Texture id (before 1100; in 1100+ the texture list below).
    pub texture_id: i32,
    /// Texture animation id, -1 for none.
    pub texture_animation_id: i32,
    /// UV set.
    pub coord_id: u32,
    /// Static alpha.
    pub alpha: f32,
    /// 1100+: the layer's shader (0 SD, 1 HD in HiveWE's reading).
    pub shader: Option<u32>,
    /// 1100+: `(texture id, slot, KMTF track)` entries, read in place.
    pub textures: LayerTextures<'a>,
    /// The layer's tracks (KMTF, KMTA, …).
    pub tracks: Tracks<'a>,
}

/// A 1100+ layer's texture list.
#[derive(Clone, Copy, Debug)]
pub struct LayerTextures<'a> {
    cur: Cursor<'a>,
    count: u32,
}

impl<'a> LayerTextures<'a> {
    const NONE: LayerTextures<'static> = LayerTextures {
        cur: Cursor::new(&[], 0),
        count: 0,
    };

    /// Number of entries.
    pub fn len(&self) -> u32 {
        self.count
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }
}

impl<'a> Iterator for LayerTextures<'a> {
    type Item = (u32, u32, Option<Track<'a>>);
    fn next(&mut self) -> Option<Self::Item> {
        if self.count == 0 {
            return None;
        }
        self.count = self.count.saturating_sub(1);
        read_layer_texture(&mut self.cur)
    }
}

fn read_layer_texture<'a>(cur: &mut Cursor<'a>) -> Option<(u32, u32, Option<Track<'a>>)> {
    let id = cur.u32()?;
    let slot = cur.u32()?;
    let kmtf = if cur.peek_tag() == Some(*b"KMTF") {
        Some(tracks::read(cur)?)
    } else {
        None
    };
    Some((id, slot, kmtf))
}

/// A material.
#[derive(Clone, Copy, Debug)]
pub struct Material<'a> {
    /// File offset of the material's inclusive size.
    pub offset: u64,
    /// Priority plane.
    pub priority_plane: i32,
    /// Material flags.
    pub flags: u32,
    /// 900/1000: the shader name (`Shader_SD_FixedFunction`, `Shader_HD_DefaultUnit`, or empty).
    pub shader: Option<&'a [u8]>,
    layers: Cursor<'a>,
    layer_count: u32,
    version: u32,
}

impl<'a> Material<'a> {
    /// Number of layers.
    pub fn layer_count(&self) -> u32 {
        self.layer_count
    }

    /// The layers, in order.
    pub fn layers(&self) -> impl Iterator<Item = Layer<'a>> + use<'a> {
        let mut cur = self.layers;
        let version = self.version;
        (0..self.layer_count).map_while(move |_| read_layer(&mut cur, version).ok())
    }
}

/// A geoset: its sub-chunks in place.
#[derive(Clone, Copy, Debug)]
pub struct Geoset<'a> {
    /// File offset of the geoset's inclusive size.
    pub offset: u64,
    /// Vertex positions (12 bytes each).
    pub vertices: &'a [u8],
    /// Normals (12 bytes each).
    pub normals: &'a [u8],
    /// Face types (u32 each; 4 = triangles).
    pub face_types: &'a [u8],
    /// Index counts per face group (u32 each).
    pub face_groups: &'a [u8],
    /// Face indices (u16 each).
    pub faces: &'a [u8],
    /// File offset of the face indices.
    pub faces_offset: u64,
    /// Vertex → matrix group (one byte each).
    pub vertex_groups: &'a [u8],
    /// Matrix group sizes (u32 each).
    pub matrix_groups: &'a [u8],
    /// Node indices of the matrix groups (u32 each).
    pub matrix_indices: &'a [u8],
    /// Material id.
    pub material_id: u32,
    /// Selection group.
    pub selection_group: u32,
    /// Selection flags.
    pub selection_flags: u32,
    /// 900+: level of detail.
    pub lod: Option<i32>,
    /// Extent.
    pub extent: &'a Extent,
    /// Extents per sequence.
    pub sequence_extents: &'a [Extent],
    /// 900+: tangents (16 bytes each), when present.
    pub tangents: Option<&'a [u8]>,
    /// 900+: skin (8 bytes per vertex: four bones, four weights), when present.
    pub skin: Option<&'a [u8]>,
    uv_sets: Cursor<'a>,
    uv_set_count: u32,
}

impl<'a> Geoset<'a> {
    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.vertices.len() / 12
    }

    /// Number of face indices.
    pub fn index_count(&self) -> usize {
        self.faces.len() / 2
    }

    /// Face index `i`.
    pub fn face(&self, i: usize) -> Option<u16> {
        let at = i.checked_mul(2)?;
        Some(u16::from_le_bytes(
            self.faces.get(at..at.checked_add(2)?)?.try_into().ok()?,
        ))
    }

    /// The `i`th u32 of a u32 array of this geoset.
    pub fn word(array: &[u8], i: usize) -> Option<u32> {
        let at = i.checked_mul(4)?;
        Some(u32::from_le_bytes(
            array.get(at..at.checked_add(4)?)?.try_into().ok()?,
        ))
    }

    /// Number of UV sets.
    pub fn uv_set_count(&self) -> u32 {
        self.uv_set_count
    }

    /// The UV sets (8 bytes per entry each).
    pub fn uv_sets(&self) -> impl Iterator<Item = &'a [u8]> + use<'a> {
        let mut cur = self.uv_sets;
        (0..self.uv_set_count).map_while(move |_| {
            cur.skip(4)?;
            let n = cur.u32()?;
            cur.take_records(n, 8)
        })
    }
}

/// A geoset animation.
#[derive(Clone, Copy, Debug)]
pub struct GeosetAnimation<'a> {
    /// File offset of its inclusive size.
    pub offset: u64,
    /// Static alpha.
    pub alpha: f32,
    /// Flags.
    pub flags: u32,
    /// Geoset it animates.
    pub geoset_id: i32,
    /// KGAO, KGAC.
    pub tracks: Tracks<'a>,
}

/// What a node kind adds to the node.
#[derive(Clone, Copy, Debug)]
pub enum NodeExtra<'a> {
    /// BONE: geoset and geoset animation ids (editor metadata).
    Bone {
        /// Geoset id, -1 for none.
        geoset_id: i32,
        /// Geoset animation id, -1 for none.
        geoset_animation_id: i32,
    },
    /// LITE.
    Light {
        /// Light type.
        kind: u32,
        /// Attenuation start and end.
        attenuation: [f32; 2],
    },
    /// HELP.
    Helper,
    /// ATCH.
    Attachment {
        /// Model path.
        path: &'a [u8],
        /// File offset of the path.
        path_offset: u64,
    },
    /// PREM.
    Emitter {
        /// Spawned model path.
        path: &'a [u8],
        /// File offset of the path.
        path_offset: u64,
    },
    /// PRE2.
    Emitter2 {
        /// Speed.
        speed: f32,
        /// Latitude.
        latitude: f32,
        /// Filter mode (0 blend … 4 alpha key).
        filter_mode: u32,
        /// Time middle.
        time_middle: f32,
        /// Texture id.
        texture_id: i32,
        /// Squirt.
        squirt: u32,
        /// Replaceable id.
        replaceable_id: u32,
        /// File offset of the replaceable id.
        replaceable_offset: u64,
    },
    /// CORN.
    Popcorn {
        /// Animation visibility guide.
        guide: &'a [u8],
    },
    /// RIBB.
    Ribbon {
        /// Material id.
        material_id: i32,
    },
    /// EVTS: the KEVT keys, when present.
    Event {
        /// `(count, global sequence id, key bytes)`.
        keys: Option<(u32, i32, &'a [u8])>,
        /// File offset of the KEVT tag (or of where it belongs).
        keys_offset: u64,
    },
    /// CLID.
    Collision {
        /// Shape type.
        kind: u32,
    },
}

/// One node of any kind.
#[derive(Clone, Copy, Debug)]
pub struct NodeObject<'a> {
    /// The kind's chunk.
    pub kind: Kind,
    /// The common part.
    pub node: Node<'a>,
    /// What the kind adds.
    pub extra: NodeExtra<'a>,
    /// The kind's own tracks after its fields (lights, attachments, emitters).
    pub tracks: Tracks<'a>,
}

/// A camera.
#[derive(Clone, Copy, Debug)]
pub struct Camera<'a> {
    /// File offset of its inclusive size.
    pub offset: u64,
    /// Name.
    pub name: &'a [u8],
    /// Its tracks.
    pub tracks: Tracks<'a>,
}

/// One object of some chunk.
#[derive(Clone, Copy, Debug)]
pub enum Item<'a> {
    /// SEQS.
    Sequence(&'a Sequence),
    /// GLBS: a duration.
    GlobalSequence(u32),
    /// MTLS.
    Material(Material<'a>),
    /// TEXS.
    Texture(&'a Texture),
    /// TXAN: its tracks.
    TextureAnimation(u64, Tracks<'a>),
    /// GEOS.
    Geoset(Geoset<'a>),
    /// GEOA.
    GeosetAnimation(GeosetAnimation<'a>),
    /// One of the ten node kinds.
    Node(NodeObject<'a>),
    /// PIVT.
    Pivot(&'a Vec3),
    /// CAMS.
    Camera(Camera<'a>),
    /// FAFX.
    FaceEffect(&'a FaceEffect),
}

impl<'a> Item<'a> {
    /// The node, for node kinds.
    pub fn node(&self) -> Option<&NodeObject<'a>> {
        match self {
            Item::Node(n) => Some(n),
            _ => None,
        }
    }
}

/// The objects of one chunk, in order; stops after the first that cannot be read (reported as the
/// `Err` item: nothing after it can be found).
#[derive(Clone, Copy, Debug)]
pub struct Objects<'a> {
    kind: Kind,
    cur: Cursor<'a>,
    version: u32,
    index: u64,
    done: bool,
}

impl<'a> Objects<'a> {
    /// The objects of chunk `kind` whose payload is `cur`, for a model of `version`.
    pub fn new(kind: Kind, cur: Cursor<'a>, version: u32) -> Objects<'a> {
        Objects {
            kind,
            cur,
            version,
            index: 0,
            done: false,
        }
    }

    /// Nothing.
    pub fn empty(kind: Kind) -> Objects<'a> {
        Objects {
            kind,
            cur: Cursor::new(&[], 0),
            version: 800,
            index: 0,
            done: true,
        }
    }
}

impl<'a> Iterator for Objects<'a> {
    type Item = Result<Item<'a>, Diagnostic>;
    fn next(&mut self) -> Option<Self::Item> {
        if self.done || self.cur.is_empty() {
            return None;
        }
        let at = self.cur.offset();
        let index = self.index;
        self.index = self.index.saturating_add(1);
        let item = read_item(self.kind, &mut self.cur, self.version, index);
        if item.is_err() {
            self.done = true;
        }
        Some(item.map_err(|e| e.diagnostic(self.kind, index, at)))
    }
}

/// Why an object could not be read.
#[derive(Clone, Copy, Debug)]
pub enum Fault {
    /// Its size disagrees with its fields, or it runs past the chunk.
    Size,
    /// A track is unknown or runs past the object: at offset, with this tag.
    Track(u64, [u8; 4]),
    /// A geoset sub-chunk tag is not the expected one: found, expected, at offset.
    GeosetTag([u8; 4], [u8; 4], u64),
}

impl Fault {
    fn diagnostic(self, kind: Kind, index: u64, at: u64) -> Diagnostic {
        match self {
            Fault::Size => rules::OBJECT_SIZE.with(at, [u64::from(kind.code()), index, 0]),
            Fault::Track(offset, tag) => rules::TRACK_BROKEN.with(
                offset,
                [
                    u64::from(u32::from_le_bytes(tag)),
                    index,
                    u64::from(kind.code()),
                ],
            ),
            Fault::GeosetTag(found, expected, offset) => rules::GEOSET_TAG.with(
                offset,
                [
                    index,
                    u64::from(u32::from_le_bytes(found)),
                    u64::from(u32::from_le_bytes(expected)),
                ],
            ),
        }
    }
}

type Read<T> = Result<T, Fault>;

trait OrSize<T> {
    fn size(self) -> Read<T>;
}

impl<T> OrSize<T> for Option<T> {
    fn size(self) -> Read<T> {
        self.ok_or(Fault::Size)
    }
}

/// The bytes of an object that starts with its inclusive size: the size is consumed, the rest of
/// the object is returned as a cursor (which starts at the field after the size).
fn inclusive<'a>(cur: &mut Cursor<'a>) -> Read<Cursor<'a>> {
    let size = cur.u32().size()?;
    let body = usize::try_from(size)
        .ok()
        .and_then(|s| s.checked_sub(4))
        .size()?;
    cur.sub(body).size()
}

/// Tracks over what is left of `body`: every one must be readable and end at the body's end.
fn tracks_of(body: Cursor<'_>) -> Read<Tracks<'_>> {
    let t = Tracks::new(body);
    t.check().map_err(|(at, tag)| Fault::Track(at, tag))?;
    Ok(t)
}

fn read_item<'a>(kind: Kind, cur: &mut Cursor<'a>, version: u32, index: u64) -> Read<Item<'a>> {
    Ok(match kind {
        Kind::Seqs => Item::Sequence(record(cur)?),
        Kind::Glbs => Item::GlobalSequence(cur.u32().size()?),
        Kind::Texs => Item::Texture(record(cur)?),
        Kind::Pivt => Item::Pivot(record(cur)?),
        Kind::Fafx => Item::FaceEffect(record(cur)?),
        Kind::Mtls => Item::Material(read_material(cur, version)?),
        Kind::Txan => {
            let at = cur.offset();
            let body = inclusive(cur)?;
            Item::TextureAnimation(at, tracks_of(body)?)
        }
        Kind::Geos => Item::Geoset(read_geoset(cur, version)?),
        Kind::Geoa => Item::GeosetAnimation(read_geoset_animation(cur)?),
        Kind::Cams => Item::Camera(read_camera(cur)?),
        Kind::Bone
        | Kind::Lite
        | Kind::Help
        | Kind::Atch
        | Kind::Prem
        | Kind::Pre2
        | Kind::Corn
        | Kind::Ribb
        | Kind::Evts
        | Kind::Clid => Item::Node(read_node_object(kind, cur, version)?),
        // Single-record and count-prefixed chunks are read by the model, not as objects.
        Kind::Vers | Kind::Modl | Kind::Bpos => {
            let _ = index;
            cur.skip(cur.remaining()).size()?;
            return Err(Fault::Size);
        }
    })
}

fn record<'a, T: FromBytes + zerocopy::KnownLayout + zerocopy::Immutable + zerocopy::Unaligned>(
    cur: &mut Cursor<'a>,
) -> Read<&'a T> {
    let bytes = cur.take(core::mem::size_of::<T>()).size()?;
    T::ref_from_bytes(bytes).ok().size()
}

fn read_node<'a>(cur: &mut Cursor<'a>) -> Read<Node<'a>> {
    let offset = cur.offset();
    let mut body = inclusive(cur)?;
    let name = text(body.take(80).size()?);
    let object_id = body.i32().size()?;
    let parent_id = body.i32().size()?;
    let flags = body.u32().size()?;
    Ok(Node {
        offset,
        name,
        object_id,
        parent_id,
        flags,
        tracks: tracks_of(body)?,
    })
}

fn read_node_object<'a>(kind: Kind, cur: &mut Cursor<'a>, version: u32) -> Read<NodeObject<'a>> {
    // Kinds without an inclusive size of their own: the node, then fixed fields.
    match kind {
        Kind::Bone => {
            let node = read_node(cur)?;
            let geoset_id = cur.i32().size()?;
            let geoset_animation_id = cur.i32().size()?;
            return Ok(NodeObject {
                kind,
                node,
                extra: NodeExtra::Bone {
                    geoset_id,
                    geoset_animation_id,
                },
                tracks: Tracks::none(),
            });
        }
        Kind::Help => {
            let node = read_node(cur)?;
            return Ok(NodeObject {
                kind,
                node,
                extra: NodeExtra::Helper,
                tracks: Tracks::none(),
            });
        }
        Kind::Evts => {
            let node = read_node(cur)?;
            let keys_offset = cur.offset();
            let keys = if cur.peek_tag() == Some(tags::KEVT) {
                cur.skip(4).size()?;
                let count = cur.u32().size()?;
                let global_sequence = cur.i32().size()?;
                Some((count, global_sequence, cur.take_records(count, 4).size()?))
            } else {
                None
            };
            return Ok(NodeObject {
                kind,
                node,
                extra: NodeExtra::Event { keys, keys_offset },
                tracks: Tracks::none(),
            });
        }
        Kind::Clid => {
            let node = read_node(cur)?;
            let shape = cur.u32().size()?;
            // Sphere: one vertex and a radius; cylinder: two vertices and a radius; box and
            // plane: two vertices (mdx-m3-viewer `collisionshape.js`).
            let len = match shape {
                2 => 16,
                3 => 28,
                _ => 24,
            };
            cur.skip(len).size()?;
            return Ok(NodeObject {
                kind,
                node,
                extra: NodeExtra::Collision { kind: shape },
                tracks: Tracks::none(),
            });
        }
        _ => {}
    }
    let mut body = inclusive(cur)?;
    let node = read_node(&mut body)?;
    let extra = match kind {
        Kind::Lite => {
            let light = body.u32().size()?;
            let attenuation = [body.f32().size()?, body.f32().size()?];
            // colour 12, intensity 4, ambient colour 12, ambient intensity 4; 1200 adds a
            // shadow intensity (HiveWE `read_LITE`).
            let rest = if version >= 1200 { 36 } else { 32 };
            body.skip(rest).size()?;
            NodeExtra::Light {
                kind: light,
                attenuation,
            }
        }
        Kind::Atch => {
            let path_offset = body.offset();
            let path = text(body.take(260).size()?);
            body.skip(4).size()?;
            NodeExtra::Attachment { path, path_offset }
        }
        Kind::Prem => {
            body.skip(16).size()?;
            let path_offset = body.offset();
            let path = text(body.take(260).size()?);
            body.skip(8).size()?;
            NodeExtra::Emitter { path, path_offset }
        }
        Kind::Pre2 => {
            let speed = body.f32().size()?;
            body.skip(4).size()?; // variation
            let latitude = body.f32().size()?;
            body.skip(20).size()?; // gravity, lifespan, emission rate, width, length
            let filter_mode = body.u32().size()?;
            body.skip(16).size()?; // rows, columns, head or tail, tail length
            let time_middle = body.f32().size()?;
            body.skip(36 + 3 + 12 + 24 + 24).size()?; // colours, alphas, scaling, intervals
            let texture_id = body.i32().size()?;
            let squirt = body.u32().size()?;
            body.skip(4).size()?; // priority plane
            let replaceable_offset = body.offset();
            let replaceable_id = body.u32().size()?;
            NodeExtra::Emitter2 {
                speed,
                latitude,
                filter_mode,
                time_middle,
                texture_id,
                squirt,
                replaceable_id,
                replaceable_offset,
            }
        }
        Kind::Corn => {
            body.skip(12 + 12 + 4 + 4 + 260).size()?;
            let guide = text(body.take(260).size()?);
            NodeExtra::Popcorn { guide }
        }
        Kind::Ribb => {
            body.skip(12 + 12 + 4 + 16).size()?;
            let material_id = body.i32().size()?;
            body.skip(4).size()?;
            NodeExtra::Ribbon { material_id }
        }
        _ => return Err(Fault::Size),
    };
    Ok(NodeObject {
        kind,
        node,
        extra,
        tracks: tracks_of(body)?,
    })
}

fn read_material<'a>(cur: &mut Cursor<'a>, version: u32) -> Read<Material<'a>> {
    let offset = cur.offset();
    let mut body = inclusive(cur)?;
    let priority_plane = body.i32().size()?;
    let flags = body.u32().size()?;
    let shader = if (900..1100).contains(&version) {
        Some(text(body.take(80).size()?))
    } else {
        None
    };
    if body.tag().size()? != tags::LAYS {
        return Err(Fault::Size);
    }
    let layer_count = body.u32().size()?;
    let layers = body;
    for _ in 0..layer_count {
        read_layer(&mut body, version)?;
    }
    if !body.is_empty() {
        return Err(Fault::Size);
    }
    Ok(Material {
        offset,
        priority_plane,
        flags,
        shader,
        layers,
        layer_count,
        version,
    })
}

/// Bytes a layer holds between its alpha and its tracks (or texture list), by version: emissive
/// gain from 900, the fresnel colour, opacity and team colour from 1000 (mdx-m3-viewer reads all
/// 24 bytes for every version above 800, HiveWE only the gain for 900: both are tried for 900).
fn layer_extras(version: u32) -> &'static [usize] {
    match version {
        ..=800 => &[0],
        900 => &[24, 4],
        _ => &[24],
    }
}

fn read_layer<'a>(cur: &mut Cursor<'a>, version: u32) -> Read<Layer<'a>> {
    let offset = cur.offset();
    let body = inclusive(cur)?;
    let mut last = Err(Fault::Size);
    for &extra in layer_extras(version) {
        let mut b = body;
        last = read_layer_fields(&mut b, offset, version, extra);
        if last.is_ok() {
            break;
        }
    }
    last
}

fn read_layer_fields<'a>(
    body: &mut Cursor<'a>,
    offset: u64,
    version: u32,
    extra: usize,
) -> Read<Layer<'a>> {
    let filter_mode = body.u32().size()?;
    let shading_flags = body.u32().size()?;
    let texture_id = body.i32().size()?;
    let texture_animation_id = body.i32().size()?;
    let coord_id = body.u32().size()?;
    let alpha = body.f32().size()?;
    body.skip(extra).size()?;
    let (shader, textures) = if version >= 1100 {
        let shader = body.u32().size()?;
        let count = body.u32().size()?;
        let start = *body;
        for _ in 0..count {
            read_layer_texture(body).ok_or(Fault::Track(body.offset(), *b"KMTF"))?;
        }
        (Some(shader), LayerTextures { cur: start, count })
    } else {
        (None, LayerTextures::NONE)
    };
    Ok(Layer {
        offset,
        filter_mode,
        shading_flags,
        texture_id,
        texture_animation_id,
        coord_id,
        alpha,
        shader,
        textures,
        tracks: tracks_of(*body)?,
    })
}

/// One counted geoset sub-chunk: tag, count, `count × size` bytes.
fn sub_chunk<'a>(cur: &mut Cursor<'a>, tag: [u8; 4], size: u32, index: u64) -> Read<&'a [u8]> {
    let at = cur.offset();
    let found = cur.tag().size()?;
    if found != tag {
        let _ = index;
        return Err(Fault::GeosetTag(found, tag, at));
    }
    let count = cur.u32().size()?;
    cur.take_records(count, size).size()
}

fn read_geoset<'a>(cur: &mut Cursor<'a>, version: u32) -> Read<Geoset<'a>> {
    use tags::geoset as g;
    let offset = cur.offset();
    let mut b = inclusive(cur)?;
    let vertices = sub_chunk(&mut b, g::VRTX, 12, 0)?;
    let normals = sub_chunk(&mut b, g::NRMS, 12, 0)?;
    let face_types = sub_chunk(&mut b, g::PTYP, 4, 0)?;
    let face_groups = sub_chunk(&mut b, g::PCNT, 4, 0)?;
    let faces_offset = b.offset().saturating_add(8);
    let faces = sub_chunk(&mut b, g::PVTX, 2, 0)?;
    let vertex_groups = sub_chunk(&mut b, g::GNDX, 1, 0)?;
    let matrix_groups = sub_chunk(&mut b, g::MTGC, 4, 0)?;
    let matrix_indices = sub_chunk(&mut b, g::MATS, 4, 0)?;
    let material_id = b.u32().size()?;
    let selection_group = b.u32().size()?;
    let selection_flags = b.u32().size()?;
    let lod = if version > 800 {
        let lod = b.i32().size()?;
        b.skip(80).size()?;
        Some(lod)
    } else {
        None
    };
    let extent: &Extent = record(&mut b)?;
    let n = b.u32().size()?;
    let extents = b.take_records(n, 28).size()?;
    let sequence_extents = <[Extent]>::ref_from_bytes(extents).ok().size()?;
    let (mut tangents, mut skin) = (None, None);
    if version > 800 {
        if b.peek_tag() == Some(g::TANG) {
            b.skip(4).size()?;
            let n = b.u32().size()?;
            tangents = Some(b.take_records(n, 16).size()?);
        }
        if b.peek_tag() == Some(g::SKIN) {
            b.skip(4).size()?;
            let n = b.u32().size()?;
            skin = Some(b.take_records(n, 1).size()?);
        }
    }
    let at = b.offset();
    let found = b.tag().size()?;
    if found != g::UVAS {
        return Err(Fault::GeosetTag(found, g::UVAS, at));
    }
    let uv_set_count = b.u32().size()?;
    let uv_sets = b;
    for _ in 0..uv_set_count {
        sub_chunk(&mut b, g::UVBS, 8, 0)?;
    }
    if !b.is_empty() {
        return Err(Fault::Size);
    }
    Ok(Geoset {
        offset,
        vertices,
        normals,
        face_types,
        face_groups,
        faces,
        faces_offset,
        vertex_groups,
        matrix_groups,
        matrix_indices,
        material_id,
        selection_group,
        selection_flags,
        lod,
        extent,
        sequence_extents,
        tangents,
        skin,
        uv_sets,
        uv_set_count,
    })
}

fn read_geoset_animation<'a>(cur: &mut Cursor<'a>) -> Read<GeosetAnimation<'a>> {
    let offset = cur.offset();
    let mut body = inclusive(cur)?;
    let alpha = body.f32().size()?;
    let flags = body.u32().size()?;
    body.skip(12).size()?;
    let geoset_id = body.i32().size()?;
    Ok(GeosetAnimation {
        offset,
        alpha,
        flags,
        geoset_id,
        tracks: tracks_of(body)?,
    })
}

fn read_camera<'a>(cur: &mut Cursor<'a>) -> Read<Camera<'a>> {
    let offset = cur.offset();
    let mut body = inclusive(cur)?;
    let name = text(body.take(80).size()?);
    body.skip(36).size()?;
    Ok(Camera {
        offset,
        name,
        tracks: tracks_of(body)?,
    })
}
