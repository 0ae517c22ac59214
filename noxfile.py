"""Every check of the project, one nox session each.

Default sessions (CI runs them all): tests, typecheck, contracts, conformance, docs, browser, bridges.
Not default: soak (long property and differential tests), record-edits (random edits of every game's records),
suite-power (how many traces reject each faulty
implementation of every game), soak-runner (the runner against randomly
misbehaving adapters for minutes), bench (speed, measured side by side), hostile-files (50 MiB traces
handled within a minute),
bench-solver and bench-bot (Duck Soup's Soup solver and strong bot against their targets),
bench-doubleduck-analysis and bench-aw-ducks-analysis (each game's solver or strong bot and analysis against
theirs), bridges-bots (an OpenSpiel bot against the greedy bot in every game).
"""

from __future__ import annotations

import os
import re
import shutil
import tarfile
from pathlib import Path

import nox

nox.options.default_venv_backend = "uv|virtualenv"
nox.options.sessions = ["tests", "typecheck", "contracts", "conformance", "docs", "browser", "bridges"]
nox.options.error_on_missing_interpreters = True

PYTHON = "3.11"
BRIDGES = "openspiel,pettingzoo"
"""The extras of the bridges to OpenSpiel and PettingZoo; the sessions that need them install them."""


def tests_named(*names: str) -> list[str]:
    """Every test file of these names, at the top of ``tests/`` and in each game's ``tests/<game>/``, so that a
    session names no game."""
    return [str(path) for name in names for path in sorted(Path("tests").glob(f"**/{name}"))]


BRIDGE_TESTS = tests_named("test_bridges.py", "test_openspiel.py", "test_pettingzoo.py")
BRIDGE_BOT_TESTS = tests_named("test_openspiel_bots.py")
"""An OpenSpiel bot (IS-MCTS) against each game's greedy bot: a few deals or rounds, some seconds each."""
SOAK_FILES = (
    "test_properties.py",
    "test_differential.py",
    "test_observations.py",
    "test_views_hide.py",
    "test_solver.py",
    "test_compiling.py",
    "test_record_suite.py",
    "test_record_round_trip.py",
)
SOAK_TESTS = tests_named(*SOAK_FILES)
"""The property and differential tests of every game (``tests/`` and each game's ``tests/<game>/``), the check that
``--as P`` tells nothing P could not see (``test_views_hide.py``: every trace, player and step in soak), every
suite trace written as a full record and as each player's and read back (``test_record_round_trip.py``), and the
solver's tests on its compiled copy as well as on the pure solver (built with mypyc only in soak, where its
build of some seconds per process is paid once), and each game's records of the whole suite and their random edits
(``test_record_suite.py``)."""
PACKAGES = ["spec/duckspec", "reference/ducksoup", "conformance/duckcheck"]
OWN_SESSION_BENCHMARKS = ("solver.py", "bot.py", "hostile_files.py", "doubleduck_analysis.py", "aw_ducks_analysis.py")
"""The benchmarks with a session of their own (``bench-solver``, ``bench-bot``, ``hostile-files``,
``bench-doubleduck-analysis``, ``bench-aw-ducks-analysis``)."""
BENCHMARKS = sorted(path for path in Path("benchmarks").glob("*.py") if path.name not in OWN_SESSION_BENCHMARKS)
"""What ``bench`` runs: every other script of ``benchmarks/`` (each game's, the bridges'), so that the session
names no game."""
SPEC = Path("spec", "duckspec")


def crosshair_groups() -> dict[str, list[str]]:
    """The specification's modules with contracts, by group: the shared vocabulary, then each game's folder.

    Found by looking for ``post:`` lines, so a new game's folder is checked without editing this file.
    """

    def with_contracts(paths: list[Path]) -> list[str]:
        return [
            ".".join(path.with_suffix("").parts[1:])
            for path in sorted(paths)
            if any(line.strip().startswith("post:") for line in path.read_text(encoding="utf-8").splitlines())
        ]

    groups = {"shared": with_contracts(list(SPEC.glob("*.py")))}
    for folder in sorted(path for path in SPEC.iterdir() if (path / "__init__.py").is_file()):
        groups[folder.name] = with_contracts(list(folder.glob("*.py")))
    return {name: modules for name, modules in groups.items() if modules}


CROSSHAIR_OPTIONS = ["--analysis_kind=PEP316", "--per_condition_timeout=2"]
"""CrossHair's effort: up to 2 CPU seconds per postcondition and no iteration cap
(``tests/duck_soup/test_contracts.py`` reads it).

CrossHair tries Card and other enum arguments member by member, so a condition on cards is sampled, not
solved; a time budget rather than ``--max_uninteresting_iterations`` lets it sample until the budget runs out.
"""
CROSSHAIR_TIME_LIMIT = 120
"""Seconds a group of :func:`crosshair_groups` may take, after which ``timeout`` stops CrossHair and the session
fails (exit code 124): the budget of each game (Duck Soup takes about 40 s)."""


def install(session: nox.Session, extras: str = "test") -> None:
    """Install the project with ``extras`` (skipped when nox reuses the current environment)."""
    if session.venv_backend != "none":
        session.install("-e", f".[{extras}]")


@nox.session(python=PYTHON)
def tests(session: nox.Session) -> None:
    """pytest on every processor (pytest-xdist), with the CI Hypothesis profile; 'no tests ran' fails. The slowest
    tests are listed, so that the session's share of CI's 20 minutes can be watched."""
    install(session)
    session.run("pytest", "-n", "auto", "--durations=25", *session.posargs, env={"HYPOTHESIS_PROFILE": "ci"})


@nox.session(python=PYTHON)
def typecheck(session: nox.Session) -> None:
    """mypy --strict on the three packages and the tests (the bridges' libraries installed); ruff."""
    install(session, f"test,{BRIDGES}")
    session.run("mypy")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session(python=PYTHON)
def contracts(session: nox.Session) -> None:
    """CrossHair checks the pre/post contracts of the specification's pure functions, each game on its own
    budget (at most 2 minutes each; ``nox -s contracts -- GROUP`` checks one group: shared or a game's folder).

    Fails on a counterexample, when a budget is used up, and when a postcondition was not analysed:
    missing from CrossHair's report, or never reached because no input met the preconditions.
    """
    install(session)
    groups = crosshair_groups()
    chosen = session.posargs or list(groups)
    unknown = [name for name in chosen if name not in groups]
    if unknown:
        session.error(f"no contracts group {unknown}; the groups are {', '.join(groups)}")
    for name in chosen:
        check_contracts(session, name, groups[name])


def check_contracts(session: nox.Session, group: str, modules: list[str]) -> None:
    """Run CrossHair on one group's ``modules`` within :data:`CROSSHAIR_TIME_LIMIT` and check its report."""
    limit = ["timeout", "-k", "10", str(CROSSHAIR_TIME_LIMIT)] if shutil.which("timeout") else []
    report = session.run(
        *limit,
        "python",
        "-m",
        "crosshair",
        "check",
        *modules,
        *CROSSHAIR_OPTIONS,
        "--report_all",
        env={"PYTHONPATH": "spec"},
        external=True,
        silent=True,
    )
    if not isinstance(report, str):  # --install-only
        return
    session.log(report.strip())
    found = {
        (Path(path).resolve(), int(line)): text for path, line, text in re.findall(r"^(.+?):(\d+): (.*)$", report, re.M)
    }
    posts = {
        (path.resolve(), number): f"{path}:{number}"
        for path in (Path("spec", *module.split(".")).with_suffix(".py") for module in modules)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if line.strip().startswith("post:")
    }
    missing = [name for key, name in posts.items() if key not in found]
    unmet = [f"{path}:{line}" for (path, line), text in found.items() if "Unable to meet precondition" in text]
    if missing or unmet:
        session.error(
            f"{group}: postconditions not analysed: {missing} missing from the report; no input met the pre at {unmet}"
        )
    proved = sum("Confirmed over all paths" in found[key] for key in posts)
    session.log(
        f"{group}: {len(posts)} postconditions, {proved} proved over all paths, "
        "the others sampled without a counterexample"
    )


@nox.session(python=PYTHON)
def soak(session: nox.Session) -> None:
    """The property tests with the long Hypothesis profile (not run by default)."""
    install(session)
    session.run("pytest", *SOAK_TESTS, *session.posargs, env={"HYPOTHESIS_PROFILE": "soak"})


@nox.session(python=PYTHON, name="suite-power")
def suite_power(session: nox.Session) -> None:
    """For every faulty implementation of every game (``tests/faulty/<game>.py``), how many traces of the suite
    reject it, the faults that move a threshold by one marked ``*``; fails when one of those is rejected by fewer
    than two traces (not run by default: each game's whole suite runs once per fault, some minutes).
    ``nox -s suite-power -- [--thresholds] [GAME ...]`` counts only the threshold faults, or only some games."""
    install(session)
    session.run("python", "-m", "tests.suite_power", *session.posargs)


@nox.session(python=PYTHON, name="soak-runner")
def soak_runner(session: nox.Session) -> None:
    """``ducksoup check`` against randomly misbehaving adapters for a few minutes (not run by default).

    Every run must end within its bound, leave no process behind, and write complete, valid reports.
    ``nox -s soak-runner -- SECONDS [SEED]`` (default 180 seconds, seed 1).
    """
    install(session)
    seconds, seed = (list(session.posargs) + ["180", "1"][len(session.posargs) :])[:2]
    session.run(
        "pytest",
        "-s",
        "tests/test_soak_runner.py",
        env={"DUCKSOUP_SOAK_SECONDS": seconds, "DUCKSOUP_SOAK_SEED": seed},
    )


@nox.session(python=PYTHON, name="record-edits")
def record_edits(session: nox.Session) -> None:
    """Random single edits of suite records, for every game with a record format (not run by default).

    Each edited record must be a legal game (the specification agrees with its inferred trace) or be refused at
    the first line where the game became impossible; prints per game the edits tried, each outcome and the share
    of refusals naming the edited line itself. ``nox -s record-edits -- [--edits N] [--seed S]`` (default 500
    edits per game, a random seed, printed).
    """
    install(session)
    session.run("python", "-m", "tests.record_edits", *session.posargs)


@nox.session(python=PYTHON)
def bench(session: nox.Session) -> None:
    """Random deals per second of the engine, the spec and ../shared/bench's baseline, side by side, with
    their ratios, for each game (Duck Soup; Doubleduck, with decisions per second; Aw Ducks! rounds for 2, 3
    and 4 players); then ``ducksoup check`` steps per second (requests pipelined) against the engine's adapter
    and, where Node.js is installed, the JavaScript example adapter; and every game's random episodes per processor
    second through OpenSpiel and the PettingZoo environment beside the engine's, with an empty AEC environment of
    the same spaces as the yardstick of each environment's cost per step (benchmarks/bridges.py); the schema
    check's cost per step and the time to read the largest suite trace of each game (benchmarks/reading.py).
    ``nox -s bench -- --seconds S --rounds R`` passes its options to each benchmark."""
    if session.venv_backend != "none":
        session.install(f".[{BRIDGES}]")
    for benchmark in BENCHMARKS:
        session.run("python", str(benchmark), *session.posargs)
    session.run("ducksoup", "check")
    if shutil.which("node"):
        session.run("ducksoup", "check", "--impl", "node examples/js/adapter.mjs", success_codes=[0])


@nox.session(name="hostile-files", python=PYTHON)
def hostile_files(session: nox.Session) -> None:
    """Hostile trace files of each game near the 50 MiB cap (a valid game far over the cap on steps, one at the
    cap, a bad step or state repeated, a field of millions of values), each handled by ``ducksoup replay`` within
    60 s (benchmarks/hostile_files.py; not run by default: it writes and reads 21 files of up to 50 MiB, one at a
    time)."""
    if session.venv_backend != "none":
        session.install(".")
    session.run("python", "benchmarks/hostile_files.py", *session.posargs)


@nox.session(name="bench-solver", python=PYTHON)
def bench_solver(session: nox.Session) -> None:
    """The Soup solver against the targets of issue 24, in processor time: 10 positions at a Soup's first lead
    (13 cards each), valued with the played action and with every action, by main's solver, this tree's pure
    Python solver and its copy compiled with mypyc (built in the user's cache folder, as ``ducksoup analyse
    --compiled`` builds it; the package never ships compiled code; main's is left out when its source is this
    tree's), with peak memory; then ``ducksoup analyse`` on 10 suite deals with the pure solver, its default, and
    with ``--compiled`` (benchmarks/solver.py; extra arguments go to it, ``-- --quick`` for 3 of each)."""
    if session.venv_backend != "none":
        session.install(".", "mypy", "setuptools")  # mypyc builds the compiled copy's extension with setuptools
    session.run("python", "benchmarks/solver.py", *session.posargs)


@nox.session(name="bench-bot", python=PYTHON)
def bench_bot(session: nox.Session) -> None:
    """The strong bot against the greedy bot: 400 deals with the seats swapped, 100 games, and its time per
    decision, beside the targets (benchmarks/bot.py; extra arguments go to it)."""
    if session.venv_backend != "none":
        session.install(".")
    session.run("python", "benchmarks/bot.py", *session.posargs)


@nox.session(name="bench-doubleduck-analysis", python=PYTHON)
def bench_doubleduck_analysis(session: nox.Session) -> None:
    """Doubleduck's double-dummy solver, strong bot and analysis against the targets of issue 26, in processor
    time: the solver's time by cards each and its budget at 13, the strong partnership against the greedy one (200
    deals, 50 games) and its time per decision, ``analyse`` on 10 suite deals (benchmarks/doubleduck_analysis.py;
    extra arguments go to it: ``-- --quick`` for a few of each, ``--workers W``)."""
    if session.venv_backend != "none":
        session.install(".")
    session.run("python", "benchmarks/doubleduck_analysis.py", *session.posargs)


@nox.session(name="bench-aw-ducks-analysis", python=PYTHON)
def bench_aw_ducks_analysis(session: nox.Session) -> None:
    """Aw Ducks!'s strong bot among greedy players for 2, 3 and 4 players (300 rounds and 100 games each), its time
    per decision, and ``ducksoup analyse`` on 10 suite rounds, beside the targets (benchmarks/aw_ducks_analysis.py;
    extra arguments go to it, ``-- --quick`` for a short look, ``-- --workers W``)."""
    if session.venv_backend != "none":
        session.install(".")
    session.run("python", "benchmarks/aw_ducks_analysis.py", *session.posargs)


@nox.session(python=PYTHON)
def bridges(session: nox.Session) -> None:
    """Every game in OpenSpiel and PettingZoo, with their extras installed: for each game and player count
    OpenSpiel's random simulation test with serialization, PettingZoo's API and seed tests, the differential and
    information-state tests, the tensors' layouts and the errors; Duck Soup's IS-MCTS bot against the greedy bot;
    the docs' examples (the tests session skips these files, but test_bridges.py's check that the base package
    never imports the libraries)."""
    install(session, f"test,{BRIDGES}")
    session.run("pytest", *BRIDGE_TESTS, *session.posargs, env={"DUCKSOUP_BRIDGE_DEALS": "6"})


@nox.session(name="bridges-bots", python=PYTHON)
def bridges_bots(session: nox.Session) -> None:
    """An OpenSpiel bot (IS-MCTS) plays a few deals or rounds of every game and player count against the greedy
    bot through the OpenSpiel bridges (not run by default: about half a minute of processor time)."""
    install(session, f"test,{BRIDGES}")
    session.run("pytest", *BRIDGE_BOT_TESTS, *session.posargs)


@nox.session(python=PYTHON)
def conformance(session: nox.Session) -> None:
    """The suite linter (schema, IDs, coverage, byte-for-byte regeneration), then the whole suite
    against the bundled reference, from a plain (not editable) install so the shipped data is used."""
    if session.venv_backend != "none":
        session.install(".")
    session.run("python", "-m", "duckcheck.lint")
    session.run("ducksoup", "check")


@nox.session(python=PYTHON)
def docs(session: nox.Session) -> None:
    """The Sphinx documentation, offline: HTML with warnings as errors and every reference checked
    (``docs/_build/html/index.html``), its examples run by the doctest builder on the same doctrees,
    and tests/test_docs.py (skipped by the tests session, which does not install Sphinx); then the built
    HTML's size, which fails the session at :data:`DOCS_SIZE_LIMIT` MB or more."""
    install(session, f"test,docs,{BRIDGES}")
    common = ["-W", "--keep-going", "-n", "-d", "docs/_build/doctrees"]
    shutil.rmtree(Path("docs", "_build", "html"), ignore_errors=True)  # the site is what this build makes, only
    # -j auto: the extensions are parallel safe, and the trace pages are most of the build
    built = session.run("sphinx-build", "-E", "-j", "auto", *common, "-b", "html", "docs", "docs/_build/html")
    session.run("sphinx-build", *common, "-b", "doctest", "docs", "docs/_build/doctest")
    session.run("pytest", "tests/test_docs.py")
    if built is not None:  # not with --install-only
        check_docs_size(session, Path("docs", "_build", "html"))


DOCS_SIZE_LIMIT = 50
"""Megabytes (10⁶ bytes) the built HTML must stay under, to be a site a person can host."""


def check_docs_size(session: nox.Session, html: Path) -> None:
    """Print the size of the built HTML (its files' bytes) and fail at :data:`DOCS_SIZE_LIMIT` megabytes or more."""
    files = [path for path in html.rglob("*") if path.is_file()]
    megabytes = sum(path.stat().st_size for path in files) / 1e6
    session.log(f"the built HTML is {megabytes:.1f} MB in {len(files)} files ({html})")
    if megabytes >= DOCS_SIZE_LIMIT:
        session.error(f"the built HTML is {megabytes:.1f} MB: it must stay under {DOCS_SIZE_LIMIT} MB")


AXE_CORE = "4.11.0"
"""The version of axe-core (the npm registry's package) that checks the viewer's accessibility."""


def chromium(session: nox.Session) -> str:
    """Debian's Chromium: found on the path, or installed with apt-get when this runs as root; else the session
    fails with the way to get it (the browser tests are never skipped here)."""
    found = os.environ.get("DUCKSOUP_CHROMIUM") or shutil.which("chromium")
    if found:
        return found
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        session.log("Chromium is missing: installing Debian's chromium package")
        session.run("apt-get", "update", "-qq", external=True)
        environment = {"DEBIAN_FRONTEND": "noninteractive"}
        session.run("apt-get", "install", "-y", "-qq", "chromium", external=True, env=environment)
        found = shutil.which("chromium")
    if not found:
        session.error(
            "the browser tests need Chromium, which is missing and cannot be installed here (not root, or no "
            "apt-get): install Debian's chromium package (sudo apt-get install chromium), or set DUCKSOUP_CHROMIUM "
            "to a Chromium or Chrome executable"
        )
    return found


def axe_core(session: nox.Session) -> str:
    """axe-core's axe.min.js, fetched once from the npm registry with npm into nox's cache folder."""
    folder = Path(".nox", ".cache", f"axe-core-{AXE_CORE}")
    script = folder / "package" / "axe.min.js"
    if script.is_file():
        return str(script.resolve())
    if not shutil.which("npm"):
        session.error("the accessibility check needs axe-core from the npm registry, and npm is not installed")
    folder.mkdir(parents=True, exist_ok=True)
    session.run("npm", "pack", f"axe-core@{AXE_CORE}", "--pack-destination", str(folder), "--silent", external=True)
    with tarfile.open(folder / f"axe-core-{AXE_CORE}.tgz") as archive:
        archive.extract("package/axe.min.js", folder, filter="data")
    return str(script.resolve())


@nox.session(python=PYTHON)
def browser(session: nox.Session) -> None:
    """The trace viewer in a real browser: Chromium from Debian (installed when missing, as root), driven by
    Playwright (never 'playwright install'), axe-core from npm for WCAG 2 A and AA. Steps through traces of every
    game and checks what is shown against their states, a hostile adapter's report, keyboard use, 400 px wide.
    Screenshots go to build/screenshots/ (git ignores it)."""
    environment = {"DUCKSOUP_BROWSER_REQUIRED": "1", "DUCKSOUP_CHROMIUM": chromium(session), "DUCKSOUP_AXE": ""}
    install(session)
    if session.venv_backend != "none":
        session.install("playwright")
    environment["DUCKSOUP_AXE"] = axe_core(session)
    session.run("pytest", "tests/browser", *session.posargs, env=environment)
