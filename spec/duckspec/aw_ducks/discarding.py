"""Rules §8 Discard (turn option 3): give up one tableau card for the benefit its value buys.

The player puts one card of their tableau on the discard pile (face down, but everyone saw it in
the tableau: ruling AD-R12), even their last card (AD-R05), and gains a benefit:

* a 1 or 2 buys a **Safe Draw**: exactly two cards from the deck, numbers to the tableau and
  ducks to the pond, where a duck discards nothing and draws no further card (AD-R10);
* a 3 or 4 buys a **Quick Quack**: exactly three cards from the deck, one at a time, each number
  to the tableau and each duck to the pond discarding the numbers of the tableau it matches as
  in a Draw (§6), but drawing no further card (AD-R10); then the player must Score (§7);
* a 5 or 6 buys a **Secret Stash**: the top two cards of the deck go face down into the player's
  score pile, unseen by everyone, the player included, until the round's count (AD-R17); then
  the player must Score (§7).

Taking a card for any of the three from an empty deck ends the round, and the benefit's other
cards are not taken (§9; AD-R01, AD-R02). The Score a Quick Quack or a Secret Stash calls for is
then the player's final Score turn (AD-R03).
"""

from __future__ import annotations

import enum

from duckspec.aw_ducks.components import Card
from duckspec.aw_ducks.drawing import duck_arrives, to_pond, to_tableau
from duckspec.aw_ducks.errors import ErrorCode, IllegalAction
from duckspec.aw_ducks.gameplay import Layout, take_top, with_card, without_card

SAFE_DRAW_CARDS = 2
"""Cards a Safe Draw takes (§8; AD-R10)."""
QUICK_QUACK_CARDS = 3
"""Cards a Quick Quack takes (§8; AD-R10)."""
STASH_CARDS = 2
"""Cards a Secret Stash takes (§8; AD-R02)."""


class Benefit(enum.StrEnum):
    """What a discarded card buys, by its value (§8)."""

    SAFE_DRAW = "safe-draw"
    QUICK_QUACK = "quick-quack"
    SECRET_STASH = "secret-stash"


def benefit_of(card: Card) -> Benefit:
    """The benefit of discarding ``card``: 1-2 Safe Draw, 3-4 Quick Quack, 5-6 Secret Stash (§8).

    pre: card.is_number
    post: (__return__ == Benefit.SAFE_DRAW) == (card.value <= 2)
    post: (__return__ == Benefit.SECRET_STASH) == (card.value >= 5)
    """
    if card.value <= 2:
        return Benefit.SAFE_DRAW
    return Benefit.QUICK_QUACK if card.value <= 4 else Benefit.SECRET_STASH


def forces_score(benefit: Benefit) -> bool:
    """Whether the benefit ends with a Score the player must take at once (§8).

    post: __return__ == (benefit != Benefit.SAFE_DRAW)
    """
    return benefit is not Benefit.SAFE_DRAW


def forced_score_problem(forced: bool, scoring: bool, player: int) -> IllegalAction | None:
    """The refusal of anything but a Score while a Quick Quack or a Secret Stash calls for one (§8), else None."""
    if not forced or scoring:
        return None
    return IllegalAction(
        ErrorCode.SCORE_REQUIRED, "§8", f"after a Quick Quack or a Secret Stash player {player} must Score at once"
    )


def tableau_problem(card: Card, tableau: tuple[Card, ...], player: int) -> IllegalAction | None:
    """The refusal of a Discard of a card that is not in the player's tableau (§8: one card from your tableau), else
    None."""
    if card in tableau:
        return None
    return IllegalAction(
        ErrorCode.CARD_NOT_IN_TABLEAU, "§8", f"{card} is not in player {player}'s tableau; discard one that is"
    )


def discard_card(layout: Layout, card: Card) -> Layout:
    """One copy of ``card``, which must be in the tableau, leaves it for the discard pile (§8; AD-R05, AD-R12).

    The contracts of :func:`~duckspec.aw_ducks.gameplay.without_card` and
    :func:`~duckspec.aw_ducks.gameplay.with_card` say what happens to each group of cards.
    """
    return layout._replace(tableau=without_card(layout.tableau, card), discards=with_card(layout.discards, card))


def took_cards(before: Layout, after: Layout, count: int) -> bool:
    """Whether a benefit took ``count`` cards from the deck, or the few it held and then ended the round (§8, §9;
    AD-R01, AD-R02): what each benefit promises, for their contracts."""
    return len(before.deck) - len(after.deck) == min(count, len(before.deck)) and after.ended == (
        before.ended or len(before.deck) < count
    )


def safe_draw(layout: Layout) -> Layout:
    """Two cards, numbers to the tableau, ducks to the pond with no effect; stops at an empty deck (§8; AD-R10, AD-R01).

    post: took_cards(layout, __return__, 2)
    """
    for _ in range(SAFE_DRAW_CARDS):
        card, layout = take_top(layout)
        if card is None:
            break
        layout = to_tableau(layout, card) if card.is_number else to_pond(layout, card)
    return layout


def quick_quack(layout: Layout) -> Layout:
    """Three cards one at a time, each duck discarding what it matches, none drawing on (§8; AD-R10, AD-R01).

    pre: all(card.is_number for card in layout.tableau)
    post: took_cards(layout, __return__, 3)
    """
    for _ in range(QUICK_QUACK_CARDS):
        card, layout = take_top(layout)
        if card is None:
            break
        layout = to_tableau(layout, card) if card.is_number else duck_arrives(layout, card)
    return layout


def secret_stash(layout: Layout) -> Layout:
    """The top two cards, unseen, to the player's score pile; an empty deck ends the round (§8; AD-R02).

    post: took_cards(layout, __return__, 2)
    post: len(__return__.stash + __return__.deck) == len(layout.stash + layout.deck)
    """
    for _ in range(STASH_CARDS):
        card, layout = take_top(layout)
        if card is None:
            break
        layout = layout._replace(stash=with_card(layout.stash, card))
    return layout


BENEFITS = {Benefit.SAFE_DRAW: safe_draw, Benefit.QUICK_QUACK: quick_quack, Benefit.SECRET_STASH: secret_stash}
"""What each benefit does to the layout (§8)."""


def discard_turn(layout: Layout, card: Card) -> Layout:
    """A Discard turn up to its forced Score, if any: the card to the discard pile, then its benefit (§8).

    pre: card in layout.tableau and all(held.is_number for held in layout.tableau)
    post: len(__return__.discards) >= len(layout.discards) + 1
    """
    return BENEFITS[benefit_of(card)](discard_card(layout, card))
