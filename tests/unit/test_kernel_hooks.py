"""The hook machinery: the kernel's defaults, stacking and overriding, ``variant.hooks``."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest
import toy_game

from framework import hookimpl, hookspecs
from framework.auction import Contract
from framework.deal import Deal
from framework.plugins import variant_from_plugins
from framework.seats import E, N, S, W


def test_by_default_the_seat_after_the_dealer_leads_skipping_one_who_sits_out(toy):
    first_leader = toy.pm.hook.atout_first_leader
    rules = toy.rules()
    assert first_leader(rules=rules, dealer=W, contract=Contract("H", N)) == N
    assert first_leader(rules=rules, dealer=W, contract=Contract("H", S, sitting_out=N)) == E


def test_by_default_nobody_declares_and_every_declaration_counts(toy):
    rules, contract = toy.rules(), Contract("H", N)
    assert tuple(toy.pm.hook.atout_find_announcements(rules=rules, contract=contract, seat=N,
                                                   hand=0xFF)) == ()
    assert tuple(toy.pm.hook.atout_counted_announcements(rules=rules, contract=contract,
                                                      declared=("a", "b"))) == ("a", "b")
    assert tuple(toy.pm.hook.atout_play_declarations(rules=rules, contract=contract,
                                                  hands=(0, 0, 0, 0), tricks=())) == ()


class LeaderIsDealer:
    """A house rule: the dealer leads; defers (None) when someone sits out."""

    @hookimpl(tryfirst=True)
    def atout_first_leader(self, rules, dealer, contract):
        return None if contract.sitting_out is not None else dealer


def test_a_house_rule_overrides_one_hook_and_defers_with_none():
    variant = variant_from_plugins("toy-house", [toy_game, LeaderIsDealer()])
    rules = variant.rules()
    assert variant.pm.hook.atout_first_leader(rules=rules, dealer=W,
                                           contract=Contract("H", N)) == W
    assert variant.pm.hook.atout_first_leader(rules=rules, dealer=W,
                                           contract=Contract("H", S, sitting_out=N)) == E
    deal = Deal.new(variant, rules, dealer=S, seed=4)
    deal.call("S")
    assert deal.current_seat == S


def test_variant_hooks_answer_as_pluggy_does():
    variant = variant_from_plugins("toy-house", [toy_game, LeaderIsDealer()])
    rules = variant.rules()
    for contract in (Contract("H", N), Contract("H", S, sitting_out=N)):
        assert variant.hooks.first_leader(rules, E, contract) == \
            variant.pm.hook.atout_first_leader(rules=rules, dealer=E, contract=contract)
    assert variant.hooks.deal_pattern(rules) == variant.pm.hook.atout_deal_pattern(rules=rules)


class CountsPlayRules:
    """A house rule that counts how often the kernel asks for the play rules, and defers."""

    def __init__(self):
        self.asked = 0

    @hookimpl(tryfirst=True)
    def atout_play_rules(self, rules, contract):
        self.asked += 1


def test_the_play_rules_of_a_contract_are_asked_once_per_rules_and_contract():
    counter = CountsPlayRules()
    variant = variant_from_plugins("toy-counted", [toy_game, counter])
    rules = variant.rules()
    first = variant.hooks.play_rules(rules, Contract("H", N))
    assert variant.hooks.play_rules(rules, Contract("H", N)) is first
    assert counter.asked == 1
    variant.hooks.play_rules(rules, Contract("S", N))
    assert counter.asked == 2


def test_the_forms_from_before_variant_hooks_still_answer_with_a_deprecation_warning():
    variant = variant_from_plugins("toy", [toy_game])
    rules = variant.rules()
    with pytest.warns(DeprecationWarning, match="Variant.hook is deprecated"):
        assert variant.hook.atout_deal_pattern(rules=rules) == variant.hooks.deal_pattern(rules)
    with pytest.warns(DeprecationWarning, match="use Variant.hooks.record_fields"):
        assert variant.record_fields(rules) == variant.hooks.record_fields(rules)
    with pytest.warns(DeprecationWarning, match="use Variant.hooks.parse_contract"):
        assert variant.contract("H", S) == Contract("H", S)


def test_every_hook_is_named_by_a_test():
    """Each hook of the catalogue is exercised by name somewhere in the test suite."""
    hooks = [name for name, _ in inspect.getmembers(hookspecs, inspect.isfunction)
             if name.startswith("atout_")]
    text = "\n".join(p.read_text(encoding="utf-8")
                     for p in Path(__file__).parents[1].rglob("test_*.py"))
    assert len(hooks) >= 15
    assert [h for h in hooks if h not in text] == []


def test_atout_match_summary_counts_per_team_in_the_variants_words():
    """Every built-in variant answers ``atout_match_summary``; the kernel's default is none."""
    from framework.match import Match
    from framework.plugins import load_variant

    v = load_variant("coinche")
    match = Match(v, v.rules(), 3, [
        {"taker": "NS", "bid": 110, "trump": "H", "taker_points": 94, "belote": ["NS"]},
        {"taker": "EW", "bid": 80, "trump": "S", "taker_points": 30, "coinche": "coinche"},
        {"thrown_in": True}])
    lines = {str(line.label): dict(line.counts) for line in match.summary()}
    assert lines["Contracts taken"] == {"NS": 1, "EW": 1}
    assert lines["Contracts made"] == {"NS": 1, "EW": 0}
    assert lines["Contracts failed"] == {"NS": 0, "EW": 1}
    assert lines["Coinches"] == {"NS": 1, "EW": 0}
    assert lines["Belote-rebelote"] == {"NS": 1, "EW": 0}
    for name in ("french-belote", "bulgarian-belot", "bela", "cuatrola"):
        variant = load_variant(name)
        assert variant.hooks.match_summary(variant.rules(), (), ()), name
    from framework import defaults

    assert defaults.atout_match_summary(v.rules(), (), ()) == ()
