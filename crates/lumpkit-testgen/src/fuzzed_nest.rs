//! Archives inside archives for the `facade_built` fuzz target (through [`crate::fuzzed::build`]):
//! PAKs and ZIPs whose members are pictures (valid BLPs, a WAD3 of every texture type, a WAL, PAAs
//! built from the input), fuzzed bytes, or further archives, under names that hold `!` (the
//! separator of the member paths `check` prints), `/`, and extensions that claim another format,
//! so that member walks and picture resolution by nested entry path meet every case.

use std::sync::OnceLock;

use arbitrary::{Arbitrary, Unstructured};

use crate::fuzzed::Draw;

/// A member's content.
#[derive(Arbitrary, Debug)]
pub enum Node {
    /// A ready-made picture (`% ` the number of them).
    Picture(u8),
    /// A PAA built from these bytes.
    Paa(Vec<u8>),
    /// Bytes as they are.
    Bytes(Vec<u8>),
    /// A PAK of members.
    Pak(Vec<Member>),
    /// A ZIP of members, deflated where the flag says.
    Zip(Vec<Member>),
}

/// A named member.
#[derive(Arbitrary, Debug)]
pub struct Member {
    /// Name parts (`% ` the vocabulary), joined.
    pub name: Vec<u8>,
    /// Deflated (ZIP only).
    pub deflate: bool,
    /// Content.
    pub node: Node,
}

/// Name parts: separators, extensions that claim formats, names WAD/BSP textures carry.
const PARTS: &[&str] = &[
    "a",
    "b!",
    "!",
    "x.blp",
    ".wad",
    ".pak",
    ".zip",
    "/",
    "gfx/",
    "{logo",
    "tex",
    "!c.pak",
    ".paa",
    "readme.txt",
    "decals.wad",
    "e",
    "!!",
    ".wal",
    "maps/",
    "z",
];

/// Pictures that need no input: valid BLPs (small ones), a WAD3 of every texture type, a WAL.
fn pictures() -> &'static [Vec<u8>] {
    static PICTURES: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    PICTURES.get_or_init(|| {
        let mut out: Vec<Vec<u8>> = crate::blp::samples()
            .into_iter()
            .filter(|s| s.status == "ok" && s.bytes.len() <= 4096)
            .map(|s| s.bytes)
            .collect();
        out.push(crate::wad::wad3_every_type());
        out.extend(
            crate::wal::samples()
                .into_iter()
                .filter(|s| s.status == "ok")
                .take(1)
                .map(|s| s.bytes),
        );
        out
    })
}

fn name(parts: &[u8], index: usize) -> String {
    let name: String = parts
        .iter()
        .take(5)
        .map(|&p| PARTS[usize::from(p) % PARTS.len()])
        .collect();
    if name.is_empty() {
        format!("m{index}")
    } else {
        name
    }
}

fn node(n: &Node, depth: u32) -> Vec<u8> {
    let members = |ms: &[Member]| -> Vec<(String, Vec<u8>, bool)> {
        ms.iter()
            .take(6)
            .enumerate()
            .map(|(i, m)| {
                let content = if depth >= 4 {
                    Vec::new()
                } else {
                    node(&m.node, depth + 1)
                };
                (name(&m.name, i), content, m.deflate)
            })
            .collect()
    };
    match n {
        Node::Picture(i) => {
            let p = pictures();
            p.get(usize::from(*i) % p.len().max(1))
                .cloned()
                .unwrap_or_default()
        }
        Node::Paa(bytes) => crate::fuzzed::paa(&mut Draw::new(bytes)),
        Node::Bytes(bytes) => bytes.iter().take(2048).copied().collect(),
        Node::Pak(ms) => {
            let ms = members(ms);
            let entries: Vec<(&[u8], &[u8])> = ms
                .iter()
                .map(|(n, c, _)| (n.as_bytes(), c.as_slice()))
                .collect();
            crate::pak::pak(&entries)
        }
        Node::Zip(ms) => {
            let ms = members(ms);
            let zipped = ms
                .iter()
                .map(|(n, c, deflate)| {
                    if *deflate {
                        crate::zip::Member::deflated(n, c)
                    } else {
                        crate::zip::Member::stored(n, c)
                    }
                })
                .collect();
            crate::zip::Archive::of(zipped).bytes()
        }
    }
}

/// Builds the file `bytes` describe: the outermost node (`None` when they describe nothing).
pub fn build(bytes: &[u8]) -> Option<Vec<u8>> {
    let top = Node::arbitrary(&mut Unstructured::new(bytes)).ok()?;
    Some(node(&top, 0))
}
