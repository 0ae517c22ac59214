"""Every check of the project, one nox session each.

Default sessions (CI runs them all): tests, typecheck, contracts.
Not default: soak (long property tests).
"""

from __future__ import annotations

import nox

nox.options.default_venv_backend = "uv|virtualenv"
nox.options.sessions = ["tests", "typecheck", "contracts"]
nox.options.error_on_missing_interpreters = True

PYTHON = "3.11"
PACKAGES = ["spec/duckspec", "reference/ducksoup", "conformance/duckcheck"]
CROSSHAIR_MODULES = [
    "duckspec.cards",
    "duckspec.duck_soup.cards",
    "duckspec.duck_soup.dealing",
    "duckspec.duck_soup.tricks",
    "duckspec.duck_soup.drawing",
    "duckspec.duck_soup.quacking",
    "duckspec.duck_soup.courses",
    "duckspec.duck_soup.scoring",
    "duckspec.duck_soup.winning",
    "duckspec.duck_soup.variants",
]


def install(session: nox.Session, extras: str = "test") -> None:
    """Install the project with ``extras`` (skipped when nox reuses the current environment)."""
    if session.venv_backend != "none":
        session.install("-e", f".[{extras}]")


@nox.session(python=PYTHON)
def tests(session: nox.Session) -> None:
    """pytest, with the CI Hypothesis profile; 'no tests ran' fails."""
    install(session)
    session.run("pytest", *session.posargs, env={"HYPOTHESIS_PROFILE": "ci"})


@nox.session(python=PYTHON)
def typecheck(session: nox.Session) -> None:
    """mypy --strict on the three packages and the tests; ruff lint and format check."""
    install(session)
    session.run("mypy")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session(python=PYTHON)
def contracts(session: nox.Session) -> None:
    """CrossHair checks the pre/post contracts of the specification's pure functions (at most 2 minutes)."""
    install(session)
    session.run(
        "crosshair",
        "check",
        *CROSSHAIR_MODULES,
        "--analysis_kind=PEP316",
        "--per_condition_timeout=4",
        "--max_uninteresting_iterations=50",
        external=False,
    )


@nox.session(python=PYTHON)
def soak(session: nox.Session) -> None:
    """The property tests with the long Hypothesis profile (not run by default)."""
    install(session)
    session.run("pytest", "-m", "not slow_never", "tests", *session.posargs, env={"HYPOTHESIS_PROFILE": "soak"})
