"""Sphinx extension of the ducksoup documentation: every page part that comes from the project's data.

Nothing here is typed by hand twice. At build time it reads

* the conformance suite (:func:`duckcheck.trace.load_suite`): the traces that exercise each rules
  section, ruling and error code, one page per trace with its play rendered trick by trick, and a
  catalogue of all of them;
* the rulings register (:func:`duckspec.rulings.load_rulings`): the register page;
* :class:`duckspec.duck_soup.errors.ErrorCode`: the error codes in order of precedence;
* the JSON Schemas of the trace format and of the adapter protocol: their fields;
* the bundled reference adapter, run once: a real protocol session.

Each part is made by a generator function that returns reStructuredText lines (the tests call
these directly), wrapped in a small directive. A missing piece of documentation (an error code,
a schema field or a source document this module has no words for) is a warning, so the build,
run with ``-W``, fails until someone writes it.
"""

from __future__ import annotations

import html
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode, nested_parse_with_titles

from duckcheck import FORMAT_VERSION, PROTOCOL_VERSION, SUITE_VERSION
from duckcheck.codec import parse_cards_text
from duckcheck.data import data_dir, load_schema
from duckcheck.duck_soup.encoding import parse_action, parse_options
from duckcheck.trace import dump_trace, load_suite, trace_file
from duckspec.cards import Card, Suit
from duckspec.duck_soup import GAME_ID, SECTIONS
from duckspec.duck_soup import deal as deals
from duckspec.duck_soup import game as games
from duckspec.duck_soup.actions import Action, Play, SayDuck
from duckspec.duck_soup.cards import Course
from duckspec.duck_soup.errors import ErrorCode
from duckspec.duck_soup.quacking import Call
from duckspec.rulings import Ruling, load_rulings

JSON = dict[str, Any]
LOGGER = logging.getLogger(__name__)
TRACE_DIR = "traces"
"""The folder of the source tree (``docs/traces``) that the build fills with one page per trace."""

# Card symbols ------------------------------------------------------------------------------

SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
RED = {Suit.DIAMONDS, Suit.HEARTS}


def card_symbol(card: Card) -> str:
    """``9♣``, ``10♥``: the rank (10 for the ten) and the suit symbol."""
    rank = "10" if card.rank.letter == "T" else card.rank.letter
    return rank + SUIT_SYMBOLS[card.suit]


def card_role_text(card: Card) -> str:
    """reST for one card, with its suit symbol (red for hearts and diamonds)."""
    return f":card:`{card}`"


def cards_role_text(cards: Iterable[Card]) -> str:
    shown = " ".join(card_role_text(card) for card in cards)
    return shown or "–"


def card_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Any, options: Any = None, content: Any = None
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:card:`9C``` shows 9♣; ``:card:`9C 4H``` several cards. Hearts and diamonds are red."""
    result: list[nodes.Node] = []
    for position, word in enumerate(text.split()):
        try:
            (card,) = parse_cards_text(word.upper().replace("10", "T"), "card")
        except ValueError as error:
            message = inliner.reporter.error(f"{text!r} is not a list of cards: {error}", line=lineno)
            return [inliner.problematic(rawtext, rawtext, message)], [message]
        if position:
            result.append(nodes.Text(" "))
        classes = ["ds-card", "ds-red" if card.suit in RED else "ds-black"]
        result.append(nodes.inline(rawtext, card_symbol(card), classes=classes))
    return result, []


# Plain reST helpers ------------------------------------------------------------------------


def escape(text: str) -> str:
    """Text from the data files as reST: markdown-style `code` becomes a literal, specials are escaped."""
    parts = re.split(r"(`[^`]+`)", text)
    out = []
    for part in parts:
        if part.startswith("`") and part.endswith("`") and len(part) > 1:
            out.append(f"``{part[1:-1]}``")
        else:
            part = part.replace("\\", "\\\\").replace("*", "\\*").replace("|", "\\|")
            out.append(re.sub(r"(\w)_(?=\W|$)", r"\1\\_", part))
    return "".join(out)


def one_line(text: str) -> str:
    return " ".join(text.split())


def list_table(header: Sequence[str], rows: Iterable[Sequence[str]], widths: str = "", classes: str = "") -> list[str]:
    """A ``list-table`` directive; every cell is one line of reST."""
    lines = [".. list-table::", "   :header-rows: 1"]
    if widths:
        lines.append(f"   :widths: {widths}")
    if classes:
        lines.append(f"   :class: {classes}")
    lines.append("")
    for row in [header, *rows]:
        for index, cell in enumerate(row):
            lines.append(("   * - " if index == 0 else "     - ") + (cell or " "))
    lines.append("")
    return lines


def section_label(section: str) -> str:
    """The label of a rules section's page: ``§4`` -> ``rules-s4``."""
    return "rules-s" + section.lstrip("§")


def section_ref(section: str) -> str:
    """A link to the page of a rules section, or the plain text for a section without one."""
    return f":ref:`{section} <{section_label(section)}>`" if section in SECTIONS else section


def ruling_label(ruling_id: str) -> str:
    return "ruling-" + ruling_id.lower()


def ruling_ref(ruling_id: str) -> str:
    return f":ref:`{ruling_id} <{ruling_label(ruling_id)}>`"


def trace_ref(trace_id: str) -> str:
    return f":doc:`/{TRACE_DIR}/{trace_id}`"


def trace_refs(traces: Iterable[JSON]) -> str:
    return ", ".join(trace_ref(trace["id"]) for trace in traces)


def error_label(code: str) -> str:
    return "error-" + code


# The data, loaded once per build -------------------------------------------------------------


@cache
def suite() -> tuple[JSON, ...]:
    """Every Duck Soup trace of the suite, in manifest order (the other games' pages come with their docs)."""
    return tuple(trace for trace in load_suite() if trace["game"] == GAME_ID)


@cache
def rulings() -> tuple[Ruling, ...]:
    return load_rulings("duck_soup")


FOCUS_TAGS = ("edge-case", "assembled")
"""Tags of the traces written for one point of the rules (the rest are played by bots)."""


def is_focused(trace: JSON) -> bool:
    return any(tag in trace["tags"] for tag in FOCUS_TAGS)


def traces_for_section(traces: Sequence[JSON], section: str) -> list[JSON]:
    return [trace for trace in traces if section in trace["sections"]]


def traces_for_ruling(traces: Sequence[JSON], ruling_id: str) -> list[JSON]:
    return [trace for trace in traces if ruling_id in trace["rulings"]]


def traces_for_error(traces: Sequence[JSON], code: str) -> list[JSON]:
    return [trace for trace in traces if f"error-{code}" in trace["tags"]]


def focused_then_rest(traces: Sequence[JSON], what: str) -> list[str]:
    """The traces written for the point first, as a table with descriptions; then the others, as links."""
    focused = [trace for trace in traces if is_focused(trace)]
    others = [trace for trace in traces if not is_focused(trace)]
    lines: list[str] = []
    if focused:
        lines += list_table(
            ["Trace", "What it shows"],
            ([trace_ref(trace["id"]), escape(trace["description"])] for trace in focused),
            widths="35 65",
        )
    if others:
        lead = "Played by bots, they also exercise" if focused else "They exercise"
        lines += [f"{lead} {what} ({len(others)}): {trace_refs(others)}.", ""]
    return lines


# Rules sections ----------------------------------------------------------------------------


def section_traces_rst(traces: Sequence[JSON], section: str) -> list[str]:
    """The traces that exercise a rules section, from their ``sections`` field."""
    chosen = traces_for_section(traces, section)
    if not chosen:
        return []
    lines = [
        f"{len(chosen)} of the {len(traces)} traces of suite {SUITE_VERSION} exercise {section} "
        f"(each trace lists its sections in its ``sections`` field).",
        "",
    ]
    return lines + focused_then_rest(chosen, section)


# Rulings -----------------------------------------------------------------------------------

SOURCE_DOCUMENTS = {
    "en": "English rules",
    "de": "German translation (*Entensuppe*)",
    "ko": "Korean description",
    "cardstock": "CardStock's Duck Soup program",
}
"""The documents a ruling may cite, by the short name the register uses."""


def source_rst(source: str) -> str:
    """``en §3.2`` -> English rules §3.2, linked to the rules page of §3; ``ko Play`` -> Korean description, "Play"."""
    document, _, place = source.partition(" ")
    if document not in SOURCE_DOCUMENTS:
        raise KeyError(f"the ruling cites an unknown document {document!r}; add it to SOURCE_DOCUMENTS")
    name = SOURCE_DOCUMENTS[document]
    match = re.match(r"§(\d+)", place)
    if match and f"§{match.group(1)}" in SECTIONS and document == "en":
        return f"{name} {place} (see :ref:`{section_label('§' + match.group(1))}`)"
    if match:
        return f"{name} {place}"
    if document == "cardstock":
        return f"{name} (``{place}``)"
    return f"{name}, part “{place}”"


def ruling_rst(ruling: Ruling, traces: Sequence[JSON]) -> list[str]:
    title = f"{ruling.id}: {escape(ruling.title)}"
    lines = [f".. _{ruling_label(ruling.id)}:", "", title, "-" * len(title), ""]
    lines += [f":Question: {escape(one_line(ruling.question))}"]
    lines += [f":Decision: {escape(one_line(ruling.decision))}"]
    lines += [f":Rationale: {escape(one_line(ruling.rationale))}"]
    lines += [":Sources: " + "; ".join(source_rst(source) for source in ruling.sources)]
    if ruling.option:
        lines += [f":Rule option: ``{ruling.option}`` (see :ref:`option-{ruling.option.replace('_', '-')}`)"]
    lines += [":Tests: " + ", ".join(f"``{test}``" for test in ruling.tests)]
    exercised = traces_for_ruling(traces, ruling.id)
    lines += [f":Traces: {len(exercised)} (each lists the ruling in its ``rulings`` field)", ""]
    return lines + focused_then_rest(exercised, ruling.id)


def rulings_rst(register: Sequence[Ruling], traces: Sequence[JSON]) -> list[str]:
    """The whole register, in register order."""
    lines = list_table(
        ["Ruling", "Decides", "Option", "Traces"],
        (
            [
                ruling_ref(ruling.id),
                escape(ruling.title),
                f"``{ruling.option}``" if ruling.option else "",
                str(len(traces_for_ruling(traces, ruling.id))),
            ]
            for ruling in register
        ),
        widths="12 64 12 12",
    )
    for ruling in register:
        lines += ruling_rst(ruling, traces)
    return lines


# Error codes -------------------------------------------------------------------------------

ERROR_NOTES: dict[str, tuple[str, tuple[str, ...]]] = {
    "game-over": ("The game (or the match) already has its winner: no action of any kind is accepted any more.", ()),
    "deal-over": (
        "Both hands are played out and no further deal has started: in scope ``deal`` after the last "
        "trick, or in a game whose trace gave no deck for the next deal.",
        (),
    ),
    "not-your-turn": (
        "The action is made in the name of a player who is not the one to act now "
        "(or of a player number that does not exist).",
        (),
    ),
    "duck-not-allowed": ("The answer “duck” is given while no quack is waiting to be answered.", ()),
    "answer-required": (
        "A quack is waiting and the leader plays a card without “quack-quack”; the only answers are "
        "“duck” and a card of the quacked rank with “quack-quack”.",
        ("DS-R10",),
    ),
    "card-not-in-hand": ("The card played is not one of the cards the player holds.", ()),
    "call-not-allowed": (
        "The call has no meaning at this moment of the trick: any call on a lead, “duck-soup” on a "
        "follow, “quack” on the fourth card.",
        ("DS-R12",),
    ),
    "call-rank-mismatch": (
        "The call is one that needs a card of the rank led, and the card played has another rank.",
        ("DS-R02",),
    ),
}
"""What each error code means, in this documentation's words, and the rulings behind it."""

FALLBACK_SECTIONS = {"game-over": "§9", "deal-over": "§7", "not-your-turn": "§4", "card-not-in-hand": "§4"}


def error_rules(code: ErrorCode) -> str:
    """The section the code enforces (from :attr:`ErrorCode.section`) and the rulings behind it, as links."""
    section = getattr(code, "section", None) or FALLBACK_SECTIONS.get(code.value, "§6")
    return ", ".join([section_ref(section), *(ruling_ref(ruling) for ruling in ERROR_NOTES[code.value][1])])


def error_codes_rst(traces: Sequence[JSON]) -> list[str]:
    """Every :class:`ErrorCode`, in order of precedence, with its meaning, rules and traces."""
    missing = [code.value for code in ErrorCode if code.value not in ERROR_NOTES]
    if missing:
        raise KeyError(f"error codes without documentation: {', '.join(missing)}; add them to ERROR_NOTES")
    rows = []
    for code in ErrorCode:
        meaning = ERROR_NOTES[code.value][0]
        rows.append(
            [str(code.precedence), f":ref:`{code.value} <{error_label(code.value)}>`", meaning, error_rules(code)]
        )
    lines = list_table(["Precedence", "Code", "The action is refused when", "Rules"], rows, widths="10 22 50 18")
    for code in ErrorCode:
        meaning = ERROR_NOTES[code.value][0]
        exercised = traces_for_error(traces, code.value)
        title = f"``{code.value}``"
        lines += [f".. _{error_label(code.value)}:", "", title, "-" * len(title), ""]
        lines += [
            f":Precedence: {code.precedence} of {len(ErrorCode)}",
            f":Python: :attr:`ErrorCode.{code.name} <duckspec.duck_soup.errors.ErrorCode.{code.name}>`",
            f":Rules: {error_rules(code)}",
            f":Traces: {len(exercised)} (tagged ``error-{code.value}``)",
            "",
            meaning,
            "",
        ]
        lines += focused_then_rest(exercised, f"``{code.value}``")
    return lines


# JSON Schemas ------------------------------------------------------------------------------

FIELD_NOTES: dict[str, dict[str, str]] = {
    "trace": {
        "format": "The version of the trace format; readers refuse a major version they do not know.",
        "id": "The trace's permanent name, lowercase words joined by hyphens; the file is named after it.",
        "description": "One line that says what the trace is about.",
        "game": "Which game of the family the trace plays; its schema (``games/<game>.schema.json``) says the rest.",
        "players": "How many players sit at the table.",
        "scope": "How much is played: one deal (or round), one game (deals until it is won) or a match of games.",
        "options": "The rule options in force; a missing option takes its standard value.",
        "dealer": "The player who deals the first deal (in a game without a dealer, the player who starts).",
        "decks": "The deck order of each deal, top card first, in the game's card notation. Shuffles are never seeds.",
        "sections": "The sections of the game's rules that the trace exercises.",
        "rulings": "The rulings of the register that the trace exercises.",
        "tags": "Keywords: the events that happen, the bot that played, the options, the error codes met.",
        "initial": "The canonical state once the first deck is dealt, before any action.",
        "steps": "The actions, in order, each with what must follow from it.",
        "final": "The outcome: every finished deal's points and scores and, for games and matches, the results.",
    },
    "games/duck-soup state": {
        "dealer": "The dealer of the current deal.",
        "course": "The current course.",
        "phase": "What the next action is: a lead, a follow, the answer to a quack, the fourth card, or nothing.",
        "to_act": "The player who acts next; ``null`` once the deal is over.",
        "hands": "Both hands, in canonical order.",
        "stock": "How many cards are left in the stock.",
        "face_up": "The card lying face up on the stock, or ``null`` (hidden stock, or no stock left).",
        "table": "The cards of the trick in progress, in the order played (at most three).",
        "tricks": "Per player, the tricks won in the Duck and in the Soup course.",
        "points": "Per player, the points won in the Duck and in the Soup course.",
        "scores": "Once the deal is over, each player's deal score (Duck points times Soup points).",
        "deal": "Games and matches: which deck of the trace is being played, from 0.",
        "deal_scores": "Games and matches: the scores of the current game's finished deals.",
        "deal_points": "Games and matches: the points of those deals, in the shape of ``points``.",
        "totals": "Games and matches: each player's total over the current game's finished deals.",
        "result": "Games and matches: the current game's result once it is won, else ``null``.",
        "games": "Games and matches: the results of the finished games.",
        "games_won": "Games and matches: games won by each player, a double game counting two.",
        "winner": "Games and matches: the player who has won the match (or the single game), else ``null``.",
    },
    "trace step": {
        "action": "What a player does.",
        "state": "The canonical state that must follow when the action is accepted.",
        "reject": "Instead of ``state``: the error code the action must be refused with; nothing changes.",
    },
    "games/duck-soup result": {
        "winner": "The player who won the game.",
        "end": "How: ``target`` (the higher total once someone has 250) or ``pond`` (125 in a single deal).",
        "in_the_soup": "Whether the loser finished under 125.",
        "value": "How many games it counts for: 2 for a double game, else 1.",
    },
    "games/duck-soup options": {
        "stock": "Whether the top card of the stock is turned face up (standard) or stays hidden.",
        "best_of": "1 for a single game, 3 or 5 for match play.",
        "double_draw": "The order of the four cards drawn after a quack-quack.",
    },
    "protocol hello-reply": {
        "cmd": "Always ``hello``.",
        "protocol": "The protocol version the adapter speaks; it must equal the runner's.",
        "implementation": "Who you are: ``name`` and ``version`` (required), ``language`` and ``homepage``.",
        "games": "Per game identifier, the ``scopes`` and, per rule option, the values you support.",
    },
    "protocol start-request": {
        "cmd": "Always ``start``.",
        "seq": "The request's number; it goes up by one with every request.",
        "trace": "The ID of the trace being played, for your logs.",
        "game": "The game to set up.",
        "scope": "One deal (or round), a game or a match.",
        "options": "The rule options, as the trace gives them.",
        "players": "How many players sit at the table (the trace's ``players``).",
        "dealer": "The dealer of the first deal (or the player who starts).",
        "decks": "The deck orders, one per deal, top card first.",
    },
    "games/duck-soup trace": {
        "game": "Always ``duck-soup``.",
        "players": "Always 2.",
        "scope": "A deal, a game to 250, or a match (option ``best_of`` 3 or 5).",
        "dealer": "Player 0 or 1.",
        "options": "Duck Soup's rule options (below).",
        "decks": "Each deck order lists the 52 cards of one pack once.",
        "sections": "Sections of the English rules, ``§2`` to ``§11``.",
        "rulings": "Rulings of Duck Soup's register, ``DS-R01`` on.",
        "initial": "A Duck Soup state (below).",
        "steps": "Each step's action is a Duck Soup action, and its state a Duck Soup state.",
    },
    "protocol act-request": {
        "cmd": "Always ``act``.",
        "seq": "The request's number.",
        "action": "The action to apply, in the trace format's form.",
    },
    "games/duck-soup view": {
        "player": "Whose view it is.",
        "hand": "That player's own hand, in canonical order.",
        "opponent_hand": "How many cards the opponent holds.",
        "opponent_known": "The cards the player saw the opponent take from the stock and that the "
        "opponent still holds, in canonical order.",
    },
    "protocol act-reply": {
        "accepted": "Whether the action was legal and applied.",
        "error": "For a refused action, its error code.",
        "state": "The canonical state after the action (unchanged when it was refused).",
        "views": "Both players' views of that state, player 0's first.",
    },
}
"""What each schema field means, in this documentation's words, per schema definition."""


def schema_definition(schema_name: str, definition: str | None) -> JSON:
    schema = load_schema(schema_name)
    return schema if definition is None else dict(schema["$defs"][definition])


def schema_anchor(schema_name: str, definition: str | None) -> str:
    return f"schema-{schema_name.replace('/', '-')}-{definition or 'top'}"


def schema_name_of(reference: str) -> str:
    """The schema a ``$ref`` address points into: ``trace``, ``protocol`` or ``games/<game>``."""
    address = reference.split("#")[0].removeprefix("https://ducksoup.invalid/schema/")
    if address.startswith("games/"):
        return "/".join(address.split("/")[:2])
    return address.split("/")[0]


def describe_type(fragment: JSON, schema_name: str) -> str:
    """A short reST description of a schema fragment's type and allowed values."""
    if "$ref" in fragment:
        reference = fragment["$ref"]
        target_schema = schema_name_of(reference) if reference.startswith("https://") else schema_name
        name = reference.rsplit("/", 1)[-1]
        return f":ref:`{name} <{schema_anchor(target_schema, name)}>`"
    if "const" in fragment:
        return f"``{json.dumps(fragment['const'])}``"
    if "enum" in fragment:
        return "one of " + ", ".join(f"``{json.dumps(value)}``" for value in fragment["enum"])
    if "oneOf" in fragment:
        return " or ".join(describe_type(option, schema_name) for option in fragment["oneOf"])
    kind = fragment.get("type", "any")
    if kind == "array":
        items = describe_type(fragment.get("items", {}), schema_name)
        return f"array of {items}"
    if kind == "null":
        return "``null``"
    text = str(kind)
    if "pattern" in fragment:
        text += f" matching ``{fragment['pattern']}``"
    bounds = [f"{word} {fragment[key]}" for key, word in (("minimum", "≥"), ("maximum", "≤")) if key in fragment]
    if "minLength" in fragment:
        shortest, longest = fragment["minLength"], fragment.get("maxLength", "…")
        bounds.append(f"length {shortest}" if shortest == longest else f"length {shortest}–{longest}")
    if bounds and kind == "any":
        return ", ".join(bounds)
    if bounds:
        text += " (" + ", ".join(bounds) + ")"
    return text


def schema_fields_rst(schema_name: str, definition: str | None) -> list[str]:
    """The fields of one object of a schema (the top level, or one of its ``$defs``), as a table."""
    fragment = schema_definition(schema_name, definition)
    notes = FIELD_NOTES.get(f"{schema_name} {definition}" if definition else schema_name, {})
    required = set(fragment.get("required", []))
    rows = []
    for name, prop in fragment.get("properties", {}).items():
        meaning = notes.get(name) or escape(prop.get("description", ""))
        if not meaning:
            raise KeyError(
                f"the field {name!r} of {schema_name} {definition or '(top level)'} has no description; "
                "add it to FIELD_NOTES"
            )
        rows.append([f"``{name}``", "yes" if name in required else "no", describe_type(prop, schema_name), meaning])
    lines = [f".. _{schema_anchor(schema_name, definition)}:", ""]
    if fragment.get("additionalProperties") is False:
        lines += ["No other field is allowed.", ""]
    return lines + list_table(["Field", "Required", "Type", "Meaning"], rows, widths="16 10 30 44")


# Play rendered trick by trick --------------------------------------------------------------

CALL_WORDS = {Call.QUACK: "“quack!”", Call.QUACK_QUACK: "“quack-quack!”", Call.DUCK_SOUP: "“duck soup!”"}


@dataclass
class TrickRow:
    """One exchange from an empty table to the next: a trick, or the two tricks of a quack-quack."""

    steps: list[int]
    course: str
    leader: int
    moves: list[str]
    winner: int = 0
    tricks: int = 1
    points: int = 0
    drawn: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    face_up: Card | None = None
    refused: list[str] = field(default_factory=list)


@dataclass
class DealPlay:
    dealer: int
    rows: list[TrickRow] = field(default_factory=list)
    points: tuple[tuple[int, int], tuple[int, int]] | None = None
    scores: tuple[int, int] | None = None
    first_face_up: Card | None = None


def move_rst(action: Action) -> str:
    if isinstance(action, SayDuck):
        return f"{action.player}: “duck”"
    assert isinstance(action, Play)
    said = f" {CALL_WORDS[action.call]}" if action.call is not Call.NONE else ""
    return f"{action.player}: {card_role_text(action.card)}{said}"


def play_out(trace: JSON) -> list[DealPlay]:
    """The trace played on the specification, grouped into deals and exchanges (the table's rows).

    Each exchange is found by applying the deal's own transition (:func:`duckspec.duck_soup.deal.apply`)
    so that its winner, points and draws are known even when the game deals the next deal at once.
    """
    options = parse_options(trace["options"])
    decks = tuple(parse_cards_text(deck) for deck in trace["decks"])
    match = None if trace["scope"] == "deal" else games.new_match(decks, trace["dealer"], options)
    deal = deals.new_deal(decks[0], trace["dealer"], options) if match is None else match.game.deal
    plays = [DealPlay(deal.dealer, first_face_up=deal.face_up_card)]
    row: TrickRow | None = None
    refused: list[str] = []
    for number, step in enumerate(trace["steps"], 1):
        action = parse_action(step["action"], f"step {number}")
        if "reject" in step:
            refused.append(f"step {number}, {move_rst(action)} refused: ``{step['reject']}``")
            continue
        if row is None:
            row = TrickRow([], deal.course.value, deal.leader, [], refused=refused)
            refused = []
        row.steps.append(number)
        row.moves.append(move_rst(action))
        after = deals.apply(deal, action)
        if match is not None:
            match = games.match_apply(match, action)
        following = after if match is None else match.game.deal
        if not after.table:
            course = deal.course
            row.winner = after.leader
            row.tricks = len(after.tricks(course)[row.winner]) - len(deal.tricks(course)[row.winner])
            row.points = sum(after.points(course)) - sum(deal.points(course))
            new = [tuple(c for c in after.hands[p] if c not in deal.hands[p]) for p in (0, 1)]
            row.drawn = (new[row.winner], new[1 - row.winner])
            row.face_up = after.face_up_card
            plays[-1].rows.append(row)
            row = None
        if after.is_over:
            duck, soup = after.points(Course.DUCK), after.points(Course.SOUP)
            plays[-1].points = ((duck[0], soup[0]), (duck[1], soup[1]))
            plays[-1].scores = after.scores()
            if not following.is_over:
                plays.append(DealPlay(following.dealer, first_face_up=following.face_up_card))
        deal = following
    if refused:
        plays[-1].rows.append(TrickRow([], "", -1, [], refused=refused))
    return plays


def deal_table_rst(play: DealPlay) -> list[str]:
    """One deal as a table: an exchange per row, the course, the cards, who won it, points and draws."""
    rows = []
    number = 0
    for row in play.rows:
        refused = "; ".join(row.refused)
        if not row.moves:  # refusals after the last trick
            rows.append(["", "", refused, "", "", ""])
            continue
        number += row.tricks
        trick_no = f"{number - 1}–{number}" if row.tricks == 2 else str(number)
        moves = " · ".join(row.moves) + (f" ({refused})" if refused else "")
        drawn = ""
        if row.course == "duck":
            drawn = f"{row.winner}: {cards_role_text(row.drawn[0])}; {1 - row.winner}: {cards_role_text(row.drawn[1])}"
            drawn += f"; up: {card_role_text(row.face_up)}" if row.face_up else ""
        rows.append([trick_no, row.course.capitalize(), moves, str(row.winner), str(row.points), drawn])
    header = ["Trick", "Course", "Cards played (player: card)", "Won by", "Points", "Drawn, then turned up"]
    return list_table(header, rows, widths="7 7 40 7 7 32", classes="ds-deal")


def deal_summary_rst(play: DealPlay) -> list[str]:
    if play.scores is None or play.points is None:
        return ["The trace stops before the deal is over.", ""]
    (duck0, soup0), (duck1, soup1) = play.points
    return [
        f"Points: player 0 {duck0} in the Duck and {soup0} in the Soup, player 1 {duck1} and {soup1}. "
        f"Deal scores: player 0 {duck0} × {soup0} = **{play.scores[0]}**, "
        f"player 1 {duck1} × {soup1} = **{play.scores[1]}**.",
        "",
    ]


def worked_deal_rst(trace: JSON, deal_index: int = 0) -> list[str]:
    """One deal of a trace, table and outcome, for a page of prose."""
    play = play_out(trace)[deal_index]
    lines = [
        f"Player {play.dealer} deals; player {1 - play.dealer} leads the first trick. "
        f"The first face-up card is {card_role_text(play.first_face_up) if play.first_face_up else 'hidden'}.",
        "",
    ]
    return lines + deal_table_rst(play) + deal_summary_rst(play)


# One page per trace ------------------------------------------------------------------------


def options_text(options: JSON) -> str:
    shown = ", ".join(f"``{key}`` {json.dumps(value)}" for key, value in sorted(options.items()))
    standard = parse_options(options).is_standard
    return shown + (" (the standard rules)" if standard else "")


def outcome_rst(trace: JSON) -> str:
    final = trace["final"]
    deals_text = "; ".join(
        f"deal {number}: scores {deal['scores'][0]}–{deal['scores'][1]}"
        for number, deal in enumerate(final["deals"], 1)
    )
    if "winner" in final and final["winner"] is not None:
        deals_text += f"; won by player {final['winner']} (games won {final['games_won'][0]}–{final['games_won'][1]})"
    return deals_text or "no deal finished"


def card_html(card: Card | None) -> str:
    if card is None:
        return "–"
    colour = "ds-red" if card.suit in RED else "ds-black"
    return f'<span class="ds-card {colour}">{card_symbol(card)}</span>'


def move_html(text: str) -> str:
    """A move rendered by :func:`move_rst` (``0: :card:`9C` “quack!”``) as HTML."""
    text = html.escape(text, quote=False).replace("``", "")
    return re.sub(r":card:`(..)`", lambda match: card_html(parse_cards_text(match.group(1))[0]), text)


def deal_table_html(play: DealPlay) -> list[str]:
    """One deal as an HTML table (a page per trace is built much faster from raw HTML than from reST tables)."""
    head = ["Trick", "Steps", "Course", "Cards played (player: card)", "Won by", "Points", "Drawn, then turned up"]
    out = ['<table class="docutils align-default ds-deal">', "<thead><tr>"]
    out += [f'<th class="head">{cell}</th>' for cell in head]
    out.append("</tr></thead><tbody>")
    number = 0
    for row in play.rows:
        refused = "; ".join(move_html(text) for text in row.refused)
        if not row.moves:
            out.append(f'<tr><td></td><td></td><td></td><td colspan="4">{refused}</td></tr>')
            continue
        number += row.tricks
        trick_no = f"{number - 1}–{number}" if row.tricks == 2 else str(number)
        span = f"{row.steps[0]}–{row.steps[-1]}" if len(row.steps) > 1 else str(row.steps[0])
        moves = " · ".join(move_html(move) for move in row.moves) + (f" ({refused})" if refused else "")
        drawn = ""
        if row.course == "duck":
            mine = " ".join(card_html(card) for card in row.drawn[0]) or "–"
            theirs = " ".join(card_html(card) for card in row.drawn[1]) or "–"
            drawn = f"{row.winner}: {mine}; {1 - row.winner}: {theirs}"
            drawn += f"; up: {card_html(row.face_up)}" if row.face_up else ""
        cells = [trick_no, span, row.course.capitalize(), moves, str(row.winner), str(row.points), drawn]
        out.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
    out.append("</tbody></table>")
    return [".. raw:: html", "", *("   " + line for line in out), ""]


def trace_page_rst(trace: JSON, download_path: str) -> str:
    """The page of one trace: its metadata with links, a download of its file, and its play trick by trick."""
    trace_id = trace["id"]
    file_name = f"{trace_id}.json"
    rejected = sum(1 for step in trace["steps"] if "reject" in step)
    lines = [
        ":orphan:",
        "",
        f".. _trace-{trace_id}:",
        "",
        trace_id,
        "=" * len(trace_id),
        "",
        escape(trace["description"]),
        "",
        f":Scope: ``{trace['scope']}``",
        f":Rule options: {options_text(trace['options'])}",
        f":First dealer: player {trace['dealer']}",
        ":Rules sections: " + ", ".join(section_ref(section) for section in trace["sections"]),
        ":Rulings: " + (", ".join(ruling_ref(ruling) for ruling in trace["rulings"]) or "none"),
        ":Tags: " + ", ".join(f"``{tag}``" for tag in trace["tags"]),
        f":Steps: {len(trace['steps'])} ({rejected} refused)",
        f":Outcome: {outcome_rst(trace)}",
        f":File: :download:`{file_name} <{download_path}>`",
        "",
        f"Check only this trace with ``ducksoup check -k {trace_id}``; have it told step by step with "
        f"``ducksoup explain {file_name}`` (see :doc:`/players/recording`). Back to "
        ":doc:`the catalogue <index>`.",
        "",
    ]
    for number, play in enumerate(play_out(trace), 1):
        heading = f"Deal {number}"
        lines += [heading, "-" * len(heading), ""]
        first = card_role_text(play.first_face_up) if play.first_face_up else "none (hidden stock)"
        lines += [f"Player {play.dealer} deals. First face-up card: {first}.", ""]
        lines += deal_table_html(play) + deal_summary_rst(play)
    return "\n".join(lines) + "\n"


KIND_TITLES = {
    "ds-edge": "Edge cases: one point of the rules each",
    "ds-negative": "Refusals: one error code each",
    "ds-game": "Whole games",
    "ds-match": "Matches",
}


def trace_index_rst(traces: Sequence[JSON]) -> str:
    """The catalogue of the suite: every trace, grouped, with its scope, options and description."""
    title = "The conformance traces"
    lines = [
        ".. _trace-catalogue:",
        "",
        title,
        "=" * len(title),
        "",
        f"Suite {SUITE_VERSION}, trace format {FORMAT_VERSION}: {len(traces)} traces. This catalogue and "
        "the page of each trace are generated from the trace files when the documentation is built. "
        "How to read a trace: :doc:`/implementers/trace-format`.",
        "",
    ]
    groups: dict[str, list[JSON]] = {}
    for trace in traces:
        parts = trace["id"].split("-")
        key = "-".join(parts[:2]) if parts[1] in ("edge", "negative", "game", "match") else "-".join(parts[:3])
        groups.setdefault(key, []).append(trace)
    first = [key for key in KIND_TITLES if key in groups]
    for key in first + [key for key in groups if key not in KIND_TITLES]:
        members = groups[key]
        heading = KIND_TITLES.get(key, f"Deals played by the {key.split('-')[-1]} bot")
        if key not in KIND_TITLES and key.split("-")[-1] == "illegal":
            heading = "Deals with illegal attempts mixed in"
        heading += f" ({len(members)})"
        lines += [heading, "-" * len(heading), ""]
        lines += list_table(
            ["Trace", "Scope", "Options", "Description"],
            (
                [
                    trace_ref(trace["id"]),
                    trace["scope"],
                    ", ".join(
                        f"{key}={value}"
                        for key, value in sorted(trace["options"].items())
                        if value != {"stock": "face-up", "best_of": 1, "double_draw": "winner-first"}[key]
                    )
                    or "standard",
                    escape(trace["description"]),
                ]
                for trace in members
            ),
            widths="30 8 17 45",
        )
    return "\n".join(lines) + "\n"


def write_if_changed(path: Path, text: str) -> None:
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def write_trace_pages(srcdir: Path, traces: Sequence[JSON]) -> int:
    """Fill ``docs/traces`` with a page per trace and the catalogue; remove pages of traces gone."""
    folder = srcdir / TRACE_DIR
    folder.mkdir(exist_ok=True)
    source = data_dir("traces")
    wanted = {"index.rst"}
    for trace in traces:
        name = f"{trace['id']}.rst"
        wanted.add(name)
        download = os.path.relpath(source / trace_file(trace["game"], trace["id"]), folder).replace(os.sep, "/")
        write_if_changed(folder / name, trace_page_rst(trace, download))
    write_if_changed(folder / "index.rst", trace_index_rst(traces))
    for stale in folder.glob("*.rst"):
        if stale.name not in wanted:
            stale.unlink()
    return len(traces)


def trace_excerpt_rst(trace: JSON, steps: int) -> list[str]:
    """A trace as its file writes it (a field per line, a step per line), cut to its first ``steps`` steps."""
    short = {**trace, "steps": trace["steps"][:steps]}
    lines = [".. code-block:: json", ""]
    lines += ["   " + line for line in dump_trace(short).splitlines()]
    return [*lines, ""]


# A real protocol session -------------------------------------------------------------------

SESSION_TRACE = "ds-edge-forgotten-quack"


def adapter_session(command: Sequence[str], trace: JSON, acts: int = 2) -> list[tuple[str, str]]:
    """Run an adapter on the start of ``trace``: hello, start, one action out of turn, ``acts`` real actions.

    Returns the transcript as (direction, line) pairs: ``>`` runner to adapter, ``<`` adapter to runner.
    """
    requests: list[JSON] = [{"cmd": "hello", "protocol": PROTOCOL_VERSION}]
    requests.append(
        {
            "cmd": "start",
            "seq": 1,
            "trace": trace["id"],
            "game": trace["game"],
            "scope": trace["scope"],
            "options": trace["options"],
            "dealer": trace["dealer"],
            "decks": trace["decks"],
        }
    )
    seq = 2
    for index, step in enumerate(trace["steps"][:acts]):
        requests.append({"cmd": "act", "seq": seq, "action": step["action"]})
        seq += 1
        if index == 0:  # the same player again: out of turn
            requests.append({"cmd": "act", "seq": seq, "action": {**step["action"], "play": "AC"}})
            seq += 1
    requests.append({"cmd": "bye"})
    text = "".join(json.dumps(request, separators=(",", ":")) + "\n" for request in requests)
    done = subprocess.run(command, input=text, capture_output=True, text=True, timeout=120, check=True)
    replies = done.stdout.splitlines()
    transcript: list[tuple[str, str]] = []
    for request in requests:
        transcript.append((">", json.dumps(request, separators=(",", ":"))))
        if request["cmd"] != "bye":
            transcript.append(("<", replies.pop(0)))
    return transcript


def adapter_session_rst(transcript: Sequence[tuple[str, str]]) -> list[str]:
    lines = [".. code-block:: text", "   :class: ds-session", ""]
    lines += [f"   {direction} {line}" for direction, line in transcript]
    return [*lines, ""]


@cache
def reference_session() -> tuple[tuple[str, str], ...]:
    trace = next(trace for trace in suite() if trace["id"] == SESSION_TRACE)
    return tuple(adapter_session([sys.executable, "-m", "ducksoup", "adapter"], trace))


# Command output ----------------------------------------------------------------------------


def command_output(arguments: Sequence[str], cwd: Path) -> list[str]:
    """The lines ``ducksoup ARGUMENTS`` prints, run in ``cwd`` with suit symbols and no colour codes."""
    environment = {key: value for key, value in os.environ.items() if key != "NO_COLOR"}
    environment.update({"TERM": "xterm", "COLUMNS": "200", "PYTHONIOENCODING": "utf-8"})
    done = subprocess.run(
        [sys.executable, "-m", "ducksoup", *arguments],
        cwd=cwd,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        env=environment,
    )
    if done.returncode != 0:
        raise ValueError(f"ducksoup {' '.join(arguments)} exited with {done.returncode}: {done.stderr.strip()}")
    return done.stdout.splitlines()


def command_rst(arguments: Sequence[str], output: Sequence[str], first: int | None, start: str | None) -> list[str]:
    """A console block: the command, then its output (from the line containing ``start``, ``first`` lines)."""
    shown = list(output)
    if start is not None:
        found = [index for index, line in enumerate(shown) if start in line]
        if not found:
            raise ValueError(f"no line of the output of ducksoup {' '.join(arguments)} contains {start!r}")
        shown = shown[found[0] :]
    if first is not None and len(shown) > first:
        shown = [*shown[:first], "..."]
    lines = [".. code-block:: text", ""]
    lines += ["   $ ducksoup " + " ".join(arguments)]
    lines += [f"   {line}" if line else "" for line in shown]
    return [*lines, ""]


def tutorial_check(
    adapter: Path, extra: Sequence[str] = (), replace: tuple[str, str] | None = None
) -> tuple[int, list[str]]:
    """Run ``ducksoup check`` on a copy of the tutorial's adapter (changed by ``replace``, if given).

    Runs in a temporary folder, so that the runner's cache of failures stays out of the source tree.
    Returns the exit status and the lines printed.
    """
    text = adapter.read_text(encoding="utf-8")
    if replace is not None:
        if replace[0] not in text:
            raise ValueError(f"{adapter.name} does not contain {replace[0]!r}")
        text = text.replace(replace[0], replace[1], 1)
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / adapter.name).write_text(text, encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "-m", "ducksoup", "check", "--impl", f"{shlex.quote(sys.executable)} {adapter.name}"]
            + list(extra),
            cwd=folder,
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=600,
            env={**os.environ, "COLUMNS": "200", "TERM": "xterm"},
        )
    return done.returncode, done.stdout.splitlines()


# Directives --------------------------------------------------------------------------------


class GeneratedDirective(SphinxDirective):
    """A directive whose content is reST made by a generator function."""

    def lines(self) -> list[str]:
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        try:
            lines = self.lines()
        except (KeyError, ValueError, StopIteration, subprocess.SubprocessError) as error:
            LOGGER.warning("%s: %s", self.name, error, location=self.get_location())
            return []
        self.env.note_dependency(str(data_dir("traces") / "manifest.json"))
        container = nodes.section()
        nested_parse_with_titles(self.state, StringList(lines, source=f"<{self.name}>"), container, self.content_offset)
        return list(container.children)


class SectionTraces(GeneratedDirective):
    """``.. section-traces:: §4``: the traces whose ``sections`` include §4."""

    required_arguments = 1

    def lines(self) -> list[str]:
        section = self.arguments[0]
        lines = section_traces_rst(suite(), section)
        if not lines:
            raise ValueError(f"no trace of the suite exercises {section}")
        return lines


class RulingsRegister(GeneratedDirective):
    """``.. rulings-register::``: every ruling of ``rulings.toml`` with its traces."""

    def lines(self) -> list[str]:
        self.env.note_dependency(
            str(Path(sys.modules["duckspec.rulings"].__file__ or "").parent / "duck_soup" / "rulings.toml")
        )
        return rulings_rst(rulings(), suite())


class ErrorCodes(GeneratedDirective):
    """``.. error-codes::``: every error code in order of precedence."""

    def lines(self) -> list[str]:
        return error_codes_rst(suite())


class SchemaFields(GeneratedDirective):
    """``.. schema-fields:: trace state``: the fields of a schema definition (or of its top level)."""

    required_arguments = 1
    optional_arguments = 1

    def lines(self) -> list[str]:
        definition = self.arguments[1] if len(self.arguments) > 1 else None
        return schema_fields_rst(self.arguments[0], definition)


class WorkedDeal(GeneratedDirective):
    """``.. worked-deal:: TRACE-ID``: the trace's first deal as a table of tricks."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {"deal": directives.nonnegative_int}

    def lines(self) -> list[str]:
        trace = next(trace for trace in suite() if trace["id"] == self.arguments[0])
        return worked_deal_rst(trace, self.options.get("deal", 0))


class AdapterSession(GeneratedDirective):
    """``.. adapter-session::``: a real session with the bundled reference adapter."""

    def lines(self) -> list[str]:
        return adapter_session_rst(reference_session())


class DucksoupCommand(GeneratedDirective):
    """``.. ducksoup-command:: explain FILE --as 0``: the command run at build time, with its output.

    ``:lines: N`` keeps the first N lines; ``:from: TEXT`` starts at the first line containing TEXT.
    """

    required_arguments = 1
    final_argument_whitespace = True
    option_spec: ClassVar[dict[str, Any]] = {"lines": directives.positive_int, "from": directives.unchanged}

    def lines(self) -> list[str]:
        arguments = self.arguments[0].split()
        folder = Path(self.env.doc2path(self.env.docname)).parent
        for argument in arguments:
            if (folder / argument).is_file():
                self.env.note_dependency(str(folder / argument))
        output = command_output(arguments, folder)
        return command_rst(arguments, output, self.options.get("lines"), self.options.get("from"))


class TutorialCheck(GeneratedDirective):
    """``.. tutorial-check:: tiny_adapter.py``: ``ducksoup check`` run on the tutorial's adapter at build time.

    ``:args:`` adds options to the command; ``:replace: OLD => NEW`` breaks a copy of the adapter on
    purpose; ``:status:`` is the exit status expected (0 by default), anything else is a warning.
    """

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {
        "args": directives.unchanged,
        "replace": directives.unchanged,
        "status": directives.nonnegative_int,
    }

    def lines(self) -> list[str]:
        adapter = Path(self.env.doc2path(self.env.docname)).parent / self.arguments[0]
        self.env.note_dependency(str(adapter))
        extra = shlex.split(self.options.get("args", ""))
        replace = None
        if "replace" in self.options:
            old, _, new = self.options["replace"].partition(" => ")
            replace = (old, new)
        status, output = tutorial_check(adapter, extra, replace)
        if status != self.options.get("status", 0):
            raise ValueError(f"ducksoup check exited with {status}: {' / '.join(output[-3:])}")
        command = f'ducksoup check --impl "python {adapter.name}"' + "".join(f" {shlex.quote(a)}" for a in extra)
        return [".. code-block:: text", "", f"   $ {command}", *(f"   {line}" if line else "" for line in output), ""]


def resolve_unqualified(app: Sphinx, env: Any, node: Any, contnode: nodes.Element) -> nodes.Element | None:
    """Resolve a Python reference written without its module (``IllegalAction``, ``deal.apply``) in a docstring.

    Docstrings name objects the way their module's code does; when exactly one documented object
    ends with the name, that is the one meant.
    """
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "")
    domain: Any = env.get_domain("py")
    if node.get("reftype") == "mod":
        return None
    matches = [name for name in domain.objects if name.endswith("." + target)]
    if len(matches) != 1:
        return None
    entry = domain.objects[matches[0]]
    return make_refnode(app.builder, node["refdoc"], entry.docname, entry.node_id, contnode, matches[0])


class TraceExcerpt(GeneratedDirective):
    """``.. trace-excerpt:: TRACE-ID``: the trace's file, with only its first ``:steps:`` steps."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {"steps": directives.nonnegative_int}

    def lines(self) -> list[str]:
        trace = next(trace for trace in suite() if trace["id"] == self.arguments[0])
        return trace_excerpt_rst(trace, self.options.get("steps", 3))


def generate_pages(app: Sphinx) -> None:
    count = write_trace_pages(Path(app.srcdir), suite())
    LOGGER.info("ducksoup: %d trace pages generated", count)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_role("card", card_role)
    app.add_directive("section-traces", SectionTraces)
    app.add_directive("rulings-register", RulingsRegister)
    app.add_directive("error-codes", ErrorCodes)
    app.add_directive("schema-fields", SchemaFields)
    app.add_directive("worked-deal", WorkedDeal)
    app.add_directive("adapter-session", AdapterSession)
    app.add_directive("ducksoup-command", DucksoupCommand)
    app.add_directive("tutorial-check", TutorialCheck)
    app.add_directive("trace-excerpt", TraceExcerpt)
    app.connect("builder-inited", generate_pages)
    app.connect("missing-reference", resolve_unqualified)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
