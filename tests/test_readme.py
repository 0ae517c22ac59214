"""The READMEs agree with the code: the top README's account of the checks with ``noxfile.py`` (the default
sessions it names in its text and in its table of checks are the ones ``nox`` runs, and each session it lists
exists), and the conformance README's versions with the package's."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def noxfile() -> ast.Module:
    return ast.parse((ROOT / "noxfile.py").read_text(encoding="utf-8"))


def default_sessions() -> list[str]:
    """``nox.options.sessions``, read without importing nox."""
    for node in noxfile().body:
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "nox.options.sessions":
            sessions = ast.literal_eval(node.value)
            assert isinstance(sessions, list)
            return [str(name) for name in sessions]
    raise AssertionError("noxfile.py sets no nox.options.sessions")


def defined_sessions() -> set[str]:
    """Every session of the noxfile: a function decorated with ``nox.session``, under its ``name=`` if given."""
    names = set()
    for node in noxfile().body:
        for decorator in getattr(node, "decorator_list", []):
            if isinstance(decorator, ast.Call) and ast.unparse(decorator.func) == "nox.session":
                named = [k.value for k in decorator.keywords if k.arg == "name"]
                names.add(ast.literal_eval(named[0]) if named else node.name)  # type: ignore[attr-defined]
    return names


def quoted(text: str) -> list[str]:
    return re.findall(r"`([^`]+)`", text)


def table_rows() -> dict[str, str]:
    """The table of checks: ``nox`` or ``nox -s NAME`` and what it runs."""
    rows = re.findall(r"^\| `(nox(?: -s [\w-]+)?)` \| (.*) \|$", README, flags=re.MULTILINE)
    return dict(rows)


def test_the_readmes_text_names_the_default_sessions_in_noxfile_order() -> None:
    said = re.search(r"nox's\s+default sessions: ([^)]*)\)", README)
    assert said is not None, "the README's text no longer names nox's default sessions"
    assert quoted(said.group(1)) == default_sessions()


def test_the_readmes_table_names_the_same_default_sessions() -> None:
    assert quoted(table_rows()["nox"]) == default_sessions()


def test_each_session_in_the_table_exists_and_says_whether_it_is_default() -> None:
    rows = {command.removeprefix("nox -s "): text for command, text in table_rows().items() if command != "nox"}
    defaults = default_sessions()
    assert set(rows) <= defined_sessions()
    assert set(defaults) <= set(rows), "every default session has its own row"
    for name, text in rows.items():
        assert ("(not default)" in text) == (name not in defaults), name


def test_the_conformance_readme_names_the_suite_and_format_versions_of_the_package() -> None:
    """``conformance/README.md`` says what ``ducksoup --version`` prints: the suite, trace format and protocol."""
    from duckcheck import FORMAT_VERSION, PROTOCOL_VERSION, SUITE_VERSION

    text = (ROOT / "conformance" / "README.md").read_text(encoding="utf-8")
    said = re.search(
        r"the suite \(`([^`]+)`\), the trace format\s+\(`([^`]+)`\) and the adapter protocol \(`([^`]+)`\)", text
    )
    assert said is not None, "conformance/README.md no longer says which versions `ducksoup --version` prints"
    assert said.groups() == (SUITE_VERSION, FORMAT_VERSION, str(PROTOCOL_VERSION))
