"""A match of a fixed number of deals (``Rules.match_deals``): the kernel's own match setting."""

from __future__ import annotations

from framework.bots.base import play_out
from framework.bots.registry import make_bot
from framework.engine.deal import Deal
from framework.engine.match import Match
from framework.rules.plugins import load_variant

COINCHE = load_variant("coinche")


def _play(match: Match, seed: int) -> None:
    deal = Deal.new(COINCHE, match.rules, match.dealer, seed=seed, context=match.context())
    play_out(deal, [make_bot("random", seed * 4 + i) for i in range(4)])
    match.add(deal.record(), validated=True)


def test_the_match_ends_after_its_deals_and_not_at_the_target():
    # A target of 100 is reached by the first deal of a random Coinche game; with
    # match_deals=4 the match goes on to the fourth deal and the highest total wins.
    rules = COINCHE.rules(None, {"target": 100}, match_deals=4)
    match = Match(COINCHE, rules)
    for seed in range(3):
        _play(match, seed)
        assert not match.outcome.over
    assert max(match.totals.values()) >= 100
    _play(match, 3)
    totals = match.totals
    assert match.outcome.over and match.state.deals == 4
    if totals["NS"] != totals["EW"]:
        assert match.outcome.winner == max(totals, key=totals.get)
        assert match.outcome.reason.startswith("after 4 deals, ")
    else:
        assert match.outcome.winner is None


def test_without_the_setting_the_variant_ends_the_match_as_before():
    rules = COINCHE.rules(None, {"target": 100})
    match = Match(COINCHE, rules)
    _play(match, 0)
    assert match.outcome.over  # the variant's own end: its target


def test_a_stored_snapshot_keeps_the_setting_and_an_older_one_reads_without_it():
    rules = COINCHE.rules("ffb", match_deals=12)
    assert COINCHE.rules_from_json(rules.to_json()) == rules
    older = COINCHE.rules("ffb").to_json()
    assert "match_deals" not in older
    assert COINCHE.rules_from_json(older).match_deals is None
