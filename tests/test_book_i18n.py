"""The book in English, Swedish and German (Sphinx's gettext workflow, ``locales/``).

Every chapter of ``book/`` except the API reference has one .po file per language
(``locales/<lang>/LC_MESSAGES/book/<page>.po``, made by ``make pot``); the notebooks and the API
reference stay English. These tests hold the translations to the English book: the .po files
follow its current text, no entry is left untranslated or fuzzy, markup targets, rule ids,
notation and citations come through unchanged (``tests/i18n_tokens.py``), and no run of seven
words is copied from the sources. The last tests look at the three built books side by side.
"""

from __future__ import annotations

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
#: the pages without a translation (code with explanations): a translated note says so
ENGLISH_ONLY = [
    "book/api",
    *sorted(f"notebooks/{p.stem}" for p in (ROOT / "notebooks").glob("*.ipynb")),
]
TRANSLATED = sorted(f"book/{p.stem}" for p in (ROOT / "book").glob("*.md") if p.stem != "api")


def _catalog(path: Path):  # type: ignore[no-untyped-def]
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f)


def _po(lang: str, page: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{page}.po"


def _entries(lang: str):  # type: ignore[no-untyped-def]
    """(page, message) for every entry of every .po file of ``lang`` (the header left out)."""
    for page in TRANSLATED:
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
    assert extra == TRANSLATED, "a .po file for a page that is not translated"


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
