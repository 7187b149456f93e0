"""The course notebooks in the browser: the JupyterLite site of ``scripts/build_lite.py``.

The site is built (jupyterlite-core and jupyterlite-pyodide-kernel from the test extra,
Pyodide's core from npm) with the book's notebooks in English, Swedish and German, served from
127.0.0.1 beside a book page's link and opened in Chromium with every request to another host
refused. From the Pierer page's "Open in the browser (JupyterLite)", run all cells: the Pyodide
kernel imports the preinstalled puffteach, the notebook's board appears, clicks set the dice
and enter a checker, and the notebook's cell that prints ``board.position``, run again, prints
the new position.
"""

from __future__ import annotations

import html
import importlib.util
import json
import os
import pathlib
import re
import subprocess
import sys
from collections.abc import Iterator
from urllib.parse import urljoin, urlparse

import pytest
from english_words import english_in, notebook_printed

from conftest import CHROMIUM, serve_directory
from conftest import CHROMIUM_ARGS as ARGS

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
#: the Pierer notebook's board (``pierer-langer-puff``, seed 1: the Generalpasch 4-6)
PIERER = "notebooks/03-pierer"
START = "W:0x15 B:0x15 w general=4-6"
#: White's 5-5 set and one checker entered on White's point 5 (by hand: 0/5)
AFTER = "W:0x14,5 B:0x15 w general=4-6"
#: the Pierer notebook's cell that reads the board's position
PRINT = "print(board.position)"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[pathlib.Path]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium")
    if importlib.util.find_spec("jupyterlite_pyodide_kernel") is None:
        pytest.skip("jupyterlite-pyodide-kernel is not installed (the test extra)")
    if not (ROOT / "node_modules" / "pyodide" / "pyodide-lock.json").is_file():
        pytest.skip("npm's pyodide is missing (npm ci)")
    tmp = tmp_path_factory.mktemp("lite")
    out = tmp / "lite"  # beside the languages, as scripts/build_book.py --lite puts it
    script = ROOT / "scripts" / "build_lite.py"
    run = subprocess.run(
        [sys.executable, str(script), str(out)], capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stderr[-3000:]
    yield out


def test_the_site_holds_the_book_notebooks_and_pyodide(site: pathlib.Path) -> None:
    from puffteach import svg

    books = [p.name for p in NOTEBOOKS]
    assert books and all((site / "files" / name).is_file() for name in books)
    # the translations (scripts/translate_notebooks.py) in a folder per language
    for lang in ("sv", "de"):
        assert all((site / "files" / lang / name).is_file() for name in books), lang
        nb = json.loads((site / "files" / lang / "03-pierer.ipynb").read_text(encoding="utf-8"))
        assert nb["metadata"]["language"] == lang
        assert f'set_default_language("{lang}")' in "".join(nb["cells"][0]["source"])
        # stored as the notebook's own run made them: printed and drawn in its language
        board = json.loads((site / "files" / lang / "00-the-board.ipynb").read_text("utf-8"))
        printed = notebook_printed(board)
        assert printed and english_in(printed, lang) == [], lang
        drawn = [
            svg.drawn_with("".join(o["data"]["image/svg+xml"]))
            for c in board["cells"]
            for o in c.get("outputs", [])
            if "image/svg+xml" in o.get("data", {})
        ]
        langs = {args["lang"] for args in drawn if args is not None}  # (a board's: no args)
        assert lang in langs and langs <= {lang, "sv"}, (lang, langs)  # one drawn in sv on purpose
    assert (site / "static" / "pyodide" / "pyodide.asm.wasm").is_file()
    settings = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = settings["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"
    ]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    assert "puffteach" in kernel["loadPyodideOptions"]["packages"]


@pytest.mark.parametrize("lang", ["en", "sv", "de"])
def test_each_notebook_page_links_its_notebook_in_the_site(site: pathlib.Path, lang: str) -> None:
    """``scripts/build_book.py --lite`` builds the site into OUT/lite and sets
    ``puffteach_lite=../lite/``: a notebook page OUT/<lang>/notebooks/<name>.html links the
    site's JupyterLab with that notebook in the page's language (the English one at the top,
    a translation in ``<lang>/``), in the page's words; other pages link nothing."""
    from puffteach import messages
    from puffteach.sphinxext.i18n import lite_link, translated_pages

    translated = translated_pages(ROOT, ["locales"], lang)
    for nb in NOTEBOOKS:
        link = lite_link(f"notebooks/{nb.stem}", lang, "../lite/", translated)
        assert link is not None
        target = _target(link, f"http://book.test/{lang}/notebooks/{nb.stem}.html")
        path = nb.name if lang == "en" else f"{lang}/{nb.name}"
        assert target == f"http://book.test/lite/lab/index.html?path={path}", target
        assert (site / "lab" / "index.html").is_file() and (site / "files" / path).is_file()
        assert f">{html.escape(messages.text('book.lite.open', lang))}</a>" in link
    # a notebook with no translation in the page's language opens in English
    untranslated = lite_link(PIERER, lang, "../lite/", frozenset())
    assert untranslated is not None
    assert _target(untranslated, "http://book.test/x/y.html").endswith("?path=03-pierer.ipynb")
    assert lite_link("book/index", lang, "../lite/") is None
    assert lite_link(PIERER, lang, "", translated) is None  # a book built without --lite


def _target(link: str, page: str) -> str:
    href = html.unescape(link.split('href="', 1)[1].split('"', 1)[0])
    return urljoin(page, href)


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_pierer_notebook_plays_from_the_book_with_nothing_from_another_host(
    site: pathlib.Path, tmp_path: pathlib.Path, lang: str
) -> None:
    """The book's Pierer page: click "Open in the browser (JupyterLite)", run all cells, set
    5-5 and enter a checker by clicks, run the cell that prints ``board.position`` again. The
    Swedish page opens the Swedish notebook, whose board speaks Swedish. The page is the built
    book's when ``PUFFTEACH_BUILT_BOOK`` names a site built with its JupyterLite site (``make
    book``), else the link ``lite_link`` puts on the page, at the page's own address
    ``<lang>/notebooks/03-pierer.html`` beside this test's ``lite/``."""
    from playwright.sync_api import Route, expect, sync_playwright

    from puffteach import messages
    from puffteach.sphinxext.i18n import lite_link, translated_pages
    from puffteach.widget.words import ui_words

    root = _built_site_with_lite()
    if root is None:
        root = site.parent
        link = lite_link(PIERER, lang, "../lite/", translated_pages(ROOT, ["locales"], lang))
        assert link is not None
        book = root / lang / "notebooks"
        book.mkdir(parents=True, exist_ok=True)
        (book / "03-pierer.html").write_text(
            f'<!doctype html><html lang="{lang}"><meta charset="utf-8"><body>{link}</body></html>',
            encoding="utf-8",
        )
    title = (tn_catalogue(lang) or {}).get(
        "Worked examples: Pierer's Puffspiel (1861)", "Worked examples: Pierer's Puffspiel (1861)"
    )
    hosts: set[str] = set()
    blocked: list[str] = []

    with serve_directory(root) as url, sync_playwright() as pw:

        def only_local(route: Route) -> None:
            address = route.request.url
            hosts.add(urlparse(address).hostname or "")
            if address.startswith(url.rstrip("/")):
                route.continue_()
            else:
                blocked.append(address)
                route.abort()

        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        context.route("**/*", only_local)
        page = context.new_page()
        try:
            page.set_default_timeout(120_000)
            page.goto(f"{url}{lang}/notebooks/03-pierer.html")
            page.get_by_role("link", name=messages.text("book.lite.open", lang)).click()
            panel = page.locator(".jp-NotebookPanel")
            expect(panel).to_be_visible(timeout=120_000)
            expect(panel.locator(".jp-MarkdownOutput h1").first).to_contain_text(
                title, timeout=60_000
            )
            kernel = page.locator("#jp-main-statusbar").get_by_text(
                re.compile(r"^(?!No Kernel).+ \| Idle$")
            )
            expect(kernel).to_be_visible(timeout=180_000)
            page.wait_for_timeout(1000)
            page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
            label = page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$"))
            page.locator(".lm-Menu-item", has=label).click()
            cell = panel.locator(".jp-CodeCell", has_text=PRINT)
            expect(cell.locator(".jp-OutputArea")).to_have_text(START, timeout=240_000)

            widget = panel.locator(".jp-OutputArea-output .puffteach-widget")
            expect(widget).to_have_count(1, timeout=60_000)
            position = widget.locator("input.pt-position")
            expect(position).to_have_value(START, timeout=60_000)
            # the board speaks the notebook's language (its position field's label)
            expect(position).to_have_attribute("aria-label", ui_words(lang)["ui.position"])
            widget.locator("select.pt-die1").select_option("5")
            widget.locator("select.pt-die2").select_option("5")
            widget.locator("button.pt-setdice").click()
            expect(widget.locator(".pt-dice .pt-die.pt-due")).to_have_text(
                ["5", "5", "2", "2"], timeout=60_000
            )
            widget.locator('g.pool[data-pool="w0"]').click()
            target = widget.locator('g.pt[data-point="5"]')
            expect(target).to_have_attribute("data-target", "1", timeout=60_000)
            target.click()
            expect(position).to_have_value(AFTER, timeout=60_000)

            cell.locator(".jp-InputArea-editor").click()
            page.keyboard.press("Shift+Enter")
            expect(cell.locator(".jp-OutputArea")).to_have_text(AFTER, timeout=120_000)
            assert blocked == [], blocked
            assert hosts == {"127.0.0.1"}, hosts
        except Exception:
            page.screenshot(path=str(tmp_path / "failure.png"), full_page=True)
            print(f"screenshot in {tmp_path}")
            raise
        finally:
            browser.close()


def _built_site_with_lite() -> pathlib.Path | None:
    """The site ``PUFFTEACH_BUILT_BOOK`` (``<site>/en``) names, if it was built with its
    JupyterLite site (``scripts/build_book.py --lite``)."""
    given = os.environ.get("PUFFTEACH_BUILT_BOOK")
    if not given:
        return None
    root = pathlib.Path(given).absolute().parent
    pages = [root / lang / "notebooks" / "03-pierer.html" for lang in ("en", "sv")]
    if (root / "lite" / "lab" / "index.html").is_file() and all(
        p.is_file() and "puffteach-lite" in p.read_text(encoding="utf-8") for p in pages
    ):
        return root
    return None


def tn_catalogue(lang: str) -> dict[str, str] | None:
    """The Pierer notebook's translations in ``lang`` (None for English)."""
    if lang == "en":
        return None
    sys.path.insert(0, str(ROOT / "scripts"))
    from translate_notebooks import catalogue

    return catalogue(lang, "03-pierer")
