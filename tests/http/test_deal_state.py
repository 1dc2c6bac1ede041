"""Per-deal stored state: a read or a new deal never replays the match; only an edit or a
removal rescores, from that deal on. Games stored before the state existed are scored by
``atout backfill``, never on a read."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from click.testing import CliRunner
from scorepad_helpers import bearer, login
from sqlalchemy import create_engine, select, text
from sqlmodel import Session

from framework.engine.match import Match
from scorepad import create_app, games, installed
from scorepad.cli import backfill_command
from scorepad.models import Deal, Game

PLAYED = [
    {"taker": "NS", "bid": 80, "trump": "H", "taker_points": 90},
    {"taker": "EW", "bid": 80, "trump": "S", "taker_points": 100},
    {"thrown_in": True},
    {"taker": "NS", "bid": 110, "trump": "H", "taker_points": 94, "belote": ["NS"]},
]


def record(number: int) -> dict:
    return PLAYED[(number - 1) % len(PLAYED)]


@pytest.fixture
def calls(monkeypatch):
    """How often the variant's validate and score hooks run (per hook name)."""
    seen: Counter[str] = Counter()
    hooks = installed.variant("coinche").hooks
    for name in ("validate_record", "score_deal"):
        original = getattr(hooks, name)

        def counted(*args, _original=original, _name=name, **kwargs):
            seen[_name] += 1
            return _original(*args, **kwargs)

        monkeypatch.setattr(hooks, name, counted)
    return seen


def _replayed(records: list[dict], rules_json: dict, first_dealer: int = 3) -> Match:
    v = installed.variant("coinche")
    return Match(v, v.rules_from_json(rules_json), first_dealer, records)


def _fill(client, new_game, n: int) -> tuple[str, str]:
    gid, token, _ = new_game(target=10000)
    for number in range(1, n + 1):
        response = client.post(
            f"/api/games/{gid}/deals", json=record(number), headers=bearer(token)
        )
        assert response.status_code == 201, response.json
    return gid, token


def _same_as_replay(body: dict) -> None:
    match = _replayed([d["record"] for d in body["deals"]], body["rules"])
    assert body["totals"] == match.totals and body["pot"] == match.pot
    assert body["over"] == match.outcome.over and body["result"] == str(match.outcome.reason)
    assert body["next_dealer"] == (None if match.outcome.over else "NESW"[match.dealer])
    for deal, row, score in zip(body["deals"], match.rows(), match.scores, strict=True):
        assert deal["points"] == dict(score.points) and deal["totals"] == row["totals"]
        assert deal["dealer"] == row["dealer"] and deal["explanation"] == str(score.explanation)
        assert deal["explanation_message"] == score.to_json()["explanation_message"]


def test_each_deal_stores_its_score_state_and_dealer(app, client, new_game):
    gid, _token = _fill(client, new_game, 6)
    with Session(app.extensions["atout_engine"]) as session:
        game = session.scalars(select(Game).where(Game.public_id == gid)).one()
        deals = list(
            session.scalars(select(Deal).where(Deal.game_id == game.id).order_by(Deal.number))
        )
    match = _replayed([d.record for d in deals], game.rules)
    for deal, score, row in zip(deals, match.scores, match.rows(), strict=True):
        assert deal.score == score.to_json()
        assert deal.state["totals"] == row["totals"] and deal.dealer == "NESW".index(row["dealer"])
        # the explanation is stored as its message: id and params, to render in any language
        assert deal.score["explanation_message"]["id"]
    assert game.state["totals"] == match.totals and game.state["deals"] == 6
    _same_as_replay(client.get(f"/api/games/{gid}").json)


def test_reads_and_a_new_deal_do_not_replay_the_match(client, new_game, calls):
    gid, token = _fill(client, new_game, 12)
    calls.clear()
    assert client.get(f"/api/games/{gid}").status_code == 200
    assert client.get(f"/g/{gid}").status_code == 200
    assert client.get(f"/g/{gid}/export.csv").status_code == 200
    login(client, gid, token)
    assert client.get(f"/e/{gid}").status_code == 200
    assert calls == Counter(), "a read ran the variant's hooks"
    response = client.post(f"/api/games/{gid}/deals", json=record(13), headers=bearer(token))
    assert response.status_code == 201
    assert calls == Counter(validate_record=1, score_deal=1)  # the new deal only
    _same_as_replay(client.get(f"/api/games/{gid}").json)


def test_an_edit_rescores_from_that_deal_on(client, new_game, calls):
    gid, token = _fill(client, new_game, 12)
    calls.clear()
    changed = {"taker": "EW", "bid": 90, "trump": "D", "taker_points": 50}
    response = client.put(f"/api/games/{gid}/deals/9", json=changed, headers=bearer(token))
    assert response.status_code == 200, response.json
    assert calls["score_deal"] == 4  # deals 9 to 12
    body = client.get(f"/api/games/{gid}").json
    assert body["deals"][8]["record"]["taker"] == "EW"
    _same_as_replay(body)


def test_a_removal_rescores_the_deals_after_it_with_their_new_dealers(client, new_game, calls):
    gid, token = _fill(client, new_game, 10)
    before = client.get(f"/api/games/{gid}").json
    calls.clear()
    response = client.delete(f"/api/games/{gid}/deals/7", headers=bearer(token))
    assert response.status_code == 200
    assert calls["score_deal"] == 3  # deals 8 to 10, now 7 to 9
    body = client.get(f"/api/games/{gid}").json
    assert len(body["deals"]) == 9
    assert body["deals"][6]["dealer"] == before["deals"][6]["dealer"]  # the seat, not the deal
    _same_as_replay(body)
    # removing the last deal rescores nothing
    calls.clear()
    assert client.delete(f"/api/games/{gid}/deals/9", headers=bearer(token)).status_code == 200
    assert calls["score_deal"] == 0
    _same_as_replay(client.get(f"/api/games/{gid}").json)


def test_an_edit_that_ends_the_match_earlier_drops_the_later_deals(client, new_game):
    gid, token, _ = new_game(target=300)
    for r in (PLAYED[2], PLAYED[2], PLAYED[0]):
        client.post(f"/api/games/{gid}/deals", json=r, headers=bearer(token))
    big = {"taker": "NS", "bid": 160, "trump": "H", "taker_points": 162, "coinche": "coinche"}
    conflict = client.put(f"/api/games/{gid}/deals/1", json=big, headers=bearer(token))
    assert conflict.status_code == 409 and conflict.json["ends_at"] == 1
    done = client.put(
        f"/api/games/{gid}/deals/1", json={**big, "drop_later": True}, headers=bearer(token)
    )
    assert done.status_code == 200 and done.json["over"] is True
    body = client.get(f"/api/games/{gid}").json
    assert [d["number"] for d in body["deals"]] == [1] and body["over"]
    _same_as_replay(body)


def test_the_match_summary_is_stored_when_the_match_ends(client, new_game):
    gid, token, _ = new_game(target=300)
    for r in (PLAYED[0], PLAYED[1], PLAYED[0]):
        client.post(f"/api/games/{gid}/deals", json=r, headers=bearer(token))
    assert client.get(f"/api/games/{gid}").json["over"] is True
    login(client, gid, token)
    page = client.get(f"/e/{gid}").get_data(as_text=True)
    assert "data-match-summary" in page
    # an undo opens the match again: no summary
    client.delete(f"/api/games/{gid}/deals/3", headers=bearer(token))
    assert "data-match-summary" not in client.get(f"/e/{gid}").get_data(as_text=True)


def test_pages_draw_the_newest_deals_and_link_to_the_whole_sheet(client, new_game):
    n = games.NEWEST + 5
    gid, token = _fill(client, new_game, n)
    live = client.get(f"/g/{gid}").get_data(as_text=True)
    shown = [int(x) for x in re.findall(r'class="deal[^"]*" data-deal="(\d+)"', live)]
    assert shown == list(range(n, 5, -1))  # newest first, the newest NEWEST of them
    assert f'href="/g/{gid}/deals"' in live
    assert "data-chart" in live and f"after {n} deals" in live  # the chart counts every deal
    whole = client.get(f"/g/{gid}/deals").get_data(as_text=True)
    assert re.findall(r'class="deal[^"]*" data-deal="(\d+)"', whole) == [
        str(x) for x in range(n, 0, -1)
    ]
    login(client, gid, token)
    page = client.get(f"/e/{gid}").get_data(as_text=True)
    assert len(re.findall(r'class="deal[^"]*" data-deal=', page)) == games.NEWEST
    assert f'href="/e/{gid}/deals"' in page
    every = client.get(f"/e/{gid}/deals").get_data(as_text=True)
    assert f'href="/e/{gid}/deals/1"' in every  # an old deal stays editable
    # an old deal's edit page is found though the game page did not read it
    assert client.get(f"/e/{gid}/deals/2").status_code == 200
    # the exports keep every deal
    csv = client.get(f"/g/{gid}/export.csv").get_data(as_text=True)
    assert len(csv.strip().splitlines()) == n + 1
    assert len(client.get(f"/g/{gid}/export.json").json["deals"]) == n


def test_a_short_game_has_no_link_to_the_whole_sheet(client, new_game):
    gid, _token = _fill(client, new_game, 3)
    assert "data-all-deals" not in client.get(f"/g/{gid}").get_data(as_text=True)
    assert client.get("/g/nosuchgame/deals").status_code == 404


def test_the_stored_explanation_renders_in_the_page_language(client, new_game):
    gid, _token = _fill(client, new_game, 1)
    client.get("/lang/fr")
    page = client.get(f"/g/{gid}").get_data(as_text=True)
    english = client.get(f"/api/games/{gid}").json["deals"][0]["explanation"]
    assert english not in page  # the message was rendered in French, not the stored English


# ---- games stored before per-deal state (migration 0003 -> 0004) --------------------------


def _old_database(tmp_path) -> str:
    """A SQLite file at migration 0003 with two games written as the scorepad then did."""
    from importlib import resources

    from alembic import command
    from alembic.config import Config

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    config = Config()
    config.set_main_option("script_location", str(resources.files("scorepad") / "migrations"))
    engine = create_engine(url)
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0003")
    v = installed.variant("coinche")
    rules = v.rules()
    with engine.begin() as conn:
        for gid, count in (("oldread", 6), ("oldwrite", 5)):
            conn.execute(
                text(
                    "INSERT INTO game (public_id, variant, preset, rules, team_ns, team_ew, "
                    "first_dealer, edit_token_hash, version, deal_count, total_ns, total_ew, over, "
                    "created_at, updated_at) VALUES (:gid, 'coinche', :preset, :rules, 'NS', 'EW', "
                    "3, :hash, 7, :count, 0, 0, 0, '2026-11-01 10:00:00', '2026-11-01 10:00:00')"
                ),
                {
                    "gid": gid,
                    "preset": rules.preset,
                    "rules": _json(rules.to_json()),
                    "hash": games.hash_token("tok-" + gid),
                    "count": count,
                },
            )
            game_id = conn.execute(
                text("SELECT id FROM game WHERE public_id = :g"), {"g": gid}
            ).scalar()
            for number in range(1, count + 1):
                conn.execute(
                    text(
                        "INSERT INTO deal (game_id, number, record, created_at, updated_at) "
                        "VALUES (:g, :n, :r, '2026-11-01 10:00:00', '2026-11-01 10:00:00')"
                    ),
                    {"g": game_id, "n": number, "r": _json(record(number))},
                )
    engine.dispose()
    return url


def _json(value) -> str:
    import json

    return json.dumps(value)


def test_old_games_are_scored_by_atout_backfill_never_on_a_read(tmp_path, calls):
    url = _old_database(tmp_path)
    app = create_app(
        {"TESTING": True, "DATABASE_URL": url, "PUBLIC_URL": "http://table.example:8000"}
    )
    try:
        client = app.test_client()
        calls.clear()
        refused = client.get("/api/games/oldread")
        assert refused.status_code == 503 and "atout backfill" in refused.json["error"]
        assert client.get("/g/oldread").status_code == 503
        added = client.post(
            "/api/games/oldwrite/deals", json=record(6), headers=bearer("tok-oldwrite")
        )
        assert added.status_code == 503
        assert calls == Counter()  # a read or a refused write never scores
        result = CliRunner().invoke(backfill_command, ["--db", url])
        assert result.exit_code == 0 and "scored 2 games (11 deals)" in result.output
        assert calls["score_deal"] == 11  # each deal once
        calls.clear()
        body = client.get("/api/games/oldread").json
        assert client.get("/g/oldread").status_code == 200
        assert calls == Counter()
        _same_as_replay(body)
        assert body["version"] == 7  # nothing a person sees changed
        calls.clear()
        response = client.post(
            "/api/games/oldwrite/deals", json=record(6), headers=bearer("tok-oldwrite")
        )
        assert response.status_code == 201, response.json
        assert calls["score_deal"] == 1  # the new deal only
        _same_as_replay(client.get("/api/games/oldwrite").json)
        with Session(app.extensions["atout_engine"]) as session:
            assert all(d.score and d.state for d in session.scalars(select(Deal)))
    finally:
        app.extensions["atout_engine"].dispose()


def test_backfill_leaves_an_old_game_whose_deal_no_longer_holds_and_says_why(tmp_path):
    url = _old_database(tmp_path)
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(
            text(
                "UPDATE deal SET record = :r WHERE number = 3 AND game_id = "
                "(SELECT id FROM game WHERE public_id = 'oldread')"
            ),
            {"r": _json({"taker": "NS", "bid": 7})},
        )
    engine.dispose()
    result = CliRunner().invoke(backfill_command, ["--db", url])
    assert result.exit_code == 1
    assert "game oldread is left unscored: deal 3:" in result.output
    assert "scored 1 game (5 deals)" in result.output
    app = create_app(
        {"TESTING": True, "DATABASE_URL": url, "PUBLIC_URL": "http://table.example:8000"}
    )
    try:
        client = app.test_client()
        assert client.get("/api/games/oldread").status_code == 503  # nothing half-scored
        _same_as_replay(client.get("/api/games/oldwrite").json)
    finally:
        app.extensions["atout_engine"].dispose()


def test_the_api_docs_say_scores_are_stored_per_deal():
    """docs/api.md tells a program what the tests above check: a read rescores nothing."""
    from pathlib import Path

    docs = (Path(__file__).resolve().parents[2] / "docs" / "api.md").read_text()
    said = " ".join(docs.split())
    assert "Scores are never stored" not in said and "every read rescores" not in said
    assert "Scores are stored with each deal" in said
    assert "a read returns stored rows and rescores nothing" in said
