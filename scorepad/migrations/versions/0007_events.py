"""Events: a club night or a tournament, its teams, its rounds and each round's tables (issue 22).

A table's match is an ordinary score sheet (``event_table.game_id``, set NULL if the game is
purged); removing an event removes its teams, rounds and tables, not the tables' games.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03 13:50:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_text = sqlmodel.sql.sqltypes.AutoString
_time = sqlmodel.sql.sqltypes.UTCDateTime


def _belongs_to(child: str, parent: str) -> sa.ForeignKeyConstraint:
    column = parent.removeprefix("event_") + "_id"
    return sa.ForeignKeyConstraint(
        [column], [f"{parent}.id"], name=f"fk_{child}_{column}_{parent}", ondelete="CASCADE"
    )


def upgrade() -> None:
    op.create_table(
        "event",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("public_id", _text(length=32), nullable=False),
        sa.Column("token_hash", _text(length=64), nullable=False),
        sa.Column("name", _text(length=80), nullable=False),
        sa.Column("variant", _text(length=100), nullable=False),
        sa.Column("preset", _text(length=100), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("round_deals", sa.Integer(), nullable=True),
        sa.Column("round_target", sa.Integer(), nullable=True),
        sa.Column("pairing", _text(length=20), nullable=False),
        sa.Column("bye", _text(length=10), nullable=False),
        sa.Column("bye_points", sa.Integer(), nullable=False),
        sa.Column("bye_against", sa.Integer(), nullable=False),
        sa.Column("win", sa.Integer(), nullable=False),
        sa.Column("draw", sa.Integer(), nullable=False),
        sa.Column("loss", sa.Integer(), nullable=False),
        sa.Column("boards", sa.Boolean(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("creator", _text(length=64), nullable=True),
        sa.Column("created_at", _time(), nullable=False),
        sa.Column("updated_at", _time(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_event"),
    )
    with op.batch_alter_table("event") as batch_op:
        batch_op.create_index("ix_event_public_id", ["public_id"], unique=True)
        batch_op.create_index("ix_event_token_hash", ["token_hash"], unique=True)
        batch_op.create_index("ix_event_creator_created_at", ["creator", "created_at"])
    op.create_table(
        "event_team",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("name", _text(length=60), nullable=False),
        sa.Column("players", sa.JSON(none_as_null=True), nullable=True),
        sa.Column("club", _text(length=60), nullable=True),
        sa.Column("withdrawn_from", sa.Integer(), nullable=True),
        _belongs_to("event_team", "event"),
        sa.PrimaryKeyConstraint("id", name="pk_event_team"),
        sa.UniqueConstraint("event_id", "number", name="uq_event_team_event_id_number"),
    )
    op.create_table(
        "event_round",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("state", _text(length=10), nullable=False),
        sa.Column("byes", sa.JSON(), nullable=False),
        sa.Column("forced_reason", _text(length=200), nullable=True),
        sa.Column("due_at", _time(), nullable=True),
        sa.Column("started_at", _time(), nullable=True),
        sa.Column("closed_at", _time(), nullable=True),
        _belongs_to("event_round", "event"),
        sa.PrimaryKeyConstraint("id", name="pk_event_round"),
        sa.UniqueConstraint("event_id", "number", name="uq_event_round_event_id_number"),
    )
    op.create_table(
        "event_table",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("team_a", sa.Integer(), nullable=False),
        sa.Column("team_b", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("minted_at", _time(), nullable=True),
        _belongs_to("event_table", "event_round"),
        sa.ForeignKeyConstraint(
            ["game_id"], ["game.id"], name="fk_event_table_game_id_game", ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_event_table"),
        sa.UniqueConstraint("round_id", "number", name="uq_event_table_round_id_number"),
    )
    for table, column in (
        ("event_team", "event_id"),
        ("event_round", "event_id"),
        ("event_table", "round_id"),
        ("event_table", "game_id"),
    ):
        with op.batch_alter_table(table) as batch_op:
            batch_op.create_index(f"ix_{table}_{column}", [column])


def downgrade() -> None:
    for table in ("event_table", "event_round", "event_team", "event"):
        op.drop_table(table)
