"""The Doubleduck rulings register: complete, well-formed, every ruling exercised by a test and pinned by traces."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from duckspec.doubleduck.variants import RuleOptions
from duckspec.rulings import Ruling, load_rulings
from tests.doubleduck.traces import load_traces
from tests.markers import marked_rulings

ROOT = Path(__file__).resolve().parents[2]
RULINGS = load_rulings("doubleduck")
SOURCES = {"dd", "ds-en", "ds-de", "later-dd"}
REQUIRED_QUESTIONS = {
    "DD-R01": "first card",
    "DD-R02": "draw",
    "DD-R03": "one quack per duplicate",
    "DD-R04": "wrong number of quacks",
    "DD-R05": "not entitled",
    "DD-R06": "exact duplicate",
    "DD-R07": "after a doubleduck",
    "DD-R08": "silently",
    "DD-R09": "without its call",
    "DD-R10": "waste",
    "DD-R11": "no duck trick",
    "DD-R12": "both sides",
    "DD-R13": "level",
    "DD-R14": "exactly 1000",
    "DD-R15": "deals first",
    "DD-R16": "add up",
    "DD-R17": "52-card",
    "DD-R18": "stock",
    "DD-R19": "partners sit",
    "DD-R20": "partner's card",
    "DD-R21": "when is a call made",
}
"""The points the issue asks to rule on, and a phrase of the question that shows each is ruled."""


def test_ids_are_unique_and_numbered_in_order() -> None:
    assert [ruling.id for ruling in RULINGS] == [f"DD-R{n:02d}" for n in range(1, len(RULINGS) + 1)]


@pytest.mark.parametrize("ruling", RULINGS, ids=lambda r: r.id)
def test_each_ruling_is_complete(ruling: Ruling) -> None:
    for text in (ruling.title, ruling.question, ruling.decision, ruling.rationale):
        assert text.strip()
    assert ruling.sources and ruling.tests and (ruling.alternatives or ruling.inexpressible)
    assert all(source.split()[0] in SOURCES for source in ruling.sources)
    assert all(alternative.reading.strip() and alternative.fault for alternative in ruling.alternatives)
    assert all(other.reading.strip() and "protocol" in other.reason for other in ruling.inexpressible)


@pytest.mark.parametrize("ruling", RULINGS, ids=lambda r: r.id)
def test_each_rulings_tests_exist_and_carry_its_marker(ruling: Ruling) -> None:
    for test in ruling.tests:
        file, _, name = test.partition("::")
        marks = marked_rulings(ROOT / file)
        assert name in marks, f"{test} (listed by {ruling.id}) does not exist or has no ruling marker"
        assert ruling.id in marks[name], f"{test} does not carry pytest.mark.ruling({ruling.id!r})"


def test_every_doubleduck_ruling_marker_is_registered() -> None:
    for path in sorted((ROOT / "tests" / "doubleduck").glob("test_*.py")):
        for name, ids in marked_rulings(path).items():
            for ruling_id in ids:
                owner = next((r for r in RULINGS if r.id == ruling_id), None)
                assert owner is not None, f"{path.name}::{name} cites unknown ruling {ruling_id}"
                assert f"tests/doubleduck/{path.name}::{name}" in owner.tests, f"{ruling_id} does not list {name}"


@pytest.mark.parametrize(("ruling_id", "topic"), sorted(REQUIRED_QUESTIONS.items()))
def test_the_questions_the_issue_requires_are_ruled(ruling_id: str, topic: str) -> None:
    ruling = next(r for r in RULINGS if r.id == ruling_id)
    assert topic in (ruling.question + " " + ruling.title).lower()


def test_rule_options_named_by_rulings_exist() -> None:
    options = {ruling.option for ruling in RULINGS if ruling.option}
    assert options == {"draw"} and all(hasattr(RuleOptions(), option) for option in options)


def test_every_ruling_cited_in_the_spec_exists() -> None:
    cited = set()
    for path in (ROOT / "spec" / "duckspec" / "doubleduck").rglob("*.py"):
        cited |= set(re.findall(r"DD-R\d{2}", path.read_text(encoding="utf-8")))
    assert cited <= {ruling.id for ruling in RULINGS} and len(cited) == len(RULINGS)


def test_every_ruling_is_pinned_by_a_trace() -> None:
    pinned = {ruling for trace in load_traces() for ruling in trace["rulings"]}
    assert {ruling.id for ruling in RULINGS} <= pinned


def test_the_later_52_card_game_is_said_to_be_unspecified() -> None:
    import duckspec.doubleduck as package

    assert "52 cards" in (package.__doc__ or "") and "not specified" in (package.__doc__ or "")
    assert any("different game" in ruling.rationale for ruling in RULINGS if ruling.id == "DD-R17")
