"""Players' names: the four seats of a game may be named (``game.players``, a JSON object).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01 08:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("game") as batch_op:
        batch_op.add_column(sa.Column("players", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game") as batch_op:
        batch_op.drop_column("players")
