"""Bots see an information set, never the deal: the no-peeking test, the sampled deals a
search bot plays on, the read-only deal and its cheap copy, announcements as events, and the
conformance kit with the search bot at a small budget."""

from __future__ import annotations

import random

import pytest

from framework.bots.base import play_out
from framework.bots.registry import make_bot
from framework.core.errors import NotationError
from framework.engine.deal import Deal
from framework.engine.infoset import InfoSet
from framework.kit.conformance import check_variant
from framework.rules.plugins import load_variant

VARIANTS = ["coinche", "french-belote", "bulgarian-belot", "bela", "cuatrola", "klaverjas"]


def positions(name: str, deals: int, seed: int = 0):
    """Points of rule-bot deals where a seat must act: (deal so far, seat), every few moves."""
    variant = load_variant(name)
    rules = variant.rules()
    out = []
    for n in range(deals):
        deal = Deal.new(variant, rules, n % 4, seed + n)
        bots = [make_bot("rules", n * 4 + s) for s in range(4)]
        stop = {3 + n % 5, 9 + n % 7, 17 + n % 9}
        moves = 0
        while not deal.is_over:
            seat = deal.current_seat
            if moves in stop:
                out.append((deal.copy(), seat))
            info = InfoSet(deal, seat)
            if deal.phase == "auction":
                deal.apply_call(seat, bots[seat].choose_call(info, deal.legal_calls(seat)))
            else:
                deal.apply_play(seat, bots[seat].choose_card(info, deal.legal_mask()))
            moves += 1
    return out


def choice(bot_name: str, deal: Deal, seat: int):
    bot = make_bot(bot_name, 11, budget=3)
    info = InfoSet(deal, seat)
    if deal.phase == "auction":
        return bot.choose_call(info, deal.legal_calls(seat)).text
    return bot.choose_card(info, deal.legal_mask())


@pytest.mark.parametrize("name", VARIANTS)
def test_a_sampled_deal_looks_the_same_from_the_seat(name):
    for deal, seat in positions(name, 6):
        info = InfoSet(deal, seat)
        for k in range(4):
            world = info.sample(random.Random(k))
            seen = InfoSet(world, seat)
            assert world.current_seat == deal.current_seat and world.phase == deal.phase
            assert seen.hand == info.hand and seen.legal_mask() == info.legal_mask()
            assert seen.hand_sizes == info.hand_sizes and seen.calls == info.calls
            assert seen.tricks == info.tricks and seen.trick == info.trick
            # Every hidden card is somewhere: the sample is a whole deal.
            assert sorted(world.order) == list(range(deal.deck.size))


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("bot", ["random", "rules", "search"])
def test_no_bot_peeks_the_same_view_gets_the_same_choice(name, bot):
    """Deal the hidden cards again in arrangements consistent with what the seat knows: the
    bot's choice does not change."""
    checked = 0
    for deal, seat in positions(name, 3, seed=100):
        info = InfoSet(deal, seat)
        expected = choice(bot, deal, seat)
        for k in range(3):
            world = info.sample(random.Random(1000 + k))
            if InfoSet(world, seat).key() != info.key():
                continue  # the sample's own declarations differ: another view
            assert choice(bot, world, seat) == expected
            checked += 1
    assert checked >= 3


def test_the_play_reveals_voids_a_seat_cannot_hold_the_suit_it_did_not_follow():
    variant = load_variant("coinche")
    rules = variant.rules()
    for seed in range(60):
        deal = Deal.new(variant, rules, 3, seed)
        bots = [make_bot("random", seed * 4 + s) for s in range(4)]
        play_out_until = 20
        while not deal.is_over and deal.event_count < play_out_until + len(deal.calls):
            seat = deal.current_seat
            info = InfoSet(deal, seat)
            if deal.phase == "auction":
                deal.apply_call(seat, bots[seat].choose_call(info, deal.legal_calls(seat)))
            else:
                deal.apply_play(seat, bots[seat].choose_card(info, deal.legal_mask()))
        if deal.is_over:
            continue
        me = deal.current_seat
        excluded = InfoSet(deal, me).excluded()
        for seat in range(4):
            # Whatever the play revealed is true of the real hands.
            assert excluded[seat] & deal.hand(seat) == 0 or seat == me


def test_a_deal_is_read_only_and_its_copy_is_independent():
    variant = load_variant("coinche")
    deal = Deal.new(variant, variant.rules(), 3, 5)
    while deal.phase == "auction":
        deal.apply_call(deal.current_seat, deal.legal_calls()[-1])
    with pytest.raises(AttributeError):
        deal.hands = (0, 0, 0, 0)  # type: ignore[misc]
    with pytest.raises(AttributeError):
        deal.anything = 1  # type: ignore[attr-defined]
    assert isinstance(deal.hands, tuple) and isinstance(deal.trick, tuple)
    before = (deal.hands, deal.events)
    twin = deal.copy()
    twin.apply_play(twin.current_seat, twin.legal_plays()[0])
    assert (deal.hands, deal.events) == before and twin.hands != deal.hands


def test_belote_is_said_with_the_card_that_says_it():
    variant = load_variant("coinche")
    rules = variant.rules()
    said = 0
    for seed in range(80):
        deal = Deal.new(variant, rules, seed % 4, seed)
        play_out(deal, [make_bot("rules", seed * 4 + s) for s in range(4)])
        events = deal.events
        for i, e in enumerate(events):
            if e.kind == "say" and e.value.kind == "belote":
                after = events[i + 1]
                assert after.kind == "play" and after.seat == e.seat
                assert e.value.cards >> after.value & 1
                said += 1
        # The record reads the same declarations the events show.
        assert deal.played().play_declarations == tuple(e.value for e in events if e.kind == "say")
    assert said > 0


def test_an_old_log_without_announcements_loads_and_a_false_one_is_refused():
    variant = load_variant("coinche")
    for seed in range(40):
        deal = Deal.new(variant, variant.rules(), seed % 4, seed)
        play_out(deal, [make_bot("rules", seed * 4 + s) for s in range(4)])
        data = deal.to_json()
        if not any(e[0] in ("declare", "say") for e in data["events"]):
            continue
        old = dict(data, events=[e for e in data["events"] if e[0] in ("call", "play")])
        assert Deal.from_json(variant, old).events == deal.events
        false = dict(
            data,
            events=[*data["events"], ["say", "N", {"kind": "belote", "points": 20, "cards": ""}]],
        )
        with pytest.raises(NotationError, match="announcements"):
            Deal.from_json(variant, false)
        return
    raise AssertionError("no deal with an announcement")


def test_from_json_keeps_the_rules_snapshot_not_the_preset_of_today():
    variant = load_variant("coinche")
    deal = Deal.new(variant, variant.rules(), 3, 1)
    data = deal.to_json()
    option, value = next(iter(data["rules"]["options"].items()))
    data["rules"]["options"][option] = value
    loaded = Deal.from_json(variant, data)
    assert loaded.rules.to_json() == deal.rules.to_json()


@pytest.mark.parametrize(
    "name", ["coinche", "french-belote", "bulgarian-belot", "bela", "cuatrola"]
)
def test_the_kit_passes_with_the_search_bot(name):
    variant = load_variant(name)
    check_variant(
        variant, presets=[variant.default_preset], deals=2, bots=("search",), match=False, budget=2
    )
