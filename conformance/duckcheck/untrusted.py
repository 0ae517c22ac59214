"""Reading and showing what others wrote: files, adapter replies, names and messages.

Everything the suite reads from outside (trace and record files, manifests, lists of expected
failures, an implementation's replies and standard error) may be hostile or broken. These
helpers keep that from reaching further than one clear line:

* :func:`read_text` reads a file, a pipe or standard input (``-``) up to :data:`MAX_BYTES`,
  refuses directories and devices, and names the file in every error;
* :func:`loads` parses JSON and turns every way it can fail (bad syntax, nesting too deep for
  the parser, integers beyond Python's 4,300-digit limit) into one :class:`UnreadableJSON`;
* :func:`shown` escapes control characters (and the other invisible or line-breaking ones), so
  text from outside cannot clear a terminal, change its title or make an XML report invalid;
* :func:`excerpt` quotes at most a short piece of a value in an error line.
"""

from __future__ import annotations

import json
import os
import stat
import sys
import unicodedata
from pathlib import Path
from typing import Any

MAX_BYTES = 50 * 1024 * 1024
"""The largest file read at once (50 MiB); the whole suite of 310 traces takes about 7 MB."""
EXCERPT = 60
"""How many characters of a value an error line quotes at most."""
STDIN = "-"
"""The file name that stands for standard input."""
ESCAPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Unicode categories that :func:`shown` escapes: controls, formats (bidirectional overrides,
zero-width characters), surrogates, private use, unassigned, and line and paragraph separators."""


class UnreadableFile(ValueError):
    """A file that cannot be read as text; the message names the file and says why."""


class UnreadableJSON(ValueError):
    """Text that cannot be read as JSON; the message says why and where, without quoting any of it.

    ``brief`` says why in a few words, for a message that says where by itself.
    """

    def __init__(self, message: str, brief: str) -> None:
        super().__init__(message)
        self.brief = brief


def read_text(path: Path | str, what: str = "file", limit: int = MAX_BYTES) -> str:
    """The UTF-8 text of ``path`` (``-`` for standard input), at most ``limit`` bytes.

    Regular files larger than ``limit`` are refused before reading; pipes and standard input are
    read up to the limit and refused beyond it; directories, devices and sockets are refused.
    Every error is an :class:`UnreadableFile` naming the file and ``what`` it should have been.
    """
    name = shown(str(path))
    try:
        if str(path) == STDIN:
            data = _read_stream(sys.stdin.buffer.raw if hasattr(sys.stdin.buffer, "raw") else sys.stdin.buffer, limit)
            name = "standard input"
        else:
            data = _read_path(Path(path), limit, name, what)
    except OSError as error:
        raise UnreadableFile(f"{name}: cannot read this {what}: {error.strerror or error}") from None
    if data is None:
        raise UnreadableFile(f"{name}: the {what} is larger than {limit // (1024 * 1024)} MB; refused")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UnreadableFile(f"{name}: the {what} is not UTF-8 text (byte {error.start + 1} cannot be read)") from None


def _read_path(path: Path, limit: int, name: str, what: str) -> bytes | None:
    flags = os.O_RDONLY | getattr(os, "O_CLOEXEC", 0)
    if not stat.S_ISFIFO(os.stat(path).st_mode):
        flags |= getattr(os, "O_NONBLOCK", 0)  # opening a device could wait: look at it first
    # A named pipe is opened as ``cat`` opens it, waiting for its writer (closing and opening it again
    # would make a writer that came meanwhile fail, and wait for another one).
    descriptor = os.open(path, flags)
    try:
        info = os.fstat(descriptor)
        if stat.S_ISDIR(info.st_mode):
            raise UnreadableFile(f"{name}: is a folder, not a {what}")
        if stat.S_ISREG(info.st_mode):
            if info.st_size > limit:
                return None
        elif not stat.S_ISFIFO(info.st_mode):
            kind = "a device" if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode) else "not a regular file"
            raise UnreadableFile(f"{name}: is {kind}, not a {what}; give a file, a pipe or - for standard input")
        os.set_blocking(descriptor, True)
        with os.fdopen(descriptor, "rb", buffering=0, closefd=False) as stream:
            return _read_stream(stream, limit)
    finally:
        os.close(descriptor)


def _read_stream(stream: Any, limit: int) -> bytes | None:
    """At most ``limit`` bytes of ``stream``; None if it holds more."""
    chunks: list[bytes] = []
    size = 0
    while size <= limit:
        chunk = stream.read(min(1 << 20, limit + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return None if size > limit else b"".join(chunks)


def loads(text: str | bytes, **hooks: Any) -> Any:
    """The JSON value of ``text``; :class:`UnreadableJSON` for anything that is not readable JSON.

    ``hooks`` go to :func:`json.loads` (``parse_constant``, ``object_pairs_hook``): see
    :func:`duckcheck.strict.loads_strict`.
    """
    try:
        return json.loads(text, **hooks)
    except json.JSONDecodeError as error:
        where = f"line {error.lineno}, column {error.colno}"
        raise UnreadableJSON(f"{where}: not valid JSON: {error.msg}", f"{error.msg} at {where}") from None
    except RecursionError:
        brief = "arrays or objects nested too deeply"
        raise UnreadableJSON(f"not readable: {brief}", brief) from None
    except ValueError as error:  # an integer of more than 4,300 digits, or bytes that are not UTF-8
        brief = "an integer with too many digits" if "digits" in str(error) else "not UTF-8 text"
        raise UnreadableJSON(f"not readable: {brief}", brief) from None


def shown(text: str, limit: int | None = None) -> str:
    """``text`` safe to print or write: control and invisible characters escaped, cut to ``limit``.

    >>> shown("name\\x1b[2J\\x00")
    'name\\\\x1b[2J\\\\x00'
    >>> shown("a very long line", limit=10)
    'a very ...'
    """
    if text.isprintable() and (limit is None or len(text) <= limit):
        return text
    if limit is not None and len(text) > limit:
        text = text[: max(limit - 3, 0)]
        cut = True
    else:
        cut = False
    escaped = "".join(_escape(c) if unicodedata.category(c) in ESCAPED_CATEGORIES else c for c in text)
    if limit is not None and len(escaped) > limit:
        escaped, cut = escaped[: max(limit - 3, 0)], True
    return escaped + "..." if cut else escaped


def _escape(character: str) -> str:
    code = ord(character)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def excerpt(value: Any, limit: int = EXCERPT) -> str:
    """A short quotation of ``value`` for an error line: its ``repr``, cut to ``limit`` characters."""
    try:
        text = repr(value)
    except (RecursionError, ValueError):
        text = f"<{type(value).__name__}>"
    return shown(text, limit)
