//! The MDX container on arbitrary bytes: parse, walk every object of every chunk (layers, their
//! 1100+ texture lists, tracks and keys, geoset arrays), run every index and sanity rule with a
//! scratch buffer, and compute every layer's render state.
#![no_main]

use lumpkit_formats::Ignore;
use lumpkit_formats::mdx::objects::Item;
use lumpkit_formats::mdx::render::layer_render_state;
use lumpkit_formats::mdx::{Kind, Mdx, validate};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(mdx) = Mdx::parse(data, &mut Ignore) else {
        return;
    };
    let mut scratch = vec![0u32; validate::scratch_len(&mdx).min(1 << 16)];
    let _ = validate::validate(&mdx, &mut scratch, &mut Ignore);
    let _ = (mdx.model(), mdx.sequences().len(), mdx.textures().len());
    for kind in Kind::ALL {
        let _ = mdx.count(kind);
        for item in mdx.items(kind) {
            match item {
                Item::Material(m) => {
                    for l in m.layers() {
                        let _ = layer_render_state(l.filter_mode, l.shading_flags);
                        for (_, _, kmtf) in l.textures {
                            let _ = kmtf.map(|t| t.value_u32(0));
                        }
                        for t in l.tracks {
                            let _ = (t.frame(t.len()), t.value_bytes(0));
                        }
                    }
                }
                Item::Geoset(g) => {
                    let _ = (g.face(g.index_count()), g.uv_sets().count());
                }
                Item::Node(n) => {
                    for t in n.node.tracks.into_iter().chain(n.tracks) {
                        let _ = t.frame(0);
                    }
                }
                _ => {}
            }
        }
    }
});
