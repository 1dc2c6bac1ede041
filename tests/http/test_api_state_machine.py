"""Property test of the JSON API: any sequence of adds, replacements and deletions (valid or
not, with the right token or not) keeps the sheet equal to the variant's own scoring of the
stored records, and a refused write changes nothing."""

from __future__ import annotations

from typing import Any

import hypothesis.strategies as st
from hypothesis import HealthCheck, settings
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)
from scorepad_helpers import bearer

from framework.core.seats import TEAMS
from framework.rules.plugins import load_variant
from framework.rules.scoring import MatchContext
from scorepad import create_app

COINCHE = load_variant("coinche")
team = st.sampled_from(TEAMS)


@st.composite
def coinche_records(draw) -> dict[str, Any]:
    """Coinche deal records, mostly valid, some not (a refused write is part of the test)."""
    if draw(st.integers(0, 9)) == 0:
        return {"thrown_in": True}
    taker = draw(team)
    record: dict[str, Any] = {
        "taker": taker,
        "bid": draw(st.sampled_from([80, 90, 100, 110, 120, 130, 140, 150, 160, "capot", 85])),
        "trump": draw(st.sampled_from(["S", "H", "D", "C", "NT", "AT"])),
        "coinche": draw(st.sampled_from(["none", "none", "none", "coinche", "surcoinche"])),
    }
    if draw(st.integers(0, 7)) == 0:
        record["capot"] = draw(team)
    else:
        record["taker_points"] = draw(st.integers(0, 170))
    record["belote"] = draw(st.sampled_from([[], [], [taker], ["NS", "EW"]]))
    return record


class ScorepadAPI(RuleBasedStateMachine):
    @initialize(goal=st.sampled_from([500, 1000, 3000]))
    def start(self, goal: int) -> None:
        self.app = create_app(
            {
                "TESTING": True,
                "DATABASE_URL": "sqlite://",
                "SECRET_KEY": "test",
                "PUBLIC_URL": "http://t",
            }
        )
        self.client = self.app.test_client()
        body = self.client.post("/api/games", json={"variant": "coinche", "target": goal}).json
        self.gid, self.token = body["id"], body["edit_token"]
        self.records: list[dict[str, Any]] = []

    def teardown(self) -> None:
        if hasattr(self, "app"):
            self.app.extensions["atout_engine"].dispose()

    def game(self) -> dict[str, Any]:
        return self.client.get(f"/api/games/{self.gid}").json

    def write(self, method: str, path: str, record: Any = None, token: str | None = None):
        before = self.game()
        response = self.client.open(
            f"/api/games/{self.gid}{path}",
            method=method,
            json=record,
            headers=bearer(token or self.token),
        )
        if response.status_code >= 400:
            assert response.status_code in (403, 404, 409, 422), response.json
            assert set(response.json) <= {"error", "field", "error_message", "ends_at"}
            assert self.game() == before, "a refused write changed the game"
        else:
            assert self.game()["version"] == before["version"] + 1
        return response

    @rule(record=coinche_records())
    def add(self, record: dict[str, Any]) -> None:
        if self.write("POST", "/deals", record).status_code == 201:
            self.records.append(record)

    @precondition(lambda self: self.records)
    @rule(data=st.data(), record=coinche_records())
    def replace(self, data: st.DataObject, record: dict[str, Any]) -> None:
        number = data.draw(st.integers(1, len(self.records)))
        if self.write("PUT", f"/deals/{number}", record).status_code == 200:
            self.records[number - 1] = record

    @precondition(lambda self: self.records)
    @rule(data=st.data())
    def delete(self, data: st.DataObject) -> None:
        number = data.draw(st.integers(1, len(self.records)))
        if self.write("DELETE", f"/deals/{number}").status_code == 200:
            del self.records[number - 1]

    @rule(record=coinche_records(), stale=st.integers(-2, 2).filter(bool))
    def add_with_a_stale_expected_number(self, record: dict[str, Any], stale: int) -> None:
        expected = len(self.records) + 1 + stale
        response = self.write("POST", "/deals", {**record, "expected_number": expected})
        assert response.status_code in (409, 422)

    @rule(record=coinche_records())
    def add_with_a_wrong_token(self, record: dict[str, Any]) -> None:
        assert self.write("POST", "/deals", record, token="x" * 32).status_code == 403

    @rule()
    def replace_a_deal_that_does_not_exist(self) -> None:
        number = len(self.records) + 1
        assert self.write("PUT", f"/deals/{number}", {"thrown_in": True}).status_code == 404

    @invariant()
    def sheet_is_the_variants_scoring_of_the_records(self) -> None:
        if not hasattr(self, "app"):
            return
        game = self.game()
        rules = COINCHE.rules_from_json(game["rules"])
        assert len(game["deals"]) == len(self.records)
        totals = {"NS": 0, "EW": 0}
        pot, dealer, scores = 0, 3, []
        for number, (deal, raw) in enumerate(zip(game["deals"], self.records, strict=True), 1):
            context = MatchContext(totals=totals, pot=pot, number=number, dealer=dealer)
            score = COINCHE.hooks.score(rules, raw, context)
            assert deal["number"] == number
            assert deal["record"] == COINCHE.hooks.validate_record(rules, raw, context)
            assert deal["points"] == dict(score.points)
            totals = {t: totals[t] + score.points[t] for t in TEAMS}
            assert deal["totals"] == totals
            pot, dealer = score.pot, (dealer + 1) % 4
            scores.append(score)
        assert game["totals"] == totals
        assert game["totals"] == {t: sum(d["points"][t] for d in game["deals"]) for t in TEAMS}
        outcome = COINCHE.hooks.match_outcome(rules, totals, scores)
        assert game["over"] == outcome.over
        assert game["winner"] == (outcome.winner if outcome.over else None)


ScorepadAPI.TestCase.settings = settings(
    max_examples=25,
    stateful_step_count=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestScorepadAPI = ScorepadAPI.TestCase
