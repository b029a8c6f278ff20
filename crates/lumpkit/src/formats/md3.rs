//! MD3 models (`IDP3` 15, [`lumpkit_formats::md3`]). `info` prints `version`, `name`, `lod` (from the
//! file name: `_1`, `_2`, `_3`), `counts` (`{frames, tags, surfaces}`), `surfaces`
//! (`[{name, verts, triangles, shaders, shader_names}]`), `tags` (the names of frame 0's tags) and
//! each engine's verdict.

use lumpkit_formats::md3::{self, Md3};
use lumpkit_formats::profiles::Engine;
use lumpkit_formats::{Error, Sink};
use serde::Serialize;

use crate::engines::EngineVerdicts;
use crate::{Context, Format, Report};

/// The MD3 format.
#[derive(Clone, Copy, Debug, Default)]
pub struct Md3Format;

/// An MD3's facts.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct Md3Info {
    /// The model name in the header.
    pub name: String,
    /// Level of detail by file name (0: the model itself; 1, 2: `_1`, `_2`; 3: ET's `_3`).
    pub lod: u8,
    /// `{frames, tags, surfaces}` (tags per frame).
    pub counts: Md3Counts,
    /// Every surface that could be read, in file order.
    pub surfaces: Vec<Md3Surface>,
    /// Frame 0's tag names.
    pub tags: Vec<String>,
    /// Each engine's verdict.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engines: Option<EngineVerdicts>,
}

/// `counts` of an MD3.
#[derive(Clone, Copy, Debug, Serialize)]
#[non_exhaustive]
pub struct Md3Counts {
    /// Animation frames.
    pub frames: u64,
    /// Tags per frame.
    pub tags: u64,
    /// Surfaces.
    pub surfaces: u64,
}

/// One surface of an MD3.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct Md3Surface {
    /// Surface name (what `.skin` files map).
    pub name: String,
    /// Vertices per frame.
    pub verts: u64,
    /// Triangles.
    pub triangles: u64,
    /// Shaders.
    pub shaders: u64,
    /// The shader names.
    pub shader_names: Vec<String>,
}

/// The engines that load MD3 models and whose loaders were read.
const FAMILY: &[Engine] = &[Engine::Ioq3, Engine::Et, Engine::Jka, Engine::Qfusion];

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

impl Format for Md3Format {
    fn name(&self) -> &'static str {
        "md3"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["md3"]
    }

    fn sniff(&self, bytes: &[u8]) -> bool {
        bytes.starts_with(&md3::IDENT)
    }

    fn inspect(&self, ctx: &Context<'_>, bytes: &[u8]) -> Report {
        let mut report = Report::for_context("md3", ctx);
        if let Some(h) = Md3::header(bytes) {
            report.version = Some(h.version.get().max(0).unsigned_abs().into());
        }
        let mut info = None;
        if let Err(e) = inspect(ctx, bytes, &mut report, &mut info) {
            report.fail(e);
        }
        if let Some(mut info) = info {
            info.engines = Some(crate::engines::verdicts(&report, FAMILY));
            report.set_info(info);
        }
        report
    }
}

fn inspect(
    ctx: &Context<'_>,
    bytes: &[u8],
    report: &mut Report,
    info: &mut Option<Md3Info>,
) -> Result<(), Error> {
    let model = Md3::parse(bytes, &mut report.sink(ctx.strict))?;
    let wants = report.wants_fields();
    if wants {
        *info = Some(Md3Info {
            name: text(model.name()),
            lod: ctx.file_name().map_or(0, md3::lod_of),
            counts: Md3Counts {
                frames: model.frame_count(),
                tags: model.tag_count(),
                surfaces: model.surface_count(),
            },
            surfaces: Vec::new(),
            tags: model
                .tags
                .iter()
                .take(usize::try_from(model.tag_count()).unwrap_or(0))
                .map(|t| text(lumpkit_formats::bytes::nul_terminated(&t.name).0))
                .collect(),
            engines: None,
        });
    }
    let mut sink = report.sink(ctx.strict);
    let mut failure = None;
    for surface in model.surfaces(&mut sink) {
        match surface {
            Ok(s) => {
                if let Some(facts) = info.as_mut() {
                    facts.surfaces.push(Md3Surface {
                        name: text(s.name()),
                        verts: s.verts(),
                        triangles: s.triangles.len() as u64,
                        shaders: s.shaders.len() as u64,
                        shader_names: (0..s.shaders.len())
                            .filter_map(|i| s.shader_name(i))
                            .map(text)
                            .collect(),
                    });
                }
            }
            Err(e) => failure = Some(e),
        }
    }
    match failure {
        // A surface that cannot be read ends the model: the engine reads it unchecked.
        Some(e) if e.fault == lumpkit_formats::Fault::Strict => Err(e),
        Some(e) => {
            sink.report(e.diagnostic)?;
            Ok(())
        }
        None => Ok(()),
    }
}
