"""Device keys and their grants: the games a browser may edit, kept on the server.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 11:50:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_text = sqlmodel.sql.sqltypes.AutoString
_time = sqlmodel.sql.sqltypes.UTCDateTime


def upgrade() -> None:
    op.create_table(
        "device",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key_hash", _text(length=64), nullable=False),
        sa.Column("created_at", _time(), nullable=False),
        sa.Column("seen_at", _time(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_device"),
    )
    with op.batch_alter_table("device") as batch_op:
        batch_op.create_index("ix_device_key_hash", ["key_hash"], unique=True)
        batch_op.create_index("ix_device_seen_at", ["seen_at"], unique=False)
    op.create_table(
        "device_grant",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("device_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("play_game_id", sa.Integer(), nullable=True),
        sa.Column("nonce", _text(length=32), nullable=False),
        sa.Column("sealed", _text(length=200), nullable=False),
        sa.Column("granted_at", _time(), nullable=False),
        sa.ForeignKeyConstraint(
            ["device_id"],
            ["device.id"],
            name="fk_device_grant_device_id_device",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["game_id"], ["game.id"], name="fk_device_grant_game_id_game", ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["play_game_id"],
            ["play_game.id"],
            name="fk_device_grant_play_game_id_play_game",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_device_grant"),
        sa.UniqueConstraint("device_id", "game_id", name="uq_device_grant_device_id_game_id"),
        sa.UniqueConstraint(
            "device_id", "play_game_id", name="uq_device_grant_device_id_play_game_id"
        ),
    )
    with op.batch_alter_table("device_grant") as batch_op:
        batch_op.create_index("ix_device_grant_device_id", ["device_id"], unique=False)
        batch_op.create_index("ix_device_grant_game_id", ["game_id"], unique=False)
        batch_op.create_index("ix_device_grant_play_game_id", ["play_game_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("device_grant") as batch_op:
        batch_op.drop_index("ix_device_grant_play_game_id")
        batch_op.drop_index("ix_device_grant_game_id")
        batch_op.drop_index("ix_device_grant_device_id")
    op.drop_table("device_grant")
    with op.batch_alter_table("device") as batch_op:
        batch_op.drop_index("ix_device_seen_at")
        batch_op.drop_index("ix_device_key_hash")
    op.drop_table("device")
