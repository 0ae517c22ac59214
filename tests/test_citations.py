"""Citations in docstrings point where they say: every ``§n`` fits the subject of the rules section it cites, and
every function of the specification that reads a rule option names it (as ``variants`` promises).

The subjects are a few words per section of the English rules (and per numbered item where one is cited); the
sentence that cites a section must use one of them. It is a coarse net, but it catches a citation of the wrong
section, such as counting a course's points under §8 (Scoring) when §7 and §4.4 do it.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("spec/duckspec", "reference/ducksoup", "conformance/duckcheck", "tests/faulty")

SUBJECTS: dict[str, tuple[str, ...]] = {
    "§2": ("card", "rank", "ace", "king", "suit", "trump", "pack"),
    "§3": ("deal", "dealer", "stock", "hand", "deck", "shuffle", "first card", "setup", "face up", "face-up"),
    "§4": ("trick", "lead", "follow", "win", "suit", "point", "face up", "face down", "face-up", "face-down", "turn")
    + ("hand", "act", "play"),
    "§5": ("draw", "stock", "face-up card", "face up", "unseen", "takes"),
    "§6": ("quack", "duck", "call", "answer", "fourth", "third", "rank led"),
    "§7": ("course", "duck", "soup", "stock", "tall", "count", "played out", "deal is over", "deal ends", "leads"),
    "§8": ("score", "scoring", "times", "×", "multipl", "product"),
    "§9": ("250", "125", "pond", "soup", "game", "total", "win", "boundar"),
    "§10": ("tip", "ace", "beginner"),
    "§11": ("option", "variant", "match", "hidden", "best of", "best_of", "game"),
}
"""What each section of the English rules is about (§2 cards and ranks, §3 setup, §4 tricks, §5 drawing,
§6 quacking, §7 the change of course, §8 scores, §9 the end of a game, §10 tips, §11 variants)."""

ITEMS: dict[str, tuple[str, ...]] = {
    "§3.1": ("dealer", "turn"),
    "§3.2": ("thirteen", "13", "one at a time"),
    "§3.3": ("top card", "face up", "face-up"),
    "§4.2": ("any card", "follow"),
    "§4.3": ("lower", "higher", "suit led"),
    "§4.4": ("store", "worth", "face down", "face up", "face-up", "face-down"),
    "§5.1": ("winner", "face-up", "top"),
    "§5.2": ("loser", "next", "unseen"),
    "§5.3": ("turn", "new top", "leads"),
}
"""The numbered items cited on their own, with words of their own (the section's words count too)."""

CITATION = re.compile(r"§(\d+)(?:\.(\d+))?(?:-(\d+))?")
OPTIONS = {"stock": "StockVisibility", "double_draw": "DoubleDraw", "calls": "Calls", "best_of": "best_of"}


def docstrings() -> Iterator[tuple[str, str, ast.AST]]:
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef):
                    text = ast.get_docstring(node)
                    if text:
                        name = getattr(node, "name", "module")
                        yield f"{path.relative_to(ROOT)}:{name}", text, node


def sentences(text: str) -> list[str]:
    text = re.sub(r"``[^`]*§[^`]*``", "", " ".join(text.split()))  # a section written as data, not cited
    return re.split(r"(?<=[.!?])\s+(?=[A-Z*\"(`§])", text)


def misfits(sentence: str) -> list[str]:
    """The citations in ``sentence`` whose section's subject it does not mention."""
    found = []
    lowered = sentence.lower()
    for match in CITATION.finditer(sentence):
        section = f"§{match.group(1)}"
        words = SUBJECTS.get(section)
        if words is None:
            found.append(f"{match.group(0)} is no section of the rules")
            continue
        first = int(match.group(2) or 0)
        for item in range(first, int(match.group(3) or first) + 1):
            words += ITEMS.get(f"{section}.{item}", ())
        if not any(word in lowered for word in words):
            found.append(f"{match.group(0)} ({', '.join(words[:4])} ...) in: {sentence}")
    return found


CITING = [(where, sentence) for where, text, _ in docstrings() for sentence in sentences(text) if "§" in sentence]


def test_there_are_citations_to_check() -> None:
    assert len(CITING) > 100


@pytest.mark.parametrize(("where", "sentence"), CITING, ids=[f"{where}-{i}" for i, (where, _) in enumerate(CITING)])
def test_each_cited_section_fits_the_sentence_citing_it(where: str, sentence: str) -> None:
    assert not misfits(sentence), f"{where}: {misfits(sentence)}"


@pytest.mark.parametrize(
    "sentence",
    [
        "Before the next trick the players tally their Duck points (§8 counts them).",
        "A player's points in one course: 1 per face-down trick, 2 per face-up trick (§8).",
        "The dealer's opponent leads the first trick (§9).",
    ],
)
def test_a_wrong_citation_is_caught(sentence: str) -> None:
    assert misfits(sentence)


def spec_functions() -> Iterator[tuple[str, str, str]]:
    for path in sorted((ROOT / "spec" / "duckspec" / "duck_soup").glob("*.py")):
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef):
                yield (
                    f"{path.name}:{node.name}",
                    ast.get_docstring(node) or "",
                    ast.get_source_segment(source, node) or "",
                )


@pytest.mark.parametrize(("where", "doc", "source"), [pytest.param(*f, id=f[0]) for f in spec_functions()])
def test_every_spec_function_reading_an_option_names_it(where: str, doc: str, source: str) -> None:
    """``variants`` says each option changes only the functions that name it: a function that reads an option
    (``options.calls``, a parameter of its type) names it in its docstring, as ``calls`` or option ``calls``."""
    body = source.split('"""', 2)[-1] if doc else source
    for option, kind in OPTIONS.items():
        if re.search(rf"options\.{option}\b|: {kind}\b|\b{kind}\.", body):
            assert f"``{option}``" in doc or f"option {option}" in doc, f"{where} reads {option} without naming it"
