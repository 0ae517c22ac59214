"""The Aw Ducks! rulings register: complete, well-formed, exercised by tests, its alternatives faults that exist."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

from duckspec.rulings import Ruling, load_rulings
from tests.faulty.aw_ducks import FAULTS

ROOT = Path(__file__).resolve().parent.parent.parent
RULINGS = load_rulings("aw_ducks")
REQUIRED_QUESTIONS = {
    "AD-R01": "until the deck runs out",
    "AD-R02": "secret stash",
    "AD-R03": "score twice",
    "AD-R04": "empty",
    "AD-R05": "single card",
    "AD-R06": "red",
    "AD-R07": "wrap",
    "AD-R08": "exactly or at least",
    "AD-R09": "several ducks",
    "AD-R10": "safe draw",
    "AD-R11": "whose tableau",
    "AD-R12": "two piles",
    "AD-R13": "direction",
    "AD-R14": "later rounds",
    "AD-R15": "level",
    "AD-R16": "same highest score",
    "AD-R17": "view",
    "AD-R18": "stashed duck",
    "AD-R19": "how many may play",
    "AD-R20": "still lie in the duck pond",
}
"""Each point the issue asks to rule on, and a phrase of the question that rules on it."""


def marked_rulings(path: Path) -> dict[str, set[str]]:
    """Map test function name to the ruling IDs in its ``pytest.mark.ruling`` markers."""
    marks: dict[str, set[str]] = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
            for decorator in node.decorator_list:
                if (
                    isinstance(decorator, ast.Call)
                    and isinstance(decorator.func, ast.Attribute)
                    and decorator.func.attr == "ruling"
                    and decorator.args
                    and isinstance(decorator.args[0], ast.Constant)
                ):
                    marks.setdefault(node.name, set()).add(str(decorator.args[0].value))
    return marks


def test_ids_are_unique_and_numbered_in_order() -> None:
    assert [ruling.id for ruling in RULINGS] == [f"AD-R{n:02d}" for n in range(1, len(RULINGS) + 1)]


@pytest.mark.parametrize("ruling", RULINGS, ids=lambda r: r.id)
def test_each_ruling_is_complete(ruling: Ruling) -> None:
    for text in (ruling.title, ruling.question, ruling.decision, ruling.rationale):
        assert text.strip()
    assert ruling.sources and ruling.tests and ruling.alternatives
    assert all(source.startswith("text ") for source in ruling.sources)
    assert ruling.option is None


@pytest.mark.parametrize("ruling", RULINGS, ids=lambda r: r.id)
def test_each_rulings_tests_exist_and_carry_its_marker(ruling: Ruling) -> None:
    for test in ruling.tests:
        file, _, name = test.partition("::")
        marks = marked_rulings(ROOT / file)
        assert name in marks, f"{test} (listed by {ruling.id}) does not exist or has no ruling marker"
        assert ruling.id in marks[name], f"{test} does not carry pytest.mark.ruling({ruling.id!r})"


def test_every_ruling_marker_in_these_tests_is_registered() -> None:
    known = {ruling.id: ruling for ruling in RULINGS}
    for path in sorted(Path(__file__).parent.glob("test_*.py")):
        for name, ids in marked_rulings(path).items():
            assert ids <= set(known), f"{path.name}::{name} cites unknown rulings {ids - set(known)}"
            for ruling_id in ids:
                listed = f"tests/aw_ducks/{path.name}::{name}"
                assert listed in known[ruling_id].tests or path.name == "test_properties.py", (
                    f"{ruling_id} omits {listed}"
                )


@pytest.mark.parametrize("ruling", RULINGS, ids=lambda r: r.id)
def test_each_alternative_is_a_faulty_implementation_citing_the_ruling(ruling: Ruling) -> None:
    for alternative in ruling.alternatives:
        assert alternative.reading.strip()
        assert alternative.fault in FAULTS, f"{ruling.id}: no faulty implementation {alternative.fault!r}"
        assert ruling.id in FAULTS[alternative.fault].rule


@pytest.mark.parametrize(("ruling_id", "topic"), sorted(REQUIRED_QUESTIONS.items()))
def test_the_points_the_issue_lists_are_ruled(ruling_id: str, topic: str) -> None:
    ruling = next(r for r in RULINGS if r.id == ruling_id)
    assert topic in ruling.question.lower() or topic in ruling.title.lower()


INEXPRESSIBLE = [
    (entry["id"], other)
    for entry in tomllib.loads((ROOT / "spec/duckspec/aw_ducks/rulings.toml").read_text(encoding="utf-8"))["ruling"]
    for other in entry.get("inexpressible", [])
]
"""The other readings no trace can show, each with the reason, by ruling (the register's ``inexpressible`` lists)."""


@pytest.mark.parametrize(("ruling_id", "other"), INEXPRESSIBLE, ids=[ruling_id for ruling_id, _ in INEXPRESSIBLE])
def test_a_reading_no_trace_can_show_gives_its_reason_and_the_rationale_says_so(
    ruling_id: str, other: dict[str, str]
) -> None:
    assert set(other) == {"reading", "reason"} and other["reading"].strip() and other["reason"].strip()
    ruling = next(ruling for ruling in RULINGS if ruling.id == ruling_id)
    assert "cannot reject" in ruling.rationale, f"{ruling_id}: the rationale does not say which reading no trace shows"
