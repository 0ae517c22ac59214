"""What every game's bots share: the strong bots' rule for trusting play-outs over the greedy bot's choice
(:func:`ducksoup.bots.clear_winner`), the same for the three games."""

from __future__ import annotations

import pytest

from ducksoup.bots import clear_winner


def test_the_greedy_choice_stays_unless_another_gains_more_than_the_margin_in_standard_errors() -> None:
    # gains 1, 3 over [0, 0]: mean 2, standard error 1
    assert clear_winner([[0, 0], [1, 3]], margin=1.9) == 1
    assert clear_winner([[0, 0], [1, 3]], margin=2.1) == 0


def test_of_several_clear_gains_the_largest_wins_and_the_earlier_of_equals() -> None:
    results = [[0, 0, 0], [5, 5, 5], [9, 9, 9], [9, 9, 9]]
    assert clear_winner(results, margin=2.0) == 2


def test_a_gain_of_exactly_the_margin_is_not_more_whatever_the_rounding() -> None:
    """Two candidates that differ in one world only: the mean gain is exactly one standard error. The rounding of
    floating-point sums made this knife edge fall either way, depending on the numbers."""
    for gain in (124, 93, 7, 1):
        assert clear_winner([[0] * 10, [0] * 9 + [gain]], margin=1.0) == 0
        assert clear_winner([[0] * 10, [0] * 9 + [gain]], margin=0.999) == 1


def test_with_no_margin_any_gain_above_zero_wins_and_none_else() -> None:
    thirds = [10 / 3, -10 / 3, 1 / 3]
    assert clear_winner([[0.0, 0.0, 0.0], thirds], margin=0.0) == 1
    assert clear_winner([thirds, [0.0, 0.0, 0.0]], margin=0.0) == 0  # a loss
    assert clear_winner([[1 / 3, 2 / 3, 0.0], [2 / 3, 1 / 3, 0.0]], margin=0.0) == 0  # gains 1/3 and -1/3


def test_the_sums_are_exact_for_the_floats_given() -> None:
    """The floats' own values decide, not the rounding of their sum: these gains add up to a little above zero,
    which a floating-point sum rounds to zero or below."""
    first, other = [-7 / 3, 1 / 3, 2 / 3], [-1.0, 2.0, -7 / 3]
    assert sum(b - a for a, b in zip(first, other, strict=True)) <= 0
    assert clear_winner([first, other], margin=0.0) == 1


@pytest.mark.parametrize("margin", [0.0, 1.0, 2.0])
def test_one_world_has_no_spread_and_any_gain_counts(margin: float) -> None:
    assert clear_winner([[3], [4]], margin) == 1
    assert clear_winner([[3], [3]], margin) == 0
