"""Klaverjas's options and presets in players' words; sources stay in each option's ``doc``."""

from __future__ import annotations

from framework.api import OptionWords

from atout_klaverjas.i18n import _

OPTIONS: dict[str, OptionWords] = {
    "trump_partner": (_("Trump even when your partner is winning"), "", {}),
    "undertrump": (
        _("Undertrump"),
        "",
        {"forced": _("When you must trump"), "only_if_no_other": _("Only with nothing else")},
    ),
    "auction": (
        _("Who makes trumps"),
        "",
        {
            "choose_or_pass": _("Each names a suit or passes"),
            "forced": _("The first player must choose"),
        },
    ),
    "roem": (_("Where roem is found"), "", {"trick": _("In a trick"), "hand": _("In the hand")}),
    "deals": (_("Deals in a game"), _("0: play to the target."), {}),
    "target": (_("Points to win (when deals is 0)"), "", {}),
}

PRESETS: dict[str, tuple[str, str]] = {
    "rotterdam": (_("Rotterdam"), _("Trump and overtrump even your partner's trick; 16 deals.")),
    "amsterdam": (_("Amsterdam"), _("No need to trump a trick your partner is winning; 16 deals.")),
}
