"""The belote family's options in players' words (labels, one-line help, value labels) for the
scorepad and the rules page; the sources stay in each option's ``doc``."""

from __future__ import annotations

from framework.api import OptionWords
from variants.belote.i18n import _

OPTIONS: dict[str, OptionWords] = {
    "undertrump": (
        _("Undertrump when you cannot overtrump"),
        _("An opponent has trumped and you cannot beat it: must you still play a lower trump?"),
        {"mandatory": _("Yes, a lower trump"), "optional": _("No, any card")},
    ),
    "partner_ruff": (
        _("Your partner has trumped"),
        _("Your partner wins the trick with a trump and you cannot follow suit."),
        {
            "must_overtrump": _("If you trump, beat your partner's trump"),
            "ffb2015": _("Any trump, or discard (FFB 2015)"),
            "free": _("Play any card"),
        },
    ),
    "overtrump_partner_on_trump_lead": (
        _("Beat your partner when trumps are led"),
        _("When trumps are led, must you beat the best trump even if it is your partner's?"),
        {},
    ),
    "at_overtake_partner": (
        _("All trumps: beat your partner's card"),
        _("In all trumps, must you beat the best card of the suit even if it is your partner's?"),
        {},
    ),
    "at_values": (
        _("All trumps: card values"),
        _("The points of the cards when everything is trump."),
        {
            14: _("J 14, 9 9, A 6, 10 5, K 3, Q 1"),
            13: _("J 13, 9 9, A 6, 10 5, K 3, Q 2"),
            "ffb2016": _("Full trump values, counted out of 162"),
        },
    ),
    "announcements": (
        _("Announcements (tierce, quarte, carré…)"),
        _("Sequences and carrés declared with the first card score."),
        {},
    ),
    "nt_carre_9": (
        _("No trumps: carré of nines"),
        _("What four nines are worth in no trumps."),
        {100: "100", 0: _("Nothing")},
    ),
    "seq_length_tiebreak": (
        _("Longer sequence wins a tie"),
        _(
            "Between two sequences of the same value, the longer one wins "
            "before the top card decides."
        ),
        {},
    ),
}
