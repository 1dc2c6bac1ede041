"""Coinche's options and presets in players' words; sources stay in each option's ``doc``."""

from __future__ import annotations

from framework.api import OptionWords
from variants.coinche.i18n import _

OPTIONS: dict[str, OptionWords] = {
    "deal_pattern": (
        _("How the cards are dealt"),
        _("The packets each player receives in turn."),
        {},
    ),
    "nt_at": (_("No trumps and all trumps may be bid"), "", {}),
    "max_bid": (_("Highest bid below capot"), "", {}),
    "capot_ends_auction": (_("A capot bid ends the bidding"), "", {}),
    "capot_coinchable": (_("A capot bid may be coinched"), "", {}),
    "coinche_timing": (
        _("When a coinche may be said"),
        "",
        {"in_turn": _("In turn only"), "any_time": _("At any time")},
    ),
    "surcoinche_mult": (_("Surcoinche multiplies by"), "", {}),
    "made_test": (
        _("When is the contract made?"),
        "",
        {
            "ffb": _("Total at least the bid, and more than the defenders"),
            "house": _("At least 82 card points, and total at least the bid"),
            "bidonly": _("Card points and belote at least the bid (and 82)"),
        },
    ),
    "litige": (
        _("Equal totals: litige"),
        _("Equal totals with the bid reached: the takers' points wait for the next deal."),
        {},
    ),
    "capot_card_points": (
        _("Card points of a capot"),
        _("All eight tricks are worth this."),
        {250: "250", 252: _("252 (last trick 100)")},
    ),
    "failed_capot_base": (_("A failed capot gives the defenders"), "", {}),
    "defenders_capot_base": (_("Defenders who take every trick score"), "", {}),
    "capot_transfers_ann": (_("A capot takes the defenders' announcements"), "", {}),
    "coinche_scope": (
        _("What a coinche multiplies"),
        "",
        {"whole": _("The whole deal"), "bid_only": _("The bid only")},
    ),
    "contract_only": (
        _("The winner scores only the contract"),
        _("The team that wins the deal scores the contract, not its card points."),
        {},
    ),
    "belote_multiplied": (_("A coinche multiplies the belote too"), "", {}),
    "belote_on_failure": (
        _("Takers who fail keep their belote"),
        "",
        {"keep": _("Yes, they keep it"), "to_defenders": _("No, it goes to the defenders")},
    ),
    "rounding": (
        _("Rounding of each deal's score"),
        "",
        {
            "half_up": _("To the nearest ten, 5 up"),
            "six_up": _("To the nearest ten, 5 down"),
            "none": _("No rounding"),
        },
    ),
    "target": (_("Points to win"), "", {}),
    "end_tie": (
        _("Both teams pass the target with equal totals"),
        "",
        {
            "deal_winner": _("The deal's winner wins"),
            "extra_deal": _("Play one more deal"),
            "draw": _("A draw"),
        },
    ),
    "belote_cannot_finish": (
        _("The belote alone cannot win the game"),
        _("A team that failed and reaches the target only with its belote has not won yet."),
        {},
    ),
}

PRESETS: dict[str, tuple[str, str]] = {
    "house": (
        _("Club rules (to 1000)"),
        _(
            "To 1000 points; no trumps and all trumps may be bid; the takers need 82 card "
            "points; a coinche multiplies the whole deal."
        ),
    ),
    "ffb": (
        _("Federation rules (to 2000)"),
        _(
            "The French federation's official rules: to 2000 points; the takers must beat the "
            "defenders; a capot counts 252; undertrumping is optional."
        ),
    ),
    "bidonly": (
        _("Simple rules (to 2000)"),
        _("To 2000 points, no announcements; a coinche doubles the bid only."),
    ),
}
