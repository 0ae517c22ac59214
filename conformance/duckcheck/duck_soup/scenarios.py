"""Hand-made edge cases: positions the random bots reach rarely, set up by deck order and scripted play.

Each scenario arranges a deck (:func:`duckspec.duck_soup.examples.arrange_deck`) so that the
players hold the cards it needs, scripts the moves that make the point, and lets a seeded random
bot finish the deal. Player 0 leads first (player 1 deals) unless a scenario says otherwise.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

from duckcheck.codec import JSON
from duckcheck.duck_soup.oracle import Scope, Table
from duckcheck.duck_soup.policies import random_policy
from duckcheck.duck_soup.recorder import Recorder
from duckspec.cards import Card, parse_card, parse_cards
from duckspec.duck_soup.actions import Action, Play, SayDuck
from duckspec.duck_soup.deal import Phase
from duckspec.duck_soup.errors import ErrorCode
from duckspec.duck_soup.examples import arrange_deck
from duckspec.duck_soup.quacking import Call
from duckspec.duck_soup.variants import STANDARD, Calls, DoubleDraw, RuleOptions, StockVisibility
from duckspec.seats import opponent

HIDDEN = RuleOptions(stock=StockVisibility.HIDDEN)
ALTERNATE = RuleOptions(double_draw=DoubleDraw.ALTERNATE)
SILENT = RuleOptions(calls=Calls.SILENT)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


def arranged(
    trace_id: str, description: str, leader: str, dealer: str, stock: str = "", options: RuleOptions = STANDARD
) -> Recorder:
    """A deal in which player 0 (leading) holds ``leader`` and player 1 (dealing) holds ``dealer``."""
    deck = arrange_deck(1, (cards(leader), cards(dealer)), cards(stock))
    return Recorder(trace_id, description, Scope.DEAL, options, 1, [deck], tags=["edge-case"])


def play(player: int, card: str, call: Call = Call.NONE) -> Play:
    return Play(player, parse_card(card), call)


def script(recorder: Recorder, *actions: Action) -> Recorder:
    for action in actions:
        recorder.act(action)
    return recorder


def advance(recorder: Recorder, stock_left: int, keep: str) -> Recorder:
    """Play plain cards, never those in ``keep``, until a trick is to be led with ``stock_left`` in the stock."""
    kept = set(cards(keep))
    table = recorder.table
    while not (table.deal.phase is Phase.LEAD and len(table.deal.stock) == stock_left):
        recorder.act(
            next(a for a in table.legal_actions() if isinstance(a, Play) and a.call is Call.NONE and a.card not in kept)
        )
        table = recorder.table
    return recorder


def quack_quack_now(recorder: Recorder, rank: str, duck_soup: bool) -> Recorder:
    """From a lead, play a quack-quack in ``rank``: both players must hold two cards of it."""
    deal = recorder.table.deal
    leader, follower = deal.leader, opponent(deal.leader)
    mine = [c for c in deal.hands[leader] if c.rank.letter == rank]
    theirs = [c for c in deal.hands[follower] if c.rank.letter == rank]
    fourth = theirs[1] if duck_soup else next(c for c in deal.hands[follower] if c.rank.letter != rank)
    return script(
        recorder,
        Play(leader, mine[0]),
        Play(follower, theirs[0], Call.QUACK),
        Play(leader, mine[1], Call.QUACK_QUACK),
        Play(follower, fourth, Call.DUCK_SOUP if duck_soup else Call.NONE),
    )


def finish(recorder: Recorder) -> JSON:
    recorder.play_out(random_policy)
    return recorder.trace()


def zero_points(trace_id: str, description: str, throw_in: str) -> JSON:
    """Player 1 never wins a trick in ``throw_in`` course(s): it always follows with another suit when it can."""
    rng = random.Random(trace_id)
    deck = arrange_deck(1, ((), ()))
    shuffled = list(deck)
    rng.shuffle(shuffled)
    recorder = Recorder(trace_id, description, Scope.DEAL, RuleOptions(), 1, [shuffled], tags=["edge-case"])
    while not recorder.table.is_over:
        recorder.act(_thrower(recorder.table, rng, throw_in))
    return recorder.trace()


def _thrower(table: Table, rng: random.Random, throw_in: str) -> Action:
    actions = table.legal_actions()
    deal = table.deal
    if deal.to_act == 1 and deal.phase is Phase.FOLLOW and throw_in in ("both", deal.course.value):
        losing = [
            a for a in actions if isinstance(a, Play) and a.call is Call.NONE and a.card.suit != deal.table[0].suit
        ]
        if losing:
            return rng.choice(losing)
    return rng.choice(actions)


def opening(
    trace_id: str, description: str, hands: tuple[str, str], moves: str, stock: str, options: RuleOptions
) -> JSON:
    """A deal opened by scripted ``moves`` (``"0:JS 1:JH:quack 0:duck"``), finished by the random bot.

    Player 0 holds ``hands[0]``, player 1 ``hands[1]``, and the cards ``stock`` lie on top of the stock.
    """
    recorder = arranged(trace_id, description, hands[0], hands[1], stock, options)
    for move in moves.split():
        player, card, *call = move.split(":")
        if card == "duck":
            recorder.act(SayDuck(int(player)))
        else:
            recorder.act(play(int(player), card, Call(call[0]) if call else Call.NONE))
    return finish(recorder)


def late_quack_quack(
    trace_id: str, description: str, stock_left: int, duck_soup: bool, options: RuleOptions = STANDARD
) -> JSON:
    """A quack-quack in jacks when ``stock_left`` cards remain in the stock (0: in the Soup course)."""
    recorder = arranged(trace_id, description, "JS JC", "JH JD", options=options)
    return finish(quack_quack_now(advance(recorder, stock_left, "JS JC JH JD"), "J", duck_soup))


JACKS = ("JS JC 9S 9H", "JH 9C 4D 5D")
BOTH_PAIRS = ("JS JC", "JH JD")
QUACK_QUACK = "0:JS 1:JH:quack 0:JC:quack-quack"
HEARTS = "2H 3H 4H 5H"
OPENINGS: dict[str, tuple[str, tuple[str, str], str, str, RuleOptions]] = {
    "ds-edge-quack-answered-by-duck": (
        "A quack in the Duck course answered by duck while the leader holds no third card",
        ("8S 2C", "8H 3C"),
        "0:8S 1:8H:quack 0:duck",
        "JD QD",
        STANDARD,
    ),
    "ds-edge-duck-holding-third-card": (
        "The leader answers a quack with duck although it holds a third card of the rank",
        ("8S 8C", "8H 3C"),
        "0:8S 1:8H:quack 0:duck",
        "JD QD",
        STANDARD,
    ),
    "ds-edge-forgotten-quack": (
        "The follower plays the rank led without calling quack: the leader wins 2",
        ("8S", "8H"),
        "0:8S 1:8H",
        "JD QD",
        STANDARD,
    ),
    "ds-edge-quack-quack-same-suit": (
        "Quack-quack, the fourth card of the third card's suit: 2 + 1 to the leader",
        JACKS,
        f"{QUACK_QUACK} 1:9C",
        HEARTS,
        STANDARD,
    ),
    "ds-edge-quack-quack-other-suit": (
        "Quack-quack, the fourth card of another suit: 2 + 2 to the leader",
        JACKS,
        f"{QUACK_QUACK} 1:4D",
        HEARTS,
        STANDARD,
    ),
    "ds-edge-duck-soup": (
        "Duck soup: the fourth jack takes both tricks, 2 + 2, and the follower draws first",
        BOTH_PAIRS,
        f"{QUACK_QUACK} 1:JD:duck-soup",
        HEARTS,
        STANDARD,
    ),
    "ds-edge-forgotten-duck-soup": (
        "The fourth jack played without calling duck soup: the leader wins both tricks",
        BOTH_PAIRS,
        f"{QUACK_QUACK} 1:JD",
        HEARTS,
        STANDARD,
    ),
    "ds-edge-alternate-double-draw": (
        "Option double_draw alternate: winner, loser, winner, loser",
        JACKS,
        f"{QUACK_QUACK} 1:9C",
        HEARTS,
        ALTERNATE,
    ),
    "ds-edge-hidden-double-draw": (
        "Hidden stock: the double draw takes the same cards, none shown",
        JACKS,
        f"{QUACK_QUACK} 1:9C",
        HEARTS,
        HIDDEN,
    ),
    "ds-edge-ace-low-in-the-duck": (
        "The Ace beats the King of its suit in the Duck course (Ace low)",
        ("KS", "AS 2C"),
        "0:KS 1:AS",
        "",
        STANDARD,
    ),
}
LATE_QUACK_QUACKS: dict[str, tuple[str, int, bool, RuleOptions]] = {
    "ds-edge-quack-quack-stock-4": (
        "Quack-quack with four cards in the stock: two each, then a 13-trick Soup",
        4,
        False,
        STANDARD,
    ),
    "ds-edge-quack-quack-stock-2": (
        "Quack-quack with two cards in the stock: one each, then a 12-trick Soup",
        2,
        False,
        STANDARD,
    ),
    "ds-edge-duck-soup-stock-2": (
        "Duck soup with two cards in the stock: the follower takes the face-up card, 12-trick Soup",
        2,
        True,
        STANDARD,
    ),
    "ds-edge-quack-quack-soup-course": ("Quack-quack in the Soup course: no drawing", 0, False, STANDARD),
    "ds-edge-duck-soup-soup-course": ("Duck soup in the Soup course", 0, True, STANDARD),
    "ds-edge-hidden-twelve-trick-soup": (
        "Hidden stock: quack-quack with two cards left, 12-trick Soup",
        2,
        False,
        HIDDEN,
    ),
}
ZERO_POINTS = {
    "ds-edge-zero-points": ("One player never wins a trick: nothing in either course, a deal score of 0", "both"),
    "ds-edge-zero-duck-points": ("One player wins nothing in the Duck course, so scores 0 for the deal", "duck"),
    "ds-edge-zero-soup-points": ("One player wins nothing in the Soup course, so scores 0 for the deal", "soup"),
}


def _edge_cases() -> dict[str, Callable[[], JSON]]:
    cases: dict[str, Callable[[], JSON]] = {}
    for trace_id, (description, hands, moves, stock, options) in OPENINGS.items():
        cases[trace_id] = partial(opening, trace_id, description, hands, moves, stock, options)
    for trace_id, (description, stock_left, duck_soup, options) in LATE_QUACK_QUACKS.items():
        cases[trace_id] = partial(late_quack_quack, trace_id, description, stock_left, duck_soup, options)
    for trace_id, (description, course) in ZERO_POINTS.items():
        cases[trace_id] = partial(zero_points, trace_id, description, course)
    cases["ds-edge-quack-soup-course"] = _quack_in_soup
    cases["ds-edge-ace-high-in-the-soup"] = _ace_in_soup
    cases["ds-edge-twelve-trick-soup-deal-over"] = _deal_over_after_twelve
    cases["ds-negative-precedence"] = _precedence
    for code in ErrorCode:
        if code is not ErrorCode.GAME_OVER:  # game-over needs a whole game: see the generator's ds-game-illegal traces
            cases[f"ds-negative-{code.value}"] = _negative_case(code)
    return cases


def _quack_in_soup() -> JSON:
    description = "A quack in the Soup course answered by duck"
    recorder = advance(arranged("ds-edge-quack-soup-course", description, "8S", "8H"), 0, "8S 8H")
    leader = recorder.table.deal.leader
    lead, answer = (parse_card("8S"), parse_card("8H")) if leader == 0 else (parse_card("8H"), parse_card("8S"))
    return finish(script(recorder, Play(leader, lead), Play(opponent(leader), answer, Call.QUACK), SayDuck(leader)))


def _ace_in_soup() -> JSON:
    description = "The Ace beats the King of its suit in the Soup course (Ace high)"
    recorder = advance(arranged("ds-edge-ace-high-in-the-soup", description, "KS", "AS"), 0, "KS AS")
    leader = recorder.table.deal.leader
    lead, follow = (parse_card("KS"), parse_card("AS")) if leader == 0 else (parse_card("AS"), parse_card("KS"))
    return finish(script(recorder, Play(leader, lead), Play(opponent(leader), follow)))


def _deal_over_after_twelve() -> JSON:
    description = "A 12-trick Soup played to its end; any further action is refused"
    recorder = advance(arranged("ds-edge-twelve-trick-soup-deal-over", description, *BOTH_PAIRS), 2, "JS JC JH JD")
    recorder = quack_quack_now(recorder, "J", duck_soup=False)
    recorder.play_out(random_policy)
    recorder.reject(Play(0, parse_card("AC")), ErrorCode.DEAL_OVER)
    return recorder.trace()


def _precedence() -> JSON:
    """Actions wrong in two ways at once: the code reported is the one of higher precedence."""
    recorder = arranged(
        "ds-negative-precedence",
        "Actions wrong in two ways at once are refused with the code of higher precedence",
        "8S 8C 2S",
        "8H 3H 4D",
        "JD QD",
    )
    stock_card, theirs, mine = "KS", "3H", "2S"  # KS lies deep in the stock
    refusals: dict[str, list[tuple[Action, ErrorCode]]] = {
        "lead": [
            (play(1, stock_card), ErrorCode.NOT_YOUR_TURN),  # also not in hand
            (SayDuck(1), ErrorCode.NOT_YOUR_TURN),  # also no quack waiting
            (play(0, theirs, Call.QUACK), ErrorCode.CARD_NOT_IN_HAND),  # also a call on a lead
        ],
        "follow": [
            (play(0, mine, Call.DUCK_SOUP), ErrorCode.NOT_YOUR_TURN),
            (play(1, stock_card, Call.QUACK), ErrorCode.CARD_NOT_IN_HAND),  # also a quack on another rank
            (play(1, stock_card, Call.DUCK_SOUP), ErrorCode.CARD_NOT_IN_HAND),  # also a call out of place
        ],
        "answer": [
            (SayDuck(1), ErrorCode.NOT_YOUR_TURN),
            (play(0, stock_card), ErrorCode.ANSWER_REQUIRED),  # also not in hand
            (play(0, stock_card, Call.QUACK_QUACK), ErrorCode.CARD_NOT_IN_HAND),  # also another rank
        ],
        "fourth": [
            (play(1, stock_card, Call.QUACK), ErrorCode.CARD_NOT_IN_HAND),  # also a call out of place
            (SayDuck(1), ErrorCode.DUCK_NOT_ALLOWED),
        ],
    }
    for move in ("0:8S", "1:8H:quack", "0:8C:quack-quack", "1:4D"):
        for action, code in refusals[recorder.table.deal.phase.value]:
            recorder.reject(action, code)
        player, card, *call = move.split(":")
        recorder.act(play(int(player), card, Call(call[0]) if call else Call.NONE))
    return finish(recorder)


def _negative_case(code: ErrorCode) -> Callable[[], JSON]:
    """A deal in which every chance of an action rejected with ``code`` is taken, the play going on."""

    def build() -> JSON:
        trace_id = f"ds-negative-{code.value}"
        recorder = arranged(
            trace_id,
            f"Actions rejected with {code.value}, the state unchanged and play going on",
            "8S 8C JS",
            "8H JH 4D",
        )
        if code is ErrorCode.DEAL_OVER:
            recorder.play_out(random_policy)
            recorder.reject(Play(0, parse_card("AC")), code)
            recorder.reject(SayDuck(1), code)
            return recorder.trace()
        script(recorder, play(0, "8S"), play(1, "8H", Call.QUACK))  # a quack, so every phase occurs early
        recorder.play_out(random_policy, inject=0.5, only=code)
        return recorder.trace()

    return build


EDGE_CASES = _edge_cases()
"""Every hand-made trace builder, by trace ID."""


# Suite 1.1: silent calls (DS-R15, DS-R16) and the leader's third card without its call (DS-R10).

SILENT_OPENINGS: dict[str, tuple[str, tuple[str, str], str, str]] = {
    "ds-edge-silent-quack": (
        "Silent calls: the rank led is a quack without a word; the leader, holding no third card, says duck",
        ("8S 2C", "8H 8C 3C"),
        "0:8S 1:8H 0:duck",
        "JD QD 8D",
    ),
    "ds-edge-silent-quack-quack": (
        "Silent calls: the leader's third card of the rank is the quack-quack; another fourth card loses both",
        JACKS,
        "0:JS 1:JH 0:JC 1:9C",
        HEARTS,
    ),
    "ds-edge-silent-duck-soup": (
        "Silent calls: the fourth card of the rank takes both tricks, 2 + 2, without a word",
        BOTH_PAIRS,
        "0:JS 1:JH 0:JC 1:JD",
        HEARTS,
    ),
    "ds-edge-silent-fourth-card-held-back": (
        "Silent calls: the follower holds the fourth jack back and plays another card; the leader wins both",
        ("JS JC", "JH JD 9C"),
        "0:JS 1:JH 0:JC 1:9C",
        HEARTS,
    ),
}


def _silent_refusals() -> JSON:
    """With silent calls every call is refused, in every phase, and a card of another rank cannot answer a quack."""
    recorder = arranged(
        "ds-negative-silent-calls",
        "Silent calls: any call is refused with call-not-allowed, and only a card of the rank answers a quack",
        "8S 8C JS 2C",
        "8H JH 3C 4D",
        "JD QD 8D",
        SILENT,
    )
    refusals: dict[str, list[tuple[Action, ErrorCode]]] = {
        "lead": [(play(0, "8S", Call.QUACK), ErrorCode.CALL_NOT_ALLOWED)],
        "follow": [
            (play(1, "8H", Call.QUACK), ErrorCode.CALL_NOT_ALLOWED),
            (play(1, "3C", Call.DUCK_SOUP), ErrorCode.CALL_NOT_ALLOWED),
        ],
        "answer": [
            (play(0, "8C", Call.QUACK_QUACK), ErrorCode.CALL_NOT_ALLOWED),
            (play(0, "JS"), ErrorCode.ANSWER_REQUIRED),
            (play(0, "2C", Call.QUACK_QUACK), ErrorCode.ANSWER_REQUIRED),
        ],
        "fourth": [
            (play(1, "4D", Call.DUCK_SOUP), ErrorCode.CALL_NOT_ALLOWED),
            (play(1, "JH", Call.QUACK), ErrorCode.CALL_NOT_ALLOWED),
        ],
    }
    for move in ("0:8S", "1:8H", "0:8C", "1:4D"):
        for action, code in refusals[recorder.table.deal.phase.value]:
            recorder.reject(action, code)
        player, card = move.split(":")
        recorder.act(play(int(player), card))
    return finish(recorder)


def _third_card_without_call() -> JSON:
    """Spoken calls: the leader's third card of the rank without "quack-quack" is refused (DS-R10)."""
    recorder = arranged(
        "ds-edge-third-card-without-call",
        "A quack waits: the leader's third card of the rank without quack-quack is refused; then it is called",
        "8S 8C 2S",
        "8H 3H 4D",
        "JD QD",
    )
    script(recorder, play(0, "8S"), play(1, "8H", Call.QUACK))
    recorder.reject(play(0, "8C"), ErrorCode.ANSWER_REQUIRED)
    script(recorder, play(0, "8C", Call.QUACK_QUACK), play(1, "4D"))
    return finish(recorder)


def _edge_cases_1_1() -> dict[str, Callable[[], JSON]]:
    cases: dict[str, Callable[[], JSON]] = {}
    for trace_id, (description, hands, moves, stock) in SILENT_OPENINGS.items():
        cases[trace_id] = partial(opening, trace_id, description, hands, moves, stock, SILENT)
    cases["ds-negative-silent-calls"] = _silent_refusals
    cases["ds-edge-third-card-without-call"] = _third_card_without_call
    return cases


EDGE_CASES_1_1 = _edge_cases_1_1()
"""The hand-made traces that suite 1.1 adds, by trace ID."""
