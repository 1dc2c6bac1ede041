"""Klaverjas's match summary: per team, games played, made and gone wet, and pits."""

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

from atout_klaverjas.declaration import _

__all__ = ["atout_match_summary"]


@hookimpl
def atout_match_summary(
    rules: Rules, records: Sequence[Mapping[str, Any]], scores: Sequence[DealScore]
) -> list[SummaryLine]:
    played = played_deals(records, scores)
    return [
        *contract_counts(
            (_("Games played"), _("Games made"), _("Wet (failed)")),
            [(r["taker"], s) for r, s in played],
        ),
        count_teams(_("Pit"), [r.get("pit") for r, _s in played]),
    ]
