"""Recording play on the Doubleduck engine as a conformance trace, to replay it, share it or dispute it.

>>> from ducksoup.doubleduck.traces import TraceRecorder
>>> from duckspec.doubleduck.cards import two_packs
>>> recorder = TraceRecorder("my-first-deal", "A deal played by hand", "deal", [two_packs()], dealer=3)
>>> recorder.apply(recorder.play.legal_actions()[0])
>>> trace = recorder.trace()
>>> trace["steps"][0]["action"], trace["steps"][0]["state"]["table"]
({'player': 0, 'play': 'AC'}, 'AC')
"""

from __future__ import annotations

from collections.abc import Sequence

from duckcheck.codec import JSON
from duckcheck.doubleduck.encoding import action_json, options_json
from duckcheck.doubleduck.oracle import Table
from duckcheck.oracle import Scope
from ducksoup.doubleduck.engine import Deal, Game
from ducksoup.recording import SetupRecorder
from duckspec.cards import Card
from duckspec.doubleduck import GAME_ID, PLAYERS
from duckspec.doubleduck.actions import Action
from duckspec.doubleduck.errors import IllegalAction
from duckspec.doubleduck.variants import RuleOptions


def start(
    scope: str, options: RuleOptions, dealer: int, decks: Sequence[Sequence[Card]], players: int = PLAYERS
) -> Deal | Game:
    """A new engine deal (scope ``"deal"``) or game, checked like a trace's setup."""
    kind = Scope(scope)
    Table.check_setup(kind, options, len(decks), players)
    return Deal(decks[0], dealer, options) if kind is Scope.DEAL else Game(decks, dealer, options)


class TraceRecorder(SetupRecorder[Deal | Game, Action]):
    """Records play on the engine as a conformance trace; a game that needs another deck is given one with
    :meth:`~ducksoup.recording.EngineRecorder.add_deck`."""

    game_id = GAME_ID
    illegal_action = IllegalAction
    default_players = PLAYERS
    series = Game
    standard_options = staticmethod(RuleOptions)
    start_engine = staticmethod(start)
    encode_options = staticmethod(options_json)
    action_json = staticmethod(action_json)

    def final(self) -> JSON:
        """Every finished deal's outcome; for a game, its result (None while it goes on)."""
        if isinstance(self.play, Game):
            return {"deals": list(self.play.finished), "result": self.play.result}
        return {"deals": [self.play.summary()] if self.play.is_over else []}
