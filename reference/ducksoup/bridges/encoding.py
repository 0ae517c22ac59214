"""What a game's encoding gives every bridge, as one record (pure Python): its action numbers, its card names and
its observation tensor.

A game's encoding module (``ducksoup.<game>.bridges.encoding``) builds one :class:`Encoding` from its own
functions, and its episode (:attr:`ducksoup.bridges.chance.ChanceEpisode.encoding`) and environment
(:attr:`ducksoup.bridges.pettingzoo.CardEnv.encoding`) name it. The shared episode, the OpenSpiel state and the
AEC environment call these functions directly, so that no game writes methods that only pass them on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Encoding:
    """A game's action numbers, card names and observation tensor."""

    num_actions: int
    """How many action numbers there are (they are 0 to ``num_actions - 1``)."""
    legal_ids: Callable[[Any], list[int]]
    """The numbers of an engine's legal actions, ascending (the engine's canonical order)."""
    engine_action: Callable[[int, int], Any]
    """The engine's own action object for a player (first) taking an action number (second); ``ValueError`` for a
    number or a player out of range."""
    action_text: Callable[[int], str]
    """An action number in words (``9C quack``, ``draw``); ``ValueError`` for a number out of range."""
    card_names: Sequence[str]
    """Each card number's name (the chance outcomes are card numbers)."""
    write_observation: Callable[[Any, Any, int], None]
    """Write what an engine's ``observation(player)`` holds into a ``float32`` vector: ``(out, engine, player)``."""

    def card_name(self, card: int) -> str:
        """The name of card number ``card``."""
        return self.card_names[card]
