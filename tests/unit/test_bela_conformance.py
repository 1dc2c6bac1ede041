"""Croatian Bela keeps the kernel's invariants over random seeded deals (framework.testing):
162 card points, every card once, legal plays never empty, replay and JSON round trip, and a
played deal scores exactly as its written record."""

import pytest

from framework.testing import check_variant, variant_conformance


@pytest.mark.parametrize(("variant", "preset"), variant_conformance("bela"))
def test_bela_keeps_the_kernel_invariants(variant, preset):
    check_variant(variant, presets=[preset], deals=24, match=True)
