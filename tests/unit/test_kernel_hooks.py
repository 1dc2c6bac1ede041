"""The hook machinery: the kernel's defaults, stacking and overriding, ``variant.hooks``."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest
import toy_game

from framework.api import hookimpl
from framework.core.seats import E, N, S, W
from framework.engine.deal import Deal
from framework.rules import hookspecs
from framework.rules._fastpath import PluginManager
from framework.rules.auction import Contract
from framework.rules.plugins import variant_from_plugins


def test_by_default_the_seat_after_the_dealer_leads_skipping_one_who_sits_out(toy):
    first_leader = toy.pm.hook.atout_first_leader
    rules = toy.rules()
    assert first_leader(rules=rules, dealer=W, contract=Contract("H", N), seats=4, hands=()) == N
    out = Contract("H", S, sitting_out=N)
    assert first_leader(rules=rules, dealer=W, contract=out, seats=4, hands=()) == E


def test_by_default_nobody_declares_and_every_declaration_counts(toy):
    rules, contract = toy.rules(), Contract("H", N)
    assert (
        tuple(
            toy.pm.hook.atout_find_announcements(rules=rules, contract=contract, seat=N, hand=0xFF)
        )
        == ()
    )
    assert tuple(
        toy.pm.hook.atout_counted_announcements(rules=rules, contract=contract, declared=("a", "b"))
    ) == ("a", "b")
    assert (
        tuple(
            toy.pm.hook.atout_play_declarations(
                rules=rules, contract=contract, hands=(0, 0, 0, 0), tricks=()
            )
        )
        == ()
    )


class LeaderIsDealer:
    """A house rule: the dealer leads; defers (None) when someone sits out."""

    @hookimpl(tryfirst=True)
    def atout_first_leader(self, rules, dealer, contract):
        return None if contract.sitting_out is not None else dealer


def test_a_house_rule_overrides_one_hook_and_defers_with_none():
    variant = variant_from_plugins("toy-house", [toy_game, LeaderIsDealer()])
    rules = variant.rules()
    assert (
        variant.pm.hook.atout_first_leader(
            rules=rules, dealer=W, contract=Contract("H", N), seats=4, hands=()
        )
        == W
    )
    assert (
        variant.pm.hook.atout_first_leader(
            rules=rules, dealer=W, contract=Contract("H", S, sitting_out=N), seats=4, hands=()
        )
        == E
    )
    deal = Deal.new(variant, rules, dealer=S, seed=4)
    deal.call("S")
    assert deal.current_seat == S


def test_variant_hooks_answer_as_pluggy_does():
    variant = variant_from_plugins("toy-house", [toy_game, LeaderIsDealer()])
    rules = variant.rules()
    for contract in (Contract("H", N), Contract("H", S, sitting_out=N)):
        assert variant.hooks.first_leader(rules, E, contract) == variant.pm.hook.atout_first_leader(
            rules=rules, dealer=E, contract=contract, seats=4, hands=()
        )
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


def test_every_hook_is_named_by_a_test():
    """Each hook of the catalogue is exercised by name somewhere in the test suite."""
    hooks = [
        name
        for name, _ in inspect.getmembers(hookspecs, inspect.isfunction)
        if name.startswith("atout_")
    ]
    text = "\n".join(
        p.read_text(encoding="utf-8") for p in Path(__file__).parents[1].rglob("test_*.py")
    )
    assert len(hooks) >= 15
    assert [h for h in hooks if h not in text] == []


def test_atout_match_summary_counts_per_team_in_the_variants_words():
    """Every built-in variant answers ``atout_match_summary``; the kernel's default is none."""
    from framework.engine.match import Match
    from framework.rules.plugins import load_variant

    v = load_variant("coinche")
    match = Match(
        v,
        v.rules(),
        3,
        [
            {"taker": "NS", "bid": 110, "trump": "H", "taker_points": 94, "belote": ["NS"]},
            {"taker": "EW", "bid": 80, "trump": "S", "taker_points": 30, "coinche": "coinche"},
            {"thrown_in": True},
        ],
    )
    lines = {str(line.label): dict(line.counts) for line in match.summary()}
    assert lines["Contracts taken"] == {"NS": 1, "EW": 1}
    assert lines["Contracts made"] == {"NS": 1, "EW": 0}
    assert lines["Contracts failed"] == {"NS": 0, "EW": 1}
    assert lines["Coinches"] == {"NS": 1, "EW": 0}
    assert lines["Belote-rebelote"] == {"NS": 1, "EW": 0}
    for name in ("french-belote", "bulgarian-belot", "bela", "cuatrola"):
        variant = load_variant(name)
        assert variant.hooks.match_summary(variant.rules(), (), ()), name
    from framework.rules import defaults

    assert defaults.atout_match_summary(v.rules(), (), ()) == ()


# ---- the resolved hooks: plain functions, pluggy's semantics -----------------------------


class Leads:
    """A first-leader answer (None defers)."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat

    @hookimpl
    def atout_first_leader(self, rules, dealer, contract):
        return self.seat


class LeadsFirst(Leads):
    """The same, asked before the plugins registered after it (``tryfirst``)."""

    @hookimpl(tryfirst=True)
    def atout_first_leader(self, rules, dealer, contract):
        return self.seat


class DealerOnly:
    """An implementation that takes only one of the hook's arguments."""

    @hookimpl
    def atout_first_leader(self, dealer):
        return dealer


def test_resolved_hooks_keep_pluggys_order_and_firstresult():
    contract = Contract("H", N)
    for plugins, expected in (
        ([], N),
        ([Leads(E)], E),
        ([LeadsFirst(S), Leads(E)], S),
        ([LeadsFirst(None), Leads(E)], E),
        ([Leads(E), Leads(None)], E),
        ([Leads(S), Leads(E)], E),
    ):
        variant = variant_from_plugins("toy-order", [toy_game, *plugins])
        rules = variant.rules()
        assert variant.hooks.first_leader(rules, W, contract) == expected
        assert (
            variant.pm.hook.atout_first_leader(
                rules=rules, dealer=W, contract=contract, seats=4, hands=()
            )
            == expected
        )
    # Registered above the toy game, the subset-argument plugin answers first.
    variant = variant_from_plugins("toy-subset", [toy_game, DealerOnly()])
    assert variant.hooks.first_leader(variant.rules(), S, contract) == S


def test_a_deal_and_its_score_never_call_through_pluggy(toy, monkeypatch):
    from framework.bots.base import RandomBot, play_out

    caller = type(toy.pm.hook.atout_first_leader)  # pluggy's hook caller (pytest's too)
    pluggy_call = caller.__call__

    def through_pluggy(hook, **kwargs):
        if hook.name.startswith("atout_"):
            raise AssertionError(f"{hook.name} called through pluggy")
        return pluggy_call(hook, **kwargs)

    monkeypatch.setattr(caller, "__call__", through_pluggy)
    with pytest.raises(AssertionError, match="through pluggy"):
        toy.pm.hook.atout_first_leader(
            rules=toy.rules(), dealer=W, contract=Contract("H", N), seats=4, hands=()
        )
    rules = toy.rules()
    for seed in range(20):
        deal = play_out(Deal.new(toy, rules, W, seed=seed), [RandomBot(i) for i in range(4)])
        assert deal.score().points.keys() == {"NS", "EW"}


def test_a_plugin_registered_later_is_resolved_and_the_kept_answers_forgotten(toy):
    rules = toy.rules()
    contract = Contract("H", N)
    assert toy.hooks.first_leader(rules, W, contract) == N
    toy.hooks.play_rules(rules, contract)
    counter = CountsPlayRules()
    toy.pm.register(counter)
    toy.pm.register(LeaderIsDealer())
    assert toy.hooks.first_leader(rules, W, contract) == W
    toy.hooks.play_rules(rules, contract)
    assert counter.asked == 1
    toy.pm.unregister(counter)
    toy.hooks.play_rules(rules, contract)
    assert counter.asked == 1


def test_a_plugin_blocked_or_unblocked_is_resolved(toy):
    # (the kernel's manager counts every change to its plugins: a block and an unblock too)
    assert isinstance(toy.pm, PluginManager)
    rules = toy.rules()
    contract = Contract("H", N)
    leader = LeaderIsDealer()
    toy.pm.register(leader, name="leader")
    assert toy.hooks.first_leader(rules, W, contract) == W
    toy.pm.set_blocked("leader")
    assert toy.hooks.first_leader(rules, W, contract) == N
    toy.pm.unblock("leader")
    toy.pm.register(leader, name="leader")
    assert toy.hooks.first_leader(rules, W, contract) == W


class WrapsLeader:
    """A new-style wrapper: the resolved hook leaves it to pluggy."""

    @hookimpl(wrapper=True)
    def atout_first_leader(self, rules, dealer, contract):
        seat = yield
        return (seat + 2) % 4


def test_a_wrapper_or_a_monitor_is_answered_through_pluggy(toy):
    wrapped = variant_from_plugins("toy-wrapped", [toy_game, WrapsLeader()])
    assert wrapped.hooks.first_leader(wrapped.rules(), W, Contract("H", N)) == S
    seen = []
    stop = toy.pm.add_hookcall_monitoring(
        lambda name, impls, kwargs: seen.append(name), lambda outcome, name, impls, kwargs: None
    )
    toy.hooks.first_leader(toy.rules(), W, Contract("H", N))
    assert seen == ["atout_first_leader"]
    stop()
    toy.hooks.first_leader(toy.rules(), W, Contract("H", N))
    assert seen == ["atout_first_leader"]


class Plans:
    """A house rule answering ``atout_play_plan`` with a given plan."""

    def __init__(self, plan):
        self.plan = plan

    @hookimpl
    def atout_play_plan(self, rules, contract):
        return self.plan


def test_a_play_plan_lays_a_hand_open_after_the_first_card():
    from framework.api import PlayPlan

    variant = variant_from_plugins(
        "toy-open", [toy_game, Plans(PlayPlan(shown=(N,), shown_after=1))]
    )
    deal = Deal.new(variant, variant.rules(), dealer=S, seed=4)
    deal.call("S")
    assert deal.shown == ()
    deal.play(deal.legal_plays()[0])
    assert deal.shown == (N,)


@pytest.mark.parametrize(
    ("plan", "reason"),
    [
        ({"talon_leads": 1}, "1 talon leads with 0 cards in the talon"),
        ({"shown": (7,)}, "shown (7,) after 0 cards"),
        ({"talon_leads": 0, "after_talon": "last"}, "after_talon 'last'"),
        ({"talon_owner": 0}, "talon_owner 0 with 0 talon leads"),
        ({"avoid_tricks": (4,)}, "avoid_tricks (4,): seats 0 to 3"),
    ],
)
def test_a_play_plan_that_cannot_be_played_is_refused_naming_the_hook(plan, reason):
    from framework.api import PlayPlan
    from framework.core.errors import PluginError

    variant = variant_from_plugins("toy-bad", [toy_game, Plans(PlayPlan(**plan))])
    deal = Deal.new(variant, variant.rules(), dealer=S, seed=4)
    with pytest.raises(PluginError, match=re.escape(f"atout_play_plan answered {reason}")):
        deal.call("S")


def _follows_with_a_choice(plan_seats: tuple[int, ...]) -> list[tuple[bool, bool]]:
    """Rule bots play 30 deals of the toy game with ``avoid_tricks=plan_seats``; at each card N
    plays to a trick where it may both stay under the best card and beat it: (whether it stayed
    under, whether it played the highest card that does)."""
    from framework.api import PlayPlan
    from framework.app.table import bot_move
    from framework.bots.rulebot import RuleBot
    from framework.core.cards import bits
    from framework.engine.infoset import InfoSet

    variant = variant_from_plugins("toy-duck", [toy_game, Plans(PlayPlan(avoid_tricks=plan_seats))])
    seen = []
    for seed in range(30):
        deal = Deal.new(variant, variant.rules(), dealer=S, seed=seed)
        deal.call("S")
        bots = [RuleBot(seed * 4 + s) for s in range(4)]
        while not deal.is_over:
            seat = deal.current_seat
            if seat == N and deal.trick:
                info = InfoSet(deal, N)
                assert info.avoid_tricks == plan_seats and deal.copy().avoid_tricks == plan_seats
                rules, legal = deal.play_rules, deal.legal_mask()
                key = rules.keys[rules.deck.suit_of[deal.trick[0]]]
                best = info.winning[0]
                under = [c for c in bits(legal) if key[c] <= key[best]]
                if under and len(under) < legal.bit_count():
                    card = RuleBot(seed).choose_card(info, legal)
                    highest = max(under, key=lambda c: (rules.power[c], c))
                    seen.append((card in under, card == highest))
            bot_move(deal, seat, bots[seat])
    return seen


def test_the_rule_bot_ducks_for_a_seat_the_play_plan_says_avoids_tricks():
    """``PlayPlan(avoid_tricks=(N,))``: wherever N may stay under the trick's best card, the
    rule bot plays the highest card that does (rid of it while it is safe); without the hint
    the same bot beats the best card somewhere in the same deals."""
    ducking = _follows_with_a_choice((N,))
    assert len(ducking) >= 20 and all(under and highest for under, highest in ducking)
    plain = _follows_with_a_choice(())
    assert not all(under for under, _highest in plain)


class HolderLeads:
    """A house rule: the holder of the card ``card`` leads (Hearts' two of clubs)."""

    def __init__(self, card: int) -> None:
        self.card = card

    @hookimpl
    def atout_first_leader(self, hands):
        return next(seat for seat, hand in enumerate(hands) if hand >> self.card & 1)


def test_the_first_leader_may_be_the_holder_of_a_card():
    """``atout_first_leader`` is given each seat's cards when play starts (``hands``): a rule
    that names a card chooses by them; a deal's first leader is that card's holder, whoever
    deals."""
    from framework.core.cards import FRENCH_32

    seven = FRENCH_32.parse("7C")
    variant = variant_from_plugins("toy-seven", [toy_game, HolderLeads(seven)])
    leaders = set()
    for seed in range(12):
        deal = Deal.new(variant, variant.rules(), dealer=seed % 4, seed=seed)
        deal.call("S")
        holder = next(s for s in range(4) if deal.start_hands[s] >> seven & 1)
        assert deal.current_seat == holder
        leaders.add(holder)
    assert len(leaders) > 1
