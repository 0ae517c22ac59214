"""The JSON forms of Doubleduck: rule options, actions, the canonical state and the game result.

Cards are written ``TC`` and a list of cards is one string of such pairs, as for every game of
the family (:mod:`duckcheck.codec`); a two-pack deck is a string of 208 characters, top first,
and a hand lists its cards in canonical order with the two copies of a card side by side
(``"3H3H8H"``). Everything here is plain JSON data (dicts, lists, strings, ints, None), so the
same values appear in traces, in adapter replies and in reports.

The canonical state of a deal (``conformance/schema/doubleduck.schema.json``, ``$defs/state``):

``dealer``
    the seat dealing this deal (0 to 3); seats 0 and 2 are side 0, seats 1 and 3 side 1.
``course``, ``phase``, ``to_act``
    ``"duck"`` or ``"soup"``; ``"lead"``, ``"follow"`` or ``"over"``; the seat to play, or null.
``hands``
    the four hands, by seat.
``stock``
    the number of cards left in the stock (its order is never shown).
``table``, ``calls``
    the cards of the unfinished trick in the order played, the lead first, and the call said with
    each (``"none"``, ``"quack"``, ``"quack-quack"``, ``"quack-quack-quack"``, ``"doubleduck"``).
``piles``, ``tricks``
    by side, ``[Duck, Soup]``: the cards stored and the tricks won.
``keepers``
    by side, ``[Duck, Soup]``: the seat keeping that pile, null until the side first stores there.
``scores``
    the two sides' deal scores once the deal is over, else null.

A game's state adds ``deal`` (the number of the deal, from 0), ``deal_scores`` (each finished
deal's scores by side), ``totals`` and ``result`` (null, or ``{"winner": side, "end": "target" or
"deals", "game_points": 1 to 5}``).
"""

from __future__ import annotations

from typing import Any

from duckcheck.codec import JSON, EncodingError, cards_text, parse_cards_text, parse_option_values
from duckcheck.untrusted import excerpt
from duckspec.doubleduck.actions import Action, Call, Play
from duckspec.doubleduck.deal import DealState
from duckspec.doubleduck.game import GameState
from duckspec.doubleduck.variants import DrawOrder, RuleOptions
from duckspec.doubleduck.winning import GameResult

__all__ = [
    "FIELD_SECTIONS",
    "JSON",
    "OPTION_VALUES",
    "EncodingError",
    "action_json",
    "cards_text",
    "deal_outcome_json",
    "deal_state_json",
    "game_state_json",
    "options_json",
    "parse_action",
    "parse_cards_text",
    "parse_options",
    "result_json",
]

CALL_NAMES = tuple(call.value for call in Call)

FIELD_SECTIONS = {
    "dealer": "§2",
    "deal": "§2",
    "hands": "§4",
    "stock": "§2",
    "table": "§4",
    "calls": "§4",
    "to_act": "§4",
    "phase": "§4",
    "tricks": "§4",
    "piles": "§4",
    "keepers": "§5",
    "course": "§5",
    "scores": "§6",
    "deal_scores": "§6",
    "totals": "§7",
    "result": "§7",
}
"""The section of the Doubleduck text that governs each field of the canonical state (for reports of a difference)."""


def action_json(action: Action) -> JSON:
    """``{"player": 1, "play": "JH"}``, with ``"call"`` when something is said (``"quack-quack"``)."""
    encoded: JSON = {"player": action.player, "play": str(action.card)}
    if action.call is not Call.NONE:
        encoded["call"] = action.call.value
    return encoded


def parse_action(data: Any, where: str = "action") -> Action:
    """The action described by ``data`` (see :func:`action_json`); :class:`EncodingError` naming ``where``."""
    if not isinstance(data, dict) or not isinstance(data.get("player"), int) or isinstance(data.get("player"), bool):
        raise EncodingError(f"{where}: expected an object with an integer 'player', got {excerpt(data)}")
    if not isinstance(data.get("play"), str) or not set(data) <= {"player", "play", "call"}:
        raise EncodingError(f"{where}: expected {{'player', 'play'[, 'call']}}, got {excerpt(data)}")
    call = data.get("call", Call.NONE.value)
    if call not in CALL_NAMES:
        raise EncodingError(f"{where}: unknown call {excerpt(call)}; calls are {', '.join(CALL_NAMES)}")
    cards = parse_cards_text(data["play"], where)
    if len(cards) != 1:
        raise EncodingError(f"{where}: 'play' must be one card like 'TC', not {excerpt(data['play'])}")
    return Play(data["player"], cards[0], Call(call))


OPTION_VALUES: dict[str, list[Any]] = {"draw": [order.value for order in DrawOrder]}
"""Every rule option of Doubleduck and its values; the first value is the standard rule."""


def options_json(options: RuleOptions) -> JSON:
    return {"draw": options.draw.value}


def parse_options(data: Any, where: str = "options") -> RuleOptions:
    """Rule options from JSON; missing keys take the standard rule, unknown keys or values are errors."""
    return RuleOptions(draw=DrawOrder(parse_option_values(data, OPTION_VALUES, where)["draw"]))


def deal_state_json(deal: DealState) -> JSON:
    """The canonical state of a deal: what the adapter reports and the trace expects after each step."""
    return {
        "dealer": deal.dealer,
        "course": deal.course.value,
        "phase": deal.phase.value,
        "to_act": deal.to_act,
        "hands": [cards_text(list(hand)) for hand in deal.hands],
        "stock": len(deal.stock),
        "table": cards_text([play.card for play in deal.table]),
        "calls": [play.call.value for play in deal.table],
        "piles": [list(side) for side in deal.piles],
        "keepers": [list(side) for side in deal.keepers],
        "tricks": [list(side) for side in deal.tricks],
        "scores": list(deal.scores()) if deal.is_over else None,
    }


def deal_outcome_json(deal: DealState) -> JSON:
    """A finished deal as a trace's ``final`` lists it: the piles and tricks by side, and the scores."""
    return {
        "piles": [list(side) for side in deal.piles],
        "tricks": [list(side) for side in deal.tricks],
        "scores": list(deal.scores()),
    }


def result_json(result: GameResult) -> JSON:
    return {"winner": result.winner, "end": result.end.value, "game_points": result.game_points}


def game_state_json(game: GameState, decks_given: int) -> JSON:
    """The canonical state of a game: the current deal's state plus the running scores and the result."""
    state = deal_state_json(game.deal)
    state.update(
        {
            "deal": decks_given - len(game.decks) - 1,
            "deal_scores": [list(scores) for scores in game.deal_scores],
            "totals": list(game.totals),
            "result": None if game.result is None else result_json(game.result),
        }
    )
    return state
