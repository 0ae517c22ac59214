"""The report formats of ``ducksoup check``: each one class (a :class:`duckcheck.reports.Report`) and one option.

A new format is a class with the protocol's five methods and one entry in :data:`REPORT_FORMATS`;
the command line makes the option from the entry. Each class is named by a ``"module:Class"``
target and imported only when its option is given, so ``check`` starts fast: the HTML page loads
the viewer, every game's narrator and scenes (tests/test_imports.py counts these targets as imports).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from duckcheck.reports import Report


@dataclass(frozen=True)
class ReportFormat:
    option: str
    """The option's name without its dashes (``json`` for ``--json FILE``)."""
    help: str
    report: str
    """The report's class, as ``"module:Class"``; it is made with the path given to the option."""

    @property
    def parameter(self) -> str:
        """The name under which the command receives the option's path."""
        return f"{self.option}_path"

    def made(self, path: Path) -> Report:
        """The report that writes this format to ``path``."""
        module, _, name = self.report.partition(":")
        report: Report = getattr(importlib.import_module(module), name)(path)
        return report


REPORT_FORMATS = (
    ReportFormat("json", "JSON Lines report, a line per trace.", "duckcheck.reports:JsonLinesReport"),
    ReportFormat("junit", "JUnit XML report.", "duckcheck.reports:JunitReport"),
    ReportFormat(
        "html",
        "HTML report: one page, each failing trace drawn in the viewer at its first divergence.",
        "ducksoup.viewer.report:HtmlReport",
    ),
)


def report_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """One ``--FORMAT FILE`` option per report format, in the order of :data:`REPORT_FORMATS`."""
    for chosen in reversed(REPORT_FORMATS):
        path = click.Path(dir_okay=False, path_type=Path)
        command = click.option(f"--{chosen.option}", chosen.parameter, type=path, help=chosen.help)(command)
    return command


def chosen_reports(paths: dict[str, Path | None]) -> tuple[tuple[ReportFormat, Path], ...]:
    """The formats given a path among the command's parameters, in the order of :data:`REPORT_FORMATS`."""
    return tuple((chosen, path) for chosen in REPORT_FORMATS if (path := paths.get(chosen.parameter)) is not None)
