"""The board's logic as pure functions of JSON: ``state, action -> state`` (design.md, "Widget
protocol").

The anywidget :class:`puffteach.widget.Board` calls :func:`step` on every message from the front
end; the static book will call the same functions in the browser under Pyodide. Only the
standard library and the engine are used here, and every value in a state is plain JSON (dicts,
lists, strings, numbers, booleans, ``None``), so a state survives ``json.dumps``/``json.loads``.

The state
---------
Stored fields (what :func:`step` needs to go on):

``rules``
    the rule-set name, e.g. ``"kontrar-puff"``.
``record``
    the game record (``Game.record()`` format). Its ``events`` list also holds ``["end", null]``
    for an accepted, fully forfeited generalpasch roll (``Game.end_roll``); :func:`rebuild`
    replays it. The :class:`~puffteach.Game` is rebuilt from the record in every call.
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
    ``labels``, ``size``.
``selected``
    ``None`` or ``{"point": P, "from": N}``: the selected checker's physical point (1-24) or pool
    (``"w0"``, ``"b0"``) and its path point ``N``.
``setup``
    ``None``, or ``{"position": notation, "tool": "w"|"b"|"remove"}`` while composing a position.
``message``, ``explanation``, ``error``
    what to show: a sentence, the explanation of a refused (or made) move as
    ``Explanation.to_json()`` plus ``message``, and the refusal text (``None`` after a success).

Derived fields (recomputed after every action): ``position`` (notation), ``to_move``, ``dice``
(as rolled), ``remaining`` (moves still due, in order), ``dice_view`` (every move of the roll
with ``status`` ``used``/``forfeited``/``due``), ``roll_name``, ``legal_moves``, ``targets``,
``history`` (one line per finished roll), ``outcome``, ``can_roll``, ``can_name_pasch``,
``can_end_roll``, ``can_undo``, ``can_redo``, ``last_to`` (where the last step landed, to
animate) and ``svg`` (the interactive drawing). ``roll_name`` is the plan's label (``5-5``,
``generalpasch named as 3-3``), with the traditional name of a bräde roll before it
(``sinka fyra (4-5)``, RV 23).

Points: ``1``-``24`` are physical points (White's path numbering); the pools are ``"w0"``/``"b0"``
(waiting or hit checkers) and ``"w25"``/``"b25"`` (borne off). Moves in ``{"move": "3/8"}`` are
in the mover's path numbering, as everywhere in puffteach.

Actions
-------
Each action is a dict with a ``type``:

=================  ==========================================================================
``roll``           roll both dice (seeded)
``set_dice``       ``{"dice": [a, b]}`` (or ``[a]`` for a one-die roll): a teacher's roll
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
``view``           ``{"flip"?, "view"?, "arrows"?, "labels"?, "size"?}`` drawing options
``players``        ``{"w"?: name, "b"?: name}`` who plays each side
=================  ==========================================================================

A refused action returns the state unchanged except for ``error``, ``message`` and
``explanation``; an engine error never leaves a half-applied state.

Computer players
----------------
``register_player(name, hook)`` adds a player; ``hook(state) -> action | None`` gets the current
state whenever the side it plays is to act and returns the action to take (``roll``,
``name_pasch``, ``move``, ``end_roll``), or ``None`` to wait for a human. After every action,
:func:`step` lets the registered players act (at most :data:`AUTOPLAY_LIMIT` actions), so a
front end needs nothing new for a computer opponent. No computer player is built in; only
``"human"`` is known until one is registered.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable
from typing import Any, Final

from ..board import OFF, from_physical, to_physical
from ..bradegen import janblotta_out
from ..explain import Explanation, IllegalMoveError
from ..game import Game, GameError
from ..movegen import plans
from ..position import Position
from ..rules import RuleSet, rules

State = dict[str, Any]
Action = dict[str, Any]
PlayerHook = Callable[[State], Action | None]

PROTOCOL_VERSION: Final = 1
VIEWS: Final = ("physical", "white", "black")
LABELS: Final = ("en", "sv", "de")
SIDES: Final = ("w", "b")
NAMES: Final = ("White", "Black")
AUTOPLAY_LIMIT: Final = 500

#: Computer players by name: ``hook(state) -> action | None`` (see "Computer players").
PLAYERS: dict[str, PlayerHook] = {}


def register_player(name: str, hook: PlayerHook) -> None:
    """Make ``name`` a player that ``{"type": "players", "w": name}`` can choose."""
    if not name or name == "human":
        raise ValueError("a computer player needs a name other than 'human'")
    PLAYERS[name] = hook


class Refusal(Exception):
    """An action that cannot be applied; the state stays as it was."""

    def __init__(self, message: str, explanation: Explanation | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.explanation = explanation


# --------------------------------------------------------------------------- public functions


def initial_state(
    rules_: str | RuleSet,
    position: str | Position | None = None,
    seed: int | None = None,
    **view: Any,
) -> State:
    """A new board: a fresh game under ``rules_`` (from ``position``, or from the start with a
    seeded opening roll) and the drawing options ``view`` (``view``, ``flip``, ``arrows``,
    ``labels``, ``size``). Raises ValueError for a bad rule set, position or option."""
    rs = rules(rules_)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    state: State = {
        "version": PROTOCOL_VERSION,
        "rules": rs.name,
        "record": {},
        "future": [],
        "replay": False,
        "seed": int(seed),
        "rolls": 0,
        "players": {"w": "human", "b": "human"},
        "view": {"view": "physical", "flip": False, "arrows": False, "labels": "en", "size": 560},
        "selected": None,
        "setup": None,
        "message": "",
        "explanation": None,
        "error": None,
    }
    try:
        state["view"] = _view_options(state["view"], view)
        _new_game(state, rs, position)
    except Refusal as r:
        raise ValueError(r.message) from None
    return _derive(state, rebuild(state))


def step(state: State, action: Action) -> State:
    """Apply ``action`` to ``state`` and return the new state (``state`` is not changed).

    A refusal returns a copy of ``state`` whose ``error`` and ``message`` say why (and whose
    ``explanation`` cites the rule when a move was refused). Registered computer players then
    take their turns."""
    new = _step(state, action)
    if new.get("error"):
        return new
    for _ in range(AUTOPLAY_LIMIT):
        hook = _player_hook(new)
        if hook is None:
            break
        act = hook(copy.deepcopy(new))
        if act is None:
            break
        nxt = _step(new, act)
        if nxt.get("error"):
            return nxt
        new = nxt
    return new


def rebuild(state: State) -> Game:
    """The :class:`~puffteach.Game` the state's record describes (events replayed one by one).

    Raises ValueError (``GameError``) when an event does not fit the game."""
    record = state["record"]
    game = Game.load({**record, "events": []})
    for n, event in enumerate(record.get("events", [])):
        try:
            _apply(game, event)
        except (ValueError, TypeError) as e:
            raise ValueError(f"game record event {n + 1} {event!r}: {e}") from None
    return game


def actions() -> tuple[str, ...]:
    """The action types :func:`step` understands."""
    return tuple(_HANDLERS)


# --------------------------------------------------------------------------- the step


def _step(state: State, action: Action) -> State:
    try:
        if not isinstance(action, dict):
            raise Refusal(f"an action is a dict with a 'type', got {type(action).__name__}")
        kind = action.get("type")
        handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise Refusal(f"unknown action {kind!r}; actions: {', '.join(_HANDLERS)}")
        new = copy.deepcopy(state)
        new["error"] = None
        new["explanation"] = None
        new["message"] = ""
        game = handler(new, action)
        if kind == "view":  # a new drawing; what the board said still holds
            new["message"], new["explanation"] = state["message"], state["explanation"]
        if game is None:
            game = rebuild(new)
        return _derive(new, game)
    except Refusal as r:
        return _refused(state, r.message, r.explanation)
    except IllegalMoveError as e:
        return _refused(state, str(e), e.explanation)
    except (ValueError, TypeError, KeyError) as e:
        return _refused(state, str(e) or type(e).__name__, None)


def _refused(state: State, message: str, explanation: Explanation | None) -> State:
    out = copy.deepcopy(state)
    out["error"] = message
    out["message"] = message
    out["explanation"] = _explanation_json(explanation) if explanation is not None else None
    return out


def _explanation_json(e: Explanation) -> dict[str, Any]:
    data = dict(e.to_json())
    data["message"] = e.message
    return data


def _player_hook(state: State) -> PlayerHook | None:
    if state.get("setup") or state.get("replay") or state.get("outcome"):
        return None
    name = state["players"].get(state.get("to_move", "w"), "human")
    return PLAYERS.get(name) if name != "human" else None


# --------------------------------------------------------------------------- events


def _apply(game: Game, event: Any) -> str:
    """Apply one record event to ``game``; return the event's canonical text for a move."""
    kind, value = event
    if kind == "roll":
        game.set_dice(*value)
    elif kind == "name":
        game.name_pasch(int(value))
    elif kind == "move":
        game.push(str(value))
        return str(game.events[-1][1])  # canonical text, with @die when a bear-off needs it
    elif kind == "end":
        game.end_roll()
    else:
        raise ValueError(f"unknown event {kind!r}")
    return ""


def _do(state: State, game: Game, event: list[Any]) -> Game:
    """Apply a new event (the game is over the record until now) and record it."""
    before = len(game.history)
    text = _apply(game, event)
    if event[0] == "move":
        event = ["move", text]
    state["record"]["events"].append(event)
    state["future"] = []
    state["selected"] = None
    if state.get("replay"):
        state["replay"] = False
        state["message"] = (
            "Left the replay here; the rest of the loaded game was dropped. " + state["message"]
        )
    _narrate(state, game, before)
    return game


def _narrate(state: State, game: Game, before: int) -> None:
    """Add what happened at the end of a roll (forfeits, another roll, the outcome)."""
    parts = [state["message"].strip()] if state["message"].strip() else []
    for i, rec in enumerate(game.history[before:], start=before):
        who = NAMES[rec.side]
        if game.rules.family == "brade":
            prev = game.history[i - 1].position if i else game.start
            if janblotta_out(rec.position.side(rec.side)) and not janblotta_out(
                prev.side(rec.side)
            ):
                parts.append(
                    f"janblotta: {who} has taken out the seventh blot (the sixth while the "
                    "home band stands), so hitting his blots outside his first quarter can "
                    "make him jan (BH, Jan)."
                )
        if rec.forfeited:
            dice = " ".join(map(str, rec.forfeited))
            parts.append(f"fåta: {who} cannot move {dice}, forfeited.")
        if rec.outcome is not None:
            parts.append(_outcome_text(rec.outcome.to_json()))
        elif rec.again:
            parts.append(f"{who} rolls again.")
    t = game.turn
    if t is not None and game.generalpasch_available():
        parts.append(
            f"Generalpasch {t.plan.dice[0]}-{t.plan.dice[1]}: name a pasch 1-6, "
            "or move the dice as rolled."
        )
    if t is not None and t.done:
        parts.append("Nothing of this roll can be moved: end the roll or name a pasch.")
    state["message"] = " ".join(parts)


def _outcome_text(o: dict[str, Any]) -> str:
    who = NAMES[SIDES.index(o["winner"])]
    extra = [k for k in ("schneider", "munk") if o.get(k)]
    tail = f" ({', '.join(extra)})" if extra else ""
    pts = o["points"]
    return f"{who} wins: {o['kind']}, {pts} point{'s' if pts != 1 else ''}{tail}."


# --------------------------------------------------------------------------- handlers


def _a_roll(state: State, action: Action) -> Game:
    game = _playing(state)
    rng = random.Random(f"{state['seed']}:{state['rolls']}")
    dice = [rng.randint(1, 6), rng.randint(1, 6)]
    state["rolls"] += 1
    return _roll(state, game, dice)


def _a_set_dice(state: State, action: Action) -> Game:
    game = _playing(state)
    dice = action.get("dice")
    if (
        not isinstance(dice, list)
        or not 1 <= len(dice) <= 2
        or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice)
    ):
        raise Refusal(f"dice must be a list of one or two faces 1-6, got {dice!r}")
    return _roll(state, game, dice)


def _roll(state: State, game: Game, dice: list[int]) -> Game:
    if game.is_over():
        raise Refusal(_outcome_text(_outcome(game)) + " Start a new game.")
    if game.turn is not None:
        raise Refusal(f"the roll {'-'.join(map(str, game.dice or ()))} is still being moved")
    who = NAMES[game.position.turn]
    state["message"] = f"{who} rolls {'-'.join(map(str, dice))}."
    return _do(state, game, ["roll", dice])


def _a_name_pasch(state: State, action: Action) -> Game:
    game = _playing(state)
    x = action.get("x")
    if not isinstance(x, int) or isinstance(x, bool) or not 1 <= x <= 6:
        raise Refusal(f"name a pasch by a face 1-6, got {x!r}")
    if not game.generalpasch_available():
        raise Refusal("a pasch can be named only right after rolling the generalpasch")
    state["message"] = f"{NAMES[game.position.turn]} plays the generalpasch as {x}-{x}."
    return _do(state, game, ["name", x])


def _a_end_roll(state: State, action: Action) -> Game:
    game = _playing(state)
    t = game.turn
    if t is None or not t.done:
        raise Refusal("there is no finished roll waiting to be ended")
    return _do(state, game, ["end", None])


def _a_move(state: State, action: Action) -> Game:
    game = _playing(state)
    if "move" in action:
        text = action["move"]
        if not isinstance(text, str):
            raise Refusal(f"a move is written from/to, e.g. '3/8', got {text!r}")
    else:
        if game.turn is None:
            raise _no_turn(game)
        me = game.position.turn
        frm = _path_of(state, game, action.get("from"), me, "from")
        to = _path_of(state, game, action.get("to"), me, "to")
        text = f"{frm}/{'off' if to == OFF else to}"
    return _move(state, game, text)


def _move(state: State, game: Game, text: str) -> Game:
    if game.turn is None:
        raise _no_turn(game)
    e = game.explain(text)
    if not e.legal:
        raise Refusal(e.message, e)
    state["message"] = e.reason + "."
    state["explanation"] = _explanation_json(e)
    return _do(state, game, ["move", text])


def _a_select(state: State, action: Action) -> Game:
    game = _playing(state)
    point = action.get("point")
    if point is None:
        state["selected"] = None
        return game
    _select(state, game, point)
    return game


def _select(state: State, game: Game, point: Any) -> None:
    if game.turn is None:
        raise _no_turn(game)
    me = game.position.turn
    frm = _own_checker(state, game, point, me)
    if frm is None:
        raise Refusal(f"{NAMES[me]} is to move: select one of {NAMES[me]}'s checkers")
    if not any(s.frm == frm for s in game.legal_moves()):
        raise _why_stuck(game, frm)
    state["selected"] = {"point": point, "from": frm}
    state["message"] = f"{NAMES[me]}'s checker on point {frm} selected: choose a target."


def _a_click(state: State, action: Action) -> Game | None:
    point = _check_point(action.get("point"))
    if state.get("setup"):
        tool = state["setup"]["tool"]
        if tool == "remove":
            _a_setup_remove(state, {"point": point})
        else:
            _a_setup_place(state, {"point": point, "side": tool})
        return None
    game = _playing(state)
    if game.turn is None:
        raise _no_turn(game)
    me = game.position.turn
    sel = state.get("selected")
    if sel is not None and sel["point"] == point:
        state["selected"] = None
        state["message"] = "selection cleared."
        return game
    if sel is not None and point in _targets(state, game):
        to = _path_of(state, game, point, me, "to")
        return _move(state, game, f"{sel['from']}/{'off' if to == OFF else to}")
    if _own_checker(state, game, point, me) is not None:
        _select(state, game, point)
        return game
    if sel is None:
        raise Refusal(f"{NAMES[me]} is to move: first click one of {NAMES[me]}'s checkers")
    to = _path_of(state, game, point, me, "to")
    text = f"{sel['from']}/{'off' if to == OFF else to}"
    e = game.explain(text)  # MoveSyntaxError (a ValueError) for a backward move
    raise Refusal(e.message, e)


def _a_undo(state: State, action: Action) -> Game:
    _not_in_setup(state)
    events = state["record"]["events"]
    if not events:
        raise Refusal("nothing to undo")
    state["future"].insert(0, events.pop())
    state["selected"] = None
    state["message"] = f"undo: {_event_text(state['future'][0])}."
    return rebuild(state)


def _a_redo(state: State, action: Action) -> Game:
    _not_in_setup(state)
    if not state["future"]:
        raise Refusal("nothing to redo")
    game = rebuild(state)
    event = state["future"].pop(0)
    before = len(game.history)
    _apply(game, event)
    state["record"]["events"].append(event)
    state["selected"] = None
    state["message"] = f"redo: {_event_text(event)}."
    _narrate(state, game, before)
    return game


def _event_text(event: list[Any]) -> str:
    kind, value = event
    if kind == "roll":
        return "roll " + "-".join(map(str, value))
    if kind == "name":
        return f"generalpasch named as {value}-{value}"
    if kind == "move":
        return f"move {value}"
    return "end of the roll"


def _a_new_game(state: State, action: Action) -> None:
    name = action.get("rules", state["rules"])
    if not isinstance(name, str):
        raise Refusal(f"rules are written preset[+code...], got {name!r}")
    rs = rules(name)
    _new_game(state, rs, action.get("position"))


def _a_set_position(state: State, action: Action) -> None:
    text = action.get("position")
    if not isinstance(text, (str, Position)):
        raise Refusal(f"a position is written like 'W:0x15 B:0x15 w', got {text!r}")
    _new_game(state, rules(state["rules"]), text)


def _new_game(state: State, rs: RuleSet, position: Any) -> None:
    if position is None:
        rng = random.Random(f"{state['seed']}:{state['rolls']}")
        state["rolls"] += 1
        w, b = rng.randint(1, 6), rng.randint(1, 6)
        while w == b:
            w, b = rng.randint(1, 6), rng.randint(1, 6)
        game = Game(rs, opening=(w, b))
        starts = NAMES[game.start.turn]
        state["message"] = f"New game. Opening roll: White {w}, Black {b}; {starts} starts."
    else:
        if not isinstance(position, (str, Position)):
            raise Refusal(f"a position is written like 'W:0x15 B:0x15 w', got {position!r}")
        game = Game(rs, position=position)
        state["message"] = f"New game from {game.start}; {NAMES[game.start.turn]} to move."
    state.update(
        rules=rs.name, record=game.record(), future=[], replay=False, selected=None, setup=None
    )


def _a_load(state: State, action: Action) -> Game:
    try:
        record = Game.parse_record(action.get("record"))  # type: ignore[arg-type]
    except GameError as e:
        raise Refusal(str(e)) from None
    events = record.get("events", [])
    if not isinstance(events, list):
        raise Refusal("a game record's events are a list")
    full = {**record, "events": [list(e) if isinstance(e, (list, tuple)) else e for e in events]}
    rebuild({"record": full})  # check every event before touching the state
    index = _index(action.get("index", 0), len(events))
    state.update(
        rules=rules(record["rules"]).name,
        record={**full, "events": full["events"][:index]},
        future=full["events"][index:],
        replay=True,
        selected=None,
        setup=None,
    )
    state["message"] = f"Loaded a game of {len(events)} events: replay with ◀ ▶."
    return rebuild(state)


def _a_replay_goto(state: State, action: Action) -> Game:
    _not_in_setup(state)
    events = state["record"]["events"] + state["future"]
    index = _index(action.get("index"), len(events))
    state["record"]["events"] = events[:index]
    state["future"] = events[index:]
    state["selected"] = None
    state["replay"] = True
    game = rebuild(state)
    state["message"] = f"Event {index} of {len(events)}."
    return game


def _index(value: Any, length: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise Refusal(f"an event index is a whole number 0-{length}, got {value!r}")
    index = value + length + 1 if value < 0 else value
    if not 0 <= index <= length:
        raise Refusal(f"event index {value} out of range 0-{length}")
    return index


def _a_setup_toggle(state: State, action: Action) -> Game | None:
    on = action.get("on", not state.get("setup"))
    tool = action.get("tool")
    turn = action.get("turn")
    if tool is not None and tool not in ("w", "b", "remove"):
        raise Refusal(f"the set-up tool is 'w', 'b' or 'remove', got {tool!r}")
    if turn is not None and turn not in SIDES:
        raise Refusal(f"the side to move is 'w' or 'b', got {turn!r}")
    setup = state.get("setup")
    if on:
        if setup is None:
            game = rebuild(state)
            t = game.turn
            pos = t.start if t is not None else game.position
            setup = {"position": str(pos), "tool": "w"}
            state["message"] = (
                "Set-up mode: click a point to place a checker (taken from the waiting ones), "
                "or choose remove."
            )
        if tool is not None:
            setup["tool"] = tool
        if turn is not None:
            pos = Position.parse(setup["position"])._replace(turn=SIDES.index(turn), streak=0)
            setup["position"] = str(pos)
        state["setup"] = setup
        state["selected"] = None
        return None
    if setup is None:
        raise Refusal("set-up mode is not on")
    _new_game(state, rules(state["rules"]), setup["position"])
    return None


def _a_setup_place(state: State, action: Action) -> None:
    setup = _setup(state)
    side = action.get("side", setup["tool"])
    if side not in SIDES:
        raise Refusal(f"place a checker of side 'w' or 'b', got {side!r}")
    me = SIDES.index(side)
    point = _check_point(action.get("point"))
    rs = rules(state["rules"])
    pos = Position.parse(setup["position"])
    own = list(pos.side(me))
    if isinstance(point, str):
        if point[0] != side or point[1:] != "25":
            raise Refusal(
                f"{NAMES[me]}'s checkers can be placed on the board or borne off ({side}25), "
                f"not in {point}"
            )
        to = OFF
    else:
        to = from_physical(rs.layout, me, point)
    if not own[0]:
        raise Refusal(
            f"all 15 of {NAMES[me]}'s checkers are placed: remove one first (removed checkers "
            "wait to enter)"
        )
    own[0] -= 1
    own[to] += 1
    new = pos._replace(w=tuple(own)) if me == 0 else pos._replace(b=tuple(own))
    new.check(rs)  # PositionError when both colours would share a point
    setup["position"] = str(new)
    where = "borne off" if to == OFF else f"on point {point}"
    state["message"] = f"{NAMES[me]} checker placed {where}."


def _a_setup_remove(state: State, action: Action) -> None:
    setup = _setup(state)
    point = _check_point(action.get("point"))
    rs = rules(state["rules"])
    pos = Position.parse(setup["position"])
    if isinstance(point, str):
        if point.endswith("0") and not point.endswith("25"):
            raise Refusal("removed checkers wait to enter: place them on a point instead")
        me, frm = SIDES.index(point[0]), OFF
    else:
        found = [
            (side, from_physical(rs.layout, side, point))
            for side in (0, 1)
            if pos.side(side)[from_physical(rs.layout, side, point)]
        ]
        if not found:
            raise Refusal(f"no checker on point {point} to remove")
        me, frm = found[0]
    own = list(pos.side(me))
    if not own[frm]:
        raise Refusal(f"{NAMES[me]} has no checker borne off")
    own[frm] -= 1
    own[0] += 1
    new = pos._replace(w=tuple(own)) if me == 0 else pos._replace(b=tuple(own))
    setup["position"] = str(new)
    state["message"] = f"{NAMES[me]} checker taken back to the waiting ones."


def _a_view(state: State, action: Action) -> None:
    opts = {k: v for k, v in action.items() if k != "type"}
    state["view"] = _view_options(state["view"], opts)


def _view_options(current: dict[str, Any], opts: dict[str, Any]) -> dict[str, Any]:
    out = dict(current)
    for key, value in opts.items():
        if key == "view" and value not in VIEWS:
            raise Refusal(f"view must be one of {', '.join(VIEWS)}, got {value!r}")
        if key == "labels" and value not in LABELS:
            raise Refusal(f"labels must be one of {', '.join(LABELS)}, got {value!r}")
        if key in ("flip", "arrows") and not isinstance(value, bool):
            raise Refusal(f"{key} must be true or false, got {value!r}")
        if key == "size" and (
            not isinstance(value, int) or isinstance(value, bool) or not 100 <= value <= 2000
        ):
            raise Refusal(f"size must be a whole number of pixels 100-2000, got {value!r}")
        if key not in ("view", "labels", "flip", "arrows", "size"):
            raise Refusal(f"unknown view option {key!r}; options: view, flip, arrows, labels, size")
        out[key] = value
    return out


def _a_players(state: State, action: Action) -> None:
    for side in SIDES:
        if side in action:
            name = action[side]
            if name != "human" and name not in PLAYERS:
                known = ", ".join(["human", *PLAYERS])
                raise Refusal(f"unknown player {name!r}; players: {known}")
            state["players"][side] = name
    state["message"] = f"White: {state['players']['w']}, Black: {state['players']['b']}."


_Handler = Callable[[State, Action], Game | None]
_HANDLERS: Final[dict[str, _Handler]] = {
    "roll": _a_roll,
    "set_dice": _a_set_dice,
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


def _playing(state: State) -> Game:
    _not_in_setup(state)
    return rebuild(state)


def _not_in_setup(state: State) -> None:
    if state.get("setup"):
        raise Refusal("finish the set-up first (turn set-up mode off)")


def _setup(state: State) -> dict[str, Any]:
    setup = state.get("setup")
    if not setup:
        raise Refusal("turn set-up mode on first")
    result: dict[str, Any] = setup
    return result


def _no_turn(game: Game) -> Refusal:
    if game.is_over():
        return Refusal(_outcome_text(_outcome(game)) + " Start a new game.")
    e = game.explain("0/1")  # between rolls: "roll the dice first", with the rule
    return Refusal(e.message, e)


def _check_point(point: Any) -> int | str:
    """``point`` if it is a physical point 1-24 or a pool name; else a refusal."""
    if isinstance(point, int) and not isinstance(point, bool) and 1 <= point <= 24:
        return point
    if isinstance(point, str) and point in ("w0", "b0", "w25", "b25"):
        return point
    raise Refusal(f"a point is 1-24 or a pool (w0, b0, w25, b25), got {point!r}")


def _own_checker(state: State, game: Game, point: Any, me: int) -> int | None:
    """The mover's path point of a checker of his on ``point`` (None: none there)."""
    _check_point(point)
    own = game.position.side(me)
    if isinstance(point, str):
        if point == f"{SIDES[me]}0" and own[0]:
            return 0
        return None
    p = from_physical(game.rules.layout, me, point)
    return p if own[p] else None


def _path_of(state: State, game: Game, point: Any, me: int, what: str) -> int:
    """The mover's path point of a physical point or of one of his pools."""
    _check_point(point)
    if isinstance(point, str):
        if point[0] != SIDES[me]:
            raise Refusal(f"{point} is {NAMES[1 - me]}'s; {NAMES[me]} is to move")
        return OFF if point[1:] == "25" else 0
    return from_physical(game.rules.layout, me, point)


def _why_stuck(game: Game, frm: int) -> Refusal:
    """Why the checker on path point ``frm`` cannot move now (the first rule it breaks)."""
    for die in dict.fromkeys(game.remaining):
        to = min(frm + die, OFF)
        e = game.explain(f"{frm}/{'off' if to == OFF else to}")
        if not e.legal:
            return Refusal(e.message, e)
    return Refusal(f"the checker on point {frm} cannot move now")


def _targets(state: State, game: Game) -> list[Any]:
    sel = state.get("selected")
    if sel is None:
        return []
    me = game.position.turn
    out: list[Any] = []
    for s in game.legal_moves():
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


def _outcome(game: Game) -> dict[str, Any]:
    o = game.outcome
    return {} if o is None else dict(o.to_json())


def _dice_view(game: Game) -> tuple[list[dict[str, Any]], str | None]:
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
    seq, name = plan.seq, plan.label
    if game.rules.family == "brade" and len(plan.dice) == 2:
        from ..rules.brade import roll_name

        name = f"{roll_name(*plan.dice)} ({name})"
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


def _history(game: Game) -> list[str]:
    lines = []
    for rec in game.history:
        dice = "-".join(map(str, rec.dice))
        if rec.named is not None:
            dice += f" as {rec.named}-{rec.named}"
        moves = " ".join(map(str, rec.moves)) or "–"
        line = f"{SIDES[rec.side].upper()} {dice}: {moves}"
        if rec.forfeited:
            line += f" (fåta {' '.join(map(str, rec.forfeited))})"
        if rec.outcome is not None:
            line += f" — {_outcome_text(rec.outcome.to_json())}"
        lines.append(line)
    return lines


# --------------------------------------------------------------------------- derived fields


def _derive(state: State, game: Game) -> State:
    setup = state.get("setup")
    rs = game.rules
    n_events = len(state["record"]["events"])
    state["replay_index"] = n_events
    state["replay_length"] = n_events + len(state["future"])
    state["can_undo"] = not setup and n_events > 0
    state["can_redo"] = not setup and bool(state["future"])
    state["history"] = _history(game)
    state["outcome"] = _outcome(game) or None
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
            can_name_pasch=False,
            can_end_roll=False,
        )
        state["last_to"] = None
        state["svg"] = _render(state, pos, rs, (), None, ())
        return state
    t = game.turn
    if state.get("selected") and not any(
        s.frm == state["selected"]["from"] for s in game.legal_moves()
    ):
        state["selected"] = None
    dice_view, roll_name = _dice_view(game)
    targets = _targets(state, game)
    state.update(
        position=str(game.position),
        to_move=SIDES[game.position.turn],
        dice=list(game.dice)
        if game.dice
        else (list(game.history[-1].dice) if game.history else None),
        remaining=list(game.remaining),
        dice_view=dice_view,
        roll_name=roll_name,
        legal_moves=[str(s) for s in game.legal_moves()],
        targets=targets,
        can_roll=t is None and not game.is_over(),
        can_name_pasch=game.generalpasch_available(),
        can_end_roll=t is not None and t.done,
    )
    highlight = (state["selected"]["point"],) if state.get("selected") else ()
    last = _last_move(game)
    state["last_to"] = None if last is None else _place(rs, last[0], last[2])
    state["svg"] = _render(state, game.position, rs, highlight, last, tuple(targets))
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


def _render(
    state: State,
    pos: Position,
    rs: RuleSet,
    highlight: tuple[Any, ...],
    last_move: tuple[int, int, int] | None,
    targets: tuple[Any, ...],
) -> str:
    from .. import svg

    view = state["view"]
    shown = state.get("dice_view") or []
    dice = tuple(d["value"] for d in shown) or None
    used = tuple(i for i, d in enumerate(shown) if d["status"] != "due")
    result: str = svg.draw(
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
        labels=view["labels"],
        interactive=True,
        size=view["size"],
    )
    return result
