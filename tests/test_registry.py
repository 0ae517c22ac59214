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
ENVIRONMENT_ENTRIES = {LAYERS["ducksoup"] / "envs" / f"{package}_v0.py": package for package in PACKAGES}
"""The one exception to the rule, and only for these files: PettingZoo names an environment's module after its
game (``pettingzoo.classic.chess_v6``), so ``ducksoup.envs.<game>_v0`` is the game's public entry in a shared
folder. Such a module may import its own game's modules and must do nothing else (see
:func:`test_an_environment_entry_only_re_exports_its_own_game`); the environment lives in the game's folder."""


def shared_modules() -> list[tuple[str, Path]]:
    """Every module of the three packages that lies outside a game's folder, but for the environment entries."""
    return [
        (layer, path)
        for layer, folder in LAYERS.items()
        for path in sorted(folder.rglob("*.py"))
        if path.relative_to(folder).parts[0] not in PACKAGES and path not in ENVIRONMENT_ENTRIES
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


def game_module_imports(source: str) -> list[str]:
    """Every module of the three packages that ``source`` imports, as ``layer.package[.module]``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        found += [name for name in names if name.split(".")[0] in LAYERS]
    return found


def game_modules() -> list[tuple[str, Path]]:
    """Every module inside a game's folder, with the game's package."""
    return [
        (path.relative_to(folder).parts[0], path)
        for folder in LAYERS.values()
        for path in sorted(folder.rglob("*.py"))
        if path.relative_to(folder).parts[0] in PACKAGES
    ]


@pytest.mark.parametrize(("package", "path"), game_modules(), ids=lambda value: str(value))
def test_a_game_never_imports_another_games_modules(package: str, path: Path) -> None:
    imported = game_module_imports(path.read_text(encoding="utf-8"))
    others = [name for name in imported if len(name.split(".")) > 1 and name.split(".")[1] in PACKAGES - {package}]
    assert not others, f"{path.relative_to(ROOT)} imports {others}; share what two games need in a shared module"


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


def environment_entries() -> list[Path]:
    return sorted(path for path in (LAYERS["ducksoup"] / "envs").glob("*.py") if path.name != "__init__.py")


@pytest.mark.parametrize("path", environment_entries(), ids=lambda path: path.name)
def test_an_environment_entry_only_re_exports_its_own_game(path: Path) -> None:
    assert path in ENVIRONMENT_ENTRIES, f"{path.name}: an environment's module is named <game package>_v0.py"
    package = ENVIRONMENT_ENTRIES[path]
    body = ast.parse(path.read_text(encoding="utf-8")).body
    for node in body[1:] if ast.get_docstring(ast.Module(body=body, type_ignores=[])) else body:
        if isinstance(node, ast.ImportFrom) and node.module != "__future__":
            assert node.module and node.module.startswith(f"ducksoup.{package}."), f"{path.name}: {node.module}"
        else:
            exported = isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] == ["__all__"]
            assert exported or isinstance(node, ast.ImportFrom), f"{path.name} line {node.lineno}: only re-exports"
