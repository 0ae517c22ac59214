"""Aw Ducks!'s records of the whole suite: every trace written as a record and read back, and random edits.

In the tests session a sample: one trace of each kind, and a few edits, chosen by a printed seed
(``DUCKSOUP_RECORD_SEED=N`` repeats it); in the soak session (``HYPOTHESIS_PROFILE=soak``, which runs this file by its
name) every trace, and 600 edits, with the share of refusals that name the line edited printed.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest

from ducksoup.aw_ducks.record import parse_record, read_record, record_to_trace, write_record
from tests.aw_ducks.record_edits import KINDS, Edit, edit
from tests.aw_ducks.replay import replay
from tests.aw_ducks.test_record import SUITE, plays, states

SOAK = os.environ.get("HYPOTHESIS_PROFILE") == "soak"
SEED = int(os.environ.get("DUCKSOUP_RECORD_SEED") or random.SystemRandom().randrange(2**32))
REPEAT = f"(seed {SEED}: DUCKSOUP_RECORD_SEED={SEED} repeats it)"


def kind_of(trace_id: str) -> str:
    """A trace's kind: a generated trace's ID without its number (``ad-round-3p-greedy``), or for a hand-made one its
    family (``ad-edge``, ``ad-negative``, ``ad-game``)."""
    if re.search(r"-\d+$", trace_id):
        return re.sub(r"-\d+$", "", trace_id)
    return "-".join(trace_id.split("-")[:2])


def groups() -> dict[str, list[str]]:
    """The traces to sample from, by group: in soak each trace alone; else the traces of each kind together (the
    groups are the same in every process, so that test IDs agree across xdist workers)."""
    found: dict[str, list[str]] = {}
    for trace_id in sorted(SUITE):
        found.setdefault(trace_id if SOAK else kind_of(trace_id), []).append(trace_id)
    return found


GROUPS = groups()


def chosen(group: str) -> str:
    """The trace of ``group`` that :data:`SEED` chooses."""
    return random.Random(f"{SEED}:{group}").choice(GROUPS[group])


# Records to traces, and back


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_a_suite_trace_to_a_record_and_back_replays_to_the_same_states(group: str) -> None:
    trace_id = chosen(group)
    original = SUITE[trace_id]
    trace = record_to_trace(parse_record(write_record(original, None)), trace_id, "back")
    assert plays(trace) == plays(original), REPEAT
    assert states(trace) == states(original), REPEAT
    assert trace["final"] == original["final"] and trace["decks"] == original["decks"], REPEAT


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_one_players_record_infers_a_game_with_every_written_fact(group: str) -> None:
    trace_id = chosen(group)
    original = SUITE[trace_id]
    player = random.Random(f"{SEED}:{trace_id}").randrange(original["players"])
    text = write_record(original, player)
    trace = record_to_trace(parse_record(text), trace_id, "one player's")
    assert write_record(trace, player) == text, REPEAT  # every turn, card, duck and score as written
    assert trace["final"] == original["final"], REPEAT
    public = [
        {key: value for key, value in state.items() if key not in ("stashes", "points")} for state in states(trace)
    ]
    truth = [{k: v for k, v in state.items() if k not in ("stashes", "points")} for state in states(original)]
    assert public == truth, REPEAT


# Random edits: each a legal game or refused at the first line the game cannot be


def check_edit(change: Edit) -> bool | None:
    """Whether the edited record was refused naming its own line (None: still a legal game); fails the test when it
    is refused before the line edited, or when what it tells is not a game the spec plays."""
    loaded = read_record(change.text, Path("edited.txt"))
    assert replay(loaded.trace, "spec") is None, (change, REPEAT)
    if loaded.stopped is None:
        return None
    found = re.search(r", line (\d+), column \d+ ", loaded.stopped)
    assert found is not None, loaded.stopped
    line = int(found.group(1))
    assert line >= change.line, (change.kind, change.line, loaded.stopped, REPEAT)
    return line == change.line


def test_random_edits_of_records_are_legal_games_or_refused_where_the_game_breaks() -> None:
    rng = random.Random(f"{SEED}:edits")
    traces = sorted(SUITE) if SOAK else [chosen(group) for group in sorted(GROUPS)]
    outcomes: dict[str, list[bool | None]] = {kind: [] for kind in KINDS}
    made = 0
    while made < (600 if SOAK else 24):
        original = SUITE[rng.choice(traces)]
        change = edit(write_record(original, rng.choice([None, 0])), rng)
        if change is not None:
            outcomes[change.kind].append(check_edit(change))
            made += 1
    refused = [own for found in outcomes.values() for own in found if own is not None]
    shares = []
    for kind, found in outcomes.items():
        said = [own for own in found if own is not None]
        shares.append(f"{kind} {len(said)}/{len(found)} refused, {sum(said)} at it")
    total = sum(map(len, outcomes.values()))
    print(f"{total} edits, {len(refused)} refused, {sum(refused)} at the line edited ({', '.join(shares)})")
    print(REPEAT)
    assert refused, REPEAT
