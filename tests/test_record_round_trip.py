"""Suite traces written as records and read back, for every game with a record format.

A full record (``write_record(trace, None)``) must read back to the same game: the same actions, states and
outcome. One player's record (``write_record(trace, P)``) must read back to a game that agrees with every fact
written: the same actions and outcome, and at every step the same view for P (their hand, the table, what they could
see), whatever the cards they never saw were inferred to be; at the last step, every part of the view that play had
shown (a game's end may open cards nobody saw in play, as Aw Ducks!' count opens the stashes).

The tests session checks one trace of each kind of each game (the kind is the word after the game's prefix in the
trace's ID: ``deal``, ``edge``, ``game`` ...) and one player, chosen by a printed seed
(``DUCKSOUP_RECORD_SEED`` repeats it); the soak session every trace of the suite for every player.
"""

from __future__ import annotations

import os
import random
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from duckcheck.games import game
from duckcheck.strict import same
from duckcheck.trace import load_manifest, read_trace, suite_dir
from ducksoup.games import GameReference, references

JSON = dict[str, Any]
SOAK = os.environ.get("HYPOTHESIS_PROFILE") == "soak"
SEED = int(os.environ.get("DUCKSOUP_RECORD_SEED", random.SystemRandom().randrange(1_000_000)))
REPEAT = f"(seed {SEED}: DUCKSOUP_RECORD_SEED={SEED} repeats it)"
WRITERS = [entry for entry in references() if entry.write_record is not None]


def chosen(entry: GameReference) -> list[tuple[str, list[int | None]]]:
    """The suite traces of ``entry``'s game checked here, each with the records written of it (None: the full
    record; a player: theirs): every trace and player in soak, else one trace of each kind (among its shorter
    half, by file size) and one player."""
    rng = random.Random(f"{SEED}-{entry.id}")
    files = [(item["id"], item["file"]) for item in MANIFEST["traces"] if item["game"] == entry.id]
    players = max(entry.suite.players)
    if SOAK:
        return [(file, [None, *range(players)]) for _, file in files]
    kinds: dict[str, list[str]] = defaultdict(list)
    for trace_id, file in files:
        kinds[trace_id.removeprefix(entry.suite.trace_prefix).split("-")[0]].append(file)
    picked = []
    for kind in sorted(kinds):
        shorter = sorted(kinds[kind], key=lambda file: (suite_dir() / file).stat().st_size)
        picked.append((rng.choice(shorter[: (len(shorter) + 1) // 2]), [None, rng.randrange(players)]))
    return picked


MANIFEST = load_manifest()
SHA256 = {item["file"]: item["sha256"] for item in MANIFEST["traces"]}
CASES = [(entry, file, whose) for entry in WRITERS for file, players in chosen(entry) for whose in players]


def accepted(trace: JSON) -> tuple[list[JSON], list[JSON]]:
    """The actions the trace accepted, and its states from the first (before any action) on."""
    steps = [step for step in trace["steps"] if "state" in step]
    return [step["action"] for step in steps], [trace["initial"], *(step["state"] for step in steps)]


def views_of(trace: JSON, states: list[JSON]) -> list[list[JSON]]:
    """The players' views of each state of ``trace``, as the suite derives them."""
    follower = game(str(trace["game"])).views()
    return [follower.advance(state) for state in states]


def read_back(entry: GameReference, text: str) -> JSON:
    loaded = entry.read_record_file(text, Path("round-trip.txt"))
    assert loaded is not None
    assert loaded.stopped is None, f"{REPEAT}: the record breaks a rule: {loaded.stopped}\n{text}"
    return loaded.trace


@pytest.mark.parametrize(
    ("entry", "file", "whose"),
    CASES,
    ids=[f"{entry.id}-{Path(file).stem}-{'all' if whose is None else whose}" for entry, file, whose in CASES],
)
def test_a_suite_trace_written_as_a_record_reads_back_to_the_same_game(
    entry: GameReference, file: str, whose: int | None
) -> None:
    original = read_trace(suite_dir() / file, SHA256[file])
    if whose is not None and whose >= original["players"]:
        pytest.skip(f"{original['id']} has {original['players']} players")
    text = entry.record_text(original, whose)
    assert text is not None
    again = read_back(entry, text)
    actions, states = accepted(original)
    actions_again, states_again = accepted(again)
    assert same(actions_again, actions), REPEAT
    assert same(again["final"], original["final"]), REPEAT
    if whose is None:
        assert same(states_again, states), REPEAT
        return
    views, views_again = views_of(original, states), views_of(again, states_again)
    for step, (seen, seen_again) in enumerate(zip(views, views_again, strict=True)):
        shown = shown_in_play(views, step, whose)
        assert same(
            {key: value for key, value in seen_again[whose].items() if key in shown},
            {key: value for key, value in seen[whose].items() if key in shown},
        ), f"{REPEAT}: player {whose}'s view differs after step {step}"


def shown_in_play(views: list[list[JSON]], step: int, whose: int) -> set[str]:
    """The parts of player ``whose``'s view after ``step`` that the record must reproduce: all of it, but at the
    end of the game only what play had shown before. A game's end may open cards nobody saw in play (Aw Ducks!'
    stashes, counted), which a player's record need not write, as they decide nothing; the scores they make are
    checked in ``final``."""
    if step == 0 or step < len(views) - 1:
        return set(views[step][whose])
    return set(views[step - 1][whose])
