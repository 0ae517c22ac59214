"""Told as one player, nothing that player could not see is told: ``--as P`` of explain, replay and view.

The test changes everything P could not see and requires the same output (:mod:`tests.twins`): for a
trace and a player, a *twin* deals the same play from decks in which cards P never saw are swapped
(another hand's cards, the stock's or deck's order, the Secret Stashes, the decks of later deals),
and the ``--as P`` output must be the same for both, byte for byte.

What is checked, in the default tests session (a printed seed chooses the sample;
``DUCKSOUP_VIEWS_SEED=N`` repeats it):

* every trace of the suite for one player: the narration as that player, step by step, up to where
  the twin holds (at each step its lines, the position, the legal actions or whose turn it is, and
  whether ``replay`` shows the position there: everything ``explain`` and ``replay`` print, with or
  without ``--at``);
* every kind of step (see :func:`every_kind`) for every player: the narration up to it; for some kinds
  of each game the viewer's document of the steps up to it (its scenes and narration), and for a few
  ``explain --at N --as P`` through the command line, byte for byte;
* for a few traces of each game, a twin of the whole play: ``explain``, ``replay`` and ``view`` (the
  HTML page) with ``--as P``, byte for byte.

The ``soak`` session (``HYPOTHESIS_PROFILE=soak``) checks every trace for every player at every step
(the narration at each step, the view document of the whole play), and the three commands for one
trace in four, with one player.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from duckcheck.games import game_ids
from duckcheck.trace import dump_trace, load_suite
from ducksoup.cli import main
from ducksoup.games import reference
from ducksoup.narration import Loaded, Narrator
from ducksoup.viewer.document import view_document
from tests.twins import (
    Swap,
    Twin,
    candidates,
    horizon,
    horizon_by_views,
    recorded,
    seen_by,
    twin_covering,
    unseen_positions,
)

JSON = dict[str, Any]
SOAK = os.environ.get("HYPOTHESIS_PROFILE") == "soak"
"""The soak session checks everything; the tests session a sample chosen by :data:`SEED`."""
SEED = int(os.environ.get("DUCKSOUP_VIEWS_SEED") or random.SystemRandom().randrange(2**32))
REPEAT = f"(seed {SEED}: DUCKSOUP_VIEWS_SEED={SEED} repeats it)"
TRIES = 12 if SOAK else 4
"""Random swaps tried for each trace and player: about half hold for a while, a few to the end."""
MOST = None if SOAK else 2
"""Swaps made together in one twin (None: as many as hold together)."""
SHOWN_KINDS = 4
"""Kinds of step of each game told through the command line in the tests session (every one in soak)."""
DRAWN_KINDS = 16
"""Kinds of step of each game whose view document is compared in the tests session (every one in soak); the
scenes are drawn from the views, which a twin keeps by its making, so the narration in it is what may differ."""
SUITE = load_suite()
BY_GAME = {game: [trace for trace in SUITE if trace["game"] == game] for game in game_ids()}
NEAREST = 12
"""Of this many places of a kind of step chosen at random, the command line tells the earliest (the cheapest)."""
WHOLE_PLAYS = 1
"""Traces of each game whose whole play is drawn and told through the command line, in the tests session."""


def rng_for(*parts: object) -> random.Random:
    """A random source for one part of the sample, the same whatever else runs (and on any xdist worker)."""
    return random.Random(f"{SEED}:{':'.join(map(str, parts))}")


def twin_at(trace: JSON, player: int, step: int, rng: random.Random) -> Twin:
    seen = seen_by(trace, player)
    found = candidates(trace, player, seen, rng, TRIES)
    return twin_covering(trace, player, seen, found, step, cut=step < len(trace["steps"]), most=MOST)


# Step by step, through the narrator (everything explain and replay print, at every step)


def told(trace: JSON, player: int, upto: int, whole: bool) -> Iterator[tuple[int, list[Any]]]:
    """At each step up to ``upto``, as ``player``: what is told of it and what ``replay`` shows after it; at
    ``upto`` (at every step in soak), what ``--at`` shows there (the position and the legal actions); for the
    ``whole`` play, then the outcome."""
    narrator: Narrator = reference(trace["game"]).narrate(Loaded(trace), player, True)
    for said in narrator.steps():
        if said.number > upto:
            return
        assert said.stop is None, f"{trace['id']} as {player}: {said.stop}"
        shown = narrator.between_tricks()
        at = [narrator.position(), narrator.legal_lines()] if SOAK or said.number == upto else []
        yield said.number, [said.lines, shown, narrator.position() if shown else None, *at]
    if whole:
        yield upto + 1, [narrator.final_disagreement()]


def first_difference(trace: JSON, twin: Twin, player: int) -> str | None:
    """Where the narration as ``player`` of ``trace`` and of its twin first differ, up to the twin's end, or None."""
    whole = twin.horizon == len(trace["steps"])
    for (number, original), (_, other) in zip(
        told(trace, player, twin.horizon, whole), told(twin.trace, player, twin.horizon, whole), strict=True
    ):
        if original != other:
            return f"step {number}: {original} != {other} (swaps {twin.swaps})"
    return None


def changes_hands(trace: JSON, twin: Twin) -> bool:
    """Whether the twin's states differ from the trace's (other hands, stashes), not only its decks' order."""
    steps: list[JSON] = trace["steps"][: twin.horizon]
    return bool(twin.trace["initial"] != trace["initial"] or twin.trace["steps"] != steps)


@pytest.mark.parametrize("game", game_ids())
def test_every_trace_is_told_the_same_to_a_player_whatever_they_could_not_see(game: str) -> None:
    print(REPEAT)
    changed = states = 0
    for trace in BY_GAME[game]:
        rng = rng_for("every-trace", trace["id"])
        players = range(trace["players"]) if SOAK else [rng.randrange(trace["players"])]
        for player in players:
            for twin in twins_for(trace, player, rng):
                difference = first_difference(trace, twin, player)
                assert difference is None, f"{trace['id']} --as {player}: {difference} {REPEAT}"
                changed += bool(twin.swaps)  # the decks differ: a twin without swaps would check nothing
                states += changes_hands(trace, twin)
    assert changed >= len(BY_GAME[game]) // 2, f"{game}: only {changed} twins changed anything {REPEAT}"
    assert states, f"{game}: no twin changed a hidden hand or stash {REPEAT}"


def twins_for(trace: JSON, player: int, rng: random.Random) -> Iterator[Twin]:
    """The twins that cover the steps checked: in soak, every step (each twin from where the last one ended, as
    far as it holds); in the tests session, one twin up to a step chosen at random."""
    seen = seen_by(trace, player)
    found = candidates(trace, player, seen, rng, TRIES)
    if not SOAK:
        reach = max((candidate.horizon for candidate in found), default=len(trace["steps"]))
        yield twin_covering(trace, player, seen, found, rng.randint(0, reach), cut=True, most=MOST)
        return
    step = 0
    while step <= len(trace["steps"]):
        twin = twin_covering(trace, player, seen, found, step)
        yield twin
        step = twin.horizon + 1


# Through the command line, byte for byte


def run(*args: str) -> tuple[int, bytes]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout_bytes + result.stderr_bytes


def written(tmp_path: Path, trace: JSON, name: str) -> Path:
    path = tmp_path / name
    path.write_text(dump_trace(trace), encoding="utf-8")
    return path


def outputs(path: Path, player: int, at: int | None, page: Path) -> dict[str, tuple[int, bytes]]:
    """Everything the three commands print and write for ``path`` as ``player`` (at step ``at``, or whole)."""
    where = ["--at", str(at)] if at is not None else []
    commands = ("explain", "replay") if at is None or SOAK else ("explain",)
    said = {name: run(name, str(path), "--as", str(player), *where) for name in commands}
    if at is None:
        said["view"] = run("view", str(path), "--as", str(player), "--no-open", "-o", str(page))
        said["page"] = (0, page.read_bytes())
    return said


def first_steps(trace: JSON, count: int) -> JSON:
    return {**trace, "steps": trace["steps"][:count]}


def assert_same_outputs(tmp_path: Path, trace: JSON, twin: Twin, player: int, at: int | None) -> None:
    page = tmp_path / "page.html"
    if at is not None:  # what --at N tells depends on the first N steps only: reading the others would cost time
        trace, cut = first_steps(trace, at), first_steps(twin.trace, at)
    else:
        cut = twin.trace
    original = outputs(written(tmp_path, trace, "original.json"), player, at, page)
    other = outputs(written(tmp_path, cut, "original.json"), player, at, page)
    for name, (status, text) in original.items():
        assert status in (0, 1) and text, f"{trace['id']} {name} --as {player}: status {status}, {text[-300:]!r}"
        where = f"{trace['id']} {name} --as {player}" + (f" --at {at}" if at is not None else "")
        assert other[name] == (status, text), f"{where}: the twin (swaps {twin.swaps}) is told otherwise {REPEAT}"


def every_kind() -> dict[tuple[Any, ...], list[tuple[JSON, int, int]]]:
    """Every kind of step for every player, with where it occurs: (trace, step, player)."""
    found: dict[tuple[Any, ...], list[tuple[JSON, int, int]]] = {}
    for trace in SUITE:
        states = [trace["initial"]]
        for number in range(len(trace["steps"]) + 1):
            if number and "state" in trace["steps"][number - 1]:
                states.append(trace["steps"][number - 1]["state"])
            for player in range(trace["players"]):
                found.setdefault((*kind_of(trace, number, states[-1]), player, whose(states[-1], player)), []).append(
                    (trace, number, player)
                )
    return found


def kind_of(trace: JSON, number: int, state: JSON) -> tuple[Any, ...]:
    step = trace["steps"][number - 1] if number else None
    what = "deal" if step is None else "refused" if "reject" in step else "played"
    return trace["game"], trace["players"], what, state.get("phase"), state.get("course")


def whose(state: JSON, player: int) -> str:
    turn = state.get("to_act")
    return "nobody" if turn is None else "own" if turn == player else "other"


def test_every_kind_of_step_is_told_the_same_to_every_player(tmp_path: Path) -> None:
    """Every kind of step for every player, at a place chosen at random (the earliest of a few, to keep it short),
    through the narrator; for some kinds of each game (every kind in soak) the viewer's document of the steps so
    far, and for a few through the command line."""
    print(REPEAT)
    kinds = sorted(every_kind().items(), key=lambda item: repr(item[0]))
    drawn, shown = set(), set()
    for game in game_ids():
        chosen = rng_for("sample", game).sample(
            [i for i, (name, _) in enumerate(kinds) if name[0] == game], DRAWN_KINDS
        )
        drawn.update(chosen)
        shown.update(chosen[:SHOWN_KINDS])
    for index, (name, places) in enumerate(kinds):
        rng = rng_for("kind", *name)
        trace, number, player = min(rng.sample(places, min(len(places), NEAREST)), key=lambda place: place[1])
        twin = twin_at(trace, player, number, rng)
        difference = first_difference(trace, twin, player)
        assert difference is None, f"{trace['id']} --as {player} --at {number}: {difference} {REPEAT}"
        if SOAK or index in drawn:
            pages = [view_document(Loaded(first_steps(played, number)), player) for played in (trace, twin.trace)]
            assert pages[0] == pages[1], f"{trace['id']} view --as {player}, {number} steps: drawn otherwise {REPEAT}"
        if SOAK or index in shown:
            assert_same_outputs(tmp_path, trace, twin, player, number)


def whole_twins(game: str) -> Iterator[tuple[JSON, int, Twin]]:
    """Traces of ``game`` with a twin of their whole play: every trace and player in soak, else a few (chosen at
    random among those where a swap holds to the end, so that the twin changes something)."""
    traces = BY_GAME[game]
    if SOAK:
        for trace in traces:
            for player in range(trace["players"]):
                yield trace, player, twin_at(trace, player, len(trace["steps"]), rng_for("whole", trace["id"], player))
        return
    rng = rng_for("whole", game)
    shown = 0
    short = sorted(traces, key=lambda trace: len(trace["steps"]))[: len(traces) // 2]
    for trace in rng.sample(short, len(short)):
        player = rng.randrange(trace["players"])
        twin = twin_at(trace, player, len(trace["steps"]), rng)
        if twin.swaps and changes_hands(trace, twin):
            yield trace, player, twin
            shown += 1
        if shown == WHOLE_PLAYS:
            return


COMMANDED = 4
"""In soak, one trace in this many is told through the command line (for one player): reading a whole trace
file costs far more than telling it, and the page and the text are made in process for the others."""


def commanded(trace: JSON, player: int) -> bool:
    rng = rng_for("whole-command", trace["id"])
    return rng.randrange(COMMANDED) == 0 and player == rng.randrange(trace["players"])


@pytest.mark.parametrize("game", game_ids())
def test_a_whole_play_is_told_and_drawn_the_same_to_a_player_whatever_they_could_not_see(
    game: str, tmp_path: Path
) -> None:
    """In soak, every trace for every player: the view document in process, and the three commands for one player
    of one trace in :data:`COMMANDED`."""
    print(REPEAT)
    for trace, player, twin in whole_twins(game):
        assert twin.horizon == len(trace["steps"])
        if SOAK and not commanded(trace, player):
            pages = [view_document(Loaded(played), player) for played in (trace, twin.trace)]
            assert pages[0] == pages[1], f"{trace['id']} view --as {player}: drawn otherwise {REPEAT}"
        else:
            assert_same_outputs(tmp_path, trace, twin, player, None)


# The check has teeth


def test_a_twin_tells_apart_a_narration_that_lists_another_players_legal_actions() -> None:
    """Issue 21: ``explain ds-deal-greedy-007 --as 0 --at 1`` listed player 1's hand as their legal actions; a twin
    of that position changes player 1's hand, so a narration that lists them differs."""
    trace = next(trace for trace in SUITE if trace["id"] == "ds-deal-greedy-007")
    seen = seen_by(trace, 0)
    twin = twin_covering(trace, 0, seen, candidates(trace, 0, seen, random.Random(0), 40), 1, cut=True)
    listed = [legal_actions(narrated_to(played, 0, 1)) for played in (trace, twin.trace)]
    assert listed[0] != listed[1]
    assert first_difference(trace, twin, 0) is None


def test_a_twin_ends_before_a_count_that_opens_cards_the_next_deals_view_hides() -> None:
    """A round's count opens every stash (§9), but in a game the view after it is of the next round: swaps the
    views alone cannot tell past the count are told by the narration there, so the twins stop before it."""
    trace = next(trace for trace in SUITE if trace["id"] == "ad-game-4p-discarder-01")
    seen = seen_by(trace, 0)
    count = seen.counted[0]
    rng = random.Random(0)
    unseen = [position for deck, position in unseen_positions(trace, seen) if deck == 0]
    told_apart = 0
    for _ in range(60):
        swap = Swap(0, *rng.sample(unseen, 2))
        if horizon_by_views(trace, [swap], 0, seen) >= count:
            assert horizon(trace, [swap], 0, seen) == count - 1
            blind = Twin(recorded(trace, [swap], 0, count), count, (swap,))
            told_apart += first_difference(trace, blind, 0) is not None
    assert told_apart, "no swap of round 0 was told apart by its count: pick another seed"


def narrated_to(trace: JSON, player: int, step: int) -> Any:
    narrator: Any = reference(trace["game"]).narrate(Loaded(trace), player, False)
    for said in narrator.steps():
        if said.number == step:
            break
    return narrator


def legal_actions(narrator: Any) -> list[str]:
    """The legal actions, described, whoever is to act (what ``--at`` listed before issue 21)."""
    return [narrator.option(action) for action in narrator.table.legal_actions()]


def test_at_another_players_turn_only_whose_turn_it_is_is_said() -> None:
    status, text = run("explain", "ds-deal-greedy-007", "--as", "0", "--at", "1")
    assert status == 0
    lines = text.decode().splitlines()
    assert lines[-2:] == [
        "legal actions here:",
        "  it is player 1's turn, holding 13 cards: only your own choices are listed",
    ]
    status, text = run("explain", "dd-edge-ace-low-in-the-duck", "--as", "0", "--at", "4")
    assert status == 0 and text.decode().splitlines()[-1].startswith("  it is player 1's turn, holding 13 cards")


def test_at_the_players_own_turn_their_legal_actions_are_listed() -> None:
    status, text = run("explain", "ds-deal-greedy-007", "--as", "1", "--at", "1")
    assert status == 0
    assert "legal actions here:" in text.decode() and "  you play 2♣" in text.decode()


def test_without_as_every_legal_action_is_listed() -> None:
    status, text = run("explain", "ds-deal-greedy-007", "--at", "1")
    assert status == 0 and "  player 1 plays 2♣" in text.decode()


def test_analyse_as_a_player_is_refused() -> None:
    status, text = run("explain", "ds-deal-greedy-007", "--as", "0", "--analyse")
    assert status == 2
    assert text.decode() == (
        "error: --analyse cannot be told as player 0 (--as 0): the analysis looks at every hand; "
        "leave out --as or --analyse\n"
    )


def test_a_held_back_card_is_told_only_to_whoever_sees_the_followers_hand() -> None:
    """DS-R16's note says the follower kept a card of the rank led: only the follower (and everyone) may hear it."""
    note = "the fourth card of the rank is held back"
    told_to = {
        who: run("explain", "ds-edge-silent-fourth-card-held-back", *args)[1].decode()
        for who, args in (("everyone", []), ("leader", ["--as", "0"]), ("follower", ["--as", "1"]))
    }
    assert note in told_to["everyone"] and note in told_to["follower"]
    assert note not in told_to["leader"] and "you win both tricks: 2 points and 1 (§6)\n" in told_to["leader"]
