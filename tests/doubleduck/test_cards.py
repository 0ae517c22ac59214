"""Rules §1 Cards: two packs, every card twice, and the rank orders of the two courses."""

from __future__ import annotations

from collections import Counter

import pytest

from duckspec.cards import Card, Rank, Suit, full_deck, full_packs, packs_problem, parse_cards
from duckspec.doubleduck.cards import DECK_SIZE, Course, copies, is_exact_duplicate, rank_strength, two_packs


def test_two_packs_hold_every_card_exactly_twice() -> None:
    deck = two_packs()
    assert len(deck) == DECK_SIZE == 104
    assert Counter(deck) == Counter({card: 2 for card in full_deck()})
    assert list(deck) == sorted(deck)


def test_full_packs_is_shared_and_counts_copies() -> None:
    assert full_packs(1) == full_deck()
    assert full_packs(2) == two_packs()
    assert copies(Card(Suit.HEARTS, Rank.THREE), two_packs()) == 2


def test_a_deck_problem_names_the_missing_and_the_extra_cards() -> None:
    deck = list(two_packs())
    assert packs_problem(deck, 2) is None
    deck[0] = deck[-1]  # one AC fewer, a third KS
    problem = packs_problem(deck, 2)
    assert problem is not None and "missing: AC" in problem and "too many: KS" in problem and "\n" not in problem
    assert "104 cards" in (packs_problem(deck[:10], 2) or "")


def test_the_two_copies_of_a_card_are_exact_duplicates() -> None:
    three, other_three, three_of_clubs = parse_cards(["3H", "3H", "3C"])
    assert is_exact_duplicate(three, other_three)
    assert not is_exact_duplicate(three, three_of_clubs)


@pytest.mark.parametrize("course", list(Course))
def test_the_ace_is_the_best_card_of_its_suit_in_both_courses(course: Course) -> None:
    strengths = {rank: rank_strength(rank, course) for rank in Rank}
    assert max(strengths, key=lambda rank: strengths[rank]) is Rank.ACE


def test_the_duck_ranks_king_down_to_ace_and_the_soup_ace_down_to_two() -> None:
    duck = sorted(Rank, key=lambda rank: rank_strength(rank, Course.DUCK))
    soup = sorted(Rank, key=lambda rank: rank_strength(rank, Course.SOUP))
    assert "".join(rank.letter for rank in duck) == "KQJT98765432A"  # worst to best: lowest wins, Ace lowest
    assert "".join(rank.letter for rank in soup) == "23456789TJQKA"  # worst to best: highest wins, Ace highest
