//! A folder tree of generated files for whole-scan tests and benchmarks: every sample of every
//! format, copied into many sub-folders, plus archives of them, with the exact status `check` must
//! report for each path.

use std::io;
use std::path::Path;

use crate::{Sample, pak, pbo};

/// One path `check --json` must print, and its status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected {
    /// The path as `check` prints it (archive members joined with `!`).
    pub path: String,
    /// `ok`, `warning` or `error`.
    pub status: &'static str,
}

/// Writes `copies` copies of every sample under `root/<n>/<folder>/`, and per copy a PBO holding
/// every sample whose outcome does not depend on its location (stored and LZSS-compressed entries),
/// that PBO again inside another PBO, and inside a Quake PAK (archives inside archives). Returns what `check` must
/// report for each file and member, with paths as `root`-joined display strings.
pub fn build(root: &Path, copies: usize) -> io::Result<Vec<Expected>> {
    let all = crate::all();
    let mut expected = Vec::new();
    for n in 0..copies {
        let copy = root.join(format!("{n:04}"));
        for (folder, samples) in &all {
            let dir = copy.join(folder);
            std::fs::create_dir_all(&dir)?;
            for s in samples {
                let path = dir.join(&s.name);
                std::fs::write(&path, &s.bytes)?;
                expected.push(Expected {
                    path: path.display().to_string(),
                    status: s.status,
                });
            }
        }
        let (inner, members) = archive_of(&all, n);
        let outer = pbo::build(
            None,
            &[pbo::EntrySpec::stored("inner.pbo", &inner)],
            pbo::Trailer::Sha1,
        );
        let quake = pak::pak(&[(b"mods/samples.pbo".as_slice(), inner.as_slice())]);
        let inner_path = copy.join("samples.pbo").display().to_string();
        let outer_path = copy.join("nested.pbo").display().to_string();
        let pak_path = copy.join("pak0.pak").display().to_string();
        std::fs::write(&inner_path, &inner)?;
        std::fs::write(&outer_path, &outer)?;
        std::fs::write(&pak_path, &quake)?;
        for archive in [&outer_path, &pak_path] {
            expected.push(Expected {
                path: archive.clone(),
                status: "ok",
            });
        }
        let prefixes = [
            inner_path,
            format!("{outer_path}!inner.pbo"),
            format!("{pak_path}!mods/samples.pbo"),
        ];
        for prefix in prefixes {
            expected.push(Expected {
                path: prefix.clone(),
                status: "ok",
            });
            for (member, status) in &members {
                expected.push(Expected {
                    path: format!("{prefix}!{member}"),
                    status,
                });
            }
        }
    }
    Ok(expected)
}

/// Whether a sample's outcome depends on where it lies: BLP0 reads its mips from sibling files,
/// and a `.skin` is checked against the `.m2` beside it, which an archive member has none of. (A
/// WAD whose role comes from its name, `gfx.wad`, is judged by its member name inside an archive,
/// as on disk.)
fn location_dependent(s: &Sample) -> bool {
    let ext = s.name.rsplit('.').next().unwrap_or("");
    let sibling_mip =
        ext.len() == 3 && ext.starts_with('b') && ext.bytes().skip(1).all(|b| b.is_ascii_digit());
    s.bytes.starts_with(b"BLP0") || sibling_mip || ext.eq_ignore_ascii_case("skin")
}

/// A PBO of the location-independent samples, every other one LZSS-compressed. Returns the archive
/// and each member's name and expected status.
fn archive_of(
    all: &[(&'static str, Vec<Sample>)],
    n: usize,
) -> (Vec<u8>, Vec<(String, &'static str)>) {
    let mut entries = Vec::new();
    let mut members = Vec::new();
    for (folder, samples) in all {
        for (i, s) in samples
            .iter()
            .enumerate()
            .filter(|(_, s)| !location_dependent(s))
        {
            let name = format!("{folder}/{}", s.name);
            let entry = if (i + n).is_multiple_of(2) {
                pbo::EntrySpec::stored(&name, &s.bytes)
            } else {
                pbo::EntrySpec::compressed(&name, &s.bytes)
            };
            entries.push(entry);
            members.push((name, s.status));
        }
    }
    let archive = pbo::build(
        Some(&[("prefix", "lumpkit\\tree")]),
        &entries,
        pbo::Trailer::Sha1,
    );
    (archive, members)
}
