"""The belote family's options in players' words (labels, one-line help, value labels) for the
scorepad and the rules page; the sources stay in each option's ``doc``."""

from __future__ import annotations

from framework.api import OptionWords

OPTIONS: dict[str, OptionWords] = {
    "undertrump": ("Undertrump when you cannot overtrump",
                   "An opponent has trumped and you cannot beat it: must you still play a "
                   "lower trump?", {"mandatory": "Yes, a lower trump", "optional": "No, any card"}),
    "partner_ruff": ("Your partner has trumped",
                     "Your partner wins the trick with a trump and you cannot follow suit.",
                     {"must_overtrump": "If you trump, beat your partner's trump",
                      "ffb2015": "Any trump, or discard (FFB 2015)",
                      "free": "Play any card"}),
    "overtrump_partner_on_trump_lead": ("Beat your partner when trumps are led",
                                        "When trumps are led, must you beat the best trump "
                                        "even if it is your partner's?", {}),
    "at_overtake_partner": ("All trumps: beat your partner's card",
                            "In all trumps, must you beat the best card of the suit even if "
                            "it is your partner's?", {}),
    "at_values": ("All trumps: card values",
                  "The points of the cards when everything is trump.",
                  {14: "J 14, 9 9, A 6, 10 5, K 3, Q 1", 13: "J 13, 9 9, A 6, 10 5, K 3, Q 2",
                   "ffb2016": "Full trump values, counted out of 162"}),
    "announcements": ("Announcements (tierce, quarte, carré…)",
                      "Sequences and carrés declared with the first card score.", {}),
    "nt_carre_9": ("No trumps: carré of nines", "What four nines are worth in no trumps.",
                   {100: "100", 0: "Nothing"}),
    "seq_length_tiebreak": ("Longer sequence wins a tie",
                            "Between two sequences of the same value, the longer one wins "
                            "before the top card decides.", {}),
}
