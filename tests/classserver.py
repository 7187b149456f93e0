"""Helpers for the class server's tests (and its load benchmark): a real uvicorn on a loopback
port in a thread or a subprocess, a WebSocket client with timeouts, a throw-away PostgreSQL.

Real parts only: the database, the sockets and the server are the ones a class uses."""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent
#: Debian's PostgreSQL server programs (the newest installed version)
PG_BIN = max(
    Path("/usr/lib/postgresql").glob("*/bin"),
    key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
    default=Path("/usr/lib/postgresql/15/bin"),
)


#: the app behind each base URL that :func:`server_thread` serves
APPS: dict[str, Any] = {}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def server_thread(database: str, **kw: Any) -> Iterator[str]:
    """``create_app(database)`` under uvicorn on 127.0.0.1 in a thread; yields the base URL."""
    import uvicorn

    from puffteach.server.app import Limits, create_app

    kw.setdefault("limits", Limits(messages=(1000.0, 1000.0)))  # bots play faster than pupils
    app = create_app(database, **kw)
    port = free_port()
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        ws="websockets-sansio",
        ws_max_size=64 * 1024,
        lifespan="on",
    )
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the class server did not start")
        time.sleep(0.02)
    base = f"http://127.0.0.1:{port}"
    APPS[base] = app
    try:
        yield base
    finally:
        APPS.pop(base, None)
        srv.should_exit = True
        thread.join(10)


@contextlib.contextmanager
def server_process(
    database: str, port: int | None = None, testing: bool = False, book: Path | None = None
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``python -m puffteach serve`` as a subprocess on a loopback port (``testing``: a new
    class may be given its dice seed; ``book``: the built site it serves at ``/``)."""
    port = port or free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PUFFTEACH_SERVER_TESTING", None)
    if testing:
        env["PUFFTEACH_SERVER_TESTING"] = "1"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "puffteach",
            "serve",
            "--port",
            str(port),
            "--database",
            database,
            "--book",
            str(book or "/nonexistent"),
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    wait_http(base, proc)
    try:
        yield base, proc
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def wait_http(base: str, proc: subprocess.Popen[bytes] | None = None, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            httpx.get(base + "/api/words", timeout=1)
            return
        except httpx.HTTPError:
            if proc is not None and proc.poll() is not None:
                err = proc.stderr.read().decode() if proc.stderr else ""
                raise RuntimeError(f"the server exited: {err[-2000:]}") from None
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


# --------------------------------------------------------------------------- PostgreSQL


@contextlib.contextmanager
def postgres() -> Iterator[str]:
    """A throw-away PostgreSQL server (Debian's, initdb in a temp dir) on 127.0.0.1 at a free
    port, run as the ``postgres`` user when we are root; yields an SQLAlchemy URL."""
    if not (PG_BIN / "pg_ctl").exists():
        raise RuntimeError(f"no PostgreSQL server in {PG_BIN} (make postgres installs it)")
    root = os.geteuid() == 0
    tmp = Path(tempfile.mkdtemp(prefix="puffteach-pg-"))
    data = tmp / "data"
    port = free_port()
    as_user: list[str] = []
    if root:
        shutil.chown(tmp, "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]

    def run(*cmd: str) -> None:
        subprocess.run([*as_user, *cmd], check=True, capture_output=True, cwd=tmp)

    run(str(PG_BIN / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
    opts = f"-c listen_addresses=127.0.0.1 -p {port} -k {tmp} -c fsync=on -c max_connections=100"
    run(str(PG_BIN / "pg_ctl"), "-D", str(data), "-o", opts, "-l", str(tmp / "log"), "-w", "start")
    try:
        run(str(PG_BIN / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "puff")
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/puff"
    finally:
        with contextlib.suppress(subprocess.CalledProcessError):
            run(str(PG_BIN / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(tmp, ignore_errors=True)


def fresh_database(url: str) -> str:
    """A new empty database on the server of ``url`` (PostgreSQL) or a new file (SQLite)."""
    if url.startswith("sqlite"):
        return f"sqlite:///{tempfile.mkdtemp(prefix='puffteach-db-')}/classes.sqlite3"
    import psycopg

    base, _, _ = url.rpartition("/")
    name = "t" + os.urandom(6).hex()
    with psycopg.connect(base.replace("+psycopg", "") + "/postgres", autocommit=True) as c:
        c.execute(f"CREATE DATABASE {name}")
    return f"{base}/{name}"


# --------------------------------------------------------------------------- clients


class WS:
    """A WebSocket client of ``/ws`` that reads with timeouts and keeps what it saw."""

    def __init__(self, base: str, hello: dict[str, Any] | None = None) -> None:
        self.ws: ClientConnection = connect(
            base.replace("http", "ws", 1) + "/ws", max_size=2**23, legacy=True
        )
        self.seen: list[dict[str, Any]] = []
        #: (type, bytes) of every message received
        self.sizes: list[tuple[Any, int]] = []
        #: the board this client holds of each table: (n, state), as the pages' adapter does
        self.boards: dict[str, tuple[int, dict[str, Any]]] = {}
        self.n = 0
        self.last_table: dict[str, Any] | None = None
        if hello is not None:
            self.send(hello)

    def send(self, msg: dict[str, Any]) -> None:
        self.ws.send(json.dumps(msg))

    def send_raw(self, raw: str | bytes) -> None:
        self.ws.send(raw)

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        raw = self.ws.recv(timeout=timeout)
        msg: dict[str, Any] = json.loads(raw)
        self.sizes.append((msg.get("type"), len(raw.encode() if isinstance(raw, str) else raw)))
        if msg.get("type") == "table" and isinstance(msg.get("table"), dict):
            self.board(msg)
        self.seen.append(msg)
        if table_msg(msg) and (self.last_table is None or msg["rev"] >= self.last_table["rev"]):
            self.last_table = msg
        return msg

    def board(self, msg: dict[str, Any]) -> None:
        """A ``table`` message's board: its whole ``state``, or the board held with its
        ``patch`` (put in ``msg["state"]`` so the tests read every message alike). A patch to
        a board this client does not hold is a gap: it raises (the pages ask ``resync``)."""
        table_id = msg["table"]["id"]
        if "patch" in msg:
            held = self.boards.get(table_id)
            if held is None or held[0] != msg["base"]:
                raise AssertionError(f"a patch on board {msg['base']}, held {held and held[0]}")
            msg["state"] = {**held[1], **msg["patch"]}
        self.boards[table_id] = (msg["n"], msg["state"])

    def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 15) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no matching message")
            msg = self.recv(left)
            if pred(msg):
                return msg

    def type(self, kind: str, timeout: float = 15) -> dict[str, Any]:
        return self.until(lambda m: m.get("type") == kind, timeout)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()


def create_class(base: str, **settings: Any) -> dict[str, Any]:
    body = {"name": "4B", "rules": "brade-standard", "match_length": 1, **settings}
    r = httpx.post(base + "/api/classes", json=body, timeout=10)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def join(base: str, code: str, name: str) -> dict[str, Any]:
    r = httpx.post(base + "/api/join", json={"code": code, "name": name}, timeout=10)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def teacher(base: str, cls: dict[str, Any]) -> WS:
    t = WS(
        base,
        {"type": "hello", "role": "teacher", "class": cls["class_id"], "token": cls["teacher_key"]},
    )
    t.type("welcome")
    t.type("overview")
    return t


def pupil(base: str, cls: dict[str, Any], who: dict[str, Any]) -> WS:
    p = WS(
        base, {"type": "hello", "role": "pupil", "class": cls["class_id"], "token": who["token"]}
    )
    p.type("welcome")
    return p


def choose(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal action of the side to act."""
    if state.get("can_roll"):
        return {"type": "roll"}
    if state.get("can_name_pasch"):
        return {"type": "name_pasch", "x": rng.randint(1, 6)}
    if state.get("can_end_roll"):
        return {"type": "end_roll"}
    moves = state.get("legal_moves") or []
    if moves:
        return {"type": "move", "move": rng.choice(moves)}
    raise AssertionError(f"nothing to do: {state.get('message')}")


def table_msg(m: dict[str, Any], after: int = -1) -> bool:
    return m.get("type") == "table" and not m.get("private") and m["rev"] > after


def play(
    pupils: list[WS],
    rng: random.Random,
    max_steps: int = 3000,
    stop: Callable[[dict[str, Any]], bool] | None = None,
) -> dict[str, Any]:
    """Play random legal steps at a table (each pupil acting for their own seat) until the
    match is over (or ``stop``); the last table message."""
    seats = {}
    for p in pupils:
        m = p.last_table or p.until(table_msg)
        seats[m["seat"]] = p
    last = max((p.last_table for p in pupils if p.last_table), key=lambda m: m["rev"])
    for _ in range(max_steps):
        if last["table"]["status"] == "finished" or (stop and stop(last)):
            return last
        state = last["state"]
        mover = seats[state["to_move"]]
        mover.n += 1
        mover.send(
            {
                "type": "act",
                "table": last["table"]["id"],
                "rev": last["rev"],
                "action": choose(state, rng),
                "id": mover.n,
            }
        )
        rev = last["rev"]
        for p in pupils:
            m = p.until(lambda m, rev=rev: table_msg(m, rev) or m.get("type") == "error")
            assert m["type"] == "table", m
            if p is mover:
                last = m
    raise AssertionError("the match did not end")
