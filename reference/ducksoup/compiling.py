"""An opt-in compiled copy of a pure Python module, built with mypyc (part of mypy).

The package never ships compiled code, and nothing here runs when it is installed: the pure
Python module stays the reference, and a compiled copy is built only on request, by the tests
(which check that both give the same answers) and by the benchmarks (which time both). Building
needs mypy and a C compiler; without a compiler :class:`CompilerMissing` says so, so that a test
can skip with that reason.

``ducksoup analyse`` never uses a compiled copy, even one already built: the pure solver is the reference and
meets the whole-deal targets, and a command that loaded native code from a shared temporary folder would run
whatever another user of the machine had put there. ``nox -s bench-solver`` reports the analysis's times with
each solver.

The copy is compiled under a module name of its own (``compiled_<name>``), so that it never
shadows the pure module, and cached in the temporary directory under a hash of its source and
of the interpreter, so that it is built once per change.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import site
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from types import ModuleType

CACHE = Path(tempfile.gettempdir(), "ducksoup-compiled")
"""Where compiled copies are kept, one folder per source and interpreter."""


class CompilerMissing(RuntimeError):
    """No C compiler or no mypyc here: a compiled copy cannot be built (the message says which)."""


class CompileFailed(RuntimeError):
    """mypyc or the C compiler refused the module; the message holds the end of their output."""


def compiler_missing() -> str | None:
    """Why a compiled copy cannot be built here, or None when it can."""
    compiler = os.environ.get("CC") or str(sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler!r} is not on the PATH)"
    if not Path(sysconfig.get_paths()["include"], "Python.h").exists():
        return "no Python headers (Python.h) for this interpreter"
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed (it comes with mypy)"
    if importlib.util.find_spec("setuptools") is None:
        return "setuptools is not installed (mypyc builds its extension with it; the test extra has it)"
    return None


def compiled(module: ModuleType) -> ModuleType:
    """The compiled copy of ``module`` (a pure Python module of ours), built if it is not cached."""
    missing = compiler_missing()
    if missing is not None:
        raise CompilerMissing(missing)
    source = Path(str(module.__file__))
    if source.suffix != ".py":
        raise CompileFailed(f"{module.__name__} is not a Python source file ({source.name})")
    name = f"compiled_{module.__name__.rpartition('.')[2]}"
    text = source.read_bytes()
    digest = hashlib.sha256(text + sys.version.encode() + sys.executable.encode()).hexdigest()[:16]
    folder = CACHE / f"{name}-{digest}"
    if not _built(folder, name):
        _build(text, name, folder)
    return _load(folder, name)


def _built(folder: Path, name: str) -> Path | None:
    return next(iter(sorted(folder.glob(f"{name}.*.so"))), None) if folder.is_dir() else None


def _build(text: bytes, name: str, folder: Path) -> None:
    """Compile ``text`` as module ``name`` in a fresh folder, then move it into place (so that two
    processes building at once never load a half-written copy)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f"{name}-", dir=CACHE))
    (work / f"{name}.py").write_bytes(text)
    # mypyc type-checks the module: it must find our packages where this interpreter imports them.
    # mypy finds installed packages itself, and refuses a site-packages folder in MYPYPATH.
    installed = {Path(folder).resolve() for folder in (*site.getsitepackages(), site.getusersitepackages())}
    roots = {Path(str(sys.modules[package].__file__)).resolve().parents[1] for package in _our_packages()}
    roots -= installed
    env = {**os.environ, "MYPYPATH": os.pathsep.join(sorted(map(str, roots)))}
    done = subprocess.run(
        [sys.executable, "-m", "mypyc", f"{name}.py"], cwd=work, env=env, capture_output=True, text=True, check=False
    )
    if done.returncode != 0 or not _built(work, name):
        output = (done.stdout + done.stderr).strip().splitlines()
        shutil.rmtree(work, ignore_errors=True)
        raise CompileFailed(f"mypyc could not compile {name}: " + " | ".join(output[-5:]))
    try:
        work.rename(folder)
    except OSError:  # another process put its copy there first: use that one
        shutil.rmtree(work, ignore_errors=True)


def _our_packages() -> list[str]:
    """The top-level packages of this distribution that are imported (a compiled module may use them)."""
    return [package for package in ("duckspec", "ducksoup", "duckcheck") if package in sys.modules]


def _load(folder: Path, name: str) -> ModuleType:
    library = _built(folder, name)
    if library is None:
        raise CompileFailed(f"the compiled copy of {name} is missing from {folder}")
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, library)
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    sys.modules[name] = loaded
    spec.loader.exec_module(loaded)
    return loaded
