"""Duck Soup for two players (David Parlett), the executable specification.

Modules mirror the sections of the rules: :mod:`~duckspec.duck_soup.cards` (§2),
:mod:`~duckspec.duck_soup.dealing` (§3), :mod:`~duckspec.duck_soup.tricks` (§4),
:mod:`~duckspec.duck_soup.drawing` (§5), :mod:`~duckspec.duck_soup.quacking` (§6),
:mod:`~duckspec.duck_soup.courses` (§7), :mod:`~duckspec.duck_soup.scoring` (§8),
:mod:`~duckspec.duck_soup.winning` (§9) and :mod:`~duckspec.duck_soup.variants` (§11).
The state machines that compose them are :mod:`~duckspec.duck_soup.deal` and
:mod:`~duckspec.duck_soup.game`; :mod:`~duckspec.duck_soup.actions` and
:mod:`~duckspec.duck_soup.errors` hold the vocabulary of moves and refusals.
"""

from duckspec.duck_soup.actions import Action, Play, SayDuck
from duckspec.duck_soup.cards import Course
from duckspec.duck_soup.deal import DealState, apply, legal_actions, new_deal
from duckspec.duck_soup.errors import ErrorCode, IllegalAction
from duckspec.duck_soup.game import GameState, MatchState, new_game, new_match
from duckspec.duck_soup.quacking import Call
from duckspec.duck_soup.tricks import Phase
from duckspec.duck_soup.variants import Calls, DoubleDraw, RuleOptions, StockVisibility
from duckspec.duck_soup.winning import GameEnd, GameResult

GAME_ID = "duck-soup"
"""The game's identifier in traces and in the adapter protocol."""

SECTIONS = {
    "§2": "cards",
    "§3": "dealing",
    "§4": "tricks",
    "§5": "drawing",
    "§6": "quacking",
    "§7": "courses",
    "§8": "scoring",
    "§9": "winning",
    "§11": "variants",
}
"""The normative sections of the English rules and the module that implements each."""

__all__ = [
    "GAME_ID",
    "SECTIONS",
    "Action",
    "Call",
    "Calls",
    "Course",
    "DealState",
    "DoubleDraw",
    "ErrorCode",
    "GameEnd",
    "GameResult",
    "GameState",
    "IllegalAction",
    "MatchState",
    "Phase",
    "Play",
    "RuleOptions",
    "SayDuck",
    "StockVisibility",
    "apply",
    "legal_actions",
    "new_deal",
    "new_game",
    "new_match",
]
