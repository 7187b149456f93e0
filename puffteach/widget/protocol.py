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
``last_to`` (where the last step landed, to animate), ``svg`` (the interactive drawing, with no
place marked) and ``marks`` (the selected checker's place and its targets drawn marked:
``[{"place": P, "svg": group}, ...]``, each to be put in place of that place's ``<g>``;
:func:`drawing` gives the whole drawing). A click that only selects changes ``marks``, not
``svg``, so its patch stays small (``tests/test_widget_patch.py``).
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
import random
from typing import Any

from ..errors import message_of
from ..explain import Explanation, IllegalMoveError
from ..game import Game
from ..messages import Message, default_language
from ..position import Position
from ..rules import RuleSet, rules
from ..svg import with_marks
from .computer import ACTIONS as _COMPUTER_ACTIONS
from .core import (
    AUTOPLAY_LIMIT,
    CACHE,
    CACHE_SIZE,
    LABELS,
    PLAYERS,
    PROTOCOL_VERSION,
    SIDES,
    VIEWS,
    Action,
    Ctx,
    PlayerHook,
    Refusal,
    State,
    action_handler,
    action_names,
    after_human,
    checkin,
    clear_cache,
    finish_step,
    got,
    player_hook,
    refuse,
    register_action,
    register_player,
    replay_record,
)
from .derive import derive
from .events import new_game
from .play import ACTIONS as _PLAY_ACTIONS
from .play import view_options
from .replay import ACTIONS as _REPLAY_ACTIONS
from .setup import ACTIONS as _SETUP_ACTIONS
from .words import (
    as_shown,
    explained,
    explanation_json,
    lang_of,
    remember,
    render,
    said_again,
    ui_words,
)

__all__ = [
    "AUTOPLAY_LIMIT",
    "CACHE_SIZE",
    "LABELS",
    "PLAYERS",
    "PROTOCOL_VERSION",
    "SIDES",
    "VIEWS",
    "Action",
    "PlayerHook",
    "Refusal",
    "State",
    "actions",
    "clear_cache",
    "initial_state",
    "rebuild",
    "register_action",
    "register_player",
    "step",
    "step_patch",
    "patch_of",
    "drawing",
    "ui_words",
]

#: the modules whose actions the reducer knows (each registers its own on import)
MODULES: dict[str, tuple[str, ...]] = {
    "play": tuple(_PLAY_ACTIONS),
    "setup": tuple(_SETUP_ACTIONS),
    "replay": tuple(_REPLAY_ACTIONS),
    "computer": tuple(_COMPUTER_ACTIONS),
}
#: the game cache (:data:`puffteach.widget.core.CACHE`), by revision
_CACHE = CACHE


def initial_state(
    rules_: str | RuleSet,
    position: str | Position | None = None,
    seed: int | None = None,
    **view: Any,
) -> State:
    """A new board: a fresh game under ``rules_`` (from ``position``, or from the start with a
    seeded opening roll) and the drawing options ``view`` (``view``, ``flip``, ``arrows``,
    ``lang`` or its older name ``labels``, ``size``; the language by default the engine's
    default language, :func:`~puffteach.messages.default_language`). Raises ValueError for a
    bad rule set, position or option."""
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
        "view": {
            "view": "physical",
            "flip": False,
            "arrows": False,
            "lang": default_language(),
            "size": 560,
        },
        "selected": None,
        "setup": None,
        "message": "",
        "message_keys": [],
        "explanation": None,
        "error": None,
    }
    ctx = Ctx(state)
    try:
        ctx.state["view"] = view_options(state["view"], view)
        new_game(ctx, rs, position)
        return _finish(ctx)
    except Refusal as r:
        raise ValueError(render(r.message, state)) from None


def step(state: State, action: Action) -> State:
    """Apply ``action`` to ``state`` and return the new state (``state`` is not changed).

    A refusal returns a copy of ``state`` whose ``error`` and ``message`` say why (and whose
    ``explanation`` cites the rule when a move was refused). Registered computer players then
    take their turns. Never raises: whatever goes wrong is a refusal."""
    new = _step(state, action)
    if new.get("error"):
        return new
    new = after_human(state, action, new)
    frames: list[State] = []  # the states the computer's steps pass through
    said: list[str] = []
    for _ in range(AUTOPLAY_LIMIT):
        hook = player_hook(new)
        if hook is None:
            break
        try:
            act = hook(copy.deepcopy(new))
        except Exception as e:  # a broken player is a refusal, not a crash of the board
            return _refused(new, Message.of("board.player_failed", error=got(e)), None)
        if act is None:
            break
        nxt = _step(new, act)
        if nxt.get("error"):
            return nxt
        if not frames and not new["record"]["events"] and new["record"].get("opening"):
            said.append(_opening(new))  # the computer opens the game: say who starts and why
        frames.append(new)
        said.append(str(nxt.get("message") or ""))
        new = nxt
    return finish_step(new, frames, said)


def _opening(state: State) -> str:
    """The game's opening roll and who starts, in the board's language (issue 44 item 10: a
    computer that opens the game said only its own roll)."""
    w, b = state["record"]["opening"]
    start = Position.parse(state["record"]["start"])
    return render(Message.of("board.new_game", w=w, b=b, side=start.turn), state)


def step_patch(state: State, action: Action) -> tuple[State, State]:
    """:func:`step`, and what changed: ``(new, patch)`` where ``patch`` holds every field of
    ``new`` whose value differs from ``state``'s (a field ``new`` no longer has: ``None``), so a
    front end holding ``state`` gets ``new`` as ``{**state, **patch}``."""
    new = step(state, action)
    return new, patch_of(state, new)


def patch_of(old: State, new: State) -> State:
    """The fields of ``new`` that differ from ``old`` (dropped fields as ``None``)."""
    patch: State = {k: v for k, v in new.items() if k not in old or old[k] != v}
    patch.update((k, None) for k in old if k not in new)
    return patch


def drawing(state: State) -> str:
    """The state's whole drawing: ``svg`` with its ``marks`` in place (what
    :func:`puffteach.svg.draw` draws with the selection and targets marked)."""
    marks = [(m["place"], m["svg"]) for m in state.get("marks") or []]
    return with_marks(str(state.get("svg") or ""), marks)


def rebuild(state: State) -> Game:
    """A new :class:`~puffteach.Game` from the state's record (every event replayed; the
    caller may change it freely).

    Raises ValueError (``GameError``) when an event does not fit the game."""
    return replay_record(state["record"]).game


def actions() -> tuple[str, ...]:
    """The action types :func:`step` understands: play, set-up, replay, the computer's, then
    any registered elsewhere (:func:`register_action`)."""
    ours = [name for names in MODULES.values() for name in names]
    return (*ours, *(name for name in action_names() if name not in ours))


# --------------------------------------------------------------------------- one action


def _finish(ctx: Ctx) -> State:
    """The step's messages rendered, its derived fields computed, its game kept."""
    entry = ctx.close()
    state = ctx.state
    if ctx.msgs:
        msgs = [as_shown(m, state) for m in ctx.msgs]
        state["message"] = " ".join(render(m, state) for m in msgs)
        state["message_keys"] = remember(msgs)
    out = derive(state, entry)
    checkin(entry)
    return out


def _said_still(new: State, old: State) -> None:
    """After a ``view`` action: what the board said before, in the board's (maybe new)
    language (issue 44: a board switched to Swedish said its last message in English)."""
    for k in ("message", "message_keys", "explanation"):
        new[k] = old.get(k)
    if lang_of(new) != lang_of(old):
        again = said_again(old.get("message_keys"), new)
        if again is not None:
            new["message"] = again


def _step(state: State, action: Action) -> State:
    ctx: Ctx | None = None
    try:
        if not isinstance(state, dict):
            raise refuse("not_a_state", got=type(state).__name__)
        if not isinstance(action, dict):
            raise refuse("not_an_action", got=type(action).__name__)
        kind = action.get("type")
        handler = action_handler(kind) if isinstance(kind, str) else None
        if handler is None:
            raise refuse("unknown_action", got=got(kind), actions=", ".join(actions()))
        ctx = Ctx(state)
        handler(ctx, action)
        if kind == "view":  # a new drawing; what the board said still holds
            _said_still(ctx.state, state)
        return _finish(ctx)
    except Refusal as r:
        refusal: tuple[Message, Explanation | None] = (r.message, r.explanation)
    except IllegalMoveError as e:
        refusal = (explained(e.explanation), e.explanation)
    except (ValueError, TypeError, KeyError) as e:
        # the engine's own message, so the board says it in its language
        refusal = (
            message_of(e) if str(e) else Message.of("board.error", text=type(e).__name__),
            None,
        )
    except Exception as e:  # never raise from a step: an unforeseen failure is a refusal too
        refusal = (Message.of("board.internal", error=got(e)), None)
    if ctx is not None:
        ctx.abandon()
    if not isinstance(state, dict):
        state = {}
    return _refused(state, *refusal)


def _refused(state: State, message: Message, explanation: Explanation | None) -> State:
    out = dict(state)
    message = as_shown(message, state)
    text = render(message, state)
    out["error"] = text
    out["message"] = text
    out["message_keys"] = remember([message])
    out["explanation"] = explanation_json(explanation) if explanation is not None else None
    return out
