"""Klaverjas (Dutch Klaverjassen) for atout: the plugin's hook implementations.

A complete variant in its own distribution, registered through the ``atout.variants`` entry
point of ``examples/klaverjas/pyproject.toml``: 32 cards, eight each (3-2-3), trump making by
"choose or pass", Rotterdam or Amsterdam trumping duties, roem (in the trick or in the hand) and
stuk, "nat" and "pit", a game of 16 deals. The rules and their sources are in ``README.md`` and
in the module docstrings; the tables and functions live in :mod:`atout_klaverjas.rules`.

It stands alone (no ``atout_bases``): the belote family plugin would bring options that
Klaverjas does not have (its own ``undertrump`` among them). It reuses the family's card order
and card points, which are the same, from the family's public module
(:func:`variants.belote.card_tables`).
"""

from __future__ import annotations

from collections.abc import Sequence

from framework.api import (
    FRENCH_32,
    Announcement,
    Auction,
    Contract,
    DealPattern,
    Declaration,
    MatchContext,
    PlayRules,
    Rules,
    hookimpl,
)

from atout_klaverjas.auction import TrumpMaking
from atout_klaverjas.declaration import DECLARATION

# The hooks written beside their rules (the record, the score, the end of the match): pluggy
# finds them on this module, which imports them.
from atout_klaverjas.records import atout_make_record, atout_record_schema  # noqa: F401
from atout_klaverjas.rules import hand_roem, play_rules, roem_in_tricks, stuk
from atout_klaverjas.scoring import atout_match_outcome, atout_score_deal  # noqa: F401
from atout_klaverjas.summary import atout_match_summary  # noqa: F401


@hookimpl
def atout_declare() -> Declaration:
    return DECLARATION


@hookimpl
def atout_deal_pattern(rules: Rules) -> DealPattern:
    """Eight cards each, 3-2-3, all before trumps are made."""
    return DealPattern(FRENCH_32, 8, (3, 2, 3))


@hookimpl
def atout_auction(rules: Rules, dealer: int, turn_up: int | None, context: MatchContext) -> Auction:
    return TrumpMaking(dealer, forced=rules.auction == "forced")


@hookimpl
def atout_play_rules(rules: Rules, contract: Contract) -> PlayRules:
    return play_rules(
        contract.denomination, rules.trump_partner, rules.undertrump == "only_if_no_other"
    )


@hookimpl
def atout_find_announcements(
    rules: Rules, contract: Contract, seat: int, hand: int
) -> Sequence[Announcement]:
    """Roem in the hand, when the game counts it there."""
    if rules.roem != "hand":
        return ()
    return hand_roem(seat, hand)


@hookimpl
def atout_counted_announcements(
    rules: Rules, contract: Contract, declared: Sequence[Announcement]
) -> Sequence[Announcement]:
    """Roem counts for the team that holds it: every declaration counts."""
    return tuple(declared)


@hookimpl
def atout_play_declarations(
    rules: Rules,
    contract: Contract,
    hands: Sequence[int],
    tricks: Sequence[tuple[int, tuple[int, ...], int]],
) -> Sequence[Announcement]:
    """Stuk, and the roem of each trick when the game counts it there."""
    found = list(stuk(contract.denomination, hands))
    if rules.roem == "trick":
        found += roem_in_tricks(tricks)
    return found
