"""Hand-made Aw Ducks! traces: edge cases, endings, rulings and refusals, as tables.

Four kinds of builder, each fed by a table:

* :data:`CONDITIONS`: each duck's condition just met and just missed (and the rulings' borderline
  tableaux), by a deck whose top gives player 0 the pond and the tableau named, then a Score;
* :data:`OPENINGS`: a deck top and a script of turns that make one point (a rainbow duck on black
  numbers, a Safe Draw's duck, a Quick Quack's duck, a stashed duck, ...);
* :data:`FOUND`: rare events (every way a round can end, play with an empty deck, a shared win)
  found by playing seeded rounds with a bot until one shows them;
* :data:`GAMES`: games whose first round decides a ruling of §2 (a total equal to the target,
  level totals past it), assembled from a round found the same way.

The negative traces try every error code, and actions wrong in two ways at once. Every trace is
finished by a seeded bot, so its play and its expected values come from the specification.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from functools import partial

from duckcheck.aw_ducks.encoding import TARGETS
from duckcheck.aw_ducks.oracle import Scope
from duckcheck.aw_ducks.policies import POLICIES, Policy, discarder_policy, random_policy
from duckcheck.aw_ducks.recorder import Recorder, round_rng
from duckcheck.codec import JSON
from duckcheck.planning import seeded, shuffled_decks
from duckcheck.recording import RecordingError
from duckspec.aw_ducks.actions import Action, Discard, Draw, Score
from duckspec.aw_ducks.components import Card, full_deck, parse_card, parse_cards
from duckspec.aw_ducks.errors import ErrorCode
from duckspec.aw_ducks.options import STANDARD, RuleOptions
from duckspec.aw_ducks.rounds import Phase
from duckspec.seats import left_of

GAME_DECKS = 30
"""Decks given to a game: far more than any game here needs."""
SEARCH_LIMIT = 3000


def shuffled(rng: random.Random) -> tuple[Card, ...]:
    """One shuffle of the deck, drawn from ``rng``."""
    return shuffled_decks(rng, full_deck, 1)[0]


def deck_with_top(top: Sequence[Card], rng: random.Random) -> tuple[Card, ...]:
    """``top`` on top of the deck, in that order, and the other cards under it shuffled by ``rng``."""
    rest = Counter(full_deck())
    rest.subtract(top)
    if any(count < 0 for count in rest.values()):
        raise RecordingError(f"the deck top {' '.join(map(str, top))} names a card too often")
    under = list(rest.elements())
    under.sort()
    rng.shuffle(under)
    return (*top, *under)


def available(cards: Sequence[Card], left: Counter[Card]) -> list[Card]:
    """Those of ``cards`` that ``left`` still holds, taking each from it."""
    taken = []
    for card in cards:
        if left[card] > 0:
            left[card] -= 1
            taken.append(card)
    return taken


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


def arranged(
    trace_id: str, description: str, top: str, players: int = 2, start: int = 0, options: RuleOptions = STANDARD
) -> Recorder:
    """A round whose deck starts with ``top`` (the rest shuffled by the trace ID), ``start`` playing first."""
    deck = deck_with_top(cards(top), seeded(trace_id))
    return Recorder(trace_id, description, Scope.ROUND, options, start, [deck], players, tags=["edge-case"])


def move(text: str) -> Action:
    """One scripted turn: ``"0:draw"``, ``"1:score"`` or ``"0:discard:5K"``."""
    player, turn, *card = text.split(":")
    if turn == "draw":
        return Draw(int(player))
    if turn == "score":
        return Score(int(player))
    return Discard(int(player), parse_card(card[0]))


def script(recorder: Recorder, moves: str) -> Recorder:
    for text in moves.split():
        recorder.act(move(text))
    return recorder


def finish(recorder: Recorder, policy: Policy = random_policy) -> JSON:
    recorder.play_out(policy)
    return recorder.trace()


# Each duck's condition, just met and just missed.

FILLERS = cards("6K 6K 5K 5K 4K 4K 2K 2K 6P 6P 5P 5P 4P 4P 6G 6G 5G 5G 6B 6B")
"""The numbers player 1 draws while player 0 builds a tableau: blacks first, which no duck discards."""

CONDITIONS: dict[str, tuple[str, str, str]] = {
    "ad-edge-red-five-odds": ("Red met: five odd numbers of four colours", "DR", "1R 3Y 5G 1B 3P"),
    "ad-edge-red-four-odds": ("Red just missed: four odds and an even", "DR", "1R 3Y 5G 1B 2P"),
    "ad-edge-red-five-evens": ("Red met: five even numbers", "DR", "2R 4Y 6G 2B 4P"),
    "ad-edge-red-six-odds": ("Red met by six odd numbers: five is a minimum", "DR", "1R 3Y 5G 1B 3P 5R"),
    "ad-edge-red-copies": ("Red met by five odd cards of three values, copies counted", "DR", "1R 1R 3Y 3Y 5G"),
    "ad-edge-yellow-run": ("Yellow met: 2-3-4-5 in four colours", "DY", "2R 3Y 4G 5B"),
    "ad-edge-yellow-gap": ("Yellow just missed: 2-3-4 and a 6", "DY", "2R 3Y 4G 6B"),
    "ad-edge-yellow-placed-apart": (
        "Yellow met by 2-3-4-5 placed as 5, 3, 2, 4: the values are in a row, not the cards",
        "DY",
        "5R 3Y 2G 4B",
    ),
    "ad-edge-yellow-six-long": ("Yellow met by a run of six values", "DY", "1R 2Y 3G 4B 5P 6R"),
    "ad-edge-yellow-repeat-inside": (
        "Yellow met by 2-3-3-4-5: a repeated value does not break the run",
        "DY",
        "2R 3Y 3G 4B 5P",
    ),
    "ad-edge-yellow-no-wrap": ("Yellow missed by 5-6-1-2: values do not wrap", "DY", "5R 6Y 1G 2B"),
    "ad-edge-yellow-no-wrap-high": ("Yellow missed by 6-1-2-3: values do not wrap", "DY", "6R 1Y 2G 3B"),
    "ad-edge-green-three": ("Green met: three fours", "DG", "4R 4Y 4P"),
    "ad-edge-green-two": ("Green just missed: two fours and a five", "DG", "4R 4Y 5P"),
    "ad-edge-green-four": ("Green met by four fours: three is a minimum", "DG", "4R 4Y 4G 4B"),
    "ad-edge-blue-five-with-black": ("Blue met: five colours, black among them", "DB", "1R 2Y 3G 4B 5K"),
    "ad-edge-blue-four": ("Blue just missed: four colours", "DB", "1R 2Y 3G 4B 5B"),
    "ad-edge-blue-six": ("Blue met by all six colours: five is a minimum", "DB", "1R 2Y 3G 4B 5P 1K"),
    "ad-edge-purple-three": ("Purple met: three purple numbers", "DP", "1P 3P 5P"),
    "ad-edge-purple-two": ("Purple just missed: two purples and a black", "DP", "1P 3P 1K"),
    "ad-edge-purple-four": ("Purple met by four reds: three is a minimum", "DP", "1R 2R 4R 6R"),
    "ad-edge-purple-black": ("Purple met by three black numbers: black is a colour", "DP", "1K 3K 3K"),
    "ad-edge-several-ducks": (
        "The text's example: green and yellow met, blue not, rainbow always; every copy taken",
        "DY DY DG DB DB DW",
        "2R 3R 4Y 5Y 5G 5K",
    ),
    "ad-edge-every-condition": (
        "One tableau meeting every condition takes every duck in the pond",
        "DR DY DG DB DP DW",
        "1R 3R 5R 1Y 3G 4B 2K 3P",
    ),
}
"""Trace ID: (description, the pond player 0 draws first, the tableau player 0 then draws and scores)."""


def condition_case(trace_id: str, description: str, pond: str, tableau: str) -> JSON:
    """Player 0 draws the pond's ducks, then builds ``tableau`` while player 1 draws fillers, then Scores."""
    wanted = cards(tableau)
    left = Counter(full_deck())
    left.subtract(wanted)
    fillers = available(FILLERS, left)[: len(wanted)]
    top = [*cards(pond)]
    for mine, theirs in zip(wanted, fillers, strict=True):
        top += [mine, theirs]
    recorder = arranged(trace_id, description, " ".join(map(str, top)))
    script(recorder, "0:draw 1:draw " * len(wanted) + "0:score")
    return finish(recorder)


# Openings that make one point each.

OPENINGS: dict[str, tuple[str, int, str, str]] = {
    "ad-edge-rainbow-on-black-numbers": (
        "A rainbow duck drawn onto a tableau of black numbers discards nothing",
        2,
        "1K 6R 3K 6Y 5K 6G DW 2R",
        "0:draw 1:draw 0:draw 1:draw 0:draw 1:draw 0:draw",
    ),
    "ad-edge-rainbow-spares-black": (
        "A rainbow duck discards every number of the drawer's tableau but the black ones",
        3,
        "1R 6K 6K 4P 5K 5K 2K 4K 4K DW 3Y",
        "0:draw 1:draw 2:draw 0:draw 1:draw 2:draw 0:draw 1:draw 2:draw 0:draw",
    ),
    "ad-edge-duck-spares-other-tableaux": (
        "A red duck discards the drawer's red numbers and not the other players'",
        3,
        "1R 2R 3R 3Y 4R 6R DR 5B",
        "0:draw 1:draw 2:draw 0:draw 1:draw 2:draw 0:draw",
    ),
    "ad-edge-draw-through-ducks": (
        "A Draw goes on through three ducks, each discarding, until a number comes",
        2,
        "1R 6K 2Y 6K 3G 5K DR DY DG 4B",
        "0:draw 1:draw 0:draw 1:draw 0:draw 1:draw 0:draw",
    ),
    "ad-edge-safe-draw-duck": (
        "A Safe Draw takes exactly two cards; its duck goes to the pond and discards nothing",
        2,
        "1K 6R 2Y 6Y DY 4Y 3B",
        "0:draw 1:draw 0:draw 1:draw 0:discard:1K",
    ),
    "ad-edge-safe-draw-two-ducks": (
        "A Safe Draw of two ducks: both to the pond, no number, no effect",
        2,
        "2R 6K 3R 6K DR DW 4B",
        "0:draw 1:draw 0:draw 1:draw 0:discard:2R",
    ),
    "ad-edge-quick-quack-duck": (
        "A Quick Quack's duck discards a number drawn before it, and no card is drawn for it",
        2,
        "3K 6R 6B 6Y 2R DR 5G 4P",
        "0:draw 1:draw 0:draw 1:draw 0:discard:3K 0:score",
    ),
    "ad-edge-quick-quack-clears-the-tableau": (
        "A Quick Quack of three ducks clears the tableau; the forced Score of nothing takes the rainbow duck",
        2,
        "4R 6K 5R 6K DR DW DY 1B",
        "0:draw 1:draw 0:draw 1:draw 0:discard:4R 0:score",
    ),
    "ad-edge-stashed-duck": (
        "A Secret Stash takes a duck unseen; it counts 5 at the count",
        2,
        "6P 6R 1K 6Y DG 4Y",
        "0:draw 1:draw 0:draw 1:draw 0:discard:6P 0:score",
    ),
    "ad-edge-stash-of-the-last-card": (
        "The last card discarded for a Secret Stash; the forced Score of an empty tableau takes the rainbow duck",
        2,
        "DW 5K 6R",
        "0:draw 1:draw 0:discard:5K 0:score",
    ),
    "ad-edge-two-copies-one-discard": (
        "A tableau holding both copies of a card: one Discard takes one copy",
        2,
        "5B 6K 5B 6K",
        "0:draw 1:draw 0:draw 1:draw 0:discard:5B 0:score",
    ),
}
"""Trace ID: (description, players, deck top, scripted turns); player 0 starts, a random bot finishes."""


def opening(trace_id: str, description: str, players: int, top: str, moves: str) -> JSON:
    return finish(script(arranged(trace_id, description, top, players), moves))


# Rare events, found by playing seeded rounds.

FOUND: dict[str, tuple[str, str, int, frozenset[str], frozenset[str]]] = {}
"""Trace ID: (description, policy, players, events wanted, events not wanted)."""
for _players in (2, 3, 4):
    for _event, _what in (
        ("round-ends-in-draw", "a Draw from the empty deck"),
        ("round-ends-in-draw-chain", "a Draw that meets ducks until the deck is empty"),
        ("round-ends-in-safe-draw", "a Safe Draw"),
        ("round-ends-in-quick-quack", "a Quick Quack; the forced Score is the ender's final Score"),
        ("round-ends-in-secret-stash", "a Secret Stash; the forced Score is the ender's final Score"),
    ):
        _unwanted = frozenset({"round-ends-in-draw-chain"}) if _event == "round-ends-in-draw" else frozenset()
        FOUND[f"ad-edge-ends-in-{_event[14:]}-{_players}p"] = (
            f"{_players} players: the round ends in {_what}, then final Scores from the ender",
            "discarder",
            _players,
            frozenset({_event}),
            _unwanted,
        )
    FOUND[f"ad-edge-play-with-empty-deck-{_players}p"] = (
        f"{_players} players: the deck runs out, a player Scores with it empty, and the round goes on",
        "random",
        _players,
        frozenset({"play-with-empty-deck"}),
        frozenset(),
    )
    FOUND[f"ad-edge-round-tie-{_players}p"] = (
        f"{_players} players: the top score is shared, and so is the win",
        "random",
        _players,
        frozenset({"round-tie"}),
        frozenset(),
    )
FOUND["ad-edge-stash-from-empty-deck"] = (
    "A Secret Stash from the empty deck ends the round",
    "discarder",
    3,
    frozenset({"stash-from-empty-deck"}),
    frozenset(),
)
FOUND["ad-edge-stash-takes-the-last-card"] = (
    "A Secret Stash takes the deck's last card, then ends the round",
    "discarder",
    2,
    frozenset({"stash-takes-the-last-card"}),
    frozenset(),
)
FOUND["ad-edge-final-score-of-nothing"] = (
    "A final Score with an empty tableau takes the rainbow ducks",
    "discarder",
    4,
    frozenset({"final-empty-score-rainbow"}),
    frozenset(),
)


def rounds_found(name: str, policy: str, players: int) -> Iterator[tuple[tuple[Card, ...], int, Recorder]]:
    """Seeded rounds played by ``policy``, without end: each deck, start player and recording."""
    for seed in range(SEARCH_LIMIT):
        rng = seeded(f"{name}-{seed}")
        deck, start = shuffled(rng), seed % players
        recorder = Recorder(name, "", Scope.ROUND, STANDARD, start, [deck], players)
        recorder.play_out(POLICIES[policy])
        yield deck, start, recorder


def found_case(
    trace_id: str, description: str, policy: str, players: int, wanted: frozenset[str], unwanted: frozenset[str]
) -> JSON:
    """The first seeded round by ``policy`` whose events include ``wanted`` and none of ``unwanted``."""
    for _, _, recorder in rounds_found(trace_id, policy, players):
        if wanted <= recorder.events and not unwanted & recorder.events:
            recorder.description = description
            recorder.events.add("edge-case")
            return recorder.trace()
    raise RecordingError(f"{trace_id}: no round among {SEARCH_LIMIT} shows {sorted(wanted)}")


# Games decided (or not) by the first round.

GAMES: dict[str, tuple[str, int, str]] = {
    "ad-game-target-exact": ("A total equal to the target ends the game: reaching it is enough", 2, "exact"),
    "ad-game-level-totals": ("Level highest totals past the target: another round is played", 4, "level"),
    "ad-game-level-totals-3p": ("Level highest totals past the target: another round is played", 3, "level"),
    "ad-game-several-past-target": ("Two totals pass the target: the higher wins", 2, "several"),
    "ad-game-target-exact-4p": ("4 players: a total equal to the target ends the game", 4, "exact"),
    "ad-game-one-short-of-target": ("A top total one point short of the target: the game goes on", 2, "short"),
    "ad-game-one-short-of-target-3p": ("3 players: a top total one short of the target; the game goes on", 3, "short"),
    "ad-game-level-totals-2p": ("2 players: level totals past the target; another round is played", 2, "level"),
}
"""Trace ID: (description, players, what the first round must do to the totals)."""


def first_round_target(points: tuple[int, ...], kind: str) -> int | None:
    """The target (a multiple of 50) that makes the first round's ``points`` show ``kind``, or None."""
    best = max(points)
    sole = points.count(best) == 1
    if kind == "exact":
        return best if sole and best in TARGETS else None
    if kind == "level":
        return best // 50 * 50 if not sole and best >= 50 else None
    if kind == "short":
        return best + 1 if sole and best + 1 in TARGETS else None
    second = sorted(points)[-2]
    return second // 50 * 50 if sole and second >= 50 and second // 50 * 50 > 0 else None


TAGGED: dict[str, tuple[str, ...]] = {
    "ad-game-target-exact-4p": ("players-two-to-four",),
    "ad-game-one-short-of-target": ("one-short-of-target",),
    "ad-game-one-short-of-target-3p": ("one-short-of-target", "players-two-to-four"),
    "ad-game-level-twice-3p": ("level-twice", "players-two-to-four"),
    "ad-game-level-twice-4p": ("level-twice", "players-two-to-four"),
    "ad-game-target-exact-later-3p": ("players-two-to-four",),
    "ad-game-one-short-later-4p": ("one-short-of-target", "players-two-to-four"),
    "ad-edge-ducks-left-in-the-pond-3p": ("players-two-to-four",),
    "ad-edge-ducks-left-in-the-pond-4p": ("players-two-to-four",),
}
"""Tags (and through them rulings) that a hand-made game is given by name: what its builder makes sure of (three or
four players, which a two-player implementation cannot set up; a top total one short of the target; the top level
twice running). Traces published before these tags existed are frozen and keep their tags."""


def tags_of(trace_id: str, players: int) -> list[str]:
    """The hand-made trace's tags: ``edge-case`` and its :data:`TAGGED` ones, checked against the players."""
    tags = ["edge-case", *TAGGED.get(trace_id, ())]
    if "players-two-to-four" in tags and players == 2:
        raise RecordingError(f"{trace_id}: a two-player game does not show that three or four may play")
    return tags


def game_case(trace_id: str, description: str, players: int, kind: str) -> JSON:
    """A game whose first round is the first seeded round (random bot) that makes ``kind`` happen for some target."""
    for deck, start, recorder in rounds_found(trace_id, "random", players):
        target = first_round_target(tuple(recorder.outcomes[0]["scores"]), kind)
        if target is None:
            continue
        spare = [shuffled(seeded(f"{trace_id}-spare-{n}")) for n in range(GAME_DECKS)]
        game = Recorder(
            trace_id,
            description,
            Scope.GAME,
            RuleOptions(target=target),
            start,
            [deck, *spare],
            players,
            tags_of(trace_id, players),
        )
        game.play_out(random_policy)
        return game.trace()
    raise RecordingError(f"{trace_id}: no first round makes {kind} happen")


LEVEL_TWICE: dict[str, tuple[str, int]] = {
    "ad-game-level-twice-3p": ("3 players: the top totals past the target are level after two rounds running", 3),
    "ad-game-level-twice-4p": ("4 players: the top totals past the target are level after two rounds running", 4),
}
"""Trace ID: (description, players) of games whose first two rounds both end with the highest totals level past the
target, so that one extra round is not enough (AD-R15)."""


def played_round(deck: tuple[Card, ...], start: int, players: int) -> Recorder:
    """A round played by the random bot: a function of the deck and the start player alone."""
    recorder = Recorder("", "", Scope.ROUND, STANDARD, start, [deck], players)
    recorder.play_out(random_policy)
    return recorder


def round_scores(deck: tuple[Card, ...], start: int, players: int) -> tuple[int, ...]:
    """The scores of a round played by the random bot (:func:`played_round`)."""
    return tuple(played_round(deck, start, players).outcomes[0]["scores"])


def pond_left(deck: tuple[Card, ...], start: int, players: int) -> tuple[Card, ...]:
    """The ducks still in the pond when the random bot's round from ``deck`` is over (ruling AD-R20)."""
    return played_round(deck, start, players).table.round.pond


def level_top(totals: Sequence[int]) -> bool:
    return sorted(totals)[-2] == max(totals)


def level_twice_case(trace_id: str, description: str, players: int) -> JSON:
    """A game whose first round (the first seeded one that levels the top) and second round (the first seeded deck
    that levels it again) both leave the highest totals level at or past the target; the rest is played out."""
    for deck, start, recorder in rounds_found(trace_id, "random", players):
        first = tuple(recorder.outcomes[0]["scores"])
        target = first_round_target(first, "level")
        if target is None:
            continue
        for n in range(SEARCH_LIMIT):
            second = shuffled(seeded(f"{trace_id}-second-{n}"))
            totals = [a + b for a, b in zip(first, round_scores(second, left_of(start, players), players), strict=True)]
            if not level_top(totals):
                continue
            spare = [shuffled(seeded(f"{trace_id}-spare-{k}")) for k in range(GAME_DECKS)]
            tags = tags_of(trace_id, players) + (["pond-left-for-nobody"] if pond_left(deck, start, players) else [])
            game = Recorder(
                trace_id,
                description,
                Scope.GAME,
                RuleOptions(target=target),
                start,
                [deck, second, *spare],
                players,
                tags,
            )
            game.play_out(random_policy)
            return game.trace()
        break
    raise RecordingError(f"{trace_id}: no two rounds running leave the top totals level")


LATER: dict[str, tuple[str, int, str]] = {
    "ad-game-target-exact-later-3p": ("3 players: a total equal to the target, reached in a later round", 3, "exact"),
    "ad-game-one-short-later-4p": ("4 players: a top total one short of the target after a later round", 4, "short"),
}
"""Trace ID: (description, players, what a later round's count must do to the totals): the boundaries of §2 met
after the second round or later, where the totals carry earlier rounds."""


def later_count_target(totals: Sequence[tuple[int, ...]], kind: str) -> int | None:
    """The target that makes the last of these running totals (a count after the first) show ``kind`` while no
    earlier count reached it, or None."""
    if len(totals) < 3 or list(totals[-1]).count(max(totals[-1])) != 1:
        return None
    best, before = max(totals[-1]), max(totals[-2])
    target = best if kind == "exact" else best + 1
    return target if target in TARGETS and before < target - 1 else None


def later_case(trace_id: str, description: str, players: int, kind: str) -> JSON:
    """A game of seeded decks played by the random bot, round by round, to the first count after the first round
    whose totals show ``kind`` (:func:`later_count_target`); then recorded with that target. A run of decks whose
    totals pass the largest target without it gives way to the next run."""
    for attempt in range(SEARCH_LIMIT):
        start = seeded(f"{trace_id}-{attempt}").randrange(players)
        decks: list[tuple[Card, ...]] = []
        totals: list[tuple[int, ...]] = [(0,) * players]
        while max(totals[-1]) < TARGETS[-1]:
            decks.append(shuffled(seeded(f"{trace_id}-{attempt}-{len(decks)}")))
            scores = round_scores(decks[-1], (start + len(decks) - 1) % players, players)
            totals.append(tuple(a + b for a, b in zip(totals[-1], scores, strict=True)))
            target = later_count_target(totals, kind)
            if target is not None:
                spare = [shuffled(seeded(f"{trace_id}-spare-{n}")) for n in range(GAME_DECKS)]
                tags = ["edge-case", *TAGGED.get(trace_id, ())]
                options = RuleOptions(target=target)
                game = Recorder(trace_id, description, Scope.GAME, options, start, [*decks, *spare], players, tags)
                game.play_out(random_policy)
                return game.trace()
    raise RecordingError(f"{trace_id}: no later count makes {kind} happen")


POND_LEFT: dict[str, tuple[str, int]] = {
    "ad-edge-ducks-left-in-the-pond-3p": (
        "3 players: ducks nobody met are still in the pond at the count; they score for nobody",
        3,
    ),
    "ad-edge-ducks-left-in-the-pond-4p": (
        "4 players: ducks nobody met are still in the pond at the count; they score for nobody",
        4,
    ),
}
"""Trace ID: (description, players) of rounds that end with ducks in the pond (AD-R20)."""


def pond_left_case(trace_id: str, description: str, players: int) -> JSON:
    """The first seeded round (random bot) that ends with at least two ducks in the pond, one of them not rainbow."""
    for _, _, recorder in rounds_found(trace_id, "random", players):
        if len(recorder.table.round.pond) >= 2:
            recorder.description = description
            recorder.events |= {"edge-case", "pond-left-for-nobody", *tags_of(trace_id, players)}
            return recorder.trace()
    raise RecordingError(f"{trace_id}: no round ends with ducks in the pond")


# Refusals.


def negative_case(code: ErrorCode) -> Callable[[], JSON]:
    """A round (a game for ``game-over``) in which actions rejected with ``code`` are tried, play going on."""

    def build() -> JSON:
        trace_id = f"ad-negative-{code.value}"
        description = f"Actions rejected with {code.value}, the state unchanged and play going on"
        rng = seeded(trace_id)
        if code is ErrorCode.GAME_OVER:
            decks = [shuffled(rng) for _ in range(GAME_DECKS)]
            recorder = Recorder(trace_id, description, Scope.GAME, RuleOptions(target=100), 1, decks, 4, ["edge-case"])
            recorder.play_out(random_policy)
            for action in (Draw(0), Score(1), Discard(2, parse_card("3R"))):
                recorder.reject(action, code)
            return recorder.trace()
        recorder = Recorder(trace_id, description, Scope.ROUND, STANDARD, 2, [shuffled(rng)], 3, ["edge-case"])
        if code is ErrorCode.ROUND_OVER:
            recorder.play_out(random_policy)
            for action in (Draw(0), Score(1), Discard(2, parse_card("DW"))):
                recorder.reject(action, code)
            return recorder.trace()
        recorder.play_out(discarder_policy if code is ErrorCode.SCORE_REQUIRED else random_policy, 0.5, code)
        return recorder.trace()

    return build


def precedence_case() -> JSON:
    """Actions wrong in two ways at once are refused with the code of higher precedence."""
    trace_id = "ad-negative-precedence"
    rng = seeded(trace_id)
    decks = [shuffled(rng) for _ in range(GAME_DECKS)]
    recorder = Recorder(
        trace_id,
        "Actions wrong in two ways at once are refused with the code of higher precedence",
        Scope.GAME,
        RuleOptions(target=50),
        0,
        decks,
        3,
        ["edge-case"],
    )
    absent, duck = parse_card("6K"), parse_card("DW")
    tried: set[str] = set()
    play_rng = round_rng(recorder.table)
    while not recorder.table.is_over:
        current = recorder.table.round
        player = current.player
        other = left_of(player, current.players)
        tableau = current.tableaux[player]
        kind = current.phase.value if current.phase is not Phase.TURN else ("empty" if not tableau else "turn")
        if kind not in tried and absent not in tableau:
            tried.add(kind)
            refusals: list[tuple[Action, ErrorCode]] = [(Discard(other, absent), ErrorCode.NOT_YOUR_TURN)]
            if kind == "empty":
                refusals += [(Discard(player, duck), ErrorCode.DRAW_REQUIRED), (Score(player), ErrorCode.DRAW_REQUIRED)]
            if kind == "forced-score":
                refusals += [
                    (Discard(player, absent), ErrorCode.SCORE_REQUIRED),
                    (Draw(player), ErrorCode.SCORE_REQUIRED),
                ]
            if kind == "final-score":
                refusals += [
                    (Discard(player, absent), ErrorCode.FINAL_SCORE_REQUIRED),
                    (Draw(player), ErrorCode.FINAL_SCORE_REQUIRED),
                ]
            for action, code in refusals:
                recorder.reject(action, code)
        recorder.act(discarder_policy(recorder.table, play_rng))
    recorder.reject(Discard(1, absent), ErrorCode.GAME_OVER)
    if not {"empty", "forced-score", "final-score"} <= tried:
        raise RecordingError(f"{trace_id}: reached only {sorted(tried)}")
    return recorder.trace()


def _edge_cases() -> dict[str, Callable[[], JSON]]:
    cases: dict[str, Callable[[], JSON]] = {}
    for trace_id, (description, pond, tableau) in CONDITIONS.items():
        cases[trace_id] = partial(condition_case, trace_id, description, pond, tableau)
    for trace_id, (description, players, top, moves) in OPENINGS.items():
        cases[trace_id] = partial(opening, trace_id, description, players, top, moves)
    for trace_id, (description, policy, players, wanted, unwanted) in FOUND.items():
        cases[trace_id] = partial(found_case, trace_id, description, policy, players, wanted, unwanted)
    for trace_id, (description, players, kind) in GAMES.items():
        cases[trace_id] = partial(game_case, trace_id, description, players, kind)
    for trace_id, (description, players) in LEVEL_TWICE.items():
        cases[trace_id] = partial(level_twice_case, trace_id, description, players)
    for trace_id, (description, players, kind) in LATER.items():
        cases[trace_id] = partial(later_case, trace_id, description, players, kind)
    for trace_id, (description, players) in POND_LEFT.items():
        cases[trace_id] = partial(pond_left_case, trace_id, description, players)
    for code in ErrorCode:
        cases[f"ad-negative-{code.value}"] = negative_case(code)
    cases["ad-negative-precedence"] = precedence_case
    return cases


EDGE_CASES = _edge_cases()
"""Every hand-made trace builder, by trace ID."""
