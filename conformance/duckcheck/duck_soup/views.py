"""What each player may see: a player's view follows from the canonical state and the history.

The rules of the view (documented in ``conformance/README.md``):

* A player sees everything in the canonical state except the opponent's hand and the order of
  the stock: instead of ``hands`` the view holds the player's own ``hand``, the size of the
  opponent's hand (``opponent_hand``) and ``opponent_known``, the cards the player has seen go
  into the opponent's hand and that the opponent still holds.
* A card is seen going into a hand when a player takes the face-up card from the stock; under
  the hidden-stock option no card is ever face up, so nothing is known this way. Cards played
  to tricks are public (the table, and the counts in ``tricks`` and ``points``).
* Knowledge starts afresh with every deal; it is never a deduction (in the Soup course a player
  could work out the opponent's hand from the cards gone, but the view lists only what was seen).
"""

from __future__ import annotations

from typing import Any

from duckspec.cards import parse_card
from duckspec.seats import opponent

JSON = dict[str, Any]
Known = tuple[frozenset[str], frozenset[str]]
NOTHING_KNOWN: Known = (frozenset(), frozenset())


def hand_cards(hand: str) -> set[str]:
    return {hand[i : i + 2] for i in range(0, len(hand), 2)}


def known_after(before: JSON | None, after: JSON, known: Known) -> Known:
    """The cards each player is known to hold after the step from ``before`` to ``after``.

    ``known[p]`` lists cards of player ``p`` that the opponent saw them take face up.
    """
    if before is None or before.get("deal") != after.get("deal") or before["dealer"] != after["dealer"]:
        return NOTHING_KNOWN
    result = []
    for player in (0, 1):
        held = hand_cards(after["hands"][player])
        cards = set(known[player]) & held
        taken = before["face_up"]
        if taken is not None and taken in held and taken not in hand_cards(before["hands"][player]):
            cards.add(taken)
        result.append(frozenset(cards))
    return result[0], result[1]


def view(state: JSON, player: int, known: Known) -> JSON:
    """Player ``player``'s view of ``state``, given what is ``known`` of the hands."""
    seen = {key: value for key, value in state.items() if key != "hands"}
    other = opponent(player)
    seen["player"] = player
    seen["hand"] = state["hands"][player]
    seen["opponent_hand"] = len(state["hands"][other]) // 2
    seen["opponent_known"] = "".join(sorted(known[other], key=lambda card: parse_card(card).index))
    return seen


def views(state: JSON, known: Known) -> list[JSON]:
    return [view(state, player, known) for player in (0, 1)]


class TraceViews:
    """Follows one trace's accepted states and derives both players' views (the registry's ``views``)."""

    def __init__(self) -> None:
        self.state: JSON | None = None
        self.known = NOTHING_KNOWN

    def advance(self, state: JSON) -> list[JSON]:
        self.known = known_after(self.state, state, self.known)
        self.state = state
        return views(state, self.known)
