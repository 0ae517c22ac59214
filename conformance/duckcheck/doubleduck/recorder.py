"""Recording a Doubleduck trace: play on the oracle, write down every state it reaches, name what it exercises.

Expected values are never typed by hand: a :class:`Recorder` plays actions on the specification
(:class:`~duckcheck.doubleduck.oracle.Table`) and records what the specification says, accepted
states and error codes alike, with the *events* of each step (a doubleduck, a quack after a
silent match, a side's first Duck trick ...). The events decide the trace's ``sections``,
``rulings`` and ``tags``, so that these are computed, never typed, and the suite's coverage of
every section, ruling and error code can be checked.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from duckcheck import recording
from duckcheck.doubleduck.encoding import JSON, action_json, cards_text, deal_outcome_json, options_json, result_json
from duckcheck.doubleduck.oracle import Table
from duckspec.cards import Rank, card_from_index
from duckspec.doubleduck import GAME_ID, PLAYERS
from duckspec.doubleduck.actions import Action, Call, Play
from duckspec.doubleduck.cards import Course
from duckspec.doubleduck.deal import DealState
from duckspec.doubleduck.duck_course import cards_stored, quack_call, quacks_due, winning_position
from duckspec.doubleduck.errors import ErrorCode
from duckspec.doubleduck.game import GameState
from duckspec.doubleduck.variants import DrawOrder
from duckspec.doubleduck.winning import GameEnd, has_reached_target
from duckspec.seats import side_of

Policy = Callable[[Table, random.Random], Action]

EVENT_SECTIONS: dict[str, tuple[str, ...]] = {
    "deal": ("§1", "§2"),
    "trick": ("§4",),
    "draw": ("§2", "§4"),
    "as-played-draw": ("§2",),
    "change-of-course": ("§2", "§5"),
    "soup-trick": ("§5",),
    "doubleduck": ("§4",),
    "quack": ("§4",),
    "quack-wins": ("§4",),
    "quack-after-doubleduck": ("§4",),
    "quack-after-silent-match": ("§4",),
    "duplicate-quacks": ("§4",),
    "silent-match": ("§4",),
    "silent-match-after-quack": ("§4",),
    "silent-duplicate-wins": ("§4",),
    "later-equal-wins": ("§1", "§4"),
    "four-of-a-rank": ("§4",),
    "off-suit-follow": ("§4",),
    "stored-1": ("§4",),
    "stored-4": ("§4",),
    "ace-in-suit": ("§1",),
    "first-duck-keeper": ("§4", "§5"),
    "soup-keeper-without-duck": ("§5",),
    "deal-scored": ("§6",),
    "zero-score": ("§6",),
    "game-end": ("§7",),
    "target": ("§7",),
    "four-deals": ("§7",),
    "bonus": ("§7",),
    "both-at-target": ("§7",),
    "level-totals": ("§7",),
    "next-deal": ("§2", "§7"),
    "worked-example": ("§8",),
    "seating": ("§2",),
    "partner-call": ("§4",),
    "call-with-card": ("§4",),
}
"""The rules sections behind each event."""

EVENT_RULINGS: dict[str, tuple[str, ...]] = {
    "deal": ("DD-R01", "DD-R15", "DD-R18"),
    "trick": ("DD-R10",),
    "draw": ("DD-R02",),
    "as-played-draw": ("DD-R02",),
    "quack": ("DD-R03",),
    "quack-after-silent-match": ("DD-R03", "DD-R09"),
    "duplicate-quacks": ("DD-R06",),
    "quack-after-doubleduck": ("DD-R03", "DD-R07"),
    "silent-match": ("DD-R09",),
    "silent-match-after-quack": ("DD-R08",),
    "silent-duplicate-wins": ("DD-R09",),
    "first-duck-keeper": ("DD-R11",),
    "soup-keeper-without-duck": ("DD-R11",),
    "both-at-target": ("DD-R12",),
    "level-totals": ("DD-R13",),
    "target": ("DD-R14",),
    "bonus": ("DD-R14",),
    "next-deal": ("DD-R15",),
    "off-suit-follow": ("DD-R17",),
    "seating": ("DD-R19",),
    "partner-call": ("DD-R20",),
    "call-with-card": ("DD-R21",),
}
"""The rulings behind each event; an error code adds its own ruling (:attr:`ErrorCode.ruling`)."""


def deal_rng(table: Table) -> random.Random:
    """The random source of the current deal: a function of its cards and dealer only."""
    deal = table.deal
    seed = cards_text([card for hand in deal.hands for card in hand] + list(deal.stock)) + str(deal.dealer)
    return random.Random(seed)


def illegal_actions(table: Table) -> list[Action]:
    """Actions the rules forbid now, of every kind the position offers (for negative steps)."""
    deal = table.deal
    player = deal.to_act
    if player is None:
        return [Play(0, card_from_index(0))]
    hand = deal.hands[player]
    other = (player + 1) % PLAYERS
    missing = [card_from_index(i) for i in range(52) if card_from_index(i) not in hand]
    candidates: list[Action] = [Play(other, deal.hands[other][0])] if deal.hands[other] else []
    if missing:
        candidates.append(Play(player, missing[len(missing) // 2]))
    if not deal.table:
        candidates += [Play(player, hand[0], Call.QUACK), Play(player, hand[-1], Call.DOUBLEDUCK)]
        return candidates
    led = deal.table[0].card
    due = quacks_due(led, [play.card for play in deal.table[1:]])
    for card in hand:
        if card.rank != led.rank:
            candidates += [Play(player, card, Call.QUACK), Play(player, card, Call.DOUBLEDUCK)]
            break
    for card in hand:
        if card.rank == led.rank:
            candidates += [Play(player, card, quack_call(n)) for n in (1, 2, 3) if n != due]
            if card != led:
                candidates.append(Play(player, card, Call.DOUBLEDUCK))
    return candidates


# The events of a step: what the step exercises of the rules.


def setup_events(table: Table) -> set[str]:
    """The events of a trace's setup: a deal (or game) dealt, and the order of the draw when it is not the
    standard one."""
    events = {"deal", table.scope.value}
    if table.options.draw is DrawOrder.AS_PLAYED:
        events.add("as-played-draw")
    return events


def step_events(before: Table, action: Action, after: Table) -> set[str]:
    """The events of one accepted step."""
    deal = before.deal
    events: set[str] = set()
    if deal.table:
        events |= _follow_events(deal, action)
    if len(deal.table) == 3:
        events |= _trick_events(deal, action, after)
    events |= _end_events(before, after)
    return events


def _follow_events(deal: DealState, action: Action) -> set[str]:
    led = deal.table[0].card
    earlier = deal.table[1:]
    events: set[str] = set()
    if action.card.suit != led.suit and any(card.suit == led.suit for card in deal.hands[action.player]):
        events.add("off-suit-follow")
    if action.card.rank != led.rank:
        return events
    if action.call is Call.DOUBLEDUCK:
        return events | {"doubleduck"}
    if action.call is Call.NONE:
        events.add("silent-match")
        if any(play.call.quacks for play in earlier):
            events.add("silent-match-after-quack")
        return events
    events.add("quack")
    if action.card == led:
        events.add("duplicate-quacks")
    if any(play.call is Call.DOUBLEDUCK for play in earlier):
        events.add("quack-after-doubleduck")
    if any(play.card.rank == led.rank and play.call is Call.NONE for play in earlier):
        events.add("quack-after-silent-match")
    return events


def _trick_events(deal: DealState, action: Action, after: Table) -> set[str]:
    """Events of a completed trick: how it was won, what was stored, the draw, the keepers, the course."""
    trick = (*deal.table, action)
    cards = [play.card for play in trick]
    position = winning_position(trick, deal.course)
    winner = trick[position]
    events = {"trick", f"stored-{cards_stored(cards)}"}
    if all(card.rank == cards[0].rank for card in cards):
        events.add("four-of-a-rank")
    if winner.call.quacks:
        events.add("quack-wins")
    if winner.call is Call.NONE and position > 0 and cards.count(winner.card) == 2:
        events.add("silent-duplicate-wins" if winner.card == cards[0] else "later-equal-wins")
    if (
        winner.card.rank is Rank.ACE
        and winner.call is Call.NONE
        and [c.suit for c in cards].count(winner.card.suit) > 1
    ):
        events.add("ace-in-suit")
    side = side_of(winner.player)
    if deal.course is Course.DUCK:
        events.add("draw")
        if deal.keepers[side][0] is None:
            events.add("first-duck-keeper")
        if after.deal.course is Course.SOUP:
            events.add("change-of-course")
    else:
        events.add("soup-trick")
        if deal.keepers[side][0] is None and deal.keepers[side][1] is None:
            events.add("soup-keeper-without-duck")
    return events


def _end_events(before: Table, after: Table) -> set[str]:
    """Events of a finished deal or game."""
    finished = after.finished
    if finished is None:
        return set()
    events = {"deal-scored"}
    if 0 in finished.scores():
        events.add("zero-score")
    if not isinstance(before.state, GameState) or not isinstance(after.state, GameState):
        return events
    game = after.state
    totals = game.totals
    newly = [
        side
        for side in (0, 1)
        if has_reached_target(totals[side]) and not has_reached_target(before.state.totals[side])
    ]
    if len(newly) == 2:
        events.add("both-at-target")
    if game.result is None:
        if totals[0] == totals[1] and (game.deals_played >= 4 or has_reached_target(totals[0])):
            events.add("level-totals")
        events.add("next-deal")
        return events
    events |= {"game-end", game.result.end.value if game.result.end is GameEnd.TARGET else "four-deals"}
    if game.result.game_points > 2:
        events.add("bonus")
    return events


class Recorder(recording.SetupRecorder[Table, Action, ErrorCode]):
    """Builds one Doubleduck trace by playing on the oracle, from a setup: ``Recorder(trace_id, description, scope,
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
        return {
            "game": GAME_ID,
            "players": PLAYERS,
            "options": options_json(self.table.options),
            "dealer": self.initial["dealer"],
        }

    def outcome(self, table: Table) -> JSON:
        assert table.finished is not None
        return deal_outcome_json(table.finished)

    def final(self) -> JSON:
        """Every finished deal's outcome, and for a game its result (None while it goes on)."""
        final: JSON = {"deals": self.outcomes}
        if isinstance(self.table.state, GameState):
            result = self.table.state.result
            final["result"] = None if result is None else result_json(result)
        return final
