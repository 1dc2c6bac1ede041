"""Four-player Préférence in the scorepad (issue 20, items 1 and 5): the option ``players = 4``
shapes the table (four seats, the dealer sitting out of each deal; 20 score columns), and the
scorepad follows with no code of its own: the API and the new-game page take four players, the
sheet has their columns, and a play table plays a whole match, the person sitting out when his
turn to deal comes."""

from __future__ import annotations

import re

from play_helpers import load_table, next_move
from scorepad_helpers import bearer, csrf

NAMES = {"N": "Anne", "E": "Léa", "S": "Paul", "W": "Marc"}


def test_the_api_creates_a_game_of_four_and_scores_a_deal_the_dealer_sat_out(client):
    response = client.post(
        "/api/games",
        json={"variant": "preference", "options": {"players": 4}, "players": NAMES},
    )
    assert response.status_code == 201, response.json
    gid, token = response.json["id"], response.json["edit_token"]
    game = client.get(f"/api/games/{gid}").json
    assert game["seats"] == ["N", "E", "S", "W"] and game["players"] == NAMES
    assert game["first_dealer"] == "W" and len(game["columns"]) == 20
    assert {c["group"] for c in game["columns"]} == set(NAMES)
    record = {
        "dealer": "W",
        "declarer": "N",
        "kind": "game",
        "contract": "6S",
        "whist": {"E": "pass", "S": "whist"},
        "tricks": {"N": 6, "E": 0, "S": 4},
    }
    deal = client.post(f"/api/games/{gid}/deals", json=record, headers=bearer(token))
    assert deal.status_code == 201, deal.json
    totals = client.get(f"/api/games/{gid}").json["totals"]
    assert totals["N.pool"] == 2 and totals["S.whists.N"] == 8 and "W.pool" in totals
    # three players have no W
    three = client.post("/api/games", json={"variant": "preference", "players": NAMES})
    assert three.status_code == 422 and three.json["field"] == "players"


def test_the_new_game_page_asks_as_many_names_as_the_options_seat(client):
    three = client.get("/new?variant=preference").get_data(as_text=True)
    assert re.findall(r'name="player_(\w+)"', three) == ["N", "E", "S"]
    # the option that changes the seats redraws the seats when it changes
    assert re.search(r'<select name="opt-players" hx-get="[^"]*/new"', three)
    four = client.get("/new?variant=preference&opt-players=4").get_data(as_text=True)
    assert re.findall(r'name="player_(\w+)"', four) == ["N", "E", "S", "W"]
    assert "data-shapes-table" not in client.get("/new?variant=coinche").get_data(as_text=True)
    response = client.post(
        "/new",
        data={"_csrf": csrf(client), "variant": "preference", "opt-players": "4"}
        | {f"player_{seat}": name for seat, name in NAMES.items()},
    )
    assert response.status_code == 303
    gid = response.headers["Location"].rsplit("/", 1)[-1]
    game = client.get(f"/api/games/{gid}").json
    assert game["players"] == NAMES and game["seats"] == ["N", "E", "S", "W"]
    sheet = client.get(f"/g/{gid}").get_data(as_text=True)
    assert "Marc" in sheet
    # a game of players, not teams: the rematch keeps the players and the rules
    editor = client.get(f"/e/{gid}").get_data(as_text=True)
    assert "Rematch: same players and rules" in editor and "teams and rules" not in editor


def test_a_play_table_of_four_plays_a_match_the_person_sitting_out_when_dealing(app, client):
    token = csrf(client)
    form = {"_csrf": token, "variant": "preference", "bot": "rules"}
    response = client.post("/play/", data=form | {"opt-players": "4", "opt-pool_size": "2"})
    assert response.status_code == 303
    key = response.headers["Location"].rsplit("/", 1)[1]
    assert "seat-bottom" in client.get(f"/play/{key}").get_data(as_text=True)
    dealers: dict[int, str] = {}
    for _ in range(2000):
        table = load_table(app, key)
        deal, me = table.deal, table.seat
        dealers.setdefault(table.number, deal.seats[deal.dealer])
        if table.match_over:
            break
        if not deal.is_over and deal.phase not in ("auction", "phases"):
            assert deal.controllers[deal.current_seat] == me
        moved = client.post(
            f"/play/{key}/move", data=next_move(table, token), headers={"HX-Request": "true"}
        )
        assert moved.status_code == 200, moved.data[:300]
    assert table.match_over and me == 2
    assert [dealers[n] for n in range(1, 5)] == ["W", "N", "E", "S"]
    # the deal the person dealt (S) the bots played through, scored on the sheet like any
    sat_out = [row for row in table.rows() if row["dealer"] == "S"]
    assert sat_out and all(row["record"] for row in sat_out)
    settlement = table.outcome.settlement
    assert set(settlement) == set(NAMES) and sum(settlement.values()) == 0


def test_the_openapi_document_lets_a_new_game_name_the_seats_an_option_adds(client):
    doc = client.get("/api/openapi.json").json

    def branches(node):
        if isinstance(node, dict):
            if node.get("title") == "preference" and "players" in node.get("properties", {}):
                yield node
            for value in node.values():
                yield from branches(value)
        elif isinstance(node, list):
            for value in node:
                yield from branches(value)

    branch = next(branches(doc))["properties"]
    players = branch["players"]["anyOf"][0]["properties"]
    assert set(players) == {"N", "E", "S", "W"}
    assert branch["first_dealer"]["anyOf"][0]["enum"] == ["N", "E", "S", "W"]


def test_the_openapi_document_takes_the_added_seat_only_with_the_option_that_adds_it(client):
    """W is named (as a player or as the first dealer) only by a game of four: a body naming it
    with three players fits no branch, as the server refuses it."""
    from jsonschema import Draft202012Validator

    doc = client.get("/api/openapi.json").json
    new_game = doc["paths"]["/api/games"]["post"]["requestBody"]["content"]["application/json"]
    validator = Draft202012Validator({**new_game["schema"], "components": doc["components"]})
    four = {"players": 4}
    for body, fits in (
        ({"players": {"W": "Olga"}, "options": four}, True),
        ({"first_dealer": "W", "options": four}, True),
        ({"players": {"N": "Ivan"}}, True),
        ({"players": {"W": "Olga"}}, False),
        ({"players": {"W": None}, "options": {}}, False),
        ({"first_dealer": "W"}, False),
    ):
        body = {"variant": "preference", **body}
        assert validator.is_valid(body) is fits, body
        status = client.post("/api/games", json=body).status_code
        assert (status == 201) is fits, (body, status)


def test_the_play_table_says_when_the_person_sits_out_and_whose_the_talons_leads_are(app, client):
    """At a table of four the person's seat sits out the deals it deals: the page says so in
    words (the deal is over by the time it is shown: the bots played it), and no other deal's
    page does. Under leningrad (raspasy_talon = dealer_plays) a raspasy's talon cards are the
    sitting-out dealer's: the card led from the talon is said to be played for that seat."""
    token = csrf(client)
    form = {"_csrf": token, "variant": "preference", "preset": "leningrad", "bot": "rules"}

    def new_table() -> str:
        response = client.post("/play/", data=form | {"opt-players": "4"})
        assert response.status_code == 303
        return response.headers["Location"].rsplit("/", 1)[1]

    key = new_table()
    sat_out = owned = 0
    for _ in range(3000):
        table = load_table(app, key)
        deal, me = table.deal, table.seat
        if table.match_over:
            key = new_table()
            continue
        page = client.get(f"/play/{key}").get_data(as_text=True)
        if deal.sitting_out == me:
            assert deal.is_over  # (the bots played it through)
            assert "data-sitting-out" in page and "You sat out this deal" in page
            mine = deal.talon_owner == me
            assert ("led tricks were played as yours" in page) == mine
            sat_out += 1
        else:
            assert "data-sitting-out" not in page
        if deal.lead is not None and deal.current_seat == me:
            owner = deal.talon_owner
            assert owner == deal.dealer  # (dealer_plays, four players)
            said = re.findall(r"data-talon-owner>([^<]+)<", page)
            word = {"N": "North", "E": "East", "S": "South", "W": "West"}[deal.seats[owner]]
            assert said == [f"led from the talon for {word}"]
            owned += 1
        if sat_out >= 1 and owned >= 2:
            break
        moved = client.post(
            f"/play/{key}/move", data=next_move(table, token), headers={"HX-Request": "true"}
        )
        assert moved.status_code == 200, moved.data[:300]
    assert sat_out >= 1 and owned >= 2, (sat_out, owned)
