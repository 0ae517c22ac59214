"""Conformance traces and the engine: replay a trace on the engine, or record the engine's play as a trace.

>>> from ducksoup.duck_soup.traces import TraceRecorder
>>> from duckspec.cards import full_deck
>>> recorder = TraceRecorder("my-first-deal", "A deal played by hand", "deal", [full_deck()], dealer=1)
>>> recorder.apply(recorder.play.legal_actions()[0])
>>> trace = recorder.trace()
>>> trace["steps"][0]["action"]
{'player': 0, 'play': 'AC'}
>>> replay(trace)[-1]["table"]
'AC'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from duckcheck.codec import SetupError, parse_cards_text
from duckcheck.compare import diff
from duckcheck.duck_soup.encoding import action_json, options_json, parse_action, parse_options
from duckcheck.duck_soup.oracle import Table
from duckcheck.oracle import Scope
from duckcheck.strict import same
from ducksoup.duck_soup.engine import Deal, Match
from ducksoup.recording import SetupRecorder
from duckspec.cards import Card
from duckspec.duck_soup import GAME_ID
from duckspec.duck_soup.actions import Action
from duckspec.duck_soup.errors import IllegalAction
from duckspec.duck_soup.variants import RuleOptions

JSON = dict[str, Any]


class TraceMismatch(AssertionError):
    """The engine does not do what a trace expects; the message names the step and the difference."""


def start(
    scope: str, options: RuleOptions, dealer: int, decks: Sequence[Sequence[Card]], players: int = 2
) -> Deal | Match:
    """A new engine deal (scope ``"deal"``) or game or match, checked like a trace's setup."""
    if players != 2:
        raise SetupError(f"players: Duck Soup is played by 2 players, not {players!r}")
    kind = Scope(scope)
    Table.check_setup(kind, options, len(decks))
    return Deal(decks[0], dealer, options) if kind is Scope.DEAL else Match(decks, dealer, options)


def from_trace(trace: JSON) -> Deal | Match:
    """The engine at the start of ``trace`` (a trace's JSON data)."""
    decks = [parse_cards_text(deck, f"decks[{i}]") for i, deck in enumerate(trace["decks"])]
    return start(trace["scope"], parse_options(trace["options"]), trace["dealer"], decks)


def replay(trace: JSON) -> list[JSON]:
    """Play ``trace`` on the engine and return the state after each step (the initial state first).

    Raises :class:`TraceMismatch` at the first step where the engine disagrees with the trace.
    """
    play = from_trace(trace)
    states = [play.state()]
    if not same(trace["initial"], states[0]):
        raise TraceMismatch(
            f"{trace['id']}: the initial state differs from the trace's: {_first(trace['initial'], states[0])}"
        )
    for number, step in enumerate(trace["steps"], 1):
        action = parse_action(step["action"], f"step {number}")
        try:
            play.apply(action)
        except IllegalAction as error:
            if step.get("reject") != error.code.value:
                raise TraceMismatch(f"{trace['id']}: step {number}: {action} rejected with {error.code}") from None
            continue
        if "reject" in step:
            raise TraceMismatch(f"{trace['id']}: step {number}: {action} accepted, expected {step['reject']}")
        states.append(play.state())
        if not same(step["state"], states[-1]):
            difference = _first(step["state"], states[-1])
            raise TraceMismatch(
                f"{trace['id']}: step {number}: the state after {action} differs from the trace's: {difference}"
            )
    return states


def _first(expected: JSON, state: JSON) -> str:
    """The first place where the engine's ``state`` differs from the trace's, strictly (the trace's value expected)."""
    return diff(expected, state, "state")[0]


class TraceRecorder(SetupRecorder[Deal | Match, Action]):
    """Records play on the engine as a conformance trace (to replay it, share it, or dispute it)."""

    game_id = GAME_ID
    illegal_action = IllegalAction
    default_players = 2
    series = Match
    standard_options = staticmethod(RuleOptions)
    start_engine = staticmethod(start)
    encode_options = staticmethod(options_json)
    action_json = staticmethod(action_json)

    def final(self) -> JSON:
        """Every finished deal's points and scores; for a game or match, its games, games won and winner."""
        final: JSON = {"deals": _finished_deals(self.play)}
        if isinstance(self.play, Match):
            last = self.play.state()
            final.update({"games": last["games"], "games_won": last["games_won"], "winner": last["winner"]})
        return final


def _finished_deals(play: Deal | Match) -> list[JSON]:
    """Points and scores of every deal played to its end."""
    if isinstance(play, Match):
        return [{"points": points, "scores": list(scores)} for points, scores in play.finished]
    state = play.state()
    return [{"points": state["points"], "scores": state["scores"]}] if play.is_over else []
