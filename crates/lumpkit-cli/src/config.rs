//! `lumpkit.toml`: a project's checking policy, committed once so that CI runs plain
//! `lumpkit check .`.
//!
//! ```toml
//! allow = ["blp-mip-chain-long"]        # hidden everywhere
//! deny = ["paa-tag-unknown"]            # counted as errors
//! deny-warnings = true                  # warnings fail the run
//! jobs = 4
//! targets = ["quakespasm"]              # engines judged for (as --target)
//!
//! [[override]]                          # for files on disk matching these globs
//! paths = ["legacy/**", "**/*_old.paa"] # relative to the folder of lumpkit.toml
//! allow = ["paa-offs-mismatch"]
//! ```
//!
//! Unknown keys are an error naming the key (a misspelt `alow` must not silently allow nothing),
//! and so are codes lumpkit does not have. Flags add to the file: `--allow`/`--deny` extend its
//! lists, `--deny-warnings` and `--jobs` win.

use std::path::{Path, PathBuf};

use globset::{GlobSet, GlobSetBuilder};
use serde::Deserialize;

use crate::Fatal;

/// The file's name.
pub const FILE_NAME: &str = "lumpkit.toml";

/// The file as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Config {
    /// Codes hidden everywhere.
    #[serde(default)]
    pub allow: Vec<String>,
    /// Codes counted as errors everywhere.
    #[serde(default)]
    pub deny: Vec<String>,
    /// Warnings fail the run.
    #[serde(default)]
    pub deny_warnings: bool,
    /// Worker threads.
    pub jobs: Option<usize>,
    /// The engines the project ships for (`targets = ["quake", "quakespasm"]`), added to
    /// `--target`: engine-dependent findings are judged for them.
    #[serde(default)]
    pub targets: Vec<String>,
    /// Policies for some files.
    #[serde(default, rename = "override")]
    pub overrides: Vec<Override>,
}

/// `[[override]]`: allow or deny codes for the files matching `paths`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Override {
    /// Globs (`*` stays within a folder, `**` crosses folders), relative to the config's folder.
    pub paths: Vec<String>,
    /// Codes hidden in these files.
    #[serde(default)]
    pub allow: Vec<String>,
    /// Codes counted as errors in these files.
    #[serde(default)]
    pub deny: Vec<String>,
}

/// A loaded config and the folder its globs are relative to.
#[derive(Debug, Default)]
pub struct Loaded {
    /// Where it was read from (`None`: no file, the defaults).
    pub path: Option<PathBuf>,
    /// What it says.
    pub config: Config,
    /// Each override's globs, compiled, in the file's order.
    pub matchers: Vec<GlobSet>,
}

impl Loaded {
    /// The folder override globs are relative to.
    pub fn base(&self) -> Option<&Path> {
        self.path.as_deref().and_then(Path::parent)
    }

    /// The overrides that apply to `file` (a path on disk, as walked).
    pub fn overrides_for(&self, file: &Path) -> impl Iterator<Item = &Override> {
        let rel = if self.config.overrides.is_empty() {
            None
        } else {
            self.relative(file)
        };
        self.config
            .overrides
            .iter()
            .zip(&self.matchers)
            .filter(move |(_, m)| rel.as_deref().is_some_and(|r| m.is_match(r)))
            .map(|(o, _)| o)
    }

    /// `file` relative to the config's folder, when it is under it.
    fn relative(&self, file: &Path) -> Option<PathBuf> {
        let base = self.base()?;
        let absolute = |p: &Path| std::path::absolute(p).ok();
        let (file, base) = (absolute(file)?, absolute(base)?);
        file.strip_prefix(&base).ok().map(Path::to_path_buf)
    }
}

/// The config for a run over `paths`: `explicit` when given, else the first `lumpkit.toml` in
/// the first path's folder or its parents, else the defaults.
pub fn load(explicit: Option<&Path>, paths: &[PathBuf]) -> Result<Loaded, Fatal> {
    let found = match explicit {
        Some(p) => Some(p.to_path_buf()),
        None => paths.first().and_then(|p| discover(p)),
    };
    let Some(path) = found else {
        return Ok(Loaded::default());
    };
    let text =
        std::fs::read_to_string(&path).map_err(|e| Fatal(format!("{}: {e}", path.display())))?;
    let config = parse(&text).map_err(|e| Fatal(format!("{}: {e}", path.display())))?;
    let matchers = config
        .overrides
        .iter()
        .map(|o| globs(&o.paths))
        .collect::<Result<_, _>>()
        .map_err(|e| Fatal(format!("{}: {e}", path.display())))?;
    Ok(Loaded {
        path: Some(path),
        config,
        matchers,
    })
}

/// Reads the text of a config, checking every code it names.
pub fn parse(text: &str) -> Result<Config, String> {
    let config: Config = toml::from_str(text).map_err(|e| e.to_string().trim().to_string())?;
    let known: std::collections::HashSet<&str> = lumpkit::rules::all().map(|r| r.code).collect();
    let named = config.allow.iter().chain(&config.deny).chain(
        config
            .overrides
            .iter()
            .flat_map(|o| o.allow.iter().chain(&o.deny)),
    );
    for code in named {
        if !known.contains(code.as_str()) {
            return Err(format!(
                "unknown diagnostic code `{code}` (`lumpkit explain` lists them)"
            ));
        }
    }
    for name in &config.targets {
        crate::parse_engine(name).map_err(|e| format!("targets: {e}"))?;
    }
    if let Some(o) = config.overrides.iter().find(|o| o.paths.is_empty()) {
        return Err(format!(
            "an [[override]] with no `paths` (allow {:?}, deny {:?})",
            o.allow, o.deny
        ));
    }
    Ok(config)
}

fn globs(patterns: &[String]) -> Result<GlobSet, String> {
    let mut set = GlobSetBuilder::new();
    for p in patterns {
        let glob = globset::GlobBuilder::new(p)
            .literal_separator(true)
            .build()
            .map_err(|e| format!("override path {p:?}: {e}"))?;
        set.add(glob);
    }
    set.build().map_err(|e| e.to_string())
}

/// The nearest `lumpkit.toml` in `start` (a folder, or a file's folder) or its parents.
fn discover(start: &Path) -> Option<PathBuf> {
    let start = std::path::absolute(start).ok()?;
    let first = if start.is_dir() {
        start.as_path()
    } else {
        start.parent()?
    };
    first
        .ancestors()
        .map(|dir| dir.join(FILE_NAME))
        .find(|candidate| candidate.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_key() {
        let c = parse(
            "allow = [\"blp-mip-chain-long\"]\ndeny = [\"paa-tag-unknown\"]\n\
             deny-warnings = true\njobs = 3\ntargets = [\"quake\"]\n\
             [[override]]\npaths = [\"a/**\"]\nallow = [\"paa-tag-size\"]\n",
        )
        .unwrap();
        assert_eq!(c.allow, ["blp-mip-chain-long"]);
        assert_eq!(c.deny, ["paa-tag-unknown"]);
        assert!(c.deny_warnings);
        assert_eq!(c.jobs, Some(3));
        assert_eq!(c.targets, ["quake"]);
        assert_eq!(c.overrides[0].paths, ["a/**"]);
    }

    #[test]
    fn unknown_keys_and_codes_are_named() {
        let e = parse("alow = [\"x\"]\n").unwrap_err();
        assert!(e.contains("alow"), "{e}");
        let e = parse("[[override]]\npaths = [\"*\"]\nignore = []\n").unwrap_err();
        assert!(e.contains("ignore"), "{e}");
        let e = parse("targets = [\"doom\"]\n").unwrap_err();
        assert!(e.contains("doom"), "{e}");
        let e = parse("allow = [\"no-such-code\"]\n").unwrap_err();
        assert!(e.contains("no-such-code"), "{e}");
    }
}
