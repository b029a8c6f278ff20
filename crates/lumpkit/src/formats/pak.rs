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
        let mut report = Report::new("pak");
        match PakView::parse(bytes, &mut report.sink(ctx.strict)) {
            Ok(pak) => {
                let entries: Vec<_> = pak
                    .entries()
                    .map(|e| json!({"name": String::from_utf8_lossy(e.name), "size": e.size, "offset": e.offset}))
                    .collect();
                report.set("entries", entries);
            }
            Err(e) => report.fail(e),
        }
        report
    }

    fn children<'b>(&self, _ctx: &Context<'_>, bytes: &'b [u8]) -> Result<Vec<Child<'b>>, Error> {
        let pak = PakView::parse(bytes, &mut lumpkit_formats::Ignore)?;
        Ok(pak
            .entries()
            .map(|e| Child {
                name: String::from_utf8_lossy(e.name).into_owned(),
                offset: Some(e.offset),
                content: match e.data {
                    Some(data) => ChildContent::Bytes(Cow::Borrowed(data)),
                    None => ChildContent::Failed(Error::file(
                        &rules::ENTRY_OUT_OF_BOUNDS,
                        e.offset,
                        [
                            e.index as u64,
                            e.offset.saturating_add(e.size),
                            bytes.len() as u64,
                        ],
                    )),
                },
            })
            .collect())
    }
}
