"""The class server's store: SQLAlchemy 2 models and one :class:`Store` for SQLite and
PostgreSQL. The schema is made by the Alembic migrations in ``migrations/`` (applied when a
:class:`Store` opens a database); every accepted step is one transaction guarded by the table's
revision (``UPDATE ... WHERE rev = :old``)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, cast

from sqlalchemy import (
    BigInteger,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    delete,
    event,
    select,
    text,
    update,
)
from sqlalchemy.engine import CursorResult, Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from . import security

MIGRATIONS = Path(__file__).parent / "migrations"
DEFAULT_DATABASE = "sqlite:///puffteach-classes.sqlite3"
#: the PostgreSQL channel on which a process announces its commits to the others
CHANNEL = "puffteach"


class Base(DeclarativeBase):
    pass


class ClassRow(Base):
    __tablename__ = "classes"
    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    code: Mapped[str] = mapped_column(String(8), unique=True)
    name: Mapped[str] = mapped_column(String(80))
    settings: Mapped[str] = mapped_column(Text)
    seed: Mapped[int] = mapped_column(BigInteger)
    teacher_hash: Mapped[str] = mapped_column(String(64))
    schedule: Mapped[str | None] = mapped_column(Text, nullable=True)
    round_no: Mapped[int] = mapped_column(Integer, default=0)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class PupilRow(Base):
    __tablename__ = "pupils"
    __table_args__ = (UniqueConstraint("class_id", "name"),)
    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    class_id: Mapped[str] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(24))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TableRow(Base):
    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    class_id: Mapped[str] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    w_pupil: Mapped[str | None] = mapped_column(String(24), nullable=True)
    b_pupil: Mapped[str | None] = mapped_column(String(24), nullable=True)
    w_name: Mapped[str] = mapped_column(String(40))
    b_name: Mapped[str] = mapped_column(String(40))
    w_computer: Mapped[str | None] = mapped_column(String(24), nullable=True)
    b_computer: Mapped[str | None] = mapped_column(String(24), nullable=True)
    status: Mapped[str] = mapped_column(String(16))
    match_length: Mapped[int] = mapped_column(Integer)
    game_no: Mapped[int] = mapped_column(Integer)
    score_w: Mapped[int] = mapped_column(Integer)
    score_b: Mapped[int] = mapped_column(Integer)
    round_no: Mapped[int | None] = mapped_column(Integer, nullable=True)
    rev: Mapped[int] = mapped_column(Integer)
    state: Mapped[str] = mapped_column(Text)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class StepRow(Base):
    __tablename__ = "steps"
    __table_args__ = (UniqueConstraint("table_id", "rev"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    rev: Mapped[int] = mapped_column(Integer)
    actor: Mapped[str] = mapped_column(String(16))
    action: Mapped[str] = mapped_column(Text)
    #: ``[[game_no, event], ...]``: the record events this step added (a computer's too)
    events: Mapped[str] = mapped_column(Text)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class GameRow(Base):
    __tablename__ = "games"
    __table_args__ = (UniqueConstraint("table_id", "game_no"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    class_id: Mapped[str] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    game_no: Mapped[int] = mapped_column(Integer)
    w_name: Mapped[str] = mapped_column(String(40))
    b_name: Mapped[str] = mapped_column(String(40))
    winner: Mapped[str | None] = mapped_column(String(1), nullable=True)
    points: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(24))
    record: Mapped[str] = mapped_column(Text)
    finished: Mapped[datetime] = mapped_column(DateTime(timezone=True))


# --------------------------------------------------------------------------- plain values


@dataclass
class ClassInfo:
    id: str
    code: str
    name: str
    settings: dict[str, Any]
    seed: int
    teacher_hash: str
    schedule: list[list[list[str | None]]] | None
    round_no: int
    created: datetime
    expires: datetime

    def public(self) -> dict[str, Any]:
        return {
            "class_id": self.id,
            "name": self.name,
            "code": self.code,
            **{k: v for k, v in self.settings.items()},
            "created": self.created.isoformat(),
            "expires": self.expires.isoformat(),
        }


@dataclass
class Pupil:
    id: str
    class_id: str
    name: str


@dataclass
class Table:
    id: str
    class_id: str
    seats: dict[str, str | None]  # side -> pupil_id
    names: dict[str, str]
    computers: dict[str, str | None]
    status: str
    match_length: int
    game_no: int
    score: dict[str, int]
    round_no: int | None
    rev: int
    state: dict[str, Any]  # the stored protocol fields
    full: dict[str, Any] | None = field(default=None, compare=False)  # the derived state too


@dataclass
class GameResult:
    table: str
    game_no: int
    w: str
    b: str
    winner: str | None
    points: int
    kind: str
    record: str


def _utc(t: datetime) -> datetime:
    return t if t.tzinfo is not None else t.replace(tzinfo=UTC)


def _class(row: ClassRow) -> ClassInfo:
    return ClassInfo(
        row.id,
        row.code,
        row.name,
        json.loads(row.settings),
        row.seed,
        row.teacher_hash,
        json.loads(row.schedule) if row.schedule else None,
        row.round_no,
        _utc(row.created),
        _utc(row.expires),
    )


def _table(row: TableRow) -> Table:
    return Table(
        row.id,
        row.class_id,
        {"w": row.w_pupil, "b": row.b_pupil},
        {"w": row.w_name, "b": row.b_name},
        {"w": row.w_computer, "b": row.b_computer},
        row.status,
        row.match_length,
        row.game_no,
        {"w": row.score_w, "b": row.score_b},
        row.round_no,
        row.rev,
        json.loads(row.state),
    )


def _result(row: GameRow) -> GameResult:
    return GameResult(
        row.table_id,
        row.game_no,
        row.w_name,
        row.b_name,
        row.winner,
        row.points,
        row.kind,
        row.record,
    )


def now() -> datetime:
    return datetime.now(UTC)


# --------------------------------------------------------------------------- the store


def migrate(engine: Engine) -> None:
    """Bring the database to the newest schema (Alembic's ``upgrade head``)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


class Store:
    """Every read and write of the class server (synchronous; the app calls it from worker
    threads). ``url`` is an SQLAlchemy URL: ``sqlite:///file`` or
    ``postgresql+psycopg://user@host:port/db``."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.postgres = url.startswith("postgresql")
        if url.startswith("sqlite"):
            self.engine = create_engine(
                url, connect_args={"check_same_thread": False, "timeout": 30}
            )

            @event.listens_for(self.engine, "connect")
            def _pragmas(dbapi_conn: Any, _record: Any) -> None:
                cur = dbapi_conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=FULL")
                cur.execute("PRAGMA foreign_keys=ON")
                cur.close()
        else:
            self.engine = create_engine(url, pool_size=10, max_overflow=10, pool_recycle=1800)
        migrate(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def _notify(self, s: Session, payload: str) -> None:
        if self.postgres:  # delivered to every listener when the transaction commits
            s.execute(text("SELECT pg_notify(:c, :p)"), {"c": CHANNEL, "p": payload})

    # classes

    def create_class(
        self, name: str, settings: dict[str, Any], class_seed: int, retention_days: int
    ) -> tuple[ClassInfo, str]:
        key = security.new_token()
        t = now()
        with Session(self.engine, expire_on_commit=False) as s, s.begin():
            while True:
                code = security.new_code()
                if s.scalar(select(ClassRow.id).where(ClassRow.code == code)) is None:
                    break
            row = ClassRow(
                id=security.new_id(),
                code=code,
                name=name,
                settings=json.dumps(settings),
                seed=class_seed,
                teacher_hash=security.digest(key),
                schedule=None,
                round_no=0,
                created=t,
                expires=t + timedelta(days=retention_days),
            )
            s.add(row)
            s.flush()
            info = _class(row)
        return info, key

    def get_class(self, class_id: str) -> ClassInfo | None:
        with Session(self.engine, expire_on_commit=False) as s:
            row = s.get(ClassRow, class_id)
            return None if row is None else _class(row)

    def class_by_code(self, code: str) -> ClassInfo | None:
        with Session(self.engine, expire_on_commit=False) as s:
            row = s.scalar(select(ClassRow).where(ClassRow.code == code))
            return None if row is None else _class(row)

    def update_class(self, class_id: str, **fields: Any) -> None:
        values: dict[str, Any] = {}
        if "settings" in fields:
            values["settings"] = json.dumps(fields["settings"])
        if "schedule" in fields:
            values["schedule"] = json.dumps(fields["schedule"])
        if "round_no" in fields:
            values["round_no"] = fields["round_no"]
        with Session(self.engine, expire_on_commit=False) as s, s.begin():
            s.execute(update(ClassRow).where(ClassRow.id == class_id).values(**values))
            self._notify(s, f"class:{class_id}")

    def delete_class(self, class_id: str) -> bool:
        with Session(self.engine, expire_on_commit=False) as s, s.begin():
            tables = select(TableRow.id).where(TableRow.class_id == class_id)
            s.execute(delete(StepRow).where(StepRow.table_id.in_(tables)))
            s.execute(delete(GameRow).where(GameRow.class_id == class_id))
            s.execute(delete(TableRow).where(TableRow.class_id == class_id))
            s.execute(delete(PupilRow).where(PupilRow.class_id == class_id))
            gone = cast(
                CursorResult[Any], s.execute(delete(ClassRow).where(ClassRow.id == class_id))
            ).rowcount
            self._notify(s, f"class:{class_id}")
        return bool(gone)

    def sweep(self, at: datetime | None = None) -> list[str]:
        """Delete every class whose retention period is over; their ids."""
        at = now() if at is None else at
        with Session(self.engine, expire_on_commit=False) as s:
            old = list(s.scalars(select(ClassRow.id).where(ClassRow.expires <= at)))
        for class_id in old:
            self.delete_class(class_id)
        return old

    # pupils

    def add_pupil(self, class_id: str, name: str) -> tuple[Pupil, str] | None:
        """A new pupil and their seat token; None when the name is taken in the class."""
        token = security.new_token()
        with Session(self.engine, expire_on_commit=False) as s, s.begin():
            taken = s.scalar(
                select(PupilRow.id).where(PupilRow.class_id == class_id, PupilRow.name == name)
            )
            if taken is not None:
                return None
            row = PupilRow(
                id=security.new_id(),
                class_id=class_id,
                name=name,
                token_hash=security.digest(token),
                created=now(),
            )
            s.add(row)
            self._notify(s, f"class:{class_id}")
        return Pupil(row.id, class_id, name), token

    def pupil_by_token(self, class_id: str, token: object) -> Pupil | None:
        if not isinstance(token, str) or not token or len(token) > 200:
            return None
        want = security.digest(token)
        with Session(self.engine, expire_on_commit=False) as s:
            row = s.scalar(select(PupilRow).where(PupilRow.token_hash == want))
            if (
                row is None
                or row.class_id != class_id
                or not security.matches(token, row.token_hash)
            ):
                return None
            return Pupil(row.id, row.class_id, row.name)

    def pupils(self, class_id: str) -> list[Pupil]:
        with Session(self.engine, expire_on_commit=False) as s:
            rows = s.scalars(
                select(PupilRow).where(PupilRow.class_id == class_id).order_by(PupilRow.created)
            )
            return [Pupil(r.id, r.class_id, r.name) for r in rows]

    def remove_pupil(self, class_id: str, pupil_id: str) -> bool:
        with Session(self.engine, expire_on_commit=False) as s, s.begin():
            n = cast(
                CursorResult[Any],
                s.execute(
                    delete(PupilRow).where(PupilRow.class_id == class_id, PupilRow.id == pupil_id)
                ),
            ).rowcount
            self._notify(s, f"class:{class_id}")
        return bool(n)

    # tables

    def create_table(self, table: Table, events: list[Any]) -> None:
        """Store a new table (revision 0) and its first step (a computer's opening events)."""
        with Session(self.engine, expire_on_commit=False) as s, s.begin():
            s.add(
                TableRow(
                    id=table.id,
                    class_id=table.class_id,
                    w_pupil=table.seats["w"],
                    b_pupil=table.seats["b"],
                    w_name=table.names["w"],
                    b_name=table.names["b"],
                    w_computer=table.computers["w"],
                    b_computer=table.computers["b"],
                    status=table.status,
                    match_length=table.match_length,
                    game_no=table.game_no,
                    score_w=table.score["w"],
                    score_b=table.score["b"],
                    round_no=table.round_no,
                    rev=table.rev,
                    state=json.dumps(table.state),
                    created=now(),
                )
            )
            s.flush()
            s.add(
                StepRow(
                    table_id=table.id,
                    rev=table.rev,
                    actor="server",
                    action=json.dumps({"type": "start"}),
                    events=json.dumps(events),
                    created=now(),
                )
            )
            self._notify(s, f"table:{table.id}:{table.rev}")

    def get_table(self, table_id: str) -> Table | None:
        with Session(self.engine, expire_on_commit=False) as s:
            row = s.get(TableRow, table_id)
            return None if row is None else _table(row)

    def tables(self, class_id: str) -> list[Table]:
        with Session(self.engine, expire_on_commit=False) as s:
            rows = s.scalars(
                select(TableRow).where(TableRow.class_id == class_id).order_by(TableRow.created)
            )
            return [_table(r) for r in rows]

    def commit_step(
        self,
        old_rev: int,
        table: Table,
        actor: str,
        action: dict[str, Any],
        events: list[Any],
        finished: GameResult | None = None,
    ) -> bool:
        """Store one accepted action: the step, the table's new state (revision ``table.rev``)
        and a finished game's result, in one transaction, only if the stored revision is still
        ``old_rev``. False (nothing stored) when another process was first."""
        with Session(self.engine, expire_on_commit=False) as s, s.begin():
            n = cast(
                CursorResult[Any],
                s.execute(
                    update(TableRow)
                    .where(TableRow.id == table.id, TableRow.rev == old_rev)
                    .values(
                        rev=table.rev,
                        status=table.status,
                        game_no=table.game_no,
                        score_w=table.score["w"],
                        score_b=table.score["b"],
                        state=json.dumps(table.state),
                    )
                ),
            ).rowcount
            if n != 1:
                s.rollback()
                return False
            s.add(
                StepRow(
                    table_id=table.id,
                    rev=table.rev,
                    actor=actor,
                    action=json.dumps(action),
                    events=json.dumps(events),
                    created=now(),
                )
            )
            if finished is not None:
                s.add(
                    GameRow(
                        table_id=table.id,
                        class_id=table.class_id,
                        game_no=finished.game_no,
                        w_name=finished.w,
                        b_name=finished.b,
                        winner=finished.winner,
                        points=finished.points,
                        kind=finished.kind,
                        record=finished.record,
                        finished=now(),
                    )
                )
            self._notify(s, f"table:{table.id}:{table.rev}")
        return True

    def steps(self, table_id: str) -> list[tuple[int, str, dict[str, Any], list[Any]]]:
        """Every stored step of a table: (rev, actor, action, events), oldest first."""
        with Session(self.engine, expire_on_commit=False) as s:
            rows = s.scalars(
                select(StepRow).where(StepRow.table_id == table_id).order_by(StepRow.rev)
            )
            return [(r.rev, r.actor, json.loads(r.action), json.loads(r.events)) for r in rows]

    def results(self, class_id: str) -> list[GameResult]:
        with Session(self.engine, expire_on_commit=False) as s:
            rows = s.scalars(
                select(GameRow).where(GameRow.class_id == class_id).order_by(GameRow.id)
            )
            return [_result(r) for r in rows]

    def result(self, table_id: str, game_no: int) -> GameResult | None:
        with Session(self.engine, expire_on_commit=False) as s:
            row = s.scalar(
                select(GameRow).where(GameRow.table_id == table_id, GameRow.game_no == game_no)
            )
            return None if row is None else _result(row)


__all__ = [
    "ClassInfo",
    "DEFAULT_DATABASE",
    "GameResult",
    "Pupil",
    "Store",
    "Table",
]
