"""The worked examples of the rule text, played through the specification.

The text's one worked example (§7) lost its picture: the text says that the tableau shown meets
the conditions of the green and the yellow ducks but not the blue one, that rainbow ducks always
score, and that the ducks taken go to the score pile with the tableau; the pond drawn beside it
carries two crosses and four ticks. We rebuild a position that fits every word of it: a pond of
two blue ducks (the crosses), a green duck, two yellow ducks and a rainbow duck (the ticks), and
a tableau of four colours holding three fives and the run 2-3-4-5. Each example sets up its
position, plays it with :func:`duckspec.aw_ducks.rounds.apply` or scores it with the section
functions, and reports what the specification computes beside what the text says.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from duckspec.aw_ducks.actions import Discard, Draw, Score
from duckspec.aw_ducks.components import Colour, format_cards, parse_card_string, parse_cards
from duckspec.aw_ducks.round_end import pile_points
from duckspec.aw_ducks.rounds import RoundState, apply, new_round
from duckspec.aw_ducks.scoring import condition_met, ducks_scored
from duckspec.aw_ducks.setting_up import arrange_deck

ANNA, BEN = 0, 1
"""Two players; Anna starts."""

LOST_PICTURE_TABLEAU = "2R 3R 4Y 5Y 5G 5K"
LOST_PICTURE_POND = "DY DY DG DB DB DW"


@dataclass(frozen=True)
class WorkedExample:
    """A worked example: where it comes from, what the text says, what the spec computes."""

    source: str
    title: str
    expected: str
    run: Callable[[], str]

    def check(self) -> tuple[bool, str]:
        """Run the example; whether the spec agrees with the text, and what it computed."""
        actual = self.run()
        return actual == self.expected, actual


def duck_rules_example() -> str:
    """§7: the tableau meets green and yellow, not blue; rainbow always; the ducks taken join the score pile."""
    tableau = parse_cards(LOST_PICTURE_TABLEAU.split())
    pond = parse_cards(LOST_PICTURE_POND.split())
    met = [
        colour.name.lower() for colour in (Colour.GREEN, Colour.YELLOW, Colour.BLUE) if condition_met(colour, tableau)
    ]
    taken, left = ducks_scored(pond, tableau)
    return f"met: {', '.join(met)}; taken: {format_cards(taken)}; left: {format_cards(left)}"


def _round(top: str) -> RoundState:
    return new_round(arrange_deck(parse_cards(top.split())), ANNA, 2)


def draw_until_a_number() -> str:
    """§6: a duck drawn goes to the pond, discards the drawer's numbers of its colour, and the drawing goes on."""
    state = _round("3R 1B DR 5B")
    for action in (Draw(ANNA), Draw(BEN), Draw(ANNA)):
        state = apply(state, action)
    return (
        f"Anna's tableau {format_cards(state.tableaux[ANNA])}; Ben's {format_cards(state.tableaux[BEN])}; "
        f"pond {format_cards(state.pond)}; discards {format_cards(state.discards)}"
    )


def rainbow_spares_black() -> str:
    """§6: a rainbow duck discards every number but the black ones."""
    state = _round("1R 6G 2K 4P 6B 1B DW 3Y")
    for _ in range(3):
        state = apply(apply(state, Draw(ANNA)), Draw(BEN))
    state = apply(state, Draw(ANNA))
    return f"Anna keeps {format_cards(state.tableaux[ANNA])}; discards {format_cards(state.discards)}"


def count_with_ducks() -> str:
    """§9: a score is the cards' values plus 5 for each duck in the score pile."""
    return str(pile_points(parse_card_string("2R3R4Y5Y5G5KDYDYDGDW")))


def stash_then_score() -> str:
    """§8: discarding a 5 stashes the top two cards unseen, then the player must Score."""
    state = _round("5R 1Y 3G 2B DW 6P")
    state = apply(apply(state, Draw(ANNA)), Draw(BEN))
    state = apply(apply(state, Draw(ANNA)), Draw(BEN))
    state = apply(state, Discard(ANNA, parse_cards(["5R"])[0]))
    phase = state.phase.value
    state = apply(state, Score(ANNA))
    return f"{phase}; stash {format_cards(state.stashes[ANNA])}; score pile worth {state.points[ANNA]}"


WORKED_EXAMPLES = (
    WorkedExample(
        "§7 Duck Scoring Rules",
        "Green and yellow met, blue not; rainbow always",
        "met: green, yellow; taken: DY DY DG DW; left: DB DB",
        duck_rules_example,
    ),
    WorkedExample("§9 Round End", "Card values plus 5 per duck", "44", count_with_ducks),
    WorkedExample(
        "§6 Draw",
        "A red duck discards the drawer's red numbers, then the drawing goes on",
        "Anna's tableau 5B; Ben's 1B; pond DR; discards 3R",
        draw_until_a_number,
    ),
    WorkedExample(
        "§6 Draw",
        "A rainbow duck spares black numbers",
        "Anna keeps 3Y 2K; discards 1R 6B",
        rainbow_spares_black,
    ),
    WorkedExample(
        "§8 Discard",
        "A Secret Stash, then the forced Score",
        "forced-score; stash 6P DW; score pile worth 14",
        stash_then_score,
    ),
)
"""Every worked example, in the order of the text's sections."""
