"""Deal-record fields the belote family's variants share (Coinche, French Belote).

Source: ``design.md`` (the Coinche record) and ``rules/coinche-and-french-belote.md`` §1.4:
the takers' card points, last trick included, are 0–162; a capot fixes them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from framework.api import (
    RecordError,
    field_int,
)

TOTAL = 162  # card points of a deal, last trick included, in every contract


def takers_card_points(record: Mapping[str, Any], taker: str, capot: str | None) -> int:
    """The record's ``taker_points`` (0–162): required, unless a capot implies them (162 when
    the takers took every trick, 0 when the defenders did). A null counts as left out.

    >>> takers_card_points({"taker_points": 94}, "NS", None), takers_card_points({}, "NS", "EW")
    (94, 0)
    """
    if record.get("taker_points", 0) is None:
        record = {k: v for k, v in record.items() if k != "taker_points"}
    points = field_int(record, "taker_points", 0, TOTAL, default=None if capot else ...)
    if capot is None:
        return points
    expected = TOTAL if capot == taker else 0
    if points not in (None, expected):
        who = "the takers took every trick: they" if capot == taker else \
            "the defenders took every trick: the takers"
        raise RecordError("taker_points", f"{who} have {expected}, not {points}")
    return expected
