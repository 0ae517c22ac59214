"""Recording a trace: play on the oracle, write down every state it reaches.

Expected values are never typed by hand: a :class:`Recorder` plays actions on the
specification (:class:`duckcheck.duck_soup.oracle.Table`) and records what the specification says,
accepted states and error codes alike, along with the events that decide the trace's sections,
rulings and tags.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from duckcheck.codec import JSON, cards_text
from duckcheck.duck_soup.encoding import action_json, options_json, result_json, trace_format
from duckcheck.duck_soup.events import rejection_events, sections_and_rulings, setup_events, step_events
from duckcheck.duck_soup.oracle import Scope, Table
from duckcheck.duck_soup.policies import Policy
from duckcheck.recording import RecordingError, play_out
from duckspec.cards import Card, card_from_index
from duckspec.duck_soup import GAME_ID
from duckspec.duck_soup.actions import Action, Play, SayDuck
from duckspec.duck_soup.cards import Course
from duckspec.duck_soup.deal import Phase
from duckspec.duck_soup.errors import ErrorCode, IllegalAction
from duckspec.duck_soup.game import MatchState
from duckspec.duck_soup.quacking import Call
from duckspec.duck_soup.variants import RuleOptions
from duckspec.seats import opponent


class Recorder:
    """Builds one trace by playing on the oracle."""

    def __init__(
        self,
        trace_id: str,
        description: str,
        scope: Scope,
        options: RuleOptions,
        dealer: int,
        decks: Sequence[Sequence[Card]],
        tags: Sequence[str] = (),
    ) -> None:
        self.id = trace_id
        self.description = description
        self.decks = tuple(tuple(deck) for deck in decks)
        self.table = Table.start(scope, options, dealer, self.decks)
        self.initial = self.table.to_json()
        self.steps: list[JSON] = []
        self.events = setup_events(self.table) | set(tags)
        self.finished_deals: list[JSON] = []

    def act(self, action: Action) -> None:
        """Play ``action``, which must be legal, and record the state it leads to."""
        before = self.table
        try:
            self.table = self.table.apply(action)
        except IllegalAction as error:
            raise RecordingError(f"{self.id}: step {len(self.steps)}: {action} is illegal: {error}") from None
        self.steps.append({"action": action_json(action), "state": self.table.to_json()})
        self.events |= step_events(before, action, self.table)
        if self.table.finished is not None:
            finished = self.table.finished
            duck, soup = finished.points(Course.DUCK), finished.points(Course.SOUP)
            self.finished_deals.append(
                {"points": [[duck[p], soup[p]] for p in (0, 1)], "scores": list(finished.scores())}
            )

    def reject(self, action: Action, expected: ErrorCode | None = None) -> ErrorCode:
        """Record ``action`` as a step that must be rejected; the code is the oracle's."""
        try:
            self.table.apply(action)
        except IllegalAction as error:
            if expected is not None and error.code is not expected:
                raise RecordingError(f"{self.id}: {action} is rejected with {error.code}, not {expected}") from None
            self.steps.append({"action": action_json(action), "reject": error.code.value})
            self.events |= rejection_events(error.code)
            return error.code
        raise RecordingError(f"{self.id}: {action} was meant to be illegal but is accepted")

    def play_out(
        self,
        policy: Policy,
        inject: float = 0.0,
        only: ErrorCode | None = None,
        until: int | None = None,
    ) -> None:
        """Play with ``policy`` until the trace's play ends (or ``until`` steps are recorded).

        Each deal draws its random choices from :func:`deal_rng`, so a deal's play depends only
        on its deck and dealer. With ``inject`` > 0, an illegal action (of code ``only``, if
        given) is tried before a step with that probability.
        """
        play_out(self, policy, deal_rng, illegal_actions, rejection_code, inject, only, until)

    def trace(self) -> JSON:
        """The finished trace as JSON data."""
        sections, rulings = sections_and_rulings(self.events)
        tags = sorted(self.events - {"deal"})
        return {
            "format": trace_format(self.table.deal.options),
            "id": self.id,
            "description": self.description,
            "game": GAME_ID,
            "players": 2,
            "scope": self.table.scope.value,
            "options": options_json(self.table.deal.options),
            "dealer": self.initial["dealer"],
            "sections": sections,
            "rulings": rulings,
            "tags": tags,
            "decks": [cards_text(list(deck)) for deck in self.decks[: self.table.decks_used]],
            "initial": self.initial,
            "steps": self.steps,
            "final": self.final(),
        }

    def final(self) -> JSON:
        """The outcome: every finished deal's points and scores, and the game or match result."""
        final: JSON = {"deals": self.finished_deals}
        state = self.table.state
        if isinstance(state, MatchState):
            final["games"] = [result_json(result) for result in state.results]
            final["games_won"] = list(state.games_won)
            final["winner"] = state.winner
        return final


def deal_rng(table: Table) -> random.Random:
    """The random source of the current deal: a function of its deck order and dealer only."""
    deal = table.deal
    seed = cards_text(list(deal.hands[0]) + list(deal.hands[1]) + list(deal.stock)) + str(deal.dealer)
    return random.Random(seed)


def rejection_code(table: Table, action: Action) -> ErrorCode | None:
    """The code the oracle rejects ``action`` with, or None if it is legal."""
    try:
        table.apply(action)
    except IllegalAction as error:
        return error.code
    return None


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
