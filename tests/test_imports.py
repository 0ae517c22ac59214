"""No import cycles: no module of the three packages imports a module that imports it back.

Every import counts, at the top of a module or inside a function (a lazy import hides a cycle without
removing it), and so does a ``"package.module:attribute"`` target, which the command line and the registry
import by name. A lazy import that is no cycle is fine where a comment says why it is lazy, like
``ducksoup.checking``'s import of ``ducksoup.viewer.report``, made only for ``check --html``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = {"spec": "duckspec", "reference": "ducksoup", "conformance": "duckcheck"}
"""Each folder and the package it holds."""
TARGET = re.compile(r"""["'](duck(?:spec|soup|check)(?:\.\w+)+)[:"']""")
"""A module named in a string: ``"ducksoup.telling:replay"``."""


def modules(folders: Mapping[Path, str]) -> dict[str, Path]:
    """Every module of the packages, by dotted name (a package by its ``__init__.py``)."""
    found = {}
    for folder, package in folders.items():
        for path in sorted((folder / package).rglob("*.py")):
            parts = path.with_suffix("").relative_to(folder).parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported(name: str, path: Path, known: Mapping[str, Path]) -> Iterator[str]:
    """The modules of ``known`` that module ``name`` imports, anywhere in it or by a string target."""
    source = path.read_text(encoding="utf-8")
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            submodules = [f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in known]
            yield from submodules
            if len(submodules) < len(node.names):  # a name defined in the module ``base`` itself
                yield base
    for target in TARGET.findall(source):
        while target and target not in known:
            target = target.rpartition(".")[0]
        yield target


def import_graph(folders: Mapping[Path, str]) -> dict[str, set[str]]:
    """Each module and the other modules of the packages it imports."""
    known = modules(folders)
    return {
        name: {target for target in imported(name, path, known) if target in known and target != name}
        for name, path in known.items()
    }


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, directly or through others (Tarjan's strongly connected
    components of more than one module), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in sorted(graph[module]):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = stack[stack.index(module) :]
            del stack[stack.index(module) :]
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_no_module_imports_one_that_imports_it_back() -> None:
    graph = import_graph({ROOT / folder: package for folder, package in PACKAGES.items()})
    assert len(graph) > 100 and graph["ducksoup.cli"], "the modules were not read"
    assert cycles(graph) == [], "break each cycle: move what both need into a module of its own"


def test_a_cycle_through_a_lazy_import_or_a_string_target_is_found(tmp_path: Path) -> None:
    package = tmp_path / "ducksoup"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "cli.py").write_text('COMMANDS = {"replay": "ducksoup.telling:replay"}\n')
    (package / "telling.py").write_text("def replay():\n    from ducksoup.cli import COMMANDS\n")
    (package / "bots.py").write_text("from . import strong\n")
    (package / "strong.py").write_text("def bot():\n    from .bots import GreedyBot\n")
    (package / "roster.py").write_text("from ducksoup import bots, strong\n")
    graph = import_graph({tmp_path: "ducksoup"})
    assert cycles(graph) == [["ducksoup.bots", "ducksoup.strong"], ["ducksoup.cli", "ducksoup.telling"]]
