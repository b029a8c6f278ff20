"""Type stubs of the lumpkit package."""

import os
from typing import Any, Iterator, List, Literal, Optional, Sequence, TypedDict, Union, overload

import numpy as np
import numpy.typing as npt

from ._errors import Error as Error
from ._errors import FormatError as FormatError
from ._errors import InternalError as InternalError
from ._errors import LimitError as LimitError
from ._errors import RequestError as RequestError

__version__: str

StrPath = Union[str, "os.PathLike[str]"]
Source = Union[StrPath, bytes, bytearray, memoryview]
Status = Literal["ok", "warning", "error"]
Severity = Literal["error", "warning", "info"]

class Diagnostic:
    """One finding of a file."""

    @property
    def code(self) -> str:
        """Stable kebab-case code (``lumpkit explain CODE``)."""
    @property
    def severity(self) -> Severity: ...
    @property
    def message(self) -> str: ...
    @property
    def offset(self) -> Optional[int]:
        """Byte offset in the file, or ``None`` when it concerns no one place."""

class Member(TypedDict):
    """One entry of :meth:`File.children`."""

    name: str
    offset: Optional[int]
    size: Optional[int]
    format: Optional[str]
    error: Optional[str]

class File:
    """An opened file: its report, members and pictures."""

    @property
    def format(self) -> str:
        """``blp``, ``wad``, ``paa``, …; a foreign format (``png``) or ``unknown``."""
    @property
    def version(self) -> Optional[Union[int, str]]: ...
    @property
    def status(self) -> Status: ...
    @property
    def width(self) -> Optional[int]: ...
    @property
    def height(self) -> Optional[int]: ...
    @property
    def mips(self) -> Optional[int]: ...
    @property
    def path(self) -> Optional["os.PathLike[str]"]:
        """The path it was opened from (a `pathlib.Path`), `None` for bytes."""
    @property
    def size(self) -> int: ...
    @property
    def diagnostics(self) -> List[Diagnostic]: ...
    @property
    def info(self) -> dict[str, Any]:
        """The object ``lumpkit info --json`` prints."""
    def children(self) -> List[Member]:
        """Archive members, or a WAD's or BSP's textures."""
    def decode(
        self,
        mip: int = 0,
        entry: Optional[str] = None,
        palette: Optional[Source] = None,
        *,
        stored_alpha: bool = False,
        swizzle: bool = False,
    ) -> npt.NDArray[np.uint8]:
        """One level as RGBA, shape ``(height, width, 4)``."""

class CheckDiagnostic(TypedDict, total=False):
    code: str
    severity: Severity
    message: str
    offset: int

class CheckRecord(TypedDict, total=False):
    """One ``lumpkit check --json`` record."""

    path: str
    location: List[str]
    format: str
    status: Status
    width: int
    height: int
    mips: int
    diagnostics: List[CheckDiagnostic]

class CheckIterator(Iterator[Any]):
    def __iter__(self) -> "CheckIterator": ...
    def __next__(self) -> Any: ...

class Limits(TypedDict, total=False):
    """Limits by the CLI's flag names; every key is optional."""

    max_dimension: int
    max_width: int
    max_height: int
    max_pixels: int
    max_alloc: int
    max_unpacked: int

def open(
    source: Source,
    *,
    name: Optional[StrPath] = None,
    palette: Optional[Source] = None,
    targets: Optional[Sequence[str]] = None,
    limits: Optional[Limits] = None,
) -> File:
    """Open and check one file (a path, memory-mapped when large, or its bytes).

    ``targets`` names engines (``"quake"``, ``"quakespasm"``, ``"wc3-1.26"``, …, as ``--target``
    takes them): a finding only some engines refuse is an error for a named engine that refuses it.
    ``limits`` lowers (or raises) the allocation and size limits, with the CLI's flag names
    (``{"max_pixels": 1 << 20}``); keys left out keep their defaults, unknown keys raise ValueError.
    """

@overload
def check(
    paths: Union[StrPath, Sequence[StrPath]],
    jobs: Optional[int] = None,
    decode: bool = False,
    *,
    follow_links: bool = False,
    palette: Optional[Source] = None,
    as_json: Literal[False] = False,
    targets: Optional[Sequence[str]] = None,
    limits: Optional[Limits] = None,
) -> Iterator[CheckRecord]: ...
@overload
def check(
    paths: Union[StrPath, Sequence[StrPath]],
    jobs: Optional[int] = None,
    decode: bool = False,
    *,
    follow_links: bool = False,
    palette: Optional[Source] = None,
    as_json: Literal[True],
    targets: Optional[Sequence[str]] = None,
    limits: Optional[Limits] = None,
) -> Iterator[str]: ...
def walk(paths: Union[StrPath, Sequence[StrPath]], *, follow_links: bool = False) -> List[str]:
    """The files ``check`` visits, in its order."""

def sniff(data: bytes, name: Optional[StrPath] = None) -> Optional[str]:
    """The lumpkit format recognised in ``data`` (content first, then ``name``'s extension)."""
