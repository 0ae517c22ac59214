"""The ``:card:`` role: a small picture of a card (``:card:`9C```), named for screen readers; symbols elsewhere."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

from duckcheck.codec import parse_cards_text
from ducksoup.viewer.scene import playing_card_face
from duckspec.cards import Card, Suit

SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
RED = {Suit.DIAMONDS, Suit.HEARTS}


def card_symbol(card: Card) -> str:
    """``9♣``, ``10♥``: the rank (10 for the ten) and the suit symbol."""
    rank = "10" if card.rank.letter == "T" else card.rank.letter
    return rank + SUIT_SYMBOLS[card.suit]


def card_role_text(card: Card) -> str:
    """reST for one card, with its suit symbol (red for hearts and diamonds)."""
    return f":card:`{card}`"


def card_html(card: Card | None) -> str:
    """One card as raw HTML, as the ``:card:`` role draws it (trace pages are built faster from raw HTML)."""
    if card is None:
        return "–"
    return card_picture_html(card)


def cards_role_text(cards: Iterable[Card]) -> str:
    shown = " ".join(card_role_text(card) for card in cards)
    return shown or "–"


def card_picture_html(card: Card) -> str:
    """A small picture of a card (drawn by the viewer's style sheet), named for screen readers: ``nine of clubs``."""
    colour = "ds-red" if card.suit in RED else "ds-black"
    name = playing_card_face(card)["name"]
    return (
        f'<span class="ds-card {colour}" role="img" aria-label="{name}" title="{name}">'
        f'<span aria-hidden="true">{card_symbol(card)}</span></span>'
    )


def card_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Any, options: Any = None, content: Any = None
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:card:`9C``` shows a picture of 9♣; ``:card:`9C 4H``` several cards. Hearts and diamonds are red; each
    picture is named for screen readers (``nine of clubs``), and pages other than HTML get the symbols as text."""
    result: list[nodes.Node] = []
    for position, word in enumerate(text.split()):
        try:
            (card,) = parse_cards_text(word.upper().replace("10", "T"), "card")
        except ValueError as error:
            message = inliner.reporter.error(f"{text!r} is not a list of cards: {error}", line=lineno)
            return [inliner.problematic(rawtext, rawtext, message)], [message]
        if position:
            result.append(nodes.Text(" "))
        result.append(card_picture(card_symbol(card), card_picture_html(card)))
    return result, []


class card_picture(nodes.Inline, nodes.TextElement):
    """A card: its picture in HTML, its symbols elsewhere (the text is the symbols, ``html`` the picture)."""

    def __init__(self, symbols: str, html: str) -> None:
        super().__init__(symbols, symbols)
        self["html"] = html


def visit_card_picture_html(translator: Any, node: card_picture) -> None:
    translator.body.append(node["html"])
    raise nodes.SkipNode


def visit_card_picture_text(translator: Any, node: card_picture) -> None:
    pass


def depart_card_picture_text(translator: Any, node: card_picture) -> None:
    pass


def setup(app: Sphinx) -> None:
    app.add_role("card", card_role)
    app.add_node(
        card_picture,
        html=(visit_card_picture_html, None),
        text=(visit_card_picture_text, depart_card_picture_text),
        latex=(visit_card_picture_text, depart_card_picture_text),
    )
