"""The opt-in compiled copy of a module (ducksoup.compiling): refused with a reason where it cannot be built."""

from __future__ import annotations

import pytest

from ducksoup import compiling
from ducksoup.duck_soup import solver
from tests.compiled import compiled_or_skip


def test_without_a_c_compiler_the_reason_is_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CC", "no-such-compiler-here")
    assert compiling.compiler_missing() == "no C compiler ('no-such-compiler-here' is not on the PATH)"
    with pytest.raises(compiling.CompilerMissing, match="no C compiler"):
        compiling.compiled(solver)


def test_a_compiled_copy_never_shadows_the_pure_module() -> None:
    """The package imports the pure module; a compiled copy has a name of its own (where it can be built)."""
    assert solver.__file__ is not None and solver.__file__.endswith(".py")
    copy = compiled_or_skip(solver)
    assert copy.__name__ == "compiled_solver" and copy is not solver and copy.Solver is not solver.Solver
