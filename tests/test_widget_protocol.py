"""The widget protocol (puffteach.widget.protocol): every action and every refusal.

Pure functions of JSON, so no anywidget and no browser are needed. Expected positions are worked
out by hand from the rules the engine already tests (LT for konträr puff: entering on the
die's point, pasch order 5 5 2 2, bands block, the lower die first).
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from puffteach import Game
from puffteach.widget import protocol
from puffteach.widget.protocol import initial_state, step

KP = "kontrar-puff"
START = "W:0x15 B:0x15 w"


def ok(state: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    """Apply an action that must succeed; check the input state was not changed."""
    before = copy.deepcopy(state)
    new = step(state, action)
    assert state == before, "step must not change its input"
    assert new["error"] is None, new["error"]
    assert json.loads(json.dumps(new)) == new, "a state is plain JSON"
    return new


def refused(state: dict[str, Any], action: Any, *words: str) -> dict[str, Any]:
    """Apply an action that must be refused: same state, with the reason as error and message."""
    new = step(state, action)
    assert new["error"], f"expected a refusal of {action!r}"
    assert new["message"] == new["error"]
    for w in words:
        assert w in new["error"], (w, new["error"])
    said = ("error", "message", "message_keys", "explanation")
    rest = {k: v for k, v in new.items() if k not in said}
    assert rest == {k: v for k, v in state.items() if k not in said}
    return new


def fresh(position: str = START, rules: str = KP, **view: Any) -> dict[str, Any]:
    return initial_state(rules, position=position, seed=7, **view)


# --------------------------------------------------------------------------- initial state


def test_initial_state_is_json_with_an_interactive_drawing() -> None:
    s = fresh()
    assert json.loads(json.dumps(s)) == s
    assert s["rules"] == KP and s["position"] == START and s["to_move"] == "w"
    assert s["players"] == {"w": "human", "b": "human"}
    assert s["can_roll"] and not s["can_undo"] and not s["can_redo"]
    assert s["svg"].startswith("<svg") and 'data-point="24"' in s["svg"]
    assert 'role="button"' in s["svg"] and 'data-pool="w0"' in s["svg"]
    assert s["record"]["start"] == START and s["record"]["events"] == []


def test_initial_state_from_the_start_rolls_a_seeded_opening() -> None:
    a = initial_state(KP, seed=3)
    b = initial_state(KP, seed=3)
    assert a == b
    assert a["record"]["opening"] is not None
    w, bl = a["record"]["opening"]
    assert w != bl and "Opening roll" in a["message"]
    assert a["to_move"] == ("w" if w > bl else "b")  # LT: the higher die starts


def test_initial_state_view_options_and_bad_input() -> None:
    s = fresh(view="black", flip=True, arrows=True, labels="sv", size=400)  # labels: lang's alias
    assert s["view"] == {"view": "black", "flip": True, "arrows": True, "lang": "sv", "size": 400}
    assert 'data-view="black"' in s["svg"] and 'data-flip="1"' in s["svg"]
    with pytest.raises(ValueError, match="unknown preset"):
        initial_state("no-such-game")
    with pytest.raises(ValueError, match="checkers"):
        initial_state(KP, position="W:0x14 B:0x15 w")
    with pytest.raises(ValueError, match="view must be one of"):
        initial_state(KP, view="sideways")


def test_unknown_and_malformed_actions_are_refused() -> None:
    s = fresh()
    refused(s, {"type": "castle"}, "unknown action 'castle'", "roll")
    refused(s, {}, "unknown action None")
    refused(s, "roll", "an action is a dict")
    assert set(protocol.actions()) >= {
        "roll", "set_dice", "select", "move", "click", "name_pasch", "end_roll", "undo", "redo",
        "new_game", "load", "replay_goto", "setup_toggle", "setup_place", "setup_remove",
        "set_position", "view", "players",
    }  # fmt: skip


# --------------------------------------------------------------------------- dice


def test_set_dice_shows_the_moves_due_in_order() -> None:
    # LT P-pasch-1: a first pasch 5-5 moves 5, 5, then the bottom faces 2, 2.
    s = ok(fresh(), {"type": "set_dice", "dice": [5, 5]})
    assert s["dice"] == [5, 5] and s["remaining"] == [5, 5, 2, 2]
    assert [d["status"] for d in s["dice_view"]] == ["due"] * 4
    assert s["roll_name"] == "5-5" and s["legal_moves"] == ["0/5"]
    assert not s["can_roll"] and "White rolls 5-5" in s["message"]
    assert 'class="dice"' in s["svg"]


def test_set_dice_refusals() -> None:
    s = fresh()
    refused(s, {"type": "set_dice", "dice": [7, 1]}, "faces 1-6")
    refused(s, {"type": "set_dice", "dice": "55"}, "faces 1-6")
    refused(s, {"type": "set_dice", "dice": [True, 2]}, "faces 1-6")
    refused(s, {"type": "set_dice", "dice": [5]}, "two dice")  # Puff has no one-die rolls
    s = ok(s, {"type": "set_dice", "dice": [5, 5]})
    refused(s, {"type": "set_dice", "dice": [1, 2]}, "still being moved")
    refused(s, {"type": "roll"}, "still being moved")


def test_roll_is_seeded_and_reproducible() -> None:
    a = ok(fresh(), {"type": "roll"})
    b = ok(fresh(), {"type": "roll"})
    assert a["dice"] == b["dice"] and a["rolls"] == 1
    assert all(1 <= d <= 6 for d in a["dice"])
    assert a["record"]["events"] == [["roll", a["dice"]]]


# --------------------------------------------------------------------------- moving


def test_move_by_notation_and_the_dice_marked_used() -> None:
    s = ok(fresh(), {"type": "set_dice", "dice": [5, 5]})
    s = ok(s, {"type": "move", "move": "0/5"})
    assert s["position"] == "W:0x14,5 B:0x15 w"
    assert [d["status"] for d in s["dice_view"]] == ["used", "due", "due", "due"]
    assert s["remaining"] == [5, 2, 2]
    assert "enters a checker with the 5 on point 5" in s["message"]
    assert s["explanation"]["legal"] is True and s["last_to"] == 5
    assert 'class="last-move"' in s["svg"]
    for m in ("0/5", "0/2", "0/2"):
        s = ok(s, {"type": "move", "move": m})
    assert s["position"] == "W:0x11,2x2,5x2 B:0x15 b wpasch=1"
    assert s["history"] == ["W 5-5: 0/5 0/5 0/2 0/2"] and s["can_roll"]
    assert [d["status"] for d in s["dice_view"]] == ["used"] * 4  # the last roll stays visible


def test_move_by_points_and_pools() -> None:
    s = ok(fresh(), {"type": "set_dice", "dice": [5, 5]})
    s = ok(s, {"type": "move", "from": "w0", "to": 5})
    assert s["position"] == "W:0x14,5 B:0x15 w"


def test_move_refusals_cite_the_rule() -> None:
    s = fresh()
    r = refused(s, {"type": "move", "move": "0/5"}, "roll the dice first")
    assert r["explanation"]["legal"] is False and r["explanation"]["rule"]
    s = ok(s, {"type": "set_dice", "dice": [3, 5]})
    # LT P-order: the lower die first.
    r = refused(s, {"type": "move", "move": "0/5"}, "lower die must be moved first", "P-order")
    assert r["explanation"]["rule"] == "P-order" and r["explanation"]["source"] == "LT"
    refused(s, {"type": "move", "move": "5/3"}, "only move forward")
    refused(s, {"type": "move", "move": "banana"}, "bad move")
    refused(s, {"type": "move", "move": 35}, "from/to")
    refused(s, {"type": "move", "from": "b0", "to": 3}, "Black's")
    refused(s, {"type": "move", "from": 30, "to": 3}, "a point is 1-24")


def test_a_hit_is_announced() -> None:
    # Black has a blot on his point 22 = White's point 3 (konträr: 25 - 22).
    s = fresh("W:0x15 B:0x14,22 w")
    s = ok(s, {"type": "set_dice", "dice": [3, 4]})
    s = ok(s, {"type": "move", "move": "0/3"})
    assert "hitting Black's blot" in s["message"]
    assert s["record"]["events"][-1] == ["move", "0/3*"]
    assert s["position"].startswith("W:0x14,3 B:0x15")


def test_forfeit_is_called_fata() -> None:
    # Black bands on his 21 and 23 = White's 4 and 2: White's 2-4 cannot enter the 2 (P-order:
    # the lower die cannot be moved, the whole roll is forfeited).
    s = fresh("W:0x15 B:0x11,21x2,23x2 w")
    s = ok(s, {"type": "set_dice", "dice": [2, 4]})
    assert "fåta" in s["message"] and "forfeited" in s["message"]
    assert [d["status"] for d in s["dice_view"]] == ["forfeited", "forfeited"]
    assert s["history"] == ["W 2-4: – (fåta 2 4)"] and s["to_move"] == "b"


def test_outcome_with_kind_and_points() -> None:
    # LT P-win: Black still has checkers waiting, so the win is treble (schneider).
    s = fresh("W:24,25x14 B:0x15 w")
    s = ok(s, {"type": "set_dice", "dice": [1, 2]})
    s = ok(s, {"type": "move", "move": "24/off"})
    assert s["outcome"] == {
        "winner": "w", "kind": "bearoff", "points": 3, "munk": False, "schneider": True,
        "pissmunk": False,
    }  # fmt: skip
    assert "White wins: bearing off, 3 points (schneider)" in s["message"]
    assert not s["can_roll"]
    refused(s, {"type": "roll"}, "White wins")
    refused(s, {"type": "click", "point": 3}, "White wins")
    refused(s, {"type": "select", "point": 3}, "White wins")


# --------------------------------------------------------------------------- clicking


def test_click_select_shows_targets_then_moves() -> None:
    s = ok(fresh(), {"type": "set_dice", "dice": [5, 5]})
    s = ok(s, {"type": "click", "point": "w0"})
    assert s["selected"] == {"point": "w0", "from": 0}
    assert s["targets"] == [5]
    assert 'data-pool="w0"' in s["svg"] and 'data-target="1"' in protocol.drawing(s)
    s = ok(s, {"type": "click", "point": 5})
    assert s["position"] == "W:0x14,5 B:0x15 w" and s["selected"] is None and s["targets"] == []


def test_click_for_black_uses_physical_points() -> None:
    # konträr puff: Black's path point p is physical point 25 - p.
    s = ok(fresh("W:0x15 B:0x15 b"), {"type": "set_dice", "dice": [3, 4]})
    s = ok(s, {"type": "click", "point": "b0"})
    assert s["targets"] == [22]
    s = ok(s, {"type": "click", "point": 22})
    assert s["position"] == "W:0x15 B:0x14,3 b"


def test_click_same_point_deselects_and_other_checker_reselects() -> None:
    s = ok(fresh("W:0x13,3,10 B:0x15 w"), {"type": "set_dice", "dice": [1, 2]})
    s = ok(s, {"type": "click", "point": "w0"})
    s = ok(s, {"type": "click", "point": "w0"})
    assert s["selected"] is None and s["targets"] == []
    s = ok(s, {"type": "click", "point": "w0"})
    s = ok(s, {"type": "select", "point": None})
    assert s["selected"] is None


def test_click_forbidden_point_explains_with_rule_and_source() -> None:
    # Black's band on his 20 = White's 5; with 1-5 the lower die is due first (LT P-order).
    s = ok(fresh("W:0x15 B:0x13,20x2 w"), {"type": "set_dice", "dice": [1, 5]})
    s = ok(s, {"type": "click", "point": "w0"})
    assert s["targets"] == [1]
    r = refused(s, {"type": "click", "point": 5}, "lower die", "P-order")
    assert r["selected"] == s["selected"]  # the selection stays
    r = refused(s, {"type": "click", "point": 7}, "no die left", "P-dice")
    assert r["explanation"]["source"] == "LT" and r["explanation"]["section"]


def test_click_a_checker_blocked_by_a_band_explains_no_landing() -> None:
    # Black's band on his 19 = White's 6. With 5-6 the 5 is due: 1/6 lands on the band
    # (LT P-land), 2/7 is free.
    s = ok(fresh("W:1,2,25x13 B:0x13,19x2 w"), {"type": "set_dice", "dice": [5, 6]})
    r = refused(s, {"type": "click", "point": 1}, "band on your point 6", "P-land")
    assert r["explanation"]["rule"] == "P-land" and r["selected"] is None
    s = ok(s, {"type": "click", "point": 2})
    assert s["targets"] == [7]


def test_click_stuck_checker_and_backward_target() -> None:
    # White has waiting checkers: the checker on 10 may not move (LT P-enter).
    s = ok(fresh("W:0x14,10 B:0x15 w"), {"type": "set_dice", "dice": [1, 2]})
    r = refused(s, {"type": "click", "point": 10}, "enter", "P-enter")
    assert r["explanation"]["rule"] == "P-enter"
    # A backward target is a syntax refusal, without a rule.
    s = ok(fresh("W:3,10,25x13 B:0x15 w"), {"type": "set_dice", "dice": [1, 2]})
    s = ok(s, {"type": "click", "point": 3})
    r = refused(s, {"type": "click", "point": 2}, "only move forward")
    assert r["explanation"] is None
    refused(s, {"type": "click", "point": "b25"}, "Black's")


def test_click_refusals_before_a_roll_and_on_the_opponent() -> None:
    s = fresh()
    r = refused(s, {"type": "click", "point": "w0"}, "roll the dice first")
    assert r["explanation"]["rule"]
    s = ok(s, {"type": "set_dice", "dice": [1, 2]})
    refused(s, {"type": "click", "point": "b0"}, "first click one of White's checkers")
    refused(s, {"type": "select", "point": "b0"}, "select one of White's checkers")
    refused(s, {"type": "click", "point": 0}, "a point is 1-24")
    refused(s, {"type": "click", "point": "w7"}, "a point is 1-24")
    refused(s, {"type": "click"}, "a point is 1-24")


def test_bearing_off_target_is_the_pool() -> None:
    s = ok(fresh("W:22,24,25x13 B:0x15 w"), {"type": "set_dice", "dice": [3, 4]})
    s = ok(s, {"type": "click", "point": 22})
    assert s["targets"] == ["w25"]
    s = ok(s, {"type": "click", "point": "w25"})
    assert s["position"].startswith("W:24,25x14 ")


# --------------------------------------------------------------------------- generalpasch


GENERAL = "kontrar-puff+generalpasch"


def test_name_pasch() -> None:
    s = fresh("W:0x15 B:0x15 w general=2-4", GENERAL)
    s = ok(s, {"type": "set_dice", "dice": [4, 2]})
    assert s["can_name_pasch"] and "name a pasch" in s["message"]
    refused(s, {"type": "name_pasch", "x": 9}, "face 1-6")
    refused(s, {"type": "name_pasch"}, "face 1-6")
    s = ok(s, {"type": "name_pasch", "x": 6})
    assert s["remaining"] == [6, 6, 1, 1] and s["roll_name"] == "generalpasch named as 6-6"
    assert not s["can_name_pasch"]
    refused(s, {"type": "name_pasch", "x": 3}, "only right after rolling the generalpasch")


def test_end_roll_of_a_forfeited_generalpasch() -> None:
    # The 2 cannot enter (band on White's 2 = Black's 23): the roll as rolled is all forfeited,
    # but White could still name a pasch, so the roll waits for end_roll.
    s = fresh("W:0x15 B:0x11,21x2,23x2 w general=2-4", GENERAL)
    refused(s, {"type": "end_roll"}, "no finished roll")
    s = ok(s, {"type": "set_dice", "dice": [2, 4]})
    assert s["can_end_roll"] and s["can_name_pasch"] and "end the roll" in s["message"]
    s = ok(s, {"type": "end_roll"})
    assert s["to_move"] == "b" and "fåta" in s["message"]
    assert s["record"]["events"][-1] == ["end", None]
    # the record with its end event rebuilds, and undo/redo pass over it
    assert protocol.rebuild(s).position.turn == 1
    s = ok(s, {"type": "undo"})
    assert s["can_end_roll"]
    s = ok(s, {"type": "redo"})
    assert s["to_move"] == "b"


# --------------------------------------------------------------------------- undo, redo


def test_undo_redo() -> None:
    s = fresh()
    refused(s, {"type": "undo"}, "nothing to undo")
    refused(s, {"type": "redo"}, "nothing to redo")
    s = ok(s, {"type": "set_dice", "dice": [5, 5]})
    s = ok(s, {"type": "move", "move": "0/5"})
    s = ok(s, {"type": "undo"})
    assert s["position"] == START and s["remaining"] == [5, 5, 2, 2] and s["can_redo"]
    assert "undo: move 0/5" in s["message"]
    s = ok(s, {"type": "undo"})
    assert s["can_roll"] and s["dice"] is None
    s = ok(s, {"type": "redo"})
    s = ok(s, {"type": "redo"})
    assert s["position"] == "W:0x14,5 B:0x15 w" and not s["can_redo"]
    s = ok(s, {"type": "undo"})
    s = ok(s, {"type": "move", "move": "0/5"})  # a new event drops what was undone
    assert not s["can_redo"] and s["future"] == []


# --------------------------------------------------------------------------- games and records


def test_new_game() -> None:
    s = ok(fresh(), {"type": "set_dice", "dice": [5, 5]})
    n = ok(s, {"type": "new_game"})
    assert n["record"]["events"] == [] and n["record"]["opening"] and n["rules"] == KP
    g = ok(s, {"type": "new_game", "rules": "gegenpuff"})
    assert g["rules"] == "gegenpuff"
    p = ok(s, {"type": "new_game", "position": "W:0x15 B:0x15 b"})
    assert p["position"] == "W:0x15 B:0x15 b"
    refused(s, {"type": "new_game", "rules": "chess"}, "unknown preset")
    refused(s, {"type": "new_game", "rules": 3}, "preset")
    refused(s, {"type": "new_game", "position": 3}, "position is written")


def test_set_position() -> None:
    s = ok(fresh(), {"type": "set_position", "position": "W:0x13,5x2 B:0x15 b"})
    assert s["position"] == "W:0x13,5x2 B:0x15 b" and s["record"]["start"] == s["position"]
    refused(s, {"type": "set_position", "position": "W:0x14 B:0x15"}, "14 checkers")
    refused(s, {"type": "set_position", "position": "W:0x14,4 B:0x14,21"}, "both colours")
    refused(s, {"type": "set_position"}, "position is written")


def _played() -> tuple[dict[str, Any], dict[str, Any]]:
    g = Game(KP, position=START)
    g.set_dice(5, 5)
    g.play(["0/5", "0/5", "0/2", "0/2"])
    g.set_dice(1, 3)
    g.play(["0/1", "0/3"])
    return g.record(), {"position": str(g.position)}


def test_load_and_replay() -> None:
    record, end = _played()
    s = ok(fresh(), {"type": "load", "record": record})
    assert s["replay"] and s["replay_index"] == 0 and s["replay_length"] == 8
    assert s["position"] == START and s["can_redo"]
    s = ok(s, {"type": "replay_goto", "index": 8})
    assert s["position"] == end["position"] and s["replay_index"] == 8
    s = ok(s, {"type": "replay_goto", "index": 1})
    assert s["remaining"] == [5, 5, 2, 2] and s["message"] == "Event 1 of 8."
    s = ok(s, {"type": "redo"})
    assert s["replay_index"] == 2 and s["position"] == "W:0x14,5 B:0x15 w"
    refused(s, {"type": "replay_goto", "index": 9}, "out of range 0-8")
    refused(s, {"type": "replay_goto", "index": "x"}, "whole number")
    # loading JSON text, at the end (-1)
    t = ok(fresh(), {"type": "load", "record": json.dumps(record), "index": -1})
    assert t["position"] == end["position"]
    # playing on from the middle leaves the replay
    u = ok(s, {"type": "move", "move": "0/5"})
    assert (
        not u["replay"] and u["replay_length"] == 3 and u["message"].startswith("Left the replay")
    )
    assert "enters a checker" in u["message"]


def test_load_refusals() -> None:
    s = fresh()
    refused(s, {"type": "load", "record": "{not json"}, "must be JSON")
    refused(s, {"type": "load", "record": {"format": "other"}}, "not a puffteach game record")
    record, _ = _played()
    bad = {**record, "events": [["roll", [5, 5]], ["move", "0/6"]]}
    refused(s, {"type": "load", "record": bad}, "event 2")
    refused(s, {"type": "load", "record": {**record, "events": "x"}}, "events are a list")
    refused(s, {"type": "load", "record": record, "index": 99}, "out of range")


# --------------------------------------------------------------------------- set-up mode


def test_setup_compose_a_position() -> None:
    s = fresh()
    refused(s, {"type": "setup_place", "point": 3}, "set-up mode on first")
    refused(s, {"type": "setup_toggle", "on": False}, "not on")
    s = ok(s, {"type": "setup_toggle", "on": True})
    assert s["setup"] == {"position": START, "tool": "w"} and not s["can_roll"]
    s = ok(s, {"type": "setup_place", "point": 6, "side": "w"})
    assert s["position"] == "W:0x14,6 B:0x15 w"  # notation updates live
    s = ok(s, {"type": "click", "point": 6})  # the tool is White: another one there
    assert s["position"] == "W:0x13,6x2 B:0x15 w"
    s = ok(s, {"type": "setup_toggle", "on": True, "tool": "b", "turn": "b"})
    s = ok(s, {"type": "click", "point": 20})  # Black's point 5 (konträr)
    assert s["position"] == "W:0x13,6x2 B:0x14,5 b"
    s = ok(s, {"type": "setup_place", "point": "w25", "side": "w"})
    assert s["position"] == "W:0x12,6x2,25 B:0x14,5 b"
    s = ok(s, {"type": "setup_toggle", "on": True, "tool": "remove"})
    s = ok(s, {"type": "click", "point": 6})
    s = ok(s, {"type": "setup_remove", "point": "w25"})
    assert s["position"] == "W:0x14,6 B:0x14,5 b"
    refused(s, {"type": "roll"}, "finish the set-up first")
    refused(s, {"type": "undo"}, "finish the set-up first")
    s = ok(s, {"type": "setup_toggle", "on": False})
    assert s["setup"] is None and s["record"]["start"] == "W:0x14,6 B:0x14,5 b"
    assert s["record"]["events"] == [] and s["can_roll"] and s["to_move"] == "b"


def test_setup_refusals() -> None:
    s = ok(fresh(), {"type": "setup_toggle", "on": True})
    s = ok(s, {"type": "setup_place", "point": 4, "side": "w"})
    # konträr: White's 4 is Black's 21, the same physical point
    refused(s, {"type": "setup_place", "point": 4, "side": "b"}, "cannot hold both colours")
    refused(s, {"type": "setup_place", "point": 4, "side": "x"}, "side 'w' or 'b'")
    refused(s, {"type": "setup_place", "point": "b25", "side": "w"}, "White's checkers")
    refused(s, {"type": "setup_place", "point": "w0", "side": "w"}, "White's checkers")
    refused(s, {"type": "setup_place", "point": 25, "side": "w"}, "a point is 1-24")
    refused(s, {"type": "setup_remove", "point": 9}, "no checker on point 9")
    refused(s, {"type": "setup_remove", "point": "w0"}, "wait to enter")
    refused(s, {"type": "setup_remove", "point": "b25"}, "no checker borne off")
    refused(s, {"type": "setup_toggle", "on": True, "tool": "pen"}, "set-up tool")
    refused(s, {"type": "setup_toggle", "on": True, "turn": "x"}, "side to move")
    full = ok(fresh("W:3x15 B:0x15 w"), {"type": "setup_toggle", "on": True})
    refused(full, {"type": "setup_place", "point": 5, "side": "w"}, "all 15 of White's")


def test_setup_from_the_middle_of_a_roll_uses_the_roll_start() -> None:
    s = ok(fresh(), {"type": "set_dice", "dice": [5, 5]})
    s = ok(s, {"type": "move", "move": "0/5"})
    s = ok(s, {"type": "setup_toggle"})  # no "on": toggles
    assert s["position"] == START


# --------------------------------------------------------------------------- view and players


def test_view_options() -> None:
    s = ok(fresh(), {"type": "view", "flip": True, "arrows": True, "view": "white"})
    assert s["view"]["flip"] and 'class="path-arrow"' in s["svg"] and 'data-flip="1"' in s["svg"]
    s = ok(s, {"type": "view", "labels": "de"})
    assert "Weiß" in s["svg"] or "weiß" in s["svg"].lower()
    # the board speaks German now, refusals included
    refused(s, {"type": "view", "labels": "fr"}, "labels muss eines von en, sv, de sein")
    refused(s, {"type": "view", "flip": "yes"}, "flip muss true oder false sein")
    s = ok(s, {"type": "view", "lang": "en"})
    assert s["view"]["lang"] == "en" and "labels" not in s["view"]
    refused(s, {"type": "view", "lang": "fr"}, "lang must be one of en, sv, de")
    refused(s, {"type": "view", "flip": "yes"}, "flip must be true or false")
    refused(s, {"type": "view", "size": 5}, "size must be")
    refused(s, {"type": "view", "colour": "red"}, "unknown view option")


def test_players_and_the_computer_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    s = fresh()
    refused(s, {"type": "players", "b": "deep-puff"}, "unknown player 'deep-puff'")
    with pytest.raises(ValueError):
        protocol.register_player("human", lambda st: None)

    def first_legal(st: dict[str, Any]) -> dict[str, Any] | None:
        if st["can_roll"]:
            return {"type": "set_dice", "dice": [1, 2]}
        if st["can_end_roll"]:
            return {"type": "end_roll"}
        return {"type": "move", "move": st["legal_moves"][0]}

    monkeypatch.setattr(protocol, "PLAYERS", {})
    protocol.register_player("first", first_legal)
    s = ok(s, {"type": "players", "b": "first"})
    assert s["players"] == {"w": "human", "b": "first"}
    s = ok(s, {"type": "set_dice", "dice": [5, 6]})
    s = ok(s, {"type": "move", "move": "0/5"})
    s = ok(s, {"type": "move", "move": "0/6"})
    # Black (the hook) rolled 1-2 and entered both; White is to move again.
    assert s["to_move"] == "w" and s["history"][-1] == "B 1-2: 0/1 0/2"

    def bad(st: dict[str, Any]) -> dict[str, Any]:
        return {"type": "move", "move": "0/6"}

    protocol.register_player("bad", bad)
    s = ok(s, {"type": "players", "b": "bad"})
    s = ok(s, {"type": "set_dice", "dice": [3, 4]})
    s = ok(s, {"type": "move", "move": "0/3"})
    s2 = step(s, {"type": "move", "move": "0/4"})
    assert s2["error"] and "roll the dice first" in s2["error"]  # the hook's refusal shows


def test_janblotta_is_shown_when_it_comes_out() -> None:
    """B-jan teaching aid: the board says when the seventh blot leaves the home (BH, Jan)."""
    from puffteach.widget.protocol import initial_state, step

    # White has five checkers out of the home; the sixth out while the home band still stands
    # is the janblotta.
    s = initial_state("brade-standard", "W:1x10,2,3,4,5,12 B:1x15 w")
    s = step(s, {"type": "set_dice", "dice": [1, 6]})
    s = step(s, {"type": "move", "move": "1/7"})
    s = step(s, {"type": "move", "move": "7/8"})
    assert "janblotta" in s["message"]
