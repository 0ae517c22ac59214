"""The specification mirrors the rules: one module per normative section, each naming its section."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import duckspec
from duckspec.duck_soup import SECTIONS

SPEC = Path(duckspec.__file__).resolve().parent
NORMATIVE = ["§2", "§3", "§4", "§5", "§6", "§7", "§8", "§9", "§11"]


def test_every_normative_section_has_a_module() -> None:
    assert sorted(SECTIONS, key=lambda s: int(s[1:])) == NORMATIVE


@pytest.mark.parametrize(("section", "module"), sorted(SECTIONS.items()))
def test_each_section_module_names_its_section(section: str, module: str) -> None:
    loaded = importlib.import_module(f"duckspec.duck_soup.{module}")
    assert loaded.__doc__ is not None
    assert loaded.__doc__.startswith(f"Rules {section} ")


@pytest.mark.parametrize(("section", "module"), sorted(SECTIONS.items()))
def test_each_public_function_cites_a_rule(section: str, module: str) -> None:
    tree = ast.parse((SPEC / "duck_soup" / f"{module}.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            doc = ast.get_docstring(node) or ""
            assert "§" in doc or "DS-R" in doc, f"{module}.{node.name} cites no section or ruling"


def test_the_spec_imports_nothing_outside_the_standard_library() -> None:
    for path in SPEC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                top = node.module.split(".")[0]
                assert top in {
                    "duckspec",
                    "__future__",
                    "collections",
                    "dataclasses",
                    "enum",
                    "typing",
                    "re",
                    "tomllib",
                    "importlib",
                }, f"{path.name} imports {node.module}"
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert alias.name.split(".")[0] in {"enum", "re", "tomllib"}, f"{path.name} imports {alias.name}"
