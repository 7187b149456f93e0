"""The board's small core: the state and action types, refusals, the registry of actions and
players, and the cache of games by revision (see :mod:`puffteach.widget.protocol` for the
state's fields and the actions).

Every action is a handler ``handler(ctx, action)`` registered with :func:`register_action` by
the module that implements it (:mod:`~puffteach.widget.play`, :mod:`~puffteach.widget.setup`,
:mod:`~puffteach.widget.replay`, :mod:`~puffteach.widget.computer`); a handler changes
``ctx.state`` (a shallow copy of the state), applies record events through ``ctx.entry`` and
says what happened with ``ctx.say``, or raises :class:`Refusal`. Computer players are
registered with :func:`register_player`; :func:`register_after_human` and
:func:`register_finish` add the steps the reducer takes around the computer's turns. Nothing
here imports the modules that register: the registry is the only way in.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from ..errors import LocalizedError, message_of
from ..explain import Explanation
from ..game import Game, GameError, TurnRecord
from ..messages import DEFAULT, LANGUAGES, Message

#: a board's state: plain JSON (see :mod:`puffteach.widget.protocol`, "The state")
State = dict[str, Any]
#: an action: ``{"type": name, ...}``
Action = dict[str, Any]
#: a computer player: the action to take in ``state``, or None to wait for a human
PlayerHook = Callable[[State], Action | None]
#: ``hook(old, action, new) -> new``: after a human's accepted action, before the computer
AfterHuman = Callable[[State, Action, State], State]
#: ``hook(new, frames, said) -> new``: the end of a step (the computer's frames and words)
Finish = Callable[[State, list[State], list[str]], State]

PROTOCOL_VERSION: Final = 1
VIEWS: Final = ("physical", "white", "black")
#: the board's languages (the message catalogue's)
LABELS: Final = LANGUAGES
SIDES: Final = ("w", "b")
AUTOPLAY_LIMIT: Final = 500
#: how many games (by revision) the module keeps between steps
CACHE_SIZE: Final = 32
#: the longest text of a refused value a message repeats
_SHOWN: Final = 60


class Refusal(Exception):
    """An action that cannot be applied; the state stays as it was."""

    def __init__(self, message: Message, explanation: Explanation | None = None) -> None:
        super().__init__(message.key)
        self.message = message
        self.explanation = explanation


def refuse(key: str, **params: object) -> Refusal:
    return Refusal(Message.of(f"board.{key}", **params))


def got(value: object) -> str:
    """A refused value as the message repeats it (``repr``, shortened)."""
    try:
        text = repr(value)
    except Exception:  # pragma: no cover - a value whose repr fails
        text = f"<{type(value).__name__}>"
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


# --------------------------------------------------------------------------- the registry

#: an action's handler: changes ``ctx.state`` or raises :class:`Refusal`
Handler = Callable[["Ctx", Action], None]

_HANDLERS: dict[str, Handler] = {}
#: Computer players by name: ``hook(state) -> action | None`` (see "Computer players").
PLAYERS: dict[str, PlayerHook] = {}
_AFTER_HUMAN: list[AfterHuman] = []
_FINISH: list[Finish] = []


def register_action(name: str, handler: Handler) -> None:
    """Make ``{"type": name, ...}`` an action, applied by ``handler(ctx, action)``."""
    if not name or not isinstance(name, str):
        raise LocalizedError("error.widget.action_name")
    _HANDLERS[name] = handler


def unregister_action(name: str) -> None:
    """Forget the action type ``name`` (nothing happens if there is none)."""
    _HANDLERS.pop(name, None)


def action_handler(name: str) -> Handler | None:
    """The handler registered for the action type ``name`` (None: no such action)."""
    return _HANDLERS.get(name)


def action_names() -> tuple[str, ...]:
    """The registered action types, in the order they were registered."""
    return tuple(_HANDLERS)


def register_player(name: str, hook: PlayerHook) -> None:
    """Make ``name`` a player that ``{"type": "players", "w": name}`` can choose."""
    if not name or name == "human":
        raise LocalizedError("error.widget.player_name")
    PLAYERS[name] = hook


def player_hook(state: State) -> PlayerHook | None:
    """The computer player to act in ``state`` (None: a human, or nobody is to act)."""
    if state.get("setup") or state.get("replay") or state.get("outcome"):
        return None
    name = state["players"].get(state.get("to_move", "w"), "human")
    return PLAYERS.get(name) if name != "human" else None


def register_after_human(hook: AfterHuman) -> None:
    """Run ``hook(old, action, new)`` after every accepted action of a human."""
    _AFTER_HUMAN.append(hook)


def register_finish(hook: Finish) -> None:
    """Run ``hook(new, frames, said)`` at the end of every accepted step."""
    _FINISH.append(hook)


def after_human(old: State, action: Action, new: State) -> State:
    """Every :func:`register_after_human` hook, in order."""
    for hook in _AFTER_HUMAN:
        new = hook(old, action, new)
    return new


def finish_step(new: State, frames: list[State], said: list[str]) -> State:
    """Every :func:`register_finish` hook, in order."""
    for hook in _FINISH:
        new = hook(new, frames, said)
    return new


# --------------------------------------------------------------------------- the game cache


def rev0(record: dict[str, Any]) -> str:
    head = [record.get("rules"), record.get("start"), record.get("opening")]
    return _digest(json.dumps(head, ensure_ascii=False, sort_keys=True, default=str))


def next_rev(rev: str, event: list[Any]) -> str:
    return _digest(rev + json.dumps(event, ensure_ascii=False, default=str))


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=10).hexdigest()


@dataclass(eq=False)
class Entry:
    """A game with the record events it has played and the revision after each of them."""

    game: Game
    events: list[list[Any]]
    revs: list[str]
    #: the history lines drawn so far, with the TurnRecord each was drawn from
    lines: list[tuple[TurnRecord, str]] = field(default_factory=list)
    lines_lang: str = DEFAULT

    @property
    def rev(self) -> str:
        return self.revs[-1]

    def push(self, event: Any) -> list[Any]:
        """Apply a record event; return it as the record stores it (a move in canonical text)."""
        text = self.game.apply_event(event)
        kind, value = event
        if kind == "move":
            stored: list[Any] = ["move", text]
        elif kind == "roll":
            stored = ["roll", [int(v) for v in value]]
        else:
            stored = [kind, value]
        self.events.append(stored)
        self.revs.append(next_rev(self.revs[-1], stored))
        return stored

    def pop(self) -> bool:
        """Take back the last event (False if the game cannot, the entry is then unusable)."""
        if not self.events or not self.game.undo():
            return False
        if len(self.game.events) != len(self.events) - 1:
            return False
        self.events.pop()
        self.revs.pop()
        return True

    def history(self, lang: str, draw: Callable[[Game, TurnRecord, str], str]) -> list[str]:
        """One line per finished roll (``draw(game, record, lang)``), drawn only for the rolls
        not drawn before."""
        recs = self.game.history
        if lang != self.lines_lang:
            self.lines, self.lines_lang = [], lang
        keep = min(len(self.lines), len(recs))
        while keep and self.lines[keep - 1][0] is not recs[keep - 1]:
            keep -= 1
        del self.lines[keep:]
        self.lines.extend((rec, draw(self.game, rec, lang)) for rec in recs[keep:])
        return [line for _, line in self.lines]


CACHE: OrderedDict[str, Entry] = OrderedDict()


def replay_record(record: dict[str, Any]) -> Entry:
    """A new entry with every event of ``record`` played (ValueError naming a bad event)."""
    record = Game.parse_record(record)  # the record's shape: rules, start, opening, events
    events = record.get("events", [])
    game = Game.load({**record, "events": []})
    entry = Entry(game, [], [rev0(record)])
    for n, event in enumerate(events):
        try:
            entry.push(event)
        except (ValueError, TypeError) as e:
            raise GameError(
                "error.record.event", n=n + 1, event=got(event), error=message_of(e)
            ) from None
    return entry


def checkout(state: State) -> Entry:
    """The entry of the state's record: from the cache when its revision is there (and fits),
    else replayed. The entry leaves the cache; :func:`checkin` puts it back."""
    record = state["record"]
    rev = state.get("rev")
    entry = CACHE.pop(rev, None) if isinstance(rev, str) else None
    events = record.get("events")
    if (
        entry is not None
        and isinstance(events, list)
        and len(entry.events) == len(events)
        and (not events or entry.events[-1] == events[-1])
        and entry.game.rules.name == record.get("rules")
    ):
        return entry
    return replay_record(record)


def clear_cache() -> None:
    """Forget every kept game (the next step of any state replays its record)."""
    CACHE.clear()


def checkin(entry: Entry) -> None:
    CACHE[entry.rev] = entry
    CACHE.move_to_end(entry.rev)
    while len(CACHE) > CACHE_SIZE:
        CACHE.popitem(last=False)


class Ctx:
    """One step under way: the new state (a shallow copy), what the board says, and the game
    (taken from the cache on first use)."""

    def __init__(self, state: State) -> None:
        self.old = state
        self.state: State = dict(state)
        self.state.update(error=None, explanation=None, message="", message_keys=[])
        self.msgs: list[Message] = []
        self._entry: Entry | None = None
        self._taken: tuple[Entry, str, object] | None = None

    @property
    def entry(self) -> Entry:
        if self._entry is None:
            self._entry = checkout(self.state)
            self._taken = (self._entry, self._entry.rev, self._entry.game.events)
        return self._entry

    @property
    def game(self) -> Game:
        return self.entry.game

    def start(self, entry: Entry) -> None:
        """A new game replaces the state's game."""
        self._give_back()
        self._entry = entry

    def say(self, message: Message) -> None:
        self.msgs.append(message)

    def back_to(self, index: int) -> None:
        """Take the game back to its first ``index`` events (by undo, else by replay)."""
        entry = self.entry
        while len(entry.events) > index:
            if not entry.pop():
                record = {**self.state["record"], "events": entry.events[:index]}
                self._entry = entry = replay_record(record)
                self._taken = None
                break

    def _give_back(self) -> None:
        """Put the game taken out back in the cache if it was not changed."""
        if self._taken is not None:
            entry, rev, events = self._taken
            if entry.rev == rev and entry.game.events is events:
                checkin(entry)
            self._taken = None

    def close(self) -> Entry:
        """The step is done: the state's ``rev`` is its game's; returns the game's entry, for
        the caller to derive the state's fields from and then :func:`checkin`."""
        entry = self.entry
        if self._taken is not None and self._taken[0] is entry:
            self._taken = None  # goes back under its (maybe new) revision
        self._give_back()
        self.state["rev"] = entry.rev
        return entry

    def abandon(self) -> None:
        """The step was refused: keep the game only if it is as it was."""
        if self._entry is not None and self._taken is None:
            return  # a new game that was never used
        self._give_back()
