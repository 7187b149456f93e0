"""The first schema: classes, pupils, tables, steps, games.

Revision ID: 0001
Revises:
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "classes",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("code", sa.String(8), nullable=False, unique=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("settings", sa.Text(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("teacher_hash", sa.String(64), nullable=False),
        sa.Column("schedule", sa.Text(), nullable=True),
        sa.Column("round_no", sa.Integer(), nullable=False),
        sa.Column("created", TZ, nullable=False),
        sa.Column("expires", TZ, nullable=False),
    )
    op.create_index("ix_classes_expires", "classes", ["expires"])
    op.create_table(
        "pupils",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column(
            "class_id",
            sa.String(24),
            sa.ForeignKey("classes.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created", TZ, nullable=False),
        sa.UniqueConstraint("class_id", "name"),
    )
    op.create_index("ix_pupils_class_id", "pupils", ["class_id"])
    op.create_table(
        "tables",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column(
            "class_id",
            sa.String(24),
            sa.ForeignKey("classes.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("w_pupil", sa.String(24), nullable=True),
        sa.Column("b_pupil", sa.String(24), nullable=True),
        sa.Column("w_name", sa.String(40), nullable=False),
        sa.Column("b_name", sa.String(40), nullable=False),
        sa.Column("w_computer", sa.String(24), nullable=True),
        sa.Column("b_computer", sa.String(24), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("match_length", sa.Integer(), nullable=False),
        sa.Column("game_no", sa.Integer(), nullable=False),
        sa.Column("score_w", sa.Integer(), nullable=False),
        sa.Column("score_b", sa.Integer(), nullable=False),
        sa.Column("round_no", sa.Integer(), nullable=True),
        sa.Column("rev", sa.Integer(), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("created", TZ, nullable=False),
    )
    op.create_index("ix_tables_class_id", "tables", ["class_id"])
    op.create_table(
        "steps",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "table_id",
            sa.String(24),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("rev", sa.Integer(), nullable=False),
        sa.Column("actor", sa.String(16), nullable=False),
        sa.Column("action", sa.Text(), nullable=False),
        sa.Column("events", sa.Text(), nullable=False),
        sa.Column("created", TZ, nullable=False),
        sa.UniqueConstraint("table_id", "rev"),
    )
    op.create_index("ix_steps_table_id", "steps", ["table_id"])
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "table_id",
            sa.String(24),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column(
            "class_id",
            sa.String(24),
            sa.ForeignKey("classes.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("game_no", sa.Integer(), nullable=False),
        sa.Column("w_name", sa.String(40), nullable=False),
        sa.Column("b_name", sa.String(40), nullable=False),
        sa.Column("winner", sa.String(1), nullable=True),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(24), nullable=False),
        sa.Column("record", sa.Text(), nullable=False),
        sa.Column("finished", TZ, nullable=False),
        sa.UniqueConstraint("table_id", "game_no"),
    )
    op.create_index("ix_games_table_id", "games", ["table_id"])
    op.create_index("ix_games_class_id", "games", ["class_id"])


def downgrade() -> None:
    for name in ("games", "steps", "tables", "pupils", "classes"):
        op.drop_table(name)
