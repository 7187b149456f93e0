"""The classroom book (issue 12): live boards, the Play page, print, numbering, make pdf.

Browser tests drive Debian's Chromium (``/usr/bin/chromium``) with Playwright against the built
English book (``built_book``) served from 127.0.0.1; every request to another host is aborted
and fails the test. Expected values are worked out by hand from the rules (comments say how).
``PUFFTEACH_BUILT_BOOK=<dir>`` reuses a book already built (e.g. ``_build/html/en``).

Timings are not asserted here: ``benchmarks/static_book.py`` measures them.
"""

from __future__ import annotations

import base64
import json
import os
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from conftest import CHROMIUM, build_tiny_book, serve_book
from conftest import CHROMIUM_ARGS as ARGS

ROOT = Path(__file__).resolve().parent.parent
BOOT_MS = 90_000
#: the Play page board's protocol state (the page keeps its model on the board's element)
STATE_JS = "document.querySelector('.pt-play-board .pt-live').ptModel.get('state')"


@pytest.fixture(scope="module")
def book(request: pytest.FixtureRequest) -> Path:
    given = os.environ.get("PUFFTEACH_BUILT_BOOK")
    if given:
        return Path(given)
    built: Path = request.getfixturevalue("built_book")
    return built


# ------------------------------------------------------------------------- the build


class _Texts(HTMLParser):
    """The text of every figcaption, table caption and heading of a page."""

    WANTED = {"figcaption", "caption", "h1", "h2", "h3", "h4", "h5", "h6"}

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.texts: list[str] = []
        self.current: list[str] = []

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag in self.WANTED:
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in self.WANTED and self.depth:
            self.depth -= 1
            if not self.depth:
                self.texts.append("".join(self.current))
                self.current = []

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.current.append(data)


OPTION_TEXT = re.compile(r"(?:^|\s):[a-z][a-z-]*:(?:\s|$)")


def test_no_caption_or_heading_shows_a_directive_option(book: Path) -> None:
    pages = sorted(book.glob("book/*.html")) + sorted(book.glob("notebooks/*.html"))
    assert len(pages) > 10
    found = []
    for page in pages:
        parser = _Texts()
        parser.feed(page.read_text(encoding="utf-8"))
        found += [f"{page.name}: {t.strip()}" for t in parser.texts if OPTION_TEXT.search(t)]
    assert found == []
    # the three chapter-2 figures whose :name: used to end their captions are named again
    ch2 = (book / "book/02-lt-puff.html").read_text(encoding="utf-8")
    for name in ("fig-lt-lang-puff", "fig-lt-kontrar-puff", "fig-lt-dubbel-kontrar-puff"):
        assert f'id="{name}"' in ch2


def test_a_caption_that_swallows_an_option_fails_the_build(tmp_path: Path) -> None:
    proc = build_tiny_book(
        tmp_path,
        'extensions = ["myst_parser", "puffteach.sphinxext"]\n'
        'html_math_renderer = "puffteach-plain"\n'
        f"puffteach_node_modules = {str(ROOT / 'node_modules')!r}\n",
        "index.md",
        "# Test\n\n```{board}\n:caption: A caption that ends in an option's text :name: fig-x\n"
        "```\n",
    )
    assert proc.returncode != 0
    assert "put them before :caption:" in proc.stderr, proc.stderr


def test_chapters_and_figures_are_numbered_and_chapters_referenced(book: Path) -> None:
    ch5 = (book / "book/05-brade-family.html").read_text(encoding="utf-8")
    # chapter 5 by its file name; its figures 5.1, 5.2, … in order
    assert '<span class="section-number">5. </span>Bräde' in ch5
    numbers = re.findall(r'caption-number">Fig\. (\d+\.\d+)', ch5)
    assert numbers[:3] == ["5.1", "5.2", "5.3"]
    assert len(set(numbers)) == len(numbers)
    # a subsection is not numbered
    assert ch5.count('class="section-number"') == 1
    index = (book / "book/index.html").read_text(encoding="utf-8")
    assert re.search(r'href="07-side-by-side.html"[^>]*>.*?chapter 7', index, re.S)
    assert "favicon" in index and (book / "_static/puffteach-favicon.svg").is_file()


def test_worksheet_answers_come_from_the_engine(book: Path) -> None:
    page = (book / "book/worksheets.html").read_text(encoding="utf-8")
    text = re.sub(r"<[^>]+>", "", page)
    # 3-1 from the bräde start (BH): 1/2 1/4 (two blots) or 1/2 2/5 (one checker to 5)
    assert "2 different plays: 1/2 1/4; 1/2 2/5." in text
    # 4-4: Black's home band on White's 13 stops the fourth four (BH, Band kan normalt ...)
    assert "One play: 1/5 5/9 1/5 (forfeited: 4)." in text
    assert "B-land" in text and "No checker can move" in text
    assert 'class="pt-answers' in page  # printed on a page of their own (puffteach-book.css)


# ------------------------------------------------------------------------- the browser


@pytest.fixture(scope="module")
def site(book: Path) -> Iterator[str]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium (make browser)")

    with serve_book(book) as url:
        yield url


@pytest.fixture(scope="module")
def browser(site: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            yield b
        finally:
            b.close()


class Watch:
    """Requests to other hosts (aborted), failed requests, page errors and console errors."""

    def __init__(self, context: Any) -> None:
        self.blocked: list[str] = []
        self.failed: list[str] = []
        self.errors: list[str] = []

        def only_local(route: Any) -> None:
            if urlparse(route.request.url).hostname == "127.0.0.1":
                route.continue_()
            else:
                self.blocked.append(route.request.url)
                route.abort()

        context.route("**/*", only_local)
        context.on(
            "response",
            lambda r: self.failed.append(f"{r.status} {r.url}") if r.status >= 400 else None,
        )

    def page(self, context: Any) -> Any:
        page = context.new_page()
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        page.on(
            "console",
            lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None,
        )
        return page

    def check(self) -> None:
        assert self.blocked == [], f"requests to other hosts: {self.blocked}"
        assert self.failed == [], f"failed requests: {self.failed}"
        assert self.errors == [], f"errors: {self.errors}"


@pytest.fixture
def open_page(browser: Any, site: str) -> Iterator[Any]:
    contexts: list[tuple[Any, Watch]] = []

    def opener(path: str, context: Any = None) -> tuple[Any, Any]:
        if context is None:
            context = browser.new_context(viewport={"width": 1280, "height": 1000})
            contexts.append((context, Watch(context)))
        watch = next(w for c, w in contexts if c is context)
        page = watch.page(context)
        page.goto(site + path)
        return page, context

    yield opener
    try:
        for _, watch in contexts:
            watch.check()
    finally:
        for context, _ in contexts:
            context.close()


def _click(fig: Any, selector: str) -> None:
    """Click a point or pool of a board; on a narrow board (half shown) turn to its half."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        fig.locator(selector).click(timeout=3000)
    except PlaywrightTimeout:
        fig.locator("button.pt-half").click()
        fig.locator(selector).click(timeout=10_000)


def _center(locator: Any) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_drag_and_drop_moves_a_checker(open_page: Any) -> None:
    from playwright.sync_api import expect

    page, _ = open_page("book/02-lt-puff.html")
    fig = page.locator("figure#fig-live-first-pasch")
    expect(fig.locator(".puffteach-widget")).to_have_attribute(
        "data-engine", "ready", timeout=BOOT_MS
    )
    fig.locator("select.pt-die1").select_option("5")
    fig.locator("select.pt-die2").select_option("5")
    fig.locator("button.pt-setdice").click()
    expect(fig.locator(".pt-dice .pt-die.pt-due")).to_have_count(4)
    # drag a waiting checker (pool w0) onto point 5: White's first pasch 5-5 enters on 5 (LT)
    x0, y0 = _center(fig.locator('g.pool[data-pool="w0"]'))
    x1, y1 = _center(fig.locator('g.pt[data-point="5"]'))
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x1, y1, steps=10)
    page.mouse.up()
    expect(fig.locator("input.pt-position")).to_have_value("W:0x14,5 B:0x15 w")
    expect(fig.locator(".pt-message")).to_contain_text("on point 5")
    # a drop on a forbidden point is refused with the rule: a 2 before the second 5 (P-pasch-1)
    x2, y2 = _center(fig.locator('g.pt[data-point="2"]'))
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x2, y2, steps=10)
    page.mouse.up()
    expect(fig.locator(".pt-message")).to_contain_text("P-pasch-1")
    expect(fig.locator("input.pt-position")).to_have_value("W:0x14,5 B:0x15 w")
    # replay controls only in a replay
    expect(fig.locator("button.pt-back")).to_be_hidden()


def test_a_chapter_5_braede_figure_goes_live(open_page: Any) -> None:
    from playwright.sync_api import expect

    page, _ = open_page("book/05-brade-family.html")
    # the first figure, the bräde start, is a picture with a ▶
    fig = page.locator("figure.puffteach-board").first
    assert fig.get_attribute("data-rules") == "brade-family"
    expect(fig.locator(".puffteach-widget")).to_have_count(0)
    fig.locator("button.pt-golive").click()
    widget = fig.locator(".puffteach-widget")
    expect(widget).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    expect(fig.locator("input.pt-position")).to_have_value("W:1x15 B:1x15 w")
    # a move on it: 4-1 (set by hand) from the start; a checker on 1 may go to 2 with the 1
    # or to 5 with the 4 (BH, Förflyttning: each die moves a checker that many points)
    fig.locator("select.pt-die1").select_option("4")
    fig.locator("select.pt-die2").select_option("1")
    fig.locator("button.pt-setdice").click()
    _click(fig, 'g.pt[data-point="1"]')
    expect(fig.locator('[data-target="1"]')).to_have_count(2)
    expect(fig.locator('g.pt[data-point="2"]')).to_have_attribute("data-target", "1")
    _click(fig, 'g.pt[data-point="2"]')
    expect(fig.locator("input.pt-position")).to_have_value("W:1x14,2 B:1x15 w")
    # the same page's :live: bräde boards are drawn from their embedded state
    live = page.locator("figure#fig-brade-either-die")
    expect(live.locator(".puffteach-widget")).to_have_attribute(
        "data-engine", "ready", timeout=BOOT_MS
    )


def test_the_game_over_message_says_who_won_how_and_the_points(open_page: Any) -> None:
    from playwright.sync_api import expect

    # RV 11 (brade-standard+11): White bears off his last checker with the 1 of 1-2; Black,
    # who has one checker left on his 23 (physical 11 in bräde's layout), gets one more roll
    # and bears it off with a 2: both are off, the game is drawn.
    page, _ = open_page("book/06-brade-variants.html")
    fig = page.locator("figure#fig-rv-11-draw")
    expect(fig.locator(".puffteach-widget")).to_have_attribute(
        "data-engine", "ready", timeout=BOOT_MS
    )
    _click(fig, 'g.pt[data-point="24"]')
    _click(fig, 'g.pool[data-pool="w25"]')
    expect(fig.locator(".pt-message")).to_contain_text("more roll")
    expect(fig.locator(".pt-outcome")).to_have_text("White: hemspel, 1")
    fig.locator("select.pt-die1").select_option("2")
    fig.locator("select.pt-die2").select_option("1")
    fig.locator("button.pt-setdice").click()
    _click(fig, 'g.pt[data-point="11"]')
    _click(fig, 'g.pool[data-pool="b25"]')
    outcome = fig.locator(".pt-outcome")
    expect(outcome).to_have_text("Draw")
    line = outcome.inner_text()
    # under the board the drawing says the same instead of "… to move"
    status = fig.locator(".pt-board svg g.status")
    expect(status).to_have_attribute("data-over", "1")
    assert line in (status.text_content() or "")
    expect(fig.locator("button.pt-roll")).to_be_disabled()

    # a won game: on the Play page (standard rules, RV 4a) the side to move resigns; the
    # other side wins a hemspel, 1 point (RV 4a)
    page2, _ = open_page("book/play.html#rules=brade-standard&seed=5")
    fig2 = page2.locator(".pt-play-board")
    expect(fig2.locator(".puffteach-widget")).to_have_attribute(
        "data-engine", "ready", timeout=BOOT_MS
    )
    fig2.locator("button.pt-resign").click()
    expect(fig2.locator(".pt-outcome")).to_have_text(re.compile(r"^(White|Black): hemspel, 1$"))
    won = fig2.locator(".pt-outcome").inner_text()
    expect(fig2.locator(".pt-message")).to_contain_text("wins: hemspel, 1 point")
    expect(fig2.locator(".pt-board svg g.status")).to_contain_text(won)


def _record_link(rules: str, events: list[Any], seed: int, rolls: int) -> str:
    from puffteach import Game

    game = Game(rules, opening=(3, 1))
    for e in events:
        game.apply_event(e)
    rec = json.dumps(game.record(), separators=(",", ":")).encode()
    b64 = base64.urlsafe_b64encode(rec).decode().rstrip("=")
    return f"book/play.html#rules={rules}&seed={seed}&rolls={rolls}&rec={b64}"


def _click_move(fig: Any, rules: str, side: str, move: str) -> None:
    """Play ``move`` (the mover's path numbers) by clicking its source and its target."""
    from puffteach.board import to_physical
    from puffteach.rules import rules as parse

    layout = parse(rules).layout
    me = 0 if side == "w" else 1

    def place(p: int) -> str:
        if p in (0, 25):
            return f'g.pool[data-pool="{side}{p}"]'
        return f'g.pt[data-point="{to_physical(layout, me, p)}"]'

    frm, to = move.rstrip("*").split("/")
    _click(fig, place(int(frm)))
    _click(fig, place(25 if to == "off" else int(to.split("@")[0])))


def test_the_play_page_plays_from_a_shared_link_with_the_same_dice(
    open_page: Any, browser: Any
) -> None:
    from playwright.sync_api import expect

    rules = "brade-standard"
    # a shared game: opening roll White 3, Black 1; in bräde the lower die begins (BH,
    # Förberedelser), so Black plays 3-1 as 1/4 1/2
    link = _record_link(rules, [["roll", [3, 1]], ["move", "1/4"], ["move", "1/2"]], 11, 1)
    page, context = open_page(link)
    fig = page.locator(".pt-play-board")
    position = fig.locator("input.pt-position")
    expect(fig.locator(".puffteach-widget")).to_have_attribute(
        "data-engine", "ready", timeout=BOOT_MS
    )
    expect(position).to_have_value("W:1x15 B:1x13,2,4 w")
    expect(page.locator("select.pt-play-preset")).to_have_value("brade-standard")

    def roll_and_play(p: Any, f: Any) -> str:
        f.locator("button.pt-roll").click()
        expect(f.locator(".pt-message")).to_contain_text("rolls")
        dice = re.search(r"rolls (\d)-(\d)", f.locator(".pt-message").inner_text())
        assert dice is not None
        for _ in range(4):  # play the roll by clicks until it is over
            state = p.evaluate(
                "document.querySelector('.pt-play-board .pt-live').ptModel.get('state')"
            )
            if not state["legal_moves"] or state["can_roll"]:
                break
            _click_move(f, rules, state["to_move"], state["legal_moves"][0])
            p.wait_for_function(
                "n => document.querySelector('.pt-play-board .pt-live').ptModel.get('state')"
                ".record.events.length > n",
                arg=len(state["record"]["events"]),
            )
        return f"{dice.group(1)}-{dice.group(2)}"

    first = [roll_and_play(page, fig) for _ in range(2)]
    # the address follows the game, the record packed with its start position inside
    # (puffteach-link.js, format 2; the page opened from an old base64 JSON link); opened in a
    # second browser context it shows the same game
    shared = page.url
    assert "g=" in shared and "st=" not in shared and "seed=11" in shared
    assert "rec=" not in shared and len(shared.split("#")[1]) < len(link.split("#")[1])
    here = position.input_value()
    other = browser.new_context()
    try:
        page2 = other.new_page()
        page2.goto(shared)
        fig2 = page2.locator(".pt-play-board")
        expect(fig2.locator(".puffteach-widget")).to_have_attribute(
            "data-engine", "ready", timeout=BOOT_MS
        )
        expect(fig2.locator("input.pt-position")).to_have_value(here)
        # and the next rolls come out the same on both screens (the seed and the roll count)
        assert roll_and_play(page2, fig2) == roll_and_play(page, fig)
    finally:
        other.close()
    assert len(first) == 2

    # class mode: a link with rules and a seed only gives two pupils the same opening and dice
    rolls = []
    for _ in range(2):
        pupil = browser.new_context()
        try:
            p = pupil.new_page()
            p.goto(page.url.split("#")[0] + "#rules=brade-standard&seed=2024")
            f = p.locator(".pt-play-board")
            expect(f.locator(".puffteach-widget")).to_have_attribute(
                "data-engine", "ready", timeout=BOOT_MS
            )
            opening = f.locator(".pt-message").inner_text()
            rolls.append((opening, roll_and_play(p, f), roll_and_play(p, f)))
        finally:
            pupil.close()
    assert rolls[0] == rolls[1]


def test_print_media_shows_no_buttons(open_page: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    page, _ = open_page("book/02-lt-puff.html")
    expect(page.locator("figure#fig-live-first-pasch .puffteach-widget")).to_have_attribute(
        "data-engine", "ready", timeout=BOOT_MS
    )
    assert page.locator("button.pt-golive").count() > 0  # on screen: ▶ and the board's buttons
    page.emulate_media(media="print")
    visible = page.evaluate(
        """() => [...document.querySelectorAll('button, select, input, textarea, [role=button]')]
              .filter(e => !(e instanceof SVGElement))  // the drawing's points
              .filter(e => { const r = e.getBoundingClientRect();
                             return r.width > 0 && r.height > 0
                                    && getComputedStyle(e).visibility !== 'hidden'; })
              .map(e => String(e.className) || e.tagName)"""
    )
    page.screenshot(path=str(tmp_path / "print.png"), full_page=True)
    assert visible == []
    # boards and captions are kept whole on paper
    assert (
        page.evaluate(
            "getComputedStyle(document.querySelector('figure.puffteach-board')).breakInside"
        )
        == "avoid"
    )
    # the front page's offline control is for the screen only (its words too)
    page.goto(page.url.split("/book/")[0] + "/book/index.html")
    expect(page.locator(".puffteach-offline button")).to_have_count(1)
    page.emulate_media(media="print")
    expect(page.locator(".puffteach-offline")).to_be_hidden()


def test_a_page_opened_from_disk_says_how_to_serve_the_book(browser: Any, book: Path) -> None:
    from playwright.sync_api import expect

    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto((book / "book/02-lt-puff.html").resolve().as_uri())
        note = page.locator("figure#fig-live-first-pasch .pt-file-note")
        expect(note).to_be_visible()
        expect(note).to_contain_text("make run")
    finally:
        context.close()


def test_no_console_errors_on_any_page(browser: Any, site: str, book: Path) -> None:
    pages = [p.relative_to(book).as_posix() for p in sorted(book.glob("book/*.html"))]
    pages += [p.relative_to(book).as_posix() for p in sorted(book.glob("notebooks/*.html"))]
    context = browser.new_context()
    watch = Watch(context)
    try:
        for path in pages:
            page = watch.page(context)
            page.goto(site + path, wait_until="load")
            page.wait_for_timeout(300)
            page.close()
        watch.check()
    finally:
        context.close()


def test_make_pdf_prints_the_whole_book(tmp_path: Path) -> None:
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium (make browser)")
    pypdf = pytest.importorskip("pypdf")
    import subprocess
    import sys

    pdf = tmp_path / "book.pdf"
    proc = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "book_pdf.py"), str(pdf)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert pdf.stat().st_size < 20_000_000
    pages = [p.extract_text() or "" for p in pypdf.PdfReader(str(pdf)).pages]
    text = "\n".join(pages)
    for n in range(1, 10):  # every chapter, by its numbered title
        assert re.search(rf"(?m)^{n}\. \S", text), f"chapter {n}"
    for n in (1, 2, 5, 6, 8):  # chapters with board figures: their first figure
        assert f"Fig. {n}.1" in text, f"figure {n}.1"
    # the worksheets' answers begin a page of their own
    assert any(page.lstrip().startswith("Answers") for page in pages)


def test_a_long_engine_call_can_be_cancelled(open_page: Any) -> None:
    """EngineClient.cancel() terminates the worker (the call in flight fails as cancelled),
    starts a new one, and the next call is answered by it."""
    from playwright.sync_api import expect

    page, _ = open_page("book/02-lt-puff.html")
    fig = page.locator("figure#fig-live-first-pasch")
    expect(fig.locator(".puffteach-widget")).to_have_attribute(
        "data-engine", "ready", timeout=BOOT_MS
    )
    result = page.evaluate(
        """async () => {
          const engine = await window.__puffteachEngine;
          const el = document.querySelector('figure#fig-live-first-pasch .pt-live');
          const state = el.ptModel.get('state');
          const first = engine.step(state, {type: 'roll'}).then(() => 'answered', (e) => e.message);
          await new Promise((r) => setTimeout(r, 0));  // the request is with the worker now
          const restarted = engine.cancel();
          const outcome = await first;
          await restarted;
          const next = await engine.step(state, {type: 'set_dice', dice: [3, 1]});
          return [outcome, next.remaining];
        }"""
    )
    assert result == ["cancelled", [1, 3]]
