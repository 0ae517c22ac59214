"""The Doubleduck contracts that CrossHair checks: the modules, and that each of their contracts is there.

The ``contracts`` nox session finds the modules with ``post:`` lines in each game's folder and checks
them as one group on its own budget (``nox -s contracts -- doubleduck``; with ``--per_condition_timeout=2``
the Doubleduck group takes about 40 CPU seconds). This file pins the list: every module of the
Doubleduck specification whose functions state ``pre:``/``post:`` contracts is listed, and every listed
module has some, so a module that loses its contracts, or gains them unnoticed, fails here.
"""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

import duckspec.doubleduck as package

CROSSHAIR_MODULES = [
    "duckspec.doubleduck.cards",
    "duckspec.doubleduck.dealing",
    "duckspec.doubleduck.duck_course",
    "duckspec.doubleduck.soup_course",
    "duckspec.doubleduck.scoring",
    "duckspec.doubleduck.winning",
]
"""The modules of Doubleduck's contracts (the shared ``duckspec.cards``, ``seats`` and ``trick_taking`` are a group of
their own)."""


def contract_lines(module_name: str) -> list[str]:
    module = importlib.import_module(module_name)
    lines = []
    for _, function in inspect.getmembers(module, inspect.isfunction):
        if function.__module__ == module_name:
            doc = inspect.getdoc(function) or ""
            lines += [line.strip() for line in doc.splitlines() if line.strip().startswith(("pre:", "post:"))]
    return lines


def test_every_listed_module_states_contracts() -> None:
    for name in CROSSHAIR_MODULES:
        assert any(line.startswith("post:") for line in contract_lines(name)), f"{name} states no postcondition"


def test_every_module_with_contracts_is_listed() -> None:
    folder = Path(package.__file__).resolve().parent
    for path in folder.glob("*.py"):
        name = f"duckspec.doubleduck.{path.stem}"
        if path.stem != "__init__" and contract_lines(name):
            assert name in CROSSHAIR_MODULES, f"{name} has contracts but is not checked"
