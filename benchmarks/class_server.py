"""Load benchmark of the class server (issue 42), not a test: 15 tables of two simulated pupils
playing random legal steps at human pace, the teacher's overview and 10 spectators, against
``python -m puffteach serve`` on a loopback port (SQLite file, or a throw-away PostgreSQL).

    python benchmarks/class_server.py --database sqlite --seconds 60
    python benchmarks/class_server.py --database postgresql --seconds 60 --pace 0.5

Reports the step round trip (a pupil's ``act`` until its own ``table`` message of the new
revision) median/p95/max, the server's CPU time and memory (psutil), errors, and lost steps
(the records the clients saw compared with the stored records), and the bytes the clients
received by role (pupils, teacher, spectators: frames, median, total). Bounded in count
(``--tables`` at most 15 by default) and in time (``--seconds``)."""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import psutil
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.classserver import choose, fresh_database, postgres, server_process  # noqa: E402


class Stats:
    def __init__(self) -> None:
        self.rtt: list[float] = []
        self.errors: list[str] = []
        self.seen: dict[str, dict[str, Any]] = {}  # table id -> the newest table message seen
        self.views = 0
        #: bytes of every frame received, by who received it (pupil, teacher, spectator)
        self.received: dict[str, list[int]] = {}


def board_of(msg: dict[str, Any], boards: dict[str, tuple[int, dict[str, Any]]]) -> None:
    """Put the client's board in ``msg["state"]``: the message's whole state, or the board
    held with its ``patch`` (PROTOCOL.md; a server that sends whole states needs nothing)."""
    tid = msg["table"]["id"]
    if "patch" in msg:
        n, held = boards[tid]
        if n != msg["base"]:
            raise RuntimeError(f"a patch on board {msg['base']}, held {n}")
        msg["state"] = {**held, **msg["patch"]}
    boards[tid] = (msg.get("n", 0), msg["state"])


async def reader(ws: Any, inbox: asyncio.Queue[dict[str, Any]], stats: Stats) -> None:
    boards: dict[str, tuple[int, dict[str, Any]]] = {}
    async for raw in ws:
        stats.received.setdefault("pupil", []).append(len(raw.encode()))
        msg = json.loads(raw)
        if msg.get("type") == "error":
            stats.errors.append(msg["key"])
        if msg.get("type") == "table":
            board_of(msg, boards)
            tid = msg["table"]["id"]
            old = stats.seen.get(tid)
            if old is None or msg["rev"] > old["rev"]:
                stats.seen[tid] = msg
        await inbox.put(msg)


async def pupil(
    ws_url: str,
    cls: dict[str, Any],
    who: dict[str, Any],
    stats: Stats,
    end: float,
    pace: float,
    rng: random.Random,
) -> None:
    async with connect(ws_url, max_size=2**23) as ws:
        inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        task = asyncio.create_task(reader(ws, inbox, stats))
        await ws.send(
            json.dumps(
                {"type": "hello", "role": "pupil", "class": cls["class_id"], "token": who["token"]}
            )
        )
        last: dict[str, Any] | None = None
        while time.monotonic() < end:
            try:
                msg = await asyncio.wait_for(inbox.get(), max(0.1, end - time.monotonic()))
            except TimeoutError:
                break
            if msg.get("type") != "table" or (last and msg["rev"] <= last["rev"]):
                continue
            last = msg
            while (
                last["table"]["status"] == "playing"
                and last["seat"] == last["state"]["to_move"]
                and time.monotonic() < end
            ):
                await asyncio.sleep(rng.uniform(1, 3) * pace)
                sent = time.perf_counter()
                await ws.send(
                    json.dumps(
                        {
                            "type": "act",
                            "table": last["table"]["id"],
                            "rev": last["rev"],
                            "action": choose(last["state"], rng),
                        }
                    )
                )
                while True:
                    got = await asyncio.wait_for(inbox.get(), 30)
                    if got.get("type") == "error":
                        break
                    if got.get("type") == "table" and got["rev"] > last["rev"]:
                        stats.rtt.append(time.perf_counter() - sent)
                        last = got
                        break
                if got.get("type") == "error":
                    break
        task.cancel()


async def watcher(ws_url: str, hello: dict[str, Any], stats: Stats, end: float) -> None:
    async with connect(ws_url, max_size=2**23) as ws:
        await ws.send(json.dumps(hello))
        while time.monotonic() < end:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.1, end - time.monotonic()))
            except TimeoutError:
                break
            msg = json.loads(raw)
            stats.views += 1
            stats.received.setdefault(hello["role"], []).append(len(raw.encode()))
            if msg.get("type") == "error":
                stats.errors.append(msg["key"])


async def run(base: str, tables: int, spectators: int, seconds: float, pace: float) -> Stats:
    stats = Stats()
    rng = random.Random(42)
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        r = await http.post(
            "/api/classes", json={"name": "bench", "rules": "brade-standard", "match_length": 15}
        )
        cls = r.json()
        pupils = []
        for i in range(2 * tables):
            r = await http.post("/api/join", json={"code": cls["code"], "name": f"P{i}"})
            r.raise_for_status()
            pupils.append(r.json())
    ws_url = base.replace("http", "ws", 1) + "/ws"
    end = time.monotonic() + seconds
    async with connect(ws_url, max_size=2**23) as t:
        await t.send(
            json.dumps(
                {
                    "type": "hello",
                    "role": "teacher",
                    "class": cls["class_id"],
                    "token": cls["teacher_key"],
                }
            )
        )
        tasks = [
            asyncio.create_task(pupil(ws_url, cls, p, stats, end, pace, random.Random(i)))
            for i, p in enumerate(pupils)
        ]
        await asyncio.sleep(1)  # everyone in the lobby
        for i in range(tables):
            await t.send(
                json.dumps(
                    {
                        "type": "pair",
                        "w": pupils[2 * i]["pupil_id"],
                        "b": pupils[2 * i + 1]["pupil_id"],
                    }
                )
            )
        await asyncio.sleep(1)
        table_ids = sorted(stats.seen)
        tasks.append(
            asyncio.create_task(
                watcher(
                    ws_url,
                    {
                        "type": "hello",
                        "role": "teacher",
                        "class": cls["class_id"],
                        "token": cls["teacher_key"],
                    },
                    stats,
                    end,
                )
            )
        )
        for i in range(spectators):
            tid = table_ids[i % len(table_ids)]
            tasks.append(
                asyncio.create_task(
                    watcher(
                        ws_url,
                        {"type": "hello", "role": "spectator", "code": cls["code"], "table": tid},
                        stats,
                        end,
                    )
                )
            )
        del rng
        await asyncio.gather(*tasks)
    stats.class_id = cls["class_id"]  # type: ignore[attr-defined]
    return stats


def lost_steps(database: str, stats: Stats) -> tuple[int, int]:
    """(steps the clients saw that the store lacks, tables compared)."""
    from puffteach.server.store import Store

    store = Store(database)
    lost = 0
    for tid, msg in stats.seen.items():
        t = store.get_table(tid)
        assert t is not None
        seen_events = msg["state"]["record"]["events"]
        if t.game_no == msg["table"]["game_no"]:
            stored = t.state["record"]["events"]
        else:
            r = store.result(tid, msg["table"]["game_no"])
            stored = json.loads(r.record)["events"] if r else []
        if stored[: len(seen_events)] != seen_events:
            lost += 1
        if t.rev < msg["rev"]:
            lost += msg["rev"] - t.rev
    store.close()
    return lost, len(stats.seen)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--tables", type=int, default=15)
    p.add_argument("--spectators", type=int, default=10)
    p.add_argument("--pace", type=float, default=1.0, help="think time factor (1: 1-3 s)")
    args = p.parse_args()
    args.tables = min(args.tables, 15)
    args.seconds = min(args.seconds, 600)
    with ExitStack() as stack:
        if args.database == "sqlite":
            db = f"sqlite:///{tempfile.mkdtemp(prefix='puffteach-bench-')}/classes.sqlite3"
        else:
            db = fresh_database(stack.enter_context(postgres()))
        base, proc = stack.enter_context(server_process(db))
        ps = psutil.Process(proc.pid)
        cpu0 = ps.cpu_times()
        wall0 = time.monotonic()
        stats = asyncio.run(run(base, args.tables, args.spectators, args.seconds, args.pace))
        wall = time.monotonic() - wall0
        cpu1 = ps.cpu_times()
        rss = ps.memory_info().rss
        lost, compared = lost_steps(db, stats)
    cpu = (cpu1.user - cpu0.user) + (cpu1.system - cpu0.system)
    rtt = sorted(stats.rtt)
    report = {
        "database": args.database,
        "tables": args.tables,
        "spectators": args.spectators,
        "seconds": round(wall, 1),
        "pace": args.pace,
        "steps": len(rtt),
        "steps_per_s": round(len(rtt) / wall, 1),
        "rtt_ms": {
            "median": round(1000 * statistics.median(rtt), 1) if rtt else None,
            "p95": round(1000 * rtt[int(0.95 * (len(rtt) - 1))], 1) if rtt else None,
            "max": round(1000 * rtt[-1], 1) if rtt else None,
        },
        "server_cpu_s": round(cpu, 1),
        "server_cpu_pct": round(100 * cpu / wall, 1),
        "server_rss_mb": round(rss / 2**20, 1),
        "watcher_messages": stats.views,
        "errors": len(stats.errors),
        "error_keys": sorted(set(stats.errors)),
        "lost_steps": lost,
        "tables_compared": compared,
        # what the clients received: frames, their median size and the total, by role
        "received": {
            role: {
                "frames": len(sizes),
                "median_bytes": int(statistics.median(sizes)),
                "total_kb": round(sum(sizes) / 1024),
            }
            for role, sizes in sorted(stats.received.items())
            if sizes
        },
    }
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
