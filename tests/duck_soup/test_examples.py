"""The worked examples of the rule texts are tests."""

from __future__ import annotations

import pytest

from duckspec.duck_soup.examples import WORKED_EXAMPLES, WorkedExample


@pytest.mark.parametrize("example", WORKED_EXAMPLES, ids=lambda e: e.title)
def test_worked_example(example: WorkedExample) -> None:
    agrees, actual = example.check()
    assert agrees, f"{example.source}: the text says {example.expected!r}, the spec computes {actual!r}"


def test_every_source_text_example_is_covered() -> None:
    titles = " ".join(example.source for example in WORKED_EXAMPLES)
    for source in ("en §4", "en §6", "en §8", "ko Scoring"):
        assert source in titles
