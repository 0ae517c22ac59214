"""The Aw Ducks! specification mirrors the text: one module per section, each naming it; every function cites a rule."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import duckspec.aw_ducks as package
from duckspec.aw_ducks import GAME_ID, SECTION_TITLES, SECTIONS

SPEC = Path(package.__file__).resolve().parent


def test_the_sections_are_numbered_in_order_and_titled() -> None:
    assert list(SECTIONS) == [f"§{n}" for n in range(1, 10)]
    assert set(SECTION_TITLES) == set(SECTIONS)
    assert GAME_ID == "aw-ducks"


@pytest.mark.parametrize(("section", "module"), sorted(SECTIONS.items()))
def test_each_section_module_names_its_section(section: str, module: str) -> None:
    loaded = importlib.import_module(f"duckspec.aw_ducks.{module}")
    assert loaded.__doc__ is not None and loaded.__doc__.startswith(f"Rules {section} ")


@pytest.mark.parametrize(("section", "module"), sorted(SECTIONS.items()))
def test_each_public_function_cites_a_rule(section: str, module: str) -> None:
    tree = ast.parse((SPEC / f"{module}.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            doc = ast.get_docstring(node) or ""
            assert "§" in doc or "AD-R" in doc, f"{module}.{node.name} cites no section or ruling"


def test_every_ruling_cited_in_the_spec_exists() -> None:
    import re

    from duckspec.rulings import load_rulings

    cited = set()
    for path in SPEC.glob("*.py"):
        cited |= set(re.findall(r"AD-R\d{2}", path.read_text(encoding="utf-8")))
    known = {ruling.id for ruling in load_rulings("aw_ducks")}
    assert cited == known


def test_the_state_machines_hold_no_rule_of_their_own() -> None:
    """``rounds.py`` and ``game.py`` compose the sections: every refusal of a turn is built in a section module
    (:mod:`duckspec.aw_ducks.gameplay`, ``turn_options``, ``discarding``, ``round_end``) and gathered by
    ``rounds.check_action``; only ``game.py`` refuses the game-over, a rule of §2 that no round knows."""
    built = {
        path.stem: [
            node
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "IllegalAction"
        ]
        for path in SPEC.glob("*.py")
    }
    assert built["rounds"] == [] and len(built["game"]) == 1
    assert all(built[module] for module in ("gameplay", "turn_options", "discarding", "round_end"))
