"""The JSON forms of Aw Ducks! in the suite: cards, actions, rule options and the canonical state.

Cards are written in the spec's notation (``3R`` a red three, ``6K`` a black six, ``DG`` a green
duck, ``DW`` a rainbow duck); a group of cards is one string of such pairs (``"3RDW"``), top
first for decks and in canonical order for everything else (the number cards red, yellow, green,
blue, purple, black, each 1 to 6, then the ducks red, yellow, green, blue, purple, rainbow).
Everything here is plain JSON data; the errors are the family's (:class:`duckcheck.codec.EncodingError`).

Actions are ``{"player": 0, "turn": "draw"}``, ``{"player": 0, "turn": "score"}`` and
``{"player": 0, "turn": "discard", "card": "3R"}``.

The canonical state of a round (what an adapter reports after every step, compared exactly):

==============  ========================================================================
``start``       the round's start player
``phase``       ``"turn"``, ``"forced-score"``, ``"final-score"`` or ``"over"``
``to_act``      the player who must act, or null once the round is over
``deck``        how many cards are left in the deck
``pond``        the Duck Pond's ducks
``discards``    the discard pile
``tableaux``    each player's tableau
``scored``      the cards each player banked by Score turns (face down in the score pile)
``stashes``     each player's Secret Stash cards (also in the score pile)
``points``      the worth of each player's score pile, stash included
``ender``       the player who ended the round, or null
``scores``      once the round is over, each player's score; else null
``winners``     once the round is over, the players with the highest score; else null
==============  ========================================================================

A game adds ``round`` (the current round's number in the trace, from 0), ``round_scores`` (each
counted round's scores), ``totals``, ``target`` and ``winner`` (null until the game is won).
"""

from __future__ import annotations

from typing import Any

from duckcheck.codec import JSON, EncodingError, parse_option_values
from duckcheck.untrusted import excerpt
from duckspec.aw_ducks.actions import Action, Discard, Draw, Score
from duckspec.aw_ducks.components import Card, CardNotationError, parse_card, parse_card_string
from duckspec.aw_ducks.game import GameState
from duckspec.aw_ducks.options import RuleOptions
from duckspec.aw_ducks.rounds import RoundState

TARGETS = tuple(range(50, 1001, 50))
"""The totals a game may be played to besides the suggested one (option ``target``)."""
OPTION_VALUES: dict[str, list[Any]] = {"target": ["suggested", *TARGETS]}
"""Every rule option of Aw Ducks! and its values; the first value is the standard rule."""
TURNS = ("draw", "score", "discard")


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    """Cards as one string of pairs."""
    return "".join(str(card) for card in cards)


def parse_cards_text(text: Any, where: str = "cards") -> tuple[Card, ...]:
    """The cards of a string of pairs; errors name ``where`` and the position."""
    if not isinstance(text, str):
        raise EncodingError(f"{where}: expected a string of cards like '3RDW', got {excerpt(text)}")
    try:
        return parse_card_string(text)
    except CardNotationError as error:
        raise EncodingError(f"{where}: {error}") from None


def action_json(action: Action) -> JSON:
    """``{"player": 0, "turn": "draw"}``; a Discard adds ``"card"``."""
    if isinstance(action, Draw):
        return {"player": action.player, "turn": "draw"}
    if isinstance(action, Score):
        return {"player": action.player, "turn": "score"}
    return {"player": action.player, "turn": "discard", "card": str(action.card)}


def parse_action(data: Any, where: str = "action") -> Action:
    """The action described by ``data`` (see :func:`action_json`)."""
    if not isinstance(data, dict) or not isinstance(data.get("player"), int) or isinstance(data.get("player"), bool):
        raise EncodingError(f"{where}: expected an object with an integer 'player', got {excerpt(data)}")
    player: int = data["player"]
    turn = data.get("turn")
    if turn not in TURNS:
        raise EncodingError(f"{where}: 'turn' must be one of {', '.join(TURNS)}, got {excerpt(turn)}")
    expected = {"player", "turn", "card"} if turn == "discard" else {"player", "turn"}
    if set(data) != expected:
        raise EncodingError(f"{where}: a {turn} action has exactly the keys {sorted(expected)}, got {sorted(data)}")
    if turn == "draw":
        return Draw(player)
    if turn == "score":
        return Score(player)
    card = data["card"]
    if not isinstance(card, str) or len(card) != 2:
        raise EncodingError(f"{where}: 'card' must be one card of two characters like '3R', got {excerpt(card)}")
    try:
        return Discard(player, parse_card(card))
    except CardNotationError as error:
        raise EncodingError(f"{where}: 'card': {error}") from None


def options_json(options: RuleOptions) -> JSON:
    return {"target": "suggested" if options.target is None else options.target}


def parse_options(data: Any, where: str = "options") -> RuleOptions:
    """Rule options from JSON; missing keys take the standard rule, unknown keys or values are errors."""
    target = parse_option_values(data, OPTION_VALUES, where)["target"]
    return RuleOptions(target=None if target == "suggested" else int(target))


def round_state_json(state: RoundState) -> JSON:
    """The canonical state of a round (see the module's table)."""
    over = state.is_over
    return {
        "start": state.start,
        "phase": state.phase.value,
        "to_act": state.to_act,
        "deck": len(state.deck),
        "pond": cards_text(state.pond),
        "discards": cards_text(state.discards),
        "tableaux": [cards_text(tableau) for tableau in state.tableaux],
        "scored": [cards_text(cards) for cards in state.scored],
        "stashes": [cards_text(cards) for cards in state.stashes],
        "points": list(state.points),
        "ender": state.ender,
        "scores": list(state.points) if over else None,
        "winners": list(state.winners) if over else None,
    }


def game_state_json(game: GameState, decks_given: int) -> JSON:
    """The canonical state of a game: the current round's state plus the running totals."""
    state = round_state_json(game.round)
    state.update(
        {
            "round": decks_given - len(game.decks) - 1,
            "round_scores": [list(scores) for scores in game.round_scores],
            "totals": list(game.totals),
            "target": game.target,
            "winner": game.winner,
        }
    )
    return state
