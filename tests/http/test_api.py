"""The JSON API contract of design.md: create, read, add, replace and delete deals, and every
error case. Runs on SQLite, and on PostgreSQL when ATOUT_TEST_POSTGRES is set."""

from __future__ import annotations

import pytest
from scorepad_helpers import EW_80, FAILED_110, MADE_110, bearer
from sqlalchemy import select

from framework.rules.plugins import load_variant
from scorepad.models import Game
from scorepad.security import hash_token

COINCHE = load_variant("coinche")


def expected_points(records, **overrides):
    """Each deal's points as the variant scores them, in sequence."""
    from framework.engine.match import Match

    match = Match(COINCHE, COINCHE.rules(None, overrides))
    return [dict(match.add(r).points) for r in records]


# ---- creating and reading games -----------------------------------------------------------


def test_create_game_answers_201_with_id_token_and_urls(client):
    response = client.post(
        "/api/games",
        json={
            "variant": "coinche",
            "preset": "ffb",
            "teams": {"NS": "Nous", "EW": "Eux"},
            "target": 2000,
        },
    )
    assert response.status_code == 201
    body = response.json
    assert set(body) >= {"id", "edit_token", "urls"}
    gid, token = body["id"], body["edit_token"]
    assert body["urls"]["live"] == f"http://table.example:8000/g/{gid}"
    assert body["urls"]["edit"] == f"http://table.example:8000/e/{gid}?t={token}"
    assert body["urls"]["qr"] == f"http://table.example:8000/g/{gid}/qr.svg"
    assert body["urls"]["api"] == f"http://table.example:8000/api/games/{gid}"
    assert response.headers["Location"] == f"/api/games/{gid}"
    game = client.get(f"/api/games/{gid}").json
    assert game["variant"] == "coinche"
    assert game["preset"] == "ffb"
    assert game["teams"] == {"NS": "Nous", "EW": "Eux"}
    assert game["target"] == 2000
    assert game["deals"] == []
    assert game["totals"] == {"NS": 0, "EW": 0}
    assert game["winner"] is None
    assert game["rules"]["options"]["target"] == 2000


def test_new_game_defaults_to_first_preset_and_team_keys(client, new_game):
    gid, _token, _ = new_game()
    game = client.get(f"/api/games/{gid}").json
    assert game["preset"] == COINCHE.default_preset
    assert game["teams"] == {"NS": "NS", "EW": "EW"}
    assert game["target"] == COINCHE.rules().options["target"]
    assert game["first_dealer"] == "W"


def test_edit_token_has_at_least_128_bits_and_is_stored_only_hashed(app, new_game):
    gid, token, _ = new_game()
    assert len(token) >= 22  # token_urlsafe(24): 32 characters, 192 bits
    with app.extensions["atout_engine"].connect() as conn:
        row = conn.execute(
            select(Game.token_hash, Game.public_id).where(Game.public_id == gid)
        ).one()
        dump = "".join(str(v) for r in conn.execute(select(Game)).all() for v in r)
    assert row.token_hash == hash_token(token)
    assert token not in dump


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"variant": "no-such-variant"}, "variant"),
        ({}, "variant"),
        ({"variant": 3}, "variant"),
        ({"variant": "coinche", "preset": "nope"}, "preset"),
        ({"variant": "coinche", "target": "lots"}, "target"),
        ({"variant": "coinche", "target": -5}, "target"),
        ({"variant": "coinche", "teams": ["a", "b"]}, "teams"),
        ({"variant": "coinche", "teams": {"NS": "x" * 41}}, "teams.NS"),
        ({"variant": "coinche", "teams": {"XY": "x"}}, "teams"),
        ({"variant": "coinche", "options": {"no_such_option": 1}}, "options.no_such_option"),
        ({"variant": "coinche", "options": {"litige": "maybe"}}, "options.litige"),
        ({"variant": "coinche", "first_dealer": "Q"}, "first_dealer"),
        ({"variant": "coinche", "match_deals": 0}, "match_deals"),
        ({"variant": "coinche", "match_deals": 501}, "match_deals"),
        ({"variant": "coinche", "match_deals": "twelve"}, "match_deals"),
        ({"variant": "coinche", "match_deals": True}, "match_deals"),
        ({"variant": "coinche", "deals_alone": "yes"}, "deals_alone"),
        ({"variant": "coinche", "deals_alone": 1}, "deals_alone"),
    ],
)
def test_bad_new_game_is_422_naming_the_field(client, body, field):
    response = client.post("/api/games", json=body)
    assert response.status_code == 422
    assert response.json["field"] == field
    assert response.json["error"]


@pytest.mark.parametrize("data", [b"", b"{not json", b"[1, 2]", b'"text"'])
def test_malformed_body_is_400(client, data):
    response = client.post("/api/games", data=data, content_type="application/json")
    assert response.status_code == 400
    assert "error" in response.json


def test_house_rules_are_part_of_the_snapshot(client, new_game):
    gid, _token, _ = new_game(options={"litige": True}, target=500)
    rules = client.get(f"/api/games/{gid}").json["rules"]
    assert rules["options"]["litige"] is True
    assert rules["overrides"] == {"litige": True, "target": 500}


def test_a_match_of_a_fixed_number_of_deals_ends_after_them_whatever_the_target(client, new_game):
    gid, token, _ = new_game(target=2000, match_deals=2)
    game = client.get(f"/api/games/{gid}").json
    assert game["rules"]["match_deals"] == 2
    assert game["target"] is None  # no target ends this match
    first = client.post(f"/api/games/{gid}/deals", json=MADE_110, headers=bearer(token)).json
    assert first["over"] is False
    second = client.post(f"/api/games/{gid}/deals", json=EW_80, headers=bearer(token)).json
    totals = client.get(f"/api/games/{gid}").json["totals"]
    assert max(totals.values()) < 2000  # nobody reached the target
    assert second["over"] is True
    assert second["winner"] == max(totals, key=totals.get)
    refused = client.post(f"/api/games/{gid}/deals", json=EW_80, headers=bearer(token))
    assert refused.status_code == 409


def test_deals_scored_alone_carry_no_pot_into_the_next(client, new_game):
    # FFB Coinche with the litige: 80 bid, 81 card points each: EW 80, NS's 81 to the pot;
    # then 100 bid made with 112 + 20: NS 232 -> 230 alone (313 -> 310 with the pot)
    litige = {"taker": "NS", "bid": 80, "trump": "S", "taker_points": 81}
    made = {"taker": "NS", "bid": 100, "trump": "H", "taker_points": 112, "belote": ["NS"]}
    for alone, pot, second in ((False, 81, 310), (True, 0, 230)):
        gid, token, _ = new_game(preset="ffb", options={"litige": True}, deals_alone=alone)
        first = client.post(f"/api/games/{gid}/deals", json=litige, headers=bearer(token))
        assert first.json["points"] == {"NS": 0, "EW": 80} and first.json["pot"] == pot
        assert client.get(f"/api/games/{gid}").json["pot"] == pot
        then = client.post(f"/api/games/{gid}/deals", json=made, headers=bearer(token)).json
        assert then["points"]["NS"] == second
        rules = client.get(f"/api/games/{gid}").json["rules"]
        assert rules.get("deals_alone", False) is alone


def test_a_match_to_the_target_keeps_its_rules_snapshot_as_it_was(client, new_game):
    gid, _token, _ = new_game(target=500)
    rules = client.get(f"/api/games/{gid}").json["rules"]
    assert set(rules) == {"variant", "preset", "options", "overrides"}  # no "match_deals" key


def test_unknown_game_is_404(client):
    response = client.get("/api/games/nope")
    assert response.status_code == 404
    assert response.json == {
        "error": "no such game",
        "field": "id",
        "error_message": {"id": "no such game", "params": {}, "domain": "scorepad"},
    }


def test_unknown_api_route_answers_json_404(client):
    response = client.get("/api/nothing-here")
    assert response.status_code == 404
    assert "error" in response.json


def test_wrong_method_answers_json_405(client, new_game):
    gid, _token, _ = new_game()
    response = client.patch(f"/api/games/{gid}")
    assert response.status_code == 405
    assert "error" in response.json


def test_variants_lists_installed_variants_with_record_fields(client):
    body = client.get("/api/variants").json
    names = [v["name"] for v in body["variants"]]
    assert "coinche" in names
    coinche = body["variants"][names.index("coinche")]
    assert "taker" in [f["name"] for f in coinche["record_fields"]]


# ---- adding deals ---------------------------------------------------------------------------


def test_add_deal_answers_201_with_number_points_totals_winner(client, new_game):
    gid, token, _ = new_game()
    first, second = expected_points([MADE_110, FAILED_110])
    response = client.post(f"/api/games/{gid}/deals", json=MADE_110, headers=bearer(token))
    assert response.status_code == 201
    assert response.json["number"] == 1
    assert response.json["points"] == first
    assert response.json["totals"] == first
    assert response.json["winner"] is None
    assert response.json["explanation"]
    response = client.post(f"/api/games/{gid}/deals", json=FAILED_110, headers=bearer(token))
    assert response.json["number"] == 2
    assert response.json["totals"] == {t: first[t] + second[t] for t in ("NS", "EW")}


def test_made_110_with_belote_scores_220_to_70(client, new_game):
    gid, token, _ = new_game()
    response = client.post(f"/api/games/{gid}/deals", json=MADE_110, headers=bearer(token))
    assert response.json["points"] == {"NS": 220, "EW": 70}


def test_game_lists_deals_with_dealer_rotation_and_running_totals(client, new_game):
    gid, token, _ = new_game(first_dealer="S")
    for record in (MADE_110, FAILED_110, EW_80):
        client.post(f"/api/games/{gid}/deals", json=record, headers=bearer(token))
    game = client.get(f"/api/games/{gid}").json
    assert [d["number"] for d in game["deals"]] == [1, 2, 3]
    assert [d["dealer"] for d in game["deals"]] == ["S", "W", "N"]
    assert game["next_dealer"] == "E"
    points = expected_points([MADE_110, FAILED_110, EW_80])
    running = {"NS": 0, "EW": 0}
    for deal, pts in zip(game["deals"], points, strict=True):
        running = {t: running[t] + pts[t] for t in running}
        assert deal["points"] == pts
        assert deal["totals"] == running
    assert game["totals"] == running


def test_no_token_is_401(client, new_game):
    gid, _token, _ = new_game()
    response = client.post(f"/api/games/{gid}/deals", json=MADE_110)
    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"].startswith("Bearer")
    assert client.get(f"/api/games/{gid}").json["deals"] == []


@pytest.mark.parametrize("header", ["Basic abc", "Bearer", "Bearer   ", "token"])
def test_malformed_authorization_is_401(client, new_game, header):
    gid, _token, _ = new_game()
    response = client.post(
        f"/api/games/{gid}/deals", json=MADE_110, headers={"Authorization": header}
    )
    assert response.status_code == 401


def test_wrong_token_is_403_and_changes_nothing(client, new_game):
    gid, _token, _ = new_game()
    _other_id, other_token, _ = new_game()
    response = client.post(f"/api/games/{gid}/deals", json=MADE_110, headers=bearer(other_token))
    assert response.status_code == 403
    assert client.get(f"/api/games/{gid}").json["deals"] == []


def test_unknown_game_write_is_404(client):
    response = client.post("/api/games/nope/deals", json=MADE_110, headers=bearer("x" * 32))
    assert response.status_code == 404


@pytest.mark.parametrize(
    ("record", "field"),
    [
        ({**MADE_110, "bid": 115}, "bid"),
        ({**MADE_110, "taker": "XX"}, "taker"),
        ({**MADE_110, "taker_points": 170}, "taker_points"),
        ({key: v for key, v in MADE_110.items() if key != "trump"}, "trump"),
    ],
)
def test_invalid_record_is_422_naming_the_field_and_changes_nothing(
    client, new_game, record, field
):
    gid, token, _ = new_game()
    client.post(f"/api/games/{gid}/deals", json=EW_80, headers=bearer(token))
    before = client.get(f"/api/games/{gid}").json
    response = client.post(f"/api/games/{gid}/deals", json=record, headers=bearer(token))
    assert response.status_code == 422
    assert response.json["field"] == field
    assert client.get(f"/api/games/{gid}").json == before


def test_malformed_deal_body_is_400(client, new_game):
    gid, token, _ = new_game()
    response = client.post(
        f"/api/games/{gid}/deals",
        data=b"[]",
        headers=bearer(token),
        content_type="application/json",
    )
    assert response.status_code == 400


def test_expected_number_that_is_not_next_is_409(client, new_game):
    gid, token, _ = new_game()
    ok = client.post(
        f"/api/games/{gid}/deals", json={**MADE_110, "expected_number": 1}, headers=bearer(token)
    )
    assert ok.status_code == 201
    before = client.get(f"/api/games/{gid}").json
    late = client.post(
        f"/api/games/{gid}/deals", json={**EW_80, "expected_number": 1}, headers=bearer(token)
    )
    assert late.status_code == 409
    assert late.json["field"] == "expected_number"
    assert client.get(f"/api/games/{gid}").json == before


def test_expected_number_must_be_a_number(client, new_game):
    gid, token, _ = new_game()
    response = client.post(
        f"/api/games/{gid}/deals", json={**MADE_110, "expected_number": "1"}, headers=bearer(token)
    )
    assert response.status_code == 422
    assert response.json["field"] == "expected_number"


def test_match_over_refuses_another_deal_with_409(client, new_game):
    gid, token, _ = new_game(target=300)
    response = client.post(
        f"/api/games/{gid}/deals", json={**MADE_110, "coinche": "coinche"}, headers=bearer(token)
    )
    assert response.json["over"] is True
    assert response.json["winner"] == "NS"
    game = client.get(f"/api/games/{gid}").json
    assert game["winner"] == "NS"
    assert game["over"] is True
    refused = client.post(f"/api/games/{gid}/deals", json=EW_80, headers=bearer(token))
    assert refused.status_code == 409
    assert client.get(f"/api/games/{gid}").json == game


# ---- replacing and deleting -----------------------------------------------------------------


def test_replace_deal_rescores_every_later_total(client, new_game):
    gid, token, _ = new_game()
    for record in (MADE_110, EW_80, FAILED_110):
        client.post(f"/api/games/{gid}/deals", json=record, headers=bearer(token))
    response = client.put(f"/api/games/{gid}/deals/1", json=FAILED_110, headers=bearer(token))
    assert response.status_code == 200
    assert response.json["number"] == 1
    game = client.get(f"/api/games/{gid}").json
    points = expected_points([FAILED_110, EW_80, FAILED_110])
    assert [d["points"] for d in game["deals"]] == points
    assert game["totals"] == {t: sum(p[t] for p in points) for t in ("NS", "EW")}
    assert game["deals"][0]["record"]["taker_points"] == 30


def test_replace_with_invalid_record_is_422_and_changes_nothing(client, new_game):
    gid, token, _ = new_game()
    client.post(f"/api/games/{gid}/deals", json=MADE_110, headers=bearer(token))
    before = client.get(f"/api/games/{gid}").json
    response = client.put(
        f"/api/games/{gid}/deals/1", json={**MADE_110, "bid": 5}, headers=bearer(token)
    )
    assert response.status_code == 422
    assert response.json["field"] == "bid"
    assert client.get(f"/api/games/{gid}").json == before


def test_replace_that_ends_the_match_before_later_deals_is_409(client, new_game):
    gid, token, _ = new_game(target=500)
    client.post(f"/api/games/{gid}/deals", json=EW_80, headers=bearer(token))
    client.post(f"/api/games/{gid}/deals", json=EW_80, headers=bearer(token))
    before = client.get(f"/api/games/{gid}").json
    # deal 1 surcoinched and made would end the match, leaving deal 2 after the end
    response = client.put(
        f"/api/games/{gid}/deals/1",
        json={**MADE_110, "coinche": "surcoinche"},
        headers=bearer(token),
    )
    assert response.status_code == 409
    assert response.json["field"] == "deals.2"
    assert client.get(f"/api/games/{gid}").json == before


@pytest.mark.parametrize("number", [0, 2, -1])
def test_replace_or_delete_unknown_deal_is_404(client, new_game, number):
    gid, token, _ = new_game()
    client.post(f"/api/games/{gid}/deals", json=MADE_110, headers=bearer(token))
    assert (
        client.put(
            f"/api/games/{gid}/deals/{number}", json=MADE_110, headers=bearer(token)
        ).status_code
        == 404
    )
    assert (
        client.delete(f"/api/games/{gid}/deals/{number}", headers=bearer(token)).status_code == 404
    )


def wrong(token: str) -> str:
    """The token with its last character changed (never the token itself)."""
    return token[:-1] + ("x" if token[-1] != "x" else "y")


def test_replace_and_delete_need_the_token(client, new_game):
    gid, token, _ = new_game()
    client.post(f"/api/games/{gid}/deals", json=MADE_110, headers=bearer(token))
    assert client.put(f"/api/games/{gid}/deals/1", json=EW_80).status_code == 401
    assert client.delete(f"/api/games/{gid}/deals/1").status_code == 401
    assert (
        client.delete(f"/api/games/{gid}/deals/1", headers=bearer(wrong(token))).status_code == 403
    )
    assert len(client.get(f"/api/games/{gid}").json["deals"]) == 1


def test_delete_middle_deal_renumbers_and_rescores(client, new_game):
    gid, token, _ = new_game()
    for record in (MADE_110, EW_80, FAILED_110):
        client.post(f"/api/games/{gid}/deals", json=record, headers=bearer(token))
    response = client.delete(f"/api/games/{gid}/deals/2", headers=bearer(token))
    assert response.status_code == 200
    game = client.get(f"/api/games/{gid}").json
    assert [d["number"] for d in game["deals"]] == [1, 2]
    assert [d["record"]["taker_points"] for d in game["deals"]] == [94, 30]
    points = expected_points([MADE_110, FAILED_110])
    assert game["totals"] == {t: sum(p[t] for p in points) for t in ("NS", "EW")}
    assert [d["dealer"] for d in game["deals"]] == ["W", "N"]
    # the next deal takes number 3 again
    again = client.post(f"/api/games/{gid}/deals", json=EW_80, headers=bearer(token))
    assert again.json["number"] == 3


def test_every_write_bumps_the_version(client, new_game):
    gid, token, _ = new_game()
    versions = [client.get(f"/api/games/{gid}").json["version"]]
    client.post(f"/api/games/{gid}/deals", json=MADE_110, headers=bearer(token))
    versions.append(client.get(f"/api/games/{gid}").json["version"])
    client.put(f"/api/games/{gid}/deals/1", json=EW_80, headers=bearer(token))
    versions.append(client.get(f"/api/games/{gid}").json["version"])
    client.delete(f"/api/games/{gid}/deals/1", headers=bearer(token))
    versions.append(client.get(f"/api/games/{gid}").json["version"])
    assert versions == sorted(set(versions))


def test_thrown_in_deal_scores_nothing_and_passes_the_deal(client, new_game):
    gid, token, _ = new_game()
    response = client.post(
        f"/api/games/{gid}/deals", json={"thrown_in": True}, headers=bearer(token)
    )
    assert response.status_code == 201
    assert response.json["points"] == {"NS": 0, "EW": 0}
    assert client.get(f"/api/games/{gid}").json["next_dealer"] == "N"


def test_any_user_error_of_a_variant_is_a_422_not_a_crash(client, new_game, monkeypatch):
    from framework.core.errors import NotationError
    from scorepad import installed

    gid, token, _ = new_game()
    variant = installed.variant("coinche")

    def refuse(*_args, **_kwargs):
        raise NotationError("'ZZ' is not a card")

    monkeypatch.setattr(variant.hooks, "validate_record", refuse)
    response = client.post(f"/api/games/{gid}/deals", json=MADE_110, headers=bearer(token))
    assert response.status_code == 422
    assert response.json == {"error": "'ZZ' is not a card", "field": "record"}


def test_csv_export_never_starts_a_cell_with_a_formula(client, new_game):
    gid, _token, _ = new_game(teams={"NS": "=HYPERLINK(1)", "EW": "@x"})
    header = client.get(f"/g/{gid}/export.csv").get_data(as_text=True).splitlines()[0]
    assert "points '=HYPERLINK(1)" in header
    assert ",=" not in header
