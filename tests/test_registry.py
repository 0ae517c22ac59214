"""The family's registry: every game is one entry in each layer, and the shared machinery never names a game.

Adding a game means adding its folders. The shared modules of the three packages reach a game only
through the registries (:mod:`duckcheck.games`, :mod:`ducksoup.games`): none of them imports a
game's modules or compares anything with a game's name, the way ``if game == "duck-soup"`` would.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from duckcheck.data import data_dir
from duckcheck.games import DEFAULT_GAME, GameSuite, games
from duckcheck.trace import load_manifest
from ducksoup.games import load, reference, references

ROOT = Path(__file__).resolve().parent.parent
LAYERS = {
    "duckspec": ROOT / "spec" / "duckspec",
    "ducksoup": ROOT / "reference" / "ducksoup",
    "duckcheck": ROOT / "conformance" / "duckcheck",
}
PACKAGES = {suite.package for suite in games()}
NAMES = {suite.id for suite in games()} | PACKAGES


def shared_modules() -> list[tuple[str, Path]]:
    """Every module of the three packages that lies outside a game's folder."""
    return [
        (layer, path)
        for layer, folder in LAYERS.items()
        for path in sorted(folder.rglob("*.py"))
        if path.relative_to(folder).parts[0] not in PACKAGES
    ]


def test_the_family_has_duck_soup_first_and_it_is_the_default() -> None:
    assert games()[0].id == DEFAULT_GAME == "duck-soup"
    assert [entry.suite for entry in references()] == list(games())


@pytest.mark.parametrize("suite", games(), ids=lambda suite: suite.id)
def test_each_game_has_its_folder_in_every_layer(suite: GameSuite) -> None:
    entry = reference(suite.id)
    package = entry.suite.package
    spec = importlib.import_module(f"duckspec.{package}")
    assert entry.id == spec.GAME_ID
    assert set(spec.SECTIONS) == set(entry.suite.sections)
    assert entry.suite.rulings(), f"{entry.id} has no rulings register"
    assert all(ruling.id.startswith(entry.suite.trace_prefix[:2].upper() + "-R") for ruling in entry.suite.rulings())
    assert (data_dir("schema") / "games" / f"{entry.id}.schema.json").is_file()
    assert {"engine", "spec"} <= set(entry.backends)
    assert {"random", "greedy"} <= set(entry.bot_classes())
    assert entry.analyse is None or callable(load(entry.analyse))  # the analysis, where the game has one
    assert entry.worked_examples() or entry.id != DEFAULT_GAME
    listed = [item for item in load_manifest()["traces"] if item["game"] == entry.id]
    assert listed and all(item["file"].startswith(f"{entry.id}/") for item in listed)
    assert all(item["id"].startswith(entry.suite.trace_prefix) for item in listed)


def game_mentions(source: str, layer: str, filename: str) -> list[str]:
    """Where a shared module names a game: imports of a game's modules, and strings equal to a game's name."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            parts = node.module.split(".")
            if parts[0] in LAYERS and len(parts) > 1 and parts[1] in PACKAGES:
                found.append(f"line {node.lineno} imports {node.module}")
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in NAMES:
            is_default = filename == "games.py" and layer == "duckcheck" and node.value == DEFAULT_GAME
            if not is_default:
                found.append(f"line {node.lineno} names the game {node.value!r}")
    return found


@pytest.mark.parametrize(("layer", "path"), shared_modules(), ids=lambda value: str(value))
def test_shared_modules_never_name_a_game(layer: str, path: Path) -> None:
    mentions = game_mentions(path.read_text(encoding="utf-8"), layer, path.name)
    assert not mentions, f"{path.relative_to(ROOT)}: {mentions}; reach games through the registry"


def test_the_check_catches_a_game_branch_and_a_game_import() -> None:
    branch = (
        "from duckspec.duck_soup.deal import apply\n"
        "def f(trace):\n"
        '    if trace["game"] == "duck-soup":\n'
        "        return 1\n"
    )
    assert game_mentions(branch, "ducksoup", "cli.py") == [
        "line 1 imports duckspec.duck_soup.deal",
        "line 3 names the game 'duck-soup'",
    ]
