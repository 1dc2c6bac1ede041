"""An unchanged poll of a live page costs one indexed read and no render, the same for a game
of one deal as for a game of fifty (issue 22: a room of phones polls every 2 s)."""

from __future__ import annotations

from poll_cost import counting
from scorepad_helpers import EW_80, bearer

from scorepad import create_app

HX = {"HX-Request": "true"}


def test_an_unchanged_live_poll_runs_one_statement_and_renders_nothing(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path}/cost.sqlite3"})
    client = app.test_client()
    costs = []
    for deals in (1, 50):
        body = client.post("/api/games", json={"variant": "coinche", "target": 10000}).json
        gid, token = body["id"], body["edit_token"]
        for _ in range(deals):
            made = client.post(f"/api/games/{gid}/deals", json=EW_80, headers=bearer(token))
            assert made.status_code == 201
        version = client.get(f"/api/games/{gid}").json["version"]
        with counting(app) as cost:
            unchanged = client.get(f"/g/{gid}/sheet?v={version}", headers=HX)
        assert unchanged.status_code == 204
        assert cost.renders == []
        assert len(cost.statements) == 1, cost.statements
        assert "version" in cost.statements[0] and "public_id" in cost.statements[0]
        costs.append(len(cost.statements))
        # and a changed one renders the fragment (the counting sees it)
        with counting(app) as cost:
            changed = client.get(f"/g/{gid}/sheet?v={version - 1}", headers=HX)
        assert changed.status_code == 200 and cost.renders
    assert costs == [1, 1]
    app.extensions["atout_engine"].dispose()


def test_the_polls_read_on_postgresql_in_autocommit_with_nothing_to_roll_back(app, client):
    """On PostgreSQL a poll is the pool's ping and its read (no BEGIN, no ROLLBACK); SQLite's
    polls use the app's engine (no ping, and its transactions are the app's own)."""
    from scorepad.db import get_poll_engine

    with app.app_context():
        polls = get_poll_engine()
        engine = app.extensions["atout_engine"]
        if engine.dialect.name == "postgresql":
            assert polls is not engine
            with polls.connect() as conn:
                assert conn.connection.dbapi_connection.autocommit is True
        else:
            assert polls is engine
    gid = client.post("/api/games", json={"variant": "coinche"}).json["id"]
    assert client.get(f"/g/{gid}/sheet?v=1", headers=HX).status_code == 204
