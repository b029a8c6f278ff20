//! lumpkit in the browser: the facade compiled to WebAssembly behind a small JavaScript API.
//!
//! - `inspect(bytes, name, options?)` → the object `lumpkit info --json` prints;
//! - `check(files, options?)` → the records `lumpkit check --json` prints, archives descended, for
//!   `files` an array of `{name, bytes}`;
//! - `decode(bytes, name, options?)` → `{width, height, rgba}`, `rgba` a `Uint8ClampedArray`
//!   ready for `ImageData`.
//!
//! `options` is an object with any of `palette` (the bytes of a `palette.lmp` or `colormap.pcx`),
//! `mip`, `entry` (a member path as `check` prints it), `storedAlpha`, `swizzle`, `decode` (decode
//! every level while checking) and `vis`. The limits are the CLI's defaults ([`api::LIMITS`]).
//!
//! The work happens in [`api`], plain Rust the host tests; this file only converts values.
//! Memory mapping (the facade's `mmap` feature) and the CLI's worker threads are native-only and
//! left out of this build. jpeg-decoder's rayon pool cannot start threads on
//! `wasm32-unknown-unknown`, so rayon runs its work on the calling thread (the end-to-end test
//! decodes BLP JPEG levels in Chromium).
#![forbid(unsafe_code)]

pub mod api;
mod options;

use js_sys::{Array, JSON, Object, Reflect, Uint8Array, Uint8ClampedArray};
use wasm_bindgen::prelude::*;

pub use options::options_from_js;

/// The `info --json` object for `bytes`, a file called `name` (or its member `options.entry`).
#[wasm_bindgen]
pub fn inspect(bytes: &[u8], name: &str, options: JsValue) -> Result<JsValue, JsError> {
    let options = options_from_js(&options)?;
    let value = api::inspect(bytes, name, &options).map_err(|e| JsError::new(&e))?;
    parse(&value.to_string())
}

/// The `check --json` records of `files` (`[{name, bytes}]`), in order, members after their file.
/// A folder's `expect.tsv` manifest is skipped, as the CLI skips it.
#[wasm_bindgen]
pub fn check(files: Array, options: JsValue) -> Result<Array, JsError> {
    let options = options_from_js(&options)?;
    let mut lines = Vec::new();
    for file in files.iter() {
        let name = Reflect::get(&file, &"name".into())
            .ok()
            .and_then(|n| n.as_string())
            .ok_or_else(|| JsError::new("check: every file needs a string `name`"))?;
        let bytes = Reflect::get(&file, &"bytes".into())
            .ok()
            .and_then(|b| b.dyn_into::<Uint8Array>().ok())
            .ok_or_else(|| JsError::new("check: every file needs `bytes`, a Uint8Array"))?
            .to_vec();
        if !api::is_manifest(&name, &bytes) {
            api::check(&bytes, &name, &options, &mut lines);
        }
    }
    let out = Array::new();
    for line in &lines {
        out.push(&parse(line)?);
    }
    Ok(out)
}

/// One picture of `bytes` at `options.mip` (of `options.entry` when given) as RGBA8.
#[wasm_bindgen]
pub fn decode(bytes: &[u8], name: &str, options: JsValue) -> Result<Object, JsError> {
    let options = options_from_js(&options)?;
    let image = api::decode(bytes, name, &options).map_err(|e| JsError::new(&e))?;
    let out = Object::new();
    set(&out, "width", &image.width.into())?;
    set(&out, "height", &image.height.into())?;
    set(
        &out,
        "rgba",
        &Uint8ClampedArray::from(image.rgba.as_slice()),
    )?;
    Ok(out)
}

/// Every engine name `options.targets` takes (`--target`), for the page's picker.
#[wasm_bindgen]
pub fn engines() -> Array {
    api::engine_names().into_iter().map(JsValue::from).collect()
}

/// The limits every call applies (the CLI's defaults), for the page to show.
#[wasm_bindgen]
pub fn limits() -> Result<Object, JsError> {
    let l = api::LIMITS;
    let out = Object::new();
    set(&out, "maxWidth", &l.max_width.into())?;
    set(&out, "maxHeight", &l.max_height.into())?;
    // Above 2^53 only when a caller raises them; the defaults are exact as f64.
    set(&out, "maxPixels", &(l.max_pixels as f64).into())?;
    set(&out, "maxAlloc", &(l.max_alloc as f64).into())?;
    set(&out, "maxUnpacked", &(l.max_unpacked as f64).into())?;
    Ok(out)
}

fn parse(json: &str) -> Result<JsValue, JsError> {
    JSON::parse(json).map_err(|_| JsError::new("lumpkit produced JSON the browser cannot parse"))
}

fn set(object: &Object, key: &str, value: &JsValue) -> Result<(), JsError> {
    Reflect::set(object, &key.into(), value)
        .map(drop)
        .map_err(|_| JsError::new("cannot set a property of the result"))
}
