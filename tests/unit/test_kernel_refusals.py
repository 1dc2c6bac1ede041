"""What the kernel refuses from a variant's hooks, loudly, naming the hook and what is wrong:
a score keyed by something that is not a score column (never written down as 0)."""

from __future__ import annotations

import pytest
import toy_game

from framework.api import hookimpl
from framework.bots import make_bot, play_out
from framework.deal import Deal
from framework.errors import PluginError
from framework.match import Match, MatchOutcome, SummaryLine
from framework.plugins import variant_from_plugins
from framework.scoring import DealScore, UnknownScoreColumn

RECORD = {"taker": "NS", "taker_points": 30}


class ScoresBySeat:
    """A score keyed by seat, as a three-hand game's author wrote it."""

    @hookimpl(tryfirst=True)
    def atout_score_deal(self, rules, record, context):
        return DealScore({"N": 30, "S": 10}, True)


class OutrightBySeat:
    @hookimpl(tryfirst=True)
    def atout_score_deal(self, rules, record, context):
        return DealScore({"NS": 30}, True, wins_match="N")


class WinnerBySeat:
    @hookimpl(tryfirst=True)
    def atout_match_outcome(self, rules, totals, scores):
        return MatchOutcome(True, "South")


class SummaryBySeat:
    @hookimpl(tryfirst=True)
    def atout_match_summary(self, rules, records, scores):
        return [SummaryLine("Tricks", {"NS": 1, "W": 2})]


def test_points_keyed_by_seat_are_refused_naming_the_hook_and_the_key():
    variant = variant_from_plugins("toy-seats", [toy_game, ScoresBySeat()])
    with pytest.raises(PluginError) as refused:
        variant.hooks.score(variant.rules(), RECORD)
    assert str(refused.value) == (
        "variant 'toy-seats': atout_score_deal answered points with 'N', which is not a "
        "score column (NS, EW)"
    )
    # The same on a played deal, scored in its match: nothing is written down.
    match = Match(variant, variant.rules())
    deal = Deal.new(variant, match.rules, match.dealer, seed=1, context=match.context())
    play_out(deal, [make_bot("random", i) for i in range(4)])
    with pytest.raises(PluginError, match="atout_score_deal answered points with 'N'"):
        match.add(deal.record(), validated=True)
    assert match.records == [] and match.totals == {"NS": 0, "EW": 0}


def test_an_outright_winner_a_match_winner_and_summary_counts_by_seat_are_refused():
    cases = [
        (OutrightBySeat(), "atout_score_deal answered wins_match with 'N'"),
        (WinnerBySeat(), "atout_match_outcome answered winner with 'South'"),
    ]
    for plugin, message in cases:
        variant = variant_from_plugins("toy-seats", [toy_game, plugin])
        with pytest.raises(PluginError, match=message):
            Match(variant, variant.rules(), records=[RECORD])
    variant = variant_from_plugins("toy-seats", [toy_game, SummaryBySeat()])
    with pytest.raises(PluginError, match="atout_match_summary answered counts with 'W'"):
        variant.hooks.match_summary(variant.rules(), (), ())


def test_a_score_made_outside_a_hook_refuses_an_unknown_key_too_and_a_team_left_out_is_0():
    with pytest.raises(UnknownScoreColumn, match="points keyed by 'ns'"):
        DealScore({"NS": 3, "ns": 4}, True)
    with pytest.raises(ValueError, match="points keyed by 'E'"):
        DealScore.from_json({"points": {"E": 4}})
    assert dict(DealScore({"EW": 4}, True).points) == {"NS": 0, "EW": 4}
