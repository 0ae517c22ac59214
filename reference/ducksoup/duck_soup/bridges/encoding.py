"""Numbers and tensors for Duck Soup: the action numbering and the observation layout both bridges use.

**Actions.** A player's action is one integer from 0 to 208, stable across versions:

* ``4 * card + call`` plays a card: ``card`` is the engine's card number 0-51 (``suit * 13 +
  rank``, suits C D H S, ranks A 2 ... K, so ``AC`` is 0, ``KC`` 12, ``AD`` 13, ``KS`` 51) and
  ``call`` is 0 for no call, 1 "quack", 2 "quack-quack", 3 "duck soup". ``9C`` is 32,
  ``9C`` with "quack" 33.
* 208 is the leader's answer "duck".

The player is not part of the number: it is always the player to act. The legal numbers of a
position, in ascending order, are the engine's legal actions in their canonical order.

**Observation.** A flat ``float32`` vector of 391 numbers holding exactly what
:meth:`ducksoup.duck_soup.engine.Deal.observation` holds, in the pieces of :data:`OBSERVATION_LAYOUT`
(absolute player numbers, as in the engine's view): one-hot ``player``, ``dealer``, ``course``
(duck, soup), ``phase`` (:data:`PHASES`) and ``to_act`` (all zero when nobody acts), the cards of
``hand``, ``opponent_known`` and ``face_up`` (52 each), ``table`` (one row of 52 per card on the
table, in the order played), then the counts: ``opponent_hand``, ``stock``, ``tricks`` and
``points`` (per player, per course) and ``scores`` (per player, zero until the deal is over).
:func:`decode_view` turns the vector back into the engine's view, exactly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from ducksoup.bridges.encoding import Encoding
from ducksoup.duck_soup.engine import ACTION_INFO, DUCKS, NAMES, OVER, PLAYS, Deal
from duckspec.duck_soup.actions import Action, Play, SayDuck
from duckspec.duck_soup.quacking import Call

JSON = dict[str, Any]
Vector: TypeAlias = npt.NDArray[np.float32]

CALLS = (Call.NONE, Call.QUACK, Call.QUACK_QUACK, Call.DUCK_SOUP)
"""The calls in the order of their number in an action (``4 * card + call``)."""
DUCK_ACTION = 208
"""The action number of the answer "duck"."""
NUM_ACTIONS = 209
"""How many action numbers there are: 52 cards x 4 calls, and "duck"."""

PHASES = ("lead", "follow", "answer", "fourth", "over", "deal", "draw")
"""The engine's phases, then the two the OpenSpiel bridge shows at its chance nodes: ``deal`` while
the hands are dealt, ``draw`` while the cards drawn after a Duck-course trick are chosen."""
COURSES = ("duck", "soup")
TABLE_ROWS = 4
"""Cards on the table at most: a quack-quack's four (the OpenSpiel bridge's ``draw`` view)."""

OBSERVATION_LAYOUT: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("player", (2,)),
    ("dealer", (2,)),
    ("course", (2,)),
    ("phase", (len(PHASES),)),
    ("to_act", (2,)),
    ("hand", (52,)),
    ("opponent_known", (52,)),
    ("face_up", (52,)),
    ("table", (TABLE_ROWS, 52)),
    ("opponent_hand", (1,)),
    ("stock", (1,)),
    ("tricks", (2, 2)),
    ("points", (2, 2)),
    ("scores", (2,)),
)
"""The pieces of the observation vector, in order, with their shapes."""

MAX_TRICKS = 14
"""A player's tricks in one course at most: 14 in a Duck course of 14 tricks (when the Soup has 12)."""
MAX_POINTS = 28
"""A player's points in one course at most: 2 for each of 14 tricks."""
MAX_SCORE = 676
"""A deal score at most: Duck points x Soup points, each at most twice the tricks of its course, and the
two courses together have 26 tricks, so at most 2d x 2(26 - d) with d = 13."""


def _offsets(layout: Sequence[tuple[str, tuple[int, ...]]]) -> dict[str, int]:
    offsets, at = {}, 0
    for name, shape in layout:
        offsets[name] = at
        at += int(np.prod(shape))
    offsets["end"] = at
    return offsets


OFFSET = _offsets(OBSERVATION_LAYOUT)
OBSERVATION_SIZE = OFFSET["end"]
"""The length of the observation vector (391)."""


def _highs() -> Vector:
    high = np.ones(OBSERVATION_SIZE, dtype=np.float32)
    high[OFFSET["opponent_hand"]] = 13
    high[OFFSET["stock"]] = 26
    high[OFFSET["tricks"] : OFFSET["tricks"] + 4] = MAX_TRICKS
    high[OFFSET["points"] : OFFSET["points"] + 4] = MAX_POINTS
    high[OFFSET["scores"] : OFFSET["scores"] + 2] = MAX_SCORE
    return high


OBSERVATION_HIGH = _highs()
"""The largest value of each number of the observation (the lowest is 0 everywhere)."""

CARD_NUMBER = {name: number for number, name in enumerate(NAMES)}
_ID_OF_OBJECT: dict[int, int] = {}
for _player in (0, 1):
    for _card in range(52):
        for _call in range(4):
            _ID_OF_OBJECT[id(PLAYS[_player][_card][_call])] = 4 * _card + _call
    _ID_OF_OBJECT[id(DUCKS[_player])] = DUCK_ACTION
_CALL_NUMBER = {call: number for number, call in enumerate(CALLS)}


# Actions


def action_id(action: Action) -> int:
    """The number of ``action`` (see the module's docstring)."""
    number = _ID_OF_OBJECT.get(id(action))
    if number is not None and ACTION_INFO[id(action)][0] is action:
        return number
    if isinstance(action, SayDuck):
        return DUCK_ACTION
    if isinstance(action, Play):
        return 4 * action.card.index + _CALL_NUMBER[action.call]
    raise TypeError(f"an action is a Play or a SayDuck, not {action!r}")


def engine_action(player: int, number: int) -> Action:
    """The engine's own action object for ``player`` taking action ``number`` (0-208)."""
    if not 0 <= number < NUM_ACTIONS or player not in (0, 1):
        raise ValueError(
            f"an action is a number from 0 to {NUM_ACTIONS - 1} by player 0 or 1, not {number} by {player}"
        )
    if number == DUCK_ACTION:
        return DUCKS[player]
    return PLAYS[player][number >> 2][number & 3]


def action_text(number: int) -> str:
    """``9C``, ``9C quack``, ``9C quack-quack``, ``9C duck-soup`` or ``duck``."""
    if number == DUCK_ACTION:
        return "duck"
    if not 0 <= number < NUM_ACTIONS:
        raise ValueError(f"an action is a number from 0 to {NUM_ACTIONS - 1}, not {number}")
    call = number & 3
    return NAMES[number >> 2] + ("" if call == 0 else f" {CALLS[call].value}")


def legal_ids(deal: Deal) -> list[int]:
    """The numbers of the legal actions, ascending (the engine's canonical order)."""
    ids = _ID_OF_OBJECT
    return [ids[id(action)] for action in deal.legal_actions()]


# Observations


_DEALER, _COURSE, _PHASE, _TO_ACT = OFFSET["dealer"], OFFSET["course"], OFFSET["phase"], OFFSET["to_act"]
_HAND, _KNOWN, _FACE_UP, _TABLE, _COUNTS = (
    OFFSET["hand"],
    OFFSET["opponent_known"],
    OFFSET["face_up"],
    OFFSET["table"],
    OFFSET["opponent_hand"],
)
_PHASE_NUMBER = {phase: number for number, phase in enumerate(PHASES)}
assert OFFSET["end"] - _COUNTS == 12, "the counts close the vector: opponent_hand, stock, tricks, points, scores"


_BYTES = (_COUNTS + 7) // 8


def write_observation(out: Vector, deal: Deal, player: int) -> None:
    """Write ``deal.observation(player)`` into ``out`` (length :data:`OBSERVATION_SIZE`), read from the engine.

    The one-hot pieces and the card sets are gathered as the bits of one integer (a hand is already the
    engine's bitmask), unpacked in one step; then the counts.
    """
    opponent = 1 - player
    phase = deal.phase
    to_act = deal.to_act
    bits = (
        1 << player
        | 1 << (_DEALER + deal.dealer)
        | 1 << (_COURSE + deal.course)
        | 1 << (_PHASE + _PHASE_NUMBER[phase])
        | deal.hands[player] << _HAND
        | (deal.known[opponent] & deal.hands[opponent]) << _KNOWN
    )
    if to_act is not None:
        bits |= 1 << (_TO_ACT + to_act)
    face_up = deal.face_up
    if face_up is not None:
        bits |= 1 << (_FACE_UP + face_up)
    row = _TABLE
    for card in deal.table:
        bits |= 1 << (row + card)
        row += 52
    out[:_COUNTS] = np.unpackbits(
        np.frombuffer(bits.to_bytes(_BYTES, "little"), dtype=np.uint8), count=_COUNTS, bitorder="little"
    )
    (duck0, soup0), (duck1, soup1) = deal.points
    scores = (duck0 * soup0, duck1 * soup1) if phase is OVER else (0, 0)
    tricks = deal.tricks
    out[_COUNTS:] = (
        len(deal.hand_lists[opponent]),
        26 - deal.top,
        tricks[0][0],
        tricks[0][1],
        tricks[1][0],
        tricks[1][1],
        duck0,
        soup0,
        duck1,
        soup1,
        *scores,
    )


ENCODING = Encoding(NUM_ACTIONS, legal_ids, engine_action, action_text, NAMES, write_observation)
"""What the bridges use of Duck Soup's encoding: the action numbers, the card names and the observation vector."""


def _cards(text: str) -> list[int]:
    return [CARD_NUMBER[text[i : i + 2]] for i in range(0, len(text), 2)]


def encode_view(view: Mapping[str, Any], out: Vector) -> None:
    """Write a view in the engine's observation form (``Deal.observation``) into ``out``."""
    out.fill(0.0)
    ones = [int(view["player"]), OFFSET["dealer"] + int(view["dealer"])]
    ones.append(OFFSET["course"] + COURSES.index(view["course"]))
    ones.append(OFFSET["phase"] + PHASES.index(view["phase"]))
    if view["to_act"] is not None:
        ones.append(OFFSET["to_act"] + int(view["to_act"]))
    ones += [OFFSET["hand"] + card for card in _cards(view["hand"])]
    ones += [OFFSET["opponent_known"] + card for card in _cards(view["opponent_known"])]
    if view["face_up"] is not None:
        ones.append(OFFSET["face_up"] + CARD_NUMBER[view["face_up"]])
    ones += [OFFSET["table"] + 52 * row + card for row, card in enumerate(_cards(view["table"]))]
    out[ones] = 1.0
    out[OFFSET["opponent_hand"]] = view["opponent_hand"]
    out[OFFSET["stock"]] = view["stock"]
    out[OFFSET["tricks"] : OFFSET["tricks"] + 4] = [n for pair in view["tricks"] for n in pair]
    out[OFFSET["points"] : OFFSET["points"] + 4] = [n for pair in view["points"] for n in pair]
    if view["scores"] is not None:
        out[OFFSET["scores"] : OFFSET["scores"] + 2] = view["scores"]


def decode_view(vector: npt.ArrayLike) -> JSON:
    """The view in the engine's observation form that an observation vector encodes."""
    values = np.asarray(vector, dtype=np.float32).reshape(-1)
    if values.shape != (OBSERVATION_SIZE,):
        raise ValueError(f"an observation has {OBSERVATION_SIZE} numbers, not {values.size}")

    def piece(name: str) -> Vector:
        start = OFFSET[name]
        size = int(np.prod(dict(OBSERVATION_LAYOUT)[name]))
        return values[start : start + size]

    def one_hot(name: str) -> int | None:
        hot = np.flatnonzero(piece(name))
        return int(hot[0]) if hot.size else None

    def cards(bits: Vector) -> str:
        return "".join(NAMES[card] for card in np.flatnonzero(bits))

    def pairs(name: str) -> list[list[int]]:
        numbers = [int(n) for n in piece(name)]
        return [numbers[0:2], numbers[2:4]]

    table = piece("table").reshape(TABLE_ROWS, 52)
    phase = PHASES[one_hot("phase") or 0]
    face_up = one_hot("face_up")
    return {
        "dealer": one_hot("dealer"),
        "course": COURSES[one_hot("course") or 0],
        "phase": phase,
        "to_act": one_hot("to_act"),
        "stock": int(piece("stock")[0]),
        "face_up": None if face_up is None else NAMES[face_up],
        "table": "".join(cards(row) for row in table),
        "tricks": pairs("tricks"),
        "points": pairs("points"),
        "scores": [int(n) for n in piece("scores")] if phase == "over" else None,
        "player": one_hot("player"),
        "hand": cards(piece("hand")),
        "opponent_hand": int(piece("opponent_hand")[0]),
        "opponent_known": cards(piece("opponent_known")),
    }
