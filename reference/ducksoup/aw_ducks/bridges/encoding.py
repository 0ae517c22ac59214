"""Numbers and tensors for Aw Ducks!: the action numbering, the observation layout and the round whose 96 cards
chance chooses one at a time (NumPy only).

**Actions.** A player's action is one integer from 0 to 37, stable across versions: 0 is Draw, 1 is Score,
``2 + card`` discards the number card ``card`` (the engine's number ``colour * 6 + value - 1``, 0-35:
``1R`` is 0, ``6R`` 5, ``1Y`` 6; ducks are never discarded). The player is always the player to act; the
legal numbers of a position, ascending, are the engine's legal actions in their canonical order.

**Observation** (:func:`observation_layout`, for 2-4 players): one-hot ``player``, ``start``, ``phase``
(:data:`PHASES`) and ``to_act`` (zeros when nobody acts), the ``deck`` count, the ``pond`` (ducks by kind),
the ``discards`` (a count per card), each player's ``tableau`` (a count per number card) and ``scored``
pile (a count per card), the ``stash_sizes``, the ``ender`` (one-hot, zeros before the round ends) and
the ``scores`` (zero until the count opens the stashes).

**Information state** (:func:`information_layout`): the player, the start player, then one row per event:
an action (who, which) or a card the player saw taken from the deck. Every card drawn is seen by all;
a Secret Stash's two cards go face down, seen by nobody (the rules let nobody look at them), so they are
in no player's information state before the count.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from ducksoup.arguments import check_player
from ducksoup.aw_ducks.engine import (
    DECK_SIZE,
    DISCARDS,
    DRAWS,
    FULL,
    KINDS,
    NAMES,
    NUMBERS,
    OVER,
    SCORES,
    VALUE,
    Round,
    check_players,
)
from ducksoup.bridges.chance import EVERYONE, NOBODY, ChanceEpisode
from ducksoup.bridges.encoding import Encoding
from ducksoup.bridges.tensors import Layout, Vector, information_layout, offsets, write_information

JSON = dict[str, Any]
DRAW_ACTION, SCORE_ACTION = 0, 1
NUM_ACTIONS = 2 + NUMBERS
"""How many action numbers there are: Draw, Score and a discard of each of the 36 number cards."""
PHASES = ("turn", "forced-score", "final-score", "over")
"""The engine's phases, in the order of their one-hot piece."""
MAX_POINTS = 2 * sum(VALUE[:6]) * 6 + 24 * 5
"""A player's points in a round at most: every number card (2 x 21 per colour, 6 colours) and every duck (5)."""


def max_actions(players: int) -> int:
    """Player actions in a round at most: a Draw or a discard takes a card, or finds the deck empty and ends
    the round (97); a player Scores only with a card taken since their last Score, or once at the end."""
    return 2 * (DECK_SIZE + 1) + players


def observation_layout(players: int) -> Layout:
    """The pieces of the observation vector for ``players`` players, in order, with their shapes."""
    return (
        ("player", (players,)),
        ("start", (players,)),
        ("phase", (len(PHASES),)),
        ("to_act", (players,)),
        ("deck", (1,)),
        ("pond", (6,)),
        ("discards", (KINDS,)),
        ("tableaux", (players, NUMBERS)),
        ("scored", (players, KINDS)),
        ("stash_sizes", (players,)),
        ("ender", (players,)),
        ("scores", (players,)),
    )


def information_state_layout(players: int) -> Layout:
    """The pieces of the information-state tensor for ``players`` players."""
    return information_layout(players, (("start", (players,)),), NUM_ACTIONS, KINDS, max_actions(players) + DECK_SIZE)


def observation_high(players: int) -> Vector:
    """The largest value of each number of the observation (the lowest is 0 everywhere)."""
    at = offsets(observation_layout(players))
    high = np.ones(at["end"], dtype=np.float32)
    high[at["deck"]] = DECK_SIZE
    high[at["pond"] : at["discards"]] = 4
    high[at["discards"] : at["tableaux"]] = [FULL.count(card) for card in range(KINDS)]
    high[at["tableaux"] : at["scored"]] = 2
    high[at["scored"] : at["stash_sizes"]] = np.tile([FULL.count(card) for card in range(KINDS)], players)
    high[at["stash_sizes"] : at["ender"]] = DECK_SIZE
    high[at["scores"] :] = MAX_POINTS
    return high


# Actions

_ID_OF_OBJECT: dict[int, int] = {}
for _player in range(4):
    _ID_OF_OBJECT[id(DRAWS[_player])] = DRAW_ACTION
    _ID_OF_OBJECT[id(SCORES[_player])] = SCORE_ACTION
    for _card in range(NUMBERS):
        _ID_OF_OBJECT[id(DISCARDS[_player][_card])] = 2 + _card


def action_id(action: Any) -> int:
    """The number of one of the engine's actions."""
    return _ID_OF_OBJECT[id(action)]


def engine_action(player: int, number: int) -> Any:
    """The engine's own action object for ``player`` taking action ``number`` (0-37)."""
    if not 0 <= number < NUM_ACTIONS or player not in range(4):
        raise ValueError(
            f"an action is a number from 0 to {NUM_ACTIONS - 1} by player 0 to 3, not {number} by {player}"
        )
    if number == DRAW_ACTION:
        return DRAWS[player]
    if number == SCORE_ACTION:
        return SCORES[player]
    return DISCARDS[player][number - 2]


def action_text(number: int) -> str:
    """``draw``, ``score`` or ``discard 3R``."""
    if not 0 <= number < NUM_ACTIONS:
        raise ValueError(f"an action is a number from 0 to {NUM_ACTIONS - 1}, not {number}")
    return ("draw", "score")[number] if number < 2 else f"discard {NAMES[number - 2]}"


def legal_ids(game: Round) -> list[int]:
    ids = _ID_OF_OBJECT
    return [ids[id(action)] for action in game.legal_actions()]


def action_features(number: int) -> tuple[int]:
    return (number,)


# Observations


def counts(cards: list[int], kinds: int) -> Vector:
    """How many copies of each card ``cards`` holds, as a ``float32`` vector of ``kinds``."""
    return np.bincount(cards, minlength=kinds).astype(np.float32)


class ObservationWriter:
    """Writes ``game.observation(player)`` into a vector of :func:`observation_layout`, read from the engine.

    The one-hot pieces and the tableaux (mostly one copy of a card: the engine keeps their bitmasks) are the bits
    of one integer, unpacked in one step; the piles that only grow during a round, the score piles and the
    discard pile, are counted once per size and kept (:meth:`forget` before another round); then the counts.
    """

    def __init__(self, players: int) -> None:
        self.at = offsets(observation_layout(players))
        self.bytes = (self.at["end"] + 7) // 8
        self.kept: dict[tuple[int, int], Vector] = {}

    def forget(self) -> None:
        """Drop the kept pile counts: another round begins."""
        self.kept.clear()

    def pile(self, seat: int, cards: list[int], size: int) -> Vector:
        """The counts of a pile that only grows (``seat`` -1 for the discard pile, ``cards`` its counts), by size."""
        key = (seat, size)
        found = self.kept.get(key)
        if found is None:
            found = self.kept[key] = counts(_listed(cards) if seat < 0 else cards, KINDS)
        return found

    def write(self, out: Vector, game: Round, player: int) -> None:
        at = self.at
        bits = 1 << player | 1 << (at["start"] + game.start) | 1 << (at["phase"] + PHASES.index(game.phase))
        if game.phase is not OVER:
            bits |= 1 << (at["to_act"] + game.p)
        if game.ender is not None:
            bits |= 1 << (at["ender"] + game.ender)
        twice = 0
        tableaux = at["tableaux"]
        for seat, mask in enumerate(game.masks):
            base = tableaux + NUMBERS * seat
            bits |= mask << base
            tableau = game.tableaux[seat]
            if len(tableau) != mask.bit_count():  # a card held twice
                seen = 0
                for card in tableau:
                    if seen >> card & 1:
                        twice |= 1 << (base + card)
                    seen |= 1 << card
        out[:] = _unpacked(bits, self.bytes, out.size)
        if twice:
            out += _unpacked(twice, self.bytes, out.size)
        out[at["deck"]] = DECK_SIZE - game.top
        pond = at["pond"]
        for kind, copies in enumerate(game.pond):
            if copies:
                out[pond + kind] = copies
        discards = game.discards
        out[at["discards"] : at["tableaux"]] = self.pile(-1, discards, sum(discards))
        scored = at["scored"]
        for seat, cards in enumerate(game.scored):
            if cards:
                out[scored + KINDS * seat : scored + KINDS * (seat + 1)] = self.pile(seat, cards, len(cards))
        sizes = at["stash_sizes"]
        for seat, stash in enumerate(game.stashes):
            if stash:
                out[sizes + seat] = len(stash)
        if game.phase is OVER:
            out[at["scores"] :] = game.points


def _unpacked(bits: int, size: int, count: int) -> npt.NDArray[np.uint8]:
    return np.unpackbits(np.frombuffer(bits.to_bytes(size, "little"), dtype=np.uint8), count=count, bitorder="little")


def _listed(copies: list[int]) -> list[int]:
    """The cards of a list of counts, each as often as its count."""
    return [card for card, count in enumerate(copies) for _ in range(count)]


def write_observation(out: Vector, game: Round, player: int) -> None:
    """Write ``game.observation(player)`` into ``out`` (:func:`observation_layout` of the game's players)."""
    ObservationWriter(game.players).write(out, game, player)


ENCODING = Encoding(NUM_ACTIONS, legal_ids, engine_action, action_text, NAMES, write_observation)
"""What the bridges use of Aw Ducks!'s encoding: the action numbers, the card names and the observation vector
(an environment keeps its own :class:`ObservationWriter`, which is faster)."""


class ChanceRound(ChanceEpisode):
    """One round of Aw Ducks!, its 96 cards chosen one at a time as they are taken: each card of a Draw (and of
    its chain of ducks), of a Safe Draw, a Quick Quack and a Secret Stash. Chance outcomes are card numbers
    0-41 (ducks 36-41)."""

    encoding: ClassVar[Encoding] = ENCODING
    pack: ClassVar[tuple[int, ...]] = FULL
    kinds: ClassVar[int] = KINDS
    unit: ClassVar[str] = "round"

    def __init__(self, players: int = 2, start: int = 0) -> None:
        check_players(players, start)
        self.start = start
        self.info_layout = information_state_layout(players)
        super().__init__(players)

    def parameters(self) -> JSON:
        return {"players": self.players, "start": self.start}

    def new_engine(self, deck: list[int]) -> Round:
        return Round(deck, self.start, self.players)

    def engine_deck(self, engine: Round) -> list[int]:
        return engine.deck

    def revealed(self, engine: Round) -> int:
        return engine.top

    def seers(self, engine: Round, position: int, actor: int) -> int:
        """Every card taken is turned up for all, but a Secret Stash's (a discard of a 5 or a 6), seen by nobody."""
        number = self.pending
        stash = number is not None and number >= 2 and VALUE[number - 2] >= 5
        return NOBODY if stash else EVERYONE

    def may_take_cards(self, engine: Round, number: int) -> bool:
        """A Draw and a discard take cards; a Score never does."""
        return number != SCORE_ACTION

    def final_returns(self, engine: Round) -> list[float]:
        """Each player's points of the round."""
        return [float(points) for points in engine.points]

    def header(self) -> str:
        return f"{self.players} players, player {self.start} starts"

    def dealing_view(self, player: int) -> JSON:
        raise AssertionError("nothing is dealt in Aw Ducks!: the round starts at once")

    def write_observation(self, out: Vector, player: int) -> None:
        check_player(player, self.players)
        write_observation(out, self.engine, player)

    def write_information_state(self, out: Vector, player: int) -> None:
        write_information(
            out, self.info_layout, NUM_ACTIONS, player, [self.start], self.own_events(player), action_features
        )
