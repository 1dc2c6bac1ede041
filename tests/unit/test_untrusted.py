"""The one reader of untrusted numbers, text and JSON (framework.core.untrusted)."""

from __future__ import annotations

import contextlib
import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from framework.core.errors import RecordError
from framework.core.untrusted import (
    MAX_DIGITS,
    InputError,
    JSONError,
    check_int,
    check_text,
    load_json,
    parse_int,
    parse_optional_int,
)

# ---- numbers ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, value",
    [
        ("0", 0),
        ("110", 110),
        (" 110 ", 110),
        ("-5", -5),
        ("+7", 7),
        ("1 000", 1000),
        ("9" * MAX_DIGITS, int("9" * MAX_DIGITS)),
    ],
)
def test_ascii_digits_are_numbers(text: str, value: int) -> None:
    assert parse_int(text, "bid") == value


@pytest.mark.parametrize(
    "text",
    [
        "²",
        "⁹⁰",
        "１１０",
        "١",
        "٣٠",
        "--5",
        "5-",
        "1.5",
        "1e3",
        "0x10",
        "",
        " ",
        "-",
        "ten",
        "1_000",
        "\x00",
        "\ud800",
    ],
)
def test_anything_but_ascii_digits_is_refused_naming_the_field(text: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_int(text, "taker_points")
    assert caught.value.field == "taker_points"
    assert "whole number" in caught.value.reason


@pytest.mark.parametrize("length", [MAX_DIGITS + 1, 4301, 5000, 100_000])
def test_a_long_number_is_refused_before_conversion(length: int) -> None:
    with pytest.raises(InputError, match=f"at most {MAX_DIGITS}"):
        parse_int("9" * length, "target")


def test_range_is_checked_after_conversion() -> None:
    assert parse_int("80", "bid", minimum=80, maximum=160) == 80
    with pytest.raises(InputError, match="70 is below 80"):
        parse_int("70", "bid", minimum=80)
    with pytest.raises(InputError, match="170 is above 160"):
        parse_int("170", "bid", maximum=160)


def test_blank_optional_number_is_none() -> None:
    assert parse_optional_int(None, "n") is None
    assert parse_optional_int("", "n") is None
    assert parse_optional_int("12", "n") == 12
    with pytest.raises(InputError):
        parse_optional_int("²", "n")


def test_json_numbers() -> None:
    assert check_int(5, "bid") == 5
    assert check_int(5.0, "bid") == 5
    for bad in (True, False, None, "5", 5.5, float("inf"), float("nan"), [5], {"a": 5}):
        with pytest.raises(InputError, match=r"bid: .* not a whole number"):
            check_int(bad, "bid")
    for huge in (10**20, -(10**20), 10**100, 10**5000):
        with pytest.raises(InputError, match="digits"):
            check_int(huge, "target")


def test_input_errors_are_record_errors() -> None:
    """So every place that reports a bad record field reports these too."""
    with pytest.raises(RecordError):
        parse_int("²", "bid")
    assert issubclass(JSONError, InputError)


@given(st.text(max_size=60))
def test_parse_int_never_raises_anything_else(text: str) -> None:
    try:
        value = parse_int(text, "x")
    except InputError:
        return
    assert isinstance(value, int)
    assert text.strip().replace(" ", "").lstrip("+-").isascii()


# ---- text -------------------------------------------------------------------------------------


def test_names_are_normalized() -> None:
    assert check_text("  Les\u00a0 As  ", "teams.NS", max_length=40, normalize=True) == "Les As"
    assert check_text("Cafe\u0301", "t", max_length=40, normalize=True) == "Café"


@pytest.mark.parametrize(
    "text, reason",
    [
        ("a\x00b", "NUL"),
        ("\ud800", "lone surrogate"),
        ("x\udfffy", "lone surrogate"),
        ("a\x07b", "U+0007"),
        ("a\x1bb", "U+001B"),
        ("a\x7f", "U+007F"),
        ("a\x9b", "U+009B"),
        ("line\nbreak", "U+000A"),
        ("cr\rlf", "U+000D"),
        ("tab\tbed", "U+0009"),
        ("sep\u2028", "U+2028"),
    ],
)
def test_bad_characters_are_refused(text: str, reason: str) -> None:
    with pytest.raises(InputError, match=re.escape(reason)) as caught:
        check_text(text, "teams.EW", max_length=40)
    assert caught.value.field == "teams.EW"


def test_multiline_text_allows_line_breaks_only() -> None:
    assert check_text("a\nb\tc", "note", max_length=40, multiline=True) == "a\nb\tc"
    with pytest.raises(InputError, match="NUL"):
        check_text("a\x00", "note", max_length=40, multiline=True)


def test_length_and_emptiness() -> None:
    with pytest.raises(InputError, match="41 characters long; at most 40"):
        check_text("x" * 41, "t", max_length=40)
    with pytest.raises(InputError, match="characters long"):
        check_text("x" * 1_000_000, "t", max_length=40)
    with pytest.raises(InputError, match="is empty"):
        check_text("   ", "t", max_length=40, normalize=True, allow_empty=False)
    with pytest.raises(InputError, match="is not text"):
        check_text(12, "t", max_length=40)


@pytest.mark.parametrize(
    ("value", "english", "french"),
    [
        ({"a": 1}, "an object is not text", "un objet n'est pas du texte"),
        ([1, 2], "a list is not text", "une liste n'est pas du texte"),
        (None, "null is not text", "null n'est pas du texte"),
        (False, "false is not text", "false n'est pas du texte"),
    ],
)
def test_a_json_value_of_the_wrong_type_is_named_in_jsons_words_and_the_language(
    value, english, french
) -> None:
    from framework.core.messages import render

    with pytest.raises(InputError) as raised:
        check_text(value, "t", max_length=40)
    assert raised.value.reason == english
    assert render(raised.value.reason, "fr") == french


# ---- JSON -------------------------------------------------------------------------------------


def test_a_deal_record_loads() -> None:
    record = {
        "taker": "NS",
        "bid": 110,
        "belote": ["NS"],
        "capot": None,
        "announcements": [{"team": "EW", "kind": "carre", "rank": "J"}],
        "x": 1.5,
    }
    assert load_json(json.dumps(record).encode()) == record
    assert load_json(json.dumps(record)) == record
    assert load_json('"é ♥"'.encode()) == "é ♥"


@pytest.mark.parametrize("depth", [33, 100, 999, 1000, 5000, 40_000])
def test_deep_nesting_is_refused(depth: int) -> None:
    for opening, closing in ("[]", "{}"):
        if opening == "{":
            text = '{"a":' * depth + "1" + "}" * depth
        else:
            text = opening * depth + closing * depth
        with pytest.raises(JSONError, match=re.escape("nested too deeply (more than 32 levels)")):
            load_json(text)


def test_nesting_up_to_the_bound_is_fine() -> None:
    assert load_json("[" * 32 + "]" * 32) is not None
    with pytest.raises(JSONError):
        load_json("[" * 5 + "]" * 5, max_depth=4)


@pytest.mark.parametrize(
    "body, reason",
    [
        (b"", "empty"),
        (b"   ", "empty"),
        (b"{", "not valid JSON"),
        (b"{'a': 1}", "not valid JSON"),
        (b"\xef\xbb\xbf{}", "byte-order mark"),
        ("{}".encode("utf-16"), "byte-order mark"),
        ("{}".encode("utf-16-le"), "not valid JSON"),
        ("{}".encode("utf-32"), "byte-order mark"),
        (b"\xff\xfe\x00\x00", "byte-order mark"),
        (b'{"a": "\xe9"}', "not UTF-8"),
        (b"NaN", "NaN"),
        (b"[Infinity]", "Infinity"),
        (b"-Infinity", "Infinity"),
        (b"1e400", "finite"),
        (b"9" * 19, "19 digits"),
        (b"9" * 5000, "5000 digits"),
        (b'"a\\u0000b"', "NUL"),
        (b'{"\\u0000": 1}', "NUL"),
        (b"{}" + b" " * 300_000, "bytes long"),
    ],
)
def test_bad_json_is_refused_with_a_reason(body: bytes, reason: str) -> None:
    with pytest.raises(JSONError, match=re.escape(reason)) as caught:
        load_json(body, "body")
    assert caught.value.field == "body"


@pytest.mark.parametrize(
    "body, field, reason",
    [
        (b'{"teams": {"NS": "\\ud800"}}', "teams.NS", "lone surrogate"),
        (b'{"teams": {"EW": "a\\u0000"}}', "teams.EW", "NUL"),
        (b'{"announcements": [{"kind": "\\udc00x"}]}', "announcements.0.kind", "lone surrogate"),
        (b'{"bid": 1e999}', "bid", "finite"),
    ],
)
def test_a_bad_value_inside_the_json_is_named_by_its_path(
    body: bytes, field: str, reason: str
) -> None:
    with pytest.raises(JSONError, match=reason) as caught:
        load_json(body, "body")
    assert caught.value.field == field


def test_a_surrogate_pair_is_one_good_character() -> None:
    assert load_json(b'"\\ud83c\\udca1"') == "\U0001f0a1"


@given(st.binary(max_size=200))
def test_load_json_never_raises_anything_else_on_bytes(data: bytes) -> None:
    with contextlib.suppress(JSONError):
        load_json(data)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=5), children, max_size=4)
    ),
    max_leaves=30,
)


@given(json_values)
def test_load_json_never_raises_anything_else_on_json(value: object) -> None:
    text = json.dumps(value)
    try:
        loaded = load_json(text)
    except JSONError:
        return
    assert json.dumps(loaded) == text
