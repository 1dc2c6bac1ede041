"""Klaverjas's options and presets in players' words; sources stay in each option's ``doc``."""

from __future__ import annotations

from framework.api import OptionWords

OPTIONS: dict[str, OptionWords] = {
    "trump_partner": ("Trump even when your partner is winning", "", {}),
    "undertrump": ("Undertrump", "", {"forced": "When you must trump", "only_if_no_other":
                                      "Only with nothing else"}),
    "auction": ("Who makes trumps", "", {"choose_or_pass": "Each names a suit or passes",
                                        "forced": "The first player must choose"}),
    "roem": ("Where roem is found", "", {"trick": "In a trick", "hand": "In the hand"}),
    "deals": ("Deals in a game", "0: play to the target.", {}),
    "target": ("Points to win (when deals is 0)", "", {}),
}

PRESETS: dict[str, tuple[str, str]] = {
    "rotterdam": ("Rotterdam", "Trump and overtrump even your partner's trick; 16 deals."),
    "amsterdam": ("Amsterdam", "No need to trump a trick your partner is winning; 16 deals."),
}
