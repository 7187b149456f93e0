"""From the front page to a board (issue 44, book side): the front page's first screen leads to
play, the sidebar has Play near the top, a hand-typed ``+`` link opens its rule set, and a ▶
board speaks the page's language even where the drawing names its points in German.

Playwright drives Debian's Chromium against the built site (``built_site``: en, sv and de)
served from 127.0.0.1; every request to another host is aborted and fails the test.
``PUFFTEACH_BUILT_BOOK=<site>/en`` reuses a site already built.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from conftest import CHROMIUM, serve_directory
from conftest import CHROMIUM_ARGS as ARGS

BOOT_MS = 90_000
PLAY_STATE = "document.querySelector('.pt-play-board .pt-live').ptModel.get('state')"
#: the first screen's three ways in, in each language (book/index.md and its .po files)
WAYS_IN = {
    "en": ("Play now", "Read the rules", "Teach a class"),
    "sv": ("Spela nu", "Läs reglerna", "Undervisa en klass"),
    "de": ("Jetzt spielen", "Die Regeln lesen", "Eine Klasse unterrichten"),
}


@pytest.fixture(scope="module")
def site(built_site: Path) -> Iterator[str]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium (make browser)")
    with serve_directory(built_site) as url:
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


@pytest.fixture
def context(browser: Any) -> Iterator[tuple[Any, list[str]]]:
    """A 1366x768 context (a classroom projector); the list collects every request to another
    host, every failed response and every page or console error."""
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    problems: list[str] = []

    def only_local(route: Any) -> None:
        if urlparse(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            problems.append(f"other host: {route.request.url}")
            route.abort()

    ctx.route("**/*", only_local)
    ctx.on(
        "response", lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 400 else None
    )
    try:
        yield ctx, problems
    finally:
        ctx.close()


def _page(ctx: Any, problems: list[str]) -> Any:
    page = ctx.new_page()
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    return page


@pytest.mark.parametrize("lang", ["en", "sv", "de"])
def test_the_front_page_leads_to_a_board_in_one_click(
    site: str, context: tuple[Any, list[str]], lang: str
) -> None:
    from playwright.sync_api import expect

    ctx, problems = context
    page = _page(ctx, problems)
    page.goto(f"{site}/{lang}/book/index.html")
    main = page.locator("main")
    play, rules, teach = (main.get_by_role("link", name=n, exact=True) for n in WAYS_IN[lang])
    for link in (play, rules, teach):  # all three on the first screen
        box = link.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 768, box
    assert rules.get_attribute("href") == "01-board-and-family.html"
    assert teach.get_attribute("href") == "08-teaching.html"
    # the class server's page is named with the command that serves it
    assert main.locator('a[href="/class/"]').count() == 1
    assert "python -m puffteach serve" in main.inner_text()
    # "How to use this book" sends players to the Play page and the ▶ buttons, not to Jupyter
    how = main.locator("section#how-to-use-this-book").inner_text()
    assert "▶" in how
    assert main.locator('section#how-to-use-this-book a[href="play.html"]').count() >= 1
    # the sidebar names Play among its first links (the 19th before)
    sidebar = page.locator("nav.bd-links a.reference.internal")
    first = [sidebar.nth(i).get_attribute("href") for i in range(3)]
    assert "play.html" in first, first
    # one click: a board that plays
    play.click()
    page.wait_for_url("**/book/play.html*")
    widget = page.locator(".pt-play-board .puffteach-widget")
    expect(widget).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    page.locator(".pt-play-board button.pt-roll").click()
    # the state's dice are null until the worker's answer to the roll comes (a loaded machine
    # polls before it): wait for a state with dice, not for an error
    page.wait_for_function(f"({PLAY_STATE}.dice || []).length > 0")
    assert problems == []


def test_a_hand_typed_link_joins_codes_with_a_bare_plus(
    site: str, context: tuple[Any, list[str]]
) -> None:
    from playwright.sync_api import expect

    ctx, problems = context
    page = _page(ctx, problems)
    # typed by hand: the "+" is not written %2B, so the address reads it as a space
    page.goto(f"{site}/en/book/play.html#rules=kontrar-puff+generalpasch&seed=5")
    widget = page.locator(".pt-play-board .puffteach-widget")
    expect(widget).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    state = page.evaluate(PLAY_STATE)
    assert state["error"] in (None, ""), state["error"]
    assert state["rules"] == "kontrar-puff+generalpasch"
    expect(page.locator("select.pt-play-preset")).to_have_value("kontrar-puff")
    assert "unknown preset" not in page.locator(".puffteach-play").inner_text()
    assert problems == []


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_a_pierer_figure_goes_live_in_the_pages_language(
    site: str, context: tuple[Any, list[str]], lang: str
) -> None:
    from playwright.sync_api import expect

    ctx, problems = context
    page = _page(ctx, problems)
    page.goto(f"{site}/{lang}/book/03-pierer.html")
    # the figures drawn with Pierer's German point names (`:labels: de` in the chapter)
    german = page.locator("figure.puffteach-board:has(button.pt-golive)")
    assert german.count() >= 3
    for i in range(german.count()):
        assert german.nth(i).get_attribute("data-labels") == lang
    fig = page.locator(f"figure#{german.first.get_attribute('id')}")
    fig.locator("button.pt-golive").click()
    expect(fig.locator(".puffteach-widget")).to_have_attribute(
        "data-engine", "ready", timeout=BOOT_MS
    )
    state = fig.evaluate("f => f.querySelector('.pt-live').ptModel.get('state')")
    assert (state["view"].get("lang") or state["view"].get("labels")) == lang
    assert page.evaluate("document.documentElement.lang").startswith(lang)
    assert problems == []


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)])
def test_the_play_pages_board_is_on_the_first_screen_and_the_form_folds(
    browser: Any, site: str, size: tuple[int, int]
) -> None:
    from playwright.sync_api import expect

    width, height = size
    ctx = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = ctx.new_page()
        page.goto(f"{site}/en/book/play.html#rules=lang-puff&seed=4")
        widget = page.locator(".pt-play-board .puffteach-widget")
        expect(widget).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
        # the game runs: the form is folded under its summary
        expect(page.locator("details.pt-play-settings")).not_to_have_attribute("open", "")
        expect(page.locator("select.pt-play-preset")).to_be_hidden()
        # the board's drawing starts on the first screen (its top half at least is in view)
        svg = page.locator(".pt-play-board svg").first.bounding_box()
        assert svg is not None
        assert svg["y"] + svg["height"] / 2 <= height, (svg, size)
        page.screenshot(path=f"/tmp/frontpage-play-{width}x{height}.png")
        # the summary opens the form again
        page.locator("details.pt-play-settings > summary").click()
        expect(page.locator("select.pt-play-preset")).to_be_visible()
    finally:
        ctx.close()


def test_the_keyboard_reaches_the_play_board_in_a_few_presses(browser: Any, site: str) -> None:
    from playwright.sync_api import expect

    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        page = ctx.new_page()
        page.goto(f"{site}/en/book/play.html#rules=brade-standard&seed=4")
        widget = page.locator(".pt-play-board .puffteach-widget")
        expect(widget).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
        inside = "!!document.activeElement.closest('.pt-play-board')"
        # the first Tab stop is the skip link; Enter follows it; the next Tab is on the board
        keys = 0
        for key in ("Tab", "Enter", "Tab"):
            page.keyboard.press(key)
            keys += 1
            if page.evaluate(inside):
                break
        assert page.evaluate(inside), page.evaluate("document.activeElement.outerHTML")
        assert keys <= 3
        # with Tab alone, the board comes right after the page's header and sidebar
        page.goto(f"{site}/en/book/index.html")
        page.goto(f"{site}/en/book/play.html#rules=brade-standard&seed=4")
        expect(widget).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
        tabs = 0
        while not page.evaluate(inside) and tabs < 60:
            page.keyboard.press("Tab")
            tabs += 1
        print(f"\nTab presses from load to the Play board: {tabs} (skip link: {keys} keys)")
        assert tabs < 51
    finally:
        ctx.close()


def test_the_play_form_names_the_rule_sets_in_the_pages_language(browser: Any, site: str) -> None:
    from puffteach.messages import text

    for lang in ("sv", "de"):
        page = browser.new_page()
        try:
            page.goto(f"{site}/{lang}/book/play.html")
            options = page.locator("select.pt-play-preset option")
            names = options.evaluate_all("os => os.map(o => [o.value, o.textContent])")
            assert len(names) >= 10
            for value, shown in names:
                assert shown == f"{text(f'preset.{value}', lang)} ({value})"
        finally:
            page.close()
