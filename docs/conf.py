"""Sphinx configuration of the ducksoup documentation.

Build (as ``nox -s docs`` does): warnings are errors, references are checked, and the examples run.

    sphinx-build -W --keep-going -n -b html docs docs/_build/html
    sphinx-build -W --keep-going -n -b doctest docs docs/_build/doctest

Everything is offline: no intersphinx. Parts of pages come from the project's data through the
local extension ``_ext/ducksoup_docs.py`` (traces, rulings, error codes, schemas); the pages under
``traces/`` are written by it at every build and are not kept in git.
"""

from __future__ import annotations

import sys
from importlib.metadata import version as package_version
from pathlib import Path

from duckcheck import FORMAT_VERSION, PROTOCOL_VERSION, SUITE_VERSION

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "ducksoup"
author = "The ducksoup developers"
copyright = "the ducksoup developers; Duck Soup is a game by David Parlett"
release = package_version("ducksoup")
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "myst_parser",
    "sphinx_click",
    "ducksoup_docs",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", "tutorial/*.py"]
root_doc = "index"

# The versions of the suite, the trace format and the protocol, from the code: |suite_version| ...
rst_epilog = f"""
.. |suite_version| replace:: {SUITE_VERSION}
.. |format_version| replace:: {FORMAT_VERSION}
.. |protocol_version| replace:: {PROTOCOL_VERSION}
"""
language = "en"
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# Nitpicky references: every cross-reference must resolve, except to objects outside the project
# (the standard library and typing constructs), since there is no intersphinx offline.
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", r"(typing|typing_extensions|collections(\.abc)?|enum|pathlib|dataclasses|types|json|re|random)\..*"),
    (r"py:.*", r"(Any|Sequence|Iterable|Iterator|Callable|Mapping|Path|TypeVar|T|Self|Literal)"),
    (
        r"py:.*",
        r"(int|str|bool|float|bytes|object|None|NoneType|dict|list|tuple|set|frozenset|type|"
        r"Exception|ValueError|TypeError|KeyError|AssertionError|RuntimeError|StrEnum|IntEnum|Enum)",
    ),
    (r"py:.*", r"(click|rich|jsonschema)\..*"),
    (r"py:.*", r"(numpy|pyspiel|pettingzoo|gymnasium)\..*"),  # the bridges' libraries (extras)
    (r"py:(class|obj)", r".*\.([A-Z][A-Za-z]*)?T(_co|_contra)?"),  # type variables: T, ActionT, TableT_co ...
]

# Autodoc: signatures with their type hints, members in source order.
autodoc_default_options = {"members": True, "member-order": "bysource", "show-inheritance": True}
autodoc_typehints = "signature"
autodoc_typehints_format = "short"
autodoc_preserve_defaults = True
python_use_unqualified_type_names = True
add_module_names = False

# Doctest: only the explicit ``.. doctest::`` blocks of the pages run; the ``>>>`` examples inside
# docstrings belong to the packages' own tests. There is no global setup: every page shows its
# imports, so that a reader who pastes an example gets no NameError.
doctest_test_doctest_blocks = ""

html_theme = "furo"
html_title = f"ducksoup {release}"
html_static_path = ["_static"]
html_css_files = ["ducksoup.css"]
html_theme_options = {"source_repository": "", "navigation_with_keys": True}
html_last_updated_fmt = None

# A site a person can host: no copy of each page's source (``_sources``) and no link to one.
html_copy_source = False
html_show_sourcelink = False
