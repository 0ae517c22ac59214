"""The rulings register: complete, well-formed, and every ruling exercised by a test."""

from __future__ import annotations

from pathlib import Path

import pytest

from duckspec.rulings import Ruling, load_rulings
from tests.markers import marked_rulings

ROOT = Path(__file__).resolve().parents[2]
RULINGS = load_rulings("duck_soup")
REQUIRED_QUESTIONS = {
    "DS-R01": "first card",
    "DS-R02": "another rank",
    "DS-R03": "duck soup",
    "DS-R04": "four cards",
    "DS-R05": "both players",
    "DS-R06": "reaches 250",
    "DS-R07": "twice",
    "DS-R08": "level",
    "DS-R09": "hidden",
    "DS-R15": "without calls",
    "DS-R16": "fourth card",
}


def test_ids_are_unique_and_numbered_in_order() -> None:
    ids = [ruling.id for ruling in RULINGS]
    assert ids == [f"DS-R{n:02d}" for n in range(1, len(ids) + 1)]


@pytest.mark.parametrize("ruling", RULINGS, ids=lambda r: r.id)
def test_each_ruling_is_complete(ruling: Ruling) -> None:
    for text in (ruling.title, ruling.question, ruling.decision, ruling.rationale):
        assert text.strip()
    assert ruling.sources and ruling.tests
    assert all(source.split()[0] in {"en", "de", "ko", "cardstock"} for source in ruling.sources)


@pytest.mark.parametrize("ruling", RULINGS, ids=lambda r: r.id)
def test_each_rulings_tests_exist_and_carry_its_marker(ruling: Ruling) -> None:
    for test in ruling.tests:
        file, _, name = test.partition("::")
        marks = marked_rulings(ROOT / file)
        assert name in marks, f"{test} (listed by {ruling.id}) does not exist or has no ruling marker"
        assert ruling.id in marks[name], f"{test} does not carry pytest.mark.ruling({ruling.id!r})"


def test_every_ruling_marker_in_the_tests_is_registered() -> None:
    known = {ruling.id for ruling in RULINGS}
    listed = {test for ruling in RULINGS for test in ruling.tests}
    for path in sorted((ROOT / "tests" / "duck_soup").glob("test_*.py")):
        for name, ids in marked_rulings(path).items():
            assert ids <= known, f"{path.name}::{name} cites unknown rulings {ids - known}"
            for ruling_id in ids:
                owner = next(r for r in RULINGS if r.id == ruling_id)
                if f"tests/duck_soup/{path.name}::{name}" not in owner.tests:
                    assert path.name == "test_properties.py", (
                        f"{ruling_id} does not list tests/duck_soup/{path.name}::{name}"
                    )
    assert listed


@pytest.mark.parametrize(("ruling_id", "topic"), sorted(REQUIRED_QUESTIONS.items()))
def test_the_questions_the_issue_requires_are_ruled(ruling_id: str, topic: str) -> None:
    ruling = next(r for r in RULINGS if r.id == ruling_id)
    assert topic in ruling.question.lower() or topic in ruling.title.lower()


def test_rule_options_named_by_rulings_exist() -> None:
    from duckspec.duck_soup.variants import RuleOptions

    options = {ruling.option for ruling in RULINGS if ruling.option}
    assert options == {"double_draw", "stock", "best_of", "calls"}
    assert all(hasattr(RuleOptions(), option) for option in options)


@pytest.mark.parametrize("ruling", RULINGS, ids=lambda r: r.id)
def test_each_ruling_names_its_other_readings_and_their_faulty_implementations(ruling: Ruling) -> None:
    """Every ruling lists the other readings of its question, each played by a fault of ``tests/faulty/duck_soup.py``
    whose docstring names the ruling (tests/duck_soup/test_suite_power.py shows the suite rejects each one)."""
    from tests.faulty.duck_soup import FAULTS

    assert ruling.alternatives, f"{ruling.id} names no other reading"
    for alternative in ruling.alternatives:
        assert alternative.reading.strip() and alternative.reading.strip()[-1] in ".)"
        assert alternative.fault in FAULTS, f"{ruling.id}: no faulty implementation {alternative.fault!r}"
        assert ruling.id in FAULTS[alternative.fault].rule, f"{alternative.fault} does not name {ruling.id}"


def test_every_ruling_cited_in_the_spec_exists() -> None:
    import re

    cited = set()
    for path in (ROOT / "spec" / "duckspec").rglob("*.py"):
        cited |= set(re.findall(r"DS-R\d{2}", path.read_text(encoding="utf-8")))
    assert cited <= {ruling.id for ruling in RULINGS}
