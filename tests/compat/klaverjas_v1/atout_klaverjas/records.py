"""The Klaverjas deal record: what the scorer writes after a deal.

```json
{"taker": "NS", "trump": "H", "taker_points": 94, "taker_roem": 20, "defender_roem": 0,
 "pit": null}
```

- ``taker``: the team that made trumps and plays ("gaat").
- ``trump``: the trump suit.
- ``taker_points``: the playing team's card points, last trick included (0 to 162); the defenders
  have the rest.
- ``taker_roem`` / ``defender_roem``: each team's roem, stuk included, in tens (default 0).
- ``pit``: the team that took all eight tricks, or null. A pit by the playing team means
  they have all 162 card points; a pit by the defenders, none.

``{"thrown_in": true}`` is accepted like in every variant, though Klaverjas never throws a
deal in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from framework.deal import PlayedDeal
from framework.errors import RecordError
from framework.records import (
    TEAM_CHOICES,
    Choice,
    RecordField,
    field_choice,
    field_int,
    require_object,
)
from framework.seats import TEAMS

from atout_klaverjas.rules import SUITS, TOTAL, roem_by_team

MAX_ROEM = 1000
_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def record_fields() -> list[RecordField]:
    """The deal form, in order."""
    return [
        RecordField(
            "taker", "Playing team", "choice", TEAM_CHOICES, help="the team that made trumps"
        ),
        RecordField("trump", "Trumps", "choice", tuple(Choice(s, _SUIT_NAMES[s]) for s in SUITS)),
        RecordField(
            "taker_points",
            "Playing team's card points",
            "integer",
            minimum=0,
            maximum=TOTAL,
            complement=TOTAL,
            help="last trick included; the defenders have the rest of 162",
        ),
        RecordField(
            "taker_roem",
            "Playing team's roem",
            "integer",
            required=False,
            default=0,
            minimum=0,
            maximum=MAX_ROEM,
            step=10,
            help="stuk included",
        ),
        RecordField(
            "defender_roem",
            "Defenders' roem",
            "integer",
            required=False,
            default=0,
            minimum=0,
            maximum=MAX_ROEM,
            step=10,
            help="stuk included",
        ),
        RecordField(
            "pit",
            "Pit (all eight tricks)",
            "choice",
            (Choice(None, "no"), *TEAM_CHOICES),
            required=False,
            default=None,
            help="the team that took every trick",
        ),
    ]


def validate_record(record: Mapping[str, Any]) -> dict[str, Any]:
    """The normalised record, or :class:`RecordError` naming the first bad field."""
    record = require_object(record)
    if record.get("thrown_in") is True:
        return {"thrown_in": True}
    taker = field_choice(record, "taker", TEAMS)
    trump = field_choice(record, "trump", SUITS)
    points = field_int(record, "taker_points", 0, TOTAL)
    taker_roem = field_int(record, "taker_roem", 0, MAX_ROEM, step=10, default=0)
    defender_roem = field_int(record, "defender_roem", 0, MAX_ROEM, step=10, default=0)
    pit = field_choice(record, "pit", (None, *TEAMS), default=None)
    if pit == taker and points != TOTAL:
        raise RecordError(
            "pit", f"a pit by the playing team means {TOTAL} card points, not {points}"
        )
    if pit is not None and pit != taker and points != 0:
        raise RecordError(
            "pit", f"a pit by the defenders leaves the playing team 0 card points, not {points}"
        )
    return {
        "taker": taker,
        "trump": trump,
        "taker_points": points,
        "taker_roem": taker_roem,
        "defender_roem": defender_roem,
        "pit": pit,
    }


def make_record(played: PlayedDeal) -> dict[str, Any]:
    """The record of a deal played in the engine."""
    contract = played.contract
    if contract is None:
        return {"thrown_in": True}
    taker = TEAMS[contract.taking_team]
    other = TEAMS[1 - contract.taking_team]
    roem = roem_by_team([*played.counted, *played.play_declarations])
    return {
        "taker": taker,
        "trump": contract.denomination,
        "taker_points": played.card_points[taker],
        "taker_roem": roem[taker],
        "defender_roem": roem[other],
        "pit": played.capot,
    }
