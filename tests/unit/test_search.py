"""The search bot's auction rollouts: after a pass, the opponents' later calls are the rule bot's
(seeing their own cards) and the bot's own side passes; after a bid, everybody passes; and the
rule bot's cached hand estimates give the same calls as computing them afresh."""

from __future__ import annotations

import pytest

from framework.auction import Call
from framework.bots import make_bot
from framework.deal import Deal
from framework.plugins import load_variant
from framework.rulebot import RuleBot
from framework.search import _auction_rollout

VARIANTS = ["coinche", "french-belote", "bulgarian-belot", "bela", "cuatrola", "klaverjas"]


def first_pass(name: str, seeds: range) -> tuple[Deal, int, Call]:
    """A deal at its first call, where the opponent speaking next would bid if asked."""
    variant = load_variant(name)
    rules = variant.rules()
    for seed in seeds:
        deal = Deal.new(variant, rules, seed % 4, seed)
        seat = deal.current_seat
        assert seat is not None
        passes = [c for c in deal.legal_calls(seat) if c.kind == "pass"]
        if not passes:
            continue
        after = deal.copy()
        after.apply_call(seat, passes[0])
        nxt = after.current_seat
        if nxt is None or (nxt - seat) % 2 == 0:
            continue
        if RuleBot(0).choose_call(after.infoset(nxt), after.legal_calls(nxt)).kind == "bid":
            return deal, seat, passes[0]
    raise AssertionError(f"{name}: no deal where the next opponent bids over a first pass")


@pytest.mark.parametrize("name", ["coinche", "bulgarian-belot", "bela"])
def test_a_pass_is_worth_the_contract_the_opponents_then_take_not_a_throw_in(name):
    deal, seat, call = first_pass(name, range(200))
    contract, ended = _auction_rollout(deal, seat, call, RuleBot(0))
    assert contract is not None
    assert (contract.taker - seat) % 2 == 1  # the opponents took it
    assert ended.phase != "auction"


@pytest.mark.parametrize("name", VARIANTS)
def test_in_a_rollout_the_bots_own_side_only_passes_after_its_call(name):
    variant = load_variant(name)
    rules = variant.rules()
    for seed in range(20):
        deal = Deal.new(variant, rules, seed % 4, seed)
        seat = deal.current_seat
        assert seat is not None
        for call in deal.legal_calls(seat)[:4]:
            _, ended = _auction_rollout(deal, seat, call, RuleBot(0))
            replay = deal.copy()
            replay.apply_call(seat, call)
            for who, later in ended.calls[len(deal.calls) + 1:]:
                could_pass = any(c.kind == "pass" for c in replay.legal_calls(who))
                if (who - seat) % 2 == 0 and could_pass:
                    assert later.kind == "pass"
                replay.apply_call(who, later)


@pytest.mark.parametrize("name", VARIANTS)
def test_a_bid_is_worth_the_contract_it_makes_if_nobody_answers_it(name):
    variant = load_variant(name)
    rules = variant.rules()
    for seed in range(20):
        deal = Deal.new(variant, rules, seed % 4, seed)
        seat = deal.current_seat
        assert seat is not None
        for call in [c for c in deal.legal_calls(seat) if c.kind == "bid"][:3]:
            _, ended = _auction_rollout(deal, seat, call, RuleBot(0))
            replay = deal.copy()
            replay.apply_call(seat, call)
            for who, later in ended.calls[len(deal.calls) + 1:]:
                if any(c.kind == "pass" for c in replay.legal_calls(who)):
                    assert later.kind == "pass"
                replay.apply_call(who, later)


@pytest.mark.parametrize("name", VARIANTS)
def test_the_rule_bots_cached_estimates_give_the_calls_of_a_fresh_bot(name):
    variant = load_variant(name)
    rules = variant.rules()
    shared = RuleBot(0)
    for seed in range(30):
        deal = Deal.new(variant, rules, seed % 4, seed)
        while deal.phase == "auction":
            seat = deal.current_seat
            assert seat is not None
            info, legal = deal.infoset(seat), deal.legal_calls(seat)
            call = shared.choose_call(info, legal)
            assert call == RuleBot(0).choose_call(info, legal)
            deal.apply_call(seat, call)


def test_the_search_bot_bids_the_same_from_the_same_view():
    variant = load_variant("bulgarian-belot")
    deal = Deal.new(variant, variant.rules(), 0, 3)
    seat = deal.current_seat
    bot = make_bot("search", 5, budget=3)
    first = bot.choose_call(deal.infoset(seat), deal.legal_calls(seat))
    assert bot.choose_call(deal.copy().infoset(seat), deal.legal_calls(seat)) == first
