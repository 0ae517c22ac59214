"""Recording play on the Aw Ducks! engine as a conformance trace, to replay it, share it or dispute it.

>>> from ducksoup.aw_ducks.traces import TraceRecorder
>>> from duckspec.aw_ducks.components import full_deck
>>> recorder = TraceRecorder("my-first-round", "A round played by hand", "round", [full_deck()], 1, players=3)
>>> recorder.apply(recorder.play.legal_actions()[0])
>>> trace = recorder.trace()
>>> trace["steps"][0]["action"], trace["steps"][0]["state"]["deck"]
({'player': 1, 'turn': 'draw'}, 95)
"""

from __future__ import annotations

from collections.abc import Sequence

from duckcheck.aw_ducks.encoding import action_json, options_json
from duckcheck.aw_ducks.oracle import Table
from duckcheck.codec import JSON
from duckcheck.oracle import Scope
from ducksoup.aw_ducks.engine import Game, Round
from ducksoup.recording import SetupRecorder
from duckspec.aw_ducks import GAME_ID
from duckspec.aw_ducks.actions import Action
from duckspec.aw_ducks.components import Card
from duckspec.aw_ducks.errors import IllegalAction
from duckspec.aw_ducks.options import RuleOptions


def start(scope: str, options: RuleOptions, first: int, decks: Sequence[Sequence[Card]], players: int) -> Round | Game:
    """A new engine round (scope ``"round"``) or game, checked like a trace's setup."""
    kind = Scope(scope)
    Table.check_setup(kind, options, len(decks))
    return Round(decks[0], first, players, options) if kind is Scope.ROUND else Game(decks, first, players, options)


class TraceRecorder(SetupRecorder[Round | Game, Action]):
    """Records play on the engine as a conformance trace; a game that needs another deck is given one with
    :meth:`~ducksoup.recording.EngineRecorder.add_deck`. ``dealer`` is the player who starts the first round (a
    trace's ``dealer``)."""

    game_id = GAME_ID
    illegal_action = IllegalAction
    default_players = 2
    series = Game
    standard_options = staticmethod(RuleOptions)
    start_engine = staticmethod(start)
    encode_options = staticmethod(options_json)
    action_json = staticmethod(action_json)

    def final(self) -> JSON:
        """Every finished round's scores and winners; for a game, the totals and the winner (None while it goes
        on)."""
        if isinstance(self.play, Game):
            rounds = [round_outcome(scores) for scores in self.play.round_scores]
            return {"rounds": rounds, "totals": list(self.play.totals), "winner": self.play.winner}
        return {"rounds": [round_outcome(self.play.points)] if self.play.is_over else []}


def round_outcome(scores: Sequence[int]) -> JSON:
    """A finished round's scores and its winners (every player with the top score: ruling AD-R16)."""
    best = max(scores)
    return {"scores": list(scores), "winners": [player for player, score in enumerate(scores) if score == best]}
