"""The Doubleduck specification mirrors the text: one module per normative section, each naming its section."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import duckspec.doubleduck as package
from duckspec.doubleduck import GAME_ID, SECTION_TITLES, SECTIONS

SPEC = Path(package.__file__).resolve().parent


def test_the_game_has_its_id_and_every_normative_section_a_module() -> None:
    assert GAME_ID == "doubleduck"
    assert set(SECTIONS) == set(SECTION_TITLES) - {"§3"}  # §3 Object is not normative
    assert sorted(SECTIONS, key=lambda s: int(s[1:])) == list(SECTIONS)


@pytest.mark.parametrize(("section", "module"), sorted(SECTIONS.items()))
def test_each_section_module_names_its_section(section: str, module: str) -> None:
    loaded = importlib.import_module(f"duckspec.doubleduck.{module}")
    assert loaded.__doc__ is not None
    assert loaded.__doc__.startswith(f"Rules {section} {SECTION_TITLES[section].split(' (')[0]}")


@pytest.mark.parametrize(("section", "module"), sorted(SECTIONS.items()))
def test_each_public_function_cites_a_rule(section: str, module: str) -> None:
    tree = ast.parse((SPEC / f"{module}.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            doc = ast.get_docstring(node) or ""
            assert "§" in doc or "DD-R" in doc, f"{module}.{node.name} cites no section or ruling"


def test_functions_are_small() -> None:
    for path in SPEC.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                body = node.body[1:] if ast.get_docstring(node) else node.body
                lines = body[-1].end_lineno - body[0].lineno + 1 if body and body[-1].end_lineno else 0
                assert lines <= 40, f"{path.name}:{node.name} has {lines} lines"
