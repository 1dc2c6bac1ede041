"""Bulgarian Belot's options and presets in players' words; sources stay in each ``doc``."""

from __future__ import annotations

from framework.api import OptionWords

OPTIONS: dict[str, OptionWords] = {
    "overbid_after_double": ("A higher contract may be bid after kontra", "", {}),
    "max_double": ("Highest doubling", "", {1: "No doubling", 2: "Kontra", 4: "Rekontra",
                                             8: "Surkontra"}),
    "overtrump_over_partner": ("Over your partner's trump you must overtrump", "", {}),
    "carre_vs_sequence_overlap": ("A card in both a carré and a sequence", "",
                                  {"choose": "The player chooses", "carre": "The carré counts"}),
    "seq8": ("All eight cards in sequence are worth", "", {100: "100", 120: "120"}),
    "carre_rank": ("Order of carrés", "", {"J9ATKQ": "J 9 A 10 K Q", "J9AKQT": "J 9 A K Q 10"}),
    "comparison": ("Which declarations count", "",
                   {"separate": "Best sequence and best carré compared apart",
                    "single_best": "Only the single best declaration"}),
    "hang_through_passout": ("Hanging points survive an all-pass deal", "", {}),
    "valat_and_double": ("A valat under kontra", "",
                         {"multiply": "Multiplied too", "cancel": "Scored as not doubled"}),
    "extras_multiplied": ("Kontra multiplies declarations and belots", "", {}),
    "rounding": ("Rounding", "", {"pair_rule": "Each team rounds its own points",
                                  "exe": "Only the leader is rounded"}),
    "target": ("Points to win", "", {}),
    "no_win_with_valat": ("A deal with a valat cannot end the game", "", {}),
    "winner_must_score_in_last_deal": ("The winner must score in the last deal", "", {}),
}

PRESETS: dict[str, tuple[str, str]] = {
    "standard": ("Standard rules (to 151)", "The usual Bulgarian rules, game to 151."),
    "nik": ("Computer game rules", "The rules of a well-known Belot program: a carré always "
            "wins over a sequence, an all-pass deal clears hanging points."),
    "exe": ("Bridge Belot rules", "Only the single best declaration counts; only the leader's "
            "points are rounded."),
}
