//! Installing the decoders in `image`'s global hook tables.

use std::ffi::OsString;
use std::sync::{Arc, OnceLock};

use image::hooks::{register_decoding_hook, register_format_detection_hook};
use lumpkit::Limits;
use lumpkit_formats::blp::Version as BlpVersion;
use lumpkit_formats::paa::PaaType;
use lumpkit_formats::paa::tags::TAG_MARKER;

use crate::{LumpkitDecoder, Texture};

/// What the registered decoders allow and assume.
#[derive(Clone, Copy, Debug, Default)]
#[non_exhaustive]
pub struct Options {
    /// lumpkit's bounds on reading and decoding a file (also bounded by `image`'s own limits).
    pub limits: Limits,
    /// The palette WAL textures are looked up in (Quake 2's `pics/colormap.pcx` palette). `None`:
    /// WAL files fail with `lumpkit-palette-required`.
    pub wal_palette: Option<[[u8; 3]; 256]>,
}

impl Options {
    /// The default limits and the given WAL palette.
    pub fn with_wal_palette(palette: [[u8; 3]; 256]) -> Options {
        Options {
            wal_palette: Some(palette),
            ..Options::default()
        }
    }
}

/// A tagged PAA's first six bytes: its type word, then the first tag's marker.
const fn paa_signature(kind: PaaType) -> [u8; 6] {
    let [w0, w1] = match kind.word() {
        Some(word) => word.to_le_bytes(),
        None => [0, 0],
    };
    let [t0, t1, t2, t3] = TAG_MARKER;
    [w0, w1, t0, t1, t2, t3]
}

/// Content signatures of PAA files with a type word and tags (nearly all real ones). The type word
/// alone would be too weak: `0x4444` is `DD`, the start of every DDS file.
static PAA_SIGNATURES: [[u8; 6]; 9] = [
    paa_signature(PaaType::ALL[0]),
    paa_signature(PaaType::ALL[1]),
    paa_signature(PaaType::ALL[2]),
    paa_signature(PaaType::ALL[3]),
    paa_signature(PaaType::ALL[4]),
    paa_signature(PaaType::ALL[5]),
    paa_signature(PaaType::ALL[6]),
    paa_signature(PaaType::ALL[7]),
    paa_signature(PaaType::ALL[8]),
];

static REGISTERED: OnceLock<bool> = OnceLock::new();

/// Registers BLP, PAA and WAL with `image` using the default [`Options`] (no WAL palette). Returns
/// whether every extension is now decoded by lumpkit (`false` when another crate had already
/// claimed one). Only the first call of [`register`] or [`register_with`] in a process installs
/// anything: `image`'s hook tables keep the first hook for an extension.
pub fn register() -> bool {
    register_with(Options::default())
}

/// [`register`] with the given limits and WAL palette.
pub fn register_with(options: Options) -> bool {
    *REGISTERED.get_or_init(|| install(options))
}

fn install(options: Options) -> bool {
    let options = Arc::new(options);
    let mut all_ours = true;
    for texture in Texture::ALL {
        let Some(format) = texture.format() else {
            all_ours = false;
            continue;
        };
        for extension in format.extensions() {
            let options = Arc::clone(&options);
            all_ours &= register_decoding_hook(
                OsString::from(extension),
                Box::new(move |reader| {
                    let decoder = LumpkitDecoder::from_reader(texture, reader, &options)?;
                    Ok(Box::new(decoder))
                }),
            );
        }
    }
    for version in BlpVersion::ALL {
        register_format_detection_hook(OsString::from("blp"), version.magic(), None);
    }
    for signature in &PAA_SIGNATURES {
        register_format_detection_hook(OsString::from("paa"), signature, None);
    }
    // OFP palette files have no type word and start with their first tag.
    register_format_detection_hook(OsString::from("paa"), &TAG_MARKER, None);
    all_ours
}
