"""A deal's board: ``deal.board``, which board of its round a deal of a table of an event on
boards is (1 to the round's deals), as its scorer says; NULL for any other deal. Until now deal
*k* of such a table was board *k* by its position: the upgrade writes that into the deals
already there (``board = number`` for the tables of the events on boards), so each keeps the
board it was compared as.

The column is added and dropped in place (``ALTER TABLE ... ADD/DROP COLUMN``, SQLite 3.35 or
later; no table references ``deal``, but a batch copy of it is still not needed). The
downgrade loses which board a deal was: deal *k* is board *k* again, whatever order its table
recorded its boards in.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-04 01:10:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("deal", sa.Column("board", sa.Integer(), nullable=True))
    event = sa.table("event", sa.column("id"), sa.column("boards", sa.Boolean))
    rounds = sa.table("event_round", sa.column("id"), sa.column("event_id"))
    tables = sa.table("event_table", sa.column("round_id"), sa.column("game_id"))
    deal = sa.table("deal", sa.column("game_id"), sa.column("number"), sa.column("board"))
    on_boards = (
        sa.select(tables.c.game_id)
        .join(rounds, rounds.c.id == tables.c.round_id)
        .join(event, event.c.id == rounds.c.event_id)
        .where(event.c.boards.is_(True), tables.c.game_id.is_not(None))
    )
    op.execute(deal.update().where(deal.c.game_id.in_(on_boards)).values(board=deal.c.number))


def downgrade() -> None:
    op.execute("ALTER TABLE deal DROP COLUMN board")
