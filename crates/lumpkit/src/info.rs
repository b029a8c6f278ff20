//! Typed facts about an inspected file: what `info --json` prints beyond the common fields, as Rust
//! values, so that an embedder never parses JSON to learn a width or a mip table.
//!
//! Each format's struct lives beside the format (`formats/blp.rs` holds [`BlpInfo`], …) and
//! serializes to exactly the JSON fields `info --json` prints: [`Report::fields`](crate::Report::fields)
//! is built from it ([`Report::set_info`](crate::Report::set_info)), so the two cannot disagree.

use serde::Serialize;

pub use crate::formats::blp::{BlpInfo, BlpLevel};
pub use crate::formats::bsp::{BspInfo, BspTextureSummary, Lumps, Quake1BspInfo, Quake2BspInfo};
pub use crate::formats::bsp_textures::{BspTextureInfo, BspTextureLevel};
pub use crate::formats::dds::{DdsInfo, DdsLevel};
pub use crate::formats::m2::{
    Aabb, ListCut, M2Chunk, M2Chunked, M2Counts, M2Info, M2Material, M2Texture, SkinBatch,
    SkinInfo, ViewCounts,
};
pub use crate::formats::md3::{Md3Counts, Md3Info, Md3Surface};
pub use crate::formats::mdx::{
    MdxCounts, MdxGeoset, MdxInfo, MdxLayer, MdxMaterial, MdxSequence, MdxTexture,
};
pub use crate::formats::mpq::{MpqEntry, MpqInfo};
pub use crate::formats::paa::{PaaInfo, PaaLevel, PaaTags};
pub use crate::formats::pak::{PakEntry, PakInfo};
pub use crate::formats::pbo::{PboEntry, PboInfo};
pub use crate::formats::q3bsp::Quake3BspInfo;
pub use crate::formats::q3text::{Q3SkinInfo, ShaderScriptInfo, SkinLine};
pub use crate::formats::sevenz::{SevenZEntry, SevenZInfo};
pub use crate::formats::tga::TgaInfo;
pub use crate::formats::w3x::MapFileInfo;
pub use crate::formats::wad::{WadEntry, WadInfo, WadPictureInfo, WadPictureLevel};
pub use crate::formats::wal::{WalInfo, WalLevel};
pub use crate::formats::zip::{ZipEntry, ZipInfo};

/// Declares [`Info`] and a `From` for each variant's type from one list, so the two cannot drift.
macro_rules! info_enum {
    ($($(#[$doc:meta])* $variant:ident($ty:ty)),* $(,)?) => {
        /// The typed facts of one report, by format ([`Report::info`](crate::Report::info)).
        ///
        /// Serializes (untagged) to the format's info fields exactly as `info --json` prints them.
        #[derive(Clone, Debug, Serialize)]
        #[serde(untagged)]
        #[non_exhaustive]
        pub enum Info {
            $($(#[$doc])* $variant($ty),)*
        }

        $(impl From<$ty> for Info {
            fn from(info: $ty) -> Info {
                Info::$variant(info)
            }
        })*
    };
}

info_enum!(
    /// A BLP texture.
    Blp(BlpInfo),
    /// A PAA texture.
    Paa(PaaInfo),
    /// A Quake 2 WAL texture.
    Wal(WalInfo),
    /// A WAD2/WAD3 archive.
    Wad(WadInfo),
    /// One picture inside a WAD (`wad-miptex`, `wad-qpic`, `wad-font`).
    WadPicture(WadPictureInfo),
    /// A PAK archive.
    Pak(PakInfo),
    /// A PBO archive.
    Pbo(PboInfo),
    /// A BSP map (Quake 1/2, GoldSrc, BSP2, 2PSB, Qbism).
    Bsp(BspInfo),
    /// A texture embedded in a Quake 1 / GoldSrc map (`bsp-miptex`).
    BspTexture(BspTextureInfo),
    /// A WoW M2 model.
    M2(M2Info),
    /// A WoW `.skin` profile.
    Skin(SkinInfo),
    /// A Quake 3-engine MD3 model.
    Md3(Md3Info),
    /// A Warcraft III MDX model.
    Mdx(MdxInfo),
    /// A Warcraft III map file (`war3map.w3i`, `.w3e`, `.doo`, …).
    MapFile(MapFileInfo),
    /// An MPQ archive.
    Mpq(MpqInfo),
    /// A ZIP archive.
    Zip(ZipInfo),
    /// A 7z archive.
    SevenZ(SevenZInfo),
    /// A TGA picture.
    Tga(TgaInfo),
    /// A DDS texture.
    Dds(DdsInfo),
    /// A Quake 3 model skin.
    Q3Skin(Q3SkinInfo),
    /// A Quake 3 shader script.
    ShaderScript(ShaderScriptInfo),
);
