"""A whole match of every installed variant, kept through the JSON API.

The engine plays each match (``Deal.new`` + ``play_out`` with rule bots, deal after deal in the
context of a :class:`framework.engine.match.Match`); every deal record goes through ``POST
/api/games/<id>/deals``, and after each deal the API's totals, pot, dealers and end of the match
must be the ``Match``'s. Then a deal in the middle is replaced and one is removed, and the API
must rescore (or refuse, changing nothing) exactly as ``Match`` says. Runs on SQLite, and on
PostgreSQL when ATOUT_TEST_POSTGRES is set.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from match_helpers import BUILT_IN, MAX_DEALS, as_json, play_deal, variant_presets
from scorepad_helpers import bearer, login

from framework.core.errors import RecordError
from framework.core.options import Rules
from framework.core.seats import SEATS
from framework.engine.match import Match
from framework.rules.plugins import Variant, load_variant, variant_names
from scorepad import games

INSTALLED = variant_names()


def dealers(first: int, count: int, seats: Sequence[str] = SEATS) -> list[str]:
    """The dealers of ``count`` deals from ``first``, round a table of ``seats``."""
    return [seats[(first + n) % len(seats)] for n in range(count)]


def rebuilt(
    variant: Variant, rules: Rules, first: int, records: Sequence[Mapping[str, Any]]
) -> Match | RecordError:
    """The match these records make, or the error of the first deal that no longer holds."""
    try:
        return Match(variant, rules, first, records)
    except RecordError as exc:
        return exc


def assert_sheet_is(client, gid: str, match: Match) -> dict[str, Any]:
    """The API's sheet of the game is ``match``: deals, dealers, records, totals, pot, end."""
    game = client.get(f"/api/games/{gid}").json
    rows = match.rows()
    assert [d["number"] for d in game["deals"]] == list(range(1, len(rows) + 1))
    seats = match.variant.info.seats
    assert [d["dealer"] for d in game["deals"]] == dealers(match.first_dealer, len(rows), seats)
    assert [d["record"] for d in game["deals"]] == as_json(match.records)
    assert [d["points"] for d in game["deals"]] == [dict(s.points) for s in match.scores]
    assert [d["totals"] for d in game["deals"]] == [r["totals"] for r in rows]
    assert [d["pot"] for d in game["deals"]] == [s.pot for s in match.scores]
    assert [d["made"] for d in game["deals"]] == [s.made for s in match.scores]
    assert [d["explanation"] for d in game["deals"]] == [s.explanation for s in match.scores]
    assert game["totals"] == match.totals
    assert game["pot"] == match.pot
    assert game["over"] is match.outcome.over
    assert game["winner"] == (match.outcome.winner if match.outcome.over else None)
    assert game["result"] == match.outcome.reason
    assert game["next_dealer"] == (None if match.outcome.over else seats[match.dealer])
    return game


def assert_pages_show(client, gid: str, token: str, match: Match) -> None:
    """The live page, the game page and the CSV export show the whole finished sheet."""
    live = client.get(f"/g/{gid}").get_data(as_text=True)
    login(client, gid, token)
    page = client.get(f"/e/{gid}")
    assert page.status_code == 200
    for shown in (live, page.get_data(as_text=True)):
        # (the pages draw the newest deals; the export has them all)
        assert shown.count('data-deal="') == min(len(match.records), games.NEWEST)
        for column in match.variant.info.column_keys:
            assert f'data-total="{column}">{match.totals[column]}<' in shown
        assert f'data-winner="{match.outcome.winner or ""}"' in shown
    csv = client.get(f"/g/{gid}/export.csv")
    assert csv.status_code == 200
    assert len(csv.get_data(as_text=True).strip().splitlines()) == len(match.records) + 1


def record_match(
    client, variant: Variant, rules: Rules, gid: str, token: str, first: int, seed: int
) -> Match:
    """Play a match deal after deal and record each deal through the API, checking the sheet
    after each one; returns the finished ``Match``."""
    match = Match(variant, rules, first)
    while not match.outcome.over:
        number = len(match.records) + 1
        assert number <= MAX_DEALS, f"not over after {MAX_DEALS} deals: {match.totals}"
        record = play_deal(variant, rules, match, seed * 1000 + number)
        score = match.add(record)
        response = client.post(
            f"/api/games/{gid}/deals",
            headers=bearer(token),
            json={**record, "expected_number": number},
        )
        assert response.status_code == 201, (number, record, response.json)
        body = response.json
        assert body["number"] == number
        assert body["points"] == score.points
        assert body["made"] == score.made
        assert body["pot"] == score.pot
        assert body["explanation"] == score.explanation
        assert body["totals"] == match.totals
        assert body["over"] is match.outcome.over
        assert body["winner"] == (match.outcome.winner if match.outcome.over else None)
        assert body["version"] == number + 1
        assert_sheet_is(client, gid, match)
    return match


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_built_in_variant_is_installed(name):
    assert name in INSTALLED


@pytest.mark.parametrize(("name", "preset", "seed"), variant_presets())
def test_a_whole_match_is_kept_deal_by_deal_and_rescored_after_edits(client, name, preset, seed):
    variant = load_variant(name)
    rules = variant.rules(preset)
    seats = variant.info.seats
    first = seed % len(seats)
    # two teams' names, or (a sheet per player) a name per seat
    who: dict[str, Any] = (
        {"teams": {"NS": "Nous", "EW": "Eux"}}
        if variant.info.scores_teams
        else {"players": {seat: f"Player {seat}" for seat in seats}}
    )
    response = client.post(
        "/api/games",
        json={"variant": name, "preset": preset, **who, "first_dealer": seats[first]},
    )
    assert response.status_code == 201, response.json
    gid, token = response.json["id"], response.json["edit_token"]
    game = client.get(f"/api/games/{gid}").json
    assert (game["variant"], game["preset"]) == (name, preset)
    assert game["rules"]["options"] == as_json(rules.to_json()["options"])
    assert game["next_dealer"] == seats[first]

    match = record_match(client, variant, rules, gid, token, first, seed)
    game = assert_sheet_is(client, gid, match)
    assert game["over"] and game["winner"] == match.outcome.winner
    assert_pages_show(client, gid, token, match)
    # a finished match takes no more deals, and the refusal changes nothing
    version = game["version"]
    extra = client.post(f"/api/games/{gid}/deals", headers=bearer(token), json={"thrown_in": True})
    assert extra.status_code == 409 and extra.json["field"] == "record"
    assert client.get(f"/api/games/{gid}").json["version"] == version

    records = list(match.records)
    if len(records) < 3:
        return
    # correct a deal in the middle: the same deal, played out again differently
    middle = (len(records) + 1) // 2
    before = Match(variant, rules, first, records[: middle - 1])
    replaced = False
    for attempt in range(1, 9):
        other = play_deal(variant, rules, before, 777_000 + seed * 100 + attempt)
        if other == as_json(records[middle - 1]):
            continue
        changed = [*records[: middle - 1], other, *records[middle:]]
        expected = rebuilt(variant, rules, first, changed)
        version = client.get(f"/api/games/{gid}").json["version"]
        response = client.put(f"/api/games/{gid}/deals/{middle}", headers=bearer(token), json=other)
        if isinstance(expected, RecordError):
            # a later deal no longer holds (e.g. the match now ends before it): refused
            assert response.status_code == 409, response.json
            assert response.json["field"].startswith("deals.")
            assert client.get(f"/api/games/{gid}").json["version"] == version
            assert_sheet_is(client, gid, match)
            continue
        assert response.status_code == 200, response.json
        assert response.json["number"] == middle
        assert response.json["points"] == expected.scores[middle - 1].points
        assert response.json["totals"] == expected.totals
        assert response.json["version"] == version + 1
        match, records, replaced = expected, [*expected.records], True
        assert_sheet_is(client, gid, match)
        break
    assert replaced, f"no replay of deal {middle} kept the later deals valid: nothing rescored"
    # remove one deal: the ones after it move up, are dealt by the next seats and rescored
    removed = False
    for number in (middle, 1, len(records)):
        changed = records[: number - 1] + records[number:]
        expected = rebuilt(variant, rules, first, changed)
        version = client.get(f"/api/games/{gid}").json["version"]
        response = client.delete(f"/api/games/{gid}/deals/{number}", headers=bearer(token))
        if isinstance(expected, RecordError):
            assert response.status_code == 409, response.json
            assert client.get(f"/api/games/{gid}").json["version"] == version
            assert_sheet_is(client, gid, match)
            continue
        assert response.status_code == 200, response.json
        assert response.json["totals"] == expected.totals
        assert response.json["over"] is expected.outcome.over
        match, records, removed = expected, [*expected.records], True
        assert_sheet_is(client, gid, match)
        break
    assert removed, "no deal could be removed: nothing rescored"
    # removing the last deal ("undo") always holds
    last = len(records)
    response = client.delete(f"/api/games/{gid}/deals/{last}", headers=bearer(token))
    assert response.status_code == 200, response.json
    match = Match(variant, rules, first, records[:-1])
    game = assert_sheet_is(client, gid, match)
    assert not game["over"] or match.outcome.over


#: the installed variants whose match ends at a target of points
WITH_TARGET = [n for n in INSTALLED if "target" in load_variant(n).options]


@pytest.mark.parametrize("name", WITH_TARGET)
def test_a_short_match_with_a_lower_target_ends_where_the_variant_says(client, name):
    variant = load_variant(name)
    default = variant.rules()
    target = max(1, default.options["target"] // 5)
    rules = variant.rules(None, {"target": target})
    response = client.post("/api/games", json={"variant": name, "target": target})
    assert response.status_code == 201, response.json
    gid, token = response.json["id"], response.json["edit_token"]
    game = client.get(f"/api/games/{gid}").json
    assert game["target"] == target
    assert game["rules"]["overrides"] == {"target": target}
    match = record_match(client, variant, rules, gid, token, first=3, seed=42)
    assert client.get(f"/api/games/{gid}").json["winner"] == match.outcome.winner
