"""The record machinery every game shares (:mod:`ducksoup.records`), tested on its own, without any game's grammar.

A game's record format relies on these pieces: errors that name the line and column, the
limits on hostile text, comments, tag pairs, words with their places, cards in a notation, and
the inference search's bookkeeping. Each is tested here through the shared package directly.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
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
from ducksoup.records.grammar import Sections, drawn_card, hand_line_cards, header_lines, not_a_card, split_number
from ducksoup.records.inference import Continuation, InferredCard, Part, infer_parts, playable
from ducksoup.records.reading import blank_comments
from ducksoup.records.tricks import stock_place, trick_words
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


# The grammar's skeleton: numbered parts, numbered words, hand lines, draws (ducksoup.records.grammar)

ROUNDS = Sections("round", "its turns", '[Scope "game"]')
"""A made-up game's parts, in its word."""


def refused(call: Callable[[], object]) -> RecordError:
    with pytest.raises(RecordError) as caught:
        call()
    return caught.value


def test_a_part_is_opened_by_its_heading_in_order_and_one_only_in_a_record_of_one_part() -> None:
    parts: list[tuple[int, int]] = []
    assert ROUNDS.current(parts, lambda at: at, (3, 1), "round") == (3, 1)  # the first, opened by its first word
    assert ROUNDS.current(parts, lambda at: at, (4, 1), "round") == (3, 1)  # the one open
    assert str(refused(lambda: ROUNDS.current(parts, lambda at: at, (5, 1), "round", 2))) == (
        'line 5, column 1: a record of one round holds one round: for more, say [Scope "game"]'
    )
    assert ROUNDS.current(parts, lambda at: at, (5, 1), "game", 2) == (5, 1)
    assert str(refused(lambda: ROUNDS.current(parts, lambda at: at, (6, 1), "game", 4))) == (
        "line 6, column 1: this is round 3 of the record, not round 4"
    )
    assert str(refused(lambda: ROUNDS.current(parts, lambda at: at, (6, 1), "game", 1))) == (
        "line 6, column 1: 'Round 1' begins the first round: write it before its turns"
    )
    assert (
        str(ROUNDS.ended((7, 2)))
        == "line 7, column 2: the round's scores end it: begin the next one with 'Round' and its number"
    )
    assert (
        str(ROUNDS.scored_twice((4, 1), (7, 2))) == "line 7, column 2: the round's scores are already written at line 4"
    )


def test_a_heading_is_the_parts_word_then_its_number_checked_after_what_waits() -> None:
    checked: list[str] = []
    word, number = Item("word", "Round", (2, 1)), Item("word", "12", (2, 7))
    assert ROUNDS.number(word, number, lambda: checked.append("waits")) == 12 and checked == ["waits"]
    assert ROUNDS.number(Item("word", "deal", (2, 1)), number, lambda: checked.append("no")) is None
    assert checked == ["waits"]
    assert str(refused(lambda: ROUNDS.number(word, Item("word", "two", (2, 7)), lambda: None))) == (
        "line 2, column 1: 'Round' is followed by the round's number, like Round 2"
    )
    assert ROUNDS.heading.fullmatch("ROUND  3") is not None


def test_a_numbered_word_gives_its_digits_and_the_word_written_against_it() -> None:
    assert split_number(Item("word", "12.", (3, 5))) == ("12", None)
    digits, rest = split_number(Item("word", "5.JH", (3, 5))) or ("", None)
    assert digits == "5" and rest is not None and (rest.text, rest.at) == ("JH", (3, 7))
    assert split_number(Item("word", "JH", (3, 5))) is None


def test_a_hand_lines_cards_skip_the_unknown_and_refuse_a_word_too_many_naming_the_rule_if_any() -> None:
    words = [("9c", (1, 4)), ("?", (1, 7)), ("TH", (1, 9))]
    assert list(hand_line_cards(words, 3, STANDARD_CARDS.read, "help", "§2")) == [("9C", (1, 4)), ("TH", (1, 9))]
    too_many = refused(lambda: list(hand_line_cards(words, 2, STANDARD_CARDS.read, "help", "rule §3", "§3")))
    assert (str(too_many), too_many.rule) == ("line 1, column 9: a hand has 2 cards; this is the 3th (rule §3)", "§3")
    notation = refused(lambda: list(hand_line_cards(words, 2, STANDARD_CARDS.read, "help", "§2")))
    assert not notation.breaks_a_rule
    assert str(refused(lambda: list(hand_line_cards([("XX", (1, 4))], 3, STANDARD_CARDS.read, "help", "§2")))) == (
        "line 1, column 4: 'XX' is not a card: help; ? stands for an unknown card"
    )


def test_a_drawn_card_a_word_that_is_no_card_and_the_writers_lines() -> None:
    assert (
        drawn_card("qh", (2, 3), STANDARD_CARDS.read) == "QH" and drawn_card("?", (2, 3), STANDARD_CARDS.read) is None
    )
    assert str(refused(lambda: drawn_card("Q", (2, 3), STANDARD_CARDS.read))) == (
        "line 2, column 3: '+Q' is not a drawn card: write + then the card, like +9C, or +?"
    )
    assert str(not_a_card("ZZ", (1, 1), "a card", "a word")) == "line 1, column 1: 'ZZ' is not a card: a card"
    assert str(not_a_card("quark", (1, 1), "a card", "a word")) == (
        "line 1, column 1: 'quark' is not a card or a call: a word"
    )
    assert header_lines("g", "1", [("Event", 'a "b"')]) == ['[Game "g"]', '[Format "1"]', '[Event "a \\"b\\""]']
    assert trick_words(3, ["JH", "2H quack"], ["8D", None]) == ["3.", "JH", "2H quack", "+8D", "+?"]
    assert stock_place(30, 26, {30: 2}) == "the stock's card 5, drawn after trick 2"
    assert stock_place(31, 26, {30: 2}) == "the stock's card 6"


# The inference's driver: parts one after another, the whole game, a part it cannot reach (ducksoup.records.inference)

CONTINUATION = Continuation("round", "§2", "§2", "a round is played to its count", "§9", "the record has no round")


@dataclass
class Engine:
    """A whole game that records what it is given, over after ``rounds`` rounds played out."""

    rounds: int = 1
    decks: list[list[int]] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    played_out: bool = True

    @property
    def is_over(self) -> bool:
        return len(self.decks) >= self.rounds

    @property
    def needs_deck(self) -> bool:
        return self.played_out

    def add_decks(self, decks: Sequence[Sequence[int]]) -> None:
        self.decks += [list(deck) for deck in decks]

    def apply(self, action: str) -> None:
        self.actions.append(action)


@dataclass
class Work:
    """A part's inference that places one card and plays ``actions``, breaking ``broken`` if given."""

    number: int
    broken: RecordError | None = None

    def run(self) -> None:
        if self.broken is not None:
            raise self.broken

    def part(self) -> Part[str]:
        card = InferredCard(self.number + 1, "AC", 0, "unseen", "never seen")
        return Part([self.number], f"deck{self.number}", (f"a{self.number}",), [card])


def test_the_parts_are_inferred_in_turn_and_carried_into_the_whole_game() -> None:
    engine = Engine(rounds=5)

    def begin(deck: list[int]) -> Engine:
        engine.add_decks([deck])
        return engine

    inference = infer_parts(Search(False), [(3, 1), (9, 1)], Work, begin, CONTINUATION.refusal)
    assert inference.decks == ("deck0", "deck1") and inference.actions == (("a0",), ("a1",))
    assert [card.deal for card in inference.inferred] == [1, 2] and inference.broken is None
    assert engine.decks == [[0], [1]] and engine.actions == ["a0", "a1"]


def test_a_part_the_whole_game_cannot_reach_stops_the_search_in_the_games_words() -> None:
    won = infer_parts(Search(True), [(3, 1), (9, 1)], Work, lambda deck: Engine(1, [deck]), CONTINUATION.refusal)
    assert won.decks == ("deck0",) and won.broken is not None
    assert (str(won.broken), won.broken.code, won.broken.rule) == (
        "line 9, column 1: the game was won in round 1: nothing more is played (game-over, §2)",
        "game-over",
        "§2",
    )
    unfinished = CONTINUATION.refusal(Engine(5, [[0]], played_out=False), 1, (9, 1), "match")
    assert unfinished is not None and (str(unfinished), unfinished.rule) == (
        "line 9, column 1: round 1 is not finished: a round is played to its count (§9)",
        "§9",
    )
    assert CONTINUATION.refusal(Engine(5, [[0]]), 1, (9, 1)) is None
    assert "the match was won" in str(CONTINUATION.refusal(Engine(1, [[0]]), 1, (9, 1), "match"))
    with pytest.raises(RecordError, match="game-over"):  # without until_broken, the breach is raised
        infer_parts(Search(False), [(3, 1), (9, 1)], Work, lambda deck: Engine(1, [deck]), CONTINUATION.refusal)


def test_a_part_that_breaks_a_rule_ends_the_search_with_what_it_placed() -> None:
    breach = RecordError("no", (4, 2), rule="§4")
    stopped = infer_parts(Search(True), [(3, 1)], lambda number: Work(number, breach), None, CONTINUATION.refusal)
    assert stopped.decks == ("deck0",) and stopped.broken is breach
    notation = RecordError("not a word", (4, 2))
    with pytest.raises(RecordError, match="not a word"):  # an error of notation is never told as a breach
        infer_parts(Search(True), [(3, 1)], lambda number: Work(number, notation), None, CONTINUATION.refusal)


def test_a_record_with_no_part_or_a_header_that_describes_no_game_is_refused() -> None:
    assert str(refused(lambda: CONTINUATION.check_some([]))) == "the record has no round"
    CONTINUATION.check_some([1])
    assert playable(lambda: 7, (2, 1)) == 7

    def no_game() -> int:
        raise ValueError("scope: no such scope")

    assert str(refused(lambda: playable(no_game, (2, 1)))) == (
        "line 2, column 1: the header does not describe a game that can be played: scope: no such scope"
    )
