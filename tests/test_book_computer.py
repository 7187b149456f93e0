"""A whole game against the computer on the static book's Play page, under Pyodide (issue 10).

The English book (``built_book``; ``PUFFTEACH_BUILT_BOOK=<dir>`` reuses one already built) is
served from 127.0.0.1 and every request to another host is aborted. The Play page's link state
starts a short game — Kontra-Puff near its end, Black played by the computer at the beginner
level — and the test plays White by clicks on the board (the first legal step each time) while
the computer's rolls and steps come from the engine worker, until the game is over.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlparse

import pytest

from conftest import CHROMIUM, serve_directory
from conftest import CHROMIUM_ARGS as ARGS

BOOT_MS = 120_000
STATE_JS = "document.querySelector('.pt-play-board .pt-live').ptModel.get('state')"
#: White has four checkers left on his last points, Black four on his; eleven each are off
NEAR_END = "W:20,22,23,24,25x11 B:19,21,23,24,25x11 w"


@pytest.fixture(scope="module")
def book(request: pytest.FixtureRequest) -> Path:
    given = os.environ.get("PUFFTEACH_BUILT_BOOK")
    if given:
        return Path(given)
    built: Path = request.getfixturevalue("built_book")
    return built


@pytest.fixture(scope="module")
def site(book: Path) -> Iterator[str]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium (make browser)")

    with serve_directory(book) as url:
        yield url


def _place(side: str, p: int) -> str:
    # Kontra-Puff: White's path numbers are the physical points; Black's run the other way
    if p in (0, 25):
        return f'g.pool[data-pool="{side}{p}"]'
    return f'g.pt[data-point="{p if side == "w" else 25 - p}"]'


def test_a_whole_game_against_the_computer_in_the_static_book(site: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    blocked: list[str] = []
    errors: list[str] = []

    def only_local(route: Any) -> None:
        if urlparse(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    link = f"book/play.html#rules=kontrar-puff&pos={quote(NEAR_END)}&seed=4&b=beginner"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 1000})
            context.route("**/*", only_local)
            page = context.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(site + link)
            fig = page.locator(".pt-play-board")
            widget = fig.locator(".puffteach-widget")
            expect(widget).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
            expect(fig.locator("input.pt-position")).to_have_value(NEAR_END)
            # the board shows who plays Black: the computer at the beginner level
            expect(fig.locator("select.pt-comp-side")).to_have_value("b")
            expect(fig.locator("select.pt-comp-level")).to_have_value("beginner")
            for _ in range(60):
                page.wait_for_function(
                    "() => !document.querySelector('.pt-play-board .puffteach-widget')"
                    ".dataset.computer"
                )
                state = page.evaluate(STATE_JS)
                if state["outcome"]:
                    break
                assert state["to_move"] == "w", state["message"]
                n = len(state["record"]["events"])
                if state["can_roll"]:
                    fig.locator("button.pt-roll").click()
                else:
                    frm, to = state["legal_moves"][0].rstrip("*").split("/")
                    fig.locator(_place("w", int(frm))).click()
                    fig.locator(_place("w", 25 if to == "off" else int(to))).click()
                page.wait_for_function(f"() => {STATE_JS}.record.events.length > {n}")
            state = page.evaluate(STATE_JS)
            assert state["outcome"], state["message"]
            sides = {line[0] for line in state["history"]}
            assert sides == {"W", "B"}, state["history"]  # the computer played its rolls
            expect(fig.locator(".pt-outcome")).to_contain_text("bearing off")
            # the review panel at the end: one line per side
            fig.locator("button.pt-review-btn").click()
            expect(fig.locator(".pt-review-sides li")).to_have_count(2, timeout=60_000)
        finally:
            browser.close()
    assert blocked == [], blocked
    assert errors == [], errors


def test_new_game_cancels_a_computer_move_under_way(site: str) -> None:
    """While the worker searches the computer's reply (master level), New game stops it: the
    worker is restarted and the board starts a fresh game (nothing hangs, nothing fails)."""
    from playwright.sync_api import expect, sync_playwright

    errors: list[str] = []
    # a middle game: many plays for Black to weigh (about half a second in CPython)
    middle = "W:2x2,4x2,6x2,8x2,10x2,12x2,14,16,18 B:2x2,4x2,6x2,8x2,10x2,12x2,14,16,18 w"
    link = f"book/play.html#rules=kontrar-puff&pos={quote(middle)}&seed=1&b=master"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(site + link)
            fig = page.locator(".pt-play-board")
            widget = fig.locator(".puffteach-widget")
            expect(widget).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
            page.evaluate("window.__ptWorker0 = window.__puffteachClient.worker")
            state = page.evaluate(STATE_JS)
            if state["can_roll"]:
                fig.locator("button.pt-roll").click()
                page.wait_for_function(f"() => !{STATE_JS}.can_roll")
            for _ in range(8):
                state = page.evaluate(STATE_JS)
                assert state["to_move"] == "w" and state["legal_moves"], state["message"]
                n = len(state["record"]["events"])
                frm, to = state["legal_moves"][0].rstrip("*").split("/")
                last = len(state["remaining"]) == 1 and not state["can_name_pasch"]
                fig.locator(_place("w", int(frm))).click()
                fig.locator(_place("w", 25 if to == "off" else int(to))).click()
                if last:  # Black is being searched in the worker: New game at once
                    page.wait_for_function("() => window.__puffteachClient.pending.size > 0")
                    fig.locator("button.pt-new").click()
                    break
                page.wait_for_function(f"() => {STATE_JS}.record.events.length > {n}")
            else:
                pytest.fail("White's roll did not end")
            page.wait_for_function("() => window.__puffteachClient.worker !== window.__ptWorker0")
            expect(widget).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
            page.wait_for_function(f"() => {STATE_JS}.record.events.length <= 1", timeout=BOOT_MS)
            state = page.evaluate(STATE_JS)
            assert not state["error"], state["error"]
        finally:
            browser.close()
    assert errors == [], errors
