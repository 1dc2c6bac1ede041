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

from framework.auction import Contract
from framework.options import Rules
from framework.plugins import load_variant
from framework.testing import check_deal

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
@given(seed=st.integers(0, 2**48), dealer=st.integers(0, 3),
       bot=st.sampled_from(["random", "rules"]))
def test_random_deals_keep_the_kernel_invariants(name, preset, seed, dealer, bot):
    variant = load_variant(name)
    deal = check_deal(variant, variant.rules(preset), seed=seed, bot=bot, dealer=dealer,
                      card_points=DECK_POINTS[name])
    assert deal.is_over
