"""The one reader of untrusted numbers and text: JSON bodies, form fields, command-line values.

Everything a stranger can type or send reaches atout through these functions, so every front end
(the scorepad's API and forms, the CLI, the record schema) refuses the same things the same way:

- **numbers** are ASCII digits with an optional sign, at most :data:`MAX_DIGITS` digits, checked
  *before* conversion. ``str.isdigit()`` is true for ``"²"`` and ``"١"``, and ``int()`` reads
  ``"１１０"`` as 110 and refuses strings over 4,300 digits with a ``ValueError``; none of that
  reaches ``int()`` here.
- **text** holds no NUL (PostgreSQL cannot store it), no lone surrogate (it cannot be encoded as
  UTF-8) and no other control character unless asked for; its length is bounded.
- **JSON** is UTF-8 without a byte-order mark, at most ``max_bytes`` long and ``max_depth``
  deep (``json.loads`` raises ``RecursionError`` at about 1,000 levels); ``NaN``/``Infinity``
  and numbers over :data:`MAX_DIGITS` digits are refused; every string in it, keys included,
  passes :func:`check_text`'s NUL and surrogate test.

Each refusal is an :class:`InputError` naming the field and the reason, a
:class:`~framework.core.errors.RecordError`, so whatever already reports a bad record field (the
API's 422, the form's message under the field, the CLI's one line and exit status 2) reports these
too. :class:`JSONError` (a body that is not acceptable JSON at all) is its subclass, for the callers
that answer it differently (the API's 400).
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections.abc import Callable
from typing import Any, Final

from framework.core.errors import RecordError
from framework.core.messages import KERNEL

__all__ = [
    "MAX_DIGITS",
    "MAX_JSON_BYTES",
    "MAX_JSON_DEPTH",
    "InputError",
    "JSONError",
    "check_int",
    "check_text",
    "load_json",
    "parse_int",
    "parse_optional_int",
]

#: The most digits a number may have. 18 digits fit a 64-bit integer (a database column) and are
#: far more than any score, bid or target needs.
MAX_DIGITS: Final = 18
#: Default bound of a JSON text, in bytes (a deal record is well under 2 KB).
MAX_JSON_BYTES: Final = 256 * 1024
#: Default bound of JSON nesting: ``{"announcements": [{"kind": …}]}`` is 3 deep.
MAX_JSON_DEPTH: Final = 32

_INTEGER = re.compile(r"[+-]?[0-9]+")
_SURROGATE = re.compile("[\ud800-\udfff]")
#: C0 controls except tab, LF and CR, DEL, and the C1 controls
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
#: what a single line of text may not hold either
_LINE_BREAK = re.compile("[\t\n\r\u2028\u2029]")

_ = KERNEL.message
_BOM = _("starts with a byte-order mark: send UTF-8 without one")


class InputError(RecordError):
    """A value from outside that atout refuses; names the field and the reason.

    :param field: where the value came from: a record field (``announcements.0.kind``), a
        body key, a form field or a command-line option (``--port``).
    :param reason: what is wrong with it, said to a person.
    """


class JSONError(InputError):
    """A text that is not acceptable JSON at all (malformed, too big, too deep, not UTF-8)."""


# ---- numbers ----------------------------------------------------------------------------------


def parse_int(
    text: str,
    field: str,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    max_digits: int = MAX_DIGITS,
) -> int:
    """A whole number written as text (a form field, a command-line value).

    Surrounding white space and spaces between digit groups (``"1 000"``) are allowed; the rest
    must be ASCII digits with an optional leading sign.

    :param field: named in the error.
    :param minimum: the smallest value allowed, if any.
    :param maximum: the largest value allowed, if any.
    :param max_digits: refused before any conversion when longer.
    :raises InputError: not a whole number, too long, or out of range.

    >>> parse_int(" 1 000 ", "target"), parse_int("-20", "points")
    (1000, -20)
    >>> parse_int("²", "bid")
    Traceback (most recent call last):
    ...
    framework.core.untrusted.InputError: bid: '²' is not a whole number (digits 0-9)
    >>> parse_int("１１０", "bid")
    Traceback (most recent call last):
    ...
    framework.core.untrusted.InputError: bid: '１１０' is not a whole number (digits 0-9)
    >>> parse_int("9" * 5000, "bid")
    Traceback (most recent call last):
    ...
    framework.core.untrusted.InputError: bid: has 5000 digits; at most 18
    """
    if not isinstance(text, str):
        raise InputError(field, _("{value} is not a whole number", value=_shown(text)))
    compact = text.strip(" \t\r\n").replace(" ", "")
    if len(compact) > max_digits + 1:  # before the pattern: a huge value costs nothing more
        raise _too_many_digits(field, len(compact.lstrip("+-")), max_digits)
    if not _INTEGER.fullmatch(compact):
        raise InputError(field, _("{value} is not a whole number (digits 0-9)", value=_shown(text)))
    if len(compact.lstrip("+-")) > max_digits:
        raise _too_many_digits(field, len(compact.lstrip("+-")), max_digits)
    return _in_range(int(compact), field, minimum, maximum)


def parse_optional_int(
    text: str | None, field: str, *, minimum: int | None = None, maximum: int | None = None
) -> int | None:
    """:func:`parse_int`, with ``None`` or blank text read as "not given" (``None``).

    >>> parse_optional_int("  ", "number") is None, parse_optional_int("3", "number")
    (True, 3)
    """
    if text is None or not text.strip():
        return None
    return parse_int(text, field, minimum=minimum, maximum=maximum)


def check_int(
    value: object,
    field: str,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    max_digits: int = MAX_DIGITS,
) -> int:
    """A whole number sent as a JSON number (``true`` is not one; ``3.0`` is 3).

    :raises InputError: another type, too many digits, or out of range.

    >>> check_int(3.0, "bid"), check_int(-4, "points")
    (3, -4)
    >>> check_int(True, "bid")
    Traceback (most recent call last):
    ...
    framework.core.untrusted.InputError: bid: true is not a whole number
    >>> check_int(10**20, "target")
    Traceback (most recent call last):
    ...
    framework.core.untrusted.InputError: target: has 21 digits; at most 18
    """
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(field, _("{value} is not a whole number", value=_shown(value)))
    if abs(value) >= 10**max_digits:
        if abs(value) >= 10**4000:
            raise InputError(
                field, _("has over {digits} digits; at most {most}", digits=4000, most=max_digits)
            )
        raise _too_many_digits(field, len(str(abs(value))), max_digits)
    return _in_range(value, field, minimum, maximum)


def _too_many_digits(field: str, digits: int, most: int) -> InputError:
    """The refusal of a number of ``digits`` digits where ``most`` are allowed."""
    return InputError(field, _("has {digits} digits; at most {most}", digits=digits, most=most))


def _in_range(value: int, field: str, minimum: int | None, maximum: int | None) -> int:
    if minimum is not None and value < minimum:
        raise InputError(field, _("{value} is below {minimum}", value=value, minimum=minimum))
    if maximum is not None and value > maximum:
        raise InputError(field, _("{value} is above {maximum}", value=value, maximum=maximum))
    return value


# ---- text -------------------------------------------------------------------------------------


def check_text(
    value: object,
    field: str,
    *,
    max_length: int,
    multiline: bool = False,
    allow_empty: bool = True,
    normalize: bool = False,
) -> str:
    """A piece of text (a team name, a choice written as a string, a comment).

    :param max_length: the most characters allowed (after ``normalize``).
    :param multiline: whether line breaks and tabs are allowed; other control characters never
        are.
    :param allow_empty: whether ``""`` (after ``normalize``) is allowed.
    :param normalize: NFC-normalize and collapse runs of white space into one space (names).
    :raises InputError: not text, a NUL, a lone surrogate, a control character, too long.

    >>> check_text("  Les   As ", "teams.NS", max_length=40, normalize=True)
    'Les As'
    >>> check_text("a\\x00b", "teams.NS", max_length=40)
    Traceback (most recent call last):
    ...
    framework.core.untrusted.InputError: teams.NS: contains a NUL character
    >>> check_text("\\ud800", "name", max_length=40)
    Traceback (most recent call last):
    ...
    framework.core.untrusted.InputError: name: contains a lone surrogate (not valid Unicode text)
    """
    if not isinstance(value, str):
        raise InputError(field, _("{value} is not text", value=_shown(value)))
    if len(value) > 4 * max_length + 64:  # before any scan: a huge value costs nothing more
        raise InputError(
            field,
            _("is {length} characters long; at most {most}", length=len(value), most=max_length),
        )
    _check_chars(value, field, multiline)
    if normalize:
        value = " ".join(unicodedata.normalize("NFC", value).split())
    if len(value) > max_length:
        raise InputError(
            field,
            _("is {length} characters long; at most {most}", length=len(value), most=max_length),
        )
    if not allow_empty and not value:
        raise InputError(field, _("is empty"))
    return value


def _unstorable(text: str) -> str | None:
    """Why ``text`` cannot be stored (a NUL, which PostgreSQL refuses; a lone surrogate, which
    UTF-8 cannot encode), or None: the test of form text and of every JSON string."""
    if "\x00" in text:
        return _("contains a NUL character")
    if _SURROGATE.search(text):
        return _("contains a lone surrogate (not valid Unicode text)")
    return None


def _check_chars(value: str, field: str, multiline: bool) -> None:
    reason = _unstorable(value)
    if reason is not None:
        raise InputError(field, reason)
    bad = _CONTROL.search(value) or (None if multiline else _LINE_BREAK.search(value))
    if bad is not None:
        code = f"U+{ord(bad.group()):04X}"
        raise InputError(field, _("contains the control character {code}", code=code))


def _shown(value: object, limit: int = 40) -> str:
    """A value quoted back in a message, cut when long (a 5,000-digit string stays short); a
    JSON value in JSON's words (``null``, ``true``, an object, a list), not Python's.

    >>> [str(_shown(v)) for v in (None, True, {"a": 1}, [1], "9 4", 1.5)]
    ['null', 'true', 'an object', 'a list', "'9 4'", '1.5']
    """
    if isinstance(value, str | int | float) and not isinstance(value, bool):
        if isinstance(value, int) and abs(value) >= 10**40:
            return _("a number too long to show")
        text = repr(value)
    elif value is None or isinstance(value, bool):
        return json.dumps(value)
    elif isinstance(value, dict):
        return _("an object")
    elif isinstance(value, list | tuple):
        return _("a list")
    else:
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 5] + "…" + text[-4:]


# ---- JSON -------------------------------------------------------------------------------------


def load_json(
    data: bytes | str,
    field: str = "body",
    *,
    max_bytes: int = MAX_JSON_BYTES,
    max_depth: int = MAX_JSON_DEPTH,
) -> Any:
    """Parse an untrusted JSON text.

    :param data: the raw bytes (which must be UTF-8, without a byte-order mark) or text.
    :param field: named in the error (``"body"``, a file name, a form field).
    :raises JSONError: not UTF-8, too big, malformed, too deep, a non-finite number, a number
        over :data:`MAX_DIGITS` digits, or a string with a NUL or a lone surrogate.

    >>> load_json(b'{"bid": 110, "belote": ["NS"]}')
    {'bid': 110, 'belote': ['NS']}
    >>> load_json(b"[" * 1000 + b"]" * 1000)
    Traceback (most recent call last):
    ...
    framework.core.untrusted.JSONError: body: nested too deeply (more than 32 levels)
    >>> load_json('"\\\\ud800"')
    Traceback (most recent call last):
    ...
    framework.core.untrusted.JSONError: body: contains a lone surrogate (not valid Unicode text)
    """
    size = len(data)
    if size > max_bytes:
        raise JSONError(field, _("is {size} bytes long; at most {most}", size=size, most=max_bytes))
    if isinstance(data, bytes | bytearray):
        if data.startswith((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")):
            raise JSONError(field, _BOM)
        try:
            text = bytes(data).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JSONError(field, _("is not UTF-8 (byte {at})", at=exc.start)) from None
    else:
        text = data
        if text.startswith("\ufeff"):
            raise JSONError(field, _BOM)
    if not text.strip():
        raise JSONError(field, _("is empty: send a JSON value"))
    try:
        value = json.loads(text, parse_int=_json_int(field), parse_constant=_no_constant(field))
    except JSONError:
        raise
    except json.JSONDecodeError as exc:
        raise JSONError(
            field,
            _(
                "is not valid JSON: {error} at line {line} column {column}",
                error=_json_reason(exc.msg),
                line=exc.lineno,
                column=exc.colno,
            ),
        ) from None
    except RecursionError:  # about 1,000 levels: far deeper than max_depth anyway
        raise JSONError(field, _too_deep(max_depth)) from None
    except ValueError as exc:
        raise JSONError(field, _("is not valid JSON: {error}", error=str(exc))) from None
    _check_values(value, field, max_depth)
    return value


def _json_int(field: str) -> Callable[[str], int]:
    def parse(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_DIGITS:
            raise JSONError(
                field,
                _(
                    "holds a number of {digits} digits; at most {most}",
                    digits=len(digits.lstrip("-")),
                    most=MAX_DIGITS,
                ),
            )
        return int(digits)

    return parse


def _no_constant(field: str) -> Callable[[str], Any]:
    def refuse(name: str) -> Any:
        raise JSONError(field, _("holds {name}, which is not a JSON number", name=name))

    return refuse


def _check_values(value: Any, field: str, max_depth: int) -> None:
    """The parsed value is at most ``max_depth`` deep, its strings (keys included) are storable
    text and its floats finite (a walk with an explicit stack: no recursion). A refusal inside
    the value names its path (``teams.NS``, ``announcements.0.kind``) as the field."""
    stack: list[tuple[Any, int, str]] = [(value, 0, "")]
    while stack:
        item, depth, path = stack.pop()
        where = path or field
        if isinstance(item, str):
            _check_json_string(item, where)
        elif isinstance(item, dict | list):
            if depth >= max_depth:
                raise JSONError(field, _too_deep(max_depth))
            prefix = f"{path}." if path else ""
            if isinstance(item, dict):
                for key, child in item.items():
                    _check_json_string(key, where)
                    stack.append((child, depth + 1, prefix + key))
            else:
                stack.extend((child, depth + 1, f"{prefix}{i}") for i, child in enumerate(item))
        elif isinstance(item, float) and not math.isfinite(item):
            raise JSONError(where, _("holds a number too large to be finite"))


#: what Python's JSON reader says is wrong, as messages (another reason is shown as it is).
#: Each msgid is json.decoder's own text, word for word, so that the reader's reason finds its
#: translation (the four letters after "\\u" in one of them are Python's own wording for four
#: hex digits: a quotation, not a placeholder left to fill in).
_JSON_REASONS = {
    str(m): m
    for m in (
        _("Expecting value"),
        _("Expecting property name enclosed in double quotes"),
        _("Expecting ',' delimiter"),
        _("Expecting ':' delimiter"),
        _("Extra data"),
        _("Unterminated string starting at"),
        _("Invalid control character at"),
        _("Invalid \\escape"),
        _("Invalid \\uXXXX escape"),
        _("Illegal trailing comma before end of object"),
        _("Illegal trailing comma before end of array"),
    )
}


def _json_reason(text: str) -> str:
    return _JSON_REASONS.get(text, text)


def _too_deep(max_depth: int) -> str:
    return _("nested too deeply (more than {most} levels)", most=max_depth)


def _check_json_string(text: str, where: str) -> None:
    reason = _unstorable(text)
    if reason is not None:
        raise JSONError(where, reason)
