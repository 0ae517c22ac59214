"""Rules §8 Notes and examples: every worked example of the text, played through the specification."""

from __future__ import annotations

import pytest

from duckspec.doubleduck.examples import WORKED_EXAMPLES, WorkedExample


@pytest.mark.parametrize("example", WORKED_EXAMPLES, ids=lambda example: example.title)
def test_the_spec_agrees_with_the_text(example: WorkedExample) -> None:
    agrees, actual = example.check()
    assert agrees, f"{example.source} {example.title}: the text says {example.expected!r}, the spec {actual!r}"


def test_the_notes_examples_are_there() -> None:
    titles = " ".join(example.title for example in WORKED_EXAMPLES)
    assert "3-3-8-6" in titles and titles.count("J-J-J") == 2 and "19" in titles
