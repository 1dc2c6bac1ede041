"""Per-deal stored state (score, match state, dealer), the game's state and summary, who
created a game or a play-table match (the creation limit) and indexes for purging untouched
ones.

Existing games keep ``state`` NULL: the scorepad scores each once, on its first read or write
(the migration cannot load the variants' plugins).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 11:45:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_text = sqlmodel.sql.sqltypes.AutoString


def upgrade() -> None:
    with op.batch_alter_table("game") as batch_op:
        batch_op.add_column(sa.Column("state", sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column("summary", sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column("creator", _text(length=64), nullable=True))
        batch_op.create_index("ix_game_creator_created_at", ["creator", "created_at"])
        batch_op.create_index("ix_game_updated_at", ["updated_at"])
    with op.batch_alter_table("play_game") as batch_op:
        batch_op.add_column(sa.Column("creator", _text(length=64), nullable=True))
        batch_op.create_index("ix_play_game_creator_created_at", ["creator", "created_at"])
        batch_op.create_index("ix_play_game_updated_at", ["updated_at"])
    with op.batch_alter_table("deal") as batch_op:
        batch_op.add_column(sa.Column("dealer", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("score", sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column("state", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("deal") as batch_op:
        batch_op.drop_column("state")
        batch_op.drop_column("score")
        batch_op.drop_column("dealer")
    with op.batch_alter_table("play_game") as batch_op:
        batch_op.drop_index("ix_play_game_updated_at")
        batch_op.drop_index("ix_play_game_creator_created_at")
        batch_op.drop_column("creator")
    with op.batch_alter_table("game") as batch_op:
        batch_op.drop_index("ix_game_updated_at")
        batch_op.drop_index("ix_game_creator_created_at")
        batch_op.drop_column("creator")
        batch_op.drop_column("summary")
        batch_op.drop_column("state")
