"""Recording a trace: play on the oracle, write down every state it reaches.

Expected values are never typed by hand: a :class:`Recorder` plays actions on the
specification (:class:`duckcheck.duck_soup.oracle.Table`) and records what the specification says,
accepted states and error codes alike, along with the events that decide the trace's sections,
rulings and tags.
"""

from __future__ import annotations

import random

from duckcheck import recording
from duckcheck.codec import JSON, cards_text
from duckcheck.duck_soup.encoding import action_json, options_json, result_json, trace_format
from duckcheck.duck_soup.events import EVENT_RULINGS, EVENT_SECTIONS, setup_events, step_events
from duckcheck.duck_soup.oracle import Table
from duckspec.cards import card_from_index
from duckspec.duck_soup import GAME_ID
from duckspec.duck_soup.actions import Action, Play, SayDuck
from duckspec.duck_soup.cards import Course
from duckspec.duck_soup.deal import Phase
from duckspec.duck_soup.errors import ErrorCode
from duckspec.duck_soup.game import MatchState
from duckspec.duck_soup.quacking import Call
from duckspec.seats import opponent


def deal_rng(table: Table) -> random.Random:
    """The random source of the current deal: a function of its deck order and dealer only."""
    deal = table.deal
    seed = cards_text(list(deal.hands[0]) + list(deal.hands[1]) + list(deal.stock)) + str(deal.dealer)
    return random.Random(seed)


def illegal_actions(table: Table) -> list[Action]:
    """Actions that the rules forbid now, of every kind the position offers (for negative steps)."""
    deal = table.deal
    player = deal.to_act
    if player is None:
        return [Play(0, card_from_index(0))]
    other = opponent(player)
    hand, opposing = deal.hands[player], deal.hands[other]
    led = deal.table[0] if deal.table else None
    candidates: list[Action] = []
    if opposing:
        candidates.append(Play(other, opposing[0]))
        candidates.append(Play(player, opposing[-1]))
    if deal.phase is not Phase.ANSWER:
        candidates.append(SayDuck(player))
    off_rank = [card for card in hand if led is None or card.rank != led.rank]
    if off_rank:
        card = off_rank[0]
        if deal.phase is Phase.LEAD:
            candidates.append(Play(player, card, Call.QUACK))
        elif deal.phase is Phase.FOLLOW:
            candidates += [Play(player, card, Call.QUACK), Play(player, card, Call.DUCK_SOUP)]
        elif deal.phase is Phase.ANSWER:
            candidates += [Play(player, card), Play(player, card, Call.QUACK_QUACK)]
        else:
            candidates += [Play(player, card, Call.DUCK_SOUP), Play(player, card, Call.QUACK)]
    return candidates


class Recorder(recording.SetupRecorder[Table, Action, ErrorCode]):
    """Builds one Duck Soup trace by playing on the oracle, from a setup: ``Recorder(trace_id, description, scope,
    options, dealer, decks, tags=...)``."""

    oracle = Table
    event_sections = EVENT_SECTIONS
    event_rulings = EVENT_RULINGS
    error_codes = ErrorCode
    untagged = frozenset({"deal"})
    setup_events = staticmethod(setup_events)
    step_events = staticmethod(step_events)
    action_json = staticmethod(action_json)
    rng_of = staticmethod(deal_rng)
    illegal_actions = staticmethod(illegal_actions)

    def setting(self) -> JSON:
        options = self.table.deal.options
        return {
            "format": trace_format(options),
            "game": GAME_ID,
            "players": 2,
            "options": options_json(options),
            "dealer": self.initial["dealer"],
        }

    def outcome(self, table: Table) -> JSON:
        """A finished deal's points (Duck and Soup, by player) and deal scores."""
        finished = table.finished
        assert finished is not None
        duck, soup = finished.points(Course.DUCK), finished.points(Course.SOUP)
        return {"points": [[duck[p], soup[p]] for p in (0, 1)], "scores": list(finished.scores())}

    def final(self) -> JSON:
        """The outcome: every finished deal's points and scores, and the game or match result."""
        final: JSON = {"deals": self.outcomes}
        state = self.table.state
        if isinstance(state, MatchState):
            final["games"] = [result_json(result) for result in state.results]
            final["games_won"] = list(state.games_won)
            final["winner"] = state.winner
        return final
