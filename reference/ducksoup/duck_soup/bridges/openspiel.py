"""Duck Soup as an OpenSpiel game: importing this module registers ``python_duck_soup``.

>>> import pyspiel
>>> import ducksoup.duck_soup.bridges.openspiel
>>> game = pyspiel.load_game("python_duck_soup", {"stock": "hidden"})
>>> game.num_distinct_actions(), game.max_chance_outcomes(), game.max_game_length()
(209, 52, 78)

One episode is one deal, dealt, played and scored (§3-§8) by the reference engine through
:class:`~ducksoup.duck_soup.bridges.chance.ChanceDeal`:

* **Chance nodes** choose the deck one card at a time, as the rules reveal it: the 26 dealt
  cards (non-dealer first), the face-up card, and after each Duck-course trick the cards drawn
  and the new face-up card. Every card not chosen yet is equally likely; a chance outcome is a
  card number 0-51.
* **Player actions** are the numbers of :mod:`ducksoup.duck_soup.bridges.encoding`: ``4 * card + call``
  (call 0 none, 1 "quack", 2 "quack-quack", 3 "duck soup") and 208 for "duck".
* **Returns** at the end: each player's deal score minus the other's (zero-sum, within
  +-676); nothing before.
* **Parameters**: ``stock`` (``"face-up"``, standard, or ``"hidden"``), ``double_draw``
  (``"winner-first"``, standard, or ``"alternate"``), ``calls`` (``"spoken"``, standard, or
  ``"silent"``, where every call is 0) and ``dealer`` (0 or 1; default 1, so that player 0
  leads). Match play (``best_of``) does not apply to one deal.
* **Observation** (string and tensor): what the engine's ``observation(player)`` holds; the
  string is that view as JSON, the tensor its encoding (:func:`~ducksoup.duck_soup.bridges.encoding.decode_view`
  turns it back).
* **Information state** (string and tensor): the player's own history, with perfect recall:
  the hand dealt, the face-up cards, every action of either player, the cards it drew.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import pyspiel

from ducksoup.bridges.openspiel import BridgeGame, BridgeState, Facts, register
from ducksoup.bridges.openspiel import parse_parameters as parse_values
from ducksoup.duck_soup.bridges.chance import DEALT, MAX_ACTIONS, MAX_DRAWS, ChanceDeal
from ducksoup.duck_soup.bridges.encoding import (
    DUCK_ACTION,
    MAX_SCORE,
    NUM_ACTIONS,
    OBSERVATION_LAYOUT,
    Vector,
    action_text,
    encode_view,
    write_observation,
)
from ducksoup.duck_soup.engine import NAMES
from duckspec.duck_soup.variants import Calls, DoubleDraw, RuleOptions, StockVisibility

JSON = dict[str, Any]
SHORT_NAME = "python_duck_soup"
FACTS = Facts(
    short_name=SHORT_NAME,
    long_name="Duck Soup (one deal, ducksoup reference engine)",
    parameters={
        "stock": ("face-up", tuple(v.value for v in StockVisibility)),
        "double_draw": ("winner-first", tuple(v.value for v in DoubleDraw)),
        "calls": ("spoken", tuple(v.value for v in Calls)),
        "dealer": (1, (0, 1)),
    },
    players=(2, 2),
    zero_sum=True,
)
PARAMETERS: dict[str, Any] = {name: default for name, (default, _) in FACTS.parameters.items()}
"""The game's parameters and their defaults (the standard rules, player 1 dealing)."""
GAME_INFO = pyspiel.GameInfo(
    num_distinct_actions=NUM_ACTIONS,
    max_chance_outcomes=52,
    num_players=2,
    min_utility=-float(MAX_SCORE),
    max_utility=float(MAX_SCORE),
    utility_sum=0.0,
    max_game_length=MAX_ACTIONS,
)

ACTION_ROW = 2 + 52 + 4 + 1
"""An action in the information-state tensor: who (2), the card (52), the call (4), or "duck" (1)."""
DRAW_ROW = 52 + 52
"""A draw in the information-state tensor: the cards the player drew (52), the new face-up card (52)."""
INFORMATION_STATE_LAYOUT: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("player", (2,)),
    ("dealer", (2,)),
    ("hand", (52,)),
    ("face_up", (52,)),
    ("actions", (MAX_ACTIONS, ACTION_ROW)),
    ("draws", (MAX_DRAWS, DRAW_ROW)),
)
"""The pieces of the information-state tensor: the player, the dealer, the hand dealt, the first face-up
card, then one row per action of either player and one row per draw, in order."""


def parse_parameters(params: Mapping[str, Any]) -> tuple[RuleOptions, int]:
    """The rule options and the dealer named by the game's parameters; a bad value gets one clear error."""
    values = parse_values(FACTS, params)
    options = RuleOptions(
        stock=StockVisibility(values["stock"]),
        double_draw=DoubleDraw(values["double_draw"]),
        calls=Calls(values["calls"]),
    )
    return options, int(values["dealer"])


class DuckSoupState(BridgeState):
    """A position of the deal; its ``deal`` is the bridge's :class:`~ducksoup.duck_soup.bridges.chance.ChanceDeal`."""

    deal: ChanceDeal

    def __str__(self) -> str:
        deal = self.deal
        engine = deal.engine
        if engine is None:
            return f"dealing: {len(deal.deck)} of {DEALT} cards dealt"
        state = engine.state()
        held = ""
        if deal.pending is not None:
            held = f" (drawing after player {deal.pending_player}'s {action_text(deal.pending)})"
        lines = [
            f"dealer {state['dealer']}, {state['course']} course, {state['phase']}{held}",
            f"player 0: {state['hands'][0]}",
            f"player 1: {state['hands'][1]}",
            f"stock {state['stock']}, face-up {state['face_up']}, table {state['table'] or '-'}",
            f"points {state['points']}, tricks {state['tricks']}, scores {state['scores']}",
        ]
        return "\n".join(lines)


class DuckSoupGame(BridgeGame):
    """The game: one deal of Duck Soup under the rule options of its parameters."""

    facts: ClassVar[Facts] = FACTS
    state_class: ClassVar[type[BridgeState]] = DuckSoupState

    def setup(self, values: JSON) -> None:
        self.options, self.dealer = parse_parameters(values)
        self.observation_layout = OBSERVATION_LAYOUT
        self.information_layout = INFORMATION_STATE_LAYOUT

    def game_info(self) -> pyspiel.GameInfo:
        return GAME_INFO

    def new_episode(self) -> ChanceDeal:
        return ChanceDeal(self.options, self.dealer)

    def max_chance_nodes_in_history(self) -> int:
        """Every card is chosen once: 26 dealt, 26 in the stock."""
        return 52

    def write_observation(self, out: Vector, episode: ChanceDeal, player: int) -> None:
        if episode.engine is not None and episode.pending is None:
            write_observation(out, episode.engine, player)
        else:
            encode_view(episode.view(player), out)

    def write_information_state(self, out: Vector, episode: ChanceDeal, player: int) -> None:
        write_information_state(out, episode, player)

    def card_name(self, card: int) -> str:
        return NAMES[card]

    def action_text(self, number: int) -> str:
        return action_text(number)


def write_information_state(out: Vector, deal: ChanceDeal, player: int) -> None:
    """Write ``player``'s information state into ``out`` (:data:`INFORMATION_STATE_LAYOUT`)."""
    out.fill(0.0)
    ones = [player, 2 + deal.dealer]
    ones += [4 + card for card in deal.dealt_to(player)]
    if not deal.hidden and len(deal.deck) > DEALT:
        ones.append(56 + deal.deck[DEALT])
    at = 108
    for actor, number in deal.actions:
        ones.append(at + actor)
        if number == DUCK_ACTION:
            ones.append(at + 58)
        else:
            ones += [at + 2 + (number >> 2), at + 54 + (number & 3)]
        at += ACTION_ROW
    at = 108 + MAX_ACTIONS * ACTION_ROW
    for drawn, face_up in deal.draws:
        ones += [at + card for card in drawn[player]]
        if face_up >= 0:
            ones.append(at + 52 + face_up)
        at += DRAW_ROW
    out[ones] = 1.0


register(DuckSoupGame)
