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


def _spy(board: Any) -> tuple[list[Any], list[dict[str, Any]]]:
    sent: list[Any] = []
    synced: list[dict[str, Any]] = []
    board.send = lambda content, buffers=None: sent.append(content)
    real = board.send_state

    def send_state(key: Any = None) -> None:
        synced.append(dict(board.get_state(key)) if key else {})
        real(key)

    board.send_state = send_state
    return sent, synced


def test_by_default_a_click_from_the_page_is_answered_by_a_small_patch() -> None:
    board = _board()
    board.set_dice(3, 5)
    sent, synced = _spy(board)
    board._on_msg(board, {"type": "click", "point": "w0"}, [])  # the front end's click
    assert len(sent) == 1 and set(sent[0]) == {"patch"}
    patch = sent[0]["patch"]
    assert len(json.dumps(sent[0]).encode()) < HIGHLIGHT_BYTES
    assert "svg" not in patch and patch["selected"] == {"point": "w0", "from": 0}
    assert {**board.state, **patch} == board.state  # the trait holds the whole new state
    for keys in synced:  # nothing the patch carries went as a trait again
        assert not set(keys) & {"state", "svg", "history", "position"}, set(keys)
    # the svg trait (Python's, and what a notebook shows without the widget) has the marks
    assert 'data-highlight="1"' in board.svg and board.svg == protocol.drawing(board.state)


def test_python_steps_go_as_traits_which_a_saved_widget_state_records() -> None:
    """nbclient (and the book's embedded boards) keep the traits' updates, not patches."""
    board = _board()
    sent, synced = _spy(board)
    board.set_dice(3, 5)
    board.apply({"type": "click", "point": "w0"})
    assert sent == []
    assert any("state" in keys for keys in synced)
    # after a patch from the page, the next trait update sends every trait again
    board._on_msg(board, {"type": "click", "point": "w0"}, [])
    assert sent and board.state["selected"] is None
    synced.clear()
    board.move("0/3")
    assert synced and {"state", "svg", "position", "history"} <= set(synced[-1])
    assert synced[-1]["position"] == "W:0x14,3 B:0x15 w"


def test_patches_false_never_sends_a_patch_and_true_always_does() -> None:
    never = _board(patches=False)
    sent, _ = _spy(never)
    never._on_msg(never, {"type": "set_dice", "dice": [3, 5]}, [])
    assert sent == []
    always = _board(patches=True)
    sent, _ = _spy(always)
    always.set_dice(3, 5)
    assert len(sent) == 1 and set(sent[0]) == {"patch"}


def test_a_view_opened_later_gets_the_whole_state() -> None:
    board = _board()
    board.set_dice(3, 5)
    board._on_msg(board, {"type": "click", "point": "w0"}, [])
    state = board.get_state()
    assert state["state"]["selected"] == {"point": "w0", "from": 0}
    assert state["svg"] == protocol.drawing(board.state) and state["state"]["marks"]
