"""The review chart (issue 44, Build "Review as a picture first"): White's chance to win after
each roll of a reviewed game, as the review's judge sees it, drawn as a deterministic SVG like
the board (:mod:`puffteach.svg`), so a notebook, the book's boards and the class pages show the
same picture.

Each roll has a column; the line joins White's chance after each roll (50% dashed); a dot
marks a roll the review counts as an error, coloured by its verdict; a roll of big luck (at
least :data:`BIG_LUCK` points either way) is shaded, blue where White was lucky, grey where
Black was. Every column carries ``data-index`` (the roll's index in the review), so a front end
shows that roll on the board when it is clicked; its ``<title>`` is the roll's line of the
review.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import NamedTuple

__all__ = ["BIG_LUCK", "ChartRoll", "review_chart"]

#: a roll whose luck (points, for the side that rolled) is at least this is shaded
BIG_LUCK = 0.4

#: the verdicts' colours (as the board's review list: bad and very bad red)
VERDICT_COLOURS = {"doubtful": "#b26a00", "bad": "#b00020", "very-bad": "#b00020"}

WIDTH, HEIGHT = 640, 180
LEFT, RIGHT, TOP, BOTTOM = 40, 8, 10, 14


class ChartRoll(NamedTuple):
    """One roll of the chart: who rolled (``"w"``/``"b"``), that side's chance to win after
    its play (0-1), the verdict, whether the review counts it as an error, the luck (points,
    for the side that rolled) and the roll's line of text."""

    side: str
    win: float
    verdict: str
    error: bool
    luck: float
    text: str


def _white(roll: ChartRoll) -> float:
    p = min(1.0, max(0.0, roll.win))
    return p if roll.side == "w" else 1.0 - p


def review_chart(rolls: Sequence[ChartRoll], title: str) -> str:
    """The chart of ``rolls`` (a game's review, in order) as an SVG string; ``title`` (its
    words, in the reader's language) is the drawing's ``<title>``."""
    n = max(1, len(rolls))
    pw, ph = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    step = pw / n

    def x(i: int) -> float:
        return LEFT + step * (i + 0.5)

    def y(p: float) -> float:
        return TOP + ph * (1.0 - p)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="pt-review-chart" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{html.escape(title)}">',
        f"<title>{html.escape(title)}</title>",
        f'<rect x="{LEFT}" y="{TOP}" width="{pw}" height="{ph}" fill="#ffffff" stroke="#999999"/>',
    ]
    for i, roll in enumerate(rolls):  # big luck: the column shaded
        if abs(roll.luck) >= BIG_LUCK:
            white_lucky = (roll.luck > 0) == (roll.side == "w")
            fill = "#1565c0" if white_lucky else "#555555"
            out.append(
                f'<rect class="pt-chart-luck" x="{LEFT + step * i:.1f}" y="{TOP}" '
                f'width="{step:.1f}" height="{ph}" fill="{fill}" fill-opacity="0.13"/>'
            )
    for p, label in ((1.0, "100%"), (0.5, "50%"), (0.0, "0%")):
        out.append(
            f'<text x="{LEFT - 4}" y="{y(p) + 4:.1f}" text-anchor="end" font-size="11" '
            f'fill="#333333">{label}</text>'
        )
    out.append(
        f'<line x1="{LEFT}" y1="{y(0.5):.1f}" x2="{LEFT + pw}" y2="{y(0.5):.1f}" '
        'stroke="#777777" stroke-dasharray="4 3"/>'
    )
    if rolls:
        points = " ".join(f"{x(i):.1f},{y(_white(r)):.1f}" for i, r in enumerate(rolls))
        out.append(
            f'<polyline class="pt-chart-line" points="{points}" fill="none" '
            'stroke="#1a1a1a" stroke-width="1.6"/>'
        )
    for i, roll in enumerate(rolls):  # the errors, by verdict
        if roll.error:
            colour = VERDICT_COLOURS.get(roll.verdict, "#b00020")
            out.append(
                f'<circle class="pt-chart-error pt-v-{html.escape(roll.verdict)}" '
                f'data-index="{i}" cx="{x(i):.1f}" cy="{y(_white(roll)):.1f}" r="4.5" '
                f'fill="{colour}" stroke="#ffffff" stroke-width="1.2">'
                f"<title>{html.escape(roll.text)}</title></circle>"
            )
    for i, roll in enumerate(rolls):  # every column: a click shows that roll on the board
        out.append(
            f'<rect class="pt-chart-roll" data-index="{i}" x="{LEFT + step * i:.1f}" '
            f'y="{TOP}" width="{step:.1f}" height="{ph}" fill="#000000" fill-opacity="0">'
            f"<title>{html.escape(roll.text)}</title></rect>"
        )
    out.append("</svg>")
    return "\n".join(out)
