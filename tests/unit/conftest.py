import pytest
import toy_game

from framework.rules.plugins import variant_from_plugins


@pytest.fixture
def toy():
    """The toy variant of toy_game.py, built without an entry point."""
    return variant_from_plugins("toy", [toy_game])
