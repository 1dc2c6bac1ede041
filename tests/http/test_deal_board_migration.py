"""The migration that adds a deal's board (0010), on SQLite and, with ``ATOUT_TEST_POSTGRES``, on
a fresh PostgreSQL schema: from a database at the previous schema holding an event on boards
whose tables recorded deals, an event not on boards and a game of no event, each deal of a
table on boards is given the board of its position (what it was compared as until now), every
other deal none; the schema is the models', every row stays, the boards a table then records out
of order are kept, and the downgrade drops the column, the rows kept."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from migration_helpers import migrate
from sqlmodel import Session, SQLModel

from scorepad import games
from scorepad.db import make_engine
from scorepad.events import store

PREVIOUS = "0009"
DEAL = {"taker": "NS", "bid": 80, "trump": "H", "taker_points": 90}


def _deals(engine: sa.Engine) -> list[tuple[Any, ...]]:
    with engine.connect() as conn:
        return sorted(
            conn.execute(
                sa.text(
                    "SELECT game.public_id, deal.number, deal.dealer, deal.record FROM deal "
                    "JOIN game ON game.id = deal.game_id"
                )
            ).all(),
            key=repr,
        )


def _boards(engine: sa.Engine) -> dict[tuple[str, int], int | None]:
    with engine.connect() as conn:
        rows = conn.execute(
            sa.text(
                "SELECT game.public_id, deal.number, deal.board FROM deal "
                "JOIN game ON game.id = deal.game_id"
            )
        )
        return {(gid, number): board for gid, number, board in rows}


def _event(engine: sa.Engine, boards: bool) -> list[str]:
    """A started event of four teams, rounds of three deals: its tables' games."""
    made, _token = store.create_event(
        engine,
        {"name": "Soirée", "variant": "coinche", "teams": [{"name": n} for n in "ABCD"],
         "rounds": 1, "round": {"deals": 3}, "pairing": "swiss", "boards": boards},
    )  # fmt: skip
    started = store.start_round(engine, made.public_id, 1)
    return [t.game.public_id for t in started.tables if t.game is not None]


def test_the_deals_of_tables_on_boards_get_their_positions_board_and_no_other(old_url):
    engine = make_engine(old_url)
    try:
        # the rows are written by today's scorepad (its models have the new column): at head,
        # then the schema goes down to 0009, where a deal has no board
        migrate(old_url, "head")
        on_boards, plain = _event(engine, True), _event(engine, False)
        alone, _ = games.create_game(engine, "coinche")
        for gid in (*on_boards, *plain, alone.public_id):
            for _ in range(2):
                games.add_deal(engine, gid, DEAL)
        migrate(old_url, PREVIOUS, down=True)
        engine.dispose()
        before = _deals(engine)
        assert len(before) == 2 * 5

        migrate(old_url, "head")
        engine.dispose()
        assert _deals(engine) == before
        with engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), SQLModel.metadata) == []
        boards = _boards(engine)
        for gid in on_boards:
            assert (boards[(gid, 1)], boards[(gid, 2)]) == (1, 2)
        for gid in (*plain, alone.public_id):
            assert (boards[(gid, 1)], boards[(gid, 2)]) == (None, None)
        # a table on boards records its last board, then goes back to the first it skipped
        first = on_boards[0]
        games.delete_deal(engine, first, 2)
        games.add_deal(engine, first, DEAL, board=3)
        with Session(engine) as session:
            assert games.load_sheet(session, first).boards_taken == {1: 1, 2: 3}
        kept = _deals(engine)

        migrate(old_url, PREVIOUS, down=True)
        engine.dispose()
        assert _deals(engine) == kept  # every deal, its dealer and its record
        with engine.connect() as conn:
            columns = {c["name"] for c in sa.inspect(conn).get_columns("deal")}
        assert "board" not in columns
        migrate(old_url, "head")  # and the upgrade runs again: by position once more
        engine.dispose()
        assert _boards(engine)[(first, 2)] == 2
    finally:
        engine.dispose()
