"""The class server's ASGI app (Starlette): the book, the class pages, the HTTP API and the
WebSocket ``/ws`` (see ``PROTOCOL.md``).

The server is authoritative: it keeps each table's protocol state (the dice seed never leaves
it), applies every step with :func:`puffteach.widget.protocol.step`, stores the step (one
transaction, guarded by the table's revision) and only then sends every watcher what it may see.
With PostgreSQL several processes serve one class: each commit sends ``NOTIFY puffteach``, and
every process re-sends the table to its own watchers (:meth:`ClassServer.listen`)."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import csv
import io
import json
import logging
import mimetypes
import os
import secrets
import socket
from collections import defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final, TypeVar

import anyio.to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import Scope
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from ..messages import DEFAULT, LANGUAGES, Message, catalogue, render
from ..players.ladder import ladder
from ..rules import rules as rule_set
from ..widget import protocol
from . import qr, security
from . import tables as T
from .security import MAX_FRAME, RateLimit, Refused
from .store import DEFAULT_DATABASE, ClassInfo, GameResult, Pupil, Store, Table

log = logging.getLogger("puffteach.server")
R = TypeVar("R")

STATIC: Final = Path(__file__).parent / "static"
WIDGET_STATIC: Final = Path(__file__).parent.parent / "widget" / "static"
PAGES: Final = {"": "index.html", "teach": "teach.html", "join": "join.html", "watch": "watch.html"}
SWEEP_SECONDS: Final = 3600
#: how long a start waits for the LISTEN connection (PostgreSQL) before serving anyway
LISTEN_WAIT: Final = 15.0
OVERVIEW_DELAY: Final = 0.4
SMALL: Final = 200
QUEUE: Final = 256
#: set to 1 in the environment of a test server: ``POST /api/classes`` then takes a ``seed``
TESTING_ENV: Final = "PUFFTEACH_SERVER_TESTING"

# the book's files as Pyodide and the browsers need them
for _ext, _type in (
    (".mjs", "text/javascript"),
    (".js", "text/javascript"),
    (".wasm", "application/wasm"),
    (".whl", "application/zip"),
    (".zip", "application/zip"),
    (".data", "application/octet-stream"),
    (".json", "application/json"),
    (".ipynb", "application/json"),
    (".svg", "image/svg+xml"),
    (".css", "text/css"),
    (".tar", "application/x-tar"),
):
    mimetypes.add_type(_type, _ext)


def dumps(value: Any) -> str:
    """JSON with ``<``, ``>`` and ``&`` escaped, so no name can become markup anywhere."""
    return (
        json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
    )


class SafeJSON(JSONResponse):
    def render(self, content: Any) -> bytes:
        return dumps(content).encode("utf-8")


class Cached(StaticFiles):
    """Static files with caching headers: pages are checked again every time, the rest (engine,
    Pyodide, wheels, pictures) kept for a day (with ETag/Last-Modified for the check after)."""

    def file_response(
        self, full_path: Any, stat_result: Any, scope: Scope, status_code: int = 200
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        name = str(full_path)
        if name.endswith((".html", ".htm")):
            response.headers["Cache-Control"] = "no-cache"
        else:
            response.headers["Cache-Control"] = "public, max-age=86400"
        response.headers["X-Content-Type-Options"] = "nosniff"
        return response


class Book(Cached):
    """The built book (``scripts/build_book.py OUT``: ``OUT/<lang>/book/index.html`` for each
    language, ``OUT/index.html`` sending ``/`` to the English one). A language's folder has no
    page of its own, so ``/sv`` and ``/sv/`` (each language's) go to its book's front page
    (a relative redirect, so the book may also be served under a prefix)."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        if path in LANGUAGES and scope["method"] in ("GET", "HEAD"):
            root = Path(str(self.directory)) / path
            if not (root / "index.html").is_file() and (root / "book" / "index.html").is_file():
                here = "" if scope["path"].endswith("/") else f"{path}/"
                return RedirectResponse(f"{here}book/index.html", status_code=302)
        return await super().get_response(path, scope)


@dataclass(frozen=True)
class Limits:
    """Rate limits: (per second, burst)."""

    join_address: tuple[float, float] = (0.5, 40)
    join_class: tuple[float, float] = (1.0, 60)
    create_address: tuple[float, float] = (0.2, 10)
    messages: tuple[float, float] = (20.0, 40)


@dataclass(eq=False)
class Conn:
    """One WebSocket client."""

    ws: WebSocket
    role: str = ""
    class_id: str = ""
    pupil_id: str | None = None
    lang: str = DEFAULT
    flip: bool = False
    watching: set[str] = field(default_factory=set)
    #: a pupil who turned the tutor on (when the class allows it), and its last verdict
    tutor: bool = False
    verdict: dict[str, Any] | None = None
    #: a pupil who turned the odds panel on (with hints allowed)
    odds: bool = False
    #: the board state this client holds of each table (the last sent, whole or patched) and
    #: its number ``n``: the next ``table`` message carries only the keys that changed
    boards: dict[str, tuple[int, dict[str, Any]]] = field(default_factory=dict)
    #: a teacher's small board of each table (revision, drawing) as last sent: a card whose
    #: drawing is the same leaves it out
    cards: dict[str, tuple[int, str]] = field(default_factory=dict)
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(QUEUE))

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(dumps(message))

    def send_text(self, text: str) -> None:
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:  # a client that does not read: let it go
            with contextlib.suppress(asyncio.QueueFull):
                while True:
                    self.queue.get_nowait()
            self.queue.put_nowait(None)


def _thread(fn: Callable[..., R], *args: Any) -> Awaitable[R]:
    return anyio.to_thread.run_sync(fn, *args)


def _lang_of(request: Request) -> str:
    lang = request.query_params.get("lang")
    if lang in LANGUAGES:
        return str(lang)
    for part in request.headers.get("accept-language", "").split(","):
        code = part.strip()[:2].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT


class ClassServer:
    """The state of one server process: the store, the cached tables, the connections."""

    def __init__(self, store: Store, limits: Limits, lan: bool = False) -> None:
        self.store = store
        self.limits = limits
        self.lan = lan
        self.tables: dict[str, Table] = {}
        self.classes: dict[str, ClassInfo] = {}
        self.locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.watchers: defaultdict[str, set[Conn]] = defaultdict(set)  # table id -> conns
        self.teachers: defaultdict[str, set[Conn]] = defaultdict(set)  # class id -> conns
        self.online: defaultdict[str, set[Conn]] = defaultdict(set)  # pupil id -> conns
        self.join_address = RateLimit(*limits.join_address)
        self.join_class = RateLimit(*limits.join_class)
        self.create_address = RateLimit(*limits.create_address)
        self.pending_overview: set[str] = set()
        self.reviews: dict[tuple[str, int, str], dict[str, Any]] = {}
        self.small: dict[tuple[str, int], tuple[str, list[Any]]] = {}
        self.listening = asyncio.Event()
        self.tasks: list[asyncio.Task[None]] = []

    # ----------------------------------------------------------------- loading

    async def get_class(self, class_id: str) -> ClassInfo:
        """The class's settings (cached; a change here or a notice from another process
        drops the cached copy)."""
        cls = self.classes.get(class_id)
        if cls is None:
            cls = await _thread(self.store.get_class, class_id)
            if cls is None:
                raise Refused("no_class", 404)
            if len(self.classes) > 1000:
                self.classes.clear()
            self.classes[class_id] = cls
        return replace(cls, settings=dict(cls.settings))

    async def update_class(self, class_id: str, **fields: Any) -> None:
        self.classes.pop(class_id, None)
        await _thread(lambda: self.store.update_class(class_id, **fields))
        self.classes.pop(class_id, None)

    async def table(self, table_id: str) -> Table | None:
        """The table as stored (the cached copy when its revision is the stored one)."""
        row = await _thread(self.store.get_table, table_id)
        if row is None:
            self.tables.pop(table_id, None)
            return None
        cached = self.tables.get(table_id)
        if cached is not None and cached.rev >= row.rev:  # (a read that a commit overtook)
            return cached
        self.tables[table_id] = row
        return row

    async def class_tables(self, class_id: str) -> list[Table]:
        rows = await _thread(self.store.tables, class_id)
        out = []
        for row in rows:
            cached = self.tables.get(row.id)
            if cached is not None and cached.rev >= row.rev:
                out.append(cached)
            else:
                self.tables[row.id] = row
                out.append(row)
        return out

    async def current_table(self, class_id: str, pupil_id: str) -> Table | None:
        for t in reversed(await self.class_tables(class_id)):
            if t.status != "finished" and pupil_id in t.seats.values():
                return t
        return None

    # ----------------------------------------------------------------- sending

    def table_message(self, table: Table, conn: Conn, **extra: Any) -> dict[str, Any]:
        seat = T.seat_of(table, conn.pupil_id) if conn.pupil_id else None
        state = T.view(table, seat, conn.lang, conn.flip)
        if conn.odds and seat:  # this pupil's odds panel, drawn for them alone
            odds = T.private(table, {"type": "odds", "on": True}, seat, conn.lang, conn.flip)
            if not odds.get("error"):  # (its panel only: the board's message stays)
                state = {**state, "odds_on": True, "odds": odds.get("odds")}
        if conn.tutor:  # this pupil's tutor: on, with its verdict on their last roll
            state = {**state, "tutor": True, "verdict": conn.verdict}
        return {
            "type": "table",
            "table": T.table_json(table),
            "seat": seat,
            "rev": table.rev,
            "state": state,
            **extra,
        }

    def send_table(self, table: Table, conn: Conn) -> None:
        conn.send(as_patch(conn, self.table_message(table, conn)))

    def broadcast(self, table: Table) -> None:
        """Send the table to everyone who watches it (each their own view)."""
        conns = set(self.watchers.get(table.id, ()))
        if table.status != "finished":  # a seated pupil's pages follow their table
            for side in T.SEATS:
                pid = table.seats[side]
                if pid:
                    for c in self.online.get(pid, ()):
                        if c.watching and table.id not in c.watching:
                            for old in c.watching:
                                self.watchers[old].discard(c)
                                c.boards.pop(old, None)
                            c.watching.clear()
                        c.watching.add(table.id)
                        self.watchers[table.id].add(c)
                        conns.add(c)
        # each viewer's board drawn once per (seat, language, flip); each client gets what
        # changed since the board it holds (the same patch for the clients that held the same)
        drawn: dict[tuple[str | None, str, bool], dict[str, Any]] = {}
        patches: Patches = {}
        for c in conns:
            if c.tutor or c.odds:  # (a message of its own)
                c.send(as_patch(c, self.table_message(table, c)))
                continue
            seat = T.seat_of(table, c.pupil_id) if c.pupil_id else None
            key = (seat, c.lang, c.flip)
            if key not in drawn:
                drawn[key] = self.table_message(table, c)
            c.send(as_patch(c, drawn[key], patches))
        self.send_card(table)
        self.overview_soon(table.class_id)

    def send_card(self, table: Table) -> None:
        """The table's card (its line of the overview, small board included) to the teachers of
        its class at once: the dashboard shows every step, the whole overview follows later."""
        teachers = self.teachers.get(table.class_id)
        if not teachers:
            return
        summary = self.table_summary(table, DEFAULT)
        for c in teachers:
            c.send({"type": "table_card", "table": card_for(c, summary)})

    def overview_soon(self, class_id: str) -> None:
        if not self.teachers.get(class_id) or class_id in self.pending_overview:
            return
        self.pending_overview.add(class_id)

        async def later() -> None:
            await asyncio.sleep(OVERVIEW_DELAY)
            self.pending_overview.discard(class_id)
            with contextlib.suppress(Refused):
                await self.send_overview(class_id)

        self.tasks.append(asyncio.ensure_future(later()))
        self.tasks = [t for t in self.tasks if not t.done()]

    async def send_overview(self, class_id: str, only: Conn | None = None) -> None:
        conns = [only] if only else list(self.teachers.get(class_id, ()))
        if not conns:
            return
        by_lang: dict[str, dict[str, Any]] = {}
        for c in conns:
            if c.lang not in by_lang:
                by_lang[c.lang] = await self.overview(class_id, c.lang)
            ov = by_lang[c.lang]  # each table's small board only when this teacher lacks it
            c.send({**ov, "tables": [card_for(c, tb) for tb in ov["tables"]]})

    async def overview(self, class_id: str, lang: str = DEFAULT) -> dict[str, Any]:
        cls = await self.get_class(class_id)
        pupils = await _thread(self.store.pupils, class_id)
        tables = await self.class_tables(class_id)
        results = await _thread(self.store.results, class_id)
        seated = {
            pid: t.id for t in tables if t.status != "finished" for pid in t.seats.values() if pid
        }
        return {
            "type": "overview",
            "class": cls.public(),
            "pupils": [
                {
                    "pupil_id": p.id,
                    "name": p.name,
                    "online": bool(self.online.get(p.id)),
                    "table": seated.get(p.id),
                }
                for p in pupils
            ],
            "tables": [self.table_summary(t, lang) for t in tables],
            "results": [result_json(r) for r in results],
            "crosstable": T.crosstable(results),
        }

    def table_summary(self, table: Table, lang: str) -> dict[str, Any]:
        key = (table.id, table.rev)
        if key not in self.small:
            if len(self.small) > 2000:
                self.small.clear()
            small = T.view(table, None, DEFAULT, False, SMALL)
            self.small[key] = (small["svg"], small.get("marks") or [])
        state = T.full(table)
        svg, marks = self.small[key]
        return {
            **T.table_json(table),
            "to_move": state.get("to_move"),
            "rev": table.rev,
            "svg_small": svg,
            "marks_small": marks,
        }

    # ----------------------------------------------------------------- commits

    async def commit(
        self,
        old: Table,
        new: Table,
        actor: str,
        action: dict[str, Any],
        events: list[Any],
        finished: GameResult | None = None,
    ) -> None:
        ok = await _thread(self.store.commit_step, old.rev, new, actor, action, events, finished)
        if not ok:  # another process stored a step first
            fresh = await self.table(old.id)
            if fresh is not None:
                self.broadcast(fresh)  # everyone here had the old one
            raise Refused("stale", rev=fresh.rev if fresh else "?", got=old.rev)
        self.tables[new.id] = new
        self.broadcast(new)

    async def new_table(
        self, cls: ClassInfo, seats: dict[str, str | None], round_no: int | None = None
    ) -> Table:
        names: dict[str, str] = {}
        for side in T.SEATS:
            pid = seats[side]
            if pid is None:
                names[side] = render(
                    Message.of("server.computer", level=cls.settings["computer_level"]),
                    cls.settings.get("lang", DEFAULT),
                )
            else:
                names[side] = next(
                    p.name for p in await _thread(self.store.pupils, cls.id) if p.id == pid
                )
        table, events = await _thread(T.make_table, cls, seats, names, round_no, security.seed())
        await _thread(self.store.create_table, table, events)
        self.tables[table.id] = table
        self.broadcast(table)
        return table

    # ----------------------------------------------------------------- notifications

    async def listen(self) -> None:
        """Follow the other processes' commits (PostgreSQL LISTEN/NOTIFY)."""
        import psycopg
        from sqlalchemy.engine import make_url

        url = make_url(self.store.url).set(drivername="postgresql")
        dsn = url.render_as_string(hide_password=False)
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(dsn, autocommit=True)
                async with conn:
                    await conn.execute("LISTEN " + "puffteach")
                    self.listening.set()
                    async for note in conn.notifies():
                        try:
                            await self.notified(note.payload)
                        except Exception:  # noqa: BLE001 - one bad notice must not stop us
                            log.exception("handling a notification")
            except asyncio.CancelledError:
                raise
            except Exception as e:  # noqa: BLE001 - the database went away: try again
                log.warning("LISTEN connection lost (%s); reconnecting", type(e).__name__)
                self.listening.clear()
                await asyncio.sleep(1)

    async def notified(self, payload: str) -> None:
        kind, _, rest = payload.partition(":")
        if kind == "table":
            table_id, _, rev = rest.rpartition(":")
            cached = self.tables.get(table_id)
            if cached is not None and cached.rev >= int(rev):
                return  # our own commit (or older)
            if not self.watchers and not self.teachers and not self.online:
                self.tables.pop(table_id, None)  # nobody here to tell
                return
            async with self.locks[table_id]:
                table = await self.table(table_id)
            if table is not None:
                self.broadcast(table)
        elif kind == "class":
            self.classes.pop(rest, None)
            self.overview_soon(rest)

    async def sweep(self) -> None:
        while True:
            try:
                gone = await _thread(self.store.sweep)
                for class_id in gone:
                    await self.forget_class(class_id)
            except Exception:  # noqa: BLE001
                log.exception("retention sweep")
            await asyncio.sleep(SWEEP_SECONDS)

    async def forget_class(self, class_id: str) -> None:
        self.classes.pop(class_id, None)
        for t in [t for t in self.tables.values() if t.class_id == class_id]:
            self.tables.pop(t.id, None)
        conns = [c for cs in self.watchers.values() for c in cs if c.class_id == class_id]
        conns += list(self.teachers.pop(class_id, ()))
        conns += [c for cs in self.online.values() for c in cs if c.class_id == class_id]
        for c in set(conns):
            c.queue.put_nowait(None)

    def public_base(self, ws: WebSocket) -> str:
        """``http://host:port`` as pupils reach this server."""
        host = ws.headers.get("host") or f"127.0.0.1:{ws.url.port or 80}"
        if self.lan:
            port = host.rpartition(":")[2] if ":" in host else "80"
            host = f"{lan_address()}:{port}"
        scheme = "https" if ws.url.scheme == "wss" else "http"
        return f"{scheme}://{host}"

    # ----------------------------------------------------------------- WebSocket

    async def serve_ws(self, ws: WebSocket) -> None:
        await ws.accept()
        conn = Conn(ws)
        writer = asyncio.ensure_future(self.write(conn))
        bucket = RateLimit(*self.limits.messages)
        warned = 0.0
        try:
            while True:
                msg = await ws.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                raw = msg.get("text")
                if raw is None:
                    raw_bytes = msg.get("bytes") or b""
                    if len(raw_bytes) > MAX_FRAME:
                        await self.close_big(conn)
                        break
                    conn.send(error(Refused("bad_json"), conn.lang, None))
                    continue
                if len(raw) > MAX_FRAME or len(raw.encode("utf-8", "surrogatepass")) > MAX_FRAME:
                    await self.close_big(conn)
                    break
                if not bucket.allow("c"):
                    now = asyncio.get_running_loop().time()
                    if now - warned > 1:
                        warned = now
                        conn.send(error(Refused("rate", 429), conn.lang, None))
                    continue
                await self.handle(conn, raw)
                if conn.role == "closed":
                    break
        except WebSocketDisconnect:
            pass
        finally:
            self.drop(conn)
            with contextlib.suppress(asyncio.QueueFull):
                conn.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 2)
            writer.cancel()

    async def close_big(self, conn: Conn) -> None:
        conn.send(error(Refused("too_big", limit=MAX_FRAME), conn.lang, None))
        conn.queue.put_nowait(None)
        conn.role = "closed"
        conn.close_code = 1009  # type: ignore[attr-defined]

    async def write(self, conn: Conn) -> None:
        ws = conn.ws
        try:
            while True:
                text = await conn.queue.get()
                if text is None:
                    break
                await ws.send_text(text)
        except Exception:  # noqa: BLE001 - the client went away
            return
        with contextlib.suppress(Exception):
            if ws.application_state == WebSocketState.CONNECTED:
                await ws.close(getattr(conn, "close_code", 1000))

    def drop(self, conn: Conn) -> None:
        for t in conn.watching:
            self.watchers[t].discard(conn)
        if conn.role == "teacher":
            self.teachers[conn.class_id].discard(conn)
        if conn.pupil_id:
            self.online[conn.pupil_id].discard(conn)
            if not self.online[conn.pupil_id]:
                del self.online[conn.pupil_id]
            self.overview_soon(conn.class_id)

    async def handle(self, conn: Conn, raw: str) -> None:
        ref: Any = None
        try:
            try:
                msg = json.loads(raw)
            except (ValueError, RecursionError):
                raise Refused("bad_json") from None
            if not isinstance(msg, dict):
                raise Refused("bad_json")
            ref = msg.get("id")
            if not (
                ref is None or isinstance(ref, int | str) and len(str(ref)) <= 40
            ) or isinstance(ref, bool):
                ref = None
            kind = msg.get("type")
            if not conn.role:
                if kind != "hello":
                    raise Refused("hello_first")
                try:
                    await self.hello(conn, msg)
                except Refused:
                    conn.role = "closed"
                    conn.close_code = 1008  # type: ignore[attr-defined]
                    raise
                return
            handlers = HANDLERS[conn.role]
            if kind not in handlers:
                if kind in ALL_TYPES:
                    raise Refused(
                        "teacher_only" if kind in HANDLERS["teacher"] else "not_allowed",
                        action=str(kind)[:40],
                    )
                raise Refused(
                    "unknown_type", got=security.shown(kind), types=", ".join(sorted(handlers))
                )
            await handlers[kind](self, conn, msg)
        except Refused as r:
            conn.send(error(r, conn.lang, ref))
            if conn.role == "closed":
                conn.queue.put_nowait(None)
        except Exception:  # noqa: BLE001 - never a crash; the game is unchanged
            log.exception("message of type %r", security.shown(locals().get("kind")))
            conn.send(error(Refused("internal", 500), conn.lang, ref))

    async def hello(self, conn: Conn, msg: dict[str, Any]) -> None:
        role = security.get_choice(msg, "role", ("teacher", "pupil", "spectator"))
        lang = msg.get("lang")
        if lang in LANGUAGES:
            conn.lang = str(lang)
        if role == "spectator":
            code = security.normal_code(msg.get("code"))
            cls = await _thread(self.store.class_by_code, code) if code else None
            if cls is None:
                raise Refused("no_class", 404)
            table_id = security.get_id(msg, "table")
            table = await self.table(str(table_id))
            if table is None or table.class_id != cls.id:
                raise Refused("no_table", 404, table=str(table_id))
            conn.role, conn.class_id = role, cls.id
            conn.watching.add(table.id)
            self.watchers[table.id].add(conn)
            conn.send(
                {
                    "type": "welcome",
                    "role": role,
                    "class": public_settings(cls),
                    "you": {"table": table.id},
                }
            )
            self.send_table(table, conn)
            return
        class_id = str(security.get_id(msg, "class"))
        cls = await _thread(self.store.get_class, class_id)
        token = msg.get("token")
        if role == "teacher":
            if cls is None or not security.matches(token, cls.teacher_hash):
                raise Refused("bad_token", 401)
            conn.role, conn.class_id = role, cls.id
            self.teachers[cls.id].add(conn)
            conn.send(
                {
                    "type": "welcome",
                    "role": role,
                    "class": teacher_settings(cls, self.public_base(conn.ws)),
                    "you": {},
                }
            )
            await self.send_overview(cls.id, conn)
            return
        pupil = await _thread(self.store.pupil_by_token, class_id, token) if cls else None
        if cls is None or pupil is None:
            raise Refused("bad_token", 401)
        conn.role, conn.class_id, conn.pupil_id = role, cls.id, pupil.id
        self.online[pupil.id].add(conn)
        table = await self.current_table(cls.id, pupil.id)
        seat = T.seat_of(table, pupil.id) if table else None
        conn.send(
            {
                "type": "welcome",
                "role": role,
                "class": public_settings(cls),
                "you": {
                    "pupil_id": pupil.id,
                    "name": pupil.name,
                    "table": table.id if table else None,
                    "seat": seat,
                },
            }
        )
        if table is None:
            conn.send(lobby(pupil))
        else:
            conn.watching.add(table.id)
            self.watchers[table.id].add(conn)
            self.send_table(table, conn)
        self.overview_soon(cls.id)

    # ----------------------------------------------------------------- every role

    async def m_resync(self, conn: Conn, msg: dict[str, Any]) -> None:
        """A client whose board missed a patch (its ``base`` was not the board it held) asks
        for the table's whole state again."""
        table_id = str(security.get_id(msg, "table"))
        table = await self.table(table_id) if table_id in conn.watching else None
        if table is None or table.class_id != conn.class_id:
            raise Refused("no_table", 404, table=table_id)
        conn.boards.pop(table.id, None)
        self.send_table(table, conn)

    async def m_view(self, conn: Conn, msg: dict[str, Any]) -> None:
        if "lang" in msg:
            conn.lang = security.get_choice(msg, "lang", LANGUAGES)
        if "flip" in msg:
            conn.flip = security.get_bool(msg, "flip")
        for table_id in list(conn.watching):
            table = await self.table(table_id)
            if table is not None:
                self.send_table(table, conn)
        if conn.role == "teacher":
            await self.send_overview(conn.class_id, conn)

    # ----------------------------------------------------------------- pupils

    async def m_act(self, conn: Conn, msg: dict[str, Any]) -> None:
        table_id = str(security.get_id(msg, "table"))
        rev = security.get_int(msg, "rev", 0, 10**9)
        action = security.need(msg, "action")
        async with self.locks[table_id]:
            # the cached table (kept current by our commits and the other processes' notices;
            # a stale copy only makes the guarded commit fail)
            table = self.tables.get(table_id) or await self.table(table_id)
            if table is None or table.class_id != conn.class_id:
                raise Refused("no_table", 404, table=table_id)
            cls = await self.get_class(conn.class_id)
            seat = T.seat_of(table, str(conn.pupil_id))
            act = T.check_act(table, seat, action, cls)
            if act["type"] in T.PRIVATE_ACTIONS:
                state = await _thread(T.private, table, act, str(seat), conn.lang, conn.flip)
                if state.get("error"):
                    raise Refused("refused", message=str(state.get("message") or state["error"]))
                if act["type"] == "tutor":  # kept for this connection (never stored)
                    conn.tutor, conn.verdict = bool(state.get("tutor")), None
                if act["type"] == "odds":
                    conn.odds = bool(state.get("odds_on"))
                conn.send(
                    as_patch(
                        conn,
                        {
                            "type": "table",
                            "table": T.table_json(table),
                            "seat": seat,
                            "rev": table.rev,
                            "state": T.public(state, seat),
                            "private": True,
                        },
                    )
                )
                return
            if rev != table.rev:
                self.send_table(table, conn)
                raise Refused("stale", rev=table.rev, got=rev)
            out = await _thread(T.apply, table, cls, act, security.seed())
            if isinstance(out, str):
                raise Refused("refused", message=refusal_text(table, act, conn.lang) or out)
            new, events, finished = out
            conn.verdict = None
            await self.commit(table, new, f"pupil:{seat}", act, events, finished)
        if conn.tutor and cls.settings.get("tutor"):
            # the tutor's verdict when this step ended the pupil's roll, to that pupil only
            verdict = await _thread(T.tutor_verdict, table, act, conn.lang)
            now = self.tables.get(table_id)
            if verdict and now is not None:
                conn.verdict = verdict
                self.send_table(now, conn)

    # ----------------------------------------------------------------- teacher

    async def pupil(self, cls: ClassInfo, pupil_id: object) -> Pupil:
        for p in await _thread(self.store.pupils, cls.id):
            if p.id == pupil_id:
                return p
        raise Refused("no_pupil", 404, pupil=security.shown(pupil_id))

    async def busy(self, cls: ClassInfo) -> set[str]:
        return {
            pid
            for t in await self.class_tables(cls.id)
            if t.status != "finished"
            for pid in t.seats.values()
            if pid
        }

    async def m_pair(self, conn: Conn, msg: dict[str, Any]) -> None:
        cls = await self.get_class(conn.class_id)
        w = await self.pupil(cls, security.need(msg, "w"))
        b = None if msg.get("b") is None else await self.pupil(cls, msg["b"])
        if b is not None and b.id == w.id:
            raise Refused("same_pupil")
        busy = await self.busy(cls)
        for p in (w, b):
            if p is not None and p.id in busy:
                raise Refused("busy", name=p.name)
        await self.new_table(cls, {"w": w.id, "b": b.id if b else None})

    async def m_pair_random(self, conn: Conn, msg: dict[str, Any]) -> None:
        cls = await self.get_class(conn.class_id)
        busy = await self.busy(cls)
        free = [p.id for p in await _thread(self.store.pupils, cls.id) if p.id not in busy]
        if not free:
            raise Refused("nobody")
        secrets.SystemRandom().shuffle(free)
        while free:
            w = free.pop()
            b = free.pop() if free else None
            await self.new_table(cls, {"w": w, "b": b})

    async def m_round_robin(self, conn: Conn, msg: dict[str, Any]) -> None:
        cls = await self.get_class(conn.class_id)
        busy = await self.busy(cls)
        pupils = await _thread(self.store.pupils, cls.id)
        for p in pupils:
            if p.id in busy:
                raise Refused("busy", name=p.name)
        if not pupils:
            raise Refused("nobody")
        schedule = T.round_robin([p.id for p in pupils])
        await self.update_class(cls.id, schedule=schedule, round_no=0)
        cls.schedule, cls.round_no = schedule, 0
        await self.start_round(cls)

    async def start_round(self, cls: ClassInfo) -> None:
        assert cls.schedule is not None
        for w, b in cls.schedule[cls.round_no]:
            seats = {"w": w, "b": b}
            await self.new_table(cls, seats, cls.round_no + 1)

    async def m_next_round(self, conn: Conn, msg: dict[str, Any]) -> None:
        cls = await self.get_class(conn.class_id)
        if not cls.schedule or cls.round_no + 1 >= len(cls.schedule):
            raise Refused("no_schedule")
        current = [t for t in await self.class_tables(cls.id) if t.round_no == cls.round_no + 1]
        if any(t.status == "playing" for t in current):
            raise Refused("round")
        cls.round_no += 1
        await self.update_class(cls.id, round_no=cls.round_no)
        await self.start_round(cls)

    async def teacher_table(self, conn: Conn, msg: dict[str, Any]) -> Table:
        table_id = str(security.get_id(msg, "table"))
        table = await self.table(table_id)
        if table is None or table.class_id != conn.class_id:
            raise Refused("no_table", 404, table=table_id)
        return table

    async def m_start_stop(self, conn: Conn, msg: dict[str, Any]) -> None:
        table_id = str(security.get_id(msg, "table"))
        async with self.locks[table_id]:
            table = await self.teacher_table(conn, msg)
            if table.status == "finished":
                raise Refused("finished")
            status = "stopped" if msg["type"] == "stop" else "playing"
            if status == table.status:
                self.broadcast(table)
                return
            new = Table(**{**table.__dict__, "status": status, "rev": table.rev + 1})
            await self.commit(table, new, "teacher", {"type": msg["type"]}, [])

    async def m_watch(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = await self.teacher_table(conn, msg)
        if msg["type"] == "watch":
            conn.watching.add(table.id)
            conn.boards.pop(table.id, None)  # a new board on the page: the whole state
            self.watchers[table.id].add(conn)
            self.send_table(table, conn)
        else:
            conn.watching.discard(table.id)
            conn.boards.pop(table.id, None)
            self.watchers[table.id].discard(conn)

    async def m_review(self, conn: Conn, msg: dict[str, Any]) -> None:
        """A finished game's review for the teacher, with the board (the game's last position,
        or with ``index`` that roll of the review: the position before it, the verdict and the
        better play as arrows) and each side's worst play."""
        table = await self.teacher_table(conn, msg)
        game_no = security.get_int(msg, "game_no", 1, 10**6)
        index = msg.get("index")
        if index is not None:
            index = security.get_int(msg, "index", 0, 10**5)
        key = (table.id, game_no, conn.lang)
        result = await _thread(self.store.result, table.id, game_no)
        if result is None:
            raise Refused("no_game", 404, table=table.id, game_no=game_no)
        state = await _thread(review_state, result.record, conn.lang, self.reviews.get(key), index)
        if len(self.reviews) > 500:
            self.reviews.clear()
        review: dict[str, Any] = state["review"]
        self.reviews[key] = review
        conn.send(
            {
                "type": "review",
                "table": table.id,
                "game_no": game_no,
                "review": review,
                "worst": worst_plays(review),
                "index": index,
                "state": T.public(state, None),
            }
        )

    async def m_settings(self, conn: Conn, msg: dict[str, Any]) -> None:
        cls = await self.get_class(conn.class_id)
        settings = dict(cls.settings)
        for name in ("hints", "tutor"):
            if name in msg:
                settings[name] = security.get_bool(msg, name)
        await self.update_class(cls.id, settings=settings)
        public = public_settings(await self.get_class(cls.id))
        for conns in self.online.values():  # the pupils' pages show or hide Hint and Tutor
            for c in conns:
                if c.class_id == cls.id:
                    if not settings.get("tutor"):  # the pupils' tutors go off
                        c.tutor, c.verdict = False, None
                    if not settings.get("hints"):  # and their odds panels
                        c.odds = False
                    c.send({"type": "class", "class": public})
        await self.send_overview(cls.id)

    async def m_remove_pupil(self, conn: Conn, msg: dict[str, Any]) -> None:
        cls = await self.get_class(conn.class_id)
        pupil = await self.pupil(cls, security.need(msg, "pupil_id"))
        for t in await self.class_tables(cls.id):
            if t.status == "playing" and pupil.id in t.seats.values():
                async with self.locks[t.id]:
                    new = Table(**{**t.__dict__, "status": "stopped", "rev": t.rev + 1})
                    await self.commit(t, new, "teacher", {"type": "stop"}, [])
        await _thread(self.store.remove_pupil, cls.id, pupil.id)
        for c in list(self.online.pop(pupil.id, ())):
            c.queue.put_nowait(None)
        await self.send_overview(cls.id)


#: the patches of one broadcast: (id of the board a client held, id of the new one) -> (the
#: board held, the patch); clients that held the same board get the same patch
Patches = dict[tuple[int, int], tuple[dict[str, Any], dict[str, Any]]]


def as_patch(conn: Conn, msg: dict[str, Any], patches: Patches | None = None) -> dict[str, Any]:
    """A ``table`` message (with its whole ``state``) as this client gets it: numbered ``n``
    (1, 2, ... for each table the client holds), and when it holds a board of the table, only
    the keys that changed (``patch``, :func:`puffteach.widget.protocol.patch_of`) and the ``n``
    of the board it applies to (``base``). The client remembers the new board."""
    table_id = msg["table"]["id"]
    state: dict[str, Any] = msg["state"]
    had = conn.boards.get(table_id)
    n = had[0] + 1 if had else 1
    conn.boards[table_id] = (n, state)
    if had is None:
        return {**msg, "n": n}
    key = (id(had[1]), id(state))
    done = patches.get(key) if patches is not None else None
    if done is not None and done[0] is had[1]:
        patch = done[1]
    else:
        patch = protocol.patch_of(had[1], state)
        if patches is not None:
            patches[key] = (had[1], patch)
    out = {k: v for k, v in msg.items() if k != "state"}
    return {**out, "n": n, "base": had[0], "patch": patch}


def card_for(conn: Conn, card: dict[str, Any]) -> dict[str, Any]:
    """A table's card as this teacher gets it: without ``svg_small`` when the small board
    they were last sent (of this revision or an older one) is the same drawing."""
    table_id, rev, svg = card["id"], card["rev"], card["svg_small"]
    had = conn.cards.get(table_id)
    if had is None or rev >= had[0]:
        conn.cards[table_id] = (rev, svg)
    if had is not None and had[1] == svg and rev >= had[0]:
        return {k: v for k, v in card.items() if k != "svg_small"}
    return card


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def refusal_text(table: Table, action: dict[str, Any], lang: str) -> str | None:
    """The engine's refusal of ``action`` in the viewer's language."""
    state = protocol.step(T.full(table), {"type": "view", "lang": lang})
    refused = protocol.step(state, action)
    msg = refused.get("message")
    return str(msg) if refused.get("error") and msg else None


def review_state(
    record_text: str, lang: str, review: dict[str, Any] | None = None, index: int | None = None
) -> dict[str, Any]:
    """The board of a finished game's review (what the board's ``review`` action computes, or
    ``review`` when it was computed before), drawn physically in ``lang``; with ``index`` the
    board's ``review_show`` of that roll."""
    record = json.loads(record_text)
    state = protocol.initial_state(record["rules"], seed=0)
    state = protocol.step(
        state, {"type": "load", "record": record, "index": len(record.get("events", []))}
    )
    state = protocol.step(state, {"type": "view", "view": "physical", "lang": lang})
    if review is None:
        state = protocol.step(state, {"type": "review"})
    else:
        state = {**state, "review": copy.deepcopy(review)}
    if index is not None and not state.get("error"):
        state = protocol.step(state, {"type": "review_show", "index": index})
    if state.get("error"):
        raise Refused("refused", message=str(state.get("message") or state["error"]))
    return state


def worst_plays(review: dict[str, Any]) -> dict[str, int | None]:
    """Each side's worst play in a review: the index of its error that lost the most."""
    out: dict[str, int | None] = {}
    for side in T.SEATS:
        errors = [
            (float(x.get("lost") or 0), -i)
            for i, x in enumerate(review.get("rolls", []))
            if x.get("side") == side and x.get("error")
        ]
        out[side] = -max(errors)[1] if errors else None
    return out


def error(r: Refused, lang: str, ref: Any) -> dict[str, Any]:
    return {"type": "error", "ref": ref, **r.to_json(lang)}


def lobby(pupil: Pupil) -> dict[str, Any]:
    return {"type": "lobby", "you": {"pupil_id": pupil.id, "name": pupil.name}, "waiting": True}


def public_settings(cls: ClassInfo) -> dict[str, Any]:
    return cls.public()


def teacher_settings(cls: ClassInfo, base: str) -> dict[str, Any]:
    """The class for its teacher: the join address (relative) and its QR code (absolute: the
    address pupils type, on the LAN when the server was started with ``--lan``)."""
    url = f"/class/join?code={cls.code}"
    return {
        **cls.public(),
        "join_url": url,
        "join_address": base + url,
        "qr_svg": qr.svg(base + url),
    }


def result_json(r: GameResult) -> dict[str, Any]:
    return {
        "table": r.table,
        "game_no": r.game_no,
        "w": r.w,
        "b": r.b,
        "winner": r.winner,
        "points": r.points,
        "kind": r.kind,
    }


Handler = Callable[[ClassServer, Conn, dict[str, Any]], Awaitable[None]]
HANDLERS: dict[str, dict[str, Handler]] = {
    "pupil": {"act": ClassServer.m_act, "view": ClassServer.m_view, "resync": ClassServer.m_resync},
    "spectator": {"view": ClassServer.m_view, "resync": ClassServer.m_resync},
    "teacher": {
        "view": ClassServer.m_view,
        "resync": ClassServer.m_resync,
        "pair": ClassServer.m_pair,
        "pair_random": ClassServer.m_pair_random,
        "round_robin": ClassServer.m_round_robin,
        "next_round": ClassServer.m_next_round,
        "start": ClassServer.m_start_stop,
        "stop": ClassServer.m_start_stop,
        "watch": ClassServer.m_watch,
        "unwatch": ClassServer.m_watch,
        "review": ClassServer.m_review,
        "settings": ClassServer.m_settings,
        "remove_pupil": ClassServer.m_remove_pupil,
    },
}
ALL_TYPES: Final = {k for h in HANDLERS.values() for k in h} | {"hello"}


# --------------------------------------------------------------------------- HTTP


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_FRAME:
        raise Refused("too_big", 413, limit=MAX_FRAME)
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise Refused("bad_json") from None
    if not isinstance(data, dict):
        raise Refused("bad_json")
    return data


def _address(request: Request) -> str:
    return request.client.host if request.client else "?"


def create_app(
    database_url: str = DEFAULT_DATABASE,
    book_dir: str | Path | None = None,
    *,
    lan: bool = False,
    limits: Limits | None = None,
    sweep: bool = True,
    testing: bool | None = None,
) -> Starlette:
    """The class server: the book (``book_dir``, the built ``_build/html``) at ``/``, the class
    pages at ``/class/``, the API at ``/api/`` and the WebSocket at ``/ws``. ``testing`` (default:
    the environment variable ``PUFFTEACH_SERVER_TESTING=1``) lets a new class take its dice seed
    from the request, so a browser test plays a known game; never in a real ``serve``."""
    if testing is None:
        testing = os.environ.get(TESTING_ENV) == "1"
    store = Store(database_url)
    server = ClassServer(store, limits or Limits(), lan)

    def fail(request: Request, r: Refused) -> Response:
        return SafeJSON({"error": r.to_json(_lang_of(request))}, status_code=r.status)

    def api(
        fn: Callable[[Request], Awaitable[Response]],
    ) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            try:
                return await fn(request)
            except Refused as r:
                return fail(request, r)
            except Exception:  # noqa: BLE001 - a clear error, never a traceback to the client
                log.exception("HTTP %s", request.url.path)
                return fail(request, Refused("internal", 500))

        return endpoint

    async def teacher(request: Request) -> ClassInfo:
        class_id = request.path_params["class_id"]
        cls = await _thread(store.get_class, class_id)
        auth = request.headers.get("authorization", "")
        key = auth[7:] if auth[:7].lower() == "bearer " else ""
        if cls is None:
            raise Refused("no_class", 404)
        if not security.matches(key, cls.teacher_hash):
            raise Refused("auth", 401)
        return cls

    @api
    async def create_class(request: Request) -> Response:
        if not server.create_address.allow(_address(request)):
            raise Refused("join_rate", 429)
        msg = await _body(request)
        name = security.clean_name(msg.get("name"), security.MAX_CLASS_NAME)
        rules = security.get_text(msg, "rules", 200)
        try:
            rules = protocol.initial_state(rules, seed=0)["rules"]
        except ValueError as e:
            raise Refused("rules", message=str(e).splitlines()[0]) from None
        settings = {
            "rules": rules,
            "match_length": security.get_int(msg, "match_length", 1, 15, 1),
            "computer_level": security.get_choice(
                msg, "computer_level", ladder(rule_set(rules)), "beginner"
            ),
            "hints": security.get_bool(msg, "hints", False),
            "tutor": security.get_bool(msg, "tutor", False),
            "same_dice": security.get_bool(msg, "same_dice", False),
            "retention_days": security.get_int(msg, "retention_days", 1, 365, 30),
            "lang": security.get_choice(msg, "lang", LANGUAGES, DEFAULT),
        }
        class_seed = security.seed()
        if "seed" in msg:  # the tests' known dice (with same_dice: every table's)
            if not testing:
                raise Refused("testing_only", field="seed")
            class_seed = security.get_int(msg, "seed", 0, 2**31 - 1)
        cls, key = await _thread(
            store.create_class, name, settings, class_seed, settings["retention_days"]
        )
        return SafeJSON({"class_id": cls.id, "code": cls.code, "teacher_key": key}, 201)

    @api
    async def join(request: Request) -> Response:
        if not server.join_address.allow(_address(request)):
            raise Refused("join_rate", 429)
        msg = await _body(request)
        code = security.normal_code(msg.get("code"))
        if code is None:
            raise Refused("no_class", 404)
        if not server.join_class.allow(code):
            raise Refused("join_rate", 429)
        cls = await _thread(store.class_by_code, code)
        if cls is None:
            raise Refused("no_class", 404)
        name = security.clean_name(msg.get("name"))
        added = await _thread(store.add_pupil, cls.id, name)
        if added is None:
            raise Refused("name_taken", 409, name=name)
        pupil, token = added
        server.overview_soon(cls.id)
        return SafeJSON({"class_id": cls.id, "pupil_id": pupil.id, "token": token})

    @api
    async def get_class(request: Request) -> Response:
        cls = await teacher(request)
        return SafeJSON(await server.overview(cls.id, _lang_of(request)))

    @api
    async def delete_class(request: Request) -> Response:
        cls = await teacher(request)
        await _thread(store.delete_class, cls.id)
        await server.forget_class(cls.id)
        return SafeJSON({"deleted": cls.id})

    @api
    async def games(request: Request) -> Response:
        cls = await teacher(request)
        return SafeJSON({"games": await _thread(export_games, store, cls.id)})

    @api
    async def results_csv(request: Request) -> Response:
        cls = await teacher(request)
        text = results_table(await _thread(store.results, cls.id))
        return Response(
            text,
            media_type="text/csv; charset=utf-8",
            headers={
                "Content-Disposition": 'attachment; filename="results.csv"',
                "X-Content-Type-Options": "nosniff",
            },
        )

    @api
    async def qr_svg(request: Request) -> Response:
        cls = await teacher(request)
        base = f"{request.url.scheme}://{request.url.netloc}"
        return Response(qr.svg(f"{base}/class/join?code={cls.code}"), media_type="image/svg+xml")

    @api
    async def levels(request: Request) -> Response:
        name = request.query_params.get("rules", "")[:200]
        try:
            rs = rule_set(name)
        except ValueError as e:
            raise Refused("rules", message=str(e).splitlines()[0]) from None
        return SafeJSON({"rules": rs.name, "levels": list(ladder(rs))})

    async def words(request: Request) -> Response:
        lang = _lang_of(request)
        # server.* plus the rule sets' and computer levels' titles (the teacher's form)
        keep = ("server.", "preset.", "ui.level.")
        return SafeJSON({k: v for k, v in catalogue(lang).items() if k.startswith(keep)})

    def page(name: str) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            path = STATIC / name
            if not path.exists():
                return PlainTextResponse(render(Message.of("server.not_built", name=name)), 404)
            return FileResponse(path, headers={"Cache-Control": "no-cache"})

        return endpoint

    async def root(request: Request) -> Response:
        return RedirectResponse("/class/")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        tasks = []
        if sweep:
            tasks.append(asyncio.ensure_future(server.sweep()))
        if store.postgres:
            tasks.append(asyncio.ensure_future(server.listen()))
            # serve only once LISTEN is in place: a commit made by another process before
            # that would never reach this one's watchers
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(server.listening.wait(), LISTEN_WAIT)
        try:
            yield
        finally:
            for t in tasks + server.tasks:
                t.cancel()
            store.close()

    routes: list[Any] = [
        Route("/api/classes", api(create_class), methods=["POST"]),
        Route("/api/join", api(join), methods=["POST"]),
        Route("/api/words", words),
        Route("/api/levels", levels),
        Route("/api/classes/{class_id}", get_class, methods=["GET"]),
        Route("/api/classes/{class_id}", delete_class, methods=["DELETE"]),
        Route("/api/classes/{class_id}/games.json", games),
        Route("/api/classes/{class_id}/results.csv", results_csv),
        Route("/api/classes/{class_id}/qr.svg", qr_svg),
        WebSocketRoute("/ws", server.serve_ws),
        Route("/class", page(PAGES[""])),
        *(Route(f"/class/{p}", page(name)) for p, name in PAGES.items()),
    ]
    routes += [
        Mount("/class/widget", app=Cached(directory=WIDGET_STATIC)),
        Mount("/class", app=Cached(directory=STATIC, check_dir=False)),
    ]
    book = Path(book_dir) if book_dir else None
    if book is not None and book.is_dir():
        # (follow_symlink: scripts/build_book.py makes OUT/en, OUT/sv, OUT/de links to the
        # builds beside OUT; ".." still cannot leave the book)
        routes.append(Mount("/", app=Book(directory=book, html=True, follow_symlink=True)))
    else:
        routes.append(Route("/", root))
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.server = server
    app.state.store = store
    return app


def export_games(store: Store, class_id: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for r in store.results(class_id):
        out.append({**result_json(r), "finished": True, "record": json.loads(r.record)})
    for t in store.tables(class_id):
        if t.status != "finished":
            out.append(
                {
                    "table": t.id,
                    "game_no": t.game_no,
                    "w": t.names["w"],
                    "b": t.names["b"],
                    "winner": None,
                    "points": 0,
                    "kind": "",
                    "finished": False,
                    "record": protocol.rebuild(t.state).record(),
                }
            )
    return out


def _cell(value: object) -> str:
    """A CSV cell that no spreadsheet reads as a formula."""
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def results_table(results: list[GameResult]) -> str:
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["table", "game", "white", "black", "winner", "points", "kind"])
    for r in results:
        w.writerow(
            [_cell(x) for x in (r.table, r.game_no, r.w, r.b, r.winner or "", r.points, r.kind)]
        )
    return out.getvalue()
