"""The traces' pages and the trace viewer: a page per trace and the catalogue, written at every build, the
suite's archive, ``.. trace-excerpt::`` and ``.. trace-viewer::``."""

from __future__ import annotations

import io
import json
import re
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from duckcheck import FORMAT_VERSION, SUITE_VERSION
from duckcheck.data import data_dir
from duckcheck.games import GameSuite, game, games
from duckcheck.trace import dump_trace, trace_file
from ducksoup.narration import Loaded
from ducksoup.viewer import SCRIPT, STATIC, STYLE
from ducksoup.viewer.compact import compact_embedded
from ducksoup.viewer.document import view_document
from ducksoup_docs.common import (
    JSON,
    LOGGER,
    TRACE_DIR,
    GeneratedDirective,
    escape,
    game_docs,
    list_table,
    ruling_label,
    ruling_ref,
    section_label,
    section_ref,
    suite,
    trace_ref,
)


def options_text(suite: GameSuite, options: JSON) -> str:
    shown = ", ".join(f"``{key}`` {json.dumps(value)}" for key, value in sorted(options.items()))
    standard = all(value == suite.option_values[key][0] for key, value in options.items())
    return shown + (" (the standard rules)" if standard else "")


def options_summary(suite: GameSuite, options: JSON) -> str:
    """The options that are not standard, as ``key=value``; ``standard`` when there are none."""
    changed = [f"{key}={value}" for key, value in sorted(options.items()) if value != suite.option_values[key][0]]
    return ", ".join(changed) or "standard"


def trace_page_rst(trace: JSON, archive: str, worked: bool = False) -> str:
    """The page of one trace: its metadata with links, where its file is, and its play in the viewer; a worked
    example of the prose also gets its play as its game draws it in a table (the page's one static copy)."""
    suite = game(trace["game"])
    notes = game_docs(suite.id)
    trace_id = trace["id"]
    size = (Path(archive).stat().st_size if Path(archive).is_file() else 0) / 1e6
    rejected = sum(1 for step in trace["steps"] if "reject" in step)
    lines = [
        ":orphan:",
        "",
        f".. _trace-{trace_id}:",
        "",
        trace_id,
        "=" * len(trace_id),
        "",
        escape(trace["description"]),
        "",
        f":Game: {suite.title}, {trace['players']} players",
        f":Scope: ``{trace['scope']}``",
        f":Rule options: {options_text(suite, trace['options'])}",
        f":{notes.FIRST_PLAYER}: player {trace['dealer']}",
        ":Rules sections: " + ", ".join(section_ref(suite, section) for section in trace["sections"]),
        ":Rulings: " + (", ".join(ruling_ref(ruling) for ruling in trace["rulings"]) or "none"),
        ":Tags: " + ", ".join(f"``{tag}``" for tag in trace["tags"]),
        f":Steps: {len(trace['steps'])} ({rejected} refused)",
        f":Outcome: {notes.outcome_rst(trace)}",
        f":File: ``traces/{trace_file(suite.id, trace_id)}`` in :download:`the suite's archive "
        f"<{Path(archive).name}>` (every trace of the suite, {size:.1f} MB)",
        "",
        f"Check only this trace with ``ducksoup check -k {trace_id}``; have it told step by step with "
        f"``ducksoup explain {trace_id}`` (see :doc:`/players/recording`), or drawn in your browser with "
        f"``ducksoup view {trace_id}`` (see :doc:`/players/viewer`). Back to :doc:`the catalogue <index>`.",
        "",
        "Step by step",
        "-" * len("Step by step"),
        "",
        f".. trace-viewer:: {trace_id}",
        "",
    ]
    return "\n".join(lines + (notes.trace_body_rst(trace) if worked else [])) + "\n"


def trace_index_rst(traces: Sequence[JSON]) -> str:
    """The catalogue of the suite: every trace, game by game and grouped, with its scope, options and description."""
    title = "The conformance traces"
    lines = [
        ".. _trace-catalogue:",
        "",
        title,
        "=" * len(title),
        "",
        f"Suite {SUITE_VERSION}, trace format {FORMAT_VERSION}: {len(traces)} traces. This catalogue and "
        "the page of each trace are generated from the trace files when the documentation is built. "
        "How to read a trace: :doc:`/implementers/trace-format`.",
        "",
    ]
    for game_suite in games():
        own = [trace for trace in traces if trace["game"] == game_suite.id]
        if not own:
            continue
        heading = f"{game_suite.title} ({len(own)})"
        lines += [heading, "-" * len(heading), ""]
        groups: dict[tuple[int, str], list[JSON]] = {}
        for trace in own:
            groups.setdefault(game_docs(game_suite.id).catalogue_group(trace["id"]), []).append(trace)
        for (_, group), members in sorted(groups.items(), key=lambda item: item[0][0]):
            heading = f"{group} ({len(members)})"
            lines += [heading, "^" * len(heading), ""]
            lines += list_table(
                ["Trace", "Scope", "Options", "Description"],
                (
                    [
                        trace_ref(trace["id"]),
                        trace["scope"],
                        options_summary(game_suite, trace["options"]),
                        escape(trace["description"]),
                    ]
                    for trace in members
                ),
                widths="30 8 17 45",
            )
    return "\n".join(lines) + "\n"


def write_if_changed(path: Path, text: str) -> None:
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def write_trace_pages(srcdir: Path, traces: Sequence[JSON]) -> int:
    """Fill ``docs/traces`` with a page per trace, the catalogue and the suite's archive; remove pages of traces
    gone."""
    folder = srcdir / TRACE_DIR
    folder.mkdir(exist_ok=True)
    archive = folder / ARCHIVE
    write_archive(archive)
    worked = worked_examples(srcdir, {trace["id"] for trace in traces})
    wanted = {"index.rst"}
    for trace in traces:
        name = f"{trace['id']}.rst"
        wanted.add(name)
        write_if_changed(folder / name, trace_page_rst(trace, str(archive), trace["id"] in worked))
    write_if_changed(folder / "index.rst", trace_index_rst(traces))
    for stale in folder.glob("*.rst"):
        if stale.name not in wanted:
            stale.unlink()
    return len(traces)


ARCHIVE = f"ducksoup-traces-{SUITE_VERSION}.zip"
"""The suite's trace files in one archive: the site's one copy of them, which every trace page links to."""


def write_archive(path: Path) -> None:
    """The suite's folder (its manifest and every trace file) as a zip archive, the same bytes for the same files
    (so that an unchanged suite leaves the file, and the pages that link to it, untouched)."""
    source = data_dir("traces")
    files = sorted(file for file in source.rglob("*.json") if file.is_file())
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for file in files:
            entry = zipfile.ZipInfo("traces/" + file.relative_to(source).as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
            entry.compress_type, entry.external_attr = zipfile.ZIP_DEFLATED, 0o644 << 16
            archive.writestr(entry, file.read_bytes())
    if not path.is_file() or path.read_bytes() != buffer.getvalue():
        path.write_bytes(buffer.getvalue())


WORKED_EXAMPLE = re.compile(r"^\.\. ([a-z-]+):: ([a-z0-9-]+)\s*$", re.MULTILINE)
"""A directive of a page that names a trace: ``.. some-directive:: TRACE-ID``."""


def worked_examples(srcdir: Path, trace_ids: set[str]) -> set[str]:
    """The traces that the prose shows as worked examples (a worked deal, an excerpt of its file): named by a
    directive other than a viewer's in a page of ``srcdir`` (the generated trace pages and the build aside)."""
    found = set()
    for page in srcdir.rglob("*.rst"):
        if page.relative_to(srcdir).parts[0] in (TRACE_DIR, "_build"):
            continue
        for directive, name in WORKED_EXAMPLE.findall(page.read_text(encoding="utf-8")):
            if name in trace_ids and directive != "trace-viewer":
                found.add(name)
    return found


def trace_excerpt_rst(trace: JSON, steps: int) -> list[str]:
    """A trace as its file writes it (a field per line, a step per line), cut to its first ``steps`` steps."""
    short = {**trace, "steps": trace["steps"][:steps]}
    lines = [".. code-block:: json", ""]
    lines += ["   " + line for line in dump_trace(short).splitlines()]
    return [*lines, ""]


class TraceExcerpt(GeneratedDirective):
    """``.. trace-excerpt:: TRACE-ID``: the trace's file, with only its first ``:steps:`` steps."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {"steps": directives.nonnegative_int}

    def lines(self) -> list[str]:
        trace = next(trace for trace in suite() if trace["id"] == self.arguments[0])
        return trace_excerpt_rst(trace, self.options.get("steps", 3))


class viewer_node(nodes.General, nodes.Element):
    """A trace viewer, written out once references are resolved (its view document in ``document``)."""


class TraceViewer(SphinxDirective):
    """``.. trace-viewer:: TRACE-ID``: the trace drawn step by step, with its narration (``ducksoup view``'s viewer).

    The page holds the trace's view document (:mod:`ducksoup.viewer.document`); the viewer's script and style sheet
    are the site's one copy in ``_static``. A narration that cannot tell the whole trace is a warning.
    """

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        if not any(trace["id"] == self.arguments[0] for trace in suite()):
            LOGGER.warning("trace-viewer: no trace %r in the suite", self.arguments[0], location=self.get_location())
            return []
        node = viewer_node()
        node["trace"] = self.arguments[0]
        self.set_source_info(node)
        return [node]


def resolve_viewers(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Make each viewer's document (here rather than when the page is read, so that the documents never go into
    the pickled doctrees), link its cited sections and rulings to their pages, and write the viewer out as HTML."""
    labels = app.env.domaindata["std"]["labels"]
    for node in list(doctree.findall(viewer_node)):
        if app.builder.format != "html":
            node.parent.remove(node)
            continue
        trace = next(trace for trace in suite() if trace["id"] == node["trace"])
        document = view_document(Loaded(trace))
        for problem in document["problems"]:
            LOGGER.warning("trace-viewer: %s: %s", trace["id"], problem, location=node)
        game_suite = game(document["game_id"])
        for key, ref in document["refs"].items():
            label = section_label(game_suite, key) if key.startswith("§") else ruling_label(key)
            if label in labels:
                target, anchor = labels[label][0], labels[label][1]
                ref["href"] = f"{app.builder.get_relative_uri(docname, target)}#{anchor}"
        node.replace_self(nodes.raw("", compact_embedded(document), format="html"))


def viewer_files(app: Sphinx, config: Any) -> None:
    """The viewer's script and style sheet are static files of the site: one copy, shared by every page."""
    config.html_static_path.append(str(STATIC))


def viewer_script(app: Sphinx, pagename: str, templatename: str, context: Any, doctree: Any) -> None:
    """The viewer's script, on the pages that have a viewer (the trace pages)."""
    if is_trace_page(pagename):
        app.add_js_file(SCRIPT)


def is_trace_page(pagename: str) -> bool:
    return pagename.startswith(f"{TRACE_DIR}/") and pagename != f"{TRACE_DIR}/index"


def shared_navigation(app: Sphinx, pagename: str, templatename: str, context: Any, doctree: Any) -> None:
    """The trace pages' navigation, made once: no trace page is in the table of contents and they share a
    folder, so the theme's navigation tree is the same on every one of them (made anew for each, it took a
    quarter of the build)."""
    if not is_trace_page(pagename) or "toctree" not in context:
        return
    toctree = context["toctree"]

    def navigation(**options: Any) -> str:
        key = repr(sorted(options.items()))
        if key not in TRACE_NAVIGATION:
            TRACE_NAVIGATION[key] = toctree(**options)
        return TRACE_NAVIGATION[key]

    context["toctree"] = navigation


TRACE_NAVIGATION: dict[str, str] = {}
"""The trace pages' navigation, by the theme's options, for this build."""


def reset_navigation(app: Sphinx) -> None:
    TRACE_NAVIGATION.clear()


def generate_pages(app: Sphinx) -> None:
    count = write_trace_pages(Path(app.srcdir), suite())
    LOGGER.info("ducksoup: %d trace pages generated", count)


def setup(app: Sphinx) -> None:
    app.add_node(viewer_node)
    app.add_directive("trace-viewer", TraceViewer)
    app.connect("config-inited", viewer_files)
    app.connect("doctree-resolved", resolve_viewers)
    app.connect("html-page-context", viewer_script)
    app.connect("builder-inited", reset_navigation)
    app.connect("html-page-context", shared_navigation, priority=400)  # before the theme's handler reads it
    app.add_css_file(STYLE)
    app.add_directive("trace-excerpt", TraceExcerpt)
    app.connect("builder-inited", generate_pages)
