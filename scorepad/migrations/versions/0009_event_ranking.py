"""An event's ranking: ``event.ranking``, what ranks the teams first: ``"match_points"`` (what
every event did before, the default of the rows already there) or ``"boards"`` (the sum of the
board differences, an event on boards only).

The column is added and dropped in place (``ALTER TABLE ... ADD/DROP COLUMN``, SQLite 3.35 or
later): copying ``event`` whole, as Alembic's batch mode does on SQLite, would drop the old copy
and with it every team, round and table that references it (``ON DELETE CASCADE``). The
downgrade loses the choice: the events ranked by boards rank by match points again.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-04 00:50:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_text = sqlmodel.sql.sqltypes.AutoString


def upgrade() -> None:
    op.add_column(
        "event",
        sa.Column("ranking", _text(length=20), nullable=False, server_default="match_points"),
    )


def downgrade() -> None:
    op.execute("ALTER TABLE event DROP COLUMN ranking")
