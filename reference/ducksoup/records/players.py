"""The players of a record: the names of its Players tag, and a player named in the record by name or number.

Every game's record names its players the same way: ``[Players "Anna, Ben, Cleo"]`` gives their
names in seat order, and the record then names a player by that name (in any case), by number
(``0``, ``p0``, ``player 0``), wherever it names one (a tag such as the dealer or start player, a
hand or turn line's label).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from duckcheck.untrusted import excerpt
from ducksoup.records.errors import Pos, RecordError
from ducksoup.records.reading import Item


def player_named(text: str, names: Sequence[str], count: int, at: Pos, what: str) -> int:
    """The player ``text`` names: a name of ``names`` (any case, spaces folded), or ``N``, ``pN``, ``player N`` for
    N from 0 to ``count - 1``; :class:`RecordError` at ``at`` saying ``what`` wanted one, and who the players are."""
    label = " ".join(text.split()).lower()
    for player in range(count):
        named = names[player].lower() if names else ""
        if label in (str(player), f"player {player}", f"p{player}") or label == named != "":
            return player
    listed = ", ".join(excerpt(name) for name in names) + ", or " if names else ""
    raise RecordError(f"{what}: {excerpt(text)} is not a player: write {listed}0 to {count - 1}", at)


def player_names(item: Item, counts: Sequence[int], section: str) -> tuple[str, ...]:
    """The names of a Players tag: ``counts`` players (one of them), separated by commas, each different, none a
    player's number or the record's ``section`` word (``Deal``, ``Round``), none holding a colon, brackets or
    quotes (which end a label or a tag)."""
    names = [" ".join(name.split()) for name in item.value.split(",")]
    if len(names) not in counts or not all(names):
        words = [str(count) for count in counts]
        number = words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"
        raise RecordError(
            f"[{item.text}] names the {number} players in seat order, separated by commas: {excerpt(item.value)}",
            item.at,
        )
    for name in names:
        numbered = re.fullmatch(rf"\d+\.?|p\d+|player \d+|{section.lower()}( \d+)?", name.lower())
        if numbered or re.search(r"[:\[\]\"]", name):
            raise RecordError(
                f"{excerpt(name)} cannot be a player's name here: names hold no colon, brackets or quotes, "
                f"and are not numbers, p0 or {section}",
                item.at,
            )
    if len({name.lower() for name in names}) != len(names):
        raise RecordError("the players need different names", item.at)
    return tuple(names)
