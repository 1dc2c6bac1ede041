import pickle

import pytest

from framework.core.cards import FRENCH_32
from framework.core.errors import OptionError
from framework.core.options import Option, Preset, Rules, resolve_rules

OPTIONS = {
    "target": Option("target", 1000, "Points to win.", minimum=100, maximum=10000),
    "undertrump": Option(
        "undertrump", "mandatory", "Undertrump.", choices=("mandatory", "optional")
    ),
    "litige": Option("litige", False, "Litige pot."),
}
PRESETS = {
    "house": Preset("house", "House."),
    "ffb": Preset("ffb", "FFB.", {"target": 2000, "undertrump": "optional"}),
}


def test_the_first_preset_is_the_default():
    rules = resolve_rules("v", OPTIONS, PRESETS, None)
    assert rules.preset == "house" and rules.target == 1000


def test_a_preset_sets_its_values_and_the_others_keep_defaults():
    rules = resolve_rules("v", OPTIONS, PRESETS, "ffb")
    assert (rules.target, rules.undertrump, rules.litige) == (2000, "optional", False)


def test_any_option_can_be_overridden_on_top_of_a_preset_from_text():
    rules = resolve_rules("v", OPTIONS, PRESETS, "ffb", {"target": "1500", "litige": "yes"})
    assert (rules.target, rules.litige) == (1500, True)
    assert dict(rules.overrides) == {"target": 1500, "litige": True}


@pytest.mark.parametrize(
    "overrides, message",
    [
        ({"nope": "1"}, "no option 'nope'"),
        ({"target": "abc"}, "not a whole number"),
        ({"target": "5"}, "below 100"),
        ({"undertrump": "sometimes"}, "not one of mandatory, optional"),
        ({"litige": "maybe"}, "not true or false"),
        ({"litige": 3}, "not true or false"),
    ],
)
def test_a_bad_option_is_a_clear_error_naming_it(overrides, message):
    with pytest.raises(OptionError, match=message):
        resolve_rules("v", OPTIONS, PRESETS, None, overrides)


def test_a_whole_number_sent_as_a_json_float_is_that_number():
    """JSON has one kind of number: 1500.0 is the whole number 1500 (as a record's numbers are);
    1500.5 is refused."""
    rules = resolve_rules("v", OPTIONS, PRESETS, "ffb", {"target": 1500.0})
    assert rules.target == 1500 and type(rules.target) is int
    assert dict(rules.overrides) == {"target": 1500}
    with pytest.raises(OptionError, match=r"1500\.5 is not a whole number"):
        resolve_rules("v", OPTIONS, PRESETS, None, {"target": 1500.5})


def test_an_unknown_preset_lists_the_presets():
    with pytest.raises(OptionError, match="presets: house, ffb"):
        resolve_rules("v", OPTIONS, PRESETS, "fbb")


def test_rules_are_immutable_comparable_and_snapshot_to_json():
    a = resolve_rules("v", OPTIONS, PRESETS, "ffb")
    b = resolve_rules("v", OPTIONS, PRESETS, "ffb")
    assert a == b and hash(a) == hash(b)
    # Equality compares the variant, the preset and every option value.
    assert a != resolve_rules("v", OPTIONS, PRESETS, "ffb", {"target": 1000})
    assert a != resolve_rules(
        "v",
        OPTIONS,
        PRESETS,
        "house",  # the same values, another preset
        {"target": 2000, "undertrump": "optional"},
    )
    assert a != resolve_rules("w", OPTIONS, PRESETS, "ffb") and a != "ffb"
    with pytest.raises(AttributeError):
        a.target = 3  # type: ignore[misc]
    with pytest.raises(AttributeError, match="nothing"):  # (a slotted class: no __getattr__)
        _ = a.nothing
    assert a.to_json()["options"]["target"] == 2000
    assert isinstance(a, Rules)


def test_a_match_of_a_fixed_number_of_deals_is_a_setting_of_the_rules_not_an_option():
    plain = resolve_rules("v", OPTIONS, PRESETS, "ffb")
    twelve = resolve_rules("v", OPTIONS, PRESETS, "ffb", match_deals="12")
    assert plain.match_deals is None and twelve.match_deals == 12
    assert twelve != plain and "match_deals" not in twelve.options
    # Written only when set: a snapshot of a match to the target is as it always was.
    assert set(plain.to_json()) == {"variant", "preset", "options", "overrides"}
    assert twelve.to_json() == {**plain.to_json(), "match_deals": 12}
    assert pickle.loads(pickle.dumps(twelve)) == twelve
    for bad, message in ((0, "option match_deals: 0 is below 1"), ("x", "not a whole number")):
        with pytest.raises(OptionError, match=message):
            resolve_rules("v", OPTIONS, PRESETS, None, match_deals=bad)


def test_an_option_may_not_be_called_match_deals():
    from framework.core.errors import PluginError
    from framework.rules.declaration import Declaration, collect

    declared = Declaration(deck=FRENCH_32, options=(Option("match_deals", 3, "x"),))
    with pytest.raises(PluginError, match="'match_deals' cannot name an option"):
        collect("v", [declared])


def test_choices_with_words_are_written_once_a_value_with_its_words():
    """``choices`` is a tuple of values, or a mapping of each value to its words for players:
    the values are its keys, in its order (checks, forms, ``atout variants --json``), and the
    words are what a player reads for each."""
    words = {14: "J 14", 13: "J 13", "ffb2016": "Full trump values"}
    option = Option("at_values", 14, "Values.", choices=words)
    assert list(option.choices or ()) == [14, 13, "ffb2016"]
    assert option.describe()["choices"] == [14, 13, "ffb2016"]
    assert (option.check(13), option.parse("13"), option.parse("ffb2016")) == (13, 13, "ffb2016")
    with pytest.raises(OptionError, match="option at_values: 12 is not one of 14, 13, ffb2016"):
        option.check(12)
    assert [option.value_label(v) for v in (14, 13, "ffb2016")] == list(words.values())
    # an unlabelled choice reads as itself, a yes/no as yes/no
    assert Option("n", 100, "", choices=(100, 0)).value_label(0) == "0"
    assert str(Option("b", True, "").value_label(True)) == "yes"


def test_an_options_choices_cannot_change_after_it_is_declared():
    words = {"a": "Always"}
    option = Option("when", "a", "When.", choices=words)
    words["b"] = "Both"
    assert list(option.choices or ()) == ["a"]
    with pytest.raises(TypeError):
        option.choices["b"] = "Both"  # type: ignore[index]
    assert Option("n", 1, "", choices=[1, 2]).choices == (1, 2)
    assert hash(option) == hash(Option("when", "a", "When.", choices={"a": "Always"}))
