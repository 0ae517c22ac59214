"""Hand-made edge cases of Doubleduck: positions the bots reach rarely, set up by deck order and scripted play.

Each scenario arranges a deck (:func:`duckspec.doubleduck.dealing.arrange_deck`) so that the
players hold the cards it needs, scripts the moves that make the point, and lets a seeded random
bot finish the deal. Player 3 deals, so player 0 leads first, unless a scenario says otherwise.
The table :data:`OPENINGS` lists the one-trick openings: the two examples of the text's notes with
the values the text gives, the order of precedence of §4, the rulings on calls. The other builders
reach the Soup course, the end of the Duck course, a side without a Duck trick, and every error
code; :mod:`duckcheck.doubleduck.generate` adds whole games.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

from duckcheck.doubleduck.encoding import JSON
from duckcheck.doubleduck.oracle import Scope
from duckcheck.doubleduck.policies import random_policy, throwing_policy
from duckcheck.doubleduck.recorder import Recorder
from duckspec.cards import Card, parse_card, parse_cards
from duckspec.doubleduck.actions import Call, Play
from duckspec.doubleduck.cards import Course, two_packs
from duckspec.doubleduck.dealing import arrange_deck
from duckspec.doubleduck.errors import ErrorCode
from duckspec.doubleduck.variants import STANDARD, DrawOrder, RuleOptions

DEALER = 3
AS_PLAYED = RuleOptions(draw=DrawOrder.AS_PLAYED)
Hands = tuple[str, str, str, str]


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


def arranged(
    trace_id: str,
    description: str,
    hands: Hands,
    stock: str = "",
    options: RuleOptions = STANDARD,
    tags: tuple[str, ...] = (),
) -> Recorder:
    """A deal (player 3 dealing) in which each player holds at least the cards named, ``stock`` on top of the stock.

    The cards not named are shuffled (seeded by the trace ID) into the rest of the hands and the stock.
    """
    named = [cards(hand) for hand in hands]
    spare = list(two_packs())
    for card in [*(card for hand in named for card in hand), *cards(stock)]:
        spare.remove(card)
    random.Random(trace_id).shuffle(spare)
    full = [[*hand, *(spare.pop() for _ in range(13 - len(hand)))] for hand in named]
    deck = arrange_deck(DEALER, full, (*cards(stock), *spare))
    return Recorder(trace_id, description, Scope.DEAL, options, DEALER, [deck], tags=("edge-case", *tags))


def move(text: str) -> Play:
    """A move written ``seat:card[:call]``, as in ``"2:JC:quack-quack"``."""
    seat, card, *call = text.split(":")
    return Play(int(seat), parse_card(card), Call(call[0]) if call else Call.NONE)


def script(recorder: Recorder, moves: str) -> Recorder:
    for text in moves.split():
        recorder.act(move(text))
    return recorder


def finish(recorder: Recorder) -> JSON:
    recorder.play_out(random_policy)
    return recorder.trace()


def advance(recorder: Recorder, stock_left: int, keep: str) -> Recorder:
    """Play plain cards, never those in ``keep``, until a trick is to be led with ``stock_left`` cards in the
    stock (with 0, the first trick of the Soup course)."""
    kept = set(cards(keep))
    while True:
        deal = recorder.table.deal
        if not deal.table and len(deal.stock) == stock_left and (stock_left or deal.course is Course.SOUP):
            return recorder
        recorder.act(next(a for a in recorder.table.legal_actions() if a.call is Call.NONE and a.card not in kept))


def trick_by_seat(recorder: Recorder, plays: dict[int, str]) -> Recorder:
    """Play one trick from the current leader, each seat playing its move ``card[:call]`` of ``plays``."""
    leader = recorder.table.deal.leader
    for offset in range(4):
        seat = (leader + offset) % 4
        recorder.act(move(f"{seat}:{plays[seat]}"))
    return recorder


def opening(
    trace_id: str, description: str, hands: Hands, moves: str, options: RuleOptions, tags: tuple[str, ...]
) -> JSON:
    """A deal opened by scripted ``moves`` (``"0:JS 1:JH:quack ..."``), finished by the random bot."""
    return finish(script(arranged(trace_id, description, hands, options=options, tags=tags), moves))


NOTES = ("worked-example",)
JACKS: Hands = ("JS", "JH", "JC", "JS JD")
JACKS_SO_FAR = "0:JS 1:JH:quack 2:JC:quack-quack"
OPENINGS: dict[str, tuple[str, Hands, str, RuleOptions, tuple[str, ...]]] = {
    "dd-edge-notes-3386": (
        "Notes: 3-3-8-6 of one suit, the second 3 called doubleduck, wins a trick worth one card",
        ("3H", "3H", "8H", "6H"),
        "0:3H 1:3H:doubleduck 2:8H 3:6H",
        STANDARD,
        NOTES,
    ),
    "dd-edge-notes-jjj-third-quack": (
        "Notes: J-J-J, the fourth player quacks a third time with the diamond and stores 4",
        JACKS,
        f"{JACKS_SO_FAR} 3:JD:quack-quack-quack",
        STANDARD,
        NOTES,
    ),
    "dd-edge-notes-jjj-doubleduck": (
        "Notes: J-J-J, the fourth player doubleducks with the other spade instead and stores only 3",
        JACKS,
        f"{JACKS_SO_FAR} 3:JS:doubleduck",
        STANDARD,
        NOTES,
    ),
    "dd-edge-quack-after-doubleduck": (
        "Quacks after a doubleduck are legal and counted, and the doubleduck keeps the trick",
        ("JS", "JS", "JH", "JC"),
        "0:JS 1:JS:doubleduck 2:JH:quack-quack 3:JC:quack-quack-quack",
        STANDARD,
        (),
    ),
    "dd-edge-four-of-a-rank-quacked": (
        "Four cards of one rank, three quacks: the last quack takes four suits",
        ("7C", "7D", "7H", "7S"),
        "0:7C 1:7D:quack 2:7H:quack-quack 3:7S:quack-quack-quack",
        STANDARD,
        (),
    ),
    "dd-edge-four-of-a-rank-silent": (
        "Four cards of one rank, nothing called: the card led is the only one of its suit and wins",
        ("7C", "7D", "7H", "7S"),
        "0:7C 1:7D 2:7H 3:7S",
        STANDARD,
        (),
    ),
    "dd-edge-four-of-a-rank-both-copies": (
        "Both copies of the card led and two more of its rank: the doubleduck after two quacks wins",
        ("QD", "QH", "QC", "QD"),
        "0:QD 1:QH:quack 2:QC:quack-quack 3:QD:doubleduck",
        STANDARD,
        (),
    ),
    "dd-edge-silent-match-after-quack": (
        "A later card of the rank played silently does not cancel an earlier quack",
        ("JS", "JH", "JC", "2S"),
        "0:JS 1:JH:quack 2:JC 3:2S",
        STANDARD,
        (),
    ),
    "dd-edge-quack-after-silent-match": (
        "A card of the rank played silently still counts: the next one calls quack-quack",
        ("9S", "9H", "9C", "2C"),
        "0:9S 1:9H 2:9C:quack-quack 3:2C",
        STANDARD,
        (),
    ),
    "dd-edge-silent-match-loses": (
        "A card of the rank led played silently is a plain card of its suit and loses",
        ("9S", "9H", "8S", "KD"),
        "0:9S 1:9H 2:8S 3:KD",
        STANDARD,
        (),
    ),
    "dd-edge-silent-duplicate-wins": (
        "The other copy of the Ace led, played silently, wins as the later of two equal best cards (Duck)",
        ("AS", "AS", "KS", "2S"),
        "0:AS 1:AS 2:KS 3:2S",
        STANDARD,
        (),
    ),
    "dd-edge-silent-duplicate-beaten": (
        "The other copy of the card led, played silently, loses to a better card of the suit",
        ("9S", "9S", "3S", "KH"),
        "0:9S 1:9S 2:3S 3:KH",
        STANDARD,
        (),
    ),
    "dd-edge-duplicate-quacks-outquacked": (
        "The exact duplicate may quack instead of doubleducking, and a later quack then beats it",
        ("JS", "JS", "JH", "2C"),
        "0:JS 1:JS:quack 2:JH:quack-quack 3:2C",
        STANDARD,
        (),
    ),
    "dd-edge-duplicate-quacks-wins": (
        "The exact duplicate played with the quacks due takes the trick as a quack",
        ("JS", "JH", "JS", "2C"),
        "0:JS 1:JH 2:JS:quack-quack 3:2C",
        STANDARD,
        (),
    ),
    "dd-edge-later-equal-wins": (
        "Two copies of the best card of the suit led: the later one wins (Duck, lowest)",
        ("9C", "2C", "2C", "KD"),
        "0:9C 1:2C 2:2C 3:KD",
        STANDARD,
        (),
    ),
    "dd-edge-ace-low-in-the-duck": (
        "The Ace is the lowest card in the Duck course, so the best of its suit",
        ("KS", "AS", "2S", "3S"),
        "0:KS 1:AS 2:2S 3:3S",
        STANDARD,
        (),
    ),
    "dd-edge-duck-keeper-is-the-first-winner": (
        "Seat 2 wins its side's first Duck trick and keeps the side's Duck pile; seat 0 will keep its Soup pile",
        ("5S", "9S", "2S", "KS"),
        "0:5S 1:9S 2:2S 3:KS",
        STANDARD,
        (),
    ),
    "dd-edge-off-suit-follow": (
        "No need to follow suit: a player holding the suit led plays another suit",
        ("5S", "4S 9D", "KS", "QS"),
        "0:5S 1:9D 2:KS 3:QS",
        STANDARD,
        (),
    ),
    "dd-edge-quack-on-partners-lead": (
        "Seat 2 quacks the card its partner led, after a silent match, and takes the trick for its side",
        ("JS", "JH", "JC", "3C"),
        "0:JS 1:JH 2:JC:quack-quack 3:3C",
        STANDARD,
        ("partner-call", "call-with-card", "seating"),
    ),
    "dd-edge-doubleduck-on-partners-lead": (
        "Seat 2 doubleducks the card its partner led: partners sit opposite, and the trick stays with side 0",
        ("9D", "2C", "9D", "3C"),
        "0:9D 1:2C 2:9D:doubleduck 3:3C",
        STANDARD,
        ("partner-call", "seating"),
    ),
    "dd-edge-as-played-draw": (
        "Option draw as-played: each player draws straight after playing to a Duck trick",
        JACKS,
        f"{JACKS_SO_FAR} 3:JD:quack-quack-quack",
        AS_PLAYED,
        (),
    ),
}


def soup_ace_high() -> JSON:
    """The Soup course: the Ace is high, so the best of its suit, and the highest card of the suit led wins."""
    recorder = arranged("dd-edge-ace-high-in-the-soup", soup_ace_high.__doc__ or "", ("AS", "KS", "2S", "QS"))
    advance(recorder, 0, "AS KS 2S QS")
    return finish(trick_by_seat(recorder, {0: "AS", 1: "KS", 2: "2S", 3: "QS"}))


def soup_doubleduck() -> JSON:
    """A doubleduck in the Soup course takes the trick as in the Duck."""
    recorder = arranged("dd-edge-soup-doubleduck", soup_doubleduck.__doc__ or "", ("8D", "8D", "5C", "5C"))
    advance(recorder, 0, "8D 5C")
    leader = recorder.table.deal.leader
    pair = (0, 1) if leader in (0, 1) else (2, 3)
    card = "8D" if leader in (0, 1) else "5C"
    plays = {0: "8D", 1: "8D", 2: "5C", 3: "5C"}
    plays[pair[0] if leader == pair[1] else pair[1]] = f"{card}:doubleduck"
    return finish(trick_by_seat(recorder, plays))


def last_duck_trick() -> JSON:
    """The last Duck trick: its four draws empty the stock, and its winner leads the first Soup trick."""
    recorder = arranged("dd-edge-last-duck-trick", last_duck_trick.__doc__ or "", ("", "", "", ""))
    advance(recorder, 4, "")
    recorder.play_out(random_policy, until=len(recorder.steps) + 4)
    return finish(recorder)


def side_without_duck_trick(
    trace_id: str, description: str, throw_in: tuple[Course, ...], attempt: int = 0, options: RuleOptions = STANDARD
) -> JSON:
    """Side 1 gives away every trick of the courses in ``throw_in``; otherwise random play from a seeded shuffle."""
    rng = random.Random(f"{trace_id}#{attempt}")
    deck = list(two_packs())
    rng.shuffle(deck)
    recorder = Recorder(trace_id, description, Scope.DEAL, options, DEALER, [deck], tags=["edge-case"])
    while not recorder.table.is_over:
        table = recorder.table
        policy = throwing_policy if table.deal.course in throw_in else random_policy
        recorder.act(policy(table, rng))
    return recorder.trace()


def _thrown(
    trace_id: str,
    description: str,
    throw_in: tuple[Course, ...],
    wanted: Callable[[JSON], bool],
    options: RuleOptions = STANDARD,
) -> JSON:
    """The first of a few seeded variants of :func:`side_without_duck_trick` whose finished deal is ``wanted``."""
    for attempt in range(50):
        trace = side_without_duck_trick(trace_id, description, throw_in, attempt, options)
        if wanted(trace["final"]["deals"][0]):
            return trace
    raise RuntimeError(f"{trace_id}: no seeded deal does what it should")


def precedence() -> JSON:
    """Actions wrong in two ways at once are refused with the code of higher precedence."""
    recorder = arranged(
        "dd-negative-precedence",
        "Actions wrong in two ways at once are refused with the code of higher precedence",
        ("8S 8C 2S", "8H 3H 4D", "8D 5C 6C", "8S 9H TH"),
        stock="KS KS",  # both kings of spades lie on the stock: nobody holds one
    )
    stock_card = "KS"
    refusals: dict[int, list[tuple[str, ErrorCode]]] = {
        0: [
            (f"1:{stock_card}", ErrorCode.NOT_YOUR_TURN),  # also not in hand
            (f"0:{stock_card}:quack", ErrorCode.CARD_NOT_IN_HAND),  # also a call on a lead
            ("0:2S:doubleduck", ErrorCode.CALL_NOT_ALLOWED),  # also another rank than nothing led
        ],
        1: [
            ("2:8D:quack-quack", ErrorCode.NOT_YOUR_TURN),  # also a wrong count
            (f"1:{stock_card}:doubleduck", ErrorCode.CARD_NOT_IN_HAND),  # also another rank
            ("1:3H:doubleduck", ErrorCode.CALL_RANK_MISMATCH),  # also not the duplicate
        ],
        2: [
            ("2:5C:quack-quack-quack", ErrorCode.CALL_RANK_MISMATCH),  # also a wrong count
            ("2:8D:doubleduck", ErrorCode.NOT_THE_DUPLICATE),
        ],
        3: [
            ("3:8S:quack", ErrorCode.QUACK_COUNT_MISMATCH),  # the duplicate, with the wrong count
            ("0:8C:quack-quack-quack", ErrorCode.NOT_YOUR_TURN),
        ],
    }
    for text in ("0:8S", "1:8H:quack", "2:8D:quack-quack", "3:8S:doubleduck"):
        for refused, code in refusals[len(recorder.table.deal.table)]:
            recorder.reject(move(refused), code)
        recorder.act(move(text))
    return finish(recorder)


def out_of_turn_in_the_soup() -> JSON:
    """In the Soup course, eight times a player who is not to play tries a card he does not hold: the play is out
    of turn and the card not in the hand, and out of turn comes first (not-your-turn; the second situation of
    the precedence after ``dd-negative-precedence``'s first trick)."""
    recorder = arranged(
        "dd-negative-out-of-turn-in-the-soup",
        "In the Soup, a play out of turn with a card the player does not hold is refused as out of turn first",
        ("", "", "", ""),
    )
    advance(recorder, 0, "")
    for _ in range(8):
        deal = recorder.table.deal
        to_act = deal.to_act
        assert to_act is not None
        other = (to_act + 1 + len(recorder.steps) % 3) % 4
        missing = next(card for card in two_packs() if card not in deal.hands[other])
        recorder.reject(Play(other, missing), ErrorCode.NOT_YOUR_TURN)
        recorder.act(next(a for a in recorder.table.legal_actions() if a.call is Call.NONE))
    return finish(recorder)


def negative(code: ErrorCode) -> JSON:
    """A deal in which every chance of an action rejected with ``code`` is taken, the play going on."""
    trace_id = f"dd-negative-{code.value}"
    recorder = arranged(
        trace_id,
        f"Actions rejected with {code.value}, the state unchanged and play going on",
        ("8S 8C JS", "8H JH 4D", "8S 5C JD", "8D 9H JC"),
    )
    if code is ErrorCode.DEAL_OVER:
        recorder.play_out(random_policy)
        recorder.reject(Play(0, parse_card("AC")), code)
        recorder.reject(Play(2, parse_card("KD"), Call.QUACK), code)
        return recorder.trace()
    script(recorder, "0:8S 1:8H:quack")  # calls are possible from the start
    recorder.play_out(random_policy, inject=0.5, only=code)
    return recorder.trace()


def _opening_cases() -> dict[str, Callable[[], JSON]]:
    return {
        trace_id: partial(opening, trace_id, description, hands, moves, options, tags)
        for trace_id, (description, hands, moves, options, tags) in OPENINGS.items()
    }


def _edge_cases() -> dict[str, Callable[[], JSON]]:
    cases = _opening_cases()
    cases["dd-edge-ace-high-in-the-soup"] = soup_ace_high
    cases["dd-edge-soup-doubleduck"] = soup_doubleduck
    cases["dd-edge-last-duck-trick"] = last_duck_trick
    cases["dd-edge-side-without-duck-trick"] = partial(
        _thrown,
        "dd-edge-side-without-duck-trick",
        "Side 1 wins no Duck trick: it still stores its Soup cards, and scores 0",
        (Course.DUCK,),
        lambda final: final["tricks"][1][0] == 0 and final["tricks"][1][1] > 0,
    )
    cases["dd-edge-side-without-any-trick"] = partial(
        _thrown,
        "dd-edge-side-without-any-trick",
        "Side 1 wins no trick at all: no keeper for either pile, a deal score of 0",
        (Course.DUCK, Course.SOUP),
        lambda final: final["tricks"][1] == [0, 0],
    )
    cases["dd-edge-side-without-duck-trick-as-played"] = partial(
        _thrown,
        "dd-edge-side-without-duck-trick-as-played",
        "Option draw as-played: side 1 wins no Duck trick, still stores its Soup cards, and scores 0",
        (Course.DUCK,),
        lambda final: final["tricks"][1][0] == 0 and final["tricks"][1][1] > 0,
        AS_PLAYED,
    )
    cases["dd-negative-precedence"] = precedence
    cases["dd-negative-out-of-turn-in-the-soup"] = out_of_turn_in_the_soup
    for code in ErrorCode:
        if code is not ErrorCode.GAME_OVER:  # game-over needs a whole game: see the generator's game traces
            cases[f"dd-negative-{code.value}"] = partial(negative, code)
    return cases


EDGE_CASES = _edge_cases()
"""Every hand-made trace builder of Doubleduck, by trace ID."""
