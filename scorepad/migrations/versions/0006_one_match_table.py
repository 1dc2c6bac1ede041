"""One table of matches, one table of deals: the play table's matches and deals join the score
sheets' (``play_game`` into ``game``, ``play_deal`` into ``deal``).

``game`` gains ``kind`` (``"sheet"``, or ``"play"`` for a game against the computer) and the
play table's columns (``seat``, ``bot``, ``practice``, ``seed``); ``edit_token_hash`` becomes
``token_hash``, the hash of either kind's capability (a sheet's edit token, a table's link key),
unique. ``deal`` gains a played deal's ``deck``, ``context`` and ``events``, and its ``record``
may be NULL (a deal being played). A device grant names its match in ``game_id`` alone.

A moved play-table match gets a new id and a public id (the grants follow it); its deals keep
their records and event logs, with ``score`` and ``state`` NULL as the match's ``state``: the
migration cannot load the variants' plugins, so ``atout backfill`` scores them (the scorepad
never scores on a read).

SQLite: ``game`` is only added to and renamed in place (ALTER TABLE, SQLite 3.25 or later), never
copied: dropping the old copy of a table that others reference would delete their rows through
``ON DELETE CASCADE``. ``deal`` and ``device_grant``, which nothing references, are copied by
Alembic's batch mode. The downgrade drops columns in place (SQLite 3.35 or later) and loses
what the old schema cannot hold: the scores and states of play-table deals.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03 10:50:00
"""

import secrets
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_text = sqlmodel.sql.sqltypes.AutoString
_time = sqlmodel.sql.sqltypes.UTCDateTime

#: None as SQL NULL (the models' nullable JSON columns)
_JSON = sa.JSON(none_as_null=True)

# The tables as this migration reads and writes their rows (not the models, which move on).
_PLAY_GAME_COLUMNS = (
    "variant",
    "preset",
    "rules",
    "bot",
    "seat",
    "practice",
    "seed",
    "first_dealer",
    "version",
    "deal_count",
    "total_ns",
    "total_ew",
    "over",
    "winner",
    "creator",
    "created_at",
    "updated_at",
)
_PLAY_DEAL_COLUMNS = (
    "number",
    "dealer",
    "deck",
    "context",
    "events",
    "record",
    "created_at",
    "updated_at",
)


def _common_game_columns() -> list[sa.ColumnClause[Any]]:
    return [
        sa.column("id", sa.Integer),
        sa.column("variant", sa.String),
        sa.column("preset", sa.String),
        sa.column("rules", _JSON),
        sa.column("bot", sa.String),
        sa.column("seat", sa.Integer),
        sa.column("practice", sa.Boolean),
        sa.column("seed", sa.Integer),
        sa.column("first_dealer", sa.Integer),
        sa.column("version", sa.Integer),
        sa.column("deal_count", sa.Integer),
        sa.column("total_ns", sa.Integer),
        sa.column("total_ew", sa.Integer),
        sa.column("over", sa.Boolean),
        sa.column("winner", sa.String),
        sa.column("creator", sa.String),
        sa.column("created_at", _time),
        sa.column("updated_at", _time),
    ]


def _common_deal_columns() -> list[sa.ColumnClause[Any]]:
    return [
        sa.column("id", sa.Integer),
        sa.column("game_id", sa.Integer),
        sa.column("number", sa.Integer),
        sa.column("dealer", sa.Integer),
        sa.column("deck", sa.String),
        sa.column("context", _JSON),
        sa.column("events", _JSON),
        sa.column("record", _JSON),
        sa.column("created_at", _time),
        sa.column("updated_at", _time),
    ]


def _game() -> sa.TableClause:
    return sa.table(
        "game",
        *_common_game_columns(),
        sa.column("kind", sa.String),
        sa.column("public_id", sa.String),
        sa.column("token_hash", sa.String),
        sa.column("team_ns", sa.String),
        sa.column("team_ew", sa.String),
    )


def _play_game() -> sa.TableClause:
    return sa.table("play_game", *_common_game_columns(), sa.column("key_hash", sa.String))


def _deal() -> sa.TableClause:
    return sa.table("deal", *_common_deal_columns())


def _play_deal() -> sa.TableClause:
    return sa.table("play_deal", *_common_deal_columns())


_GRANT = sa.table(
    "device_grant",
    sa.column("id", sa.Integer),
    sa.column("game_id", sa.Integer),
    sa.column("play_game_id", sa.Integer),
)


def upgrade() -> None:
    conn = op.get_bind()
    with op.batch_alter_table("game") as batch_op:  # ALTER TABLE ADD COLUMN: no copy
        batch_op.add_column(
            sa.Column("kind", _text(length=10), nullable=False, server_default="sheet")
        )
        batch_op.add_column(sa.Column("seat", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("bot", _text(length=40), nullable=True))
        # (a default given as text: an SQL expression would make Alembic copy the table)
        batch_op.add_column(sa.Column("practice", sa.Boolean(), nullable=False, server_default="0"))
        batch_op.add_column(sa.Column("seed", sa.Integer(), nullable=True))
    op.execute("ALTER TABLE game RENAME COLUMN edit_token_hash TO token_hash")
    with op.batch_alter_table("deal") as batch_op:
        batch_op.add_column(sa.Column("deck", _text(length=400), nullable=True))
        batch_op.add_column(sa.Column("context", sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column("events", sa.JSON(), nullable=True))
        batch_op.alter_column("record", existing_type=sa.JSON(), nullable=True)

    # The play table's matches and deals move over, each match with a new id.
    game, deal, play_game, play_deal = _game(), _deal(), _play_game(), _play_deal()
    new_ids: dict[int, int] = {}
    for row in conn.execute(sa.select(play_game).order_by(play_game.c.id)).mappings():
        values = {name: row[name] for name in _PLAY_GAME_COLUMNS}
        new_ids[row["id"]] = conn.execute(
            game.insert()
            .values(
                kind="play",
                public_id=secrets.token_urlsafe(9),
                token_hash=row["key_hash"],
                team_ns="NS",
                team_ew="EW",
                **values,
            )
            .returning(game.c.id)
        ).scalar_one()
    for row in conn.execute(sa.select(play_deal).order_by(play_deal.c.id)).mappings():
        values = {name: row[name] for name in _PLAY_DEAL_COLUMNS}
        conn.execute(deal.insert().values(game_id=new_ids[row["game_id"]], **values))
    for old, new in new_ids.items():
        conn.execute(_GRANT.update().where(_GRANT.c.play_game_id == old).values(game_id=new))

    with op.batch_alter_table("device_grant") as batch_op:
        batch_op.drop_index("ix_device_grant_play_game_id")
        batch_op.drop_constraint("uq_device_grant_device_id_play_game_id", type_="unique")
        batch_op.drop_constraint("fk_device_grant_play_game_id_play_game", type_="foreignkey")
        batch_op.drop_column("play_game_id")
        batch_op.alter_column("game_id", existing_type=sa.Integer(), nullable=False)
    with op.batch_alter_table("play_deal") as batch_op:
        batch_op.drop_index("ix_play_deal_game_id")
    op.drop_table("play_deal")
    with op.batch_alter_table("play_game") as batch_op:
        batch_op.drop_index("ix_play_game_updated_at")
        batch_op.drop_index("ix_play_game_creator_created_at")
        batch_op.drop_index("ix_play_game_key_hash")
    op.drop_table("play_game")
    with op.batch_alter_table("game") as batch_op:  # an index only: no copy
        batch_op.create_index("ix_game_token_hash", ["token_hash"], unique=True)


def downgrade() -> None:
    conn = op.get_bind()
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
        sa.Column("creator", _text(length=64), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_play_game"),
    )
    with op.batch_alter_table("play_game") as batch_op:
        batch_op.create_index("ix_play_game_key_hash", ["key_hash"], unique=True)
        batch_op.create_index("ix_play_game_creator_created_at", ["creator", "created_at"])
        batch_op.create_index("ix_play_game_updated_at", ["updated_at"])
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
    with op.batch_alter_table("device_grant") as batch_op:
        batch_op.add_column(sa.Column("play_game_id", sa.Integer(), nullable=True))
        batch_op.alter_column("game_id", existing_type=sa.Integer(), nullable=True)
        batch_op.create_foreign_key(
            "fk_device_grant_play_game_id_play_game",
            "play_game",
            ["play_game_id"],
            ["id"],
            ondelete="CASCADE",
        )
        batch_op.create_unique_constraint(
            "uq_device_grant_device_id_play_game_id", ["device_id", "play_game_id"]
        )
        batch_op.create_index("ix_device_grant_play_game_id", ["play_game_id"], unique=False)

    game, deal, play_game, play_deal = _game(), _deal(), _play_game(), _play_deal()
    played = conn.execute(
        sa.select(game).where(game.c.kind == "play").order_by(game.c.id)
    ).mappings()
    for row in list(played):
        values = {name: row[name] for name in _PLAY_GAME_COLUMNS}
        values["seed"] = values["seed"] or 0
        values["seat"] = values["seat"] if values["seat"] is not None else 2
        new = conn.execute(
            play_game.insert()
            .values(key_hash=row["token_hash"], **values)
            .returning(play_game.c.id)
        ).scalar_one()
        deals = conn.execute(
            sa.select(deal).where(deal.c.game_id == row["id"]).order_by(deal.c.number)
        ).mappings()
        for item in list(deals):
            conn.execute(
                play_deal.insert().values(
                    game_id=new, **{name: item[name] for name in _PLAY_DEAL_COLUMNS}
                )
            )
        conn.execute(
            _GRANT.update()
            .where(_GRANT.c.game_id == row["id"])
            .values(game_id=None, play_game_id=new)
        )
        conn.execute(deal.delete().where(deal.c.game_id == row["id"]))
        conn.execute(game.delete().where(game.c.id == row["id"]))

    with op.batch_alter_table("deal") as batch_op:
        batch_op.alter_column("record", existing_type=sa.JSON(), nullable=False)
        batch_op.drop_column("events")
        batch_op.drop_column("context")
        batch_op.drop_column("deck")
    with op.batch_alter_table("game") as batch_op:  # an index only: no copy
        batch_op.drop_index("ix_game_token_hash")
    op.execute("ALTER TABLE game RENAME COLUMN token_hash TO edit_token_hash")
    for column in ("seed", "practice", "bot", "seat", "kind"):  # in place (see above)
        op.execute(f"ALTER TABLE game DROP COLUMN {column}")
