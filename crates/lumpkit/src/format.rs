//! The one interface every format implements, so that the CLI and `check` stay format-agnostic.

use std::borrow::Cow;
use std::io;
use std::path::Path;

use lumpkit_formats::profiles::Targets;
use lumpkit_formats::{Error, Limits};

use crate::budget::UnpackBudget;
use crate::members::Opened;
use crate::rules::{BUFFER_TOO_SMALL, NOT_A_PICTURE};

use crate::{Image, Report};

/// What the caller wants and allows, passed to every operation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Context<'a> {
    /// Bounds on decoding.
    pub limits: Limits,
    /// Strict mode: the first warning becomes an error.
    pub strict: bool,
    /// Where the file lives, for formats that read sibling files (BLP0's `name.b00`…`name.b15`).
    pub path: Option<&'a Path>,
    /// A member's name inside its archive (`gfx.wad`, `maps/x.bsp`), for a member that has no
    /// `path`: engines give some files a role by name (Quake's `gfx.wad`, Half-Life's
    /// `decals.wad`) wherever they are stored. See [`Context::file_name`].
    pub member_name: Option<&'a str>,
    /// The archive a member sits in, so that a format that reads sibling files (BLP0's
    /// `name.b00`…) finds them where the game does: beside it in the same archive
    /// ([`Context::sibling`]). `None` for a file on disk (its siblings are beside `path`).
    pub container: Option<Container<'a>>,
    /// An RGB palette for formats that carry none (WAD2 miptex, WAL), from `--palette`.
    pub palette: Option<&'a [[u8; 3]; 256]>,
    /// `inspect` also decodes every pixel level, so that pixel-level problems are reported too.
    pub decode_pixels: bool,
    /// BSP: compute per-cluster PVS/PHS visible counts (`info --vis`).
    pub vis: bool,
    /// `inspect` validates as fully as ever but skips the format-specific info fields
    /// ([`Report::fields`]: entry lists, level tables, …) that only `info` prints. `check` sets it:
    /// building those JSON values for every member of a large archive costs more than the checks.
    pub brief: bool,
    /// What may still be decompressed out of the top-level file this one sits in. Formats that
    /// decompress members take from it before allocating ([`Context::take_unpacked`]); `check`
    /// sets one per top-level file. `None`: only `limits.max_unpacked` per call applies.
    pub budget: Option<&'a UnpackBudget>,
    /// The engines the caller targets (`--target`): a condition only some engines refuse is an
    /// error when a target refuses it and info when every target loads it; empty, the
    /// family-wide default (warning when some refuse, error when all do). See
    /// [`lumpkit_formats::profiles`].
    pub targets: Targets,
}

/// An archive and its bytes, as [`Context::container`] names it.
#[derive(Clone, Copy)]
pub struct Container<'a> {
    /// The archive's format.
    pub format: &'static dyn Format,
    /// The archive's bytes.
    pub bytes: &'a [u8],
}

impl std::fmt::Debug for Container<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Container")
            .field("format", &self.format.name())
            .field("bytes", &self.bytes.len())
            .finish()
    }
}

impl<'a> Context<'a> {
    /// The member called `name` beside this one in the archive it sits in (`name` is relative to
    /// the member's folder), read within this context's limits and budget. `None` when this is
    /// not a member, when the archive has no such member, or when it cannot be read.
    pub fn sibling(&self, name: &str) -> Option<Cow<'a, [u8]>> {
        let container = self.container?;
        let folder = self
            .member_name
            .and_then(|m| m.rfind(['/', '\\']).and_then(|i| m.get(..=i)))
            .unwrap_or("");
        let ctx = Context {
            container: None,
            member_name: None,
            ..*self
        };
        let path = format!("{folder}{name}");
        container.format.member(&ctx, container.bytes, &path)?.ok()
    }
}

impl Context<'_> {
    /// The file's own name (its last path component): the member's name inside an archive, or
    /// the file name of `path` on disk.
    pub fn file_name(&self) -> Option<&str> {
        match self.member_name {
            Some(name) => name.rsplit(['/', '\\']).next(),
            None => self.path.and_then(Path::file_name).and_then(|n| n.to_str()),
        }
    }

    /// Takes `bytes` that are about to be decompressed from the shared budget, and checks them
    /// against `limits.max_unpacked` when there is no budget.
    pub fn take_unpacked(&self, bytes: u64) -> Result<(), Error> {
        match self.budget {
            Some(budget) => budget.take(bytes),
            None if bytes > self.limits.max_unpacked => Err(Error::limit(
                &lumpkit_formats::rules::LIMIT_UNPACKED,
                [bytes, self.limits.max_unpacked, 0],
            )),
            None => Ok(()),
        }
    }
}

/// Which picture `decode` should produce.
#[derive(Clone, Copy, Debug, Default)]
pub struct Selection<'a> {
    /// Mip level, 0 = largest.
    pub mip: u32,
    /// Archive entry or embedded texture name.
    pub entry: Option<&'a str>,
    /// Keep alpha the file stores but the format says to ignore (BLP with alphaBits 0).
    pub stored_alpha: bool,
    /// Apply a PAA's SWIZ channel swizzle.
    pub swizzle: bool,
}

/// A member of a container: an archive entry, or a texture inside a WAD or BSP.
#[derive(Debug)]
pub struct Child<'b> {
    /// Name as stored (lossily made text), `/`-separated; borrowed from the file when it already
    /// is (a PAK's names), so listing a large archive does not copy every name.
    pub name: Cow<'b, str>,
    /// Offset of the member's data in the parent, when it is stored in place.
    pub offset: Option<u64>,
    /// The member.
    pub content: ChildContent<'b>,
}

/// What a child is. New kinds may come (a member with findings of its parent's, say): match with a
/// wildcard arm.
#[derive(Debug)]
#[non_exhaustive]
pub enum ChildContent<'b> {
    /// A file in its own right: sniffed and checked like any other (PAK, PBO entries).
    Bytes(Cow<'b, [u8]>),
    /// A member the parent format has already checked (a WAD texture has no magic of its own).
    Report(Box<Report>),
    /// The member cannot be read (compressed with an unsupported method, out of bounds, …). Boxed:
    /// rare, and inline it would double the size of every member of a large archive.
    Failed(Box<Error>),
}

/// One item `extract` produces. New kinds may come: match with a wildcard arm.
#[derive(Debug)]
#[non_exhaustive]
pub enum Extracted<'b> {
    /// Bytes written as they are.
    Bytes(Cow<'b, [u8]>),
    /// A picture, written as PNG.
    Image(Image),
}

/// Where `extract` sends items: a relative `/`-separated path (the writer keeps it inside the output
/// folder) and the content.
pub type ExtractSink<'s> = dyn FnMut(&str, Extracted<'_>) -> io::Result<()> + 's;

/// A file format lumpkit understands.
///
/// Implementations never panic on any input and never allocate beyond `ctx.limits`.
pub trait Format: Sync + Send {
    /// Short lower-case name used in output (`blp`, `wad`, `bsp`, …).
    fn name(&self) -> &'static str;

    /// File extensions (lower case, without dot) that suggest this format when content does not.
    fn extensions(&self) -> &'static [&'static str];

    /// Whether `bytes` carries this format's signature. `bytes` is the file's start, at most
    /// [`SNIFF_PREFIX`](crate::registry::SNIFF_PREFIX) bytes of it (the whole file when shorter).
    fn sniff(&self, bytes: &[u8]) -> bool;

    /// Extensions this format's files carry although another format claims them (a Quake 3
    /// model `.skin` is text, WoW's `.skin` is binary and owns the claim): content recognised as
    /// this format under one of them is no extension mismatch.
    fn shared_extensions(&self) -> &'static [&'static str] {
        &[]
    }

    /// Whether a file of this format with no signature match may still be this format (WAL, some
    /// PAA files have no magic): then the extension alone selects it (unless the content is text).
    fn sniff_by_extension_only(&self) -> bool {
        false
    }

    /// Whether this format is text (a Quake 3 `.shader` script): a file whose extension claims it
    /// is read as it even though its content is printable text, which a binary format's claim is
    /// not ([`crate::registry::sniff_claimed`]).
    fn reads_text(&self) -> bool {
        false
    }

    /// How bad it is for a file named with one of this format's extensions to hold something else
    /// (`lumpkit-extension-mismatch`): what the engines that pick their loader by these extensions
    /// do with it. A warning by default (some engines read the content and may load it); formats
    /// whose games open every such name with this format's loader and fail say `Error`.
    fn misnamed_severity(&self) -> lumpkit_formats::Severity {
        lumpkit_formats::Severity::Warning
    }

    /// Parses and validates the file, collecting every diagnostic and the info fields.
    ///
    /// A malformed file is a report, not an error: its [`Report::status`] and diagnostics say what
    /// is wrong, each with a stable code and a byte offset.
    ///
    /// ```
    /// use lumpkit::{Context, Severity, Status};
    ///
    /// let pak = lumpkit::by_name("pak").ok_or("no pak")?;
    /// let good = lumpkit_testgen::pak::pak(&[(b"maps/e1m1.bsp", b"IBSP")]);
    /// let report = pak.inspect(&Context::default(), &good);
    /// assert_eq!((report.format, report.status()), ("pak", Status::Ok));
    ///
    /// // The directory cut short: still a report, with the finding that says so.
    /// let report = pak.inspect(&Context::default(), &good[..good.len() - 10]);
    /// assert_ne!(report.status(), Status::Ok);
    /// let first = &report.diagnostics[0];
    /// assert!(first.code().starts_with("pak-") && first.severity() >= Severity::Warning);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn inspect(&self, ctx: &Context<'_>, bytes: &[u8]) -> Report;

    /// Decodes one picture to RGBA8.
    ///
    /// ```
    /// use lumpkit::{Context, Selection};
    ///
    /// // WAL textures carry no palette: the game's is given, as `--palette` does.
    /// let grey: Vec<u8> = (0..768u32).map(|i| (i / 3) as u8).collect();
    /// let palette = lumpkit::palette::palette_file(&grey).ok_or("not a palette")?;
    /// let ctx = Context { palette: Some(&palette), ..Context::default() };
    /// let wal = lumpkit_testgen::wal::wal("e1u1/floor", 16, 16);
    /// let format = lumpkit::by_name("wal").ok_or("no wal")?;
    /// let level1 = format.decode(&ctx, &wal, &Selection { mip: 1, ..Selection::default() })?;
    /// assert_eq!((level1.width, level1.height, level1.rgba.len()), (8, 8, 8 * 8 * 4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn decode(
        &self,
        _ctx: &Context<'_>,
        _bytes: &[u8],
        _sel: &Selection<'_>,
    ) -> Result<Image, Error> {
        Err(Error::caller(&NOT_A_PICTURE, [0; 3]))
    }

    /// Width and height of the picture [`decode`](Format::decode) would produce for `sel`, so that
    /// a caller can size the buffer it hands to [`decode_into`](Format::decode_into)
    /// (`width × height × 4` bytes). The default decodes to find out; formats whose level sizes
    /// are in their headers override it to read them without decoding.
    fn decoded_size(
        &self,
        ctx: &Context<'_>,
        bytes: &[u8],
        sel: &Selection<'_>,
    ) -> Result<(u32, u32), Error> {
        self.decode(ctx, bytes, sel)
            .map(|image| (image.width, image.height))
    }

    /// Decodes one picture to RGBA8 into the caller's `out`, which must hold at least
    /// `width × height × 4` bytes (see [`decoded_size`](Format::decoded_size)); the picture fills
    /// its start, row by row with no padding, and the rest is left as it was. Returns the picture's
    /// width and height. A shorter buffer is refused with `lumpkit-buffer-too-small` (a caller
    /// fault) before anything is written. The pixels equal [`decode`](Format::decode)'s. After any
    /// other error the picture's bytes of `out` may be partly written (a PAA level is decompressed
    /// into them before it is expanded there).
    ///
    /// The default decodes and copies; formats whose codecs can write in place (BLP, PAA)
    /// override it so that engines reusing one buffer pay no allocation and no copy.
    ///
    /// ```
    /// use lumpkit::{Context, Selection};
    ///
    /// let blp = lumpkit_testgen::blp::samples().remove(0).bytes;
    /// let format = lumpkit::by_name("blp").ok_or("no blp")?;
    /// let (ctx, sel) = (Context::default(), Selection::default());
    /// // Size first, then one buffer an engine can reuse for every texture it loads.
    /// let (w, h) = format.decoded_size(&ctx, &blp, &sel)?;
    /// let mut buffer = vec![0u8; w as usize * h as usize * 4];
    /// assert_eq!(format.decode_into(&ctx, &blp, &sel, &mut buffer)?, (w, h));
    /// assert_eq!(buffer, format.decode(&ctx, &blp, &sel)?.rgba);
    /// // A buffer one byte short is refused before anything is written.
    /// let short = format.decode_into(&ctx, &blp, &sel, &mut buffer[1..]);
    /// assert_eq!(short.map_err(|e| e.code()), Err("lumpkit-buffer-too-small"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn decode_into(
        &self,
        ctx: &Context<'_>,
        bytes: &[u8],
        sel: &Selection<'_>,
        out: &mut [u8],
    ) -> Result<(u32, u32), Error> {
        let image = self.decode(ctx, bytes, sel)?;
        let dst = picture_slice(out, image.rgba.len())?;
        dst.copy_from_slice(&image.rgba);
        Ok((image.width, image.height))
    }

    /// An archive's members, read one at a time ([`crate::members`]), with the archive's report so
    /// far: how `check` reads an archive, holding only the members it parses and those one at a
    /// time. `None` (the default) for formats whose members come from
    /// [`inspect_with_children`](Format::inspect_with_children) (a WAD's textures, which the WAD's
    /// own check has read). Formats that implement it build `inspect`, `children` and
    /// `inspect_with_children` on it ([`crate::members::inspect`], [`crate::members::collect`]), so
    /// the four agree.
    fn open_members<'b>(&self, _ctx: &Context<'_>, _bytes: &'b [u8]) -> Option<Opened<'b>> {
        None
    }

    /// Members of a container, borrowed where possible.
    ///
    /// ```
    /// use lumpkit::{ChildContent, Context};
    ///
    /// let wal = lumpkit_testgen::wal::wal("e1u1/floor", 16, 16);
    /// let file = lumpkit_testgen::pak::pak(&[(b"textures/floor.wal", &wal), (b"readme.txt", b"hi")]);
    /// let pak = lumpkit::by_name("pak").ok_or("no pak")?;
    /// let members = pak.children(&Context::default(), &file)?;
    /// let names: Vec<&str> = members.iter().map(|m| m.name.as_ref()).collect();
    /// assert_eq!(names, ["textures/floor.wal", "readme.txt"]);
    /// // A PAK stores members as they are: their bytes are borrowed from the file.
    /// let ChildContent::Bytes(bytes) = &members[0].content else { return Err("not bytes".into()) };
    /// assert_eq!(bytes.as_ref(), wal.as_slice());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// The default lists an archive's members through [`open_members`](Format::open_members),
    /// and no member for other formats.
    fn children<'b>(&self, ctx: &Context<'_>, bytes: &'b [u8]) -> Result<Vec<Child<'b>>, Error> {
        match self.open_members(ctx, bytes) {
            Some(opened) => crate::members::collect(ctx, opened).1,
            None => Ok(Vec::new()),
        }
    }

    /// The member called `name` (`/` and `\\` alike, ASCII case ignored, as the archives' games
    /// look names up), for a sibling file a member needs ([`Context::sibling`]). `None` when there
    /// is none. The default reads an archive's members ([`open_members`](Format::open_members))
    /// up to that one, and lists [`children`](Format::children) for other formats; archives with
    /// a directory to look a name up in (MPQ's hash table) override it.
    fn member<'b>(
        &self,
        ctx: &Context<'_>,
        bytes: &'b [u8],
        name: &str,
    ) -> Option<Result<Cow<'b, [u8]>, Error>> {
        if let Some(opened) = self.open_members(ctx, bytes) {
            return crate::members::find(ctx, opened, name);
        }
        let children = match self.children(ctx, bytes) {
            Ok(children) => children,
            Err(e) => return Some(Err(e)),
        };
        let child = children
            .into_iter()
            .find(|c| same_member_name(&c.name, name))?;
        match child.content {
            ChildContent::Bytes(data) => Some(Ok(data)),
            ChildContent::Failed(e) => Some(Err(*e)),
            _ => None,
        }
    }

    /// [`inspect`](Format::inspect) and [`children`](Format::children) together, as `check` needs
    /// both; the result must equal the two calls'. An archive ([`open_members`](Format::open_members))
    /// is opened once for both by default; other formats that would otherwise parse twice (WAD's
    /// textures, BSP's miptex) override it to do that work once.
    fn inspect_with_children<'b>(
        &self,
        ctx: &Context<'_>,
        bytes: &'b [u8],
    ) -> (Report, Result<Vec<Child<'b>>, Error>) {
        match self.open_members(ctx, bytes) {
            // An archive is opened once for both.
            Some(opened) => crate::members::collect(ctx, opened),
            None => (self.inspect(ctx, bytes), self.children(ctx, bytes)),
        }
    }

    /// Writes the file's members. The default writes every child's bytes as they are and reports
    /// children that cannot be read; formats with textures override it to add pictures.
    fn extract(
        &self,
        ctx: &Context<'_>,
        bytes: &[u8],
        out: &mut ExtractSink<'_>,
    ) -> io::Result<Vec<Error>> {
        let mut failures = Vec::new();
        match self.children(ctx, bytes) {
            Ok(children) => {
                for child in children {
                    match child.content {
                        ChildContent::Bytes(data) => out(&child.name, Extracted::Bytes(data))?,
                        ChildContent::Failed(e) => failures.push(*e),
                        ChildContent::Report(_) => {}
                    }
                }
            }
            Err(e) => failures.push(e),
        }
        Ok(failures)
    }
}

/// The first `len` bytes of the caller's buffer, or `lumpkit-buffer-too-small` when it is shorter.
pub fn picture_slice(out: &mut [u8], len: usize) -> Result<&mut [u8], Error> {
    let got = out.len();
    out.get_mut(..len)
        .ok_or_else(|| Error::caller(&BUFFER_TOO_SMALL, [len as u64, got as u64, 0]))
}

/// Whether two member names are the same as archive games compare them: `/` and `\\` alike, ASCII
/// case ignored.
pub fn same_member_name(a: &str, b: &str) -> bool {
    let norm = |c: u8| match c {
        b'\\' => b'/',
        c => c.to_ascii_lowercase(),
    };
    a.len() == b.len() && a.bytes().map(norm).eq(b.bytes().map(norm))
}
