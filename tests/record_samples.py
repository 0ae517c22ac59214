"""The sample a game's record suite tests check (``tests/<package>/test_record_suite.py``), and their edits' tally.

In the tests session a sample: the suite's traces in groups of one kind each, one trace of each group chosen
by a printed seed (``DUCKSOUP_RECORD_SEED=N`` repeats it, as every test of records does); in the soak session
(``HYPOTHESIS_PROFILE=soak``) each trace is a group of its own, so every trace is checked. Random edits of the
records are tallied by kind, with the share of refusals that name the line edited printed.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, TypeVar

SOAK = os.environ.get("HYPOTHESIS_PROFILE") == "soak"
SEED = int(os.environ.get("DUCKSOUP_RECORD_SEED") or random.SystemRandom().randrange(2**32))
REPEAT = f"(seed {SEED}: DUCKSOUP_RECORD_SEED={SEED} repeats it)"


class Edited(Protocol):
    """An edit of a record, as each game's ``tests/<package>/record_edits.py`` makes it."""

    @property
    def kind(self) -> str: ...


EditT = TypeVar("EditT", bound=Edited)


def kind_of(trace_id: str) -> str:
    """A trace's kind: a generated trace's ID without its number (``dd-deal-greedy-as-played``), or for a hand-made
    one its family (``dd-edge``, ``ad-negative``, ``dd-game``)."""
    if re.search(r"-\d+$", trace_id):
        return re.sub(r"-\d+$", "", trace_id)
    return "-".join(trace_id.split("-")[:2])


class Sample:
    """The traces to sample from, by group: in soak each trace alone; else the traces of each kind together (the
    groups are the same in every process, so that test IDs agree across xdist workers)."""

    def __init__(self, trace_ids: Iterable[str]) -> None:
        self.groups: dict[str, list[str]] = {}
        for trace_id in sorted(trace_ids):
            self.groups.setdefault(trace_id if SOAK else kind_of(trace_id), []).append(trace_id)

    def names(self) -> list[str]:
        """The groups, in order: one test each."""
        return sorted(self.groups)

    def chosen(self, group: str) -> str:
        """The trace of ``group`` that :data:`SEED` chooses."""
        return random.Random(f"{SEED}:{group}").choice(self.groups[group])


def tally_edits(
    kinds: Sequence[str],
    count: int,
    make: Callable[[], tuple[str, EditT | None]],
    check: Callable[[EditT, str], bool | None],
) -> dict[str, list[bool | None]]:
    """``count`` edits (``make`` writes a record and edits it: its text and the edit, None when it found nothing
    to edit), each judged by ``check`` (given the record before the edit: whether the edit was refused at its own
    line; None: still a legal game), by kind; prints how many each kind had refused and at the line edited."""
    outcomes: dict[str, list[bool | None]] = {kind: [] for kind in kinds}
    made = 0
    while made < count:
        original, change = make()
        if change is not None:
            outcomes[change.kind].append(check(change, original))
            made += 1
    shares = []
    for kind, found in outcomes.items():
        said = [own for own in found if own is not None]
        shares.append(f"{kind} {len(said)}/{len(found)} refused, {sum(said)} at it")
    refused = refusals(outcomes)
    total = sum(map(len, outcomes.values()))
    print(f"{total} edits, {len(refused)} refused, {sum(refused)} at the line edited ({', '.join(shares)})")
    print(REPEAT)
    return outcomes


def refusals(outcomes: dict[str, list[bool | None]]) -> list[bool]:
    """Of the edits tallied, those refused: whether each was refused at the line edited."""
    return [own for found in outcomes.values() for own in found if own is not None]
