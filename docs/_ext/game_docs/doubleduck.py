"""Doubleduck's part of the documentation: its sources, error notes, schema notes and how its play is drawn.

The documentation extension (``ducksoup_docs``) finds this module by the game's package name and
asks it for what only Doubleduck knows: the documents its rulings cite, the meaning of its error
codes and of its schema's fields, and its play drawn trick by trick: the four cards of each trick
with their calls, who took it and by which rule of the order of precedence, how many cards the
winner's side stored and on whose pile, and who drew which card from the stock. The directive
``doubleduck-deal`` draws one deal of a trace on a page of prose (the introduction's worked deal).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from docutils.parsers.rst import directives
from ducksoup_docs.cards import card_html, card_role_text
from ducksoup_docs.common import GeneratedDirective, list_table, suite
from sphinx.application import Sphinx
from trace_replay import Refused, replay

from duckcheck.codec import parse_cards_text
from duckcheck.doubleduck.encoding import parse_action
from duckcheck.doubleduck.oracle import Table
from duckspec.cards import Card
from duckspec.doubleduck import GAME_ID
from duckspec.doubleduck import deal as deals
from duckspec.doubleduck import game as games
from duckspec.doubleduck.actions import Call, Play
from duckspec.doubleduck.cards import Course
from duckspec.doubleduck.duck_course import WonBy, draw_order, won_by
from duckspec.doubleduck.variants import DrawOrder
from duckspec.seats import side_of

JSON = dict[str, Any]

SECTION_DOCUMENT = "dd"
"""The source document whose section numbers are the rules sections of Doubleduck's pages."""
FAULTS_FILE = "tests/faulty/doubleduck.py"
"""Where the faulty implementations that take each ruling's other readings live."""
POWER_TEST = "tests/doubleduck/test_faults.py"
"""The test that runs the Doubleduck traces against each of them."""
FIRST_PLAYER = "First dealer"
"""How a trace page names the trace's ``dealer`` field."""

SOURCE_DOCUMENTS = {
    "dd": "Doubleduck text (2009)",
    "ds-en": "English Duck Soup rules",
    "ds-de": "German Duck Soup rules (*Entensuppe*)",
    "later-dd": "Parlett's later 52-card Doubleduck (not specified here)",
}
"""The documents a Doubleduck ruling may cite, by the short name the register uses."""


def source_rst(document: str, place: str) -> str | None:
    """None: the shared rendering words every citation of this game's rulings."""
    return None


ERROR_NOTES: dict[str, tuple[str, tuple[str, ...]]] = {
    "game-over": (
        "The game already has its result (a side reached 1000, or the deals are played and the totals differ): "
        "nothing more is played, since the rules know no match of several games.",
        ("DD-R16",),
    ),
    "deal-over": (
        "The Soup course is played out and no next deal has started: in scope ``deal`` after the 26th trick, or "
        "in a game that has run out of deck orders for its next deal.",
        (),
    ),
    "not-your-turn": (
        "The card is played in the name of a seat that is not the one to play now (or of a seat that does not "
        "exist): the leader, then the other three in turn to the left.",
        (),
    ),
    "card-not-in-hand": ("The player holds no copy of the card played.", ()),
    "call-not-allowed": (
        "Something is called with the card that leads a trick: a lead has nothing to match.",
        ("DD-R05",),
    ),
    "call-rank-mismatch": (
        "Quacks or “doubleduck” are called with a card whose rank is not the rank of the card led.",
        ("DD-R05",),
    ),
    "not-the-duplicate": (
        "“Doubleduck” is called with a card of the rank led that is not the other copy of the card led "
        "(same rank, another suit).",
        ("DD-R05",),
    ),
    "quack-count-mismatch": (
        "A card of the rank led calls a number of quacks other than the one due: one for each card of that rank "
        "played after the lead, itself included.",
        ("DD-R03", "DD-R04"),
    ),
}
"""What each error code means, in this documentation's words, and the rulings behind it."""

FIELD_NOTES: dict[str, dict[str, str]] = {
    "games/doubleduck trace": {
        "game": "Always ``doubleduck``.",
        "players": "Always 4: seats 0 and 2 are side 0, seats 1 and 3 side 1.",
        "scope": "A deal, or a game (four deals or 1000 points); there is no match (ruling DD-R16).",
        "dealer": "The first dealer, any seat 0 to 3 (ruling DD-R15).",
        "options": "Doubleduck's rule options (below).",
        "decks": "Each deck order lists the 104 cards of two packs, every card twice.",
        "sections": "Sections of the Doubleduck text, ``§1`` to ``§8`` (§3 states no rule).",
        "rulings": "Rulings of Doubleduck's register, ``DD-R01`` on.",
        "initial": "A Doubleduck state (below).",
        "steps": "Each step's action is a Doubleduck action, its state a Doubleduck state, its refusal one of "
        "Doubleduck's error codes.",
    },
    "games/doubleduck options": {
        "draw": "When the players draw in the Duck course: after the trick, the winner first (standard), or each "
        "straight after playing to it (ruling DD-R02).",
    },
    "games/doubleduck action": {
        "player": "The seat playing the card.",
        "play": "The card played.",
        "call": "What the player says with it: one to three quacks or “doubleduck”; left out when nothing is said.",
    },
    "games/doubleduck result": {
        "winner": "The winning side.",
        "end": "How the game ended: ``target`` (a total reached 1000) or ``deals`` (four deals, or more after "
        "level totals).",
        "game_points": "The winner's game points: 1, or 2 plus one per deal left unplayed when only the winner "
        "reached 1000.",
    },
    "games/doubleduck common": {
        "dealer": "The dealer of the current deal.",
        "course": "The current course: ``duck`` while the stock lasts, then ``soup``.",
        "phase": "What comes next: a lead, a card to follow, or nothing (the deal is over).",
        "to_act": "The seat to play next; ``null`` once the deal is over.",
        "stock": "How many cards are left in the stock (never which ones).",
        "table": "The cards of the trick in progress, in the order played, the lead first (at most three).",
        "calls": "The call said with each card on the table, in the same order (``none`` for nothing).",
        "piles": "By side, the cards stored in the Duck course and in the Soup course.",
        "tricks": "By side, the tricks won in the Duck course and in the Soup course.",
        "keepers": "By side, the seat keeping its Duck pile and the seat keeping its Soup pile, ``null`` until "
        "the side first stores there.",
        "scores": "Once the deal is over, each side's deal score (Duck pile times Soup pile), else ``null``.",
        "deal": "Games: which deck of the trace is being played, from 0.",
        "deal_scores": "Games: each finished deal's scores by side.",
        "totals": "Games: each side's total over the finished deals.",
        "result": "Games: the result once the game is decided, else ``null``.",
    },
    "games/doubleduck state": {
        "hands": "The four hands by seat, each in canonical order (the two copies of a card side by side).",
    },
    "games/doubleduck view": {
        "player": "Whose view it is.",
        "hand": "That player's own hand, in canonical order.",
        "hand_sizes": "How many cards each seat holds, the player's own included.",
    },
}
"""What each field of Doubleduck's schema means, per schema definition."""


# Play drawn trick by trick ------------------------------------------------------------------

CALL_WORDS = {
    Call.QUACK: "“quack!”",
    Call.QUACK_QUACK: "“quack-quack!”",
    Call.QUACK_QUACK_QUACK: "“quack-quack-quack!”",
    Call.DOUBLEDUCK: "“doubleduck!”",
}
RULE_WORDS = {WonBy.DOUBLEDUCK: "doubleduck", WonBy.QUACK: "last quack"}


@dataclass
class TrickRow:
    """One trick: its steps, the four plays, who took it and why, what was stored, and the draws."""

    steps: list[int]
    course: Course
    plays: list[Play]
    winner: int = 0
    rule: WonBy = WonBy.BEST_CARD
    stored: int = 0
    keeper: int = 0
    drawn: list[tuple[int, Card]] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)

    def rule_text(self) -> str:
        """``last quack (§4.3)``, ``lowest of the suit led (§4.4)``."""
        if self.rule is WonBy.BEST_CARD:
            words = "lowest of the suit led" if self.course is Course.DUCK else "highest of the suit led"
        else:
            words = RULE_WORDS[self.rule]
        return f"{words} ({self.rule.paragraph})"

    def stored_text(self) -> str:
        """``3 cards to side 0, player 2's Duck pile``."""
        cards = "card" if self.stored == 1 else "cards"
        pile = "Duck" if self.course is Course.DUCK else "Soup"
        return f"{self.stored} {cards} to side {side_of(self.winner)}, player {self.keeper}'s {pile} pile"


@dataclass
class DealPlay:
    """One deal of a trace: who dealt, its tricks, and how it ended (its piles, keepers, scores, the totals)."""

    dealer: int
    rows: list[TrickRow] = field(default_factory=list)
    piles: tuple[tuple[int, int], tuple[int, int]] | None = None
    keepers: tuple[tuple[int | None, int | None], ...] = ()
    scores: tuple[int, int] | None = None
    totals: tuple[int, int] | None = None
    """In a game, each side's total once this deal is scored."""


def said(play: Play) -> str:
    return f" {CALL_WORDS[play.call]}" if play.call in CALL_WORDS else ""


def move_rst(play: Play) -> str:
    """``2: :card:`KD` “quack!”``."""
    return f"{play.player}: {card_role_text(play.card)}{said(play)}"


def move_html(play: Play) -> str:
    return f"{play.player}: {card_html(play.card)}{said(play)}"


def drawn_cards(before: deals.DealState, after: deals.DealState, trick: list[Play]) -> dict[int, list[Card]]:
    """The cards each seat took from the stock during a trick: its hand after, less its hand before, less its card."""
    drawn = {}
    for seat in range(4):
        kept = Counter(before.hands[seat]) - Counter(play.card for play in trick if play.player == seat)
        drawn[seat] = sorted((Counter(after.hands[seat]) - kept).elements())
    return drawn


def refused_rst(refused: Refused[Play]) -> str:
    return f"step {refused.step}, {move_rst(refused.action)} refused: ``{refused.code}``"


def play_out(trace: JSON) -> list[DealPlay]:
    """The trace played on the specification, grouped into deals and tricks (the tables' rows).

    Each trick is decided by the deal's own transition (the oracle's table keeps the deal a step
    finished), so that its winner, stored cards and draws are known even when the game deals the next
    deal at once. A refused step is shown with the next trick that begins.
    """
    replayed = replay(trace, Table.of, parse_action)
    options = replayed.start.options
    plays = [DealPlay(replayed.start.deal.dealer)]
    row: TrickRow | None = None
    trick_start = replayed.start.deal
    refused: list[str] = []
    for step in replayed.played:
        refused += [refused_rst(one) for one in step.refused]
        deal = step.before.deal
        if row is None:
            row = TrickRow([], deal.course, [], refused=refused)
            trick_start, refused = deal, []
        row.steps.append(step.step)
        row.plays.append(step.action)
        after = step.after.finished or step.after.deal
        following = step.after.deal
        if not after.table:
            row.winner = after.leader
            row.rule = won_by(row.plays)
            side, course = side_of(row.winner), 0 if row.course is Course.DUCK else 1
            row.stored = after.piles[side][course] - trick_start.piles[side][course]
            keeper = after.keepers[side][course]
            assert keeper is not None
            row.keeper = keeper
            drawn = drawn_cards(trick_start, after, row.plays)
            order = [play.player for play in row.plays]
            if options.draw is DrawOrder.WINNER_FIRST:
                order = list(draw_order(row.winner))
            row.drawn = [(seat, card) for seat in order for card in drawn[seat]]
            plays[-1].rows.append(row)
            row = None
        if after.is_over:
            plays[-1].piles = after.piles
            plays[-1].keepers = after.keepers
            plays[-1].scores = after.scores()
            if isinstance(step.after.state, games.GameState):
                plays[-1].totals = step.after.state.totals
                if not following.is_over:
                    plays.append(DealPlay(following.dealer))
    refused += [refused_rst(one) for one in replayed.refused_after]
    if refused:
        last = replayed.played[-1].after.deal if replayed.played else replayed.start.deal
        plays[-1].rows.append(TrickRow([], last.course, [], refused=refused))
    return plays


def deal_table_rst(play: DealPlay) -> list[str]:
    """One deal as a reST table: a trick per row, with the cards and calls, the winner and rule, storing, draws."""
    rows = []
    for number, row in enumerate((row for row in play.rows if row.plays), 1):
        refused = f" ({'; '.join(row.refused)})" if row.refused else ""
        drawn = ", ".join(f"{seat}: {card_role_text(card)}" for seat, card in row.drawn)
        rows.append(
            [
                str(number),
                row.course.value.capitalize(),
                " · ".join(move_rst(p) for p in row.plays) + refused,
                f"{row.winner}, {row.rule_text()}",
                row.stored_text(),
                drawn,
            ]
        )
    tail = [row for row in play.rows if not row.plays]
    if tail:
        rows.append(["", "", "; ".join(tail[0].refused), "", "", ""])
    header = ["Trick", "Course", "Cards played (seat: card, call)", "Won by", "Stored", "Drawn, in order"]
    return list_table(header, rows, widths="6 7 37 16 16 18", classes="ds-deal")


def deal_table_html(play: DealPlay) -> list[str]:
    """One deal as an HTML table (a page per trace is built much faster from raw HTML than from reST tables)."""
    head = ["Trick", "Steps", "Course", "Cards played (seat: card, call)", "Won by", "Stored", "Drawn, in order"]
    out = ['<table class="docutils align-default ds-deal">', "<thead><tr>"]
    out += [f'<th class="head">{cell}</th>' for cell in head]
    out.append("</tr></thead><tbody>")
    number = 0
    for row in play.rows:
        refused = "; ".join(text.replace("``", "") for text in row.refused)
        refused = _html_cards(refused)
        if not row.plays:
            out.append(f'<tr><td></td><td></td><td></td><td colspan="4">{refused}</td></tr>')
            continue
        number += 1
        steps = f"{row.steps[0]}–{row.steps[-1]}"
        moves = " · ".join(move_html(p) for p in row.plays) + (f" ({refused})" if refused else "")
        drawn = ", ".join(f"{seat}: {card_html(card)}" for seat, card in row.drawn) or "–"
        cells = [
            str(number),
            steps,
            row.course.value.capitalize(),
            moves,
            f"{row.winner}, {row.rule_text()}",
            row.stored_text(),
            drawn,
        ]
        out.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
    out.append("</tbody></table>")
    return [".. raw:: html", "", *("   " + line for line in out), ""]


def _html_cards(text: str) -> str:
    """A refusal's reST (``:card:`QC```) as HTML."""
    while ":card:`" in text:
        start = text.index(":card:`")
        card = parse_cards_text(text[start + 7 : start + 9])[0]
        text = text[:start] + card_html(card) + text[start + 10 :]
    return text


def deal_summary_rst(play: DealPlay) -> list[str]:
    """The deal's piles, keepers and scores, side by side (and the totals, in a game)."""
    if play.piles is None or play.scores is None:
        return ["The trace stops before the deal is over.", ""]
    parts = []
    for side in (0, 1):
        (duck, soup), (duck_keeper, soup_keeper) = play.piles[side], play.keepers[side]
        kept = [
            f"player {seat}'s {course} pile {count}" if seat is not None else f"no {course} pile"
            for course, count, seat in (("Duck", duck, duck_keeper), ("Soup", soup, soup_keeper))
        ]
        parts.append(f"side {side}: {' and '.join(kept)}, {duck} × {soup} = **{play.scores[side]}**")
    lines = ["Deal scores: " + "; ".join(parts) + "."]
    if play.totals is not None:
        lines.append(f"Totals: side 0 {play.totals[0]}, side 1 {play.totals[1]}.")
    return [" ".join(lines), ""]


def dealing_line(play: DealPlay) -> str:
    return (
        f"Player {play.dealer} deals; player {(play.dealer + 1) % 4}, at the dealer's left, leads the first trick. "
        "Side 0 is players 0 and 2, side 1 players 1 and 3."
    )


def worked_deal_rst(trace: JSON, deal_index: int = 0) -> list[str]:
    """One deal of a trace, table and outcome, for a page of prose."""
    play = play_out(trace)[deal_index]
    return [dealing_line(play), "", *deal_table_rst(play), *deal_summary_rst(play)]


# One page per trace ------------------------------------------------------------------------

KIND_TITLES = {
    "dd-edge": "Edge cases: one point of the rules each",
    "dd-negative": "Refusals: one error code each",
    "dd-game": "Whole games",
}


def catalogue_group(trace_id: str) -> tuple[int, str]:
    """Where a trace stands in the catalogue: its group's rank and title (the kinds first, then bot deals)."""
    parts = trace_id.split("-")
    kind = "-".join(parts[:2])
    if kind in KIND_TITLES:
        return list(KIND_TITLES).index(kind), KIND_TITLES[kind]
    if parts[2] == "illegal":
        return len(KIND_TITLES), "Deals with illegal attempts mixed in"
    if "as-played" in trace_id:
        return len(KIND_TITLES) + 2, f"Deals played by the {parts[2]} bot, each drawing as played"
    return len(KIND_TITLES) + 1, f"Deals played by the {parts[2]} bot"


def outcome_rst(trace: JSON) -> str:
    """A trace's outcome in a line: each deal's scores by side and, for a game, its winner and game points."""
    final = trace["final"]
    text = "; ".join(
        f"deal {number}: scores {deal['scores'][0]}–{deal['scores'][1]}"
        for number, deal in enumerate(final["deals"], 1)
    )
    text = text or "no deal finished"
    result = final.get("result")
    if result is not None:
        totals = [sum(deal["scores"][side] for deal in final["deals"]) for side in (0, 1)]
        how = "at 1000" if result["end"] == "target" else "after the deals"
        points = "game point" if result["game_points"] == 1 else "game points"
        text += (
            f"; totals {totals[0]}–{totals[1]}: side {result['winner']} wins {how}, {result['game_points']} {points}"
        )
    return text


def trace_body_rst(trace: JSON) -> list[str]:
    """The play of a trace, deal by deal: a table of its tricks and the deal's outcome."""
    lines: list[str] = []
    for number, play in enumerate(play_out(trace), 1):
        heading = f"Deal {number}"
        lines += [heading, "-" * len(heading), "", dealing_line(play), ""]
        lines += deal_table_html(play) + deal_summary_rst(play)
    return lines


class DoubleduckDeal(GeneratedDirective):
    """``.. doubleduck-deal:: TRACE-ID``: one deal of a Doubleduck trace (``:deal:``, from 0) as a table of tricks."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {"deal": directives.nonnegative_int}

    def lines(self) -> list[str]:
        trace = next(trace for trace in suite() if trace["id"] == self.arguments[0])
        if trace["game"] != GAME_ID:
            raise ValueError(f"{trace['id']} is not a Doubleduck trace")
        return worked_deal_rst(trace, self.options.get("deal", 0))


def setup(app: Sphinx) -> None:
    """Doubleduck's own directive."""
    app.add_directive("doubleduck-deal", DoubleduckDeal)


if TYPE_CHECKING:  # mypy checks that this module is a GameDocs, all the shared extension may use
    import game_docs.doubleduck
    from game_docs import GameDocs

    _interface: GameDocs = game_docs.doubleduck
