"""The test toys of ``tests/toys`` (a two-hand, a six-hand and a called-partner game, installed
by ``scripts/test``) through the scorepad (issue 20, item 7): a score sheet by their seats and
score columns, a deal played on the play table round their seats, written on its sheet, and a
called partner's deal written through the API."""

from __future__ import annotations

import os
import re

import pytest
from scorepad_helpers import bearer, csrf

from framework.core.cards import bits
from framework.rules.plugins import variant_names
from scorepad import installed
from scorepad import play as tables
from scorepad.db import get_session

TOYS = {
    "toy-duo": ("A", "B"),
    "toy-six": ("A", "B", "C", "D", "E", "F"),
    "toy-call": ("A", "B", "C", "D"),
}
NAMES = ("Anne", "Léa", "Paul", "Marc", "Ivo", "Zoe")


@pytest.fixture(autouse=True)
def _toys_enabled(monkeypatch):
    """The toys are hidden from the rest of the suite (tests/conftest.py): enabled here."""
    blocked = os.environ.get("ATOUT_DISABLED_VARIANTS", "").split(",")
    monkeypatch.setenv("ATOUT_DISABLED_VARIANTS", ",".join(n for n in blocked if n not in TOYS))
    installed.variant.cache_clear()
    assert set(TOYS) <= set(variant_names()), "the test toys: pip install ./tests/toys"
    yield
    installed.variant.cache_clear()


@pytest.mark.parametrize("toy", sorted(TOYS))
def test_a_toys_sheet_by_its_seats_and_columns(client, toy):
    seats = TOYS[toy]
    players = dict(zip(seats, NAMES, strict=False))
    response = client.post("/api/games", json={"variant": toy, "players": players})
    assert response.status_code == 201, response.json
    game = client.get(f"/api/games/{response.json['id']}").json
    assert game["seats"] == list(seats) and game["players"] == players
    # a player's own column is named by the player
    assert [(c["key"], c["label"]) for c in game["columns"]] == list(players.items())
    assert game["totals"] == dict.fromkeys(seats, 0) and game["first_dealer"] == seats[-1]
    page = client.get("/new?variant=" + toy).get_data(as_text=True)
    assert re.findall(r'name="player_(\w+)"', page) == list(seats)


@pytest.mark.parametrize("toy", sorted(TOYS))
def test_a_toy_deal_played_round_its_seats(app, client, toy):
    seats = TOYS[toy]
    token = csrf(client)
    response = client.post("/play/", data={"_csrf": token, "variant": toy})
    assert response.status_code == 303
    key = response.headers["Location"].rsplit("/", 1)[1]
    page = client.get(f"/play/{key}").get_data(as_text=True)
    drawn = re.findall(r'class="seat seat-([\w-]+)[^"]*" data-seat="(\w)"', page)
    assert sorted(s for _where, s in drawn) == sorted(seats)
    assert dict(drawn)["bottom"] == seats[min(2, len(seats) - 1)]
    for _ in range(200):
        with app.app_context():
            table = tables.load(get_session(), key)
        deal = table.deal
        if deal.is_over and table.row.record is not None and deal.contract is not None:
            break
        move = {"_csrf": token, "deal": str(table.number), "event": str(deal.event_count)}
        if deal.is_over:
            move["action"] = "next"
        elif deal.phase == "auction":
            calls = deal.legal_calls(table.seat)
            move["call"] = next((c for c in calls if c.kind == "bid"), calls[0]).text
        else:
            move["card"] = deal.deck.format(next(bits(deal.legal_mask())))
        assert client.post(f"/play/{key}/move", data=move).status_code == 303
    else:
        raise AssertionError("no deal was played to its end")
    page = client.get(f"/play/{key}").get_data(as_text=True)
    assert "data-deal-score" in page and "data-sheet" in page
    # the contract's taker is named by the table's seats, not by N E S W
    state = client.get(f"/play/{key}/state.json").json
    assert state["contract"].endswith(f" by {seats[deal.contract.taker]}"), state["contract"]
    assert set(table.totals) == set(seats) and any(table.totals.values())


def test_a_called_partners_deal_is_written_by_its_sides(client):
    players = dict(zip(TOYS["toy-call"], NAMES, strict=False))
    game = client.post("/api/games", json={"variant": "toy-call", "players": players}).json
    record = {
        "taker": "A",
        "called": "AS",
        "partner": "C",
        "revealed": 3,
        "points": {"A": 12, "B": 8, "C": 10, "D": 10},
    }
    auth = bearer(game["edit_token"])
    response = client.post(f"/api/games/{game['id']}/deals", json=record, headers=auth)
    assert response.status_code == 201, response.json
    # A and its partner C took 22 of 40: each writes 22; B and D write their 18.
    assert response.json["points"] == {"A": 22, "B": 18, "C": 22, "D": 18}
    alone = {**record, "partner": None, "revealed": 0}
    response = client.post(f"/api/games/{game['id']}/deals", json=alone, headers=auth)
    assert response.json["points"] == {"A": 0, "B": 28, "C": 28, "D": 28}  # 12 of 40: failed
    deals = client.get(f"/api/games/{game['id']}").json["deals"]
    assert [d["record"]["partner"] for d in deals] == ["C", None]
    wrong = {**record, "called": "KS"}
    refused = client.post(f"/api/games/{game['id']}/deals", json=wrong, headers=auth)
    assert refused.status_code == 422, refused.json
    assert refused.json["field"] == "called"
    assert refused.json["error"] == "a K is not one of the cards here: A"
