"""Duck Soup's words for the runner's reports: actions described, and the rules sections behind a failure."""

from __future__ import annotations

from collections.abc import Sequence

from duckcheck.codec import JSON
from duckspec.duck_soup.errors import ErrorCode

SECTION_TITLES = {
    "§2": "The cards",
    "§3": "Setup",
    "§4": "Playing a trick",
    "§5": "Drawing",
    "§6": "Quacking",
    "§7": "Changing course",
    "§8": "Scoring",
    "§9": "Winning the game",
    "§11": "Variants (match play)",
}
"""The normative sections of the English rules and their titles."""

FIELD_SECTIONS = {
    "dealer": "§3",
    "deal": "§3",
    "hands": "§5",
    "stock": "§5",
    "face_up": "§5",
    "table": "§4",
    "to_act": "§4",
    "phase": "§4",
    "tricks": "§4",
    "points": "§4",
    "course": "§7",
    "scores": "§8",
    "deal_scores": "§8",
    "deal_points": "§8",
    "totals": "§9",
    "result": "§9",
    "games": "§11",
    "games_won": "§11",
    "winner": "§11",
}
"""The section that governs each field of the canonical state."""


def describe(action: JSON) -> str:
    """``player 1 plays 9C calling quack``, ``player 0 says duck``."""
    if "answer" in action:
        return f"player {action['player']} says {action['answer']}"
    call = f" calling {action['call']}" if "call" in action else ""
    return f"player {action['player']} plays {action['play']}{call}"


def sections_of(lines: Sequence[str], action: JSON | None, code: str | None, before: JSON) -> tuple[str, ...]:
    """The rules sections behind a divergence: the fields that differ, and the kind of step.

    ``before`` is the expected state before the step: when a trick of one suit was decided
    wrongly, the rank order of §2 is concerned too.
    """
    found: set[str] = set()
    if code:
        known = {error.value: error.section for error in ErrorCode}
        found.add(known.get(code, "§4"))
    for line in lines:
        name = line.split(":")[0].split(".")[-1].split("[")[0]
        if name in FIELD_SECTIONS:
            found.add(FIELD_SECTIONS[name])
        elif "views" in line:
            found.add("§3")
    if action is not None and ("call" in action or "answer" in action) and found & {"§4", "§5"}:
        found.add("§6")
    trick = before.get("table", "") + action.get("play", "") if action else ""
    if "§4" in found and len(trick) == 4 and trick[1] == trick[3]:
        found.add("§2")
    return tuple(sorted(found, key=lambda section: int(section[1:])))
