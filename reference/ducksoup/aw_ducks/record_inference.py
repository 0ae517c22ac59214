"""Aw Ducks!'s completion rules: the deck orders behind a record, inferred so that the written game is legal.

How the inference works, and its limits, is described in :mod:`ducksoup.aw_ducks.record`; the
bookkeeping every game's inference shares (placing cards, the rest in canonical order, stopping at
the first broken rule) is :mod:`ducksoup.records.inference`. Here are where Aw Ducks! puts the
cards a record gives (each card a turn took, at the top of the deck as the turn reaches it), the
copies of a card (two of each number, four of each duck: a card's copies are one card to a
player, so the inference places the lowest copy not yet placed), the Secret Stash cards nobody saw
(chosen so that the written scores hold), and the rules each round is checked against on the engine.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from duckcheck.aw_ducks.oracle import Table
from duckcheck.oracle import Scope
from ducksoup.aw_ducks.engine import DECK_SIZE, FULL, NAMES, NUMBERS, OVER, POINTS, VALUE, Game, Round
from ducksoup.aw_ducks.narrate import CONDITIONS
from ducksoup.aw_ducks.record_grammar import Record, Turn, card_name
from ducksoup.records import NOWHERE, DeckPlacement, Inference, InferredCard, Pos, RecordError, Search
from ducksoup.records.inference import Continuation, Part, infer_parts, playable
from duckspec.aw_ducks.actions import Action, Discard, Draw, Score
from duckspec.aw_ducks.components import Colour, parse_card
from duckspec.aw_ducks.discarding import Benefit, benefit_of
from duckspec.aw_ducks.errors import IllegalAction
from duckspec.aw_ducks.options import RuleOptions

ONE_DECK = "§1"
"""The rule a card written more often than the deck holds it breaks: Rules §1 (two of each number, four of each
duck)."""
DUCK_IDS = 2 * NUMBERS
"""Each physical card has an id, in canonical order: the two copies of number card ``k`` are ``2k`` and ``2k + 1``,
the four of duck kind ``d`` (36-41) ``72 + 4(d - 36)`` to ``+ 3``."""
BENEFIT_TAKES = {Benefit.SAFE_DRAW: 2, Benefit.QUICK_QUACK: 3, Benefit.SECRET_STASH: 2}


CODE_RE = re.compile(r"\b(?:[1-6][RYGBPK]|D[RYGBPW])\b")
"""A card in the suite's code inside an engine's message, written again as a record writes it."""


def kind_of(card_id: int) -> int:
    """The card (the engine's number, 0-41) of a physical card's id."""
    return card_id // 2 if card_id < DUCK_IDS else NUMBERS + (card_id - DUCK_IDS) // 4


def ids_of(kind: int) -> range:
    """The ids of the copies of card ``kind``."""
    if kind < NUMBERS:
        return range(2 * kind, 2 * kind + 2)
    first = DUCK_IDS + 4 * (kind - NUMBERS)
    return range(first, first + 4)


def _id_name(card_id: int) -> str:
    return card_name(NAMES[kind_of(card_id)])


def kind(code: str) -> int:
    """The engine's number of a card in the suite's code (``3R``)."""
    return parse_card(code).index


class _RoundInference:
    """Builds one round's deck while replaying the record's turns on the engine."""

    def __init__(self, record: Record, number: int, start: int, options: RuleOptions) -> None:
        self.record = record
        self.number = number
        self.rec = record.rounds[number]
        self.cards = DeckPlacement(DECK_SIZE, _id_name, ONE_DECK)
        # The engine plays from a deck it reads one card at a time (Round.deck, from Round.top): the inference
        # writes each card a turn takes there just before the turn, so that no replay is needed. The positions no
        # turn writes hold a stand-in (the full deck in canonical order) until the round's deck is complete.
        self.round = Round(list(FULL), start, record.players, options)
        self.actions: list[Action] = []
        self.written: set[int] = set()  # positions the record gives
        self.stash_slots: list[tuple[int, int]] = []  # (position, player) of stash cards nobody wrote
        self.taken_at: dict[int, str] = {}  # position -> the turn that took it, in words
        self.chosen_for_scores = False

    # The deck

    def put(self, code: str, position: int, what: str, at: Pos) -> None:
        """Place a copy of card ``code`` at ``position``; a copy more than the deck holds breaks §1."""
        card = kind(code)
        free = [card_id for card_id in ids_of(card) if card_id not in self.cards.position]
        if not free:
            seen = sorted(self.cards.played_at[card_id] for card_id in ids_of(card))
            places = ", ".join(f"line {line}, column {column}" for line, column in seen)
            copies = "two copies of each number card" if card < NUMBERS else "four ducks of each colour"
            raise RecordError(
                f"one {card_name(code)} too many: the deck holds {copies} (§1), and the record has them all "
                f"already, at {places}",
                at,
                rule=ONE_DECK,
            )
        self.cards.place(free[0], position, what, at)
        self.cards.played(free[0], at)
        self.written.add(position)
        self.round.deck[position] = card

    # The turns

    def run(self) -> None:
        for count, turn in enumerate(self.rec.turns, 1):
            self.play_turn(count, turn)
        if self.rec.scores is not None:
            self.check_scores(self.rec.scores, self.rec.scores_at)

    def player_of(self, turn: Turn, count: int) -> int:
        r = self.round
        player = r.p if turn.player is None else turn.player
        if turn.player is not None and turn.player != r.p and r.phase != OVER and count == 1:
            who = self.record.name(r.p)
            if self.number == 0:
                why = f"the [Start] tag says {who} starts" if self.record.start is not None else "the rules say so"
                raise RecordError(
                    f"an illegal turn, not-your-turn (§4): {who} starts the round ({why}), "
                    f"not {self.record.name(turn.player)}",
                    turn.at,
                    "not-your-turn",
                    "§4",
                )
            raise RecordError(
                f"an illegal turn, not-your-turn (AD-R14): round {self.number + 1} is started by {who}, the player to "
                f"the left of the last round's start player, not by {self.record.name(turn.player)}",
                turn.at,
                "not-your-turn",
                "AD-R14",
            )
        return player

    def play_turn(self, count: int, turn: Turn) -> None:
        r = self.round
        if r.phase == OVER:
            following = ""
            if self.record.scope == "game":
                following = f": the next round's turns follow 'Round {self.number + 2}'"
            raise RecordError(
                f"an illegal turn, round-over (§9): the round is over, every player has taken a final Score{following}",
                turn.at,
                "round-over",
                "§9",
            )
        player = self.player_of(turn, count)
        top = r.top
        who = self.record.name(player)
        for index, code in enumerate(turn.cards):
            at = turn.cards_at[index] if index < len(turn.cards_at) else turn.at
            if top + index >= DECK_SIZE:
                raise RecordError(
                    f"the deck holds {DECK_SIZE} cards (§1), and this would be card {top + index + 1} taken from "
                    "it: the round ends when a card is wanted from the empty deck (§9)",
                    at,
                    rule="§9",
                )
            if code is not None:
                self.put(code, top + index, f"taken by {who} in turn {count}", at)
        action = self.action(turn, player)
        pond, tableau = list(r.pond), list(r.tableaux[player])
        try:
            r.apply(action)
        except IllegalAction as error:
            message = CODE_RE.sub(lambda match: card_name(match.group()), error.message)
            for seat in range(self.record.players):
                message = message.replace(f"player {seat}", self.record.name(seat))
            raise RecordError(
                f"an illegal turn, {error.code} ({error.rule}): {message}", turn.at, error.code.value, error.rule
            ) from None
        self.check_taken(turn, player, top, r.top - top)
        if isinstance(action, Score) and turn.ducks is not None:
            self.check_ducks(turn, player, pond, tableau)
        for position in range(top, r.top):
            self.taken_at[position] = f"turn {count}"
        self.actions.append(action)

    def action(self, turn: Turn, player: int) -> Action:
        if turn.action == "draw":
            return Draw(player)
        if turn.action == "score":
            return Score(player)
        assert turn.card is not None
        card = parse_card(turn.card)
        bought = benefit_of(card)
        if turn.benefit is not None and turn.benefit != bought.value:
            raise RecordError(
                f"a discarded {card.value} buys a {bought.value}, not a {turn.benefit}: 1 or 2 a safe-draw, 3 or 4 a "
                "quick-quack, 5 or 6 a secret-stash (§8)",
                turn.benefit_at,
                rule="§8",
            )
        return Discard(player, card)

    def check_taken(self, turn: Turn, player: int, top: int, taken: int) -> None:
        """The cards the turn took are the cards written, no more and no fewer (unknown stash cards aside)."""
        written = len(turn.cards)
        stash = turn.card is not None and benefit_of(parse_card(turn.card)) is Benefit.SECRET_STASH
        if written > taken:
            at = turn.cards_at[taken] if taken < len(turn.cards_at) else turn.at
            raise RecordError(self.too_many(turn, taken), at, rule=self.rule_of(turn))
        if taken > written and not stash:
            at = turn.cards_at[-1] if turn.cards_at else turn.at
            raise RecordError(self.too_few(turn, top, written), at, rule=self.rule_of(turn))
        if stash:
            for index in range(taken):
                if index >= written or turn.cards[index] is None:
                    self.stash_slots.append((top + index, player))

    def rule_of(self, turn: Turn) -> str:
        if turn.action == "draw":
            return "§6"
        if turn.action == "score":
            return "§7"
        assert turn.card is not None
        return "§8" if benefit_of(parse_card(turn.card)) is Benefit.SECRET_STASH else "AD-R10"

    def too_many(self, turn: Turn, taken: int) -> str:
        if turn.action == "score":
            return "a Score takes nothing from the deck (§7): after score come only the ducks it took from the pond"
        if turn.action == "draw":
            if taken == 0:
                return "a Draw of the empty deck turns up nothing: it ends the round (§9)"
            return f"a Draw ends with the first number it turns up (§6): it took {taken} card(s), not more"
        assert turn.card is not None
        benefit = benefit_of(parse_card(turn.card))
        return f"a {benefit.value} takes exactly {BENEFIT_TAKES[benefit]} cards (AD-R10), and {taken} here, not more"

    def too_few(self, turn: Turn, top: int, written: int) -> str:
        left = DECK_SIZE - top - written
        if turn.action == "draw":
            if written == 0:
                return f"a Draw turns up cards until a number comes (§6), and the deck still held {left} card(s)"
            return (
                f"a Draw goes on until a number comes (§6): {card_name(str(turn.cards[-1]))} is a duck and the deck "
                "still held cards: write the cards turned up after it"
            )
        assert turn.card is not None
        benefit = benefit_of(parse_card(turn.card))
        return (
            f"a {benefit.value} takes exactly {BENEFIT_TAKES[benefit]} cards while the deck has them (AD-R10): "
            f"write each card it took"
        )

    def check_ducks(self, turn: Turn, player: int, pond: list[int], tableau: list[int]) -> None:
        """The ducks written after a Score are those the rules give it: every duck whose condition it meets."""
        taken = Counter(
            {NAMES[NUMBERS + k]: pond[k] - self.round.pond[k] for k in range(6) if pond[k] > self.round.pond[k]}
        )
        written = Counter(turn.ducks or ())
        if taken == written:
            return
        right = " ".join(card_name(code) for code in sorted(taken.elements(), key=kind)) or "no duck"
        said = " ".join(card_name(code) for code in sorted(written.elements(), key=kind)) or "no duck"
        reasons, rule = self.duck_reasons(taken, written, pond, tableau)
        who = self.record.name(player)
        raise RecordError(f"{who}'s Score takes {right}, not {said}: {reasons}", turn.at, rule=rule)

    def duck_reasons(
        self, taken: Counter[str], written: Counter[str], pond: list[int], tableau: list[int]
    ) -> tuple[str, str]:
        """Why the ducks written are wrong, and the rule of the first reason."""
        shown = " ".join(card_name(NAMES[card]) for card in sorted(tableau)) or "nothing"
        reasons: list[tuple[str, str]] = []
        for code in sorted(set(written) | set(taken), key=kind):
            colour = Colour(parse_card(code).colour)
            name = card_name(code)
            in_pond = pond[kind(code) - NUMBERS]
            if written[code] > taken[code]:
                if in_pond == 0:
                    reasons.append((f"no {name} was in the pond", "§7"))
                elif taken[code] == 0:
                    words, ruling = CONDITIONS[colour]
                    wraps = colour is Colour.YELLOW and _wraps({VALUE[card] for card in tableau if card < NUMBERS})
                    corner = "; a row does not go round from 6 to 1" if wraps else ""
                    reasons.append((f"{name} wants {words} ({ruling}{corner}), and the tableau held {shown}", ruling))
                else:
                    reasons.append((f"the pond held {in_pond} {name}(s), not {written[code]}", "§7"))
            elif written[code] < taken[code]:
                if colour is Colour.RAINBOW:
                    reasons.append(
                        (f"a rainbow duck wants nothing: every Score takes the pond's {name}s (§7; AD-R04)", "§7")
                    )
                else:
                    words, ruling = CONDITIONS[colour]
                    reasons.append(
                        (
                            f"the tableau {shown} has {words} ({ruling}): a Score takes every duck whose condition it "
                            f"meets, all copies (AD-R09), and the pond held {in_pond} {name}(s)",
                            "AD-R09",
                        )
                    )
        return "; ".join(reason for reason, _ in reasons) + " (§7)", reasons[0][1]

    # The count

    def check_scores(self, scores: tuple[int, ...], at: Pos) -> None:
        r = self.round
        if r.phase != OVER:
            raise RecordError(
                "the round is not over, so it has no scores yet: it ends when a card is wanted from the empty deck "
                "and every player has taken a final Score (§9)",
                at,
                rule="§9",
            )
        known = list(r.points)
        for position, player in self.stash_slots:
            known[player] -= POINTS[r.deck[position]]
        if self.stash_slots:
            self.choose_stashes(scores, known, at)
            self.chosen_for_scores = True
        elif tuple(known) != tuple(scores):
            raise RecordError(
                f"the scores are {_dashed(known)} (each number card its value, each duck 5 points: §9), "
                f"not {_dashed(scores)}",
                at,
                rule="§9",
            )

    def choose_stashes(self, scores: tuple[int, ...], known: list[int], at: Pos) -> None:
        """Put, in the Secret Stash cards nobody saw, cards of the deck not placed that make the scores written."""
        left = sorted(kind_of(card_id) for card_id in range(DECK_SIZE) if card_id not in self.cards.position)
        slots = [
            [position for position, owner in self.stash_slots if owner == player]
            for player in range(self.record.players)
        ]
        needs = tuple((len(slots[player]), scores[player] - known[player]) for player in range(self.record.players))
        worth = [0] * 7
        for card in left:
            worth[POINTS[card]] += 1
        try:
            split = _Splitter().split(tuple(worth), needs)
        except RecordError as error:
            raise RecordError(error.reason, at) from None
        if split is None:
            unseen = ", ".join(
                f"{self.record.name(player)} {count} card(s)" for player, (count, _) in enumerate(needs) if count
            )
            raise RecordError(
                f"no Secret Stash cards make the scores {_dashed(scores)} (each number card its value, each duck 5 "
                f"points: §9): the cards seen make {_dashed(known)}, and the stash cards nobody saw ({unseen}) "
                f"can only be of the cards left, {' '.join(card_name(NAMES[card]) for card in left) or 'none'}",
                at,
                rule="§9",
            )
        pool = Counter(left)
        for player, values in enumerate(split):
            for position, value in zip(slots[player], sorted(values), strict=True):
                card = min(card for card in pool if pool[card] and POINTS[card] == value)
                pool[card] -= 1
                free = next(card_id for card_id in ids_of(card) if card_id not in self.cards.position)
                self.cards.place(free, position, f"a Secret Stash card of {self.record.name(player)}'s", NOWHERE)
                self.round.deck[position] = card

    # The result

    def deck(self) -> list[int]:
        """The round's deck, top first, as the engine's card numbers: the record's cards, and the others in
        canonical order."""
        return [kind_of(card_id) for card_id in self.cards.completed()]

    def part(self) -> Part[Action]:
        deck = self.deck()
        return Part(deck, _deck_text(deck), tuple(self.actions), self.inferred(deck))

    def inferred(self, deck: list[int]) -> list[InferredCard]:
        stashes = dict(self.stash_slots)
        found = []
        for position, card in enumerate(deck):
            if position in self.written:
                continue
            if position in stashes:
                how = "chosen so that the scores hold" if self.chosen_for_scores else "in canonical order"
                owner = self.record.name(stashes[position])
                note = f"a Secret Stash card of {owner}'s in {self.taken_at.get(position, 'a turn')}, nobody saw: {how}"
            else:
                note = f"the deck's card {position + 1}, never taken in the record: in canonical order"
            found.append(InferredCard(self.number + 1, NAMES[card], position, "unseen", note))
        return found


SPLIT_BUDGET = 200_000
"""The most choices of stash values tried for one round's scores: a real round has a few stashes, and a record
holding dozens of unseen ones with scores no cards make would otherwise be searched for minutes."""


class _Splitter:
    """Chooses values (1-6) for each player's unseen stash cards so that their scores hold (:meth:`split`)."""

    def __init__(self) -> None:
        self.tried = 0
        self.known: dict[tuple[tuple[int, ...], tuple[tuple[int, int], ...]], tuple[tuple[int, ...], ...] | None] = {}

    def split(self, worth: tuple[int, ...], needs: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...] | None:
        """``needs`` gives each player's (cards, points); ``worth[v]`` is how many cards left are worth ``v``. The
        first split found, players in order, or None; :class:`RecordError` past :data:`SPLIT_BUDGET` tries."""
        if not needs:
            return ()
        key = (worth, needs)
        if key not in self.known:
            self.known[key] = self.first(worth, needs)
        return self.known[key]

    def first(self, worth: tuple[int, ...], needs: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...] | None:
        cards, points = needs[0]
        for values in self.choices(worth, cards, points, 6):
            rest = list(worth)
            for value in values:
                rest[value] -= 1
            others = self.split(tuple(rest), needs[1:])
            if others is not None:
                return (values, *others)
        return None

    def choices(self, worth: tuple[int, ...], cards: int, points: int, top: int) -> Iterator[tuple[int, ...]]:
        """Every multiset of ``cards`` values of at most ``top`` from ``worth`` that adds up to ``points``, largest
        first."""
        self.tried += 1
        if self.tried > SPLIT_BUDGET:
            raise RecordError(
                "too many Secret Stash cards nobody saw to choose them for the scores written: write some of them "
                "(as the count showed them), or leave the scores out"
            )
        if cards == 0:
            if points == 0:
                yield ()
            return
        if points < cards or points > cards * top:
            return
        for value in range(min(top, points - cards + 1), 0, -1):
            if worth[value]:
                less = worth[:value] + (worth[value] - 1,) + worth[value + 1 :]
                for rest in self.choices(less, cards - 1, points - value, value):
                    yield (value, *rest)


def _wraps(values: set[int]) -> bool:
    """Whether ``values`` hold four in a row only by going round from 6 to 1 (which ruling AD-R07 does not allow)."""
    return any(all((low + step - 1) % 6 + 1 in values for step in range(4)) for low in (4, 5, 6))


def _dashed(scores: tuple[int, ...] | list[int]) -> str:
    return "-".join(str(score) for score in scores)


def first_start(record: Record) -> int:
    """Who starts the first round: the Start tag, or the player named on the first turn."""
    if record.start is not None:
        return record.start
    first = record.rounds[0].turns[0] if record.rounds and record.rounds[0].turns else None
    if first is None or first.player is None:
        raise RecordError(
            'say who starts the first round: [Start "Ben"] in the header, or name the player of its first turn, '
            "like 1. Ben: draw 3red",
            first.at if first is not None else NOWHERE,
        )
    return first.player


CONTINUATION = Continuation(
    "round",
    "§2; AD-R15",
    "§2",
    "a round is played to its count before the next begins",
    "§9",
    "the record has no round: write its turns after the header",
)
"""A round after the game is won breaks §2 (AD-R15); one before the last is played to its count, §9."""


def infer(record: Record, until_broken: bool = False) -> Inference[Action]:
    """The deck orders of ``record`` (:func:`ducksoup.aw_ducks.record.infer_decks`, which documents it)."""
    CONTINUATION.check_some(record.rounds)
    options = RuleOptions(target=record.target)
    playable(
        lambda: Table.check_setup(Scope(record.scope), options, len(record.rounds), record.players),
        record.tag_at("Scope"),
    )
    start = first_start(record)
    # AD-R14: each round is started by the player to the left of the last round's start player.
    return infer_parts(
        Search(until_broken),
        [current.at for current in record.rounds],
        lambda number: _RoundInference(record, number, (start + number) % record.players, options),
        (lambda deck: Game([deck], start, record.players, options)) if record.scope == "game" else None,
        CONTINUATION.refusal,
    )


def _deck_text(deck: list[int]) -> str:
    return "".join(NAMES[card] for card in deck)
