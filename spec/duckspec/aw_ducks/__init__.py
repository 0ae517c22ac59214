"""Aw Ducks! for two to four players, the executable specification.

The source text names no designer, and this project credits no one. Its headings carry no
numbers, so the project numbers the normative ones in the order of the text, and each has a
module named after it: :mod:`~duckspec.aw_ducks.components` (§1, the card list at the head of the
text), :mod:`~duckspec.aw_ducks.objective` (§2 Objective), :mod:`~duckspec.aw_ducks.setting_up`
(§3 Setup), :mod:`~duckspec.aw_ducks.gameplay` (§4 Gameplay),
:mod:`~duckspec.aw_ducks.turn_options` (§5 Turn Options), :mod:`~duckspec.aw_ducks.drawing` (§6,
turn option 1 Draw), :mod:`~duckspec.aw_ducks.scoring` (§7, turn option 2 Score, with its Duck
Scoring Rules), :mod:`~duckspec.aw_ducks.discarding` (§8, turn option 3 Discard) and
:mod:`~duckspec.aw_ducks.round_end` (§9 Round End). The captions of the lost pictures (Number
Cards, Ducks, Reference Card, Duck Pond, Deck, Discard, Tableau, Score Pile, Contents) are not
sections. The state machines that compose the sections are :mod:`~duckspec.aw_ducks.rounds` and
:mod:`~duckspec.aw_ducks.game`; :mod:`~duckspec.aw_ducks.actions`,
:mod:`~duckspec.aw_ducks.errors` and :mod:`~duckspec.aw_ducks.options` hold the vocabulary of
turns, refusals and rule options.
"""

from duckspec.aw_ducks.actions import Action, Discard, Draw, Score
from duckspec.aw_ducks.components import Card, CardNotationError, Colour, parse_card, parse_cards
from duckspec.aw_ducks.errors import ErrorCode, IllegalAction
from duckspec.aw_ducks.game import GameState, new_game
from duckspec.aw_ducks.options import RuleOptions
from duckspec.aw_ducks.rounds import Phase, RoundState, apply, legal_actions, new_round

GAME_ID = "aw-ducks"
"""The game's identifier in traces and in the adapter protocol."""

PLAYERS = (2, 3, 4)
"""The numbers of players: those §2 suggests a target for (ruling AD-R19)."""

SECTIONS = {
    "§1": "components",
    "§2": "objective",
    "§3": "setting_up",
    "§4": "gameplay",
    "§5": "turn_options",
    "§6": "drawing",
    "§7": "scoring",
    "§8": "discarding",
    "§9": "round_end",
}
"""The normative sections of the text, numbered in its order, and the module that implements each."""

SECTION_TITLES = {
    "§1": "Components",
    "§2": "Objective",
    "§3": "Setup",
    "§4": "Gameplay",
    "§5": "Turn Options",
    "§6": "Draw",
    "§7": "Score",
    "§8": "Discard",
    "§9": "Round End",
}
"""Each section's heading in the text (§1 has none: it is the card list under the title)."""

__all__ = [
    "GAME_ID",
    "PLAYERS",
    "SECTIONS",
    "SECTION_TITLES",
    "Action",
    "Card",
    "CardNotationError",
    "Colour",
    "Discard",
    "Draw",
    "ErrorCode",
    "GameState",
    "IllegalAction",
    "Phase",
    "RoundState",
    "RuleOptions",
    "Score",
    "apply",
    "legal_actions",
    "new_game",
    "new_round",
    "parse_card",
    "parse_cards",
]
