"""Accessibility of the book: language marks, alt text of notebook boards, phone fixes.

Set up by :func:`puffteach.sphinxext.setup` (nothing to add to ``conf.py``). It provides:

Swedish and German terms carry ``lang``
    A screen reader pronounces a term in its own language, and hyphenation follows it, when the
    term is marked with ``lang``. Authors mark a term once, in :data:`TERMS` (the term as the
    book writes it in italics, with its language tag): every italic occurrence of it on every
    page, in every language of the book, becomes ``<em lang="sv">`` (the transform runs after
    the translations are applied, so the chapters and their ``.po`` files stay as they are).
    Glossary entries, ``{term}`` references to them, source titles and the section titles of
    every rule (:data:`SOURCE_LANGUAGE`) are marked the same way, and the cells of a table
    column headed "Swedish" or "German" too. For a term used once, or a word the list does not
    know, the roles ``{sv}`…```, ``{de}`…``` and ``{en}`…``` mark it in place (italic).

Citations in their source's language
    :func:`cite_nodes` gives a rule's citation with the section title (Swedish for LT, BH and
    RV, German for PI and GP) marked with its language; the ``{rule}`` role uses it.

Alt text of notebook boards
    A board a notebook cell shows (``Position``'s ``_repr_svg_``, :func:`puffteach.svg.draw`)
    becomes an ``<img>`` whose file name myst-nb uses as alt text. The drawing's own
    ``<title>`` describes the position ("White: … Black: … White to move",
    :func:`puffteach.describe.describe`); it becomes the image's alt text.

Phone and keyboard
    ``puffteach-a11y.js``: the theme's scripts bind the chapter menu ("Site navigation") and
    the page contents to the first ``.primary-toggle``/``.secondary-toggle`` of the page, a
    button the book theme hides; the visible buttons forward their clicks to it, so the menu
    opens at phone width. ``puffteach-a11y.css``: no page scrolls sideways (the off-canvas
    contents panel, tables, long words), focus rings, contrast of muted text in both modes.
"""

from __future__ import annotations

import html
import json
import re
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform

from ..rules import RULES, Rule

__all__ = [
    "SOURCE_LANGUAGE",
    "TERMS",
    "cite_nodes",
    "lang_role",
    "setup_a11y",
    "svg_title",
    "term_language",
]

#: the language each source is written in (its section titles are in that language)
SOURCE_LANGUAGE: dict[str, str] = {"LT": "sv", "BH": "sv", "RV": "sv", "PI": "de", "GP": "de"}
#: the languages the roles mark (role name = language tag)
TERM_LANGUAGES: tuple[str, ...] = ("sv", "de", "en")

#: Terms the book writes in another language, as it writes them (in italics), by language tag
#: (a word list, kept as data in ``terms.json``: the Swedish words of the game, the games'
#: own names among them, and the titles and sections of the sources).
#: Matching is exact first, then case-insensitive without trailing punctuation; the section
#: titles of the rules (:data:`SOURCE_LANGUAGE`) are added automatically.
TERMS: dict[str, tuple[str, ...]] = {
    lang: tuple(terms)
    for lang, terms in json.loads(
        resources.files(__package__).joinpath("terms.json").read_text(encoding="utf-8")
    ).items()
}
#: a table column headed by one of these words (in any language of the book) holds that language
COLUMN_LANGUAGE: dict[str, str] = {
    "swedish": "sv", "svenska": "sv", "schwedisch": "sv",
    "german": "de", "tyska": "de", "deutsch": "de",
}  # fmt: skip

_TITLE = re.compile(r"<title>(.*?)</title>", re.S)
_VARIANT = " (variant)"


def lang_node(text: str, lang: str, rawtext: str = "", italic: bool = True) -> nodes.Element:
    """``text`` in a span with ``lang`` (docutils writes class ``language-xx`` as ``lang``)."""
    if not italic:
        return nodes.inline(rawtext, text, classes=[f"language-{lang}"])
    return nodes.inline(rawtext, "", nodes.emphasis(text, text), classes=[f"language-{lang}"])


def lang_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Any,
    options: dict[str, Any] | None = None,
    content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``{sv}`fåta```, ``{de}`Thurm```: the term in italics, marked with its language."""
    return [lang_node(text, name, rawtext)], []


def cite_nodes(rule: Rule) -> list[nodes.Node]:
    """``(LT, Förflyttningen av brickorna)`` with the section title in the source's language."""
    lang = SOURCE_LANGUAGE.get(rule.source)
    section = _section(rule)
    tail = rule.section[len(section) :]
    if lang is None:
        return [nodes.Text(f" ({rule.cite()})")]
    return [
        nodes.Text(f" ({rule.source}, "),
        lang_node(section, lang, italic=False),
        nodes.Text(f"{tail})"),
    ]


# ---------------------------------------------------------------------------- terms
def _norm(text: str) -> str:
    return " ".join(text.split()).strip().rstrip(".:,;").strip()


def _section(rule: Rule) -> str:
    return rule.section[: -len(_VARIANT)] if rule.section.endswith(_VARIANT) else rule.section


@cache
def _term_tables() -> tuple[dict[str, str], dict[str, str]]:
    exact: dict[str, str] = {}
    for lang, terms in TERMS.items():
        for term in terms:
            exact.setdefault(_norm(term), lang)
    for rule in RULES.values():
        source_lang = SOURCE_LANGUAGE.get(rule.source)
        if source_lang:
            exact.setdefault(_norm(_section(rule)), source_lang)
    folded: dict[str, str] = {}
    for term, lang in exact.items():
        folded.setdefault(term.casefold(), lang)
    return exact, folded


def term_language(text: str) -> str | None:
    """The language tag of a term the book writes in another language (None: not a term)."""
    term = _norm(text)
    exact, folded = _term_tables()
    return exact.get(term) or folded.get(term.casefold())


def _marked(node: nodes.Element) -> bool:
    here: nodes.Node | None = node
    while isinstance(here, nodes.Element):
        classes: list[str] = here.get("classes", [])
        if any(c.startswith("language-") for c in classes):
            return True
        here = here.parent
    return False


class MarkTerms(SphinxTransform):
    """Mark terms, glossary entries and table columns in another language with ``lang``."""

    default_priority = 880  # after the translations (Locale, 20) are applied

    def apply(self, **kwargs: Any) -> None:
        page = (self.config.language or "en").split("_")[0]

        def mark(node: nodes.Element, lang: str | None) -> None:
            if lang and lang != page and not _marked(node):
                node["classes"].append(f"language-{lang}")

        for em in list(self.document.findall(nodes.emphasis)):
            mark(em, term_language(em.astext()))
        for term in list(self.document.findall(nodes.term)):
            mark(term, term_language(term.astext()))
        for xref in list(self.document.findall(addnodes.pending_xref)):
            if xref.get("reftype") == "term":
                for inner in xref.findall(nodes.inline):
                    mark(inner, term_language(inner.astext()))
        for table in list(self.document.findall(nodes.table)):
            columns: dict[int, str] = {}
            for head in table.findall(nodes.thead):
                for row in head.findall(nodes.row):
                    for i, entry in enumerate(row.findall(nodes.entry)):
                        lang = COLUMN_LANGUAGE.get(_norm(entry.astext()).casefold())
                        if lang:
                            columns[i] = lang
                    break
            if not columns:
                continue
            for body in table.findall(nodes.tbody):
                for row in body.findall(nodes.row):
                    for i, entry in enumerate(row.findall(nodes.entry, descend=False)):
                        mark(entry, columns.get(i))


# ---------------------------------------------------------------------------- notebook images
def _svg_file(app: Sphinx, docname: str, uri: str) -> Path | None:
    path = Path(uri)
    for candidate in (
        path,
        Path(app.srcdir) / uri,
        Path(app.srcdir) / Path(docname).parent / uri,
    ):
        if candidate.is_file():
            return candidate
    return None


def svg_title(text: str) -> str | None:
    """The first ``<title>`` of an SVG document, unescaped (None if it has none)."""
    m = _TITLE.search(text)
    return html.unescape(m.group(1)).strip() if m else None


def _alt_text(app: Sphinx, doctree: nodes.document) -> None:
    """Give every SVG image without alt text the drawing's own title as alt text."""
    docname = app.env.docname
    for image in doctree.findall(nodes.image):
        uri = image.get("uri", "")
        if image.get("alt") or not uri.endswith(".svg"):
            continue
        path = _svg_file(app, docname, uri)
        if path is None:
            continue
        title = svg_title(path.read_text(encoding="utf-8", errors="replace"))
        if title:
            image["alt"] = title


# ---------------------------------------------------------------------------- setup
def setup_a11y(app: Sphinx) -> None:
    for lang in TERM_LANGUAGES:
        app.add_role(lang, lang_role)
    app.add_transform(MarkTerms)
    app.connect("doctree-read", _alt_text)
    app.add_css_file("puffteach-a11y.css")
    app.add_js_file("puffteach-a11y.js", loading_method="defer")
