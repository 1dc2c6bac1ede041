"""The kernel's own answers to the hooks a variant may leave out.

Registered at the bottom of every variant's stack, so any plugin that answers overrides them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from framework.core.options import Rules
from framework.core.seats import seat_after
from framework.rules.announcements import Announcement
from framework.rules.auction import Contract
from framework.rules.hookspecs import hookimpl
from framework.rules.outcome import SummaryLine
from framework.rules.played import Trick
from framework.rules.scoring import DealScore


@hookimpl
def atout_first_leader(rules: Rules, dealer: int, contract: Contract, seats: int) -> int:
    """The first seat after the dealer that plays this deal."""
    seat = seat_after(dealer, seats)
    while seat == contract.sitting_out:
        seat = seat_after(seat, seats)
    return seat


@hookimpl
def atout_find_announcements(
    rules: Rules, contract: Contract, seat: int, hand: int
) -> Sequence[Announcement]:
    """Nobody declares anything."""
    return ()


@hookimpl
def atout_announcement_optional(rules: Rules, announcement: Announcement) -> bool:
    """No choice: every combination found is announced."""
    return False


@hookimpl
def atout_counted_announcements(
    rules: Rules, contract: Contract, declared: Sequence[Announcement]
) -> Sequence[Announcement]:
    """Every declaration counts."""
    return tuple(declared)


@hookimpl
def atout_play_declarations(
    rules: Rules, contract: Contract, hands: Sequence[int], tricks: Sequence[Trick]
) -> Sequence[Announcement]:
    """No declaration is made during play."""
    return ()


@hookimpl
def atout_match_summary(
    rules: Rules, records: Sequence[Mapping[str, Any]], scores: Sequence[DealScore]
) -> Sequence[SummaryLine]:
    """No summary: only the variant knows what its players count."""
    return ()
