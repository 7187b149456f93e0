"""Click-to-highlight latency of the kernel-side board widget, early and late in a game.

Run: ``python benchmarks/widget_click.py`` (part of ``make bench``). For each rule set a random
game is played with :class:`puffteach.Game` until it holds ``--events`` record events (and once
with none), ending right after a roll with a checker that can move; the record is loaded into
the widget protocol (``{"type": "load", "index": -1}``) and then ``{"type": "click", "point":
P}`` on that checker is timed, alternately selecting and deselecting it, each click applied to
the state the previous one returned (as the Board widget does). The time is what
:func:`puffteach.widget.protocol.step` takes in this Python process: the kernel's share of a
click (the browser adds putting the marks' groups in place, ``static/marks.js``). "patch B" is
the message the Board sends for a click from the page (the changed fields: the selection and
its ``marks``, not the drawing); "whole B" is what the traits would carry (the state and the
drawing with its marks), as every step sent before patches. The median and the worst of
``--clicks`` clicks are reported; the protocol keeps the game between actions, so a click late
in a game should cost what it costs at the start.

``--board`` measures the anywidget :class:`~puffteach.widget.Board` itself, as a step from
Python (``board.apply``, what ``board.move(...)``, marimo's ``action`` trait and nbclient's runs
go through) reaches the comm: the bytes of the JSON of every message the board sends for the
step (all of them: the widget's ``_send`` is replaced by a counter that encodes each message
as the comm would) and the time of ``board.apply`` including that encoding; for a click that
selects or deselects, and for one step of a checker (``move`` B: the median of the legal
steps of the roll, each applied to the board before it). It runs on any tree whose Board has
``apply``/``load``/``_send`` (the "before" figures come from the tree before the change).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

try:
    import puffteach  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from puffteach import Game
from puffteach.board import to_physical
from puffteach.widget import protocol

RULES = ("kontrar-puff", "pierer-contrapuff+generalpasch", "brade-standard")


def game_with(rules: str, events: int, seed: int) -> Game:
    """A random game with at least ``events`` events, just after a roll that can be moved."""
    rng = random.Random(seed)
    for _ in range(1000):
        g = Game(rules, seed=rng.randrange(2**31))
        while not g.is_over() and len(g.events) < events:
            g.play_random_roll(rng)
        if g.is_over():
            continue
        g.roll()
        if g.turn is not None and g.legal_moves() and not g.generalpasch_available():
            return g
    raise RuntimeError(f"no {rules} game reached {events} events")


def point_of(g: Game) -> int | str:
    """The physical point (or pool) of a checker that can move."""
    s = g.legal_moves()[0]
    me = g.position.turn
    if s.frm == 0:
        return "wb"[me] + "0"
    return to_physical(g.rules.layout, me, s.frm)


def time_clicks(rules: str, events: int, clicks: int, seed: int) -> dict[str, Any]:
    g = game_with(rules, events, seed)
    state = protocol.initial_state(rules, seed=seed)
    state = protocol.step(state, {"type": "load", "record": g.record(), "index": -1})
    if state["error"]:
        raise RuntimeError(state["error"])
    action = {"type": "click", "point": point_of(g)}
    times, whole_times, sizes, whole_sizes = [], [], [], []
    for i in range(clicks):
        # interleaved (the machine may be shared): the whole state sent as before (the state
        # and its drawing again as the svg trait), then the patch of changed fields
        if i % 2:
            t0 = time.perf_counter()
            new = protocol.step(state, action)
            whole = len(json.dumps(new)) + len(json.dumps(protocol.drawing(new)))
            whole_times.append((time.perf_counter() - t0) * 1000)
            whole_sizes.append(whole)
        else:
            t0 = time.perf_counter()
            new, patch = protocol.step_patch(state, action)
            sent = len(json.dumps({"patch": patch}))
            times.append((time.perf_counter() - t0) * 1000)
            sizes.append(sent)
        state = new
        if state["error"]:
            raise RuntimeError(state["error"])
    return {
        "rules": rules,
        "events": len(g.events),
        "median_ms": round(statistics.median(times), 3),
        "max_ms": round(max(times), 3),
        "patch_bytes": int(statistics.median(sizes)),
        "whole_median_ms": round(statistics.median(whole_times), 3),
        "whole_bytes": int(statistics.median(whole_sizes)),
    }


def time_board(rules: str, events: int, clicks: int, seed: int) -> dict[str, Any]:
    """A Python-side click (and a move) on the anywidget Board: bytes sent, ms."""
    from puffteach.widget import Board

    g = game_with(rules, events, seed)
    board = Board(rules, seed=seed)
    board.load(g.record(), -1)
    sent: list[int] = []

    def count(msg: dict[str, Any], buffers: Any = None) -> None:
        sent.append(len(json.dumps(msg, separators=(",", ":")).encode()))

    board._send = count
    action = {"type": "click", "point": point_of(g)}
    times, sizes = [], []
    for _ in range(clicks):
        sent.clear()
        t0 = time.perf_counter()
        new = board.apply(action)
        times.append((time.perf_counter() - t0) * 1000)
        sizes.append(sum(sent))
        if new["error"]:
            raise RuntimeError(new["error"])
    moves = []
    for move in list(board.state["legal_moves"])[:5]:
        before = board.state
        sent.clear()
        board.apply({"type": "move", "move": move})
        moves.append(sum(sent))
        board._publish(before)  # back to the roll (both trees have _publish)
    return {
        "rules": rules,
        "events": len(g.events),
        "median_ms": round(statistics.median(times), 3),
        "max_ms": round(max(times), 3),
        "click_bytes": int(statistics.median(sizes)),
        "move_bytes": int(statistics.median(moves)),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--events", type=int, default=500, help="events before the late clicks")
    ap.add_argument("--clicks", type=int, default=50, help="clicks timed per measurement")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    ap.add_argument("--board", action="store_true", help="the Board widget's Python steps")
    args = ap.parse_args(argv)
    if args.board:
        sizes = (0, args.events)
        rows = [time_board(rules, n, args.clicks, args.seed) for rules in RULES for n in sizes]
        if args.json:
            print(json.dumps(rows, indent=1))
            return 0
        print("Board.apply from Python (bytes of every comm message of the step, ms):")
        print(f"{'rules':34} {'events':>6} {'ms':>7} {'max ms':>8} {'click B':>8} {'move B':>8}")
        for r in rows:
            print(
                f"{r['rules']:34} {r['events']:>6} {r['median_ms']:>7.2f} {r['max_ms']:>8.2f}"
                f" {r['click_bytes']:>8} {r['move_bytes']:>8}"
            )
        return 0
    rows = [
        time_clicks(rules, n, args.clicks, args.seed) for rules in RULES for n in (0, args.events)
    ]
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    print("click-to-highlight (step + JSON of what is sent, this process; interleaved):")
    print(
        f"{'rules':34} {'events':>6} {'patch ms':>9} {'max ms':>8} {'patch B':>8}"
        f" {'whole ms':>9} {'whole B':>8}"
    )
    for r in rows:
        print(
            f"{r['rules']:34} {r['events']:>6} {r['median_ms']:>9.2f} {r['max_ms']:>8.2f}"
            f" {r['patch_bytes']:>8} {r['whole_median_ms']:>9.2f} {r['whole_bytes']:>8}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
