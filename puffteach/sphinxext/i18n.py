"""The book in three languages: a language switch on every page and a note on English-only pages.

Add ``"puffteach.sphinxext.i18n"`` to ``extensions`` in ``conf.py``. The book is built once per
language (``-D language=sv``) into sibling folders ``en/``, ``sv/`` and ``de/``
(``scripts/build_book.py``); the chapters are translated with Sphinx's gettext workflow
(``locales/<lang>/LC_MESSAGES/book/*.po``).

Language switch
    ``langswitch.html`` (in ``templates/``, placed in the theme's article header by ``conf.py``)
    links every page to the same page in the other languages: from ``<lang>/<page>.html`` to
    ``../<other>/<page>.html``, as plain relative links (no script, works offline).

The title
    The book's title (``html_title``: every page's ``<title>`` and the sidebar's heading) is
    the catalogue's ``book.title`` in the page's language, set at ``config-inited``; so are the
    footer's author and copyright holder (``book.author``, ``book.copyright``).

Translated notebooks
    A worked-example notebook is translated like a chapter (its markdown cells, titles
    included; the code stays as it is) once it has a .po file,
    ``locales/<lang>/LC_MESSAGES/notebooks/<name>.po`` (``make pot``). A notebook without one
    in the page's language is an English-only page.

What a translated notebook's code prints
    A translated notebook page runs the notebook's code in the page's language: at
    ``source-read`` the notebook gets a first, hidden code cell (:func:`language_cell`) that
    makes the page's language the engine's default
    (:func:`puffteach.messages.set_default_language`), so every sentence its code prints
    (explanations, refusals, descriptions), every board it shows and every drawing it makes
    speak that language. myst-nb caches a notebook's outputs by its code, so the Swedish and
    German runs are stored beside the English one (``scripts/build_book.py`` gives each
    language a copy of the English build's cache). The JupyterLite site's and nbval's
    translated notebooks (``scripts/translate_notebooks.py``) start with the same cell.

The boards on notebook pages
    A board a notebook cell shows is stored (in the page's widget state,
    ``application/vnd.jupyter.widget-state+json``) with its buttons, message, history and
    drawing in the language the run spoke, which on a translated page is the page's. Should a
    stored board of a translated notebook page of the Swedish or German book still speak
    another language (a board the code made English on purpose), it is switched to the page's
    language at build time (:func:`board_model_in`: the board's own ``view`` step,
    ``{"type": "view", "lang": …}``, run on the stored state), so the page opens with the
    board in its language before any engine is loaded; the board's language switch still
    changes it. The English book and the English-only notebook pages keep their boards as the
    notebook made them.

The drawings on notebook pages
    The static drawings a notebook cell shows (``Position``'s picture, ``svg.draw``) are made
    in the run's language too; myst-nb writes each to a file named by its hash and shows it as
    an image. An English drawing on a translated notebook page of the Swedish or German book
    (one the code drew with ``lang="en"``) is drawn again in the page's language at
    ``doctree-read`` (:func:`drawing_in`, with the arguments the drawing carries,
    :func:`puffteach.svg.redraw`) and the image shows that file instead, before its alt text
    (the drawing's title, :mod:`puffteach.sphinxext.a11y`) is taken. A drawing the notebook
    asked for in another language (``labels="sv"`` on the German page) keeps it; a ``title``
    the code wrote stays as written.

English-only pages
    The API reference and the notebooks not yet translated stay English. In the other languages
    their pages open with a short note saying so (the message catalogue's
    ``book.english_only.*``, ``puffteach/catalogue/<lang>/book.json``), and their English body
    is marked ``lang="en"`` under the page's ``<html lang="sv">`` (screen readers, hyphens).

The themes' labels
    The search field, the buttons' tooltips, the sidebars' and the colour switch's labels come from
    pydata-sphinx-theme and sphinx-book-theme. Our own catalogues in ``locales/<lang>/LC_MESSAGES/``
    say them in Swedish and German (German with "du"): ``sphinx.po`` (pydata's domain "sphinx":
    Sphinx compiles it and reads ``locale_dirs`` before the catalogues the themes add) and
    ``booktheme.po`` (compiled and registered here at ``config-inited``, before the theme is
    loaded with the builder, so the theme's own catalogue is only the fallback). Four labels the
    theme writes as plain English (``Main``, ``Page``, the sidebar toggles) go through ``_()`` in
    our copies of its templates (``templates/``).
"""

from __future__ import annotations

import hashlib
import html
import json
import os
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config

from .. import messages

__all__ = [
    "LANGUAGES",
    "board_model_in",
    "drawing_in",
    "english_only",
    "english_only_note",
    "language_cell",
    "language_links",
    "lite_link",
    "setup",
    "translated_pages",
]

TEMPLATES: Path = Path(__file__).parent / "templates"

#: the book's languages, in the order of the switch, with the name each gives itself
LANGUAGES: dict[str, str] = {"en": "English", "sv": "Svenska", "de": "Deutsch"}


def english_only(pagename: str, translated: frozenset[str] = frozenset()) -> str | None:
    """The kind of English-only page (``"notebook"``, ``"api"``) or None for a translated one.
    ``translated``: the notebooks with a translation (``translated_pages``)."""
    if pagename.startswith("notebooks/"):
        return None if pagename in translated else "notebook"
    if pagename == "book/api":
        return "api"
    return None


def translated_pages(srcdir: Path, locale_dirs: list[str], language: str) -> frozenset[str]:
    """The notebook pages (``notebooks/<name>``) with a .po file in ``language``."""
    found: set[str] = set()
    for locale_dir in locale_dirs:
        folder = Path(srcdir) / locale_dir / language / "LC_MESSAGES" / "notebooks"
        found.update(f"notebooks/{po.stem}" for po in folder.glob("*.po"))
    return frozenset(found)


def english_only_note(
    pagename: str, language: str, translated: frozenset[str] = frozenset()
) -> str | None:
    """The note an English-only page opens with in ``language`` (None: translated, or English)."""
    kind = english_only(pagename, translated)
    if kind is None or language == "en" or language not in messages.LANGUAGES:
        return None
    return messages.text(f"book.english_only.{kind}", language)


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


def lite_link(
    pagename: str, language: str, lite: str, translated: frozenset[str] = frozenset()
) -> str | None:
    """A notebook page's link to the same notebook in the JupyterLite site (``lite``: the
    site's folder relative to the built book's root, e.g. ``../lite/``; ``""``: no site), as
    HTML; None on other pages. A notebook translated into the page's language (``translated``:
    ``translated_pages``) opens in that language (the site's ``<language>/<name>.ipynb``,
    ``scripts/translate_notebooks.py``), any other the English one."""
    if not lite or not pagename.startswith("notebooks/"):
        return None
    name = pagename.split("/", 1)[1]
    if language != "en" and pagename in translated:
        name = f"{language}/{name}"
    up = "../" * pagename.count("/")
    href = f"{up}{lite.rstrip('/')}/lab/index.html?path={name}.ipynb"
    text = messages.text("book.lite.open", language)
    return (
        f'<p class="puffteach-lite"><a class="btn btn-sm btn-outline-primary" '
        f'href="{html.escape(href)}">{html.escape(text)}</a></p>\n'
    )


def _page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    language = app.config.language or "en"
    context["pt_languages"] = language_links(pagename, language)
    translated = translated_pages(app.srcdir, app.config.locale_dirs, language)
    note = english_only_note(pagename, language, translated)
    if note and "body" in context:
        title = messages.text("book.english_only.title", language)
        # the page is English under a Swedish or German <html lang>: its body says so
        context["body"] = (
            f'<div class="admonition note puffteach-english-only" lang="{language}">'
            f'<p class="admonition-title">{html.escape(title)}</p>'
            f"<p>{html.escape(note)}</p></div>\n"
            f'<div class="puffteach-english-body" lang="en">\n{context["body"]}</div>\n'
        )
    # in the page's language, outside the English body
    link = lite_link(pagename, language, app.config.puffteach_lite, translated)
    if link and "body" in context:
        context["body"] = link + context["body"]


#: the prefix of a board's state keys among its stored widget keys (``Board._publish``: each
#: key of the protocol state is synced as ``state.<key>``, their names in ``_state_keys``)
STATE_KEY = "state."


def board_model_in(model: dict[str, Any], lang: str) -> dict[str, Any] | None:
    """A notebook board's stored widget model (the ``state`` of one model in a notebook's
    widget state) with the board speaking ``lang``: its protocol state put through the
    board's own ``view`` step, as the board's language switch does, so its buttons, message,
    history and drawing are in ``lang``. None when ``model`` is no board
    (:class:`puffteach.widget.Board`) or the board speaks ``lang`` already. Raises
    :class:`ValueError` when the step refuses the stored state."""
    from ..widget import protocol
    from ..widget.words import lang_of

    keys = model.get("_state_keys")
    if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
        return None
    state = {k: model.get(STATE_KEY + k) for k in keys}
    if not isinstance(state.get("view"), dict) or lang_of(state) == lang:
        return None
    new = protocol.step(state, {"type": "view", "lang": lang})
    if new.get("error"):
        raise ValueError(str(new["error"]))
    out = {k: v for k, v in model.items() if not k.startswith(STATE_KEY)}
    out.update((STATE_KEY + k, v) for k, v in new.items())
    out["_state_keys"] = list(new)
    out["lang"] = lang_of(new)
    return out


def _translated_notebook(app: Sphinx, docname: str | None = None) -> str | None:
    """The language of the page ``docname`` (default: the page being read) when it is a
    notebook page translated into a language other than English (its code runs in it, its
    stored boards and drawings are switched to it); else None."""
    language = app.config.language or "en"
    if language == "en" or language not in messages.LANGUAGES:
        return None
    docname = app.env.docname if docname is None else docname
    if docname not in translated_pages(app.srcdir, app.config.locale_dirs, language):
        return None
    return str(language)


#: the id and tag of the code cell a translated notebook starts with (:func:`language_cell`)
LANGUAGE_CELL = "puffteach-language"
#: myst-nb's tag for a cell that runs but is not shown
HIDDEN = "remove-cell"


def language_cell(lang: str, hidden: bool = False) -> dict[str, Any]:
    """The code cell (nbformat 4 JSON) a notebook translated into ``lang`` starts with: it
    makes ``lang`` the engine's default language
    (:func:`puffteach.messages.set_default_language`), so what the notebook's code prints,
    shows and draws speaks ``lang``. ``hidden``: tagged for myst-nb to run it but not show it
    (the book's pages; the JupyterLite notebooks show it)."""
    lang = messages.language(lang)
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": LANGUAGE_CELL,
        "metadata": {"tags": [LANGUAGE_CELL, *([HIDDEN] if hidden else [])]},
        "outputs": [],
        "source": [
            "from puffteach import messages\n",
            "\n",
            f'messages.set_default_language("{lang}")',
        ],
    }


def _notebook_language(app: Sphinx, docname: str, source: list[str]) -> None:
    """A translated notebook page's code runs in the page's language: the notebook read for
    it starts with :func:`language_cell` (hidden)."""
    if not docname.startswith("notebooks/") or app.env.doc2path(docname).suffix != ".ipynb":
        return
    language = _translated_notebook(app, docname)
    if language is None:
        return
    nb = json.loads(source[0])
    cells = nb.get("cells", [])
    if cells and cells[0].get("id") == LANGUAGE_CELL:
        return
    nb["cells"] = [language_cell(language, hidden=True), *cells]
    source[0] = json.dumps(nb, ensure_ascii=False)


def _notebook_boards(app: Sphinx, doctree: Any) -> None:
    """Switch the stored boards of a translated notebook page to the page's language."""
    from sphinx.util import logging

    language = _translated_notebook(app)
    if language is None:
        return
    docname = app.env.docname
    metadata = getattr(app.env, "nb_metadata", None)  # myst-nb's, filled while it parsed
    files = (metadata.get(docname) or {}).get("js_files", {}) if metadata is not None else {}
    entry = files.get("ipywidgets_state")
    if entry is None:
        return
    kwargs = entry[1]
    widgets = json.loads(kwargs["body"])
    changed = False
    for model in widgets.get("state", {}).values():
        try:
            new = board_model_in(model.get("state") or {}, language)
        except ValueError as e:
            logging.getLogger(__name__).warning(
                "puffteach: a stored board cannot speak %s: %s", language, e, location=docname
            )
            continue
        if new is not None:
            model["state"] = new
            changed = True
    if changed:
        # as myst-nb writes it (a "</script>" inside would end the element)
        kwargs["body"] = json.dumps(widgets).replace("</script>", r"<\/script>")


def drawing_in(drawing: str, lang: str) -> str | None:
    """A notebook's static board drawing (SVG text from :func:`puffteach.svg.draw`) drawn
    again with its words in ``lang`` (:func:`puffteach.svg.redraw`). None when ``drawing`` is
    no such drawing (another picture, a live board's drawing) or is not English: the
    notebook's code drew it English by default, and one it drew in another language on purpose
    keeps that language. Raises :class:`ValueError` when its stored arguments make no drawing."""
    from .. import svg

    args = svg.drawn_with(drawing)
    if args is None or args["lang"] != "en" or lang == "en":
        return None
    return svg.redraw(drawing, lang)


def _image_file(app: Sphinx, docname: str, uri: str) -> Path | None:
    """The file an image node's ``uri`` names (myst-nb's: ``/`` + relative to the sources)."""
    for candidate in (
        Path(app.srcdir) / uri.lstrip("/"),
        Path(app.srcdir) / Path(docname).parent / uri,
    ):
        if candidate.is_file():
            return candidate
    return None


def _notebook_drawings(app: Sphinx, doctree: Any) -> None:
    """Draw the English board drawings of a translated notebook page again in its language."""
    from docutils import nodes
    from sphinx.util import logging

    language = _translated_notebook(app)
    if language is None:
        return
    docname = app.env.docname
    for image in doctree.findall(nodes.image):
        uri = image.get("uri", "")
        if not uri.endswith(".svg"):
            continue
        path = _image_file(app, docname, uri)
        if path is None:
            continue
        try:
            drawing = drawing_in(path.read_text(encoding="utf-8"), language)
        except ValueError as e:
            logging.getLogger(__name__).warning(
                "puffteach: a notebook drawing cannot speak %s: %s", language, e, location=docname
            )
            continue
        if drawing is None:
            continue
        # beside the English one, named by its hash as myst-nb names its outputs
        data = os.linesep.join(drawing.splitlines()).encode("utf-8")
        name = f"{hashlib.sha256(data).hexdigest()}.svg"
        target = path.with_name(name)
        if not target.is_file():
            target.write_bytes(data)
        image["uri"] = uri[: len(uri) - len(path.name)] + name


#: message domains of the themes that Sphinx does not compile from ``locale_dirs`` by itself
THEME_DOMAINS: tuple[str, ...] = ("booktheme",)


def _theme_catalogues(app: Sphinx, config: Config) -> None:
    """Compile our ``booktheme.po`` and register it ahead of sphinx-book-theme's own catalogue."""
    from sphinx.util.i18n import CatalogRepository

    if not config.language or config.language == "en":
        return
    repo = CatalogRepository(
        app.srcdir, config.locale_dirs, config.language, config.source_encoding
    )
    for catalog in repo.catalogs:
        if catalog.domain in THEME_DOMAINS and catalog.is_outdated():
            catalog.write_mo(config.language)
    for locale_dir in repo.locale_dirs:
        for domain in THEME_DOMAINS:
            app.add_message_catalog(domain, str(locale_dir))


def _config_inited(app: Sphinx, config: Config) -> None:
    if str(TEMPLATES) not in config.templates_path:
        config.templates_path.append(str(TEMPLATES))
    lang = config.language if config.language in messages.LANGUAGES else "en"
    config.html_title = messages.text("book.title", lang)
    # the footer's "By …" and "© Copyright …" (the theme translates "By", we the names)
    config.author = messages.text("book.author", lang)
    config.copyright = messages.text("book.copyright", lang)
    _theme_catalogues(app, config)


def setup(app: Sphinx) -> dict[str, Any]:
    # the JupyterLite site's folder relative to the book's root (scripts/build_book.py --lite
    # builds it beside the languages and sets ../lite/); empty: the notebook pages link nothing
    app.add_config_value("puffteach_lite", "", "html", types=[str])
    app.connect("config-inited", _config_inited)
    app.connect("html-page-context", _page_context)
    app.connect("source-read", _notebook_language)
    app.connect("doctree-read", _notebook_boards)
    # before Sphinx collects the page's images and a11y takes an image's alt text (both 500)
    app.connect("doctree-read", _notebook_drawings, priority=400)
    app.add_css_file("puffteach-i18n.css")
    # env_version: the environment keeps what _notebook_boards made of the widget state, the
    # images _notebook_drawings drew again and the outputs of the notebooks _notebook_language
    # made run in the page's language, so a build with an older environment reads every page
    # again
    return {
        "version": "0.1",
        "env_version": 3,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
