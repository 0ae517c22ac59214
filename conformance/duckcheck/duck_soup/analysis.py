"""What a step exercises: the events of the rules it triggers, and the sections and rulings behind them.

The generator calls :func:`step_events` for every step it records, with the spec's own states
before and after, so a trace's ``sections``, ``rulings`` and ``tags`` are computed, never typed.
"""

from __future__ import annotations

from duckcheck.duck_soup.oracle import Scope, Table
from duckspec.cards import Rank
from duckspec.duck_soup.actions import Action, Play, SayDuck
from duckspec.duck_soup.cards import Course
from duckspec.duck_soup.deal import DealState, Phase
from duckspec.duck_soup.game import MatchState
from duckspec.duck_soup.quacking import Call
from duckspec.duck_soup.variants import Calls, DoubleDraw, RuleOptions, StockVisibility
from duckspec.duck_soup.winning import GameEnd

EVENT_SECTIONS: dict[str, tuple[str, ...]] = {
    "deal": ("§3",),
    "trick": ("§2", "§4"),
    "draw": ("§5",),
    "quack": ("§6",),
    "forgotten-quack": ("§4", "§6"),
    "duck": ("§6",),
    "quack-quack": ("§6",),
    "double-draw": ("§5", "§6"),
    "duck-soup": ("§6",),
    "forgotten-duck-soup": ("§6",),
    "twelve-trick-soup": ("§6", "§7"),
    "change-of-course": ("§7",),
    "deal-scored": ("§8",),
    "zero-points": ("§8",),
    "game-end": ("§9",),
    "pond": ("§9",),
    "in-the-soup": ("§9",),
    "level-totals": ("§9",),
    "hidden-stock": ("§11",),
    "alternate-draw": ("§11",),
    "match": ("§11",),
    "target": ("§9",),
    "both-in-the-pond": ("§9",),
    "pond-over-target": ("§9",),
    "pond-and-soup": ("§9", "§11"),
    "forced-duck": ("§6",),
    "ace-in-suit": ("§2",),
    "match-next-game": ("§3", "§11"),
    "double-game-in-match": ("§11",),
    "silent-calls": ("§6", "§11"),
    "fourth-card-held-back": ("§6",),
}
"""The rules sections behind each event."""

EVENT_RULINGS: dict[str, tuple[str, ...]] = {
    "deal": ("DS-R01",),
    "forgotten-duck-soup": ("DS-R03",),
    "double-draw": ("DS-R04",),
    "both-in-the-pond": ("DS-R05",),
    "pond-over-target": ("DS-R06",),
    "pond-and-soup": ("DS-R07",),
    "level-totals": ("DS-R08",),
    "hidden-stock": ("DS-R09",),
    "forced-duck": ("DS-R10",),
    "match-next-game": ("DS-R11",),
    "double-game-in-match": ("DS-R11",),
    "ace-in-suit": ("DS-R13",),
    "target": ("DS-R14",),
    "error-call-rank-mismatch": ("DS-R02",),
    "error-answer-required": ("DS-R10",),
    "error-call-not-allowed": ("DS-R12",),
    "silent-calls": ("DS-R15",),
    "fourth-card-held-back": ("DS-R16",),
}
"""The rulings behind each event."""


def setup_events(table: Table) -> set[str]:
    """Events of the setup itself: the deal, the rule options, the scope."""
    options: RuleOptions = table.deal.options
    events = {"deal", table.scope.value}
    if options.stock is StockVisibility.HIDDEN:
        events.add("hidden-stock")
    if options.double_draw is DoubleDraw.ALTERNATE:
        events.add("alternate-draw")
    if options.calls is Calls.SILENT:
        events.add("silent-calls")
    if table.scope is Scope.MATCH:
        events |= {"match", f"best-of-{options.best_of}"}
    return events


def step_events(before: Table, action: Action, after: Table) -> set[str]:
    """The events of one accepted step."""
    deal = before.deal
    silent = deal.options.calls is Calls.SILENT
    events: set[str] = set()
    if isinstance(action, SayDuck):
        events.add("duck")
        if not any(card.rank == deal.table[0].rank for card in deal.hands[action.player]):
            events.add("forced-duck")
    elif deal.phase is Phase.FOLLOW:
        events |= _follow_events(deal, action, silent)
    elif deal.phase is Phase.ANSWER:
        events.add("quack-quack")
    elif deal.phase is Phase.FOURTH:
        matching = action.card.rank == deal.table[0].rank
        if silent:
            held = any(card.rank == deal.table[0].rank for card in deal.hands[action.player])
            events.add("duck-soup" if matching else "fourth-card-held-back" if held else "trick")
        else:
            events.add("duck-soup" if action.call is Call.DUCK_SOUP else "forgotten-duck-soup" if matching else "trick")
        events |= _draw_events(deal, after, double=True)
    if isinstance(action, SayDuck) or (deal.phase is Phase.FOLLOW and not _is_quack(deal, action, silent)):
        events |= _draw_events(deal, after, double=False)
    events |= _end_events(before, after)
    return events


def _is_quack(deal: DealState, action: Action, silent: bool) -> bool:
    if not isinstance(action, Play):
        return False
    return action.card.rank == deal.table[0].rank if silent else action.call is Call.QUACK


def _follow_events(deal: DealState, action: Play, silent: bool) -> set[str]:
    lead = deal.table[0]
    if _is_quack(deal, action, silent):
        return {"quack"}
    events = {"trick"}
    if action.card.rank == lead.rank:
        events.add("forgotten-quack")
    if action.card.suit == lead.suit and Rank.ACE in (action.card.rank, lead.rank):
        events.add("ace-in-suit")
    return events


def _draw_events(deal: DealState, after: Table, double: bool) -> set[str]:
    """Events of the end of a trick in the Duck course: drawing, the change of course, a twelve-trick Soup."""
    if deal.course is not Course.DUCK:
        return set()
    events = {"draw"}
    if double:
        events.add("double-draw" if len(deal.stock) >= 4 else "twelve-trick-soup")
    if after.deal.course is Course.SOUP:
        events.add("change-of-course")
    return events


def _end_events(before: Table, after: Table) -> set[str]:
    """Events of a finished deal, game or match."""
    finished = after.finished
    if finished is None:
        return set()
    events = {"deal-scored"}
    duck, soup = finished.points(Course.DUCK), finished.points(Course.SOUP)
    if 0 in duck + soup:
        events.add("zero-points")
    if not isinstance(before.state, MatchState) or not isinstance(after.state, MatchState):
        return events
    if min(finished.scores()) >= 125:
        events.add("both-in-the-pond")
    if len(after.state.results) == len(before.state.results):
        totals = after.state.game.totals
        if totals[0] == totals[1] and max(totals) >= 250:
            events.add("level-totals")
        return events
    result = after.state.results[-1]
    events |= {"game-end", result.end.value}
    if result.in_the_soup:
        events.add("in-the-soup")
    if result.end is GameEnd.POND:
        if result.in_the_soup:
            events.add("pond-and-soup")
        if result.totals[result.loser] >= max(250, result.totals[result.winner] + 1):
            events.add("pond-over-target")
    if after.scope is Scope.MATCH:
        if result.value == 2:
            events.add("double-game-in-match")
        if not after.state.is_over:
            events.add("match-next-game")
    return events
