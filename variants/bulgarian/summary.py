"""Bulgarian Belot's match summary: per team, contracts played, made and gone inside, kontras,
valats and belots."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from framework.api import (
    DealScore,
    Rules,
    SummaryLine,
    contract_counts,
    count_teams,
    hookimpl,
    played_deals,
)
from variants.bulgarian.declaration import _
from variants.bulgarian.records import declaring_team

__all__ = ["atout_match_summary"]


@hookimpl
def atout_match_summary(
    rules: Rules, records: Sequence[Mapping[str, Any]], scores: Sequence[DealScore]
) -> list[SummaryLine]:
    played = played_deals(records, scores)
    return [
        *contract_counts(
            (_("Contracts played"), _("Contracts made"), _("Gone inside (failed)")),
            [(declaring_team(r["declarer"]), s) for r, s in played],
        ),
        count_teams(
            _("Kontra or rekontra played"),
            [
                declaring_team(r["declarer"])
                for r, _s in played
                if r.get("doubling") not in (None, "none")
            ],
        ),
        count_teams(_("Valats"), [r.get("valat") for r, _s in played]),
        count_teams(_("Belots"), [t for r, _s in played for t in r.get("belot") or []]),
    ]
