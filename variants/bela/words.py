"""Bela's options and presets in players' words; sources stay in each option's ``doc``."""

from __future__ import annotations

from framework.api import OptionWords

OPTIONS: dict[str, OptionWords] = {
    "mus": ("The dealer must call trump (mus)", "If the three others pass, the dealer calls.", {}),
    "must_head_led_suit": ("Beat the best card of the suit led", "", {}),
    "trump_when_partner_wins": ("Trump even when your partner is winning", "", {}),
    "must_undertrump": ("Undertrump when you cannot overtrump", "", {}),
    "belot8": ("Belot (all eight cards of a suit)", "",
               {"win_game": "Wins the game at once", "points": "Scores points"}),
    "bela_call_on": ("Bela is called with", "",
                     {"first_card": "The first of king and queen", "second_card": "The second"}),
    "equal_value": ("Declarations of equal value", "",
                    {"carre": "A carré beats a sequence", "sequence": "A sequence beats a carré"}),
    "card_in_two_declarations": ("One card may serve in two declarations", "", {}),
    "zero_trick_declarations": ("Declarations of a team without a trick", "",
                                {"void": "Do not count",
                                 "to_stiglja_team": "Go to the other team"}),
    "tie": ("Equal totals", "", {"fall": "The caller falls", "hang": "The caller's points hang"}),
    "bela_always_written": ("A caller who falls keeps the bela", "", {}),
    "target": ("Points to win", "", {}),
    "exact_tie": ("Both teams over the target with equal totals", "",
                  {"extra_deal": "Play one more deal", "caller": "The caller's team wins"}),
}

PRESETS: dict[str, tuple[str, str]] = {
    "standard": ("Standard rules (to 1001)", "The usual Croatian rules, game to 1001."),
    "house": ("Short game (to 501)", "Game to 501; equal totals hang; the bela is always "
              "written."),
}
