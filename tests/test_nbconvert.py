"""The board in exported notebooks: real ``jupyter nbconvert`` runs (issue 44 item 12).

A small notebook makes a board, plays White's 5-5 entry 0/5 and shows the board. nbconvert
executes it twice, as a user would: ``--to html --execute`` and ``--to notebook --execute``.

- The executed notebook's board output carries ``image/svg+xml`` (the drawing of the board as
  it is) and ``text/plain`` (``repr`` and the position in words) beside the widget view.
- Exported without the widget state (as JupyterLab saves a notebook unless told to save the
  widget state, or ``--to html --execute --ExecutePreprocessor.store_widget_state=False``),
  the HTML page shows that drawing: in Chromium, with every request to another host refused,
  White's point 5 holds one checker, and nothing was asked of another host for it.
- ``--to html --execute`` keeps the widget state, so its page draws the widget with the Jupyter
  widgets' html-manager, which it loads from the web. Given those scripts (served here from
  ``node_modules`` and the anywidget package instead of the web), the board shows the position
  and says that no kernel runs it (``ui.no_kernel``); clicks change nothing. Offline that
  page shows no board: nbconvert's template puts only the widget view where a notebook holds
  the widget state, and no output of ours can add a picture beside it.
"""

from __future__ import annotations

import base64
import json
import os
import pathlib
import subprocess
import sys
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlparse

import nbformat
import pytest

from conftest import CHROMIUM, serve_directory
from conftest import CHROMIUM_ARGS as ARGS
from puffteach.describe import describe
from puffteach.position import Position
from puffteach.widget.words import ui_words

ROOT = pathlib.Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
CELL = """from puffteach import Board

board = Board("kontrar-puff", position="W:0x15 B:0x15 w", seed=1)
board.set_dice(5, 5)
board.move("0/5")
board"""
#: nbclient's option that keeps the widget state out of the executed notebook
NO_STATE = "store_widget_state=False"
#: after 0/5 from the start: one of White's 15 waiting checkers on White's point 5
AFTER = "W:0x14,5 B:0x15 w"


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Iterator[pathlib.Path]:
    """The folder holding ``board.ipynb``, ``board.html`` (``--to html --execute``),
    ``executed.ipynb`` (``--to notebook --execute``), ``offline.html`` (``--to html --execute
    --ExecutePreprocessor.store_widget_state=False``) and ``stateless.html`` (the executed
    notebook without its widget state, as JupyterLab saves it, converted)."""
    tmp = tmp_path_factory.mktemp("nbconvert")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(CELL)]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, tmp / "board.ipynb")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    nbconvert = [sys.executable, "-m", "jupyter", "nbconvert"]
    for args in (
        ["--to", "html", "--execute", "board.ipynb", "--output", "board"],
        ["--to", "notebook", "--execute", "board.ipynb", "--output", "executed"],
        # the page that shows the boards with no widget scripts from the web
        ["--to", "html", "--execute", f"--ExecutePreprocessor.{NO_STATE}", "board.ipynb",
         "--output", "offline"],
    ):  # fmt: skip
        run = subprocess.run(
            [*nbconvert, *args], cwd=tmp, env=env, capture_output=True, text=True, timeout=300
        )
        assert run.returncode == 0, run.stderr[-3000:]
    # the executed notebook as JupyterLab saves it by default: outputs, no widget state
    stateless = nbformat.read(tmp / "executed.ipynb", as_version=4)
    stateless.metadata.pop("widgets", None)
    nbformat.write(stateless, tmp / "stateless.ipynb")
    run = subprocess.run(
        [*nbconvert, "--to", "html", "stateless.ipynb"],
        cwd=tmp, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-3000:]
    yield tmp


def _board_output(path: pathlib.Path) -> dict[str, Any]:
    nb = nbformat.read(path, as_version=4)
    outputs = [o for o in nb.cells[0].outputs if WIDGET_VIEW in o.get("data", {})]
    assert len(outputs) == 1, nb.cells[0].outputs
    return dict(outputs[0]["data"])


def test_the_board_output_carries_a_drawing_and_words(exported: pathlib.Path) -> None:
    data = _board_output(exported / "executed.ipynb")
    nb = nbformat.read(exported / "executed.ipynb", as_version=4)
    assert data[WIDGET_VIEW]["model_id"] in nb.metadata["widgets"][WIDGET_STATE]["state"]
    drawing = data["image/svg+xml"]
    drawing = "".join(drawing) if isinstance(drawing, list) else drawing
    assert drawing.startswith("<svg") and 'class="puffteach-board"' in drawing
    # White's point 5 (physical point 5) holds the checker entered with the first 5
    assert 'data-point="5" data-white="5"' in drawing
    assert 'data-white="5" data-black="20" data-count="1" data-color="w"' in drawing
    text = data["text/plain"]
    text = "".join(text) if isinstance(text, list) else text
    words = describe(Position.parse(AFTER), "kontrar-puff", dice=(5, 5))
    assert text == f"Board(rules='kontrar-puff', position='{AFTER}')\n{words}"
    assert "1 on point 5" in words  # the describe.* words for this position


def _browser() -> Any:
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium")
    from playwright.sync_api import sync_playwright

    return sync_playwright()


@pytest.mark.parametrize("name", ["stateless", "offline"])
def test_an_export_without_widget_state_shows_the_drawing(
    exported: pathlib.Path, name: str
) -> None:
    """The page shows the board's drawing, loading nothing for it: with every request to
    another host refused, the picture is there. (nbconvert's page itself still asks the web
    for require.js and MathJax; it needs neither to show the picture.)"""
    from playwright.sync_api import Route

    html = (exported / f"{name}.html").read_text(encoding="utf-8")
    assert WIDGET_STATE not in html and "widget-view+json" not in html
    # nbconvert writes an SVG output as an image with a data: address
    prefix = 'src="data:image/svg+xml;base64,'
    assert html.count(prefix) == 1
    encoded = html.split(prefix, 1)[1].split('"', 1)[0]
    drawing = base64.b64decode(encoded).decode("utf-8")
    assert 'data-white="5" data-black="20" data-count="1" data-color="w"' in drawing
    with _browser() as pw, serve_directory(exported) as url:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            page = browser.new_page()
            blocked: list[str] = []

            def local_only(r: Route) -> None:
                if r.request.url.startswith(url):
                    r.continue_()
                else:
                    blocked.append(r.request.url)
                    r.abort()

            page.route("**/*", local_only)
            page.goto(url + f"{name}.html")
            image = page.locator('img[src^="data:image/svg+xml"]')
            assert image.is_visible()
            size = image.evaluate("(i) => [i.complete, i.naturalWidth, i.naturalHeight]")
            assert size == [True, 560, 418], size  # the drawing's own width and height
            page.wait_for_load_state("load")
            # only nbconvert's own scripts were asked for; nothing for the board
            files = sorted(urlparse(b).path.rsplit("/", 1)[-1] for b in blocked)
            assert files == ["latest.js", "require.min.js"], blocked
        finally:
            browser.close()


def test_an_executed_html_export_shows_the_board_and_says_no_kernel_runs_it(
    exported: pathlib.Path,
) -> None:
    import anywidget

    embed = NODE_MODULES / "@jupyter-widgets" / "html-manager" / "dist" / "embed-amd.js"
    require = NODE_MODULES / "requirejs" / "require.js"
    if not (embed.is_file() and require.is_file()):
        pytest.skip("npm packages missing (npm ci): @jupyter-widgets/html-manager, requirejs")
    amd = pathlib.Path(anywidget.__file__).parent / "nbextension" / "index.js"
    html = (exported / "board.html").read_text(encoding="utf-8")
    state = json.loads(html.split(f'<script type="{WIDGET_STATE}">', 1)[1].split("</script>", 1)[0])
    assert any(m["state"].get("position") == AFTER for m in state["state"].values())
    # what the page would load from the web, and the local files that stand in for them
    stand_ins = {"require.min.js": require, "embed-amd.js": embed, "anywidget": amd}
    from playwright.sync_api import Route, expect

    served: list[str] = []
    blocked: list[str] = []
    with _browser() as pw, serve_directory(exported) as url:

        def route(r: Route) -> None:
            address = r.request.url
            if address.startswith(url):
                r.continue_()
                return
            path = urlparse(address).path
            for end, local in stand_ins.items():
                if path.endswith(end) or (end == "anywidget" and "/anywidget@" in path):
                    served.append(address)
                    r.fulfill(path=str(local), content_type="text/javascript")
                    return
            blocked.append(address)
            r.abort()

        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            page = browser.new_page()
            page.route("**/*", route)
            page.goto(url + "board.html")
            widget = page.locator(".puffteach-widget")
            expect(widget.locator("input.pt-position")).to_have_value(AFTER, timeout=30_000)
            note = widget.locator(".pt-engine")
            expect(note).to_have_text(ui_words("en")["ui.no_kernel"], timeout=15_000)
            expect(widget).to_have_attribute("data-engine", "nokernel")
            widget.locator('g.pool[data-pool="w0"]').click()
            page.wait_for_timeout(500)
            expect(widget.locator("input.pt-position")).to_have_value(AFTER)
            expect(note).to_be_visible()
            assert len(served) == 3, served
            assert all(urlparse(b).hostname != "127.0.0.1" for b in blocked)
        finally:
            browser.close()
