"""Every benchmark script still imports: the benches run only on request (nox's bench sessions), so a name
moved in the package would otherwise break one unseen until someone needs its figures."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

SCRIPTS = sorted(Path(__file__).resolve().parents[1].joinpath("benchmarks").glob("*.py"))
OPTIONAL = {"pyspiel", "pettingzoo", "gymnasium", "numpy"}
"""The bridges' extras: a bench that needs them is skipped where they are not installed."""


def test_the_benchmarks_are_found() -> None:
    assert {"deals.py", "solver.py", "bot.py"} <= {script.name for script in SCRIPTS}


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda script: script.stem)
def test_every_benchmark_script_imports(script: Path) -> None:
    spec = importlib.util.spec_from_file_location(f"bench_{script.stem}", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)  # the top level only: each script runs under ``__name__ == "__main__"``
    except ModuleNotFoundError as missing:
        if missing.name not in OPTIONAL:
            raise
        pytest.skip(f"{script.name} needs {missing.name}, an extra not installed here")
