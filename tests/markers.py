"""The ruling markers of the tests, read from their source, for every game's rulings register tests."""

from __future__ import annotations

import ast
from pathlib import Path


def marked_rulings(path: Path) -> dict[str, set[str]]:
    """Map test function name to the ruling IDs in its ``pytest.mark.ruling`` markers."""
    marks: dict[str, set[str]] = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
            for decorator in node.decorator_list:
                if (
                    isinstance(decorator, ast.Call)
                    and isinstance(decorator.func, ast.Attribute)
                    and decorator.func.attr == "ruling"
                    and decorator.args
                    and isinstance(decorator.args[0], ast.Constant)
                ):
                    marks.setdefault(node.name, set()).add(str(decorator.args[0].value))
    return marks
