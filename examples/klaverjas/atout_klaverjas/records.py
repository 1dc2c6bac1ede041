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

from typing import Any

from framework.api import (
    FRENCH_32,
    TEAMS,
    IntegerField,
    MatchContext,
    PlayedDeal,
    RecordError,
    RecordSchema,
    Rules,
    SuitField,
    TeamField,
    hookimpl,
)

from atout_klaverjas.declaration import _
from atout_klaverjas.rules import TOTAL, roem_by_team

MAX_ROEM = 1000


@hookimpl
def atout_record_schema(rules: Rules) -> RecordSchema:
    """The deal record, declared once: its fields in form order, and the one rule that spans
    several of them (a pit fixes the card points)."""
    return RecordSchema(
        [
            TeamField("taker", _("Playing team"), help=_("the team that made trumps")),
            SuitField("trump", _("Trumps"), FRENCH_32),
            IntegerField(
                "taker_points",
                _("Playing team's card points"),
                0,
                TOTAL,
                complement=TOTAL,
                help=_("last trick included; the defenders have the rest of 162"),
            ),
            IntegerField(
                "taker_roem",
                _("Playing team's roem"),
                0,
                MAX_ROEM,
                step=10,
                required=False,
                default=0,
                help=_("stuk included"),
            ),
            IntegerField(
                "defender_roem",
                _("Defenders' roem"),
                0,
                MAX_ROEM,
                step=10,
                required=False,
                default=0,
                help=_("stuk included"),
            ),
            TeamField(
                "pit",
                _("Pit (all eight tricks)"),
                nobody="no",
                rare=True,
                help=_("the team that took every trick"),
            ),
        ],
        _check,
        title=_("a Klaverjas deal record"),
    )


def _check(clean: dict[str, Any], context: MatchContext) -> None:
    """A pit by the playing team means all 162 card points; by the defenders, none."""
    pit, taker, points = clean["pit"], clean["taker"], clean["taker_points"]
    if pit == taker and points != TOTAL:
        raise RecordError(
            "pit",
            _(
                "a pit by the playing team means {total} card points, not {points}",
                total=TOTAL,
                points=points,
            ),
        )
    if pit is not None and pit != taker and points != 0:
        raise RecordError(
            "pit",
            _(
                "a pit by the defenders leaves the playing team 0 card points, not {points}",
                points=points,
            ),
        )


@hookimpl
def atout_make_record(rules: Rules, played: PlayedDeal) -> dict[str, Any]:
    """The record of a deal played in the engine."""
    contract = played.contract
    assert contract is not None  # a deal thrown in has the kernel\'s record
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
