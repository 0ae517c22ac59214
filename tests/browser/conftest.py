"""The viewer in a real browser: Chromium from the system (Debian's package), driven by Playwright.

``nox -s browser`` installs what these tests need and sets ``DUCKSOUP_BROWSER_REQUIRED``: then a
missing Playwright, Chromium or axe-core fails the tests with a message saying how to get it.
Without that variable (the ``tests`` session, which installs no browser), the tests are skipped
and say why. Playwright never downloads a browser here: it runs ``DUCKSOUP_CHROMIUM`` (default: the
``chromium`` on the path). axe-core's ``axe.min.js`` comes from ``DUCKSOUP_AXE``.

Every page a test opens fails the test if it throws a JavaScript error, logs a console error or
warning, or opens a dialog. Screenshots go to ``build/screenshots/``, which git ignores.
"""

from __future__ import annotations

import importlib
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REQUIRED = bool(os.environ.get("DUCKSOUP_BROWSER_REQUIRED"))
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "build" / "screenshots"


def missing(what: str) -> None:
    """Fail when the browser session needs ``what``; else skip, saying why."""
    message = f"{what} (nox -s browser installs everything the browser tests need)"
    if REQUIRED:
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


PLAYWRIGHT: Any
try:  # imported by name, so that the type checker reads it the same with Playwright installed or not
    PLAYWRIGHT = importlib.import_module("playwright.sync_api")
except ImportError:  # the tests session installs no browser: every test here says so and is skipped
    PLAYWRIGHT = None

Browser = Any
Page = Any


def chromium_path() -> str:
    wanted = os.environ.get("DUCKSOUP_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not wanted or not Path(wanted).exists():
        missing("Chromium is not installed: apt-get install chromium (Debian), or set DUCKSOUP_CHROMIUM")
    assert wanted is not None
    return wanted


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if PLAYWRIGHT is None:
        missing("Playwright is not installed (pip install playwright; never run 'playwright install')")
    path = chromium_path()
    with PLAYWRIGHT.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=["--no-sandbox", "--disable-gpu"])
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def axe_source() -> str:
    path = os.environ.get("DUCKSOUP_AXE")
    if not path or not Path(path).is_file():
        missing("axe-core is not available: set DUCKSOUP_AXE to its axe.min.js (from the npm package axe-core)")
    assert path is not None
    return Path(path).read_text(encoding="utf-8")


class Watched:
    """A page whose JavaScript errors, console errors and warnings, and dialogs are collected."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.problems: list[str] = []
        page.on("pageerror", lambda error: self.problems.append(f"JavaScript error: {error}"))
        page.on(
            "console",
            lambda message: (
                self.problems.append(f"console {message.type}: {message.text}")
                if message.type in ("error", "warning")
                else None
            ),
        )
        page.on("dialog", self.dialog)

    def dialog(self, dialog: Any) -> None:
        self.problems.append(f"dialog: {dialog.message}")
        dialog.dismiss()


@pytest.fixture
def open_page(browser: Browser) -> Iterator[Any]:
    """``open_page(path, fragment="", width=1200, bypass_csp=False)``: a watched page; its problems fail the test."""
    watched: list[Watched] = []
    contexts = []

    def opener(path: Path, fragment: str = "", width: int = 1200, bypass_csp: bool = False) -> Page:
        context = browser.new_context(viewport={"width": width, "height": 900}, bypass_csp=bypass_csp)
        contexts.append(context)
        page = context.new_page()
        watched.append(Watched(page))
        page.goto(path.resolve().as_uri() + fragment)
        page.wait_for_selector(".vw-ready")
        return page

    yield opener
    problems = [problem for page in watched for problem in page.problems]
    for context in contexts:
        context.close()
    assert not problems, problems


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
