"""Doubleduck (David Parlett, 2009), the four-player partnership version of Duck Soup: the executable specification.

Two packs (104 cards), four players in two partnerships (seats 0 and 2 against 1 and 3), play to
the left. The modules mirror the sections of the text, numbered here in the text's order:
:mod:`~duckspec.doubleduck.cards` (§1 Cards), :mod:`~duckspec.doubleduck.dealing` (§2 Deal),
§3 Object (not normative, no module), :mod:`~duckspec.doubleduck.duck_course` (§4 Play, Duck
course), :mod:`~duckspec.doubleduck.soup_course` (§5 Play, Soup course),
:mod:`~duckspec.doubleduck.scoring` (§6 Score), :mod:`~duckspec.doubleduck.winning` (§7 Game) and
:mod:`~duckspec.doubleduck.examples` (§8 Notes and examples). Paragraphs are cited as ``§4.3``.
The state machines that compose them are :mod:`~duckspec.doubleduck.deal` and
:mod:`~duckspec.doubleduck.game`; :mod:`~duckspec.doubleduck.actions`,
:mod:`~duckspec.doubleduck.errors` and :mod:`~duckspec.doubleduck.variants` hold the vocabulary
of moves, refusals and rule options. The rulings are in ``rulings.toml`` (``DD-R01`` ...).

Parlett's later Doubleduck, described on his website (52 cards, fixed "High" and "Low" partner
roles, following suit unless quacking), is a different game. It is not among the sources and is
not specified here (ruling DD-R17).
"""

from duckspec.doubleduck.actions import Action, Call, Play
from duckspec.doubleduck.cards import Course
from duckspec.doubleduck.deal import DealState, Phase, apply, legal_actions, new_deal
from duckspec.doubleduck.errors import ErrorCode, IllegalAction
from duckspec.doubleduck.game import GameState, new_game
from duckspec.doubleduck.variants import DrawOrder, RuleOptions
from duckspec.doubleduck.winning import GameEnd, GameResult

GAME_ID = "doubleduck"
"""The game's identifier in traces and in the adapter protocol."""

PLAYERS = 4

SECTIONS = {
    "§1": "cards",
    "§2": "dealing",
    "§4": "duck_course",
    "§5": "soup_course",
    "§6": "scoring",
    "§7": "winning",
    "§8": "examples",
}
"""The normative sections of the Doubleduck text (numbered in its order) and the module that implements each."""

SECTION_TITLES = {
    "§1": "Cards",
    "§2": "Deal",
    "§3": "Object",
    "§4": "Play (Duck course)",
    "§5": "Play (Soup course)",
    "§6": "Score",
    "§7": "Game",
    "§8": "Notes and examples",
}
"""Every section of the text, by number, with the text's own heading (§3 is not normative)."""

__all__ = [
    "GAME_ID",
    "PLAYERS",
    "SECTIONS",
    "SECTION_TITLES",
    "Action",
    "Call",
    "Course",
    "DealState",
    "DrawOrder",
    "ErrorCode",
    "GameEnd",
    "GameResult",
    "GameState",
    "IllegalAction",
    "Phase",
    "Play",
    "RuleOptions",
    "apply",
    "legal_actions",
    "new_deal",
    "new_game",
]
