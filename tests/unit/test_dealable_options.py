"""Option values a user gives are refused when their table cannot be dealt (issue 20, item 1:
the presets' tables are checked when the variant loads; these are checked when the rules are
made), naming the options, the hook and the count that is wrong: on the command line an error
line and status 2, never a traceback. The toy ``tests/unit/toy_hands.py`` deals its option
``hand`` cards to each of four seats from 32."""

from __future__ import annotations

import pytest
import toy_hands

from framework.app.cli import main
from framework.core.errors import OptionError
from framework.rules import plugins
from framework.rules.plugins import load_variant, variant_from_plugins


class _EntryPoint:
    def __init__(self, name, plugin):
        self.name, self.value, self.plugin, self.dist = name, f"fake.{name}", plugin, None

    def load(self):
        return self.plugin


@pytest.fixture
def installed(monkeypatch):
    """toy_hands installed as ``toy-hands``, as a plugin from PyPI would be."""
    real = plugins._entry_points()
    monkeypatch.setattr(
        plugins, "_entry_points", lambda: {**real, "toy-hands": _EntryPoint("toy-hands", toy_hands)}
    )


def test_a_hand_the_deck_cannot_deal_is_refused_naming_the_option_the_hook_and_the_count():
    variant = variant_from_plugins("toy-hands", [toy_hands])
    assert variant.rules(None, {"hand": 7}).hand == 7  # four hands of seven, a talon of four
    with pytest.raises(OptionError) as refused:
        variant.rules(None, {"hand": "9"})
    assert str(refused.value) == (
        "with hand=9 the table cannot be dealt: atout_deal_pattern: dealing 36 cards before "
        "the auction, but the deck has 32"
    )
    assert refused.value.option == "hand"
    assert refused.value.why.startswith("the table cannot be dealt: atout_deal_pattern")


def test_several_options_given_are_all_named_and_no_one_is_blamed():
    variant = variant_from_plugins("toy-hands", [toy_hands])
    with pytest.raises(OptionError, match="with hand=12, target=30 the table") as refused:
        variant.rules("seven", {"hand": 12, "target": 30})
    assert refused.value.option is None and "48 cards" in str(refused.value)


def test_an_option_given_at_its_presets_value_is_the_presets_table():
    variant = variant_from_plugins("toy-hands", [toy_hands])
    assert variant.rules("seven", {"hand": 7}) == variant.rules("seven")


def test_a_table_shape_the_kernel_refuses_for_a_users_option_is_an_option_error():
    """A variant whose atout_table_shape answers a shape the kernel refuses under some option
    value: that value is refused as an option, naming the hook (not a plugin error)."""
    from framework.api import TableShape, hookimpl

    class Shapes:
        @hookimpl
        def atout_table_shape(self, rules):
            return TableShape(("N",), ("N",)) if rules.hand == 5 else None

    variant = variant_from_plugins("toy-shapes", [toy_hands, Shapes()])
    with pytest.raises(OptionError, match="with hand=5 the table cannot be dealt: atout_table"):
        variant.rules(None, {"hand": 5})


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "toy-hands", "-o", "hand=9", "-n", "1"],
        ["play", "toy-hands", "-o", "hand=9"],
        ["legal", "toy-hands", "-o", "hand=9", "--contract", "S", "--hand", "AS"],
    ],
)
def test_the_command_line_refuses_it_in_one_line_with_status_2(installed, capsys, argv):
    try:
        status = main(argv)
    except SystemExit as exit_:
        status = exit_.code
    err = capsys.readouterr().err
    assert status == 2, err
    assert "with hand=9 the table cannot be dealt: atout_deal_pattern: dealing 36 cards" in err
    assert "Traceback" not in err
    assert load_variant("toy-hands").rules(None, {"hand": 8}).hand == 8  # (eight is dealt)
