//! Reading the JavaScript `options` object into [`Options`].

use js_sys::{Reflect, Uint8Array};
use wasm_bindgen::{JsCast, JsError, JsValue};

use crate::api::Options;

/// Reads `options` (`undefined`, `null` or an object); a palette that is neither a 768-byte
/// palette nor a 256-colour PCX is refused, as `--palette` refuses it.
pub fn options_from_js(options: &JsValue) -> Result<Options, JsError> {
    let mut out = Options::default();
    if options.is_undefined() || options.is_null() {
        return Ok(out);
    }
    let get = |key: &str| Reflect::get(options, &key.into()).unwrap_or(JsValue::UNDEFINED);
    if let Some(mip) = get("mip").as_f64() {
        if !(0.0..=f64::from(u32::MAX)).contains(&mip) || mip.fract() != 0.0 {
            return Err(JsError::new("options.mip must be a whole number from 0"));
        }
        out.mip = mip as u32;
    }
    out.entry = get("entry").as_string().filter(|e| !e.is_empty());
    out.stored_alpha = get("storedAlpha").is_truthy();
    out.swizzle = get("swizzle").is_truthy();
    out.decode_pixels = get("decode").is_truthy();
    out.vis = get("vis").is_truthy();
    let targets = get("targets");
    if !targets.is_undefined() && !targets.is_null() {
        if !js_sys::Array::is_array(&targets) {
            return Err(JsError::new(
                "options.targets must be an array of engine names",
            ));
        }
        let names = js_sys::Array::from(&targets)
            .iter()
            .map(|v| {
                v.as_string()
                    .ok_or_else(|| JsError::new("options.targets must hold strings"))
            })
            .collect::<Result<Vec<String>, JsError>>()?;
        out.targets = crate::api::targets(&names).map_err(|e| JsError::new(&e))?;
    }
    let palette = get("palette");
    if !palette.is_undefined() && !palette.is_null() {
        let bytes = palette
            .dyn_into::<Uint8Array>()
            .map_err(|_| JsError::new("options.palette must be a Uint8Array"))?
            .to_vec();
        out.palette = Some(lumpkit::palette::palette_file(&bytes).ok_or_else(|| {
            JsError::new("options.palette: not a 768-byte palette or a 256-colour PCX")
        })?);
    }
    Ok(out)
}
