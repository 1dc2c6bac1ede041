"""The database as a whole stays bounded: games created per client and minute (429), abandoned
games purged (at start, now and then on a request, and by ``atout purge``)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from click.testing import CliRunner
from scorepad_helpers import MADE_110, bearer, csrf, login
from sqlalchemy import select, update
from sqlmodel import Session

from scorepad import create_app, games
from scorepad.cli import purge_command
from scorepad.models import Deal, Game, utcnow

PHONE = {"REMOTE_ADDR": "192.0.2.7"}
OTHER_PHONE = {"REMOTE_ADDR": "192.0.2.8"}


def _limited_app(db_url: str, **config):
    return create_app(
        {
            "TESTING": True,
            "DATABASE_URL": db_url,
            "PUBLIC_URL": "http://table.example:8000",
            "GAMES_PER_MINUTE": 3,
            **config,
        }
    )


@pytest.fixture
def limited(db_url):
    app = _limited_app(db_url)
    yield app
    app.extensions["atout_engine"].dispose()


def test_the_api_refuses_a_client_past_its_games_per_minute(limited):
    client = limited.test_client()
    for _ in range(3):
        made = client.post("/api/games", json={"variant": "coinche"}, environ_base=PHONE)
        assert made.status_code == 201
    refused = client.post("/api/games", json={"variant": "coinche"}, environ_base=PHONE)
    assert refused.status_code == 429
    assert "at most 3 a minute" in refused.json["error"]
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    with Session(limited.extensions["atout_engine"]) as session:
        assert len(list(session.scalars(select(Game)))) == 3  # nothing stored
    # another address is not limited by the first one's games
    assert (
        client.post("/api/games", json={"variant": "coinche"}, environ_base=OTHER_PHONE).status_code
        == 201
    )


def test_the_limit_counts_the_last_minute_only(limited):
    client = limited.test_client()
    for _ in range(3):
        client.post("/api/games", json={"variant": "coinche"}, environ_base=PHONE)
    with Session(limited.extensions["atout_engine"]) as session, session.begin():
        session.execute(update(Game).values(created_at=utcnow() - timedelta(seconds=61)))
    assert (
        client.post("/api/games", json={"variant": "coinche"}, environ_base=PHONE).status_code
        == 201
    )


def test_the_form_answers_429_with_a_clear_message(limited):
    client = limited.test_client()
    token = csrf(client)
    form = {"variant": "coinche", "_csrf": token}
    for _ in range(3):
        assert client.post("/new", data=form, environ_base=PHONE).status_code == 303
    refused = client.post("/new", data=form, environ_base=PHONE)
    assert refused.status_code == 429 and refused.headers["Retry-After"]
    assert "Too many new games from this address: at most 3 a minute" in refused.get_data(
        as_text=True
    )
    client.get("/lang/fr", environ_base=PHONE)
    french = client.post("/new", data=form, environ_base=PHONE).get_data(as_text=True)
    assert "Trop de nouvelles parties" in french


def test_a_rematch_counts_as_a_new_game(limited):
    client = limited.test_client()
    made = client.post("/api/games", json={"variant": "coinche"}, environ_base=PHONE).json
    for _ in range(2):
        client.post("/api/games", json={"variant": "coinche"}, environ_base=PHONE)
    login(client, made["id"], made["edit_token"])
    refused = client.post(
        f"/e/{made['id']}/rematch", data={"_csrf": csrf(client)}, environ_base=PHONE
    )
    assert refused.status_code == 429 and "Retry-After" in refused.headers


def test_the_play_table_is_limited_too(limited):
    client = limited.test_client()
    form = {"variant": "coinche", "_csrf": csrf(client)}
    for _ in range(3):
        assert client.post("/play/", data=form, environ_base=PHONE).status_code == 303
    refused = client.post("/play/", data=form, environ_base=PHONE)
    assert refused.status_code == 429 and refused.headers["Retry-After"]
    assert "at most 3 a minute" in refused.get_data(as_text=True)


def test_score_sheets_and_play_tables_share_one_budget(limited):
    client = limited.test_client()
    for _ in range(2):
        made = client.post("/api/games", json={"variant": "coinche"}, environ_base=PHONE)
        assert made.status_code == 201
    form = {"variant": "coinche", "_csrf": csrf(client)}
    assert client.post("/play/", data=form, environ_base=PHONE).status_code == 303
    refused = client.post("/api/games", json={"variant": "coinche"}, environ_base=PHONE)
    assert refused.status_code == 429 and "at most 3 a minute" in refused.json["error"]
    assert client.post("/play/", data=form, environ_base=PHONE).status_code == 429
    assert client.post("/new", data=form, environ_base=PHONE).status_code == 429


def _creations(client, peer: str, forwarded: str | None, times: int) -> list[int]:
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    return [
        client.post(
            "/api/games",
            json={"variant": "coinche"},
            environ_base={"REMOTE_ADDR": peer},
            headers=headers,
        ).status_code
        for _ in range(times)
    ]


@pytest.fixture
def behind_proxy(db_url):
    """The app behind a reverse proxy on this machine, listed in ``PROXIES``."""
    app = _limited_app(db_url, PROXIES="127.0.0.1, ::1")
    yield app
    app.extensions["atout_engine"].dispose()


def test_behind_a_listed_proxy_the_forwarded_address_is_the_client(behind_proxy):
    client = behind_proxy.test_client()
    assert _creations(client, "127.0.0.1", "198.51.100.4", 4) == [201, 201, 201, 429]
    assert _creations(client, "127.0.0.1", "198.51.100.5", 1) == [201]


def test_an_address_a_client_writes_before_the_proxys_is_not_believed(behind_proxy):
    client = behind_proxy.test_client()
    # the proxy appends the address it saw; what the client wrote is further left
    spoofed = _creations(client, "127.0.0.1", "127.0.0.1, 198.51.100.4", 2)
    assert spoofed + _creations(client, "127.0.0.1", "10.9.9.9, 198.51.100.4", 2) == [
        201,
        201,
        201,
        429,
    ]


def test_a_client_reaching_the_app_directly_cannot_claim_to_be_this_machine(behind_proxy):
    client = behind_proxy.test_client()
    assert _creations(client, "192.0.2.7", "127.0.0.1", 4) == [201, 201, 201, 429]


def test_this_machine_through_a_listed_proxy_is_not_limited(behind_proxy):
    client = behind_proxy.test_client()
    assert _creations(client, "127.0.0.1", "127.0.0.1", 5) == [201] * 5


def test_a_proxy_on_this_machine_that_is_not_listed_exempts_no_one(limited, caplog):
    client = limited.test_client()  # PROXIES unset
    # every client of the proxy looks like the proxy: one shared budget, not an exemption
    first = _creations(client, "127.0.0.1", "198.51.100.4", 2)
    assert first + _creations(client, "127.0.0.1", "198.51.100.5", 2) == [201, 201, 201, 429]
    assert "ATOUT_PROXIES does not list it" in caplog.text


def test_proxies_are_listed_by_address(db_url):
    for wrong in (1, "2", "127.0.0.1, proxy.lan"):
        with pytest.raises(ValueError, match="ATOUT_PROXIES lists addresses or networks"):
            _limited_app(db_url, PROXIES=wrong)


def test_this_machine_itself_is_not_limited(limited):
    client = limited.test_client()  # the test client is 127.0.0.1
    for _ in range(5):
        assert client.post("/api/games", json={"variant": "coinche"}).status_code == 201


def test_the_creator_is_stored_as_a_keyed_hash_not_the_address(limited):
    client = limited.test_client()
    client.post("/api/games", json={"variant": "coinche"}, environ_base=PHONE)
    with Session(limited.extensions["atout_engine"]) as session:
        creator = session.scalars(select(Game.creator)).one()
    assert creator and "192.0.2.7" not in creator and len(creator) == 32


# ---- purge -------------------------------------------------------------------------------


def _age(app, gid: str, days: float) -> None:
    with Session(app.extensions["atout_engine"]) as session, session.begin():
        session.execute(
            update(Game)
            .where(Game.public_id == gid)
            .values(updated_at=utcnow() - timedelta(days=days))
        )


def _ids(app) -> set[str]:
    with Session(app.extensions["atout_engine"]) as session:
        return set(session.scalars(select(Game.public_id)))


def test_purge_removes_empty_games_after_a_day_and_any_game_after_its_time(app, client, new_game):
    empty_old, _t, _ = new_game()
    empty_new, _t, _ = new_game()
    played, token, _ = new_game()
    client.post(f"/api/games/{played}/deals", json=MADE_110, headers=bearer(token))
    untouched, token2, _ = new_game()
    client.post(f"/api/games/{untouched}/deals", json=MADE_110, headers=bearer(token2))
    _age(app, empty_old, 1.5)
    _age(app, played, 300)
    _age(app, untouched, 400)
    purged = games.purge(app.extensions["atout_engine"], empty_days=1, days=365)
    assert purged.games == 2
    assert _ids(app) == {empty_new, played}
    with Session(app.extensions["atout_engine"]) as session:
        assert len(list(session.scalars(select(Deal)))) == 1  # the purged game's deal went too
    assert client.get(f"/g/{untouched}").status_code == 404
    # 0 turns a rule off
    _age(app, empty_new, 30)
    assert games.purge(app.extensions["atout_engine"], empty_days=0, days=0).games == 0
    assert empty_new in _ids(app)


def test_purge_runs_on_a_request_when_due(db_url):
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": db_url,
            "PUBLIC_URL": "http://table.example:8000",
            "PURGE_EVERY_SECONDS": 0,
        }
    )
    try:
        client = app.test_client()
        gid = client.post("/api/games", json={"variant": "coinche"}).json["id"]
        _age(app, gid, 2)
        client.get("/")  # due at once (interval 0): this request purges
        assert gid not in _ids(app)
    finally:
        app.extensions["atout_engine"].dispose()


def test_purge_runs_when_the_app_starts(tmp_path):
    url = f"sqlite:///{tmp_path / 'pad.sqlite3'}"
    config = {"TESTING": True, "DATABASE_URL": url, "PUBLIC_URL": "http://table.example:8000"}
    first = create_app(config)
    gid = first.test_client().post("/api/games", json={"variant": "coinche"}).json["id"]
    _age(first, gid, 2)
    assert gid in _ids(first)
    second = create_app(config)  # a restart, or another worker starting
    try:
        assert gid not in _ids(first)
    finally:
        for app in (first, second):
            app.extensions["atout_engine"].dispose()


def test_purge_is_not_run_between_intervals(app, client):
    gid = client.post("/api/games", json={"variant": "coinche"}).json["id"]
    _age(app, gid, 2)
    client.get("/")  # the default interval is an hour: not due yet after the start's purge
    assert gid in _ids(app)


def test_purge_removes_untouched_play_table_matches(app, client):
    made = client.post("/play/", data={"variant": "coinche", "_csrf": csrf(client)})
    assert made.status_code == 303, made.status_code
    with Session(app.extensions["atout_engine"]) as session, session.begin():
        assert len(list(session.scalars(select(Game).where(Game.kind == "play")))) == 1
        session.execute(update(Game).values(updated_at=utcnow() - timedelta(days=400)))
    assert games.purge(app.extensions["atout_engine"], 1, 365).play_games == 1


def test_atout_purge_command(tmp_path):
    url = f"sqlite:///{tmp_path / 'pad.sqlite3'}"
    app = create_app(
        {"TESTING": True, "DATABASE_URL": url, "PUBLIC_URL": "http://table.example:8000"}
    )
    try:
        client = app.test_client()
        old = client.post("/api/games", json={"variant": "coinche"}).json["id"]
        kept = client.post("/api/games", json={"variant": "coinche"}).json["id"]
        _age(app, old, 3)
        _age(app, kept, 3)
        runner = CliRunner()
        result = runner.invoke(purge_command, ["--db", url, "--empty-after", "5"])
        assert result.exit_code == 0, result.output
        assert result.output.strip() == "purged 0 score sheets and 0 play-table matches"
        result = runner.invoke(purge_command, ["--db", url, "--empty-after", "2"])
        assert result.output.strip() == "purged 2 score sheets and 0 play-table matches"
        assert _ids(app) == set()
        bad = runner.invoke(purge_command, ["--db", url, "--after", "-1"])
        assert bad.exit_code == 2
        missing = runner.invoke(purge_command, ["--db", f"sqlite:///{tmp_path}/no/such/x.db"])
        assert missing.exit_code == 2 and "--db" in missing.output
    finally:
        app.extensions["atout_engine"].dispose()
