"""Records: the compact text players write after a real game, read, written, and turned into traces and back."""

from __future__ import annotations

import doctest
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ducksoup.duck_soup.record
from duckcheck.duck_soup.encoding import action_json
from duckcheck.trace import load_suite
from ducksoup.duck_soup.engine import Deal
from ducksoup.duck_soup.record import (
    EXAMPLE,
    DealRecord,
    Move,
    Record,
    RecordError,
    Trick,
    format_record,
    infer_decks,
    parse_record,
    read_card,
    record_to_trace,
    trace_to_record,
)
from ducksoup.duck_soup.traces import TraceRecorder, replay
from duckspec.cards import full_deck
from duckspec.duck_soup.actions import Play
from duckspec.duck_soup.quacking import Call
from duckspec.duck_soup.variants import DoubleDraw, RuleOptions, StockVisibility

JSON = dict[str, Any]
SUITE = {trace["id"]: trace for trace in load_suite()}

FULL_DEAL = """\
[Event "Club night"]
[Date "2024.05.11"]
[Players "Anna, Ben"]
[Dealer "Ben"]
[Stock "face-up"]

Deal 1   ; the hands as we read them out after the deal
Anna: 8C JC 4D 3H 4H 7H JH QH AS 2S 4S 7S 10S
Ben:  ks qs 6s 5s 3s kh 2h qd 10d 9d ad kc 3c
^8D
1. JH 2H  +8D +AH  ^AC
2. 5S 3H  +AC +6H  ^9C
3. 10d 10s quack duck  +9C +JS  ^QC
4. AH AC  +QC +5D  ^JD
5. 9C 9D quack duck  +JD +9H  ^8H
6. QS QC quack QD quack-quack QH duck-soup  +8H +2D +4C +6D  ^10H   { duck soup! }
7. 4H 4C quack 4S quack-quack JS  +10H +9S +2C +5C  ^6C
8. 10h kc  +6c +10c  ^5h
9. 6H 6D quack 6C quack quack 6S duck soup  +5H +KD +8S +7C  ^7D
10. 3C 7H  +7D +3D   ; the stock is empty: on to the Soup
11. TC 3D
12. KD 7C
13. 2C 2D quack duck
14. AS AD quack duck
15. 7D 7S quack duck
16. 9H JD
17. 8H 8D quack 8C quack-quack 5H
18. 9S 5C
19. 2S 5D
20. 4D KH
21. 8S KS
22. 3S JC
208-99
"""
"""A whole deal as typed after the game: both hands, every face-up card and every card drawn."""

FULL_DEAL_POINTS = [[13, 16], [11, 9]]

BENS_VIEW = """\
[Players "Anna, Ben"] [Dealer "1"] [Stock "hidden"]   ; no face-up card
Ben: 3C KC AD 9D TD QD 2H KH 3S 5S 6S QS KS
1. JH 2H +8D         ; I won: my card first, Anna's unseen
2. 5S 3H +AC
3. TD TS quack duck +? +JS
"""
"""The first tricks of the same deal with the hidden stock, as Ben knows them."""


def random_trace(seed: int, scope: str = "deal", options: RuleOptions | None = None, check: bool = True) -> JSON:
    """A deal (or game) played on the engine from a seeded shuffle, by a player who likes to call.

    ``check``: validate the trace against the schema (the slow part), as ``TraceRecorder.trace`` does.
    """
    rng = random.Random(seed)
    decks = []
    for _ in range(12 if scope != "deal" else 1):
        deck = list(full_deck())
        rng.shuffle(deck)
        decks.append(deck)
    recorder = TraceRecorder(f"random-{seed}", "A random deal", scope, decks, seed % 2, options)
    while recorder.play.legal_actions():
        actions = recorder.play.legal_actions()
        calls = [a for a in actions if isinstance(a, Play) and a.call is not Call.NONE]
        recorder.apply(rng.choice(calls) if calls and rng.random() < 0.7 else rng.choice(actions))
    if check:
        return recorder.trace()
    assert isinstance(recorder.play, Deal)
    final = {"deals": [{"points": recorder.play.state()["points"], "scores": list(recorder.play.scores())}]}
    trace = {**recorder.header, "decks": recorder.decks, "initial": recorder.initial, "steps": recorder.steps}
    return {**trace, "final": final}


def plays(trace: JSON) -> list[JSON]:
    return [step["action"] for step in trace["steps"] if "state" in step]


def states(trace: JSON) -> list[JSON]:
    return [trace["initial"]] + [step["state"] for step in trace["steps"] if "state" in step]


def players_of_cards(trace: JSON) -> list[dict[str, int]]:
    """For each deal of ``trace``, who played each card."""
    owners: list[dict[str, int]] = [{}]
    before = trace["initial"]
    for step in trace["steps"]:
        if "state" in step:
            if "play" in step["action"]:
                owners[-1][step["action"]["play"]] = step["action"]["player"]
            if step["state"].get("deal", 0) != before.get("deal", 0):
                owners.append({})
            before = step["state"]
    return owners


def view(record: Record, trace: JSON, player: int) -> Record:
    """What ``player`` knows of a complete record: the own hand, the face-up cards, the cards taken."""
    face_up = record.stock == "face-up"
    deals = []
    for deal, owner in zip(record.deals, players_of_cards(trace), strict=False):
        tricks = []
        for trick in deal.tricks:
            drawn = [
                card if (face_up and i == 0) or owner.get(str(card)) == player else None
                for i, card in enumerate(trick.drawn)
            ]
            while drawn and drawn[-1] is None:
                drawn.pop()
            tricks.append(replace(trick, drawn=tuple(drawn)))
        hands = (deal.hands[0], ()) if player == 0 else ((), deal.hands[1])
        deals.append(replace(deal, hands=hands, tricks=tuple(tricks)))
    return replace(record, deals=tuple(deals))


# Reading and writing


def test_the_documented_example_runs_and_is_the_modules_example() -> None:
    failures, attempted = doctest.testmod(ducksoup.duck_soup.record)
    assert attempted > 0 and failures == 0
    doc = ducksoup.duck_soup.record.__doc__ or ""
    for line in EXAMPLE.splitlines():
        assert ("    " + line).rstrip() in doc.splitlines()


def test_a_hand_typed_record_is_read_as_written() -> None:
    record = parse_record(FULL_DEAL)
    assert record.players == ("Anna", "Ben") and record.dealer == 1 and record.scope == "deal"
    assert record.tags == (("Event", "Club night"), ("Date", "2024.05.11"))
    deal = record.deals[0]
    assert deal.hands[0][-1] == "TS" and deal.hands[1][:2] == ("KS", "QS")
    assert deal.up == "8D" and deal.score == (208, 99) and len(deal.tricks) == 22
    assert deal.tricks[2] == Trick((Move("TD"), Move("TS", "quack"), Move(None, "duck")), ("9C", "JS"), "QC")
    assert deal.tricks[8].moves[3] == Move("6S", "duck-soup")  # "quack quack" and "duck soup" as two words
    assert deal.tricks[8].moves[1] == Move("6D", "quack")
    assert deal.tricks[8].moves[2] == Move("6C", "quack-quack")
    assert deal.tricks[9].up is None and deal.tricks[10].drawn == ()


@pytest.mark.parametrize(
    ("text", "card"), [("9c", "9C"), ("9C", "9C"), ("10h", "TH"), ("Td", "TD"), ("a♠", "AS"), ("10♥", "TH")]
)
def test_cards_are_read_in_any_case_with_10_for_t(text: str, card: str) -> None:
    assert read_card(text) == card


@pytest.mark.parametrize("text", ["ZZ", "1C", "11H", "AX", "9", ""])
def test_other_words_are_not_cards(text: str) -> None:
    assert read_card(text) is None


@pytest.mark.parametrize("text", [FULL_DEAL, EXAMPLE, BENS_VIEW], ids=["full-deal", "example", "bens-view"])
def test_records_round_trip(text: str) -> None:
    record = parse_record(text)
    formatted = format_record(record)
    assert parse_record(formatted) == record
    assert format_record(parse_record(formatted)) == formatted


def test_the_format_puts_one_trick_to_a_line() -> None:
    lines = format_record(parse_record(FULL_DEAL)).splitlines()
    assert lines[:8] == [
        '[Game "duck-soup"]',
        '[Format "1"]',
        '[Event "Club night"]',
        '[Date "2024.05.11"]',
        '[Players "Anna, Ben"]',
        '[Dealer "Ben"]',
        '[Scope "deal"]',
        '[Stock "face-up"]',
    ]
    assert "3. TD TS quack duck +9C +JS ^QC" in lines
    assert "9. 6H 6D quack 6C quack-quack 6S duck-soup +5H +KD +8S +7C ^7D" in lines
    assert lines[-1] == "208-99"


def test_comments_and_tag_values_may_hold_anything() -> None:
    text = '[Event "A \\"quoted\\" night; {really}"] [Dealer "0"]\n{ a comment\nover lines }\n1. AC ; to the end\n2C\n'
    record = parse_record(text)
    assert record.tags == (("Event", 'A "quoted" night; {really}'),)
    assert record.deals[0].tricks[0].moves == (Move("AC"), Move("2C"))
    assert parse_record(format_record(record)) == record


def test_tricks_may_share_a_line_and_numbers_may_touch_their_cards() -> None:
    one_line = parse_record('[Dealer "1"]\n1. JH 2H  2.5S,3H 3.TD TS quack duck\n')
    by_line = parse_record('[Dealer "1"]\n1. JH 2H\n2. 5S 3H\n3. TD TS quack duck\n')
    assert one_line == by_line and len(one_line.deals[0].tricks) == 3
    unnumbered = parse_record('[Dealer "1"]\nJH 2H 5S 3H TD TS quack duck\n')
    assert unnumbered == by_line


def test_unknown_cards_stay_unknown() -> None:
    record = parse_record(EXAMPLE)
    assert record.deals[0].hands[1] == ()
    assert record.deals[0].tricks[2].drawn == ("9C",)
    partial = parse_record('[Dealer "0"]\n0: AC 2C ? ? ?\n1: ?\n')
    assert partial.deals[0].hands == (("AC", "2C"), ())
    assert "Player 1:" not in format_record(partial)


# Records to traces


def test_a_hand_written_deal_replays_with_the_right_scores() -> None:
    record = parse_record(FULL_DEAL)
    trace = record_to_trace(record, "club-night-deal-1", "Anna v Ben, deal 1")
    assert trace["scope"] == "deal" and trace["dealer"] == 1
    assert trace["description"] == "Anna v Ben, deal 1"  # every card is in the record: nothing inferred
    assert infer_decks(record).inferred == ()
    replayed = replay(trace)
    assert replayed[-1]["scores"] == [208, 99]
    assert trace["final"] == {"deals": [{"points": FULL_DEAL_POINTS, "scores": [208, 99]}]}
    assert replayed[0]["hands"] == ["8CJC4D3H4H7HJHQHAS2S4S7STS", "3CKCAD9DTDQD2HKH3S5S6SQSKS"]
    assert replayed[0]["face_up"] == "8D"


def test_one_players_view_gives_the_same_play_and_scores() -> None:
    full = parse_record(FULL_DEAL)
    truth = record_to_trace(full, "club-night-deal-1", "Anna v Ben, deal 1")
    annas = view(full, truth, 0)
    assert "Ben:" not in format_record(annas)
    trace = record_to_trace(annas, "club-night-annas-view", "Anna's view")
    replay(trace)
    assert plays(trace) == plays(truth) and trace["final"] == truth["final"]
    assert [s["hands"][0] for s in states(trace)] == [s["hands"][0] for s in states(truth)]
    deal = annas.deals[0]
    seen = {*deal.hands[0], str(deal.up)} | {card for t in deal.tricks for card in (*t.drawn, t.up) if card}
    inferred = infer_decks(annas).inferred
    assert {card.card for card in inferred} == {str(card) for card in full_deck()} - seen  # Ben's cards, unseen
    assert {card.reason for card in inferred} == {"played"}  # all of them played in the end
    assert trace["description"] == "Anna's view [inferred: 21 cards from play, 0 never seen]"


def test_a_few_tricks_seen_by_one_player_with_the_hidden_stock() -> None:
    record = parse_record(BENS_VIEW)
    trace = record_to_trace(record, "bens-view", "Ben's first three tricks, hidden stock")
    last = replay(trace)[-1]
    assert trace["options"]["stock"] == "hidden" and "hidden-stock" in trace["tags"]
    assert last["points"] == [[2, 0], [3, 0]] and last["face_up"] is None
    assert last["hands"][1] == "AC3CKCAD8D9DQDKH3S6SJSQSKS"  # with the 8D, AC and JS he drew
    assert "2H" not in [card.card for card in infer_decks(record).inferred]


def test_the_example_matches_the_full_deal() -> None:
    partial = states(record_to_trace(parse_record(EXAMPLE), "example", "The example"))
    full = states(record_to_trace(parse_record(FULL_DEAL), "full", "The full deal"))[: len(partial)]
    assert len(partial) == 10
    assert [s["points"] for s in partial] == [s["points"] for s in full]
    assert [s["hands"][0] for s in partial] == [s["hands"][0] for s in full]  # Anna's, all known to her
    assert [s["face_up"] for s in partial] == [s["face_up"] for s in full]


# Traces to records and back

ROUND_TRIPS = sorted(
    [name for name in SUITE if name.startswith(("ds-edge-", "ds-negative-"))]
    + [name for name in SUITE if name.startswith("ds-deal-")][::12]
    + ["ds-game-target", "ds-game-quacky-hidden-01", "ds-game-random-alternate-01", "ds-game-illegal-01"]
    + ["ds-match-bo3-01"]
)


@pytest.mark.parametrize("name", ROUND_TRIPS)
def test_a_trace_to_record_to_trace_reproduces_the_plays_states_and_scores(name: str) -> None:
    original = SUITE[name]
    record = trace_to_record(original)
    assert parse_record(format_record(record)) == record
    trace = record_to_trace(parse_record(format_record(record)), name, original["description"])
    replay(trace)
    assert plays(trace) == plays(original)
    assert states(trace) == states(original)
    assert trace["final"] == original["final"]
    assert (trace["scope"], trace["dealer"], trace["options"]) == (
        original["scope"],
        original["dealer"],
        original["options"],
    )


def test_a_record_of_a_trace_holds_what_the_trace_shows() -> None:
    trace = SUITE["ds-edge-forgotten-quack"]
    record = trace_to_record(trace)
    assert record.tags == (("Source", "trace ds-edge-forgotten-quack"),)
    deal = record.deals[0]
    assert deal.hands == (
        ("AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "8S"),
        ("KC", "AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "KD", "8H"),
    )
    assert deal.up == "JD"
    assert deal.tricks[0] == Trick((Move("8S"), Move("8H")), ("JD", "QD"), "AH")


@pytest.mark.parametrize("name", ["ds-game-quacky-01", "ds-match-bo3-02"])
def test_one_players_view_of_a_game_gives_the_same_game(name: str) -> None:
    original = SUITE[name]
    record = view(trace_to_record(original), original, 1)
    trace = record_to_trace(record, name, "A view")
    replay(trace)
    assert plays(trace) == plays(original) and trace["final"] == original["final"]
    assert [s["hands"][1] for s in states(trace)] == [s["hands"][1] for s in states(original)]
    assert [s["deal_scores"] for s in states(trace)] == [s["deal_scores"] for s in states(original)]


def test_a_long_description_is_cut_to_fit_the_note() -> None:
    trace = record_to_trace(parse_record(EXAMPLE), "example", "x" * 300)
    assert len(trace["description"]) == 200
    assert trace["description"].endswith("… [inferred: 3 cards from play, 29 never seen]")


@given(
    seed=st.integers(0, 10**6),
    stock=st.sampled_from(list(StockVisibility)),
    draw=st.sampled_from(list(DoubleDraw)),
    player=st.integers(0, 1),
    keep_ups=st.booleans(),
)
def test_any_view_of_a_random_deal_gives_its_play_and_scores(
    seed: int, stock: StockVisibility, draw: DoubleDraw, player: int, keep_ups: bool
) -> None:
    options = RuleOptions(stock=stock, double_draw=draw)
    original = random_trace(seed, options=options, check=False)
    record = view(trace_to_record(original), original, player)
    if not keep_ups:
        deals = (replace(d, up=None, tricks=tuple(replace(t, up=None) for t in d.tricks)) for d in record.deals)
        record = replace(record, deals=tuple(deals))
    assert parse_record(format_record(record)) == record
    inference = infer_decks(record)
    deal = Deal([inference.decks[0][i : i + 2] for i in range(0, 104, 2)], original["dealer"], options)
    hands = [deal.state()["hands"][player]]
    for action in inference.actions[0]:
        deal.apply(action)
        hands.append(deal.state()["hands"][player])
    assert [action_json(action) for action in inference.actions[0]] == plays(original)
    assert list(deal.scores()) == original["final"]["deals"][0]["scores"]
    assert hands == [state["hands"][player] for state in states(original)]  # the player's own cards, all known


def test_a_record_with_no_hands_at_all_still_converts() -> None:
    original = random_trace(7)
    record = trace_to_record(original)
    bare = replace(
        record,
        deals=tuple(
            DealRecord(tricks=tuple(Trick(t.moves) for t in deal.tricks), score=deal.score) for deal in record.deals
        ),
    )
    trace = record_to_trace(bare, "bare", "Only the plays")
    assert plays(trace) == plays(original) and trace["final"] == original["final"]
    assert len(infer_decks(bare).inferred) == 52


# Mistakes


def error_of(text: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        record_to_trace(parse_record(text), "bad", "A bad record")
    return caught.value


@pytest.mark.parametrize(
    ("old", "new", "line", "column", "words", "code"),
    [
        # not a card, not a call
        ("3. 10d 10s", "3. 10d ZZ", 13, 8, "'ZZ' is not a card: write the rank then the suit, like 9C", None),
        ("Anna: 8C JC", "Anna: 8C JX", 8, 10, "'JX' is not a card", None),
        ("13. 2C 2D quack duck", "13. 2C 2D quak duck", 23, 11, "'quak' is not a card or a call", None),
        ("4. AH AC", "4. AH AC ducks", 14, 10, "'ducks' is not a card or a call", None),
        ("4. AH AC", "4. AH AC soup", 14, 10, "the call is duck-soup, written as one word", None),
        ("4. AH AC", "4. AH AC +X", 14, 10, "'+X' is not a drawn card: write + then the card, like +9C", None),
        ("4. AH AC", "4. quack AH AC", 14, 4, "a call is written after the card it is said with", None),
        # the header
        ('[Dealer "Ben"]', "", 7, 1, "the header has no [Dealer] tag", None),
        ('[Dealer "Ben"]', '[Dealer "Carl"]', 4, 1, "'Carl' is not a player: write 'Anna' or 'Ben', or 0 or 1", None),
        ('[Stock "face-up"]', '[Stock "up"]', 5, 1, "[Stock] cannot be 'up': write one of 'face-up', 'hidden'", None),
        ('[Stock "face-up"]', '[Stock "face-up"', 5, 1, 'a tag pair is written [Name "value"]', None),
        ('[Players "Anna, Ben"]', '[Players "Anna"]', 3, 1, "[Players] names the two players", None),
        ("^8D", '[Scope "game"] ^8D', 10, 1, "tag pairs make the header: write them before the first deal", None),
        ("Deal 1 ", "Deal 2 ", 7, 1, "this is deal 1 of the record, not deal 2", None),
        ("{ duck soup! }", "{ duck soup! ", 16, 69, "this comment is never closed: '}' expected", None),
        # the shape of the deal
        ("4. AH AC", "5. AH AC", 14, 1, "this is trick 4 of the deal, not 5", None),
        ("ad kc 3c", "ad kc 3c 5c", 9, 47, "a hand has 13 cards; this is the 14th", None),
        ("3. 10d 10s quack duck", "3. 10d 10s quack", 13, 19, "trick 3 needs Ben's answer to the quack", None),
        (
            "4. AH AC  +QC +5D  ^JD",
            "4. AH",
            15,
            1,
            "trick 4 is not finished: it needs Ben's card, before trick 5",
            None,
        ),
        # illegal plays: the engine's codes and rules
        ("2. 5S 3H", "2. 5S 3H quack", 12, 7, "illegal play, call-rank-mismatch (DS-R02)", "call-rank-mismatch"),
        ("4. AH AC", "4. AH quack AC", 14, 4, "illegal play, call-not-allowed (DS-R12)", "call-not-allowed"),
        ("4. AH AC", "4. AH duck AC", 14, 7, "illegal play, duck-not-allowed (§6)", "duck-not-allowed"),
        (
            "5. 9C 9D quack duck",
            "5. 9C 9D quack 6D",
            15,
            16,
            "illegal play, answer-required (DS-R10)",
            "answer-required",
        ),
        (
            "4. AH AC",
            "4. AH JH",
            14,
            7,
            "JH is not in Ben's hand: it was played at line 11, column 4",
            "card-not-in-hand",
        ),
        (
            "4. AH AC",
            "4. AH KD",
            14,
            7,
            "KD is not in Ben's hand: every card in that hand is placed",
            "card-not-in-hand",
        ),
        ("QH duck-soup", "5H duck-soup", 16, 31, "card-not-in-hand (§4): 5H is not in Anna's hand", "card-not-in-hand"),
        # a forgotten call changes who wins, and the play that follows cannot be
        ("6S duck soup", "6S", 20, 5, "3C is not in Anna's hand: it is in Ben's hand at line 9", "card-not-in-hand"),
        # a card recorded twice, a face-up card that cannot be there
        ("Ben:  ks qs", "Ben:  ks 8c", 9, 10, "a card recorded twice (§2): 8C is already in Anna's hand", None),
        ("4. AH AC  +QC", "4. AH AC quack  +QC", 14, 17, "trick 4 needs Anna's answer to the quack", None),
        ("^AC", "^KS", 11, 20, "KS is turned up after trick 1, but it is in Ben's hand at line 9, column 7", None),
        ("^QC", "^JH", 13, 33, "JH is turned up after trick 3, but it was played at line 11, column 4", None),
        ("+8D +AH", "+AH", 11, 11, "AH is drawn after trick 1, but that card of the stock is 8D", None),
        ("+9C +JS", "+JS", 13, 24, "that card of the stock is 9C, which is turned up after trick 2", None),
        ("+7D +3D   ;", "+7D +3D ^2C ;", 20, 20, "the stock is empty after this trick", None),
        ("+8D +AH", "+8D +AH +?", 11, 19, "only 2 cards are drawn after this trick (§5)", None),
        ("11. TC 3D", "11. TC 3D +4H", 21, 11, "no card is drawn in the Soup course (§7)", None),
        ("11. TC 3D", "11. TC 3D ^4H", 21, 11, "the Soup course draws nothing", None),
        ("208-99", "208-98", 33, 1, "the scores are 208-99 (Duck points times Soup points, §8), not 208-98", None),
    ],
)
def test_mistakes_are_reported_with_line_column_and_what_was_expected(
    old: str, new: str, line: int, column: int, words: str, code: str | None
) -> None:
    assert old in FULL_DEAL
    error = error_of(FULL_DEAL.replace(old, new, 1))
    assert (error.line, error.column) == (line, column), str(error)
    assert str(error).startswith(f"line {line}, column {column}: ")
    assert words in str(error)
    assert error.code == code


def test_a_record_not_read_from_text_names_the_deal_and_trick_instead() -> None:
    record = Record(dealer=1, deals=(DealRecord(tricks=(Trick((Move("AS"), Move("AS"))),)),))
    with pytest.raises(RecordError) as caught:
        record_to_trace(record, "bad", "A bad record")
    assert caught.value.line == 0 and str(caught.value).startswith("an illegal play, card-not-in-hand (§4): AS")
    with pytest.raises(RecordError, match="the record has no deal"):
        record_to_trace(Record(dealer=0), "empty", "Nothing")


def test_a_record_without_a_header_says_so() -> None:
    error = error_of("1. AC 2C\n")
    assert (error.line, error.column) == (1, 1)
    assert "a record begins with its header" in str(error)


def test_an_illegal_play_names_the_rule() -> None:
    error = error_of(FULL_DEAL.replace("2. 5S 3H", "2. 5S 3H quack"))
    assert (error.code, error.rule) == ("call-rank-mismatch", "DS-R02")
    error = error_of(FULL_DEAL.replace("Ben:  ks qs", "Ben:  ks as"))
    assert error.rule == "§2"


def test_a_card_played_twice_is_refused() -> None:
    text = FULL_DEAL.replace("12. KD 7C", "12. KD 9C")
    error = error_of(text)
    assert (error.line, error.column, error.code) == (22, 8, "card-not-in-hand")
    assert "9C is not in Anna's hand: it was played at line 15, column 4" in str(error)


def test_scores_need_a_finished_deal() -> None:
    error = error_of(EXAMPLE + "30-20\n")
    assert error.line == 12 and "the deal is not over" in str(error)


def test_a_deal_after_the_game_is_won_is_refused() -> None:
    original = SUITE["ds-game-target"]
    record = trace_to_record(original)
    extra = replace(record.deals[-1], score=None, tricks=record.deals[-1].tricks[:1])
    text = format_record(replace(record, deals=(*record.deals, extra)))
    error = error_of(text)
    assert error.code == "game-over" and error.rule == "§9"
    lines = text.splitlines()
    assert lines[error.line - 1].startswith(f"Deal {len(record.deals) + 1} ;")


def test_a_deal_must_be_finished_before_the_next() -> None:
    original = SUITE["ds-game-target"]
    record = trace_to_record(original)
    first = replace(record.deals[0], score=None, tricks=record.deals[0].tricks[:3])
    text = format_record(replace(record, deals=(first, *record.deals[1:])))
    error = error_of(text)
    assert "deal 1 is not finished" in str(error)
    assert text.splitlines()[error.line - 1].startswith("Deal 2 ;")


def test_a_second_deal_needs_a_game_scope() -> None:
    with pytest.raises(RecordError, match='say \\[Scope "game"\\]') as caught:
        parse_record(FULL_DEAL + "Deal 2\n")
    assert caught.value.line == 34


def test_the_hidden_stock_shows_no_face_up_card() -> None:
    with pytest.raises(RecordError, match="DS-R09") as caught:
        parse_record(BENS_VIEW + "^AC\n")
    assert (caught.value.line, caught.value.column, caught.value.rule) == (6, 1, "DS-R09")
