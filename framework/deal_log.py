"""Deals as JSON lines: one finished deal per line, replayable with :meth:`Deal.from_json`.

What ``atout play --log FILE`` writes (and the format of ``atout simulate --records``). A line
is the deal's own JSON (:meth:`framework.deal.Deal.to_json`: rules, dealer, deck, match
context, events) with three keys more::

    {"variant": "NAME", "number": 3,
     "rules": {...}, "dealer": "W", "deck": "7S 8S ...", "context": {...}, "events": [...],
     "record": {... the deal record ...},
     "score": {"made": true, "points": {"NS": 110, "EW": 50}, "pot": 0, "explanation": "..."}}

so ``Deal.from_json(load_variant(line["variant"]), line)`` replays the deal, and
``line["record"]`` is what the score sheet holds for it.
"""

from __future__ import annotations

import json
from typing import IO, Any

from framework.deal import Deal
from framework.scoring import DealScore

__all__ = ["deal_line", "write_deal"]


def deal_line(deal: Deal, number: int, record: dict[str, Any],
              score: DealScore) -> dict[str, Any]:
    """The JSON line of a finished deal: the deal itself, its record and its score."""
    return {"variant": deal.variant.name, "number": number, **deal.to_json(),
            "record": record, "score": score.to_json()}


def write_deal(out: IO[str], deal: Deal, number: int, record: dict[str, Any],
               score: DealScore) -> None:
    """Write one deal as a line of JSON and flush it (a game stopped midway keeps its deals)."""
    out.write(json.dumps(deal_line(deal, number, record, score), ensure_ascii=False,
                         default=str) + "\n")
    out.flush()
