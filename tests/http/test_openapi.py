"""The OpenAPI document (scorepad/openapi.py): valid OpenAPI 3.1, served, in step with the app's
routes, and strict enough that the response check of every HTTP test (openapi_check) can fail."""

from __future__ import annotations

import json
import re

import pytest
from flask import Response
from openapi_check import check_response
from openapi_spec_validator import validate
from scorepad_helpers import bearer

from scorepad.openapi import JSON_ROUTES, document


def test_the_document_is_valid_openapi_3_1():
    doc = document()
    assert doc["openapi"].startswith("3.1")
    validate(doc)  # raises on any error of the document or its schemas


def test_it_is_served_at_api_openapi_json(client):
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    names = [v["name"] for v in client.get("/api/variants").json["variants"]]
    assert response.json == json.loads(json.dumps(document(names)))
    branches = response.json["components"]["schemas"]["NewGame"]["oneOf"]
    assert [b["properties"]["variant"]["const"] for b in branches] == names


#: new games, each taken by the server or not; the served document must say the same
NEW_GAMES = [
    {"variant": "coinche"},
    {"variant": "coinche", "target": 2000, "preset": "ffb", "options": {"litige": True}},
    {"variant": "coinche", "target": 0},
    {"variant": "coinche", "target": 10_001},
    {"variant": "coinche", "target": 1_000_000_000_000_000_000},
    {"variant": "coinche", "options": {"target": 0}},
    {"variant": "coinche", "target": 1, "options": {"target": {}}},
    {"variant": "coinche", "options": {"no_such_option": 1}},
    {"variant": "coinche", "options": {"litige": "maybe"}},
    {"variant": "coinche", "preset": "no-such-preset"},
    {"variant": "coinche", "teams": {"NS": "Anne\u0014"}},
    {"variant": "coinche", "teams": {"NS": "x" * 41}},
    {"variant": "coinche", "players": {"N": "Anne", "E": None}},
]


@pytest.mark.parametrize("body", NEW_GAMES, ids=[json.dumps(b)[:60] for b in NEW_GAMES])
def test_the_served_document_takes_the_new_games_the_server_takes(client, body):
    from jsonschema import Draft202012Validator

    schema = client.get("/api/openapi.json").json["components"]["schemas"]["NewGame"]
    said = Draft202012Validator(schema).is_valid(body)
    status = client.post("/api/games", json=body).status_code
    assert said == (status == 201), (said, status)


@pytest.mark.parametrize("value", [10**18, -(10**18), "a\x00b"])
def test_a_deal_body_value_the_json_reader_refuses_is_outside_the_document(client, new_game, value):
    from jsonschema import Draft202012Validator

    gid, token, _ = new_game()
    schemas = client.get("/api/openapi.json").json["components"]["schemas"]
    body = {"taker": "NS", "bid": 110, "trump": "H", "taker_points": 94, "note": value}
    for name in ("DealBody", "ReplaceBody"):
        assert not Draft202012Validator(schemas[name]).is_valid(body), name
    response = client.post(f"/api/games/{gid}/deals", json=body, headers=bearer(token))
    assert response.status_code in (400, 422)


def test_the_deal_body_examples_are_records_the_server_takes(client, new_game):
    # The example record is written by the first installed variant's engine (the scorepad holds
    # no variant's record format), so it is one that variant's games take as it is.
    names = [v["name"] for v in client.get("/api/variants").json["variants"]]
    examples = client.get("/api/openapi.json").json["components"]["schemas"]["DealBody"]["examples"]
    assert examples[-1] == {"thrown_in": True}
    assert len(examples) == 2 and "thrown_in" not in examples[0]
    gid, token, _ = new_game(variant=names[0])
    for number, example in enumerate(examples, 1):
        response = client.post(f"/api/games/{gid}/deals", json=example, headers=bearer(token))
        assert response.status_code == 201, response.json
        assert response.json["number"] == number


def _documented_routes(app) -> set[tuple[str, str]]:
    out = set()
    for rule in app.url_map.iter_rules():
        path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
        if path.startswith("/api/") or path in JSON_ROUTES:
            out |= {(path, m.lower()) for m in rule.methods - {"HEAD", "OPTIONS"}}
    return out


def test_every_json_route_of_the_app_is_in_the_document_and_every_documented_one_exists(app):
    doc = document()
    documented = {
        (path, method)
        for path, item in doc["paths"].items()
        for method in item
        if method != "parameters"
    }
    routes = _documented_routes(app)
    assert routes - documented == set(), "routes missing from scorepad/openapi.py"
    assert documented - routes == set(), "documented routes the app does not have"


def test_every_operation_documents_its_errors_with_the_error_schema():
    doc = document()
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if method == "parameters" or not path.startswith("/api/"):
                continue
            for code, response in op["responses"].items():
                if code.startswith(("4", "5")):
                    schema = response["content"]["application/json"]["schema"]
                    assert schema == {"$ref": "#/components/schemas/Error"}, (path, method)
            assert "400" in op["responses"] and "405" in op["responses"]


def _json(body, status=200):
    return Response(json.dumps(body), status, mimetype="application/json")


def test_the_response_check_refuses_a_missing_field_an_unknown_field_and_an_undocumented_status(
    client, new_game
):
    gid, _, _ = new_game()
    good = client.get(f"/api/games/{gid}").json
    check_response("GET", f"/api/games/{gid}", _json(good))
    missing = {k: v for k, v in good.items() if k != "version"}
    with pytest.raises(AssertionError, match="version"):
        check_response("GET", f"/api/games/{gid}", _json(missing))
    with pytest.raises(AssertionError, match="surprise"):
        check_response("GET", f"/api/games/{gid}", _json({**good, "surprise": 1}))
    with pytest.raises(AssertionError, match="does not list"):
        check_response("GET", f"/api/games/{gid}", _json(good, 201))
    with pytest.raises(AssertionError):
        check_response("GET", "/api/games/x", _json({"error": "no", "trace": "..."}, 404))
    with pytest.raises(AssertionError):  # an unknown /api/ path must be a JSON 404
        check_response("GET", "/api/nothing", Response("<p>", 200, mimetype="text/html"))


def test_a_new_game_refuses_a_field_it_does_not_know(client):
    response = client.post("/api/games", json={"variant": "coinche", "taregt": 500})
    assert response.status_code == 422
    assert response.json["field"] == "taregt"
    assert "target" in response.json["error"]


def test_the_first_dealer_is_a_seat_letter_exactly(client):
    for bad in ("n", " N", "north", 0, ["N"]):
        response = client.post("/api/games", json={"variant": "coinche", "first_dealer": bad})
        assert response.status_code == 422, bad
        assert response.json["field"] == "first_dealer"
    ok = client.post("/api/games", json={"variant": "coinche", "first_dealer": "E"})
    assert ok.status_code == 201
    assert client.get(f"/api/games/{ok.json['id']}").json["first_dealer"] == "E"


def test_a_deal_body_holds_only_the_keys_of_a_variants_record(client, new_game):
    from jsonschema import Draft202012Validator

    from framework.rules.plugins import variant_names

    gid, token, _ = new_game()  # a Coinche game
    schemas = client.get("/api/openapi.json").json["components"]["schemas"]
    deal = Draft202012Validator(schemas["DealBody"])
    branches = {b["title"]: b for b in schemas["DealBody"]["anyOf"]}
    assert sorted(branches) == sorted(variant_names())
    made = {"taker": "NS", "bid": 110, "trump": "H", "taker_points": 94}
    assert deal.is_valid(made) and deal.is_valid({"thrown_in": True})
    assert deal.is_valid({**made, "expected_number": 1})
    extra = {**made, "no_such_field": 1}
    assert not deal.is_valid(extra)
    response = client.post(f"/api/games/{gid}/deals", json=extra, headers=bearer(token))
    assert response.status_code == 422
    assert "'no_such_field' is not a field" in response.json["error"]
