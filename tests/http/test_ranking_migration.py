"""The migration that adds an event's ranking (0009), on SQLite and, with
``ATOUT_TEST_POSTGRES``, on a fresh PostgreSQL schema: from a database at the previous schema
holding an event on boards (its teams, its round, its tables and their games), the column
comes with ``match_points`` for the event already there (what it ranked by), the schema is the
models', every row stays (SQLite adds and drops the column in place: a copy of ``event`` would
delete its teams, rounds and tables), an event ranked by boards is made on it, and the
downgrade drops the column, the rows kept."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from migration_helpers import migrate
from sqlmodel import Session, SQLModel

from scorepad.db import make_engine
from scorepad.events import store

PREVIOUS = "0008"
TEAMS = ("A", "B", "C", "D")


def _rows(engine: sa.Engine) -> dict[str, Any]:
    """What the migration must keep: the events, their teams, rounds and tables."""
    with engine.connect() as conn:
        return {
            table: sorted(conn.execute(sa.text(f"SELECT {columns} FROM {table}")).all())
            for table, columns in (
                ("event", "public_id, boards, pairing"),
                ("event_team", "event_id, number, name"),
                ("event_round", "event_id, number, state"),
                ("event_table", "round_id, number, team_a, team_b, game_id"),
            )
        }


def _columns(engine: sa.Engine) -> set[str]:
    return {c["name"] for c in sa.inspect(engine).get_columns("event")}


def test_the_ranking_comes_as_match_points_and_goes_with_every_row_kept(old_url):
    engine = make_engine(old_url)
    try:
        # an event of the previous schema, written as that schema's scorepad did (SQL: today's
        # models have the new column)
        with engine.begin() as conn:
            conn.execute(
                sa.text(
                    "INSERT INTO event (public_id, token_hash, name, variant, preset, options, "
                    "rules, rounds, round_deals, pairing, bye, bye_points, bye_against, win, "
                    "draw, loss, boards, seed, version, created_at, updated_at) VALUES ('old', "
                    "'h', 'Soirée', 'coinche', 'classic', '{}', '{}', 3, 2, 'swiss', "
                    "'average', 0, 0, 2, 1, 0, :yes, 7, 1, :now, :now)"
                ),
                {"yes": True, "now": datetime(2026, 12, 3, 20, tzinfo=UTC)},
            )
            event_id = conn.execute(sa.text("SELECT id FROM event")).scalar_one()
            for number, name in enumerate(TEAMS):
                conn.execute(
                    sa.text(
                        "INSERT INTO event_team (event_id, number, name) VALUES (:e, :n, :name)"
                    ),
                    {"e": event_id, "n": number, "name": name},
                )
            conn.execute(
                sa.text(
                    "INSERT INTO event_round (event_id, number, state, byes) "
                    "VALUES (:e, 1, 'proposed', '[]')"
                ),
                {"e": event_id},
            )
            round_id = conn.execute(sa.text("SELECT id FROM event_round")).scalar_one()
            for number, (a, b) in enumerate(((0, 1), (2, 3)), 1):
                conn.execute(
                    sa.text(
                        "INSERT INTO event_table (round_id, number, team_a, team_b) "
                        "VALUES (:r, :n, :a, :b)"
                    ),
                    {"r": round_id, "n": number, "a": a, "b": b},
                )
        before = _rows(engine)
        assert "ranking" not in _columns(engine)

        migrate(old_url, "head")
        engine.dispose()
        assert _rows(engine) == before
        with engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), SQLModel.metadata) == []
        with Session(engine) as session:
            old = store.load_event(session, "old")
            assert old.event.ranking == "match_points"
            assert old.to_json()["format"]["tie_breaks"] == ["match_points", "points", "difference"]
        made, _token = store.create_event(
            engine,
            {"name": "Duplicate", "variant": "coinche", "teams": [{"name": n} for n in TEAMS],
             "rounds": 1, "round": {"deals": 2}, "pairing": "swiss", "boards": True,
             "ranking": "boards"},
        )  # fmt: skip
        with Session(engine) as session:
            assert store.load_event(session, made.public_id).event.ranking == "boards"
        kept = _rows(engine)

        migrate(old_url, PREVIOUS, down=True)
        engine.dispose()
        assert "ranking" not in _columns(engine)
        assert _rows(engine) == kept  # both events, their teams, rounds and tables
        migrate(old_url, "head")  # and the upgrade runs again on the same database
        engine.dispose()
        assert _rows(engine) == kept
        with engine.connect() as conn:
            rankings = conn.execute(sa.text("SELECT ranking FROM event")).scalars().all()
        assert rankings == ["match_points", "match_points"]  # the choice went with the column
    finally:
        engine.dispose()
