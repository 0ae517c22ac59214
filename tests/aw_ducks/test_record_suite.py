"""Aw Ducks!'s records of the whole suite: every trace written as a record and read back, and random edits.

In the tests session a sample: one trace of each kind, and a few edits, chosen by a printed seed
(``DUCKSOUP_RECORD_SEED=N`` repeats it); in the soak session (``HYPOTHESIS_PROFILE=soak``, which runs this file by its
name) every trace, and 600 edits, with the share of refusals that name the line edited printed.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from ducksoup.aw_ducks.record import parse_record, read_record, record_to_trace, write_record
from tests.aw_ducks.record_edits import KINDS, Edit, edit
from tests.aw_ducks.replay import replay
from tests.aw_ducks.test_record import SUITE, plays, states
from tests.record_samples import REPEAT, SEED, SOAK, Sample, refusals, tally_edits

SAMPLE = Sample(SUITE)


# Records to traces, and back


@pytest.mark.parametrize("group", SAMPLE.names())
def test_a_suite_trace_to_a_record_and_back_replays_to_the_same_states(group: str) -> None:
    trace_id = SAMPLE.chosen(group)
    original = SUITE[trace_id]
    trace = record_to_trace(parse_record(write_record(original, None)), trace_id, "back")
    assert plays(trace) == plays(original), REPEAT
    assert states(trace) == states(original), REPEAT
    assert trace["final"] == original["final"] and trace["decks"] == original["decks"], REPEAT


@pytest.mark.parametrize("group", SAMPLE.names())
def test_one_players_record_infers_a_game_with_every_written_fact(group: str) -> None:
    trace_id = SAMPLE.chosen(group)
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
    traces = sorted(SUITE) if SOAK else [SAMPLE.chosen(group) for group in SAMPLE.names()]

    def make() -> tuple[str, Edit | None]:
        original = write_record(SUITE[rng.choice(traces)], rng.choice([None, 0]))
        return original, edit(original, rng)

    outcomes = tally_edits(KINDS, 600 if SOAK else 24, make, lambda change, _original: check_edit(change))
    assert refusals(outcomes), REPEAT
