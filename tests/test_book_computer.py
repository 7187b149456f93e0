"""A whole game against the computer on the static book's Play page, under Pyodide (issue 10).

The English book (``built_book``; ``PUFFTEACH_BUILT_BOOK=<dir>`` reuses one already built) is
served from 127.0.0.1 and every request to another host is aborted.

The whole-game test plays Gegenpuff from the rule set's own start (all thirty checkers waiting,
the opening roll made by the seed) to the end, Black played by the computer at the players'
default level (:data:`puffteach.players.search.DEFAULT_LEVEL`: greedy on the learned net, whose
weights travel in the book's engine wheel) in the engine's worker, White by clicks on the board
(the first legal step each time). Why Gegenpuff and seed 2: a Puff game, so the computer meets
its later pasches (played with a beam, never listed), and with this seed one of the shorter
whole games (with the weights of 25 November 2026: 73 rolls, 39 of them the computer's, 46 of
White's steps to click; other seeds of Gegenpuff and Konträr puff take 90-150 steps with these
players); bräde games against this White end by a jan within a few rolls, so the computer would
make few decisions. Afterwards the game's record is replayed in CPython: every
event must be legal, and each of the computer's rolls must end where one of the default level's
best plays of that roll ends (the best by its own ranking in CPython, ties allowed), so a page
that played another level, or failed to load the net, fails.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlparse

import pytest

from conftest import CHROMIUM, serve_book, serve_directory
from conftest import CHROMIUM_ARGS as ARGS

BOOT_MS = 120_000
STATE_JS = "document.querySelector('.pt-play-board .pt-live').ptModel.get('state')"
#: the whole game: a Puff preset from its own start, the seed of its dice
WHOLE_RULES, WHOLE_SEED = "gegenpuff", 2


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

    with serve_book(book) as url:
        yield url


def _place(side: str, p: int, layout: str = "contrary") -> str:
    """The board element of ``side``'s path point ``p`` in ``layout`` (pools for 0 and 25)."""
    from puffteach.board import to_physical

    if p in (0, 25):
        return f'g.pool[data-pool="{side}{p}"]'
    return f'g.pt[data-point="{to_physical(layout, 0 if side == "w" else 1, p)}"]'


def _computer_rolls(record: dict[str, Any]) -> list[tuple[Any, tuple[int, ...], Any]]:
    """Replay ``record`` in CPython (every event checked); Black's rolls as (position before,
    dice, the finished roll)."""
    from puffteach.game import Game

    head = {**record, "events": []}
    g = Game.load(head)
    out = []
    before = None
    for event in record["events"]:
        if event[0] == "roll":
            before = g.position
        n = len(g.history)
        g.apply_event(event)
        if len(g.history) > n:
            rec = g.history[-1]
            if rec.side == 1:
                assert before is not None
                out.append((before, rec.dice, rec))
    assert g.is_over(), "the replayed record does not end the game"
    return out


def test_a_whole_game_against_the_computer_in_the_static_book(site: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    from puffteach.game import Game
    from puffteach.movegen import begin_roll
    from puffteach.players.search import DEFAULT_LEVEL, SearchPlayer
    from puffteach.rules import rules

    rs = rules(WHOLE_RULES)
    blocked: list[str] = []
    errors: list[str] = []
    console: list[str] = []

    def only_local(route: Any) -> None:
        if urlparse(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    def place(p: int) -> str:
        return _place("w", p, rs.layout)

    def on_console(msg: Any) -> None:
        if msg.type in ("error", "warning"):
            console.append(f"{msg.type}: {msg.text}")

    link = f"book/play.html#rules={WHOLE_RULES}&seed={WHOLE_SEED}&b={DEFAULT_LEVEL}"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 1000})
            context.route("**/*", only_local)
            page = context.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", on_console)
            page.goto(site + link)
            fig = page.locator(".pt-play-board")
            widget = fig.locator(".puffteach-widget")
            expect(widget).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
            state = page.evaluate(STATE_JS)
            # the rule set's own start: every checker still to enter, nothing rolled yet
            assert state["rules"] == WHOLE_RULES
            assert state["position"].startswith("W:0x15 B:0x15 "), state["position"]
            assert state["record"]["events"] == [], state["record"]
            assert state["record"]["opening"], state["record"]
            # the board shows who plays Black: the computer at the default level
            expect(fig.locator("select.pt-comp-side")).to_have_value("b")
            expect(fig.locator("select.pt-comp-level")).to_have_value(DEFAULT_LEVEL)
            # the computer's steps are still shown one by one, 40 ms apart instead of 450 (the
            # board's view option ``delay``, as ``Board(delay=40)`` sets it in a notebook): the
            # game's ~110 computer steps would wait some 50 s for the animation alone
            page.evaluate(
                "() => { const m = document.querySelector('.pt-play-board .pt-live').ptModel;"
                " const s = m.get('state'); m.set('state', {...s, view: {...s.view, delay: 40}}); }"
            )
            for _ in range(400):
                page.wait_for_function(
                    "() => !document.querySelector('.pt-play-board .puffteach-widget')"
                    ".dataset.computer"
                )
                state = page.evaluate(STATE_JS)
                assert not state.get("error"), state["error"]
                if state["outcome"]:
                    break
                assert state["to_move"] == "w", state["message"]
                n = len(state["record"]["events"])
                if state["can_roll"]:
                    fig.locator("button.pt-roll").click()
                else:
                    frm, to = state["legal_moves"][0].rstrip("*").split("/")
                    fig.locator(place(int(frm))).click()
                    fig.locator(place(25 if to == "off" else int(to))).click()
                page.wait_for_function(
                    f"() => {STATE_JS}.record.events.length > {n}"
                    " || document.querySelector('.pt-play-board .puffteach-widget')"
                    ".dataset.engine !== 'ready'",
                    timeout=BOOT_MS,
                )
                engine = widget.get_attribute("data-engine")
                assert engine == "ready", fig.locator(".pt-engine-status").all_inner_texts()
            state = page.evaluate(STATE_JS)
            assert state["outcome"], state["message"]
            assert state["outcome"]["winner"] in ("w", "b"), state["outcome"]
            expect(fig.locator(".pt-outcome")).to_contain_text("bearing off")
            expect(fig.locator("select.pt-comp-level")).to_have_value(DEFAULT_LEVEL)
            assert state["view"]["delay"] == 40, state["view"]  # the shorter delay held
            record = state["record"]
            # the review was worked out while the game was played (engine-client.js
            # ReviewAhead: the worker's idle time after each step): once the last rolls are
            # worked out too, Review asks the worker one step and shows the whole review
            page.wait_for_function(f"() => {DURING_JS}.left === 0", timeout=BOOT_MS)
            assert page.evaluate(f"{AHEAD_JS}.asked") == 0
            fig.locator("button.pt-review-btn").click()
            box = fig.locator(".pt-reviewbox")
            expect(box).to_be_visible(timeout=BOOT_MS)
            expect(fig.locator(".pt-message")).to_have_text(
                "The game is reviewed: see the panel under the board."
            )
            assert page.evaluate(f"{AHEAD_JS}.asked") == 1
            shown = page.evaluate(STATE_JS)["review"]
            assert not shown["luck_pending"], shown
            expect(box.locator(".pt-review-sides li")).to_have_count(2)
            fig.locator("input.pt-review-only").uncheck()
            rolls = len(Game.load(record).history)  # the game ends with its last roll
            expect(box.locator(".pt-review-rolls li")).to_have_count(rolls)
            # the review chart, drawn by the engine under Pyodide: a column for every roll
            chart = box.locator("svg.pt-review-chart")
            expect(chart).to_be_visible()
            expect(chart.locator("rect.pt-chart-roll")).to_have_count(rolls)
            assert widget.get_attribute("data-engine") == "ready"
        finally:
            browser.close()
    assert blocked == [], blocked
    assert errors == [], errors
    assert console == [], console
    # the review shown is CPython's review of the game, worked out afresh
    from puffteach.players.hint import forget_reviews
    from puffteach.widget import protocol

    forget_reviews()
    done = protocol.step(
        protocol.step(
            protocol.initial_state(WHOLE_RULES, None, WHOLE_SEED, lang="en"),
            {"type": "load", "record": record, "index": -1},
        ),
        {"type": "review"},
    )["review"]
    assert [x["verdict"] for x in shown["rolls"]] == [x["verdict"] for x in done["rolls"]]
    assert [x["best"] for x in shown["rolls"]] == [x["best"] for x in done["rolls"]]
    assert [x["luck"] for x in shown["rolls"]] == [x["luck"] for x in done["rolls"]]
    # the computer's rolls, checked in CPython against the default level's own ranking
    mine = _computer_rolls(record)
    assert len(mine) >= 10, len(mine)
    judge = SearchPlayer(DEFAULT_LEVEL)
    # (a default level with noise or careless plays would need another check than this one)
    assert judge.level.noise == 0 and judge.level.careless == 0, judge.level
    later_pasches = 0
    for before, dice, rec in mine:
        turns = begin_roll(rs, before, dice)
        ranked = judge.ranked(rs, turns)
        ends = [
            e.equity for p, e in ranked if (p.position, p.outcome) == (rec.position, rec.outcome)
        ]
        assert ends, f"Black's {dice} from {before}: {rec.moves} is none of the level's plays"
        assert max(ends) >= ranked[0][1].equity - 1e-9, (before, dice, rec.moves, ranked[0])
        later_pasches += len(dice) == 2 and dice[0] == dice[1] and len(rec.moves) > 4
    assert later_pasches >= 1, "the computer met no later pasch"


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


def test_the_swedish_play_page_names_the_levels_in_swedish(book: Path) -> None:
    """The Play page of the Swedish book: the sides' choices name the computer's levels in
    Swedish (the catalogue's ui.level.*), and the board names the players and writes its
    numbers as Swedish does (a hint's expected points with a decimal comma)."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium (make browser)")
    from playwright.sync_api import expect, sync_playwright

    site_root = book.parent
    if not (site_root / "sv" / "book" / "play.html").is_file():
        pytest.skip("the Swedish book is not built beside the English one")
    with serve_directory(site_root) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url + "sv/book/play.html#rules=kontrar-puff&seed=3&b=expert")
            fig = page.locator(".pt-play-board")
            widget = fig.locator(".puffteach-widget")
            expect(widget).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
            black = page.locator("select.pt-play-b")
            expect(black).to_have_value("expert")
            expect(black.locator('option[value="expert"]')).to_have_text("expert")
            expect(black.locator('option[value="random"]')).to_have_text("slumpvis")
            expect(black.locator('option[value="human"]')).to_have_text("människa")
            expect(fig.locator("select.pt-comp-level option:checked")).to_have_text("expert")
            # the Puff ladder (players.ladder) in its order, on the form and on the board
            from puffteach import rules
            from puffteach.players.ladder import ladder

            puff = ["human", *ladder(rules("kontrar-puff"))]
            expect(black.locator("option")).to_have_count(len(puff))
            assert black.locator("option").evaluate_all("os => os.map(o => o.value)") == puff
            comp = fig.locator("select.pt-comp-level option")
            assert comp.evaluate_all("os => os.map(o => o.value)") == puff[1:]
            # bräde's ladder goes up to master: the form follows the rule set chosen (the form
            # is folded under its summary while a game runs)
            page.locator("details.pt-play-settings > summary").click()
            page.locator("select.pt-play-preset").select_option("brade-standard")
            expect(black.locator('option[value="master"]')).to_have_text("mästare")
            fig.locator("select.pt-die1").select_option("3")
            fig.locator("select.pt-die2").select_option("4")
            fig.locator("button.pt-setdice").click()
            fig.locator("button.pt-hint").click()
            expect(fig.locator("ol.pt-hintlist li").first).to_contain_text("0/3")
            # "0/3 0/4 (+1,234): ..." in the list, "(+1,234 poäng i förväntan, ..." said
            expect(fig.locator("ol.pt-hintlist li").first).to_contain_text(
                re.compile(r"\([+-]\d+,\d{3}\)")
            )
            expect(fig.locator(".pt-message")).to_contain_text(
                re.compile(r"[+-]\d+,\d{3} poäng i förväntan")
            )
        finally:
            browser.close()
    assert errors == [], errors


#: a short whole game for the review worked out ahead: bräde's random game of seed 2 (49 rolls:
#: the board's review asks a step of plays and one of luck, 64 rolls a step)
AHEAD_RULES, AHEAD_SEED = "brade-standard", 2
AHEAD_JS = "window.__puffteachClient.ahead"
DURING_JS = "window.__puffteachClient.during"


def _random_record(rules: str, seed: int) -> dict[str, Any]:
    import random

    from puffteach import Game

    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    while game.outcome is None:
        game.play_random_roll(rng)
    record: dict[str, Any] = game.record()
    return record


def _rec_link(rules: str, seed: int, record: dict[str, Any]) -> str:
    import base64
    import json

    rec = json.dumps(record, separators=(",", ":")).encode()
    b64 = base64.urlsafe_b64encode(rec).decode().rstrip("=")
    return f"book/play.html#rules={rules}&seed={seed}&rec={b64}"


def _idle(page: Any) -> None:
    """Wait until the page has been idle twice (the board's idle callbacks have run)."""
    page.evaluate(
        "() => new Promise((done) => requestIdleCallback(() => requestIdleCallback(done,"
        " {timeout: 3000}), {timeout: 3000}))"
    )


def test_a_shared_finished_game_is_reviewed_ahead_and_a_game_under_way_is_not(site: str) -> None:
    """Issue 44: a link to a finished game opens where Review is the next thing to do, so the
    page works the review out in the engine's worker once the engine is ready; Review then
    shows it from the steps kept, none asked of the worker again (pressed after the work ahead
    ended, and pressed at once, while it is under way); the review is CPython's. A link to the
    same game one roll before its end starts no work ahead."""
    from playwright.sync_api import expect, sync_playwright

    from puffteach.widget import protocol

    record = _random_record(AHEAD_RULES, AHEAD_SEED)
    # the review CPython gives the same state, whole at once
    state = protocol.initial_state(AHEAD_RULES, None, AHEAD_SEED, lang="en")
    state = protocol.step(state, {"type": "load", "record": record, "index": -1})
    assert state["outcome"] and not state["error"], state["message"]
    want = protocol.step(state, {"type": "review"})["review"]
    rolls = len(want["rolls"])
    steps = 2 * -(-rolls // 64)  # the plays, then the luck, 64 rolls a step
    # the record without its last roll's events: the game is still under way
    events = record["events"]
    last_roll = max(i for i, e in enumerate(events) if e[0] == "roll")
    unfinished = {**record, "events": events[:last_roll]}

    errors: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            page.on("pageerror", lambda e: errors.append(str(e)))

            def opened(rec: dict[str, Any]) -> Any:
                page.goto("about:blank")
                page.goto(site + _rec_link(AHEAD_RULES, AHEAD_SEED, rec))
                fig = page.locator(".pt-play-board")
                widget = fig.locator(".puffteach-widget")
                expect(widget).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
                return fig

            def review(fig: Any) -> dict[str, Any]:
                button = fig.locator("button.pt-review-btn")
                button.click()
                expect(fig.locator(".pt-reviewbox")).to_be_visible(timeout=BOOT_MS)
                expect(button).to_have_attribute("aria-disabled", "false", timeout=BOOT_MS)
                got: dict[str, Any] = page.evaluate(STATE_JS)["review"]
                return got

            def same_as_cpython(got: dict[str, Any]) -> None:
                assert not got["luck_pending"]
                assert [x["error"] for x in got["rolls"]] == [x["error"] for x in want["rolls"]]
                assert [x["best"] for x in got["rolls"]] == [x["best"] for x in want["rolls"]]

            # a game under way: the page stays idle, nothing is worked out
            fig = opened(unfinished)
            assert page.evaluate(STATE_JS)["outcome"] is None
            _idle(page)
            assert page.evaluate(f"[{AHEAD_JS}.sent, {AHEAD_JS}.kept.size]") == [0, 0]
            expect(fig.locator("button.pt-review-btn")).to_be_hidden()

            # the finished game, Review pressed once the work ahead has ended
            fig = opened(record)
            page.wait_for_function(f"() => {AHEAD_JS}.done > 0", timeout=BOOT_MS)
            assert page.evaluate(f"{AHEAD_JS}.sent") == steps
            same_as_cpython(review(fig))
            counts = page.evaluate(f"[{AHEAD_JS}.sent, {AHEAD_JS}.hits, {AHEAD_JS}.asked]")
            assert counts == [steps, steps, 0], counts

            # pressed at once: whatever is under way is taken up, nothing is asked twice
            fig = opened(record)
            same_as_cpython(review(fig))
            sent, hits, asked = page.evaluate(
                f"[{AHEAD_JS}.sent, {AHEAD_JS}.hits, {AHEAD_JS}.asked]"
            )
            assert sent + asked == steps and hits + asked == steps, (sent, hits, asked)
        finally:
            browser.close()
    assert errors == [], errors
