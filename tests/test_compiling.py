"""The opt-in compiled copy of a module (ducksoup.compiling): refused with a reason where it cannot be built."""

from __future__ import annotations

from pathlib import Path

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


def test_the_cache_folder_is_made_private_to_the_user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DUCKSOUP_CACHE", str(tmp_path / "cache"))
    root = compiling.private_cache()
    assert root == tmp_path / "cache" / "ducksoup" / "compiled"
    assert all(folder.stat().st_mode & 0o077 == 0 for folder in (root, root.parent))


def test_compiled_code_is_never_loaded_from_a_folder_others_may_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another user could put code there for us to run: the folder is refused, saying how to mend it."""
    monkeypatch.setenv("DUCKSOUP_CACHE", str(tmp_path))
    shared = tmp_path / "ducksoup"
    shared.mkdir()
    shared.chmod(0o777)
    with pytest.raises(compiling.NotPrivate, match=r"may be written by others \(mode 777\).*chmod go-w"):
        compiling.private_cache()
    shared.chmod(0o700)
    (shared / "compiled").mkdir(mode=0o775)
    (shared / "compiled").chmod(0o775)
    with pytest.raises(compiling.NotPrivate, match="mode 775"):
        compiling.private_cache()


def test_a_build_says_so_before_it_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A build takes some seconds: the command using it is not silent meanwhile (the build itself stubbed here)."""
    monkeypatch.setenv("DUCKSOUP_CACHE", str(tmp_path))
    monkeypatch.setattr(compiling, "compiler_missing", lambda: None)
    built: list[str] = []
    monkeypatch.setattr(compiling, "_build", lambda text, name, folder: built.append(name))
    monkeypatch.setattr(compiling, "_load", lambda folder, name: solver)
    assert compiling.compiled(solver) is solver and built == ["compiled_solver"]
    notice = capsys.readouterr().err
    assert notice.startswith("building the compiled copy of ducksoup.duck_soup.solver in ") and "once" in notice
