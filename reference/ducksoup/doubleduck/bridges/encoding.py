"""Numbers and tensors for Doubleduck: the action numbering, the observation layout and the deal whose 104 cards
chance chooses one at a time (NumPy only).

**Actions.** A player's action is one integer from 0 to 259, stable across versions: ``5 * card + call``,
``card`` the engine's card number 0-51 (``suit * 13 + rank``, suits C D H S, ranks A 2 ... K: ``AC`` is 0,
``KS`` 51) and ``call`` 0 for none, 1 "quack", 2 "quack-quack", 3 "quack-quack-quack", 4 "doubleduck".
``9C`` is 40, ``9C`` with "quack" 41. The player is always the player to act; the legal numbers of a
position, ascending, are the engine's legal actions in their canonical order.

**Observation.** A flat ``float32`` vector of :data:`OBSERVATION_SIZE` numbers holding what the engine's
``observation(player)`` holds, in the pieces of :data:`OBSERVATION_LAYOUT` (absolute seats): one-hot
``player``, ``dealer``, ``course``, ``phase`` (:data:`PHASES`), ``to_act`` (zeros when nobody acts); the
``hand`` as two rows of 52 (a card held, a card held twice); the ``table`` (a row of 52 per card, in the
order played) and the ``calls`` made with them (a row of 5 each); then the counts: ``hand_sizes``,
``stock``, ``piles`` and ``tricks`` (side, course), the ``keepers`` (side, course, one-hot seat) and the
``scores`` (per side, zero until the deal is over).

**Information state** (:data:`INFORMATION_LAYOUT`): the player, the dealer, then one row per event of
the player's history: an action (who, the card, the call) or a card it saw (dealt or drawn).
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from ducksoup.arguments import check_options, check_player
from ducksoup.bridges.chance import NOBODY, ChanceEpisode
from ducksoup.bridges.encoding import Encoding
from ducksoup.bridges.tensors import Layout, Vector, information_layout, offsets, write_information
from ducksoup.doubleduck.engine import (
    ACTION_INFO,
    CALL_NAMES,
    DECK_SIZE,
    DRAWERS,
    DUCK,
    NAMES,
    OVER,
    PLAYS,
    STOCK_START,
    Deal,
)
from duckspec.doubleduck.variants import STANDARD, DrawOrder, RuleOptions

JSON = dict[str, Any]
CALLS = 5
NUM_ACTIONS = 52 * CALLS
"""How many action numbers there are: 52 cards x 5 calls."""
MAX_ACTIONS = DECK_SIZE
"""Player actions in a deal: each of the 104 cards is played once."""
MAX_PILE = 52
"""A side's pile in one course at most: the 13 tricks of a course, each storing at most one card per suit."""
MAX_SCORE = MAX_PILE * MAX_PILE
"""A side's deal score at most: its Duck pile times its Soup pile."""
PHASES = ("lead", "follow", "over", "deal")
"""The engine's phases, then ``deal``, shown by the OpenSpiel bridge while the hands are dealt."""
OBSERVATION_LAYOUT: Layout = (
    ("player", (4,)),
    ("dealer", (4,)),
    ("course", (2,)),
    ("phase", (len(PHASES),)),
    ("to_act", (4,)),
    ("hand", (2, 52)),
    ("table", (4, 52)),
    ("calls", (4, CALLS)),
    ("hand_sizes", (4,)),
    ("stock", (1,)),
    ("piles", (2, 2)),
    ("tricks", (2, 2)),
    ("keepers", (2, 2, 4)),
    ("scores", (2,)),
)
"""The pieces of the observation vector, in order, with their shapes."""
OFFSET = offsets(OBSERVATION_LAYOUT)
OBSERVATION_SIZE = OFFSET["end"]
"""The length of the observation vector (381)."""
MAX_EVENTS = MAX_ACTIONS + 26
"""Events in a player's history at most: every action, the 13 cards dealt to it and the 13 it draws."""
INFORMATION_LAYOUT = information_layout(4, (("dealer", (4,)),), 52 + CALLS, 52, MAX_EVENTS)
"""The pieces of the information-state tensor."""

_ID_OF_OBJECT = {
    id(PLAYS[player][card][call]): CALLS * card + call for player in range(4) for card in range(52) for call in range(5)
}


def _highs() -> Vector:
    high = np.ones(OBSERVATION_SIZE, dtype=np.float32)
    high[OFFSET["hand_sizes"] : OFFSET["stock"]] = 26
    high[OFFSET["stock"]] = DECK_SIZE - STOCK_START
    high[OFFSET["piles"] : OFFSET["tricks"]] = MAX_PILE
    high[OFFSET["tricks"] : OFFSET["keepers"]] = 13
    high[OFFSET["scores"] :] = MAX_SCORE
    return high


OBSERVATION_HIGH = _highs()
"""The largest value of each number of the observation (the lowest is 0 everywhere)."""


# Actions


def action_id(action: Any) -> int:
    """The number of one of the engine's actions."""
    _, _, card, call = ACTION_INFO[id(action)]
    return CALLS * card + call


def engine_action(player: int, number: int) -> Any:
    """The engine's own action object for ``player`` taking action ``number`` (0-259)."""
    if not 0 <= number < NUM_ACTIONS or player not in range(4):
        raise ValueError(
            f"an action is a number from 0 to {NUM_ACTIONS - 1} by player 0 to 3, not {number} by {player}"
        )
    return PLAYS[player][number // CALLS][number % CALLS]


def action_text(number: int) -> str:
    """``9C``, ``9C quack``, ... ``9C doubleduck``."""
    if not 0 <= number < NUM_ACTIONS:
        raise ValueError(f"an action is a number from 0 to {NUM_ACTIONS - 1}, not {number}")
    call = number % CALLS
    return NAMES[number // CALLS] + ("" if call == 0 else f" {CALL_NAMES[call]}")


def legal_ids(deal: Deal) -> list[int]:
    """The numbers of the legal actions, ascending (the engine's canonical order)."""
    ids = _ID_OF_OBJECT
    return [ids[id(action)] for action in deal.legal_actions()]


def action_features(number: int) -> tuple[int, int]:
    """An action in an information-state row: its card (52), then its call (5)."""
    return number // CALLS, 52 + number % CALLS


# Observations


def write_observation(out: Vector, deal: Deal, player: int) -> None:
    """Write ``deal.observation(player)`` into ``out`` (length :data:`OBSERVATION_SIZE`), read from the engine."""
    out.fill(0.0)
    ones = [player, OFFSET["dealer"] + deal.dealer, OFFSET["course"] + deal.course]
    phase = deal.phase
    ones.append(OFFSET["phase"] + PHASES.index(phase))
    to_act = deal.to_act
    if to_act is not None:
        ones.append(OFFSET["to_act"] + to_act)
    hand, counts = OFFSET["hand"], deal.counts[player]
    for card in deal.distinct[player]:
        ones.append(hand + card)
        if counts[card] == 2:
            ones.append(hand + 52 + card)
    table, calls = OFFSET["table"], OFFSET["calls"]
    for row, (card, call) in enumerate(zip(deal.table, deal.calls, strict=True)):
        ones += [table + 52 * row + card, calls + CALLS * row + call]
    keepers = OFFSET["keepers"]
    for side in (0, 1):
        for course in (0, 1):
            keeper = deal.keepers[side][course]
            if keeper is not None:
                ones.append(keepers + 8 * side + 4 * course + keeper)
    out[ones] = 1.0
    out[OFFSET["hand_sizes"] : OFFSET["stock"]] = [len(cards) for cards in deal.hands]
    out[OFFSET["stock"]] = DECK_SIZE - deal.top
    out[OFFSET["piles"] : OFFSET["tricks"]] = [n for side in deal.piles for n in side]
    out[OFFSET["tricks"] : OFFSET["keepers"]] = [n for side in deal.tricks for n in side]
    if phase is OVER:
        out[OFFSET["scores"] :] = deal.scores()


ENCODING = Encoding(NUM_ACTIONS, legal_ids, engine_action, action_text, NAMES, write_observation)
"""What the bridges use of Doubleduck's encoding: the action numbers, the card names and the observation vector."""


class ChanceDeal(ChanceEpisode):
    """One Doubleduck deal, its 104 cards chosen one at a time: the 52 dealt (the dealer's left first, round to
    the left), then each card drawn in the Duck course. Chance outcomes are card numbers 0-51."""

    encoding: ClassVar[Encoding] = ENCODING
    pack: ClassVar[tuple[int, ...]] = tuple(sorted(list(range(52)) * 2))
    kinds: ClassVar[int] = 52
    fixed_draws: ClassVar[bool] = True

    def __init__(self, draw: str = DrawOrder.WINNER_FIRST.value, dealer: int = 3) -> None:
        check_player(dealer, 4, "the dealer")
        self.options = check_options(RuleOptions(draw=DrawOrder(draw)), RuleOptions, STANDARD)
        self.dealer = dealer
        super().__init__(4)

    def parameters(self) -> JSON:
        return {"draw": self.options.draw.value, "dealer": self.dealer}

    def new_engine(self, deck: list[int]) -> Deal:
        return Deal(deck, self.dealer, self.options)

    def engine_deck(self, engine: Deal) -> list[int]:
        return engine.stock

    def revealed(self, engine: Deal) -> int:
        return engine.top

    def seers(self, engine: Deal, position: int, actor: int) -> int:
        """A dealt card is seen by the player dealt it; a drawn card by its drawer: the player of the card just
        played (drawing as played, ruling DD-R02), or the trick's winner and round to the left."""
        if position < STOCK_START:
            return (self.dealer + 1 + position) & 3
        if engine.as_played:
            return actor
        return DRAWERS[engine.to_move][(position - STOCK_START) % 4] if engine.to_move >= 0 else NOBODY

    def may_take_cards(self, engine: Deal, number: int) -> bool:
        """Only in the Duck course: every card played draws (ruling DD-R02's as-played order), or a trick's fourth."""
        return engine.course == DUCK and (engine.as_played or len(engine.table) == 3)

    def shown_later(self) -> set[int]:
        """The cards played so far: face up, seen by all."""
        return {number // CALLS for actor, number, _ in self.events if actor >= 0}

    def final_returns(self, engine: Deal) -> list[float]:
        """Each player's side's deal score."""
        scores = engine.scores()
        return [float(scores[player & 1]) for player in range(4)]

    def header(self) -> str:
        return f"dealer {self.dealer}, draw {self.options.draw.value}"

    def dealt_to(self, player: int) -> list[int]:
        """The cards dealt to ``player`` so far."""
        first = (player - self.dealer - 1) & 3
        return self.deck[first:STOCK_START:4]

    def dealing_view(self, player: int) -> JSON:
        dealt = [len(self.deck[(seat - self.dealer - 1) & 3 : STOCK_START : 4]) for seat in range(4)]
        return {
            "dealer": self.dealer,
            "course": "duck",
            "phase": "deal",
            "to_act": None,
            "stock": DECK_SIZE - STOCK_START,
            "table": "",
            "calls": [],
            "piles": [[0, 0], [0, 0]],
            "keepers": [[None, None], [None, None]],
            "tricks": [[0, 0], [0, 0]],
            "scores": None,
            "player": player,
            "hand": "".join(NAMES[card] for card in sorted(self.dealt_to(player))),
            "hand_sizes": dealt,
        }

    def write_observation(self, out: Vector, player: int) -> None:
        """The observation tensor: the engine's, or while the hands are dealt the cards dealt so far."""
        if self.engine is not None:
            write_observation(out, self.engine, player)
            return
        out.fill(0.0)
        ones = [player, OFFSET["dealer"] + self.dealer, OFFSET["course"], OFFSET["phase"] + PHASES.index("deal")]
        mine = self.dealt_to(player)
        ones += [OFFSET["hand"] + card for card in set(mine)]
        ones += [OFFSET["hand"] + 52 + card for card in set(mine) if mine.count(card) == 2]
        out[ones] = 1.0
        view = self.dealing_view(player)
        out[OFFSET["hand_sizes"] : OFFSET["stock"]] = view["hand_sizes"]
        out[OFFSET["stock"]] = view["stock"]

    def write_information_state(self, out: Vector, player: int) -> None:
        write_information(
            out, INFORMATION_LAYOUT, 52 + CALLS, player, [self.dealer], self.own_events(player), action_features
        )
