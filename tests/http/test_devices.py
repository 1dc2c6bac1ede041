"""Capabilities out of readable cookies (issue 10, item 4): a device key in the cookie, the games
it may edit on the server, and the edit token's rotation."""

from __future__ import annotations

import base64
import re
import zlib
from datetime import timedelta

import pytest
from scorepad_helpers import MADE_110, bearer, csrf, login
from sqlalchemy import func, select, update
from sqlmodel import Session

from scorepad import devices
from scorepad.models import Device, Grant, utcnow

MADE_110_FORM = {
    "taker": '"NS"',
    "bid": "110",
    "trump": '"H"',
    "coinche": '"none"',
    "capot": "null",
    "taker_points": "94",
    "belote-0": "1",
    "belote-1": "0",
}


def _engine(app):
    return app.extensions["atout_engine"]


def _count(app, model) -> int:
    with Session(_engine(app)) as session:
        return session.scalar(select(func.count()).select_from(model))


def _cookie_texts(client) -> list[str]:
    """Every cookie of the client as readable text (the session cookie decoded)."""
    out = []
    for cookie in client._cookies.values():
        value = cookie.value
        out.append(value)
        payload = value.lstrip(".").split(".")[0]
        try:
            raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
            if value.startswith("."):
                raw = zlib.decompress(raw)
            out.append(raw.decode("utf-8", "replace"))
        except (ValueError, zlib.error):
            pass
    return out


def _device_cookie(client):
    return client.get_cookie(devices.COOKIE)


def _save_deal(client, gid: str):
    return client.post(f"/e/{gid}/deals", data={"_csrf": csrf(client), **MADE_110_FORM})


# ---- the device key ------------------------------------------------------------------------


def test_opening_an_edit_link_grants_this_device_and_sets_a_safe_cookie(app, client, new_game):
    gid, token, _ = new_game()
    response = client.get(f"/e/{gid}?t={token}")
    assert response.status_code == 303
    header = next(
        h for h in response.headers.getlist("Set-Cookie") if h.startswith(devices.COOKIE + "=")
    )
    assert "HttpOnly" in header and "SameSite=Lax" in header and "Path=/" in header
    assert f"Max-Age={180 * 24 * 3600}" in header
    assert "Secure" not in header  # plain http here
    assert _device_cookie(client).value != token
    assert _count(app, Grant) == 1
    assert _save_deal(client, gid).status_code == 303
    assert len(client.get(f"/api/games/{gid}").json["deals"]) == 1


def test_no_cookie_holds_an_edit_token_or_a_play_key(app, client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    response = client.post("/new", data={"_csrf": csrf(client), "variant": "coinche"})
    created = response.headers["Location"].rsplit("/", 1)[1]
    page = client.get(f"/e/{created}").get_data(as_text=True)
    created_token = re.search(r"\?t=([A-Za-z0-9_-]+)", page).group(1)
    play = client.post("/play/", data={"_csrf": csrf(client), "variant": "coinche"})
    key = play.headers["Location"].rsplit("/", 1)[1]
    texts = " ".join(_cookie_texts(client))
    for secret in (token, created_token, key):
        assert secret not in texts
    assert gid not in texts and created not in texts  # not even which games
    home = client.get("/").get_data(as_text=True)
    assert f'data-game="{gid}"' in home and f'data-game="{created}"' in home
    assert f"/play/{key}" in client.get("/play/").get_data(as_text=True)


def test_the_database_holds_only_hashes_and_sealed_tokens(app, client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    key = _device_cookie(client).value
    with _engine(app).connect() as conn:
        dump = " ".join(
            str(row)
            for table in ("device", "device_grant", "game")
            for row in conn.exec_driver_sql(f"SELECT * FROM {table}")
        )
    assert token not in dump and key not in dump
    assert devices.hash_token(key) in dump


def test_another_browser_without_the_grant_gets_403(app, client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    stranger = app.test_client()
    stranger.set_cookie(devices.COOKIE, "x" * 43)  # a key the server never gave
    assert stranger.get(f"/e/{gid}").status_code == 403
    assert _save_deal(stranger, gid).status_code == 403


def test_a_device_seen_a_day_ago_gets_its_cookie_again(app, client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    assert devices.COOKIE not in " ".join(client.get(f"/e/{gid}").headers.getlist("Set-Cookie"))
    with Session(_engine(app)) as session:
        session.execute(update(Device).values(seen_at=utcnow() - timedelta(days=2)))
        session.commit()
    again = client.get(f"/e/{gid}").headers.getlist("Set-Cookie")
    assert any(h.startswith(devices.COOKIE + "=") for h in again)
    with Session(_engine(app)) as session:
        seen = session.scalar(select(Device.seen_at))
    assert utcnow() - (seen if seen.tzinfo else seen.replace(tzinfo=utcnow().tzinfo)) < timedelta(
        minutes=1
    )


def test_devices_unseen_for_their_lifetime_are_purged(app, client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    with Session(_engine(app)) as session:
        session.execute(
            update(Device).values(seen_at=utcnow() - devices.LIFETIME - timedelta(days=1))
        )
        session.commit()
    other = app.test_client()
    login(other, gid, token)  # a new device: the old one goes, with its grant
    assert _count(app, Device) == 1 and _count(app, Grant) == 1
    assert client.get(f"/e/{gid}").status_code == 403


def test_the_cookie_is_secure_over_https(db_url, new_game):
    from scorepad import create_app

    app = create_app(
        {"TESTING": True, "DATABASE_URL": db_url, "PUBLIC_URL": "https://cards.example.org"}
    )
    client = app.test_client()
    response = client.post(
        "/api/games", json={"variant": "coinche"}, base_url="https://cards.example.org"
    )
    gid, token = response.json["id"], response.json["edit_token"]
    opened = client.get(f"/e/{gid}?t={token}", base_url="https://cards.example.org")
    header = next(
        h for h in opened.headers.getlist("Set-Cookie") if h.startswith(devices.COOKIE + "=")
    )
    assert "Secure" in header
    app.extensions["atout_engine"].dispose()


def test_deleting_a_game_removes_its_grants(app, client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    client.post(f"/e/{gid}/delete", data={"_csrf": csrf(client), "confirm": "1"})
    assert _count(app, Grant) == 0


def test_a_device_keeps_at_most_max_grants(app, client, new_game, monkeypatch):
    monkeypatch.setattr(devices, "MAX_GRANTS", 3)
    made = [new_game() for _ in range(5)]
    for gid, token, _ in made:
        login(client, gid, token)
    assert _count(app, Grant) == 3
    assert client.get(f"/e/{made[0][0]}").status_code == 403
    assert client.get(f"/e/{made[-1][0]}").status_code == 200


# ---- rotating the edit token ---------------------------------------------------------------


def _rotate(client, gid: str, confirm: bool = True):
    data = {"_csrf": csrf(client)}
    if confirm:
        data["confirm"] = "1"
    return client.post(f"/e/{gid}/token", data=data)


def test_rotating_revokes_old_links_and_every_other_device(app, client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    other = app.test_client()
    login(other, gid, token)
    version = client.get(f"/api/games/{gid}").json["version"]
    page = client.get(f"/e/{gid}").get_data(as_text=True)
    assert "data-rotate-token" in page and f"?t={token}" in page
    response = _rotate(client, gid)
    assert response.status_code == 303 and response.headers["Location"] == f"/e/{gid}"
    page = client.get(f"/e/{gid}").get_data(as_text=True)
    new_token = re.search(r"\?t=([A-Za-z0-9_-]+)", page).group(1)
    assert new_token != token and "new edit link" in page
    assert client.get(f"/api/games/{gid}").json["version"] == version + 1
    # this device goes on; the other one and the old link are refused, with a page saying so
    assert _save_deal(client, gid).status_code == 303
    refused = other.get(f"/e/{gid}")
    assert refused.status_code == 403 and b"edit link" in refused.data
    assert _save_deal(other, gid).status_code == 403
    stale = app.test_client().get(f"/e/{gid}?t={token}")
    assert stale.status_code == 403 and b"This edit link is not valid." in stale.data
    assert f"/g/{gid}".encode() in stale.data
    assert (
        client.post(f"/api/games/{gid}/deals", json=MADE_110, headers=bearer(token)).status_code
        == 403
    )
    # the new link works anywhere
    fresh = app.test_client()
    login(fresh, gid, new_token)
    assert fresh.get(f"/e/{gid}").status_code == 200
    assert _count(app, Grant) == 2  # the rotating device and the fresh one


def test_rotating_needs_the_confirmation_the_grant_and_the_csrf_token(app, client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    assert _rotate(client, gid, confirm=False).status_code == 400
    assert client.post(f"/e/{gid}/token", data={"confirm": "1"}).status_code == 400
    assert _rotate(app.test_client(), gid).status_code in (400, 403)
    stranger = app.test_client()
    stranger.get("/")
    assert _rotate(stranger, gid).status_code == 403
    assert (
        client.post(f"/api/games/{gid}/deals", json=MADE_110, headers=bearer(token)).status_code
        == 201
    )  # nothing changed


def test_the_api_rotates_with_the_current_token(app, client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    assert client.post(f"/api/games/{gid}/token").status_code == 401
    assert client.post(f"/api/games/{gid}/token", headers=bearer("wrong")).status_code == 403
    assert client.post("/api/games/nope/token", headers=bearer(token)).status_code == 404
    response = client.post(f"/api/games/{gid}/token", headers=bearer(token))
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    body = response.json
    new_token = body["edit_token"]
    assert body["id"] == gid and new_token != token and body["revoked_grants"] == 1
    assert body["urls"]["edit"] == f"http://table.example:8000/e/{gid}?t={new_token}"
    assert (
        client.post(f"/api/games/{gid}/deals", json=MADE_110, headers=bearer(token)).status_code
        == 403
    )
    assert (
        client.post(f"/api/games/{gid}/deals", json=MADE_110, headers=bearer(new_token)).status_code
        == 201
    )
    assert client.get(f"/e/{gid}").status_code == 403  # the browser's grant went too
    assert _count(app, Grant) == 0
    again = client.post(f"/api/games/{gid}/token", headers=bearer(token))
    assert again.status_code == 403


# ---- sealing ---------------------------------------------------------------------------------


@pytest.mark.parametrize("secret", ["", "a", "x" * 32, "é" * 20])
def test_seal_round_trips_and_needs_the_key(secret):
    nonce, sealed = devices.seal("k" * 43, secret)
    assert devices.unseal("k" * 43, nonce, sealed) == secret
    assert secret == "" or devices.unseal("j" * 43, nonce, sealed) != secret
    assert devices.seal("k" * 43, secret) != (nonce, sealed)  # a fresh nonce each time


def test_unseal_of_junk_is_none():
    assert devices.unseal("k" * 43, "zz", "00") is None
    assert devices.unseal("k" * 43, "00" * 16, "zz") is None


def test_the_migration_creates_the_tables_the_models_describe(app):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    from sqlmodel import SQLModel

    with _engine(app).connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), SQLModel.metadata)
    ours = [d for d in diff if "device" in repr(d)]
    assert ours == []
