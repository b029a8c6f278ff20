//! The command line for people: `check`'s human output (default, `--all`, `--quiet`, folding),
//! `info`'s tables, `explain`, `lumpkit.toml`, member paths (`location`, nested `--entry`,
//! names beginning with `-` or `!`), `decode --all-mips`, completions and the man page. Every
//! file is built in a temporary folder from `lumpkit-testgen` samples.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use lumpkit_testgen::Sample;
use serde_json::Value;

/// Runs `lumpkit ARGS`: exit code, stdout, stderr.
fn lumpkit(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(support::lumpkit_bin())
        .args(args)
        .env_remove("NO_COLOR")
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn sample(format: &str, name: &str) -> Sample {
    lumpkit_testgen::all()
        .into_iter()
        .find(|(f, _)| *f == format)
        .unwrap()
        .1
        .into_iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("no sample {format}/{name}"))
}

fn write(dir: &Path, rel: &str, bytes: &[u8]) {
    let path = dir.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, bytes).unwrap();
}

/// A GoldSrc map (textures carry their palette) whose one embedded texture is called `name`.
fn map_with_texture(name: &str) -> Vec<u8> {
    let mut t = Vec::new();
    for v in [1i32, 8] {
        t.extend_from_slice(&v.to_le_bytes());
    }
    let mut n = [0u8; 16];
    n[..name.len()].copy_from_slice(name.as_bytes());
    t.extend_from_slice(&n);
    for v in [16i32, 16, 40, 40 + 256, 40 + 320, 40 + 336] {
        t.extend_from_slice(&v.to_le_bytes());
    }
    t.extend((0..340u32).map(|i| (i % 251) as u8));
    t.extend_from_slice(&256u16.to_le_bytes());
    t.extend((0..768u32).map(|i| (i % 256) as u8));
    t.extend_from_slice(&[0, 0]);
    lumpkit_testgen::bsp::q1_map(30, Some(t))
}

/// A folder with good and broken files: a broken BLP and a good one under `textures/`, and a PAK
/// with five members that share one warning and a good map.
fn mixed_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let good_blp = lumpkit_testgen::all()
        .into_iter()
        .flat_map(|(f, s)| s.into_iter().map(move |s| (f, s)))
        .find(|(f, s)| *f == "blp" && s.status == "ok" && s.name.ends_with(".blp"))
        .unwrap()
        .1;
    let bad_blp = sample("blp", "mip0-size-short.blp");
    assert_eq!(bad_blp.status, "warning");
    let broken = sample("blp", "bad-magic-blp3.blp");
    write(dir.path(), "textures/good.blp", &good_blp.bytes);
    write(dir.path(), "textures/broken.blp", &broken.bytes);
    let map = map_with_texture("floor");
    let names: Vec<String> = (0..5).map(|i| format!("icons/i{i}.blp")).collect();
    let mut entries: Vec<(&[u8], &[u8])> = names
        .iter()
        .map(|n| (n.as_bytes(), bad_blp.bytes.as_slice()))
        .collect();
    entries.push((b"maps/e1m1.bsp", &map));
    write(
        dir.path(),
        "paks/pak0.pak",
        &lumpkit_testgen::pak::pak(&entries),
    );
    dir
}

/// A result line starts (after its indent) with its status, padded to 7 columns.
fn results(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| {
            let t = l.trim_start();
            ["ok      ", "warning ", "error   "]
                .iter()
                .any(|s| t.starts_with(s))
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn human_output_lists_problems_grouped_relative_and_folded() {
    let dir = mixed_folder();
    let root = dir.path().to_str().unwrap();
    let (code, text, _) = lumpkit(&["check", root]);
    assert_eq!(code, 1, "a broken file: exit 1\n{text}");
    assert!(
        !text.contains(root),
        "paths relative to the argument:\n{text}"
    );
    assert!(!text.contains('\x1b'), "no colour into a pipe:\n{text}");
    // Grouped under their folder and archive, with only the results that have findings.
    let lines: Vec<&str> = text.lines().collect();
    let heading = lines.iter().position(|l| *l == "textures/").unwrap();
    assert!(lines[heading + 1].starts_with("  error    broken.blp (blp"));
    assert!(
        lines[heading + 2]
            .trim_end()
            .ends_with("[blp-magic-unknown]")
    );
    // The listing ends at the blank line before the summary.
    let listing: String = text.lines().take_while(|l| !l.is_empty()).collect();
    assert!(
        !listing.contains("good.blp"),
        "ok files are not listed:\n{text}"
    );
    assert!(
        !listing.contains("e1m1.bsp"),
        "ok members are not listed:\n{text}"
    );
    assert!(lines.contains(&"paks/"), "{text}");
    assert!(text.contains("  ok       pak0.pak (pak)"), "{text}");
    // Five members share one warning: one folded line with the count and the first names.
    let folded = lines
        .iter()
        .position(|l| l.contains("5 members:"))
        .unwrap_or_else(|| panic!("no folded line:\n{text}"));
    assert!(
        lines[folded].starts_with(
            "    warning  5 members: icons/i0.blp, icons/i1.blp, icons/i2.blp and 2 more"
        ),
        "{text}"
    );
    assert!(lines[folded + 1].starts_with("        warning: "), "{text}");
    assert!(
        lines[folded + 1].ends_with("[blp-mip-size-mismatch]"),
        "{text}"
    );
    assert!(!text.contains("icons/i4.blp"), "{text}");
    // Summary: counts per status and format, and the top codes.
    assert!(text.contains("ok, "), "{text}");
    assert!(text.contains("5 × blp-mip-size-mismatch"), "{text}");
    assert!(text.contains("1 × blp-magic-unknown"), "{text}");

    // --all: ok files too, members unfolded.
    let (code_all, all, _) = lumpkit(&["check", "--all", root]);
    assert_eq!(code_all, 1);
    assert!(all.contains("good.blp"), "{all}");
    assert!(all.contains("maps/e1m1.bsp"), "{all}");
    assert!(!all.contains("members:"), "{all}");
    for i in 0..5 {
        assert!(all.contains(&format!("warning  icons/i{i}.blp")), "{all}");
    }
    assert!(results(&all).len() > results(&text).len());

    // --quiet: the summary only, the same as the others'.
    let (code_quiet, quiet, _) = lumpkit(&["check", "--quiet", root]);
    assert_eq!(code_quiet, 1);
    assert!(results(&quiet).is_empty(), "{quiet}");
    let summary = |t: &str| {
        t.lines()
            .rfind(|l| l.starts_with("checked "))
            .map(str::to_string)
    };
    assert!(summary(&quiet).is_some());
    assert_eq!(summary(&quiet), summary(&text));
    assert_eq!(summary(&all), summary(&text));
}

#[test]
fn explain_covers_every_code_and_matches_the_docs() {
    let docs =
        std::fs::read_to_string(support::workspace_root().join("docs/diagnostics.md")).unwrap();
    let (code, list, _) = lumpkit(&["explain"]);
    assert_eq!(code, 0);
    let listed: BTreeSet<&str> = list
        .lines()
        .filter_map(|l| l.strip_prefix("  "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    for rule in lumpkit::rules::all() {
        assert!(listed.contains(rule.code), "{} not listed", rule.code);
        let (code, text, err) = lumpkit(&["explain", rule.code]);
        assert_eq!(code, 0, "{}: {err}", rule.code);
        // The docs row, column by column.
        let row = docs
            .lines()
            .find(|l| l.starts_with(&format!("| `{}` |", rule.code)))
            .unwrap();
        let cells: Vec<&str> = row
            .split(" | ")
            .map(|c| c.trim_matches('|').trim())
            .collect();
        assert!(text.starts_with(&format!("{} (", rule.code)), "{text}");
        assert!(
            text.contains(&format!("Severity:\n  {}\n", rule.severity.as_str())),
            "{}: {text}",
            rule.code
        );
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for cell in &cells[2..] {
            let cell = cell.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(
                flat.contains(&cell),
                "{}: {cell:?} not in\n{text}",
                rule.code
            );
        }
    }
    // Grouped by format: the BLP heading comes before the BLP codes.
    let blp = list.lines().position(|l| l == "BLP").unwrap();
    let magic = list
        .lines()
        .position(|l| l.starts_with("  blp-magic-unknown "))
        .unwrap();
    assert!(blp < magic);
    let (code, _, err) = lumpkit(&["explain", "no-such-code"]);
    assert_eq!(code, 2);
    assert!(err.contains("no-such-code"), "{err}");
}

#[test]
fn project_config_allows_denies_and_overrides() {
    let dir = mixed_folder();
    let root = dir.path().to_str().unwrap();
    let config = dir.path().join("lumpkit.toml");
    let check = |extra: &[&str]| {
        let mut args = vec!["check", "--json"];
        args.extend_from_slice(extra);
        args.push(root);
        let (code, out, err) = lumpkit(&args);
        let lines: Vec<Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        (code, lines, err)
    };
    let codes = |lines: &[Value]| -> BTreeSet<String> {
        lines
            .iter()
            .flat_map(|v| v["diagnostics"].as_array().unwrap().clone())
            .map(|d| d["code"].as_str().unwrap().to_string())
            .collect()
    };

    // allow hides a code everywhere, but not the reason a parse stopped: a stopped parse is still
    // an error, and an error record always shows why.
    std::fs::write(
        &config,
        "allow = [\"blp-magic-unknown\", \"blp-mip-size-mismatch\"]\ndeny-warnings = false\njobs = 1\n",
    )
    .unwrap();
    let (code, lines, _) = check(&[]);
    assert!(codes(&lines).contains("blp-magic-unknown"));
    assert!(!codes(&lines).contains("blp-mip-size-mismatch"));
    assert_eq!(code, 1, "a stopped parse is still an error");

    // deny makes a warning an error; an override allows it again under paks/.
    std::fs::write(
        &config,
        "deny = [\"blp-mip-size-mismatch\"]\n\
         [[override]]\npaths = [\"paks/**\"]\nallow = [\"blp-mip-size-mismatch\"]\n",
    )
    .unwrap();
    let (_, lines, _) = check(&[]);
    assert!(
        !codes(&lines).contains("blp-mip-size-mismatch"),
        "overridden"
    );
    std::fs::write(&config, "deny = [\"blp-mip-size-mismatch\"]\n").unwrap();
    let (_, lines, _) = check(&[]);
    let denied: Vec<&Value> = lines
        .iter()
        .flat_map(|v| v["diagnostics"].as_array().unwrap())
        .filter(|d| d["code"] == "blp-mip-size-mismatch")
        .collect();
    assert_eq!(denied.len(), 5);
    assert!(denied.iter().all(|d| d["severity"] == "error"));

    // Found from a subfolder too (the nearest lumpkit.toml in the folder or its parents), and
    // ignored with --no-config.
    let sub = dir.path().join("paks");
    let (code, _, _) = lumpkit(&["check", "--quiet", sub.to_str().unwrap()]);
    assert_eq!(code, 1, "denied in paks/ through the parent's config");
    let (code, _, _) = lumpkit(&["check", "--quiet", "--no-config", sub.to_str().unwrap()]);
    assert_eq!(code, 0);

    // deny-warnings: the warnings under paks/ fail the run only when the config says so.
    for (deny, want) in [("false", 0), ("true", 1)] {
        std::fs::write(&config, format!("deny-warnings = {deny}\n")).unwrap();
        let (code, _, _) = lumpkit(&["check", "--quiet", sub.to_str().unwrap()]);
        assert_eq!(code, want, "deny-warnings = {deny}");
    }

    // Unknown keys and codes are errors naming them; --config names a file anywhere.
    std::fs::write(&config, "alow = [\"blp-magic-unknown\"]\n").unwrap();
    let (code, _, err) = check(&[]);
    assert_eq!(code, 2);
    assert!(err.contains("alow"), "{err}");
    let elsewhere = tempfile::tempdir().unwrap();
    let other = elsewhere.path().join("policy.toml");
    std::fs::write(&other, "deny = [\"not-a-code\"]\n").unwrap();
    let (code, _, err) = check(&["--config", other.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("not-a-code"), "{err}");
}

/// JSON `location` is the file, then each member name; a member name beginning with `!` stays
/// one name; SARIF's logical locations follow the same chain.
#[test]
fn location_chains_name_every_member() {
    let dir = tempfile::tempdir().unwrap();
    let inner_map = map_with_texture("-1green_path");
    let blp = sample("blp", "mip0-size-short.blp").bytes;
    let inner = lumpkit_testgen::pak::pak(&[(b"maps/x.bsp", &inner_map), (b"!ui-frame.blp", &blp)]);
    let outer = lumpkit_testgen::pak::pak(&[(b"sub!dir/inner.pak", &inner)]);
    write(dir.path(), "!addon/outer.pak", &outer);
    let file = dir.path().join("!addon/outer.pak");
    let file = file.to_str().unwrap();
    let (_, out, _) = lumpkit(&["check", "--json", file]);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let locations: Vec<Vec<&str>> = lines
        .iter()
        .map(|v| {
            v["location"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap())
                .collect()
        })
        .collect();
    assert!(locations.contains(&vec![file]));
    assert!(locations.contains(&vec![file, "sub!dir/inner.pak"]));
    assert!(locations.contains(&vec![
        file,
        "sub!dir/inner.pak",
        "maps/x.bsp",
        "-1green_path"
    ]));
    assert!(locations.contains(&vec![file, "sub!dir/inner.pak", "!ui-frame.blp"]));
    for (v, chain) in lines.iter().zip(&locations) {
        assert_eq!(
            v["path"].as_str().unwrap(),
            chain.join("!"),
            "the display path"
        );
    }

    let (_, sarif, _) = lumpkit(&["check", "--format", "sarif", file]);
    let log: Value = serde_json::from_str(&sarif).unwrap();
    let result = log["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["ruleId"] == "blp-mip-size-mismatch")
        .unwrap();
    let loc = &result["locations"][0];
    let uri = loc["physicalLocation"]["artifactLocation"]["uri"]
        .as_str()
        .unwrap();
    assert!(uri.ends_with("%21addon/outer.pak"), "{uri}");
    let logical: Vec<(&str, &str)> = loc["logicalLocations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["name"].as_str().unwrap(),
                l["fullyQualifiedName"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        logical,
        [
            (
                "sub!dir/inner.pak",
                format!("{file}!sub!dir/inner.pak").as_str()
            ),
            (
                "!ui-frame.blp",
                format!("{file}!sub!dir/inner.pak!!ui-frame.blp").as_str()
            ),
        ]
    );
}

/// `decode --entry` and `extract --entry` reach nested members by the path `check` prints, and
/// take names beginning with `-` without the `=` form.
#[test]
fn nested_entries_and_dash_names() {
    let dir = tempfile::tempdir().unwrap();
    let map = map_with_texture("-1green_path");
    let pak = lumpkit_testgen::pak::pak(&[(b"maps/x.bsp", &map), (b"readme.txt", b"hello")]);
    write(dir.path(), "pak0.pak", &pak);
    write(dir.path(), "x.bsp", &map);
    let pak_path = dir.path().join("pak0.pak");
    let pak_path = pak_path.to_str().unwrap();
    let out = dir.path().join("out.png");
    let out = out.to_str().unwrap();

    // A texture of a map inside a PAK, its name beginning with `-`.
    let (code, _, err) = lumpkit(&[
        "decode",
        pak_path,
        "--entry",
        "maps/x.bsp!-1green_path",
        "--out",
        out,
    ]);
    assert_eq!(code, 0, "{err}");
    let png = std::fs::read(out).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    // The same texture straight from the map, `--entry -1green_path` (no `=`).
    let map_path = dir.path().join("x.bsp");
    let (code, _, err) = lumpkit(&[
        "decode",
        map_path.to_str().unwrap(),
        "--entry",
        "-1green_path",
        "--out",
        out,
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read(out).unwrap(), png);
    // A path that names nothing.
    let (code, _, err) = lumpkit(&[
        "decode",
        pak_path,
        "--entry",
        "maps/x.bsp!nothing",
        "--out",
        out,
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("no entry"), "{err}");

    // extract --entry: a nested map's textures, or one plain member.
    let dest = dir.path().join("x");
    let (code, _, err) = lumpkit(&[
        "extract",
        pak_path,
        "--entry",
        "maps/x.bsp",
        "--out",
        dest.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(dest.join("textures/-1green_path.png").is_file());
    let dest = dir.path().join("y");
    let (code, _, err) = lumpkit(&[
        "extract",
        pak_path,
        "--entry",
        "readme.txt",
        "--out",
        dest.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read(dest.join("readme.txt")).unwrap(), b"hello");
    let dest = dir.path().join("z");
    let (code, _, err) = lumpkit(&[
        "extract",
        pak_path,
        "--entry",
        "maps/x.bsp!-1green_path",
        "--out",
        dest.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(dest.join("-1green_path.png").is_file());
}

#[test]
fn all_mips_writes_every_level() {
    let dir = tempfile::tempdir().unwrap();
    let map = map_with_texture("floor");
    write(dir.path(), "x.bsp", &map);
    let blp = sample("blp", "mip0-size-short.blp");
    write(dir.path(), "t.blp", &blp.bytes);
    let out = dir.path().join("levels");
    let (code, _, err) = lumpkit(&[
        "decode",
        dir.path().join("t.blp").to_str().unwrap(),
        "--all-mips",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let (_, info, _) = lumpkit(&["info", "--json", dir.path().join("t.blp").to_str().unwrap()]);
    let mips = serde_json::from_str::<Value>(&info).unwrap()["mips"]
        .as_u64()
        .unwrap();
    assert!(mips > 1);
    for m in 0..mips {
        assert!(out.join(format!("t.mip{m}.png")).is_file(), "mip {m}");
    }
    assert!(!out.join(format!("t.mip{mips}.png")).exists());
    // A texture inside a map: its four miptex levels.
    let (code, _, err) = lumpkit(&[
        "decode",
        dir.path().join("x.bsp").to_str().unwrap(),
        "--entry",
        "floor",
        "--all-mips",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    for m in 0..4 {
        assert!(out.join(format!("floor.mip{m}.png")).is_file(), "mip {m}");
    }
}

/// `info`'s text output: aligned tables for every format's lists, shortened without `--all`;
/// `--json` is the report's own JSON.
#[test]
fn info_prints_tables_for_every_format() {
    let dir = tempfile::tempdir().unwrap();
    let mut tables = 0;
    for (format, samples) in lumpkit_testgen::all() {
        for s in samples.iter().filter(|s| s.status == "ok") {
            let path = dir.path().join(format).join(&s.name);
            write(dir.path(), &format!("{format}/{}", s.name), &s.bytes);
            let path = path.to_str().unwrap();
            let (_, json, _) = lumpkit(&["info", "--json", path]);
            let json: Value = serde_json::from_str(&json).unwrap();
            let (code, text, _) = lumpkit(&["info", path]);
            // BLP0 samples read sibling files that are samples of their own: not all are here.
            assert!(code == 0 || code == 1, "{path}");
            assert!(!text.contains("[{"), "no JSON fragments: {path}\n{text}");
            for (key, value) in json.as_object().unwrap() {
                if key == "diagnostics" {
                    continue;
                }
                if let Some(items) = value.as_array().filter(|a| a.iter().any(Value::is_object)) {
                    tables += 1;
                    assert!(
                        text.contains(&format!("  {key} ({}):\n", items.len())),
                        "{path}: {key}\n{text}"
                    );
                    // Every column header of the first record is in the table's header line.
                    let header = text
                        .lines()
                        .skip_while(|l| !l.starts_with(&format!("  {key} (")))
                        .nth(1)
                        .unwrap();
                    assert!(header.trim_start().starts_with('#'), "{path}: {header}");
                    for column in items[0].as_object().unwrap().keys() {
                        assert!(
                            header.contains(column.as_str()),
                            "{path}: {column}\n{header}"
                        );
                    }
                }
            }
        }
    }
    assert!(
        tables >= 5,
        "levels, entries, textures, materials, batches: {tables}"
    );

    // A long list is cut to 20 rows, and --all shows all.
    let names: Vec<String> = (0..30).map(|i| format!("f{i:02}.txt")).collect();
    let entries: Vec<(&[u8], &[u8])> = names.iter().map(|n| (n.as_bytes(), &b"x"[..])).collect();
    write(dir.path(), "many.pak", &lumpkit_testgen::pak::pak(&entries));
    let many = dir.path().join("many.pak");
    let (_, text, _) = lumpkit(&["info", many.to_str().unwrap()]);
    assert!(
        text.contains("f19.txt") && !text.contains("f20.txt"),
        "{text}"
    );
    assert!(text.contains("… and 10 more (--all lists them)"), "{text}");
    let (_, text, _) = lumpkit(&["info", "--all", many.to_str().unwrap()]);
    assert!(text.contains("f29.txt"), "{text}");
}

#[test]
fn completions_and_man_page() {
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let (code, script, err) = lumpkit(&["completions", shell]);
        assert_eq!(code, 0, "{shell}: {err}");
        assert!(script.contains("lumpkit"), "{shell}");
        assert!(
            script.contains("--all-mips"),
            "{shell}: subcommand flags completed"
        );
    }
    let (code, man, _) = lumpkit(&["manpage"]);
    assert_eq!(code, 0);
    assert!(
        man.starts_with(".ie") || man.contains(".TH lumpkit"),
        "{man}"
    );
    assert!(man.contains("explain"));
}

/// The summary names the archives refused as bombs (a declared-size bomb on its own, an
/// overlapping-member bomb inside a PAK), so that a mod site can refuse the upload; a folder
/// without one gets no such line.
#[test]
fn summary_names_archive_bombs() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "clean/ok.blp", &sample("blp", "blp2-dxt1.blp").bytes);
    let (_, clean, _) = lumpkit(&["check", root.join("clean").to_str().unwrap()]);
    assert!(!clean.contains("archive bombs"), "{clean}");

    write(
        root,
        "uploads/bomb.zip",
        &sample("zip", "bomb_declared_size.zip").bytes,
    );
    let inner = sample("zip", "overlapping_members.zip").bytes;
    write(
        root,
        "uploads/mod.pak",
        &lumpkit_testgen::pak::pak(&[(b"pak0/inner.zip".as_slice(), inner.as_slice())]),
    );
    let (code, text, _) = lumpkit(&["check", "--quiet", root.to_str().unwrap()]);
    assert_eq!(code, 1, "{text}");
    let line = text
        .lines()
        .find(|l| l.starts_with("archive bombs refused"))
        .unwrap_or_else(|| panic!("no bomb line in:\n{text}"));
    assert!(line.starts_with("archive bombs refused (2): "), "{line}");
    assert!(line.contains("uploads/bomb.zip"), "{line}");
    assert!(line.contains("uploads/mod.pak"), "{line}");
}
