"""Duck Soup's JSON forms: actions, rule options and the canonical state.

Cards are written as in every game of playing cards (:mod:`duckcheck.codec`): hands in
canonical order (clubs to spades, Ace to King), decks top first.
"""

from __future__ import annotations

from typing import Any

from duckcheck.codec import JSON, EncodingError, cards_text, parse_cards_text, parse_option_values
from duckcheck.untrusted import excerpt
from duckspec.duck_soup.actions import Action, Play, SayDuck
from duckspec.duck_soup.cards import Course
from duckspec.duck_soup.deal import DealState
from duckspec.duck_soup.game import MatchState
from duckspec.duck_soup.quacking import Call
from duckspec.duck_soup.variants import Calls, DoubleDraw, RuleOptions, StockVisibility
from duckspec.duck_soup.winning import GameResult


def action_json(action: Action) -> JSON:
    """``{"player": 0, "play": "9C"}``, with ``"call"`` when one is said, or ``{"player": 0, "answer": "duck"}``."""
    if isinstance(action, SayDuck):
        return {"player": action.player, "answer": "duck"}
    encoded: JSON = {"player": action.player, "play": str(action.card)}
    if action.call is not Call.NONE:
        encoded["call"] = action.call.value
    return encoded


def parse_action(data: Any, where: str = "action") -> Action:
    """The action described by ``data`` (see :func:`action_json`)."""
    if not isinstance(data, dict) or not isinstance(data.get("player"), int) or isinstance(data.get("player"), bool):
        raise EncodingError(f"{where}: expected an object with an integer 'player', got {excerpt(data)}")
    player: int = data["player"]
    if data.get("answer") == "duck" and set(data) == {"player", "answer"}:
        return SayDuck(player)
    if not isinstance(data.get("play"), str) or not set(data) <= {"player", "play", "call"}:
        raise EncodingError(
            f"{where}: expected {{'player', 'play'[, 'call']}} or {{'player', 'answer': 'duck'}}, got {excerpt(data)}"
        )
    call = data.get("call", Call.NONE.value)
    if call not in {c.value for c in Call}:
        raise EncodingError(f"{where}: unknown call {excerpt(call)}; calls are {', '.join(c.value for c in Call)}")
    cards = parse_cards_text(data["play"], where)
    if len(cards) != 1:
        raise EncodingError(f"{where}: 'play' must be one card like 'TC', not {excerpt(data['play'])}")
    return Play(player, cards[0], Call(call))


OPTION_VALUES: dict[str, list[Any]] = {
    "stock": [v.value for v in StockVisibility],
    "best_of": [1, 3, 5],
    "double_draw": [v.value for v in DoubleDraw],
    "calls": [v.value for v in Calls],
}
"""Every rule option of Duck Soup and its values; the first value is the standard rule."""

ALWAYS_WRITTEN = ("stock", "best_of", "double_draw")
"""The options of trace format 1.0, which every trace lists; the later ones (``calls``, format 1.1) are written
only when they are not standard, so that a trace that does not need them reads as format 1.0."""


def options_json(options: RuleOptions) -> JSON:
    """The options as a trace writes them: the options of format 1.0 always, a later option only when not standard."""
    encoded: JSON = {
        "stock": options.stock.value,
        "best_of": options.best_of,
        "double_draw": options.double_draw.value,
    }
    if options.calls is not Calls.SPOKEN:
        encoded["calls"] = options.calls.value
    return encoded


def trace_format(options: RuleOptions) -> str:
    """The oldest trace format that can hold a trace with these options: ``1.1`` for silent calls, else ``1.0``."""
    return "1.1" if options.calls is not Calls.SPOKEN else "1.0"


def parse_options(data: Any, where: str = "options") -> RuleOptions:
    """Rule options from JSON; missing keys take the standard rule, unknown keys or values are errors."""
    chosen = parse_option_values(data, OPTION_VALUES, where)
    return RuleOptions(
        stock=StockVisibility(chosen["stock"]),
        best_of=int(chosen["best_of"]),
        double_draw=DoubleDraw(chosen["double_draw"]),
        calls=Calls(chosen["calls"]),
    )


def deal_state_json(deal: DealState) -> JSON:
    """The canonical state of a deal: what the adapter reports and the trace expects after each step."""
    face_up = deal.face_up_card
    duck, soup = deal.points(Course.DUCK), deal.points(Course.SOUP)
    return {
        "dealer": deal.dealer,
        "course": deal.course.value,
        "phase": deal.phase.value,
        "to_act": deal.to_act,
        "hands": [cards_text(list(hand)) for hand in deal.hands],
        "stock": len(deal.stock),
        "face_up": None if face_up is None else str(face_up),
        "table": cards_text(list(deal.table)),
        "tricks": [[len(deal.duck_tricks[p]), len(deal.soup_tricks[p])] for p in (0, 1)],
        "points": [[duck[p], soup[p]] for p in (0, 1)],
        "scores": list(deal.scores()) if deal.is_over else None,
    }


def result_json(result: GameResult) -> JSON:
    return {"winner": result.winner, "end": result.end.value, "in_the_soup": result.in_the_soup, "value": result.value}


def match_state_json(match: MatchState, decks_given: int) -> JSON:
    """The canonical state of a game or match: the current deal's state plus the running scores."""
    game = match.game
    state = deal_state_json(game.deal)
    state.update(
        {
            "deal": decks_given - len(game.decks) - 1,
            "deal_scores": [list(scores) for scores in game.deal_scores],
            "deal_points": [[[duck[p], soup[p]] for p in (0, 1)] for duck, soup in game.deal_points],
            "totals": list(game.totals),
            "result": None if game.result is None else result_json(game.result),
            "games": [result_json(result) for result in match.results],
            "games_won": list(match.games_won),
            "winner": match.winner,
        }
    )
    return state
