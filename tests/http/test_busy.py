"""A request that finds no free database connection within the pool's timeout (a room's burst
beyond what the server holds) is answered 503 with ``Retry-After``, in the page's language or
as the API's JSON error, never a 500; it stored nothing, and the next request is served."""

from __future__ import annotations

import logging

import pytest
from sqlalchemy import create_engine

from scorepad import create_app


@pytest.fixture
def tight_app(db_url, tmp_path):
    """An app whose database pools hold one connection each and wait 0.2 s for it."""
    url = f"sqlite:///{tmp_path / 'busy.db'}" if db_url == "sqlite://" else db_url
    app = create_app({"TESTING": True, "DATABASE_URL": url, "FRAGMENT_SECONDS": 0})
    app.extensions["atout_engine"].dispose()
    tight = create_engine(url, pool_size=1, max_overflow=0, pool_timeout=0.2)
    app.extensions["atout_engine"] = app.extensions["atout_poll_engine"] = tight
    yield app
    tight.dispose()


def test_no_free_connection_is_503_with_retry_after_and_then_served(tight_app, caplog):
    client = tight_app.test_client()
    made = client.post("/api/games", json={"variant": "coinche"})
    assert made.status_code == 201
    gid = made.json["id"]
    engine = tight_app.extensions["atout_engine"]
    with caplog.at_level(logging.WARNING, logger="scorepad"), engine.connect():
        # the one connection is held: every read waits its 0.2 s and is answered busy
        api = client.get(f"/api/games/{gid}")
        page = client.get(f"/g/{gid}?lang=fr")
        write = client.post("/api/games", json={"variant": "coinche"})
    assert api.status_code == 503
    assert api.headers["Retry-After"] == "2"
    assert "busy" in api.json["error"]
    assert page.status_code == 503
    assert page.headers["Retry-After"] == "2"
    assert "Le serveur est occupé" in page.get_data(as_text=True)
    assert write.status_code == 503
    assert [r.levelname for r in caplog.records] == ["WARNING"] * 3
    assert all("answered 503" in r.getMessage() for r in caplog.records)
    # the refused creation stored nothing, and with the connection free again all is served
    listing = client.get(f"/api/games/{gid}")
    assert listing.status_code == 200
    with engine.connect() as connection:
        games = connection.exec_driver_sql("SELECT count(*) FROM game").scalar()
    assert games == 1
