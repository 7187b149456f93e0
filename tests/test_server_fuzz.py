"""Hostile clients (issue 42): a hypothesis state machine of WebSocket clients sending
well-formed and malformed messages to a real class server. The server never crashes, every
refusal is a clear one-line message with a catalogue key, and every game stays legal: its
stored steps rebuild, with the engine, to the stored record."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

pytest.importorskip("starlette")

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from tests.classserver import (
    APPS,
    WS,
    choose,
    create_class,
    join,
    pupil,
    server_thread,
    table_msg,
    teacher,
)
from tests.test_server import check_table_legal

JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
TYPES = st.sampled_from(
    [
        "act",
        "view",
        "pair",
        "pair_random",
        "round_robin",
        "next_round",
        "start",
        "stop",
        "watch",
        "review",
        "settings",
        "remove_pupil",
        "hello",
        "nonsense",
        "",
        None,
        3,
    ]
)
ACTIONS = st.sampled_from(
    [
        "roll",
        "move",
        "click",
        "select",
        "undo",
        "redo",
        "set_dice",
        "new_game",
        "load",
        "players",
        "setup_toggle",
        "view",
        "resign",
        "reroll",
        "name_pasch",
        "end_roll",
        "hint",
        "tutor",
        "odds",
        "review",
    ]
)


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = f"sqlite:///{tmp_path_factory.mktemp('fuzz')}/classes.sqlite3"
    from puffteach.server.app import Limits

    lots = (1000.0, 1000.0)
    with server_thread(db, limits=Limits(lots, lots, lots, lots)) as url:
        yield url


def clear(msg: dict[str, Any]) -> None:
    assert msg["key"].startswith("server.error."), msg
    assert msg["message"] and "\n" not in msg["message"] and len(msg["message"]) < 400, msg


class Hostile(RuleBasedStateMachine):
    base = ""

    def __init__(self) -> None:
        super().__init__()
        self.cls = create_class(self.base, match_length=2)
        self.t = teacher(self.base, self.cls)
        self.who = [join(self.base, self.cls["code"], n) for n in ("A", "B")]
        self.t.send({"type": "pair", "w": self.who[0]["pupil_id"], "b": self.who[1]["pupil_id"]})
        self.p = [pupil(self.base, self.cls, w) for w in self.who]
        self.last = [p.until(table_msg) for p in self.p]
        self.table = self.last[0]["table"]["id"]
        self.rng = random.Random(0)
        self.errors: list[dict[str, Any]] = []
        self.n = 0

    def teardown(self) -> None:
        for c in (self.t, *self.p):
            c.close()

    def current(self) -> dict[str, Any]:
        return max((p.last_table for p in self.p if p.last_table), key=lambda m: m["rev"])

    def mover(self) -> tuple[int, dict[str, Any]]:
        m = self.current()
        side = m["state"]["to_move"]
        return (0 if side == "w" else 1), m

    def reply(self, c: WS, after: int) -> dict[str, Any]:
        msg = c.until(lambda m: m.get("type") == "error" or table_msg(m, after))
        if msg["type"] == "error":
            clear(msg)
            self.errors.append(msg)
        return msg

    def sync(self, c: WS) -> list[dict[str, Any]]:
        """What ``c`` received until the server answered a barrier sent now (it reads one
        connection's messages in order, so everything sent before is done with); every
        refusal among them is clear."""
        self.n += 1
        barrier = f"sync-{self.n}"
        seen = len(c.seen)
        c.send({"type": "nonsense", "id": barrier})
        c.until(lambda m: m.get("ref") == barrier, 60)
        got = c.seen[seen:-1]
        for m in got:
            if m.get("type") == "error":
                clear(m)
        return got

    def reconnect(self, i: int) -> None:
        self.p[i].close()
        self.p[i] = pupil(self.base, self.cls, self.who[i])
        self.p[i].until(table_msg)

    @rule()
    def legal_step(self) -> None:
        i, m = self.mover()
        if m["table"]["status"] != "playing":
            return
        self.p[i].send(
            {
                "type": "act",
                "table": self.table,
                "rev": m["rev"],
                "action": choose(m["state"], self.rng),
            }
        )
        got = self.reply(self.p[i], m["rev"])
        assert got["type"] == "table", got  # a legal step is never refused

    @rule(shift=st.integers(-3, 3).filter(bool))
    def stale_revision(self, shift: int) -> None:
        i, m = self.mover()
        rev = m["rev"] + shift if m["rev"] + shift >= 0 else m["rev"] - shift
        self.p[i].send({"type": "act", "table": self.table, "rev": rev, "action": {"type": "roll"}})
        got = self.reply(self.p[i], m["rev"])
        assert got["type"] == "error"

    @rule(action=ACTIONS)
    def wrong_seat(self, action: str) -> None:
        i, m = self.mover()
        other = self.p[1 - i]
        other.send(
            {"type": "act", "table": self.table, "rev": m["rev"], "action": {"type": action}}
        )
        got = self.reply(other, m["rev"])
        assert got["type"] == "error"
        assert got["key"] in (
            "server.error.not_your_turn",
            "server.error.not_allowed",
            "server.error.finished",
            "server.error.hints_off",
            "server.error.stopped",
        )

    @rule(
        action=ACTIONS,
        extra=st.dictionaries(
            st.sampled_from(["move", "x", "point", "dice", "record", "w", "on"]),
            JSONISH,
            max_size=2,
        ),
    )
    def any_action(self, action: str, extra: dict[str, Any]) -> None:
        i, m = self.mover()
        self.p[i].send(
            {
                "type": "act",
                "table": self.table,
                "rev": m["rev"],
                "action": {**extra, "type": action},
            }
        )
        private = action in ("hint", "tutor", "odds")  # (answered at the same revision)
        if private:  # (not a public message of this revision still unread on this socket)
            got = self.p[i].until(
                lambda m: m.get("type") == "error" or m.get("type") == "table" and m.get("private")
            )
            if got["type"] == "error":
                clear(got)
                self.errors.append(got)
        else:
            got = self.reply(self.p[i], m["rev"])
        if got["type"] == "table" and not got.get("private"):
            assert action in (
                "roll",
                "move",
                "click",
                "select",
                "undo",
                "resign",
                "reroll",
                "name_pasch",
                "end_roll",
            ), action

    @rule(
        kind=TYPES,
        body=st.dictionaries(st.text(max_size=8), JSONISH, max_size=4),
        who=st.integers(0, 1),
    )
    def pupil_sends_anything(self, kind: Any, body: dict[str, Any], who: int) -> None:
        self.p[who].send({**body, "type": kind})
        self.sync(self.p[who])

    @rule(
        raw=st.one_of(
            st.text(max_size=50),
            st.binary(max_size=50),
            st.just("[" * 5000),
            st.just('{"type": "act"'),
            st.just("null"),
        )
    )
    def garbage(self, raw: Any) -> None:
        self.p[0].send_raw(raw)
        assert any(m.get("type") == "error" for m in self.sync(self.p[0]))

    @rule()
    def huge_frame(self) -> None:
        c = WS(self.base, None)
        c.send_raw(json.dumps({"type": "hello", "pad": "x" * 17000}))
        clear(c.type("error"))
        c.close()

    @rule(kind=st.sampled_from(["pair_random", "stop", "start", "round_robin", "remove_pupil"]))
    def pupil_token_as_teacher(self, kind: str) -> None:
        c = WS(
            self.base,
            {
                "type": "hello",
                "role": "teacher",
                "class": self.cls["class_id"],
                "token": self.who[0]["token"],
            },
        )
        got = c.type("error")
        clear(got)
        assert got["key"] == "server.error.bad_token"
        c.close()
        self.p[1].send({"type": kind, "table": self.table, "pupil_id": self.who[0]["pupil_id"]})
        assert self.p[1].type("error")["key"] == "server.error.teacher_only"

    @rule(
        name=st.text(min_size=0, max_size=30)
        | st.sampled_from(["<script>alert(1)</script>", "<img src=x onerror=1>", "=1+1"])
    )
    def join_with_any_name(self, name: str) -> None:
        r = httpx.post(self.base + "/api/join", json={"code": self.cls["code"], "name": name})
        assert r.status_code in (200, 400, 409, 429), r.text
        assert "<" not in r.text
        if r.status_code != 200:
            clear(r.json()["error"])

    @rule(
        kind=st.sampled_from(
            [
                "stop",
                "start",
                "watch",
                "unwatch",
                "review",
                "settings",
                "next_round",
                "pair_random",
                "round_robin",
                "pair",
                "view",
                "act",
                "hello",
            ]
        ),
        body=st.dictionaries(
            st.sampled_from(["table", "game_no", "index", "w", "b", "hints", "lang", "pupil_id"]),
            JSONISH,
            max_size=3,
        ),
        this_table=st.booleans(),
    )
    def teacher_sends_anything(self, kind: str, body: dict[str, Any], this_table: bool) -> None:
        """The teacher's own connection, well-formed or not (the class's table or anything):
        every refusal is clear, and whatever it changes (a stop, a start) reaches the pupils."""
        msg = {**body, "type": kind}
        if this_table:
            msg["table"] = self.table
        self.t.send(msg)
        self.sync(self.t)
        stored = APPS[self.base].state.store.get_table(self.table)
        for p in self.p:  # the seated pupils hear of every change of their table
            if p.last_table is None or p.last_table["rev"] < stored.rev:
                p.until(lambda m, r=stored.rev: table_msg(m, r - 1))

    @rule(who=st.integers(0, 1))
    def reload_page(self, who: int) -> None:
        before = self.current()
        self.reconnect(who)
        back = self.p[who].last_table
        assert back is not None and back["rev"] >= before["rev"]

    @invariant()
    def game_is_legal(self) -> None:
        store = APPS[self.base].state.store  # the server's own store
        check_table_legal(store, self.table)
        stored = store.get_table(self.table)
        assert stored is not None and stored.rev == self.current()["rev"]


def test_hostile_clients(base: str) -> None:
    Hostile.base = base
    runner = Hostile.TestCase
    runner.settings = settings(
        max_examples=6,
        stateful_step_count=12,
        deadline=None,
        phases=[Phase.explicit, Phase.generate],  # (shrinking would replay against a live server)
        suppress_health_check=list(HealthCheck),
    )
    runner("runTest").runTest()
