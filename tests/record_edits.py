"""Random single edits of suite records, for every game with a record format: each edited record must be a legal
game or be refused at the first line where the game became impossible.

For each game whose registry entry writes records and whose tests give an edit function
(``tests/<package>/record_edits.py``: ``edit(text, rng) -> Edit | None``, one random change of one
line of a full record: a card, a call, a score, a turn), suite traces of the game are written as
full records (``write_record``), edited once each time, and judged as ``ducksoup record check``
judges them (:func:`ducksoup.records_command.verdict`):

* **legal** (exit 0): the inferred trace must pass duckcheck's check of a trace against the
  specification's backend (the replies the adapter gives with ``--backend spec``);
* **refused** (exit 1) naming line L: the record cut before line L must still be legal, and the
  record cut after it must be refused at line L, so L is the first line where the game became
  impossible; the share of refusals naming the edited line itself is counted;
* **notation** (exit 2) naming a line: the edit made words the game's grammar refuses where they
  stand (a trick that now ends early, so the next trick's number is wrong); counted apart;
* anything else is **wrong**: an exception, a refusal naming no line or the wrong one, a legal
  record the specification disagrees with.

``python -m tests.record_edits [--edits N] [--seed S]`` (the ``record-edits`` nox session) prints, per
game, the edits tried and each outcome; the tests session runs a small sample
(``tests/test_record_edits.py``).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import random
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from duckcheck.compare import Outcome, TraceChecker
from duckcheck.trace import load_manifest, read_trace, suite_dir, validate_trace
from ducksoup.adapter import Session
from ducksoup.games import GameReference, references
from ducksoup.records_command import BROKEN, LEGAL, UNREADABLE, verdict

JSON = dict[str, Any]
EDITED = Path("edited.txt")
"""The name an edited record is read under (it is never written: the trace's ID comes from it)."""


@dataclass(frozen=True)
class Edit:
    """One edit of a record: the edited text, the line changed (from 1), and its kind (card, call, score, turn)."""

    text: str
    line: int
    kind: str


EditFunction = Callable[[str, random.Random], Edit | None]


def edit_function(entry: GameReference) -> EditFunction | None:
    """The game's edit function (``tests/<package>/record_edits.py``), or None when its tests give none."""
    name = f"tests.{entry.suite.package}.record_edits"
    if importlib.util.find_spec(name) is None:
        return None
    function: EditFunction = importlib.import_module(name).edit
    return function


def editable_games() -> list[tuple[GameReference, EditFunction]]:
    """Every game that writes records and whose tests give an edit function, in family order."""
    found = []
    for entry in references():
        function = edit_function(entry) if entry.write_record is not None else None
        if function is not None:
            found.append((entry, function))
    return found


def spec_problem(trace: JSON) -> str | None:
    """Why the specification disagrees with ``trace`` (its schema, a step or a state), or None."""
    try:
        validate_trace(json.loads(json.dumps(trace)), "the inferred trace")
    except ValueError as error:
        return str(error)
    session = Session("spec")
    checker = TraceChecker(trace, 1)
    replies = iter([json.dumps(session.handle(request)) for request in checker.requests()])
    result = checker.check(lambda: next(replies))
    return None if result.outcome is Outcome.PASSED else result.reason


def cut(text: str, lines: int) -> str:
    """The first ``lines`` lines of ``text``."""
    return "".join(text.splitlines(keepends=True)[:lines])


@dataclass(frozen=True)
class Judged:
    """How an edit was judged: ``legal``, ``refused``, ``notation`` or ``wrong``; whether the refusal named the
    edited line; and, for a wrong one, why."""

    outcome: str
    at_edit: bool = False
    why: str = ""


def judge(entry: GameReference, edit: Edit) -> Judged:
    """Judge one edited record of ``entry``'s game (see the module's documentation)."""
    found = verdict(edit.text, EDITED, entry.id, EDITED.name)
    if found.status == LEGAL:
        assert found.loaded is not None
        problem = spec_problem(found.loaded.trace)
        return Judged("legal") if problem is None else Judged("wrong", why=f"legal, but the spec says: {problem}")
    place = found.place
    if place is None:
        return Judged("wrong", why=f"exit {found.status} naming no line: {found.line}")
    line = place[0]
    if found.status == UNREADABLE:
        return Judged("notation", line == edit.line)
    assert found.status == BROKEN
    before = verdict(cut(edit.text, line - 1), EDITED, entry.id, EDITED.name)
    if before.status != LEGAL:
        return Judged("wrong", why=f"refused at line {line}, but the record cut before it is not legal: {before.line}")
    through = verdict(cut(edit.text, line), EDITED, entry.id, EDITED.name)
    if through.status != BROKEN or through.place is None or through.place[0] != line:
        return Judged("wrong", why=f"refused at line {line}, but the record cut after it gives: {through.line}")
    return Judged("refused", line == edit.line)


@dataclass
class Tally:
    """The outcomes of one game's edits."""

    tried: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    at_edit: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    wrong: list[str] = field(default_factory=list)

    def add(self, edit: Edit, judged: Judged, source: str) -> None:
        self.tried += 1
        self.kinds[edit.kind] += 1
        self.outcomes[judged.outcome] += 1
        self.at_edit += judged.at_edit and judged.outcome == "refused"
        if judged.outcome == "wrong":
            self.wrong.append(f"{source}, a {edit.kind} edit of line {edit.line}: {judged.why}")

    def line(self, game: str) -> str:
        refused = self.outcomes["refused"]
        share = f"{self.at_edit / refused:.0%}" if refused else "-"
        kinds = ", ".join(f"{kind} {count}" for kind, count in sorted(self.kinds.items()))
        return (
            f"{game}: {self.tried} edits ({kinds}): {self.outcomes['legal']} legal (checked by the spec), "
            f"{refused} refused at the right line ({share} at the edited line itself), "
            f"{self.outcomes['notation']} refused as notation, {self.outcomes['wrong']} wrong"
        )


def suite_records(entry: GameReference, rng: random.Random, shortest: int | None = None) -> Iterator[tuple[str, str]]:
    """The game's suite traces (only the ``shortest`` smallest files, if given) in an order ``rng`` chooses, each as
    (its ID, its full record); each trace is read only when its turn comes."""
    folder = suite_dir()
    entries = [item for item in load_manifest(folder)["traces"] if item["game"] == entry.id]
    if shortest is not None:
        entries = sorted(entries, key=lambda item: (folder / item["file"]).stat().st_size)[:shortest]
    rng.shuffle(entries)
    for item in entries:
        trace = read_trace(folder / item["file"], item["sha256"])
        text = entry.record_text(trace, None)
        assert text is not None
        yield trace["id"], text


def chosen_edits(text: str, edit: EditFunction, rng: random.Random, count: int, seen: Counter[str]) -> list[Edit]:
    """``count`` edits of ``text`` (fewer if its edits run out), the kinds least ``seen`` so far first."""
    drawn = [found for found in (edit(text, rng) for _ in range(count * 4)) if found and found.text != text]
    chosen: list[Edit] = []
    counts = Counter(seen)
    while drawn and len(chosen) < count:
        pick = min(drawn, key=lambda candidate: counts[candidate.kind])
        drawn.remove(pick)
        chosen.append(pick)
        counts[pick.kind] += 1
    return chosen


def sample(
    entry: GameReference,
    edit: EditFunction,
    edits: int,
    seed: int,
    per_trace: int = 10,
    shortest: int | None = None,
) -> Tally:
    """``edits`` edits of ``entry``'s suite records, judged: ``per_trace`` of each trace (chosen by ``seed``, among
    the ``shortest`` smallest if given), each of the kind judged least often so far among those drawn."""
    rng = random.Random(seed)
    tally = Tally()
    for trace_id, text in suite_records(entry, rng, shortest):
        for changed in chosen_edits(text, edit, rng, min(per_trace, edits - tally.tried), tally.kinds):
            tally.add(changed, judge(entry, changed), trace_id)
        if tally.tried >= edits:
            break
    return tally


def main(arguments: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.record_edits", description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=500, help="Edits per game (default 500).")
    parser.add_argument("--seed", type=int, default=None, help="The sample's seed (default: a random one, printed).")
    options = parser.parse_args(arguments)
    seed = options.seed if options.seed is not None else random.SystemRandom().randrange(1_000_000)
    print(f"record edits, seed {seed} (--seed {seed} repeats it)", flush=True)
    wrong = 0
    for entry, edit in editable_games():
        tally = sample(entry, edit, options.edits, seed)
        print(tally.line(entry.id), flush=True)
        for why in tally.wrong:
            print(f"  wrong: {why}")
        wrong += len(tally.wrong)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
