//! Which palette index, if any, is transparent: the engines' rules, decided from the texture's name
//! and palette, for every container that carries miptex-like pictures.
//!
//! - **Masked (`{` names).** A texture whose name starts with `{` draws palette index 255 as fully
//!   transparent: GoldSrc's `GL_LoadTexture` is called with alpha for `tx->name[0] == '{'`
//!   (as in Xash3D `Mod_LoadTextures` and `Image_LoadMIP`, which loads `LUMP_MASKED` palettes with
//!   entry 255 set to 0), and Quake source ports adopted the same rule for fence textures
//!   (QuakeSpasm `gl_model.c` `Mod_LoadTextures`, "ericw -- fence textures": `TEXPREF_ALPHA`).
//! - **Gradient decals.** A decal (`{` name, loaded as a decal) whose palette entry 255 is not pure
//!   blue (0, 0, 255) is a gradient decal: every pixel has the colour of palette entry 255 and the
//!   alpha of its own index (Xash3D `Image_LoadMIP`: "classic gradient decals" → `LUMP_GRADIENT`;
//!   `Image_GetPaletteLMP` fills `rgba = pal[255], a = i`). A `{` decal with a blue entry 255 is a
//!   coloured, masked decal.
//! - **Pictures (qpic, font).** Half-Life's `gfx.wad` pictures and fonts draw index 255 transparent
//!   (Xash3D `Image_LoadLMP` switches to `LUMP_MASKED` when a pixel uses 255, except for
//!   `conback`; `Image_LoadFNT` always loads fonts masked). Quake draws WAD2 pictures the same way
//!   (`Draw_PicFromWad` → `GL_Upload8` with `d_8to24table[255]` made transparent).

/// How indices map to alpha.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AlphaMode {
    /// Every pixel opaque.
    Opaque,
    /// Index 255 is (0, 0, 0, 0); every other index opaque.
    Masked,
    /// RGB is palette entry 255 for every pixel; alpha is the index.
    Gradient,
}

/// The rule for a mip texture (WAD2/WAD3 miptex, BSP textures): masked for `{` names, otherwise
/// opaque. `decal_palette255` is `Some(rgb of entry 255)` when the texture is loaded as a decal.
pub fn miptex_alpha(name: &[u8], decal_palette255: Option<[u8; 3]>) -> AlphaMode {
    if name.first() != Some(&b'{') {
        return AlphaMode::Opaque;
    }
    match decal_palette255 {
        Some(rgb) if rgb != [0, 0, 255] => AlphaMode::Gradient,
        _ => AlphaMode::Masked,
    }
}

/// The rule for a picture (qpic, console picture): masked when any pixel uses index 255, except
/// for console backgrounds (names containing `conback`, which must stay opaque).
pub fn picture_alpha(name: &[u8], pixels: &[u8]) -> AlphaMode {
    let conback = name.windows(7).any(|w| w.eq_ignore_ascii_case(b"conback"));
    if !conback && pixels.contains(&255) {
        AlphaMode::Masked
    } else {
        AlphaMode::Opaque
    }
}
