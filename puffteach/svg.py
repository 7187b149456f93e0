"""Deterministic SVG drawings of a board (book figures, ``Position._repr_svg_``, the widget).

:func:`draw` turns a position into a standalone SVG document: the same arguments always give
byte-identical text (no random ids, no timestamps, coordinates rounded), so drawings can be
compared with golden files and embedded in the book.

Layout (``flip=False``): physical point 1 is at the bottom right, the points run left to 12 at
the bottom left, then 13 at the top left to 24 at the top right; a bar splits each long side into
two quarters of six. ``flip=True`` mirrors the picture left-right (the first player's choice of
clockwise or counter-clockwise). Off the board, on the short sides, each side's *pools* sit
beside the quarter where its path starts (checkers waiting to enter, path point 0) and ends
(checkers borne off, path point 25), as in Lyckans Talisman's figures.

Hooks for the widget front end (present in every drawing; ``interactive=True`` adds ``role``,
``tabindex`` and ``aria-label``):

- ``<g class="pt" data-point="N">``: physical point N (1-24) with its triangle and checkers;
  ``data-white``/``data-black`` give its path number for each side, ``data-count`` and
  ``data-color`` (``w``, ``b`` or empty) what stands on it.
- ``<g class="pool" data-pool="w0|w25|b0|b25">``: waiting / borne-off checkers, ``data-count``.
- ``<g class="die" data-die="I" data-value="V" data-used="0|1">``: the dice.
- ``data-highlight="1"`` / ``data-target="1"`` on points and pools that are marked.

A static drawing (``interactive=False``) carries on its root the arguments it was drawn with,
``data-draw='{"position": …, "rules": …, "lang": …, …}'`` (JSON; options left at their
default are left out), so it can be drawn again in another language: :func:`redraw`. The
book's Swedish and German notebook pages use it for the drawings the notebooks' English code
made (:mod:`puffteach.sphinxext.i18n`).
"""

from __future__ import annotations

import html
import json
import math
import re
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final

from .board import BLACK, OFF, WHITE, Layout, entry_side, exit_side, from_physical, to_physical
from .color import Color
from .describe import describe_title
from .errors import LocalizedError
from .messages import LANGUAGES as MESSAGE_LANGUAGES
from .messages import default_language
from .messages import text as message_text
from .position import DRAW, Position
from .rules import RuleSet
from .rules import rules as parse_rules

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "draw",
    "draw_apart",
    "with_marks",
    "draw_game",
    "drawn_with",
    "redraw",
    "VIEWS",
    "LANGUAGES",
    "POOLS",
]

VIEWS: Final = ("physical", "white", "black")
LANGUAGES: Final = MESSAGE_LANGUAGES
POOLS: Final = ("w0", "w25", "b0", "b25")
DEFAULT_RULES: Final = "kontrar-puff"
DEFAULT_SIZE: Final = 560

# ---------------------------------------------------------------------------- geometry (viewBox)
PAD: Final = 8  # outer margin
PW: Final = 92  # width of a pool column (off the board, on a short side)
PG: Final = 8  # gap between a pool column and the frame
F: Final = 14  # frame
D: Final = 40  # point width = checker slot
R: Final = 18  # checker radius
L: Final = 200  # point length (5 checkers)
G: Final = 56  # gap between the two rows of points
BAR: Final = 40  # middle bar
NUM: Final = 20  # band for point numbers above and below the frame
STATUS: Final = 30  # band for the side to move
TITLE: Final = 30  # band for a visible title
LANE: Final = 40  # width of one pool lane
POOL_STEP: Final = 20  # checker spacing in a pool
MAX_SHOWN: Final = 5  # checkers drawn per stack; more get a count label

INNER_W: Final = 12 * D + BAR
INNER_H: Final = 2 * L + G
WIDTH: Final = 2 * (PAD + PW + PG + F) + INNER_W

# ---------------------------------------------------------------------------- colours
BG: Final = "#fbf7ee"
FELT: Final = "#efe0bd"
WOOD: Final = "#6b4423"
POINT_A: Final = "#9b3b2c"
POINT_B: Final = "#3d5a6c"
WHITE_FILL: Final = "#f7f3e8"
WHITE_LINE: Final = "#222222"
BLACK_FILL: Final = "#1f1f1f"
BLACK_LINE: Final = "#eeeeee"
INK: Final = "#1a1a1a"
HIGHLIGHT: Final = (
    "#f2b600"  # drawn over a dark edge (HALO_DARK): it stands out on felt and checkers
)
TARGET: Final = "#007a55"  # 4:1 on the felt, with a white halo on the points
LAST_MOVE: Final = "#b34700"  # 4:1 on the felt, over a white underlay
HALO_DARK: Final = "#1a1a1a"
POOL_LINE: Final = "#6b5b3e"  # pool outlines and the "0" of an empty pool: 6:1 on the background


# ---------------------------------------------------------------------------- words
def _t(lang: str, key: str, **params: object) -> str:
    """The drawing's words come from the message catalogue (``svg.*`` keys in board.json)."""
    return message_text(f"svg.{key}", lang, **params)


def _checkers(lang: str, side: Color, n: int) -> str:
    """'3 White checkers' in the label language."""
    if n == 0:
        return _t(lang, "no_checkers")
    return _t(lang, f"checkers.{('white', 'black')[side]}", n=n)


# ---------------------------------------------------------------------------- helpers
def _num(v: float) -> str:
    """A coordinate rounded to 0.1 without float noise ('12', '12.5', never '-0')."""
    r = round(v * 10)
    if r % 10 == 0:
        return str(r // 10)
    sign = "-" if r < 0 else ""
    r = abs(r)
    return f"{sign}{r // 10}.{r % 10}"


def _esc(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def _pts(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in points)


class _Geo:
    """Coordinates of everything, with the left-right mirror applied."""

    def __init__(self, layout: Layout, flip: bool, top: int) -> None:
        self.layout = layout
        self.flip = flip
        self.frame_left = PAD + PW + PG
        self.inner_left = self.frame_left + F
        self.inner_right = self.inner_left + INNER_W
        self.frame_right = self.inner_right + F
        self.frame_top = top + NUM
        self.inner_top = self.frame_top + F
        self.inner_bottom = self.inner_top + INNER_H
        self.frame_bottom = self.inner_bottom + F
        self.mid_y = self.inner_top + L + G / 2
        self.height = self.frame_bottom + NUM + STATUS + PAD

    def column(self, q: int) -> int:
        """Column 0-11 (left to right) of physical point q."""
        c = 12 - q if q <= 12 else q - 13
        return 11 - c if self.flip else c

    def x(self, q: int) -> float:
        """x of the centre line of physical point q."""
        c = self.column(q)
        return self.inner_left + c * D + (BAR if c >= 6 else 0) + D / 2

    @staticmethod
    def top_row(q: int) -> bool:
        return q >= 13

    def slot(self, q: int, i: int) -> tuple[float, float]:
        """Centre of the i-th checker (0 at the edge) on physical point q."""
        if self.top_row(q):
            return self.x(q), self.inner_top + D / 2 + i * D
        return self.x(q), self.inner_bottom - D / 2 - i * D

    def right(self, q: int) -> bool:
        """Is physical point q on the right half of the picture?"""
        return self.column(q) >= 6

    def pool_column_x(self, right: bool) -> int:
        return self.frame_right + PG if right else PAD


class _Pool:
    def __init__(self, key: str, side: Color, where: int, q: int) -> None:
        self.key = key
        self.side = side
        self.where = where  # 0 waiting, 25 borne off
        self.q = q  # physical point it sits beside
        self.lane_x = 0.0  # centre x of its lane


def _pools(geo: _Geo) -> list[_Pool]:
    pools = [
        _Pool("w0", WHITE, 0, entry_side(geo.layout, WHITE)),
        _Pool("w25", WHITE, OFF, exit_side(geo.layout, WHITE)),
        _Pool("b0", BLACK, 0, entry_side(geo.layout, BLACK)),
        _Pool("b25", BLACK, OFF, exit_side(geo.layout, BLACK)),
    ]
    for pool in pools:
        right = geo.right(pool.q)
        x0 = geo.pool_column_x(right)
        mates = [
            p for p in pools if geo.right(p.q) == right and geo.top_row(p.q) == geo.top_row(pool.q)
        ]
        if len(mates) == 1:
            pool.lane_x = x0 + PW / 2
        else:
            # White's lane is the one nearer the board, Black's the outer one.
            near = pool.side == WHITE
            inner = x0 + PW / 2 + (-1 if right else 1) * (LANE / 2 + 3)
            outer = x0 + PW / 2 + (1 if right else -1) * (LANE / 2 + 3)
            pool.lane_x = inner if near else outer
    return pools


def _pool_box(geo: _Geo, pool: _Pool) -> tuple[float, float, float, float]:
    """x, y, width, height of a pool's lane."""
    y0: float
    y1: float
    if geo.top_row(pool.q):
        y0, y1 = geo.frame_top, geo.mid_y - 6
    else:
        y0, y1 = geo.mid_y + 6, geo.frame_bottom
    return pool.lane_x - LANE / 2, y0, LANE, y1 - y0


def _pool_slot(geo: _Geo, pool: _Pool, i: int) -> tuple[float, float]:
    x, y, _, h = _pool_box(geo, pool)
    if geo.top_row(pool.q):
        return pool.lane_x, y + 4 + R + i * POOL_STEP
    return pool.lane_x, y + h - 4 - R - i * POOL_STEP


def _checker(x: float, y: float, side: Color) -> list[str]:
    if side == WHITE:
        return [
            f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{R}" fill="{WHITE_FILL}" '
            f'stroke="{WHITE_LINE}" stroke-width="2"/>'
        ]
    return [
        f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{R}" fill="{BLACK_FILL}" '
        f'stroke="{BLACK_LINE}" stroke-width="2"/>',
        f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{R - 7}" fill="none" '
        f'stroke="{BLACK_LINE}" stroke-width="1.5"/>',
    ]


def _count_label(x: float, y: float, side: Color, n: int) -> str:
    colour = WHITE_LINE if side == WHITE else BLACK_LINE
    return (
        f'<text x="{_num(x)}" y="{_num(y + 5)}" text-anchor="middle" font-size="14" '
        f'font-weight="bold" fill="{colour}">{n}</text>'
    )


def _arrowhead(tip: tuple[float, float], towards: tuple[float, float], size: float) -> str:
    """Polygon points of an arrowhead at ``tip`` pointing away from ``towards``."""
    dx, dy = tip[0] - towards[0], tip[1] - towards[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    bx, by = tip[0] - ux * size, tip[1] - uy * size
    w = size * 0.55
    return _pts([tip, (bx - uy * w, by + ux * w), (bx + uy * w, by - ux * w)])


_PIPS: Final[dict[int, tuple[tuple[int, int], ...]]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def _marks(values: Iterable[int | str], what: str) -> set[int | str]:
    out: set[int | str] = set()
    for v in values:
        if isinstance(v, str):
            if v not in POOLS:
                raise LocalizedError(
                    "error.svg.pool", what=what, got=repr(v), pools=", ".join(POOLS)
                )
        elif isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 24:
            raise LocalizedError("error.svg.point", what=what, got=repr(v), pools=", ".join(POOLS))
        out.add(v)
    return out


def _choice(value: str, valid: tuple[str, ...], what: str) -> str:
    if value not in valid:
        raise LocalizedError("error.svg.choice", what=what, got=repr(value), valid=", ".join(valid))
    return value


# ---------------------------------------------------------------------------- the drawing
def draw(
    position: Position,
    rules: RuleSet | str | None = None,
    *,
    view: str = "physical",
    flip: bool = False,
    arrows: bool = False,
    highlight: Iterable[int | str] = (),
    targets: Iterable[int | str] = (),
    last_move: tuple[Color, int, int] | None = None,
    dice: Iterable[int] | None = None,
    used: Iterable[int] = (),
    labels: str | None = None,
    title: str | None = None,
    interactive: bool = False,
    size: int = DEFAULT_SIZE,
    status: tuple[Color | None, str] | None = None,
    lang: str | None = None,
) -> str:
    """Draw ``position`` as a standalone, deterministic SVG document.

    ``rules`` (a RuleSet or rule-set string; default ``kontrar-puff``) fixes the layout, i.e.
    where Black's path lies on the board. ``view`` picks the point numbers printed:
    ``physical`` (1-24; the same as White's path numbers), ``white`` or ``black`` (that side's
    path numbers). ``highlight`` and ``targets`` are physical points 1-24 or pool names
    ``w0``/``w25``/``b0``/``b25``. ``last_move`` is ``(side, from_path, to_path)`` with side 0
    White, 1 Black. ``dice`` are die values (e.g. ``(5, 5, 2, 2)``), ``used`` indices into
    them already moved. ``lang`` is the language of the text (``en``, ``sv`` or ``de``, the
    catalogue's :data:`~puffteach.messages.LANGUAGES`; by default the engine's default
    language, :func:`~puffteach.messages.default_language`); ``labels`` is its older name.
    ``status`` replaces the line "… to move" under the board: ``(side, text)`` with the side
    whose checker is drawn beside the text (``None``: no checker), e.g. the result of a game.
    """
    return _draw(
        position,
        rules,
        apart=False,
        view=view,
        flip=flip,
        arrows=arrows,
        highlight=highlight,
        targets=targets,
        last_move=last_move,
        dice=dice,
        used=used,
        labels=labels,
        title=title,
        interactive=interactive,
        size=size,
        status=status,
        lang=lang,
    )[0]


def draw_apart(
    position: Position, rules: RuleSet | str | None = None, **options: Any
) -> tuple[str, list[tuple[int | str, str]]]:
    """:func:`draw` in two parts, for a live board whose selection changes more often than its
    position: the drawing with no place marked (``highlight`` and ``targets`` left out), and
    ``[(place, group), ...]``: each marked place's ``<g>`` as :func:`draw` draws it marked
    (its rings and dots, ``data-highlight``/``data-target`` and the name a screen reader reads),
    in the drawing's order. ``with_marks(*draw_apart(p, **options)) == draw(p, **options)``."""
    return _draw(position, rules, apart=True, **options)


def with_marks(drawing: str, marks: Iterable[tuple[int | str, str]]) -> str:
    """The drawing ``drawing`` (from :func:`draw_apart`) with each ``(place, group)`` of
    ``marks`` in place of that place's group: the whole drawing :func:`draw` gives."""
    groups = {_group_start(place): group for place, group in marks}
    if not groups:
        return drawing
    out: list[str] = []
    lines = iter(drawing.split("\n"))
    for line in lines:
        group = groups.pop(_line_start(line), None) if line.startswith("<g class=") else None
        if group is None:
            out.append(line)
            continue
        depth = 1
        while depth:  # skip the unmarked group (one element a line, nested <g> included)
            inner = next(lines)
            depth += inner.startswith("<g ") - (inner == "</g>")
        out.append(group)
    return _with_marked_args("\n".join(out), marks)


def _with_marked_args(drawing: str, marks: Iterable[tuple[int | str, str]]) -> str:
    """A static drawing's ``data-draw`` with the places ``marks`` marks added to it."""
    root, sep, rest = drawing.partition("\n")
    args = drawn_with(root)
    if args is None:
        return drawing
    marked = {"highlight": set(args.get("highlight", ())), "targets": set(args.get("targets", ()))}
    for place, group in marks:
        head = group.partition("\n")[0]
        if ' data-highlight="1"' in head:
            marked["highlight"].add(place)
        if ' data-target="1"' in head:
            marked["targets"].add(place)
    for key, places in marked.items():
        if places:
            args[key] = _places(places)
    start = root.index(" data-draw='") + 1
    end = root.index("' ", start + len("data-draw='")) + 2
    return root[:start] + _args_attr(args) + root[end:] + sep + rest


def _first_group(lines: list[str]) -> str:
    """The first ``<g>`` of ``lines`` (a place's own group; its printed words, aside, follow)."""
    depth = 0
    for i, line in enumerate(lines):
        depth += line.startswith("<g ") - (line == "</g>")
        if depth == 0:
            return "\n".join(lines[: i + 1])
    raise AssertionError("an unclosed group")  # pragma: no cover - _point/_pool close theirs


def _line_start(line: str) -> str:
    """A group's first line up to its second data attribute (see :func:`_group_start`)."""
    first = line.find(" data-")
    return line[: line.find(" data-", first + 1)] if first > 0 else ""


def _group_start(place: int | str) -> str:
    """The start of the first line of a place's group (up to its second data attribute)."""
    if isinstance(place, str):
        return f'<g class="pool" data-pool="{place}"'
    return f'<g class="pt" data-point="{place}"'


def _draw(
    position: Position,
    rules: RuleSet | str | None = None,
    *,
    apart: bool,
    view: str = "physical",
    flip: bool = False,
    arrows: bool = False,
    highlight: Iterable[int | str] = (),
    targets: Iterable[int | str] = (),
    last_move: tuple[Color, int, int] | None = None,
    dice: Iterable[int] | None = None,
    used: Iterable[int] = (),
    labels: str | None = None,
    title: str | None = None,
    interactive: bool = False,
    size: int = DEFAULT_SIZE,
    status: tuple[Color | None, str] | None = None,
    lang: str | None = None,
) -> tuple[str, list[tuple[int | str, str]]]:
    rs = parse_rules(DEFAULT_RULES if rules is None else rules)
    _choice(view, VIEWS, "view")
    if lang is None:
        lang = default_language() if labels is None else labels
    lang = _choice(lang, LANGUAGES, "lang")
    if isinstance(size, bool) or not isinstance(size, int) or size <= 0:
        raise LocalizedError("error.svg.size", got=repr(size))
    marked = _marks(highlight, "highlight")
    aimed = _marks(targets, "target")
    dice_t = tuple(dice) if dice is not None else ()
    for d in dice_t:
        if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6:
            raise LocalizedError("error.die", got=repr(d))
    used_s = set(used)
    for i in used_s:
        if not isinstance(i, int) or not 0 <= i < len(dice_t):
            raise LocalizedError("error.svg.used", got=repr(i), dice=repr(dice_t))

    top = PAD + (TITLE if title else 0)
    geo = _Geo(rs.layout, flip, top)
    width, height = WIDTH, geo.height
    px_h = round(size * height / width)
    side_names = (_t(lang, "white"), _t(lang, "black"))
    # the name a screen reader reads (and a notebook image's alt text): the position in words
    desc = describe_title(position, rs, view=view, lang=lang, dice=dice_t or None, title=title)

    root_role = "group" if interactive else "img"
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{size}" height="{px_h}" class="puffteach-board" role="{root_role}" '
        f'data-rules="{_esc(rs.name)}" data-layout="{rs.layout}" data-flip="{int(flip)}" '
        f'data-view="{view}" data-turn="{position.turn.letter}" '
        f"{{draw_args}}"  # filled in at the end, once every argument has been checked
        f'font-family="DejaVu Sans, Verdana, sans-serif">',
        f"<title>{_esc(desc)}</title>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="{BG}"/>',
    ]
    if title:
        out.append(
            f'<text x="{_num(width / 2)}" y="{PAD + 21}" text-anchor="middle" font-size="20" '
            f'font-weight="bold" fill="{INK}">{_esc(title)}</text>'
        )

    # frame, felt, bar
    out.append(
        f'<rect x="{geo.frame_left}" y="{geo.frame_top}" width="{INNER_W + 2 * F}" '
        f'height="{INNER_H + 2 * F}" rx="6" fill="{WOOD}"/>'
    )
    out.append(
        f'<rect x="{geo.inner_left}" y="{geo.inner_top}" width="{INNER_W}" height="{INNER_H}" '
        f'fill="{FELT}"/>'
    )
    out.append(
        f'<rect x="{geo.inner_left + 6 * D}" y="{geo.inner_top}" width="{BAR}" '
        f'height="{INNER_H}" fill="{WOOD}"/>'
    )

    # points and pools; apart: unmarked, each marked one also drawn marked on its own
    shown: tuple[set[int | str], set[int | str]] = (set(), set()) if apart else (marked, aimed)
    marks: list[tuple[int | str, str]] = []
    for q in range(1, 25):
        out.extend(_point(geo, position, q, view, lang, *shown, interactive))
        if apart and (q in marked or q in aimed):
            group = _point(geo, position, q, view, lang, marked, aimed, interactive)
            marks.append((q, _first_group(group)))
    pools = _pools(geo)
    for pool in pools:
        out.extend(_pool(geo, position, pool, lang, *shown, interactive))
        if apart and (pool.key in marked or pool.key in aimed):
            group = _pool(geo, position, pool, lang, marked, aimed, interactive)
            marks.append((pool.key, _first_group(group)))

    # path arrows
    if arrows:
        for side in (WHITE, BLACK):
            out.extend(_path_arrow(geo, side, _t(lang, "path", side=side_names[side])))

    if last_move is not None:
        out.extend(_last_move(geo, position, pools, last_move, lang))

    if dice_t:
        out.extend(_dice(geo, dice_t, used_s, position.turn, lang))

    # side to move
    y = geo.frame_bottom + NUM + 21
    x = geo.frame_left
    if status is None:
        who: Color | None = position.turn
        line = _t(lang, "to_move", side=side_names[position.turn])
        out.append(f'<g class="status" data-turn="{position.turn.letter}">')
    else:
        who, line = status
        out.append('<g class="status" data-over="1">')
    if who is not None:
        out.extend(_checker(x + R, y - 6, who))
    out.append(
        f'<text x="{x + 2 * R + 8 if who is not None else x}" y="{y}" font-size="16" '
        f'fill="{INK}">{_esc(line)}</text>'
    )
    out.append("</g>")
    out.append("</svg>")
    args = (
        ""
        if interactive
        else _draw_args(
            position,
            rs,
            view=view,
            flip=flip,
            arrows=arrows,
            highlight=shown[0],  # apart: the places marked apart, see with_marks
            targets=shown[1],
            last_move=last_move,
            dice=dice_t,
            used=used_s,
            lang=lang,
            title=title,
            size=size,
            status=status,
        )
    )
    out[0] = out[0].replace("{draw_args}", args, 1)
    return "\n".join(out) + "\n", marks


def _places(places: set[int | str]) -> list[int | str]:
    """Marked places in a fixed order: points by number, then pools by name."""
    return [
        *sorted(p for p in places if isinstance(p, int)),
        *sorted(p for p in places if isinstance(p, str)),
    ]


def _draw_args(
    position: Position,
    rs: RuleSet,
    *,
    view: str,
    flip: bool,
    arrows: bool,
    highlight: set[int | str],
    targets: set[int | str],
    last_move: tuple[Color, int, int] | None,
    dice: tuple[int, ...],
    used: set[int],
    lang: str,
    title: str | None,
    size: int,
    status: tuple[Color | None, str] | None,
) -> str:
    """The root's ``data-draw`` attribute (with a space after it): the arguments of a static
    drawing as JSON, those left at their default left out (see :func:`redraw`)."""
    args: dict[str, object] = {"position": str(position), "rules": rs.name, "lang": lang}
    if view != "physical":
        args["view"] = view
    if flip:
        args["flip"] = True
    if arrows:
        args["arrows"] = True
    if highlight:
        args["highlight"] = _places(highlight)
    if targets:
        args["targets"] = _places(targets)
    if last_move is not None:
        args["last_move"] = [int(last_move[0]), int(last_move[1]), int(last_move[2])]
    if dice:
        args["dice"] = list(dice)
    if used:
        args["used"] = sorted(used)
    if title:
        args["title"] = title
    if size != DEFAULT_SIZE:
        args["size"] = size
    if status is not None:
        who, line = status
        args["status"] = [None if who is None else int(who), line]
    return _args_attr(args)


#: the keys of ``data-draw`` in the order they are written
_ARG_KEYS: Final = (
    "position",
    "rules",
    "lang",
    "view",
    "flip",
    "arrows",
    "highlight",
    "targets",
    "last_move",
    "dice",
    "used",
    "title",
    "size",
    "status",
)


def _args_attr(args: dict[str, Any]) -> str:
    """``data-draw='…' `` (a space after it): ``args`` as JSON, its keys in a fixed order."""
    ordered = {k: args[k] for k in _ARG_KEYS if k in args}
    text = json.dumps(ordered, ensure_ascii=False, separators=(",", ":"))
    quoted = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return f"data-draw='{quoted.replace(chr(39), '&#39;')}' "


#: the root's data-draw as draw writes it, or as an XML writer may quote it again (IPython's
#: ``SVG`` puts a drawing through minidom: double quotes)
_DRAW_ARGS: Final = re.compile(r"""\sdata-draw=(?:'([^']*)'|"([^"]*)")""")


def drawn_with(drawing: str) -> dict[str, Any] | None:
    """The arguments a static drawing of :func:`draw` was drawn with (its root's
    ``data-draw``): ``position`` (notation), ``rules`` (the rule set's name), ``lang`` and
    the options not left at their default, as JSON gives them. None when ``drawing`` carries
    none (a live board's drawing, an SVG from elsewhere)."""
    start = drawing.find("<svg ")
    found = _DRAW_ARGS.search(drawing[start : drawing.find(">", start) + 1]) if start >= 0 else None
    if found is None:
        return None
    data = html.unescape(found.group(1) if found.group(1) is not None else found.group(2))
    try:
        args = json.loads(data)
    except ValueError:
        raise LocalizedError("error.svg.redraw", got=repr(data[:80])) from None
    if not isinstance(args, dict) or not all(
        isinstance(args.get(k), str) for k in ("position", "rules", "lang")
    ):
        raise LocalizedError("error.svg.redraw", got=repr(data[:80]))
    return args


def redraw(drawing: str, lang: str) -> str:
    """The static drawing ``drawing`` (made by :func:`draw`) drawn again with its words in
    ``lang``: the same position, rule set and options (read from its ``data-draw``), so the
    result is exactly ``draw(…, lang=lang)``. A ``title`` or ``status`` line the caller wrote
    stays as written. Raises a ``ValueError`` (:class:`~puffteach.errors.LocalizedError`) when
    ``drawing`` carries no arguments to draw it with or they do not make a drawing."""
    args = drawn_with(drawing)
    if args is None:
        raise LocalizedError("error.svg.redraw", got=repr(drawing[:80]))
    options = {k: v for k, v in args.items() if k not in ("position", "rules", "lang")}
    try:
        if "last_move" in options:
            side, frm, to = options["last_move"]
            options["last_move"] = (Color(side), frm, to)
        if "status" in options:
            who, line = options["status"]
            options["status"] = (None if who is None else Color(who), line)
        return draw(Position.parse(args["position"]), args["rules"], lang=lang, **options)
    except (TypeError, ValueError) as e:
        if isinstance(e, LocalizedError):
            raise
        raise LocalizedError("error.svg.redraw", got=repr(json.dumps(args)[:80])) from None


def _state_label(
    lang: str,
    label: str,
    key: int | str,
    marked: set[int | str],
    aimed: set[int | str],
    interactive: bool,
) -> str:
    """A live board's point or pool says whether it is selected or a legal target."""
    if not interactive:
        return label
    if key in marked:
        return _t(lang, "selected", label=label)
    if key in aimed:
        return _t(lang, "target", label=label)
    return label


def _interactive_attrs(interactive: bool, label: str) -> str:
    if not interactive:
        return ""
    return f' role="button" tabindex="0" aria-label="{_esc(label)}"'


def _mark_attrs(key: int | str, marked: set[int | str], aimed: set[int | str]) -> str:
    attrs = ""
    if key in marked:
        attrs += ' data-highlight="1"'
    if key in aimed:
        attrs += ' data-target="1"'
    return attrs


def _point(
    geo: _Geo,
    pos: Position,
    q: int,
    view: str,
    lang: str,
    marked: set[int | str],
    aimed: set[int | str],
    interactive: bool,
) -> list[str]:
    pw = from_physical(geo.layout, WHITE, q)
    pb = from_physical(geo.layout, BLACK, q)
    nw, nb = pos.w[pw], pos.b[pb]
    n = nw + nb
    colour = "w" if nw and not nb else "b" if nb and not nw else "wb" if n else ""
    if n == 0:
        content = _t(lang, "empty")
    else:
        parts = []
        if nw:
            parts.append(_checkers(lang, WHITE, nw))
        if nb:
            parts.append(_checkers(lang, BLACK, nb))
        content = ", ".join(parts)
    label = _state_label(
        lang, _t(lang, "point", q=q, w=pw, b=pb, content=content), q, marked, aimed, interactive
    )
    top = geo.top_row(q)
    x = geo.x(q)
    edge = geo.inner_top if top else geo.inner_bottom
    tip = edge + L if top else edge - L
    fill = POINT_A if q % 2 else POINT_B
    out = [
        f'<g class="pt" data-point="{q}" data-white="{pw}" data-black="{pb}" '
        f'data-count="{n}" data-color="{colour}"'
        f"{_mark_attrs(q, marked, aimed)}{_interactive_attrs(interactive, label)}>",
        f"<title>{_esc(label)}</title>",
        # transparent hit area: the whole column, so a click anywhere on the point counts
        f'<rect x="{_num(x - D / 2)}" y="{_num(min(edge, tip))}" width="{D}" height="{L}" '
        f'fill="#ffffff" fill-opacity="0"/>',
        f'<polygon points="{_pts([(x - D / 2 + 1, edge), (x + D / 2 - 1, edge), (x, tip)])}" '
        f'fill="{fill}"/>',
    ]
    if q in marked:
        inner = _pts([(x - D / 2 + 3, edge), (x + D / 2 - 3, edge), (x, tip)])
        out.append(
            f'<polygon points="{inner}" fill="none" stroke="{HALO_DARK}" stroke-width="8" '
            f'stroke-linejoin="round"/>'
        )
        out.append(
            f'<polygon points="{inner}" fill="none" stroke="{HIGHLIGHT}" stroke-width="5" '
            f'stroke-linejoin="round"/>'
        )
    # checkers: White's first, then Black's (both only in a position that is not legal)
    stack = [WHITE] * nw + [BLACK] * nb
    shown = stack[:MAX_SHOWN]
    for i, side in enumerate(shown):
        cx, cy = geo.slot(q, i)
        out.extend(_checker(cx, cy, side))
    if n > MAX_SHOWN:
        cx, cy = geo.slot(q, MAX_SHOWN - 1)
        out.append(_count_label(cx, cy, shown[-1], n))
    if q in marked and n:
        cx, cy = geo.slot(q, len(shown) - 1)
        out.append(
            f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{R + 1}" fill="none" '
            f'stroke="{HALO_DARK}" stroke-width="7"/>'
        )
        out.append(
            f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{R + 1}" fill="none" '
            f'stroke="{HIGHLIGHT}" stroke-width="4"/>'
        )
    if q in aimed and n >= MAX_SHOWN:
        # a full column: ring the top checker, leaving its count readable
        cx, cy = geo.slot(q, MAX_SHOWN - 1)
        out.append(
            f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{R + 2}" fill="none" '
            f'stroke="#ffffff" stroke-width="7"/>'
        )
        out.append(
            f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{R + 2}" fill="none" '
            f'stroke="{TARGET}" stroke-width="4" stroke-dasharray="5 3"/>'
        )
    elif q in aimed:
        # the place where the next checker would stand
        cx, cy = geo.slot(q, n)
        out.append(
            f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{R - 2}" fill="#ffffff" '
            f'fill-opacity="0.6" stroke="#ffffff" stroke-width="6"/>'
        )
        out.append(
            f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{R - 2}" fill="{TARGET}" '
            f'fill-opacity="0.3" stroke="{TARGET}" stroke-width="3" stroke-dasharray="5 3"/>'
        )
        out.append(f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="4" fill="{TARGET}"/>')
    # the point number, outside the frame
    number = {"physical": q, "white": pw, "black": pb}[view]
    ny = geo.frame_top - 6 if top else geo.frame_bottom + 15
    out.append(
        f'<text x="{_num(x)}" y="{_num(ny)}" text-anchor="middle" font-size="12" '
        f'fill="{INK}">{number}</text>'
    )
    out.append("</g>")
    return _words_aside(out, interactive)


def _words_aside(out: list[str], interactive: bool) -> list[str]:
    """A live board's point or pool: its label says it all, so its printed words (number,
    count, caption) stand beside the button, hidden from screen readers (a button's visible
    text must be part of its name) and letting clicks through to it."""
    if not interactive:
        return out
    words = [line for line in out if line.startswith("<text ")]
    rest = [line for line in out if not line.startswith("<text ")]
    return [*rest, '<g class="words" aria-hidden="true" pointer-events="none">', *words, "</g>"]


def _pool(
    geo: _Geo,
    pos: Position,
    pool: _Pool,
    lang: str,
    marked: set[int | str],
    aimed: set[int | str],
    interactive: bool,
) -> list[str]:
    n = pos.side(pool.side)[pool.where]
    caption = _t(lang, "to_enter" if pool.where == 0 else "borne_off")
    side_name = _t(lang, ("white", "black")[pool.side])
    label = _t(lang, "pool", side=side_name, caption=caption, content=_checkers(lang, pool.side, n))
    label = _state_label(lang, label, pool.key, marked, aimed, interactive)
    x, y, w, h = _pool_box(geo, pool)
    top = geo.top_row(pool.q)
    stroke = HIGHLIGHT if pool.key in marked else TARGET if pool.key in aimed else POOL_LINE
    sw = 4 if pool.key in marked or pool.key in aimed else 1.5
    out = [
        f'<g class="pool" data-pool="{pool.key}" data-side="{pool.side.letter}" '
        f'data-where="{pool.where}" data-count="{n}" data-beside="{pool.q}"'
        f"{_mark_attrs(pool.key, marked, aimed)}{_interactive_attrs(interactive, label)}>",
        f"<title>{_esc(label)}</title>",
        f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" rx="6" '
        f'fill="#ffffff" fill-opacity="0.5" stroke="{stroke}" stroke-width="{sw}"'
        f"{'' if sw > 2 else ' stroke-dasharray=' + chr(34) + '4 3' + chr(34)}/>",
    ]
    shown = min(n, MAX_SHOWN)
    for i in range(shown):
        cx, cy = _pool_slot(geo, pool, i)
        out.extend(_checker(cx, cy, pool.side))
    if shown:
        cx, cy = _pool_slot(geo, pool, shown - 1)
        out.append(_count_label(cx, cy, pool.side, n))
    else:
        cx, cy = _pool_slot(geo, pool, 0)
        out.append(
            f'<text x="{_num(cx)}" y="{_num(cy + 5)}" text-anchor="middle" font-size="14" '
            f'fill="{POOL_LINE}">0</text>'
        )
    if pool.key in aimed:
        cx, cy = _pool_slot(geo, pool, min(n, MAX_SHOWN - 1))
        out.append(f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="4" fill="{TARGET}"/>')
    # the caption runs along the lane in two lines (side, what), in the part nearer the middle
    cy = y + h - 6 if top else y + 6
    anchor = "start" if top else "end"
    for dx, text in ((-5, side_name), (9, caption)):
        tx = pool.lane_x + dx
        out.append(
            f'<text x="{_num(tx)}" y="{_num(cy)}" text-anchor="{anchor}" font-size="10.5" '
            f'fill="{INK}" transform="rotate(-90 {_num(tx)} {_num(cy)})">{_esc(text)}</text>'
        )
    out.append("</g>")
    return _words_aside(out, interactive)


def _path_arrow(geo: _Geo, side: Color, label: str) -> list[str]:
    """The side's path from its entry pool round the board to its exit pool (LT figs. 1-3)."""
    frac = 0.38 if side == WHITE else 0.62
    shift = 0 if side == WHITE else 10

    def anchor(p: int) -> tuple[float, float]:
        q = to_physical(geo.layout, side, p)
        x = geo.x(q) + (shift if geo.column(q) < 6 else -shift)
        y = geo.inner_top + frac * L if geo.top_row(q) else geo.inner_bottom - frac * L
        return x, y

    a1, a12, a13, a24 = anchor(1), anchor(12), anchor(13), anchor(24)
    q1 = to_physical(geo.layout, side, 1)
    q24 = to_physical(geo.layout, side, 24)
    start_x = geo.frame_right if geo.right(q1) else geo.frame_left
    end_x = geo.frame_right + PG if geo.right(q24) else geo.frame_left - PG
    start = (start_x, a1[1])
    end = (end_x, a24[1])
    line = [start, a1, a12, a13, a24, (end_x - (10 if geo.right(q24) else -10), a24[1])]
    dash = "" if side == WHITE else ' stroke-dasharray="12 7"'
    pts = _pts(line)
    return [
        f'<g class="path-arrow" data-side="{side.letter}" pointer-events="none">',
        f"<title>{_esc(label)}</title>",
        f'<polyline points="{pts}" fill="none" stroke="#ffffff" stroke-opacity="0.7" '
        f'stroke-width="6" stroke-linejoin="round"/>',
        f'<polyline points="{pts}" fill="none" stroke="{INK}" stroke-width="3" '
        f'stroke-linejoin="round"{dash}/>',
        f'<polygon points="{_arrowhead(end, a24, 16)}" fill="{INK}" stroke="#ffffff" '
        f'stroke-width="1.5"/>',
        "</g>",
    ]


def _last_move(
    geo: _Geo,
    pos: Position,
    pools: list[_Pool],
    move: tuple[Color, int, int],
    lang: str,
) -> list[str]:
    side, frm, to = move
    if side not in (WHITE, BLACK) or not (0 <= frm <= OFF and 0 <= to <= OFF):
        raise LocalizedError("error.svg.last_move", got=repr(move))
    side = Color(side)  # (0 and 1 are taken too)
    own = pos.side(side)

    def where(p: int, leaving: bool) -> tuple[float, float]:
        # leaving: the slot just above the stack left behind (clear of any count label);
        # arriving: the top checker drawn
        n = own[p]
        i = min(n, MAX_SHOWN) if leaving else min(max(n - 1, 0), MAX_SHOWN - 1)
        if p in (0, OFF):
            pool = next(pl for pl in pools if pl.side == side and pl.where == p)
            return _pool_slot(geo, pool, i)
        return geo.slot(to_physical(geo.layout, side, p), i)

    a = where(frm, True)
    b = where(to, False)
    same_half = (a[1] < geo.mid_y) == (b[1] < geo.mid_y)
    mx = (a[0] + b[0]) / 2
    ctrl = (mx, geo.mid_y) if same_half else (mx, (a[1] + b[1]) / 2)
    # stop at the rim of the destination checker, leaving any count label readable
    dx, dy = b[0] - ctrl[0], b[1] - ctrl[1]
    length = math.hypot(dx, dy) or 1.0
    tip = (b[0] - dx / length * R, b[1] - dy / length * R)
    d = f"M {_pts([a])} Q {_pts([ctrl, tip])}"
    name = f"{frm}/{'off' if to == OFF else to}"
    return [
        f'<g class="last-move" data-side="{side.letter}" data-move="{name}" pointer-events="none">',
        f"<title>{_esc(_t(lang, 'last', move=name))}</title>",
        f'<path d="{d}" fill="none" stroke="#ffffff" stroke-opacity="0.8" stroke-width="9"/>',
        f'<path d="{d}" fill="none" stroke="{LAST_MOVE}" stroke-width="4"/>',
        f'<polygon points="{_arrowhead(tip, ctrl, 18)}" fill="{LAST_MOVE}" stroke="#ffffff" '
        f'stroke-width="1.5"/>',
        f'<circle cx="{_num(a[0])}" cy="{_num(a[1])}" r="4" fill="{LAST_MOVE}"/>',
        "</g>",
    ]


def _dice(geo: _Geo, dice: tuple[int, ...], used: set[int], turn: Color, lang: str) -> list[str]:
    # up to eight moves (a later pasch, a generalpasch named) fit in the half's width
    size, gap = (36, 8) if len(dice) <= 4 else (24, 4)
    total = len(dice) * size + (len(dice) - 1) * gap
    # centred in the gap of the half holding physical points 1-6 / 19-24
    half_left = geo.inner_left + (6 * D + BAR if geo.right(1) else 0)
    x0 = half_left + (6 * D - total) / 2
    y0 = geo.mid_y - size / 2
    fill, pip = (WHITE_FILL, WHITE_LINE) if turn == WHITE else (BLACK_FILL, BLACK_LINE)
    faces = " ".join(str(d) for d in dice)
    done = " ".join(str(dice[i]) for i in sorted(used))
    label = _t(lang, "dice_used", faces=faces, used=done) if done else _t(lang, "dice", faces=faces)
    out = [
        f'<g class="dice" data-dice="{",".join(map(str, dice))}">',
        f"<title>{_esc(label)}</title>",
    ]
    for i, d in enumerate(dice):
        x = x0 + i * (size + gap)
        faded = ' opacity="0.3"' if i in used else ""
        out.append(
            f'<g class="die" data-die="{i}" data-value="{d}" data-used="{int(i in used)}"{faded}>'
        )
        out.append(
            f'<rect x="{_num(x)}" y="{_num(y0)}" width="{size}" height="{size}" rx="6" '
            f'fill="{fill}" stroke="{pip}" stroke-width="2"/>'
        )
        for px, py in _PIPS[d]:
            out.append(
                f'<circle cx="{_num(x + size / 2 + px * size / 3.6)}" '
                f'cy="{_num(y0 + size / 2 + py * size / 3.6)}" '
                f'r="{_num(3.5 * size / 36)}" fill="{pip}"/>'
            )
        out.append("</g>")
    out.append("</g>")
    return out


def draw_game(game: Game, **kw: object) -> str:
    """Draw a game's current position under its rules, with the dice of the roll in progress.

    The dice are the moves due in the current roll (e.g. ``(5, 5, 2, 2)`` for a later pasch);
    those already moved or forfeited are drawn faded. The last step of the roll, if any, is
    drawn as the last move. The words are in the game's language (``Game(..., lang=)``).
    Keyword arguments are passed on to :func:`draw` and win.
    """
    args: dict[str, object] = {}
    if "labels" not in kw:
        args["lang"] = game.lang
    turn = game.turn
    if turn is not None:
        seq = turn.plan.seq
        left = Counter(turn.remaining)
        used: list[int] = []
        for i in range(len(seq) - 1, -1, -1):
            if left[seq[i]]:
                left[seq[i]] -= 1
            else:
                used.append(i)
        args["dice"] = seq
        args["used"] = tuple(sorted(used))
        if turn.moves:
            step = turn.moves[-1]
            args["last_move"] = (turn.start.turn, step.frm, step.to)
    if "dice" in kw and "used" not in kw:
        args.pop("used", None)  # the used marks belong to the game's dice, not to these
    args.update(kw)
    return draw(game.position, game.rules, **args)  # type: ignore[arg-type]


DRAW.append(draw)  # Position._repr_svg_ draws with this module
