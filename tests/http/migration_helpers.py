"""Running the scorepad's migrations on a database (the migration tests; their database at the
schema before the migration they test is the ``old_url`` fixture of ``conftest.py``)."""

from __future__ import annotations

from importlib import resources

from alembic import command
from alembic.config import Config

from scorepad.db import make_engine


def migrate(url: str, revision: str, down: bool = False) -> None:
    """Upgrade the database at ``url`` to ``revision`` (``down``: downgrade to it)."""
    config = Config()
    config.set_main_option("script_location", str(resources.files("scorepad") / "migrations"))
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            config.attributes["connection"] = conn
            (command.downgrade if down else command.upgrade)(config, revision)
    finally:
        engine.dispose()
