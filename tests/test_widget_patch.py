"""A step's patch: the anywidget Board sends a step's changed fields once, and a click that only
selects a checker sends its marks, not the drawing (issue 41 item 3: < 5 KB)."""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import pytest

from puffteach import Game, Position
from puffteach.svg import draw
from puffteach.widget import protocol
from puffteach.widget.places import place

#: what a click that only selects or deselects a checker may send (bytes of its JSON message)
HIGHLIGHT_BYTES = 5000


def _sent(patch: dict[str, Any]) -> int:
    return len(json.dumps({"patch": patch}).encode())


def _selectable(state: dict[str, Any]) -> list[int | str]:
    """The places of the side to move's checkers that have a legal step now."""
    game = protocol.rebuild(state)
    me = game.position.turn
    return list(dict.fromkeys(place(game.rules, me, s.frm) for s in game.legal_moves()))


def _late(rules: str, events: int, seed: int) -> dict[str, Any]:
    """A board loaded with a random game of ``events`` events, just after a roll."""
    rng = random.Random(seed)
    for _ in range(200):
        g = Game(rules, seed=rng.randrange(2**31))
        while not g.is_over() and len(g.events) < events:
            g.play_random_roll(rng)
        if g.is_over():
            continue
        g.roll()
        if g.turn is not None and g.legal_moves() and not g.generalpasch_available():
            state = protocol.initial_state(rules, seed=seed)
            return protocol.step(state, {"type": "load", "record": g.record(), "index": -1})
    raise AssertionError(f"no {rules} game of {events} events")


@functools.cache
def _boards() -> list[dict[str, Any]]:
    out = []
    # tall stacks of both colours as targets (rings round full columns, Black's double circles)
    for rules, pos, dice in (
        ("kontrar-puff", "W:0x15 B:0x15 w", [3, 5]),
        ("brade-standard", "W:1x15 B:1x15 w", [3, 5]),
        ("brade-standard", "W:1x5,4x5,6x5 B:1x5,4x5,6x5 b", [3, 5]),
        ("kontrar-puff", "W:0x5,3x5,5x5 B:0x5,3x5,5x5 b", [2, 3]),
    ):
        state = protocol.initial_state(rules, pos, seed=1)
        out.append(protocol.step(state, {"type": "set_dice", "dice": dice}))
    out += [_late(r, 300, 3) for r in ("kontrar-puff", "pierer-contrapuff", "brade-standard")]
    return out


@pytest.mark.parametrize("index", range(7))
def test_a_click_that_only_selects_sends_less_than_5_kb(index: int) -> None:
    state = _boards()[index]
    assert not state["error"], state["message"]
    places = _selectable(state)
    assert places
    for p in places:
        new, patch = protocol.step_patch(state, {"type": "click", "point": p})
        assert new["selected"] and new["selected"]["point"] == p, new["message"]
        assert "svg" not in patch and "<svg" not in json.dumps(patch)  # the drawing stays
        assert patch["marks"] == new["marks"] and new["marks"][0]["place"] in (p, *new["targets"])
        assert _sent(patch) < HIGHLIGHT_BYTES, (
            p,
            {k: len(json.dumps(v)) for k, v in patch.items()},
        )
        # deselecting sends little too (the marks go)
        back, undo = protocol.step_patch(new, {"type": "click", "point": p})
        assert back["selected"] is None and back["marks"] == [] and "svg" not in undo
        assert _sent(undo) < HIGHLIGHT_BYTES


def test_the_marks_in_place_are_the_whole_drawing() -> None:
    state = _boards()[2]
    p = _selectable(state)[0]
    new = protocol.step(state, {"type": "click", "point": p})
    assert new["targets"] and {m["place"] for m in new["marks"]} == {p, *new["targets"]}
    whole = protocol.drawing(new)
    expected = draw(
        Position.parse(new["position"]),
        new["rules"],
        highlight=[p],
        targets=new["targets"],
        dice=[d["value"] for d in new["dice_view"]],
        interactive=True,
        lang="en",
    )
    assert whole == expected
    assert 'data-highlight="1"' in whole and 'data-highlight="1"' not in new["svg"]
    assert whole.count('data-target="1"') == len(new["targets"])
    # the name a screen reader reads says selected / target
    label = next(m["svg"] for m in new["marks"] if m["place"] == p)
    assert 'aria-label="' in label and ", selected" in label.split("\n")[0]


# ---------------------------------------------------------------------- the Board (anywidget)
def _board(**kw: Any) -> Any:
    pytest.importorskip("anywidget")
    from puffteach.widget import Board

    return Board("kontrar-puff", position="W:0x15 B:0x15 w", seed=1, **kw)


# ---------------------------------------------------------------- the Board's synced keys
def _wire(board: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """What a front end gets: the widget's state as a comm opened now would carry it, then
    every ``update`` message the board sends (their ``state`` parts, as sent on the comm)."""
    opened = dict(board.get_state())
    updates: list[dict[str, Any]] = []

    def _send(msg: dict[str, Any], buffers: Any = None) -> None:
        if msg.get("method") == "update":
            updates.append(json.loads(json.dumps(msg["state"])))

    board._send = _send
    return opened, updates


def _front_end_state(model: dict[str, Any]) -> dict[str, Any]:
    """The board's state as engine-client.js's stateStore reads it from the model."""
    if isinstance(model.get("state"), dict):
        return dict(model["state"])
    return {k: model.get(f"state.{k}") for k in model["_state_keys"]}


def _update_bytes(update: dict[str, Any]) -> int:
    return len(json.dumps({"method": "update", "state": update}).encode())


@pytest.mark.parametrize("how", ["python", "page", "trait"])
def test_every_step_syncs_only_the_keys_it_changed(how: str) -> None:
    """Python's steps (``board.apply``/``move``...), the page's (custom messages) and marimo's
    (the ``action`` trait) reach the front end the same way: the changed keys of the state,
    each its own synced key, so a click that only selects stays under 5 KB and a saved widget
    state (nbclient merges every ``update``) is the whole board."""
    board = _board()
    board.set_dice(3, 5)
    opened, updates = _wire(board)

    def act(action: dict[str, Any]) -> None:
        if how == "python":
            board.apply(action)
        elif how == "page":
            board._on_msg(board, action, [])
        else:  # as a front end sets a trait (ipywidgets' set_state, the property locked)
            board.set_state({"action": {**action, "n": len(updates) + 1}})

    act({"type": "click", "point": "w0"})  # selects: only the selection and its marks
    assert board.state["selected"] == {"point": "w0", "from": 0}
    assert len(updates) == 1
    click = updates[0]
    assert _update_bytes(click) < HIGHLIGHT_BYTES, {k: len(json.dumps(v)) for k, v in click.items()}
    assert "state.marks" in click and "state.svg" not in click and "state.record" not in click
    assert not {"state", "svg"} & set(click)
    act({"type": "click", "point": 3})  # moves: the drawing goes, the words (ui) do not
    assert board.state["position"] == "W:0x14,3 B:0x15 w"
    move = updates[-1]
    assert "state.svg" in move and "state.ui" not in move and "state.rules" not in move
    whole = len(json.dumps(board.state)) + len(json.dumps(protocol.drawing(board.state)))
    assert _update_bytes(move) < whole / 2
    # the front end's model (and a saved widget state) merges every update: the whole board
    model = dict(opened)
    for u in updates:
        model.update(u)
    assert _front_end_state(model) == json.loads(json.dumps(board.state))
    assert model["position"] == board.position and model["_state_v"] == board._state_v


def test_a_new_view_and_a_saved_state_get_every_key() -> None:
    board = _board()
    board.set_dice(3, 5)
    board.apply({"type": "click", "point": "w0"})
    state = json.loads(json.dumps(board.get_state()))
    assert "state" not in state and "svg" not in state  # no whole copy, no drawing twice
    assert _front_end_state(state) == json.loads(json.dumps(board.state))
    # the key of an update's version comes last (marimo applies the keys in order)
    opened, updates = _wire(board)
    board.apply({"type": "click", "point": "w0"})
    assert list(updates[-1])[-1] == "_state_v"
    # a key the new state no longer has goes as null and leaves the list of keys
    board.hint()
    assert "hint" in board.state and "hint" in board._state_keys
    board._publish({k: v for k, v in board.state.items() if k != "hint"})
    assert updates[-1]["state.hint"] is None and "hint" not in updates[-1]["_state_keys"]
