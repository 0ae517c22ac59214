"""The "adding a game" page (``docs/implementers/adding-a-game.rst``) holds: every test it names exists, and the
checks it promises for the steps no other shared test covers.

The page says, for each step of adding a game, which test fails when the step is left out. Those names are read
from the page and looked up in the test files, so a renamed or moved test fails here rather than leaving the page
pointing at nothing.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path
from typing import Any

import pytest

from duckcheck.games import GameSuite, games
from duckcheck.lint import published
from duckcheck.trace import load_manifest, suite_dir

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "implementers" / "adding-a-game.rst"
TEST_REFERENCE = re.compile(r"``(tests/[\w/]+\.py)::(\w+)``")
"""A test named on the page: ``tests/file.py::test_name``."""
FILE_REFERENCE = re.compile(r"``(tests/[\w/]+\.py)``")
"""A test file named on the page as a model to follow (a path with ``<package>`` in it is a pattern, not a file)."""


def page() -> str:
    return PAGE.read_text(encoding="utf-8")


def defined_tests(path: Path) -> set[str]:
    """The names of the test functions that ``path`` defines, at its top level or in its classes."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_")
    }


def test_the_page_names_tests_for_every_step() -> None:
    steps = re.findall(r"^\d+\. .+\n-+$", page(), re.M)
    assert len(steps) >= 10, f"the page has {len(steps)} numbered steps"
    assert len(set(TEST_REFERENCE.findall(page()))) >= 25


def missing_tests(text: str) -> list[str]:
    """Each test that ``text`` names and that does not exist, with what is wrong."""
    missing = []
    for file, name in sorted(set(TEST_REFERENCE.findall(text))):
        path = ROOT / file
        if not path.is_file():
            missing.append(f"{file}::{name}: there is no file {file}")
        elif name not in defined_tests(path):
            missing.append(f"{file}::{name}: {file} defines no test {name}")
    return missing


def test_every_test_the_page_names_exists() -> None:
    missing = missing_tests(page())
    assert not missing, "adding-a-game.rst names tests that do not exist:\n" + "\n".join(missing)


def test_every_test_file_the_page_names_as_a_model_exists() -> None:
    missing = sorted({file for file in FILE_REFERENCE.findall(page()) if not (ROOT / file).is_file()})
    assert not missing, f"adding-a-game.rst names test files that do not exist: {missing}"


def test_the_drift_check_catches_a_misspelt_test_and_a_moved_file() -> None:
    text = (
        "``tests/test_registry.py::test_each_game_has_its_folder_in_every_layer``, "
        "``tests/test_registry.py::test_each_game_has_its_folder_in_every_laye``, "
        "``tests/gone/test_registry.py::test_each_game_has_its_folder_in_every_layer``"
    )
    assert missing_tests(text) == [
        "tests/gone/test_registry.py::test_each_game_has_its_folder_in_every_layer: there is no file "
        "tests/gone/test_registry.py",
        "tests/test_registry.py::test_each_game_has_its_folder_in_every_laye: tests/test_registry.py defines no test "
        "test_each_game_has_its_folder_in_every_laye",
    ]


def faulty_implementations(suite: GameSuite, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The ``FAULTS`` of the file that the game's docs module names as its faulty implementations."""
    pytest.importorskip("sphinx")  # a game's docs module draws with Sphinx
    monkeypatch.syspath_prepend(str(ROOT / "docs" / "_ext"))
    from game_docs import game_docs

    module_name = ".".join(Path(game_docs(suite.id).FAULTS_FILE).with_suffix("").parts)
    faults: dict[str, Any] = importlib.import_module(module_name).FAULTS
    return faults


@pytest.mark.parametrize("suite", games(), ids=lambda suite: suite.id)
def test_every_other_reading_of_every_ruling_is_a_faulty_implementation(
    suite: GameSuite, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Step 8 for every game, a new one included: each alternative of the register is a fault naming its ruling."""
    faults = faulty_implementations(suite, monkeypatch)
    for ruling in suite.rulings():
        assert ruling.alternatives or ruling.inexpressible, f"{ruling.id} names no other reading"
        for alternative in ruling.alternatives:
            assert alternative.fault in faults, f"{ruling.id}: no faulty implementation {alternative.fault!r}"
            assert ruling.id in faults[alternative.fault].rule, f"{alternative.fault} names no {ruling.id}"


def test_every_trace_of_every_game_is_published_with_its_hash() -> None:
    """Step 4: the manifest's traces, every game's, are in ``published-ids.txt`` with the SHA-256 they have."""
    register = published(suite_dir())
    listed = {entry["id"]: entry["sha256"] for entry in load_manifest()["traces"]}
    unpublished = sorted(trace_id for trace_id, sha256 in listed.items() if register.get(trace_id) != sha256)
    assert not unpublished, f"traces not in published-ids.txt with their SHA-256: {unpublished[:5]}"


def imported_modules(path: Path) -> set[str]:
    modules = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            modules |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules.add(node.module)
    return modules


@pytest.mark.parametrize("suite", games(), ids=lambda suite: suite.id)
def test_every_game_has_a_benchmark_of_its_engine(suite: GameSuite) -> None:
    """Step 10: ``nox -s bench`` runs every script of ``benchmarks/``; one of them must time the game's engine."""
    engine = f"ducksoup.{suite.package}."
    scripts = sorted((ROOT / "benchmarks").glob("*.py"))
    timing_it = [path.name for path in scripts if any(name.startswith(engine) for name in imported_modules(path))]
    assert timing_it, f"no script of benchmarks/ imports {engine}*: add benchmarks/{suite.package}.py"


@pytest.mark.parametrize("suite", games(), ids=lambda suite: suite.id)
def test_every_game_is_in_the_familys_table(suite: GameSuite) -> None:
    """Step 7: the family's page lists the game with its name in traces and its IDs' prefix."""
    family = (ROOT / "docs" / "family.rst").read_text(encoding="utf-8")
    row = f"``{suite.id}``, IDs ``{suite.trace_prefix}``"
    assert row in family, f"docs/family.rst: the table has no row for {suite.id} (its third column reads {row!r})"


@pytest.mark.parametrize("suite", games(), ids=lambda suite: suite.id)
def test_every_games_engine_has_its_python_api_page(suite: GameSuite) -> None:
    """Step 7: a page of ``docs/python/`` documents the game's engine with autodoc."""
    directive = re.compile(rf"^\.\. auto(module|class):: ducksoup\.{suite.package}\.engine\b", re.M)
    pages = sorted((ROOT / "docs" / "python").glob("*.rst"))
    documenting = [page.name for page in pages if directive.search(page.read_text(encoding="utf-8"))]
    assert documenting, f"no page of docs/python/ documents ducksoup.{suite.package}.engine"
