"""Hypothesis profiles for the property tests, chosen by the ``HYPOTHESIS_PROFILE`` environment variable.

* ``dev`` (the default): a modest number of examples, for running the tests while working.
* ``ci``: derandomized (the same examples on every run, no example database), sized so that
  ``tests/duck_soup/test_properties.py`` runs in well under two minutes on a two-core machine.
* ``soak``: many more examples, for the long ``nox -s soak`` session.

No profile has a deadline: a deal is played action by action and the machines that run the
tests are noisy, so a timing limit would only report the machine's load. The example database
lives in ``.hypothesis/``, which git ignores.

The tests that run on a sample chosen by a printed seed read it from an environment variable
(:data:`SAMPLE_SEEDS`). Each unset one is chosen here, once, before pytest-xdist starts its
workers, which inherit it: a sample that decides which tests are collected must be the same in
every worker. The header of the run prints them, so that a failure can be repeated.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, settings

SAMPLE_SEEDS = ("DUCKSOUP_RECORD_SEED", "DUCKSOUP_RECORD_EDITS_SEED", "DUCKSOUP_VIEWS_SEED")
"""The environment variables of the sampled tests' seeds (each test's docstring says what it samples)."""
for name in SAMPLE_SEEDS:
    os.environ.setdefault(name, str(random.SystemRandom().randrange(1_000_000)))


def pytest_report_header(config: pytest.Config) -> str:
    """The sample seeds, to repeat this run's samples."""
    return "sample seeds: " + " ".join(f"{name}={os.environ[name]}" for name in SAMPLE_SEEDS)


SLOW_CHECKS = [HealthCheck.too_slow, HealthCheck.data_too_large]
"""A game or match played to its end draws many choices and takes a while to generate."""

settings.register_profile("dev", max_examples=200, deadline=None, suppress_health_check=SLOW_CHECKS)
settings.register_profile(
    "ci",
    max_examples=120,
    derandomize=True,
    deadline=None,
    suppress_health_check=SLOW_CHECKS,
    print_blob=True,
)
settings.register_profile("soak", max_examples=5000, deadline=None, suppress_health_check=SLOW_CHECKS, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
