"""What each player may see of Aw Ducks!: a view follows from the canonical state alone (ruling AD-R17).

Nothing of the game is held in one player's hand: tableaux, the Duck Pond and the discard pile lie
face up (AD-R12), and every card banked by a Score turn was face up in a tableau or the pond on
its way into the score pile. What nobody sees is the deck's order (never in the state) and the
Secret Stash cards, not even their owner (§8). So every player's view is the same, save the
``player`` key:

* during the round the view is the canonical state without ``stashes`` and ``points`` (a score
  pile's worth would tell the stash's worth), with ``stash_sizes`` instead: how many stash cards
  each score pile holds;
* once the round is over (``phase`` ``"over"``), the count shows everything: the view is the whole
  state, with ``stash_sizes`` too.

In a game, the rounds already counted are open: ``round_scores`` and ``totals`` stay in the view.
"""

from __future__ import annotations

from duckcheck.codec import JSON

HIDDEN_DURING_THE_ROUND = ("stashes", "points")


def view(state: JSON, player: int) -> JSON:
    """Player ``player``'s view of the canonical ``state`` (AD-R17)."""
    over = state["phase"] == "over"
    seen = {key: value for key, value in state.items() if over or key not in HIDDEN_DURING_THE_ROUND}
    seen["player"] = player
    seen["stash_sizes"] = [len(stash) // 2 for stash in state["stashes"]]
    return seen


def views(state: JSON) -> list[JSON]:
    """Every player's view of ``state``, by player."""
    return [view(state, player) for player in range(len(state["tableaux"]))]


class TraceViews:
    """Follows one trace's accepted states and derives every player's views (the registry's ``views``).

    An Aw Ducks! view needs no history: it follows from the state alone.
    """

    def advance(self, state: JSON) -> list[JSON]:
        return views(state)
