"""First schema: games, their deals, the app's settings.

Revision ID: 0001
Revises:
Create Date: 2026-11-30 10:18:29
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_text = sqlmodel.sql.sqltypes.AutoString
_time = sqlmodel.sql.sqltypes.UTCDateTime


def upgrade() -> None:
    op.create_table(
        "game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("public_id", _text(length=32), nullable=False),
        sa.Column("variant", _text(length=100), nullable=False),
        sa.Column("preset", _text(length=100), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("team_ns", _text(length=60), nullable=False),
        sa.Column("team_ew", _text(length=60), nullable=False),
        sa.Column("first_dealer", sa.Integer(), nullable=False),
        sa.Column("edit_token_hash", _text(length=64), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("deal_count", sa.Integer(), nullable=False),
        sa.Column("total_ns", sa.Integer(), nullable=False),
        sa.Column("total_ew", sa.Integer(), nullable=False),
        sa.Column("over", sa.Boolean(), nullable=False),
        sa.Column("winner", _text(length=2), nullable=True),
        sa.Column("created_at", _time(), nullable=False),
        sa.Column("updated_at", _time(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_game"),
    )
    with op.batch_alter_table("game") as batch_op:
        batch_op.create_index("ix_game_public_id", ["public_id"], unique=True)

    op.create_table(
        "setting",
        sa.Column("key", _text(length=60), nullable=False),
        sa.Column("value", _text(length=500), nullable=False),
        sa.PrimaryKeyConstraint("key", name="pk_setting"),
    )
    op.create_table(
        "deal",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("record", sa.JSON(), nullable=False),
        sa.Column("created_at", _time(), nullable=False),
        sa.Column("updated_at", _time(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["game.id"], name="fk_deal_game_id_game", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_deal"),
        sa.UniqueConstraint("game_id", "number", name="uq_deal_game_id_number"),
    )
    with op.batch_alter_table("deal") as batch_op:
        batch_op.create_index("ix_deal_game_id", ["game_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("deal") as batch_op:
        batch_op.drop_index("ix_deal_game_id")
    op.drop_table("deal")
    op.drop_table("setting")
    with op.batch_alter_table("game") as batch_op:
        batch_op.drop_index("ix_game_public_id")
    op.drop_table("game")
