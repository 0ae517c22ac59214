"""The worked examples of the text, run through the specification."""

from __future__ import annotations

import pytest

from duckspec.aw_ducks.examples import WORKED_EXAMPLES, WorkedExample


@pytest.mark.parametrize("example", WORKED_EXAMPLES, ids=lambda example: example.title)
def test_the_spec_agrees_with_the_text(example: WorkedExample) -> None:
    agrees, computed = example.check()
    assert agrees, f"{example.source}: the text says {example.expected!r}, the spec computes {computed!r}"
