"""The OpenSpiel game, state and observer every game's bridge is built from (``pip install "ducksoup[openspiel]"``).

A game's bridge module subclasses :class:`BridgeGame` with its facts (:class:`Facts`: the short name,
the parameters with their choices, the players, the sizes, the utility bounds, the tensor layouts) and
its episode, and calls :func:`register`. The state (:class:`BridgeState`) and observer
(:class:`BridgeObserver`) are the same for every game: they ask the episode (a
:class:`~ducksoup.bridges.chance.ChanceEpisode`) where the game is, what is legal, what each player knows
and its tensors, and tell actions and cards by the episode's :class:`~ducksoup.bridges.encoding.Encoding`.
Clones copy the episode; serialization replays its moves.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pyspiel

from ducksoup.bridges.encoding import Encoding
from ducksoup.bridges.tensors import Layout, Vector, pieces, size

JSON = dict[str, Any]


@dataclass(frozen=True)
class Facts:
    """A game's facts for OpenSpiel, as data (OpenSpiel's ``GameType`` and ``GameInfo``)."""

    short_name: str
    long_name: str
    parameters: Mapping[str, tuple[Any, tuple[Any, ...]]]
    """Each parameter's default and its allowed values."""
    players: tuple[int, int]
    """The fewest and the most players."""
    zero_sum: bool

    def game_type(self) -> pyspiel.GameType:
        return pyspiel.GameType(
            short_name=self.short_name,
            long_name=self.long_name,
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM if self.zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=self.players[1],
            min_num_players=self.players[0],
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification={name: default for name, (default, _) in self.parameters.items()},
        )


def parse_parameters(facts: Facts, params: Mapping[str, Any]) -> JSON:
    """Every parameter's value, the defaults filled in; a bad one gets one clear error naming the choices."""
    unknown = sorted(set(params) - set(facts.parameters))
    if unknown:
        raise ValueError(
            f"{facts.short_name}: unknown parameter {unknown[0]!r}; its parameters are {', '.join(facts.parameters)}"
        )
    values = {name: params.get(name, default) for name, (default, _) in facts.parameters.items()}
    for name, (_, allowed) in facts.parameters.items():
        value = values[name]
        if isinstance(value, bool) or value not in allowed:
            raise ValueError(
                f"{facts.short_name}: parameter {name!r} cannot be {value!r}; choose one of {list(allowed)}"
            )
    return values


class BridgeGame(pyspiel.Game):  # type: ignore[misc]
    """One episode of a game under the rule options of its parameters; a subclass gives the game's parts."""

    facts: ClassVar[Facts]
    state_class: ClassVar[type[BridgeState]]
    """The game's state: :class:`BridgeState`, unless the game adds to it."""
    observation_layout: Layout
    information_layout: Layout

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.values = parse_parameters(self.facts, params)
        self.setup(self.values)
        super().__init__(self.facts.game_type(), self.game_info(), params)

    # What a game gives

    def setup(self, values: JSON) -> None:
        """Keep what the parameters' ``values`` say (options, players, layouts)."""
        raise NotImplementedError

    def game_info(self) -> pyspiel.GameInfo:
        raise NotImplementedError

    def new_episode(self) -> Any:
        """A new episode at its start (its first chance node)."""
        raise NotImplementedError

    # OpenSpiel's

    def new_initial_state(self) -> BridgeState:
        return self.state_class(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Mapping[str, Any] | None = None
    ) -> BridgeObserver:
        if isinstance(iig_obs_type, Mapping):  # OpenSpiel passes only the parameters when it names no type
            iig_obs_type, params = None, iig_obs_type
        return BridgeObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class BridgeState(pyspiel.State):  # type: ignore[misc]
    """A position of the episode; ``deal`` is the game's episode (a deal or a round)."""

    def __init__(self, game: BridgeGame) -> None:
        super().__init__(game)
        self.deal = game.new_episode()

    def current_player(self) -> int:
        deal = self.deal
        if deal.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        to_act = deal.to_act
        return int(pyspiel.PlayerId.TERMINAL) if to_act is None else int(to_act)

    def _legal_actions(self, player: int) -> list[int]:
        return self.deal.legal_actions() if player == self.deal.to_act else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.deal.chance_outcomes()  # type: ignore[no-any-return]

    def _apply_action(self, action: int) -> None:
        self.deal.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        encoding: Encoding = self.deal.encoding
        if player == pyspiel.PlayerId.CHANCE:
            try:
                return f"chance: {encoding.card_name(action)}"
            except (IndexError, ValueError):
                return f"chance: {action}?"
        try:
            return encoding.action_text(action)
        except (IndexError, ValueError):
            return f"{action}?"

    def is_terminal(self) -> bool:
        return bool(self.deal.is_over)

    def returns(self) -> list[float]:
        return [float(n) for n in self.deal.returns()]

    def __str__(self) -> str:
        deal = self.deal
        if deal.engine is None:
            return f"dealing: {len(deal.deck)} of {deal.target} cards dealt"
        held = "" if deal.pending is None else f"\nchance chooses the cards of a held action {deal.pending}"
        return json.dumps(deal.engine.state(), separators=(",", ":")) + held

    # For bots that play from the engine's view (the greedy bots)

    def view(self, player: int) -> JSON:
        """What ``player`` sees, in the form of the engine's ``observation(player)``."""
        return self.deal.view(player)  # type: ignore[no-any-return]

    def engine_legal_actions(self) -> list[Any]:
        """The legal actions as the engine's action objects."""
        deal = self.deal
        player = deal.to_act
        return [] if player is None else [deal.encoding.engine_action(player, n) for n in deal.legal_actions()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> BridgeState:
        """A state the player cannot tell from this one: the cards it has not seen dealt anew (for IS-MCTS)."""
        state: BridgeState = self.get_game().new_initial_state()
        for move in self.deal.resampled_moves(player_id, probability_sampler):
            state.apply_action(move)
        return state


class BridgeObserver:
    """OpenSpiel's observer: the observation (``perfect_recall=False``) or the information state."""

    def __init__(
        self, game: BridgeGame, iig_obs_type: pyspiel.IIGObservationType, params: Mapping[str, Any] | None
    ) -> None:
        name = game.facts.short_name
        if params:
            raise ValueError(f"{name}: observers take no parameters, not {dict(params)}")
        if not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError(
                f"{name}: observations show one player's view (public and its private information), not {iig_obs_type}"
            )
        self.game = game
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        layout = game.information_layout if self.perfect_recall else game.observation_layout
        self.tensor: Vector = np.zeros(sum(size(shape) for _, shape in layout), np.float32)
        self.dict: dict[str, Vector] = pieces(self.tensor, layout)

    def set_from(self, state: BridgeState, player: int) -> None:
        """The episode's tensor for ``player``: its information state, or its observation."""
        if self.perfect_recall:
            state.deal.write_information_state(self.tensor, player)
        else:
            state.deal.write_observation(self.tensor, player)

    def string_from(self, state: BridgeState, player: int) -> str:
        if self.perfect_recall:
            return state.deal.information_state(player)  # type: ignore[no-any-return]
        return json.dumps(state.deal.view(player), separators=(",", ":"))


BridgeGame.state_class = BridgeState


def register(game: type[BridgeGame]) -> None:
    """Register ``game`` with OpenSpiel under its short name (``pyspiel.load_game`` finds it then)."""
    pyspiel.register_game(game.facts.game_type(), game)
