"""The play table: matches against the computer and their deals' event logs.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 08:45:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_text = sqlmodel.sql.sqltypes.AutoString
_time = sqlmodel.sql.sqltypes.UTCDateTime


def upgrade() -> None:
    op.create_table(
        "play_game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key_hash", _text(length=64), nullable=False),
        sa.Column("variant", _text(length=100), nullable=False),
        sa.Column("preset", _text(length=100), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("bot", _text(length=40), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("practice", sa.Boolean(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("first_dealer", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("deal_count", sa.Integer(), nullable=False),
        sa.Column("total_ns", sa.Integer(), nullable=False),
        sa.Column("total_ew", sa.Integer(), nullable=False),
        sa.Column("over", sa.Boolean(), nullable=False),
        sa.Column("winner", _text(length=2), nullable=True),
        sa.Column("created_at", _time(), nullable=False),
        sa.Column("updated_at", _time(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_play_game"),
    )
    with op.batch_alter_table("play_game") as batch_op:
        batch_op.create_index("ix_play_game_key_hash", ["key_hash"], unique=True)
    op.create_table(
        "play_deal",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("dealer", sa.Integer(), nullable=False),
        sa.Column("deck", _text(length=400), nullable=False),
        sa.Column("context", sa.JSON(), nullable=False),
        sa.Column("events", sa.JSON(), nullable=False),
        sa.Column("record", sa.JSON(), nullable=True),
        sa.Column("created_at", _time(), nullable=False),
        sa.Column("updated_at", _time(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["play_game.id"], name="fk_play_deal_game_id_play_game", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_play_deal"),
        sa.UniqueConstraint("game_id", "number", name="uq_play_deal_game_id_number"),
    )
    with op.batch_alter_table("play_deal") as batch_op:
        batch_op.create_index("ix_play_deal_game_id", ["game_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("play_deal") as batch_op:
        batch_op.drop_index("ix_play_deal_game_id")
    op.drop_table("play_deal")
    with op.batch_alter_table("play_game") as batch_op:
        batch_op.drop_index("ix_play_game_key_hash")
    op.drop_table("play_game")
