//! Where each `M2Array` sits in the two MD20 header layouts, and how large its records are.
//!
//! Offsets: wowdev.wiki `M2` (fields marked `≤ BC` exist only up to version 263), confirmed on the
//! real v264/v272 models of the shared corpus and against blizzardry `src/lib/m2/index.js` (264) and
//! wow.export `M2LegacyLoader.js` (256–264); see `research/m2.md` §2. Record sizes of the animated
//! sections follow from `M2Track` being 28 bytes up to 263 (with the `ranges` array) and 20 bytes
//! from 264. Sections whose record size changed across expansions in ways the sources do not pin down
//! (cameras, ribbons, particles) are checked with a lower bound of their size, so a real file is never
//! flagged for them; such sections are optional and only ever produce a warning.

/// One array field of the header.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// Model name (`char`, NUL included).
    Name,
    /// Global sequence lengths (`u32`).
    GlobalLoops,
    /// Animation sequences.
    Sequences,
    /// Sequence lookup (`u16`).
    SequenceLookups,
    /// Playable animation lookup (≤263, 4 bytes each).
    PlayableAnimationLookup,
    /// Bones.
    Bones,
    /// Key bone lookup (`u16`).
    KeyBoneLookup,
    /// Vertices (48 bytes).
    Vertices,
    /// Embedded skin profiles (≤263, 44 bytes).
    Views,
    /// Colour animations.
    Colors,
    /// Textures (16 bytes).
    Textures,
    /// Texture weight (transparency) animations.
    TextureWeights,
    /// Texture flipbooks (≤263).
    TextureFlipbooks,
    /// Texture transform animations.
    TextureTransforms,
    /// Replaceable texture lookup (`u16`).
    ReplaceableTextureLookup,
    /// Materials (4 bytes).
    Materials,
    /// Bone lookup (`u16`).
    BoneLookup,
    /// Texture lookup (`u16`).
    TextureLookup,
    /// Texture unit (coordinate set) lookup (`u16`).
    TextureUnitLookup,
    /// Transparency lookup (`u16`).
    TransparencyLookup,
    /// Texture transform lookup (`u16`).
    TextureTransformLookup,
    /// Collision triangles (`u16`).
    CollisionTriangles,
    /// Collision vertices (12 bytes).
    CollisionVertices,
    /// Collision normals (12 bytes).
    CollisionNormals,
    /// Attachments.
    Attachments,
    /// Attachment lookup (`u16`).
    AttachmentLookup,
    /// Events.
    Events,
    /// Lights.
    Lights,
    /// Cameras.
    Cameras,
    /// Camera lookup (`u16`).
    CameraLookup,
    /// Ribbon emitters.
    Ribbons,
    /// Particle emitters.
    Particles,
    /// Blend map overrides / texture combiner combos (`u16`), only with global flag 0x08.
    BlendMapOverrides,
}

impl Field {
    /// The field's name as `info` prints it.
    pub const fn name(self) -> &'static str {
        match self {
            Field::Name => "name",
            Field::GlobalLoops => "global_loops",
            Field::Sequences => "sequences",
            Field::SequenceLookups => "sequence_lookups",
            Field::PlayableAnimationLookup => "playable_animation_lookup",
            Field::Bones => "bones",
            Field::KeyBoneLookup => "key_bone_lookup",
            Field::Vertices => "vertices",
            Field::Views => "views",
            Field::Colors => "colors",
            Field::Textures => "textures",
            Field::TextureWeights => "texture_weights",
            Field::TextureFlipbooks => "texture_flipbooks",
            Field::TextureTransforms => "texture_transforms",
            Field::ReplaceableTextureLookup => "replaceable_texture_lookup",
            Field::Materials => "materials",
            Field::BoneLookup => "bone_lookup",
            Field::TextureLookup => "texture_lookup",
            Field::TextureUnitLookup => "texture_unit_lookup",
            Field::TransparencyLookup => "transparency_lookup",
            Field::TextureTransformLookup => "texture_transform_lookup",
            Field::CollisionTriangles => "collision_triangles",
            Field::CollisionVertices => "collision_vertices",
            Field::CollisionNormals => "collision_normals",
            Field::Attachments => "attachments",
            Field::AttachmentLookup => "attachment_lookup",
            Field::Events => "events",
            Field::Lights => "lights",
            Field::Cameras => "cameras",
            Field::CameraLookup => "camera_lookup",
            Field::Ribbons => "ribbons",
            Field::Particles => "particles",
            Field::BlendMapOverrides => "blend_map_overrides",
        }
    }

    /// Whether the model can be drawn without this array (animation, effects, collision). A broken
    /// optional array is a warning and is skipped; a broken required one is an error.
    pub const fn optional(self) -> bool {
        !matches!(
            self,
            Field::Name
                | Field::Vertices
                | Field::Views
                | Field::Textures
                | Field::Materials
                | Field::TextureLookup
                | Field::TextureUnitLookup
                | Field::BlendMapOverrides
        )
    }
}

/// One array field: where its `M2Array` sits in the header, and its record size in bytes (a lower
/// bound for the sections named in the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArrayField {
    /// Which field.
    pub field: Field,
    /// Offset of the `M2Array` inside the MD20 header.
    pub at: u16,
    /// Bytes per record.
    pub record: u16,
}

const fn f(field: Field, at: u16, record: u16) -> ArrayField {
    ArrayField { field, at, record }
}

/// The header layout, chosen by version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Versions 256–263 (Classic, The Burning Crusade): embedded views, playable animation lookup,
    /// texture flipbooks; 0x144-byte header.
    Legacy,
    /// Versions 264–274 (Wrath of the Lich King on): skin profiles in `.skin` files; 0x130 bytes.
    Modern,
}

impl Layout {
    /// The layout of `version`, or `None` when the version is not 256..=274.
    pub const fn of(version: u32) -> Option<Layout> {
        match version {
            256..=263 => Some(Layout::Legacy),
            264..=274 => Some(Layout::Modern),
            _ => None,
        }
    }

    /// Header size without the optional blend-map override array.
    pub const fn header_len(self) -> u64 {
        match self {
            Layout::Legacy => 0x144,
            Layout::Modern => 0x130,
        }
    }

    /// Offset of the bounding box (two corners, 24 bytes).
    pub const fn bounding_box_at(self) -> u64 {
        match self {
            Layout::Legacy => 0xB4,
            Layout::Modern => 0xA0,
        }
    }

    /// Offset of the skin profile count (264 on; `None` before, where the views are embedded).
    pub const fn skin_profile_count_at(self) -> Option<u64> {
        match self {
            Layout::Legacy => None,
            Layout::Modern => Some(0x44),
        }
    }

    /// Every array field of the layout, in header order (without the blend-map overrides).
    pub const fn fields(self) -> &'static [ArrayField] {
        match self {
            Layout::Legacy => LEGACY,
            Layout::Modern => MODERN,
        }
    }

    /// The array field `field`, when this layout has it.
    pub fn field(self, field: Field) -> Option<ArrayField> {
        self.fields().iter().copied().find(|a| a.field == field)
    }
}

/// Versions 256–263. Animated records use 28-byte `M2Track`s.
const LEGACY: &[ArrayField] = &[
    f(Field::Name, 0x08, 1),
    f(Field::GlobalLoops, 0x14, 4),
    f(Field::Sequences, 0x1C, 68),
    f(Field::SequenceLookups, 0x24, 2),
    f(Field::PlayableAnimationLookup, 0x2C, 4),
    // 108 bytes in 256; The Burning Crusade adds 4 (bone name CRC): the lower bound is checked.
    f(Field::Bones, 0x34, 108),
    f(Field::KeyBoneLookup, 0x3C, 2),
    f(Field::Vertices, 0x44, 48),
    f(Field::Views, 0x4C, 44),
    f(Field::Colors, 0x54, 56),
    f(Field::Textures, 0x5C, 16),
    f(Field::TextureWeights, 0x64, 28),
    f(Field::TextureFlipbooks, 0x6C, 4),
    f(Field::TextureTransforms, 0x74, 84),
    f(Field::ReplaceableTextureLookup, 0x7C, 2),
    f(Field::Materials, 0x84, 4),
    f(Field::BoneLookup, 0x8C, 2),
    f(Field::TextureLookup, 0x94, 2),
    f(Field::TextureUnitLookup, 0x9C, 2),
    f(Field::TransparencyLookup, 0xA4, 2),
    f(Field::TextureTransformLookup, 0xAC, 2),
    f(Field::CollisionTriangles, 0xEC, 2),
    f(Field::CollisionVertices, 0xF4, 12),
    f(Field::CollisionNormals, 0xFC, 12),
    f(Field::Attachments, 0x104, 48),
    f(Field::AttachmentLookup, 0x10C, 2),
    f(Field::Events, 0x114, 44),
    f(Field::Lights, 0x11C, 212),
    f(Field::Cameras, 0x124, 64),
    f(Field::CameraLookup, 0x12C, 2),
    f(Field::Ribbons, 0x134, 64),
    f(Field::Particles, 0x13C, 256),
];

/// Versions 264–274. Animated records use 20-byte `M2Track`s.
const MODERN: &[ArrayField] = &[
    f(Field::Name, 0x08, 1),
    f(Field::GlobalLoops, 0x14, 4),
    f(Field::Sequences, 0x1C, 64),
    f(Field::SequenceLookups, 0x24, 2),
    f(Field::Bones, 0x2C, 88),
    f(Field::KeyBoneLookup, 0x34, 2),
    f(Field::Vertices, 0x3C, 48),
    f(Field::Colors, 0x48, 40),
    f(Field::Textures, 0x50, 16),
    f(Field::TextureWeights, 0x58, 20),
    f(Field::TextureTransforms, 0x60, 60),
    f(Field::ReplaceableTextureLookup, 0x68, 2),
    f(Field::Materials, 0x70, 4),
    f(Field::BoneLookup, 0x78, 2),
    f(Field::TextureLookup, 0x80, 2),
    f(Field::TextureUnitLookup, 0x88, 2),
    f(Field::TransparencyLookup, 0x90, 2),
    f(Field::TextureTransformLookup, 0x98, 2),
    f(Field::CollisionTriangles, 0xD8, 2),
    f(Field::CollisionVertices, 0xE0, 12),
    f(Field::CollisionNormals, 0xE8, 12),
    f(Field::Attachments, 0xF0, 40),
    f(Field::AttachmentLookup, 0xF8, 2),
    f(Field::Events, 0x100, 36),
    f(Field::Lights, 0x108, 156),
    f(Field::Cameras, 0x110, 64),
    f(Field::CameraLookup, 0x118, 2),
    f(Field::Ribbons, 0x120, 64),
    f(Field::Particles, 0x128, 256),
];

/// The blend-map override array sits right after the fixed header when global flag 0x08 is set.
pub const BLEND_MAP_OVERRIDES_FLAG: u32 = 0x08;

/// An upper bound on the array fields of any layout (with the blend-map overrides), so that checks
/// over all of them can use a fixed-size array on the stack.
pub const MAX_ARRAY_FIELDS: usize = 40;

const _: () = assert!(LEGACY.len() < MAX_ARRAY_FIELDS && MODERN.len() < MAX_ARRAY_FIELDS);
