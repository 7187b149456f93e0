"""The class pages in Chromium against a real ``python -m puffteach serve`` (SQLite temp DB).

A teacher creates a class on ``/class/``; two pupils join by its code on ``/class/join``; the
teacher pairs them with a button; both pupils see the book's board; the pupil to move rolls and
moves a checker by clicking; the other pupil and the teacher's small board show the new
position; a reload of the mover's page sits down at the same seat with the same position.
The site is reached as ``http://classroom.test:PORT`` (Chromium maps the name to 127.0.0.1),
not as localhost: the pages must work on a plain-http LAN address. Nothing may load from
another host.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from tests.classserver import free_port, server_process
from tests.conftest import CHROMIUM, CHROMIUM_ARGS

HOST = "classroom.test"


#: the checker counts of every point and pool of a board (document order), as one string
COUNTS = "sel => [...document.querySelectorAll(sel)].map(e => e.dataset.count).join()"
BIG = "#board .pt-board g.pt, #board .pt-board g.pool"
SMALL = ".table-card .small g.pt"


def same_counts(page: Any, sel: str, want: str) -> None:
    """Wait until the board ``sel`` of ``page`` shows the checker counts ``want``."""
    page.wait_for_function(f"([sel, want]) => ({COUNTS})(sel) === want", arg=[sel, want])


def play_one(page: Any, colour: str) -> None:
    """Click one of ``colour``'s checkers that has a target, then its first target."""
    checkers = page.locator(
        f'#board g.pt[data-color="{colour}"], #board g.pool[data-side="{colour}"]'
    )
    for i in range(checkers.count()):
        g = checkers.nth(i)
        if g.get_attribute("data-count") in ("0", None) or g.get_attribute("data-where") == "25":
            continue
        g.click()
        target = page.locator("#board [data-target]").first
        try:
            target.wait_for(state="attached", timeout=1500)
        except Exception:  # noqa: BLE001 - this checker cannot move: try the next
            continue
        said = page.locator(".pt-message").inner_text()
        target.click()
        # the move's answer has come back when the message changes
        page.wait_for_function(
            "said => document.querySelector('#board .pt-message').textContent !== said", arg=said
        )
        return
    raise AssertionError(
        "no checker of the mover could move: "
        + page.locator(".pt-message").inner_text()
        + " / "
        + page.locator("#turn").inner_text()
        + " / "
        + page.locator(".pt-dice").inner_text()
    )


def test_teacher_pairs_two_pupils_who_play_and_reload(tmp_path: Path) -> None:
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium")
    from playwright.sync_api import Page, Route, expect, sync_playwright

    expect.set_options(timeout=20_000)
    db = f"sqlite:///{tempfile.mkdtemp(prefix='puffteach-pages-')}/classes.sqlite3"
    port = free_port()
    with server_process(db, port=port), sync_playwright() as pw:
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

        def new_page() -> Page:
            page = browser.new_context(locale="en-GB").new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.route("**/*", only_local)
            return page

        try:
            # the teacher creates a class through the form
            teacher = new_page()
            teacher.goto(site + "/class/")
            expect(teacher.locator("button[type=submit]")).to_have_text("Create the class")
            expect(teacher.locator("select[name=computer_level] option")).not_to_have_count(0)
            teacher.fill("input[name=name]", "4B <i>")
            teacher.select_option("select[name=rules]", "brade-standard")
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
            for name in ("Ada", "Bo"):
                p = new_page()
                p.goto(f"{site}/class/join?code={code}")
                expect(p.locator("input[name=code]")).to_have_value(code)
                p.fill("input[name=name]", name)
                p.click("#join button[type=submit]")
                expect(p.locator("#waiting")).to_contain_text(name)
                pupils.append(p)
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
            expect(teacher.locator(".table-card")).to_have_count(1)
            expect(teacher.locator(".table-card .small svg")).to_have_count(1)

            # the pupil to move rolls and moves by clicking; the other waits
            turns = [p.locator("#turn").inner_text() for p in pupils]
            assert sorted(x == "Your turn." for x in turns) == [False, True], turns
            mover, other = (pupils[0], pupils[1]) if turns[0] == "Your turn." else pupils[::-1]
            colour = "w" if "White" in mover.locator("#vs").inner_text() else "b"
            expect(other.locator("#turn")).to_contain_text("is to move")
            start = mover.evaluate(COUNTS, BIG)
            start_small = teacher.evaluate(COUNTS, SMALL)
            mover.click("button.pt-roll")
            expect(mover.locator(".pt-dice .pt-die")).not_to_have_count(0)
            mover.locator(f'#board g.pt[data-color="{colour}"]').first.click()
            target = mover.locator("#board [data-target]").first
            expect(target).to_be_attached()
            target.click()
            expect(mover.locator(".pt-dice .pt-die.pt-used")).not_to_have_count(0)
            moved = mover.evaluate(COUNTS, BIG)
            assert moved != start
            # the other pupil's board and the teacher's small board show the new position
            same_counts(other, BIG, moved)
            points = ",".join(moved.split(",")[:24])  # the 24 points come before the pools
            assert points != start_small
            same_counts(teacher, SMALL, points)
            # a click on the small board watches the table full size (read-only)
            teacher.click(".table-card .small")
            expect(teacher.locator("#big-board .pt-board svg")).to_be_visible()
            expect(teacher.locator("#big-board button.pt-roll")).to_be_hidden()

            # a refresh sits down at the same seat with the same position
            vs = mover.locator("#vs").inner_text()
            mover.reload()
            expect(mover.locator("#board .pt-board svg")).to_be_visible()
            expect(mover.locator("#vs")).to_have_text(vs)
            same_counts(mover, BIG, moved)
            expect(mover.locator("#join")).to_be_hidden()

            # the mover ends the roll by clicking; the other pupil resigns: the match (1 point)
            # is over, on both pupils' pages and in the teacher's results
            for _ in range(12):
                if mover.locator("#turn").inner_text() != "Your turn.":
                    break
                if mover.locator("button.pt-end").is_visible():
                    mover.click("button.pt-end")
                    continue
                play_one(mover, colour)
            expect(other.locator("#turn")).to_have_text("Your turn.")
            other.click("button.pt-resign")
            for p in pupils:
                expect(p.locator("#turn")).to_have_text("The match is over.")
            row = teacher.locator("#results tr").nth(1)
            winner = "Ada" if mover is pupils[0] else "Bo"
            expect(row.locator("td").nth(4)).to_have_text(winner)
            expect(teacher.locator(".table-card .line")).to_contain_text("finished")
            expect(teacher.locator("#crosstable th")).not_to_have_count(0)
            # the review of the game: each side's figures
            row.locator("button.review").click()
            expect(teacher.locator("#big-board .review-sides li")).to_have_count(2)

            # a spectator opens the table's watch address: the board, no play buttons
            href = teacher.locator(".table-card a.watch-link").get_attribute("href")
            assert href is not None and href.startswith(f"/class/watch#{code}/")
            spectator = new_page()
            spectator.goto(site + href)
            expect(spectator.locator("#board .pt-board svg")).to_be_visible()
            expect(spectator.locator("#board button.pt-roll")).to_be_hidden()
            expect(spectator.locator("#turn")).to_have_text("finished")

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
