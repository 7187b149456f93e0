"""The anywidget ``Board`` (Python side): methods, synced traits, observers, the lazy import.

Needs anywidget (``pip install anywidget``); the engine and the protocol do not.
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

import puffteach


def test_the_engine_and_the_protocol_do_not_import_anywidget() -> None:
    code = (
        "import sys, puffteach, puffteach.widget.protocol; "
        "assert 'anywidget' not in sys.modules and 'ipywidgets' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_board_without_anywidget_is_a_clear_import_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "anywidget", None)  # makes `import anywidget` fail
    monkeypatch.delitem(sys.modules, "puffteach.widget._board", raising=False)
    with pytest.raises(ImportError, match="pip install anywidget"):
        puffteach.Board  # noqa: B018
    with pytest.raises(AttributeError):
        puffteach.NoSuchThing  # type: ignore[attr-defined]  # noqa: B018


@pytest.fixture
def board() -> Any:
    pytest.importorskip("anywidget")
    return puffteach.Board("kontrar-puff", position="W:0x15 B:0x15 w", seed=4)


def test_board_traits_follow_the_game(board: Any) -> None:
    assert board.position == "W:0x15 B:0x15 w" and board.rules == "kontrar-puff"
    assert board.svg.startswith("<svg") and board.state["svg"] == board.svg
    assert "export default" in str(board._esm) and ".puffteach-widget" in str(board._css)
    board.set_dice(5, 5)
    assert board.dice == [5, 5]
    seen: list[str] = []
    board.observe(lambda change: seen.append(change["new"]), names="position")
    board.move("0/5")
    assert board.position == "W:0x14,5 B:0x15 w" and seen == ["W:0x14,5 B:0x15 w"]
    assert board.undo() and board.position == "W:0x15 B:0x15 w"
    assert board.redo() and board.position == "W:0x14,5 B:0x15 w"
    for m in ("0/5", "0/2", "0/2"):
        board.move(m)
    assert board.history == ["W 5-5: 0/5 0/5 0/2 0/2"]
    assert repr(board) == "Board(rules='kontrar-puff', position='W:0x11,2x2,5x2 B:0x15 b wpasch=1')"
    dice = board.roll()
    assert board.dice == dice and len(dice) == 2


def test_board_refusals_raise_and_show(board: Any) -> None:
    with pytest.raises(ValueError, match="roll the dice first"):
        board.move("0/5")
    assert board.state["error"] and "roll the dice first" in board.message
    assert board.undo() is False and board.redo() is False
    board.set_dice(3, 5)
    why = board.explain("0/5")
    assert not why.legal and why.rule == "P-order"
    with pytest.raises(ValueError, match="P-order"):
        board.move("0/5")
    assert board.position == "W:0x15 B:0x15 w"


def test_board_messages_from_the_front_end(board: Any) -> None:
    # anywidget delivers model.send(...) to the handlers registered with on_msg
    board._on_msg(board, {"type": "set_dice", "dice": [5, 5]}, [])
    board._on_msg(board, {"type": "click", "point": "w0"}, [])
    assert board.state["targets"] == [5]
    board._on_msg(board, {"type": "click", "point": 5}, [])
    assert board.position == "W:0x14,5 B:0x15 w"
    # or by setting the action trait (with a counter so a repeat is a change)
    board.action = {"type": "move", "move": "0/5", "n": 1}
    assert board.position == "W:0x13,5x2 B:0x15 w"


def test_board_position_and_rules_traits_start_new_games(board: Any) -> None:
    import traitlets

    board.position = "W:0x13,5x2 B:0x15 b"
    assert board.state["record"]["start"] == "W:0x13,5x2 B:0x15 b"
    with pytest.raises(traitlets.TraitError, match="14 checkers"):
        board.position = "W:0x14 B:0x15 w"
    assert board.position == "W:0x13,5x2 B:0x15 b"
    board.rules = "gegenpuff"
    assert board.rules == "gegenpuff" and board.state["record"]["opening"]
    with pytest.raises(traitlets.TraitError, match="unknown preset"):
        board.rules = "chess"
    assert board.rules == "gegenpuff"


def test_board_other_methods(board: Any) -> None:
    board.set_dice(5, 5)
    board.move("0/5")
    record = board.record()
    board.new_game()
    assert board.state["record"]["events"] == []
    board.new_game("pierer-contrapuff")
    assert board.rules == "pierer-contrapuff"
    board.load(record)
    assert board.rules == "kontrar-puff" and board.state["replay"]
    board.goto(-1)
    assert board.position == "W:0x14,5 B:0x15 w"
    board.setup("W:0x15 B:0x15 b")
    assert board.position == "W:0x15 B:0x15 b"
    board.view(flip=True, labels="de")
    assert 'data-flip="1"' in board.svg
    with pytest.raises(ValueError, match="labels"):
        board.view(labels="fr")
    assert str(board.game.position) == board.position
    gp = puffteach.Board("kontrar-puff+generalpasch", position="W:0x15 B:0x15 w general=2-4")
    gp.set_dice(2, 4)
    gp.name_pasch(3)
    assert gp.state["remaining"] == [3, 3, 4, 4]
    stuck = "W:0x15 B:0x11,21x2,23x2 w general=2-4"  # the 2 cannot enter: all forfeited
    gp2 = puffteach.Board("kontrar-puff+generalpasch", position=stuck)
    gp2.set_dice(2, 4)
    gp2.end_roll()
    assert gp2.state["to_move"] == "b"


def test_board_brade_actions() -> None:
    """RV 15 one-die rolls, RV 25's re-roll and RV 4a's resignation as Board methods."""
    one = puffteach.Board("brade-standard", position="W:20,24x14 B:1x15 w", seed=2)
    assert len(one.roll(one_die=True)) == 1
    rr = puffteach.Board("brade-standard+25", position="W:1x15 B:1x15 w", seed=2)
    rr.roll()
    assert len(rr.reroll()) == 2 and rr.state["record"]["events"][1] == ["reroll", 1]
    with pytest.raises(ValueError, match="RV 25"):
        rr.reroll()
    rs = puffteach.Board("brade-standard", position="W:1x15 B:1x15 w", seed=2)
    rs.resign()
    assert rs.state["outcome"]["winner"] == "b" and "resigns" in rs.message
