"""The class pages in Chromium against a real ``python -m puffteach serve`` (SQLite temp DB).

A teacher creates a class on ``/class/``; two pupils join by its code on ``/class/join``; the
teacher pairs them with a button and opens their table full size; a spectator opens the
table's watch page. The two pupils play a whole game, from the first roll to its end, by
clicking: the roll button, a checker, then its target (which step is legal the test reads from
the table message the pupil's page received, as the board does). After every step the other
pupil, the spectator, the teacher's small board (its overview card) and the teacher's full-size
board show it. A reload of a pupil's page mid-game, and later a pupil's page closed and opened
again, sit down at the same seat with the same position. Hint is offered only while the
teacher allows it. At the end both pupils and the spectator see the match over, the teacher sees the
result and asks for the review of the game.

The class is seeded (the test server takes a ``seed`` for a class with the same dice at every
table), so the dice and the game are the same in every run: with the seed and choices below
the bräde game ends by jan after 16 rolls (about 80 stored steps, each click one). The site is
reached as ``http://classroom.test:PORT`` (Chromium maps the name to 127.0.0.1), not as
localhost: the pages must work on a plain-http LAN address. Nothing may load from another host.
"""

from __future__ import annotations

import json
import random
import re
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from tests.classserver import free_port, server_process
from tests.conftest import CHROMIUM, CHROMIUM_ARGS

HOST = "classroom.test"
#: the class's dice seed and the seed of the test's choice among the legal steps: a short game
CLASS_SEED = 6
CHOICE_SEED = 0
#: a bound on the stored steps of the game (the seeded game takes about 80)
MAX_STEPS = 400

#: the checker counts of every point and pool of a board (document order), as one string
COUNTS = "sel => [...document.querySelectorAll(sel)].map(e => e.dataset.count).join()"
BIG = "#board .pt-board g.pt, #board .pt-board g.pool"

#: what a board (the element ``sel``) shows, whatever its orientation: every physical point's
#: checkers and highlight, the pools, the dice (sorted by place)
SIG = """sel => {
  const el = document.querySelector(sel);
  if (!el) return null;
  return [...el.querySelectorAll("svg g.pt, svg g.pool, svg g.die")].map((g) =>
    g.classList.contains("pt")
      ? `p${g.dataset.point}:${g.dataset.count}:${g.dataset.color}:${g.dataset.highlight || ""}`
      : g.classList.contains("pool") ? `o${g.dataset.pool}:${g.dataset.count}`
        : `d${g.dataset.die}:${g.dataset.value}:${g.dataset.used}`).sort().join(" ");
}"""
#: the points alone (a small board: the teacher's overview card), with the selection's marks
POINTS = """el => [...el.querySelectorAll("svg g.pt")].map((g) =>
  `p${g.dataset.point}:${g.dataset.count}:${g.dataset.color}:${g.dataset.highlight || ""}`)
  .sort().join(" ")"""

#: every page keeps the last (public) table message its WebSocket received, with the board it
#: leaves the page holding (a message may carry only a patch on the board before: PROTOCOL.md):
#: what the board was given to draw, and so what the test may click
KEEP_LAST_TABLE = """(() => {
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      const held = {};
      this.addEventListener("message", (e) => {
        let m = null;
        try { m = JSON.parse(e.data); } catch (err) { return; }
        if (!m || m.type !== "table") return;
        const id = m.table.id;
        if (m.state) held[id] = m.state;
        else if (m.patch && held[id]) held[id] = { ...held[id], ...m.patch };
        else return;
        m.state = held[id];
        if (!m.private && (!window.__last || m.rev >= window.__last.rev)) window.__last = m;
      });
    }
  };
})();"""
#: the fields of that message the test acts on
LAST = """() => {
  const m = window.__last;
  if (!m) return null;
  const s = m.state;
  return {rev: m.rev, seat: m.seat, status: m.table.status, to_move: s.to_move,
          can_roll: !!s.can_roll, can_end_roll: !!s.can_end_roll,
          can_name_pasch: !!s.can_name_pasch, legal_moves: s.legal_moves || [],
          outcome: s.outcome || null, table: m.table};
}"""


def same_counts(page: Any, sel: str, want: str) -> None:
    """Wait until the board ``sel`` of ``page`` shows the checker counts ``want``."""
    page.wait_for_function(f"([sel, want]) => ({COUNTS})(sel) === want", arg=[sel, want])


def last(page: Any) -> dict[str, Any]:
    out: dict[str, Any] = page.evaluate(LAST)
    return out


def place(colour: str, where: str) -> str:
    """The board element of a place in ``colour``'s path numbering (``0`` the pool of checkers
    waiting to enter, ``off``/``25`` the borne-off pool)."""
    if where == "0":
        return f'#board g.pool[data-pool="{colour}0"]'
    if where in ("off", "25"):
        return f'#board g.pool[data-pool="{colour}25"]'
    side = "white" if colour == "w" else "black"
    return f'#board g.pt[data-{side}="{where}"]'


def click_step(page: Any, selector: str, rev: int) -> dict[str, Any]:
    """Click ``selector`` on ``page`` and wait until the server's answer (revision ``rev`` + 1)
    has reached the page and its board: ``{"last": LAST, "sig": SIG of the board}``."""
    page.click(selector)
    try:
        handle = page.wait_for_function(
            f"""r => {{
              const m = window.__last;
              return m && m.rev > r && JSON.stringify({{last: ({LAST})(), sig: ({SIG})("#board")}});
            }}""",
            arg=rev,
            timeout=10_000,
        )
    except Exception as e:  # noqa: BLE001 - say what the page said
        raise AssertionError(
            f"no answer to a click on {selector}: " + page.locator("#error").inner_text()
        ) from e
    got: dict[str, Any] = json.loads(handle.json_value())
    assert got["last"]["rev"] == rev + 1, (got["last"]["rev"], rev)
    return got


def test_a_class_plays_a_whole_game_by_clicks(tmp_path: Path) -> None:
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium")
    from playwright.sync_api import Page, Route, expect, sync_playwright

    expect.set_options(timeout=20_000)
    db = f"sqlite:///{tempfile.mkdtemp(prefix='puffteach-pages-')}/classes.sqlite3"
    port = free_port()
    with server_process(db, port=port, testing=True), sync_playwright() as pw:
        site = f"http://{HOST}:{port}"
        args = [*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {HOST} 127.0.0.1"]
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=args)
        blocked: list[str] = []
        errors: list[str] = []

        def only_local(route: Route) -> None:
            if urlparse(route.request.url).hostname == HOST:
                route.continue_()
            else:
                blocked.append(route.request.url)
                route.abort()

        def new_page(context: Any = None) -> Page:
            page = (context or browser.new_context(locale="en-GB")).new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.add_init_script(KEEP_LAST_TABLE)
            page.route("**/*", only_local)
            return page

        def seeded(route: Route) -> None:
            """The class form's request with the test's dice seed added."""
            body = json.loads(route.request.post_data or "{}")
            assert body["same_dice"] is True
            route.continue_(post_data=json.dumps({**body, "seed": CLASS_SEED}))

        try:
            # the teacher creates a class through the form (every table the same dice)
            teacher = new_page()
            teacher.route("**/api/classes", seeded)
            teacher.goto(site + "/class/")
            expect(teacher.locator("button[type=submit]")).to_have_text("Create the class")
            expect(teacher.locator("select[name=computer_level] option")).not_to_have_count(0)
            teacher.fill("input[name=name]", "4B <i>")
            teacher.select_option("select[name=rules]", "brade-standard")
            teacher.check("input[name=same_dice]")
            teacher.click("button[type=submit]")
            teacher.wait_for_url("**/class/teach#*")
            code_el = teacher.locator("#code")
            expect(code_el).to_have_text(re.compile(r"^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$"))
            code = code_el.inner_text()
            expect(teacher.locator("#class-name")).to_have_text("4B <i>")  # text, not HTML
            expect(teacher.locator("#qr svg")).to_have_count(1)
            key = teacher.evaluate("JSON.parse(localStorage.getItem('puffteach.teacher'))")
            (entry,) = key.values()
            assert len(entry["key"]) >= 20 and entry["key"] not in teacher.url
            address = teacher.locator("#address").input_value()
            assert address.endswith(f"/class/join?code={code}"), address

            # two pupils join by the code (pre-filled from ?code=)
            pupils = []
            for name in ("Ada", "<b>Bo</b>"):  # a name is text wherever it is shown
                p = new_page()
                p.goto(f"{site}/class/join?code={code}")
                expect(p.locator("input[name=code]")).to_have_value(code)
                p.fill("input[name=name]", name)
                p.click("#join button[type=submit]")
                expect(p.locator("#waiting")).to_contain_text(name)
                pupils.append(p)
            names = {id(pupils[0]): "Ada", id(pupils[1]): "<b>Bo</b>"}
            expect(teacher.locator("li.pupil")).to_have_count(2)
            expect(teacher.locator("li.pupil .where").first).to_contain_text("online")

            # the teacher pairs them; each sees the board, without the controls of solo play
            teacher.click("#pair-random")
            for p in pupils:
                expect(p.locator("#board .pt-board svg")).to_be_visible()
                expect(p.locator("#vs")).to_contain_text("You play")
                expect(p.locator("button.pt-new")).to_be_hidden()
                expect(p.locator("button.pt-setup")).to_be_hidden()
                expect(p.locator("button.pt-redo")).to_be_hidden()
                expect(p.locator("select.pt-die1")).to_be_hidden()
                expect(p.locator("button.pt-hint")).to_be_hidden()  # hints are off in this class
                expect(p.locator("input.pt-tutor")).to_be_hidden()  # and so is the tutor
            expect(teacher.locator("li.pupil .name").nth(1)).to_have_text("<b>Bo</b>")
            # the teacher allows hints: the pupils' pages offer Hint at once (taken back below)
            teacher.check("#hints")
            for p in pupils:
                expect(p.locator("button.pt-hint")).to_be_visible()
                expect(p.locator("input.pt-tutor")).to_be_hidden()
            expect(pupils[0].locator("#vs")).to_contain_text("<b>Bo</b>")
            expect(pupils[0].locator("#score")).to_contain_text("0 – 0")  # the match's score
            expect(teacher.locator(".table-card")).to_have_count(1)
            expect(teacher.locator(".table-card .small svg")).to_have_count(1)
            expect(teacher.locator(".table-card .names")).to_contain_text("<b>Bo</b>")
            # a click on the small board watches the table full size (read-only)
            teacher.click(".table-card .small")
            expect(teacher.locator("#big-board .pt-board svg")).to_be_visible()
            expect(teacher.locator("#big-board button.pt-roll")).to_be_hidden()
            # a spectator opens the table's watch address: the board, no play buttons
            href = teacher.locator(".table-card a.watch-link").get_attribute("href")
            assert href is not None and href.startswith(f"/class/watch#{code}/")
            spectator = new_page()
            spectator.goto(site + href)
            expect(spectator.locator("#board .pt-board svg")).to_be_visible()
            expect(spectator.locator("#board button.pt-roll")).to_be_hidden()

            # who moves: the pupil to move is told so, the other waits
            for p in pupils:
                p.wait_for_function("() => !!window.__last")
            first = [last(p) for p in pupils]
            seat = {first[i]["seat"]: p for i, p in enumerate(pupils)}
            assert set(seat) == {"w", "b"}
            to_move = first[0]["to_move"]
            expect(seat[to_move].locator("#turn")).to_have_text("Your turn.")
            expect(seat["b" if to_move == "w" else "w"].locator("#turn")).to_contain_text(
                "is to move"
            )

            def shown_everywhere(mover: Page, got: dict[str, Any]) -> dict[str, Any]:
                """The step that ``mover`` made (``got``: its revision, its board) is shown by
                the other pupil, the spectator, the teacher's overview card (its revision and
                small board) and the teacher's big board; ``got["last"]``."""
                want, rev = got["sig"], got["last"]["rev"]
                points = " ".join(x for x in want.split() if x[0] == "p")  # marks too
                for page, check in (
                    (seat["b"] if seat["w"] is mover else seat["w"], f"({SIG})('#board') === want"),
                    (spectator, f"({SIG})('#board') === want"),
                    (
                        teacher,
                        f"""({SIG})('#big-board') === want && (() => {{
                          const card = document.querySelector(".table-card");
                          return card && Number(card.dataset.rev) === rev
                            && ({POINTS})(card.querySelector(".small")) === points;
                        }})()""",
                    ),
                ):
                    try:
                        page.wait_for_function(
                            f"([want, rev, points]) => {check}", arg=[want, rev, points]
                        )
                    except Exception as e:  # noqa: BLE001
                        raise AssertionError(
                            f"revision {rev} not shown on {page.url}: "
                            f"{page.evaluate(SIG, '#board')} != {want}"
                        ) from e
                out: dict[str, Any] = got["last"]
                return out

            # the whole game, by clicks: roll, a checker, its target, ... to the end
            rng = random.Random(CHOICE_SEED)
            steps = rolls = 0
            reloaded = reopened = hinted = False
            now = last(seat[to_move])
            while now["status"] == "playing" and not now["outcome"]:
                assert steps < MAX_STEPS, "the game did not end"
                colour = now["to_move"]
                mover = seat[colour]
                if mover is not seat[now["seat"]]:  # the other pupil's turn: their page's view
                    now = last(mover)
                rev = now["rev"]
                if now["can_roll"]:
                    rolls += 1
                    now = shown_everywhere(mover, click_step(mover, "#board button.pt-roll", rev))
                    steps += 1
                elif now["can_name_pasch"]:  # (not in bräde; Puff names its pasch)
                    mover.select_option("#board select.pt-namesel", index=0)
                    now = shown_everywhere(mover, click_step(mover, "#board button.pt-name", rev))
                    steps += 1
                elif now["can_end_roll"]:
                    now = shown_everywhere(mover, click_step(mover, "#board button.pt-end", rev))
                    steps += 1
                else:
                    assert now["legal_moves"], now
                    if not hinted:
                        # the first pupil to choose a play asks for a hint: their page alone
                        # shows the best plays; then the teacher turns hints off again
                        hinted = True
                        mover.click("#board button.pt-hint")
                        expect(mover.locator("#board .pt-hintlist li")).not_to_have_count(0)
                        for p in (seat["w"], seat["b"], spectator):
                            if p is not mover:
                                expect(p.locator("#board .pt-hintbox")).to_be_hidden()
                        teacher.uncheck("#hints")
                        for p in pupils:
                            expect(p.locator("button.pt-hint")).to_be_hidden()
                    move = rng.choice(now["legal_moves"])
                    src, dst = move.rstrip("*").split("/")
                    got = click_step(mover, place(colour, src), rev)  # the checker ...
                    rev = shown_everywhere(mover, got)["rev"]
                    got = click_step(mover, place(colour, dst), rev)  # ... to its target
                    now = shown_everywhere(mover, got)
                    steps += 2
                    if rolls == 3 and not reloaded:
                        # a refresh sits down at the same seat with the same position
                        reloaded = True
                        vs = mover.locator("#vs").inner_text()
                        moved = mover.evaluate(COUNTS, BIG)
                        mover.reload()
                        expect(mover.locator("#board .pt-board svg")).to_be_visible()
                        expect(mover.locator("#vs")).to_have_text(vs)
                        same_counts(mover, BIG, moved)
                        expect(mover.locator("#join")).to_be_hidden()
                        mover.wait_for_function(
                            "r => window.__last && window.__last.rev === r", arg=now["rev"]
                        )
                        now = last(mover)
                        assert now["seat"] == colour
                    elif rolls == 8 and not reopened:
                        # the page is closed (a lid shut) and opened again in the same browser:
                        # the same seat, the same position, and the game goes on
                        reopened = True
                        vs = mover.locator("#vs").inner_text()
                        moved = mover.evaluate(COUNTS, BIG)
                        context = mover.context
                        mover.close()
                        again = new_page(context)
                        again.goto(f"{site}/class/join")
                        expect(again.locator("#vs")).to_have_text(vs)
                        same_counts(again, BIG, moved)
                        expect(again.locator("#join")).to_be_hidden()
                        again.wait_for_function(
                            "r => window.__last && window.__last.rev === r", arg=now["rev"]
                        )
                        names[id(again)] = names[id(mover)]
                        pupils[pupils.index(mover)] = again
                        seat[colour] = mover = again
                        now = last(mover)
                        assert now["seat"] == colour
            assert reloaded and reopened and hinted and rolls >= 10, (reloaded, reopened, rolls)
            outcome = now["outcome"]
            assert outcome and outcome["winner"] in ("w", "b"), now
            assert now["status"] == "finished"  # a match of one game

            # the end, seen by both pupils, the spectator and the teacher
            score = f"{now['table']['score']['w']} – {now['table']['score']['b']}"
            assert now["table"]["score"][outcome["winner"]] == outcome["points"]
            for p in pupils:
                expect(p.locator("#turn")).to_have_text("The match is over.")
                expect(p.locator("#score")).to_have_text(
                    f"match to 1: {names[id(seat['w'])]} {score} {names[id(seat['b'])]}"
                )
            expect(spectator.locator("#turn")).to_have_text("finished")
            expect(teacher.locator(".table-card .line")).to_contain_text("finished")
            winner = names[id(seat[outcome["winner"]])]
            row = teacher.locator("#results tr").nth(1)
            expect(row.locator("td").nth(4)).to_have_text(winner)
            expect(row.locator("td").nth(5)).to_have_text(str(outcome["points"]))
            expect(teacher.locator("#crosstable th")).not_to_have_count(0)
            # the review of the game appears for the teacher: each side's figures, every roll
            row.locator("button.review").click()
            expect(teacher.locator("#big-board .review-sides li")).to_have_count(2)
            expect(teacher.locator("#big-title")).to_contain_text("Review of game 1")
            expect(teacher.locator("#big-board .pt-review-roll")).not_to_have_count(0)
            expect(teacher.locator("#big-board button.pt-roll")).to_be_hidden()
            # the teacher shows a pupil's worst play on the big board (the projector): the
            # position before it, the verdict and the better play as arrows
            expect(teacher.locator("#big-board .review-sides .worst-line").first).to_contain_text(
                re.compile(r"^Worst play of (Ada|<b>Bo</b>): \d+\. (White|Black) ")
            )
            worst = teacher.locator("#big-board .review-sides button.worst").first
            expect(worst).to_have_text("Show on the big board")
            index = int(worst.get_attribute("data-index") or "-1")
            end = teacher.evaluate(COUNTS, "#big-board .pt-board g.pt")
            worst.click()
            verdict = teacher.locator("#big-board .pt-verdict")
            expect(verdict).to_be_visible()
            expect(verdict).to_contain_text(re.compile(rf"^{index + 1}\. (White|Black) \d-\d: "))
            expect(verdict).to_contain_text("Better was")
            expect(teacher.locator("#big-board .pt-hint-arrow")).not_to_have_count(0)
            assert teacher.evaluate(COUNTS, "#big-board .pt-board g.pt") != end
            # any roll of the review, from the board's own list
            roll = teacher.locator("#big-board .pt-review-roll").last
            other_index = int(roll.get_attribute("data-index") or "-1")
            roll.click()
            expect(verdict).to_contain_text(re.compile(rf"^{other_index + 1}\. "))

            # the exports: the results as CSV, the games in the record format
            with teacher.expect_download() as got:
                teacher.click("#export-results")
            rows = Path(got.value.path()).read_text(encoding="utf-8").splitlines()
            assert rows[0] == "table,game,white,black,winner,points,kind"
            assert rows[1].endswith(f",{outcome['winner']},{outcome['points']},{outcome['kind']}")
            with teacher.expect_download() as got:
                teacher.click("#export-games")
            (game,) = json.loads(Path(got.value.path()).read_text(encoding="utf-8"))["games"]
            assert game["record"]["format"] == "puffteach-game/1" and game["winner"]

            # a late pupil joins in Swedish and is paired by hand against the computer
            late = new_page()
            late.goto(f"{site}/class/join?lang=sv&code={code.lower()}")
            expect(late.locator("#join button[type=submit]")).to_have_text("Gå med")
            late.fill("input[name=name]", "Cy")
            late.click("#join button[type=submit]")
            expect(late.locator("#waiting")).to_contain_text("Cy")
            expect(teacher.locator("li.pupil")).to_have_count(3)
            teacher.select_option("#pair-w", label="Cy")
            teacher.select_option("#pair-b", value="")
            teacher.click("#pair")
            expect(late.locator("#board .pt-board svg")).to_be_visible()
            expect(late.locator("#vs")).to_contain_text("(")  # the computer's name and level
            expect(teacher.locator(".table-card")).to_have_count(2)

            # another browser at the dashboard's address does not hold the key
            stranger = new_page()
            stranger.goto(teacher.url)
            expect(stranger.locator("#error")).to_have_text(
                "This browser does not hold the teacher key of this class."
            )
            expect(stranger.locator("#dash")).to_be_hidden()
        finally:
            browser.close()
    assert not errors, errors
    assert not blocked, blocked


def test_the_book_plays_at_a_plain_http_lan_address(built_site: Path) -> None:
    """``serve`` serves the built book too. Reached at a LAN address over plain http (not
    localhost: no secure context, so no service worker and no clipboard), a chapter's live board
    still starts the engine (Pyodide in a Web Worker, from the site's own files) and plays; no
    request fails, none goes to another host, no page error."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium")
    from playwright.sync_api import Route, expect, sync_playwright

    db = f"sqlite:///{tempfile.mkdtemp(prefix='puffteach-book-')}/classes.sqlite3"
    port = free_port()
    with server_process(db, port=port, book=built_site), sync_playwright() as pw:
        site = f"http://{HOST}:{port}"
        args = [*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {HOST} 127.0.0.1"]
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=args)
        blocked: list[str] = []
        failed: list[str] = []
        errors: list[str] = []

        def only_local(route: Route) -> None:
            if urlparse(route.request.url).hostname == HOST:
                route.continue_()
            else:
                blocked.append(route.request.url)
                route.abort()

        try:
            page = browser.new_context(locale="en-GB").new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on(
                "response",
                lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None,
            )
            page.route("**/*", only_local)
            page.goto(site + "/en/book/02-lt-puff.html")
            assert page.evaluate("window.isSecureContext") is False
            assert page.evaluate("typeof navigator.serviceWorker") == "undefined"
            fig = page.locator("figure#fig-live-first-pasch")
            expect(fig.locator(".pt-board svg")).to_be_visible()
            expect(fig.locator(".puffteach-widget")).to_have_attribute(
                "data-engine", "ready", timeout=240_000
            )
            # the engine answers: dice 5 5 set, the waiting checkers enter on point 5
            fig.locator("select.pt-die1").select_option("5")
            fig.locator("select.pt-die2").select_option("5")
            fig.locator("button.pt-setdice").click()
            expect(fig.locator(".pt-dice .pt-die.pt-due")).to_have_text(["5", "5", "2", "2"])
            fig.locator('g.pool[data-pool="w0"]').click()
            target = fig.locator('g.pt[data-point="5"]')
            expect(target).to_have_attribute("data-target", "1")
            target.click()
            expect(fig.locator("input.pt-position")).to_have_value("W:0x14,5 B:0x15 w")
            # the site's root opens the book; the class pages are beside it
            page.goto(site + "/")
            expect(page).to_have_url(re.compile(rf"^{re.escape(site)}/en/"))
            page.goto(site + "/class/join")
            expect(page.locator("#join button[type=submit]")).to_have_text("Join")
        finally:
            browser.close()
    assert not errors, errors
    assert not blocked, blocked
    assert not failed, failed
