"""A view document made small for a site of many viewers: each step's changes, compressed.

The documentation embeds a viewer in the page of every trace of the suite (about 660). Written out
(:mod:`ducksoup.viewer.document`, shared parts pooled), their scenes took over 50 MB. Here:

* each step keeps only what changed in its scene since the last scene shown, a *patch*
  (``change``), and the document says so with ``"encoding": "changes"``; step 0's patch is its
  whole scene;
* the document is gzip-compressed and written in base64 in the page, in a
  ``<script type="application/gzip">`` element (never run, and base64 needs no escaping).

The viewer's script (``ducksoup-viewer.js``: ``inflate`` and ``rebuild``) undoes both before drawing,
so it shows exactly the scenes of the uncompacted document. Browsers have decompressed gzip
themselves (``DecompressionStream``) since 2023; nothing is fetched.

A patch turns an old value into a new one:

* ``[value]``: the new value is ``value``;
* ``{"/": [start, count, item, ...]}``, for a list: ``count`` items from ``start`` replaced by the items
  (a card played from a hand);
* any other object: the members that change, each with its patch, by key (a list's by index, written as
  text); ``"#": length`` first sets a list's length, ``"-": [key, ...]`` removes an object's members;
  ``{}`` changes nothing.

An object with a member named ``/``, ``#`` or ``-`` is replaced whole.
"""

from __future__ import annotations

import base64
import gzip
import json
from typing import Any

from duckcheck.strict import same
from ducksoup.viewer.page import text, viewer_element

JSON = dict[str, Any]
ENCODING = "changes"
"""The value of a compact document's ``encoding``."""
MARKS = frozenset({"/", "#", "-"})
"""The keys a patch uses for itself; an object with a member of these names is replaced whole."""


def compact_document(document: JSON) -> JSON:
    """``document`` (from :func:`~ducksoup.viewer.document.view_document`) with each step's scene as a patch of
    the scene shown before it (a refused step shows none, so it keeps none)."""
    pool = document.get("pool", [])
    done: dict[int, Any] = {}
    shown: Any = None
    steps = []
    for step in document["steps"]:
        step = dict(step)
        if "scene" in step:
            scene = unpooled(step.pop("scene"), pool, done)
            step["change"] = [scene] if shown is None else patch(shown, scene)
            shown = scene
        steps.append(step)
    return {**document, "encoding": ENCODING, "pool": [], "steps": steps}


def unpooled(value: Any, pool: list[Any], done: dict[int, Any] | None = None) -> Any:
    """A value with every ``{"@": i}`` of the document's pool replaced by the pooled value it stands for (each
    pooled value made once, in ``done``, and shared: nothing here changes a value)."""
    done = {} if done is None else done
    if isinstance(value, list):
        return [unpooled(item, pool, done) for item in value]
    if isinstance(value, dict):
        if list(value) == ["@"]:
            index = value["@"]
            if index not in done:
                done[index] = unpooled(pool[index], pool, done)
            return done[index]
        return {key: unpooled(item, pool, done) for key, item in value.items()}
    return value


def patch(old: Any, new: Any) -> Any:
    """A patch that turns ``old`` into ``new`` (``{}`` when they are the same): an object's or a list's changed
    members, a list of cards or words as one splice, anything else replaced. Not always the shortest, but
    quick to find (thousands of scenes a second)."""
    return {} if same(old, new) else changed(old, new)


def changed(old: Any, new: Any) -> Any:
    """The patch of :func:`patch`, for two values known to differ."""
    if isinstance(old, dict) and isinstance(new, dict) and not MARKS & (old.keys() | new.keys()):
        return object_patch(old, new)
    if isinstance(old, list) and isinstance(new, list):
        flat = not any(isinstance(item, (list, dict)) for item in (*old, *new))
        return splice(old, new) if flat else list_patch(old, new)
    return [new]


def object_patch(old: JSON, new: JSON) -> JSON:
    members: JSON = {}
    for key, value in new.items():
        if key not in old:
            members[key] = [value]
        elif not same(old[key], value):
            members[key] = changed(old[key], value)
    removed = [key for key in old if key not in new]
    if removed:
        members["-"] = removed
    return members


def list_patch(old: list[Any], new: list[Any]) -> JSON:
    members: JSON = {"#": len(new)} if len(old) != len(new) else {}
    for index, value in enumerate(new):
        if index >= len(old):
            members[str(index)] = [value]
        elif not same(old[index], value):
            members[str(index)] = changed(old[index], value)
    return members


def splice(old: list[Any], new: list[Any]) -> Any:
    """The items between the longest common start and end of the two lists replaced; the new list whole when
    that is as short."""
    shortest = min(len(old), len(new))
    start = 0
    while start < shortest and same(old[start], new[start]):
        start += 1
    end = 0
    while end < shortest - start and same(old[-1 - end], new[-1 - end]):
        end += 1
    inserted = new[start : len(new) - end]
    if len(inserted) + 2 >= len(new):
        return [new]
    return {"/": [start, len(old) - start - end, *inserted]}


ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def encoded(value: Any) -> str:
    return ENCODER.encode(value)


def packed(document: JSON) -> str:
    """The document as base64 of its gzip-compressed JSON (the same bytes for the same document)."""
    data = encoded(document).encode("utf-8")
    return base64.b64encode(gzip.compress(data, compresslevel=9, mtime=0)).decode("ascii")


def compact_embedded(document: JSON, data_id: str = "ducksoup-view") -> str:
    """A viewer of ``document``, compacted and packed, for a page that loads the viewer's script and style sheet
    itself (as ``ducksoup.viewer.page.embedded`` makes one of the whole document)."""
    data = f'<script type="application/gzip" id="{text(data_id)}">{packed(compact_document(document))}</script>'
    return viewer_element(data_id, f"Trace viewer: {document['id']}") + data


__all__ = ["ENCODING", "compact_document", "compact_embedded", "packed", "patch"]
