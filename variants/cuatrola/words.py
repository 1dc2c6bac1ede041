"""Cuatrola's options and presets in players' words; sources stay in each option's ``doc``."""

from __future__ import annotations

from framework.api import OptionWords

OPTIONS: dict[str, OptionWords] = {
    "direction": ("Direction of play", "",
                  {"counterclockwise": "Counter-clockwise (to the right)",
                   "clockwise": "Clockwise (to the left)"}),
    "auction": ("The bets", "", {"overbid": "One round, each bet higher",
                                 "first_bet": "The first bet stands"}),
    "first_lead": ("Who leads first", "", {"forehand": "The player after the dealer",
                                          "declarer": "The declarer"}),
    "cannot_overtrump": ("Cannot beat a ruff", "", {"any": "Play any card",
                                                   "undertrump": "Play a lower trump"}),
    "partner_exemption": ("No duty to beat your partner", "", {}),
    "forty_first": ("The 40 is sung before any 20", "", {}),
    "solo_cantes": ("Cantes in a solo", "", {"both": "Either side", "soloist": "The soloist only"}),
    "tie": ("Equal points", "", {"mano": "The forehand's pair wins", "defenders": "The defenders",
                                 "declarer": "The declarer"}),
    "exact_finish": ("Reach the target exactly", "", {}),
    "target": ("Game points to win", "", {}),
}

PRESETS: dict[str, tuple[str, str]] = {
    "app": ("Online app rules (exactly 11)", "First pair to exactly 11 game points; one round "
            "of bets; the player after the dealer leads."),
    "to21": ("First to 21", "First pair to 21 game points; passing the target is allowed."),
}
