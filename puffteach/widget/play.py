"""The play actions: roll, set_dice, reroll, resign, select, move, click, name_pasch,
end_roll, new_game, set_position, view and players (registered with
:func:`~puffteach.widget.core.register_action`)."""

from __future__ import annotations

from typing import Any, Final

from ..board import OFF
from ..color import Color
from ..game import Game
from ..messages import Message
from ..rules import rules
from .core import (
    LABELS,
    PLAYERS,
    SIDES,
    VIEWS,
    Action,
    Ctx,
    Refusal,
    action_handler,
    got,
    refuse,
    register_action,
)
from .events import do, game_over, new_game, no_turn, playing, random_dice, refusal_of
from .places import check_point, own_checker, path_of, targets, why_stuck
from .words import explained, explanation_json, who


def _a_roll(ctx: Ctx, action: Action) -> None:
    game = playing(ctx)
    one = action.get("one_die", False)
    if not isinstance(one, bool):
        raise refuse("one_die_bad", got=got(one))
    _check_can_roll(game)
    if one and not game.one_die_allowed():
        raise refuse("one_die_not_allowed")
    one = one or game.one_die_required()
    _roll(ctx, game, random_dice(ctx.state, 1 if one else 2))


def _a_set_dice(ctx: Ctx, action: Action) -> None:
    game = playing(ctx)
    dice = action.get("dice")
    if (
        not isinstance(dice, list)
        or not 1 <= len(dice) <= 2
        or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice)
    ):
        raise refuse("dice_bad", got=got(dice))
    _roll(ctx, game, list(dice))


def _check_can_roll(game: Game) -> None:
    if game.is_over():
        raise game_over(game)
    if game.turn is not None:
        raise refuse("still_moving", dice="-".join(map(str, game.dice or ())))


def _roll(ctx: Ctx, game: Game, dice: list[int]) -> None:
    _check_can_roll(game)
    who = game.position.turn
    text = "-".join(map(str, dice))
    if len(dice) == 1:
        ctx.say(Message.of("board.rolls_one", side=who, die=text))
    else:
        ctx.say(Message.of("board.rolls", side=who, dice=text))
    do(ctx, ["roll", dice])


def _a_reroll(ctx: Ctx, action: Action) -> None:
    game = playing(ctx)
    t = game.turn
    if t is None:
        if game.is_over():
            raise game_over(game)
        raise refuse("reroll_no_roll")
    why = refusal_of(game, game.reroll)  # RV 25, as Game.reroll checks it
    if why is not None:
        raise Refusal(why)
    who = game.position.turn
    old = "-".join(map(str, t.plan.dice))
    ctx.say(Message.of("board.rerolls", side=who, dice=old))
    do(ctx, ["reroll", 1])
    _roll(ctx, game, random_dice(ctx.state, len(t.plan.dice)))


def _a_resign(ctx: Ctx, action: Action) -> None:
    game = playing(ctx)
    if game.is_over():
        raise game_over(game)
    if game.after_game is not None:
        raise refuse("resign_after_game", para=game.after_game[0])
    who = game.position.turn
    ctx.say(Message.of("board.resigns", side=who))
    do(ctx, ["resign", 1])  # GameError (a refusal) when RV 4 does not allow it
    o = game.outcome
    if o is not None:
        ctx.say(o.message)


def _a_name_pasch(ctx: Ctx, action: Action) -> None:
    game = playing(ctx)
    x = action.get("x")
    if not isinstance(x, int) or isinstance(x, bool) or not 1 <= x <= 6:
        raise refuse("name_bad", got=got(x))
    if not game.generalpasch_available():
        raise refuse("name_not_now")
    ctx.say(Message.of("board.names_pasch", side=game.position.turn, x=x))
    do(ctx, ["name", x])


def _a_end_roll(ctx: Ctx, action: Action) -> None:
    game = playing(ctx)
    t = game.turn
    if t is None or not t.done:
        raise refuse("no_end")
    do(ctx, ["end", None])


def _a_move(ctx: Ctx, action: Action) -> None:
    game = playing(ctx)
    if "move" in action:
        text = action["move"]
        if not isinstance(text, str):
            raise refuse("move_bad", got=got(text))
    else:
        if game.turn is None:
            raise no_turn(game)
        me = game.position.turn
        frm = path_of(game, action.get("from"), me)
        to = path_of(game, action.get("to"), me)
        text = f"{frm}/{'off' if to == OFF else to}"
    _move(ctx, game, text)


def _move(ctx: Ctx, game: Game, text: str) -> None:
    if game.turn is None:
        raise no_turn(game)
    e = game.explain(text)
    if not e.legal:
        raise Refusal(explained(e), e)
    ctx.say(Message.of("board.moved", reason=e.what))
    ctx.state["explanation"] = explanation_json(e)
    do(ctx, ["move", text])


def _a_select(ctx: Ctx, action: Action) -> None:
    game = playing(ctx)
    point = action.get("point")
    if point is None:
        if ctx.state.get("selected"):  # said, so a screen reader hears the selection go
            ctx.say(Message.of("board.deselected"))
        ctx.state["selected"] = None
        return
    _select(ctx, game, point)


def _select(ctx: Ctx, game: Game, point: Any) -> None:
    if game.turn is None:
        raise no_turn(game)
    me = game.position.turn
    frm = own_checker(game, point, me)
    if frm is None:
        raise refuse("select_own", side=Color(me))
    if not any(s.frm == frm for s in game.legal_moves()):
        raise why_stuck(game, frm)
    ctx.state["selected"] = {"point": point, "from": frm}
    if frm == 0:
        ctx.say(Message.of("board.selected_waiting", side=Color(me)))
    else:
        ctx.say(Message.of("board.selected", side=Color(me), point=frm))


def _a_click(ctx: Ctx, action: Action) -> None:
    point = check_point(action.get("point"))
    state = ctx.state
    if state.get("setup"):
        tool = state["setup"]["tool"]
        kind = "setup_remove" if tool == "remove" else "setup_place"
        handler = action_handler(kind)  # set-up mode registers them (widget.setup)
        if handler is None:  # pragma: no cover - the reducer always loads set-up mode
            raise refuse("unknown_action", got=got(kind), actions="")
        handler(ctx, {"type": kind, "point": point, "side": tool})
        return
    game = playing(ctx)
    if game.turn is None:
        raise no_turn(game)
    me = game.position.turn
    sel = state.get("selected")
    if sel is not None and sel["point"] == point:
        state["selected"] = None
        ctx.say(Message.of("board.deselected"))
        return
    if sel is not None and point in targets(sel, game, game.legal_moves()):
        to = path_of(game, point, me)
        _move(ctx, game, f"{sel['from']}/{'off' if to == OFF else to}")
        return
    if own_checker(game, point, me) is not None:
        _select(ctx, game, point)
        return
    if sel is None:
        raise refuse("click_own", side=Color(me))
    to = path_of(game, point, me)
    text = f"{sel['from']}/{'off' if to == OFF else to}"
    e = game.explain(text)  # MoveSyntaxError (a ValueError) for a backward move
    raise Refusal(explained(e), e)


def _a_new_game(ctx: Ctx, action: Action) -> None:
    name = action.get("rules", ctx.state["rules"])
    if not isinstance(name, str):
        raise refuse("rules_bad", got=got(name))
    new_game(ctx, rules(name), action.get("position"))


def _a_set_position(ctx: Ctx, action: Action) -> None:
    text = action.get("position")
    if not isinstance(text, str):
        raise refuse("position_bad", got=got(text))
    new_game(ctx, rules(ctx.state["rules"]), text)


def _a_view(ctx: Ctx, action: Action) -> None:
    opts = {k: v for k, v in action.items() if k != "type"}
    ctx.state["view"] = view_options(ctx.state["view"], opts)


def view_options(current: dict[str, Any], opts: dict[str, Any]) -> dict[str, Any]:
    out = dict(current)
    for key, value in opts.items():
        if key == "view" and value not in VIEWS:
            raise refuse("view_bad", choices=", ".join(VIEWS), got=got(value))
        if key in ("lang", "labels") and value not in LABELS:
            raise refuse("labels_bad", option=key, choices=", ".join(LABELS), got=got(value))
        if key in ("flip", "arrows") and not isinstance(value, bool):
            raise refuse("bool_bad", option=key, got=got(value))
        if key == "size" and (
            not isinstance(value, int) or isinstance(value, bool) or not 100 <= value <= 2000
        ):
            raise refuse("size_bad", got=got(value))
        if key == "delay" and (  # ms between a computer's steps as a front end shows them
            not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 5000
        ):
            raise refuse("size_bad", got=got(value))
        if key not in ("view", "lang", "labels", "flip", "arrows", "size", "delay"):
            raise refuse("view_unknown", got=got(key))
        out["lang" if key == "labels" else key] = value
    if "labels" in out:  # a state stored before ``lang``: the same option under its old name
        out.setdefault("lang", out["labels"])
        del out["labels"]
    return out


def _a_players(ctx: Ctx, action: Action) -> None:
    players = dict(ctx.state["players"])
    for side in SIDES:
        if side in action:
            name = action[side]
            if not isinstance(name, str) or (name != "human" and name not in PLAYERS):
                known = ", ".join(["human", *PLAYERS])
                raise refuse("player_unknown", got=got(name), known=known)
            players[side] = name
    ctx.state["players"] = players
    ctx.say(Message.of("board.players", w=who(players["w"]), b=who(players["b"])))


#: the actions this module registers
ACTIONS: Final = {
    "roll": _a_roll,
    "set_dice": _a_set_dice,
    "reroll": _a_reroll,
    "resign": _a_resign,
    "select": _a_select,
    "move": _a_move,
    "click": _a_click,
    "name_pasch": _a_name_pasch,
    "end_roll": _a_end_roll,
    "new_game": _a_new_game,
    "set_position": _a_set_position,
    "view": _a_view,
    "players": _a_players,
}
for _name, _handler in ACTIONS.items():
    register_action(_name, _handler)
