//! PAK archives: `info` lists `entries` `[{name, size}]`; `children` hands out every entry's bytes
//! borrowed in place, so `check` descends into the maps, textures and PAKs inside.

use std::borrow::Cow;

use lumpkit_formats::Error;
use lumpkit_formats::pak::{Pak as PakView, rules};
use serde_json::json;

use crate::{Child, ChildContent, Context, Format, Report};

/// The PAK format.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pak;

impl Format for Pak {
    fn name(&self) -> &'static str {
        "pak"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["pak"]
    }

    fn sniff(&self, bytes: &[u8]) -> bool {
        PakView::sniff(bytes)
    }

    fn inspect(&self, ctx: &Context<'_>, bytes: &[u8]) -> Report {
        let mut report = Report::for_context("pak", ctx);
        parse_into(ctx, bytes, &mut report);
        report
    }

    /// Parses the directory once for both.
    fn inspect_with_children<'b>(
        &self,
        ctx: &Context<'_>,
        bytes: &'b [u8],
    ) -> (Report, Result<Vec<Child<'b>>, Error>) {
        let mut report = Report::for_context("pak", ctx);
        let children = match parse_into(ctx, bytes, &mut report) {
            Some(pak) => Ok(members(&pak, bytes)),
            // A strict-mode stop: list the members as a lenient read sees them.
            None => self.children(ctx, bytes),
        };
        (report, children)
    }

    fn children<'b>(&self, _ctx: &Context<'_>, bytes: &'b [u8]) -> Result<Vec<Child<'b>>, Error> {
        let pak = PakView::parse(bytes, &mut lumpkit_formats::Ignore)?;
        Ok(members(&pak, bytes))
    }
}

/// Parses the directory into `report` (the `entries` field when wanted); `None`, with the error
/// recorded, when the parse stops.
fn parse_into<'b>(ctx: &Context<'_>, bytes: &'b [u8], report: &mut Report) -> Option<PakView<'b>> {
    match PakView::parse(bytes, &mut report.sink(ctx.strict)) {
        Ok(pak) => {
            report.set_with("entries", || {
                pak.entries()
                    .map(|e| json!({"name": String::from_utf8_lossy(e.name), "size": e.size, "offset": e.offset}))
                    .collect::<Vec<_>>()
            });
            Some(pak)
        }
        Err(e) => {
            report.fail(e);
            None
        }
    }
}

/// Every entry's bytes, borrowed in place.
fn members<'b>(pak: &PakView<'b>, bytes: &'b [u8]) -> Vec<Child<'b>> {
    pak.entries()
        .map(|e| Child {
            name: String::from_utf8_lossy(e.name),
            offset: Some(e.offset),
            content: match e.data {
                Some(data) => ChildContent::Bytes(Cow::Borrowed(data)),
                None => ChildContent::Failed(Box::new(Error::file(
                    &rules::ENTRY_OUT_OF_BOUNDS,
                    e.offset,
                    [
                        e.index as u64,
                        e.offset.saturating_add(e.size),
                        bytes.len() as u64,
                    ],
                ))),
            },
        })
        .collect()
}
