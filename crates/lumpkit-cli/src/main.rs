//! `lumpkit`: inspect, validate, decode and extract classic game asset files.
//!
//! The command contract (flags, JSON shapes, exit codes) is DESIGN.md's; scripts rely on it.
#![forbid(unsafe_code)]

mod check;
mod config;
#[cfg(feature = "corpus")]
mod corpus;
mod decode;
mod explain;
mod extract;
mod info;
mod info_tables;
mod open;
mod palette;
mod png_out;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use lumpkit::{Engine, Limits, Targets};

/// Open the asset files of classic games without trusting them.
#[derive(Debug, Parser)]
#[command(name = "lumpkit", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print what a file is and what is wrong with it.
    Info(info::InfoArgs),
    /// Validate files and folders (recursively, archives included).
    Check(check::CheckArgs),
    /// Decode a texture level or entry to PNG or raw RGBA8.
    Decode(decode::DecodeArgs),
    /// Write an archive's entries (textures as PNG) into a folder.
    Extract(extract::ExtractArgs),
    /// Say what a diagnostic code means (all codes, by format, without one).
    Explain(explain::ExplainArgs),
    /// Write the generated corpus of one format (valid samples, one file per diagnostic, its
    /// expect.tsv) and its fuzzing dictionary, for seeding other loaders' fuzzers and tests.
    #[cfg(feature = "corpus")]
    Corpus(corpus::CorpusArgs),
    /// Print a shell completion script (e.g. `lumpkit completions bash > ~/.local/share/bash-completion/completions/lumpkit`).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff) to stdout (e.g. `lumpkit manpage > lumpkit.1`).
    Manpage,
}

/// Options every command that reads files shares.
#[derive(Debug, Args, Clone)]
pub struct CommonArgs {
    /// Read files into memory instead of mapping them (safe if another process truncates them).
    #[arg(long)]
    pub no_mmap: bool,
    /// Treat the first warning as an error.
    #[arg(long)]
    pub strict: bool,
    /// Palette for textures that carry none (WAD2, WAL): 768-byte RGB or a PCX file.
    #[arg(long, value_name = "FILE")]
    pub palette: Option<PathBuf>,
    /// Largest accepted width or height in pixels.
    #[arg(long, value_name = "PIXELS", default_value_t = Limits::DEFAULT.max_width)]
    pub max_dimension: u32,
    /// Largest accepted width × height.
    #[arg(long, value_name = "PIXELS", default_value_t = Limits::DEFAULT.max_pixels)]
    pub max_pixels: u64,
    /// Largest single allocation in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = Limits::DEFAULT.max_alloc)]
    pub max_alloc: u64,
    /// Largest total of bytes decompressed out of one file (archives inside archives included).
    #[arg(long, value_name = "BYTES", default_value_t = Limits::DEFAULT.max_unpacked)]
    pub max_unpacked: u64,
    /// Judge engine-dependent findings for this engine (repeatable): an error if it refuses the
    /// file, info if it loads it. Without one, a finding only some engines refuse is a warning.
    /// Engines: quake, quakespasm, goldsrc, xash3d, hexen2, quake2, yquake2, q2pro, wc3-1.26,
    /// wc3-1.27b, wc3-1.28, wc3-1.31, wc3-reforged, wc3-mac, wow-3.3.5, wow-retail, ofp, ofp-elite,
    /// arma1, arma3, ioq3, quakelive, et, jka, qfusion.
    #[arg(long = "target", value_name = "ENGINE", value_parser = parse_engine)]
    pub targets: Vec<Engine>,
}

/// An engine name as `--target` takes it.
pub fn parse_engine(name: &str) -> Result<Engine, String> {
    Engine::from_name(name).ok_or_else(|| {
        let known: Vec<&str> = Engine::ALL.iter().map(|e| e.name()).collect();
        format!("unknown engine `{name}` (known: {})", known.join(", "))
    })
}

impl CommonArgs {
    /// The `--palette` file's colours, when one was given.
    pub fn palette_table(&self) -> Result<Option<[[u8; 3]; 256]>, Fatal> {
        self.palette.as_deref().map(palette::load).transpose()
    }

    /// The engines `--target` names.
    pub fn target_set(&self) -> Targets {
        self.targets.iter().fold(Targets::NONE, |t, e| t.with(*e))
    }

    /// The limits these flags describe.
    pub fn limits(&self) -> Limits {
        Limits {
            max_width: self.max_dimension,
            max_height: self.max_dimension,
            max_pixels: self.max_pixels,
            max_alloc: self.max_alloc,
            max_unpacked: self.max_unpacked,
        }
    }
}

/// A failure that ends the command: usage or I/O, exit status 2.
#[derive(Debug)]
pub struct Fatal(pub String);

impl<E: std::fmt::Display> From<E> for Fatal {
    fn from(e: E) -> Fatal {
        Fatal(e.to_string())
    }
}

/// Writes the completion script for `shell` to stdout.
fn completions(shell: clap_complete::Shell) -> Result<ExitCode, Fatal> {
    use clap::CommandFactory;
    let mut command = Cli::command();
    clap_complete::generate(shell, &mut command, "lumpkit", &mut std::io::stdout());
    Ok(ExitCode::SUCCESS)
}

/// Writes the man page (roff) to stdout.
fn manpage() -> Result<ExitCode, Fatal> {
    use clap::CommandFactory;
    clap_mangen::Man::new(Cli::command()).render(&mut std::io::stdout())?;
    Ok(ExitCode::SUCCESS)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Info(a) => info::run(&a),
        Command::Check(a) => check::run(&a),
        Command::Decode(a) => decode::run(&a),
        Command::Extract(a) => extract::run(&a),
        Command::Explain(a) => explain::run(&a),
        #[cfg(feature = "corpus")]
        Command::Corpus(a) => corpus::run(&a),
        Command::Completions { shell } => completions(shell),
        Command::Manpage => manpage(),
    };
    match result {
        Ok(code) => code,
        // The reader went away (`lumpkit check … | head`): not an error of ours.
        Err(Fatal(msg)) if msg.to_ascii_lowercase().starts_with("broken pipe") => ExitCode::SUCCESS,
        Err(Fatal(msg)) => {
            eprintln!("lumpkit: {msg}");
            ExitCode::from(2)
        }
    }
}
