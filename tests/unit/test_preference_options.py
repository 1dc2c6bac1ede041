"""Préférence's three options that hold a list of whole numbers (``whist_duty = 4,2,1,1,1``,
``raspasy_progression``, ``raspasy_exit``): what they take, what they refuse and why, and the
regular expression the API's document gives for them, which takes exactly the same values
(schemathesis found the document taking ``raspasy_exit: ""``, which the option refuses)."""

from __future__ import annotations

import random
import re

import pytest

from framework.core.errors import OptionError
from variants.preference.declaration import OPTIONS, NumberList, _numbers_between

LISTS = {o.name: o for o in OPTIONS if isinstance(o, NumberList)}


def takes(option: NumberList, text: str) -> bool:
    try:
        option.check(text)
    except OptionError:
        return False
    return True


@pytest.mark.parametrize(
    ("name", "text", "value"),
    [
        ("whist_duty", "4,2,1,1,1", "4,2,1,1,1"),
        ("whist_duty", " 4, 2 ,1,1 , 0 ", "4,2,1,1,0"),
        ("raspasy_progression", "2,4,6", "2,4,6"),
        ("raspasy_exit", "6,7", "6,7"),
    ],
)
def test_a_list_is_taken_and_written_without_spaces(name, text, value):
    assert LISTS[name].check(text) == value


@pytest.mark.parametrize(
    ("name", "text", "why"),
    [
        ("raspasy_exit", "", "'' is not whole numbers separated by commas"),
        ("raspasy_exit", "07", "'07' is not whole numbers separated by commas"),
        ("raspasy_exit", "٧", "'٧' is not whole numbers separated by commas"),
        ("raspasy_exit", "6,,7", "'6,,7' is not whole numbers separated by commas"),
        ("raspasy_exit", "5", "5 is not between 6 and 10"),
        ("whist_duty", "4,2,1", "'4,2,1' holds 3 numbers, not 5"),
        ("whist_duty", "4,2,1,1,11", "11 is not between 0 and 10"),
        ("raspasy_progression", "0", "0 is not between 1 and 1000"),
    ],
)
def test_a_bad_list_is_refused_naming_the_option_and_the_reason(name, text, why):
    with pytest.raises(OptionError) as refused:
        LISTS[name].check(text)
    assert str(refused.value) == f"option {name}: {why}"


@pytest.mark.parametrize(("least", "most"), [(0, 10), (6, 10), (1, 1000), (13, 297), (5, 5)])
def test_the_numbers_between_two_bounds_as_a_regular_expression(least, most):
    number = _numbers_between(least, most)
    assert [n for n in range(1100) if re.fullmatch(number, str(n))] == list(range(least, most + 1))
    assert not any(re.fullmatch(number, t) for t in ("", "00", "01", "-1", " 7", "7 ", "٧"))


@pytest.mark.parametrize("name", sorted(LISTS))
def test_the_documents_pattern_takes_exactly_what_the_option_takes(name):
    option = LISTS[name]
    pattern = option.pattern
    assert pattern.startswith("^") and pattern.endswith("$")
    assert option.describe()["pattern"] == pattern
    body = re.compile(pattern[1:-1])  # (Python's $ would also take a last newline)
    rng = random.Random(name)
    texts = [option.default, "", " ", ",", "\\n6"]
    for _ in range(20_000):
        parts = [str(rng.randint(0, 12)) for _ in range(rng.randint(1, 6))]
        text = ",".join(rng.choice(("", " ")) + p + rng.choice(("", " ")) for p in parts)
        texts.append(rng.choice(("", "0", "x", "\n")) + text if rng.random() < 0.1 else text)
        texts.append("".join(rng.choice(" ,0123456789x") for _ in range(rng.randint(0, 9))))
    taken = 0
    for text in texts:
        assert takes(option, text) == bool(body.fullmatch(text)), repr(text)
        taken += takes(option, text)
    assert taken > 100
