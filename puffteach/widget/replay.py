"""Taking back and stepping through a game: ``undo``, ``redo``, ``load`` (a saved record) and
``replay_goto``."""

from __future__ import annotations

from typing import Any, Final

from ..errors import message_of
from ..game import Game, GameError
from ..messages import Message
from ..rules import rules
from .core import (
    Action,
    Ctx,
    Entry,
    Refusal,
    got,
    next_rev,
    refuse,
    register_action,
    replay_record,
    rev0,
)
from .events import narrate, not_in_setup
from .words import event_message


def _a_undo(ctx: Ctx, action: Action) -> None:
    not_in_setup(ctx.state)
    state = ctx.state
    events = state["record"]["events"]
    if not events:
        raise refuse("nothing_to_undo")
    ctx.back_to(len(events) - 1)
    last = events[-1]
    state["record"] = {**state["record"], "events": events[:-1]}
    state["future"] = [last, *state["future"]]
    state["selected"] = None
    ctx.say(Message.of("board.undone", event=event_message(last)))


def _a_redo(ctx: Ctx, action: Action) -> None:
    not_in_setup(ctx.state)
    state = ctx.state
    future = state["future"]
    if not future:
        raise refuse("nothing_to_redo")
    game = ctx.game
    before = len(game.history)
    stored = ctx.entry.push(future[0])
    state["record"] = {**state["record"], "events": [*state["record"]["events"], stored]}
    state["future"] = future[1:]
    state["selected"] = None
    ctx.say(Message.of("board.redone", event=event_message(stored)))
    narrate(ctx, before)


def _a_load(ctx: Ctx, action: Action) -> None:
    try:
        record = Game.parse_record(action.get("record"))  # type: ignore[arg-type]
    except GameError as e:
        raise Refusal(message_of(e)) from None
    events = record.get("events", [])
    if not isinstance(events, list):
        raise refuse("events_not_a_list")
    try:
        name = rules(record.get("rules")).name  # type: ignore[arg-type]
    except (ValueError, TypeError) as e:
        raise Refusal(message_of(e)) from None
    entry = replay_record(record)  # checks every event before touching the state
    index = index_of(action.get("index", 0), len(events))
    full = {
        "format": record["format"],
        "rules": name,
        "start": str(entry.game.start),
        "opening": list(entry.game.opening) if entry.game.opening else None,
        "events": list(entry.events),
    }
    entry = Entry(entry.game, entry.events, [rev0(full)])
    for ev in entry.events:  # the revisions of the record as the state keeps it
        entry.revs.append(next_rev(entry.revs[-1], ev))
    ctx.state.update(
        rules=name,
        record={**full, "events": full["events"][:index]},
        future=full["events"][index:],
        replay=True,
        selected=None,
        setup=None,
    )
    ctx.start(entry)
    ctx.back_to(index)
    ctx.say(Message.of("board.loaded", n=len(events)))


def _a_replay_goto(ctx: Ctx, action: Action) -> None:
    state = ctx.state
    not_in_setup(state)
    events = state["record"]["events"] + state["future"]
    goto(ctx, index_of(action.get("index"), len(events)))


def goto(ctx: Ctx, index: int) -> None:
    """Show the game after its first ``index`` events (0 <= index <= all of them)."""
    state = ctx.state
    events = state["record"]["events"] + state["future"]
    done = len(state["record"]["events"])
    if index <= done:
        ctx.back_to(index)
    else:
        for event in state["future"][: index - done]:
            ctx.entry.push(event)
    state["record"] = {**state["record"], "events": events[:index]}
    state["future"] = events[index:]
    state["selected"] = None
    state["replay"] = True
    ctx.say(Message.of("board.event_of", i=index, n=len(events)))


def index_of(value: Any, length: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise refuse("index_bad", n=length, got=got(value))
    index = value + length + 1 if value < 0 else value
    if not 0 <= index <= length:
        raise refuse("index_range", index=value, n=length)
    return index


#: the actions this module registers
ACTIONS: Final = {
    "undo": _a_undo,
    "redo": _a_redo,
    "load": _a_load,
    "replay_goto": _a_replay_goto,
}
for _name, _handler in ACTIONS.items():
    register_action(_name, _handler)
