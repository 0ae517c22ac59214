"""A record's file, named for a trace and for a message, whatever characters its name holds."""

from __future__ import annotations

from pathlib import Path

from duckcheck.trace import trace_id_from_name
from duckcheck.untrusted import STDIN, shown


def record_source(path: Path) -> tuple[str, str]:
    """The trace ID a record's file gives (``my-game`` from ``My_Game.txt``; ``record`` from standard input or a
    name with no Latin letter or digit) and how the file is named in messages (its name with control characters
    escaped, or ``read from standard input``)."""
    if str(path) == STDIN:
        return trace_id_from_name("record"), "read from standard input"
    return trace_id_from_name(path.stem), shown(path.name)
