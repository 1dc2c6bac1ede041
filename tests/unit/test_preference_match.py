"""A Préférence match of rule-bot deals played in the engine: it ends when every pool is full,
each deal's record scores as the played deal, and the settlement is whole whists summing to zero
across the players (docs/variants/preference.md §10, §11)."""

from __future__ import annotations

import pytest

import variants.preference
from framework.bots.base import play_out
from framework.bots.registry import make_bot
from framework.engine.deal import Deal
from framework.engine.match import Match
from framework.rules.plugins import variant_from_plugins
from variants.preference.sheet import settle

PREFERENCE = variant_from_plugins("preference", [variants.preference])
SEATS = ("N", "E", "S")


@pytest.mark.parametrize("preset", ["sochi", "leningrad", "rostov"])
def test_a_match_of_rule_bot_deals_settles_to_zero(preset):
    rules = PREFERENCE.rules(preset, {"pool_size": 6})
    match = Match(PREFERENCE, rules)
    kinds = set()
    for seed in range(300):
        deal = Deal.new(PREFERENCE, rules, match.dealer, seed=seed, context=match.context())
        play_out(deal, [make_bot("rules", seed * 3 + i) for i in range(3)])
        record = deal.record()
        kinds.add(record.get("kind"))
        assert deal.score() == PREFERENCE.hooks.score(rules, record, deal.context)
        match.add(record, validated=True)
        if match.outcome.over:
            break
    outcome = match.outcome
    assert outcome.over, "300 deals did not fill every pool"
    assert all(match.totals.get(f"{s}.pool", 0) >= 6 for s in SEATS)
    assert set(outcome.settlement) == set(SEATS)
    assert sum(outcome.settlement.values()) == 0
    assert dict(outcome.settlement) == settle(rules, match.totals, SEATS)
    assert "game" in kinds
