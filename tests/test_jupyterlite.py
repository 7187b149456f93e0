"""The course notebooks in the browser: the JupyterLite site of ``scripts/build_lite.py``.

The site is built (jupyterlite-core and jupyterlite-pyodide-kernel from the test extra,
Pyodide's core from npm) with the book's notebooks and one notebook of this test, served from
127.0.0.1 and opened in Chromium with every request to another host refused. Run all cells:
the Pyodide kernel imports the preinstalled puffteach, a board appears, clicks set the dice and
enter a checker, and the cell that prints ``board.position`` run again prints the new position.
"""

from __future__ import annotations

import html
import importlib.util
import json
import pathlib
import re
import subprocess
import sys
from collections.abc import Iterator
from urllib.parse import urljoin, urlparse

import pytest

from conftest import CHROMIUM, serve_directory
from conftest import CHROMIUM_ARGS as ARGS

ROOT = pathlib.Path(__file__).resolve().parent.parent
MARKER = "position from the kernel:"
START = "W:0x15 B:0x15 w"
#: White's 5-5 set and one checker entered on White's point 5 (by hand: 0/5)
AFTER = "W:0x14,5 B:0x15 w"
NOTEBOOK = {
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "lite-board",
            "metadata": {},
            "outputs": [],
            "source": [
                "from puffteach import Board\n",
                f'board = Board("kontrar-puff", position="{START}", seed=1)\n',
                "board",
            ],
        },
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "lite-print",
            "metadata": {},
            "outputs": [],
            "source": [f'print("{MARKER}", board.position)'],
        },
    ],
    "metadata": {"kernelspec": {"name": "python", "display_name": "Python (Pyodide)"}},
    "nbformat": 4,
    "nbformat_minor": 5,
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[pathlib.Path]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium")
    if importlib.util.find_spec("jupyterlite_pyodide_kernel") is None:
        pytest.skip("jupyterlite-pyodide-kernel is not installed (the test extra)")
    if not (ROOT / "node_modules" / "pyodide" / "pyodide-lock.json").is_file():
        pytest.skip("npm's pyodide is missing (npm ci)")
    tmp = tmp_path_factory.mktemp("lite")
    extra = tmp / "extra"
    extra.mkdir()
    (extra / "lite-board.ipynb").write_text(json.dumps(NOTEBOOK), encoding="utf-8")
    out = tmp / "site"
    script = ROOT / "scripts" / "build_lite.py"
    run = subprocess.run(
        [sys.executable, str(script), str(out), "--contents", str(extra)],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-3000:]
    yield out


def test_the_site_holds_the_book_notebooks_and_pyodide(site: pathlib.Path) -> None:
    books = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert books and all((site / "files" / name).is_file() for name in books)
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
    site's JupyterLab with that notebook, in the page's words; other pages link nothing."""
    from puffteach import messages
    from puffteach.sphinxext.i18n import lite_link

    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        link = lite_link(f"notebooks/{nb.stem}", lang, "../lite/")
        assert link is not None
        href = html.unescape(link.split('href="', 1)[1].split('"', 1)[0])
        page = f"http://book.test/{lang}/notebooks/{nb.stem}.html"
        target = urljoin(page, href)
        assert target == f"http://book.test/lite/lab/index.html?path={nb.name}", target
        assert (site / "lab" / "index.html").is_file() and (site / "files" / nb.name).is_file()
        assert f">{html.escape(messages.text('book.lite.open', lang))}</a>" in link
    assert lite_link("book/index", lang, "../lite/") is None
    assert lite_link("notebooks/03-pierer", lang, "") is None  # a book built without --lite


def test_a_board_plays_in_jupyterlite_with_nothing_from_another_host(
    site: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    from playwright.sync_api import Route, expect, sync_playwright

    hosts: set[str] = set()
    blocked: list[str] = []

    with serve_directory(site) as url, sync_playwright() as pw:

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
            page.goto(url + "lab/index.html?path=lite-board.ipynb")
            panel = page.locator(".jp-NotebookPanel")
            expect(panel).to_be_visible(timeout=120_000)
            kernel = page.locator("#jp-main-statusbar").get_by_text(
                re.compile(r"^(?!No Kernel).+ \| Idle$")
            )
            expect(kernel).to_be_visible(timeout=180_000)
            page.wait_for_timeout(1000)
            page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
            label = page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$"))
            page.locator(".lm-Menu-item", has=label).click()
            printed = panel.locator(".jp-CodeCell", has_text=MARKER).locator(".jp-OutputArea")
            expect(printed).to_contain_text(f"{MARKER} {START}", timeout=180_000)

            widget = panel.locator(".jp-OutputArea-output .puffteach-widget")
            expect(widget).to_have_count(1, timeout=60_000)
            position = widget.locator("input.pt-position")
            expect(position).to_have_value(START, timeout=60_000)
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

            cell = panel.locator(".jp-CodeCell", has_text=MARKER)
            cell.locator(".jp-InputArea-editor").click()
            page.keyboard.press("Shift+Enter")
            expect(cell.locator(".jp-OutputArea")).to_have_text(
                f"{MARKER} {AFTER}", timeout=120_000
            )
            assert blocked == [], blocked
            assert hosts == {"127.0.0.1"}, hosts
        except Exception:
            page.screenshot(path=str(tmp_path / "failure.png"), full_page=True)
            print(f"screenshot in {tmp_path}")
            raise
        finally:
            browser.close()
