"""Report formats behind one protocol (start, add, finish): each format is one class and one option of ``check``."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import click
import pytest
from click.testing import CliRunner

from duckcheck.compare import TraceResult
from duckcheck.reports import FinishedRun
from ducksoup import report_formats
from ducksoup.checking import CheckRequest, run_check
from ducksoup.cli import main
from ducksoup.report_formats import REPORT_FORMATS, ReportFormat, chosen_reports, report_options

TRACE = "ds-edge-zero-points"
PROTOCOL = ("prepare", "start", "add", "finish", "close")


class CallsReport:
    """A new format, as a stranger would add one: it writes down what the protocol called, in order."""

    calls: ClassVar[list[str]] = []

    def __init__(self, path: Path) -> None:
        self.path = path

    def prepare(self) -> None:
        self.calls.append("prepare")

    def start(self, implementation: dict[str, Any]) -> None:
        self.calls.append(f"start {implementation['name']}")

    def add(self, result: TraceResult) -> None:
        self.calls.append(f"add {result.trace} {result.outcome.value}")

    def finish(self, run: FinishedRun) -> None:
        self.calls.append(f"finish {run.summary.closing_line()}")
        self.path.write_text("\n".join(self.calls), encoding="utf-8")

    def close(self) -> None:
        self.calls.append("close")


@pytest.mark.parametrize("chosen", REPORT_FORMATS, ids=lambda chosen: chosen.option)
def test_each_format_is_a_class_of_the_protocol_and_an_option_of_check(chosen: ReportFormat, tmp_path: Path) -> None:
    report = chosen.made(tmp_path / "report")
    assert all(callable(getattr(report, method, None)) for method in PROTOCOL)
    help_text = CliRunner().invoke(main, ["check", "--help"]).output
    assert f"--{chosen.option} FILE" in help_text
    assert " ".join(chosen.help.split()[:2]) in help_text


def test_a_new_format_is_one_class_and_one_entry(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    calls = ReportFormat("calls", "What the protocol called.", f"{__name__}:CallsReport")
    monkeypatch.setattr(report_formats, "REPORT_FORMATS", (*REPORT_FORMATS, calls))
    monkeypatch.setattr(CallsReport, "calls", [])
    given: dict[str, Path | None] = {}
    command = click.command()(report_options(lambda **reports: given.update(reports)))
    out = tmp_path / "calls.txt"
    assert CliRunner().invoke(command, ["--calls", str(out)]).exit_code == 0
    request = CheckRequest(
        command=None,
        keywords=(TRACE,),
        timeout=10.0,
        max_failures=None,
        folder=None,
        reports=chosen_reports(given),
        expected_path=None,
        list_only=False,
        last_failed=False,
        log_io=None,
        cache=tmp_path / "last-failed.json",
    )
    assert run_check(request) == 0
    assert out.read_text(encoding="utf-8").splitlines() == [
        "prepare",
        "start ducksoup-reference",
        f"add {TRACE} passed",
        "finish 1 passed, 0 failed, 0 skipped",
    ]
    assert CallsReport.calls[-1] == "close"


def test_an_html_report_that_cannot_be_written_is_found_before_the_run(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["check", "-k", TRACE, "--html", str(tmp_path / "missing" / "run.html")])
    assert result.exit_code == 2
    assert f"cannot write {tmp_path / 'missing'}" in result.output
    assert "passed" not in result.output
