"""The public side of a game: the live page, its polling (204 when unchanged), the QR code and
the exports."""

from __future__ import annotations

import csv
import io
import re

from scorepad_helpers import EW_80, MADE_110, bearer

HX = {"HX-Request": "true"}


def test_live_page_shows_the_sheet_without_any_secret(client, new_game):
    gid, token, _ = new_game(teams={"NS": "<script>x</script>", "EW": "Eux"})
    client.post(f"/api/games/{gid}/deals", json=MADE_110, headers=bearer(token))
    response = client.get(f"/g/{gid}")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<html" in page
    assert 'data-total="NS">220<' in page
    assert "&lt;script&gt;x&lt;/script&gt;" in page
    assert "<script>x</script>" not in page
    assert token not in page
    assert "/e/" not in page  # no edit link, no edit form
    assert 'id="deal-form"' not in page


def test_live_page_polls_its_version_every_two_seconds(client, new_game):
    gid, _token, _ = new_game()
    page = client.get(f"/g/{gid}").get_data(as_text=True)
    version = client.get(f"/api/games/{gid}").json["version"]
    assert f'hx-get="/g/{gid}/sheet?v={version}"' in page
    assert 'data-poll="2"' in page


def test_poll_is_204_while_unchanged_and_the_fragment_once_changed(client, new_game):
    gid, token, _ = new_game()
    version = client.get(f"/api/games/{gid}").json["version"]
    unchanged = client.get(f"/g/{gid}/sheet?v={version}", headers=HX)
    assert unchanged.status_code == 204
    assert unchanged.data == b""
    assert "HX-Request" in unchanged.headers["Vary"]
    client.post(f"/api/games/{gid}/deals", json=MADE_110, headers=bearer(token))
    changed = client.get(f"/g/{gid}/sheet?v={version}", headers=HX)
    assert changed.status_code == 200
    assert b"<html" not in changed.data
    assert f"/g/{gid}/sheet?v={version + 1}".encode() in changed.data
    assert b'data-deal="1"' in changed.data
    assert client.get(f"/g/{gid}/sheet?v={version + 1}", headers=HX).status_code == 204


def test_a_finished_game_still_polls_every_four_seconds_and_shows_it_reopened(client, new_game):
    gid, token, _ = new_game(target=300)
    client.post(
        f"/api/games/{gid}/deals", json={**MADE_110, "coinche": "coinche"}, headers=bearer(token)
    )
    fragment = client.get(f"/g/{gid}/sheet?v=1", headers=HX).get_data(as_text=True)
    assert 'data-over="true"' in fragment
    assert 'data-poll="4"' in fragment  # an undo or an edit can open the match again
    assert 'data-winner="NS"' in fragment
    page = client.get(f"/g/{gid}").get_data(as_text=True)
    assert 'data-poll="4"' in page and 'data-poll="2"' not in page
    version = client.get(f"/api/games/{gid}").json["version"]
    client.delete(f"/api/games/{gid}/deals/1", headers=bearer(token))  # the final deal undone
    reopened = client.get(f"/g/{gid}/sheet?v={version}", headers=HX).get_data(as_text=True)
    assert 'data-over="false"' in reopened and "data-winner" not in reopened
    assert 'data-poll="2"' in reopened


def test_a_deleted_games_poll_says_so_and_stops(client, new_game):
    gid, token, _ = new_game()
    version = client.get(f"/api/games/{gid}").json["version"]
    assert client.delete(f"/api/games/{gid}", headers=bearer(token)).status_code == 204
    gone = client.get(f"/g/{gid}/sheet?v={version}", headers=HX)
    assert gone.status_code == 410
    text = gone.get_data(as_text=True)
    assert "This game was deleted." in text and "hx-trigger" not in text
    assert client.get(f"/g/{gid}").status_code == 404


def test_live_page_for_htmx_is_the_fragment(client, new_game):
    gid, _token, _ = new_game()
    full = client.get(f"/g/{gid}")
    part = client.get(f"/g/{gid}", headers=HX)
    assert b"<html" in full.data and b"<html" not in part.data
    assert b'id="sheet"' in part.data
    assert "HX-Request" in part.headers["Vary"]


def test_unknown_game_live_poll_and_qr_are_404(client):
    assert client.get("/g/nope").status_code == 404
    assert client.get("/g/nope/sheet").status_code == 404
    assert client.get("/g/nope/sheet?v=1").status_code == 410  # gone, or never was
    assert client.get("/g/nope/qr.svg").status_code == 404


def test_qr_code_is_an_svg_of_the_live_url(client, new_game):
    gid, _token, _ = new_game()
    response = client.get(f"/g/{gid}/qr.svg")
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    assert response.data.startswith(b"<svg") or b"<svg" in response.data[:200]
    assert response.headers["X-Atout-URL"] == f"http://table.example:8000/g/{gid}"
    page = client.get(f"/g/{gid}").get_data(as_text=True)
    assert f'data-url="http://table.example:8000/g/{gid}"' in page


def test_carried_pot_and_dealer_are_on_the_sheet(client, new_game):
    gid, token, _ = new_game(options={"litige": True})
    client.post(
        f"/api/games/{gid}/deals",
        json={"taker": "NS", "bid": 80, "trump": "H", "taker_points": 81},
        headers=bearer(token),
    )
    game = client.get(f"/api/games/{gid}").json
    page = client.get(f"/g/{gid}").get_data(as_text=True)
    assert '<small title="Dealer">W</small>' in page
    if game["pot"]:
        assert f'data-pot="{game["pot"]}"' in page


def test_export_json_has_every_deal_and_the_rules(client, new_game):
    gid, token, _ = new_game()
    for record in (MADE_110, EW_80):
        client.post(f"/api/games/{gid}/deals", json=record, headers=bearer(token))
    response = client.get(f"/g/{gid}/export.json")
    assert response.status_code == 200
    assert "attachment" in response.headers["Content-Disposition"]
    data = response.json
    assert len(data["deals"]) == 2
    assert data["rules"]["variant"] == "coinche"
    assert data["totals"] == client.get(f"/api/games/{gid}").json["totals"]
    assert "created_at" in data
    assert token not in response.get_data(as_text=True)


def test_export_csv_has_one_line_per_deal_with_running_totals(client, new_game):
    gid, token, _ = new_game(teams={"NS": "Nous", "EW": "Eux"})
    for record in (MADE_110, EW_80):
        client.post(f"/api/games/{gid}/deals", json=record, headers=bearer(token))
    response = client.get(f"/g/{gid}/export.csv")
    assert response.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0][:6] == ["deal", "dealer", "points Nous", "points Eux", "total Nous", "total Eux"]
    assert [r[0] for r in rows[1:]] == ["1", "2"]
    game = client.get(f"/api/games/{gid}").json
    assert rows[-1][4:6] == [str(game["totals"]["NS"]), str(game["totals"]["EW"])]


def test_loopback_only_host_shows_a_warning(db_url, monkeypatch):
    from scorepad import create_app, share

    monkeypatch.setattr(share, "lan_address", lambda: None)
    app = create_app(
        {"TESTING": True, "DATABASE_URL": db_url, "TRUSTED_HOSTS": ["127.0.0.1", "192.168.1.7"]}
    )
    client = app.test_client()
    gid = client.post(
        "/api/games", json={"variant": "coinche"}, base_url="http://127.0.0.1:8000"
    ).json["id"]
    page = client.get(f"/g/{gid}", base_url="http://127.0.0.1:8000").get_data(as_text=True)
    assert "data-loopback-warning" in page
    page = client.get(f"/g/{gid}", base_url="http://192.168.1.7:8000").get_data(as_text=True)
    assert "data-loopback-warning" not in page
    assert f'data-url="http://192.168.1.7:8000/g/{gid}"' in page
    app.extensions["atout_engine"].dispose()


def test_loopback_request_uses_the_lan_address_for_shared_links(db_url, monkeypatch):
    from scorepad import create_app, share

    monkeypatch.setattr(share, "lan_address", lambda: "10.1.2.3")
    app = create_app({"TESTING": True, "DATABASE_URL": db_url})
    client = app.test_client()
    body = client.post(
        "/api/games", json={"variant": "coinche"}, base_url="http://localhost:8000"
    ).json
    assert body["urls"]["live"] == f"http://10.1.2.3:8000/g/{body['id']}"
    app.extensions["atout_engine"].dispose()


def test_two_workers_share_everything_through_the_database(tmp_path):
    """Two app processes on one database: a write on one is seen by the other's poll, and a
    browser session made by one is valid on the other."""
    from scorepad import create_app

    url = f"sqlite:///{tmp_path}/shared.sqlite3"
    one, two = (
        create_app({"TESTING": True, "DATABASE_URL": url, "FRAGMENT_SECONDS": 0}) for _ in range(2)
    )
    assert one.secret_key == two.secret_key
    writer, reader = one.test_client(), two.test_client()
    body = writer.post("/api/games", json={"variant": "coinche"}).json
    gid, token = body["id"], body["edit_token"]
    version = reader.get(f"/api/games/{gid}").json["version"]
    assert reader.get(f"/g/{gid}/sheet?v={version}", headers=HX).status_code == 204
    writer.post(f"/api/games/{gid}/deals", json=MADE_110, headers=bearer(token))
    changed = reader.get(f"/g/{gid}/sheet?v={version}", headers=HX)
    assert changed.status_code == 200 and b'data-deal="1"' in changed.data
    # the edit grant made on one worker works on the other (same device cookie, same database),
    # and so does the session (same key): the other worker takes the form's CSRF token
    writer.get(f"/e/{gid}?t={token}")
    page = writer.get(f"/e/{gid}").get_data(as_text=True)
    csrf = re.search(r'name="_csrf" value="([^"]+)"', page).group(1)
    for name in ("atout_device", "session"):
        reader.set_cookie(name, writer.get_cookie(name).value)
    assert reader.get(f"/e/{gid}").status_code == 200
    assert reader.post(f"/e/{gid}/delete", data={"_csrf": csrf, "confirm": "1"}).status_code == 303
    for app in (one, two):
        app.extensions["atout_engine"].dispose()
