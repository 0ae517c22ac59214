"""Reports of a run, each format one class behind one small protocol (:class:`Report`).

The formats here: JSON Lines written as results come, and JUnit XML at the end (the HTML page
is the viewer's, :mod:`ducksoup.viewer.report`). ``ducksoup check`` gives each format one option
(:data:`ducksoup.report_formats.REPORT_FORMATS`), so a new format is one class and one entry there.

Both formats here carry the package, suite, trace format and protocol versions and the
implementation's name and version, so a report says exactly what was checked against what. The
JSON Lines report is flushed after every trace, so an interrupted run leaves a readable report of
what it finished:

* first line: ``{"type": "run", "versions": {...}, "implementation": {...}}``
* one line per trace: ``{"type": "trace", "trace": ID, "outcome": ..., "steps": N, ...}``
* last line: ``{"type": "summary", "passed": N, "failed": M, ...}``, with ``"error"`` when the
  implementation could not be started (or restarted); traces not run have the outcome ``not-run``
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, Protocol, TextIO

from duckcheck import FORMAT_VERSION, PROTOCOL_VERSION, SUITE_VERSION
from duckcheck.compare import Outcome, TraceResult
from duckcheck.runner import Summary
from duckcheck.untrusted import shown

JSON = dict[str, Any]


@dataclass(frozen=True)
class FinishedRun:
    """What a report learns when the run is over."""

    summary: Summary
    stopped: str | None
    """Why the run stopped before its end (the implementation could not start, the time ran out), if it did."""
    traces: Sequence[JSON]
    """The traces chosen for the run (a report may show a failing one)."""
    command: str
    """The command that started the implementation, as a shell would read it."""


class Report(Protocol):
    """A report of a run in one format, written to one file.

    ``ducksoup check`` calls, in this order: :meth:`prepare` before the run, which creates what
    the report writes to (so a path that cannot be written is an ``OSError`` before any trace
    runs); :meth:`start` once, with the implementation's name, version and language; :meth:`add`
    after each trace; :meth:`finish` when the run is over; and :meth:`close` always, last, which
    discards what an unfinished report left (a finished report is kept).
    """

    def prepare(self) -> None: ...

    def start(self, implementation: JSON) -> None: ...

    def add(self, result: TraceResult) -> None: ...

    def finish(self, run: FinishedRun) -> None: ...

    def close(self) -> None: ...


def versions() -> JSON:
    """The versions a report is made with."""
    try:
        package = version("ducksoup")
    except PackageNotFoundError:
        package = "unknown"
    return {"package": package, "suite": SUITE_VERSION, "format": FORMAT_VERSION, "protocol": PROTOCOL_VERSION}


class JsonLinesReport:
    """A JSON Lines report, one line per trace as results come.

    :meth:`prepare` creates the file at once (so a path that cannot be written is found before the
    run); text that cannot be encoded is escaped rather than failing the report. What was written
    stays when the run ends early: that is the point of writing as results come.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.file: TextIO | None = None

    def prepare(self) -> None:
        if self.file is None:
            self.file = self.path.open("w", encoding="utf-8", errors="backslashreplace")

    def start(self, implementation: JSON) -> None:
        self.prepare()
        self._write({"type": "run", "versions": versions(), "implementation": implementation})

    def add(self, result: TraceResult) -> None:
        self._write({"type": "trace", **result.to_json()})

    def finish(self, run: FinishedRun) -> None:
        summary = run.summary
        line: JSON = {
            "type": "summary",
            **summary.counts(),
            "seconds": round(summary.seconds, 3),
            "interrupted": summary.interrupted,
        }
        if run.stopped:
            line["error"] = shown(run.stopped)
        self._write(line)
        self.close()

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
            self.file = None

    def _write(self, record: JSON) -> None:
        if self.file is not None:
            self.file.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
            self.file.flush()


class AtomicFile:
    """A file written whole at the end, atomically: a temporary file beside ``path``, then a rename.

    :meth:`prepare` creates the temporary file at once, so a path that cannot be written is found
    before the run; :meth:`discard` removes it if the report was never written.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.temporary: Path | None = None

    def prepare(self) -> None:
        if self.path.is_dir():
            raise IsADirectoryError(errno.EISDIR, "is a folder, not a file", str(self.path))
        descriptor, name = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name}.", suffix=".tmp")
        os.close(descriptor)
        self.temporary = Path(name)

    def write(self, fill: Callable[[Path], None]) -> None:
        """Have ``fill`` write the temporary file, then put it in place of ``path``."""
        if self.temporary is None:
            self.prepare()
        assert self.temporary is not None
        try:
            fill(self.temporary)
            os.chmod(self.temporary, 0o644)
            os.replace(self.temporary, self.path)
        finally:
            self.discard()

    def discard(self) -> None:
        if self.temporary is not None:
            with contextlib.suppress(OSError):
                self.temporary.unlink()
            self.temporary = None


class WrittenAtTheEnd:
    """A report written whole when the run is over, atomically (:class:`AtomicFile`); a subclass gives :meth:`write`."""

    def __init__(self, path: Path) -> None:
        self.file = AtomicFile(path)

    def prepare(self) -> None:
        self.file.prepare()

    def start(self, implementation: JSON) -> None:
        pass  # the whole report is written by finish, from the summary

    def add(self, result: TraceResult) -> None:
        pass

    def finish(self, run: FinishedRun) -> None:
        self.file.write(lambda temporary: self.write(temporary, run))

    def close(self) -> None:
        self.file.discard()

    def write(self, path: Path, run: FinishedRun) -> None:
        """Write the whole report of ``run`` to ``path``."""
        raise NotImplementedError(f"{type(self).__name__} does not say how to write its report")


class JunitReport(WrittenAtTheEnd):
    """A JUnit XML report written at the end of the run, atomically."""

    def write(self, path: Path, run: FinishedRun) -> None:
        summary = run.summary
        write_junit(path, summary.results, summary.implementation, summary.seconds)


def write_junit(path: Path, results: list[TraceResult], implementation: JSON, seconds: float) -> None:
    """A JUnit XML report: one test case per trace, the diff of a failure as its text.

    Traces not run (an interrupted run, an implementation that could not be restarted) are
    reported as skipped, with the reason. Every text is escaped so that the XML stays valid.
    """
    counts = {outcome: sum(1 for r in results if r.outcome is outcome) for outcome in Outcome}
    suites = ET.Element("testsuites")
    suite = ET.SubElement(
        suites,
        "testsuite",
        name="ducksoup conformance",
        tests=str(len(results)),
        failures=str(counts[Outcome.FAILED] + counts[Outcome.XPASSED]),
        errors="0",
        skipped=str(counts[Outcome.SKIPPED] + counts[Outcome.XFAILED] + counts[Outcome.NOT_RUN]),
        time=f"{seconds:.3f}",
    )
    properties = ET.SubElement(suite, "properties")
    for name, value in versions().items():
        ET.SubElement(properties, "property", name=f"{name}_version", value=shown(str(value)))
    for name in ("name", "version", "language"):
        if name in implementation:
            ET.SubElement(properties, "property", name=f"implementation_{name}", value=shown(str(implementation[name])))
    for result in results:
        case = ET.SubElement(suite, "testcase", classname="ducksoup.conformance", name=shown(result.trace))
        case.set("time", f"{result.seconds:.4f}")
        if result.outcome in (Outcome.FAILED, Outcome.XPASSED):
            failure = ET.SubElement(case, "failure", message=shown(result.reason))
            failure.text = _details(result)
        elif result.outcome in (Outcome.SKIPPED, Outcome.XFAILED, Outcome.NOT_RUN):
            ET.SubElement(case, "skipped", message=shown(result.reason or result.outcome.value))
    ET.indent(suites)
    ET.ElementTree(suites).write(path, encoding="utf-8", xml_declaration=True)


def _details(result: TraceResult) -> str:
    lines = [result.reason]
    if result.action is not None:
        lines.append(f"action: {result.action_text}")
    if result.sections:
        lines.append(f"rules: {', '.join(result.sections)}")
    lines += result.diff
    return "\n".join(shown(line) for line in lines)
