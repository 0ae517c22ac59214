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

DUCK_SOUP: dict[str, tuple[str, ...]] = {
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

DOUBLEDUCK: dict[str, tuple[str, ...]] = {
    "§1": ("card", "pack", "rank", "ace", "suit", "104", "copy", "copies", "duplicate"),
    "§2": ("deal", "dealer", "stock", "hand", "deck", "thirteen", "13", "left", "right", "setup", "draw", "turn"),
    "§3": ("object",),
    "§4": ("trick", "lead", "duck", "doubleduck", "quack", "call", "duplicate", "lowest", "win", "store", "draw")
    + ("play", "card", "course", "extract", "waste", "suit", "turn", "act"),
    "§5": ("soup", "highest", "ace", "course", "trick", "store", "partner", "deal"),
    "§6": ("score", "times", "×", "multipl", "product", "stored", "side"),
    "§7": ("game", "deal", "1000", "four", "point", "win", "side", "turn"),
    "§8": ("example", "doubleduck", "quack", "trick", "worth", "note"),
}
"""What each section of the Doubleduck rules is about (the project's numbering: §1 cards, §2 the deal, §4 and §5
the Duck and Soup courses, §6 scores, §7 the game of four deals or 1000 points, §8 notes and examples)."""

AW_DUCKS: dict[str, tuple[str, ...]] = {
    "§1": ("card", "colour", "color", "duck", "number", "rainbow", "black", "deck", "copies", "96", "42"),
    "§2": ("objective", "score", "point", "win", "most", "total", "target", "game", "round"),
    "§3": ("setup", "deal", "shuffle", "deck", "pond", "start", "first"),
    "§4": ("turn", "gameplay", "pond", "tableau", "score pile", "discard", "deck", "player"),
    "§5": ("option", "turn", "draw", "score", "discard", "choice", "action", "refuse", "reject"),
    "§6": ("draw", "reveal", "top card", "tableau", "duck", "pond", "stash"),
    "§7": ("score", "scor", "tableau", "pile", "point", "colour", "rainbow", "final"),
    "§8": ("discard", "benefit", "tableau", "card", "draw", "quick quack", "secret stash", "safe draw"),
    "§9": ("round", "end", "final", "quick quack", "secret stash", "safe draw", "score", "deck", "game", "win"),
}
"""What each section of the Aw Ducks! rules is about, in the project's numbering of its headings (§1 components,
§2 objective, §3 setup, §4 gameplay, §5 turn options, §6 Draw, §7 Score, §8 Discard, §9 round end)."""

SUBJECTS_OF = {"duck_soup": DUCK_SOUP, "doubleduck": DOUBLEDUCK, "aw_ducks": AW_DUCKS}
"""Each game's table, by its package name; a module outside every game's package cites Duck Soup, the family's
first game, whose vocabulary the shared modules hold."""


def game_of(where: str) -> str:
    """The game package a module belongs to (``spec/duckspec/aw_ducks/scoring.py`` to ``aw_ducks``)."""
    path = Path(where.split(":")[0])
    return next((part for part in (*path.parent.parts, path.stem) if part in SUBJECTS_OF), "duck_soup")


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


def misfits(sentence: str, game: str = "duck_soup") -> list[str]:
    """The citations in ``sentence`` whose section's subject (in ``game``'s rules) it does not mention."""
    subjects = SUBJECTS_OF[game]
    items = ITEMS if game == "duck_soup" else {}
    found = []
    lowered = sentence.lower()
    for match in CITATION.finditer(sentence):
        section = f"§{match.group(1)}"
        words = subjects.get(section)
        if words is None:
            found.append(f"{match.group(0)} is no section of the rules")
            continue
        first = int(match.group(2) or 0)
        for item in range(first, int(match.group(3) or first) + 1):
            words += items.get(f"{section}.{item}", ())
        if not any(word in lowered for word in words):
            found.append(f"{match.group(0)} ({', '.join(words[:4])} ...) in: {sentence}")
    return found


CITING = [(where, sentence) for where, text, _ in docstrings() for sentence in sentences(text) if "§" in sentence]


def test_there_are_citations_to_check() -> None:
    assert len(CITING) > 100


@pytest.mark.parametrize(("where", "sentence"), CITING, ids=[f"{where}-{i}" for i, (where, _) in enumerate(CITING)])
def test_each_cited_section_fits_the_sentence_citing_it(where: str, sentence: str) -> None:
    assert not misfits(sentence, game_of(where)), f"{where}: {misfits(sentence, game_of(where))}"


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


@pytest.mark.parametrize(
    ("game", "sentence"),
    [
        ("doubleduck", "A side's deal score is the product of its two piles (§4)."),
        ("aw_ducks", "A Draw reveals the top card and adds it to the tableau (§9)."),
    ],
)
def test_each_game_is_held_to_its_own_sections(game: str, sentence: str) -> None:
    assert misfits(sentence, game)
    assert game_of(f"spec/duckspec/{game}/scoring.py:score") == game
    assert game_of(f"tests/faulty/{game}.py:fault") == game


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


DS_ITEMS = {"§3": 3, "§4": 4, "§5": 3}
"""The numbered items of the English (and German) Duck Soup sections that have them."""
DD_ITEMS = {"§4": 6}
"""Doubleduck's §4 in the project's paragraphs (§4.1 the lead ... §4.6 the draw, ``duck_course``'s docstring)."""
SECTIONED = {
    "duck_soup": ({"en": "duck_soup", "de": "duck_soup"}, "en"),
    "doubleduck": ({"dd": "doubleduck", "ds-en": "duck_soup", "ds-de": "duck_soup"}, "dd"),
    "aw_ducks": ({"text": "aw_ducks", "text picture": "aw_ducks"}, "text"),
}
"""Per rulings register: the sources cited by section (and the game whose numbering they use), and the one a bare
``§n`` in a ruling's text means (the game's own text)."""
UNSECTIONED = {"duck_soup": {"ko", "cardstock"}, "doubleduck": {"later-dd"}, "aw_ducks": set()}
"""Sources cited by the name of a part (the Korean text's headings, CardStock's file) or as a whole."""
REGISTER_CITATION = re.compile(r"(?:\b((?:ds-)?[a-z]{2,}(?: picture)?) )?§(\d+)(?:\.(\d+))?")


def section_problem(game: str, section: str, item: str | None) -> str | None:
    """Why ``§section.item`` is no section of ``game``'s rules, or None when it is one."""
    if f"§{section}" not in SUBJECTS_OF[game]:
        return f"§{section} is no section of {game}'s rules"
    items = {"duck_soup": DS_ITEMS, "doubleduck": DD_ITEMS}.get(game, {}).get(f"§{section}", 0)
    if item is not None and not 1 <= int(item) <= items:
        return f"§{section}.{item} is no item of {game}'s §{section}"
    return None


def register_citations(package: str) -> Iterator[tuple[str, str]]:
    """(where, problem) for every citation of ``package``'s rulings register that points at no section."""
    from duckspec.rulings import load_rulings

    sectioned, own = SECTIONED[package]
    for ruling in load_rulings(package):
        for source in ruling.sources:
            document, _, part = source.partition(" §")
            if document in UNSECTIONED[package] or document.split()[0] in UNSECTIONED[package]:
                continue
            if document not in sectioned or not part:
                yield f"{ruling.id} sources", f"{source!r} names no known source with a section"
                continue
            section, _, item = part.partition(".")
            problem = section_problem(sectioned[document], section, item or None)
            if problem:
                yield f"{ruling.id} sources", problem
        for text in (ruling.question, ruling.decision, ruling.rationale):
            for match in REGISTER_CITATION.finditer(text):
                document = match.group(1) if match.group(1) in sectioned else own
                problem = section_problem(sectioned[document], match.group(2), match.group(3))
                if problem:
                    yield f"{ruling.id} text", f"{problem}: {match.group(0)!r}"


@pytest.mark.parametrize("package", sorted(SECTIONED))
def test_every_section_a_rulings_register_cites_exists(package: str) -> None:
    found = list(register_citations(package))
    assert not found, found


@pytest.mark.parametrize(
    ("game", "section", "item"), [("doubleduck", "9", None), ("duck_soup", "4", "5"), ("aw_ducks", "3", "1")]
)
def test_a_citation_of_a_missing_section_is_caught(game: str, section: str, item: str | None) -> None:
    assert section_problem(game, section, item)
