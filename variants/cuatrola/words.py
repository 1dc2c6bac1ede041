"""Cuatrola's options and presets in players' words; sources stay in each option's ``doc``."""

from __future__ import annotations

from framework.api import OptionWords
from variants.cuatrola.i18n import _

OPTIONS: dict[str, OptionWords] = {
    "direction": (
        _("Direction of play"),
        "",
        {
            "counterclockwise": _("Counter-clockwise (to the right)"),
            "clockwise": _("Clockwise (to the left)"),
        },
    ),
    "auction": (
        _("The bets"),
        "",
        {"overbid": _("One round, each bet higher"), "first_bet": _("The first bet stands")},
    ),
    "first_lead": (
        _("Who leads first"),
        "",
        {"forehand": _("The player after the dealer"), "declarer": _("The declarer")},
    ),
    "cannot_overtrump": (
        _("Cannot beat a ruff"),
        "",
        {"any": _("Play any card"), "undertrump": _("Play a lower trump")},
    ),
    "partner_exemption": (_("No duty to beat your partner"), "", {}),
    "forty_first": (_("The 40 is sung before any 20"), "", {}),
    "solo_cantes": (
        _("Cantes in a solo"),
        "",
        {"both": _("Either side"), "soloist": _("The soloist only")},
    ),
    "tie": (
        _("Equal points"),
        "",
        {
            "mano": _("The forehand's pair wins"),
            "defenders": _("The defenders"),
            "declarer": _("The declarer"),
        },
    ),
    "exact_finish": (_("Reach the target exactly"), "", {}),
    "target": (_("Game points to win"), "", {}),
}

PRESETS: dict[str, tuple[str, str]] = {
    "app": (
        _("Online app rules (exactly 11)"),
        _(
            "First pair to exactly 11 game points; one round "
            "of bets; the player after the dealer leads."
        ),
    ),
    "to21": (_("First to 21"), _("First pair to 21 game points; passing the target is allowed.")),
}
