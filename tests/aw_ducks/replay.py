"""Replaying an Aw Ducks! trace in-process against the spec's oracle or the engine, as the runner will.

:func:`replay` plays every step of a trace and reports the first divergence: a state, an accepted
or refused action, an error code, or (for the engine) a player's observation that differs from
the view derived from the trace's expected state (:func:`duckcheck.aw_ducks.views.view`).
"""

from __future__ import annotations

from typing import Any, Literal

from duckcheck.aw_ducks.encoding import parse_action, parse_cards_text, parse_options
from duckcheck.aw_ducks.oracle import Scope, Table
from duckcheck.aw_ducks.views import view
from duckcheck.compare import diff
from duckcheck.strict import same
from ducksoup.aw_ducks.engine import Game, Round
from duckspec.aw_ducks.errors import IllegalAction

JSON = dict[str, Any]
Backend = Literal["spec", "engine"]


class Player:
    """One backend behind the three calls a replay needs: apply, state, observation."""

    def __init__(self, trace: JSON, backend: Backend) -> None:
        scope = Scope(trace["scope"])
        options = parse_options(trace["options"])
        decks = tuple(parse_cards_text(deck, "decks") for deck in trace["decks"])
        start, players = trace["dealer"], trace["players"]
        self.players = players
        self.table: Table | None = None
        self.engine: Round | Game | None = None
        if backend == "spec":
            self.table = Table.start(scope, options, start, decks, players)
        elif scope is Scope.ROUND:
            self.engine = Round(decks[0], start, players, options)
        else:
            self.engine = Game(decks, start, players, options)

    def apply(self, action: Any) -> str | None:
        """The error code if the action is refused, else None."""
        try:
            if self.table is not None:
                self.table = self.table.apply(action)
            else:
                assert self.engine is not None
                self.engine.apply(action)
        except IllegalAction as error:
            return error.code.value
        return None

    def state(self) -> JSON:
        if self.table is not None:
            return self.table.to_json()
        assert self.engine is not None
        return self.engine.state()

    def observation(self, player: int) -> JSON:
        if self.table is not None:
            return view(self.table.to_json(), player)
        assert self.engine is not None
        return self.engine.observation(player)


def replay(trace: JSON, backend: Backend) -> str | None:
    """None if ``backend`` plays ``trace`` exactly as expected; else where and how it first differs."""
    where = trace["id"]
    try:
        player = Player(trace, backend)
        expected = trace["initial"]
        problem = _compare(player, expected, f"{where}: initial")
        if problem:
            return problem
        for index, step in enumerate(trace["steps"]):
            action = parse_action(step["action"])
            code = player.apply(action)
            place = f"{where}: step {index} ({action})"
            if "reject" in step:
                if code != step["reject"]:
                    return f"{place}: expected refusal {step['reject']}, got {code or 'acceptance'}"
            else:
                if code is not None:
                    return f"{place}: refused with {code}, expected acceptance"
                expected = step["state"]
            problem = _compare(player, expected, place)
            if problem:
                return problem
    except Exception as error:  # a crash of a faulty implementation is a failure like any other
        return f"{where}: {type(error).__name__}: {error}"
    return None


def _compare(player: Player, expected: JSON, place: str) -> str | None:
    found = diff(expected, player.state(), "state")
    if found:
        return f"{place}: " + "; ".join(found[:5])
    for seat in range(player.players):
        if not same(view(expected, seat), player.observation(seat)):
            return f"{place}: player {seat}'s observation differs from the view of the expected state"
    return None
