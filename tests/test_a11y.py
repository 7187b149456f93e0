"""Everyone in the class can use it (issue 13): keyboard, screen reader, phone.

In Debian's Chromium (Playwright, headless, every request to another host aborted):

- axe-core (``node_modules/axe-core``, an npm devDependency used only here; injected into the
  page, never served by the book) on every page of the built book, in light and dark mode, and
  on a live board in each state (idle, selected, refused, game over): no serious or critical
  violation. The lesser ones are counted, printed and recorded (``record_property``).
- A whole roll played with the keyboard only, reading the live region's announcements.
- A roll played by touch at 390×844 on a chapter's live board, after the chapter menu opens.
- No page is wider than the viewport at 390 px.

Pages are found by globbing the built HTML tree (``built_book``), so the tests follow the book
wherever its pages live (``book/…`` or ``en/book/…``).
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from conftest import CHROMIUM, BoardApp, serve_board, serve_book
from conftest import CHROMIUM_ARGS as ARGS
from puffteach.describe import describe
from puffteach.position import Position
from puffteach.widget import protocol

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
BOOT_TIMEOUT_MS = 120_000
PHONE = {"width": 390, "height": 844}
BAD = ("serious", "critical")


def _need_browser() -> None:
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium (make browser)")
    if not AXE.is_file():
        pytest.skip("node_modules/axe-core is missing: run `npm install` (make npm)")


def _local_only(page: Any, blocked: list[str]) -> None:
    def route(r: Any) -> None:
        if urlparse(r.request.url).hostname == "127.0.0.1":
            r.continue_()
        else:
            blocked.append(r.request.url)
            r.abort()

    page.route("**/*", route)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    _need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            yield b
        finally:
            b.close()


def _axe(page: Any, selector: str | None = None) -> list[dict[str, Any]]:
    """axe-core's violations on the page (or inside ``selector``)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    result = page.evaluate(
        """async (sel) => {
          // the colours the page settles on: a colour still fading (sphinx-design's tab
          // labels fade for 250 ms when the dark theme's colours apply) is not measured
          const fading = document.getAnimations().filter((a) => a instanceof CSSTransition);
          await Promise.all(fading.map((a) => a.finished.catch(() => null)));
          const r = await axe.run(sel ? document.querySelector(sel) : document,
                                  {resultTypes: ["violations"]});
          return r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map((n) => n.target.join(" ") + " :: "
                                      + (n.failureSummary || "").slice(0, 200))}));
        }""",
        selector,
    )
    return list(result)


def _bad(violations: list[dict[str, Any]]) -> list[str]:
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {v['nodes'][:3]}"
        for v in violations
        if v["impact"] in BAD
    ]


def _lesser(violations: list[dict[str, Any]]) -> Counter[str]:
    return Counter(
        f"{v['id']}:{v['impact']}" for v in violations for _ in v["nodes"] if v["impact"] not in BAD
    )


# ------------------------------------------------------------------------- the board alone
PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>puffteach board</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/board.css"></head>
<body><main><h1>Board</h1><div id="root"></div></main>
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
      window.ptActions = (window.ptActions || 0) + 1;
      fire("change:state");
    });
  },
};
widget.render({ model, el: document.getElementById("root") });
window.ptReady = true;
</script></body></html>
"""


def _board_app() -> BoardApp:
    return BoardApp(protocol.initial_state("kontrar-puff", position="W:0x15 B:0x15 w", seed=5))


@pytest.fixture
def board_site() -> Iterator[tuple[str, BoardApp]]:
    app = _board_app()
    with serve_board(PAGE, app) as url:
        yield url, app


def _open_board(browser: Any, url: str, **context: Any) -> tuple[Any, Any, list[str]]:
    ctx = browser.new_context(**context)
    page = ctx.new_page()
    blocked: list[str] = []
    _local_only(page, blocked)
    page.goto(url)
    page.wait_for_function("window.ptReady === true")
    return ctx, page, blocked


def _actions_done(page: Any, n: int) -> None:
    page.wait_for_function(f"(window.ptActions || 0) >= {n}")


def _live(page: Any) -> str:
    """The live region's sentence once it has settled (it is re-set after a short pause)."""
    page.wait_for_timeout(120)
    return str(page.locator(".pt-live").text_content() or "")


def test_a_whole_roll_by_keyboard_only_with_the_live_region(
    browser: Any, board_site: tuple[str, BoardApp], record_property: Callable[[str, object], None]
) -> None:
    url, app = board_site
    ctx, page, blocked = _open_board(browser, url)
    try:
        # Tab from the top of the page: the board is one stop among the controls
        presses = 0
        while not page.evaluate("!!document.activeElement.closest('.pt-board')"):
            page.keyboard.press("Tab")
            presses += 1
            assert presses < 30, "Tab never reaches the board"
        stop = page.evaluate("document.activeElement.getAttribute('aria-label')")
        assert page.locator(".pt-board [tabindex='0']").count() == 1  # one tab stop
        # the tab stop starts on the mover's waiting checkers, and it names them
        assert stop == "White, to enter: 15 White checkers", stop

        page.keyboard.press("r")
        actions = 1
        _actions_done(page, actions)
        dice = app.state["dice"]
        heard = [_live(page)]
        assert heard[0] == f"White rolls {'-'.join(map(str, dice))}.", heard
        # the focus stays in the board after the roll
        assert page.evaluate("!!document.activeElement.closest('.pt-board')")

        keys = 2  # Tab presses are counted apart; the roll was one key
        moves = 0
        while app.state["to_move"] == "w" and app.state["legal_moves"]:
            move = app.state["legal_moves"][0]
            frm, to = move.split("/")
            src = 0 if frm == "0" else int(frm)
            dst = 25 if to.startswith("off") else int(to.rstrip("*"))
            for target, what in ((src, "select"), (dst, "move")):
                here = page.evaluate(
                    "(() => { const g = document.activeElement.closest('g.pt, g.pool');"
                    " if (!g) return -1; if (g.dataset.pool) return g.dataset.pool.endsWith('25')"
                    " ? 25 : 0; return Number(g.dataset.white); })()"
                )
                assert here >= 0, "focus left the board"
                key = "ArrowRight" if target > here else "ArrowLeft"
                for _ in range(abs(target - here)):
                    page.keyboard.press(key)
                    keys += 1
                label = page.evaluate("document.activeElement.getAttribute('aria-label')")
                if what == "move":
                    assert label.endswith(", legal target"), label
                page.keyboard.press("Enter")
                keys += 1
                actions += 1
                _actions_done(page, actions)
                heard.append(_live(page))
                if what == "select":
                    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
                    assert label.endswith(", selected"), label
            moves += 1
            assert moves <= 8
        assert heard[-1], heard
        # every move was announced in the board's words: selections and the moves made
        assert any("selected" in h for h in heard[1:]), heard
        assert sum(h.startswith("White enters") or "enters" in h for h in heard) >= 1, heard
        assert app.state["to_move"] == "b" or not app.state["legal_moves"]

        # Escape clears a selection; a refused target says why (with the rule)
        page.keyboard.press("r")  # Black rolls
        actions += 1
        _actions_done(page, actions)
        assert "Black rolls" in _live(page)
        page.keyboard.press("Home")
        page.keyboard.press("Enter")  # select Black's waiting checkers
        actions += 1
        _actions_done(page, actions)
        page.keyboard.press("Escape")
        actions += 1
        _actions_done(page, actions)
        assert "selection cleared" in _live(page).lower()
        page.keyboard.press("u")  # undo: the roll is taken back, focus stays
        actions += 1
        _actions_done(page, actions)
        assert "undo" in _live(page)
        assert page.evaluate("!!document.activeElement.closest('.pt-board')")
        assert blocked == []
    finally:
        ctx.close()
    print(f"\nkeyboard roll: {keys} keys after reaching the board ({presses} Tab); heard: {heard}")
    record_property("keyboard_keys_per_roll", keys)


def test_the_keyboard_hears_a_refusal_with_its_reason_and_the_end_of_the_game(
    browser: Any, board_site: tuple[str, BoardApp]
) -> None:
    url, app = board_site
    # White's last checker on his point 24, the dice 6-5 set: one step from the end
    app.state = protocol.initial_state("kontrar-puff", position="W:24,25x14 B:0x15 w", seed=1)
    app.state = protocol.step(app.state, {"type": "set_dice", "dice": [6, 5]})
    ctx, page, _ = _open_board(browser, url)
    try:
        page.locator("button.pt-undo").focus()
        while not page.evaluate("!!document.activeElement.closest('.pt-board')"):
            page.keyboard.press("Tab")
        # the tab stop is on the mover's first checker on his path: point 24
        assert page.evaluate("document.activeElement.dataset.white") == "24"
        page.keyboard.press("Enter")  # select it
        _actions_done(page, 1)
        assert "selected" in _live(page)
        page.keyboard.press("ArrowLeft")  # point 23: backwards, refused with the rule
        page.keyboard.press("Enter")
        _actions_done(page, 2)
        refusal = _live(page)
        assert app.state["error"] and refusal == app.state["message"], refusal
        page.evaluate(
            """() => { window.ptSaid = [];
                new MutationObserver(() => window.ptSaid.push(
                    document.querySelector('.pt-live').textContent))
                  .observe(document.querySelector('.pt-live'), {childList: true}); }"""
        )
        page.keyboard.press("Enter")  # the same refusal again is read again
        _actions_done(page, 3)
        assert _live(page) == refusal
        assert page.evaluate("window.ptSaid")[-1] == refusal  # set anew, not left as it was
        assert app.state["selected"]  # a refusal keeps the selection
        page.keyboard.press("End")  # White's borne-off checkers: the legal target
        label = page.evaluate("document.activeElement.getAttribute('aria-label')")
        assert label.endswith(", legal target"), label
        page.keyboard.press("Enter")  # 24/off: the last checker, the game is over
        _actions_done(page, 4)
        assert app.state["outcome"], app.state["message"]
        heard = _live(page)
        assert "wins" in heard, heard
        assert page.evaluate("!!document.activeElement.closest('.pt-board')")
    finally:
        ctx.close()


def test_focus_stays_in_the_widget_when_the_roll_button_is_used(
    browser: Any, board_site: tuple[str, BoardApp]
) -> None:
    url, _ = board_site
    ctx, page, _ = _open_board(browser, url)
    try:
        page.locator("button.pt-roll").focus()
        page.keyboard.press("Enter")  # the button is disabled after rolling
        _actions_done(page, 1)
        page.wait_for_timeout(100)
        assert page.evaluate("!!document.activeElement.closest('.pt-board')")
        # every control has a name
        unnamed = page.evaluate(
            """[...document.querySelectorAll(
                 '.puffteach-widget button, .puffteach-widget select, .puffteach-widget input')]
               .filter((e) => !e.hidden && e.offsetParent !== null)
               .filter((e) => !(e.getAttribute('aria-label') || e.labels?.length
                                || e.textContent.trim())).map((e) => e.className)"""
        )
        assert unnamed == []
    finally:
        ctx.close()


def test_on_a_phone_the_board_shows_half_of_itself_with_touch_targets_of_32_px(
    browser: Any, board_site: tuple[str, BoardApp]
) -> None:
    url, app = board_site
    ctx, page, _ = _open_board(browser, url, viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page.wait_for_function("!!document.querySelector('svg.puffteach-board[data-half]')")
        measure = """[...document.querySelectorAll('g.pt > rect, g.pool > rect')]
                 .map((r) => r.getBoundingClientRect())
                 .filter((b) => b.right > 1 && b.left < innerWidth - 1)
                 .map((b) => Math.min(b.width, b.height))"""
        sizes = page.evaluate(measure)
        page.locator("button.pt-half").tap()  # the other half
        sizes += page.evaluate(measure)
        page.locator("button.pt-half").tap()
        assert len(sizes) >= 28 and min(sizes) >= 32, sizes  # 24 points and the pools
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        # a roll by touch: the board turns to the half holding the targets
        page.locator("button.pt-roll").tap()
        _actions_done(page, 1)
        n = 1
        while app.state["to_move"] == "w" and app.state["legal_moves"]:
            pool = page.locator('g.pool[data-pool="w0"]')
            if not pool.is_visible() or not pool.bounding_box():
                page.locator("button.pt-half").tap()
            pool.tap()
            n += 1
            _actions_done(page, n)
            target = page.locator('g[data-target="1"]').first
            box = target.bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1
            target.tap()
            n += 1
            _actions_done(page, n)
            assert n < 20
        assert app.state["to_move"] == "b" or not app.state["legal_moves"]
    finally:
        ctx.close()


def _axe_board_states(page: Any, app: BoardApp) -> dict[str, list[dict[str, Any]]]:
    found = {"idle": _axe(page, ".puffteach-widget")}
    page.locator('g.pool[data-pool="w0"]').click()  # select (no dice yet: refused)
    _actions_done(page, 1)
    found["refused"] = _axe(page, ".puffteach-widget")
    page.locator("button.pt-roll").click()
    _actions_done(page, 2)
    page.locator('g.pool[data-pool="w0"]').click()
    _actions_done(page, 3)
    assert app.state["selected"], app.state["message"]
    found["selected"] = _axe(page, ".puffteach-widget")
    return found


def test_axe_finds_nothing_serious_on_a_board_in_each_state(
    browser: Any, board_site: tuple[str, BoardApp], record_property: Callable[[str, object], None]
) -> None:
    url, app = board_site
    ctx, page, _ = _open_board(browser, url)
    try:
        found = _axe_board_states(page, app)
        # game over: White bears off his last checker
        app.state = protocol.initial_state("kontrar-puff", position="W:24,25x14 B:0x15 w", seed=1)
        app.state = protocol.step(app.state, {"type": "set_dice", "dice": [6, 5]})
        app.state = protocol.step(app.state, {"type": "move", "move": "24/off"})
        assert app.state["outcome"], app.state["message"]
        page.reload()
        page.wait_for_function("window.ptReady === true")
        found["game over"] = _axe(page, ".puffteach-widget")
    finally:
        ctx.close()
    problems = {state: _bad(v) for state, v in found.items() if _bad(v)}
    assert not problems, problems
    lesser = {state: dict(_lesser(v)) for state, v in found.items()}
    print(f"\naxe on the board, lesser violations by state: {lesser}")
    record_property("axe_board_lesser", json.dumps(lesser))


# ------------------------------------------------------------------------- the book
@pytest.fixture(scope="module")
def book(request: pytest.FixtureRequest) -> Path:
    """The built book: ``built_book`` (built once per session), or an existing build named by
    ``PUFFTEACH_A11Y_BOOK`` (to rerun these tests without building again)."""
    given = os.environ.get("PUFFTEACH_A11Y_BOOK")
    if given:
        return Path(given)
    built: Path = request.getfixturevalue("built_book")
    return built


@pytest.fixture(scope="module")
def book_site(book: Path) -> Iterator[str]:
    _need_browser()
    with serve_book(book) as url:
        yield url


def _pages(built_book: Path) -> list[str]:
    """Every page of the built book (not the static files, sources or highlighted modules)."""
    pages = []
    for path in sorted(built_book.rglob("*.html")):
        rel = path.relative_to(built_book)
        if any(part.startswith("_") for part in rel.parts):
            continue
        pages.append(rel.as_posix())
    assert pages, f"no pages under {built_book}"
    return pages


def _page_with(built_book: Path, marker: str, name: str = "") -> str:
    for rel in _pages(built_book):
        if name and not rel.endswith(name):
            continue
        if marker in (built_book / rel).read_text(encoding="utf-8"):
            return rel
    raise AssertionError(f"no page with {marker!r}")


def test_axe_finds_nothing_serious_on_any_book_page_in_light_and_dark_mode(
    book: Path,
    book_site: str,
    browser: Any,
    record_property: Callable[[str, object], None],
) -> None:
    pages = _pages(book)
    blocked: list[str] = []
    problems: dict[str, list[str]] = {}
    lesser: Counter[str] = Counter()
    for mode in ("light", "dark"):
        # the theme reads its mode from localStorage before the page is drawn
        ctx = browser.new_context(color_scheme=mode)
        ctx.add_init_script(f"localStorage.setItem('mode', '{mode}');")
        page = ctx.new_page()
        _local_only(page, blocked)
        try:
            for rel in pages:
                page.goto(book_site + rel, wait_until="load")
                assert page.evaluate("document.documentElement.dataset.theme") == mode
                found = _axe(page)
                if _bad(found):
                    problems[f"{rel} ({mode})"] = _bad(found)
                lesser += _lesser(found)
        finally:
            ctx.close()
    print(f"\naxe on {len(pages)} pages x 2 modes: lesser violations {dict(lesser)}")
    record_property("axe_pages", len(pages))
    record_property("axe_book_lesser", json.dumps(dict(lesser)))
    assert not problems, json.dumps(problems, indent=1, ensure_ascii=False)
    assert blocked == []


def test_no_page_is_wider_than_a_phone(book: Path, book_site: str, browser: Any) -> None:
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    _local_only(page, [])
    wide: dict[str, Any] = {}
    try:
        for rel in _pages(book):
            page.goto(book_site + rel, wait_until="load")
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > PHONE["width"]:
                wide[rel] = width
    finally:
        ctx.close()
    assert not wide, f"pages wider than {PHONE['width']} px: {wide}"


def test_the_book_marks_swedish_and_german_terms_and_describes_its_boards(book: Path) -> None:
    built_book = book
    glossary = (built_book / _page_with(built_book, 'id="term-fata"')).read_text(encoding="utf-8")
    assert '<dt id="term-fata" lang="sv">' in glossary
    assert 'lang="de"' in glossary  # Thurm, Gänsereihe, …
    chapter = (built_book / _page_with(built_book, "fig-live-first-pasch")).read_text(
        encoding="utf-8"
    )
    assert 'lang="sv">Förflyttningen av brickorna<' in chapter  # LT's section, in italics
    # every board image has a description of its position as alt text, never a file name
    for rel in _pages(built_book):
        text = (built_book / rel).read_text(encoding="utf-8")
        for alt in [
            part.split('"', 1)[0] for part in text.split('<img alt="')[1:] if ".svg" in part
        ]:
            assert not alt.endswith(".svg"), (rel, alt)
    start = describe(Position.parse("W:0x15 B:0x15 w"))
    assert start == "White: 15 to enter. Black: 15 to enter. White to move."


def test_a_roll_by_touch_on_a_phone_with_the_chapter_menu(
    book: Path, book_site: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    chapter = _page_with(book, "puffteach-live")
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    blocked: list[str] = []
    _local_only(page, blocked)
    try:
        page.goto(book_site + chapter)
        # the chapter menu: the visible toggle opens the navigation dialog
        toggle = page.locator(".primary-toggle:visible").first
        toggle.tap()
        menu = page.locator("#pst-primary-sidebar-modal")
        expect(menu).to_have_attribute("open", "")
        assert menu.locator("a").count() > 5
        page.keyboard.press("Escape")
        expect(menu).not_to_have_attribute("open", "")

        widget = page.locator(".puffteach-widget").first
        widget.scroll_into_view_if_needed()
        widget.locator("button.pt-roll").tap()  # boots the engine, then rolls
        expect(widget).to_have_attribute("data-engine", "ready", timeout=BOOT_TIMEOUT_MS)
        expect(widget.locator(".pt-dice .pt-die")).not_to_have_count(0)
        moved = 0
        for _ in range(8):
            if not widget.locator(".pt-dice .pt-die.pt-due").count():
                break
            widget.locator('g.pool[data-pool="w0"]').tap()
            target = widget.locator('g[data-target="1"]').first
            expect(target).to_be_visible()
            target.tap()
            moved += 1
            page.wait_for_timeout(200)
        assert moved >= 2
        expect(widget.locator(".pt-dice .pt-die.pt-due")).to_have_count(0)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert blocked == []
    finally:
        ctx.close()


# ------------------------------------------------------------- the Swedish and German books
@pytest.fixture(scope="module")
def site_root(request: pytest.FixtureRequest) -> Path:
    """The three books side by side (``built_site``), or the site above ``PUFFTEACH_A11Y_BOOK``
    when that names ``<site>/en`` of a build with ``sv/`` and ``de/`` beside it."""
    given = os.environ.get("PUFFTEACH_A11Y_BOOK")
    if given:
        site = Path(given).resolve().parent
        if all((site / lang / "book" / "index.html").is_file() for lang in ("sv", "de")):
            return site
    built: Path = request.getfixturevalue("built_site")
    return built


@pytest.mark.parametrize("lang", ["sv", "de"])
def test_the_swedish_and_german_books_pass_axe_and_say_their_language(
    site_root: Path, browser: Any, lang: str, record_property: Callable[[str, object], None]
) -> None:
    """axe-core on every page of ``book/`` in the Swedish or German book and on two notebook
    pages of it (light mode: the colours are the English book's, checked in both modes above);
    every page says its language (``<html lang>``), an English-only page (the API reference, a
    notebook without a .po file: puffteach.sphinxext.i18n) marks its English body ``lang="en"``,
    and no page is wider than a phone (German words are long)."""
    book = site_root / lang
    pages = [p for p in _pages(book) if p.startswith("book/")]
    pages += ["notebooks/00-the-board.html", "notebooks/02-lt-puff.html"]
    po = ROOT / "locales" / lang / "LC_MESSAGES"
    blocked: list[str] = []
    problems: dict[str, list[str]] = {}
    lesser: Counter[str] = Counter()
    wide: dict[str, int] = {}
    with serve_book(book) as url:
        ctx = browser.new_context()
        phone = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        page, small = ctx.new_page(), phone.new_page()
        _local_only(page, blocked)
        _local_only(small, blocked)
        try:
            for rel in pages:
                page.goto(url + rel, wait_until="load")
                assert page.get_attribute("html", "lang") == lang, rel
                english = page.locator(".puffteach-english-body")
                if rel == "book/api.html" or (
                    rel.startswith("notebooks/") and not (po / rel).with_suffix(".po").is_file()
                ):
                    assert english.get_attribute("lang") == "en", rel
                else:
                    assert english.count() == 0, rel
                found = _axe(page)
                if _bad(found):
                    problems[rel] = _bad(found)
                lesser += _lesser(found)
                small.goto(url + rel, wait_until="load")
                width = small.evaluate("document.documentElement.scrollWidth")
                if width > PHONE["width"]:
                    wide[rel] = width
        finally:
            ctx.close()
            phone.close()
    print(f"\naxe on {len(pages)} {lang} pages: lesser violations {dict(lesser)}")
    record_property(f"axe_{lang}_lesser", json.dumps(dict(lesser)))
    assert not problems, json.dumps(problems, indent=1, ensure_ascii=False)
    assert not wide, f"{lang} pages wider than {PHONE['width']} px: {wide}"
    assert blocked == []


def test_terms_of_the_other_language_are_marked_on_swedish_and_german_pages(
    site_root: Path,
) -> None:
    """A German term on a Swedish page carries ``lang="de"`` and a Swedish one on a German page
    ``lang="sv"``; a term in the page's own language carries none."""
    sv = (site_root / "sv" / "book" / "03-pierer.html").read_text(encoding="utf-8")
    de = (site_root / "de" / "book" / "09-glossary.html").read_text(encoding="utf-8")
    assert 'lang="de"' in sv  # Pierer's German terms (Thurm, Gänsereihe, …)
    assert '<dt id="term-fata" lang="sv">' in de
    sv_glossary = (site_root / "sv" / "book" / "09-glossary.html").read_text(encoding="utf-8")
    assert '<dt id="term-fata">' in sv_glossary  # fåta is Swedish on a Swedish page


def test_on_a_phone_the_board_turns_to_the_half_with_the_hints_arrows(
    browser: Any, board_site: tuple[str, BoardApp]
) -> None:
    """Standard bräde, White to play 2-5 with a blot on 5 and a band on 12: the hint's best
    play is 5/10 10/12 (it covers the blot; tests/test_players.py has the position's reasons),
    three of whose four arrow ends (10, 10, 12) lie on the half of the drawing with points
    7-18, the other (5) on the half with 1-6 and 19-24. Shown the half with 1-6, a phone turns
    to the arrows' half when the hint comes, so the pupil sees where the play goes."""
    url, app = board_site
    pos = "W:1x8,5,12x4,16x2 B:1x9,3,14x2,19x3 w bbanded=1 bjanblotta=1 wbanded=1 wjanblotta=1"
    state = protocol.initial_state("brade-standard", position=pos, seed=5)
    app.state = protocol.step(state, {"type": "set_dice", "dice": [2, 5]})
    ctx, page, _ = _open_board(browser, url, viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page.wait_for_function("!!document.querySelector('svg.puffteach-board[data-half]')")
        half = "svg.puffteach-board"
        point5 = page.locator('g.pt[data-point="5"]')
        if not (point5.bounding_box() or {}).get("x", -1) >= 0:
            page.locator("button.pt-half").tap()
        box = point5.bounding_box()
        assert box and 0 <= box["x"] <= PHONE["width"], box
        shown = page.locator(half).get_attribute("data-half")
        page.locator("button.pt-hint").tap()
        _actions_done(page, 1)
        expect_moves = app.state["hint"]["plays"][0]["moves"]
        assert expect_moves == ["5/10", "10/12"], expect_moves
        page.wait_for_function(
            f"document.querySelector('{half}').dataset.half !== '{shown}'", timeout=5000
        )
        box = page.locator('g.pt[data-point="12"]').bounding_box()
        assert box and 0 <= box["x"] <= PHONE["width"], box
        # 5/10 starts on the half not shown: its arrow is cut at the edge of the half in view,
        # where a label names the hidden end, 5; every arrow stays inside the shown drawing
        page.wait_for_selector(".pt-hint-arrows line", state="attached")
        view = page.locator(half).get_attribute("viewBox") or ""
        x0, _, w, _ = (float(v) for v in view.split())
        xs = page.eval_on_selector_all(
            ".pt-hint-arrows line",
            "ls => ls.flatMap(l => [Number(l.getAttribute('x1')), Number(l.getAttribute('x2'))])",
        )
        assert len(xs) == 4 and all(x0 <= x <= x0 + w for x in xs), (xs, view)
        labels = page.locator(".pt-hint-arrows text.pt-hint-edge").all_text_contents()
        assert labels == ["5"], labels
        page.locator("button.pt-half").tap()  # the other half: now 10/12 is cut, at 10 and 12
        page.wait_for_function(
            f"document.querySelector('{half}').dataset.half === '{shown}'", timeout=5000
        )
        page.wait_for_function(
            "document.querySelectorAll('.pt-hint-arrows text.pt-hint-edge').length === 1"
        )
        labels = page.locator(".pt-hint-arrows text.pt-hint-edge").all_text_contents()
        assert labels == ["10"], labels
    finally:
        ctx.close()
