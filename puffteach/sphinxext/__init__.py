"""Sphinx extension for the puffteach book.

Add ``"puffteach.sphinxext"`` to ``extensions`` in ``conf.py``. It provides:

``board`` directive
    Draws a board at build time with :func:`puffteach.svg.draw` and inserts the SVG inside
    ``<figure class="puffteach-board" data-rules=… data-position=…>`` with a caption::

        ```{board}
        :rules: kontrar-puff
        :position: W:0x11,2x2,5x2 B:0x15 b wpasch=1
        :view: white
        :arrows:
        :caption: White after a first pasch 5-5.
        ```

    Options: ``rules`` (rule-set string, default ``kontrar-puff``), ``position`` (notation,
    default the rule set's start), ``view`` (``physical``, ``white``, ``black``), ``arrows`` and
    ``flip`` (flags), ``dice`` (e.g. ``5 5 2 2``), ``used`` (indices of used dice),
    ``highlight`` and ``targets`` (physical points 1-24 or pools ``w0 w25 b0 b25``), ``labels``
    (``en``, ``sv``, ``de``; default the page's language, Sphinx's ``language``, so the Swedish
    and German builds draw Swedish and German boards whose live buttons, messages and
    explanations speak it too), ``title``, ``size`` (pixels), ``caption`` (inline markup; the
    directive's content, if any, is added to the caption) and ``name`` (a label to refer to).

    ``live`` (flag) makes a board the reader can play on the page, without a notebook or a
    kernel: the figure (class ``puffteach-board puffteach-live``) keeps the drawing for readers
    without JavaScript and carries the initial protocol state
    (:func:`puffteach.widget.protocol.initial_state`, computed at build time; ``dice`` becomes a
    first ``set_dice``) in ``<script type="application/json" class="pt-initial">``.
    ``_static/puffteach-live.js`` mounts ``board.js`` on it; the first click boots Pyodide and
    the engine wheel (:mod:`puffteach.sphinxext.vendor`). ``seed`` fixes the seed of its rolls
    (without it the build uses 1 and each reader's browser draws a fresh seed).
    ``highlight``, ``targets`` and ``used`` do not apply to a live board.

    Every other board figure gets a ▶ button that makes it live at the position it shows (the
    engine builds its state in the browser); ``static`` (flag) leaves a figure a picture.

Vendored browser files
    :mod:`puffteach.sphinxext.vendor` copies Pyodide's core, the widget manager scripts and the
    engine wheel into ``_static/puffteach/`` and sets ``nb_ipywidgets_js`` to them, so no page
    loads anything from another host. It needs ``npm install`` (``package.json``) first.

``ruleset-table`` directive
    A comparison table computed from the rule-set data (:mod:`puffteach.sphinxext.tables`)::

        ```{ruleset-table} pasch
        :presets: puff
        ```

    The argument is the table (``start``, ``dice``, ``pasch``, ``entering``, ``bands``,
    ``bearoff``, ``scoring``, ``brade-wins``, ``points``, ``roll-names``, ``codes``, ``options``,
    ``rules``, ``sources``); ``presets`` lists rule sets or the groups ``all``, ``puff``,
    ``brade`` (default ``all``); ``caption`` overrides the title; ``name`` labels it. Every
    word of the table comes from the message catalogue in the page's language (Sphinx's
    ``language``); a ``caption`` is the page's text and is translated with it (its .po file).

``rule`` role
    ``{rule}`P-order``` writes the rule id linked to its row in the ``rules`` table, followed by
    the citation: *P-order (LT, Förflyttningen av brickorna)*. An unknown id is an error.

A plain-text math renderer (``html_math_renderer = "puffteach-plain"``) keeps MathJax, which
would be fetched from a CDN, off every page.

Bad input to any of these is reported as an error that names the problem, so ``-W`` fails.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.writers.html5 import HTML5Translator

from .. import svg
from ..position import Position
from ..rules import ALL_PRESETS, RULES, rules
from .a11y import cite_nodes, setup_a11y
from .glossary import setup_glossary
from .tables import KINDS, Table, resolve_specs, rule_anchor
from .vendor import setup_vendor
from .worksheet import ExplainDirective, PlaysDirective

__all__ = [
    "setup",
    "BoardDirective",
    "PlayDirective",
    "RulesetTableDirective",
    "board_html",
    "live_state",
    "play_catalog",
]

STATIC: Path = Path(__file__).parent / "static"


# ---------------------------------------------------------------------------- nodes
class board_figure(nodes.General, nodes.Element):
    """A ``<figure class="puffteach-board">`` holding the SVG and a ``board_caption``."""


class board_caption(nodes.Part, nodes.TextElement):
    """The ``<figcaption>`` of a board figure."""


def _visit_board_figure(self: HTML5Translator, node: board_figure) -> None:
    attrs = " ".join(f'{k}="{html.escape(v, quote=True)}"' for k, v in node["data"])
    ids = f' id="{node["ids"][0]}"' if node["ids"] else ""
    cls = "puffteach-board puffteach-live" if node.get("live") is not None else "puffteach-board"
    if node.get("static_only"):
        cls += " pt-static-only"
    self.body.append(f'<figure class="{cls}"{ids} {attrs}>\n')


def _depart_board_figure(self: HTML5Translator, node: board_figure) -> None:
    live = node.get("live")
    if live is not None:
        # "<" escaped, so no "</script>" or "<!--" inside can end the script element
        data = json.dumps(live, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
        self.body.append(f'<script type="application/json" class="pt-initial">{data}</script>\n')
        # shown only when the page is opened from disk (file://), where no engine can load
        note = html.escape(live.get("ui", {}).get("ui.file", ""))
        self.body.append(f'<p class="pt-file-note">{note}</p>\n')
    self.body.append("</figure>\n")


def _visit_board_caption(self: HTML5Translator, node: board_caption) -> None:
    self.body.append("<figcaption>")
    if isinstance(node.parent, board_figure):
        self.add_fignumber(node.parent)  # "Fig. 5.2" (numfig)


def _depart_board_caption(self: HTML5Translator, node: board_caption) -> None:
    self.body.append("</figcaption>\n")


def _skip(self: Any, node: nodes.Node) -> None:
    raise nodes.SkipNode


# ---------------------------------------------------------------------------- board
def _tokens(text: str | None) -> list[str]:
    return (text or "").replace(",", " ").split()


def _ints(text: str | None, what: str) -> list[int]:
    out = []
    for t in _tokens(text):
        if not re.fullmatch(r"-?\d+", t):
            raise ValueError(f"{what}: {t!r} is not a whole number")
        out.append(int(t))
    return out


def _marks(text: str | None) -> list[int | str]:
    return [int(t) if t.isdigit() else t for t in _tokens(text)]


def live_state(options: dict[str, Any]) -> dict[str, Any]:
    """The initial protocol state of a ``:live:`` board (see the module docstring).

    Raises ``ValueError`` for a bad option."""
    from ..widget import protocol

    for opt in ("highlight", "targets", "used"):
        if options.get(opt):
            raise ValueError(f"{opt}: not with live (a live board shows what the reader does)")
    view: dict[str, Any] = {
        "view": options.get("view") or "physical",
        "flip": "flip" in options,
        "arrows": "arrows" in options,
        "labels": options.get("labels") or "en",
    }
    if options.get("size") is not None:
        view["size"] = options["size"]
    spec = options.get("rules") or svg.DEFAULT_RULES
    state = protocol.initial_state(spec, options.get("position"), options.get("seed", 1), **view)
    dice = _ints(options.get("dice"), "dice")
    if dice:
        state = protocol.step(state, {"type": "set_dice", "dice": dice})
        if state.get("error"):
            raise ValueError(f"dice: {state['error']}")
    return state


def board_html(options: dict[str, Any]) -> tuple[str, list[tuple[str, str]]]:
    """Draw a board from directive options; return the SVG and the figure's data attributes.

    Raises ``ValueError`` (with the engine's message) for any bad option.
    """
    spec = options.get("rules") or svg.DEFAULT_RULES
    rs = rules(spec)
    text = options.get("position")
    pos = Position.parse(text, rs) if text else Position.start(rs)
    kw: dict[str, Any] = {
        "view": options.get("view") or "physical",
        "flip": "flip" in options,
        "arrows": "arrows" in options,
        "highlight": _marks(options.get("highlight")),
        "targets": _marks(options.get("targets")),
        "labels": options.get("labels") or "en",
        "title": options.get("title"),
    }
    dice = _ints(options.get("dice"), "dice")
    if dice:
        kw["dice"] = dice
        kw["used"] = _ints(options.get("used"), "used")
    elif options.get("used"):
        raise ValueError("used: there are no dice (give :dice: too)")
    if options.get("size") is not None:
        kw["size"] = options["size"]
    drawing = svg.draw(pos, rs, **kw)
    data = [
        ("data-rules", rs.name),
        ("data-position", str(pos)),
        ("data-view", kw["view"]),
        ("data-flip", str(int(kw["flip"]))),
        ("data-arrows", str(int(kw["arrows"]))),
        ("data-labels", kw["labels"]),
    ]
    if dice:
        data.append(("data-dice", " ".join(map(str, dice))))
    return drawing, data


#: an option written as text (``:name: fig-…``), e.g. swallowed by a multi-line caption
_OPTION_IN_TEXT = re.compile(r"(?:^|\s):[a-z][a-z-]*:(?:\s|$)")


class BoardDirective(SphinxDirective):
    """``{board}``: a board drawn at build time (see the module docstring)."""

    has_content = True
    required_arguments = 0
    optional_arguments = 0
    option_spec: ClassVar[dict[str, Any]] = {
        "rules": directives.unchanged_required,
        "position": directives.unchanged_required,
        "view": lambda a: directives.choice(a, svg.VIEWS),
        "arrows": directives.flag,
        "flip": directives.flag,
        "dice": directives.unchanged_required,
        "used": directives.unchanged_required,
        "highlight": directives.unchanged_required,
        "targets": directives.unchanged_required,
        "labels": lambda a: directives.choice(a, svg.LANGUAGES),
        "title": directives.unchanged_required,
        "size": directives.positive_int,
        "caption": directives.unchanged,
        "name": directives.unchanged_required,
        "live": directives.flag,
        "seed": directives.nonnegative_int,
        "static": directives.flag,
    }

    def run(self) -> list[nodes.Node]:
        live = "live" in self.options
        page = self.config.language or "en"
        page = page if page in svg.LANGUAGES else "en"  # the /sv/ and /de/ builds
        if not self.options.get("labels"):
            self.options["labels"] = page
        try:
            drawing, data = board_html(self.options)
            # The drawing may name the points in its source's language (`:labels: de` on
            # Pierer's figures), but a board the reader plays (▶ or live) speaks the page's.
            data = [(k, page if k == "data-labels" else v) for k, v in data]
            state = live_state({**self.options, "labels": page}) if live else None
        except ValueError as exc:  # RuleSetError, PositionError and drawing errors
            raise self.error(f"board: {exc}") from None
        fig = board_figure()
        fig["data"] = data
        fig["static_only"] = "static" in self.options
        if state is not None:
            fig["live"] = state
            if "seed" in self.options:  # else each reader's browser picks its own dice seed
                fig["data"].append(("data-seed", str(self.options["seed"])))
            drawing = f'<div class="pt-static">{drawing}</div>'
        self.set_source_info(fig)
        self.add_name(fig)
        if not fig["ids"]:  # every figure gets an id, so numfig can number it
            self.state.document.set_id(fig)
        fig += nodes.raw("", drawing, format="html")
        cap = board_caption()
        self.set_source_info(cap)  # with a source, gettext extracts the caption to translate it
        caption = self.options.get("caption")
        swallowed = _OPTION_IN_TEXT.search(caption or "")
        if swallowed:
            raise self.error(
                f"board: the caption ends in the option text {swallowed.group(0).strip()!r} "
                "(a caption that runs over several lines swallows the options after it: "
                "put them before :caption:)"
            )
        if caption:
            inline, messages = self.parse_inline(caption, lineno=self.lineno)
            cap += inline
            cap += messages
        if self.content:
            body = self.parse_content_to_nodes()
            for n in body:
                if isinstance(n, nodes.paragraph):
                    if len(cap):
                        cap += nodes.Text(" ")
                    cap += n.children
                else:
                    raise self.error("board: the caption (directive content) must be text")
        if len(cap):
            fig += cap
        return [fig]


# ---------------------------------------------------------------------------- play page
def play_catalog(default: str = "brade-standard", lang: str | None = None) -> dict[str, Any]:
    """What the Play page offers: every preset (name -> title in the page's language, from the
    catalogue's ``preset.*`` as the CLI's ``rules`` listing), its family, the codes of each
    family and the computer levels each preset's family offers, weakest first
    (:func:`puffteach.players.ladder.ladder`, as the board lists them)."""
    from ..families import FAMILIES
    from ..messages import catalogue
    from ..players.ladder import ladder

    words = catalogue(_page_language(lang))
    return {
        "presets": {k: words.get(f"preset.{k}") or rules(k).title or k for k in ALL_PRESETS},
        "levels": {k: list(ladder(rules(k))) for k in ALL_PRESETS},
        "families": {k: f.name for f in FAMILIES.values() for k in f.presets()},
        "codes": {f.name: list(f.option_codes()) for f in FAMILIES.values()},
        "default": default,
    }


class PlayDirective(SphinxDirective):
    """``{play}``: the Play page's form and board (``_static/puffteach-play.js``).

    Option ``default`` is the preset chosen when the page address names none."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {"default": directives.unchanged_required}

    def run(self) -> list[nodes.Node]:
        default = self.options.get("default", "brade-standard")
        try:
            rules(default)
        except ValueError as exc:
            raise self.error(f"play: {exc}") from None
        data = json.dumps(
            play_catalog(default, self.config.language), ensure_ascii=False, separators=(",", ":")
        )
        from ..widget.protocol import ui_words

        note = ui_words(self.config.language or "en").get("ui.file", "")
        markup = (
            f'<div class="puffteach-play" data-catalog="{html.escape(data, quote=True)}">'
            f'<p class="pt-file-note">{html.escape(note)}</p></div>\n'
        )
        return [nodes.raw("", markup, format="html")]


class OfflineDirective(SphinxDirective):
    """``{offline}``: the "Make the book available offline" control (issue 44 item 4,
    ``_static/puffteach-offline.js``): the reader's browser keeps every page of the book in
    this language and the engine, with a progress bar. Its words are ``ui.offline.*``."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        return [nodes.raw("", '<div class="puffteach-offline"></div>\n', format="html")]


# ---------------------------------------------------------------------------- tables
def _page_language(language: str | None) -> str:
    """The catalogue's language for a page built with Sphinx's ``language`` (English if the
    catalogue has none for it)."""
    from ..messages import LANGUAGES

    lang = (language or "en").split("_")[0]
    return lang if lang in LANGUAGES else "en"


_CODE = re.compile(r"`([^`]+)`")


def _cell_nodes(text: str) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    pos = 0
    for m in _CODE.finditer(text):
        if m.start() > pos:
            out.append(nodes.Text(text[pos : m.start()]))
        out.append(nodes.literal(m.group(1), m.group(1)))
        pos = m.end()
    if pos < len(text):
        out.append(nodes.Text(text[pos:]))
    return out


def table_node(tbl: Table, title: str | None = None) -> nodes.table:
    """A docutils table for ``tbl``."""
    node = nodes.table(classes=["puffteach-ruleset-table"])
    caption = nodes.title(title or tbl.title, title or tbl.title)
    if not title:  # the catalogue's title is in the page's language already; a :caption: of
        caption["translatable"] = False  # the page is translated with the page (its .po)
    node += caption
    group = nodes.tgroup(cols=len(tbl.header))
    node += group
    for _ in tbl.header:
        group += nodes.colspec(colwidth=1)
    head = nodes.thead()
    group += head
    row = nodes.row()
    for h in tbl.header:
        row += nodes.entry("", nodes.paragraph("", "", *_cell_nodes(h)))
    head += row
    body = nodes.tbody()
    group += body
    for i, cells in enumerate(tbl.rows):
        row = nodes.row()
        for j, cell in enumerate(cells):
            para = nodes.paragraph("", "", *_cell_nodes(cell))
            if j == 0 and tbl.anchors:
                para.insert(0, nodes.target("", "", names=[tbl.anchors[i]]))
            row += nodes.entry("", para)
        body += row
    return node


class RulesetTableDirective(SphinxDirective):
    """``{ruleset-table} KIND``: a table generated from the rule-set data."""

    required_arguments = 1
    optional_arguments = 0
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "presets": directives.unchanged_required,
        "caption": directives.unchanged_required,
        "name": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        kind = self.arguments[0].strip()
        if kind not in KINDS:
            raise self.error(f"ruleset-table: unknown table {kind!r}; tables: {', '.join(KINDS)}")
        try:
            specs = resolve_specs(self.options.get("presets"))
            tbl = KINDS[kind](specs, _page_language(self.config.language))
        except ValueError as exc:
            raise self.error(f"ruleset-table {kind}: {exc}") from None
        if not tbl.rows:
            raise self.error(f"ruleset-table {kind}: no rows for the rule sets given")
        node = table_node(tbl, self.options.get("caption"))
        self.set_source_info(node)
        self.add_name(node)
        for target in node.findall(nodes.target):
            self.state.document.note_explicit_target(target)
        return [node]


# ---------------------------------------------------------------------------- rule role
def rule_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Any,
    options: dict[str, Any] | None = None,
    content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``{rule}`P-order``` -> ``P-order`` (linked to the rules table) + the citation."""
    rule_id = text.strip()
    r = RULES.get(rule_id)
    if r is None:
        close = [i for i in RULES if i.lower().startswith(rule_id.lower()[:2])][:12]
        msg = inliner.reporter.error(
            f"rule: unknown rule id {rule_id!r}"
            + (f"; ids like it: {', '.join(close)}" if close else ""),
            line=lineno,
        )
        prb = inliner.problematic(rawtext, rawtext, msg)
        return [prb], [msg]
    env = inliner.document.settings.env
    ref = addnodes.pending_xref(
        rawtext,
        nodes.literal(rule_id, rule_id),
        refdomain="std",
        reftype="ref",
        reftarget=rule_anchor(rule_id),
        refexplicit=True,
        refwarn=True,
        refdoc=env.docname,
    )
    wrap = nodes.inline(rawtext, "", classes=["puffteach-rule"])
    wrap["reftitle"] = r.summary
    wrap += ref
    wrap += cite_nodes(r)  # the section title marked with its language (a11y.py)
    return [wrap], []


# ---------------------------------------------------------------------------- math
def _visit_math(self: HTML5Translator, node: nodes.math) -> None:
    self.body.append(
        self.starttag(node, "span", "", CLASS="math puffteach-math")
        + self.encode(node.astext())
        + "</span>"
    )
    raise nodes.SkipNode


def _visit_math_block(self: HTML5Translator, node: nodes.math_block) -> None:
    self.body.append(
        self.starttag(node, "div", "", CLASS="math puffteach-math")
        + self.encode(node.astext())
        + "</div>\n"
    )
    raise nodes.SkipNode


# ---------------------------------------------------------------------------- numbering
#: a chapter's number comes from its file name: book/05-brade-family.md is chapter 5
_CHAPTER = re.compile(r"^book/(\d\d)-")


def chapter_number(docname: str) -> int | None:
    """The chapter number of a page (``book/NN-…``), or None for other pages."""
    m = _CHAPTER.match(docname)
    return int(m.group(1)) if m else None


def _number_chapters(app: Sphinx, env: Any) -> list[str]:
    """Number the chapters by their file names and their figures within them (numfig): the
    chapter title reads "5. Bräde …" and its figures "Fig. 5.1", "Fig. 5.2", … .

    The book's toctrees are several (and hold notebooks), so Sphinx's ``:numbered:`` would
    restart at 1 in each; instead each chapter's title gets its number, its other headings
    none, and the figure numbers are assigned again under those numbers."""
    from sphinx.environment.collectors.toctree import TocTreeCollector

    changed = []
    for docname in sorted(env.found_docs):
        n = chapter_number(docname)
        if n is None:
            continue
        try:
            doctree = env.get_doctree(docname)
        except (OSError, KeyError):  # pragma: no cover - a page not read in this build
            continue
        numbers: dict[str, tuple[int, ...]] = {}
        for i, section in enumerate(doctree.findall(nodes.section)):
            if section["ids"]:
                numbers["#" + section["ids"][0]] = (n,) if i == 0 else ()
        numbers[""] = (n,)
        if env.toc_secnumbers.get(docname) != numbers:
            env.toc_secnumbers[docname] = numbers
            changed.append(docname)
    if app.config.numfig:
        changed += TocTreeCollector().assign_figure_numbers(env)
    return sorted(set(changed))


def _caption_text(node: nodes.Node) -> str:
    for child in node.children if isinstance(node, nodes.Element) else ():
        if isinstance(child, board_caption):
            return child.astext()
    return ""


# ---------------------------------------------------------------------------- setup
def _static(app: Sphinx) -> None:
    if app.builder.format == "html":
        path = str(STATIC)
        if path not in app.config.html_static_path:
            app.config.html_static_path.append(path)


def _html_defaults(app: Sphinx, config: Any) -> None:
    """A favicon (else browsers ask for a missing /favicon.ico) and the theme's colour mode
    (left empty, the theme logs an error on every page)."""
    if not config.html_favicon:
        config.html_favicon = str(STATIC / "puffteach-favicon.svg")
    config.numfig = True  # numbered figures ("Fig. 5.2"), see _number_chapters
    context = dict(config.html_context or {})
    context.setdefault("default_mode", "light")
    config.html_context = context


def setup(app: Sphinx) -> dict[str, Any]:
    # other builders (LaTeX, text, …) leave the drawings out
    others = {fmt: (_skip, None) for fmt in ("latex", "text", "man", "texinfo")}
    app.add_enumerable_node(
        board_figure,
        "figure",
        _caption_text,
        html=(_visit_board_figure, _depart_board_figure),
        **others,  # type: ignore[arg-type]
    )
    app.add_node(
        board_caption,
        html=(_visit_board_caption, _depart_board_caption),
        **others,  # type: ignore[arg-type]
    )
    app.add_directive("board", BoardDirective)
    app.add_directive("ruleset-table", RulesetTableDirective)
    app.add_directive("play", PlayDirective)
    app.add_directive("offline", OfflineDirective)
    app.add_directive("plays", PlaysDirective)
    app.add_directive("explain", ExplainDirective)
    app.add_role("rule", rule_role)
    app.add_html_math_renderer("puffteach-plain", (_visit_math, None), (_visit_math_block, None))
    app.connect("builder-inited", _static)
    app.connect("config-inited", _html_defaults)
    app.connect("env-get-updated", _number_chapters, priority=900)
    app.add_css_file("puffteach-book.css")
    setup_vendor(app)
    setup_a11y(app)
    setup_glossary(app)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
