"""The engine's side of the static book's Web Worker (``static/engine-worker.js``).

The worker runs Pyodide and calls these functions with JSON text and gets JSON text back (no
JavaScript object crosses into Python, so that a memory snapshot of Pyodide holds nothing it
cannot restore). :func:`warm_up` plays a few steps before the book's snapshot is made
(``puffteach.sphinxext.snapshot``), so that the modules and caches a first click needs are
already in it.
"""

from __future__ import annotations

import json
from typing import Any

from ..board import to_physical
from ..color import Color
from ..errors import message_of
from ..rules import rules as parse_rules
from . import protocol
from .words import lang_of

__all__ = ["ahead_json", "initial_json", "players_json", "step_json", "warm_up"]

#: the rule sets :func:`warm_up` plays a little of (a Puff and a bräde game)
WARM_UP_RULES = ("kontrar-puff", "brade-standard")


def step_json(state: str, action: str) -> str:
    """:func:`protocol.step` from JSON text to JSON text."""
    return json.dumps(protocol.step(json.loads(state), json.loads(action)))


def ahead_json(state: str, ms: float = 40.0) -> str:
    """The board's review of a game worked out ahead, a little at a time (``hint.review_ahead``,
    about ``ms`` milliseconds of it): ``state`` is JSON text of the board state's ``record``
    and ``rev`` (a game under way or finished; the game comes from the steps' cache when the
    revision is there, as a step's would); the answer is ``{"left": n}``, the rolls still to
    work out (0: the Review button has nothing left to do but show the review). A record that
    does not load has nothing to work out (``{"left": 0}``). The state is not touched, so the
    page sends this between the board's steps whenever it is idle."""
    from ..players.hint import review_ahead
    from .computer import COACH_LEVEL
    from .core import checkin, checkout

    try:
        got: Any = json.loads(state)
        entry = checkout({"record": got["record"], "rev": got.get("rev")})
    except (ValueError, TypeError, KeyError, AttributeError):
        return json.dumps({"left": 0})
    try:
        if not entry.game.history:
            return json.dumps({"left": 0})
        left = review_ahead(entry.game, COACH_LEVEL, max(0.0, float(ms)) / 1000.0)
    finally:
        checkin(entry)
    return json.dumps({"left": left})


def initial_json(args: str) -> str:
    """:func:`protocol.initial_state` of ``{"rules", "position", "seed", "view"}`` as JSON
    text, or ``{"error": ...}`` for a rule set, position or option it refuses (in the language
    of ``view``, as the board would say it)."""
    a: dict[str, Any] = json.loads(args)
    try:
        state = protocol.initial_state(
            a.get("rules") or "kontrar-puff",
            a.get("position"),
            a.get("seed"),
            **(a.get("view") or {}),
        )
    except ValueError as e:
        return json.dumps({"error": message_of(e).text(lang_of(a))})
    return json.dumps(state)


def players_json() -> str:
    """The names of the computer players a board can choose (``protocol.register_player``);
    ``puffteach.players`` registers its own when it offers a hook for it."""
    try:
        import puffteach.players as players

        hook = getattr(players, "register_board_players", None)
        if hook is not None:
            hook()
    except Exception:
        pass
    return json.dumps(sorted(protocol.PLAYERS))


def _place(state: dict[str, Any], point: int) -> str | int:
    """The board place (pool name or physical point) of the mover's path ``point``."""
    side = state["to_move"]
    if point in (0, 25):
        return f"{side}{point}"
    layout = parse_rules(state["rules"]).layout
    return to_physical(layout, Color.parse(side), point)


def warm_up(turns: int = 2) -> int:
    """Play what a reader's first clicks do, through the JSON functions: a board, a roll, a
    checker selected, a forbidden point clicked (the explanation), a move, an undo, for each
    of :data:`WARM_UP_RULES`; returns the number of steps taken."""
    steps = 0
    players_json()
    for name in WARM_UP_RULES:
        state = json.loads(initial_json(json.dumps({"rules": name, "seed": 1})))
        for _ in range(turns):
            if state.get("can_roll"):
                state = json.loads(step_json(json.dumps(state), '{"type": "roll"}'))
                steps += 1
            legal = state.get("legal_moves") or []
            if not legal:
                continue
            frm, to = legal[0].rstrip("*").split("/")
            src = _place(state, int(frm))
            after = json.loads(
                step_json(json.dumps(state), json.dumps({"type": "click", "point": src}))
            )
            targets = set(after.get("targets") or [])
            wrong = next((p for p in range(1, 25) if p not in targets and p != src), None)
            if wrong is not None:  # refused: the explanation of why
                step_json(json.dumps(after), json.dumps({"type": "click", "point": wrong}))
            move = json.dumps({"type": "move", "move": legal[0]})
            state = json.loads(step_json(json.dumps(state), move))
            undone = json.loads(step_json(json.dumps(state), '{"type": "undo"}'))
            steps += 4
            if undone.get("error"):
                break
    return steps
