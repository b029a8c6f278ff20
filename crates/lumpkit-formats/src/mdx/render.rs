//! The render state a material layer's filter mode and shading flags imply, as data, in the
//! vocabulary of the M2 render state ([`crate::m2::render::BlendFactor`]).
//!
//! Authority: mdx-m3-viewer 5.12.0 `viewer/handlers/mdx/filtermode.js` (`layerFilterMode`,
//! `emitterFilterMode`), `layer.js` (blending only above Transparent; depth writes only for None
//! and Transparent unless NoDepthSet; culling off for TwoSided) and `shaders/sd.frag.js` (alpha
//! test: Transparent discards below 0.75, Modulate and Modulate2x below 0.02). The names are the
//! World Editor's (`FilterMode` in `parsers/mdlx/layer.js`).

use crate::m2::render::BlendFactor;

/// Layer shading flag: unshaded (no lighting).
pub const UNSHADED: u32 = 0x1;
/// Layer shading flag: sphere environment map.
pub const SPHERE_ENV_MAP: u32 = 0x2;
/// Layer shading flag: two-sided (no back-face culling).
pub const TWO_SIDED: u32 = 0x10;
/// Layer shading flag: unfogged.
pub const UNFOGGED: u32 = 0x20;
/// Layer shading flag: no depth test.
pub const NO_DEPTH_TEST: u32 = 0x40;
/// Layer shading flag: no depth writes.
pub const NO_DEPTH_SET: u32 = 0x80;

/// Highest layer filter mode (Modulate2x).
pub const LAYER_FILTER_MAX: u32 = 6;
/// Highest particle emitter 2 filter mode (AlphaKey).
pub const EMITTER_FILTER_MAX: u32 = 4;

/// What one layer draws like.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LayerRenderState {
    /// The filter mode as stored.
    pub filter_mode: u32,
    /// Its World Editor name (`None`, `Transparent`, `Blend`, `Additive`, `AddAlpha`, `Modulate`,
    /// `Modulate2x`).
    pub name: &'static str,
    /// Whether blending is enabled.
    pub blending: bool,
    /// Source and destination factors (`ONE, ZERO` when not blended).
    pub src: BlendFactor,
    /// Destination factor.
    pub dst: BlendFactor,
    /// Pixels with alpha below this are discarded (`None`: no alpha test).
    pub alpha_ref: Option<f32>,
    /// Whether the layer writes depth.
    pub depth_write: bool,
    /// Whether the layer tests depth.
    pub depth_test: bool,
    /// Whether back faces are drawn.
    pub two_sided: bool,
    /// Whether lighting is off.
    pub unshaded: bool,
    /// Whether fog is off.
    pub unfogged: bool,
    /// Whether the texture is a sphere environment map.
    pub sphere_env_map: bool,
}

/// The World Editor name of a layer filter mode.
pub const fn layer_filter_name(mode: u32) -> Option<&'static str> {
    Some(match mode {
        0 => "None",
        1 => "Transparent",
        2 => "Blend",
        3 => "Additive",
        4 => "AddAlpha",
        5 => "Modulate",
        6 => "Modulate2x",
        _ => return None,
    })
}

/// The render state of a layer, `None` for a filter mode outside 0..=6.
pub fn layer_render_state(filter_mode: u32, shading_flags: u32) -> Option<LayerRenderState> {
    use BlendFactor as F;
    let name = layer_filter_name(filter_mode)?;
    let (blending, src, dst) = match filter_mode {
        2 => (true, F::SrcAlpha, F::OneMinusSrcAlpha),
        3 | 4 => (true, F::SrcAlpha, F::One),
        5 => (true, F::Zero, F::SrcColor),
        6 => (true, F::DstColor, F::SrcColor),
        _ => (false, F::One, F::Zero),
    };
    let alpha_ref = match filter_mode {
        1 => Some(0.75),
        5 | 6 => Some(0.02),
        _ => None,
    };
    let has = |flag: u32| shading_flags & flag != 0;
    Some(LayerRenderState {
        filter_mode,
        name,
        blending,
        src,
        dst,
        alpha_ref,
        depth_write: !has(NO_DEPTH_SET) && filter_mode <= 1,
        depth_test: !has(NO_DEPTH_TEST),
        two_sided: has(TWO_SIDED),
        unshaded: has(UNSHADED),
        unfogged: has(UNFOGGED),
        sphere_env_map: has(SPHERE_ENV_MAP),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blend_and_transparent_follow_the_viewer() {
        let blend = layer_render_state(2, 0).unwrap();
        assert!(blend.blending && !blend.depth_write);
        assert_eq!(
            (blend.src, blend.dst),
            (BlendFactor::SrcAlpha, BlendFactor::OneMinusSrcAlpha)
        );
        let key = layer_render_state(1, TWO_SIDED).unwrap();
        assert!(!key.blending && key.depth_write && key.two_sided);
        assert_eq!(key.alpha_ref, Some(0.75));
        assert!(layer_render_state(7, 0).is_none());
    }
}
