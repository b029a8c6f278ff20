"""Pillow plugin: ``import lumpkit.pillow`` and ``Image.open`` reads BLP, PAA, WAL and WAD with lumpkit.

- BLP replaces Pillow's own BLP reader (which ignores alpha on many files, loses JPEG alpha and
  refuses raw BLP2): ``Image.open("x.blp").convert("RGBA")`` gives lumpkit's pixels.
- WAD2/WAD3 open on their first texture; ``n_frames``/``seek(i)`` walk the textures (in directory
  order, each with its own size), and ``im.info["entry"]`` names the current one.
- WAL (Quake 2) and WAD2 (Quake) textures carry no palette: call :func:`set_palette` first
  (Quake's ``palette.lmp`` or Quake 2's ``colormap.pcx``), or loading raises ``OSError``.

Every image is mode ``RGBA`` at its largest mip level. Pillow has no convention for mip levels (its
own DDS and BLP readers show only the first), so none are frames here; ``im.info["mips"]`` says how
many there are and ``lumpkit.open(path).decode(mip=n)`` reads any of them.

A file lumpkit cannot read is left to the other plugins (``Image.open`` raises
``UnidentifiedImageError`` if none takes it); one whose pixels fail to decode raises ``OSError``
from ``load()`` with lumpkit's message and diagnostic code.
"""

import os
from typing import IO, Any, Optional, Union

from PIL import Image, ImageFile

import lumpkit

__all__ = ["register", "set_palette"]

_palette: Optional[bytes] = None


def set_palette(palette: Union[str, "Any", bytes, None]) -> None:
    """Set the palette (a path or the file's bytes) used for WAL and WAD2 textures; ``None`` clears it."""
    global _palette
    if palette is None or isinstance(palette, (bytes, bytearray)):
        _palette = None if palette is None else bytes(palette)
    else:
        with open(palette, "rb") as f:
            _palette = f.read()


class LumpkitImageFile(ImageFile.ImageFile):
    """A texture read by lumpkit; subclasses name the formats they take."""

    format = "LUMPKIT"
    format_description = "Classic game texture (lumpkit)"
    lumpkit_formats: tuple = ()

    def _open(self) -> None:
        name = self.filename if isinstance(self.filename, str) and self.filename else None
        # By path when Pillow has one: BLP0 keeps its levels in files beside the .blp.
        source = name if name and os.path.isfile(name) else self.fp.read()
        try:
            f = lumpkit.open(source, name=name, palette=_palette)
        except (lumpkit.Error, OSError) as e:
            raise SyntaxError(str(e)) from e
        if f.format not in self.lumpkit_formats:
            raise SyntaxError(f"not a {'/'.join(self.lumpkit_formats)} file ({f.format})")
        self._lumpkit = f
        self._entries = self._textures(f)
        if not self._entries:
            raise SyntaxError(f"{f.format}: no picture lumpkit can size ({f.status})")
        self.n_frames = len(self._entries)
        self.is_animated = False
        self._frame = -1
        self._loaded = -1
        self._mode = "RGBA"
        self.info["mips"] = f.mips
        self.info["lumpkit_status"] = f.status
        self._select(0)

    @staticmethod
    def _textures(f: "lumpkit.File") -> list:
        """(entry name or None, width, height) of each frame."""
        if f.width and f.height:
            return [(None, f.width, f.height)]
        return [
            (e["name"], e["width"], e["height"])
            for e in f.info.get("entries", [])
            if e.get("width") and e.get("height")
        ]

    def _select(self, frame: int) -> None:
        entry, width, height = self._entries[frame]
        self._frame = frame
        self._size = (width, height)
        self.info["entry"] = entry
        self.tile = []

    def seek(self, frame: int) -> None:
        if not self._seek_check(frame):
            return
        self._select(frame)
        self._im = None

    def tell(self) -> int:
        return self._frame

    def load(self) -> Any:
        if self._loaded != self._frame:
            entry = self._entries[self._frame][0]
            try:
                rgba = self._lumpkit.decode(mip=0, entry=entry, palette=_palette)
            except lumpkit.Error as e:
                raise OSError(str(e)) from e
            self._size = (rgba.shape[1], rgba.shape[0])
            self._im = None
            self.load_prepare()
            self.frombytes(rgba.tobytes())
            self._loaded = self._frame
        return Image.Image.load(self)


class BlpImageFile(LumpkitImageFile):
    format = "BLP"
    format_description = "Blizzard Mipmap Format (lumpkit)"
    lumpkit_formats = ("blp",)


class PaaImageFile(LumpkitImageFile):
    format = "PAA"
    format_description = "Arma / OFP texture (lumpkit)"
    lumpkit_formats = ("paa",)


class WalImageFile(LumpkitImageFile):
    format = "WAL"
    format_description = "Quake 2 texture (lumpkit)"
    lumpkit_formats = ("wal",)


class WadImageFile(LumpkitImageFile):
    format = "WAD"
    format_description = "Quake / Half-Life texture archive (lumpkit)"
    lumpkit_formats = ("wad",)


def _accept_blp(prefix: bytes) -> bool:
    return prefix[:4] in (b"BLP0", b"BLP1", b"BLP2")


def _accept_wad(prefix: bytes) -> bool:
    return prefix[:4] in (b"WAD2", b"WAD3")


def _accept_paa(prefix: bytes) -> bool:
    return lumpkit.sniff(prefix) == "paa"


def _open_wal(fp: IO[bytes], filename: Union[str, bytes]) -> WalImageFile:
    # WAL has no signature: only its extension tells it, which `accept` (given 16 bytes) cannot see.
    if not (isinstance(filename, str) and filename.lower().endswith(".wal")):
        raise SyntaxError("not a .wal file")
    return WalImageFile(fp, filename)


def register() -> None:
    """Register the readers (done on import). Pillow's plugins are loaded first, so that lumpkit's
    BLP reader replaces Pillow's rather than being replaced by it when Pillow loads its own."""
    Image.init()
    Image.register_open(BlpImageFile.format, BlpImageFile, _accept_blp)
    Image.register_extension(BlpImageFile.format, ".blp")
    Image.register_open(WadImageFile.format, WadImageFile, _accept_wad)
    Image.register_extension(WadImageFile.format, ".wad")
    Image.register_open(PaaImageFile.format, PaaImageFile, _accept_paa)
    Image.register_extensions(PaaImageFile.format, [".paa", ".pac"])
    Image.register_open(WalImageFile.format, _open_wal)
    Image.register_extension(WalImageFile.format, ".wal")


register()
