"""The family's registry: every game is one entry in each layer, and the shared machinery never names a game.

Adding a game means adding its folders. The shared modules of the three packages reach a game only
through the registries (:mod:`duckcheck.games`, :mod:`ducksoup.games`): none of them imports a
game's modules or compares anything with a game's name, the way ``if game == "duck-soup"`` would.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import re
import sys
import textwrap
import types
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from duckcheck.data import data_dir
from duckcheck.games import DEFAULT_GAME, GameSuite, RegistryError, games
from duckcheck.trace import load_manifest
from ducksoup.games import TARGET_KINDS, GameReference, load, reference, references

ROOT = Path(__file__).resolve().parent.parent
LAYERS = {
    "duckspec": ROOT / "spec" / "duckspec",
    "ducksoup": ROOT / "reference" / "ducksoup",
    "duckcheck": ROOT / "conformance" / "duckcheck",
}
GAME_DOCS = ROOT / "docs" / "_ext" / "game_docs"
"""The docs' folder of games: one module per game, named after its package, beside the shared ``__init__``."""
IMPORT_ROOTS = {*LAYERS, GAME_DOCS.name}
"""The top-level packages whose sub-packages (or modules, for the docs) are games' folders."""
SHARED_FOLDERS = {"ducksoup": {"bridges", "envs", "records", "viewer"}}
"""The sub-packages of a layer that are not a game's folder."""
PACKAGES = {suite.package for suite in games()}
NAMES = {suite.id for suite in games()} | PACKAGES
ENVIRONMENT_ENTRIES = {LAYERS["ducksoup"] / "envs" / f"{package}_v0.py": package for package in PACKAGES}
"""The one exception to the rule, and only for these files: PettingZoo names an environment's module after its
game (``pettingzoo.classic.chess_v6``), so ``ducksoup.envs.<game>_v0`` is the game's public entry in a shared
folder. Such a module may import its own game's modules and must do nothing else (see
:func:`test_an_environment_entry_only_re_exports_its_own_game`); the environment lives in the game's folder."""


def shared_modules() -> list[tuple[str, Path]]:
    """Every module of the three packages that lies outside a game's folder, but for the environment entries; the
    docs' extension and configuration but for the games' docs modules; the noxfile."""
    packages = [
        (layer, path)
        for layer, folder in LAYERS.items()
        for path in sorted(folder.rglob("*.py"))
        if path.relative_to(folder).parts[0] not in PACKAGES and path not in ENVIRONMENT_ENTRIES
    ]
    extension = [path for path in sorted(GAME_DOCS.parent.rglob("*.py")) if path.parent != GAME_DOCS or is_shared(path)]
    docs = [*extension, ROOT / "docs" / "conf.py"]  # not the examples under docs/: each is a program of one game
    return [*packages, *(("docs", path) for path in docs), ("nox", ROOT / "noxfile.py")]


def is_shared(path: Path) -> bool:
    """Whether a module of the docs' folder of games is shared (``__init__``), not a game's."""
    return path.stem not in PACKAGES


def test_every_folder_of_a_layer_is_a_games_folder_or_a_declared_shared_one() -> None:
    for layer, folder in LAYERS.items():
        folders = {init.parent.name for init in folder.glob("*/__init__.py")}
        assert folders - SHARED_FOLDERS.get(layer, set()) == PACKAGES, f"{layer}: a folder is no game of the registry"
    docs_modules = {path.stem for path in GAME_DOCS.glob("*.py")} - {"__init__"}
    assert docs_modules == PACKAGES, "game_docs/: a game without its docs module or a module of no game"


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


def named_games(tree: ast.AST) -> list[tuple[int, str, str]]:
    """Every string of the code (not the docstrings) that names a game, as itself or as a part of a dotted name or
    path (``benchmarks/doubleduck.py``): its line, the string and the name."""
    docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    return [
        (node.lineno, node.value, name)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
        for name in sorted(NAMES & set(re.split(r"[/\\.:\s]+", node.value)))
    ]


def imported_modules(tree: ast.AST) -> list[tuple[int, str]]:
    """Every module of ours (the three layers, the docs' game modules) that the code imports, with its line."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.append((node.lineno, node.module))
    return [(line, name) for line, name in found if name.split(".")[0] in IMPORT_ROOTS]


def game_of(module: str) -> str | None:
    """The game package a module of ours belongs to (``duckspec.duck_soup.deal``: ``duck_soup``), if any."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in PACKAGES else None


def game_mentions(source: str, layer: str, filename: str) -> list[str]:
    """Where a shared module names a game: imports of a game's modules, and strings that name a game."""
    tree = ast.parse(source)
    found = [f"line {line} imports {module}" for line, module in imported_modules(tree) if game_of(module)]
    for line, value, name in named_games(tree):
        is_default = filename == "games.py" and layer == "duckcheck" and value == DEFAULT_GAME
        if not is_default:
            found.append(f"line {line} names the game {name!r}" + ("" if value == name else f" in {value!r}"))
    return found


@pytest.mark.parametrize(("layer", "path"), shared_modules(), ids=lambda value: str(value))
def test_shared_modules_never_name_a_game(layer: str, path: Path) -> None:
    mentions = game_mentions(path.read_text(encoding="utf-8"), layer, path.name)
    assert not mentions, f"{path.relative_to(ROOT)}: {mentions}; reach games through the registry"


def game_modules() -> list[tuple[str, Path]]:
    """Every module inside a game's folder, with the game's package; each game's docs module."""
    packages = [
        (path.relative_to(folder).parts[0], path)
        for folder in LAYERS.values()
        for path in sorted(folder.rglob("*.py"))
        if path.relative_to(folder).parts[0] in PACKAGES
    ]
    return [*packages, *((package, GAME_DOCS / f"{package}.py") for package in sorted(PACKAGES))]


@pytest.mark.parametrize(("package", "path"), game_modules(), ids=lambda value: str(value))
def test_a_game_never_imports_or_names_another_game(package: str, path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    others = [module for _, module in imported_modules(tree) if game_of(module) not in (None, package)]
    assert not others, f"{path.relative_to(ROOT)} imports {others}; share what two games need in a shared module"
    own_names = {package, package.replace("_", "-")}
    named = [f"line {line}: {value!r}" for line, value, name in named_games(tree) if name not in own_names]
    assert not named, f"{path.relative_to(ROOT)} names another game: {named}"


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


def test_the_check_catches_a_game_in_a_path_a_dotted_name_or_a_plain_import() -> None:
    source = (
        '"""The docstring may say duck_soup."""\n'
        "import game_docs.doubleduck\n"
        'session.run("python", "benchmarks/aw_ducks.py")\n'
        'importlib.import_module("ducksoup.duck_soup.engine")\n'
    )
    assert game_mentions(source, "nox", "noxfile.py") == [
        "line 2 imports game_docs.doubleduck",
        "line 3 names the game 'aw_ducks' in 'benchmarks/aw_ducks.py'",
        "line 4 names the game 'duck_soup' in 'ducksoup.duck_soup.engine'",
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


# The registries fail loudly ------------------------------------------------------------------------------------


def resolve_every_target(entry: GameReference) -> None:
    """Loads every target of ``entry``, each checked to be of its field's kind (RegistryError otherwise)."""
    for field in entry.targets():
        entry.resolve(field)


def test_every_target_field_of_an_entry_has_a_kind_that_is_checked() -> None:
    target_fields = {field.name for field in dataclasses.fields(GameReference)} - {"suite"}
    assert set(TARGET_KINDS) == target_fields


@pytest.mark.parametrize("entry", references(), ids=lambda entry: entry.id)
def test_every_target_of_every_game_imports_and_is_of_its_kind(entry: GameReference) -> None:
    optional = {name for name in TARGET_KINDS if name != "backends" and getattr(entry, name) is not None}
    assert set(entry.targets()) == {f"backends.{name}" for name in entry.backends} | optional
    resolve_every_target(entry)


BROKEN = "broken_game"
"""The package of the game that the tests below add to the family, each broken in its own way."""
BROKEN_SUITE = """
    import dataclasses
    from duckcheck.duck_soup import SUITE as MODEL
    SUITE = dataclasses.replace(MODEL, id={game_id!r}, title="Broken Game", family_order=99, trace_prefix="bg-")
"""
BROKEN_ENTRY = f"""
    import dataclasses
    from duckcheck.{BROKEN} import SUITE
    from ducksoup.duck_soup import GAME as MODEL
    GAME = dataclasses.replace(MODEL, suite=SUITE, {{changes}})
"""

AddToLayer = Callable[[str, str], None]


def forget_the_broken_game() -> None:
    games.cache_clear()
    references.cache_clear()
    for name in [name for name in sys.modules if BROKEN in name.split(".")]:
        del sys.modules[name]


@pytest.fixture
def add_to_layer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[AddToLayer]:
    """Adds the broken game's package to a layer (``duckcheck``, ``ducksoup``, ``game_docs``) from a temporary
    folder, for one test; the family is as before once it ends."""
    monkeypatch.syspath_prepend(str(ROOT / "docs" / "_ext"))

    def add(layer: str, source: str) -> None:
        folder = tmp_path / layer / BROKEN
        folder.mkdir(parents=True)
        (folder / "__init__.py").write_text(textwrap.dedent(source), encoding="utf-8")
        package = importlib.import_module(layer)
        monkeypatch.setattr(package, "__path__", [*package.__path__, str(tmp_path / layer)])
        importlib.invalidate_caches()

    forget_the_broken_game()
    yield add
    monkeypatch.undo()
    forget_the_broken_game()


def test_a_game_folder_without_its_suite_stops_the_registry_naming_the_package(add_to_layer: AddToLayer) -> None:
    add_to_layer("duckcheck", '"""A game folder that forgot its SUITE."""')
    with pytest.raises(RegistryError, match=rf"^duckcheck\.{BROKEN} defines no SUITE: "):
        games()


def test_a_suite_in_another_games_folder_stops_the_registry(add_to_layer: AddToLayer) -> None:
    add_to_layer("duckcheck", BROKEN_SUITE.format(game_id="other-game"))
    with pytest.raises(RegistryError, match=rf"^duckcheck\.{BROKEN}\.SUITE is the game 'other-game', whose folder"):
        games()


def test_a_game_without_its_reference_folder_stops_the_registry_naming_the_package(add_to_layer: AddToLayer) -> None:
    add_to_layer("duckcheck", BROKEN_SUITE.format(game_id="broken-game"))
    with pytest.raises(RegistryError, match=rf"^there is no package ducksoup\.{BROKEN}: "):
        references()


def test_a_reference_folder_without_its_entry_stops_the_registry_naming_the_package(add_to_layer: AddToLayer) -> None:
    add_to_layer("duckcheck", BROKEN_SUITE.format(game_id="broken-game"))
    add_to_layer("ducksoup", '"""A game folder that forgot its GAME."""')
    assert games()[-1].id == "broken-game"
    for reach_a_game in (references, lambda: reference(DEFAULT_GAME)):  # no game is reached in silence
        with pytest.raises(RegistryError, match=rf"^ducksoup\.{BROKEN} defines no GAME: "):
            reach_a_game()


@pytest.mark.parametrize(
    ("changes", "field", "problem"),
    [
        (
            'narrator="ducksoup.duck_soup.narate:narrator"',
            "narrator",
            "target 'ducksoup.duck_soup.narate:narrator': there is no module ducksoup.duck_soup.narate",
        ),
        (
            'bots="ducksoup.duck_soup.bots:BOTZ"',
            "bots",
            "target 'ducksoup.duck_soup.bots:BOTZ': module ducksoup.duck_soup.bots has no attribute 'BOTZ'",
        ),
        (
            'backends={"engine": "ducksoup.duck_soup.backends.EngineBackend"}',
            "backends.engine",
            "target 'ducksoup.duck_soup.backends.EngineBackend' is not of the form 'package.module:attribute'",
        ),
        (
            'viewer="ducksoup.duck_soup.narrate:narrator"',
            "viewer",
            "target 'ducksoup.duck_soup.narrate:narrator' is a function, not a ducksoup.viewer.scene.Drawing",
        ),
        (
            'play="ducksoup.duck_soup.scenes:DRAWING"',
            "play",
            "target 'ducksoup.duck_soup.scenes:DRAWING' is a Drawing, not a click command",
        ),
    ],
    ids=["misspelt-module", "misspelt-attribute", "no-colon", "wrong-kind", "not-a-command"],
)
def test_a_broken_target_fails_naming_the_game_the_field_and_the_target(
    add_to_layer: AddToLayer, changes: str, field: str, problem: str
) -> None:
    add_to_layer("duckcheck", BROKEN_SUITE.format(game_id="broken-game"))
    add_to_layer("ducksoup", BROKEN_ENTRY.format(changes=changes))
    entry = reference("broken-game")
    with pytest.raises(RegistryError) as caught:
        resolve_every_target(entry)
    assert str(caught.value) == f"broken-game: GameReference.{field}: {problem}"


def test_an_entry_with_another_games_suite_stops_the_registry(add_to_layer: AddToLayer) -> None:
    add_to_layer("duckcheck", BROKEN_SUITE.format(game_id="broken-game"))
    add_to_layer("ducksoup", "from ducksoup.duck_soup import GAME")
    with pytest.raises(
        RegistryError, match=rf"^ducksoup\.{BROKEN}\.GAME is the entry of 'duck-soup', not of 'broken-game'"
    ):
        references()


@pytest.mark.parametrize("suite", games(), ids=lambda suite: suite.id)
def test_every_game_has_a_docs_module_that_is_a_game_docs(suite: GameSuite, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("sphinx")  # a game's docs module draws with Sphinx
    monkeypatch.syspath_prepend(str(ROOT / "docs" / "_ext"))
    from game_docs import game_docs, interface_gaps

    module = importlib.import_module(f"game_docs.{suite.package}")
    assert interface_gaps(module) == []
    assert game_docs(suite.id) is module
    docs = game_docs(suite.id)
    for named in (docs.FAULTS_FILE, docs.POWER_TEST):  # the rulings register links them
        assert (ROOT / named).is_file(), f"game_docs.{suite.package} names {named}, which does not exist"


def test_the_docs_interface_check_names_each_gap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "docs" / "_ext"))
    from game_docs import interface_gaps

    module = types.ModuleType("half_done")
    module.SECTION_DOCUMENT = 1  # type: ignore[attr-defined]
    module.setup = lambda app, options: None  # type: ignore[attr-defined]
    gaps = interface_gaps(module)
    assert gaps[:3] == [
        "SECTION_DOCUMENT is of type int, not str",
        "no SOURCE_DOCUMENTS (of type dict[str, str])",
        "no FAULTS_FILE (of type str)",
    ]
    assert "setup does not take (app)" in gaps
    assert "no function outcome_rst(trace)" in gaps


def test_a_game_without_a_docs_module_fails_naming_the_module(add_to_layer: AddToLayer) -> None:
    add_to_layer("duckcheck", BROKEN_SUITE.format(game_id="broken-game"))
    from game_docs import game_docs

    with pytest.raises(RegistryError, match=rf"^broken-game has no docs module: add game_docs\.{BROKEN} "):
        game_docs("broken-game")


def test_a_docs_module_short_of_the_interface_fails_naming_what_it_lacks(add_to_layer: AddToLayer) -> None:
    add_to_layer("duckcheck", BROKEN_SUITE.format(game_id="broken-game"))
    add_to_layer("game_docs", 'SECTION_DOCUMENT = "en"')
    from game_docs import game_docs

    with pytest.raises(RegistryError, match=rf"^game_docs\.{BROKEN} is not a GameDocs: no SOURCE_DOCUMENTS "):
        game_docs("broken-game")
