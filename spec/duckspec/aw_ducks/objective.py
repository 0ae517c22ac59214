"""Rules §2 Objective: the most points wins, over one round or a game of several rounds.

A round's points are counted at its end (§9). A game of several rounds goes on until, at the
end of a round, some player's running total has reached the agreed total (ruling AD-R15): the
text suggests 400 points for two players, 300 for three and 250 for four (the option ``target``
may set another). The player with the highest total then wins. When the highest totals are level
the game is not yet decided and another round is played (AD-R15); a single round, which has no
next round, can end with the win shared (AD-R16).
"""

from __future__ import annotations

from duckspec.aw_ducks.options import RuleOptions

SUGGESTED_TARGETS = {2: 400, 3: 300, 4: 250}
"""The totals the text suggests, by number of players (§2)."""


def suggested_target(players: int) -> int:
    """The total the text suggests for a game of ``players`` players (§2).

    pre: players in (2, 3, 4)
    post: __return__ in (250, 300, 400)
    post: players != 2 or __return__ == 400
    """
    return SUGGESTED_TARGETS[players]


def target_for(options: RuleOptions, players: int) -> int:
    """The total that ends a game for 2, 3 or 4 ``players``: the agreed ``target``, else the suggested one (§2)."""
    return suggested_target(players) if options.target is None else options.target


def has_reached_target(totals: tuple[int, ...], target: int) -> bool:
    """Whether some player's total has reached ``target``: equal counts as reached (§2; AD-R15).

    pre: len(totals) >= 2 and target >= 1
    post: __return__ == any(total >= target for total in totals)
    """
    return max(totals) >= target


def leaders(totals: tuple[int, ...]) -> tuple[int, ...]:
    """The players with the highest score or total, in seat order (§2; AD-R15, AD-R16).

    pre: len(totals) >= 2
    post: len(__return__) >= 1 and all(totals[player] == max(totals) for player in __return__)
    """
    best = max(totals)
    return tuple(player for player, total in enumerate(totals) if total == best)


def round_winners(scores: tuple[int, ...]) -> tuple[int, ...]:
    """Who wins a game of one round: every player with the highest score, so a tie shares the win (§2; AD-R16).

    These are the :func:`leaders` of the scores, one at least.
    """
    return leaders(scores)


def game_winner(totals: tuple[int, ...], target: int) -> int | None:
    """The winner of a game once a round has been counted, or None while it goes on (§2; AD-R15).

    The game ends when a total has reached ``target`` and one player alone has the highest total;
    with the highest totals level, another round is played.

    pre: len(totals) >= 2 and target >= 1
    post: __return__ is None or (totals[__return__] >= target and leaders(totals) == (__return__,))
    """
    if not has_reached_target(totals, target):
        return None
    top = leaders(totals)
    return top[0] if len(top) == 1 else None
