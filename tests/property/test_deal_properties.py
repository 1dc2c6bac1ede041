"""Property tests over random seeded deals, for every built-in variant and every preset.

Hypothesis draws the seed (shuffle and bots) and the dealer; the conformance kit plays the deal
and checks the kernel's invariants: legal plays never empty and inside the hand, every card played
once, the deck's point total as the rule spec states it, replay and JSON round trip identical, the
record valid and described, and the score of the played deal equal to the score of its record.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from framework.bots.base import Bot
from framework.bots.registry import make_bot
from framework.core.options import Rules
from framework.engine.deal import Deal
from framework.engine.infoset import InfoSet
from framework.kit.conformance import check_deal
from framework.rules.auction import Contract
from framework.rules.plugins import load_variant

# The deck's card points, last trick included, as each rule spec states them (not read from the
# variant's own tables, so a wrong table fails here).
_SUITS = dict.fromkeys("SHDC", 162)


def _cuatrola(rules: Rules, contract: Contract) -> int | None:
    # 130 with four hands; a solo's dead hand is out of play (the kit checks the live total).
    return 130 if contract.sitting_out is None else None


DECK_POINTS = {
    "coinche": {**_SUITS, "NT": 162, "AT": 162},
    "french-belote": {**_SUITS, "NT": 162, "AT": 162},
    "bulgarian-belot": {**_SUITS, "NT": 260, "AT": 258},
    "bela": _SUITS,
    "cuatrola": _cuatrola,
}

CASES = [(name, preset) for name in DECK_POINTS for preset in load_variant(name).presets]


@pytest.mark.parametrize(("name", "preset"), CASES, ids=[f"{n}-{p}" for n, p in CASES])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**48), dealer=st.integers(0, 3), bot=st.sampled_from(["random", "rules"])
)
def test_random_deals_keep_the_kernel_invariants(name, preset, seed, dealer, bot):
    variant = load_variant(name)
    deal = check_deal(
        variant,
        variant.rules(preset),
        seed=seed,
        bot=bot,
        dealer=dealer,
        card_points=DECK_POINTS[name],
    )
    assert deal.is_over


@pytest.mark.parametrize(("name", "preset"), CASES, ids=[f"{n}-{p}" for n, p in CASES])
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**48), dealer=st.integers(0, 3), bot=st.sampled_from(["random", "rules"])
)
def test_the_card_loop_plays_as_card_by_card(name, preset, seed, dealer, bot):
    """Deal.play_to_end (play_out's loop) and apply_play of each legal_mask's choice, card by
    card, give the same deal: the same cards, tricks, points, log and state at each card."""
    variant = load_variant(name)
    rules = variant.rules(preset)
    looped = Deal.new(variant, rules, dealer, seed=seed)
    stepped = Deal.new(variant, rules, dealer, seed=seed)
    seen: list[tuple[object, ...]] = []

    def state(deal: Deal, seat: int, legal: int) -> tuple[object, ...]:
        return (
            seat,
            legal,
            deal.hands,
            deal.trick,
            deal.trick_seats,
            deal.tricks,
            deal.card_points,
            deal.tricks_won,
            deal.event_count,
            deal.current_seat,
            deal.winning if deal.trick else None,
            deal.partner_wins(seat),
            deal.legal_mask(),
        )

    def choosing(bot_for_seat):
        def choose(info, legal):
            seen.append(state(looped, info.seat, legal))
            return bot_for_seat.choose_card(info, legal)

        return choose

    def called(deal: Deal) -> list[Bot]:
        bots = [make_bot(bot, seed + s) for s in range(4)]
        while deal.phase == "auction":
            seat = deal.current_seat
            deal.apply_call(
                seat, bots[seat].choose_call(InfoSet(deal, seat), deal.legal_calls(seat))
            )
        return bots

    views = [InfoSet(looped, s) for s in range(4)]
    looped.play_to_end([choosing(b) for b in called(looped)], views)
    bots = called(stepped)
    expected = []
    while not stepped.is_over:
        seat = stepped.current_seat
        legal = stepped.legal_mask()
        expected.append(state(stepped, seat, legal))
        stepped.apply_play(seat, bots[seat].choose_card(InfoSet(stepped, seat), legal))
    assert seen == expected
    assert looped.actions == stepped.actions
    assert (looped.tricks, looped.card_points, looped.phase) == (
        stepped.tricks,
        stepped.card_points,
        stepped.phase,
    )
    if looped.contract is not None:
        assert looped.played() == stepped.played()
