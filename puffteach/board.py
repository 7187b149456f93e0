"""Board geometry: the four layouts, path points and physical points.

Every checker's place is given in its owner's *path* numbering: 0 = waiting to enter (never
entered or hit), 1-24 on the board in the order the owner moves, 25 = borne off.  Physical points
are numbered 1-24 from White's point of view, so White's path point p is physical point p.
Black's path maps onto the physical points per layout (rules digest, section 1).

Which corner the first player picks (clockwise or counter-clockwise) only mirrors the picture;
it is a drawing option (`orientation`), not a rule.
"""

from __future__ import annotations

from typing import Final, Literal

from .color import BLACK, WHITE, Color
from .errors import LocalizedError

Layout = Literal["long", "contrary", "double-contrary", "brade"]
LAYOUTS: Final[tuple[Layout, ...]] = ("long", "contrary", "double-contrary", "brade")

__all__ = ["BLACK", "WHITE", "Color"]  # the sides are color.py's (re-exported for old imports)

OFF: Final = 25
BAR: Final = 0


def black_to_physical(layout: Layout, p: int) -> int:
    """Physical point (1-24) of Black's path point p (1-24)."""
    if not 1 <= p <= 24:
        raise LocalizedError("error.board.path_point", p=p)
    if layout == "long":
        return p
    if layout == "contrary":
        return 25 - p
    if layout == "double-contrary":
        return 13 - p if p <= 12 else 37 - p
    if layout == "brade":
        return (p + 11) % 24 + 1
    raise LocalizedError("error.board.layout", got=repr(layout), layouts=", ".join(LAYOUTS))


def to_physical(layout: Layout, side: Color, p: int) -> int:
    """Physical point of `side`'s path point p (1-24)."""
    if side == WHITE:
        if not 1 <= p <= 24:
            raise LocalizedError("error.board.path_point", p=p)
        return p
    return black_to_physical(layout, p)


def from_physical(layout: Layout, side: Color, q: int) -> int:
    """`side`'s path point of physical point q (1-24)."""
    if side == WHITE:
        return q
    for p in range(1, 25):
        if black_to_physical(layout, p) == q:
            return p
    raise LocalizedError("error.board.physical_point", q=q)


def _cross_table(layout: Layout) -> tuple[int, ...]:
    # All four mappings are involutions, so one table serves both sides:
    # CROSS[layout][p] = the opponent's path point on the same physical point as path point p.
    table = [0] * 26
    for p in range(1, 25):
        table[p] = black_to_physical(layout, p)
    assert all(table[table[p]] == p for p in range(1, 25))
    return tuple(table)


#: CROSS[layout][p]: the opponent's path point sharing a physical point with path point p.
CROSS: Final[dict[str, tuple[int, ...]]] = {lay: _cross_table(lay) for lay in LAYOUTS}


#: The quarters of a side's path, by name (rules digest, section 1): the first is where its
#: checkers enter (bräde's jan), the fourth its home, from where it bears off.
FIRST_QUARTER: Final = range(1, 7)
SECOND_QUARTER: Final = range(7, 13)
THIRD_QUARTER: Final = range(13, 19)
HOME_QUARTER: Final = range(19, 25)
QUARTERS: Final = (FIRST_QUARTER, SECOND_QUARTER, THIRD_QUARTER, HOME_QUARTER)
#: the third and fourth quarters (bräde RV 4a: a band there)
LAST_HALF: Final = range(13, 25)
#: slices of a side's counts (``own[BEFORE_HOME]``, a plain slice: as fast as ``own[:19]``):
#: every place before the home quarter (waiting and points 1-18; none there: it may bear off),
#: the first quarter's points, the home quarter's
BEFORE_HOME: Final = slice(0, HOME_QUARTER.start)
IN_FIRST_QUARTER: Final = slice(FIRST_QUARTER.start, FIRST_QUARTER.stop)
IN_HOME_QUARTER: Final = slice(HOME_QUARTER.start, HOME_QUARTER.stop)


def quarter(p: int) -> int:
    """Quarter (1-4) of path point p (1-24): 1-6, 7-12, 13-18, 19-24."""
    if not 1 <= p <= 24:
        raise LocalizedError("error.board.path_point", p=p)
    return (p - 1) // 6 + 1


def entry_side(layout: Layout, side: Color) -> int:
    """Physical point of the side's path point 1 (where its checkers come in)."""
    return to_physical(layout, side, 1)


def exit_side(layout: Layout, side: Color) -> int:
    """Physical point of the side's path point 24 (from where its checkers leave)."""
    return to_physical(layout, side, 24)
