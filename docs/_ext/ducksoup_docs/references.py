"""Python references written as a module's code writes them (a short name, a name the module imported),
resolved to the object meant, though several games define objects of the same short name."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.nodes import make_refnode


def nearest(names: Sequence[str], module: str) -> list[str]:
    """The ``names`` with the most dotted parts in common with ``module`` (``duck_soup``, ``doubleduck`` ...)."""
    parts = set(module.split("."))

    def shared(name: str) -> int:
        return len(parts & set(name.split(".")[:-1]))

    best = max(shared(name) for name in names)
    return [name for name in names if shared(name) == best]


PROJECT_PACKAGES = ("duckspec.", "ducksoup.", "duckcheck.")


def qualify_imported_names(app: Sphinx, doctree: nodes.document) -> None:
    """Point a Python reference to a name that its module imported (a game's ``Card``, imported from the module
    that defines it) at the object the module's code means.

    Several games define objects of the same short name (``Card``, ``IllegalAction``), so a short name in a
    docstring or a type hint, looked up by Sphinx among every documented object, could be ambiguous or
    pick another game's; the module's own namespace says which one is meant.
    """
    from sphinx.addnodes import pending_xref

    for node in doctree.findall(pending_xref):
        module_name, target = node.get("py:module"), node.get("reftarget", "")
        if node.get("refdomain") != "py" or not module_name or not target or target.startswith("."):
            continue
        head, _, rest = target.partition(".")
        found = getattr(sys.modules.get(module_name), head, None)
        if not (isinstance(found, type) or callable(found)) or not hasattr(found, "__qualname__"):
            continue
        home = getattr(found, "__module__", "") or ""
        if home != module_name and home.startswith(PROJECT_PACKAGES):
            node["reftarget"] = f"{home}.{found.__qualname__}" + (f".{rest}" if rest else "")


def resolve_unqualified(app: Sphinx, env: Any, node: Any, contnode: nodes.Element) -> nodes.Element | None:
    """Resolve a Python reference written without its module (``IllegalAction``, ``deal.apply``) in a docstring.

    Docstrings name objects the way their module's code does; when exactly one documented object
    ends with the name, that is the one meant. When several do (each game has its own
    ``IllegalAction``), the one nearest the referring module is meant: the one whose dotted name
    has the most parts in common with it (its game's package), if only one does.
    """
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "")
    domain: Any = env.get_domain("py")
    if node.get("reftype") == "mod":
        return None
    matches = [name for name in domain.objects if name.endswith("." + target)]
    if len(matches) > 1:
        matches = nearest(matches, node.get("py:module") or "")
    if len(matches) != 1:
        return None
    entry = domain.objects[matches[0]]
    return make_refnode(app.builder, node["refdoc"], entry.docname, entry.node_id, contnode, matches[0])


def setup(app: Sphinx) -> None:
    app.connect("doctree-read", qualify_imported_names)
    app.connect("missing-reference", resolve_unqualified)
