"""The compiled copy of a module for the tests: built with mypyc only in the ``soak`` session.

Building the copy takes some seconds of processor time in every test process, so the default
``tests`` session skips the compiled half of the solver's tests with this reason, and ``nox -s soak``
(``HYPOTHESIS_PROFILE=soak``) builds it and runs them all; ``nox -s bench-solver`` times it.
"""

from __future__ import annotations

import os
from types import ModuleType

import pytest

from ducksoup import compiling

SOAK = os.environ.get("HYPOTHESIS_PROFILE") == "soak"


def compiled_or_skip(module: ModuleType) -> ModuleType:
    """``module``'s compiled copy, or a skip that says why there is none in this run."""
    if not SOAK:
        pytest.skip("the compiled copy is built and tested in nox -s soak (and timed in nox -s bench-solver)")
    try:
        return compiling.compiled(module)
    except compiling.CompilerMissing as missing:
        pytest.skip(f"the compiled copy cannot be built here: {missing}")
