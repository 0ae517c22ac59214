"""Doubleduck's completion rules: the deck orders behind a record, inferred so that the written game is legal.

How the inference works, and its limits, is described in :mod:`ducksoup.doubleduck.record`; the
bookkeeping every game's inference shares (placing cards, a card in two places, the rest in
canonical order, stopping at the first broken rule) is :mod:`ducksoup.records.inference`. Here
are where Doubleduck puts the cards a record gives (the dealt hands, the cards drawn after each
Duck trick), how it tells the two copies of a card apart (it need not: each copy is a token of
its own, the first free one taken), and the rules each deal is checked against on the engine.
"""

from __future__ import annotations

from typing import NoReturn

from duckcheck.doubleduck.oracle import Table
from duckcheck.oracle import Scope
from ducksoup.doubleduck.engine import STOCK_START, Deal, Game, card_number
from ducksoup.doubleduck.record_grammar import CARDS, HAND_SIZE, SEATS, Move, Record, Trick, possessive
from ducksoup.records import NOWHERE, DeckPlacement, Inference, InferredCard, Pos, RecordError, Search
from ducksoup.records.inference import Part, infer_parts, playable
from ducksoup.records.tricks import deals_continuation, stock_place
from duckspec.cards import parse_card
from duckspec.doubleduck.actions import Action, Call, Play
from duckspec.doubleduck.errors import ErrorCode, IllegalAction
from duckspec.doubleduck.variants import DrawOrder, RuleOptions

DECK_SIZE = 104
COPIES = 2
THIRD_COPY = "§1"
"""A card a third time breaks Rules §1: the two packs hold each card twice."""


def _tokens(card: str) -> tuple[int, int]:
    """The two copies of ``card`` as the inference's tokens: ``2 * index`` and ``2 * index + 1``."""
    first = COPIES * CARDS.index(card)
    return first, first + 1


def _name(token: int) -> str:
    return CARDS.name(token // COPIES)


class _DealInference:
    """Builds one deal's deck while replaying the record's cards on the engine."""

    def __init__(self, record: Record, number: int, options: RuleOptions) -> None:
        self.record = record
        self.number = number
        self.rec = record.deals[number]
        self.dealer = record.dealer_of(number)
        self.first = (self.dealer + 1) % SEATS
        self.options = options
        self.cards = DeckPlacement(DECK_SIZE, _name, THIRD_COPY)
        self.held: list[list[int]] = [[] for _ in range(SEATS)]  # each player's deck positions, as dealt and drawn
        for position in range(STOCK_START):
            self.held[(self.first + position) % SEATS].append(position)
        self.drawn_after: dict[int, int] = {}  # stock position -> the trick after which it was drawn
        self.actions: list[Action] = []
        self.deck = self.cards.completed()
        self.deal = self.replay()

    # The deck

    def replay(self) -> Deal:
        self.deck = self.cards.completed()
        self.deal = Deal([token // COPIES for token in self.deck], self.dealer, self.options)
        for action in self.actions:
            self.deal.apply(action)
        return self.deal

    def free_token(self, card: str, what: str, at: Pos) -> int:
        """A copy of ``card`` the record has not placed yet; :class:`RecordError` (§1) when both are placed."""
        tokens = [token for token in _tokens(card) if token not in self.cards.position]
        if not tokens:
            first, second = (self.cards.where(token) for token in _tokens(card))
            raise RecordError(
                f"a card a third time ({THIRD_COPY}: two packs hold each card twice): {card} is {what}, but one "
                f"copy {first} and the other {second}",
                at,
                rule=THIRD_COPY,
            )
        return tokens[0]

    # The record's parts

    def run(self) -> None:
        for seat in range(SEATS):
            self.place_hand(seat)
        self.replay()
        for count, trick in enumerate(self.rec.tricks, 1):
            self.play_trick(count, trick)
        if self.rec.score is not None:
            self.check_score(self.rec.score, self.rec.score_at)

    def place_hand(self, seat: int) -> None:
        rec = self.rec
        free = iter(self.held[seat])
        places = list(rec.hands_at[seat]) + [NOWHERE] * len(rec.hands[seat])
        for card, at in zip(rec.hands[seat], places, strict=False):
            position = next(free, None)
            if position is None:  # pragma: no cover - the grammar reads 13 cards to a hand at most
                raise RecordError(f"a hand has {HAND_SIZE} cards (§2)", at, rule="§2")
            token = self.free_token(card, f"in {possessive(self.record.players, seat)} hand", at)
            self.cards.place(token, position, f"in {possessive(self.record.players, seat)} hand", at)

    def play_trick(self, count: int, trick: Trick) -> None:
        top = self.deal.top
        for move in trick.moves:
            self.play_move(move)
        drawn = self.deal.top - top
        for position in range(top, self.deal.top):
            self.drawn_after[position] = count
        for i, card in enumerate(trick.drawn):
            at = trick.drawn_at[i] if i < len(trick.drawn_at) else trick.at
            if i >= drawn:
                why = "no card is drawn in the Soup course (§5)" if drawn == 0 else f"only {drawn} are drawn (§4)"
                raise RecordError(f"a drawn card that cannot be there: {why}", at, rule="§5" if drawn == 0 else "§4")
            if card is None:
                continue
            position = top + i
            what = f"drawn after trick {count} by {self.record.name(self.drawer(trick, top, position))}"
            at_position = self.cards.card_at.get(position)
            if at_position is not None and _name(at_position) == card:
                continue
            token = self.free_token(card, what, at)
            self.cards.place(token, position, what, at)

    def drawer(self, trick: Trick, top: int, position: int) -> int:
        """Who drew the stock's card at ``position`` (drawn after ``trick``, from ``top``): the winner first and
        round to the left, or with the as-played draw, the players in the order they played (DD-R02)."""
        k = position - top
        if self.options.draw is DrawOrder.AS_PLAYED:
            return (self.actions[len(self.actions) - len(trick.moves) + k]).player
        return (self.deal.leader + k) % SEATS

    def play_move(self, move: Move) -> None:
        player = self.deal.to_act if self.deal.to_act is not None else 0
        position = self.holding(player, move)
        if not self.deal.counts[player][card_number(move.card)]:
            self.replay()  # the engine's deck is the record's as of its last replay: bring it up to date
        deal = self.deal
        action = Play(player, parse_card(move.card), Call(move.call) if move.call else Call.NONE)
        top = deal.top
        try:
            deal.apply(action)
        except IllegalAction as error:
            raise RecordError(
                f"an illegal play, {error.code} ({error.rule}): {self.named(error.message)}",
                move.at,
                error.code.value,
                error.rule,
            ) from None
        self.actions.append(action)
        self.held[player].remove(position)
        self.cards.played(self.cards.card_at[position], move.at)
        self.take_draws(top)

    def take_draws(self, top: int) -> None:
        """Give the stock positions the last card drew (none, one with the as-played draw, four after a Duck
        trick) to the players who drew them."""
        deal = self.deal
        if deal.top == top:
            return
        if self.options.draw is DrawOrder.AS_PLAYED:
            self.held[self.actions[-1].player].append(top)
            return
        winner = deal.leader
        for k, position in enumerate(range(top, deal.top)):
            self.held[(winner + k) % SEATS].append(position)

    def holding(self, player: int, move: Move) -> int:
        """The deck position of the copy of ``move.card`` that ``player`` plays: one the record gives the player,
        else a free position of the player's where the card is placed now (by play); a refusal naming the rule
        (card-not-in-hand, or deal-over) when the player cannot hold it."""
        for position in self.held[player]:
            token = self.cards.card_at.get(position)
            if token is not None and _name(token) == move.card:
                return position
        free = [position for position in self.held[player] if self.cards.is_free(position)]
        tokens = [token for token in _tokens(move.card) if token not in self.cards.position]
        if not free or not tokens:
            self.refuse_unheld(player, move, bool(free))
        self.cards.place(tokens[0], free[0], f"played by {self.record.name(player)}", move.at, by_play=True)
        return free[0]

    def refuse_unheld(self, player: int, move: Move, has_free: bool) -> NoReturn:
        """The play of a card the player cannot hold, refused with where the record puts its copies."""
        deal = self.deal
        if deal.is_over:
            raise RecordError(
                "an illegal play, deal-over (§5): the deal is over, every hand is played out: begin the next deal "
                "with 'Deal' and its number",
                move.at,
                ErrorCode.DEAL_OVER.value,
                "§5",
            )
        if has_free:
            first, second = (self.cards.where(token) for token in _tokens(move.card))
            why = f"both copies are elsewhere: one {first}, the other {second}"
        else:
            why = "every card of that hand is given by the record, and this is not one of them"
        raise RecordError(
            f"an illegal play, card-not-in-hand (§4): {self.record.name(player)} holds no {move.card}: {why}",
            move.at,
            ErrorCode.CARD_NOT_IN_HAND.value,
            "§4",
        )

    def named(self, message: str) -> str:
        for seat in range(SEATS):
            if self.record.players[seat]:
                message = message.replace(f"player {seat}", self.record.players[seat])
        return message

    def check_score(self, score: tuple[int, int], at: Pos) -> None:
        deal = self.deal
        if not deal.is_over:
            left = sum(len(hand) for hand in deal.hands)
            raise RecordError(
                f"the deal is not over, so it has no scores yet: {left} cards are still in the hands (§5, §6)",
                at,
                rule="§6",
            )
        scores = deal.scores()
        if tuple(score) != scores:
            (duck0, soup0), (duck1, soup1) = deal.piles
            raise RecordError(
                f"the scores are {scores[0]}-{scores[1]} (each side's Duck pile times its Soup pile, §6: "
                f"{duck0}×{soup0} and {duck1}×{soup1}), not {score[0]}-{score[1]}",
                at,
                rule="§6",
            )

    def inferred(self) -> list[InferredCard]:
        self.deck = self.cards.completed()
        return self.cards.inferred(self.deck, self.number + 1, self.place_of)

    def part(self) -> Part[Action]:
        inferred = self.inferred()  # first: it completes the deck
        return Part([token // COPIES for token in self.deck], _deck_text(self.deck), tuple(self.actions), inferred)

    def place_of(self, position: int) -> str:
        """A deck position in words: ``dealt to Ben``, ``the stock's card 3, drawn after trick 1``."""
        if position < STOCK_START:
            return f"dealt to {self.record.name((self.first + position) % SEATS)}"
        return stock_place(position, STOCK_START, self.drawn_after)


CONTINUATION = deals_continuation("§7, DD-R16", "DD-R16", "§5")
"""A deal after the game is won breaks DD-R16; one before the last is played out, §5."""


def infer(record: Record, until_broken: bool = False) -> Inference[Action]:
    """The deck orders of ``record`` (:func:`ducksoup.doubleduck.record.infer_decks`, which documents it)."""
    CONTINUATION.check_some(record.deals)
    options = record.options
    playable(lambda: Table.check_setup(Scope(record.scope), options, len(record.deals)), record.tag_at("Scope"))
    return infer_parts(
        Search(until_broken),
        [deal.at for deal in record.deals],
        lambda number: _DealInference(record, number, options),
        (lambda deck: Game([deck], record.dealer, options)) if record.scope == "game" else None,
        CONTINUATION.refusal,
    )


def _deck_text(deck: list[int]) -> str:
    return "".join(_name(token) for token in deck)
