//! The Quake 3 text files of a `.pk3`: `.shader` scripts and model `.skin` files
//! ([`lumpkit_formats::q3text`]). They are recognised as text and checked lightly: a script's
//! braces (a missing one makes ioq3 ignore the file), a skin's `surface,path` lines. `info` prints
//! `shaders` (the names a script defines) or `surfaces` and `tags` (a skin's lines).

use lumpkit_formats::q3text;
use serde::Serialize;

use crate::{Context, Format, Report};

/// A `.shader` script.
#[derive(Clone, Copy, Debug, Default)]
pub struct ShaderScript;

/// A Quake 3 model skin (`.skin` as text).
#[derive(Clone, Copy, Debug, Default)]
pub struct Q3Skin;

/// A shader script's facts.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct ShaderScriptInfo {
    /// The shader names the script defines, in order.
    pub shaders: Vec<String>,
}

/// One line of a skin.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct SkinLine {
    /// Surface (or `tag_…`) name.
    pub surface: String,
    /// Texture or shader path (empty for tags).
    pub path: String,
}

/// A skin's facts.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct Q3SkinInfo {
    /// The `surface,path` lines (tags included).
    pub surfaces: Vec<SkinLine>,
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

impl Format for ShaderScript {
    fn name(&self) -> &'static str {
        "shader"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["shader"]
    }

    /// A script has no signature; only the extension selects it.
    fn sniff(&self, _bytes: &[u8]) -> bool {
        false
    }

    fn sniff_by_extension_only(&self) -> bool {
        true
    }

    fn reads_text(&self) -> bool {
        true
    }

    fn inspect(&self, ctx: &Context<'_>, bytes: &[u8]) -> Report {
        let mut report = Report::for_context("shader", ctx);
        if let Err(e) = q3text::check_shader_script(bytes, &mut report.sink(ctx.strict)) {
            report.fail(e);
        }
        if report.wants_fields() {
            report.set_info(ShaderScriptInfo {
                shaders: q3text::shader_names(bytes).map(text).collect(),
            });
        }
        report
    }
}

impl Format for Q3Skin {
    fn name(&self) -> &'static str {
        "q3skin"
    }

    /// WoW's binary `.skin` claims the extension; this one is recognised by content.
    fn extensions(&self) -> &'static [&'static str] {
        &[]
    }

    fn shared_extensions(&self) -> &'static [&'static str] {
        &["skin"]
    }

    fn sniff(&self, bytes: &[u8]) -> bool {
        q3text::is_q3_skin(bytes)
    }

    fn inspect(&self, ctx: &Context<'_>, bytes: &[u8]) -> Report {
        let mut report = Report::for_context("q3skin", ctx);
        if report.wants_fields() {
            report.set_info(Q3SkinInfo {
                surfaces: q3text::skin_lines(bytes)
                    .flatten()
                    .map(|(s, p)| SkinLine {
                        surface: text(s),
                        path: text(p),
                    })
                    .collect(),
            });
        }
        report
    }
}
