"""A class table: a widget-protocol state (:mod:`puffteach.widget.protocol`, the only game
logic) plus its seats, score and the checks of who may do what. Pure functions of plain
values; the app stores and broadcasts what they return."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from typing import Any, Final

from ..widget import protocol
from .security import Refused, new_id
from .store import ClassInfo, GameResult, Table

#: the protocol fields a table stores (the rest is derived again from them)
STORED: Final = (
    "version",
    "rules",
    "record",
    "rev",
    "future",
    "replay",
    "seed",
    "rolls",
    "players",
    "view",
    "selected",
    "setup",
)
#: fields no client sees: the dice to come and what undo took back
SECRET: Final = ("seed", "rolls", "future", "review_work")
#: what a pupil may send for their own seat (stored steps)
PUPIL_ACTIONS: Final = (
    "roll",
    "click",
    "select",
    "move",
    "name_pasch",
    "end_roll",
    "reroll",
    "resign",
    "undo",
)
#: answered to the asking pupil only, never stored; allowed by the class settings
PRIVATE_ACTIONS: Final = {"hint": "hints", "odds": "hints", "tutor": "tutor"}
SEATS: Final = ("w", "b")
VIEW_OF_SEAT: Final = {"w": "white", "b": "black"}


def stored(state: dict[str, Any]) -> dict[str, Any]:
    return {k: copy.deepcopy(state[k]) for k in STORED if k in state}


def full(table: Table) -> dict[str, Any]:
    """The table's whole protocol state (derived fields computed once and kept)."""
    if table.full is None:
        state = protocol.step(table.state, {"type": "view"})
        if state.get("error"):  # pragma: no cover - a stored state the engine cannot read
            raise RuntimeError(f"table {table.id}: {state['error']}")
        table.full = state
    return table.full


def game_seed(cls: ClassInfo, game_no: int, fresh: int) -> int:
    """The dice seed of a table's game: the class's (the same for every table) or its own."""
    if cls.settings.get("same_dice"):
        return (cls.seed * 1009 + game_no) % 2**31
    return fresh


def new_game(cls: ClassInfo, computers: dict[str, str | None], seed: int) -> dict[str, Any]:
    """A fresh game at a table: the class's rules, the computer on its seats (which plays at
    once if it is to act)."""
    state = protocol.initial_state(cls.settings["rules"], seed=seed)
    players = {side: computers[side] or "human" for side in SEATS}
    if players != state["players"]:
        state = protocol.step(state, {"type": "players", **players})
        if state.get("error"):  # pragma: no cover - the levels are checked when made
            raise ValueError(state["error"])
    return state


def make_table(
    cls: ClassInfo,
    seats: dict[str, str | None],
    names: dict[str, str],
    round_no: int | None,
    seed: int,
) -> tuple[Table, list[Any]]:
    """A new table (revision 0): the pupils (None: the computer at the class's level)."""
    level = cls.settings["computer_level"]
    computers = {side: None if seats[side] else level for side in SEATS}
    state = new_game(cls, computers, game_seed(cls, 1, seed))
    table = Table(
        id=new_id(),
        class_id=cls.id,
        seats=dict(seats),
        names=dict(names),
        computers=computers,
        status="playing",
        match_length=int(cls.settings["match_length"]),
        game_no=1,
        score={"w": 0, "b": 0},
        round_no=round_no,
        rev=0,
        state=stored(state),
        full=state,
    )
    return table, [[1, e] for e in state["record"].get("events", [])]


def seat_of(table: Table, pupil_id: str) -> str | None:
    for side in SEATS:
        if table.seats[side] == pupil_id:
            return side
    return None


def check_act(table: Table, seat: str | None, action: object, cls: ClassInfo) -> dict[str, Any]:
    """The pupil's action when they may take it now (Refused otherwise)."""
    if seat is None:
        raise Refused("not_your_table", table=table.id)
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise Refused("field_missing", field="action.type")
    kind = action["type"]
    if kind not in PUPIL_ACTIONS and kind not in PRIVATE_ACTIONS:
        raise Refused("not_allowed", action=kind[:40])
    if len(json.dumps(action)) > 400:
        raise Refused("too_big", limit=400)
    if table.status == "stopped":
        raise Refused("stopped")
    if table.status == "finished":
        raise Refused("finished")
    state = full(table)
    if kind in PRIVATE_ACTIONS:
        if not cls.settings.get(PRIVATE_ACTIONS[kind]):
            raise Refused("hints_off", action=kind)
    if state.get("outcome"):
        raise Refused("finished")
    if state.get("to_move") != seat:
        raise Refused("not_your_turn")
    if kind == "undo" and not may_undo(state):
        raise Refused("undo")
    return dict(action)


def may_undo(state: dict[str, Any]) -> bool:
    """Undo takes back only a step of the roll in progress (the side to move's own), never a
    roll: dice are showing, and the last event is a move or a named pasch."""
    events = state["record"].get("events", [])
    return bool(
        state.get("can_undo")
        and not state.get("can_roll")
        and state.get("dice")
        and events
        and isinstance(events[-1], list)
        and events[-1][:1] in (["move"], ["name"])
    )


def private(
    table: Table, action: dict[str, Any], seat: str, lang: str, flip: bool
) -> dict[str, Any]:
    """A hint, tutor or odds answer on a copy of the table's state, drawn for the asking
    pupil (never stored)."""
    opts = {"view": VIEW_OF_SEAT[seat], "lang": lang, "flip": flip}
    state = protocol.step(copy.deepcopy(full(table)), {"type": "view", **opts})
    return protocol.step(state, action)


def tutor_verdict(table: Table, action: dict[str, Any], lang: str) -> dict[str, Any] | None:
    """The tutor's verdict (the board's, in ``lang``) on the roll that ``action``, a pupil's
    step at ``table`` as it was before it, ended; None when the roll goes on."""
    state = protocol.step(copy.deepcopy(full(table)), {"type": "view", "lang": lang})
    state = protocol.step({**state, "tutor": True}, action)
    verdict = state.get("verdict")
    return None if state.get("error") or not verdict else dict(verdict)


def apply(
    table: Table, cls: ClassInfo, action: dict[str, Any], fresh_seed: int
) -> tuple[Table, list[Any], GameResult | None] | str:
    """The table after a pupil's stored action: the new table, the events it added
    (``[[game_no, event], ...]``) and the result of a game it finished; or the engine's refusal
    (the board's message, with its rule) as a string."""
    before = full(table)
    state = protocol.step(before, action)
    if state.get("error"):
        return str(state.get("message") or state["error"])
    old_events = before["record"].get("events", [])
    new_events = state["record"].get("events", [])
    if new_events[: len(old_events)] == old_events:
        added: list[Any] = [[table.game_no, e] for e in new_events[len(old_events) :]]
    else:  # an undo took events back
        added = [[table.game_no, ["undo", len(old_events) - len(new_events)]]]
    new = replace(table, rev=table.rev + 1, state=stored(state), full=state)
    outcome = state.get("outcome")
    if not outcome:
        return new, added, None
    winner = outcome.get("winner")
    points = int(outcome.get("points") or 0)
    result = GameResult(
        table.id,
        table.game_no,
        table.names["w"],
        table.names["b"],
        winner,
        points,
        str(outcome.get("kind") or ""),
        protocol.rebuild(state).dumps(),
    )
    score = dict(table.score)
    if winner in SEATS:
        score[winner] += points
    new.score = score
    if max(score.values()) >= table.match_length:
        new.status = "finished"
        return new, added, result
    new.game_no = table.game_no + 1
    nxt = new_game(cls, table.computers, game_seed(cls, new.game_no, fresh_seed))
    new.state = stored(nxt)
    new.full = nxt
    added += [[new.game_no, e] for e in nxt["record"].get("events", [])]
    return new, added, result


def view(table: Table, seat: str | None, lang: str, flip: bool, size: int = 560) -> dict[str, Any]:
    """The board state a viewer may see: drawn for their seat and language, secrets removed."""
    state = full(table)
    opts = {"view": VIEW_OF_SEAT[seat] if seat else "physical", "lang": lang, "flip": flip}
    if size != state["view"].get("size"):
        opts["size"] = size
    if any(state["view"].get(k) != v for k, v in opts.items()):
        drawn = protocol.step(state, {"type": "view", **opts})
        if not drawn.get("error") and drawn["record"] == state["record"]:
            state = drawn
    return public(state, seat)


def public(state: dict[str, Any], seat: str | None) -> dict[str, Any]:
    out = {k: v for k, v in state.items() if k not in SECRET}
    out["can_redo"] = False
    out["can_undo"] = bool(seat and state.get("to_move") == seat and may_undo(state))
    return out


def table_json(table: Table) -> dict[str, Any]:
    """The table's public description (the ``table`` field of a ``table`` message)."""
    return {
        "id": table.id,
        "status": table.status,
        "w": seat_json(table, "w"),
        "b": seat_json(table, "b"),
        "score": dict(table.score),
        "match_length": table.match_length,
        "game_no": table.game_no,
        "round": table.round_no,
    }


def seat_json(table: Table, side: str) -> dict[str, Any]:
    return {
        "name": table.names[side],
        "pupil_id": table.seats[side],
        "computer": table.computers[side],
    }


def round_robin(pupils: list[str]) -> list[list[list[str | None]]]:
    """The circle method: every pupil meets every other once (None: the computer, when the
    count is odd); colours alternate."""
    ids: list[str | None] = list(pupils)
    if len(ids) % 2:
        ids.append(None)
    n = len(ids)
    rounds: list[list[list[str | None]]] = []
    for r in range(n - 1):
        pairs: list[list[str | None]] = []
        for i in range(n // 2):
            a, b = ids[i], ids[n - 1 - i]
            if a is None and b is None:
                continue
            pairs.append([a, b] if (r + i) % 2 == 0 else [b, a])
        rounds.append(pairs)
        ids = [ids[0], ids[-1], *ids[1:-1]]
    return rounds


def crosstable(results: list[GameResult]) -> dict[str, Any]:
    """Points won by each player (row) against each opponent (column), and the totals."""
    players: list[str] = []
    for r in results:
        for name in (r.w, r.b):
            if name not in players:
                players.append(name)
    rows: dict[str, dict[str, int | None]] = {a: {b: None for b in players} for a in players}
    totals = dict.fromkeys(players, 0)
    for r in results:
        for me, other, side in ((r.w, r.b, "w"), (r.b, r.w, "b")):
            got = r.points if r.winner == side else 0
            rows[me][other] = (rows[me][other] or 0) + got
            totals[me] += got
    return {"players": players, "rows": rows, "totals": totals}
