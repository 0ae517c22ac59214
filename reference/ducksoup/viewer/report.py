"""``ducksoup check --html``: the run as one self-contained page, each failing trace in the viewer at its divergence.

For every trace that fails, the page holds a viewer of the trace's steps up to the first
divergence, opened there, with what the trace expects and what the implementation answered
side by side (both drawn by the game, see :mod:`ducksoup.viewer.scene`) and the places where they
differ marked, in words as well as in colour. Everything the implementation sent (its name,
its error texts, its states) is data to the page: escaped, or drawn as text by the viewer's
script (:mod:`ducksoup.viewer.page`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from duckcheck import strict
from duckcheck.compare import Outcome, TraceResult
from duckcheck.games import game
from duckcheck.reports import FinishedRun, WrittenAtTheEnd, versions
from duckcheck.runner import Summary
from ducksoup.games import reference
from ducksoup.narration import Loaded
from ducksoup.viewer.document import raw_scene, safe_scene, view_document
from ducksoup.viewer.page import standalone_page, text, viewer_element
from ducksoup.viewer.scene import Scene

JSON = dict[str, Any]
PLACE = re.compile(r"^(state|views\[(\d+)\])(\S*?):")
FAILING = (Outcome.FAILED, Outcome.XPASSED)


def expected_at(trace: JSON, step: int) -> JSON:
    """The trace's state once ``step`` is played (a refused step leaves the one before)."""
    state: JSON = trace["initial"]
    for played in trace["steps"][:step]:
        state = played.get("state", state)
    return state


def expected_views_at(trace: JSON, step: int) -> list[JSON]:
    """Every player's view once ``step`` is played, by the game's rules of what a player sees."""
    follower = game(trace["game"]).views()
    views = follower.advance(trace["initial"])
    for played in trace["steps"][:step]:
        if "state" in played:
            views = follower.advance(played["state"])
    return views


def differing_places(lines: Iterable[str]) -> tuple[list[str], int | None]:
    """The fields named by diff lines (``hands[0]``), and the player whose view differs, if it is a view."""
    places: list[str] = []
    player: int | None = None
    for line in lines:
        found = PLACE.match(line)
        if found is None:
            continue
        if found.group(2) is not None and player is None:
            player = int(found.group(2))
        places.append(found.group(3).lstrip("."))
    return places, player


def touches(field: str, place: str) -> bool:
    """Whether a difference at ``place`` concerns what is drawn for ``field`` (one contains the other)."""
    if not place:
        return True
    return any(
        one == other or one.startswith(other + "[") or one.startswith(other + ".")
        for one, other in ((field, place), (place, field))
    )


def mark_differences(value: Any, places: Sequence[str]) -> Any:
    """A scene whose zones, facts and tables showing a differing field carry ``diff``."""
    if isinstance(value, list):
        return [mark_differences(item, places) for item in value]
    if isinstance(value, dict):
        marked = {key: mark_differences(item, places) for key, item in value.items()}
        field = value.get("field")
        if isinstance(field, str) and any(touches(field, place) for place in places):
            marked["diff"] = True
        return marked
    return value


def divergence(trace: JSON, result: TraceResult) -> JSON:
    """The failing step's expected and received positions, drawn and marked where they differ."""
    step = result.step or 0
    drawing = reference(trace["game"]).drawing()
    reply = result.received
    lines = list(result.diff)
    found: JSON = {"step": step, "reason": result.reason, "lines": lines}
    _, player = differing_places(lines)
    views = expected_views_at(trace, step)
    if player is not None and player >= len(views):
        player = None
    if reply is None:
        expected: Scene = safe_scene(drawing, expected_at(trace, step), None, None, None)
        received = raw_scene(None, "no reply of the protocol to draw: " + result.reason)
        titles = ("The trace (expected)", "The implementation (received)")
    elif player is not None:
        answered = reply.get("views")
        received_view = answered[player] if isinstance(answered, list) and player < len(answered) else None
        places = differences(views[player], received_view)
        expected = mark_differences(safe_scene(drawing, views[player], player, None, None), places)
        received = _drawn(drawing, received_view, player, places)
        titles = (f"Player {player}'s view in the trace (expected)", f"Player {player}'s view from the implementation")
    else:
        state = expected_at(trace, step)
        got = reply.get("state")
        places = differences(state, got) or differing_places(lines)[0]
        expected = mark_differences(safe_scene(drawing, state, None, None, None), places)
        received = _drawn(drawing, got, None, places)
        titles = ("The trace (expected)", "The implementation (received)")
    found.update(expected=expected, received=received, expected_title=titles[0], received_title=titles[1])
    found["seat"] = player if reply is not None else None
    return found


def differences(expected: Any, received: Any) -> list[str]:
    """The fields where two states (or two views) differ, compared strictly (``hands[0]``)."""
    if not isinstance(received, dict) or not isinstance(expected, dict):
        return []
    return strict.paths(strict.differences(expected, received))


def _drawn(drawing: Any, shown: Any, seat: int | None, places: Sequence[str]) -> Scene:
    if not isinstance(shown, dict):
        return raw_scene(shown, "the implementation's answer is not a state that can be drawn; its JSON:")
    scene: Scene = mark_differences(safe_scene(drawing, shown, seat, None, None), places)
    return scene


def failure_html(index: int, trace: JSON | None, result: TraceResult) -> str:
    """One failing trace: what went wrong, in words, and the viewer opened at the divergence."""
    label = "FAILED" if result.outcome is Outcome.FAILED else "PASSED, though listed as an expected failure"
    parts = [
        f'<details class="vw-failure" id="failure-{index}"{" open" if index == 0 else ""}>',
        f"<summary>{text(label)}: {text(result.trace)}: {text(result.reason)}</summary>",
    ]
    if result.action is not None:
        parts.append(f"<p>Action: {text(result.action_text)}</p>")
    if result.sections:
        parts.append(f"<p>Rules: {text(', '.join(result.sections))}</p>")
    if trace is not None and result.outcome is Outcome.FAILED:
        parts.append(viewer_element(f"failure-data-{index}", f"Trace viewer: {result.trace}"))
    parts.append("</details>")
    return "\n".join(parts)


def failure_document(trace: JSON, result: TraceResult) -> JSON:
    step = min(result.step or 0, len(trace["steps"]))
    document = view_document(Loaded(trace), None, start=step, upto=step)
    document["key"] = trace["id"]
    document["divergence"] = divergence(trace, result)
    return document


def report_page(summary: Summary, traces: Sequence[JSON], command: str) -> str:
    """The whole report of a run: versions, implementation, counts, then every failing trace in the viewer."""
    by_id: Mapping[str, JSON] = {trace["id"]: trace for trace in traces}
    implementation = summary.implementation
    name = f"{implementation.get('name', '?')} {implementation.get('version', '')}".strip()
    counts = summary.counts()
    rows = [
        ("Implementation", name),
        ("Command", command),
        *((f"{key.capitalize()} version", str(value)) for key, value in versions().items()),
        ("Traces run", str(len(summary.results))),
        *((outcome.capitalize(), str(count)) for outcome, count in counts.items() if count),
        ("Steps checked", str(summary.steps)),
        ("Interrupted", "yes" if summary.interrupted else "no"),
    ]
    body = [
        '<table class="vw-report-summary"><caption>The run</caption><tbody>',
        *(f'<tr><th scope="row">{text(key)}</th><td>{text(value)}</td></tr>' for key, value in rows),
        "</tbody></table>",
        f"<p>{text(summary.closing_line())}</p>",
    ]
    failing = [result for result in summary.results if result.outcome in FAILING]
    data: dict[str, Any] = {}
    if failing:
        body.append("<h2>Failing traces</h2>")
        body.append(
            "<p>Each opens at its first divergence: the trace's position and the implementation's side by side, "
            "the places where they differ marked “≠ differs”. Step back to see how play got there.</p>"
        )
    for index, result in enumerate(failing):
        trace = by_id.get(result.trace)
        body.append(failure_html(index, trace, result))
        if trace is not None and result.outcome is Outcome.FAILED:
            data[f"failure-data-{index}"] = failure_document(trace, result)
    others = [result for result in summary.results if result.outcome not in FAILING]
    if others:
        body.append(f"<details><summary>The other traces ({len(others)})</summary><ul>")
        body += [
            f"<li>{text(result.trace)}: {text(result.outcome.value)}"
            + (f" ({text(result.reason)})" if result.reason else "")
            + "</li>"
            for result in others
        ]
        body.append("</ul></details>")
    title = f"ducksoup check: {name}"
    return standalone_page(title, "\n".join(body), data, heading=title)


class HtmlReport(WrittenAtTheEnd):
    """``check --html``: the run as one page (:func:`report_page`), written at the end, atomically."""

    def write(self, path: Path, run: FinishedRun) -> None:
        path.write_text(report_page(run.summary, run.traces, run.command), encoding="utf-8")
