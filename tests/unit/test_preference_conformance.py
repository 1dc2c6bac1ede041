"""Préférence keeps the kernel's invariants over random seeded deals (the conformance kit), with
every preset: three seats, the talon taken and two cards discarded, the whist round (a deal two
passes end without play), raspasy, and a whole match to its settlement.

The variant is loaded from its module (it is not registered as an entry point yet: the play
table does not take the phases' actions from a person).
"""

import pytest

import variants.preference
from framework.kit.conformance import check_variant
from framework.rules.plugins import variant_from_plugins

PREFERENCE = variant_from_plugins("preference", [variants.preference])


@pytest.mark.parametrize("preset", ["sochi", "leningrad", "rostov"])
def test_preference_keeps_the_kernel_invariants(preset):
    check_variant(PREFERENCE, presets=[preset], deals=24, match=preset == "sochi")


@pytest.mark.parametrize("preset", ["sochi", "leningrad"])
def test_four_players_keep_the_kernel_invariants_the_dealer_sitting_out(preset):
    """Four players (``players = 4``): the dealer gets no card, never calls, acts or plays, and
    the contract leaves him out (the kit checks each), the deal turning round the four seats;
    a whole match to its settlement between the four."""
    check_variant(
        PREFERENCE,
        presets=[preset],
        deals=16,
        match=preset == "sochi",
        overrides={"players": 4},
    )
