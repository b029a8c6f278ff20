//! `lumpkit corpus --format FORMAT --out DIR`: the malformed-file corpus our tests use, for other
//! projects to seed their fuzzers and regression tests with.
//!
//! Writes `DIR/<format>/`: every valid sample and one file per diagnostic, made by
//! `lumpkit-testgen`'s writers (the ones that generate the repository's own `corpus/`, so the two
//! are byte-for-byte equal), with the `expect.tsv` that says what `lumpkit check` reports for each;
//! and `DIR/<format>.dict`, a libFuzzer/AFL dictionary of the format's magics and tags, built from
//! the constants the parsers match on (`lumpkit_formats::dictionary`). `DIR/expect.tsv` records
//! that the dictionaries are not asset files, so `lumpkit check DIR` checks green.

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

use clap::Args;
use lumpkit::rules::UNKNOWN_FORMAT;
use lumpkit_formats::dictionary::{self, Token};
use lumpkit_testgen::{Sample, expect_tsv};

use crate::Fatal;

/// Arguments of `corpus`.
#[derive(Debug, Args)]
pub struct CorpusArgs {
    /// The format whose files to write, as the corpus folder is named (blp, wad, paa, pbo, m2, bsp,
    /// pak, wal, zip, 7z, mpq, mdx, w3x, misc), or `all`.
    #[arg(long, value_name = "FORMAT")]
    pub format: String,
    /// Output folder (created when missing): files go to OUT/<format>/, dictionaries to
    /// OUT/<format>.dict.
    #[arg(long, value_name = "DIR")]
    pub out: std::path::PathBuf,
}

/// Runs `corpus`.
pub fn run(args: &CorpusArgs) -> Result<ExitCode, Fatal> {
    let mut folders = lumpkit_testgen::all();
    let known: Vec<&str> = folders.iter().map(|(name, _)| *name).collect();
    if args.format != "all" && !known.contains(&args.format.as_str()) {
        return Err(Fatal(format!(
            "unknown corpus format `{}`: one of {}, or all",
            args.format,
            known.join(", ")
        )));
    }
    folders.retain(|(name, _)| args.format == "all" || *name == args.format);
    std::fs::create_dir_all(&args.out)?;
    for (name, samples) in &folders {
        let dir = args.out.join(name);
        lumpkit_testgen::write_folder(&dir, samples)
            .map_err(|e| Fatal(format!("{}: {e}", dir.display())))?;
        let tokens = dictionary::tokens(name);
        let note = if tokens.is_empty() {
            String::from(" (no dictionary: the format has no magic or tags)")
        } else {
            write(
                &args.out.join(dict_name(name)),
                render(name, tokens).as_bytes(),
            )?;
            format!(", {} dictionary entries", tokens.len())
        };
        println!("{}: {} files{note}", dir.display(), samples.len());
    }
    write_dictionary_manifest(&args.out)?;
    Ok(ExitCode::SUCCESS)
}

/// The dictionary file of a format.
pub fn dict_name(format: &str) -> String {
    format!("{format}.dict")
}

/// A dictionary in the libFuzzer syntax (which AFL reads too): a comment, then one `name="bytes"`
/// line per token, printable ASCII as itself and every other byte (and `"`, `\`) as `\xNN`.
pub fn render(format: &str, tokens: &[Token]) -> String {
    let mut text = format!(
        "# {format}: magics and tags as stored, written by `lumpkit corpus` from lumpkit's parsers\n"
    );
    for token in tokens {
        let _ = write!(text, "{}=\"", token.name);
        for &b in token.bytes {
            if b.is_ascii_graphic() && b != b'"' && b != b'\\' || b == b' ' {
                text.push(char::from(b));
            } else {
                let _ = write!(text, "\\x{b:02x}");
            }
        }
        text.push_str("\"\n");
    }
    text
}

/// `OUT/expect.tsv`: every `*.dict` in OUT (from this run or an earlier one for other formats) is
/// text `check` does not read, reported as `lumpkit-unknown-format` (information) and so `ok`.
fn write_dictionary_manifest(out: &Path) -> Result<(), Fatal> {
    let mut rows = Vec::new();
    for entry in std::fs::read_dir(out)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".dict") && entry.file_type()?.is_file() {
            rows.push(Sample::new(name, Vec::new(), "ok", &[UNKNOWN_FORMAT.code]));
        }
    }
    if !rows.is_empty() {
        write(&out.join("expect.tsv"), expect_tsv(&rows).as_bytes())?;
    }
    Ok(())
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), Fatal> {
    std::fs::write(path, bytes).map_err(|e| Fatal(format!("{}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_printable_bytes_as_themselves_and_the_rest_escaped() {
        let tokens = [
            Token {
                name: "a",
                bytes: b"MPQ\x1a",
            },
            Token {
                name: "b",
                bytes: b"\"\\ x",
            },
        ];
        assert_eq!(
            render("t", &tokens),
            "# t: magics and tags as stored, written by `lumpkit corpus` from lumpkit's parsers\n\
             a=\"MPQ\\x1a\"\nb=\"\\x22\\x5c x\"\n"
        );
    }
}
