"""The scorepad at a real table: players by name, undo and redo, an edit that ends the match
earlier, deleting a game, a rematch, the match-end summary and the rules page."""

from __future__ import annotations

import re
from html import unescape

from scorepad_helpers import EW_80, MADE_110, bearer, csrf, login

PLAYERS = {"N": "Anne", "E": "Léa", "S": "Paul", "W": "Marc"}


def text_of(response) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))).split())


def test_players_are_named_and_the_teams_take_their_names(client, new_game):
    gid, _token, _ = new_game(players=PLAYERS, first_dealer="E")
    game = client.get(f"/api/games/{gid}").json
    assert game["players"] == PLAYERS
    assert game["teams"] == {"NS": "Anne & Paul", "EW": "Léa & Marc"}
    assert game["next_dealer"] == "E" and game["next_dealer_name"] == "Léa"
    assert "Léa deals" in text_of(client.get(f"/g/{gid}"))


def test_a_given_team_name_wins_and_unnamed_seats_stay_letters(client, new_game):
    gid, _token, _ = new_game(players={"N": "Anne"}, teams={"EW": "Eux"})
    game = client.get(f"/api/games/{gid}").json
    assert game["players"] == {"N": "Anne"}
    assert game["teams"] == {"NS": "Anne", "EW": "Eux"}
    assert game["next_dealer"] == "W" and game["next_dealer_name"] is None
    assert "W deals" in text_of(client.get(f"/g/{gid}"))


def test_bad_player_names_are_refused_by_field(client):
    for players, field in (
        ({"N": "x" * 41}, "players.N"),
        ({"X": "Anne"}, "players"),
        ({"S": 3}, "players.S"),
        ("Anne", "players"),
        ({"E": "a\x00b"}, "players.E"),
    ):
        response = client.post("/api/games", json={"variant": "coinche", "players": players})
        # a NUL is refused with the body (400), before the players are read (422)
        assert response.status_code == (400 if "\\x00" in repr(players) else 422), players
        assert response.json["field"] == field
    assert (
        client.post(
            "/api/games", json={"variant": "coinche", "players": {"N": "x" * 40}}
        ).status_code
        == 201
    )


def test_names_can_be_changed_later_on_the_game_page(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    form = {
        "_csrf": csrf(client),
        "team_ns": "",
        "team_ew": "Les autres",
        **{f"player_{s}": n for s, n in PLAYERS.items()},
    }
    assert client.post(f"/e/{gid}/names", data=form).status_code == 303
    game = client.get(f"/api/games/{gid}").json
    assert game["players"] == PLAYERS
    assert game["teams"] == {"NS": "Anne & Paul", "EW": "Les autres"}
    form["player_N"] = "y" * 41
    refused = client.post(f"/e/{gid}/names", data=form)
    assert refused.status_code == 422
    assert "Player N" in text_of(refused) and "at most 40" in text_of(refused)


def test_the_new_game_form_takes_the_players_as_they_sit(client):
    page = client.get("/new").get_data(as_text=True)
    for seat in "NESW":
        assert f'name="player_{seat}"' in page
    form = {
        "_csrf": csrf(client),
        "variant": "coinche",
        "first_dealer": "S",
        **{f"player_{s}": n for s, n in PLAYERS.items()},
    }
    response = client.post("/new", data=form)
    assert response.status_code == 303
    gid = response.headers["Location"].rsplit("/", 1)[1]
    game = client.get(f"/api/games/{gid}").json
    assert game["players"] == PLAYERS and game["next_dealer_name"] == "Paul"
    assert "Paul" in text_of(client.get(f"/e/{gid}"))


def test_after_save_the_page_opens_at_the_top_with_the_saved_line_and_undo(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    form = {
        "_csrf": csrf(client),
        "expected_number": "1",
        "taker": '"NS"',
        "bid": "110",
        "trump": '"H"',
        "taker_points": "94",
        "belote-0": "1",
    }
    response = client.post(f"/e/{gid}/deals", data=form)
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/e/{gid}")  # no #sheet: the top
    page = client.get(f"/e/{gid}").get_data(as_text=True)
    assert 'data-notice="saved"' in page and "Saved deal 1:" in page
    assert "data-undo-notice" in page
    assert page.index('data-notice="saved"') < page.index('id="deal-form"')
    again = client.get(f"/e/{gid}").get_data(as_text=True)
    assert "data-notice" not in again  # said once


def test_undo_offers_redo_and_redo_records_the_deal_again(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    client.post(f"/api/games/{gid}/deals", json=MADE_110, headers=bearer(token))
    client.post(f"/api/games/{gid}/deals", json=EW_80, headers=bearer(token))
    before = client.get(f"/api/games/{gid}").json
    response = client.post(f"/e/{gid}/deals/2/delete", data={"_csrf": csrf(client), "undo": "1"})
    assert response.status_code == 303
    assert len(client.get(f"/api/games/{gid}").json["deals"]) == 1
    page = client.get(f"/e/{gid}").get_data(as_text=True)
    assert 'data-notice="removed"' in page and "data-redo" in page
    record = re.search(r'name="record" value=\'([^\']*)\'', page).group(1)
    redo = client.post(
        f"/e/{gid}/redo",
        data={"_csrf": csrf(client), "record": unescape(record), "expected_number": "2"},
    )
    assert redo.status_code == 303
    after = client.get(f"/api/games/{gid}").json
    assert after["deals"] == before["deals"] and after["totals"] == before["totals"]


def test_the_newest_deal_is_at_the_top_of_the_sheet_with_undo(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    for record in (MADE_110, EW_80, EW_80):
        client.post(f"/api/games/{gid}/deals", json=record, headers=bearer(token))
    page = client.get(f"/e/{gid}").get_data(as_text=True)
    numbers = re.findall(r'<tr class="deal[^"]*" data-deal="(\d+)"', page)
    assert numbers == ["3", "2", "1"]
    assert page.count("data-undo ") + page.count("data-undo>") == 1
    assert f'action="/e/{gid}/deals/3/delete"' in page


def test_an_edit_that_ends_the_match_earlier_offers_to_remove_the_later_deals(client, new_game):
    gid, token, _ = new_game(target=500)
    login(client, gid, token)
    client.post(f"/api/games/{gid}/deals", json=EW_80, headers=bearer(token))
    client.post(f"/api/games/{gid}/deals", json=EW_80, headers=bearer(token))
    form = {
        "_csrf": csrf(client),
        "taker": '"NS"',
        "bid": "110",
        "trump": '"H"',
        "coinche": '"surcoinche"',
        "taker_points": "94",
        "belote-0": "1",
    }
    offered = client.post(f"/e/{gid}/deals/1", data=form)
    assert offered.status_code == 409
    words = text_of(offered)
    assert "the match ends at deal 1" in words and "remove deals 2 to 2" in words
    assert 'name="drop_later" value="1"' in offered.get_data(as_text=True)
    assert len(client.get(f"/api/games/{gid}").json["deals"]) == 2  # nothing changed yet
    done = client.post(f"/e/{gid}/deals/1", data={**form, "drop_later": "1"})
    assert done.status_code == 303
    game = client.get(f"/api/games/{gid}").json
    assert len(game["deals"]) == 1 and game["over"] and game["winner"] == "NS"


def test_the_api_replace_says_where_the_match_ends_and_drops_later_deals_on_request(
    client, new_game
):
    gid, token, _ = new_game(target=500)
    for _ in range(3):
        client.post(f"/api/games/{gid}/deals", json=EW_80, headers=bearer(token))
    change = {**MADE_110, "coinche": "surcoinche"}
    refused = client.put(f"/api/games/{gid}/deals/1", json=change, headers=bearer(token))
    assert refused.status_code == 409 and refused.json["ends_at"] == 1
    bad = client.put(
        f"/api/games/{gid}/deals/1", json={**change, "drop_later": "yes"}, headers=bearer(token)
    )
    assert bad.status_code == 422 and bad.json["field"] == "drop_later"
    done = client.put(
        f"/api/games/{gid}/deals/1", json={**change, "drop_later": True}, headers=bearer(token)
    )
    assert done.status_code == 200 and done.json["over"]
    assert len(client.get(f"/api/games/{gid}").json["deals"]) == 1


def test_delete_a_game_needs_its_token(client, new_game):
    gid, token, _ = new_game()
    _other, other_token, _ = new_game()
    assert client.delete(f"/api/games/{gid}").status_code == 401
    assert client.delete(f"/api/games/{gid}", headers=bearer(other_token)).status_code == 403
    assert client.delete(f"/api/games/{gid}", headers=bearer(token)).status_code == 204
    assert client.get(f"/api/games/{gid}").status_code == 404
    assert client.delete(f"/api/games/{gid}", headers=bearer(token)).status_code == 404


def test_delete_a_game_from_its_page_asks_for_confirmation(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    client.post(f"/api/games/{gid}/deals", json=MADE_110, headers=bearer(token))
    assert "data-delete-confirm" in client.get(f"/e/{gid}").get_data(as_text=True)
    assert client.post(f"/e/{gid}/delete", data={"_csrf": csrf(client)}).status_code == 400
    assert client.get(f"/api/games/{gid}").status_code == 200
    done = client.post(f"/e/{gid}/delete", data={"_csrf": csrf(client), "confirm": "1"})
    assert done.status_code == 303
    assert client.get(f"/api/games/{gid}").status_code == 404
    assert gid not in client.get("/").get_data(as_text=True)


def test_a_rematch_keeps_players_teams_and_rules(client, new_game):
    gid, token, _ = new_game(
        players=PLAYERS,
        teams={"EW": "Eux"},
        target=300,
        options={"surcoinche_mult": 3},
        preset="ffb",
    )
    login(client, gid, token)
    client.post(
        f"/api/games/{gid}/deals", json={**MADE_110, "coinche": "coinche"}, headers=bearer(token)
    )
    page = client.get(f"/e/{gid}").get_data(as_text=True)
    assert "data-rematch-end" in page  # offered at the end of the match
    response = client.post(f"/e/{gid}/rematch", data={"_csrf": csrf(client)})
    assert response.status_code == 303
    new = response.headers["Location"].rsplit("/", 1)[1]
    old, game = client.get(f"/api/games/{gid}").json, client.get(f"/api/games/{new}").json
    assert new != gid and game["deals"] == [] and not game["over"]
    for key in ("variant", "preset", "rules", "teams", "players", "target"):
        assert game[key] == old[key], key
    assert client.get(f"/e/{new}").status_code == 200  # this browser may edit it


def test_the_end_of_a_match_shows_the_variants_counts_per_team(client, new_game):
    gid, token, _ = new_game(target=300, teams={"NS": "Nous", "EW": "Eux"})
    login(client, gid, token)
    client.post(f"/api/games/{gid}/deals", json=EW_80, headers=bearer(token))
    client.post(
        f"/api/games/{gid}/deals", json={**MADE_110, "coinche": "coinche"}, headers=bearer(token)
    )
    page = client.get(f"/e/{gid}").get_data(as_text=True)
    rows = dict(
        re.findall(
            r'<tr data-summary-line="\d+"><th scope="row">([^<]*)</th>'
            r"<td>(\d+)</td><td>(\d+)</td>",
            page,
        )
        and [
            (label, (int(a), int(b)))
            for label, a, b in re.findall(
                r'<tr data-summary-line="\d+"><th scope="row">([^<]*)</th>'
                r"<td>(\d+)</td><td>(\d+)</td>",
                page,
            )
        ]
    )
    assert rows["Contracts taken"] == (1, 1)
    assert rows["Contracts made"] == (1, 1)
    assert rows["Coinches"] == (0, 1)
    assert rows["Belote-rebelote"] == (1, 0)
    assert "Nous" in re.search(r"data-result-text>([^<]*)<", page).group(1)
    assert re.search(r"data-result>([^<]+)<", page)  # how the match ended, in words


def test_the_rules_page_lists_presets_options_and_their_sources(client):
    page = client.get("/rules/coinche?preset=ffb")
    assert page.status_code == 200
    words = text_of(page)
    assert "this game" in words
    for preset in ("house", "ffb", "bidonly"):
        assert f'data-preset="{preset}"' in page.get_data(as_text=True)
    assert "Sources" in words and "FFB" in words
    assert client.get("/rules/no-such-variant").status_code == 404


def test_the_home_page_lists_variant_teams_score_date_and_state(client, new_game):
    gid, token, _ = new_game(teams={"NS": "Nous", "EW": "Eux"}, target=300)
    login(client, gid, token)
    client.post(
        f"/api/games/{gid}/deals", json={**MADE_110, "coinche": "coinche"}, headers=bearer(token)
    )
    page = client.get("/").get_data(as_text=True)
    item = page[page.index(f'data-game="{gid}"') :]
    item = item[: item.index("</li>")]
    words = text_of(client.get("/"))
    assert "Coinche" in words and "coinche ·" not in item  # the display name, not the id
    assert "Nous" in item and "Eux" in item and "<time datetime=" in item
    assert 'data-state="over"' in page[page.index("<li", page.index("games")) :]
    assert "data-rematch" in item and "data-delete-game" in item
    assert "Rematch: same players, teams and rules" in text_of(client.get(f"/e/{gid}"))


def test_a_game_with_no_deal_leaves_the_home_page_after_a_day(client, new_game, app):
    from datetime import UTC, datetime, timedelta

    from sqlalchemy import select
    from sqlmodel import Session

    from scorepad.models import Game

    old, old_token, _ = new_game()
    fresh, fresh_token, _ = new_game()
    login(client, old, old_token)
    login(client, fresh, fresh_token)
    with Session(app.extensions["atout_engine"]) as session:
        game = session.scalars(select(Game).where(Game.public_id == old)).one()
        game.created_at = datetime.now(UTC) - timedelta(days=2)
        session.add(game)
        session.commit()
    page = client.get("/").get_data(as_text=True)
    assert f'data-game="{fresh}"' in page and f'data-game="{old}"' not in page
    assert client.get(f"/e/{old}").status_code == 200  # still there by its link


def test_the_target_is_checked_with_the_variants_bounds_in_the_apps_words(client):
    for target in (0, 99_999_999, "abc", True, 10.5):
        response = client.post("/api/games", json={"variant": "coinche", "target": target})
        assert response.status_code == 422, target
        assert response.json["field"] == "target"
        assert "between 1 and 10000" in response.json["error"], response.json
        assert "option" not in response.json["error"]
    assert (
        client.post("/api/games", json={"variant": "coinche", "target": 10000}).status_code == 201
    )
    form = {"_csrf": csrf(client), "variant": "coinche", "target": "abc"}
    page = client.post("/new", data=form)
    assert page.status_code == 422
    assert "Target: type the points to win as a whole number, between 1 and 10000" in text_of(page)
    form["target"] = "9 5"
    assert client.post("/new", data=form).status_code == 422


def test_options_and_presets_are_shown_in_players_words(client):
    page = client.get("/new?variant=coinche").get_data(as_text=True)
    assert "Your partner has trumped" in page  # partner_ruff's label
    assert ">partner_ruff<" not in page and "(S0" not in page.split("house-rules")[1]
    assert "Club rules (to 1000)" in page  # a preset's title, not its key and sources
    assert "The seed app" not in page
    assert 'href="/rules/coinche?preset=house"' in page
    rules = client.get("/rules/coinche").get_data(as_text=True)
    assert "Club rules (to 1000)" in rules and "The seed app" in rules  # sources there


def test_a_phone_can_add_the_scorepad_to_its_home_screen(client):
    page = client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = response.get_json(force=True)
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        with client.get(icon["src"]) as image:  # a static file: close it
            assert image.status_code == 200, icon
            data = image.get_data()
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
            assert f"{width}x{height}" == icon["sizes"]
