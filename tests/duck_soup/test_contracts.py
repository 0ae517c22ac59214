"""CrossHair, run as the ``contracts`` nox session runs it, catches a planted fault and passes the original.

``tests/duck_soup/planted/faulty_rules.py`` copies three small functions of the specification with a
one-character fault each and the same contracts. CrossHair checks one function per run, with the
options the session uses (``CROSSHAIR_OPTIONS`` in ``noxfile.py``): it must find a counterexample
in each copy, and none in the original. About 15 seconds in all; skipped without crosshair-tool.
"""

from __future__ import annotations

import ast
import difflib
import inspect
import os
import re
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from duckspec.duck_soup import cards, scoring, tricks
from tests.duck_soup.planted import faulty_rules

pytest.importorskip("crosshair")

ROOT = Path(__file__).resolve().parents[2]
PLANTED = Path(faulty_rules.__file__).resolve().parent

PAIRS: list[tuple[Callable[..., object], Callable[..., object]]] = [
    (cards.rank_strength, faulty_rules.rank_strength),
    (tricks.trick_points, faulty_rules.trick_points),
    (scoring.deal_score, faulty_rules.deal_score),
]
IDS = [original.__name__ for original, _ in PAIRS]


def session_options() -> list[str]:
    """The CrossHair options of the ``contracts`` session, read from ``noxfile.py`` without importing nox."""
    for node in ast.parse((ROOT / "noxfile.py").read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "CROSSHAIR_OPTIONS" for target in node.targets
        ):
            options = ast.literal_eval(node.value)
            assert isinstance(options, list)
            return [str(option) for option in options]
    raise AssertionError("noxfile.py defines no CROSSHAIR_OPTIONS")


def crosshair_check(target: str) -> subprocess.CompletedProcess[str]:
    """``crosshair check target`` with the session's options; ``faulty_rules`` is importable as a top-level module."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "spec"), str(PLANTED)])}
    return subprocess.run(
        [sys.executable, "-m", "crosshair", "check", target, *session_options()],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def contract_lines(function: Callable[..., object]) -> list[str]:
    doc = inspect.getdoc(function) or ""
    return [line.strip() for line in doc.splitlines() if line.strip().startswith(("pre:", "post:"))]


def code_without_docstring(function: Callable[..., object]) -> str:
    """The function's code as ``ast.unparse`` writes it: no docstring, no comments, one layout."""
    definition = ast.parse(textwrap.dedent(inspect.getsource(function))).body[0]
    assert isinstance(definition, ast.FunctionDef)
    definition.body = definition.body[1:]
    return ast.unparse(definition)


def characters_changed(before: str, after: str) -> int:
    opcodes = difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes()
    return sum(max(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in opcodes if tag != "equal")


@pytest.mark.parametrize(("original", "planted"), PAIRS, ids=IDS)
def test_each_planted_copy_keeps_the_contracts_and_changes_one_character(
    original: Callable[..., object], planted: Callable[..., object]
) -> None:
    assert contract_lines(original), f"{original.__name__} has no contracts"
    assert contract_lines(planted) == contract_lines(original)
    assert characters_changed(code_without_docstring(original), code_without_docstring(planted)) == 1


@pytest.mark.parametrize(("original", "planted"), PAIRS, ids=IDS)
def test_crosshair_finds_the_planted_fault(original: Callable[..., object], planted: Callable[..., object]) -> None:
    result = crosshair_check(f"faulty_rules.{planted.__name__}")
    assert result.returncode == 1, result.stdout + result.stderr
    assert re.search(rf"faulty_rules\.py:\d+: error: false when calling {planted.__name__}\(", result.stdout), (
        result.stdout
    )


@pytest.mark.parametrize(("original", "planted"), PAIRS, ids=IDS)
def test_crosshair_passes_the_original(original: Callable[..., object], planted: Callable[..., object]) -> None:
    result = crosshair_check(f"{original.__module__}.{original.__name__}")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "error" not in result.stdout
