"""The ``ducksoup`` command line."""

from __future__ import annotations

import sys

import click
from rich.console import Console

from ducksoup import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="ducksoup", message="%(prog)s %(version)s")
def main() -> None:
    """Duck Soup (David Parlett): executable specification, reference implementation and conformance suite."""


@main.command()
def examples() -> None:
    """Play the rule texts' worked examples through the specification and print each outcome.

    Exits with status 1 if the specification disagrees with any of them.
    """
    from duckspec.duck_soup.examples import WORKED_EXAMPLES

    console = Console(highlight=False)
    failures = 0
    for number, example in enumerate(WORKED_EXAMPLES, 1):
        agrees, actual = example.check()
        failures += not agrees
        mark = "[green]ok[/]" if agrees else "[red]DIFFERS[/]"
        console.print(f"{number}. {example.title} ({example.source}): {actual}  {mark}")
        if not agrees:
            console.print(f"   the text says: {example.expected}")
    console.print(f"{len(WORKED_EXAMPLES) - failures} passed, {failures} failed")
    sys.exit(1 if failures else 0)
