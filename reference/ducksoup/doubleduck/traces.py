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

from duckcheck import FORMAT_VERSION
from duckcheck.codec import JSON, cards_text
from duckcheck.doubleduck.encoding import action_json, options_json
from duckcheck.doubleduck.oracle import Table
from duckcheck.oracle import Scope
from duckcheck.trace import validate_trace
from ducksoup.doubleduck.engine import Deal, Game
from duckspec.cards import Card
from duckspec.doubleduck import GAME_ID, PLAYERS
from duckspec.doubleduck.actions import Action
from duckspec.doubleduck.errors import IllegalAction
from duckspec.doubleduck.variants import RuleOptions


def start(scope: str, options: RuleOptions, dealer: int, decks: Sequence[Sequence[Card]]) -> Deal | Game:
    """A new engine deal (scope ``"deal"``) or game, checked like a trace's setup."""
    kind = Scope(scope)
    Table.check_setup(kind, options, len(decks))
    return Deal(decks[0], dealer, options) if kind is Scope.DEAL else Game(decks, dealer, options)


class TraceRecorder:
    """Records play on the engine as a conformance trace; a game that needs another deck is given one with
    :meth:`add_deck`."""

    def __init__(
        self,
        trace_id: str,
        description: str,
        scope: str,
        decks: Sequence[Sequence[Card]],
        dealer: int,
        options: RuleOptions | None = None,
    ) -> None:
        self.options = options or RuleOptions()
        self.header: JSON = {
            "format": FORMAT_VERSION,
            "id": trace_id,
            "description": description,
            "game": GAME_ID,
            "players": PLAYERS,
            "scope": scope,
            "options": options_json(self.options),
            "dealer": dealer,
            "sections": [],
            "rulings": [],
            "tags": ["recorded"],
        }
        self.decks = [cards_text(list(deck)) for deck in decks]
        self.play = start(scope, self.options, dealer, decks)
        self.initial = self.play.state()
        self.steps: list[JSON] = []

    def add_deck(self, deck: Sequence[Card]) -> None:
        """One more deck for a game that needs it (after level totals, say)."""
        assert isinstance(self.play, Game)
        self.decks.append(cards_text(list(deck)))
        self.play.add_decks([deck])

    def apply(self, action: Action) -> None:
        """Play ``action`` and record it; an illegal action is recorded as rejected, then re-raised."""
        try:
            self.play.apply(action)
        except IllegalAction as error:
            self.steps.append({"action": action_json(action), "reject": error.code.value})
            raise
        self.steps.append({"action": action_json(action), "state": self.play.state()})

    def trace(self) -> JSON:
        """The trace so far, valid against the trace schema and Doubleduck's."""
        return validate_trace(self.snapshot(), self.header["id"])

    def snapshot(self) -> JSON:
        """The trace so far, not validated: what ``play`` saves after every move, where validating each time
        would cost more than the move (the recorder's own steps are valid by construction)."""
        if isinstance(self.play, Game):
            final: JSON = {"deals": list(self.play.finished), "result": self.play.result}
            used = self.play.dealt
        else:
            final = {"deals": [self.play.summary()] if self.play.is_over else []}
            used = 1
        return {
            **self.header,
            "decks": self.decks[:used],
            "initial": self.initial,
            "steps": self.steps,
            "final": final,
        }
