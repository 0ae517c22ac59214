"""The record machinery every game shares (:mod:`ducksoup.records`), tested on its own, without any game's grammar.

A game's record format relies on these pieces: errors that name the line and column, the
limits on hostile text, comments, tag pairs, words with their places, cards in a notation, and
the inference search's bookkeeping. Each is tested here through the shared package directly.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ducksoup.records import (
    MAX_DIGITS,
    MAX_RECORD,
    NOWHERE,
    STANDARD_CARDS,
    CardNotation,
    DeckPlacement,
    Item,
    RecordError,
    Search,
    Tags,
    check_size,
    lex,
    quote,
    record_source,
    whole,
)
from ducksoup.records.reading import blank_comments
from duckspec.cards import card_from_index

SECTION = re.compile(r"round\s+(\d+)", re.IGNORECASE)
"""A made-up game's section heading (``Round 2``): the lexer takes the pattern from the game."""


def items(text: str, section: re.Pattern[str] | None = None) -> list[tuple[str, str, tuple[int, int]]]:
    return [(item.kind, item.text, item.at) for item in lex(text, section)]


def error_of(text: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        list(lex(text))
    return caught.value


# Errors


def test_an_error_names_its_line_and_column_before_the_reason() -> None:
    error = RecordError("'ZZ' is not a card", (3, 7))
    assert str(error) == "line 3, column 7: 'ZZ' is not a card"
    assert (error.line, error.column, error.reason) == (3, 7, "'ZZ' is not a card")


def test_an_error_of_a_record_not_read_from_text_is_the_reason_alone() -> None:
    assert str(RecordError("the record has no deal", NOWHERE)) == "the record has no deal"


def test_an_error_that_names_a_rule_breaks_the_rules_and_one_without_is_of_the_notation() -> None:
    breach = RecordError("an illegal play", (2, 1), code="card-not-in-hand", rule="§4")
    assert breach.breaks_a_rule and (breach.code, breach.rule) == ("card-not-in-hand", "§4")
    assert not RecordError("'ZZ' is not a card", (2, 1)).breaks_a_rule


# Limits on hostile text


def test_a_record_of_the_largest_size_is_read_and_one_character_more_is_refused() -> None:
    check_size("x" * MAX_RECORD)
    with pytest.raises(RecordError, match="records are written by hand, and hold at most 1 MB") as caught:
        check_size("x" * (MAX_RECORD + 1))
    assert caught.value.line == 0


def test_a_number_may_have_nine_digits_and_no_more() -> None:
    assert whole("9" * MAX_DIGITS, "a score", (1, 1)) == 999_999_999
    with pytest.raises(RecordError) as caught:
        whole("1" * 5000, "a deal score", (4, 2))
    message = str(caught.value)
    assert message.startswith("line 4, column 2: a deal score of 5,000 digits ('1111") and len(message) < 100


def test_control_characters_of_the_text_are_escaped_in_an_error() -> None:
    tags = Tags(("Stock",))
    tags.add(Item("tag", "Stock", (1, 1), "\x1b[2Jup"))
    with pytest.raises(RecordError) as caught:
        tags.choice("Stock", ("face-up", "hidden"), "face-up")
    assert "\x1b" not in str(caught.value) and "\\x1b[2Jup" in str(caught.value)


def test_braces_do_not_nest_so_a_deep_pile_of_them_is_one_comment() -> None:
    assert blank_comments("{" * 100_000 + "} 9C") == [" " * 100_001 + " 9C"]


def test_reading_stops_at_the_first_mistake_without_going_through_the_rest() -> None:
    words = lex('"' + " 9C" * 100_000 + "\n" + "9C " * 100_000)
    with pytest.raises(RecordError, match="line 1, column 1: this quote is not closed on its line"):
        next(words)


# Comments


def test_comments_are_blanked_and_every_column_stays_where_it_was() -> None:
    text = "9C ; a comment\n{ one\nacross } 8D {x} 7H\n"
    assert blank_comments(text) == ["9C" + " " * 12, "     ", "         8D     7H"]
    assert items(text) == [("word", "9C", (1, 1)), ("word", "8D", (3, 10)), ("word", "7H", (3, 17))]


def test_a_semicolon_or_brace_inside_a_tags_value_is_part_of_the_value() -> None:
    [tag] = lex('[Event "Club; night {3}"] ; the club')
    assert (tag.kind, tag.text, tag.value) == ("tag", "Event", "Club; night {3}")


@pytest.mark.parametrize(
    ("text", "at", "words"),
    [
        ("9C }", (1, 4), "'}' closes a comment, but none was opened with '{'"),
        ("9C\n8D { never\nclosed", (2, 4), "this comment is never closed: '}' expected"),
        ('[Event "Club]\n', (1, 8), "this quote is not closed on its line"),
    ],
)
def test_a_comment_or_quote_left_open_or_closed_twice_is_named_where_it_began(
    text: str, at: tuple[int, int], words: str
) -> None:
    error = error_of(text)
    assert ((error.line, error.column), error.rule) == (at, None)
    assert words in error.reason


# Tag pairs, words and labelled lines


def test_tag_pairs_are_read_with_their_escapes_and_places() -> None:
    [first, second] = lex('[Players "Anna \\"A\\", Ben"]   [ dealer  "C:\\\\" ]')
    assert (first.text, first.value, first.at) == ("Players", 'Anna "A", Ben', (1, 1))
    assert (second.text, second.value, second.at) == ("dealer", "C:\\", (1, 31))
    assert quote('Anna "A", C:\\') == '"Anna \\"A\\", C:\\\\"'


def test_words_are_separated_by_spaces_or_commas() -> None:
    assert items("  9C,8D\t7H ,, ^AS") == [
        ("word", "9C", (1, 3)),
        ("word", "8D", (1, 6)),
        ("word", "7H", (1, 9)),
        ("word", "^AS", (1, 15)),
    ]


def test_a_line_with_a_colon_is_a_labelled_line_with_its_words() -> None:
    [line] = lex("  Anna: 8C, JC ?")
    assert (line.kind, line.text, line.at) == ("line", "Anna", (1, 3))
    assert line.words == [("8C", (1, 9)), ("JC", (1, 13)), ("?", (1, 16))]


def test_a_section_heading_with_a_colon_is_two_words_of_the_games_own_pattern() -> None:
    text = "Round 2: 9C\n"
    assert items(text, SECTION) == [("word", "Round", (1, 1)), ("word", "2", (1, 7)), ("word", "9C", (1, 10))]
    assert items(text) == [("line", "Round 2", (1, 1))]  # a game without sections reads a label


@pytest.mark.parametrize(
    ("text", "at", "words"),
    [
        ("9C [Event", (1, 4), 'a tag pair is written [Name "value"]'),
        ("Anna: 9C [Event", (1, 10), "'[' belongs in the header, before the first deal"),
        ("9C ]", (1, 4), "']' belongs in tag pairs"),
    ],
)
def test_brackets_outside_a_tag_pair_are_a_mistake(text: str, at: tuple[int, int], words: str) -> None:
    error = error_of(text)
    assert (error.line, error.column) == at and words in error.reason


def test_tags_are_read_in_any_case_once_each_and_before_the_body() -> None:
    tags = Tags(("Dealer", "Stock"))
    assert not tags
    for item in lex('[event "Club"] [DEALER "Ben"]\n[Site "Home"]'):
        tags.add(item)
    assert "Dealer" in tags and "dealer" in tags and "Stock" not in tags
    assert tags.extra() == [("event", "Club"), ("Site", "Home")]
    assert tags.places() == [("Dealer", (1, 16))]
    with pytest.raises(RecordError, match="line 3, column 1: the tag dealer is given twice \\(first at line 1\\)"):
        tags.add(Item("tag", "dealer", (3, 1), "Anna"))
    tags.closed = True
    with pytest.raises(RecordError, match="line 4, column 1: tag pairs make the header"):
        tags.add(Item("tag", "Date", (4, 1), "2024"))


def test_a_tags_choice_is_one_of_its_values_in_any_case_or_the_default() -> None:
    tags = Tags(("Stock",))
    assert tags.choice("Stock", ("face-up", "hidden"), "face-up") == "face-up"
    tags.add(Item("tag", "stock", (2, 1), " Hidden "))
    assert tags.choice("Stock", ("face-up", "hidden"), "face-up") == "hidden"
    other = Tags(("Stock",))
    other.add(Item("tag", "Stock", (2, 1), "up"))
    with pytest.raises(RecordError) as caught:
        other.choice("Stock", ("face-up", "hidden"), "face-up")
    assert str(caught.value) == "line 2, column 1: [Stock] cannot be 'up': write one of 'face-up', 'hidden'"


# Cards


@pytest.mark.parametrize(
    ("text", "card"), [("9c", "9C"), ("TD", "TD"), ("10h", "TH"), ("a♠", "AS"), ("Q♡", "QH"), ("10♣", "TC")]
)
def test_standard_cards_are_read_in_any_case_with_symbols_and_10(text: str, card: str) -> None:
    assert STANDARD_CARDS.read(text) == card


@pytest.mark.parametrize("text", ["", "9", "ZZ", "1C", "11H", "AX", "9CC", "♠A"])
def test_other_words_are_no_standard_card(text: str) -> None:
    assert STANDARD_CARDS.read(text) is None


def test_the_standard_cards_canonical_order_is_the_specifications() -> None:
    assert [STANDARD_CARDS.name(i) for i in range(52)] == [str(card_from_index(i)) for i in range(52)]
    assert all(STANDARD_CARDS.index(STANDARD_CARDS.name(i)) == i for i in range(52))


def test_a_notation_of_other_cards_reads_its_own_letters_only() -> None:
    colours = CardNotation(ranks="123", suits="RGB", symbols={"●": "R"}, aliases={"ONE": "1"})
    assert [colours.read(text) for text in ("2g", "3●", "one b", "oneB", "9C")] == [
        "2G",
        "3R",
        None,
        "1B",
        None,
    ]
    assert [colours.name(i) for i in range(9)] == ["1R", "2R", "3R", "1G", "2G", "3G", "1B", "2B", "3B"]


# The inference search


def placement() -> DeckPlacement:
    return DeckPlacement(6, "ABCDEF".__getitem__, "§1")


def test_cards_not_placed_complete_the_deck_in_canonical_order() -> None:
    cards = placement()
    cards.place(4, 0, "in Ben's hand", (2, 5))
    cards.place(1, 3, "drawn after trick 1", (3, 9))
    assert cards.completed() == [4, 0, 2, 1, 3, 5]
    assert not cards.is_free(3) and cards.is_free(1)


def test_a_card_placed_again_where_it_is_changes_nothing() -> None:
    cards = placement()
    cards.place(4, 0, "in Ben's hand", (2, 5))
    cards.place(4, 0, "in Ben's hand again", (7, 1))
    assert cards.where(4) == "is in Ben's hand at line 2, column 5"


def test_a_card_in_two_places_names_the_rule_and_where_the_record_has_it() -> None:
    cards = placement()
    cards.place(4, 0, "in Ben's hand", (2, 5))
    with pytest.raises(RecordError) as caught:
        cards.place(4, 3, "drawn after trick 1", (3, 9))
    error = caught.value
    assert (error.line, error.column, error.rule, error.code) == (3, 9, "§1", None)
    assert (
        error.reason
        == "a card in two places (§1): E is drawn after trick 1, but it is in Ben's hand at line 2, column 5"
    )
    cards.played(4, (5, 2))
    with pytest.raises(RecordError, match="but it was played at line 5, column 2"):
        cards.place(4, 3, "drawn after trick 1", (3, 9))
    assert cards.completed() == [4, 0, 1, 2, 3, 5]  # nothing placed by the refused moves


def test_a_position_holding_another_card_names_that_card_and_the_hint() -> None:
    cards = placement()
    cards.place(2, 5, "turned up", NOWHERE)
    with pytest.raises(RecordError) as caught:
        cards.place(3, 5, "drawn after trick 2", (6, 1), " (drawn cards are written in order)")
    assert caught.value.reason == (
        "a card in two places (§1): D is drawn after trick 2, but that card of the stock is C, which is turned up "
        "(drawn cards are written in order)"
    )


def test_the_inferred_cards_are_those_placed_by_play_and_those_never_seen() -> None:
    cards = placement()
    cards.place(0, 0, "in Anna's hand", (2, 1))
    cards.place(5, 1, "played by Ben", (4, 3), by_play=True)
    cards.played(5, (4, 3))
    found = cards.inferred(cards.completed(), 2, lambda position: f"position {position}")
    assert [(card.deal, card.card, card.position, card.reason) for card in found] == [
        (2, "F", 1, "played"),
        (2, "B", 2, "unseen"),
        (2, "C", 3, "unseen"),
        (2, "D", 4, "unseen"),
        (2, "E", 5, "unseen"),
    ]
    assert found[0].note == "played at line 4, column 3: position 1"
    assert found[1].note == "never seen: position 2"


def test_the_search_raises_a_broken_rule_unless_asked_to_go_as_far_as_it_can() -> None:
    breach = RecordError("an illegal play", (9, 1), rule="§4")
    with pytest.raises(RecordError) as caught:
        Search[str](until_broken=False).stop(breach)
    assert caught.value is breach
    search = Search[str](until_broken=True)
    search.add("ABCDEF", ("play A",), [])
    search.stop(breach)
    result = search.result(breach)
    assert (result.decks, result.actions, result.broken) == (("ABCDEF",), (("play A",),), breach)


def test_the_search_raises_an_error_of_notation_even_when_going_as_far_as_it_can() -> None:
    notation = RecordError("'ZZ' is not a card", (9, 1))
    with pytest.raises(RecordError) as caught:
        Search[str](until_broken=True).stop(notation)
    assert caught.value is notation


# A record's file


@pytest.mark.parametrize(
    ("name", "trace_id", "called"),
    [
        ("Kitchen Table (2024).TXT", "kitchen-table-2024", "Kitchen Table (2024).TXT"),
        ("jeu-été.txt", "jeu-ete", "jeu-été.txt"),
        ("игра.txt", "record", "игра.txt"),
        ("title\x1b]0;x\x07.txt", "title-0-x", "title\\x1b]0;x\\x07.txt"),
        ("-", "record", "read from standard input"),
    ],
)
def test_a_record_file_of_any_name_gives_a_trace_id_and_a_safe_name(name: str, trace_id: str, called: str) -> None:
    assert record_source(Path(name)) == (trace_id, called)
