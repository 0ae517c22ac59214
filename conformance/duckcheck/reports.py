"""Reports of a run: JSON Lines written as results come, and JUnit XML at the end.

Both carry the package, suite, trace format and protocol versions and the implementation's
name and version, so a report says exactly what was checked against what. The JSON Lines report
is flushed after every trace, so an interrupted run leaves a readable report of what it finished:

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
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, TextIO

from duckcheck import FORMAT_VERSION, PROTOCOL_VERSION, SUITE_VERSION
from duckcheck.compare import Outcome, TraceResult
from duckcheck.untrusted import shown

JSON = dict[str, Any]


def versions() -> JSON:
    """The versions a report is made with."""
    try:
        package = version("ducksoup")
    except PackageNotFoundError:
        package = "unknown"
    return {"package": package, "suite": SUITE_VERSION, "format": FORMAT_VERSION, "protocol": PROTOCOL_VERSION}


class JsonLinesReport:
    """A JSON Lines report, one line per trace as results come.

    :meth:`open` creates the file at once (so a path that cannot be written is found before the
    run); text that cannot be encoded is escaped rather than failing the report.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.file: TextIO | None = None

    def open(self) -> None:
        if self.file is None:
            self.file = self.path.open("w", encoding="utf-8", errors="backslashreplace")

    def start(self, implementation: JSON) -> None:
        self.open()
        self._write({"type": "run", "versions": versions(), "implementation": implementation})

    def add(self, result: TraceResult) -> None:
        self._write({"type": "trace", **result.to_json()})

    def finish(self, counts: dict[str, int], seconds: float, interrupted: bool, error: str | None = None) -> None:
        summary: JSON = {"type": "summary", **counts, "seconds": round(seconds, 3), "interrupted": interrupted}
        if error:
            summary["error"] = shown(error)
        self._write(summary)
        self.close()

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
            self.file = None

    def _write(self, record: JSON) -> None:
        if self.file is not None:
            self.file.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
            self.file.flush()


class JunitReport:
    """A JUnit XML report written at the end of the run, atomically (a temporary file, then a rename).

    :meth:`prepare` creates the temporary file beside ``path`` at once, so a path that cannot be
    written is found before the run.
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

    def write(self, results: list[TraceResult], implementation: JSON, seconds: float) -> None:
        if self.temporary is None:
            self.prepare()
        assert self.temporary is not None
        try:
            write_junit(self.temporary, results, implementation, seconds)
            os.chmod(self.temporary, 0o644)
            os.replace(self.temporary, self.path)
        finally:
            self.discard()

    def discard(self) -> None:
        if self.temporary is not None:
            with contextlib.suppress(OSError):
                self.temporary.unlink()
            self.temporary = None


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
