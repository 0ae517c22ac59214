"""Rules §4 Play (Duck course): the lead, the calls, who takes the trick, what is stored, the draw.

The Doubleduck text describes trick play once, for the Duck course, and §5 says what changes in
the Soup. This module holds the rules common to both courses, cited by paragraph:

* §4.1 The player at the dealer's left leads the first trick, and whoever takes a trick leads the
  next. The others play in turn to the left, one card each, any card they like: there is no need
  to follow suit and there are no trumps (ruling DD-R17).
* §4.2 *Doubleduck*: the second copy of the card led, played with the call "doubleduck", takes
  the trick, whatever else is played (at most one such card exists).
* §4.3 *Quack*: failing a doubleduck, the last card of the rank led played with the right number
  of quacks takes the trick. A card of the rank led calls one quack per card of that rank played
  after the lead, itself included (ruling DD-R03): "quack", "quack-quack", "quack-quack-quack".
* §4.4 Failing both, the best card of the suit led takes the trick: the lowest in the Duck, the
  highest in the Soup (§1, §5); of two equal best cards (the two copies of one card) the later.
* §4.5 The winner's side keeps one card of each suit in the trick (1 to 4 cards) on its pile for
  the course; the others go to a waste pile that belongs to neither side (ruling DD-R10).
* §4.6 In the Duck course each player then draws one card from the stock, the trick's winner
  first and round to the left (ruling DD-R02), before the winner leads again.

A call is said with its card, as part of playing it, or not at all (ruling DD-R21): a call forgotten
is a call not made, and the card counts as a plain card (ruling DD-R09). A call the card is not
entitled to is refused (rulings DD-R04, DD-R05). Who led does not matter: a player may quack or
doubleduck the partner's card as well as an opponent's (ruling DD-R20).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from duckspec.cards import Card
from duckspec.doubleduck.actions import QUACK_CALLS, Call, Play
from duckspec.doubleduck.cards import Course, is_exact_duplicate
from duckspec.doubleduck.dealing import PLAYERS, first_receiver
from duckspec.doubleduck.errors import ErrorCode, IllegalAction
from duckspec.seats import seats_from
from duckspec.trick_taking import best_of_suit_led, suit_count

TRICK_SIZE = PLAYERS
"""A trick is one card from each of the four players."""


def first_leader(dealer: int) -> int:
    """The player who leads the first trick of a deal: the one at the dealer's left (Rules §4.1).

    pre: 0 <= dealer < 4
    post: __return__ == (dealer + 1) % 4
    """
    return first_receiver(dealer)


def player_to_play(leader: int, played: int) -> int:
    """Who plays the next card of a trick led by ``leader`` once ``played`` cards are down (§2, §4.1).

    pre: 0 <= leader < 4 and 0 <= played < 4
    post: __return__ == (leader + played) % 4
    """
    return seats_from(leader, PLAYERS)[played]


def is_rank_match(card: Card, led: Card) -> bool:
    """Whether ``card`` has the rank of the card led, the condition of every call (Rules §4.2, §4.3).

    post: __return__ == (card.rank == led.rank)
    """
    return card.rank == led.rank


def quacks_due(led: Card, follows: Sequence[Card]) -> int:
    """The number of quacks a card of the rank led must call, played after ``follows`` (Rules §4.3; DD-R03).

    One quack per card of the rank led played after the lead, this card included: every such card
    counts, whether it was played silently, with quacks or with "doubleduck".

    pre: len(follows) <= 2
    post: 1 <= __return__ <= len(follows) + 1
    """
    return 1 + sum(1 for card in follows if is_rank_match(card, led))


def quack_call(quacks: int) -> Call:
    """The call that says ``quacks`` quacks (Rules §4.3).

    pre: 1 <= quacks <= 3
    post: __return__.quacks == quacks
    """
    return QUACK_CALLS[quacks - 1]


def allowed_calls(card: Card, table: Sequence[Card]) -> tuple[Call, ...]:
    """The calls ``card`` may carry when played to a trick holding ``table`` (lead first), in canonical order.

    Nothing may be said with a lead. A follower may always play silently; a card of the rank led
    may call the quacks due (§4.3; DD-R03, and DD-R06 for the second copy of the card led, DD-R07
    after a doubleduck); the second copy of the card led may call "doubleduck" (§4.2). Anything
    else is refused (DD-R04, DD-R05). The calls depend on the cards alone, not on who led them
    (DD-R20: the partner's card may be quacked or doubleducked).

    pre: len(table) <= 3
    post: __return__[0] == Call.NONE
    post: len(table) > 0 or __return__ == (Call.NONE,)
    post: (Call.DOUBLEDUCK in __return__) == (len(table) > 0 and card == table[0])
    """
    if not table or not is_rank_match(card, table[0]):
        return (Call.NONE,)
    quack = quack_call(quacks_due(table[0], table[1:]))
    if is_exact_duplicate(card, table[0]):
        return (Call.NONE, quack, Call.DOUBLEDUCK)
    return (Call.NONE, quack)


def turn_problem(player: int, to_act: int) -> IllegalAction | None:
    """The refusal of a card played by anyone but the player to play (Rules §4.1), else None."""
    if player == to_act:
        return None
    return IllegalAction(ErrorCode.NOT_YOUR_TURN, "§4", f"player {to_act} must play now, not player {player}")


def hand_problem(card: Card, hand: Sequence[Card], player: int) -> IllegalAction | None:
    """The refusal of a card the player to play holds no copy of (Rules §4.1: a card from the hand), else None."""
    if card in hand:
        return None
    return IllegalAction(ErrorCode.CARD_NOT_IN_HAND, "§4", f"player {player} holds no {card}")


def call_problem(card: Card, call: Call, table: Sequence[Card]) -> IllegalAction | None:
    """The refusal of a call ``card`` is not entitled to on a trick holding ``table`` (lead first), else None.

    Nothing is called with a lead, and a call needs a card of the rank led (ruling DD-R05);
    "doubleduck" needs the second copy of the card led (§4.2; DD-R05); quacks need the number due
    (§4.3; DD-R03, DD-R04). The refusals exclude each other, in the order of their precedence.
    """
    if call is Call.NONE:
        return None
    if not table:
        return IllegalAction(ErrorCode.CALL_NOT_ALLOWED, "DD-R05", f"nothing is called with a lead; play {card}")
    led = table[0]
    if not is_rank_match(card, led):
        return IllegalAction(
            ErrorCode.CALL_RANK_MISMATCH,
            "DD-R05",
            f"'{call}' needs a card of the rank led ({led.rank.letter}), not {card}",
        )
    if call is Call.DOUBLEDUCK:
        if is_exact_duplicate(card, led):
            return None
        return IllegalAction(
            ErrorCode.NOT_THE_DUPLICATE, "DD-R05", f"only the other {led} may call 'doubleduck', not {card}"
        )
    due = quacks_due(led, table[1:])
    if call.quacks == due:
        return None
    return IllegalAction(
        ErrorCode.QUACK_COUNT_MISMATCH,
        "DD-R04",
        f"this is card {due} of rank {led.rank.letter} after the lead: call {due} quack(s), not '{call}'",
    )


def doubleduck_position(trick: Sequence[Play]) -> int | None:
    """The place in the trick of the card played with "doubleduck", if any (Rules §4.2; DD-R07).

    Only the second copy of the card led may say it, so there is at most one.

    pre: 1 <= len(trick) <= 4
    post: __return__ is None or trick[__return__].call == Call.DOUBLEDUCK
    """
    for position, play in enumerate(trick):
        if play.call is Call.DOUBLEDUCK:
            return position
    return None


def last_quack_position(trick: Sequence[Play]) -> int | None:
    """The place of the last card played with quacks, if any (Rules §4.3; DD-R08).

    A later card of the rank played silently does not cancel an earlier quack: it is a plain card.

    pre: 1 <= len(trick) <= 4
    post: __return__ is None or trick[__return__].call.quacks > 0
    post: __return__ is None or all(play.call.quacks == 0 for play in trick[__return__ + 1 :])
    """
    quacked = [position for position, play in enumerate(trick) if play.call.quacks > 0]
    return quacked[-1] if quacked else None


class WonBy(enum.StrEnum):
    """Which rule of the order of precedence decided a trick (Rules §4.2-§4.4), for telling what happened."""

    DOUBLEDUCK = "doubleduck"
    QUACK = "quack"
    BEST_CARD = "best-card"

    @property
    def paragraph(self) -> str:
        """The paragraph of the rules that decides a trick this way."""
        return {WonBy.DOUBLEDUCK: "§4.2", WonBy.QUACK: "§4.3", WonBy.BEST_CARD: "§4.4"}[self]


def won_by(trick: Sequence[Play]) -> WonBy:
    """Which rule takes the trick: a doubleduck (§4.2), else a quack (§4.3), else the best card of the suit led (§4.4).

    pre: len(trick) == 4
    post: (__return__ == WonBy.DOUBLEDUCK) == any(play.call == Call.DOUBLEDUCK for play in trick)
    """
    if doubleduck_position(trick) is not None:
        return WonBy.DOUBLEDUCK
    return WonBy.QUACK if last_quack_position(trick) is not None else WonBy.BEST_CARD


def winning_position(trick: Sequence[Play], course: Course) -> int:
    """The place in the trick of the card that takes it, by the order of precedence of Rules §4.2-§4.4.

    A doubleduck; failing that, the last quack; failing that, the best card of the suit led, the lowest in
    the Duck and the highest in the Soup, the later of two equal cards beating the earlier (§1, §4.4, §5;
    DD-R09): :func:`duckspec.trick_taking.best_of_suit_led`, shared with Duck Soup.

    pre: len(trick) == 4
    post: 0 <= __return__ < 4
    """
    doubleduck = doubleduck_position(trick)
    if doubleduck is not None:
        return doubleduck
    quack = last_quack_position(trick)
    if quack is not None:
        return quack
    return best_of_suit_led([play.card for play in trick], course)


def cards_stored(cards: Sequence[Card]) -> int:
    """How many cards the winner stores from a trick: one of each suit in it (Rules §4.5; DD-R10).

    pre: 1 <= len(cards) <= 4
    post: 1 <= __return__ <= len(cards)
    post: __return__ == len({card.suit for card in cards})
    """
    return suit_count(cards)


@dataclass(frozen=True)
class Draw:
    """The cards drawn after a Duck trick, as (player, card) in the order drawn, and the stock left (top first)."""

    cards: tuple[tuple[int, Card], ...]
    stock: tuple[Card, ...]


def draw_order(winner: int) -> tuple[int, ...]:
    """Who draws after a Duck trick, in order: the trick's winner, then round to the left (§4.6; DD-R02).

    pre: 0 <= winner < 4
    post: __return__[0] == winner and sorted(__return__) == [0, 1, 2, 3]
    """
    return seats_from(winner, PLAYERS)


def draw_after_trick(stock: tuple[Card, ...], winner: int) -> Draw:
    """One card each from the top of the stock after a Duck trick, in :func:`draw_order` (§4.6; DD-R02).

    pre: len(stock) >= 4 and 0 <= winner < 4
    post: [card for _, card in __return__.cards] == list(stock[:4])
    post: len(__return__.stock) == len(stock) - 4
    """
    return Draw(tuple(zip(draw_order(winner), stock[:PLAYERS], strict=True)), stock[PLAYERS:])
