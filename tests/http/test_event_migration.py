"""The migration that adds events (0007), on SQLite and, with ``ATOUT_TEST_POSTGRES``, on a
fresh PostgreSQL schema: from a database at the previous schema holding a score sheet, the
event tables are created as the models describe them, an event runs on them beside the old
game, and the downgrade removes them, leaving the game as it was."""

from __future__ import annotations

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from migration_helpers import migrate
from sqlmodel import Session, SQLModel

from scorepad import games
from scorepad.db import make_engine
from scorepad.events import store

PREVIOUS = "0006"
DEAL = {"taker": "NS", "bid": 80, "trump": "H", "taker_points": 90}
EVENT_TABLES = {"event", "event_team", "event_round", "event_table"}


def _tables(engine: sa.Engine) -> set[str]:
    return set(sa.inspect(engine).get_table_names())


def test_the_event_tables_come_and_go_and_the_games_stay(old_url):
    engine = make_engine(old_url)
    try:
        old, _ = games.create_game(engine, "coinche", teams={"NS": "Nous", "EW": "Eux"})
        assert not _tables(engine) & EVENT_TABLES
        migrate(old_url, "head")
        engine.dispose()
        assert _tables(engine) >= EVENT_TABLES
        with engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), SQLModel.metadata)
        assert [d for d in diff if "event" in repr(d)] == []

        event, _ = store.create_event(
            engine,
            {
                "name": "Soirée",
                "variant": "coinche",
                "teams": [{"name": n} for n in "ABCD"],
                "rounds": 3,
                "round": {"deals": 1},
                "pairing": "round-robin",
            },
        )
        started = store.start_round(engine, event.public_id, 1)
        assert [t.state for t in started.tables] == ["not_started", "not_started"]
        games.add_deal(engine, old.public_id, DEAL)
        with Session(engine) as session:
            assert games.load_sheet(session, old.public_id).deal_count == 1

        migrate(old_url, PREVIOUS, down=True)
        engine.dispose()
        assert not _tables(engine) & EVENT_TABLES
        with engine.connect() as conn:  # SQL: today's models read columns added after 0006
            kept = conn.execute(
                sa.text(
                    "SELECT game.team_ns, game.team_ew, count(deal.id) FROM game JOIN deal "
                    "ON deal.game_id = game.id WHERE game.public_id = :id "
                    "GROUP BY game.team_ns, game.team_ew"
                ),
                {"id": old.public_id},
            ).one()
        assert tuple(kept) == ("Nous", "Eux", 1)
        migrate(old_url, "head")  # and the upgrade runs again on the same database
        engine.dispose()
        assert _tables(engine) >= EVENT_TABLES
        with Session(engine) as session:
            sheet = games.load_sheet(session, old.public_id)
            assert (sheet.teams, sheet.deal_count) == ({"NS": "Nous", "EW": "Eux"}, 1)
    finally:
        engine.dispose()
