"""Storage: SQLite settings, migrations at start, the rules snapshot, and two phones writing
at once."""

from __future__ import annotations

import threading

import pytest
from scorepad_helpers import EW_80, MADE_110, bearer
from sqlalchemy import inspect, text

from framework.core.options import Preset
from scorepad import create_app, installed
from scorepad.db import default_database_url, make_engine, normalize_url


@pytest.fixture
def file_app(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path}/sp.sqlite3"})
    yield app
    app.extensions["atout_engine"].dispose()


def test_sqlite_file_uses_wal_busy_timeout_and_foreign_keys(file_app):
    with file_app.extensions["atout_engine"].connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 5000
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL


def _head() -> str:
    """The newest migration (one head: two would make ``upgrade head`` fail)."""
    from importlib import resources

    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(resources.files("scorepad") / "migrations"))
    heads = ScriptDirectory.from_config(config).get_heads()
    assert len(heads) == 1, heads
    return heads[0]


def test_migrations_run_at_start_and_again_do_nothing(tmp_path):
    url = f"sqlite:///{tmp_path}/m.sqlite3"
    for _ in range(2):
        app = create_app({"TESTING": True, "DATABASE_URL": url})
        app.extensions["atout_engine"].dispose()
    engine = make_engine(url)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == _head()
    names = set(inspect(engine).get_table_names())
    events = {"event", "event_team", "event_round", "event_table"}  # migration 0007
    assert {
        "game",
        "deal",
        "setting",
        "device",
        "device_grant",
        "alembic_version",
    } | events == names
    uniques = inspect(engine).get_unique_constraints("deal")
    assert {"game_id", "number"} in [set(u["column_names"]) for u in uniques]
    engine.dispose()


def test_the_session_key_survives_a_restart(tmp_path):
    url = f"sqlite:///{tmp_path}/k.sqlite3"
    first = create_app({"DATABASE_URL": url})
    second = create_app({"DATABASE_URL": url})
    assert first.secret_key == second.secret_key
    assert len(first.secret_key) >= 32
    for app in (first, second):
        app.extensions["atout_engine"].dispose()


def test_database_url_defaults_to_the_per_user_data_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_database_url() == f"sqlite:///{tmp_path}/atout/scorepad.sqlite3"


def test_postgres_urls_are_rewritten_for_psycopg():
    assert normalize_url("postgres://u:p@h/db") == "postgresql+psycopg://u:p@h/db"
    assert normalize_url("sqlite:///x") == "sqlite:///x"


def test_changing_a_preset_later_never_rescores_an_old_game(client, new_game, monkeypatch):
    gid, token, _ = new_game(preset="ffb")
    client.post(f"/api/games/{gid}/deals", json=MADE_110, headers=bearer(token))
    before = client.get(f"/api/games/{gid}").json
    variant = installed.variant("coinche")
    old = variant.presets["ffb"]
    # with a target of 200, the deal already recorded (NS 220) would have ended the match
    changed = dict(old.values, target=200)
    monkeypatch.setitem(variant.presets, "ffb", Preset("ffb", old.doc, changed))
    assert client.get(f"/api/games/{gid}").json == before
    assert before["over"] is False
    newer = client.post("/api/games", json={"variant": "coinche", "preset": "ffb"}).json
    assert client.get(f"/api/games/{newer['id']}").json["target"] == 200


def test_two_phones_adding_the_same_deal_at_once_make_one_deal(file_app):
    gid, token = (lambda r: (r["id"], r["edit_token"]))(
        file_app.test_client().post("/api/games", json={"variant": "coinche"}).json
    )
    statuses = []
    barrier = threading.Barrier(4)

    def phone(record):
        client = file_app.test_client()
        barrier.wait()
        response = client.post(
            f"/api/games/{gid}/deals", json={**record, "expected_number": 1}, headers=bearer(token)
        )
        statuses.append(response.status_code)

    threads = [
        threading.Thread(target=phone, args=(r,)) for r in (MADE_110, EW_80, MADE_110, EW_80)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [201, 409, 409, 409]
    deals = file_app.test_client().get(f"/api/games/{gid}").json["deals"]
    assert [d["number"] for d in deals] == [1]


def test_concurrent_writers_without_expected_number_all_get_distinct_numbers(file_app):
    client = file_app.test_client()
    body = client.post("/api/games", json={"variant": "coinche", "target": 10000}).json
    gid, token = body["id"], body["edit_token"]
    statuses = []
    barrier = threading.Barrier(6)

    def phone():
        own = file_app.test_client()
        barrier.wait()
        for _ in range(3):
            statuses.append(
                own.post(f"/api/games/{gid}/deals", json=EW_80, headers=bearer(token)).status_code
            )

    threads = [threading.Thread(target=phone) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert statuses == [201] * 18
    deals = client.get(f"/api/games/{gid}").json["deals"]
    assert [d["number"] for d in deals] == list(range(1, 19))
