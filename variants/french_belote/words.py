"""French Belote's options and presets in players' words; sources stay in each ``doc``."""

from __future__ import annotations

from framework.api import OptionWords

OPTIONS: dict[str, OptionWords] = {
    "target": ("Points to win", "", {}),
    "deal_pattern": ("How the first five cards are dealt", "", {"3-2": "3 then 2",
                                                                 "2-3": "2 then 3"}),
    "round2_any_suit": ("Second round: the turned-up suit may be named", "", {}),
    "round2_nt_at": ("Second round: no trumps and all trumps", "", {}),
    "made_if": ("When is the contract made?", "",
                {"greater": "More points than the defenders", "at_least": "At least as many"}),
    "tie": ("Equal totals", "", {"litige": "Litige: the takers' points wait for the next deal",
                                 "made": "The contract is made", "fail": "The contract fails"}),
    "belote_on_failure": ("Takers who fail keep their belote", "",
                          {"keep": "Yes, they keep it",
                           "to_defenders": "No, it goes to the defenders"}),
    "capot_card_points": ("Card points of a capot", "", {250: "250", 252: "252 (last trick 100)"}),
    "rounding": ("Rounding of each deal's score", "",
                 {"none": "No rounding", "half_up": "To the nearest ten, 5 up"}),
    "both_reach": ("Both teams reach the target on the same deal", "",
                   {"higher": "The higher total wins", "draw": "A draw"}),
}

PRESETS: dict[str, tuple[str, str]] = {
    "maison": ("House rules",
               "A tie counts as made; takers who fail give their belote to the defenders; no "
               "trumps and all trumps in the second round; over your partner's trump you must "
               "overtrump."),
    "classic": ("Classic federation rules",
                "The federation's classic belote without announcements: more points than the "
                "defenders makes it, a tie is a litige, the belote always counts."),
}
