"""The board in three languages (issue 11): the ``lang`` view option and trait, and in
Chromium a Swedish board that refuses a move in Swedish and a language switch that changes it.

Expected words are written by hand from the sources' terms (LT's order rule: the lower die
first), not taken from the engine's output.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_widget_browser import server  # noqa: F401 (the page and its fixture)

from conftest import CHROMIUM, BoardApp
from conftest import CHROMIUM_ARGS as ARGS
from puffteach.messages import catalogue
from puffteach.widget import protocol

START = "W:0x15 B:0x15 w"


def _refuse_0_5(lang: str) -> dict[str, Any]:
    s = protocol.initial_state("kontrar-puff", position=START, seed=5, lang=lang)
    s = protocol.step(s, {"type": "set_dice", "dice": [3, 5]})
    return protocol.step(s, {"type": "move", "move": "0/5"})


def test_a_refused_move_is_explained_in_the_boards_language() -> None:
    sv = _refuse_0_5("sv")
    assert sv["error"].startswith("den lägre tärningen ska flyttas först: flytta 3:an före 5:an")
    assert sv["explanation"]["rule"] == "P-order"
    de = _refuse_0_5("de")
    assert de["error"].startswith("die kleinere Zahl wird zuerst gesetzt: erst die 3, dann die 5")
    en = _refuse_0_5("en")
    assert en["error"].startswith("the lower die must be moved first")


def test_the_state_carries_the_words_of_its_language() -> None:
    s = protocol.initial_state("kontrar-puff", position=START, seed=5, labels="de")
    assert s["view"]["lang"] == "de"
    assert s["ui"]["ui.undo"] == "Rückgängig" and s["ui"]["ui.back"] == "Zurück"
    assert s["ui"]["ui.lang.sv"] == "Svenska"
    assert "Weiß am Zug" in s["svg"]
    assert set(s["ui"]) == {k for k in catalogue("en") if k.startswith("ui.")}
    for lang in ("en", "sv", "de"):  # Undo and Back are different words in every language
        words = catalogue(lang)
        assert words["ui.undo"] != words["ui.back"], lang
    s = protocol.step(s, {"type": "view", "lang": "sv"})
    assert s["ui"]["ui.roll"] == "Slå" and "Vit på tur" in s["svg"]


def test_a_finished_game_has_its_line_in_the_boards_language() -> None:
    s = protocol.initial_state("brade-standard", "W:1x15 B:1x15 w", seed=5, lang="sv")
    s = protocol.step(s, {"type": "resign"})
    assert s["outcome"]["winner"] == "b"
    assert s["outcome_line"].startswith("Svart: hemspel, ")


def test_board_lang_trait() -> None:
    pytest.importorskip("anywidget")
    from puffteach.widget import Board

    board = Board("kontrar-puff", position=START, seed=1, lang="sv")
    assert board.lang == "sv"
    board.set_dice(3, 5)
    with pytest.raises(ValueError, match="^den lägre tärningen ska flyttas först"):
        board.move("0/5")
    assert board.explain("0/5").reason.startswith("den lägre tärningen")
    board.lang = "de"
    assert board.state["view"]["lang"] == "de" and board.state["ui"]["ui.roll"] == "Würfeln"
    assert board.explain("0/5").reason.startswith("die kleinere Zahl")
    board.view(labels="en")  # the older name still works
    assert board.lang == "en"
    import traitlets

    with pytest.raises(traitlets.TraitError):
        board.lang = "fr"
    assert Board("kontrar-puff", seed=1, labels="de").lang == "de"


def test_swedish_board_refuses_in_swedish_and_the_switch_changes_language(
    server: tuple[str, BoardApp],  # noqa: F811
) -> None:
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed at /usr/bin/chromium")
    from playwright.sync_api import expect, sync_playwright

    url, app = server
    app.state = protocol.initial_state("kontrar-puff", position=START, seed=5, lang="sv")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url)
            page.wait_for_function("window.ptReady === true")
            # Swedish from the start: buttons, the labelled switch, the drawing
            expect(page.locator("button.pt-roll")).to_have_text("Slå")
            expect(page.locator("button.pt-undo")).to_have_text("Ångra")
            expect(page.locator("label.pt-langswitch")).to_be_visible()
            expect(page.locator("label.pt-langswitch span")).to_have_text("Språk")
            expect(page.locator("select.pt-lang option")).to_have_text(
                ["English", "Svenska", "Deutsch"]
            )
            expect(page.locator("select.pt-lang")).to_have_value("sv")
            expect(page.locator(".pt-board svg")).to_contain_text("Vit på tur")

            # 3-5: the 3 is due first (LT), so entering with the 5 is refused, in Swedish
            page.select_option("select.pt-die1", "3")
            page.select_option("select.pt-die2", "5")
            page.click("button.pt-setdice")
            page.click('g.pool[data-pool="w0"]')
            page.click('g.pt[data-point="5"]')
            message = page.locator(".pt-message")
            expect(message).to_have_class("pt-message pt-error")
            expect(message).to_contain_text(
                "den lägre tärningen ska flyttas först: flytta 3:an före 5:an"
            )
            expect(message).to_contain_text("P-order")

            # the switch: German, with distinct words for Undo and Back
            page.select_option("select.pt-lang", "de")
            expect(page.locator("button.pt-roll")).to_have_text("Würfeln")
            expect(page.locator("button.pt-undo")).to_have_text("Rückgängig")
            expect(page.locator("button.pt-back")).to_have_attribute("title", "Zurück")
            expect(page.locator("label.pt-langswitch span")).to_have_text("Sprache")
            expect(page.locator(".pt-board svg")).to_contain_text("Weiß am Zug")
            # the waiting checker is still selected: the same refusal, now in German
            page.click('g.pt[data-point="5"]')
            expect(message).to_contain_text("die kleinere Zahl wird zuerst gesetzt")

            # and back to English
            page.select_option("select.pt-lang", "en")
            expect(page.locator("button.pt-roll")).to_have_text("Roll")
            expect(page.locator(".pt-board svg")).to_contain_text("White to move")
            assert errors == []
        finally:
            browser.close()
    assert {"type": "view", "lang": "de"} in app.actions


def test_a_swedish_page_draws_swedish_live_boards(tmp_path: Path) -> None:
    """A book built with ``language = "sv"`` (the /sv/ build) draws its boards in Swedish, and
    a live board's initial state speaks Swedish; a board that names its labels keeps them."""
    pytest.importorskip("sphinx")
    import html
    import json
    import re

    from conftest import build_tiny_book

    page = (
        "Test\n====\n\n"
        ".. board::\n   :live:\n   :seed: 3\n   :position: W:0x15 B:0x15 w\n\n"
        ".. board::\n   :labels: de\n   :position: W:0x15 B:0x15 w\n"
    )
    root = Path(__file__).resolve().parent.parent
    proc = build_tiny_book(
        tmp_path,
        'extensions = ["puffteach.sphinxext"]\n'
        'html_math_renderer = "puffteach-plain"\n'
        'language = "sv"\n'
        f"puffteach_node_modules = {str(root / 'node_modules')!r}\n",
        "index.rst",
        page,
    )
    if proc.returncode != 0 and "npm install" in proc.stderr:
        pytest.skip("node_modules is missing (make npm)")
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="sv"' in out
    found = re.search(r'class="pt-initial">(.*?)</script>', out, re.S)
    assert found is not None
    state = json.loads(html.unescape(found.group(1)))
    assert state["view"]["lang"] == "sv"
    assert state["ui"]["ui.roll"] == "Slå" and "Vit på tur" in state["svg"]
    assert "Vit på tur" in out and "Weiß am Zug" in out


def test_the_engines_refusals_speak_the_boards_language() -> None:
    """A GameError behind a refusal (no re-roll in Puff, RV 25; a bad record) is the engine's
    message, rendered in the board's language, not its English text."""
    s = protocol.initial_state("kontrar-puff", position=START, seed=5, lang="sv")
    s = protocol.step(s, {"type": "set_dice", "dice": [3, 5]})
    refused = protocol.step(s, {"type": "reroll"})
    assert refused["error"] == "kontrar-puff har inget omslag (RV 25)"
    de = protocol.step(s, {"type": "view", "lang": "de"})
    assert protocol.step(de, {"type": "reroll"})["error"] == (
        "kontrar-puff kennt keinen neuen Wurf (RV 25)"
    )
    bad = protocol.step(s, {"type": "load", "record": "x"})
    assert bad["error"].startswith("ett partiprotokoll ska vara JSON: ")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("sv", ["Ordlista över brädets ord", "tunga (point)", "fåta (forfeit (fåta))"]),
        ("de", ["Wörterverzeichnis des Brettes", "Dreieck (point)", "Thurm, Gänsereihe"]),
        ("en", ["Glossary of the board", "point", "schneider"]),
    ],
)
def test_the_glossary_directive_follows_the_page_language(
    tmp_path: Path, lang: str, words: list[str]
) -> None:
    pytest.importorskip("sphinx")
    import html

    from conftest import build_tiny_book

    root = Path(__file__).resolve().parent.parent
    proc = build_tiny_book(
        tmp_path,
        'extensions = ["puffteach.sphinxext"]\n'
        'html_math_renderer = "puffteach-plain"\n'
        f'language = "{lang}"\n'
        f"puffteach_node_modules = {str(root / 'node_modules')!r}\n",
        "index.rst",
        "Test\n====\n\n.. board-glossary::\n",
    )
    if proc.returncode != 0 and "npm install" in proc.stderr:
        pytest.skip("node_modules is missing (make npm)")
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = html.unescape((tmp_path / "out" / "index.html").read_text(encoding="utf-8"))
    assert 'pt-board-glossary"' in out
    for w in words:
        assert w in out, w


def test_draw_game_speaks_the_games_language() -> None:
    from puffteach import Game
    from puffteach.svg import draw_game

    assert "Svart på tur" in draw_game(Game("kontrar-puff", position="W:0x15 B:0x15 b", lang="sv"))
    game = Game("kontrar-puff", position="W:0x15 B:0x15 b", lang="de")
    assert "Schwarz am Zug" in draw_game(game)
    assert "Black to move" in draw_game(game, lang="en")
    assert "Black to move" in draw_game(game, labels="en")
