"""Where the suite's data lives: the schemas and the traces.

In a source checkout (and an editable install) they sit beside the package, in
``conformance/schema`` and ``conformance/traces``; a built wheel carries them inside the package
as ``duckcheck/schema`` and ``duckcheck/traces``.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """The folder ``name`` (``"schema"`` or ``"traces"``), inside the package or beside it."""
    for candidate in (PACKAGE / name, PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(
        f"the conformance suite's {name} folder is missing: looked in {PACKAGE} and {PACKAGE.parent}"
    )


@cache
def load_schema(name: str) -> dict[str, Any]:
    """The JSON Schema ``name`` (``"trace"`` or ``"protocol"``)."""
    schema: dict[str, Any] = json.loads((data_dir("schema") / f"{name}.schema.json").read_text(encoding="utf-8"))
    return schema
