//! GLQuake's texture upload buffers (`bsp-texture-too-large`), the arithmetic in one place.
//!
//! id's `GL_Upload8` (WinQuake/gl_draw.c) expands a texture's `width * height` palette indices
//! into `static unsigned trans[640*480]` without a bound check, then `GL_Upload32` rounds each
//! side up to a power of two, shifts by `gl_picmip` (default 0), clamps to `gl_max_size` (default
//! 1024) and `Sys_Error`s "GL_LoadTexture: too big" when the result exceeds `scaled[1024*512]`.

/// Texels of `GL_Upload8`'s `trans` buffer.
pub const GLQUAKE_TRANS_TEXELS: u64 = 640 * 480;
/// Texels of `GL_Upload32`'s `scaled` buffer.
pub const GLQUAKE_SCALED_TEXELS: u64 = 1024 * 512;
/// `gl_max_size`'s default, the clamp of each rounded side.
pub const GLQUAKE_MAX_SIZE: u64 = 1024;

/// The side GLQuake resamples to: the next power of two, clamped to `gl_max_size`.
fn rounded(side: u32) -> u64 {
    u64::from(side)
        .checked_next_power_of_two()
        .unwrap_or(u64::MAX)
        .min(GLQUAKE_MAX_SIZE)
}

/// Whether GLQuake can upload a `width` × `height` texture with its default settings: the
/// texels fit `trans` and the rounded, clamped size fits `scaled`.
pub fn glquake_upload_fits(width: u32, height: u32) -> bool {
    let texels = u64::from(width).saturating_mul(u64::from(height));
    texels <= GLQUAKE_TRANS_TEXELS
        && rounded(width).saturating_mul(rounded(height)) <= GLQUAKE_SCALED_TEXELS
}

#[cfg(test)]
mod tests {
    use super::glquake_upload_fits;

    #[test]
    fn glquake_buffers() {
        // Quake's own largest textures and the buffers' exact fits.
        assert!(glquake_upload_fits(256, 128));
        assert!(glquake_upload_fits(512, 512));
        assert!(glquake_upload_fits(640, 480)); // trans exactly; scaled 1024x512 exactly
        // Rounded to 1024x1024, clamped to 1024: over scaled[1024*512] ("too big").
        assert!(!glquake_upload_fits(528, 528));
        // 524,288 texels overflow trans[640*480] before any rounding.
        assert!(!glquake_upload_fits(1024, 512));
        // A thin strip: rounded 16x1024 fits scaled, but 307,456 texels overflow trans.
        assert!(!glquake_upload_fits(16, 19_216));
        assert!(glquake_upload_fits(16, 19_200));
    }
}
