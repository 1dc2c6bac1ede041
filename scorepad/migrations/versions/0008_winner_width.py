"""A match's winner as long as a variant's names: ``game.winner`` from VARCHAR(2), made for the
team codes ``NS`` and ``EW``, to VARCHAR(40), the kernel's ``NAME_LENGTH`` when this migration
was written (the longest seat name, score column key or group a variant may declare: a winner is
one of them).

PostgreSQL widens the column in place (no rewrite of the rows). SQLite, which does not change a
column's type, adds the new column, copies the winners into it, drops the old one and renames
the new one, each in place (SQLite 3.35 or later): copying ``game`` whole, as Alembic's batch
mode does, would drop the old copy, and with it every deal, grant and event table that
references it (``ON DELETE CASCADE``, see 0006). The column moves to the end of the table.

The downgrade narrows it again and loses what VARCHAR(2) cannot hold: a winner longer than two
characters is set to NULL (the match's ``state`` keeps its outcome).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-03 17:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_text = sqlmodel.sql.sqltypes.AutoString

WIDE = 40
NARROW = 2


def _retype(old: int, new: int) -> None:
    """``game.winner`` from VARCHAR(old) to VARCHAR(new), its rows kept."""
    if op.get_bind().dialect.name != "sqlite":
        op.alter_column(
            "game",
            "winner",
            existing_type=_text(length=old),
            type_=_text(length=new),
            existing_nullable=True,
        )
        return
    # (op.add_column, not batch mode: ALTER TABLE ADD COLUMN, no copy)
    op.add_column("game", sa.Column("winner_retyped", _text(length=new), nullable=True))
    op.execute("UPDATE game SET winner_retyped = winner")
    op.execute("ALTER TABLE game DROP COLUMN winner")
    op.execute("ALTER TABLE game RENAME COLUMN winner_retyped TO winner")


def upgrade() -> None:
    _retype(NARROW, WIDE)


def downgrade() -> None:
    game = sa.table("game", sa.column("winner", sa.String))
    op.execute(game.update().where(sa.func.length(game.c.winner) > NARROW).values(winner=None))
    _retype(WIDE, NARROW)
