"""The review chart (issue 44: review as a picture first; :mod:`puffteach.review_chart`).

Rolls are made by hand: where each one's point must sit follows from White's chance after it
(the mover's chance, turned round for Black), which the drawing's coordinates show."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from puffteach.review_chart import BIG_LUCK, BOTTOM, HEIGHT, TOP, ChartRoll, review_chart
from puffteach.widget import protocol

SVG = "{http://www.w3.org/2000/svg}"


def _rolls() -> list[ChartRoll]:
    return [
        ChartRoll("w", 0.5, "best", False, 0.0, "1. White 3-1"),
        ChartRoll("b", 0.75, "bad", True, -0.1, "2. Black 6-6 <bad>"),  # White: 25%
        ChartRoll("w", 1.0, "best", False, BIG_LUCK + 0.1, "3. White 5-5"),  # lucky White
        ChartRoll("b", 0.9, "very-bad", True, BIG_LUCK, "4. Black 2-1"),  # lucky Black
        ChartRoll("w", 0.0, "doubtful", True, -0.05, "5. White 4-2"),
    ]


def test_the_line_follows_whites_chance_and_the_dots_mark_the_errors() -> None:
    svg = review_chart(_rolls(), "White's chance")
    root = ET.fromstring(svg)  # well-formed, the texts escaped
    assert root.find(f"{SVG}title").text == "White's chance"  # type: ignore[union-attr]
    line = root.find(f"{SVG}polyline")
    assert line is not None
    ys = [float(p.split(",")[1]) for p in line.get("points", "").split()]
    ph = HEIGHT - TOP - BOTTOM
    chance = [(TOP + ph - y) / ph for y in ys]
    # White's chance after each roll: 0.5, 1 - 0.75, 1.0, 1 - 0.9, 0.0
    assert [round(c, 2) for c in chance] == [0.5, 0.25, 1.0, 0.1, 0.0]
    dots = root.findall(f"{SVG}circle")
    assert [d.get("data-index") for d in dots] == ["1", "3", "4"]
    assert [d.get("fill") for d in dots] == ["#b00020", "#b00020", "#b26a00"]
    assert dots[0].find(f"{SVG}title").text == "2. Black 6-6 <bad>"  # type: ignore[union-attr]
    # a column for every roll, to click; the two big luck rolls shaded, blue for White's
    cols = [r for r in root.findall(f"{SVG}rect") if r.get("class") == "pt-chart-roll"]
    assert [c.get("data-index") for c in cols] == ["0", "1", "2", "3", "4"]
    luck = [r.get("fill") for r in root.findall(f"{SVG}rect") if r.get("class") == "pt-chart-luck"]
    assert luck == ["#1565c0", "#555555"]
    assert review_chart(_rolls(), "White's chance") == svg  # deterministic


def test_an_empty_review_draws_an_empty_chart() -> None:
    root = ET.fromstring(review_chart([], "t"))
    assert root.find(f"{SVG}polyline") is None and not root.findall(f"{SVG}circle")


def test_the_boards_review_carries_the_chart_in_its_language() -> None:
    s = protocol.initial_state("brade-standard", seed=11)
    s = protocol.step(s, {"type": "view", "lang": "sv"})
    s = protocol.step(s, {"type": "players", "w": "random", "b": "random"})
    for _ in range(40):
        if s["outcome"]:
            break
        s = protocol.step(s, {"type": "view", "arrows": not s["view"]["arrows"]})
    assert s["outcome"]
    r = protocol.step(s, {"type": "review"})["review"]
    chart = r["chart"]
    assert chart.startswith("<svg") and "Vits chans att vinna" in chart
    assert all(0.0 <= x["win"] <= 1.0 for x in r["rolls"])
    marked = [int(i) for i in re.findall(r'<circle[^>]*data-index="(\d+)"', chart)]
    assert marked == [i for i, x in enumerate(r["rolls"]) if x["error"]] and marked
    # the last roll ended the game: its side's chance is all or nothing
    last = r["rolls"][-1]
    assert last["win"] in (0.0, 1.0)
