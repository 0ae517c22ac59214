"""An opt-in compiled copy of a pure Python module, built with mypyc (part of mypy).

The package never ships compiled code, and nothing here runs when it is installed: the pure
Python module stays the reference, and a compiled copy is built only on request: by
``ducksoup analyse --compiled`` (Duck Soup's Soup solver), by the tests (which check that both
give the same answers) and by the benchmarks (which time both). Building needs mypy and a C
compiler; without a compiler :class:`CompilerMissing` says so, so that a command can refuse and a
test can skip with that reason.

The copy is compiled under a module name of its own (``compiled_<name>``), so that it never
shadows the pure module, and kept under a hash of its source and of the interpreter, so that it
is built once per change. It is kept in the user's own cache folder (:func:`cache_folder`), never
in a shared temporary one: native code is loaded only from a folder that belongs to the user and
that nobody else may write (:class:`NotPrivate` otherwise), so that no other user of the machine
can put code there for us to run.
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


def cache_folder() -> Path:
    """Where compiled copies are kept, one folder per source and interpreter: ``ducksoup/compiled`` in the
    user's cache folder (``$XDG_CACHE_HOME``, by default ``~/.cache``), or in ``$DUCKSOUP_CACHE`` when set."""
    base = os.environ.get("DUCKSOUP_CACHE") or os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base, "ducksoup", "compiled")


class Unavailable(RuntimeError):
    """No compiled copy can be had here; the message says why (each reason is a subclass)."""


class CompilerMissing(Unavailable):
    """No C compiler or no mypyc here: a compiled copy cannot be built (the message says which)."""


class CompileFailed(Unavailable):
    """mypyc or the C compiler refused the module; the message holds the end of their output."""


class NotPrivate(Unavailable):
    """The folder of compiled copies, or a copy in it, belongs to someone else or others may write it."""


def check_private(path: Path) -> None:
    """Refuse (:class:`NotPrivate`) to use ``path`` unless it belongs to this user and only they may write it."""
    status = path.stat()
    if status.st_uid != os.getuid():
        raise NotPrivate(f"{path} belongs to another user: compiled code is loaded only from the user's own folder")
    if status.st_mode & 0o022:
        raise NotPrivate(
            f"{path} may be written by others (mode {status.st_mode & 0o777:o}): compiled code is loaded only from a "
            f"folder that nobody else may write; make it private (chmod go-w) or remove it"
        )


def private_cache() -> Path:
    """The cache folder, made if missing (only the user may enter it), and checked to be the user's own."""
    root = cache_folder()
    for folder in (root.parent, root):
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        check_private(folder)
    return root


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
    """The compiled copy of ``module`` (a pure Python module of ours), built if it is not cached: a build
    takes some seconds, and says so on the standard error first, so that a command is not silent meanwhile."""
    missing = compiler_missing()
    if missing is not None:
        raise CompilerMissing(missing)
    source = Path(str(module.__file__))
    if source.suffix != ".py":
        raise CompileFailed(f"{module.__name__} is not a Python source file ({source.name})")
    name = f"compiled_{module.__name__.rpartition('.')[2]}"
    text = source.read_bytes()
    digest = hashlib.sha256(text + sys.version.encode() + sys.executable.encode()).hexdigest()[:16]
    folder = private_cache() / f"{name}-{digest}"
    if not _built(folder, name):
        print(f"building the compiled copy of {module.__name__} in {folder}, once (some seconds)", file=sys.stderr)
        _build(text, name, folder)
    return _load(folder, name)


def _built(folder: Path, name: str) -> Path | None:
    return next(iter(sorted(folder.glob(f"{name}.*.so"))), None) if folder.is_dir() else None


def _build(text: bytes, name: str, folder: Path) -> None:
    """Compile ``text`` as module ``name`` in a fresh folder, then move it into place (so that two
    processes building at once never load a half-written copy)."""
    work = Path(tempfile.mkdtemp(prefix=f"{name}-", dir=folder.parent))  # made private to the user
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
    for path in (folder, library):
        check_private(path)
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, library)
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    sys.modules[name] = loaded
    spec.loader.exec_module(loaded)
    return loaded
