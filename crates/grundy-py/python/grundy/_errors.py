"""The exceptions of grundy, mapped from the engine's error kinds.

``GrundyError`` is the base class; ``InputError`` is also a ``ValueError``. Each carries
``kind`` (``"input"``, ``"limit"``, ...), ``column`` (1-based, for input errors that point
into the text), ``line`` and ``file`` (for an error placed in a rule script, where
``column`` is the script's), ``limit`` (the name of the limit reached, for ``LimitError``)
and ``script_limit`` (which limit of a rule script, when ``limit`` is ``"script"``): the
fields of the engine's JSON errors.
"""

from __future__ import annotations

from typing import Optional


class GrundyError(Exception):
    """Base class of every error the engine reports."""

    kind: str = "external"
    column: Optional[int] = None
    line: Optional[int] = None
    file: Optional[str] = None
    limit: Optional[str] = None
    script_limit: Optional[str] = None


class InputError(GrundyError, ValueError):
    """The text, the ruleset or the rules are wrong; ``.column`` points into the text."""

    kind = "input"


class LimitError(GrundyError):
    """A resource limit (positions, memory, time, size) was reached; the message names it."""

    kind = "limit"


class UnsupportedError(GrundyError):
    """The request combines things the engine does not support (or the game has a cycle)."""

    kind = "unsupported"


class CancelledError(GrundyError):
    """The computation was cancelled (a progress callback raised, for example)."""

    kind = "cancelled"


class GrundyIOError(GrundyError, OSError):
    """Reading a file named in an expression failed."""

    kind = "io"
