"""The events' API end to end (issue 22, item 7): an event created, its rounds started, its
tables' deals recorded through the ordinary game API with the tokens the director mints, the
next rounds proposed; the standings checked against a computation made here by hand; byes,
withdrawals, forced closes, pairing changes, token re-minting and the refusals (each naming
its field, nothing stored). Every answer is also checked against the OpenAPI document (the
``client`` fixture)."""

from __future__ import annotations

import functools
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from scorepad_helpers import bearer, csrf
from sqlalchemy import func, select
from sqlmodel import Session

from scorepad import create_app
from scorepad.models import Event, EventTeam, Game

#: Coinche records and what they score under the house preset (read back from the server)
RECORDS = [
    {"taker": "NS", "bid": 80, "trump": "H", "taker_points": 90},
    {"taker": "EW", "bid": 80, "trump": "S", "taker_points": 100},
    {"taker": "NS", "bid": 110, "trump": "H", "taker_points": 94, "belote": ["NS"]},
    {"taker": "NS", "bid": 110, "trump": "H", "taker_points": 30},
    {"thrown_in": True},
]


def _event(client, teams: int = 8, **body: Any) -> tuple[str, str, dict[str, Any]]:
    body = {
        "name": "Concours du jeudi",
        "variant": "coinche",
        "teams": [
            {"name": f"Team {i}", "players": [f"Anne {i}", f"Paul {i}"], "club": "Cercle"}
            for i in range(teams)
        ],
        "rounds": 3,
        "round": {"deals": 2},
        "pairing": "swiss",
        **body,
    }
    made = client.post("/api/events", json=body)
    assert made.status_code == 201, made.json
    return made.json["id"], made.json["director_token"], made.json


def _count(app, model) -> int:
    with Session(app.extensions["atout_engine"]) as session:
        return int(session.scalar(select(func.count()).select_from(model)) or 0)


def _play(client, eid: str, token: str, pick) -> list[dict[str, Any]]:
    """Record each table's two deals (``pick(table, deal)`` chooses the record) with the tokens
    the director mints; answers the tables as minted."""
    minted = client.get(f"/api/events/{eid}/tables", headers=bearer(token))
    assert minted.status_code == 200, minted.json
    for table in minted.json["tables"]:
        for deal in (0, 1):
            written = client.post(
                f"/api/games/{table['game_id']}/deals",
                json=pick(table["table"], deal),
                headers=bearer(table["edit_token"]),
            )
            assert written.status_code == 201, written.json
    return minted.json["tables"]


def _record(number: int, table: int, deal: int) -> dict[str, Any]:
    """A round's records: varied, and table 4 of round 2 throws both deals in (a 0-0 draw)."""
    if (number, table) == (2, 4):
        return {"thrown_in": True}
    return RECORDS[(number * 3 + table + deal) % 5]


def _by_hand(teams: int, played: list[tuple[int, int, int, int]], byes=()) -> list[tuple]:
    """The standings as a person computes them: 2 points a win, 1 a draw, 0 a loss; then the
    points scored, then the difference. ``played``: (team a, team b, a's total, b's total)."""
    mp, pts, against = Counter(), Counter(), Counter()
    for a, b, ta, tb in played:
        for me, mine, theirs in ((a, ta, tb), (b, tb, ta)):
            mp[me] += 2 if mine > theirs else 1 if mine == theirs else 0
            pts[me] += mine
            against[me] += theirs
    for team, points in byes:
        mp[team] += 2
        pts[team] += points
        against[team] += points
    key = {t: (mp[t], pts[t], pts[t] - against[t]) for t in range(teams)}
    order = sorted(range(teams), key=lambda t: (tuple(-k for k in key[t]), t))
    return [(t, *key[t]) for t in order]


def _standings(event: dict[str, Any]) -> list[tuple]:
    return [
        (s["team"], s["match_points"], s["points"], s["difference"]) for s in event["standings"]
    ]


def test_eight_teams_play_three_swiss_rounds_through_the_api(client):
    eid, token, made = _event(client)
    assert made["urls"]["api"].endswith(f"/api/events/{eid}")
    assert set(made["urls"]) == {"director", "wall", "cards", "api"}
    assert token in made["urls"]["director"] and token not in made["urls"]["wall"]
    event = client.get(f"/api/events/{eid}").json
    assert [r["state"] for r in event["rounds"]] == ["proposed"]
    assert event["format"]["tie_breaks"] == ["match_points", "points", "difference"]

    played: list[tuple[int, int, int, int]] = []
    met: set[frozenset[int]] = set()
    for number in (1, 2, 3):
        started = client.post(f"/api/events/{eid}/rounds/{number}/start", headers=bearer(token))
        assert started.status_code == 200, started.json
        assert len(started.json["tables"]) == 4 and started.json["byes"] == []
        names = [t["name"] for t in event["teams"]]
        for table in started.json["tables"]:
            a, b = table["teams"]
            game = client.get(f"/api/games/{table['game_id']}").json
            # the first team sits NS, its players N and S; the game is a match of two deals
            assert game["teams"] == {"NS": names[a], "EW": names[b]}
            assert game["players"] == {"N": f"Anne {a}", "S": f"Paul {a}", "E": f"Anne {b}",
                                       "W": f"Paul {b}"}  # fmt: skip
            assert game["rules"]["match_deals"] == 2
        tables = _play(client, eid, token, functools.partial(_record, number))
        for table in tables:
            game = client.get(f"/api/games/{table['game_id']}").json
            assert game["over"]
            a, b = table["teams"]
            played.append((a, b, game["totals"]["NS"], game["totals"]["EW"]))
            assert frozenset((a, b)) not in met, f"{a} and {b} met twice"
            met.add(frozenset((a, b)))
        event = client.get(f"/api/events/{eid}").json
        assert [t["state"] for t in event["rounds"][-1]["tables"]] == ["finished"] * 4
        nxt = client.post(f"/api/events/{eid}/rounds", headers=bearer(token))
        if number < 3:
            assert nxt.status_code == 201, nxt.json
            assert nxt.json["closed"]["number"] == number
            assert nxt.json["proposed"]["number"] == number + 1
        else:
            assert nxt.status_code == 200 and nxt.json["proposed"] is None
    event = client.get(f"/api/events/{eid}").json
    assert event["over"] and [r["state"] for r in event["rounds"]] == ["closed"] * 3
    assert len(met) == 12 and all(s["played"] == 3 for s in event["standings"])
    assert _standings(event) == _by_hand(8, played)
    draws = sum(ta == tb for _, _, ta, tb in played)
    assert draws, "the records chosen give a draw somewhere: its point is checked too"
    # equal teams share a rank
    ranks = [s["rank"] for s in event["standings"]]
    keys = [s[1:] for s in _standings(event)]
    for i in range(1, 8):
        assert (ranks[i] == ranks[i - 1]) == (keys[i] == keys[i - 1])
    # nothing more to do
    assert client.post(f"/api/events/{eid}/rounds", headers=bearer(token)).status_code == 409


#: Coinche records on boards and what each scores alone (NS, EW), read back from the server
ON_BOARDS = {
    "ns": ({"taker": "NS", "bid": 110, "trump": "H", "taker_points": 94, "belote": ["NS"]},
           (220, 70)),
    "ew": ({"taker": "EW", "bid": 80, "trump": "S", "taker_points": 100}, (60, 180)),
    "out": ({"thrown_in": True}, (0, 0)),
}  # fmt: skip


@pytest.mark.parametrize("ranking", ["boards", "match_points", None])
def test_ranked_by_boards_the_standings_and_the_swiss_pairing_follow_the_differences(
    client, ranking
):
    """Six teams, two boards; table 1 (team 0 NS, 1 EW) plays ns, ns; table 2 (2, 3) ns, ew;
    table 3 (4, 5) ew, out. By hand: 0 wins 440 to 140, 2 wins 280 to 250, 5 wins 180 to 60.
    Board 1's NS scores 220, 220, 60 give the differences 220 - 140 = 80, 80, 60 - 220 = -160,
    its EW scores 70, 70, 180 give -55, -55, 110; board 2's NS 220, 60, 0 give 190, -50, -140,
    its EW 70, 180, 0 give -20, 145, -125: sums 0: 270, 1: -75, 2: 30, 3: 90, 4: -300, 5: -15.
    Ranked by boards: 0, 3, 2, 5, 1, 4, and the Swiss round 2 (no repeat, sides alternating)
    pairs 0 with 3, 2 with 5, 1 with 4; by match points: 0, 2, 5, 3, 1, 4, and 0 meets 5, 2
    meets 1, 3 meets 4."""
    chosen = {} if ranking is None else {"ranking": ranking}
    eid, token, _ = _event(client, teams=6, rounds=2, boards=True, **chosen)
    event = client.get(f"/api/events/{eid}").json
    by_boards = ranking == "boards"
    assert event["format"]["ranking"] == (ranking or "match_points")
    assert event["format"]["tie_breaks"] == ["boards"] * by_boards + [
        "match_points",
        "points",
        "difference",
    ]
    started = client.post(f"/api/events/{eid}/rounds/1/start", headers=bearer(token))
    assert started.status_code == 200, started.json
    plan = {1: ("ns", "ns"), 2: ("ns", "ew"), 3: ("ew", "out")}
    tables = _play(client, eid, token, lambda table, deal: ON_BOARDS[plan[table][deal]][0])
    assert [t["teams"] for t in tables] == [[0, 1], [2, 3], [4, 5]]
    for table in tables:  # the scores the by-hand figures read
        game = client.get(f"/api/games/{table['game_id']}").json
        assert [tuple(d["points"][k] for k in ("NS", "EW")) for d in game["deals"]] == [
            ON_BOARDS[kind][1] for kind in plan[table["table"]]
        ]
    # while the round plays, its boards are not compared: no sum moves yet
    playing = client.get(f"/api/events/{eid}").json["standings"]
    if by_boards:
        assert {s["team"]: s["boards"] for s in playing} == dict.fromkeys(range(6), 0)
    else:
        assert all("boards" not in s for s in playing)
    nxt = client.post(f"/api/events/{eid}/rounds", headers=bearer(token))
    assert nxt.status_code == 201, nxt.json
    event = client.get(f"/api/events/{eid}").json
    order = [s["team"] for s in event["standings"]]
    pairs = {frozenset(t["teams"]) for t in event["rounds"][1]["tables"]}
    if by_boards:
        assert order == [0, 3, 2, 5, 1, 4]
        assert [s["boards"] for s in event["standings"]] == [270, 90, 30, -15, -75, -300]
        assert [s["match_points"] for s in event["standings"]] == [2, 0, 2, 2, 0, 0]
        assert pairs == {frozenset((0, 3)), frozenset((2, 5)), frozenset((1, 4))}
    else:  # the default, as before the option: match points, points, difference
        assert order == [0, 2, 5, 3, 1, 4]
        assert all("boards" not in s for s in event["standings"])
        assert pairs == {frozenset((0, 5)), frozenset((2, 1)), frozenset((3, 4))}


def test_seven_teams_give_one_bye_a_round_never_twice_to_one_team(client):
    eid, token, _ = _event(client, teams=7, rounds=3)
    byes, played = [], []
    for number in (1, 2, 3):
        started = client.post(f"/api/events/{eid}/rounds/{number}/start", headers=bearer(token))
        assert len(started.json["tables"]) == 3 and len(started.json["byes"]) == 1
        byes.append(started.json["byes"][0])
        tables = _play(client, eid, token, lambda table, deal: RECORDS[(table + deal) % 4])
        seated = []
        for table in tables:
            totals = client.get(f"/api/games/{table['game_id']}").json["totals"]
            played.append((*table["teams"], totals["NS"], totals["EW"]))
            seated += [totals["NS"], totals["EW"]]
        mean = Fraction(sum(seated), len(seated))  # the bye: a win with the round's average
        played_bye = (byes[-1], int(mean + Fraction(1, 2)))
        played.append(("bye", *played_bye))
        client.post(f"/api/events/{eid}/rounds", headers=bearer(token))
    assert len(set(byes)) == 3
    event = client.get(f"/api/events/{eid}").json
    games_played = [p for p in played if p[0] != "bye"]
    bye_scores = [(p[1], p[2]) for p in played if p[0] == "bye"]
    assert _standings(event) == _by_hand(7, games_played, bye_scores)
    assert {s["team"]: s["byes"] for s in event["standings"]} == {
        t: int(t in byes) for t in range(7)
    }


def test_a_round_robin_has_its_count_of_rounds_and_no_other(app, client):
    refused = client.post(
        "/api/events",
        json={
            "name": "Ligue",
            "variant": "coinche",
            "teams": [{"name": n} for n in "ABCDEF"],
            "rounds": 4,
            "pairing": "round-robin",
        },
    )
    assert refused.status_code == 422 and refused.json["field"] == "rounds"
    assert "5 rounds, not 4" in refused.json["error"]
    assert _count(app, Event) == 0 and _count(app, EventTeam) == 0
    eid, token, _ = _event(client, teams=6, rounds=5, pairing="round-robin")
    seen: set[frozenset[int]] = set()
    for number in range(1, 6):
        started = client.post(f"/api/events/{eid}/rounds/{number}/start", headers=bearer(token))
        for table in started.json["tables"]:
            pair = frozenset(table["teams"])
            assert pair not in seen
            seen.add(pair)
        _play(client, eid, token, lambda table, deal: RECORDS[deal])
        client.post(f"/api/events/{eid}/rounds", headers=bearer(token))
    assert len(seen) == 15  # every pair once


def test_a_round_closes_while_a_table_plays_only_forced_with_a_reason(client):
    eid, token, _ = _event(client, teams=4)
    started = client.post(f"/api/events/{eid}/rounds/1/start", headers=bearer(token)).json
    minted = client.get(f"/api/events/{eid}/tables", headers=bearer(token)).json["tables"]
    first, second = minted
    for deal in (0, 1):
        client.post(
            f"/api/games/{first['game_id']}/deals",
            json=RECORDS[deal],
            headers=bearer(first["edit_token"]),
        )
    client.post(
        f"/api/games/{second['game_id']}/deals",
        json=RECORDS[2],
        headers=bearer(second["edit_token"]),
    )
    tables = client.get(f"/api/events/{eid}").json["rounds"][0]["tables"]
    assert [t["state"] for t in tables] == ["finished", "playing"]
    refused = client.post(f"/api/events/{eid}/rounds", headers=bearer(token))
    assert refused.status_code == 409 and refused.json["field"] == "force"
    assert "tables 2 still play" in refused.json["error"]
    no_reason = client.post(
        f"/api/events/{eid}/rounds", json={"force": True}, headers=bearer(token)
    )
    assert no_reason.status_code == 422 and no_reason.json["field"] == "reason"
    blank = client.post(
        f"/api/events/{eid}/rounds", json={"force": True, "reason": "  "}, headers=bearer(token)
    )
    assert blank.status_code == 422 and blank.json["field"] == "reason"
    assert client.get(f"/api/events/{eid}").json["rounds"][0]["state"] == "playing"
    forced = client.post(
        f"/api/events/{eid}/rounds",
        json={"force": True, "reason": "the hall closes at 23:00"},
        headers=bearer(token),
    )
    assert forced.status_code == 201
    assert forced.json["closed"]["forced_reason"] == "the hall closes at 23:00"
    event = client.get(f"/api/events/{eid}").json
    assert event["rounds"][0]["forced_reason"] == "the hall closes at 23:00"
    # the unfinished table counts as it stood
    totals = client.get(f"/api/games/{second['game_id']}").json["totals"]
    a, b = started["tables"][1]["teams"]
    line = {s["team"]: s for s in event["standings"]}
    assert (line[a]["points"], line[b]["points"]) == (totals["NS"], totals["EW"])


def test_a_team_withdraws_from_the_next_round_on(client):
    eid, token, _ = _event(client, teams=8)
    gone = client.post(f"/api/events/{eid}/teams/7/withdraw", headers=bearer(token))
    assert gone.status_code == 200 and gone.json == {"team": 7, "withdrawn_from": 1}
    round_one = client.get(f"/api/events/{eid}").json["rounds"][0]
    assert len(round_one["tables"]) == 3 and len(round_one["byes"]) == 1  # paired again
    assert 7 not in [t for table in round_one["tables"] for t in table["teams"]]
    again = client.post(f"/api/events/{eid}/teams/7/withdraw", headers=bearer(token))
    assert again.status_code == 409 and again.json["field"] == "team"
    client.post(f"/api/events/{eid}/rounds/1/start", headers=bearer(token))
    later = client.post(f"/api/events/{eid}/teams/0/withdraw", headers=bearer(token))
    assert later.json == {"team": 0, "withdrawn_from": 2}
    _play(client, eid, token, lambda table, deal: RECORDS[deal])
    round_two = client.post(f"/api/events/{eid}/rounds", headers=bearer(token)).json["proposed"]
    seated = {t for table in round_two["tables"] for t in table["teams"]}
    assert seated | set(round_two["byes"]) == set(range(1, 7))
    unknown = client.post(f"/api/events/{eid}/teams/8/withdraw", headers=bearer(token))
    assert unknown.status_code == 404 and unknown.json["field"] == "team"
    event = client.get(f"/api/events/{eid}").json
    assert [t["withdrawn_from"] for t in event["teams"]] == [2, *[None] * 6, 1]


def test_minting_the_tables_tokens_again_revokes_the_ones_before(client):
    eid, token, _ = _event(client, teams=4)
    refused = client.get(f"/api/events/{eid}/tables", headers=bearer(token))
    assert refused.status_code == 409  # no round has started: no game to give a token
    client.post(f"/api/events/{eid}/rounds/1/start", headers=bearer(token))
    first = client.get(f"/api/events/{eid}/tables", headers=bearer(token))
    assert first.headers["Cache-Control"] == "no-store" and "warning" not in first.json
    second = client.get(f"/api/events/{eid}/tables", headers=bearer(token))
    assert "no longer work" in second.json["warning"]
    old, new = first.json["tables"][0], second.json["tables"][0]
    assert old["game_id"] == new["game_id"] and old["edit_token"] != new["edit_token"]
    url = f"/api/games/{old['game_id']}/deals"
    assert client.post(url, json=RECORDS[0], headers=bearer(old["edit_token"])).status_code == 403
    assert client.post(url, json=RECORDS[0], headers=bearer(new["edit_token"])).status_code == 201
    assert new["urls"]["edit"].endswith(f"/e/{new['game_id']}?t={new['edit_token']}")


def test_a_proposed_pairing_changes_with_warnings(client):
    eid, token, _ = _event(client, teams=4)
    url = f"/api/events/{eid}/rounds/1"
    changed = client.put(
        url, json={"tables": [{"teams": [3, 0]}, {"teams": [1, 2]}]}, headers=bearer(token)
    )
    assert changed.status_code == 200 and changed.json["warnings"] == []
    assert [t["teams"] for t in changed.json["tables"]] == [[3, 0], [1, 2]]
    for bad, field in (
        ({"tables": [{"teams": [0, 1]}]}, "tables"),  # teams 2 and 3 left out
        ({"tables": [{"teams": [0, 1]}, {"teams": [1, 2]}]}, "tables.1.teams"),
        ({"tables": [{"teams": [0, 9]}, {"teams": [1, 2]}]}, "tables.0.teams"),
        ({"tables": [{"teams": [0]}]}, "tables.0.teams"),
        ({"tables": []}, "tables"),
        ({"seats": []}, "seats"),
    ):
        refused = client.put(url, json=bad, headers=bearer(token))
        assert refused.status_code == 422 and refused.json["field"] == field, (bad, refused.json)
    assert [t["teams"] for t in client.get(f"/api/events/{eid}").json["rounds"][0]["tables"]] == [
        [3, 0],
        [1, 2],
    ]
    client.post(f"/api/events/{eid}/rounds/1/start", headers=bearer(token))
    late = client.put(url, json={"tables": [{"teams": [0, 1]}, {"teams": [2, 3]}]},
                      headers=bearer(token))  # fmt: skip
    assert late.status_code == 409
    _play(client, eid, token, lambda table, deal: RECORDS[deal])
    client.post(f"/api/events/{eid}/rounds", headers=bearer(token))
    repeat = client.put(
        f"/api/events/{eid}/rounds/2",
        json={"tables": [{"teams": [0, 3]}, {"teams": [1, 2]}]},
        headers=bearer(token),
    )
    assert repeat.status_code == 200
    assert repeat.json["warnings"] == [
        "teams 0 and 3 met in round 1",
        "teams 1 and 2 met in round 1",
    ]


def test_only_the_director_changes_an_event(client):
    eid, token, _ = _event(client, teams=4)
    _, other_token, _ = _event(client, teams=4)
    for method, path in (
        ("post", f"/api/events/{eid}/rounds/1/start"),
        ("post", f"/api/events/{eid}/rounds"),
        ("post", f"/api/events/{eid}/teams/0/withdraw"),
        ("get", f"/api/events/{eid}/tables"),
        ("put", f"/api/events/{eid}/rounds/1"),
    ):
        call = getattr(client, method)
        none = call(path)
        assert none.status_code == 401 and none.headers["WWW-Authenticate"].startswith("Bearer")
        assert call(path, headers=bearer(other_token)).status_code == 403
    assert client.post("/api/events/nope/rounds/1/start", headers=bearer(token)).status_code == 404
    assert client.get("/api/events/nope").status_code == 404
    missing = client.post(f"/api/events/{eid}/rounds/7/start", headers=bearer(token))
    assert missing.status_code == 404 and missing.json["field"] == "number"
    assert client.get(f"/api/events/{eid}").json["rounds"][0]["state"] == "proposed"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"colour": "red"}, "colour"),
        ({"name": "   "}, "name"),
        ({"name": "x" * 81}, "name"),
        ({"variant": "tarot"}, "variant"),
        ({"preset": "nope"}, "preset"),
        ({"options": {"nope": 1}}, "options.nope"),
        ({"teams": [{"name": "Solo"}]}, "teams"),
        ({"teams": [{"name": "A"}, {"name": ""}]}, "teams.1.name"),
        ({"teams": [{"name": "Les As"}, {"name": "les  as"}]}, "teams.1.name"),
        ({"teams": [{"name": "A"}, {"name": "B", "players": ["a", "b", "c"]}]}, "teams.1.players"),
        ({"teams": [{"name": "A"}, {"name": "B", "seat": "N"}]}, "teams.1.seat"),
        ({"teams": [{"name": "A"}, {"name": "B", "club": "\x07"}]}, "teams.1.club"),
        ({"rounds": 0}, "rounds"),
        ({"rounds": "3"}, "rounds"),
        ({"round": {"deals": 2, "target": 1000}}, "round"),
        ({"round": {"deals": 0}}, "round.deals"),
        ({"round": {"target": -5}}, "round.target"),
        ({"round": {"turns": 3}}, "round.turns"),
        ({"pairing": "danish"}, "pairing"),
        ({"boards": "yes"}, "boards"),
        ({"boards": True, "round": {"target": 1000}}, "boards"),
        ({"ranking": "boards"}, "ranking"),  # an event not on boards has no board differences
        ({"ranking": "boards", "boards": False, "round": {"deals": 2}}, "ranking"),
        ({"ranking": "elo"}, "ranking"),
        ({"ranking": 1}, "ranking"),
        ({"bye": {"kind": "half"}}, "bye.kind"),
        ({"match_points": {"win": 1, "draw": 2}}, "match_points"),
        ({"match_points": {"loss": -1}}, "match_points.loss"),
        ({"seed": -1}, "seed"),
    ],
)
def test_a_bad_new_event_is_refused_naming_its_field_and_nothing_is_stored(
    app, client, change, field
):
    body = {
        "name": "Soirée",
        "variant": "coinche",
        "teams": [{"name": "A"}, {"name": "B"}],
        "rounds": 1,
        "pairing": "swiss",
        **change,
    }
    refused = client.post("/api/events", json=body)
    assert refused.status_code == 422, refused.json
    assert refused.json["field"] == field, refused.json
    assert _count(app, Event) == 0 and _count(app, Game) == 0


def test_a_new_event_takes_nulls_for_its_optional_fields_and_its_own_scoring(client):
    eid, token, _ = _event(
        client,
        teams=3,
        rounds=3,
        preset=None,
        options=None,
        round=None,
        boards=None,
        seed=None,
        bye={"kind": "fixed", "points": 500, "against": 0},
        match_points={"win": 3, "draw": 1, "loss": None},
    )
    event = client.get(f"/api/events/{eid}").json
    # no round length: a match to the preset's target
    assert event["format"]["round"] == {"target": 1000} and event["format"]["match_points"] == {
        "win": 3,
        "draw": 1,
        "loss": 0,
    }
    bye = client.post(f"/api/events/{eid}/rounds/1/start", headers=bearer(token)).json["byes"][0]
    _play(client, eid, token, lambda table, deal: RECORDS[deal])
    client.post(f"/api/events/{eid}/rounds", json={"force": True, "reason": "late"},
                headers=bearer(token))  # fmt: skip
    line = next(s for s in client.get(f"/api/events/{eid}").json["standings"] if s["team"] == bye)
    assert (line["match_points"], line["points"], line["against"]) == (3, 500, 0)


# ---- one budget per client ------------------------------------------------------------------

PHONE = {"REMOTE_ADDR": "192.0.2.7"}
EVENT = {
    "name": "Soirée",
    "variant": "coinche",
    "teams": [{"name": n} for n in "ABCDEFGH"],
    "rounds": 1,
    "pairing": "swiss",
}


@pytest.fixture
def limited(db_url):
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": db_url,
            "PUBLIC_URL": "http://table.example:8000",
            "GAMES_PER_MINUTE": 3,
        }
    )
    yield app
    app.extensions["atout_engine"].dispose()


def test_games_play_tables_and_events_share_one_budget_and_an_events_tables_cost_nothing(
    limited,
):
    client = limited.test_client()
    made = client.post("/api/events", json=EVENT, environ_base=PHONE)
    assert made.status_code == 201
    token = made.json["director_token"]
    eid = made.json["id"]
    # its round's four games are not creations of the client
    started = client.post(
        f"/api/events/{eid}/rounds/1/start", headers=bearer(token), environ_base=PHONE
    )
    assert len(started.json["tables"]) == 4
    assert (
        client.post("/api/games", json={"variant": "coinche"}, environ_base=PHONE).status_code
        == 201
    )
    form = {"variant": "coinche", "_csrf": csrf(client)}
    assert client.post("/play/", data=form, environ_base=PHONE).status_code == 303
    refused = client.post("/api/events", json=EVENT, environ_base=PHONE)
    assert refused.status_code == 429 and 1 <= int(refused.headers["Retry-After"]) <= 60
    assert (
        client.post("/api/games", json={"variant": "coinche"}, environ_base=PHONE).status_code
        == 429
    )
    assert _count(limited, Event) == 1
    # another client has its own budget
    other = client.post("/api/events", json=EVENT, environ_base={"REMOTE_ADDR": "192.0.2.8"})
    assert other.status_code == 201


def test_claiming_to_be_this_machine_exempts_no_one_from_the_event_budget(db_url):
    for proxies, peer in ((None, "192.0.2.7"), ("10.0.0.1", "192.0.2.7"), (None, "127.0.0.1")):
        config = {"PROXIES": proxies} if proxies else {}
        app = create_app(
            {
                "TESTING": True,
                "DATABASE_URL": db_url,
                "PUBLIC_URL": "http://table.example:8000",
                "GAMES_PER_MINUTE": 2,
                **config,
            }
        )
        try:
            client = app.test_client()
            answers = [
                client.post(
                    "/api/events",
                    json=EVENT,
                    environ_base={"REMOTE_ADDR": peer},
                    headers={"X-Forwarded-For": "127.0.0.1"},
                ).status_code
                for _ in range(3)
            ]
            assert answers == [201, 201, 429], (proxies, peer)
        finally:
            with Session(app.extensions["atout_engine"]) as session:
                for event in session.scalars(select(Event)):
                    session.delete(event)
                session.commit()
            app.extensions["atout_engine"].dispose()


# ---- the database stays bounded ---------------------------------------------------------------


def test_abandoned_events_are_purged_with_their_teams_rounds_and_tables(app, client):
    from datetime import timedelta

    from scorepad import games
    from scorepad.models import EventRound, EventTable, utcnow
    from scorepad.upkeep import purged_words

    engine = app.extensions["atout_engine"]
    idle, _, _ = _event(client, teams=4)  # never started
    eid, token, _ = _event(client, teams=4)
    client.post(f"/api/events/{eid}/rounds/1/start", headers=bearer(token))
    _play(client, eid, token, lambda table, deal: RECORDS[deal])
    tomorrow = utcnow() + timedelta(days=2)
    purged = games.purge(engine, empty_days=1, days=365, now=tomorrow)
    assert purged.events == 1 and purged.games == 0
    assert purged_words(purged) == "purged 0 score sheets and 0 play-table matches; 1 event"
    assert client.get(f"/api/events/{idle}").status_code == 404
    assert client.get(f"/api/events/{eid}").status_code == 200  # started: kept
    assert _count(app, EventTeam) == 4 and _count(app, EventRound) == 1
    later = utcnow() + timedelta(days=400)
    purged = games.purge(engine, empty_days=1, days=365, now=later)
    assert (purged.events, purged.games) == (1, 2)  # the event, and its tables' games
    assert client.get(f"/api/events/{eid}").status_code == 404
    assert [_count(app, m) for m in (Event, EventTeam, EventRound, EventTable, Game)] == [0] * 5


def test_a_tables_game_is_not_deleted_by_its_scorer(client):
    from scorepad_helpers import login

    eid, token, _ = _event(client, teams=4)
    client.post(f"/api/events/{eid}/rounds/1/start", headers=bearer(token))
    table = client.get(f"/api/events/{eid}/tables", headers=bearer(token)).json["tables"][0]
    gid, edit = table["game_id"], table["edit_token"]
    refused = client.delete(f"/api/games/{gid}", headers=bearer(edit))
    assert refused.status_code == 409 and refused.json["field"] == "id"
    assert "table 1 of an event" in refused.json["error"]
    login(client, gid, edit)
    page = client.post(f"/e/{gid}/delete", data={"confirm": "1", "_csrf": csrf(client)})
    assert page.status_code == 409 and "table 1 of an event" in page.get_data(as_text=True)
    assert client.get(f"/api/games/{gid}").status_code == 200
    assert client.get(f"/api/events/{eid}").json["rounds"][0]["tables"][0]["game_id"] == gid
    # a game of no event is deleted as before
    other = client.post("/api/games", json={"variant": "coinche"}).json
    assert (
        client.delete(f"/api/games/{other['id']}", headers=bearer(other["edit_token"])).status_code
        == 204
    )


def test_a_round_closed_on_its_own_is_followed_by_the_next_proposal(app, client):
    from scorepad.events import store

    eid, token, _ = _event(client, teams=4)
    client.post(f"/api/events/{eid}/rounds/1/start", headers=bearer(token))
    _play(client, eid, token, lambda table, deal: RECORDS[deal])
    closed = store.close_round(app.extensions["atout_engine"], eid)
    assert closed.state == "closed" and closed.round.forced_reason is None
    nxt = client.post(f"/api/events/{eid}/rounds", headers=bearer(token))
    assert nxt.status_code == 201 and nxt.json["closed"]["number"] == 1
    assert nxt.json["proposed"]["number"] == 2


def test_a_deal_raises_its_events_version_once_committed_in_a_statement_of_its_own(app, client):
    """A hundred tables record their deals within seconds at a round's end: the event's row,
    whose version each deal raises, is not locked for a deal's whole write (the others would
    wait on it, each holding a pooled connection), but changed alone once the deal is
    committed."""
    from sqlalchemy import event

    eid, token, _ = _event(client, teams=4)
    client.post(f"/api/events/{eid}/rounds/1/start", headers=bearer(token))
    table = client.get(f"/api/events/{eid}/tables", headers=bearer(token)).json["tables"][0]
    before = client.get(f"/api/events/{eid}").json["version"]
    engine = app.extensions["atout_engine"]
    seen: list[str] = []

    def statement(_conn, _cursor, sql: str, *_args: Any) -> None:
        seen.append(sql.split()[0] + (" event" if sql.startswith("UPDATE event") else ""))

    def commit(_conn) -> None:
        seen.append("COMMIT")

    event.listen(engine, "before_cursor_execute", statement)
    event.listen(engine, "commit", commit)
    try:
        written = client.post(
            f"/api/games/{table['game_id']}/deals",
            json=RECORDS[0],
            headers=bearer(table["edit_token"]),
        )
    finally:
        event.remove(engine, "before_cursor_execute", statement)
        event.remove(engine, "commit", commit)
    assert written.status_code == 201, written.json
    assert client.get(f"/api/events/{eid}").json["version"] == before + 1
    inserted = seen.index("INSERT")  # the deal
    raised = seen.index("UPDATE event")
    assert "COMMIT" in seen[inserted:raised], seen  # the deal's write ended before
    assert seen.count("UPDATE event") == 1
