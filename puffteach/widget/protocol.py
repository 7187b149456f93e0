"""The board's logic as pure functions of JSON: ``state, action -> state`` (design.md, "Widget
protocol").

The anywidget :class:`puffteach.widget.Board` calls :func:`step` on every message from the front
end; the static book calls the same function in the browser under Pyodide (``board.js``, with
the state passed as JSON text each time). Only the standard library and the engine are used
here, and every value in a state is plain JSON (dicts, lists, strings, numbers, booleans,
``None``), so a state survives ``json.dumps``/``json.loads``.

The state
---------
Stored fields (what :func:`step` needs to go on):

``rules``
    the rule-set name, e.g. ``"kontrar-puff"``.
``record``
    the game record (``Game.record()`` format): the source of truth for the game. Its events
    are read by :meth:`Game.apply_event <puffteach.Game.apply_event>` (roll with one or two
    dice, name, move, end, reroll, resign), the one reader of records.
``rev``
    the record's revision: a digest chained over the record's start and events. The module
    keeps the :class:`~puffteach.Game` of the last few revisions (see "Incremental play"), so
    an action does not replay the record.
``future``
    events taken back by ``undo`` (next first); ``redo`` and ``replay_goto`` replay them.
``replay``
    true while stepping through a loaded record; ``replay_index``/``replay_length`` say where.
``seed``, ``rolls``
    the dice of the n-th random roll come from ``random.Random(f"{seed}:{n}")``.
``players``
    ``{"w": "human", "b": "human"}``; see "Computer players" below.
``view``
    drawing options passed to :func:`puffteach.svg.draw`: ``view``, ``flip``, ``arrows``,
    ``lang``, ``size``. ``lang`` (``en``, ``sv``, ``de``) is the board's language: its messages,
    history, drawing and buttons (``labels`` is accepted as its older name, in an action and in
    a stored state).
``selected``
    ``None`` or ``{"point": P, "from": N}``: the selected checker's physical point (1-24) or pool
    (``"w0"``, ``"b0"``) and its path point ``N``.
``setup``
    ``None``, or ``{"position": notation, "tool": "w"|"b"|"remove"}`` while composing a position.
``message``, ``message_keys``, ``explanation``, ``error``
    what to show: a sentence (rendered from the message catalogue, ``board.*`` keys in
    ``puffteach/catalogue/<lang>/board.json``), the same as a list of
    :meth:`Message.to_json <puffteach.messages.Message.to_json>` (``{"key", "params"}``, so a
    front end can render it again in another language), the explanation of a refused (or
    made) move as ``Explanation.to_json()`` plus ``message``, and the refusal text (``None``
    after a success).

Derived fields (recomputed after every action): ``position`` (notation), ``to_move``, ``dice``
(as rolled), ``remaining`` (moves still due, in order), ``dice_view`` (every move of the roll
with ``status`` ``used``/``forfeited``/``due``), ``roll_name``, ``legal_moves``, ``targets``,
``history`` (one line per finished roll), ``outcome`` (``Outcome.to_json()``; ``winner`` is
``None`` for a draw), ``outcome_line`` (the same as a short line in the board's language),
``ui`` (the front end's own words, ``ui.*`` keys, in that language), ``can_roll``,
``can_roll_one_die`` (bräde RV 15: a one-die roll may be chosen), ``one_die_due`` (RV 15:
``roll`` rolls one die), ``can_reroll`` (RV 25),
``can_resign`` (RV 4a), ``can_name_pasch``, ``can_end_roll``, ``can_undo``, ``can_redo``,
``last_to`` (where the last step landed, to animate) and ``svg`` (the interactive drawing).
``roll_name`` is the plan's label (``5-5``, ``generalpasch named as 3-3``), with the traditional
name of a bräde roll before it (``sinka fyra (4-5)``, RV 23).

Points: ``1``-``24`` are physical points (White's path numbering); the pools are ``"w0"``/``"b0"``
(waiting or hit checkers) and ``"w25"``/``"b25"`` (borne off). Moves in ``{"move": "3/8"}`` are
in the mover's path numbering, as everywhere in puffteach.

Actions
-------
Each action is a dict with a ``type``:

=================  ==========================================================================
``roll``           roll the dice (seeded): one die when the rules demand it (bräde RV 15);
                   ``{"one_die": true}`` chooses a one-die roll where RV 15 allows it
``set_dice``       ``{"dice": [a, b]}`` (or ``[a]`` for a one-die roll): a teacher's roll
``reroll``         bräde RV 25: refuse the roll just made (once per game) and roll again
``resign``         bräde RV 4a: the side to move gives up the game for a hemspel's points
``select``         ``{"point": P}`` select a checker of the side to move (``None``: deselect)
``move``           ``{"move": "3/8"}`` (path numbers) or ``{"from": P, "to": Q}`` (points/pools)
``click``          ``{"point": P}``: select a checker, then click a target to move; clicking a
                   forbidden point explains why, with the rule and its source
``name_pasch``     ``{"x": 1..6}`` play a generalpasch as the pasch x-x
``end_roll``       accept a fully forfeited generalpasch roll
``undo``/``redo``  take back / replay one event (a roll, a named pasch or a step)
``new_game``       ``{"rules"?: name, "position"?: notation}`` a fresh game (opening roll)
``load``           ``{"record": record, "index"?: n}`` replay a saved game from event ``n``
``replay_goto``    ``{"index": n}`` show the game after its first ``n`` events
``setup_toggle``   ``{"on": bool, "tool"?: "w"|"b"|"remove", "turn"?: "w"|"b"}`` set-up mode;
                   turning it off starts a game from the composed position
``setup_place``    ``{"point": P, "side"?: "w"|"b"}`` put a waiting checker on P
``setup_remove``   ``{"point": P}`` send a checker on P back to its owner's waiting pool
``set_position``   ``{"position": notation}`` start from a position
``view``           ``{"flip"?, "view"?, "arrows"?, "lang"?, "size"?}`` drawing options and
                   the board's language (``labels``: the same as ``lang``)
``players``        ``{"w"?: name, "b"?: name}`` who plays each side
=================  ==========================================================================

A refused action returns the state unchanged except for ``error``, ``message``,
``message_keys`` and ``explanation``; an engine error never leaves a half-applied state, and
:func:`step` never raises.

Incremental play
----------------
A step copies the state shallowly and replaces only the fields it changes (the record's event
list is a new list with one more or one fewer event). The :class:`~puffteach.Game` of a state
is kept in a small cache keyed by the state's ``rev``; a step takes it out, applies the
action's events to it (``Game.undo`` takes one back) and puts it back under the new ``rev``. A
state whose ``rev`` is not in the cache (another process, an old state, a cache that has
forgotten it) is replayed from its record once. So a click costs the same at the start of a
game and after hundreds of events, in a kernel and under Pyodide alike.

Computer players
----------------
``register_player(name, hook)`` adds a player; ``hook(state) -> action | None`` gets the current
state whenever the side it plays is to act and returns the action to take (``roll``,
``name_pasch``, ``move``, ``end_roll``), or ``None`` to wait for a human. After every action,
:func:`step` lets the registered players act (at most :data:`AUTOPLAY_LIMIT` actions), so a
front end needs nothing new for a computer opponent. :mod:`puffteach.widget.computer`
registers one player per level (``random``, ``beginner`` … ``master``) and adds the actions
``hint``, ``tutor`` ``{"on": bool}``, ``review`` (optionally ``{"rolls": n}``: the next ``n``
rolls judged, ``review_work`` keeping those judged so far, until the last step fills
``review``), ``review_show`` ``{"index": int}`` (replay
the reviewed game to one of its rolls, the better play as arrows) and ``odds``
``{"on": bool}``; the states a
computer's steps pass through come back as ``computer_steps`` (drawing, message, ``last_to``)
for a front end to show one by one (``view.delay`` ms apart), and ``computer_message`` says
what it did.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
import sys
from collections import Counter, OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from ..board import OFF, from_physical, to_physical
from ..color import Color
from ..errors import message_of
from ..explain import Explanation, IllegalMoveError
from ..families import family_of
from ..game import Game, GameError, TurnRecord
from ..messages import DEFAULT, LANGUAGES, Message, MessageError, catalogue
from ..movegen import Step, plans
from ..outcome import Outcome
from ..position import Position
from ..rules import RuleSet, rules
from ..svg import draw as draw_svg

State = dict[str, Any]
Action = dict[str, Any]
PlayerHook = Callable[[State], Action | None]

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

#: Computer players by name: ``hook(state) -> action | None`` (see "Computer players").
PLAYERS: dict[str, PlayerHook] = {}


def register_player(name: str, hook: PlayerHook) -> None:
    """Make ``name`` a player that ``{"type": "players", "w": name}`` can choose."""
    if not name or name == "human":
        raise ValueError("a computer player needs a name other than 'human'")
    PLAYERS[name] = hook


class Refusal(Exception):
    """An action that cannot be applied; the state stays as it was."""

    def __init__(self, message: Message, explanation: Explanation | None = None) -> None:
        super().__init__(message.key)
        self.message = message
        self.explanation = explanation


def _refuse(key: str, **params: object) -> Refusal:
    return Refusal(Message.of(f"board.{key}", **params))


def _got(value: object) -> str:
    """A refused value as the message repeats it (``repr``, shortened)."""
    try:
        text = repr(value)
    except Exception:  # pragma: no cover - a value whose repr fails
        text = f"<{type(value).__name__}>"
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


# --------------------------------------------------------------------------- public functions


def initial_state(
    rules_: str | RuleSet,
    position: str | Position | None = None,
    seed: int | None = None,
    **view: Any,
) -> State:
    """A new board: a fresh game under ``rules_`` (from ``position``, or from the start with a
    seeded opening roll) and the drawing options ``view`` (``view``, ``flip``, ``arrows``,
    ``lang`` or its older name ``labels``, ``size``). Raises ValueError for a bad rule set,
    position or option."""
    rs = rules(rules_)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    state: State = {
        "version": PROTOCOL_VERSION,
        "rules": rs.name,
        "record": {},
        "rev": None,
        "future": [],
        "replay": False,
        "seed": int(seed),
        "rolls": 0,
        "players": {"w": "human", "b": "human"},
        "view": {"view": "physical", "flip": False, "arrows": False, "lang": "en", "size": 560},
        "selected": None,
        "setup": None,
        "message": "",
        "message_keys": [],
        "explanation": None,
        "error": None,
    }
    ctx = _Ctx(state)
    try:
        ctx.state["view"] = _view_options(state["view"], view)
        _new_game(ctx, rs, position)
        return ctx.finish()
    except Refusal as r:
        raise ValueError(_render(r.message, state)) from None


def step(state: State, action: Action) -> State:
    """Apply ``action`` to ``state`` and return the new state (``state`` is not changed).

    A refusal returns a copy of ``state`` whose ``error`` and ``message`` say why (and whose
    ``explanation`` cites the rule when a move was refused). Registered computer players then
    take their turns. Never raises: whatever goes wrong is a refusal."""
    new = _step(state, action)
    if new.get("error"):
        return new
    new = _computer_after_human(state, action, new)
    frames: list[State] = []  # the states the computer's steps pass through (computer.py)
    said: list[str] = []
    for _ in range(AUTOPLAY_LIMIT):
        hook = _player_hook(new)
        if hook is None:
            break
        try:
            act = hook(copy.deepcopy(new))
        except Exception as e:  # a broken player is a refusal, not a crash of the board
            return _refused(new, Message.of("board.player_failed", error=_got(e)), None)
        if act is None:
            break
        nxt = _step(new, act)
        if nxt.get("error"):
            return nxt
        frames.append(new)
        said.append(str(nxt.get("message") or ""))
        new = nxt
    return _computer_finish(new, frames, said)


def rebuild(state: State) -> Game:
    """A new :class:`~puffteach.Game` from the state's record (every event replayed; the
    caller may change it freely).

    Raises ValueError (``GameError``) when an event does not fit the game."""
    return _replay(state["record"]).game


def actions() -> tuple[str, ...]:
    """The action types :func:`step` understands."""
    return tuple(_HANDLERS)


# --------------------------------------------------------------------------- the game cache


def _rev0(record: dict[str, Any]) -> str:
    head = [record.get("rules"), record.get("start"), record.get("opening")]
    return _digest(json.dumps(head, ensure_ascii=False, sort_keys=True, default=str))


def _next_rev(rev: str, event: list[Any]) -> str:
    return _digest(rev + json.dumps(event, ensure_ascii=False, default=str))


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=10).hexdigest()


@dataclass(eq=False)
class _Entry:
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
        self.revs.append(_next_rev(self.revs[-1], stored))
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

    def history(self, lang: str) -> list[str]:
        """One line per finished roll, drawn only for the rolls not drawn before."""
        recs = self.game.history
        if lang != self.lines_lang:
            self.lines, self.lines_lang = [], lang
        keep = min(len(self.lines), len(recs))
        while keep and self.lines[keep - 1][0] is not recs[keep - 1]:
            keep -= 1
        del self.lines[keep:]
        self.lines.extend((rec, _history_line(self.game, rec, lang)) for rec in recs[keep:])
        return [line for _, line in self.lines]


_CACHE: OrderedDict[str, _Entry] = OrderedDict()


def _replay(record: dict[str, Any]) -> _Entry:
    """A new entry with every event of ``record`` played (ValueError naming a bad event)."""
    record = Game.parse_record(record)  # the record's shape: rules, start, opening, events
    events = record.get("events", [])
    game = Game.load({**record, "events": []})
    entry = _Entry(game, [], [_rev0(record)])
    for n, event in enumerate(events):
        try:
            entry.push(event)
        except (ValueError, TypeError) as e:
            raise GameError(
                "error.record.event", n=n + 1, event=_got(event), error=message_of(e)
            ) from None
    return entry


def _checkout(state: State) -> _Entry:
    """The entry of the state's record: from the cache when its revision is there (and fits),
    else replayed. The entry leaves the cache; :func:`_checkin` puts it back."""
    record = state["record"]
    rev = state.get("rev")
    entry = _CACHE.pop(rev, None) if isinstance(rev, str) else None
    events = record.get("events")
    if (
        entry is not None
        and isinstance(events, list)
        and len(entry.events) == len(events)
        and (not events or entry.events[-1] == events[-1])
        and entry.game.rules.name == record.get("rules")
    ):
        return entry
    return _replay(record)


def _checkin(entry: _Entry) -> None:
    _CACHE[entry.rev] = entry
    _CACHE.move_to_end(entry.rev)
    while len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)


class _Ctx:
    """One step under way: the new state (a shallow copy), what the board says, and the game
    (taken from the cache on first use)."""

    def __init__(self, state: State) -> None:
        self.old = state
        self.state: State = dict(state)
        self.state.update(error=None, explanation=None, message="", message_keys=[])
        self.msgs: list[Message] = []
        self._entry: _Entry | None = None
        self._taken: tuple[_Entry, str, object] | None = None

    @property
    def entry(self) -> _Entry:
        if self._entry is None:
            self._entry = _checkout(self.state)
            self._taken = (self._entry, self._entry.rev, self._entry.game.events)
        return self._entry

    @property
    def game(self) -> Game:
        return self.entry.game

    def start(self, entry: _Entry) -> None:
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
                self._entry = entry = _replay(record)
                self._taken = None
                break

    def _give_back(self) -> None:
        """Put the game taken out back in the cache if it was not changed."""
        if self._taken is not None:
            entry, rev, events = self._taken
            if entry.rev == rev and entry.game.events is events:
                _checkin(entry)
            self._taken = None

    def finish(self) -> State:
        """Derive the new state's fields, then keep its game for the next step."""
        state = self.state
        entry = self.entry
        if self._taken is not None and self._taken[0] is entry:
            self._taken = None  # goes back under its (maybe new) revision below
        self._give_back()
        state["rev"] = entry.rev
        if self.msgs:
            msgs = [_as_shown(m, state) for m in self.msgs]
            state["message"] = " ".join(_render(m, state) for m in msgs)
            state["message_keys"] = [m.to_json() for m in msgs]
        out = _derive(state, entry)
        _checkin(entry)
        return out

    def abandon(self) -> None:
        """The step was refused: keep the game only if it is as it was."""
        if self._entry is not None and self._taken is None:
            return  # a new game that was never used
        self._give_back()


# --------------------------------------------------------------------------- the step


def _step(state: State, action: Action) -> State:
    ctx: _Ctx | None = None
    try:
        if not isinstance(state, dict):
            raise TypeError(f"a state is a dict, got {type(state).__name__}")
        if not isinstance(action, dict):
            raise _refuse("not_an_action", got=type(action).__name__)
        kind = action.get("type")
        handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise _refuse("unknown_action", got=_got(kind), actions=", ".join(_HANDLERS))
        ctx = _Ctx(state)
        handler(ctx, action)
        if kind == "view":  # a new drawing; what the board said still holds
            for k in ("message", "message_keys", "explanation"):
                ctx.state[k] = state.get(k)
        return ctx.finish()
    except Refusal as r:
        refusal: tuple[Message, Explanation | None] = (r.message, r.explanation)
    except IllegalMoveError as e:
        refusal = (_explained(e.explanation), e.explanation)
    except (ValueError, TypeError, KeyError) as e:
        # the engine's own message, so the board says it in its language
        refusal = (
            message_of(e) if str(e) else Message.of("board.error", text=type(e).__name__),
            None,
        )
    except Exception as e:  # never raise from a step: an unforeseen failure is a refusal too
        refusal = (Message.of("board.internal", error=_got(e)), None)
    if ctx is not None:
        ctx.abandon()
    if not isinstance(state, dict):
        state = {}
    return _refused(state, *refusal)


def _refused(state: State, message: Message, explanation: Explanation | None) -> State:
    out = dict(state)
    message = _as_shown(message, state)
    text = _render(message, state)
    out["error"] = text
    out["message"] = text
    out["message_keys"] = [message.to_json()]
    out["explanation"] = _explanation_json(explanation) if explanation is not None else None
    return out


def _explanation_json(e: Explanation) -> dict[str, Any]:
    data = dict(e.to_json())
    data["message"] = str(e.message)
    return data


def _explained(e: Explanation) -> Message:
    """An explanation's sentence with its citation, as the engine's catalogue message."""
    return Message.of(
        "explain.cited", reason=e.what, source=e.source, section=e.section, rule=e.rule
    )


def _lang(state: State) -> str:
    view = state.get("view")
    lang = (view.get("lang") or view.get("labels")) if isinstance(view, dict) else None
    return lang if isinstance(lang, str) and lang in LANGUAGES else DEFAULT


#: message parameters that name a point in the mover's path numbering (engine and board)
_PATH_PARAMS: Final = frozenset({"frm", "to", "point", "lo", "hi"})
#: board messages whose ``point`` is already a physical point (set-up mode)
_PHYSICAL_KEYS: Final = frozenset({"board.placed", "board.remove_none"})


def _as_shown(message: Message, state: State) -> Message:
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
    me = SIDES.index(mover)
    physical_in = message.key in _PHYSICAL_KEYS

    def shown(p: int) -> int:
        q = p if physical_in else to_physical(layout, me, p)
        return from_physical(layout, 1, q) if numbering == "black" else q

    params = dict(message.params)
    changed = False
    for k, v in message.params:
        if isinstance(v, Message):
            nv = _as_shown(v, state)
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


def _render(message: Message, state: State | None = None) -> str:
    """The sentence in the board's language (English where that language lacks the key)."""
    lang = _lang(state) if state is not None else DEFAULT
    try:
        return message.text(lang)
    except MessageError:
        return message.text(DEFAULT)


def _player_hook(state: State) -> PlayerHook | None:
    if state.get("setup") or state.get("replay") or state.get("outcome"):
        return None
    name = state["players"].get(state.get("to_move", "w"), "human")
    return PLAYERS.get(name) if name != "human" else None


# --------------------------------------------------------------------------- events


def _do(ctx: _Ctx, event: list[Any]) -> None:
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
    _narrate(ctx, before)


def _narrate(ctx: _Ctx, before: int) -> None:
    """Say what happened at the end of a roll (forfeits, another roll, the outcome)."""
    game = ctx.game
    for i, rec in enumerate(game.history[before:], start=before):
        who = Color(rec.side)
        prev = game.history[i - 1].position if i else game.start
        for notice in family_of(game.rules).notices(game.rules, prev, rec.position, rec.side):
            ctx.say(notice)  # bräde: the janblotta is out (BH, Jan)
        if rec.forfeited:
            ctx.say(Message.of("board.fata", side=who, dice=" ".join(map(str, rec.forfeited))))
        if rec.outcome is not None:
            ctx.say(_roll_outcome(game, rec).message)
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


def _roll_outcome(game: Game, rec: TurnRecord) -> Outcome:
    """What a roll that ended with a win decided: the game's result when it is the last roll of
    a finished game (a draw after bräde RV 11, say), else the roll's own win."""
    assert rec.outcome is not None
    if game.history and rec is game.history[-1] and game.is_over() and game.outcome is not None:
        return game.outcome
    return rec.outcome


def _game_over(game: Game) -> Refusal:
    o = game.outcome
    assert o is not None
    return Refusal(Message.of("board.game_over", outcome=o.message))


# --------------------------------------------------------------------------- handlers


def _a_roll(ctx: _Ctx, action: Action) -> None:
    game = _playing(ctx)
    one = action.get("one_die", False)
    if not isinstance(one, bool):
        raise _refuse("one_die_bad", got=_got(one))
    _check_can_roll(game)
    if one and not game.one_die_allowed():
        raise _refuse("one_die_not_allowed")
    one = one or game.one_die_required()
    _roll(ctx, game, _random_dice(ctx.state, 1 if one else 2))


def _random_dice(state: State, n: int) -> list[int]:
    rng = random.Random(f"{state['seed']}:{state['rolls']}")
    state["rolls"] = state["rolls"] + 1
    return [rng.randint(1, 6) for _ in range(n)]


def _a_set_dice(ctx: _Ctx, action: Action) -> None:
    game = _playing(ctx)
    dice = action.get("dice")
    if (
        not isinstance(dice, list)
        or not 1 <= len(dice) <= 2
        or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice)
    ):
        raise _refuse("dice_bad", got=_got(dice))
    _roll(ctx, game, list(dice))


def _check_can_roll(game: Game) -> None:
    if game.is_over():
        raise _game_over(game)
    if game.turn is not None:
        raise _refuse("still_moving", dice="-".join(map(str, game.dice or ())))


def _roll(ctx: _Ctx, game: Game, dice: list[int]) -> None:
    _check_can_roll(game)
    who = Color(game.position.turn)
    text = "-".join(map(str, dice))
    if len(dice) == 1:
        ctx.say(Message.of("board.rolls_one", side=who, die=text))
    else:
        ctx.say(Message.of("board.rolls", side=who, dice=text))
    _do(ctx, ["roll", dice])


def _a_reroll(ctx: _Ctx, action: Action) -> None:
    game = _playing(ctx)
    t = game.turn
    if t is None:
        if game.is_over():
            raise _game_over(game)
        raise _refuse("reroll_no_roll")
    why = _refusal_of(game, game.reroll)  # RV 25, as Game.reroll checks it
    if why is not None:
        raise Refusal(why)
    who = Color(game.position.turn)
    old = "-".join(map(str, t.plan.dice))
    ctx.say(Message.of("board.rerolls", side=who, dice=old))
    _do(ctx, ["reroll", 1])
    _roll(ctx, game, _random_dice(ctx.state, len(t.plan.dice)))


def _a_resign(ctx: _Ctx, action: Action) -> None:
    game = _playing(ctx)
    if game.is_over():
        raise _game_over(game)
    if game.after_game is not None:
        raise _refuse("resign_after_game", para=game.after_game[0])
    who = Color(game.position.turn)
    ctx.say(Message.of("board.resigns", side=who))
    _do(ctx, ["resign", 1])  # GameError (a refusal) when RV 4 does not allow it
    o = game.outcome
    if o is not None:
        ctx.say(o.message)


def _a_name_pasch(ctx: _Ctx, action: Action) -> None:
    game = _playing(ctx)
    x = action.get("x")
    if not isinstance(x, int) or isinstance(x, bool) or not 1 <= x <= 6:
        raise _refuse("name_bad", got=_got(x))
    if not game.generalpasch_available():
        raise _refuse("name_not_now")
    ctx.say(Message.of("board.names_pasch", side=Color(game.position.turn), x=x))
    _do(ctx, ["name", x])


def _a_end_roll(ctx: _Ctx, action: Action) -> None:
    game = _playing(ctx)
    t = game.turn
    if t is None or not t.done:
        raise _refuse("no_end")
    _do(ctx, ["end", None])


def _a_move(ctx: _Ctx, action: Action) -> None:
    game = _playing(ctx)
    if "move" in action:
        text = action["move"]
        if not isinstance(text, str):
            raise _refuse("move_bad", got=_got(text))
    else:
        if game.turn is None:
            raise _no_turn(game)
        me = game.position.turn
        frm = _path_of(game, action.get("from"), me)
        to = _path_of(game, action.get("to"), me)
        text = f"{frm}/{'off' if to == OFF else to}"
    _move(ctx, game, text)


def _move(ctx: _Ctx, game: Game, text: str) -> None:
    if game.turn is None:
        raise _no_turn(game)
    e = game.explain(text)
    if not e.legal:
        raise Refusal(_explained(e), e)
    ctx.say(Message.of("board.moved", reason=e.what))
    ctx.state["explanation"] = _explanation_json(e)
    _do(ctx, ["move", text])


def _a_select(ctx: _Ctx, action: Action) -> None:
    game = _playing(ctx)
    point = action.get("point")
    if point is None:
        if ctx.state.get("selected"):  # said, so a screen reader hears the selection go
            ctx.say(Message.of("board.deselected"))
        ctx.state["selected"] = None
        return
    _select(ctx, game, point)


def _select(ctx: _Ctx, game: Game, point: Any) -> None:
    if game.turn is None:
        raise _no_turn(game)
    me = game.position.turn
    frm = _own_checker(game, point, me)
    if frm is None:
        raise _refuse("select_own", side=Color(me))
    if not any(s.frm == frm for s in game.legal_moves()):
        raise _why_stuck(game, frm)
    ctx.state["selected"] = {"point": point, "from": frm}
    if frm == 0:
        ctx.say(Message.of("board.selected_waiting", side=Color(me)))
    else:
        ctx.say(Message.of("board.selected", side=Color(me), point=frm))


def _a_click(ctx: _Ctx, action: Action) -> None:
    point = _check_point(action.get("point"))
    state = ctx.state
    if state.get("setup"):
        tool = state["setup"]["tool"]
        if tool == "remove":
            _a_setup_remove(ctx, {"point": point})
        else:
            _a_setup_place(ctx, {"point": point, "side": tool})
        return
    game = _playing(ctx)
    if game.turn is None:
        raise _no_turn(game)
    me = game.position.turn
    sel = state.get("selected")
    if sel is not None and sel["point"] == point:
        state["selected"] = None
        ctx.say(Message.of("board.deselected"))
        return
    if sel is not None and point in _targets(sel, game, game.legal_moves()):
        to = _path_of(game, point, me)
        _move(ctx, game, f"{sel['from']}/{'off' if to == OFF else to}")
        return
    if _own_checker(game, point, me) is not None:
        _select(ctx, game, point)
        return
    if sel is None:
        raise _refuse("click_own", side=Color(me))
    to = _path_of(game, point, me)
    text = f"{sel['from']}/{'off' if to == OFF else to}"
    e = game.explain(text)  # MoveSyntaxError (a ValueError) for a backward move
    raise Refusal(_explained(e), e)


def _a_undo(ctx: _Ctx, action: Action) -> None:
    _not_in_setup(ctx.state)
    state = ctx.state
    events = state["record"]["events"]
    if not events:
        raise _refuse("nothing_to_undo")
    ctx.back_to(len(events) - 1)
    last = events[-1]
    state["record"] = {**state["record"], "events": events[:-1]}
    state["future"] = [last, *state["future"]]
    state["selected"] = None
    ctx.say(Message.of("board.undone", event=_event_message(last)))


def _a_redo(ctx: _Ctx, action: Action) -> None:
    _not_in_setup(ctx.state)
    state = ctx.state
    future = state["future"]
    if not future:
        raise _refuse("nothing_to_redo")
    game = ctx.game
    before = len(game.history)
    stored = ctx.entry.push(future[0])
    state["record"] = {**state["record"], "events": [*state["record"]["events"], stored]}
    state["future"] = future[1:]
    state["selected"] = None
    ctx.say(Message.of("board.redone", event=_event_message(stored)))
    _narrate(ctx, before)


def _event_message(event: Any) -> Message:
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
    return Message.of("board.event.other", event=_got(event))


def _a_new_game(ctx: _Ctx, action: Action) -> None:
    name = action.get("rules", ctx.state["rules"])
    if not isinstance(name, str):
        raise _refuse("rules_bad", got=_got(name))
    _new_game(ctx, rules(name), action.get("position"))


def _a_set_position(ctx: _Ctx, action: Action) -> None:
    text = action.get("position")
    if not isinstance(text, str):
        raise _refuse("position_bad", got=_got(text))
    _new_game(ctx, rules(ctx.state["rules"]), text)


def _new_game(ctx: _Ctx, rs: RuleSet, position: Any) -> None:
    state = ctx.state
    if position is None:
        rng = random.Random(f"{state['seed']}:{state['rolls']}")
        state["rolls"] = state["rolls"] + 1
        w, b = rng.randint(1, 6), rng.randint(1, 6)
        while w == b:
            w, b = rng.randint(1, 6), rng.randint(1, 6)
        game = Game(rs, opening=(w, b))
        starts = Color(game.start.turn)
        ctx.say(Message.of("board.new_game", w=w, b=b, side=starts))
    else:
        if not isinstance(position, (str, Position)):
            raise _refuse("position_bad", got=_got(position))
        game = Game(rs, position=position)
        ctx.say(
            Message.of("board.new_game_from", position=str(game.start), side=Color(game.start.turn))
        )
    record = game.record()
    ctx.start(_Entry(game, [], [_rev0(record)]))
    state.update(rules=rs.name, record=record, future=[], replay=False, selected=None, setup=None)


def _a_load(ctx: _Ctx, action: Action) -> None:
    try:
        record = Game.parse_record(action.get("record"))  # type: ignore[arg-type]
    except GameError as e:
        raise Refusal(message_of(e)) from None
    events = record.get("events", [])
    if not isinstance(events, list):
        raise _refuse("events_not_a_list")
    try:
        name = rules(record.get("rules")).name  # type: ignore[arg-type]
    except (ValueError, TypeError) as e:
        raise Refusal(message_of(e)) from None
    entry = _replay(record)  # checks every event before touching the state
    index = _index(action.get("index", 0), len(events))
    full = {
        "format": record["format"],
        "rules": name,
        "start": str(entry.game.start),
        "opening": list(entry.game.opening) if entry.game.opening else None,
        "events": list(entry.events),
    }
    entry = _Entry(entry.game, entry.events, [_rev0(full)])
    for ev in entry.events:  # the revisions of the record as the state keeps it
        entry.revs.append(_next_rev(entry.revs[-1], ev))
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


def _a_replay_goto(ctx: _Ctx, action: Action) -> None:
    state = ctx.state
    _not_in_setup(state)
    events = state["record"]["events"] + state["future"]
    index = _index(action.get("index"), len(events))
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


def _index(value: Any, length: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _refuse("index_bad", n=length, got=_got(value))
    index = value + length + 1 if value < 0 else value
    if not 0 <= index <= length:
        raise _refuse("index_range", index=value, n=length)
    return index


def _a_setup_toggle(ctx: _Ctx, action: Action) -> None:
    state = ctx.state
    on = action.get("on", not state.get("setup"))
    tool = action.get("tool")
    turn = action.get("turn")
    if not isinstance(on, bool):
        raise _refuse("bool_bad", option="on", got=_got(on))
    if tool is not None and tool not in ("w", "b", "remove"):
        raise _refuse("tool_bad", got=_got(tool))
    if turn is not None and turn not in SIDES:
        raise _refuse("turn_bad", got=_got(turn))
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
            pos = Position.parse(setup["position"])._replace(turn=SIDES.index(turn), streak=0)
            setup["position"] = str(pos)
        state["setup"] = setup
        state["selected"] = None
        return
    if setup is None:
        raise _refuse("setup_not_on")
    _new_game(ctx, rules(state["rules"]), setup["position"])


def _a_setup_place(ctx: _Ctx, action: Action) -> None:
    state = ctx.state
    setup = _setup(state)
    side = action.get("side", setup["tool"])
    if side not in SIDES:
        raise _refuse("place_side_bad", got=_got(side))
    me = SIDES.index(side)
    point = _check_point(action.get("point"))
    rs = rules(state["rules"])
    pos = Position.parse(setup["position"])
    own = list(pos.side(me))
    if isinstance(point, str):
        if point[0] != side or point[1:] != "25":
            raise _refuse("place_pool", side=Color(me), pool=f"{side}25", point=point)
        to = OFF
    else:
        to = from_physical(rs.layout, me, point)
    if not own[0]:
        raise _refuse("all_placed", side=Color(me))
    own[0] -= 1
    own[to] += 1
    new = pos._replace(w=tuple(own)) if me == 0 else pos._replace(b=tuple(own))
    new.check(rs)  # PositionError when both colours would share a point
    state["setup"] = {**setup, "position": str(new)}
    if to == OFF:
        ctx.say(Message.of("board.placed_off", side=Color(me)))
    else:
        ctx.say(Message.of("board.placed", side=Color(me), point=point))


def _a_setup_remove(ctx: _Ctx, action: Action) -> None:
    state = ctx.state
    setup = _setup(state)
    point = _check_point(action.get("point"))
    rs = rules(state["rules"])
    pos = Position.parse(setup["position"])
    if isinstance(point, str):
        if point.endswith("0") and not point.endswith("25"):
            raise _refuse("remove_waiting")
        me, frm = SIDES.index(point[0]), OFF
    else:
        found = [
            (side, from_physical(rs.layout, side, point))
            for side in (0, 1)
            if pos.side(side)[from_physical(rs.layout, side, point)]
        ]
        if not found:
            raise _refuse("remove_none", point=point)
        me, frm = found[0]
    own = list(pos.side(me))
    if not own[frm]:
        raise _refuse("remove_no_off", side=Color(me))
    own[frm] -= 1
    own[0] += 1
    new = pos._replace(w=tuple(own)) if me == 0 else pos._replace(b=tuple(own))
    state["setup"] = {**setup, "position": str(new)}
    ctx.say(Message.of("board.removed", side=Color(me)))


def _a_view(ctx: _Ctx, action: Action) -> None:
    opts = {k: v for k, v in action.items() if k != "type"}
    ctx.state["view"] = _view_options(ctx.state["view"], opts)


def _view_options(current: dict[str, Any], opts: dict[str, Any]) -> dict[str, Any]:
    out = dict(current)
    for key, value in opts.items():
        if key == "view" and value not in VIEWS:
            raise _refuse("view_bad", choices=", ".join(VIEWS), got=_got(value))
        if key in ("lang", "labels") and value not in LABELS:
            raise _refuse("labels_bad", option=key, choices=", ".join(LABELS), got=_got(value))
        if key in ("flip", "arrows") and not isinstance(value, bool):
            raise _refuse("bool_bad", option=key, got=_got(value))
        if key == "size" and (
            not isinstance(value, int) or isinstance(value, bool) or not 100 <= value <= 2000
        ):
            raise _refuse("size_bad", got=_got(value))
        if key == "delay" and (  # ms between a computer's steps as a front end shows them
            not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 5000
        ):
            raise _refuse("size_bad", got=_got(value))
        if key not in ("view", "lang", "labels", "flip", "arrows", "size", "delay"):
            raise _refuse("view_unknown", got=_got(key))
        out["lang" if key == "labels" else key] = value
    if "labels" in out:  # a state stored before ``lang``: the same option under its old name
        out.setdefault("lang", out["labels"])
        del out["labels"]
    return out


def _a_players(ctx: _Ctx, action: Action) -> None:
    players = dict(ctx.state["players"])
    for side in SIDES:
        if side in action:
            name = action[side]
            if not isinstance(name, str) or (name != "human" and name not in PLAYERS):
                known = ", ".join(["human", *PLAYERS])
                raise _refuse("player_unknown", got=_got(name), known=known)
            players[side] = name
    ctx.state["players"] = players
    ctx.say(Message.of("board.players", w=_who(players["w"]), b=_who(players["b"])))


def _who(name: str) -> Message | str:
    """A side's player as the board names it: a person, or the computer's level by its name
    in the catalogue (a player registered under another name: that name)."""
    if name == "human":
        return Message.of("ui.play.human")
    key = f"ui.level.{name}"
    return Message.of(key) if key in catalogue(DEFAULT) else name


_Handler = Callable[[_Ctx, Action], None]
_HANDLERS: Final[dict[str, _Handler]] = {
    "roll": _a_roll,
    "set_dice": _a_set_dice,
    "reroll": _a_reroll,
    "resign": _a_resign,
    "select": _a_select,
    "move": _a_move,
    "click": _a_click,
    "name_pasch": _a_name_pasch,
    "end_roll": _a_end_roll,
    "undo": _a_undo,
    "redo": _a_redo,
    "new_game": _a_new_game,
    "load": _a_load,
    "replay_goto": _a_replay_goto,
    "setup_toggle": _a_setup_toggle,
    "setup_place": _a_setup_place,
    "setup_remove": _a_setup_remove,
    "set_position": _a_set_position,
    "view": _a_view,
    "players": _a_players,
}


# --------------------------------------------------------------------------- helpers


def _playing(ctx: _Ctx) -> Game:
    _not_in_setup(ctx.state)
    return ctx.game


def _not_in_setup(state: State) -> None:
    if state.get("setup"):
        raise _refuse("finish_setup")


def _setup(state: State) -> dict[str, Any]:
    setup = state.get("setup")
    if not setup:
        raise _refuse("setup_first")
    result: dict[str, Any] = setup
    return result


def _no_turn(game: Game) -> Refusal:
    if game.is_over():
        return _game_over(game)
    e = game.explain("0/1")  # between rolls: "roll the dice first", with the rule
    return Refusal(_explained(e), e)


def _check_point(point: Any) -> int | str:
    """``point`` if it is a physical point 1-24 or a pool name; else a refusal."""
    if isinstance(point, int) and not isinstance(point, bool) and 1 <= point <= 24:
        return point
    if isinstance(point, str) and point in ("w0", "b0", "w25", "b25"):
        return point
    raise _refuse("point_bad", got=_got(point))


def _own_checker(game: Game, point: Any, me: int) -> int | None:
    """The mover's path point of a checker of his on ``point`` (None: none there)."""
    _check_point(point)
    own = game.position.side(me)
    if isinstance(point, str):
        if point == f"{SIDES[me]}0" and own[0]:
            return 0
        return None
    p = from_physical(game.rules.layout, me, point)
    return p if own[p] else None


def _path_of(game: Game, point: Any, me: int) -> int:
    """The mover's path point of a physical point or of one of his pools."""
    point = _check_point(point)
    if isinstance(point, str):
        if point[0] != SIDES[me]:
            raise _refuse("pool_other", pool=point, owner=Color(1 - me), side=Color(me))
        return OFF if point[1:] == "25" else 0
    return from_physical(game.rules.layout, me, point)


def _why_stuck(game: Game, frm: int) -> Refusal:
    """Why the checker on path point ``frm`` cannot move now (the first rule it breaks)."""
    for die in dict.fromkeys(game.remaining):
        to = min(frm + die, OFF)
        e = game.explain(f"{frm}/{'off' if to == OFF else to}")
        if not e.legal:
            return Refusal(_explained(e), e)
    return _refuse("stuck", point=frm) if frm else _refuse("stuck_waiting")


def _targets(sel: dict[str, Any] | None, game: Game, steps: list[Step]) -> list[Any]:
    if sel is None:
        return []
    me = game.position.turn
    out: list[Any] = []
    for s in steps:
        if s.frm == sel["from"]:
            q = _place(game.rules, me, s.to)
            if q not in out:
                out.append(q)
    return out


def _place(rs: RuleSet, side: int, p: int) -> int | str:
    """Physical point (1-24) or pool name of ``side``'s path point ``p``."""
    if p in (0, OFF):
        return f"{SIDES[side]}{p}"
    return to_physical(rs.layout, side, p)


def _dice_view(game: Game, lang: str = DEFAULT) -> tuple[list[dict[str, Any]], str | None]:
    """Every move of the current (or last) roll in order, with its status, and the roll's name."""
    t = game.turn
    if t is not None:
        plan, moves, forfeited = t.plan, t.moves, t.forfeited
    elif game.history:
        rec = game.history[-1]
        prev = game.history[-2].position if len(game.history) > 1 else game.start
        try:
            plan = next(p for p in plans(game.rules, prev, rec.dice) if p.named == rec.named)
        except (StopIteration, ValueError):
            return [], None
        moves, forfeited = rec.moves, rec.forfeited
    else:
        return [], None
    seq, name = plan.seq, "-".join(map(str, plan.dice))
    if plan.named is not None:
        name = _text("board.event.name", lang, x=plan.named)
    traditional = family_of(game.rules).roll_name(game.rules, plan.dice)  # bräde RV 23
    if traditional:
        name = f"{traditional} ({name})"
    used = Counter(m.die for m in moves)
    lost = Counter(forfeited)
    out = []
    for v in seq:
        if used[v]:
            used[v] -= 1
            status = "used"
        elif lost[v]:
            lost[v] -= 1
            status = "forfeited"
        else:
            status = "due"
        out.append({"value": v, "status": status})
    return out, name


def _history_line(game: Game, rec: TurnRecord, lang: str) -> str:
    dice = "-".join(map(str, rec.dice))
    if rec.named is not None:
        dice = _text("board.history.named", lang, dice=dice, x=rec.named)
    moves = " ".join(map(str, rec.moves)) or _text("board.history.none", lang)
    fata = (
        _text("board.history.fata", lang, dice=" ".join(map(str, rec.forfeited)))
        if rec.forfeited
        else ""
    )
    outcome = (
        _text("board.history.outcome", lang, outcome=_roll_outcome(game, rec).message)
        if rec.outcome is not None
        else ""
    )
    return _text(
        "board.history.line",
        lang,
        side=SIDES[rec.side].upper(),
        dice=dice,
        moves=moves,
        fata=fata,
        outcome=outcome,
    )


def _outcome_line(o: Outcome, lang: str) -> str:
    """The board's short line for a finished game: ``Black: hemspel, 1`` (a draw: ``Draw``)."""
    if o.winner is None:
        return _text("ui.draw", lang)
    kind = Message.of(f"kind.{o.kind}")
    return _text(
        "board.outcome_line", lang, side=o.winner, kind=kind, points=o.points, extra=o.extra
    )


def _text(key: str, lang: str, **params: object) -> str:
    m = Message.of(key, **params)
    try:
        return m.text(lang)
    except MessageError:
        return m.text(DEFAULT)


def _refusal_of(game: Game, act: Callable[[], object]) -> Message | None:
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


def _can_reroll(game: Game) -> bool:
    """Bräde RV 25, as ``Game.reroll`` checks it (once per game, right after rolling)."""
    t = game.turn
    return t is not None and not t.moves and _refusal_of(game, game.reroll) is None


# --------------------------------------------------------------------------- derived fields


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


def _derive(state: State, entry: _Entry) -> State:
    game = entry.game
    state["ui"] = ui_words(_lang(state))
    setup = state.get("setup")
    rs = game.rules
    n_events = len(state["record"]["events"])
    state["replay_index"] = n_events
    state["replay_length"] = n_events + len(state["future"])
    state["can_undo"] = not setup and n_events > 0
    state["can_redo"] = not setup and bool(state["future"])
    state["history"] = entry.history(_lang(state))
    o = game.outcome
    state["outcome"] = dict(o.to_json()) if o is not None else None
    state["outcome_line"] = _outcome_line(o, _lang(state)) if o is not None else None
    if setup:
        pos = Position.parse(setup["position"])
        state.update(
            position=str(pos),
            to_move=SIDES[pos.turn],
            dice=None,
            remaining=[],
            dice_view=[],
            roll_name=None,
            legal_moves=[],
            targets=[],
            selected=None,
            can_roll=False,
            can_roll_one_die=False,
            one_die_due=False,
            can_reroll=False,
            can_resign=False,
            can_name_pasch=False,
            can_end_roll=False,
        )
        state["last_to"] = None
        state["svg"] = _draw(state, pos, rs, (), None, ())
        return state
    t = game.turn
    steps = game.legal_moves()
    sel = state.get("selected")
    if sel and not any(s.frm == sel.get("from") for s in steps):
        state["selected"] = sel = None
    dice_view, roll_name = _dice_view(game, _lang(state))
    targets = _targets(sel, game, steps)
    can_roll = t is None and not game.is_over()
    state.update(
        position=str(game.position),
        to_move=SIDES[game.position.turn],
        dice=list(game.dice)
        if game.dice
        else (list(game.history[-1].dice) if game.history else None),
        remaining=list(game.remaining),
        dice_view=dice_view,
        roll_name=roll_name,
        legal_moves=[str(s) for s in steps],
        targets=targets,
        can_roll=can_roll,
        one_die_due=can_roll and game.one_die_required(),
        can_roll_one_die=can_roll and game.one_die_allowed() and not game.one_die_required(),
        can_reroll=_can_reroll(game),
        can_resign=can_roll and game.after_game is None and _refusal_of(game, game.resign) is None,
        can_name_pasch=game.generalpasch_available(),
        can_end_roll=t is not None and t.done,
    )
    highlight = (sel["point"],) if sel else ()
    last = _last_move(game)
    state["last_to"] = None if last is None else _place(rs, last[0], last[2])
    state["svg"] = _draw(state, game.position, rs, highlight, last, tuple(targets))
    return state


def _last_move(game: Game) -> tuple[int, int, int] | None:
    """``(side, from, to)`` of the last step of the roll in progress or of the last roll."""
    t = game.turn
    if t is not None and t.moves:
        return (t.start.turn, t.moves[-1].frm, t.moves[-1].to)
    if t is None and game.history and game.history[-1].moves:
        rec = game.history[-1]
        return (rec.side, rec.moves[-1].frm, rec.moves[-1].to)
    return None


def _draw(
    state: State,
    pos: Position,
    rs: RuleSet,
    highlight: tuple[Any, ...],
    last_move: tuple[int, int, int] | None,
    targets: tuple[Any, ...],
) -> str:
    view = state["view"]
    shown = state.get("dice_view") or []
    dice = tuple(d["value"] for d in shown) or None
    used = tuple(i for i, d in enumerate(shown) if d["status"] != "due")
    # a finished game: the line under the board says who won, how and the points
    o, line = state.get("outcome"), state.get("outcome_line")
    status: tuple[int | None, str] | None = None
    if o and line and not state.get("setup"):
        winner = o.get("winner")
        status = (SIDES.index(winner) if winner in SIDES else None, str(line))
    result: str = draw_svg(
        pos,
        rs,
        view=view["view"],
        flip=view["flip"],
        arrows=view["arrows"],
        highlight=highlight,
        targets=targets,
        last_move=last_move,
        dice=dice,
        used=used,
        lang=_lang(state),
        interactive=True,
        size=view["size"],
        status=status,
    )
    return result


# the board's computer players and its hint, tutor, review and odds actions (issue 10)
from .computer import after_human as _computer_after_human  # noqa: E402  (it reads this module's helpers)
from .computer import finish as _computer_finish  # noqa: E402
from .computer import install as _install_computer  # noqa: E402

_install_computer(sys.modules[__name__])
