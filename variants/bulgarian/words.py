"""Bulgarian Belot's options and presets in players' words; sources stay in each ``doc``."""

from __future__ import annotations

from framework.api import OptionWords
from variants.bulgarian.i18n import _

OPTIONS: dict[str, OptionWords] = {
    "overbid_after_double": (_("A higher contract may be bid after kontra"), "", {}),
    "max_double": (
        _("Highest doubling"),
        "",
        {1: _("No doubling"), 2: _("Kontra"), 4: _("Rekontra"), 8: _("Surkontra")},
    ),
    "overtrump_over_partner": (_("Over your partner's trump you must overtrump"), "", {}),
    "carre_vs_sequence_overlap": (
        _("A card in both a carré and a sequence"),
        "",
        {"choose": _("The player chooses"), "carre": _("The carré counts")},
    ),
    "seq8": (_("All eight cards in sequence are worth"), "", {100: "100", 120: "120"}),
    "carre_rank": (
        _("Order of carrés"),
        "",
        {"J9ATKQ": _("J 9 A 10 K Q"), "J9AKQT": _("J 9 A K Q 10")},
    ),
    "comparison": (
        _("Which declarations count"),
        "",
        {
            "separate": _("Best sequence and best carré compared apart"),
            "single_best": _("Only the single best declaration"),
        },
    ),
    "hang_through_passout": (_("Hanging points survive an all-pass deal"), "", {}),
    "valat_and_double": (
        _("A valat under kontra"),
        "",
        {"multiply": _("Multiplied too"), "cancel": _("Scored as not doubled")},
    ),
    "extras_multiplied": (_("Kontra multiplies declarations and belots"), "", {}),
    "rounding": (
        _("Rounding"),
        "",
        {"pair_rule": _("Each team rounds its own points"), "exe": _("Only the leader is rounded")},
    ),
    "target": (_("Points to win"), "", {}),
    "no_win_with_valat": (_("A deal with a valat cannot end the game"), "", {}),
    "winner_must_score_in_last_deal": (_("The winner must score in the last deal"), "", {}),
}

PRESETS: dict[str, tuple[str, str]] = {
    "standard": (_("Standard rules (to 151)"), _("The usual Bulgarian rules, game to 151.")),
    "nik": (
        _("Computer game rules"),
        _(
            "The rules of a well-known Belot program: a carré always "
            "wins over a sequence, an all-pass deal clears hanging points."
        ),
    ),
    "exe": (
        _("Bridge Belot rules"),
        _("Only the single best declaration counts; only the leader's points are rounded."),
    ),
}
