"""CrossHair and the Aw Ducks! contracts: which modules carry them, and that a planted fault is caught.

The ``contracts`` session checks :data:`CONTRACT_MODULES` (the family's per-game budget decides
how long). Here CrossHair, with the session's options, must find a counterexample in each planted
copy of ``tests/aw_ducks/planted/faulty_aw_ducks.py`` and none in the original function.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from duckspec.aw_ducks import SECTIONS

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "spec" / "duckspec" / "aw_ducks"
PLANTED = Path(__file__).resolve().parent / "planted"
CONTRACT_MODULES = [f"duckspec.aw_ducks.{module}" for module in SECTIONS.values()]
"""The Aw Ducks! modules whose ``pre:``/``post:`` contracts CrossHair checks (one per section of the text)."""
OPTIONS = ["--analysis_kind=PEP316", "--per_condition_timeout=2"]


def test_every_module_with_contracts_is_listed() -> None:
    with_posts = {
        f"duckspec.aw_ducks.{path.stem}" for path in SPEC.glob("*.py") if "    post: " in path.read_text("utf-8")
    }
    assert with_posts == set(CONTRACT_MODULES)


def crosshair(target: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "spec"), str(PLANTED)])}
    return subprocess.run(
        [sys.executable, "-m", "crosshair", "check", target, *OPTIONS],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.parametrize(
    ("planted", "original"),
    [
        ("faulty_aw_ducks.benefit_of", "duckspec.aw_ducks.discarding.benefit_of"),
        ("faulty_aw_ducks.next_start_player", "duckspec.aw_ducks.setting_up.next_start_player"),
    ],
)
def test_crosshair_catches_a_planted_fault_and_passes_the_original(planted: str, original: str) -> None:
    pytest.importorskip("crosshair")
    faulty = crosshair(planted)
    assert faulty.returncode == 1 and "error" in faulty.stdout, faulty.stdout + faulty.stderr
    clean = crosshair(original)
    assert clean.returncode == 0, clean.stdout + clean.stderr
