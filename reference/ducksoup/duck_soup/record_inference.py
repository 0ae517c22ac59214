"""Duck Soup's completion rules: the deck orders behind a record, inferred so that the written game is legal.

How the inference works, and its limits, is described in :mod:`ducksoup.duck_soup.record`; the
bookkeeping every game's inference shares (placing cards, a card in two places, the rest in
canonical order, stopping at the first broken rule) is :mod:`ducksoup.records.inference`. Here
are where Duck Soup puts the cards a record gives: the dealt hands, the face-up card, the cards
drawn after each trick; and the rules each deal is checked against on the engine.
"""

from __future__ import annotations

from duckcheck.duck_soup.oracle import Table
from duckcheck.oracle import Scope
from duckcheck.untrusted import excerpt
from ducksoup.duck_soup.engine import SOUP, Deal, Match
from ducksoup.duck_soup.record_grammar import (
    CARDS,
    HAND_SIZE,
    STOCK_START,
    WORD_HELP,
    Move,
    Record,
    Trick,
    possessive,
)
from ducksoup.records import NOWHERE, DeckPlacement, Inference, InferredCard, Pos, RecordError, Search
from ducksoup.records.inference import Part, infer_parts, playable
from ducksoup.records.tricks import deals_continuation, stock_place
from duckspec.cards import parse_card
from duckspec.duck_soup.actions import Action, Play, SayDuck
from duckspec.duck_soup.errors import ErrorCode, IllegalAction
from duckspec.duck_soup.quacking import Call
from duckspec.duck_soup.variants import RuleOptions, StockVisibility
from duckspec.seats import opponent

DECK_SIZE = 52
TWO_PLACES = "§2"
"""A card in two places breaks Rules §2: the pack holds each card once."""


def _index(card: str) -> int:
    return CARDS.index(card)


def _name(index: int) -> str:
    return CARDS.name(index)


class _DealInference:
    """Builds one deal's deck while replaying the record's moves on the engine."""

    def __init__(self, record: Record, number: int, options: RuleOptions) -> None:
        self.record = record
        self.number = number
        self.rec = record.deals[number]
        self.dealer = record.dealer_of(number)
        self.options = options
        self.cards = DeckPlacement(DECK_SIZE, _name, TWO_PLACES)
        self.drawn_after: dict[int, int] = {}  # stock position -> the trick after which it was drawn
        self.actions: list[Action] = []
        self.deck = self.cards.completed()
        self.deal = Deal(self.deck, self.dealer, options)

    # The deck

    def replay(self) -> None:
        self.deck = self.cards.completed()
        self.deal = Deal(self.deck, self.dealer, self.options)
        for action in self.actions:
            self.deal.apply(action)

    def dealt_positions(self, player: int) -> range:
        return range(0 if player != self.dealer else 1, STOCK_START, 2)

    # The moves

    def run(self) -> None:
        rec, record = self.rec, self.record
        for player in (0, 1):
            free = iter(self.dealt_positions(player))
            places = list(rec.hands_at[player]) + [NOWHERE] * len(rec.hands[player])
            for card, at in sorted(zip(rec.hands[player], places, strict=False), key=lambda pair: _index(pair[0])):
                position = next(free, None)
                if position is None:
                    raise RecordError(f"a hand has {HAND_SIZE} cards (§3)", at, rule="§3")
                self.cards.place(_index(card), position, f"in {possessive(record, player)} hand", at)
        if rec.up is not None:
            self.check_visible(rec.up_at)
            self.cards.place(_index(rec.up), STOCK_START, "the first face-up card", rec.up_at)
        self.replay()
        for count, trick in enumerate(rec.tricks, 1):
            self.play_trick(count, trick)
        if rec.score is not None:
            self.check_score(rec.score, rec.score_at)

    def check_visible(self, at: Pos) -> None:
        if self.options.stock is StockVisibility.HIDDEN:
            raise RecordError("the stock is hidden: no card lies face up (ruling DS-R09)", at, rule="DS-R09")

    def missing(self) -> str:
        """What the unfinished trick on the table waits for."""
        phase = self.deal.phase
        if phase == "follow":
            return f"{self.record.name(opponent(self.deal.leader))}'s card"
        if phase == "answer":
            leader = self.record.name(self.deal.leader)
            return f"{leader}'s answer to the quack: duck, or a card of the rank with quack-quack"
        return f"{self.record.name(opponent(self.deal.leader))}'s fourth card"

    def play_trick(self, count: int, trick: Trick) -> None:
        deal = self.deal
        at = trick.at
        if trick.number is not None and trick.number != count:
            raise RecordError(
                f"this is trick {count} of the deal, not {trick.number} (a quack-quack's two tricks share one number)",
                at,
            )
        if deal.table:
            raise RecordError(
                f"trick {count - 1} is not finished: it needs {self.missing()}, before trick {count} begins",
                trick.at,
                rule="§4",
            )
        top = deal.top
        course = deal.course
        for move in trick.moves:
            self.play_move(move)
        drawn = self.deal.top - top
        if self.deal.table and (trick.drawn or trick.up):
            where = (trick.drawn_at or (trick.up_at,))[0]
            raise RecordError(
                f"the cards drawn are written once the trick is finished: trick {count} needs {self.missing()}",
                where,
                rule="§5",
            )
        for position in range(STOCK_START + top, STOCK_START + self.deal.top):
            self.drawn_after[position] = count
        placed = False
        for i, card in enumerate(trick.drawn):
            where = trick.drawn_at[i] if i < len(trick.drawn_at) else at
            if i >= drawn:
                why = (
                    "no card is drawn in the Soup course (§7)"
                    if course == SOUP
                    else f"only {drawn} cards are drawn after this trick (§5)"
                )
                rule = "§7" if course == SOUP else "§5"
                raise RecordError(f"a drawn card that cannot be there: {why}", where, rule=rule)
            if card is not None:
                hint = (
                    ""
                    if self.options.stock is StockVisibility.HIDDEN
                    else " (the cards drawn are written in the order they leave the stock: the face-up card first, "
                    "taken by the winner)"
                )
                self.cards.place(_index(card), STOCK_START + top + i, f"drawn after trick {count}", where, hint)
                placed = True
        if trick.up is not None:
            where = trick.up_at if trick.up_at[0] else at
            self.check_visible(where)
            if drawn == 0:
                raise RecordError(
                    "a face-up card that cannot be there: the Soup course draws nothing and turns nothing up (§7)",
                    where,
                    rule="§7",
                )
            if self.deal.top >= STOCK_START:
                raise RecordError(
                    "a face-up card that cannot be there: the stock is empty after this trick, "
                    "and the Soup course begins (§7)",
                    where,
                    rule="§7",
                )
            self.cards.place(_index(trick.up), STOCK_START + self.deal.top, f"turned up after trick {count}", where)
            placed = True
        if placed:
            self.replay()

    def play_move(self, move: Move) -> None:
        deal = self.deal
        player = deal.to_act if deal.to_act is not None else 0
        action: Action
        if move.card is None:
            action = SayDuck(player)
        else:
            card = _index(move.card)
            if card not in self.cards.position:
                slots = sorted(
                    p for p in (self.deck.index(c) for c in deal.hand_lists[player]) if self.cards.is_free(p)
                )
                if slots:
                    self.cards.place(card, slots[0], f"played by {self.record.name(player)}", move.at, by_play=True)
                    self.replay()
                    deal = self.deal
            try:
                call = Call(move.call) if move.call else Call.NONE
            except ValueError:
                raise RecordError(f"{excerpt(move.call)} is not a call: {WORD_HELP}", move.at) from None
            action = Play(player, parse_card(move.card), call)
        try:
            deal.apply(action)
        except IllegalAction as error:
            message = error.message
            for who in (0, 1):
                if self.record.players[who]:
                    message = message.replace(f"player {who}", self.record.players[who])
            if error.code is ErrorCode.CARD_NOT_IN_HAND and move.card is not None:
                card = _index(move.card)
                if card in self.cards.position:
                    message += f": it {self.cards.where(card)}"
                else:
                    message += ": every card in that hand is placed by the record, and this is not one of them"
            raise RecordError(
                f"an illegal play, {error.code} ({error.rule}): {message}", move.at, error.code.value, error.rule
            ) from None
        self.actions.append(action)
        if move.card is not None:
            self.cards.played(_index(move.card), move.at)

    def check_score(self, score: tuple[int, int], at: Pos) -> None:
        if not self.deal.is_over:
            raise RecordError(
                f"the deal is not over, so it has no scores yet: {len(self.deal.hand_lists[0])} and "
                f"{len(self.deal.hand_lists[1])} cards are still in the hands (§7)",
                at,
                rule="§7",
            )
        scores = self.deal.scores()
        if tuple(score) != scores:
            raise RecordError(
                f"the scores are {scores[0]}-{scores[1]} (Duck points times Soup points, §8), "
                f"not {score[0]}-{score[1]}",
                at,
                rule="§8",
            )

    def inferred(self) -> list[InferredCard]:
        return self.cards.inferred(self.deck, self.number + 1, self.place_of)

    def part(self) -> Part[Action]:
        return Part(self.deck, _deck_text(self.deck), tuple(self.actions), self.inferred())

    def place_of(self, position: int) -> str:
        """A deck position in words: ``dealt to Ben``, ``the stock's card 3, drawn after trick 1``."""
        if position < STOCK_START:
            holder = opponent(self.dealer) if position % 2 == 0 else self.dealer
            return f"dealt to {self.record.name(holder)}"
        return stock_place(position, STOCK_START, self.drawn_after)


CONTINUATION = deals_continuation("§9", "§9", "§7")
"""A deal after the game or match is won breaks §9; one before the last is played out, §7."""


def infer(record: Record, until_broken: bool = False) -> Inference[Action]:
    """The deck orders of ``record`` (:func:`ducksoup.duck_soup.record.infer_decks`, which documents it)."""
    CONTINUATION.check_some(record.deals)
    options = playable(lambda: _checked_options(record), record.tag_at("Scope"))
    what = "match" if record.scope == "match" else "game"
    return infer_parts(
        Search(until_broken),
        [deal.at for deal in record.deals],
        lambda number: _DealInference(record, number, options),
        None if record.scope == "deal" else lambda deck: Match([deck], record.dealer, options),
        lambda match, number, at: CONTINUATION.refusal(match, number, at, what),
    )


def _checked_options(record: Record) -> RuleOptions:
    options = record.options
    Table.check_setup(Scope(record.scope), options, len(record.deals))
    return options


def _deck_text(deck: list[int]) -> str:
    return "".join(_name(card) for card in deck)
