"""Bela's options and presets in players' words; sources stay in each option's ``doc``."""

from __future__ import annotations

from framework.api import OptionWords
from variants.bela.i18n import _

OPTIONS: dict[str, OptionWords] = {
    "mus": (
        _("The dealer must call trump (mus)"),
        _("If the three others pass, the dealer calls."),
        {},
    ),
    "must_head_led_suit": (_("Beat the best card of the suit led"), "", {}),
    "trump_when_partner_wins": (_("Trump even when your partner is winning"), "", {}),
    "must_undertrump": (_("Undertrump when you cannot overtrump"), "", {}),
    "belot8": (
        _("Belot (all eight cards of a suit)"),
        "",
        {"win_game": _("Wins the game at once"), "points": _("Scores points")},
    ),
    "bela_call_on": (
        _("Bela is called with"),
        "",
        {"first_card": _("The first of king and queen"), "second_card": _("The second")},
    ),
    "equal_value": (
        _("Declarations of equal value"),
        "",
        {"carre": _("A carré beats a sequence"), "sequence": _("A sequence beats a carré")},
    ),
    "card_in_two_declarations": (_("One card may serve in two declarations"), "", {}),
    "zero_trick_declarations": (
        _("Declarations of a team without a trick"),
        "",
        {"void": _("Do not count"), "to_stiglja_team": _("Go to the other team")},
    ),
    "tie": (
        _("Equal totals"),
        "",
        {"fall": _("The caller falls"), "hang": _("The caller's points hang")},
    ),
    "bela_always_written": (_("A caller who falls keeps the bela"), "", {}),
    "target": (_("Points to win"), "", {}),
    "exact_tie": (
        _("Both teams over the target with equal totals"),
        "",
        {"extra_deal": _("Play one more deal"), "caller": _("The caller's team wins")},
    ),
}

PRESETS: dict[str, tuple[str, str]] = {
    "standard": (_("Standard rules (to 1001)"), _("The usual Croatian rules, game to 1001.")),
    "house": (
        _("Short game (to 501)"),
        _("Game to 501; equal totals hang; the bela is always written."),
    ),
}
