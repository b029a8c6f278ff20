"""lumpkit: open the asset files of classic games without trusting them.

BLP (Warcraft III, WoW), WAD2/WAD3 (Quake, Half-Life), PAA/PBO (Arma), WAL and BSP (Quake 1/2), PAK,
M2 (WoW), and the archives mods arrive in (MPQ, ZIP, 7z), through the Rust library's own checks.

>>> import lumpkit
>>> f = lumpkit.open("texture.blp")          # a path, or the file's bytes
>>> f.format, f.status, f.width, f.height, f.mips
>>> [d.code for d in f.diagnostics]
>>> rgba = f.decode(mip=0)                     # numpy uint8 array, shape (height, width, 4)
>>> for record in lumpkit.check("mymod/"):     # one dict per file or member, like `check --json`
...     print(record["path"], record["status"])

Malformed files are reported, not raised: ``open`` gives a ``File`` whose ``status`` is ``error``
and whose ``diagnostics`` say why. ``decode`` raises ``FormatError``, ``LimitError`` or
``RequestError`` (all ``lumpkit.Error``) with the diagnostic ``code`` and byte ``offset``.
"""

from ._errors import Error, FormatError, InternalError, LimitError, RequestError
from ._lumpkit import CheckIterator, Diagnostic, File, __version__, sniff, walk
from ._lumpkit import check as _check
from ._lumpkit import open as _open

__all__ = [
    "CheckIterator",
    "Diagnostic",
    "Error",
    "File",
    "FormatError",
    "InternalError",
    "LimitError",
    "RequestError",
    "__version__",
    "check",
    "open",
    "sniff",
    "walk",
]


def open(source, *, name=None, palette=None, targets=None, limits=None):  # noqa: A001 - the API the package promises
    """Open and check one file.

    ``source`` is a path (``str`` or ``os.PathLike``; large files are memory-mapped) or the file's
    content (``bytes``, ``bytearray``, ``memoryview``). ``name`` is a file name for content given as
    bytes, used to recognise formats known by extension only (``.wal``, some ``.paa``).
    ``palette`` (a path or bytes: a 768-byte palette or a 256-colour PCX) decodes WAL and WAD2
    textures, which carry none. ``targets`` names engines as ``lumpkit --target`` does
    (``["quake"]``, ``["quakespasm", "xash3d"]``, ``["wc3-1.26"]``): a finding that only some engines
    refuse is then an error for a named engine that refuses it and info for one that loads it;
    without targets it is a warning naming both sides. An unknown name raises ``ValueError``.
    ``limits`` is a dict of the CLI's ``--max-*`` limits by name (``max_dimension``, ``max_width``,
    ``max_height``, ``max_pixels``, ``max_alloc``, ``max_unpacked``); keys left out keep their
    defaults and an unknown key raises ``ValueError``. A picture over a limit raises ``LimitError``.

    Returns a :class:`File`. A file that cannot be read raises ``OSError``; a malformed one does
    not raise: its ``status`` is ``"error"`` and its ``diagnostics`` say why.
    """
    return _open(source, name=name, palette=palette, targets=targets, limits=limits)


def check(
    paths,
    jobs=None,
    decode=False,
    *,
    follow_links=False,
    palette=None,
    as_json=False,
    targets=None,
    limits=None,
):
    """Check files and folders (walked recursively, in sorted order), archives member by member.

    Returns an iterator of one dict per file or archive member, with the fields and values of
    ``lumpkit check --json --no-config`` (``path``, ``location``, ``format``, ``status``,
    ``width``/``height``/``mips`` when known, ``diagnostics``), in walk order, each yielded as soon
    as it and every file before it are checked. With ``as_json=True`` it yields the JSON text lines
    themselves, byte for byte what the CLI prints.

    ``jobs`` worker threads check files (default: one per core); the GIL is released while waiting,
    so other Python threads run. ``decode=True`` also decodes every pixel level. A folder's
    ``expect.tsv`` manifest is skipped (as the CLI does), but no ``expected``/``as_expected``
    fields are added and no ``lumpkit.toml`` is read. A path that does not exist raises
    ``FileNotFoundError`` at once. ``targets`` judges findings for those engines, as ``open`` does
    and as ``lumpkit check --target`` does; ``limits`` applies limits as ``open`` does and as
    ``lumpkit check --max-*`` does.
    """
    return _check(
        paths,
        jobs,
        decode,
        follow_links=follow_links,
        palette=palette,
        as_json=as_json,
        targets=targets,
        limits=limits,
    )
