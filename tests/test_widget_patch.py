"""The anywidget Board sends a step's changed fields once, as a patch (issue 41 item 3)."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("anywidget")

from puffteach.widget import Board  # noqa: E402


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


def test_a_highlight_click_sends_a_small_patch_and_the_drawing_once() -> None:
    board = Board("kontrar-puff", position="W:0x15 B:0x15 w", seed=1, patches=True)
    board.set_dice(3, 5)
    sent, synced = _spy(board)
    board.apply({"type": "click", "point": "w0"})
    assert len(sent) == 1 and set(sent[0]) == {"patch"}
    patch = sent[0]["patch"]
    text = json.dumps(sent[0])
    assert text.count("<svg") == 1  # the drawing once
    # before: the whole state (drawing inside) and the drawing again as the ``svg`` trait
    whole = len(json.dumps(board.state).encode()) + len(board.svg.encode())
    assert len(text.encode()) - len(json.dumps(board.svg).encode()) < 2000  # besides: little
    assert len(text.encode()) < whole / 2, (len(text.encode()), whole)
    assert {**board.state, **patch} == board.state  # the trait holds the whole new state
    assert board.state["selected"] == {"point": "w0", "from": 0}
    for keys in synced:  # nothing the patch carries went as a trait again
        assert not set(keys) & {"state", "svg", "history", "position"}, set(keys)


def test_a_view_opened_later_gets_the_whole_state() -> None:
    board = Board("kontrar-puff", position="W:0x15 B:0x15 w", seed=1, patches=True)
    board.set_dice(3, 5)
    board.apply({"type": "click", "point": "w0"})
    state = board.get_state()
    assert state["state"]["selected"] == {"point": "w0", "from": 0}
    assert state["svg"] == board.state["svg"]
