"""Aw Ducks!'s part of the documentation: its source, error notes, schema notes, its cards and how its play is drawn.

The documentation extension (``ducksoup_docs``) finds this module by the game's package name and
asks it for what only Aw Ducks! knows: the one document its rulings cite (the rule text, whose
headings the project numbers §1 to §9), the meaning of its error codes and of its schema's
fields, the catalogue's groups, and its play drawn turn by turn (a table per round: each turn's
cards from the deck, what they did, the player's tableau, the Duck Pond, the score piles and the
discard pile after it; the Secret Stash cards stay face down until the round's count, as ruling
AD-R17 has it). The role ``:awcard:`` shows a card with its colour *and* the colour's name
(``:awcard:`3R DW``` reads "red 3, rainbow duck"), so that no card is told by its colour alone.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from ducksoup_docs.common import GeneratedDirective, list_table, suite
from sphinx.application import Sphinx
from trace_replay import replay

from duckcheck.aw_ducks.encoding import parse_action
from duckcheck.aw_ducks.oracle import Table
from duckspec.aw_ducks.actions import Action, Discard, Draw
from duckspec.aw_ducks.components import Card, CardNotationError, Colour, parse_card
from duckspec.aw_ducks.discarding import Benefit, benefit_of
from duckspec.aw_ducks.game import GameState
from duckspec.aw_ducks.round_end import pile_points
from duckspec.aw_ducks.rounds import Phase, RoundState

JSON = dict[str, Any]

SECTION_DOCUMENT = "text"
"""The source document whose sections (as the project numbers its headings) are the rules sections of this site."""
FAULTS_FILE = "tests/faulty/aw_ducks.py"
"""Where the faulty implementations that take each ruling's other readings live."""
POWER_TEST = "tests/aw_ducks/test_suite_power.py"
"""The test that runs the suite against each of them."""
FIRST_PLAYER = "First start player"
"""How a trace page names the trace's ``dealer`` field: Aw Ducks! has no dealer, only a start player."""

SOURCE_DOCUMENTS = {"text": "The rule text"}
"""The documents a ruling may cite, by the short name the register uses: one, the English rule text."""


def source_rst(document: str, place: str) -> str | None:
    """A citation the shared rendering cannot word: ``text picture §7``, the lost picture of §7 (whose caption and
    marks survive in the text); None for the others."""
    if document == "text" and place.startswith("picture §"):
        section = place.removeprefix("picture ")
        number = section.lstrip("§")
        return f"the lost picture of {section} in the rule text, whose marks survive (see :ref:`aw-ducks-s{number}`)"
    return None


ERROR_NOTES: dict[str, tuple[str, tuple[str, ...]]] = {
    "game-over": ("The game of several rounds already has its winner: no action of any kind is accepted any more.", ()),
    "round-over": (
        "The round has been counted and no next round has begun: in scope ``round`` after the last "
        "final Score, or in a game that waits for the deck of its next round.",
        (),
    ),
    "not-your-turn": (
        "The action is made in the name of a player who is not the one to act now (or of a player number "
        "that does not exist). Turns pass to the next player number up, and the final Score turns go round "
        "from the player who ended the round.",
        ("AD-R13",),
    ),
    "final-score-required": (
        "The round has ended (a card was wanted from the empty deck) and the player to act must take "
        "their final Score turn: a Draw or a Discard is refused.",
        ("AD-R01", "AD-R03"),
    ),
    "score-required": (
        "A Quick Quack or a Secret Stash has just been taken, and the same player must now Score: a "
        "Draw or a Discard is refused.",
        (),
    ),
    "draw-required": (
        "The player's tableau is empty, so the only turn open is a Draw: a Score or a Discard is refused "
        "(the forced and final Score turns are not free turns, and may find the tableau empty).",
        ("AD-R04",),
    ),
    "card-not-in-tableau": (
        "A Discard names a card that is not in the player's tableau: a number the player does not hold, "
        "or a duck (ducks never lie in a tableau).",
        ("AD-R05",),
    ),
}
"""What each error code means, in this documentation's words, and the rulings behind it."""

FIELD_NOTES: dict[str, dict[str, str]] = {
    "games/aw-ducks trace": {
        "game": "Always ``aw-ducks``.",
        "players": "2, 3 or 4.",
        "scope": "One ``round`` (one deck), or a ``game`` of rounds until one player alone leads at or past the "
        "target.",
        "dealer": "The first round's start player (the game has no dealer); later rounds are started by the player "
        "to the left of the previous start player (AD-R14).",
        "options": "Aw Ducks!'s rule options (below).",
        "decks": "One deck order per round played; each lists the 96 cards once, top first.",
        "sections": "Sections of the rule text as this project numbers them, ``§1`` to ``§9``.",
        "rulings": "Rulings of Aw Ducks!'s register, ``AD-R01`` on.",
        "initial": "An Aw Ducks! state (below).",
        "steps": "Each step's action is an Aw Ducks! action, and its state an Aw Ducks! state.",
        "final": "Aw Ducks!'s outcome (below).",
    },
    "games/aw-ducks options": {
        "target": "The total that ends a game of several rounds: ``suggested`` (the standard: 400 for two "
        "players, 300 for three, 250 for four) or an agreed multiple of 50 from 50 to 1000. A round ignores it.",
    },
    "games/aw-ducks round_state": {
        "start": "The current round's start player.",
        "phase": "``turn`` (a free turn: Draw, and on a non-empty tableau also Score or Discard), ``forced-score`` "
        "(a Quick Quack or a Secret Stash calls for a Score), ``final-score`` (the round has ended: each player "
        "Scores once, from the player who ended it) or ``over`` (counted).",
        "to_act": "The player who acts next; ``null`` once the round is over.",
        "deck": "How many cards are left in the deck.",
        "pond": "The ducks of the Duck Pond, in canonical order.",
        "discards": "The one discard pile, every card of it public (AD-R12), in canonical order.",
        "tableaux": "Each player's tableau of number cards, in canonical order.",
        "scored": "Per player, the cards banked by Score turns (tableau cards and ducks), in canonical order.",
        "stashes": "Per player, the Secret Stash cards: part of the score pile, unseen by everyone until the count.",
        "points": "The worth of each score pile so far, stash included: a number card its value, a duck 5.",
        "ender": "The player who ended the round, or ``null`` while it lasts.",
        "scores": "Once the round is over, each player's score (their ``points``); else ``null``.",
        "winners": "Once the round is over, every player with the highest score (a tie is shared, AD-R16); "
        "else ``null``.",
    },
    "games/aw-ducks game_keys": {
        "round": "Which deck of the trace is being played, from 0.",
        "round_scores": "The scores of the rounds counted so far.",
        "totals": "Each player's running total over those rounds.",
        "target": "The total in force: the agreed one, or the one suggested for the number of players.",
        "winner": "The player who has won the game, or ``null`` while it goes on.",
    },
    "games/aw-ducks view": {
        "player": "Whose view it is.",
        "stash_sizes": "How many Secret Stash cards each score pile holds (the cards themselves are unseen).",
        "start": "As in the state.",
        "phase": "As in the state.",
        "to_act": "As in the state.",
        "deck": "As in the state: a count (nobody knows the order).",
        "pond": "As in the state.",
        "discards": "As in the state: the discard pile is public (AD-R12).",
        "tableaux": "As in the state: every tableau lies face up.",
        "scored": "As in the state: each card went face down into its pile in front of everyone (AD-R17).",
        "ender": "As in the state.",
        "scores": "As in the state.",
        "winners": "As in the state.",
        "stashes": "Only once the round is over (the count shows them); absent while it lasts.",
        "points": "Only once the round is over; absent while it lasts (a pile's worth would tell its stash).",
        "round": "Games only: as in the state.",
        "round_scores": "Games only: as in the state.",
        "totals": "Games only: as in the state.",
        "target": "Games only: as in the state.",
        "winner": "Games only: as in the state.",
    },
    "games/aw-ducks final": {
        "rounds": "Every finished round's ``scores`` and ``winners``, in order.",
        "totals": "Games only: each player's total at the end.",
        "winner": "Games only: the winner, or ``null`` if the trace stops before the game is decided.",
    },
}
"""What each field of Aw Ducks!'s schema means, in this documentation's words, per schema definition."""


# The cards ------------------------------------------------------------------------------------

COLOUR_NAMES = {
    Colour.RED: "red",
    Colour.YELLOW: "yellow",
    Colour.GREEN: "green",
    Colour.BLUE: "blue",
    Colour.PURPLE: "purple",
    Colour.BLACK: "black",
    Colour.RAINBOW: "rainbow",
}


def card_name(card: Card) -> str:
    """``red 3``, ``black 6``, ``green duck``, ``rainbow duck``: the card with its colour named."""
    colour = COLOUR_NAMES[card.colour]
    return f"{colour} duck" if card.is_duck else f"{colour} {card.value}"


def card_classes(card: Card) -> list[str]:
    return ["ad-card", f"ad-{COLOUR_NAMES[card.colour]}", "ad-duck" if card.is_duck else "ad-number"]


def awcard_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Any, options: Any = None, content: Any = None
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:awcard:`3R``` shows a red 3 as "red 3" in red; ``:awcard:`3R DW``` several cards, each named."""
    result: list[nodes.Node] = []
    for position, word in enumerate(text.split()):
        try:
            card = parse_card(word)
        except CardNotationError as error:
            message = inliner.reporter.error(f"{text!r} is not a list of Aw Ducks! cards: {error}", line=lineno)
            return [inliner.problematic(rawtext, rawtext, message)], [message]
        if position:
            result.append(nodes.Text(" "))
        result.append(nodes.inline(rawtext, card_name(card), classes=card_classes(card)))
    return result, []


def card_role_text(card: Card) -> str:
    return f":awcard:`{card}`"


def card_html(card: Card) -> str:
    """One card in a trace page's table: its notation (the letter names the colour) on its colour, named in full
    when pointed at."""
    classes = " ".join(card_classes(card))
    return f'<span class="{classes}" title="{card_name(card)}">{card}</span>'


# Play rendered turn by turn ------------------------------------------------------------------


@dataclass
class Turn:
    """One accepted action and what it did, seen as the players see it (a stash face down)."""

    step: int
    player: int
    action: Action
    phase: Phase
    """The phase the action was taken in: a free turn, the Score a benefit calls for, or a final Score."""
    taken: tuple[Card, ...]
    """The cards taken from the deck, in order."""
    knocked: tuple[Card, ...]
    """The numbers that ducks sent from the tableau to the discard pile."""
    banked: tuple[Card, ...]
    """A Score's tableau cards, banked."""
    ducks: tuple[Card, ...]
    """A Score's ducks, taken from the pond."""
    tableau: tuple[Card, ...]
    pond: tuple[Card, ...]
    piles: tuple[int, ...]
    """Each player's banked points after the turn (the stash not counted: nobody knows it)."""
    stash_sizes: tuple[int, ...]
    discards: int
    ended: bool
    """The turn ended the round: a card was wanted from the empty deck."""
    refused: list[tuple[int, Action, str]] = field(default_factory=list)
    """The refused steps just before this one: (step, action, error code)."""

    @property
    def benefit(self) -> Benefit | None:
        return benefit_of(self.action.card) if isinstance(self.action, Discard) else None


@dataclass
class RoundPlay:
    """One round of a trace: its turns and, once it is over, the count (and for a game the totals)."""

    number: int
    start: int
    players: int
    turns: list[Turn] = field(default_factory=list)
    end: RoundState | None = None
    totals: tuple[int, ...] | None = None
    target: int | None = None
    winner: int | None = None
    refused_after: list[tuple[int, Action, str]] = field(default_factory=list)


def _added(before: Sequence[Card], after: Sequence[Card]) -> tuple[Card, ...]:
    """The cards ``after`` holds more than ``before`` (as multisets), in canonical order."""
    more = Counter(after)
    more.subtract(before)
    return tuple(sorted(more.elements()))


def play_out(trace: JSON) -> list[RoundPlay]:
    """The trace played on the specification (:mod:`duckcheck.aw_ducks.oracle`), round by round and turn by turn."""
    replayed = replay(trace, Table.of, parse_action)
    start = replayed.start
    plays = [RoundPlay(1, start.round.start, start.players)]
    for step in replayed.played:
        was, table, action = step.before.round, step.after, step.action
        now = table.finished or table.round
        player = action.player
        discarded = (action.card,) if isinstance(action, Discard) else ()
        scoring = not isinstance(action, (Draw, Discard))
        plays[-1].turns.append(
            Turn(
                step=step.step,
                player=player,
                action=action,
                phase=was.phase,
                taken=was.deck[: len(was.deck) - len(now.deck)],
                knocked=tuple((Counter(_added(was.discards, now.discards)) - Counter(discarded)).elements()),
                banked=was.tableaux[player] if scoring else (),
                ducks=_added(now.pond, was.pond) if scoring else (),
                tableau=now.tableaux[player],
                pond=now.pond,
                piles=tuple(pile_points(pile) for pile in now.scored),
                stash_sizes=tuple(len(stash) for stash in now.stashes),
                discards=len(now.discards),
                ended=was.ender is None and now.ender is not None,
                refused=[(one.step, one.action, one.code) for one in step.refused],
            )
        )
        if table.finished is not None:
            current = plays[-1]
            current.end = table.finished
            if isinstance(table.state, GameState):
                current.totals = table.state.totals
                current.target = table.state.target
                current.winner = table.state.winner
                if not table.round.is_over:
                    plays.append(RoundPlay(current.number + 1, table.round.start, table.players))
    plays[-1].refused_after = [(one.step, one.action, one.code) for one in replayed.refused_after]
    return plays


@dataclass(frozen=True)
class Render:
    """How cards and the pieces of a cell are written: reST with the ``:awcard:`` role, or raw HTML."""

    card: Callable[[Card], str]
    escape: Callable[[str], str]

    def cards(self, cards: Sequence[Card]) -> str:
        return " ".join(self.card(card) for card in cards) or "–"


RST = Render(card_role_text, lambda text: text)
HTML = Render(card_html, lambda text: html.escape(text, quote=False))

BENEFIT_NAMES = {
    Benefit.SAFE_DRAW: "Safe Draw",
    Benefit.QUICK_QUACK: "Quick Quack",
    Benefit.SECRET_STASH: "Secret Stash",
}


def turn_text(turn: Turn, render: Render) -> str:
    """What the player did: ``Draw``, ``Score`` (free, forced or final), ``Discard 3R: Quick Quack``."""
    if isinstance(turn.action, Draw):
        return "Draw"
    if isinstance(turn.action, Discard):
        assert turn.benefit is not None
        return f"Discard {render.card(turn.action.card)}: {BENEFIT_NAMES[turn.benefit]}"
    return {Phase.TURN: "Score", Phase.FORCED_SCORE: "Score, forced", Phase.FINAL_SCORE: "final Score"}.get(
        turn.phase, "Score"
    )


def deck_text(turn: Turn, render: Render) -> str:
    """The cards from the deck, in order; a stash's face down (AD-R17); the empty deck that ended the round."""
    if turn.benefit is Benefit.SECRET_STASH:
        shown = f"{len(turn.taken)} face down, unseen" if turn.taken else ""
    else:
        shown = render.cards(turn.taken) if turn.taken else ""
    if turn.ended:
        shown += ("; " if shown else "") + "the deck is empty: the round ends"
    return shown or "–"


def effect_text(turn: Turn, render: Render) -> str:
    """What the turn did besides: ducks that knocked numbers out, a Score's cards and ducks with their worth."""
    parts = []
    if turn.knocked:
        parts.append(f"knocked out: {render.cards(turn.knocked)}")
    if turn.benefit is Benefit.SAFE_DRAW and any(card.is_duck for card in turn.taken):
        parts.append("its ducks do nothing")
    if not isinstance(turn.action, (Draw, Discard)):
        banked = f"banks {render.cards(turn.banked)} ({pile_points(turn.banked)})" if turn.banked else "banks nothing"
        parts.append(banked)
        if turn.ducks:
            parts.append(f"takes {render.cards(turn.ducks)} ({pile_points(turn.ducks)})")
    return "; ".join(parts)


def pile_text(turn: Turn) -> str:
    """The acting player's score pile after the turn: the points everyone saw go in, and the stash cards nobody has
    seen (AD-R17)."""
    unseen = turn.stash_sizes[turn.player]
    return f"{turn.piles[turn.player]}" + (f" + {unseen} unseen" if unseen else "")


def refused_text(refused: Sequence[tuple[int, Action, str]], render: Render) -> str:
    words = []
    for step, action, code in refused:
        what = "discard " + render.card(action.card) if isinstance(action, Discard) else type(action).__name__.lower()
        code_text = f"<code>{code}</code>" if render is HTML else f"``{code}``"
        words.append(f"step {step}, player {action.player} tries to {what}: refused, {code_text}")
    return "; ".join(words)


HEADER = [
    "Step",
    "Player: turn",
    "From the deck",
    "What else",
    "Tableau after",
    "Duck Pond after",
    "Pile after",
    "Discards",
]
"""The columns of a round's table; the tableau and the score pile are the acting player's."""


def turn_cells(turn: Turn, render: Render) -> list[str]:
    return [
        str(turn.step),
        f"{turn.player}: {turn_text(turn, render)}",
        deck_text(turn, render),
        effect_text(turn, render),
        render.cards(turn.tableau),
        render.cards(turn.pond),
        pile_text(turn),
        str(turn.discards),
    ]


def round_table_html(play: RoundPlay) -> list[str]:
    """One round as an HTML table, a row per turn (a page per trace is built much faster from raw HTML)."""
    out = ['<table class="docutils align-default ad-round">', "<thead><tr>"]
    out += [f'<th class="head">{cell}</th>' for cell in HEADER]
    out.append("</tr></thead><tbody>")
    span = len(HEADER) - 1
    for turn in play.turns:
        if turn.refused:
            out.append(
                f'<tr class="ad-refused"><td></td><td colspan="{span}">{refused_text(turn.refused, HTML)}</td></tr>'
            )
        out.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in turn_cells(turn, HTML)) + "</tr>")
    if play.refused_after:
        out.append(
            f'<tr class="ad-refused"><td></td><td colspan="{span}">{refused_text(play.refused_after, HTML)}</td></tr>'
        )
    out.append("</tbody></table>")
    return [".. raw:: html", "", *("   " + line for line in out), ""]


def round_table_rst(play: RoundPlay, first: int = 1, last: int | None = None) -> list[str]:
    """The turns of one round whose steps lie from ``first`` to ``last``, as a reST table with named cards."""
    rows = []
    for turn in play.turns:
        if turn.step < first or (last is not None and turn.step > last):
            continue
        if turn.refused:
            rows.append(["", refused_text(turn.refused, RST), *[""] * (len(HEADER) - 2)])
        rows.append(turn_cells(turn, RST))
    return list_table(HEADER, rows, widths="5 13 16 18 16 14 10 8", classes="ad-round")


def count_lines(play: RoundPlay, render: Render) -> list[str]:
    """The count at the round's end, as lines of reST (cards through ``render``): each score pile opened."""
    end = play.end
    if end is None:
        return ["The trace stops before the round is over.", ""]
    rows = []
    for player in range(end.players):
        mark = " (ended the round)" if player == end.ender else ""
        rows.append(
            [
                f"{player}{mark}",
                f"{len(end.scored[player])} cards, {pile_points(end.scored[player])}",
                render.cards(end.stashes[player]) if end.stashes[player] else "–",
                f"**{end.points[player]}**",
            ]
        )
    lines = list_table(
        ["Player", "Banked by Score turns", "Secret Stash, now seen", "Score"], rows, widths="25 30 25 20"
    )
    winners = end.winners
    if len(winners) == 1:
        lines += [f"Player {winners[0]} has the highest score and wins the round.", ""]
    else:
        names = " and ".join(f"player {player}" for player in winners)
        lines += [f"The highest score is shared by {names}, and so is the win (AD-R16).", ""]
    if play.totals is not None:
        totals = ", ".join(f"player {player} {total}" for player, total in enumerate(play.totals))
        lines += [f"Totals after round {play.number}: {totals}; the target is {play.target}.", ""]
        if play.winner is not None:
            lines += [
                f"Player {play.winner} has the highest total, alone, at or past the target: **the game is won**.",
                "",
            ]
    return lines


def round_intro(play: RoundPlay) -> str:
    return f"Player {play.start} starts; turns pass to the next player number up."


KIND_TITLES = {
    "ad-edge": "Edge cases: one point of the rules each",
    "ad-negative": "Refusals: one error code each",
    "ad-game": "Whole games",
}


BOTS = ("discarder", "greedy", "random")
"""The bots that play the suite's rounds, in catalogue order."""


def catalogue_group(trace_id: str) -> tuple[int, str]:
    """Where a trace stands in the catalogue: its group's rank and title (the kinds first, then bot rounds)."""
    parts = trace_id.split("-")
    kind = "-".join(parts[:2])
    if kind in KIND_TITLES:
        return list(KIND_TITLES).index(kind), KIND_TITLES[kind]
    player = parts[3] if len(parts) > 3 else ""
    if player == "illegal":
        return len(KIND_TITLES), "Rounds with illegal attempts mixed in"
    if player in BOTS:
        return len(KIND_TITLES) + 1 + BOTS.index(player), f"Rounds played by the {player} bot"
    return len(KIND_TITLES) + 1 + len(BOTS), "Other rounds"


def outcome_rst(trace: JSON) -> str:
    """A trace's outcome in a line: each round's scores and winners, and for a game its winner."""
    final = trace["final"]
    parts = []
    for number, counted in enumerate(final["rounds"], 1):
        scores = "–".join(str(score) for score in counted["scores"])
        won = " and ".join(str(player) for player in counted["winners"])
        parts.append(f"round {number}: scores {scores}, won by player {won}")
    text = "; ".join(parts) or "no round finished"
    if final.get("winner") is not None:
        totals = "–".join(str(total) for total in final["totals"])
        text += f"; the game won by player {final['winner']} (totals {totals})"
    return text


LEGEND = (
    "Cards are written in the project's notation, the value (or ``D`` for a duck) then the colour's letter: "
    "``R`` red, ``Y`` yellow, ``G`` green, ``B`` blue, ``P`` purple, ``K`` black, ``W`` rainbow; point at a "
    "card for its name. Each row is one turn; *Tableau after* and *Pile after* are the acting player's. A pile "
    "shows the points everyone saw go into it and, as *+ 2 unseen*, the Secret Stash cards that nobody may look "
    "at until the count (:ref:`ruling-ad-r17`). *Discards* counts the one discard pile."
)


def trace_body_rst(trace: JSON) -> list[str]:
    """The play of a trace, round by round: a table of its turns, then the count."""
    lines: list[str] = [LEGEND, ""]
    for play in play_out(trace):
        heading = f"Round {play.number}"
        lines += [heading, "-" * len(heading), "", round_intro(play), ""]
        lines += round_table_html(play) + count_lines(play, RST)
    return lines


def worked_round_rst(trace: JSON, number: int = 1, first: int = 1, last: int | None = None) -> list[str]:
    """Some turns of one round of a trace (steps ``first`` to ``last``) as a table of named cards, for prose."""
    play = play_out(trace)[number - 1]
    lines = list(round_table_rst(play, first, last))
    if last is None or (play.turns and last >= play.turns[-1].step):
        lines += count_lines(play, RST)
    return lines


class WorkedRound(GeneratedDirective):
    """``.. worked-round:: TRACE-ID``: a round of the trace as a table of turns (``:round:`` N, ``:steps:``
    FIRST-LAST to show a part) and, when the part reaches its end, the count."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {"round": directives.positive_int, "steps": directives.unchanged}

    def lines(self) -> list[str]:
        trace = next(trace for trace in suite() if trace["id"] == self.arguments[0])
        first, last = 1, None
        if "steps" in self.options:
            low, _, high = self.options["steps"].partition("-")
            first, last = int(low), int(high) if high else None
        return worked_round_rst(trace, self.options.get("round", 1), first, last)


def setup(app: Sphinx) -> None:
    """Aw Ducks!'s own role, directive and style sheet."""
    app.add_role("awcard", awcard_role)
    app.add_directive("worked-round", WorkedRound)
    app.add_css_file("aw-ducks.css")


if TYPE_CHECKING:  # mypy checks that this module is a GameDocs, all the shared extension may use
    import game_docs.aw_ducks
    from game_docs import GameDocs

    _interface: GameDocs = game_docs.aw_ducks
