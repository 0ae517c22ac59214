"""The reference engine of Aw Ducks!: rounds and games, built for speed.

Written independently of the specification's rule logic (the differential tests prove the two
equal). Cards are ints in the canonical order, ``colour * 6 + value - 1`` for the 36 number cards
(0-35) and ``36 + kind`` for the ducks (36-41, the rainbow duck 41); the deck is a list with a
pointer; a tableau is a list of ints with a bitmask of the different cards in it beside; the pond
and the discard pile are counts. Actions are the specification's own
:class:`~duckspec.aw_ducks.actions.Draw`, :class:`~duckspec.aw_ducks.actions.Score` and
:class:`~duckspec.aw_ducks.actions.Discard` values, created once and reused, so that
``legal_actions()`` builds no objects (its tuples are cached by tableau) and ``apply()``
recognises its own actions by identity; anything else takes a slow path that checks it.

>>> from duckspec.aw_ducks.components import full_deck
>>> game = Round(full_deck(), start=0, players=3)
>>> game.legal_actions()
(Draw(player=0),)
>>> game.apply(game.legal_actions()[0])
>>> game.to_act, game.state()["tableaux"]
(1, ['1R', '', ''])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from ducksoup.arguments import check_card_number, check_int, check_options, check_player
from duckspec.aw_ducks.actions import Action, Discard, Draw, Score, check_well_formed
from duckspec.aw_ducks.components import Card, card_from_index, exists, parse_card
from duckspec.aw_ducks.errors import ErrorCode, IllegalAction
from duckspec.aw_ducks.options import STANDARD, RuleOptions

JSON = dict[str, Any]

TURN, FORCED, FINAL, OVER = "turn", "forced-score", "final-score", "over"
DRAW, SCORE, DISCARD = 0, 1, 2
NUMBERS, KINDS, DECK_SIZE, RAINBOW = 36, 42, 96, 5
SUGGESTED = {2: 400, 3: 300, 4: 250}
PLAYER_COUNTS = (2, 3, 4)

CARDS = tuple(card_from_index(i) for i in range(KINDS))
NAMES = tuple(str(card) for card in CARDS)
VALUE = tuple(c % 6 + 1 for c in range(NUMBERS))
COLOUR = tuple(c // 6 for c in range(NUMBERS))
POINTS = VALUE + (5,) * 6
BIT = tuple(1 << c for c in range(KINDS))
FULL = tuple(
    sorted([c for c in range(NUMBERS) for _ in range(2)] + [c for c in range(NUMBERS, KINDS) for _ in range(4)])
)
# MATCH[kind][c]: does a duck of this kind (0-4 a colour, 5 rainbow) match number c? Black (colour 5) never.
MATCH = tuple(
    tuple(COLOUR[c] != 5 and (kind == RAINBOW or COLOUR[c] == kind) for c in range(NUMBERS)) for kind in range(6)
)
FULL_LIST = list(FULL)
ONLY_INTS = frozenset({int})
RUNS = tuple(0b1111 << low for low in (1, 2, 3))
"""Bit v set for value v: the three runs of four values (no wrap)."""

DRAWS = tuple(Draw(p) for p in range(4))
SCORES = tuple(Score(p) for p in range(4))
DISCARDS = tuple(tuple(Discard(p, CARDS[c]) for c in range(KINDS)) for p in range(4))
ONLY_DRAW = tuple((action,) for action in DRAWS)
ONLY_SCORE = tuple((action,) for action in SCORES)
ACTION_INFO: dict[int, tuple[Action, int, int, int]] = {}
for _p in range(4):
    ACTION_INFO[id(DRAWS[_p])] = (DRAWS[_p], DRAW, _p, -1)
    ACTION_INFO[id(SCORES[_p])] = (SCORES[_p], SCORE, _p, -1)
    for _c in range(KINDS):
        ACTION_INFO[id(DISCARDS[_p][_c])] = (DISCARDS[_p][_c], DISCARD, _p, _c)
MEMO_LIMIT = 100_000
"""The legal-action tuples kept per player, by tableau; the memo starts afresh beyond this."""
MEMO: list[dict[int, tuple[Action, ...]]] = [{} for _ in range(4)]
"""The legal-action tuples of a free turn, per player, by the bitmask of the different cards in the tableau:
shared by every round (the actions in them are the module's own, immutable values)."""


def card_number(card: Card | int | str) -> int:
    """A card as the engine's int, from a Card, an int 0-41 or notation such as ``3R``.

    ``TypeError`` for anything else (a float, a bool or a NumPy integer is not a card number: see
    :mod:`ducksoup.arguments`), ``ValueError`` for an int out of range or a text that is not a card.
    """
    return check_card_number(card, KINDS, _parse_card_number, Card, "3R")


def _parse_card_number(text: str) -> int:
    return parse_card(text).index


def deck_numbers(deck: Sequence[Card | int | str]) -> list[int]:
    """The deck as card numbers, top first; ``ValueError`` unless it is the game's 96 cards."""
    numbers = [card_number(card) for card in deck]
    if sorted(numbers) != FULL_LIST:
        missing = [NAMES[c] for c in range(KINDS) if numbers.count(c) < FULL.count(c)]
        extra = [NAMES[c] for c in range(KINDS) if numbers.count(c) > FULL.count(c)]
        raise ValueError(
            f"a deck lists the 96 cards (each number card twice, each duck four times), top first; this one has "
            f"{len(numbers)} cards"
            + (f", too few of {' '.join(missing)}" if missing else "")
            + (f", too many of {' '.join(extra)}" if extra else "")
        )
    return numbers


def check_players(players: object, start: object) -> None:
    """``TypeError`` unless both are ints, ``ValueError`` unless 2 to 4 players play and ``start`` is one of them."""
    count = check_int(players, "the number of players", "an int, 2, 3 or 4")
    if count not in PLAYER_COUNTS:
        raise ValueError(f"Aw Ducks! is played by 2, 3 or 4 players, not {count!r}")
    check_player(start, count, "the start player")


def cards_text(cards: Sequence[int]) -> str:
    return "".join([NAMES[c] for c in sorted(cards)])


def counts_text(counts: Sequence[int]) -> str:
    return "".join([NAMES[c] * n for c, n in enumerate(counts) if n])


def met_kinds(tableau: list[int]) -> list[bool]:
    """Whether the tableau meets the condition of each duck kind: red, yellow, green, blue, purple, rainbow."""
    if len(tableau) < 3:
        return [False, False, False, False, False, True]
    values = [0] * 7
    colours = [0] * 6
    present = 0
    for c in tableau:
        v = VALUE[c]
        values[v] += 1
        colours[COLOUR[c]] += 1
        present |= 1 << v
    odd = values[1] + values[3] + values[5]
    return [
        odd >= 5 or len(tableau) - odd >= 5,
        any(present & run == run for run in RUNS),
        max(values) >= 3,
        6 - colours.count(0) >= 5,
        max(colours) >= 3,
        True,
    ]


class Round:
    """One round in progress: ``legal_actions()``, ``apply(action)``, ``observation(player)``, ``state()``."""

    __slots__ = (
        "deck",
        "discards",
        "ender",
        "masks",
        "options",
        "p",
        "phase",
        "players",
        "points",
        "pond",
        "scored",
        "start",
        "stashes",
        "tableaux",
        "top",
    )

    def __init__(
        self,
        deck: Sequence[Card | int | str],
        start: int,
        players: int,
        options: RuleOptions | None = None,
    ) -> None:
        if (
            type(players) is not int
            or players not in PLAYER_COUNTS
            or type(start) is not int
            or not 0 <= start < players
        ):
            check_players(players, start)  # the messages; the test above is the fast path, one per round
        numbers = cast(list[int], list(deck)) if deck and type(deck[0]) is int else []
        # The fast path, card numbers checked at once; their types first, since 1.0 and True sort as 1.
        if len(numbers) != DECK_SIZE or set(map(type, numbers)) != ONLY_INTS or sorted(numbers) != FULL_LIST:
            numbers = deck_numbers(deck)
        self.deck = numbers
        self.options = check_options(options, RuleOptions, STANDARD)
        self.players = players
        self.start = start
        self.p = start
        self.phase = TURN
        self.top = 0
        self.tableaux: list[list[int]] = [[] for _ in range(players)]
        self.masks = [0] * players
        self.pond = [0] * 6
        self.discards = [0] * KINDS
        self.scored: list[list[int]] = [[] for _ in range(players)]
        self.stashes: list[list[int]] = [[] for _ in range(players)]
        self.points = [0] * players
        self.ender: int | None = None

    # What the players may do

    @property
    def to_act(self) -> int | None:
        return None if self.phase is OVER else self.p

    @property
    def is_over(self) -> bool:
        return self.phase is OVER

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action, in the specification's canonical order; empty when the round is over."""
        phase, p = self.phase, self.p
        if phase is not TURN:
            return () if phase is OVER else ONLY_SCORE[p]
        mask = self.masks[p]
        if not mask:
            return ONLY_DRAW[p]
        memo = MEMO[p]
        actions = memo.get(mask)
        if actions is None:
            discards = DISCARDS[p]
            found: list[Action] = [DRAWS[p], SCORES[p]]
            rest = mask
            while rest:
                low = rest & -rest
                found.append(discards[low.bit_length() - 1])
                rest ^= low
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            actions = memo[mask] = tuple(found)
        return actions

    def apply(self, action: Action) -> None:
        """Play ``action``; if it is illegal, raise :class:`IllegalAction` with the spec's code and change nothing."""
        info = ACTION_INFO.get(id(action))
        if info is None or info[0] is not action:
            info = describe(action)
        _, kind, player, card = info
        phase, p = self.phase, self.p
        if phase is OVER:
            raise IllegalAction(
                ErrorCode.ROUND_OVER, "§9", "the round is over: every player has taken their final Score"
            )
        if player != p:
            raise IllegalAction(ErrorCode.NOT_YOUR_TURN, "§4", f"player {p} must act now, not player {player}")
        if phase is not TURN:
            if kind != SCORE:
                if phase is FINAL:
                    raise IllegalAction(
                        ErrorCode.FINAL_SCORE_REQUIRED,
                        "§9",
                        f"the round has ended: player {p} must take a final Score turn",
                    )
                raise IllegalAction(
                    ErrorCode.SCORE_REQUIRED,
                    "§8",
                    f"after a Quick Quack or a Secret Stash player {p} must Score at once",
                )
            self._score(p)
            return
        if kind == DRAW:
            self._after(p, self._draw(p), False)
            return
        if not self.masks[p]:
            raise IllegalAction(ErrorCode.DRAW_REQUIRED, "§5", f"player {p}'s tableau is empty: they must Draw")
        if kind == SCORE:
            self._score(p)
            return
        if card >= NUMBERS or not self.masks[p] >> card & 1:
            shown = info[0].card if isinstance(info[0], Discard) else card
            raise IllegalAction(
                ErrorCode.CARD_NOT_IN_TABLEAU, "§8", f"{shown} is not in player {p}'s tableau; discard one that is"
            )
        self._discard(p, card)

    # The turns

    def _after(self, p: int, ended: bool, forced: bool) -> None:
        """After a Draw or Discard: the round ends (final Scores from ``p``), a Score is forced, or the turn passes."""
        if ended:
            self.phase, self.ender = FINAL, p
        elif forced:
            self.phase = FORCED
        else:
            self.p = p + 1 if p + 1 < self.players else 0

    def _duck(self, p: int, duck: int) -> None:
        """A duck to the pond, discarding the numbers of ``p``'s tableau that it matches."""
        kind = duck - NUMBERS
        self.pond[kind] += 1
        tableau = self.tableaux[p]
        if tableau:
            match = MATCH[kind]
            kept = [c for c in tableau if not match[c]]
            if len(kept) != len(tableau):
                discards = self.discards
                mask = 0
                for c in tableau:
                    if match[c]:
                        discards[c] += 1
                for c in kept:
                    mask |= BIT[c]
                tableau[:] = kept
                self.masks[p] = mask

    def _draw(self, p: int) -> bool:
        """A Draw turn; True if it found the deck empty."""
        deck, top = self.deck, self.top
        while top < DECK_SIZE:
            c = deck[top]
            top += 1
            if c < NUMBERS:
                self.top = top
                self.tableaux[p].append(c)
                self.masks[p] |= BIT[c]
                return False
            self._duck(p, c)
        self.top = top
        return True

    def _discard(self, p: int, card: int) -> None:
        tableau = self.tableaux[p]
        tableau.remove(card)
        if card not in tableau:
            self.masks[p] ^= BIT[card]
        self.discards[card] += 1
        value = VALUE[card]
        deck = self.deck
        ended = False
        if value <= 2:  # Safe Draw: two cards, ducks without effect
            for _ in range(2):
                if self.top == DECK_SIZE:
                    ended = True
                    break
                c = deck[self.top]
                self.top += 1
                if c < NUMBERS:
                    tableau.append(c)
                    self.masks[p] |= BIT[c]
                else:
                    self.pond[c - NUMBERS] += 1
        elif value <= 4:  # Quick Quack: three cards, ducks discard but draw no more
            for _ in range(3):
                if self.top == DECK_SIZE:
                    ended = True
                    break
                c = deck[self.top]
                self.top += 1
                if c < NUMBERS:
                    tableau.append(c)
                    self.masks[p] |= BIT[c]
                else:
                    self._duck(p, c)
        else:  # Secret Stash: two cards to the score pile, unseen
            stash = self.stashes[p]
            for _ in range(2):
                if self.top == DECK_SIZE:
                    ended = True
                    break
                c = deck[self.top]
                self.top += 1
                stash.append(c)
                self.points[p] += POINTS[c]
        self._after(p, ended, value > 2)

    def _score(self, p: int) -> None:
        tableau = self.tableaux[p]
        scored = self.scored[p]
        gained = 0
        for c in tableau:
            gained += VALUE[c]
        pond = self.pond
        if pond[RAINBOW] or pond[0] or pond[1] or pond[2] or pond[3] or pond[4]:
            met = met_kinds(tableau)
            for kind in range(6):
                n = pond[kind]
                if n and met[kind]:
                    gained += 5 * n
                    scored.extend([NUMBERS + kind] * n)
                    pond[kind] = 0
        scored.extend(tableau)
        tableau.clear()
        self.masks[p] = 0
        self.points[p] += gained
        players = self.players
        after = p + 1 if p + 1 < players else 0
        if self.phase is FINAL:
            if after == self.ender:
                self.phase = OVER
            else:
                self.p = after
        else:
            self.phase, self.p = TURN, after

    # The canonical state and the players' observations

    def winners(self) -> list[int]:
        best = max(self.points)
        return [p for p, points in enumerate(self.points) if points == best]

    def state(self) -> JSON:
        """The canonical state, in the conformance suite's JSON form."""
        over = self.phase is OVER
        return {
            "start": self.start,
            "phase": self.phase,
            "to_act": None if over else self.p,
            "deck": DECK_SIZE - self.top,
            "pond": "".join([NAMES[NUMBERS + kind] * n for kind, n in enumerate(self.pond) if n]),
            "discards": counts_text(self.discards),
            "tableaux": [cards_text(tableau) for tableau in self.tableaux],
            "scored": [cards_text(cards) for cards in self.scored],
            "stashes": [cards_text(cards) for cards in self.stashes],
            "points": list(self.points),
            "ender": self.ender,
            "scores": list(self.points) if over else None,
            "winners": self.winners() if over else None,
        }

    def observation(self, player: int, state: JSON | None = None) -> JSON:
        """What ``player`` may see: everything but the deck's order and, until the count, the stashes.

        ``state``, if given, is this round's :meth:`state` (or a game's), to build on without recomputing it.
        """
        if type(player) is not int or not 0 <= player < self.players:
            check_player(player, self.players)
        state = state or self.state()
        over = self.phase is OVER
        seen = {key: value for key, value in state.items() if over or (key != "stashes" and key != "points")}
        seen["player"] = player
        seen["stash_sizes"] = [len(stash) for stash in self.stashes]
        return seen


class Game:
    """A game of rounds to the target: rounds from the given decks until one player alone leads past it.

    The decks are consumed one per round; when they run out before the end, the game waits
    (``needs_deck``) until :meth:`add_decks` gives more.
    """

    def __init__(
        self,
        decks: Sequence[Sequence[Card | int | str]],
        start: int,
        players: int,
        options: RuleOptions | None = None,
    ) -> None:
        if not decks:
            raise ValueError("a game needs at least one deck")
        check_players(players, start)
        self.options = check_options(options, RuleOptions, STANDARD)
        self.players = players
        self.target = SUGGESTED[players] if self.options.target is None else self.options.target
        self.decks = [deck_numbers(deck) for deck in decks]
        self.round = Round(self.decks[0], start, players, self.options)
        self.dealt = 1
        self.round_scores: list[list[int]] = []
        self.totals = [0] * players
        self.winner: int | None = None

    @property
    def to_act(self) -> int | None:
        return None if self.winner is not None else self.round.to_act

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def needs_deck(self) -> bool:
        return self.winner is None and self.round.phase is OVER

    def legal_actions(self) -> tuple[Action, ...]:
        return () if self.winner is not None else self.round.legal_actions()

    def apply(self, action: Action) -> None:
        """Play ``action`` in the current round; a finished round is counted and the next one started."""
        if self.winner is not None:
            raise IllegalAction(ErrorCode.GAME_OVER, "§2", f"the game is over: player {self.winner} has won it")
        current = self.round
        current.apply(action)
        if current.phase is OVER:
            self._count(current)

    def _count(self, finished: Round) -> None:
        scores = list(finished.points)
        self.round_scores.append(scores)
        totals = self.totals
        for p in range(self.players):
            totals[p] += scores[p]
        best = max(totals)
        if best >= self.target and totals.count(best) == 1:
            self.winner = totals.index(best)
            return
        self._next_round()

    def _next_round(self) -> None:
        if self.dealt >= len(self.decks):
            return
        start = self.round.start + 1
        self.round = Round(self.decks[self.dealt], start if start < self.players else 0, self.players, self.options)
        self.dealt += 1

    def add_decks(self, decks: Sequence[Sequence[Card | int | str]]) -> None:
        """More deck orders for the rounds to come; a game waiting for a deck starts its next round at once."""
        for deck in decks:
            self.decks.append(deck_numbers(deck))
        if self.needs_deck:
            self._next_round()

    def state(self) -> JSON:
        state = self.round.state()
        state.update(
            {
                "round": self.dealt - 1,
                "round_scores": [list(scores) for scores in self.round_scores],
                "totals": list(self.totals),
                "target": self.target,
                "winner": self.winner,
            }
        )
        return state

    def observation(self, player: int, state: JSON | None = None) -> JSON:
        """What ``player`` may see of the game (see :meth:`Round.observation`)."""
        return self.round.observation(player, state or self.state())


def describe(action: Action) -> tuple[Action, int, int, int]:
    """(action, kind, player, card) of an action the engine did not create; card -1 for Draw and Score.

    The slow path: the action's types are checked as the specification checks them
    (:func:`~duckspec.aw_ducks.actions.check_well_formed`), so a malformed action is a ``TypeError``
    raised before anything changes.
    """
    check_well_formed(action)
    if isinstance(action, Draw):
        return action, DRAW, action.player, -1
    if isinstance(action, Score):
        return action, SCORE, action.player, -1
    card = action.card.index if exists(action.card) else KINDS  # a card of no game: in no tableau
    return action, DISCARD, action.player, card
