"""One side type and one outcome type everywhere (issue 41, item 4; python-chess's pattern).

Every side the engine hands out is a :class:`puffteach.Color` (a position's side to move, a
record's side, an outcome's winner, RV 11-13's loser), and every outcome's ``kind`` a
:class:`puffteach.Termination` whose value is the name design.md fixes for the JSON.
"""

from __future__ import annotations

import json
import random

import pytest

import puffteach
from puffteach import Color, Game, Outcome, Position, Termination, board, color
from puffteach.outcome import KINDS
from puffteach.rollout import random_game
from puffteach.rules import ALL_PRESETS, rules

DESIGN_KINDS = (  # design.md, "Command line": the outcome names, and RV 11's draw
    "bearoff tower goose hemspel enkelt-kronspel dubbelt-kronspel trappspel uppspel "
    "kejsarspel triangel nio-fem-ett jan sprangjan draw"
).split()


def test_the_types_are_exported() -> None:
    assert {"Color", "Outcome", "Termination"} <= set(puffteach.__all__)
    assert puffteach.Color is color.Color and puffteach.Outcome.__module__ == "puffteach.outcome"


def test_one_definition_of_white_and_black() -> None:
    assert board.WHITE is color.WHITE is Color.WHITE and board.BLACK is color.BLACK
    assert color.OTHER == (Color.BLACK, Color.WHITE)
    assert all(color.OTHER[c] is c.other for c in Color)


def test_termination_values_are_the_design_names() -> None:
    assert [t.value for t in Termination] == DESIGN_KINDS == list(KINDS)
    assert Termination("nio-fem-ett") is Termination.NIO_FEM_ETT
    assert Termination.SPRANGJAN == "sprangjan" and f"{Termination.JAN}" == "jan"
    assert repr(Termination.DRAW) == "Termination.DRAW"


def test_an_outcome_takes_a_name_and_keeps_its_json() -> None:
    o = Outcome(1, "hemspel", 2, munk=True)  # type: ignore[arg-type]
    assert o.winner is Color.BLACK and o.kind is Termination.HEMSPEL is o.termination
    assert json.loads(json.dumps(o.to_json())) == {
        "winner": "b", "kind": "hemspel", "points": 2, "munk": True, "schneider": False,
        "pissmunk": False,
    }  # fmt: skip
    with pytest.raises(ValueError):
        Outcome(Color.WHITE, "checkmate", 1)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_every_side_is_a_color(name: str) -> None:
    rs = rules(name)
    pos, outcome, _ = random_game(rs, random.Random(7))
    assert type(pos.turn) is Color and type(outcome.kind) is Termination
    assert outcome.winner is None or type(outcome.winner) is Color
    g = Game(name, seed=3)
    for _ in range(8):
        if g.is_over():
            break
        g.roll()
        while g.turn is not None and g.legal_moves():
            g.push(g.legal_moves()[0])
        if g.turn is not None:
            break  # a roll that waits for a decision (a generalpasch to name): enough
    assert g.history and all(type(r.side) is Color for r in g.history)
    assert all(type(r.position.turn) is Color for r in g.history)


def test_the_opening_picks_the_side_by_the_rule_sets_reading() -> None:
    puff, brade = rules("kontrar-puff"), rules("brade-standard")
    start = Position.parse("W:0x15 B:0x15 w")
    assert start.turn is Color.WHITE
    assert start.after_opening(puff, 5, 2).turn is Color.WHITE  # the higher die begins (P-start)
    assert start.after_opening(puff, 2, 5).turn is Color.BLACK
    home = Position.parse("W:1x15 B:1x15 w")
    assert home.after_opening(brade, 5, 2).turn is Color.BLACK  # the lower die begins (B-tek)
    assert home.after_opening(brade, 2, 5).turn is Color.WHITE


def test_rv_11_names_the_loser_as_a_color() -> None:
    g = Game("brade-standard+11", position="W:24,25x14 B:23,25x14 w")
    g.set_dice(1, 2)
    g.push("24/off")
    assert g.after_game == (11, Color.BLACK, 1) and type(g.after_game[1]) is Color
    assert g.outcome is not None and g.outcome.kind is Termination.HEMSPEL


def test_the_named_quarters_are_the_quarters() -> None:
    assert [list(q) for q in board.QUARTERS] == [
        list(range(6 * i + 1, 6 * i + 7)) for i in range(4)
    ]  # worked out by hand: 1-6, 7-12, 13-18, 19-24
    assert all(board.quarter(p) == i + 1 for i, q in enumerate(board.QUARTERS) for p in q)
    counts = tuple(range(26))  # each place holds its own number
    assert counts[board.BEFORE_HOME] == tuple(range(19))  # waiting and points 1-18
    assert counts[board.IN_FIRST_QUARTER] == (1, 2, 3, 4, 5, 6)
    assert counts[board.IN_HOME_QUARTER] == (19, 20, 21, 22, 23, 24)
    assert list(board.LAST_HALF) == [*board.THIRD_QUARTER, *board.HOME_QUARTER]
