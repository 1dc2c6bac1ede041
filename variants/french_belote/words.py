"""French Belote's options and presets in players' words; sources stay in each ``doc``."""

from __future__ import annotations

from framework.api import OptionWords
from variants.french_belote.i18n import _

OPTIONS: dict[str, OptionWords] = {
    "target": (_("Points to win"), "", {}),
    "deal_pattern": (
        _("How the first five cards are dealt"),
        "",
        {"3-2": _("3 then 2"), "2-3": _("2 then 3")},
    ),
    "round2_any_suit": (_("Second round: the turned-up suit may be named"), "", {}),
    "round2_nt_at": (_("Second round: no trumps and all trumps"), "", {}),
    "made_if": (
        _("When is the contract made?"),
        "",
        {"greater": _("More points than the defenders"), "at_least": _("At least as many")},
    ),
    "tie": (
        _("Equal totals"),
        "",
        {
            "litige": _("Litige: the takers' points wait for the next deal"),
            "made": _("The contract is made"),
            "fail": _("The contract fails"),
        },
    ),
    "belote_on_failure": (
        _("Takers who fail keep their belote"),
        "",
        {"keep": _("Yes, they keep it"), "to_defenders": _("No, it goes to the defenders")},
    ),
    "capot_card_points": (
        _("Card points of a capot"),
        "",
        {250: "250", 252: _("252 (last trick 100)")},
    ),
    "rounding": (
        _("Rounding of each deal's score"),
        "",
        {"none": _("No rounding"), "half_up": _("To the nearest ten, 5 up")},
    ),
    "both_reach": (
        _("Both teams reach the target on the same deal"),
        "",
        {"higher": _("The higher total wins"), "draw": _("A draw")},
    ),
}

PRESETS: dict[str, tuple[str, str]] = {
    "maison": (
        _("House rules"),
        _(
            "A tie counts as made; takers who fail give their belote to the defenders; no "
            "trumps and all trumps in the second round; over your partner's trump you must "
            "overtrump."
        ),
    ),
    "classic": (
        _("Classic federation rules"),
        _(
            "The federation's classic belote without announcements: more points than the "
            "defenders makes it, a tie is a litige, the belote always counts."
        ),
    ),
}
