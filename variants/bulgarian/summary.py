"""Bulgarian Belot's match summary: per team, contracts played, made and gone inside, kontras,
valats and belots."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from framework.api import (
    SEATS,
    TEAMS,
    DealScore,
    Rules,
    SummaryLine,
    contract_counts,
    count_teams,
    hookimpl,
    played_deals,
    team_of,
)
from variants.bulgarian.declaration import _

__all__ = ["atout_match_summary"]


def _team(declarer: str) -> str:
    """The declaring team, whether the record names a seat or a team."""
    return declarer if declarer in TEAMS else TEAMS[team_of(SEATS.index(declarer))]


@hookimpl
def atout_match_summary(
    rules: Rules, records: Sequence[Mapping[str, Any]], scores: Sequence[DealScore]
) -> list[SummaryLine]:
    played = played_deals(records, scores)
    return [
        *contract_counts(
            (_("Contracts played"), _("Contracts made"), _("Gone inside (failed)")),
            [(_team(r["declarer"]), s) for r, s in played],
        ),
        count_teams(
            _("Kontra or rekontra played"),
            [_team(r["declarer"]) for r, _s in played if r.get("doubling") not in (None, "none")],
        ),
        count_teams(_("Valats"), [r.get("valat") for r, _s in played]),
        count_teams(_("Belots"), [t for r, _s in played for t in r.get("belot") or []]),
    ]
