"""The migration that widens a match's winner to the kernel's ``NAME_LENGTH`` (0008), on SQLite
and, with ``ATOUT_TEST_POSTGRES``, on a fresh PostgreSQL schema: from a database at the previous
schema holding a finished score sheet and an event whose tables reference their games, the
column takes a winner as long as a variant's names, the schema is the models', every row stays
(SQLite changes the column in place: a copy of ``game`` would delete the rows that reference
it), and the downgrade narrows it again, clearing only what two characters cannot hold."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from migration_helpers import migrate
from sqlmodel import Session, SQLModel

from framework.rules.declaration import NAME_LENGTH
from scorepad import games
from scorepad.db import make_engine
from scorepad.events import store
from scorepad.models import Game

PREVIOUS = "0007"
DEAL = {"taker": "NS", "bid": 80, "trump": "H", "taker_points": 90}
#: a winner as long as the kernel lets a variant name a seat, a score column or a group
LONG = "W" * NAME_LENGTH


def _rows(engine: sa.Engine) -> dict[str, Any]:
    """What the migration must keep: each game's winner and deals, each event table's game."""
    with engine.connect() as conn:
        return {
            "winners": sorted(conn.execute(sa.text("SELECT public_id, winner FROM game")).all()),
            "deals": sorted(conn.execute(sa.text("SELECT game_id, number FROM deal")).all()),
            "tables": sorted(conn.execute(sa.text("SELECT id, game_id FROM event_table")).all()),
        }


def _set_winner(engine: sa.Engine, public_id: str, winner: str) -> None:
    with Session(engine) as session:
        game = session.exec(sa.select(Game).where(Game.public_id == public_id)).scalar_one()
        game.winner = winner
        session.add(game)
        session.commit()


def test_the_winner_takes_a_variants_longest_name_and_every_row_stays(old_url):
    engine = make_engine(old_url)
    try:
        # the rows are written by today's scorepad, whose models have the columns of later
        # migrations (0009's event.ranking): at head, then the schema goes down to 0007
        migrate(old_url, "head")
        # a match of one deal, over: the scorepad wrote its winner
        done, _ = games.create_game(engine, "coinche", match_deals=1)
        games.add_deal(engine, done.public_id, DEAL)
        other, _ = games.create_game(engine, "coinche")
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
        store.start_round(engine, event.public_id, 1)
        migrate(old_url, PREVIOUS, down=True)
        engine.dispose()
        before = _rows(engine)
        assert (done.public_id, "NS") in before["winners"] and len(before["deals"]) == 1
        assert len(before["tables"]) == 2 and all(g is not None for _, g in before["tables"])

        migrate(old_url, "head")
        engine.dispose()
        assert _rows(engine) == before
        with engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), SQLModel.metadata) == []
        _set_winner(engine, other.public_id, LONG)
        with Session(engine) as session:
            assert games.find_game(session, other.public_id).winner == LONG

        migrate(old_url, PREVIOUS, down=True)
        engine.dispose()
        after = _rows(engine)
        assert (other.public_id, None) in after["winners"]  # VARCHAR(2) cannot hold it
        assert after == before  # the rest as it was: NS, the deal, the event's tables
        migrate(old_url, "head")  # and the upgrade runs again on the same database
        engine.dispose()
        assert _rows(engine) == before
    finally:
        engine.dispose()
