"""The specification mirrors the rules: one module per normative section, each naming its section, in every game."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

import duckspec
from duckcheck.games import GameSuite, games
from duckspec.rulings import load_rulings

SPEC = Path(duckspec.__file__).resolve().parent
NORMATIVE = {
    "duck-soup": ["§2", "§3", "§4", "§5", "§6", "§7", "§8", "§9", "§11"],
    "doubleduck": ["§1", "§2", "§4", "§5", "§6", "§7", "§8"],
    "aw-ducks": ["§1", "§2", "§3", "§4", "§5", "§6", "§7", "§8", "§9"],
}
"""Each game's normative rules sections, as its rulings register and docs number them (Overview and Tips are not
normative)."""


def section_modules(suite: GameSuite) -> dict[str, str]:
    """The game's sections, each with the module of the specification that implements it."""
    modules: dict[str, str] = importlib.import_module(f"duckspec.{suite.package}").SECTIONS
    return modules


SECTION_MODULES = [(suite, section, module) for suite in games() for section, module in section_modules(suite).items()]


def param_id(value: object) -> str:
    return value.id if isinstance(value, GameSuite) else str(value)


def ruling_prefix(suite: GameSuite) -> str:
    """The prefix of the game's ruling IDs: DS-R, DD-R, AD-R."""
    return suite.trace_prefix[:2].upper() + "-R"


def spec_files(suite: GameSuite) -> list[Path]:
    return sorted((SPEC / suite.package).glob("*.py"))


APPLIED_WITHOUT_CODE = {
    "DS-R16": "the follower may hold the fourth card back: a freedom the spec gives by forcing nothing",
}
"""The rulings that no spec function cites, because the spec applies them by having no rule against them."""

LONGEST_FUNCTION = 40
"""The most lines a spec function's body may take (a reader should see it whole)."""


@pytest.mark.parametrize("suite", games(), ids=param_id)
def test_every_normative_section_has_a_module(suite: GameSuite) -> None:
    assert suite.id in NORMATIVE, f"{suite.id}: list its normative sections in NORMATIVE"
    assert list(section_modules(suite)) == NORMATIVE[suite.id], f"{suite.id}: SECTIONS lists them in order"
    assert set(suite.sections) == set(NORMATIVE[suite.id])


@pytest.mark.parametrize(("suite", "section", "module"), SECTION_MODULES, ids=param_id)
def test_each_section_module_names_its_section(suite: GameSuite, section: str, module: str) -> None:
    loaded = importlib.import_module(f"duckspec.{suite.package}.{module}")
    title = suite.sections[section].split(" (")[0]
    assert loaded.__doc__ is not None
    opening = f"Rules {section} {title}"  # the title in any case: "Round end" names "Round End"
    assert loaded.__doc__.lower().startswith(opening.lower()), f"{suite.id}: {module} should open with {opening!r}"


@pytest.mark.parametrize(("suite", "section", "module"), SECTION_MODULES, ids=param_id)
def test_each_public_function_cites_a_rule(suite: GameSuite, section: str, module: str) -> None:
    rulings = ruling_prefix(suite)
    tree = ast.parse((SPEC / suite.package / f"{module}.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            doc = ast.get_docstring(node) or ""
            assert "§" in doc or rulings in doc, f"{suite.id}: {module}.{node.name} cites no section or ruling"


@pytest.mark.parametrize("suite", games(), ids=param_id)
def test_every_ruling_cited_in_the_spec_exists(suite: GameSuite) -> None:
    pattern = re.escape(ruling_prefix(suite)) + r"\d{2}"
    cited = {found for path in spec_files(suite) for found in re.findall(pattern, path.read_text(encoding="utf-8"))}
    known = {ruling.id for ruling in load_rulings(suite.package)}
    assert cited <= known, f"{suite.id}: the spec cites rulings not in its register: {sorted(cited - known)}"
    uncited = known - cited - set(APPLIED_WITHOUT_CODE)
    assert not uncited, f"{suite.id}: rulings no spec function cites: {sorted(uncited)}"


@pytest.mark.parametrize("suite", games(), ids=param_id)
def test_spec_functions_are_small(suite: GameSuite) -> None:
    for path in spec_files(suite):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                body = node.body[1:] if ast.get_docstring(node) else node.body
                lines = body[-1].end_lineno - body[0].lineno + 1 if body and body[-1].end_lineno else 0
                assert lines <= LONGEST_FUNCTION, f"{suite.id}: {path.name}:{node.name} has {lines} lines"


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
