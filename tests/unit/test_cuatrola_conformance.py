"""Cuatrola keeps the kernel's invariants over random seeded hands (``framework.kit.conformance``),
with every preset and with every option flipped; a solo's live points are 130 minus the dead
hand."""

import pytest
from cuatrola_helpers import VARIANT

from framework.bots.base import RandomBot, play_out
from framework.engine.deal import Deal
from framework.kit.conformance import check_deal, check_variant, variant_conformance


def full_hand_points(rules, contract):
    """A hand played by four is worth 130; the kit checks a solo against its live cards."""
    return 130 if contract.sitting_out is None else None


@pytest.mark.parametrize(("variant", "preset"), variant_conformance("cuatrola"))
def test_cuatrola_keeps_the_kernel_invariants(variant, preset):
    check_variant(
        variant, presets=[preset], deals=40, card_points=full_hand_points, match=preset == "app"
    )


FLIPPED = {
    "direction": "clockwise",
    "auction": "first_bet",
    "first_lead": "declarer",
    "cannot_overtrump": "undertrump",
    "partner_exemption": True,
    "forty_first": True,
    "solo_cantes": "soloist",
    "tie": "defenders",
    "exact_finish": False,
    "target": 21,
}


def test_cuatrola_keeps_the_invariants_with_every_option_flipped():
    rules = VARIANT.rules("app", FLIPPED)
    for seed in range(24):
        check_deal(
            VARIANT, rules, seed, ("random", "rules")[seed % 2], card_points=full_hand_points
        )


def test_a_solo_is_worth_130_minus_the_dead_hand_and_the_dead_seat_never_plays():
    solos = 0
    for seed in range(40):
        deal = Deal.new(VARIANT, VARIANT.rules(), dealer=seed % 4, seed=seed)
        deal.call("SOLO")
        while deal.phase == "auction":
            deal.call("PASS")
        dead = deal.contract.sitting_out
        play_out(deal, [RandomBot(seed * 4 + s) for s in range(4)])
        record = deal.record()
        assert record["ns_points"] + record["ew_points"] == 130 - record["dead_points"]
        assert all(e.seat != dead for e in deal.events if e.kind == "play")
        assert len(deal.tricks) == 5 and all(len(t[1]) == 3 for t in deal.tricks)
        assert deal.score() == VARIANT.hooks.score(deal.rules, record, deal.context)
        solos += 1
    assert solos == 40
