"""The book in three languages: a language switch on every page and a note on English-only pages.

Add ``"puffteach.sphinxext.i18n"`` to ``extensions`` in ``conf.py``. The book is built once per
language (``-D language=sv``) into sibling folders ``en/``, ``sv/`` and ``de/``
(``scripts/build_book.py``); the chapters are translated with Sphinx's gettext workflow
(``locales/<lang>/LC_MESSAGES/book/*.po``).

Language switch
    ``langswitch.html`` (in ``templates/``, placed in the theme's article header by ``conf.py``)
    links every page to the same page in the other languages: from ``<lang>/<page>.html`` to
    ``../<other>/<page>.html``, as plain relative links (no script, works offline).

English-only pages
    The notebooks and the API reference are code with explanations and stay English. In the
    other languages their pages open with a short note saying so (:data:`ENGLISH_ONLY_NOTE`).
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config

__all__ = ["LANGUAGES", "ENGLISH_ONLY_NOTE", "english_only", "language_links", "setup"]

TEMPLATES: Path = Path(__file__).parent / "templates"

#: the book's languages, in the order of the switch, with the name each gives itself
LANGUAGES: dict[str, str] = {"en": "English", "sv": "Svenska", "de": "Deutsch"}

#: the note on an English-only page, by language and kind of page
ENGLISH_ONLY_NOTE: dict[str, dict[str, str]] = {
    "sv": {
        "notebook": "Den här anteckningsboken finns bara på engelska. Den är kod med "
        "förklaringar: varje exempel körs av motorn och kontrolleras mot källan.",
        "api": "API-referensen finns bara på engelska: den beskriver Python-paketets kod.",
    },
    "de": {
        "notebook": "Dieses Notebook gibt es nur auf Englisch. Es ist Code mit Erläuterungen: "
        "Jedes Beispiel wird von der Engine ausgeführt und mit der Quelle verglichen.",
        "api": "Die API-Referenz gibt es nur auf Englisch: Sie beschreibt den Code des "
        "Python-Pakets.",
    },
}


def english_only(pagename: str) -> str | None:
    """The kind of English-only page (``"notebook"``, ``"api"``) or None for a translated one."""
    if pagename.startswith("notebooks/"):
        return "notebook"
    if pagename == "book/api":
        return "api"
    return None


def language_links(pagename: str, language: str) -> list[dict[str, Any]]:
    """The switch's entries for a page: code, name, relative link, and whether it is this one."""
    up = "../" * (pagename.count("/") + 1)
    return [
        {
            "code": code,
            "name": name,
            "href": f"{up}{code}/{pagename}.html",
            "current": code == language,
        }
        for code, name in LANGUAGES.items()
    ]


def _page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    language = app.config.language or "en"
    context["pt_languages"] = language_links(pagename, language)
    kind = english_only(pagename)
    note = ENGLISH_ONLY_NOTE.get(language, {}).get(kind or "")
    if note and "body" in context:
        context["body"] = (
            f'<div class="admonition note puffteach-english-only" lang="{language}">'
            f'<p class="admonition-title">{html.escape(LANGUAGES[language])}</p>'
            f"<p>{html.escape(note)}</p></div>\n" + context["body"]
        )


def _config_inited(app: Sphinx, config: Config) -> None:
    if str(TEMPLATES) not in config.templates_path:
        config.templates_path.append(str(TEMPLATES))


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", _config_inited)
    app.connect("html-page-context", _page_context)
    app.add_css_file("puffteach-i18n.css")
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
