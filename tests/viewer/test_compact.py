"""The compact view document of the documentation's trace pages (:mod:`ducksoup.viewer.compact`).

The patches are applied here the way the viewer's script applies them (``patched`` in
``ducksoup-viewer.js``), so that these tests pin the format both sides read; the browser tests
(``tests/browser/test_compact_pages.py``) show the script draws the same pages from it.
"""

from __future__ import annotations

import base64
import gzip
import json
from functools import cache
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from duckcheck.trace import read_trace, trace_path
from ducksoup.narration import Loaded
from ducksoup.viewer.compact import ENCODING, compact_document, compact_embedded, packed, patch, unpooled
from ducksoup.viewer.document import view_document
from ducksoup.viewer.page import embedded

JSON = dict[str, Any]


def patched(value: Any, change: Any) -> Any:
    """``change`` applied to ``value``, as the viewer's script applies it (a copy; ``value`` is left as it was)."""
    if isinstance(change, list):
        return change[0]
    if not isinstance(value, (list, dict)):
        return value
    out: Any = list(value) if isinstance(value, list) else dict(value)
    if isinstance(out, list):
        if "/" in change:
            start, count, *items = change["/"]
            out[start : start + count] = items
        if "#" in change:
            out = (out + [None] * change["#"])[: change["#"]]
        for key, member in change.items():
            if key not in ("/", "#"):
                out[int(key)] = patched(out[int(key)], member)
        return out
    for key, member in change.items():
        if key != "-":
            out[key] = patched(out.get(key), member)
    for key in change.get("-", []):
        del out[key]
    return out


def strict(value: Any) -> str:
    """A value as JSON text, so that ``true`` and ``1`` compare unequal."""
    return json.dumps(value, sort_keys=True)


@cache
def document_of(trace_id: str) -> JSON:
    """A suite trace's view document, made once (the tests only read it)."""
    return view_document(Loaded(read_trace(trace_path(trace_id))))


def rebuilt(compact: JSON) -> list[Any]:
    """The scene of every step of a compact document (None for a step that shows the one before)."""
    shown: Any = None
    scenes = []
    for step in compact["steps"]:
        if "change" in step:
            shown = patched(shown, step["change"])
        scenes.append(shown if "change" in step else None)
    return scenes


@pytest.mark.parametrize(
    "trace_id", ["ds-negative-not-your-turn", "ds-match-bo3-01", "dd-deal-greedy-001", "ad-round-3p-greedy-01"]
)
def test_the_scenes_rebuilt_from_the_changes_are_the_documents(trace_id: str) -> None:
    document = document_of(trace_id)
    compact = compact_document(document)
    assert compact["encoding"] == ENCODING and compact["pool"] == []
    expected = [unpooled(step["scene"], document["pool"]) if "scene" in step else None for step in document["steps"]]
    assert [strict(scene) for scene in rebuilt(compact)] == [strict(scene) for scene in expected]
    assert [{**step, "scene": None} for step in document["steps"]] == [
        {**{key: value for key, value in step.items() if key != "change"}, "scene": None} for step in compact["steps"]
    ]
    refused = [number for number, step in enumerate(document["steps"]) if "scene" not in step]
    assert refused == [number for number, step in enumerate(compact["steps"]) if "change" not in step]


def test_a_refused_step_keeps_no_change() -> None:
    compact = compact_document(document_of("ds-negative-not-your-turn"))
    assert any("refused" in step and "change" not in step for step in compact["steps"])


def test_a_card_played_from_a_hand_is_one_splice() -> None:
    hand = ["AC", "TC", "QC", "7D", "8D", "3H"]
    assert patch({"cards": hand}, {"cards": hand[:2] + hand[3:]}) == {"cards": {"/": [2, 1]}}
    assert patch(hand, hand) == {}


def test_true_is_not_1_and_a_member_named_like_a_mark_is_replaced_whole() -> None:
    assert patch({"hidden": 1}, {"hidden": True}) == {"hidden": [True]}
    assert patch([1, 2, 3, 4], [True, 2, 3, 4]) == {"/": [0, 1, True]}
    assert patch({"#": 1, "a": 2}, {"#": 2, "a": 2}) == [{"#": 2, "a": 2}]


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(["", "a", "AC", "/", "#", "-"]),
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(st.sampled_from(["a", "b", "cards", "#", "-", "/", "0"]), children, max_size=4)
    ),
    max_leaves=12,
)


@given(JSON_VALUES, JSON_VALUES)
def test_any_patch_turns_the_old_value_into_the_new(old: Any, new: Any) -> None:
    assert strict(patched(old, patch(old, new))) == strict(new)


def test_the_page_holds_the_compact_document_gzipped_the_same_every_time() -> None:
    document = document_of("dd-deal-greedy-001")
    page = compact_embedded(document)
    text = packed(compact_document(document))
    assert f'<script type="application/gzip" id="ducksoup-view">{text}</script>' in page
    assert json.loads(gzip.decompress(base64.b64decode(text))) == compact_document(document)
    assert compact_embedded(document) == page
    assert len(page) * 5 < len(embedded(document))
