"""What only Aw Ducks!'s specification must show of its structure (every game's is in tests/test_structure.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import duckspec.aw_ducks as package

SPEC = Path(package.__file__).resolve().parent


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
