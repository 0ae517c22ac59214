"""Aw Ducks!'s words for the runner's reports: actions described, and the rules sections behind a failure."""

from __future__ import annotations

from collections.abc import Sequence

from duckcheck.codec import JSON
from duckspec.aw_ducks.errors import ErrorCode

FIELD_SECTIONS = {
    "start": "§3",
    "to_act": "§4",
    "player": "§4",
    "phase": "§5",
    "deck": "§6",
    "pond": "§6",
    "tableaux": "§6",
    "discards": "§6",
    "scored": "§7",
    "stashes": "§8",
    "stash_sizes": "§8",
    "points": "§9",
    "ender": "§9",
    "scores": "§9",
    "winners": "§2",
    "round": "§3",
    "round_scores": "§9",
    "totals": "§2",
    "target": "§2",
    "winner": "§2",
}
"""The section that governs each field of the canonical state (and of a view)."""

TURN_SECTIONS = {"draw": "§6", "score": "§7", "discard": "§8"}
"""The section of each kind of turn."""
PHASE_SECTIONS = {"forced-score": "§8", "final-score": "§9"}
"""The section that calls for a forced or a final Score."""


def describe(action: JSON) -> str:
    """``player 0 draws``, ``player 1 scores``, ``player 2 discards 3R``."""
    player, turn = action.get("player"), action.get("turn")
    if turn == "discard":
        return f"player {player} discards {action.get('card')}"
    return f"player {player} {turn}s" if turn in TURN_SECTIONS else f"player {player}: {turn!r}"


def sections_of(lines: Sequence[str], action: JSON | None, code: str | None, before: JSON) -> tuple[str, ...]:
    """The rules sections behind a divergence: the fields that differ, the kind of turn and the phase it came in.

    ``before`` is the expected state before the step: a Score that went wrong during the final
    Score turns concerns §9 as well as §7.
    """
    found: set[str] = set()
    if code:
        known = {error.value: error.section for error in ErrorCode}
        found.add(known.get(code, "§5"))
    for line in lines:
        name = line.split(":")[0].split(".")[-1].split("[")[0]
        if name in FIELD_SECTIONS:
            found.add(FIELD_SECTIONS[name])
        elif "views" in line:
            found.add("§4")
    if action is not None and lines and not code:
        found.add(TURN_SECTIONS.get(str(action.get("turn")), "§5"))
        if before.get("phase") in PHASE_SECTIONS:
            found.add(PHASE_SECTIONS[before["phase"]])
    return tuple(sorted(found, key=lambda section: int(section[1:])))
