"""Doubleduck's words for the runner's reports: actions described, and the rules sections behind a failure."""

from __future__ import annotations

from collections.abc import Sequence

from duckcheck.codec import JSON
from duckcheck.doubleduck.encoding import FIELD_SECTIONS
from duckspec.doubleduck.errors import ErrorCode

ERROR_SECTIONS = {code.value: code.section for code in ErrorCode}


def describe(action: JSON) -> str:
    """``player 1 plays 9C calling quack-quack``."""
    call = f" calling {action['call']}" if "call" in action else ""
    return f"player {action.get('player')} plays {action.get('play')}{call}"


def sections_of(lines: Sequence[str], action: JSON | None, code: str | None, before: JSON) -> tuple[str, ...]:
    """The rules sections behind a divergence: the fields that differ, and the kind of step.

    ``before`` is the expected state before the step. A view that differs concerns what is dealt
    face down (§2); an accepted card that completes a trick holding two cards of the suit led, when
    the trick's outcome differs, concerns the rank order too (§1), and in the Soup course what
    changes there (§5).
    """
    found: set[str] = set()
    if code:
        found.add(ERROR_SECTIONS.get(code, "§4"))
    for line in lines:
        name = line.split(":")[0].split(".")[-1].split("[")[0]
        if name in FIELD_SECTIONS:
            found.add(FIELD_SECTIONS[name])
        elif "views" in line:
            found.add("§2")
    table = str(before.get("table", "")) + str(action.get("play", "")) if action and not code else ""
    if "§4" in found and len(table) == 8 and sum(table[i + 1] == table[1] for i in range(0, 8, 2)) > 1:
        found.add("§1")
    if "§4" in found and before.get("course") == "soup":
        found.add("§5")
    return tuple(sorted(found, key=lambda section: int(section[1:])))
