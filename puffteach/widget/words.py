"""What a board says: catalogue messages rendered in the board's language, points named as the
board numbers them, the history lines and the front end's own words."""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any, Final

from ..board import from_physical, to_physical
from ..color import BLACK, Color
from ..explain import Explanation
from ..game import Game, TurnRecord
from ..messages import DEFAULT, LANGUAGES, Message, MessageError, catalogue
from ..outcome import Outcome
from ..rules import rules
from .core import SIDES, VIEWS, State, got


def lang_of(state: State) -> str:
    view = state.get("view")
    lang = (view.get("lang") or view.get("labels")) if isinstance(view, dict) else None
    return lang if isinstance(lang, str) and lang in LANGUAGES else DEFAULT


#: message parameters that name a point in the mover's path numbering (engine and board)
_PATH_PARAMS: Final = frozenset({"frm", "to", "point", "lo", "hi"})


#: board messages whose ``point`` is already a physical point (set-up mode)
_PHYSICAL_KEYS: Final = frozenset({"board.placed", "board.remove_none"})


def as_shown(message: Message, state: State) -> Message:
    """``message`` with its points numbered as the board shows them (the ``view`` option:
    physical, White's or Black's path), not in the mover's own path numbers. The mover is the
    side to move before the action (``state["to_move"]``); nested messages (an explanation
    inside a refusal) are converted too, and a range ``lo``-``hi`` stays in ascending order."""
    view = state.get("view")
    numbering = view.get("view") if isinstance(view, dict) else None
    mover = state.get("to_move")
    if numbering not in VIEWS or mover not in SIDES:
        return message
    try:
        layout = rules(state["rules"]).layout
    except (ValueError, KeyError, TypeError):
        return message
    me = Color(SIDES.index(mover))
    physical_in = message.key in _PHYSICAL_KEYS

    def shown(p: int) -> int:
        q = p if physical_in else to_physical(layout, me, p)
        return from_physical(layout, BLACK, q) if numbering == "black" else q

    params = dict(message.params)
    changed = False
    for k, v in message.params:
        if isinstance(v, Message):
            nv = as_shown(v, state)
            if nv is not v:
                params[k], changed = nv, True
        elif k in _PATH_PARAMS and isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 24:
            nv2 = shown(v)
            if nv2 != v:
                params[k], changed = nv2, True
    if not changed:
        return message
    lo, hi = params.get("lo"), params.get("hi")
    if isinstance(lo, int) and isinstance(hi, int) and lo > hi:
        params["lo"], params["hi"] = hi, lo
    return Message.of(message.key, **params)


#: the messages said lately, by their ``message_keys`` as JSON: so a board switched to another
#: language says its current message again exactly (numbers as written, colours as words)
_SAID: OrderedDict[str, tuple[Message, ...]] = OrderedDict()
_SAID_SIZE: Final = 64
#: message parameters that hold a side (``to_json`` writes a colour as its letter)
_SIDE_PARAMS: Final = frozenset({"side", "owner", "winner", "loser"})


def remember(messages: list[Message]) -> list[dict[str, object]]:
    """``message_keys`` of ``messages`` (kept, so :func:`said_again` can render them again)."""
    keys = [m.to_json() for m in messages]
    tag = json.dumps(keys, ensure_ascii=False, sort_keys=True, default=str)
    _SAID[tag] = tuple(messages)
    _SAID.move_to_end(tag)
    while len(_SAID) > _SAID_SIZE:
        _SAID.popitem(last=False)
    return keys


def said_again(keys: object, state: State) -> str | None:
    """The message whose ``message_keys`` are ``keys``, rendered in ``state``'s language: the
    kept messages when they are known here, else read back from the keys; None when ``keys``
    is not a list of messages."""
    if not isinstance(keys, list) or not keys:
        return None
    tag = json.dumps(keys, ensure_ascii=False, sort_keys=True, default=str)
    kept = _SAID.get(tag)
    if kept is None:
        read = [message_from_json(k) for k in keys]
        if any(m is None for m in read):
            return None
        kept = tuple(m for m in read if m is not None)
    return " ".join(render(m, state) for m in kept)


def message_from_json(data: object) -> Message | None:
    """A message back from ``Message.to_json`` (a side's letter becomes its colour)."""
    if not isinstance(data, dict) or not isinstance(data.get("key"), str):
        return None
    raw = data.get("params")
    params: dict[str, object] = {}
    for k, v in raw.items() if isinstance(raw, dict) else ():
        nested = message_from_json(v) if isinstance(v, dict) else None
        if nested is not None:
            params[k] = nested
        elif k in _SIDE_PARAMS and v in SIDES:
            params[k] = Color(SIDES.index(v))
        else:
            params[k] = v
    return Message.of(data["key"], **params)


def render(message: Message, state: State | None = None) -> str:
    """The sentence in the board's language (English where that language lacks the key)."""
    lang = lang_of(state) if state is not None else DEFAULT
    try:
        return message.text(lang)
    except MessageError:
        return message.text(DEFAULT)


def text_in(key: str, lang: str, **params: object) -> str:
    m = Message.of(key, **params)
    try:
        return m.text(lang)
    except MessageError:
        return m.text(DEFAULT)


def explained(e: Explanation) -> Message:
    """An explanation's sentence with its citation, as the engine's catalogue message."""
    return Message.of(
        "explain.cited", reason=e.what, source=e.source, section=e.section, rule=e.rule
    )


def explanation_json(e: Explanation) -> dict[str, Any]:
    data = dict(e.to_json())
    data["message"] = str(e.message)
    return data


def roll_outcome(game: Game, rec: TurnRecord) -> Outcome:
    """What a roll that ended with a win decided: the game's result when it is the last roll of
    a finished game (a draw after bräde RV 11, say), else the roll's own win."""
    assert rec.outcome is not None
    if game.history and rec is game.history[-1] and game.is_over() and game.outcome is not None:
        return game.outcome
    return rec.outcome


#: a side in the roll history, as its language shortens it (W/B, V/S, W/S)
_SIDE_LETTER: Final = ("board.history.white", "board.history.black")


def history_line(game: Game, rec: TurnRecord, lang: str) -> str:
    dice = "-".join(map(str, rec.dice))
    if rec.named is not None:
        dice = text_in("board.history.named", lang, dice=dice, x=rec.named)
    moves = " ".join(map(str, rec.moves)) or text_in("board.history.none", lang)
    fata = (
        text_in("board.history.fata", lang, dice=" ".join(map(str, rec.forfeited)))
        if rec.forfeited
        else ""
    )
    outcome = (
        text_in("board.history.outcome", lang, outcome=roll_outcome(game, rec).message)
        if rec.outcome is not None
        else ""
    )
    return text_in(
        "board.history.line",
        lang,
        side=text_in(_SIDE_LETTER[rec.side], lang),
        dice=dice,
        moves=moves,
        fata=fata,
        outcome=outcome,
    )


def outcome_line(o: Outcome, lang: str) -> str:
    """The board's short line for a finished game: ``Black: hemspel, 1`` (a draw: ``Draw``)."""
    if o.winner is None:
        return text_in("ui.draw", lang)
    kind = Message.of(f"kind.{o.kind}")
    return text_in(
        "board.outcome_line", lang, side=o.winner, kind=kind, points=o.points, extra=o.extra
    )


def event_message(event: Any) -> Message:
    kind, value = event if isinstance(event, list) and len(event) == 2 else ("?", event)
    if kind == "roll" and isinstance(value, list):
        return Message.of("board.event.roll", dice="-".join(map(str, value)))
    if kind == "name":
        return Message.of("board.event.name", x=value)
    if kind == "move":
        return Message.of("board.event.move", move=value)
    if kind == "end":
        return Message.of("board.event.end")
    if kind == "reroll":
        return Message.of("board.event.reroll")
    if kind == "resign":
        return Message.of("board.event.resign")
    return Message.of("board.event.other", event=got(event))


def who(name: str) -> Message | str:
    """A side's player as the board names it: a person, or the computer's level by its name
    in the catalogue (a player registered under another name: that name)."""
    if name == "human":
        return Message.of("ui.play.human")
    key = f"ui.level.{name}"
    return Message.of(key) if key in catalogue(DEFAULT) else name


_UI: dict[str, dict[str, str]] = {}


def ui_words(lang: str) -> dict[str, str]:
    """The front end's own words (every ``ui.*`` catalogue key) in ``lang``, English where the
    language lacks one; a state carries them as ``ui`` so a board can speak before any engine
    runs (the static book's loading and file:// notes)."""
    if lang not in _UI:
        keys = [k for k in catalogue(DEFAULT) if k.startswith("ui.")]
        table = catalogue(lang) if lang in LANGUAGES else {}
        english = catalogue(DEFAULT)
        _UI[lang] = {k: table.get(k) or english[k] for k in keys}
    return _UI[lang]
