"""The board's places: physical points 1-24 and the pools ``w0``/``b0``/``w25``/``b25``, and the
mover's path numbers they stand for."""

from __future__ import annotations

from typing import Any

from ..board import OFF, from_physical, to_physical
from ..color import Color
from ..game import Game
from ..movegen import Step
from ..rules import RuleSet
from .core import SIDES, Refusal, got, refuse
from .words import explained


def check_point(point: Any) -> int | str:
    """``point`` if it is a physical point 1-24 or a pool name; else a refusal."""
    if isinstance(point, int) and not isinstance(point, bool) and 1 <= point <= 24:
        return point
    if isinstance(point, str) and point in ("w0", "b0", "w25", "b25"):
        return point
    raise refuse("point_bad", got=got(point))


def own_checker(game: Game, point: Any, me: Color) -> int | None:
    """The mover's path point of a checker of his on ``point`` (None: none there)."""
    check_point(point)
    own = game.position.side(me)
    if isinstance(point, str):
        if point == f"{SIDES[me]}0" and own[0]:
            return 0
        return None
    p = from_physical(game.rules.layout, me, point)
    return p if own[p] else None


def path_of(game: Game, point: Any, me: Color) -> int:
    """The mover's path point of a physical point or of one of his pools."""
    point = check_point(point)
    if isinstance(point, str):
        if point[0] != SIDES[me]:
            raise refuse("pool_other", pool=point, owner=me.other, side=me)
        return OFF if point[1:] == "25" else 0
    return from_physical(game.rules.layout, me, point)


def place(rs: RuleSet, side: Color, p: int) -> int | str:
    """Physical point (1-24) or pool name of ``side``'s path point ``p``."""
    if p in (0, OFF):
        return f"{SIDES[side]}{p}"
    return to_physical(rs.layout, side, p)


def targets(sel: dict[str, Any] | None, game: Game, steps: list[Step]) -> list[Any]:
    if sel is None:
        return []
    me = game.position.turn
    out: list[Any] = []
    for s in steps:
        if s.frm == sel["from"]:
            q = place(game.rules, me, s.to)
            if q not in out:
                out.append(q)
    return out


def why_stuck(game: Game, frm: int) -> Refusal:
    """Why the checker on path point ``frm`` cannot move now (the first rule it breaks)."""
    for die in dict.fromkeys(game.remaining):
        to = min(frm + die, OFF)
        e = game.explain(f"{frm}/{'off' if to == OFF else to}")
        if not e.legal:
            return Refusal(explained(e), e)
    return refuse("stuck", point=frm) if frm else refuse("stuck_waiting")
