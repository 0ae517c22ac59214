"""Rules §6 Draw (turn option 1): turn up the deck's top card until a number card comes.

A number card goes face up into the drawing player's tableau, and the turn is over. A duck goes
face up into the Duck Pond, and the drawing player discards every number card of their own
tableau that the duck *matches* (ruling AD-R11: no other tableau is touched; the cards go to the
discard pile, AD-R12); then they turn up the next card. A duck matches the numbers of its own
colour; a rainbow duck matches every number except the black ones, and no duck matches a black
number. A draw that finds the deck empty ends the round (§9; AD-R01), and the turn stops there.
"""

from __future__ import annotations

from duckspec.aw_ducks.components import Card, Colour
from duckspec.aw_ducks.gameplay import Layout, take_top, with_card


def duck_matches(duck: Card, card: Card) -> bool:
    """Whether the duck ``duck`` matches the number card ``card`` (§6).

    pre: duck.is_duck and card.is_number
    post: card.colour != Colour.BLACK or not __return__
    post: duck.colour != Colour.RAINBOW or __return__ == (card.colour != Colour.BLACK)
    """
    if card.colour is Colour.BLACK:
        return False
    return duck.colour is Colour.RAINBOW or duck.colour == card.colour


def matching_numbers(duck: Card, tableau: tuple[Card, ...]) -> tuple[Card, ...]:
    """The numbers of ``tableau`` (number cards) that the duck ``duck`` matches, in the tableau's order (§6)."""
    return tuple(card for card in tableau if duck_matches(duck, card))


def to_pond(layout: Layout, duck: Card) -> Layout:
    """The duck goes into the Duck Pond and nothing else happens, as in a Safe Draw (§6, §8; AD-R10)."""
    return layout._replace(pond=with_card(layout.pond, duck))


def duck_arrives(layout: Layout, duck: Card) -> Layout:
    """The duck goes to the pond and the numbers of the tableau it matches go to the discard pile (§6; AD-R11, AD-R12).

    pre: duck.is_duck and all(card.is_number for card in layout.tableau)
    post: len(__return__.tableau) + len(__return__.discards) == len(layout.tableau) + len(layout.discards)
    """
    hit = matching_numbers(duck, layout.tableau)
    if not hit:
        return to_pond(layout, duck)
    discards = layout.discards
    for card in hit:
        discards = with_card(discards, card)
    kept = tuple(card for card in layout.tableau if not duck_matches(duck, card))
    return to_pond(layout, duck)._replace(tableau=kept, discards=discards)


def to_tableau(layout: Layout, card: Card) -> Layout:
    """A number card drawn goes face up into the drawing player's tableau (§6)."""
    return layout._replace(tableau=with_card(layout.tableau, card))


def draw_turn(layout: Layout) -> Layout:
    """A Draw turn: cards from the top until a number lands in the tableau, or the deck is found empty (§6; AD-R01).

    Every duck on the way goes to the pond and discards the numbers it matches first.

    pre: all(card.is_number for card in layout.tableau)
    post: (__return__.ended or len(__return__.tableau) >= 1) and len(__return__.deck) <= len(layout.deck)
    """
    while True:
        card, layout = take_top(layout)
        if card is None:
            return layout
        if card.is_number:
            return to_tableau(layout, card)
        layout = duck_arrives(layout, card)
