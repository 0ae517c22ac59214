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

import json
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel

from ducksoup.duck_soup.bridges.chance import DEALT, MAX_ACTIONS, MAX_DRAWS, ChanceDeal
from ducksoup.duck_soup.bridges.encoding import (
    DUCK_ACTION,
    MAX_SCORE,
    NUM_ACTIONS,
    OBSERVATION_LAYOUT,
    Vector,
    action_text,
    encode_view,
    engine_action,
    write_observation,
)
from ducksoup.duck_soup.engine import NAMES
from duckspec.duck_soup.actions import Action
from duckspec.duck_soup.variants import Calls, DoubleDraw, RuleOptions, StockVisibility

JSON = dict[str, Any]
SHORT_NAME = "python_duck_soup"
PARAMETERS: dict[str, Any] = {"stock": "face-up", "double_draw": "winner-first", "calls": "spoken", "dealer": 1}
"""The game's parameters and their defaults (the standard rules, player 1 dealing)."""

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Duck Soup (one deal, ducksoup reference engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=PARAMETERS,
)
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
    unknown = sorted(set(params) - set(PARAMETERS))
    if unknown:
        raise ValueError(f"{SHORT_NAME}: unknown parameter {unknown[0]!r}; its parameters are {', '.join(PARAMETERS)}")
    values = {**PARAMETERS, **params}
    choices: dict[str, list[Any]] = {
        "stock": [v.value for v in StockVisibility],
        "double_draw": [v.value for v in DoubleDraw],
        "calls": [v.value for v in Calls],
        "dealer": [0, 1],
    }
    for name, allowed in choices.items():
        if values[name] not in allowed or isinstance(values[name], bool):
            raise ValueError(f"{SHORT_NAME}: parameter {name!r} cannot be {values[name]!r}; choose one of {allowed}")
    options = RuleOptions(
        stock=StockVisibility(values["stock"]),
        double_draw=DoubleDraw(values["double_draw"]),
        calls=Calls(values["calls"]),
    )
    return options, int(values["dealer"])


class DuckSoupGame(pyspiel.Game):  # type: ignore[misc]
    """The game: one deal of Duck Soup under the rule options of its parameters."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.options, self.dealer = parse_parameters(params)
        super().__init__(GAME_TYPE, GAME_INFO, params)

    def new_initial_state(self) -> DuckSoupState:
        return DuckSoupState(self)

    def max_chance_nodes_in_history(self) -> int:
        """Every card is chosen once: 26 dealt, 26 in the stock."""
        return 52

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Mapping[str, Any] | None = None
    ) -> DuckSoupObserver:
        if isinstance(iig_obs_type, Mapping):  # OpenSpiel passes only the parameters when it names no type
            iig_obs_type, params = None, iig_obs_type
        return DuckSoupObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class DuckSoupState(pyspiel.State):  # type: ignore[misc]
    """A position of the deal; its ``deal`` is the bridge's :class:`~ducksoup.duck_soup.bridges.chance.ChanceDeal`."""

    def __init__(self, game: DuckSoupGame) -> None:
        super().__init__(game)
        self.deal = ChanceDeal(game.options, game.dealer)

    def current_player(self) -> int:
        deal = self.deal
        if deal.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        to_act = deal.to_act
        return int(pyspiel.PlayerId.TERMINAL) if to_act is None else to_act

    def _legal_actions(self, player: int) -> list[int]:
        return self.deal.legal_actions() if player == self.deal.to_act else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self.deal.chance_outcomes()
        chance = 1.0 / len(outcomes)
        return [(card, chance) for card in outcomes]

    def _apply_action(self, action: int) -> None:
        self.deal.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance: {NAMES[action]}" if 0 <= action < 52 else f"chance: {action}?"
        return action_text(action)

    def is_terminal(self) -> bool:
        return self.deal.is_over

    def returns(self) -> list[float]:
        return [float(n) for n in self.deal.returns()]

    def __str__(self) -> str:
        deal = self.deal
        engine = deal.engine
        if engine is None:
            return f"dealing: {len(deal.deck)} of {DEALT} cards dealt"
        state = engine.state()
        lines = [
            f"dealer {state['dealer']}, {state['course']} course, {state['phase']}"
            + ("" if deal.pending is None else f" (drawing after {deal.pending})"),
            f"player 0: {state['hands'][0]}",
            f"player 1: {state['hands'][1]}",
            f"stock {state['stock']}, face-up {state['face_up']}, table {state['table'] or '-'}",
            f"points {state['points']}, tricks {state['tricks']}, scores {state['scores']}",
        ]
        return "\n".join(lines)

    # For bots that play from the engine's view (such as ducksoup.duck_soup.bots.GreedyBot)

    def view(self, player: int) -> JSON:
        """What ``player`` sees, in the form of the engine's ``observation(player)``."""
        return self.deal.view(player)

    def engine_legal_actions(self) -> list[Action]:
        """The legal actions as the engine's action objects (``Play``, ``SayDuck``)."""
        player = self.deal.to_act
        return [] if player is None else [engine_action(player, n) for n in self.deal.legal_actions()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> DuckSoupState:
        """A state the player cannot tell from this one: the cards it has not seen dealt anew (for IS-MCTS)."""
        state = self.get_game().new_initial_state()
        for move in self.deal.resampled_moves(player_id, probability_sampler):
            state.apply_action(move)
        return state  # type: ignore[no-any-return]


class DuckSoupObserver:
    """OpenSpiel's observer: the observation (``perfect_recall=False``) or the information state."""

    def __init__(self, iig_obs_type: pyspiel.IIGObservationType, params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"{SHORT_NAME}: observers take no parameters, not {dict(params)}")
        if not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError(
                f"{SHORT_NAME}: observations show one player's view (public and its private information), "
                f"not {iig_obs_type}"
            )
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        layout = INFORMATION_STATE_LAYOUT if self.perfect_recall else OBSERVATION_LAYOUT
        self.tensor: Vector = np.zeros(sum(int(np.prod(shape)) for _, shape in layout), np.float32)
        self.dict: dict[str, Vector] = {}
        at = 0
        for name, shape in layout:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[at : at + size].reshape(shape)
            at += size

    def set_from(self, state: DuckSoupState, player: int) -> None:
        deal = state.deal
        if self.perfect_recall:
            write_information_state(self.tensor, deal, player)
        elif deal.engine is not None and deal.pending is None:
            write_observation(self.tensor, deal.engine, player)
        else:
            encode_view(deal.view(player), self.tensor)

    def string_from(self, state: DuckSoupState, player: int) -> str:
        if self.perfect_recall:
            return state.deal.information_state(player)
        return json.dumps(state.deal.view(player), separators=(",", ":"))


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


pyspiel.register_game(GAME_TYPE, DuckSoupGame)
