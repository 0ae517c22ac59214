"""Duck Soup's part of the documentation: its sources, error notes, schema notes and how its play is drawn.

The documentation extension (``ducksoup_docs``) finds this module by the game's package name and
asks it for what only Duck Soup knows: the documents its rulings cite, the meaning of its error
codes, the meaning of its schema's fields, and its play drawn trick by trick (a table per deal).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from docutils.parsers.rst import directives
from ducksoup_docs.cards import card_html, card_role_text, cards_role_text
from ducksoup_docs.common import GeneratedDirective, list_table, suite
from sphinx.application import Sphinx
from trace_replay import Refused, replay

from duckcheck.codec import parse_cards_text
from duckcheck.duck_soup.encoding import parse_action
from duckcheck.duck_soup.oracle import Table
from duckspec.cards import Card
from duckspec.duck_soup.actions import Action, Play, SayDuck
from duckspec.duck_soup.cards import Course
from duckspec.duck_soup.quacking import Call

JSON = dict[str, Any]

SECTION_DOCUMENT = "en"
"""The source document whose section numbers are the rules sections of this site."""
FAULTS_FILE = "tests/faulty/duck_soup.py"
"""Where the faulty implementations that take each ruling's other readings live."""
POWER_TEST = "tests/duck_soup/test_suite_power.py"
"""The test that runs the suite against each of them."""
FIRST_PLAYER = "First dealer"
"""How a trace page names the trace's ``dealer`` field."""

SOURCE_DOCUMENTS = {
    "en": "English rules",
    "de": "German translation (*Entensuppe*)",
    "ko": "Korean description",
    "cardstock": "CardStock's Duck Soup program",
}
"""The documents a ruling may cite, by the short name the register uses."""


def source_rst(document: str, place: str) -> str | None:
    """None: the shared rendering words every citation of this game's rulings."""
    return None


ERROR_NOTES: dict[str, tuple[str, tuple[str, ...]]] = {
    "game-over": ("The game (or the match) already has its winner: no action of any kind is accepted any more.", ()),
    "deal-over": (
        "Both hands are played out and no further deal has started: in scope ``deal`` after the last "
        "trick, in a game that waits for the deck of its next deal, or in a match whose game is won "
        "and that waits for the deck of the next game's first deal (the match goes on, so it is not "
        "``game-over``).",
        (),
    ),
    "not-your-turn": (
        "The action is made in the name of a player who is not the one to act now "
        "(or of a player number that does not exist).",
        (),
    ),
    "duck-not-allowed": ("The answer “duck” is given while no quack is waiting to be answered.", ()),
    "answer-required": (
        "A quack is waiting and the leader plays a card without “quack-quack” (a card of the quacked "
        "rank too); the only answers are “duck” and a card of the quacked rank with “quack-quack”. With "
        "silent calls, a card of another rank (a card of the rank is the quack-quack without a word).",
        ("DS-R10", "DS-R15"),
    ),
    "card-not-in-hand": ("The card played is not one of the cards the player holds.", ()),
    "call-not-allowed": (
        "The call has no meaning at this moment of the trick: any call on a lead; “quack-quack” or "
        "“duck-soup” on a follow; “quack” or “quack-quack” on the fourth card. (While a quack waits, "
        "any play without “quack-quack” is ``answer-required`` instead.) With silent calls, any call "
        "at all, the leader's card of the quacked rank included.",
        ("DS-R12", "DS-R15"),
    ),
    "call-rank-mismatch": (
        "The call is one that needs a card of the rank led, and the card played has another rank.",
        ("DS-R02",),
    ),
}
"""What each error code means, in this documentation's words, and the rulings behind it."""

FALLBACK_SECTIONS = {"game-over": "§9", "deal-over": "§7", "not-your-turn": "§4", "card-not-in-hand": "§4"}

FIELD_NOTES: dict[str, dict[str, str]] = {
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
    "games/duck-soup view": {
        "player": "Whose view it is.",
        "hand": "That player's own hand, in canonical order.",
        "opponent_hand": "How many cards the opponent holds.",
        "opponent_known": "The cards the player saw the opponent take from the stock and that the "
        "opponent still holds, in canonical order.",
    },
}


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


def refused_rst(refused: Refused[Action]) -> str:
    return f"step {refused.step}, {move_rst(refused.action)} refused: ``{refused.code}``"


def play_out(trace: JSON) -> list[DealPlay]:
    """The trace played on the specification, grouped into deals and exchanges (the table's rows).

    Each exchange is found by the deal's own transition (the oracle's table keeps the deal a step
    finished) so that its winner, points and draws are known even when the game deals the next deal at once.
    A refused step is shown with the next exchange that begins.
    """
    replayed = replay(trace, Table.of, parse_action)
    first = replayed.start.deal
    plays = [DealPlay(first.dealer, first_face_up=first.face_up_card)]
    row: TrickRow | None = None
    refused: list[str] = []
    for step in replayed.played:
        refused += [refused_rst(one) for one in step.refused]
        deal = step.before.deal
        if row is None:
            row = TrickRow([], deal.course.value, deal.leader, [], refused=refused)
            refused = []
        row.steps.append(step.step)
        row.moves.append(move_rst(step.action))
        after = step.after.finished or step.after.deal
        following = step.after.deal
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
    refused += [refused_rst(one) for one in replayed.refused_after]
    if refused:
        plays[-1].rows.append(TrickRow([], "", -1, [], refused=refused))
    return plays


def deal_table_rst(play: DealPlay) -> list[str]:
    """One deal as a table: an exchange per row, the course, the cards, who won it, points and draws.

    Rows are numbered as a hand-written record numbers its tricks (:mod:`ducksoup.duck_soup.record`): a
    quack-quack's two tricks are one exchange and share a row and a number.
    """
    rows = []
    number = 0
    for row in play.rows:
        refused = "; ".join(row.refused)
        if not row.moves:  # refusals after the last trick
            rows.append(["", "", refused, "", "", ""])
            continue
        number += 1
        trick_no = f"{number} (2 tricks)" if row.tricks == 2 else str(number)
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


KIND_TITLES = {
    "ds-edge": "Edge cases: one point of the rules each",
    "ds-negative": "Refusals: one error code each",
    "ds-game": "Whole games",
    "ds-match": "Matches",
}


def catalogue_group(trace_id: str) -> tuple[int, str]:
    """Where a trace stands in the catalogue: its group's rank and title (the kinds first, then bot deals)."""
    parts = trace_id.split("-")
    kind = "-".join(parts[:2])
    if kind in KIND_TITLES:
        return list(KIND_TITLES).index(kind), KIND_TITLES[kind]
    if parts[2] == "illegal":
        return len(KIND_TITLES), "Deals with illegal attempts mixed in"
    return len(KIND_TITLES) + 1, f"Deals played by the {parts[2]} bot"


def outcome_rst(trace: JSON) -> str:
    """A trace's outcome in a line: each deal's scores and, for a game or match, its winner."""
    final = trace["final"]
    deals_text = "; ".join(
        f"deal {number}: scores {deal['scores'][0]}–{deal['scores'][1]}"
        for number, deal in enumerate(final["deals"], 1)
    )
    if "winner" in final and final["winner"] is not None:
        deals_text += f"; won by player {final['winner']} (games won {final['games_won'][0]}–{final['games_won'][1]})"
    return deals_text or "no deal finished"


def trace_body_rst(trace: JSON) -> list[str]:
    """The play of a trace, deal by deal: a table of its tricks and the deal's outcome."""
    lines: list[str] = []
    for number, play in enumerate(play_out(trace), 1):
        heading = f"Deal {number}"
        lines += [heading, "-" * len(heading), ""]
        first = card_role_text(play.first_face_up) if play.first_face_up else "none (hidden stock)"
        lines += [f"Player {play.dealer} deals. First face-up card: {first}.", ""]
        lines += deal_table_html(play) + deal_summary_rst(play)
    return lines


class WorkedDeal(GeneratedDirective):
    """``.. worked-deal:: TRACE-ID``: the trace's first deal as a table of tricks."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {"deal": directives.nonnegative_int}

    def lines(self) -> list[str]:
        trace = next(trace for trace in suite() if trace["id"] == self.arguments[0])
        return worked_deal_rst(trace, self.options.get("deal", 0))


def setup(app: Sphinx) -> None:
    """Duck Soup's own directives."""
    app.add_directive("worked-deal", WorkedDeal)


if TYPE_CHECKING:  # mypy checks that this module is a GameDocs, all the shared extension may use
    import game_docs.duck_soup
    from game_docs import GameDocs

    _interface: GameDocs = game_docs.duck_soup
