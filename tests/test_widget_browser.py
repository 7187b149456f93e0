"""The board widget's front end (board.js) in a real browser (Debian's Chromium via Playwright).

A page served from 127.0.0.1 imports ``board.js`` as an ES module and renders it with a small
fake anywidget ``model`` written in JS. Its ``send`` posts the action to this test's server,
which applies :func:`puffteach.widget.protocol.step` in Python (as the Jupyter kernel would) and
answers with the new state; the fake model then fires ``change:state``. So this checks the real
round trip: click in the browser -> action -> Python -> state -> redraw.
"""

from __future__ import annotations

import pathlib
from collections.abc import Iterator
from urllib.parse import urlparse

import pytest

from conftest import CHROMIUM, BoardApp, serve_board
from conftest import CHROMIUM_ARGS as ARGS
from puffteach.widget import protocol

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>puffteach board</title>
<link rel="stylesheet" href="/board.css"></head>
<body><div id="root"></div>
<script type="module">
import widget from "/board.js";
const data = { state: await (await fetch("/state")).json() };
const handlers = {};
let queue = Promise.resolve();
const fire = (name) => { for (const cb of handlers[name] || []) cb(); };
const model = {
  get: (key) => data[key],
  set: (key, value) => { data[key] = value; },
  on: (name, cb) => { (handlers[name] ||= []).push(cb); },
  off: (name, cb) => { handlers[name] = (handlers[name] || []).filter((f) => f !== cb); },
  save_changes: () => {},
  send: (msg) => {
    queue = queue.then(async () => {
      const r = await fetch("/action", { method: "POST", body: JSON.stringify(msg) });
      data.state = await r.json();
      fire("change:state");
    });
  },
};
widget.render({ model, el: document.getElementById("root") });
window.ptReady = true;
</script></body></html>
"""


@pytest.fixture(autouse=True)
def _patient_expect() -> None:
    """Every action runs in this test's Python server; a hint or a review takes seconds when
    the test run keeps both cores busy, so the assertions wait up to 30 s (not Playwright's 5)."""
    try:
        from playwright.sync_api import expect
    except ImportError:  # the tests skip without Playwright
        return
    expect.set_options(timeout=30_000)


@pytest.fixture
def server() -> Iterator[tuple[str, BoardApp]]:
    app = BoardApp(protocol.initial_state("kontrar-puff", position="W:0x15 B:0x15 w", seed=5))
    with serve_board(PAGE, app) as url:
        yield url, app


def test_board_renders_and_moves_a_checker_in_chromium(
    server: tuple[str, BoardApp], tmp_path: pathlib.Path
) -> None:
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium")
    from playwright.sync_api import Route, expect, sync_playwright

    url, app = server
    blocked: list[str] = []

    def only_local(route: Route) -> None:
        if urlparse(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.route("**/*", only_local)
            page.goto(url)
            page.wait_for_function("window.ptReady === true")
            board = page.locator(".pt-board svg")
            expect(board).to_be_visible()
            expect(page.locator("g.pt")).to_have_count(24)
            position = page.locator("input.pt-position")
            expect(position).to_have_value("W:0x15 B:0x15 w")

            # Set the dice 5-5 with the two selects: the moves due show in order.
            page.select_option("select.pt-die1", "5")
            page.select_option("select.pt-die2", "5")
            page.click("button.pt-setdice")
            expect(page.locator(".pt-dice .pt-die")).to_have_count(4)
            expect(page.locator(".pt-dice .pt-die.pt-due")).to_have_text(["5", "5", "2", "2"])

            # Click the waiting checkers: the legal target (point 5) is highlighted.
            page.click('g.pool[data-pool="w0"]')
            target = page.locator('g.pt[data-point="5"]')
            expect(target).to_have_attribute("data-target", "1")
            expect(page.locator('[data-target="1"]')).to_have_count(1)

            # A forbidden point explains itself with the rule; the selection stays.
            page.click('g.pt[data-point="7"]')
            message = page.locator(".pt-message")
            expect(message).to_have_class("pt-message pt-error")
            expect(message).to_contain_text("P-dice")
            expect(target).to_have_attribute("data-target", "1")

            # Click the target: the checker moves and the position text changes.
            target.click()
            expect(position).to_have_value("W:0x14,5 B:0x15 w")
            expect(page.locator('g.pt[data-point="5"]')).to_have_attribute("data-count", "1")
            expect(page.locator(".pt-dice .pt-die.pt-used")).to_have_count(1)
            expect(page.locator("g.pt-arrived")).to_have_count(1)

            # Keyboard: Enter on the focused pool selects, Enter on a target moves.
            page.focus('g.pool[data-pool="w0"]')
            page.keyboard.press("Enter")
            expect(page.locator('g.pt[data-point="5"]')).to_have_attribute("data-target", "1")
            page.focus('g.pt[data-point="5"]')
            page.keyboard.press("Enter")
            expect(position).to_have_value("W:0x13,5x2 B:0x15 w")

            # Undo and redo through the buttons.
            page.click("button.pt-undo")
            expect(position).to_have_value("W:0x14,5 B:0x15 w")
            page.click("button.pt-redo")
            expect(position).to_have_value("W:0x13,5x2 B:0x15 w")

            # Finish the pasch by moves, then Black rolls with the Roll button.
            for _ in range(2):
                page.click('g.pool[data-pool="w0"]')
                page.click('g.pt[data-point="2"]')
            expect(position).to_have_value("W:0x11,2x2,5x2 B:0x15 b wpasch=1")
            page.click("button.pt-roll")
            expect(page.locator(".pt-dice .pt-die")).not_to_have_count(0)
            expect(page.locator("ol.pt-history li")).to_have_count(1)

            # Flip and the language select redraw the board.
            page.click("button.pt-flip")
            expect(board).to_have_attribute("data-flip", "1")
            page.select_option("select.pt-lang", "sv")
            expect(page.locator("button.pt-roll")).to_have_text("Slå")

            page.screenshot(path=str(tmp_path / "board.png"))
            assert errors == []
            assert blocked == []
        finally:
            browser.close()
    assert app.actions[0] == {"type": "set_dice", "dice": [5, 5]}
    assert {"type": "click", "point": "w0"} in app.actions


def test_brade_buttons_and_a_draw_in_chromium(server: tuple[str, BoardApp]) -> None:
    """Roll one die (RV 15) and Resign (RV 4a) show only when the state allows them; a draw
    after RV 11 (``winner`` null) shows as a draw, not as a win for Black."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium")
    from playwright.sync_api import expect, sync_playwright

    url, app = server
    app.state = protocol.initial_state("brade-standard+11", "W:20,24x14 B:1x15 w", seed=5)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url)
            page.wait_for_function("window.ptReady === true")
            expect(page.locator("button.pt-roll1")).to_be_visible()
            # a band in the fourth quarter: no resigning (RV 4a); no re-roll without RV 25
            expect(page.locator("button.pt-resign")).to_be_hidden()
            expect(page.locator("button.pt-reroll")).to_be_hidden()
            page.click("button.pt-roll1")
            expect(page.locator(".pt-dice .pt-die")).to_have_count(1)
            assert app.actions[-1] == {"type": "roll", "one_die": True}

            # RV 11: White began and bore off; Black bears off with his extra roll: a draw.
            app.state = protocol.initial_state(
                "brade-standard+11", "W:24,25x14 B:24,25x14 w", seed=5
            )
            for action in (
                {"type": "set_dice", "dice": [1, 2]},
                {"type": "move", "move": "24/off"},
                {"type": "set_dice", "dice": [3, 4]},
            ):
                app.state = protocol.step(app.state, action)
            page.reload()
            page.wait_for_function("window.ptReady === true")
            page.click('g.pt[data-point="12"]')  # Black's 24 is the physical 12 in bräde
            page.click('g.pool[data-pool="b25"]')
            expect(page.locator(".pt-outcome")).to_have_text("Draw")
            expect(page.locator(".pt-message")).to_contain_text("drawn")
            app.state = protocol.initial_state("brade-standard", "W:1x15 B:1x15 w", seed=5)
            page.reload()
            page.wait_for_function("window.ptReady === true")
            page.click("button.pt-resign")
            expect(page.locator(".pt-outcome")).to_contain_text("Black: hemspel")
            assert errors == []
        finally:
            browser.close()


def test_hint_arrows_and_a_computer_reply_in_chromium(server: tuple[str, BoardApp]) -> None:
    """Issue 10: Hint draws the best play as arrows and lists it; with the computer on Black,
    White's last step is answered by Black's roll and play, shown step by step and read by
    the live region."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium")
    from playwright.sync_api import expect, sync_playwright

    url, app = server
    app.state = protocol.step(app.state, {"type": "view", "delay": 300})
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url)
            page.wait_for_function("window.ptReady === true")
            expect(page.locator("button.pt-hint")).to_be_disabled()  # no roll yet
            # the speed of the computer's steps: the nearest choice to view.delay (300 ms)
            expect(page.locator("select.pt-speed")).to_have_value("450")
            expect(page.locator("select.pt-speed option")).to_have_text(
                ["slow", "normal", "fast", "at once"]
            )
            page.select_option("select.pt-speed", "150")
            for _ in range(50):  # the action reaches the server asynchronously
                if app.state["view"]["delay"] == 150:
                    break
                page.wait_for_timeout(100)
            assert {"type": "view", "delay": 150} in app.actions
            page.select_option("select.pt-die1", "3")
            page.select_option("select.pt-die2", "4")
            page.click("button.pt-setdice")
            page.click("button.pt-hint")
            # all fifteen wait: a 3-4 enters two checkers, on points 3 and 4 (two arrows)
            expect(page.locator(".pt-hint-arrows line")).to_have_count(2)
            expect(page.locator("ol.pt-hintlist li").first).to_contain_text("0/3")
            expect(page.locator(".pt-live")).to_contain_text("best play")
            # the computer plays Black at the lowest level
            page.select_option("select.pt-comp-level", "random")
            page.select_option("select.pt-comp-side", "b")
            page.click('g.pool[data-pool="w0"]')
            page.click('g.pt[data-point="3"]')
            expect(page.locator(".pt-hint-arrows")).to_have_count(0)  # the hint is dropped
            page.click('g.pool[data-pool="w0"]')
            page.click('g.pt[data-point="4"]')
            root = page.locator(".puffteach-widget")
            expect(root).to_have_attribute("data-computer", "moving")  # steps shown one by one
            expect(root).not_to_have_attribute("data-computer", "moving", timeout=15000)
            expect(page.locator("ol.pt-history li")).to_have_count(2)
            expect(page.locator(".pt-live")).to_contain_text("Black rolls")
            assert errors == []
        finally:
            browser.close()
    assert {"type": "players", "w": "human", "b": "random"} in app.actions


def test_review_lists_the_players_errors_in_its_panel_and_shows_a_roll_in_view(
    server: tuple[str, BoardApp],
) -> None:
    """Issue 44 item 9: after a game of a person (White) against the computer, "only the
    errors" lists White's errors only; the list fits its panel (it scrolls inside it, nothing
    sticks out sideways) and a roll chosen at the bottom of the page brings the board, which
    shows it, into view."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium")
    from playwright.sync_api import expect, sync_playwright

    url, app = server
    s = protocol.initial_state("brade-standard", seed=11)
    s = protocol.step(s, {"type": "players", "w": "random", "b": "random"})
    for _ in range(40):  # the autoplay pauses after a number of actions: nudge it on
        if s["outcome"]:
            break
        s = protocol.step(s, {"type": "view", "arrows": not s["view"]["arrows"]})
    assert s["outcome"] and not s["error"], s["message"]
    s = protocol.step(s, {"type": "players", "w": "human", "b": "random"})  # White: a person
    s = protocol.step(s, {"type": "review"})
    review = s["review"]
    assert review and not s["error"], s["message"]
    mine = [i for i, x in enumerate(review["rolls"]) if x["error"] and x["side"] == "w"]
    theirs = [i for i, x in enumerate(review["rolls"]) if x["error"] and x["side"] == "b"]
    assert len(mine) >= 2 and theirs, (mine, theirs)  # a game where both sides erred
    app.state = s
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1000, "height": 700})
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url)
            page.wait_for_function("window.ptReady === true")
            box = page.locator(".pt-reviewbox")
            expect(box).to_be_visible()
            buttons = box.locator(".pt-review-rolls button.pt-review-roll")
            expect(buttons).to_have_count(len(mine))
            shown = [int(b.get_attribute("data-index") or -1) for b in buttons.all()]
            assert shown == mine
            page.uncheck("input.pt-review-only")
            expect(buttons).to_have_count(len(review["rolls"]))
            fits = page.evaluate(
                "() => { const l = document.querySelector('.pt-review-rolls');"
                " const b = document.querySelector('.pt-reviewbox').getBoundingClientRect();"
                " const r = l.getBoundingClientRect();"
                " return {scrolls: l.scrollHeight > l.clientHeight,"
                " wide: l.scrollWidth > l.clientWidth + 1, height: r.height,"
                " inside: r.left >= b.left - 1 && r.right <= b.right + 1"
                " && r.bottom <= b.bottom + 1, vh: innerHeight}; }"
            )
            assert fits["scrolls"] and not fits["wide"] and fits["inside"], fits
            assert fits["height"] <= 0.5 * fits["vh"], fits
            # the last roll, chosen with the board scrolled out of view, brings the board back
            last = buttons.last
            last.scroll_into_view_if_needed()
            page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
            board_box = "document.querySelector('.pt-board').getBoundingClientRect()"
            assert page.evaluate(f"() => {board_box}.top < 0 || {board_box}.bottom > innerHeight")
            last.click()
            page.wait_for_function(
                f"() => {{ const r = {board_box};"
                " return r.top >= -1 && r.bottom <= innerHeight + 1; }"
            )
            # the board scrolls into view as the click is handled, before the action's request
            # may have reached the test server: wait for it (bounded)
            want = {"type": "review_show", "index": len(review["rolls"]) - 1}
            for _ in range(100):
                if app.actions and app.actions[-1] == want:
                    break
                page.wait_for_timeout(100)
            assert app.actions[-1] == want
            # the review chart (the engine's SVG): a dot on each error, a click on a roll's
            # column shows that roll on the board
            chart = box.locator(".pt-review-chart-box svg.pt-review-chart")
            expect(chart).to_be_visible()
            expect(chart.locator("circle.pt-chart-error")).to_have_count(len(mine) + len(theirs))
            chart.locator(f'rect.pt-chart-roll[data-index="{mine[0]}"]').click()
            expect(page.locator(".pt-verdict")).to_contain_text(f"{mine[0] + 1}. ", timeout=20_000)
            assert app.actions[-1] == {"type": "review_show", "index": mine[0]}
            assert errors == []
        finally:
            browser.close()


def test_review_panel_lists_the_errors_in_swedish_in_chromium(
    server: tuple[str, BoardApp],
) -> None:
    """Issue 10: after a game the Review button fills the review panel, 64 rolls a step (the
    board asks for the next step itself; the plays first, the panel shown, then the luck):
    each side's line
    (errors, error rate with a decimal comma in Swedish, rating band, luck), then by default
    only the rolls the review counts as errors, each with its number in the game; unticking
    "Bara felen" lists every roll. The panel reads left to right (not centred like a caption)
    and shows no list numbers of its own beside the game's."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium")
    from playwright.sync_api import expect, sync_playwright

    url, app = server
    s = protocol.initial_state("brade-standard", seed=11)
    s = protocol.step(s, {"type": "view", "lang": "sv"})
    s = protocol.step(s, {"type": "players", "w": "random", "b": "random"})
    for _ in range(40):  # the autoplay pauses after a number of actions: nudge it on
        if s["outcome"]:
            break
        s = protocol.step(s, {"type": "view", "arrows": not s["view"]["arrows"]})
    assert s["outcome"] and not s["error"], s["message"]
    app.state = s
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 390, "height": 844})
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url)
            page.wait_for_function("window.ptReady === true")
            expect(page.locator(".pt-reviewbox")).to_be_hidden()
            # by keyboard: Enter on Review; while the review is under way the button says so
            # (aria-disabled), keeps the focus and does nothing when pressed again
            review_btn = page.locator("button.pt-review-btn")
            review_btn.focus()
            page.keyboard.press("Enter")
            expect(review_btn).to_have_attribute("aria-disabled", "true")
            page.keyboard.press("Enter")
            box = page.locator(".pt-reviewbox")
            # the review judges all 64 rolls and the luck of each (every roll that could have
            # come): about 4 s of Python on an idle machine, more under a loaded test run
            expect(box).to_be_visible(timeout=60_000)
            expect(box.locator("summary")).to_have_text("Genomgång av partiet")
            sides = box.locator(".pt-review-sides li")
            expect(sides).to_have_count(2)
            # the panel shows once the plays are judged; the steps go on for the luck
            expect(review_btn).to_have_attribute("aria-disabled", "false", timeout=60_000)
            review = app.state["review"]
            assert not review["luck_pending"]
            # the button asked for REVIEW_STEP (64) rolls a step, the board asked again until
            # the last: the plays of all rolls, then their luck
            steps = [a for a in app.actions if a.get("type") == "review"]
            assert steps == [{"type": "review", "rolls": 64}] * (2 * -(-len(review["rolls"]) // 64))
            assert page.evaluate("() => document.activeElement.classList.contains('pt-review-btn')")
            for li, side in zip(sides.all(), review["sides"], strict=True):
                rate = f"{side['error_rate']:.3f}".replace(".", ",")
                assert f"{rate} poäng förlorade per beslut" in li.inner_text(), li.inner_text()
            rolls = box.locator(".pt-review-rolls li")
            wrong = [x for x in review["rolls"] if x["error"]]
            assert wrong and len(wrong) < len(review["rolls"])
            expect(rolls).to_have_count(len(wrong))
            # each listed roll is one the review counts as an error, numbered as in the game
            n = review["rolls"].index(wrong[0]) + 1
            expect(rolls.first).to_contain_text(f"{n}. ")
            assert all(x["verdict"] in ("doubtful", "bad", "very-bad") for x in wrong)
            expect(box.locator("label.pt-review-filter")).to_have_text("Bara felen")
            # a listed roll is a button: the board replays the game to it, the better play
            # drawn as arrows and said in words, and the review stays open
            first = rolls.first.locator("button.pt-review-roll")
            expect(first).to_have_attribute("title", "Visa på brädet")
            first.click()
            index = review["rolls"].index(wrong[0])
            page.wait_for_function(
                "() => document.querySelector('.pt-verdict') &&"
                " !document.querySelector('.pt-verdict').hidden"
            )
            assert app.actions[-1] == {"type": "review_show", "index": index}
            assert app.state["replay"] and len(app.state["history"]) == index
            expect(page.locator(".pt-verdict")).to_contain_text("Bättre var")
            expect(page.locator(".pt-hint-arrows.pt-from-tutor line")).to_have_count(
                len(wrong[0]["best_arrows"])
            )
            expect(box).to_be_visible()
            expect(rolls).to_have_count(len(wrong))
            # by keyboard: Enter on the next error shows it, and the focus stays on it
            second = rolls.nth(1).locator("button.pt-review-roll")
            second.focus()
            page.keyboard.press("Enter")
            nxt = review["rolls"].index(wrong[1])
            page.wait_for_function(
                f"() => document.querySelector('.pt-verdict').textContent.startsWith('{nxt + 1}.')"
            )
            assert app.actions[-1] == {"type": "review_show", "index": nxt}
            focused = page.evaluate("() => document.activeElement.dataset.index")
            assert focused == str(nxt), focused
            page.uncheck("input.pt-review-only")
            expect(rolls).to_have_count(len(review["rolls"]))
            style = page.evaluate(
                "() => { const r = document.querySelector('.pt-review-rolls');"
                " const c = getComputedStyle(r);"
                " return [c.listStyleType, getComputedStyle(r.firstChild).textAlign]; }"
            )
            assert style[0] == "none" and style[1] in ("start", "left"), style
            assert errors == []
        finally:
            browser.close()


def test_a_clicked_point_keeps_no_focus_box_in_chromium(server: tuple[str, BoardApp]) -> None:
    """Issue 44 item 14: a point clicked with the mouse shows no outline afterwards (the
    keyboard's focus ring stays for keys)."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium")
    from playwright.sync_api import expect, sync_playwright

    url, _app = server
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            page = browser.new_page()
            page.goto(url)
            page.wait_for_function("window.ptReady === true")
            page.select_option("select.pt-die1", "3")
            page.select_option("select.pt-die2", "5")
            page.click("button.pt-setdice")
            page.click('g.pool[data-pool="w0"]')
            expect(page.locator('g[data-target="1"]').first).to_be_visible()
            page.click('g.pt[data-point="3"]')
            expect(page.locator(".pt-message")).not_to_have_text("")
            outline = """() => { const g = document.activeElement;
                return g && g.tagName === 'g' ? getComputedStyle(g).outlineStyle : 'none'; }"""
            page.wait_for_timeout(300)
            assert page.evaluate(outline) == "none"
            page.keyboard.press("ArrowRight")  # the keyboard brings its focus ring back
            assert page.evaluate(outline) != "none"
        finally:
            browser.close()


def test_two_hint_arrows_from_one_pool_to_one_point_stay_two_in_chromium(
    server: tuple[str, BoardApp],
) -> None:
    """Issue 44 item 14: two arrows of a hint from the same pool (0/3 0/3) are drawn side by
    side, not on top of each other."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium")
    from playwright.sync_api import expect, sync_playwright

    url, app = server
    s = protocol.step(app.state, {"type": "set_dice", "dice": [3, 3]})
    s = protocol.step(s, {"type": "hint"})
    assert s["error"] is None, s["error"]
    same = {"from": "w0", "to": 3, "path": [0, 3]}
    app.state = {**s, "hint": {**s["hint"], "arrows": [same, same]}}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            page = browser.new_page()
            page.goto(url)
            page.wait_for_function("window.ptReady === true")
            expect(page.locator("line.pt-hint-arrow")).to_have_count(2)
            ends = page.evaluate(
                """() => [...document.querySelectorAll('line.pt-hint-arrow')].map((l) =>
                    ['x1', 'y1', 'x2', 'y2'].map((k) => Number(l.getAttribute(k))))"""
            )
            (a, b) = ends
            # the distance between the two parallel lines, across their direction
            dx, dy = a[2] - a[0], a[3] - a[1]
            n = (dx * dx + dy * dy) ** 0.5 or 1.0
            apart = abs((b[0] - a[0]) * dy - (b[1] - a[1]) * dx) / n
            assert apart >= 4, (ends, apart)
        finally:
            browser.close()
