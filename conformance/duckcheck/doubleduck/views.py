"""What each player may see: a player's view follows from the canonical state alone.

The rules of the view:

* A player sees everything in the canonical state except the other players' hands: instead of
  ``hands`` the view holds the player's own ``hand`` and ``hand_sizes``, the number of cards in
  each seat's hand (by seat). The partner's hand is as hidden as the opponents'.
* The stock is face down and its cards are drawn unseen (ruling DD-R18), so no card of another
  hand is ever known; the cards played are public (the table, and the counts in ``piles`` and
  ``tricks``). A player may work out much from the cards gone, but a view lists only what is
  shown.

Unlike Duck Soup's face-up stock card, nothing here depends on the history, so the view of each
step is a function of that step's state.
"""

from __future__ import annotations

from duckcheck.codec import JSON

Known = tuple[frozenset[str], ...]
"""By seat, the cards of that hand that the others have seen go into it: none, ever, in Doubleduck."""
NOTHING_KNOWN: Known = (frozenset(), frozenset(), frozenset(), frozenset())


def known_after(before: JSON | None, after: JSON, known: Known) -> Known:
    """What is known of the hands after a step: nothing, since every card is drawn face down (ruling DD-R18).

    Kept so that every game of the family offers the same interface to the runner.
    """
    return NOTHING_KNOWN


def view(state: JSON, player: int) -> JSON:
    """Player ``player``'s view of ``state``."""
    seen = {key: value for key, value in state.items() if key != "hands"}
    seen["player"] = player
    seen["hand"] = state["hands"][player]
    seen["hand_sizes"] = [len(hand) // 2 for hand in state["hands"]]
    return seen


def views(state: JSON, known: Known = NOTHING_KNOWN) -> list[JSON]:
    """The four players' views, by seat (``known`` is accepted for the family's interface; nothing is ever known)."""
    return [view(state, player) for player in range(len(state["hands"]))]


class TraceViews:
    """Follows one trace's accepted states and derives the four players' views (the registry's ``views``)."""

    def advance(self, state: JSON) -> list[JSON]:
        return views(state)
