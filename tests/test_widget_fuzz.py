"""Bad input never hurts the board: a hypothesis state machine drives the widget protocol with
sensible, random and malformed actions and records (wrong types, unknown events, out-of-range
points, huge numbers, hostile strings in every text field).

Invariants after every action:
- :func:`~puffteach.widget.protocol.step` never raises (and never falls back to its
  "internal error" refusal, which would mean an unforeseen exception);
- a refused action leaves the state unchanged except ``error``, ``message``, ``message_keys``
  and ``explanation``; the input state is never changed;
- the state stays JSON (``json.loads(json.dumps(state)) == state``);
- the drawn SVG escapes every text it shows: no raw ``<script``, and it parses as XML;
- the game kept between actions gives the same state as a replay of the record.
"""

from __future__ import annotations

import copy
import json
import os
import xml.etree.ElementTree as ET
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from puffteach import Game
from puffteach.widget import protocol

HOSTILE = [
    "<script>alert(1)</script>",
    "\"'&",
    "]]><!--",
    "&amp;<b>",
    "W:0x15 B:0x15 w <script>",
    "0/5<script>",
    "24/off@9",
    "1/7x6",
    "\x00\x1f",
    "\ud800",
    "ä" * 300,
    "",
]
RULES = ["kontrar-puff", "kontrar-puff+generalpasch", "brade-standard+25+11", "gegenpuff"]
SAID = ("error", "message", "message_keys", "explanation")

texts = st.one_of(st.sampled_from(HOSTILE), st.text(max_size=20))
numbers = st.one_of(
    st.integers(min_value=-30, max_value=30),
    st.sampled_from([10**18, -(10**18), 2**63, 10**400]),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.booleans(),
)
points = st.one_of(
    st.integers(min_value=1, max_value=24),
    st.sampled_from(["w0", "b0", "w25", "b25"]),
    numbers,
    texts,
    st.none(),
)
scalars = st.one_of(st.none(), numbers, texts)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(texts, inner, max_size=3)),
    max_leaves=6,
)
types = st.one_of(st.sampled_from(protocol.actions()), texts, numbers, st.none())
fields = st.sampled_from(
    [
        "point", "move", "from", "to", "dice", "x", "index", "rules", "position", "record",
        "on", "tool", "turn", "side", "view", "flip", "arrows", "labels", "size", "w", "b",
        "one_die",
    ]
)  # fmt: skip
events = st.one_of(
    st.tuples(st.sampled_from(Game.EVENTS), json_values).map(list),
    st.tuples(texts, json_values).map(list),
    st.lists(json_values, max_size=3),
    json_values,
)


def _without(state: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k not in keys}


class BoardMachine(RuleBasedStateMachine):
    state: dict[str, Any]

    @initialize(rules=st.sampled_from(RULES), seed=st.integers(0, 2**31 - 1))
    def start(self, rules: str, seed: int) -> None:
        self.state = protocol.initial_state(rules, seed=seed)
        self.games: list[dict[str, Any]] = []

    # ------------------------------------------------------------------ applying
    def apply(self, action: Any) -> dict[str, Any]:
        before = copy.deepcopy(self.state)
        new = protocol.step(self.state, action)  # must not raise
        assert self.state == before, "step changed its input"
        keys = [m.get("key") for m in new.get("message_keys") or []]
        assert "board.internal" not in keys, (action, new["message"])
        assert json.loads(json.dumps(new)) == new, "a state is plain JSON"
        if new["error"]:
            assert new["message"] == new["error"]
            assert _without(new, SAID) == _without(self.state, SAID), "a refusal changed the state"
        self.state = new
        return new

    # ------------------------------------------------------------------ sensible play
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        s = self.state
        options: list[dict[str, Any]] = []
        if s["can_roll"]:
            options.append({"type": "roll"})
        if s["can_roll_one_die"]:
            options.append({"type": "roll", "one_die": True})
        if s["can_reroll"]:
            options.append({"type": "reroll"})
        if s["can_resign"]:
            options.append({"type": "resign"})
        if s["can_name_pasch"]:
            options.append({"type": "name_pasch", "x": data.draw(st.integers(1, 6))})
        if s["can_end_roll"]:
            options.append({"type": "end_roll"})
        options += [{"type": "move", "move": m} for m in s["legal_moves"]]
        if s["can_undo"]:
            options.append({"type": "undo"})
        if s["can_redo"]:
            options.append({"type": "redo"})
        if s["replay_length"]:
            options.append(
                {"type": "replay_goto", "index": data.draw(st.integers(0, s["replay_length"]))}
            )
        options.append({"type": "click", "point": data.draw(points)})
        # issue 10: the computer (the quick levels), hint, tutor, odds, review
        options.append({"type": "players", "b": data.draw(st.sampled_from(["human", "random"]))})
        options.append({"type": "tutor", "on": data.draw(st.booleans())})
        options.append({"type": "odds", "on": data.draw(st.booleans())})
        if s["legal_moves"]:
            options.append({"type": "hint", "level": "advanced"})
        if s["outcome"]:
            options.append({"type": "review"})
            options.append({"type": "review", "rolls": 5})
        if s.get("setup"):
            options.append({"type": "setup_toggle", "on": False})
        action = data.draw(st.sampled_from(options))
        new = self.apply(action)
        if not s.get("setup") and action["type"] in ("roll", "move", "undo", "redo"):
            assert not new["error"], (action, new["error"])

    @rule(data=st.data())
    def play_and_compare_with_a_replay(self, data: st.DataObject) -> None:
        """The game kept between actions gives what a replay of the record gives."""
        s = self.state
        moves = [{"type": "move", "move": m} for m in s["legal_moves"]]
        action = data.draw(st.sampled_from([{"type": "roll"}, {"type": "undo"}, *moves]))
        cold_in = json.loads(json.dumps(s))
        protocol.clear_cache()
        cold = protocol.step(cold_in, action)
        warm = self.apply(action)
        assert warm == cold, action

    # ------------------------------------------------------------------ malformed input
    @rule(kind=types, extra=st.dictionaries(fields, json_values, max_size=4))
    def random_action(self, kind: Any, extra: dict[str, Any]) -> None:
        self.apply({"type": kind, **extra})

    @rule(action=json_values)
    def not_an_action(self, action: Any) -> None:
        self.apply(action)

    @rule(field=fields, value=st.one_of(texts, numbers))
    def hostile_field(self, field: str, value: Any) -> None:
        for kind in protocol.actions():
            self.apply({"type": kind, field: value})

    @rule(
        events=st.lists(events, max_size=4),
        rules=st.one_of(st.sampled_from(RULES), texts, numbers),
        start=st.one_of(st.sampled_from(["W:0x15 B:0x15 w", "W:1x15 B:1x15 w"]), texts, numbers),
        opening=st.one_of(st.none(), json_values),
        index=st.one_of(st.integers(-6, 6), numbers, texts),
        as_text=st.booleans(),
    )
    def malformed_record(
        self, events: list[Any], rules: Any, start: Any, opening: Any, index: Any, as_text: bool
    ) -> None:
        record = {
            "format": "puffteach-game/1",
            "rules": rules,
            "start": start,
            "opening": opening,
            "events": events,
        }
        self.apply({"type": "load", "record": json.dumps(record) if as_text else record})
        self.apply({"type": "load", "record": record, "index": index})

    @rule(data=st.data())
    @precondition(lambda self: bool(self.state["record"]["events"]))
    def tampered_record(self, data: st.DataObject) -> None:
        """The board's own record with one event replaced."""
        record = copy.deepcopy(self.state["record"])
        events = record["events"]
        events[data.draw(st.integers(0, len(events) - 1))] = data.draw(events_strategy)
        self.apply({"type": "load", "record": record, "index": -1})

    @rule(text=st.one_of(texts, st.sampled_from(["{not json", "[]", "null", '"x"', "1e999"])))
    def record_text(self, text: str) -> None:
        self.apply({"type": "load", "record": text})

    # ------------------------------------------------------------------ the drawing
    @invariant()
    def svg_is_escaped_xml(self) -> None:
        svg = protocol.drawing(self.state)  # the marks of a selection in place
        assert "<script" not in svg.lower()
        ET.fromstring(svg)  # raises on unescaped text
        for hostile in ("<b>", "alert(1)"):
            assert hostile not in svg


events_strategy = events

BoardMachine.TestCase.settings = settings(
    max_examples=int(os.environ.get("PUFFTEACH_FUZZ_EXAMPLES", "100")),
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestBoardFuzz = BoardMachine.TestCase
