"""The widget protocol reads records with Game.apply_event, rolls one die when RV 15 demands it,
offers RV 25's re-roll and RV 4a's resignation, shows a draw (RV 11), keeps its Game between
actions (exactly the same states as a replay from the record) and says everything through the
message catalogue.

Records are made by :class:`~puffteach.Game` itself (``Game.dumps()``), so the widget must read
every event a Game writes.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from puffteach import Game
from puffteach.messages import Message, catalogue, placeholders
from puffteach.widget import protocol
from puffteach.widget.protocol import initial_state, step


def ok(state: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    new = step(state, action)
    assert new["error"] is None, new["error"]
    assert json.loads(json.dumps(new)) == new
    return new


def loaded(record: str | dict[str, Any], index: int = -1) -> dict[str, Any]:
    s = initial_state(json.loads(record)["rules"] if isinstance(record, str) else record["rules"])
    return ok(s, {"type": "load", "record": record, "index": index})


# --------------------------------------------------------------------------- records


def test_a_record_with_a_reroll_loads() -> None:
    """RV 25: Game.reroll() writes ["reroll", 1] and the new roll; the board replays both."""
    g = Game("brade-standard+25", position="W:1x15 B:1x15 w", seed=4)
    first = g.roll()
    second = g.reroll()
    g.push(g.legal_moves()[0])
    record = g.dumps()
    assert ["reroll", 1] in json.loads(record)["events"]
    s = loaded(record)
    assert s["position"] == str(g.position) and s["dice"] == list(second)
    assert s["record"]["events"][:3] == [
        ["roll", list(first)],
        ["reroll", 1],
        ["roll", list(second)],
    ]
    s = ok(s, {"type": "replay_goto", "index": 2})
    assert s["dice"] is None and s["can_roll"]  # the refused roll is gone
    s = ok(s, {"type": "redo"})
    assert s["dice"] == list(second) and "redo: roll" in s["message"]
    assert not s["can_reroll"]  # once per game


def test_a_record_with_a_resignation_loads() -> None:
    """RV 4a: the side to move may resign (no band in his third/fourth quarter, janblotta in)
    and loses a hemspel's points."""
    g = Game("brade-standard", position="W:1x15 B:1x15 w")
    g.resign()
    s = loaded(g.dumps())
    assert s["record"]["events"] == [["resign", 1]]
    assert s["outcome"]["winner"] == "b" and s["outcome"]["kind"] == "hemspel"
    assert not s["can_roll"] and not s["can_resign"]


def test_a_record_with_a_one_die_roll_loads() -> None:
    """RV 15: a one-die roll is ["roll", [n]]."""
    g = Game("brade-standard", position="W:1x15 B:1x15 w wonedie=2")
    g.set_dice(4)
    g.push(g.legal_moves()[0])
    s = loaded(g.dumps())
    assert s["record"]["events"][0] == ["roll", [4]]
    assert s["position"] == str(g.position)


def test_a_record_with_a_named_generalpasch_loads() -> None:
    g = Game("kontrar-puff+generalpasch", position="W:0x15 B:0x15 w general=2-4")
    g.set_dice(4, 2)
    g.name_pasch(6)
    g.push("0/6")
    s = loaded(g.dumps())
    assert s["record"]["events"] == [["roll", [4, 2]], ["name", 6], ["move", "0/6"]]
    assert s["roll_name"] == "generalpasch named as 6-6" and s["remaining"] == [6, 6, 1, 1][1:]


def test_bad_events_are_refused_by_the_one_reader() -> None:
    g = Game("kontrar-puff", position="W:0x15 B:0x15 w")
    record = g.record()
    s = initial_state("kontrar-puff", seed=1)
    for bad in (["jump", 1], ["roll", [7, 1]], ["roll", "55"], ["name", 3], "roll", ["move", 5]):
        r = step(s, {"type": "load", "record": {**record, "events": [bad]}})
        assert r["error"] and "event 1" in r["error"], (bad, r["error"])


# --------------------------------------------------------------------------- RV 15, 25, 4a


def test_roll_rolls_one_die_in_a_one_die_series() -> None:
    """RV 15a: a player in a one-die series rolls one die; Roll does that by itself."""
    s = initial_state("brade-standard", "W:1x15 B:1x15 w wonedie=2", seed=3)
    assert s["one_die_due"] and s["can_roll"] and not s["can_roll_one_die"]
    s = ok(s, {"type": "roll"})
    assert len(s["dice"]) == 1 and s["record"]["events"][0][0] == "roll"
    assert len(s["record"]["events"][0][1]) == 1 and "rolls one die" in s["message"]


def test_a_voluntary_one_die_roll_where_rv_15_allows_it() -> None:
    s0 = initial_state("brade-standard", "W:1x15 B:1x15 w", seed=3)
    assert not s0["can_roll_one_die"]
    r = step(s0, {"type": "roll", "one_die": True})
    assert r["error"] and "RV 15" in r["error"]
    r = step(s0, {"type": "roll", "one_die": "yes"})
    assert r["error"] and "true or false" in r["error"]
    # RV 15a / BH: one checker four points from uppspel may roll one die.
    s = initial_state("brade-standard", "W:20,24x14 B:1x15 w", seed=3)
    assert s["can_roll_one_die"] and not s["one_die_due"]
    s = ok(s, {"type": "roll", "one_die": True})
    assert len(s["dice"]) == 1 and "rolls one die" in s["message"]
    g = Game("brade-standard", position="W:20,24x14 B:1x15 w")
    g.set_dice(3)
    g.push("20/23")
    g.set_dice(2, 1)
    g.play(["1/3", "1/2"])
    s = loaded(g.dumps())  # the miss binds White to one die (a series): Roll rolls one
    assert s["one_die_due"] and not s["can_roll_one_die"]
    s = ok(s, {"type": "roll"})
    assert len(s["dice"]) == 1
    t = step(s, {"type": "undo"})
    assert step(t, {"type": "set_dice", "dice": [3, 4]})["error"]


def test_reroll_action() -> None:
    """RV 25: once per game a roll may be refused right after rolling, before moving."""
    s = initial_state("brade-standard+25", "W:1x15 B:1x15 w", seed=5)
    assert not s["can_reroll"]
    r = step(s, {"type": "reroll"})
    assert r["error"] and "RV 25" in r["error"]
    s = ok(s, {"type": "set_dice", "dice": [1, 2]})
    assert s["can_reroll"]
    s = ok(s, {"type": "reroll"})
    assert "refuses the roll 1-2" in s["message"] and "White rolls" in s["message"]
    assert s["record"]["events"][:2] == [["roll", [1, 2]], ["reroll", 1]]
    assert s["record"]["events"][2][0] == "roll" and not s["can_reroll"]
    assert step(s, {"type": "reroll"})["error"]
    # without the code there is no re-roll
    p = ok(initial_state("brade-standard", "W:1x15 B:1x15 w", seed=5), {"type": "roll"})
    assert not p["can_reroll"] and step(p, {"type": "reroll"})["error"]
    # the record the board wrote loads in Game
    assert str(Game.load(s["record"]).position) == s["position"]


def test_resign_action() -> None:
    s = initial_state("brade-standard", "W:1x15 B:1x15 w", seed=5)
    assert s["can_resign"]
    s = ok(s, {"type": "resign"})
    assert s["outcome"]["winner"] == "b" and "White resigns" in s["message"]
    assert "Black wins: hemspel" in s["message"] and not s["can_resign"]
    # RV 4a: not with a band in the third or fourth quarter
    b = initial_state("brade-standard", "W:1x13,20x2 B:1x15 w", seed=5)
    assert not b["can_resign"]
    r = step(b, {"type": "resign"})
    assert r["error"] and "RV 4a" in r["error"]
    # Puff has no resigning
    p = initial_state("kontrar-puff", "W:0x15 B:0x15 w", seed=5)
    assert not p["can_resign"] and step(p, {"type": "resign"})["error"]


def test_a_draw_after_rv_11() -> None:
    """RV 11: when the side that began bears off, the other side gets one more roll; if he
    bears off with it too, the game is drawn (no points)."""
    s = initial_state("brade-standard+11", "W:24,25x14 B:24,25x14 w", seed=1)
    s = ok(s, {"type": "set_dice", "dice": [1, 2]})
    s = ok(s, {"type": "move", "move": "24/off"})
    assert "one more roll" in s["message"] and s["can_roll"] and s["to_move"] == "b"
    s = ok(s, {"type": "set_dice", "dice": [3, 4]})
    s = ok(s, {"type": "move", "move": "24/off"})
    assert s["outcome"] == {
        "winner": None, "kind": "draw", "points": 0, "munk": False, "schneider": False,
        "pissmunk": False,
    }  # fmt: skip
    assert "drawn" in s["message"] and "drawn" in s["history"][-1]
    assert not s["can_roll"]
    r = step(s, {"type": "roll"})
    assert r["error"] and "drawn" in r["error"]
    # replayed from the record: the same
    t = loaded(s["record"])
    assert t["outcome"] == s["outcome"] and t["history"] == s["history"]


# --------------------------------------------------------------------------- incremental


_VOLATILE = ("message", "message_keys", "explanation", "replay", "future", "replay_length")


def _cold(state: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    """The same step with an empty cache (the record replayed)."""
    protocol.clear_cache()
    return step(json.loads(json.dumps(state)), action)


def test_kept_game_gives_the_same_states_as_a_replay() -> None:
    """Every action from a cached game and from a replayed record gives the same state."""
    rng = random.Random(2)
    for rules_ in ("kontrar-puff+generalpasch", "brade-standard+25"):
        s = initial_state(rules_, seed=11)
        for _ in range(150):
            if s["outcome"] and not s["can_roll"]:
                break
            if s["can_roll"]:
                action: dict[str, Any] = {"type": "roll"}
            elif s["can_name_pasch"] and rng.random() < 0.3:
                action = {"type": "name_pasch", "x": rng.randint(1, 6)}
            elif s["can_reroll"] and rng.random() < 0.3:
                action = {"type": "reroll"}
            elif s["can_end_roll"]:
                action = {"type": "end_roll"}
            elif rng.random() < 0.1 and s["can_undo"]:
                action = {"type": "undo"}
            elif rng.random() < 0.05 and s["can_undo"]:
                action = {"type": "replay_goto", "index": rng.randint(0, s["replay_index"])}
            elif s["can_redo"] and rng.random() < 0.3:
                action = {"type": "redo"}
            else:
                action = {"type": "move", "move": rng.choice(s["legal_moves"])}
            warm = step(s, action)
            cold = _cold(s, action)
            assert warm == cold, action
            assert warm["error"] is None, (action, warm["error"])
            s = warm


def test_undo_redo_and_goto_are_exact_with_the_kept_game() -> None:
    g = Game("kontrar-puff", seed=3)
    for _ in range(30):
        g.play_random_roll()
    record = g.record()
    n = len(record["events"])
    s = loaded(record, index=n)
    end = s
    for _ in range(n):
        s = ok(s, {"type": "undo"})
    assert s["position"] == record["start"]
    for _ in range(n):
        s = ok(s, {"type": "redo"})
    assert {k: v for k, v in s.items() if k not in _VOLATILE} == {
        k: v for k, v in end.items() if k not in _VOLATILE
    }
    mid = ok(s, {"type": "replay_goto", "index": n // 2})
    assert mid == _cold(s, {"type": "replay_goto", "index": n // 2})
    assert ok(mid, {"type": "replay_goto", "index": n})["position"] == end["position"]


def test_a_state_from_elsewhere_is_replayed() -> None:
    """A state whose revision is unknown here (another process, an old notebook) works."""
    s = ok(initial_state("kontrar-puff", "W:0x15 B:0x15 w", seed=1), {"type": "roll"})
    stale = {**s, "rev": "not-a-revision"}
    protocol.clear_cache()
    a = ok(stale, {"type": "undo"})
    b = ok(s, {"type": "undo"})
    assert a == b
    old = dict(s)
    del old["rev"]
    assert ok(old, {"type": "undo"}) == b


# --------------------------------------------------------------------------- messages


def test_every_board_sentence_is_a_catalogue_key() -> None:
    # the reducer and every module that registers its actions (widget/*.py but the anywidget)
    here = Path(protocol.__file__).parent
    src = "\n".join(
        f.read_text(encoding="utf-8") for f in sorted(here.glob("*.py")) if f.name != "_board.py"
    )
    # "board.js" and the like are file names, not catalogue keys
    used = {k for k in re.findall(r'"(board\.[a-z_.]+)"', src) if not k.endswith((".js", ".css"))}
    used |= {"board." + k for k in re.findall(r'(?<![\w_])refuse\(\s*"([a-z_]+)"', src)}
    table = {k: v for k, v in catalogue("en").items() if k.startswith("board.")}
    assert used <= set(table), used - set(table)
    assert set(table) <= used, set(table) - used  # no unused keys
    assert not re.search(r'f"[A-Z][a-z]+ [a-z]', src), "a sentence written as an f-string"


def test_message_keys_render_the_message_again() -> None:
    s = initial_state("kontrar-puff", "W:0x15 B:0x11,21x2,23x2 w", seed=1)
    s = ok(s, {"type": "set_dice", "dice": [2, 4]})
    assert s["message_keys"] and "fåta" in s["message"]
    assert " ".join(_from_json(m).text() for m in s["message_keys"]) == s["message"]
    r = step(s, {"type": "move", "move": "0/5"})
    assert [_from_json(m).text() for m in r["message_keys"]] == [r["message"]]
    assert {
        p for k, t in catalogue("en").items() if k.startswith("board.") for p in placeholders(t)
    }


def _from_json(data: Any) -> Any:
    """A Message back from its to_json() form (colours as letters stay letters)."""
    if isinstance(data, dict) and set(data) == {"key", "params"}:
        params = {k: _from_json(v) for k, v in data["params"].items()}
        for k in ("side", "owner"):
            if params.get(k) in ("w", "b"):
                from puffteach.color import Color

                params[k] = Color.parse(params[k])
        return Message.of(data["key"], **params)
    return data
