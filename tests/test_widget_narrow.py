"""The board at phone and narrow widths in Chromium (issue 44 item 13).

- Under 500 px the board shows one half of its drawing: the half with the checkers, also when
  the widget is drawn before its element is on the page (Jupyter and marimo draw a view into an
  element they attach later).
- From 480 to 640 px every control stays inside the widget and the window (nothing is cut off).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from conftest import CHROMIUM, BoardApp, serve_board
from conftest import CHROMIUM_ARGS as ARGS
from puffteach.widget import protocol

#: the widget drawn into an element that is attached to the page 200 ms later
PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>puffteach board</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/board.css"></head>
<body style="margin: 8px"><div id="root"></div>
<script type="module">
import widget from "/board.js";
const data = { state: await (await fetch("/state")).json() };
const handlers = {};
const model = {
  get: (key) => data[key],
  set: (key, value) => { data[key] = value; },
  on: (name, cb) => { (handlers[name] ||= []).push(cb); },
  off: () => {},
  save_changes: () => {},
  send: () => {},
};
const el = document.createElement("div");
widget.render({ model, el });
setTimeout(() => { document.getElementById("root").append(el); window.ptReady = true; }, 200);
</script></body></html>
"""

#: the drawing's physical points 1-12 and the pools are on its right half (x >= 382 of 764)
PUFF_START = "W:0x15 B:0x15 w"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            yield b
        finally:
            b.close()


def _open(browser: Any, position: str, rules: str, width: int) -> tuple[Any, Any, Any]:
    app = BoardApp(protocol.initial_state(rules, position=position, seed=5))
    server = serve_board(PAGE, app)
    url = server.__enter__()
    ctx = browser.new_context(viewport={"width": width, "height": 800})
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function("window.ptReady === true")
    return server, ctx, page


@pytest.mark.parametrize(
    ("rules", "position", "in_view"),
    [
        # Puff: all 30 wait in the pools, beside points 1-12 (the right half)
        ("kontrar-puff", PUFF_START, {"w": 15, "b": 15}),
        # bräde: each side on its own point 1, on different halves: White's, who moves
        ("brade-standard", "W:1x15 B:1x15 w", {"w": 15, "b": 0}),
        ("brade-standard", "W:1x15 B:1x15 b", {"w": 0, "b": 15}),
    ],
)
def test_a_narrow_board_first_shows_the_half_with_the_checkers(
    browser: Any, rules: str, position: str, in_view: dict[str, int]
) -> None:
    server, ctx, page = _open(browser, position, rules, 390)
    try:
        page.wait_for_function("!!document.querySelector('svg.puffteach-board[data-half]')")
        page.wait_for_timeout(300)
        # the checkers on the half in view: count them by the places inside the window
        shown = page.evaluate(
            """() => {
              const n = { w: 0, b: 0 };
              for (const g of document.querySelectorAll('g.pt[data-count], g.pool[data-count]')) {
                const b = g.getBoundingClientRect();
                if (b.width && b.left >= -1 && b.right <= innerWidth + 1 && +g.dataset.count)
                  n[g.dataset.color || g.dataset.side] += Number(g.dataset.count);
              }
              return n;
            }"""
        )
        assert shown == in_view, shown
    finally:
        ctx.close()
        server.__exit__(None, None, None)


@pytest.mark.parametrize("width", [320, 360, 400, 440, 480, 520, 560, 600, 640])
def test_no_control_is_cut_off_from_480_to_640_px(browser: Any, width: int) -> None:
    server, ctx, page = _open(browser, PUFF_START, "kontrar-puff", width)
    try:
        page.wait_for_timeout(300)
        out = page.evaluate(
            """() => {
              const w = document.querySelector('.puffteach-widget').getBoundingClientRect();
              return [...document.querySelectorAll(
                  '.puffteach-widget button, .puffteach-widget select, .puffteach-widget input,'
                  + ' .puffteach-widget svg.puffteach-board')]
                .filter((e) => e.offsetParent !== null)
                .map((e) => [e.className.baseVal ?? e.className, e.getBoundingClientRect()])
                .filter(([, b]) => b.right > Math.min(w.right, innerWidth) + 0.5
                                   || b.left < w.left - 0.5)
                .map(([c, b]) => `${c}: ${Math.round(b.left)}-${Math.round(b.right)}`);
            }"""
        )
        assert out == [], out
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        ctx.close()
        server.__exit__(None, None, None)
