"""Croatian Bela keeps the kernel's invariants over random seeded deals (framework.kit.conformance):
162 card points, every card once, legal plays never empty, replay and JSON round trip, and a
played deal scores exactly as its written record."""

import pytest

from framework.kit.conformance import (
    check_deal,
    check_match,
    check_record_errors,
    check_variant,
    variant_conformance,
)
from framework.rules.plugins import load_variant


@pytest.mark.parametrize(("variant", "preset"), variant_conformance("bela"))
def test_bela_keeps_the_kernel_invariants(variant, preset):
    check_variant(variant, presets=[preset], deals=24, match=True)


HOUSE_RULES = {
    "mus": False,
    "must_head_led_suit": False,
    "trump_when_partner_wins": False,
    "must_undertrump": False,
    "belot8": "points",
    "bela_call_on": "second_card",
    "equal_value": "sequence",
    "card_in_two_declarations": True,
    "zero_trick_declarations": "to_stiglja_team",
    "tie": "hang",
    "bela_always_written": True,
    "target": 701,
    "exact_tie": "caller",
}


def test_every_option_flipped_keeps_the_kernel_invariants():
    variant = load_variant("bela")
    rules = variant.rules("standard", HOUSE_RULES)
    for seed in range(24):
        check_deal(variant, rules, seed, ("random", "rules")[seed % 2])
    check_record_errors(variant, rules)
    check_match(variant, rules, seed=3)
