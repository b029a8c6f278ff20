//! Opening a file and finding its format, shared by every command.

use std::path::Path;

use lumpkit::registry::{Sniffed, sniff};
use lumpkit::{Context, Input, OpenMode};

use crate::{CommonArgs, Fatal};

/// Opens `path` as the flags ask.
pub fn open(path: &Path, common: &CommonArgs) -> Result<Input, Fatal> {
    let mode = if common.no_mmap {
        OpenMode::Read
    } else {
        OpenMode::Map
    };
    Input::open(path, mode).map_err(|e| Fatal(format!("{}: {e}", path.display())))
}

/// Opens `path` and requires it to be one of our formats.
pub fn open_known(
    path: &Path,
    common: &CommonArgs,
) -> Result<(Input, &'static dyn lumpkit::Format), Fatal> {
    let input = open(path, common)?;
    match sniff(&input, Some(path)) {
        Sniffed::Known(f) => Ok((input, f)),
        Sniffed::Foreign(name) => Err(Fatal(format!(
            "{}: a {name} file, not a format lumpkit reads",
            path.display()
        ))),
        Sniffed::Unknown => Err(Fatal(format!(
            "{}: not a format lumpkit recognises",
            path.display()
        ))),
    }
}

/// The context the flags describe for a file at `path`.
pub fn context<'a>(
    common: &CommonArgs,
    path: &'a Path,
    palette: Option<&'a [[u8; 3]; 256]>,
) -> Context<'a> {
    Context {
        limits: common.limits(),
        strict: common.strict,
        path: Some(path),
        member_name: None,
        container: None,
        palette,
        decode_pixels: false,
        vis: false,
        brief: false,
        budget: None,
        targets: common.target_set(),
    }
}
