"""The static book's live boards in a real browser (Debian's Chromium via Playwright).

The built site (``built_book`` in conftest.py) is served from 127.0.0.1 and every request to
another host is aborted and recorded: a page must work offline from its own files. A live
``{board}`` on a chapter page boots Pyodide from the site on the first interaction, installs the
engine wheel and runs :func:`puffteach.widget.protocol.step` in the browser; a notebook page's
embedded widget state renders through the vendored html-manager and anywidget, and plays too.

Figures printed and recorded with ``record_property`` (never asserted): the time from page load
to an interactive board (Pyodide + wheel in the engine worker) and the click-to-highlight
latency; ``benchmarks/static_book.py`` measures them properly.

Skipped only when /usr/bin/chromium or node_modules (``npm install``) is missing.
"""

from __future__ import annotations

import functools
import gzip
import json
import re
import statistics
import struct
import time
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from conftest import CHROMIUM, _QuietFiles, build_tiny_book, serve, serve_directory
from conftest import CHROMIUM_ARGS as ARGS

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
CHAPTER = "book/02-lt-puff.html"
LIVE = "figure#fig-live-first-pasch"
#: pages whose runtime requests are checked (a chapter with a live board, a notebook with widget
#: state, the start page)
RUNTIME_PAGES = ["book/01-board-and-family.html", "notebooks/00-the-board.html", "book/index.html"]
BOOT_TIMEOUT_MS = 90_000


def _need_browser() -> None:
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium (make browser)")
    if not (NODE_MODULES / "pyodide" / "package.json").is_file():
        pytest.skip("node_modules/pyodide is missing: run `npm install` (make npm)")


# ------------------------------------------------------------------------- build output


def test_live_boards_carry_their_state_and_the_site_holds_every_file(built_book: Path) -> None:
    page = (built_book / CHAPTER).read_text(encoding="utf-8")
    assert 'class="puffteach-board puffteach-live" id="fig-live-first-pasch"' in page
    start = page.index('id="fig-live-first-pasch"')
    script = page.index('<script type="application/json" class="pt-initial">', start)
    body = page[page.index(">", script) + 1 : page.index("</script>", script)]
    state = json.loads(body)
    assert state["rules"] == "kontrar-puff" and state["position"] == "W:0x15 B:0x15 w"
    assert state["svg"].startswith("<svg") and state["can_roll"]
    assert "window.PUFFTEACH" in page and "puffteach-live.js" in page

    # one engine for the whole site: at its root, beside en/, sv/ and de/ (issue 44 item 3)
    static = built_book.parent / "_static" / "puffteach"
    for rel in (
        "pyodide/pyodide.mjs",
        "pyodide/pyodide.asm.wasm",
        "pyodide/python_stdlib.zip",
        "pyodide/pyodide-lock.json",
        "widgets/require.js",
        "widgets/embed-amd.js",
        "widgets/anywidget.js",
        "engine-worker.js",
    ):
        assert (static / rel).is_file(), rel
        for lang in ("en", "sv", "de"):  # and no language keeps a copy of its own
            assert not (built_book.parent / lang / "_static" / "puffteach" / rel).exists(), rel
    for rel in ("board.js", "board.css"):
        assert (built_book / "_static" / "puffteach" / rel).is_file(), rel
    # the service worker sits at the site's root (its scope is the whole site)
    assert not (built_book / "puffteach-sw.js").exists()
    sw = (built_book.parent / "puffteach-sw.js").read_text(encoding="utf-8")
    assert "caches.open" in sw and "/_static/puffteach/" in sw
    wheels = list(static.glob("puffteach-*-py3-none-any.whl"))
    assert len(wheels) == 1
    with zipfile.ZipFile(wheels[0]) as zf:
        names = zf.namelist()
        assert zf.testzip() is None
    assert "puffteach/widget/protocol.py" in names and "puffteach/rules/__init__.py" in names
    assert not any(n.startswith("puffteach/sphinxext/") for n in names)
    assert any(n.endswith(".dist-info/RECORD") for n in names)

    nb = (built_book / "notebooks/00-the-board.html").read_text(encoding="utf-8")
    assert "application/vnd.jupyter.widget-state+json" in nb
    assert 'src="../_static/../../_static/puffteach/widgets/require.js"' in nb
    assert 'src="../_static/../../_static/puffteach/widgets/embed-amd.js"' in nb
    assert 'data-jupyter-widgets-cdn="../../_static/puffteach/widgets/"' in nb


def test_a_live_board_option_error_fails_the_build(tmp_path: Path) -> None:
    from puffteach.sphinxext import live_state

    state = live_state({"rules": "kontrar-puff", "position": "W:0x15 B:0x15 w", "dice": "5 5"})
    assert state["remaining"] == [5, 5, 2, 2]
    with pytest.raises(ValueError, match="highlight: not with live"):
        live_state({"highlight": "5"})


def test_the_build_says_to_run_npm_install_without_node_modules(tmp_path: Path) -> None:
    pytest.importorskip("sphinx")
    proc = build_tiny_book(
        tmp_path,
        'extensions = ["puffteach.sphinxext"]\n'
        'html_math_renderer = "puffteach-plain"\n'
        f"puffteach_node_modules = {str(tmp_path / 'nowhere')!r}\n",
        "index.rst",
        "Test\n====\n",
    )
    assert proc.returncode != 0
    assert "npm install" in proc.stderr and "pyodide" in proc.stderr, proc.stderr


# ------------------------------------------------------------------------- the browser


@pytest.fixture(scope="module")
def site(built_site: Path) -> Iterator[str]:
    """The whole site (en/, sv/, de/) served from 127.0.0.1; yields the English book's URL."""
    _need_browser()

    with serve_directory(built_site) as url:
        yield url + "en/"


class _Watch:
    """Requests a page made: blocked (another host), failed (HTTP >= 400) and page errors."""

    def __init__(self) -> None:
        self.blocked: list[str] = []
        self.failed: list[str] = []
        self.errors: list[str] = []

    def attach(self, page: Any) -> None:
        from playwright.sync_api import Route

        def only_local(route: Route) -> None:
            if urlparse(route.request.url).hostname == "127.0.0.1":
                route.continue_()
            else:
                self.blocked.append(route.request.url)
                route.abort()

        page.route("**/*", only_local)
        page.on(
            "response",
            lambda r: self.failed.append(f"{r.status} {r.url}") if r.status >= 400 else None,
        )
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def check(self) -> None:
        assert self.blocked == [], f"requests to other hosts: {self.blocked}"
        assert self.failed == [], f"failed requests: {self.failed}"
        assert self.errors == [], f"page errors: {self.errors}"


@pytest.fixture(scope="module")
def browser(site: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            yield b
        finally:
            b.close()


def _timed(action: Callable[[], None], until: Callable[[], None]) -> float:
    t0 = time.perf_counter()
    action()
    until()
    return (time.perf_counter() - t0) * 1000


def test_a_chapter_board_plays_under_pyodide_offline(
    site: str, browser: Any, record_property: Callable[[str, object], None]
) -> None:
    from playwright.sync_api import expect

    watch = _Watch()
    context = browser.new_context()
    page = context.new_page()
    watch.attach(page)
    try:
        page.goto(site + CHAPTER)
        fig = page.locator(LIVE)
        widget = fig.locator(".puffteach-widget")
        # At once: the embedded position, drawn by board.js before any engine runs.
        expect(fig.locator(".pt-board svg")).to_be_visible()
        position = fig.locator("input.pt-position")
        expect(position).to_have_value("W:0x15 B:0x15 w")

        # The engine starts by itself (the page idle, or the pointer near a board), in a Web
        # Worker: Pyodide never loads on the page's own thread.
        start = fig.locator("button.pt-start")
        t0 = time.perf_counter()
        expect(widget).to_have_attribute("data-engine", "ready", timeout=BOOT_TIMEOUT_MS)
        boot_ms = (time.perf_counter() - t0) * 1000
        expect(start).to_be_hidden()
        assert page.evaluate("typeof window.loadPyodide") == "undefined"
        assert page.evaluate("typeof window.pyodide") == "undefined"

        # Set the dice 5 5 with the board's controls: the moves due, in order.
        fig.locator("select.pt-die1").select_option("5")
        fig.locator("select.pt-die2").select_option("5")
        fig.locator("button.pt-setdice").click()
        expect(fig.locator(".pt-dice .pt-die.pt-due")).to_have_text(["5", "5", "2", "2"])

        # Click the waiting checkers: the legal target (point 5) lights up.
        target = fig.locator('g.pt[data-point="5"]')
        highlight_ms = _timed(
            lambda: fig.locator('g.pool[data-pool="w0"]').click(),
            lambda: expect(target).to_have_attribute("data-target", "1"),
        )
        expect(fig.locator('[data-target="1"]')).to_have_count(1)

        # A forbidden point: the explanation names the rule and its source.
        fig.locator('g.pt[data-point="7"]').click()
        message = fig.locator(".pt-message")
        expect(message).to_have_class("pt-message pt-error")
        expect(message).to_contain_text("P-dice")
        expect(message).to_contain_text("LT, Förflyttningen av brickorna")

        # Move: the position and the remaining dice change.
        target.click()
        expect(position).to_have_value("W:0x14,5 B:0x15 w")
        expect(fig.locator(".pt-dice .pt-die.pt-due")).to_have_text(["5", "2", "2"])
        expect(fig.locator(".pt-dice .pt-die.pt-used")).to_have_count(1)

        # The pasch order: a 2 before the second 5 is refused by P-pasch-1.
        fig.locator('g.pool[data-pool="w0"]').click()
        fig.locator('g.pt[data-point="2"]').click()
        expect(message).to_contain_text("P-pasch-1")
        expect(position).to_have_value("W:0x14,5 B:0x15 w")

        # More click-to-highlight samples (deselect by clicking the pool again, reselect).
        samples = [highlight_ms]
        for _ in range(5):
            fig.locator('g.pool[data-pool="w0"]').click()
            expect(target).not_to_have_attribute("data-target", "1")
            samples.append(
                _timed(
                    lambda: fig.locator('g.pool[data-pool="w0"]').click(),
                    lambda: expect(target).to_have_attribute("data-target", "1"),
                )
            )
        engine_ms = page.evaluate("window.__puffteachEngineMs")
        watch.check()
    finally:
        context.close()

    median = statistics.median(samples)
    print(
        f"\nstatic book: page load to interactive board {boot_ms:.0f} ms "
        f"(Pyodide + wheel {engine_ms:.0f} ms); click-to-highlight median {median:.0f} ms, "
        f"max {max(samples):.0f} ms over {len(samples)} clicks"
    )
    record_property("time_to_interactive_ms", round(boot_ms))
    record_property("engine_boot_ms", round(engine_ms))
    record_property("click_to_highlight_median_ms", round(median))
    record_property("click_to_highlight_max_ms", round(max(samples)))


def test_a_notebook_board_plays_from_its_embedded_state(site: str, browser: Any) -> None:
    from playwright.sync_api import expect

    watch = _Watch()
    context = browser.new_context()
    page = context.new_page()
    watch.attach(page)
    try:
        page.goto(site + "notebooks/00-the-board.html")
        # rendered by the vendored html-manager + anywidget from the embedded widget state
        widget = page.locator(".puffteach-widget").first
        expect(widget).to_have_attribute("data-engine", "idle", timeout=30_000)
        position = widget.locator("input.pt-position")
        before = position.input_value()
        assert before, "the embedded state shows a position"
        undo = widget.locator("button.pt-undo")
        expect(undo).to_be_enabled()
        undo.click()  # the first action boots the engine, then applies the undo
        expect(widget).to_have_attribute("data-engine", "ready", timeout=BOOT_TIMEOUT_MS)
        expect(position).not_to_have_value(before)
        watch.check()
    finally:
        context.close()


#: the notebook pages that show a board (a Board a cell displays), with one stored in English
NOTEBOOK_BOARDS = ["notebooks/00-the-board.html", "notebooks/03-pierer.html"]

#: every word a board shows: each leaf element's text (buttons, labels, options, the message,
#: the history, the drawing's <text> and <title>) and every aria-label and title
BOARD_TEXTS_JS = """(root) => {
  const out = [];
  for (const el of [root, ...root.querySelectorAll("*")]) {
    if (!el.children.length && el.textContent.trim()) out.push(el.textContent.trim());
    for (const a of ["aria-label", "title"]) {
      const v = el.getAttribute(a);
      if (v && v.trim()) out.push(v.trim());
    }
  }
  return out;
}"""


def _notebook_board(browser: Any, url: str) -> dict[str, Any]:
    """What the first board of a notebook page shows before any action (no engine loaded)."""
    from playwright.sync_api import expect

    watch = _Watch()
    context = browser.new_context()
    page = context.new_page()
    watch.attach(page)
    try:
        page.goto(url)
        widget = page.locator(".puffteach-widget").first
        expect(widget).to_have_attribute("data-engine", "idle", timeout=30_000)
        shown = {
            "texts": widget.evaluate(BOARD_TEXTS_JS),
            "lang": widget.get_attribute("lang"),
            "position_label": widget.locator("input.pt-position").get_attribute("aria-label"),
            "roll": widget.locator("button.pt-roll").text_content(),
            "message": widget.locator(".pt-message").text_content(),
            "history": widget.locator("ol.pt-history li").all_text_contents(),
        }
        watch.check()
        return shown
    finally:
        context.close()


@pytest.mark.parametrize("path", NOTEBOOK_BOARDS)
def test_a_notebook_board_speaks_the_page_language(site: str, browser: Any, path: str) -> None:
    """Issue 41 item 5 / issue 44 item 6: the book runs the notebooks' English code, so their
    boards were stored speaking English; on a Swedish page the board opens in Swedish (before
    any engine loads) with no English word left, and the English page's board stays English."""
    from puffteach.messages import text
    from puffteach.widget.protocol import ui_words

    root = site.removesuffix("en/")
    shown = {lang: _notebook_board(browser, f"{root}{lang}/{path}") for lang in ("en", "sv")}
    for lang, board in shown.items():
        assert board["lang"] == lang
        assert board["position_label"] == text("ui.position", lang)  # "position", "ställning"
        assert board["roll"] == text("ui.roll", lang)
        assert board["message"], "the stored board says something"
        for line in board["history"]:
            assert line.startswith(text("board.history.white", lang) + " "), line
    en, sv = shown["en"], shown["sv"]
    assert sv["message"] != en["message"]
    # nothing with words in it is the same on both pages, unless the catalogue says it alike
    # in both languages (the language names of the board's switch)
    ui_en, ui_sv = ui_words("en"), ui_words("sv")
    alike = {v for k, v in ui_en.items() if ui_sv.get(k) == v}
    wordy = {t for t in set(en["texts"]) & set(sv["texts"]) if re.search(r"[^\W\d_]{2,}", t)}
    assert wordy <= alike, sorted(wordy - alike)
    english = {v for k, v in ui_en.items() if ui_sv.get(k) != v}
    assert not english & set(sv["texts"]), sorted(english & set(sv["texts"]))


def test_a_notebook_boards_own_language_switch_still_works(site: str, browser: Any) -> None:
    """The Swedish page's board (stored in Swedish) turns English by its own switch: the
    engine boots and runs the board's ``view`` step."""
    from playwright.sync_api import expect

    from puffteach.messages import text

    watch = _Watch()
    context = browser.new_context()
    page = context.new_page()
    watch.attach(page)
    try:
        page.goto(site.removesuffix("en/") + "sv/notebooks/03-pierer.html")
        widget = page.locator(".puffteach-widget").first
        position = widget.locator("input.pt-position")
        expect(position).to_have_attribute("aria-label", text("ui.position", "sv"))
        widget.locator("select.pt-lang").select_option("en")
        expect(widget).to_have_attribute("data-engine", "ready", timeout=BOOT_TIMEOUT_MS)
        expect(position).to_have_attribute("aria-label", text("ui.position", "en"))
        expect(widget).to_have_attribute("lang", "en")
        expect(widget.locator("button.pt-roll")).to_have_text(text("ui.roll", "en"))
        watch.check()
    finally:
        context.close()


@pytest.mark.parametrize("path", RUNTIME_PAGES)
def test_pages_load_nothing_from_another_host(site: str, browser: Any, path: str) -> None:
    watch = _Watch()
    context = browser.new_context()
    page = context.new_page()
    watch.attach(page)
    try:
        page.goto(site + path, wait_until="load")
        page.wait_for_load_state("networkidle")
        if page.locator("figure.puffteach-live").count():  # its engine loads from this site too
            page.wait_for_selector(".puffteach-widget[data-engine=ready]", timeout=BOOT_TIMEOUT_MS)
            page.wait_for_load_state("networkidle")
        watch.check()
    finally:
        context.close()


def test_the_language_switch_keeps_the_chapter(site: str, browser: Any) -> None:
    """The site's root opens the English book; on a Swedish chapter the switch leads to the
    German and the English version of the same chapter (and back)."""
    from playwright.sync_api import expect

    watch = _Watch()
    page = browser.new_page()
    watch.attach(page)
    root = site.removesuffix("en/")
    page.goto(root)
    page.wait_for_url("**/en/book/index.html")
    assert page.get_attribute("html", "lang") == "en"

    page.goto(root + "sv/" + CHAPTER)
    assert page.get_attribute("html", "lang") == "sv"
    expect(page.locator("h1").first).to_contain_text("Puff enligt Lyckans Talisman")
    switch = page.locator("nav.puffteach-langswitch")
    expect(switch.locator("[aria-current=page]")).to_have_text("Svenska")
    for name, lang in (("Deutsch", "de"), ("English", "en"), ("Svenska", "sv")):
        page.locator("nav.puffteach-langswitch").get_by_role("link", name=name).click()
        page.wait_for_url(f"**/{lang}/{CHAPTER}")
        assert page.get_attribute("html", "lang") == lang
        expect(page.locator("nav.puffteach-langswitch [aria-current=page]")).to_have_text(name)
    page.close()
    watch.check()


# ------------------------------------------------------------------ the engine's snapshot


def test_the_sparse_snapshot_form_leaves_out_zero_pages() -> None:
    from puffteach.sphinxext.snapshot import MAGIC, decode_sparse, encode_sparse

    page = 4096
    # pages: zero | "ab" then zeros | zero | "xyz" (a short last page)
    data = bytes(page) + b"ab" + bytes(page - 2) + bytes(page) + b"xyz"
    sparse = encode_sparse(data, page)
    # header: magic, the full length, two runs: (4096, 4096) and (12288, 3)
    head = (MAGIC, len(data), 2, page, page, 3 * page, 3)
    assert struct.unpack_from("<7I", sparse) == head
    assert sparse[28:] == b"ab" + bytes(page - 2) + b"xyz"
    assert decode_sparse(sparse) == data
    assert decode_sparse(encode_sparse(bytes(3 * page), page)) == bytes(3 * page)
    with pytest.raises(ValueError, match="magic"):
        decode_sparse(b"\0" * 12)


def test_the_worker_functions_speak_json() -> None:
    from puffteach.widget import worker

    state = json.loads(worker.initial_json(json.dumps({"rules": "kontrar-puff", "seed": 3})))
    assert state["rules"] == "kontrar-puff" and state["position"] == "W:0x15 B:0x15 w"
    dice = json.dumps({"type": "set_dice", "dice": [5, 5]})
    state = json.loads(worker.step_json(json.dumps(state), dice))
    assert state["remaining"] == [5, 5, 2, 2]  # konträr puff: a pasch 5-5 plays 5, 5, 2, 2
    refused = json.loads(worker.initial_json(json.dumps({"rules": "no-such-rules"})))
    assert "no-such-rules" in refused["error"]
    assert isinstance(json.loads(worker.players_json()), list)
    # two rule sets, each: a roll, a selection, a refusal, a move, an undo (the first turn)
    assert worker.warm_up(turns=1) == 2 * 5


def test_the_book_ships_an_engine_snapshot_and_live_pages_start_the_engine_early(
    built_book: Path,
) -> None:
    from puffteach.sphinxext.snapshot import MAGIC, decode_sparse

    snap = built_book.parent / "_static" / "puffteach" / "engine.snapshot.gz"
    if not snap.is_file():
        pytest.skip("the book was built without Node: no engine snapshot")
    sparse = gzip.decompress(snap.read_bytes())
    magic, length, runs = struct.unpack_from("<III", sparse)
    assert magic == MAGIC and 0 < runs
    memory = decode_sparse(sparse)
    assert len(memory) == length > len(sparse)  # zero pages left out
    # the engine's modules are in Pyodide's memory (their names, as Python keeps them)
    assert b"puffteach.widget.protocol" in memory and b"puffteach.widget.worker" in memory

    def config(page: str) -> dict[str, Any]:
        text = (built_book / page).read_text(encoding="utf-8")
        start = text.index("window.PUFFTEACH = ") + len("window.PUFFTEACH = ")
        return dict(json.JSONDecoder().raw_decode(text[start:])[0])

    chapter = config(CHAPTER)  # a live board
    assert chapter["snapshot"].startswith("../../_static/puffteach/engine.snapshot.gz?v=")
    assert chapter["preboot"] is True
    assert config("book/index.html")["preboot"] is False  # no board to play
    assert config("book/play.html")["preboot"] is True


class _CountingFiles(_QuietFiles):
    """The site's files, each request's path and the bytes sent for it kept in ``sent``."""

    sent: list[tuple[str, int]] = []

    def copyfile(self, source: Any, outputfile: Any) -> None:
        start = source.tell()
        super().copyfile(source, outputfile)
        self.sent.append((urlparse(self.path).path, source.tell() - start))


def test_english_swedish_and_german_pages_download_the_engine_once(
    built_site: Path, browser: Any, record_property: Callable[[str, object], None]
) -> None:
    """Issue 44 item 3: a reader who opens a chapter in English, then Swedish, then German in
    one browser downloads Pyodide, the wheel and the snapshot once (the server counts the bytes
    it sends), and every language's board plays with the one engine."""
    from playwright.sync_api import expect

    class Files(_CountingFiles):
        sent: list[tuple[str, int]] = []

    handler = functools.partial(Files, directory=str(built_site))
    with serve(handler) as root:
        context = browser.new_context()
        page = context.new_page()
        watch = _Watch()
        watch.attach(page)
        try:
            for lang in ("en", "sv", "de"):
                page.goto(root + f"{lang}/" + CHAPTER)
                fig = page.locator(LIVE)
                widget = fig.locator(".puffteach-widget")
                expect(widget).to_have_attribute("data-engine", "ready", timeout=BOOT_TIMEOUT_MS)
                _plays_a_pasch_entry(fig)
            watch.check()
        finally:
            context.close()
    engine = [(p, n) for p, n in Files.sent if "/_static/puffteach/" in p and "board." not in p]
    paths = [p for p, _ in engine]
    heavy = ("pyodide.asm.wasm", "python_stdlib.zip", ".whl", "engine.snapshot.gz")
    for name in heavy:
        got = [p for p in paths if p.endswith(name)]
        assert len(got) <= 1, got  # never once per language
        assert all(p.startswith("/_static/puffteach/") for p in got), got  # the site's root
    assert any(p.endswith("pyodide.asm.wasm") for p in paths), paths
    total = sum(n for _, n in engine)
    per_lang = {
        lang: sum(n for p, n in Files.sent if p.startswith(f"/{lang}/"))
        for lang in "en sv de".split()
    }
    assert 0 < total < 40_000_000
    # the second and third language add only their pages (no engine file under /<lang>/)
    assert not any(p.startswith(("/en/", "/sv/", "/de/")) and p.endswith(heavy) for p in paths)
    print(f"\nengine bytes for three languages: {total / 1e6:.1f} MB; pages: {per_lang}")
    record_property("engine_bytes_three_languages", total)


def test_the_book_made_available_offline_opens_and_plays_a_chapter_never_opened(
    built_site: Path, browser: Any
) -> None:
    """Issue 44 item 4: on the front page, "Make the book available offline" keeps every page
    of the English book and the engine (a progress bar counts the files); with the server
    stopped, a chapter never opened before opens and its live board plays."""
    from playwright.sync_api import expect

    context = browser.new_context()
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        with serve_directory(built_site) as root:
            page.goto(root + "en/book/index.html")
            box = page.locator(".puffteach-offline")
            button = box.locator("button.pt-offline-btn")
            expect(button).to_have_text("Make the book available offline")
            expect(box.locator(".pt-offline-about")).to_contain_text("MB")
            button.click()
            expect(box).to_have_attribute("data-state", "ready", timeout=180_000)
            bar = box.locator("progress.pt-offline-bar")
            total = int(bar.evaluate("b => b.max"))
            assert total > 100 and bar.evaluate("b => b.value") == total
            expect(box.locator(".pt-offline-status")).to_contain_text(f"({total} files)")
        # the server is gone: a chapter not opened before, and its live board
        page.goto(root + "en/" + CHAPTER)
        fig = page.locator(LIVE)
        expect(fig.locator(".pt-board svg")).to_be_visible()
        expect(fig.locator(".puffteach-widget")).to_have_attribute(
            "data-engine", "ready", timeout=BOOT_TIMEOUT_MS
        )
        _plays_a_pasch_entry(fig)
        page.goto(root + "en/book/05-brade-family.html")
        expect(page.locator("h1").first).to_contain_text("Behrens")
        assert errors == []
    finally:
        context.close()


def test_over_plain_http_on_a_lan_the_offline_control_says_why_and_boards_play(
    built_site: Path, browser: Any
) -> None:
    """Issue 44 item 4: a LAN address over plain http (here book.test, which Chromium maps to
    127.0.0.1) is no secure context: no service worker, so the offline control says what it
    needs instead of failing, and a chapter's live board still plays."""
    from playwright.sync_api import expect

    host = "book.test"
    with serve_directory(built_site) as root:
        port = urlparse(root).port
        args = [*ARGS, f"--host-resolver-rules=MAP {host} 127.0.0.1"]
        # a browser of its own (the name mapped), from the module's Playwright
        b = browser.browser_type.launch(executable_path=str(CHROMIUM), headless=True, args=args)
        try:
            page = b.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(f"http://{host}:{port}/sv/book/index.html")
            assert page.evaluate("window.isSecureContext") is False
            box = page.locator(".puffteach-offline")
            expect(box).to_have_attribute("data-state", "no-worker")
            expect(box.locator("button.pt-offline-btn")).to_be_disabled()
            expect(box.locator(".pt-offline-status")).to_contain_text("https")
            page.goto(f"http://{host}:{port}/sv/" + CHAPTER)
            fig = page.locator(LIVE)
            expect(fig.locator(".puffteach-widget")).to_have_attribute(
                "data-engine", "ready", timeout=BOOT_TIMEOUT_MS
            )
            _plays_a_pasch_entry(fig)
            assert errors == []
        finally:
            b.close()


def _plays_a_pasch_entry(fig: Any) -> None:
    """Dice 5 5 set on a Puff start board: the waiting checkers may enter on point 5 only (the
    5s first), and entering moves one checker there."""
    from playwright.sync_api import expect

    fig.locator("select.pt-die1").select_option("5")
    fig.locator("select.pt-die2").select_option("5")
    fig.locator("button.pt-setdice").click()
    expect(fig.locator(".pt-dice .pt-die.pt-due")).to_have_text(["5", "5", "2", "2"])
    fig.locator('g.pool[data-pool="w0"]').click()
    target = fig.locator('g.pt[data-point="5"]')
    expect(target).to_have_attribute("data-target", "1")
    expect(fig.locator('[data-target="1"]')).to_have_count(1)
    target.click()
    expect(fig.locator("input.pt-position")).to_have_value("W:0x14,5 B:0x15 w")


def _has_snapshot(site: str) -> bool:
    from urllib.request import urlopen

    with urlopen(site + CHAPTER) as r:
        return b"engine.snapshot.gz" in r.read()


def _boot_phases(page: Any, until: str) -> dict[str, Any]:
    page.wait_for_function(
        f"(p => p && ({until}))(window.__puffteachBootPhases)", timeout=BOOT_TIMEOUT_MS
    )
    return dict(page.evaluate("window.__puffteachBootPhases"))


def test_the_engine_restores_the_books_snapshot_then_the_kept_copy(site: str, browser: Any) -> None:
    """The first page restores the book's snapshot (no Python start) and keeps a copy; the
    next page's head starts the worker at once, which restores that copy. Both play."""
    from playwright.sync_api import expect

    if not _has_snapshot(site):
        pytest.skip("the book was built without Node: no engine snapshot")
    watch = _Watch()
    context = browser.new_context()
    page = context.new_page()
    watch.attach(page)
    try:
        page.goto(site + CHAPTER)
        fig = page.locator(LIVE)
        expect(fig.locator(".puffteach-widget")).to_have_attribute(
            "data-engine", "ready", timeout=BOOT_TIMEOUT_MS
        )
        phases = _boot_phases(page, "p.snapshot_saved !== undefined")
        assert phases["restored"] == "book", phases
        assert isinstance(phases["snapshot_saved"], int) and not phases.get("snapshot_made")
        _plays_a_pasch_entry(fig)

        page.goto(site + "book/08-teaching.html")  # another page with live boards
        fig = page.locator("figure.puffteach-live").first
        expect(fig.locator(".puffteach-widget")).to_have_attribute(
            "data-engine", "ready", timeout=BOOT_TIMEOUT_MS
        )
        phases = _boot_phases(page, "p.restored !== undefined")
        assert phases["restored"] == "stored", phases
        assert page.evaluate("window.__puffteachClient.preboot") is True
        watch.check()
    finally:
        context.close()


def test_without_the_books_snapshot_the_browser_makes_and_keeps_its_own(
    site: str, browser: Any
) -> None:
    """No snapshot file (a build without Node, or one that does not load): the first boot
    starts Python, imports the engine and, when idle, keeps a snapshot of its own; the next
    page restores it and its engine plays."""
    from playwright.sync_api import expect

    context = browser.new_context()
    asked: list[str] = []

    def no_snapshot(route: Any) -> None:
        asked.append(route.request.url)
        route.fulfill(status=404, body="")

    context.route("**/engine.snapshot.gz*", no_snapshot)
    page = context.new_page()
    try:
        for n, path in enumerate((CHAPTER, "book/01-board-and-family.html", CHAPTER)):
            page.goto(site + path)
            fig = page.locator("figure.puffteach-live").first
            expect(fig.locator(".puffteach-widget")).to_have_attribute(
                "data-engine", "ready", timeout=BOOT_TIMEOUT_MS
            )
            if n == 0:
                phases = _boot_phases(page, "p.snapshot_saved !== undefined")
                assert phases["restored"] is False, phases
                assert phases["snapshot_made"] is True and phases["snapshot_saved"] > 0, phases
            else:
                phases = _boot_phases(page, "p.restored !== undefined")
                assert phases["restored"] == "stored", phases
        _plays_a_pasch_entry(page.locator(LIVE))
        assert asked, "the worker asked for the book's snapshot"
    finally:
        context.close()


def test_a_swedish_chapter_board_refuses_in_swedish(
    site: str, browser: Any, built_site: Path
) -> None:
    """The real Swedish chapter 2 (``sv/book/02-lt-puff.html``) served with the whole site: its
    live board runs the engine in the browser and refuses 0/5 on 3-5 in Swedish; the language
    switch then moves between the three versions of the same chapter. Opened from disk, the
    Swedish and German pages say in their own language how to serve the book."""
    from playwright.sync_api import expect

    watch = _Watch()
    context = browser.new_context()
    page = context.new_page()
    watch.attach(page)
    root = site.removesuffix("en/")
    try:
        page.goto(root + "sv/" + CHAPTER)
        assert page.get_attribute("html", "lang") == "sv"
        fig = page.locator(LIVE)
        # Swedish before any engine runs: the words come with the page's state
        expect(fig.locator("button.pt-roll")).to_have_text("Slå")
        expect(fig.locator(".pt-board svg")).to_contain_text("Vit på tur")
        fig.locator("select.pt-die1").select_option("3")
        fig.locator("select.pt-die2").select_option("5")
        fig.locator("button.pt-setdice").click()
        expect(fig.locator(".puffteach-widget")).to_have_attribute(
            "data-engine", "ready", timeout=BOOT_TIMEOUT_MS
        )
        expect(fig.locator(".pt-dice .pt-die.pt-due")).to_have_text(["3", "5"])
        # LT, Förflyttningen av brickorna: the lower die is moved first, so White may not enter
        # with the 5 (0/5) while the 3 is still to play; the board says so in LT's words
        fig.locator('g.pool[data-pool="w0"]').click()
        fig.locator('g.pt[data-point="5"]').click()
        expect(fig.locator(".pt-message")).to_contain_text(
            "den lägre tärningen ska flyttas först: flytta 3:an före 5:an"
        )
        # the board's own switch turns its words German (the page stays Swedish)
        fig.locator("select.pt-lang").select_option("de")
        expect(fig.locator("button.pt-roll")).to_have_text("Würfeln")
        expect(fig.locator("button.pt-undo")).to_have_text("Rückgängig")
        expect(fig.locator(".pt-board svg")).to_contain_text("Weiß am Zug")
        # the page's switch: the same chapter in German, English and back in Swedish
        switch = page.locator("nav.puffteach-langswitch")
        expect(switch.locator("[aria-current=page]")).to_have_text("Svenska")
        for name, lang, title in (
            ("Deutsch", "de", "Puff nach Lyckans Talisman"),
            ("English", "en", "Puff after Lyckans Talisman"),
            ("Svenska", "sv", "Puff enligt Lyckans Talisman"),
        ):
            page.locator("nav.puffteach-langswitch").get_by_role("link", name=name).click()
            page.wait_for_url(f"**/{lang}/{CHAPTER}")
            assert page.get_attribute("html", "lang") == lang
            expect(page.locator("h1").first).to_contain_text(title)
            expect(page.locator(LIVE)).to_be_visible()
        watch.check()

        # from disk (file://) no engine can load: the figure's note says how to serve the book
        for lang, words in (
            ("sv", "kan det här brädet inte spela: servera boken"),
            ("de", "kann dieses Brett nicht spielen: stelle das Buch über einen Server bereit"),
        ):
            local = context.new_page()
            local.goto((built_site / lang / CHAPTER).resolve().as_uri())
            note = local.locator(f"{LIVE} .pt-file-note")
            expect(note).to_be_visible()
            expect(note).to_contain_text(words)
            local.close()
    finally:
        context.close()
