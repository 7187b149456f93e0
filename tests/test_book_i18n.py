"""The book in English, Swedish and German (Sphinx's gettext workflow, ``locales/``).

Every chapter of ``book/`` except the API reference has one .po file per language
(``locales/<lang>/LC_MESSAGES/book/<page>.po``, made by ``make pot``), and so has every
worked-example notebook in ``TRANSLATED_NOTEBOOKS`` (``.../notebooks/<name>.po``: its markdown
cells); the API reference and the other notebooks stay English. These tests hold the
translations to the English book: the .po files follow its current text, no entry is left
untranslated or fuzzy, markup targets, rule ids, notation and citations come through unchanged
(``tests/i18n_tokens.py``), and no run of seven words is copied from the sources. The last
tests look at the three built books side by side.
"""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from i18n_tokens import missing_tokens
from test_book import CHAPTERS, COPYCHECK

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
LANGUAGES = ("sv", "de")
#: the worked-example notebooks translated so far (markdown cells through gettext, code unchanged)
TRANSLATED_NOTEBOOKS = [
    "notebooks/00-the-board",
    "notebooks/02-lt-puff",
    "notebooks/03-pierer",
    "notebooks/04-gegenpuff",
    "notebooks/05-brade-family",
    "notebooks/06-brade-variants",
    "notebooks/08-teaching",
    "notebooks/10-computer",
]
#: the pages without a translation (code with explanations): a translated note says so
ENGLISH_ONLY = [
    "book/api",
    *sorted(
        f"notebooks/{p.stem}"
        for p in (ROOT / "notebooks").glob("*.ipynb")
        if f"notebooks/{p.stem}" not in TRANSLATED_NOTEBOOKS
    ),
]
TRANSLATED = [
    *sorted(f"book/{p.stem}" for p in (ROOT / "book").glob("*.md") if p.stem != "api"),
    *TRANSLATED_NOTEBOOKS,
]
#: the themes' labels: our catalogues of their message domains, written by hand (not `make pot`)
THEME_CATALOGUES = ["booktheme", "sphinx"]
#: the book's title in each translation (catalogue key ``book.title``)
BOOK_TITLES = {"sv": "puffteach: Puff och bräde", "de": "puffteach: Puff und Bräde"}
#: the footer's "By …" line in each translation (the theme's word, our ``book.author``)
FOOTER_AUTHORS = {
    "sv": "Av puffteachs författare",
    "de": "Von den Autorinnen und Autoren von puffteach",
}


def _catalog(path: Path):  # type: ignore[no-untyped-def]
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f)


def _po(lang: str, page: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{page}.po"


def _entries(lang: str):  # type: ignore[no-untyped-def]
    """(page, message) for every entry of every .po file of ``lang`` (the header left out), the
    themes' catalogues included."""
    for page in [*TRANSLATED, *THEME_CATALOGUES]:
        path = _po(lang, page)
        if path.is_file():
            for m in list(_catalog(path))[1:]:
                yield page, m


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_chapter_has_a_po_file(lang: str) -> None:
    pytest.importorskip("babel")
    missing = [page for page in TRANSLATED if not _po(lang, page).is_file()]
    assert not missing, f"no .po file for {missing} in {lang} (run `make pot`)"
    extra = sorted(
        str(p.relative_to(LOCALES / lang / "LC_MESSAGES").with_suffix(""))
        for p in (LOCALES / lang / "LC_MESSAGES").rglob("*.po")
    )
    assert extra == sorted([*TRANSLATED, *THEME_CATALOGUES]), "a .po file for no page"
    assert all(_po(lang, domain).is_file() for domain in THEME_CATALOGUES)


@pytest.fixture(scope="module")
def templates(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The .pot files of the current English text (``sphinx-build -b gettext``, no notebook
    runs), as `make pot` makes them."""
    pytest.importorskip("sphinx")
    pytest.importorskip("myst_nb")
    out = tmp_path_factory.mktemp("gettext")
    env = dict(os.environ, PUFFTEACH_NB_EXECUTION="off")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    proc = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "-q", "-b", "gettext", str(ROOT), str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-5000:]
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_po_files_follow_the_english_text(templates: Path, lang: str) -> None:
    stale = []
    for page in TRANSLATED:
        pot = {m.id for m in list(_catalog(templates / f"{page}.pot"))[1:]}
        po = {m.id for m in list(_catalog(_po(lang, page)))[1:]}
        if pot - po:
            stale.append(f"{page}: new English text not in the .po: {sorted(pot - po)[:3]}")
        if po - pot:
            stale.append(f"{page}: .po entries the book no longer has: {sorted(po - pot)[:3]}")
    assert not stale, "run `make pot` and translate:\n" + "\n".join(stale)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_entry_is_untranslated_or_fuzzy(lang: str) -> None:
    pytest.importorskip("babel")
    bad = [
        f"{page}: {'fuzzy' if m.fuzzy else 'untranslated'}: {m.id[:70]!r}"
        for page, m in _entries(lang)
        if not m.string or m.fuzzy
    ]
    assert not bad, f"{len(bad)} {lang} entries to translate:\n" + "\n".join(bad[:40])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_keep_markup_rule_ids_notation_and_citations(lang: str) -> None:
    pytest.importorskip("babel")
    bad = [
        f"{page}: {m.id[:60]!r} lacks {missing_tokens(m.id, m.string)}"
        for page, m in _entries(lang)
        if m.string and missing_tokens(m.id, m.string)
    ]
    assert not bad, "\n".join(bad[:40])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_numbered_headings_escape_their_dot(lang: str) -> None:
    """A heading such as ``## 3. No move at all`` is translated by parsing its msgstr as
    Markdown: ``3. Inget drag alls`` would be a numbered list there, so Sphinx keeps the English
    heading (182 sv/de headings of the notebooks and worksheets did until 5 December 2026). The
    msgstr writes ``3\\. Inget drag alls``, which shows as ``3. Inget drag alls``."""
    pytest.importorskip("babel")
    bad = [
        f"{page}: {m.string[:50]!r}"
        for page, m in _entries(lang)
        if m.string and re.match(r"\d+\. ", m.id) and not re.match(r"\d+\\\. ", m.string)
    ]
    assert not bad, "\n".join(bad[:20])


def test_the_token_check_sees_a_changed_target() -> None:
    msgid = (
        "See {rule}`P-order` and {ref}`the table <side-by-side-options>` for `W:0x15` (LT, RV 8b)."
    )
    good = "Se {ref}`tabellen <side-by-side-options>` och {rule}`P-order` för `W:0x15` (LT, RV 8b)."
    assert missing_tokens(msgid, good) == []
    assert missing_tokens(msgid, good.replace("P-order", "P-ordning")) == ["{rule}`P-order`"]
    assert missing_tokens(msgid, good.replace("<side-by-side-options>", "<x>")) == [
        "<side-by-side-options>"
    ]
    assert missing_tokens(msgid, good.replace("`W:0x15`", "W:0x15")) == ["`W:0x15`"]
    assert missing_tokens(msgid, good.replace("RV 8b", "RV 8")) == ["RV 8b"]


def test_translations_copy_nothing_from_the_sources() -> None:
    if not COPYCHECK.is_file():
        pytest.skip(f"{COPYCHECK} not found")
    proc = subprocess.run(
        [sys.executable, str(COPYCHECK), "locales"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
    assert "0 copied run(s)" in proc.stdout


# ------------------------------------------------------------------------- the built books


def test_the_site_root_opens_the_english_book(built_site: Path) -> None:
    index = (built_site / "index.html").read_text(encoding="utf-8")
    assert 'http-equiv="refresh" content="0; url=en/book/index.html"' in index
    for lang in ("en", *LANGUAGES):
        assert f'href="{lang}/book/index.html"' in index


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_every_page_exists_in_every_language_with_a_switch(built_site: Path, lang: str) -> None:
    for page in CHAPTERS:
        path = built_site / lang / f"{page}.html"
        assert path.is_file(), path
        text = path.read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in text, page
        switch = re.search(r'<nav class="puffteach-langswitch".*?</nav>', text, re.DOTALL)
        assert switch, f"no language switch on {lang}/{page}"
        links = re.findall(r'href="([^"]+)"', switch.group(0))
        assert len(links) == 2 and 'aria-current="page"' in switch.group(0)
        for link in links:
            # as the browser resolves it: by the address, not through the en/ sv/ de/ links
            target = Path(os.path.normpath(path.parent / link))
            assert target.is_file() and target.name == f"{page.split('/')[-1]}.html", link
            assert target.relative_to(built_site).parts[0] in ("en", *LANGUAGES), link


@pytest.mark.parametrize("lang", LANGUAGES)
def test_chapters_are_translated_and_english_only_pages_say_so(built_site: Path, lang: str) -> None:
    for page in TRANSLATED:
        title = list(_catalog(_po(lang, page)))[1:]
        text = (built_site / lang / f"{page}.html").read_text(encoding="utf-8")
        english = (built_site / "en" / f"{page}.html").read_text(encoding="utf-8")
        h1 = re.search(r"<h1>(.*?)<a", text, re.DOTALL)
        assert (
            h1
            and h1.group(1).strip()
            != re.search(r"<h1>(.*?)<a", english, re.DOTALL).group(1).strip()
        ), f"{lang}/{page}: the title is not translated"
        assert title, page
    for page in ENGLISH_ONLY:
        text = (built_site / lang / f"{page}.html").read_text(encoding="utf-8")
        assert "puffteach-english-only" in text, f"{lang}/{page} does not say it is English"
        assert "puffteach-english-only" not in (built_site / "en" / f"{page}.html").read_text(
            encoding="utf-8"
        )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translated_notebooks_show_their_title_in_the_page_and_the_sidebar(
    built_site: Path, lang: str
) -> None:
    """A translated notebook's page and every sidebar link to it carry the title of its .po
    file (the first entry: the notebook's first heading), not the English one; its code cells
    stay as they are."""

    def plain(text: str) -> str:  # Sphinx's smart quotes undone
        return html.unescape(text.strip()).translate(str.maketrans("‘’“”„", '\'\'"""'))

    front = (built_site / lang / "book" / "index.html").read_text(encoding="utf-8")
    front_en = (built_site / "en" / "book" / "index.html").read_text(encoding="utf-8")
    for page in TRANSLATED_NOTEBOOKS:
        first = list(_catalog(_po(lang, page)))[1]
        assert first.string and first.string != first.id, page
        text = (built_site / lang / f"{page}.html").read_text(encoding="utf-8")
        english = (built_site / "en" / f"{page}.html").read_text(encoding="utf-8")
        h1 = re.search(r'<h1>([^<]*)<a class="headerlink"', text)
        assert h1 and plain(h1.group(1)) == plain(first.string), f"{lang}/{page}"
        assert "puffteach-english-only" not in text, f"{lang}/{page} says it is English"
        name = page.split("/")[-1]
        link = rf'<a class="reference internal" href="\.\./notebooks/{name}\.html">([^<]*)</a>'
        titles = re.findall(link, front)
        assert titles and {plain(t) for t in titles} == {plain(first.string)}, (
            f"{lang}: the sidebar names {page} {titles}"
        )
        assert {plain(t) for t in re.findall(link, front_en)} == {plain(first.id)}
        # the code cells are the English book's
        code = re.findall(r'<div class="highlight-ipython3 notranslate">.*?</pre>', text, re.S)
        assert code and code == re.findall(
            r'<div class="highlight-ipython3 notranslate">.*?</pre>', english, re.S
        ), f"{lang}/{page}: the code cells differ from the English page"


# ------------------------------------------------------------ the boards of the notebook pages
# The book runs the notebooks' English code once; a translated notebook page of the Swedish or
# German book switches each stored board to its language (puffteach.sphinxext.i18n,
# board_model_in). test_static_book.py opens such a page in a browser.


def _stored_boards(page: Path) -> list[dict[str, object]]:
    """The stored widget models of a built page that are boards (their synced keys)."""
    import json

    text = page.read_text(encoding="utf-8")
    found = re.search(
        r'<script type="application/vnd.jupyter.widget-state\+json">(.*?)</script>', text, re.S
    )
    if not found:
        return []
    models = json.loads(found.group(1))["state"].values()
    return [m["state"] for m in models if "_state_keys" in m["state"]]


def test_a_stored_board_is_switched_to_another_language() -> None:
    pytest.importorskip("anywidget")
    from puffteach.messages import text
    from puffteach.sphinxext.i18n import board_model_in
    from puffteach.widget import Board

    board = Board("kontrar-puff", position="W:0x15 B:0x15 w", seed=1)
    board.set_dice(5, 5)
    board.move("0/5")
    model = board.get_state()
    assert model["state.ui"]["ui.position"] == "position"
    sv = board_model_in(model, "sv")
    assert sv is not None and sv["lang"] == "sv" and sv["state.view"]["lang"] == "sv"
    assert sv["state.ui"]["ui.position"] == text("ui.position", "sv")
    board.lang = "sv"  # what the board's own switch makes of it
    assert sv["state.message"] == board.state["message"] != model["state.message"]
    assert sv["state.svg"] == board.state["svg"] and sv["state.history"] == board.state["history"]
    assert sv["position"] == model["position"] and sv["_state_keys"] == list(board.state)
    assert model["state.view"]["lang"] == "en"  # the stored model is left as it was
    assert board_model_in(sv, "sv") is None  # already Swedish
    assert board_model_in({"_model_name": "LayoutModel", "width": None}, "sv") is None
    broken = {**model, "state.record": {"rules": "no-such-rules"}, "state.rev": "x"}
    with pytest.raises(ValueError):
        board_model_in(broken, "de")


@pytest.mark.parametrize("lang", ("en", *LANGUAGES))
def test_notebook_boards_are_stored_in_the_page_language(built_site: Path, lang: str) -> None:
    from puffteach.messages import text

    shown = 0
    for page in TRANSLATED_NOTEBOOKS:
        for model in _stored_boards(built_site / lang / f"{page}.html"):
            view, ui = model["state.view"], model["state.ui"]
            assert isinstance(view, dict) and isinstance(ui, dict), page
            assert model["lang"] == view["lang"] == lang, page
            assert ui["ui.position"] == text("ui.position", lang), page
            shown += 1
    assert shown >= 2, "00-the-board and 03-pierer show boards"


# The static drawings a notebook cell shows (a Position's picture, svg.draw) are made by the
# page's run, in the page's language on a translated notebook page; one still English there is
# drawn again in the page's language (puffteach.sphinxext.i18n.drawing_in, with the arguments the
# drawing carries).


def _page_drawings(site: Path, lang: str, page: str) -> list[tuple[str, str]]:
    """(alt text, SVG text) of every board drawing shown as an image on a built page."""
    text = (site / lang / f"{page}.html").read_text(encoding="utf-8")
    found = []
    for tag in re.findall(r"<img\b[^>]*>", text):
        src = re.search(r'\bsrc="([^"]+\.svg)"', tag)
        alt = re.search(r'\balt="([^"]*)"', tag)
        if src is None:
            continue
        drawing = (site / lang / page).parent.joinpath(src.group(1)).read_text(encoding="utf-8")
        if 'class="puffteach-board"' in drawing:
            found.append((html.unescape(alt.group(1)) if alt else "", drawing))
    return found


def test_the_drawing_of_a_translated_notebook_is_drawn_in_its_language() -> None:
    from puffteach import Position, svg
    from puffteach.sphinxext.i18n import drawing_in

    english = svg.draw(Position.parse("W:0x13,2,5 B:0x15 b"), "lang-puff", dice=(2, 5), size=400)
    sv = drawing_in(english, "sv")
    assert sv == svg.draw(
        Position.parse("W:0x13,2,5 B:0x15 b"), "lang-puff", dice=(2, 5), size=400, lang="sv"
    )
    assert drawing_in(english, "en") is None  # the English book keeps it
    assert drawing_in(sv, "de") is None  # drawn in Swedish on purpose (labels="sv")
    live = svg.draw(Position.parse("W:0x15 B:0x15 w"), interactive=True)
    assert drawing_in(live, "sv") is None  # a live board's drawing: the board switches itself
    assert drawing_in('<svg xmlns="http://www.w3.org/2000/svg"/>', "sv") is None
    with pytest.raises(ValueError):
        drawing_in(english.replace('"rules":"lang-puff"', '"rules":"no-such-puff"'), "sv")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_notebook_drawings_speak_the_page_language(built_site: Path, lang: str) -> None:
    """Every board drawing on a translated notebook page of the Swedish and German books is in
    the page's language (words and alt text), unless the notebook drew it in another language
    on purpose; the same position, rule set and options as the English page's drawing."""
    from puffteach import svg
    from puffteach.color import Color
    from puffteach.messages import text
    from puffteach.sphinxext.a11y import svg_title

    english_words = [f">{text(k, 'en')}<" for k in ("svg.white", "svg.black")] + [
        text("svg.to_enter", "en"),
        text("svg.borne_off", "en"),
        text("svg.to_move", "en", side=text("svg.white", "en")),
        text("svg.to_move", "en", side=text("svg.black", "en")),
    ]
    own = [f">{text(k, lang)}<" for k in ("svg.to_enter", "svg.borne_off", "svg.white")]
    pages_with_drawings = 0
    for page in TRANSLATED_NOTEBOOKS:
        shown = _page_drawings(built_site, lang, page)
        in_english = _page_drawings(built_site, "en", page)
        assert len(shown) == len(in_english), page
        pages_with_drawings += bool(shown)
        for (alt, drawing), (alt_en, drawing_en) in zip(shown, in_english, strict=True):
            args, args_en = svg.drawn_with(drawing), svg.drawn_with(drawing_en)
            assert args is not None and args_en is not None, page
            assert {**args, "lang": "-"} == {**args_en, "lang": "-"}, page  # the same figure
            if args_en["lang"] != "en":  # drawn in its language on purpose: kept as it is
                assert drawing == drawing_en, page
                continue
            assert args["lang"] == lang, (page, args)
            # the page's own run drew it in its language: the English figure drawn in it (the
            # same SVG once both are drawn again from their arguments: IPython's SVG display
            # writes a drawing's attributes its own way)
            assert svg.redraw(drawing, lang) == svg.redraw(drawing_en, lang), page
            for word in english_words:
                assert word not in drawing, (page, word)
            for word in own:
                assert word in drawing, (page, word)
            assert alt == svg_title(drawing) != alt_en, page
            assert " to move." not in alt and "White:" not in alt and "Board (" not in alt, alt
            assert any(
                text("describe.to_move", lang, side=Color(side)) in alt for side in (0, 1)
            ), alt
    assert pages_with_drawings >= 7, "every translated notebook but 10-computer shows drawings"


# ------------------------------------------------------------ text the engine generates
# The rule-set tables (chapters 1 and 7, the bibliography), the drawings' titles, the glossary,
# the worksheets' answers and the English-only notes are written while the book is built, from
# the message catalogue in the page's language (Sphinx's ``language``), not from the .po files.


def _cell(lang: str, kind: str, preset: str, column: str) -> str:
    from puffteach.sphinxext.tables import table

    tbl = table(kind, None, lang)
    row = next(r for r in tbl.rows if r[0] == f"`{preset}`")
    return dict(zip(tbl.header, row, strict=True))[column]


# Expected cells written by hand in the sources' terms (the source and section in the comment).
@pytest.mark.parametrize(
    ("lang", "kind", "preset", "column", "cell"),
    [
        # LT, Förflyttningen av brickorna: the lower die first, or the whole roll is lost (fåta)
        (
            "sv",
            "dice",
            "kontrar-puff",
            "Olika tärningar",
            "lägre tärningen först; kan den inte flyttas, fåtas hela slaget",
        ),
        # BH, Förberedelser: all fifteen on the home (point 1); the lower die begins (teka)
        ("sv", "start", "brade-family", "Brickorna börjar", "i hemmet (1)"),
        ("sv", "start", "brade-family", "Öppningsslag", "den lägre tärningen börjar (teka)"),
        # BH, Band och blottor: no band on the player's points 2-11
        ("sv", "bands", "brade-family", "Inga band tillåtna", "på tungorna 2–11"),
        # BH, Vinstsätt: Hemspel (RV 8c): home only with the exact number
        (
            "sv",
            "bearoff",
            "brade-family",
            "Vilken bricka, vilken tärning",
            "bara exakt tal; en större tärning fåtas (`RV-8c`)",
        ),
        # RV 7: the huk band
        (
            "sv",
            "rules",
            "B-start",
            "Sammanfattning",
            "alla femton brickor börjar i spelarens hem, hans tunga 1",
        ),
        # Pierer, Puffspiel: Thurm and Gänsereihe; Schneider when the loser has none off
        (
            "de",
            "scoring",
            "pierer-contrapuff",
            "Wege zum Sieg",
            "alle fünfzehn herausnehmen; Thurm 4, Gänsereihe 3 (`tower-goose`)",
        ),
        (
            "de",
            "scoring",
            "pierer-contrapuff",
            "Wertung",
            "1; Schneider 2 (Verlierer hat keinen herausgenommen)",
        ),
        # GP, Regeln Gegenpuff: another roll after every pasch moved in full
        (
            "de",
            "pasch",
            "gegenpuff",
            "Noch einmal würfeln",
            "nach jedem Pasch, wenn er ganz gesetzt wurde",
        ),
        # LT's pasch (Pierer the same): x, x, then the faces beneath, 7-x, 7-x
        ("de", "pasch", "lang-puff", "Erster Pasch", "x, x, danach 7−x, 7−x"),
        ("de", "start", "lang-puff", "Die Steine beginnen", "neben dem Brett (0)"),
        # RV 6a: six bands or more in a row are allowed but may be burst
        (
            "de",
            "bands",
            "brade-standard",
            "Bänder nebeneinander",
            "sechs oder mehr nebeneinander erlaubt, aber sprengbar (`RV-6a`)",
        ),
        # LT's order rule in the rules table: the summary is the catalogue's rule.P-order
        (
            "de",
            "rules",
            "P-order",
            "Zusammenfassung",
            "die kleinere Zahl wird zuerst gesetzt; geht sie nicht, verfällt der ganze Wurf",
        ),
    ],
)
def test_rule_set_tables_speak_the_page_language(
    lang: str, kind: str, preset: str, column: str, cell: str
) -> None:
    assert _cell(lang, kind, preset, column) == cell


#: words that would show an English cell left in a Swedish or German table
ENGLISH_WORDS = frozenset(
    "the and of with only when after before every checker checkers may must roll rolls yes "
    "point points loser waiting table used allowed never bear borne off enters enter as "
    "higher lower first starts board home none either both".split()
)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_table_leaves_an_english_word(lang: str) -> None:
    """Every title, heading and cell of every table, with code, rule-set names, source titles
    and section titles (citations, in their source's language) left out, has no English word."""
    from puffteach.rules import RULES, SOURCES
    from puffteach.sphinxext.tables import KINDS, table

    keep = [*SOURCES.values(), *(r.section for r in RULES.values())]
    left = []
    for kind in KINDS:
        tbl = table(kind, None, lang)
        for text in (tbl.title, *tbl.header, *(c for row in tbl.rows for c in row)):
            plain = re.sub(r"`[^`]*`", " ", text)
            for k in keep:
                plain = plain.replace(k, " ")
            words = set(re.findall(r"[A-Za-z]+", plain.lower())) & ENGLISH_WORDS
            if words:
                left.append(f"{kind}: {text!r} ({sorted(words)})")
    assert not left, "\n".join(left[:20])
    # the check is not vacuous: the English table has these words
    english = " ".join(" ".join(row) for row in table("entering", None, "en").rows)
    assert {"must", "enter", "before", "checker"} <= set(re.findall(r"[a-z]+", english))


def test_a_table_value_without_words_fails() -> None:
    from puffteach.sphinxext.tables import _word

    assert _word("layout", "long", "sv") == "lång (en gemensam väg)"
    with pytest.raises(ValueError, match="no words for layout='spiral'"):
        _word("layout", "spiral", "de")


@pytest.mark.parametrize(
    ("lang", "words", "english"),
    [
        (
            "sv",
            ["Vem börjar", "utanför brädet (0)", "Våra regler"],
            ["off the board", "Who starts"],
        ),
        (
            "de",
            ["Wer beginnt", "neben dem Brett (0)", "Unsere Regeln"],
            ["off the board", "Rule set"],
        ),
    ],
)
def test_the_table_directive_follows_the_page_language(
    tmp_path: Path, lang: str, words: list[str], english: list[str]
) -> None:
    """A one-page book built with ``language = "sv"``/``"de"``: the directive's table speaks it;
    a ``:caption:`` is the page's own text (translated with the page, here left as written)."""
    pytest.importorskip("sphinx")
    from conftest import build_tiny_book

    caption = words[2]
    proc = build_tiny_book(
        tmp_path,
        'extensions = ["puffteach.sphinxext"]\n'
        'html_math_renderer = "puffteach-plain"\n'
        f'language = "{lang}"\n'
        f"puffteach_node_modules = {str(ROOT / 'node_modules')!r}\n",
        "index.rst",
        "Test\n====\n\n.. ruleset-table:: start\n   :presets: lang-puff\n\n"
        f".. ruleset-table:: start\n   :presets: brade\n   :caption: {caption}\n",
    )
    if proc.returncode and "npm install" in proc.stderr:
        pytest.skip("node_modules is missing (make npm)")
    assert proc.returncode == 0, proc.stderr[-3000:]
    import html as html_module

    out = html_module.unescape((tmp_path / "out" / "index.html").read_text(encoding="utf-8"))
    for w in words:
        assert w in out, w
    for w in english:
        assert w not in out, w


# ------------------------------------------------------------------- the German register
# The German book and board say "du" (CONTRIBUTING, Translations). The formal address shows as
# "Sie", "Ihnen", "Ihr…" written with a capital inside a sentence ("Drücken Sie", "in Ihrem
# Browser"); at the start of a sentence "Sie"/"Ihre" may be "they"/"its" and is left alone.
_FORMAL = re.compile(r"\b(Sie|Ihnen|Ihre[mnrs]?|Ihr)\b")
_SENTENCE_START = re.compile(r"(^|[.!?:;—(]\s*|\*\*\s*)$")


def formal_address(text: str) -> list[str]:
    """The formal forms of address in a German text (see above)."""
    found = []
    for m in _FORMAL.finditer(text):
        before = text[: m.start()].rstrip("*_ ")
        if not _SENTENCE_START.search(text[: m.start()]) and before:
            found.append(text[max(0, m.start() - 25) : m.end() + 10])
    return found


def test_the_register_check_sees_the_formal_address() -> None:
    assert formal_address("Drücken Sie **▶ Spielen**, dann würfle.") != []
    assert formal_address("Es läuft in Ihrem Browser.") != []
    assert formal_address("Wählen Sie den Regelsatz.") != []
    assert formal_address("Sie laufen weiterhin in entgegengesetzte Richtungen.") == []
    assert formal_address("Brettspiele. Ihre Seite über Puff gibt die Regeln.") == []
    assert formal_address("Drücke **▶ Spielen** und würfle in deinem Browser.") == []


def test_the_german_book_and_board_say_du() -> None:
    pytest.importorskip("babel")
    import json

    texts = [(f"{page}.po", m.string) for page, m in _entries("de") if m.string]
    for path in sorted((ROOT / "puffteach" / "catalogue" / "de").glob("*.json")):
        texts += [(path.name, t) for t in json.loads(path.read_text(encoding="utf-8")).values()]
    formal = [f"{where}: …{hit}…" for where, t in texts for hit in formal_address(t)]
    assert not formal, "the German texts say du, not Sie:\n" + "\n".join(formal[:30])
    # and they do address the reader: du-forms in the book and in the board's words
    du = re.compile(r"\b(du|dein\w*|dich|dir)\b")
    assert sum(1 for where, t in texts if where.endswith(".po") and du.search(t)) >= 5
    assert sum(1 for where, t in texts if where.endswith(".json") and du.search(t)) >= 5


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "sv",
            {
                "book/07-side-by-side": ["Vem börjar", "utanför brädet (0)", "i hemmet (1)"],
                "book/01-board-and-family": ["Regeluppsättning", "den lägre tärningen börjar"],
                "book/09-glossary": ["Ordlista över brädets ord"],
                "book/worksheets": ["inte tillåtet: ", "2 olika sätt att spela: "],
                "book/api": ["Bara på engelska"],
            },
        ),
        (
            "de",
            {
                "book/07-side-by-side": ["Wer beginnt", "neben dem Brett (0)", "in der Heimat (1)"],
                "book/01-board-and-family": ["Regelsatz", "der niedrigere Würfel beginnt"],
                "book/09-glossary": ["Wörterverzeichnis des Brettes"],
                "book/worksheets": ["nicht erlaubt: ", "2 verschiedene Züge: "],
                "book/api": ["Nur auf Englisch"],
            },
        ),
    ],
)
def test_the_built_pages_show_generated_text_in_their_language(
    built_site: Path, lang: str, expected: dict[str, list[str]]
) -> None:
    """The tables, the glossary, the worksheets' answers and the English-only note as the
    Swedish and German books print them, and no English cell of the rule-set tables."""
    import html as html_module

    for page, words in expected.items():
        raw = (built_site / lang / f"{page}.html").read_text("utf-8")
        raw = re.sub(r"<!--.*?-->|<(script|style)\b.*?</\1>", "", raw, flags=re.DOTALL)
        text = html_module.unescape(re.sub(r"<[^>]+>", "", raw))
        for w in words:
            assert w in text, f"{lang}/{page}: {w!r}"
        if page in ENGLISH_ONLY:  # the API reference: its English body names rule sets
            continue
        for english in ("off the board (0)", "the higher die starts", "Rule set", "Who starts"):
            assert english not in text, f"{lang}/{page}: {english!r}"


# ------------------------------------------------------------------- the themes' labels
# pydata-sphinx-theme and sphinx-book-theme label the search field, the buttons, the sidebars
# and the colour switch. Our catalogues (locales/<lang>/LC_MESSAGES/sphinx.po and booktheme.po,
# puffteach.sphinxext.i18n) say them in Swedish and German; the English label must be gone.
# Each: (where it shows, the English label, Swedish, German), written by hand.
THEME_LABELS = [
    ('placeholder="{}"', "Search...", "Sök...", "Suchen..."),
    ('aria-label="{}"', "Site navigation", "Webbplatsens navigering", "Navigation der Website"),
    ('aria-label="{}"', "Main", "Bokens kapitel", "Kapitel des Buches"),
    ('aria-label="{}"', "Page", "Sidans innehåll", "Inhalt der Seite"),
    ('aria-label="{}"', "Version warning", "Versionsvarning", "Versionswarnung"),
    (
        'title="{}"',
        "Toggle primary sidebar",
        "Visa eller dölj kapitellistan",
        "Kapitelliste ein- oder ausblenden",
    ),
    (
        'title="{}"',
        "Toggle secondary sidebar",
        "Visa eller dölj sidans innehåll",
        "Inhalt der Seite ein- oder ausblenden",
    ),
    ('aria-label="{}"', "On this page", "På den här sidan", "Auf dieser Seite"),
    ('aria-label="{}"', "Color mode", "Färgläge", "Farbmodus"),
    ('title="{}"', "Light", "Ljust", "Hell"),
    ('title="{}"', "Dark", "Mörkt", "Dunkel"),
    ('title="{}"', "System Settings", "Systemets inställning", "Systemeinstellung"),
    (
        'aria-label="{}"',
        "Download this page",
        "Ladda ner den här sidan",
        "Lade diese Seite herunter",
    ),
    ('title="{}"', "Download source file", "Ladda ner källfilen", "Quelldatei herunterladen"),
    ('title="{}"', "Print to PDF", "Skriv ut som PDF", "Als PDF drucken"),
    ('title="{}"', "Fullscreen mode", "Helskärm", "Vollbild"),
    ('title="{}"', "next page", "nästa sida", "nächste Seite"),
    (">{}<", "Skip to main content", "Hoppa till huvudinnehållet", "Zum Hauptinhalt springen"),
    ("{}", "Back to top", "Tillbaka till början", "Zurück zum Anfang"),
]
#: the theme's own German catalogue says "Sie" (e.g. "Laden Sie diese Seite herunter")
THEME_FORMAL_GERMAN = ["Laden Sie", "Durch the", "aktivieren Sie"]


def _theme_labels_left(text: str, lang: str) -> list[str]:
    """What is wrong with the theme's labels on a built page of ``lang``."""
    import html as html_module

    text = html_module.unescape(text)
    column = 2 if lang == "sv" else 3
    wrong = []
    for row in THEME_LABELS:
        where, english, translated = row[0], row[1], row[column]
        if where.format(translated) not in text:
            wrong.append(f"missing {where.format(translated)!r}")
        if where.format(english) in text:
            wrong.append(f"English {where.format(english)!r}")
    if lang == "de":
        chrome = re.sub(r"<article\b.*?</article>|<(script|style)\b.*?</\1>", "", text, flags=re.S)
        wrong += [f"formal: {hit}" for hit in formal_address(re.sub(r"<[^>]+>", " ", chrome))]
        wrong += [f"formal: {w}" for w in THEME_FORMAL_GERMAN if w in text]
    return wrong


def test_the_theme_label_check_sees_english() -> None:
    page = '<input placeholder="Search..." aria-label="Main"> <a title="Laden Sie">Sie</a>'
    wrong = _theme_labels_left(page, "de")
    assert "English 'placeholder=\"Search...\"'" in wrong
    assert "missing 'placeholder=\"Suchen...\"'" in wrong
    assert "English 'aria-label=\"Main\"'" in wrong
    assert "formal: Laden Sie" in wrong


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_small_book_has_the_theme_labels_in_its_language(tmp_path: Path, lang: str) -> None:
    """A two-page book with the book's theme and options, built with ``language = sv/de``."""
    pytest.importorskip("sphinx")
    pytest.importorskip("sphinx_book_theme")
    src = tmp_path / "src"
    src.mkdir()
    conf = (ROOT / "conf.py").read_text(encoding="utf-8")
    options = re.search(r"^html_theme_options = \{.*?^\}", conf, re.S | re.M)
    assert options
    (src / "conf.py").write_text(
        'extensions = ["puffteach.sphinxext.i18n"]\n'
        'html_theme = "sphinx_book_theme"\n'
        f'language = "{lang}"\n'
        f"locale_dirs = [{str(LOCALES)!r}]\n" + options.group(0) + "\n",
        encoding="utf-8",
    )
    (src / "index.rst").write_text(
        "Start\n=====\n\n.. toctree::\n\n   second\n\nOne\n---\n\nText.\n\nTwo\n---\n\nMore.\n",
        encoding="utf-8",
    )
    (src / "second.rst").write_text("Second\n======\n\nA\n-\n\nText.\n", encoding="utf-8")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    proc = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(src), str(tmp_path / "o")],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    page = (tmp_path / "o" / "index.html").read_text(encoding="utf-8")
    assert f'<html lang="{lang}"' in page
    assert not _theme_labels_left(page, lang)
    # the book's title (page titles, the sidebar's heading) in the page's language
    assert f"<title>Start &#8212; {BOOK_TITLES[lang]}</title>" in page
    assert "Puff and bräde" not in page
    assert "the puffteach authors" not in page  # the footer's author and copyright holder
    assert FOOTER_AUTHORS[lang] in page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_book_pages_have_the_theme_labels_in_their_language(
    built_site: Path, lang: str
) -> None:
    for page in ("book/02-lt-puff", "book/09-glossary"):
        text = (built_site / lang / f"{page}.html").read_text(encoding="utf-8")
        assert not _theme_labels_left(text, lang), f"{lang}/{page}"
        assert f" &#8212; {BOOK_TITLES[lang]}</title>" in text, f"{lang}/{page}"
    search = (built_site / lang / "search.html").read_text(encoding="utf-8")
    assert not any(w in search for w in THEME_FORMAL_GERMAN), "the search page says Sie"
    if lang == "de":
        assert "Aktiviere JavaScript, damit die Suche funktioniert." in search


# ------------------------------------------------------- what a translated notebook prints
# A translated notebook page runs the notebook's code in the page's language (a hidden first
# cell sets the engine's default language: puffteach.sphinxext.i18n.language_cell), so what
# the code prints (explanations, refusals, descriptions, the boards' messages) is the page's.


def test_the_english_check_finds_english_in_what_the_english_pages_print(
    built_site: Path,
) -> None:
    from english_words import english_in, page_printed

    for lang in LANGUAGES:
        found = set()
        for page in TRANSLATED_NOTEBOOKS:
            page_html = (built_site / "en" / f"{page}.html").read_text(encoding="utf-8")
            found.update(english_in(page_printed(page_html), lang))
        assert len(found) >= 20, found  # explanations, refusals, descriptions, hints


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translated_notebook_pages_print_in_the_page_language(built_site: Path, lang: str) -> None:
    from english_words import english_in, page_printed

    from puffteach.color import Color
    from puffteach.messages import text

    printed = {}
    for page in TRANSLATED_NOTEBOOKS:
        page_html = (built_site / lang / f"{page}.html").read_text(encoding="utf-8")
        printed[page] = page_printed(page_html)
        assert printed[page], page
        assert english_in(printed[page], lang) == [], page
        assert "set_default_language" not in page_html, page  # the language cell is hidden
    board = printed["notebooks/00-the-board"]
    assert text("board.rolls", lang, side=Color.WHITE, dice="5-5") in board
    english = (built_site / "en" / "notebooks/00-the-board.html").read_text(encoding="utf-8")
    assert text("board.rolls", "en", side=Color.WHITE, dice="5-5") in page_printed(english)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_board_notebooks_title_is_the_page_language(built_site: Path, lang: str) -> None:
    """The drawing 00-the-board titles takes its title from the catalogue (the preset's name),
    not from English the code wrote."""
    from puffteach import svg
    from puffteach.messages import text

    drawings = _page_drawings(built_site, lang, "notebooks/00-the-board")
    titles = [(svg.drawn_with(drawing) or {}).get("title") for _, drawing in drawings]
    assert text("preset.kontrar-puff", lang) in titles
    assert not any(t and "after White" in t for t in titles)
