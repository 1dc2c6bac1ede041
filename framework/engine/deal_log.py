"""Deals as JSON lines: one finished deal per line, replayable with :meth:`Deal.from_json`.

What ``atout play --log FILE`` and ``atout simulate --records FILE`` write. A line is the deal's
own JSON (:meth:`framework.engine.deal.Deal.to_json`: rules, dealer, deck, match context, events)
with a few keys more (``seed`` when the deal was shuffled from one)::

    {"variant": "NAME", "number": 3, "seed": 3000009,
     "rules": {...}, "dealer": "W", "deck": "7S 8S ...", "context": {...}, "events": [...],
     "record": {... the deal record ...},
     "score": {"made": true, "points": {"NS": 110, "EW": 50}, "pot": 0, "explanation": "..."}}

so ``Deal.from_json(load_variant(line["variant"]), line)`` replays the deal, and
``line["record"]`` is what the score sheet holds for it.
"""

from __future__ import annotations

import json
from typing import IO, Any

from framework.engine.deal import Deal
from framework.rules.scoring import DealScore

__all__ = ["deal_line", "write_deal", "write_line"]


def deal_line(
    deal: Deal, number: int, record: dict[str, Any], score: DealScore, seed: int | None = None
) -> dict[str, Any]:
    """The JSON line of a finished deal: the deal itself, its record and its score.

    :param seed: the seed the deck was shuffled with (``Deal.new(..., seed=seed)``), if any.
    """
    head: dict[str, Any] = {"variant": deal.variant.name, "number": number}
    if seed is not None:
        head["seed"] = seed
    return {**head, **deal.to_json(), "record": record, "score": score.to_json()}


def write_line(out: IO[str], line: dict[str, Any]) -> None:
    """Write one deal line as JSON and flush it (a run stopped midway keeps its deals)."""
    out.write(json.dumps(line, ensure_ascii=False, default=str) + "\n")
    out.flush()


def write_deal(
    out: IO[str],
    deal: Deal,
    number: int,
    record: dict[str, Any],
    score: DealScore,
    seed: int | None = None,
) -> None:
    """Write one finished deal as a line of JSON (:func:`deal_line`) and flush it."""
    write_line(out, deal_line(deal, number, record, score, seed))
