"""The exceptions lumpkit raises. Each carries the diagnostic ``code`` (stable, kebab-case, listed in
docs/diagnostics.md and by ``lumpkit explain``), the byte ``offset`` it concerns (``None`` when it
concerns no one place) and the ``fault`` class (``file``, ``unsupported``, ``caller``, ``limit``,
``strict``)."""

from typing import Optional


class Error(Exception):
    """Base class of every lumpkit exception."""

    def __init__(
        self,
        message: str,
        code: Optional[str] = None,
        offset: Optional[int] = None,
        fault: Optional[str] = None,
    ) -> None:
        """``message`` is lumpkit's own (it names the code and the byte offset)."""
        super().__init__(message)
        self.message = message
        self.code = code
        self.offset = offset
        self.fault = fault


class FormatError(Error):
    """The file is malformed beyond what the format's rules recover from, or uses a feature
    lumpkit does not read (``fault`` says which)."""


class LimitError(Error):
    """Honouring the file would exceed lumpkit's limits (dimensions, allocation, unpacked bytes):
    an archive bomb or a picture too large to decode safely."""


class RequestError(Error, ValueError):
    """The call asked for what the file does not hold: a mip level or entry that does not exist, or
    a palette-less texture (WAL, WAD2) decoded without ``palette=``."""


class InternalError(Error):
    """A bug in lumpkit: a panic, caught around every call into the library (opening, decoding,
    listing members, and each file ``check`` works on) before it could reach the interpreter.
    Please report it with the file. (A panic in PyO3's own glue outside those calls would still be
    PyO3's ``PanicException``, which is not a subclass of this.)"""
