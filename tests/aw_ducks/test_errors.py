"""Error codes: precedence, sections, and a refused action changes nothing."""

from __future__ import annotations

import pytest

from duckspec.aw_ducks import SECTIONS
from duckspec.aw_ducks.actions import Action, Discard, Draw, Score
from duckspec.aw_ducks.errors import ERROR_SECTIONS, ErrorCode, IllegalAction
from duckspec.aw_ducks.rounds import Phase, RoundState, apply
from tests.aw_ducks.helpers import card, position, run


def refusal(state: RoundState, action: Action) -> ErrorCode:
    with pytest.raises(IllegalAction) as raised:
        apply(state, action)
    assert raised.value.message and raised.value.rule and "\n" not in str(raised.value)
    return raised.value.code


def test_codes_are_in_precedence_order_and_name_a_section() -> None:
    assert [code.value for code in ErrorCode] == [
        "game-over",
        "round-over",
        "not-your-turn",
        "final-score-required",
        "score-required",
        "draw-required",
        "card-not-in-tableau",
    ]
    assert [code.precedence for code in ErrorCode] == list(range(1, 8))
    assert set(ERROR_SECTIONS) == set(ErrorCode) and all(code.section in SECTIONS for code in ErrorCode)


def test_an_action_wrong_twice_gets_the_code_of_higher_precedence() -> None:
    start = position("3R 6K")
    assert refusal(start, Discard(1, card("DW"))) is ErrorCode.NOT_YOUR_TURN  # and draw-required, not in tableau
    assert refusal(start, Discard(0, card("DW"))) is ErrorCode.DRAW_REQUIRED  # and card-not-in-tableau
    forced = run(position("3R 6K 1R 2R 4R"), "0:draw 1:draw 0:discard:3R")
    assert forced.phase is Phase.FORCED_SCORE
    assert refusal(forced, Discard(0, card("6K"))) is ErrorCode.SCORE_REQUIRED  # and card-not-in-tableau
    assert refusal(forced, Draw(1)) is ErrorCode.NOT_YOUR_TURN  # and score-required
    turn = run(position("3R 6K 1R"), "0:draw 1:draw")
    assert refusal(turn, Discard(0, card("6K"))) is ErrorCode.CARD_NOT_IN_TABLEAU


def test_a_refused_action_changes_nothing() -> None:
    state = run(position("3R 6K 1R"), "0:draw 1:draw")
    for action in (Draw(1), Score(1), Discard(0, card("DR")), Discard(0, card("1K")), Discard(7, card("3R"))):
        before = state
        refusal(state, action)
        assert state == before
    assert apply(state, Score(0)).scored[0] == (card("3R"),)


MALFORMED: list[tuple[object, str]] = [
    ("draw", "an action is a Draw, a Score or a Discard, not str"),
    (Discard(0, "AC"), "a Discard's card is a Card, not 'AC'"),  # type: ignore[arg-type]
    (Discard(0, "3R"), "a Discard's card is a Card, not '3R'"),  # type: ignore[arg-type]
    (Draw(True), "a Draw's player is an int, not True"),
    (Score(0.0), "a Score's player is an int, not 0.0"),  # type: ignore[arg-type]
]
"""Actions of the wrong types, and the ``TypeError`` that names what is wrong (a mistake of the calling program,
not a turn the rules forbid)."""


@pytest.mark.parametrize(("action", "message"), MALFORMED, ids=[message for _, message in MALFORMED])
def test_a_malformed_action_is_a_type_error_naming_it_and_changes_nothing(action: object, message: str) -> None:
    state = position("3R 6K 1R")
    with pytest.raises(TypeError) as raised:
        apply(state, action)  # type: ignore[arg-type]
    assert str(raised.value) == message
    assert apply(state, Draw(0)).tableaux[0] == (card("3R"),)
