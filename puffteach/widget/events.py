"""Record events applied to a step's game (:func:`do`), what the board says about them
(:func:`narrate`), a new game (:func:`new_game`) and the checks every play action shares."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..color import Color
from ..errors import message_of
from ..families import family_of
from ..game import Game
from ..messages import Message
from ..position import Position
from ..rules import RuleSet
from .core import Ctx, Entry, Refusal, State, got, refuse, rev0
from .words import explained, roll_outcome


def do(ctx: Ctx, event: list[Any]) -> None:
    """Apply a new event to the game and record it."""
    game = ctx.game
    before = len(game.history)
    stored = ctx.entry.push(event)
    state = ctx.state
    record = state["record"]
    state["record"] = {**record, "events": [*record["events"], stored]}
    state["future"] = []
    state["selected"] = None
    if state.get("replay"):
        state["replay"] = False
        ctx.msgs.insert(0, Message.of("board.left_replay"))
    narrate(ctx, before)


def narrate(ctx: Ctx, before: int) -> None:
    """Say what happened at the end of a roll (forfeits, another roll, the outcome)."""
    game = ctx.game
    for i, rec in enumerate(game.history[before:], start=before):
        who = rec.side
        prev = game.history[i - 1].position if i else game.start
        for notice in family_of(game.rules).notices(game.rules, prev, rec.position, rec.side):
            ctx.say(notice)  # bräde: the janblotta is out (BH, Jan)
        if rec.forfeited:
            ctx.say(Message.of("board.fata", side=who, dice=" ".join(map(str, rec.forfeited))))
        if rec.outcome is not None:
            ctx.say(roll_outcome(game, rec).message)
        elif rec.again:
            ctx.say(Message.of("board.again", side=who))
    t = game.turn
    if t is not None and game.generalpasch_available():
        ctx.say(Message.of("board.generalpasch", a=t.plan.dice[0], b=t.plan.dice[1]))
    if t is not None and t.done:
        ctx.say(Message.of("board.nothing_to_move"))
    last = game.history[-1] if game.history[before:] else None
    if last is not None and last.outcome is None and game.is_over() and game.outcome is not None:
        ctx.say(game.outcome.message)  # RV 11-13: the extra rolls did not change the result
    after = game.after_game
    if after is not None and game.history[before:]:
        para, loser, left = after
        ctx.say(Message.of("board.after_game", side=Color(loser), n=left, para=para))


def game_over(game: Game) -> Refusal:
    o = game.outcome
    assert o is not None
    return Refusal(Message.of("board.game_over", outcome=o.message))


def no_turn(game: Game) -> Refusal:
    if game.is_over():
        return game_over(game)
    e = game.explain("0/1")  # between rolls: "roll the dice first", with the rule
    return Refusal(explained(e), e)


def playing(ctx: Ctx) -> Game:
    not_in_setup(ctx.state)
    return ctx.game


def not_in_setup(state: State) -> None:
    if state.get("setup"):
        raise refuse("finish_setup")


def random_dice(state: State, n: int) -> list[int]:
    rng = random.Random(f"{state['seed']}:{state['rolls']}")
    state["rolls"] = state["rolls"] + 1
    return [rng.randint(1, 6) for _ in range(n)]


def new_game(ctx: Ctx, rs: RuleSet, position: Any) -> None:
    state = ctx.state
    if position is None:
        rng = random.Random(f"{state['seed']}:{state['rolls']}")
        state["rolls"] = state["rolls"] + 1
        w, b = rng.randint(1, 6), rng.randint(1, 6)
        while w == b:
            w, b = rng.randint(1, 6), rng.randint(1, 6)
        game = Game(rs, opening=(w, b))
        starts = game.start.turn
        ctx.say(Message.of("board.new_game", w=w, b=b, side=starts))
    else:
        if not isinstance(position, (str, Position)):
            raise refuse("position_bad", got=got(position))
        game = Game(rs, position=position)
        ctx.say(Message.of("board.new_game_from", position=str(game.start), side=game.start.turn))
    record = game.record()
    ctx.start(Entry(game, [], [rev0(record)]))
    state.update(rules=rs.name, record=record, future=[], replay=False, selected=None, setup=None)


def refusal_of(game: Game, act: Callable[[], object]) -> Message | None:
    """Why ``act`` (a Game method) would be refused now, or None if it would be accepted: it is
    tried and its events taken back at once (``Game.undo``), so the game is as it was."""
    n = len(game.events)
    try:
        act()
    except ValueError as e:
        return message_of(e) if str(e) else Message.of("board.error", text=type(e).__name__)
    while len(game.events) > n and game.undo():
        pass
    return None
