"""Set-up mode: compose a position checker by checker (``setup_toggle``, ``setup_place``,
``setup_remove``), then play from it."""

from __future__ import annotations

from typing import Any, Final

from ..board import OFF, from_physical
from ..color import COLORS, Color
from ..messages import Message
from ..position import Position
from ..rules import rules
from .core import SIDES, Action, Ctx, State, got, refuse, register_action
from .events import new_game
from .places import check_point


def _a_setup_toggle(ctx: Ctx, action: Action) -> None:
    state = ctx.state
    on = action.get("on", not state.get("setup"))
    tool = action.get("tool")
    turn = action.get("turn")
    if not isinstance(on, bool):
        raise refuse("bool_bad", option="on", got=got(on))
    if tool is not None and tool not in ("w", "b", "remove"):
        raise refuse("tool_bad", got=got(tool))
    if turn is not None and turn not in SIDES:
        raise refuse("turn_bad", got=got(turn))
    setup = state.get("setup")
    if on:
        if setup is None:
            game = ctx.game
            t = game.turn
            pos = t.start if t is not None else game.position
            setup = {"position": str(pos), "tool": "w"}
            ctx.say(Message.of("board.setup_on"))
        else:
            setup = dict(setup)
        if tool is not None:
            setup["tool"] = tool
        if turn is not None:
            pos = Position.parse(setup["position"])._replace(
                turn=Color(SIDES.index(turn)), streak=0
            )
            setup["position"] = str(pos)
        state["setup"] = setup
        state["selected"] = None
        return
    if setup is None:
        raise refuse("setup_not_on")
    new_game(ctx, rules(state["rules"]), setup["position"])


def _a_setup_place(ctx: Ctx, action: Action) -> None:
    state = ctx.state
    setup = setup_of(state)
    side = action.get("side", setup["tool"])
    if side not in SIDES:
        raise refuse("place_side_bad", got=got(side))
    me = Color(SIDES.index(side))
    point = check_point(action.get("point"))
    rs = rules(state["rules"])
    pos = Position.parse(setup["position"])
    own = list(pos.side(me))
    if isinstance(point, str):
        if point[0] != side or point[1:] != "25":
            raise refuse("place_pool", side=me, pool=f"{side}25", point=point)
        to = OFF
    else:
        to = from_physical(rs.layout, me, point)
    if not own[0]:
        raise refuse("all_placed", side=me)
    own[0] -= 1
    own[to] += 1
    new = pos._replace(w=tuple(own)) if me == 0 else pos._replace(b=tuple(own))
    new.check(rs)  # PositionError when both colours would share a point
    state["setup"] = {**setup, "position": str(new)}
    if to == OFF:
        ctx.say(Message.of("board.placed_off", side=me))
    else:
        ctx.say(Message.of("board.placed", side=me, point=point))


def _a_setup_remove(ctx: Ctx, action: Action) -> None:
    state = ctx.state
    setup = setup_of(state)
    point = check_point(action.get("point"))
    rs = rules(state["rules"])
    pos = Position.parse(setup["position"])
    if isinstance(point, str):
        if point.endswith("0") and not point.endswith("25"):
            raise refuse("remove_waiting")
        me, frm = Color(SIDES.index(point[0])), OFF
    else:
        found = [
            (side, from_physical(rs.layout, side, point))
            for side in COLORS
            if pos.side(side)[from_physical(rs.layout, side, point)]
        ]
        if not found:
            raise refuse("remove_none", point=point)
        me, frm = found[0]
    own = list(pos.side(me))
    if not own[frm]:
        raise refuse("remove_no_off", side=me)
    own[frm] -= 1
    own[0] += 1
    new = pos._replace(w=tuple(own)) if me == 0 else pos._replace(b=tuple(own))
    state["setup"] = {**setup, "position": str(new)}
    ctx.say(Message.of("board.removed", side=me))


def setup_of(state: State) -> dict[str, Any]:
    setup = state.get("setup")
    if not setup:
        raise refuse("setup_first")
    result: dict[str, Any] = setup
    return result


#: the actions this module registers
ACTIONS: Final = {
    "setup_toggle": _a_setup_toggle,
    "setup_place": _a_setup_place,
    "setup_remove": _a_setup_remove,
}
for _name, _handler in ACTIONS.items():
    register_action(_name, _handler)
