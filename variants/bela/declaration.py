"""What Croatian Bela declares, once: its title, deck, rule options with their words for
players, presets and catalog (``atout_bela``: every word of the package is written with ``_``).

Source: ``rules/bulgarian-bela-cuatrola.md`` §3 (options OPT-HR1 to OPT-HR13) and §5 (presets
HR-STD and HR-HOUSE). Each option's doc line names the rule it changes and the sources behind
each value; the value of the ``standard`` preset comes first.
"""

from __future__ import annotations

from framework.api import FRENCH_32, Declaration, Domain, Option, Preset, SuitCode

#: a stored explanation's trump ("EW called H") is the suit's letter: a page says its words
DOMAIN = Domain.beside(__file__, "atout_bela", codes={"trump": SuitCode})
_ = DOMAIN.message

OPTIONS = (
    Option(
        "mus",
        True,
        _(
            "HR1. The three players before the dealer said 'dalje': true = the dealer must call "
            "trump ('mus', S-SUN, S-B4U); false = the deal is thrown in and the next seat deals "
            "(some houses)."
        ),
        label=_("The dealer must call trump (mus)"),
        help=_("If the three others pass, the dealer calls."),
    ),
    Option(
        "must_head_led_suit",
        True,
        _(
            "HR2. Following a plain suit that nobody has trumped: true = you must beat the best "
            "card of the suit if you can, even your partner's (S-B4U 'pravilo jace karte'); "
            "false = any card of the suit (French style). Trump leads must always be beaten."
        ),
        label=_("Beat the best card of the suit led"),
    ),
    Option(
        "trump_when_partner_wins",
        True,
        _(
            "HR3. Out of the led suit while your partner is winning: true = you must still trump "
            "(S-B4U, Croatian rule pages); false = the French exemption, any card."
        ),
        label=_("Trump even when your partner is winning"),
    ),
    Option(
        "must_undertrump",
        True,
        _(
            "HR4. Out of the led suit, the trick is trumped and you cannot overtrump: true = you "
            "must still play a lower trump (S-B4U); false = any card."
        ),
        label=_("Undertrump when you cannot overtrump"),
    ),
    Option(
        "belot8",
        "win_game",
        _(
            "HR5. 'Belot', all eight cards of one suit in one hand: win_game = its team wins the "
            "game at once and the deal is not scored (S-SUN, S-B4U); points = it is a declaration "
            "worth the game's target."
        ),
        choices={"win_game": _("Wins the game at once"), "points": _("Scores points")},
        label=_("Belot (all eight cards of a suit)"),
    ),
    Option(
        "bela_call_on",
        "first_card",
        _(
            "HR6. When bela (K+Q of trump) is called: first_card = with the first of the two "
            "cards played (S-B4U: 'Bela', then 'od bele'); second_card = with the second (some "
            "apps). It always counts for its holder."
        ),
        choices={"first_card": _("The first of king and queen"), "second_card": _("The second")},
        label=_("Bela is called with"),
    ),
    Option(
        "equal_value",
        "carre",
        _(
            "HR7. Declarations of equal points: carre = a carre beats a sequence (SEED-0, S-B4U); "
            "sequence = a sequence beats a carre. Then the longer sequence, the higher top card, "
            "the sequence in trump, the seat earlier in playing order from the first hand."
        ),
        choices={"carre": _("A carré beats a sequence"), "sequence": _("A sequence beats a carré")},
        label=_("Declarations of equal value"),
    ),
    Option(
        "card_in_two_declarations",
        False,
        _(
            "HR8. false = one card serves in one declaration only, the hand's best split is "
            "declared (most sources); true = a card may serve in a carre and a sequence (some "
            "Croatian apps)."
        ),
        label=_("One card may serve in two declarations"),
    ),
    Option(
        "zero_trick_declarations",
        "void",
        _(
            "HR9. Declarations of a team that took no trick: void = they do not count (S-B4U); "
            "to_stiglja_team = they go to the team that took every trick (one app)."
        ),
        choices={"void": _("Do not count"), "to_stiglja_team": _("Go to the other team")},
        label=_("Declarations of a team without a trick"),
    ),
    Option(
        "tie",
        "fall",
        _(
            "HR10. The caller's team and the opponents have equal totals: fall = the caller "
            "falls, the opponents write everything; hang = the opponents write their points and "
            "the caller's hang for the winner of the next deal (scorepads: 'visi')."
        ),
        choices={"fall": _("The caller falls"), "hang": _("The caller's points hang")},
        label=_("Equal totals"),
    ),
    Option(
        "bela_always_written",
        False,
        _(
            "HR11. false = a caller who falls loses its bela with the rest (S-B4U); true = the "
            "caller's team writes its own bela even when it falls (house rule, 'bela se uvijek "
            "pise')."
        ),
        label=_("A caller who falls keeps the bela"),
    ),
    Option(
        "target",
        1001,
        _(
            "HR12. The game ends after a deal that brings a team to this total (1001 by S-B4U and "
            "the Croatian pages; 501 and 701 are common shorter games)."
        ),
        minimum=1,
        maximum=10001,
        label=_("Points to win"),
    ),
    Option(
        "exact_tie",
        "extra_deal",
        _(
            "HR13. Both teams end a deal over the target with equal totals: extra_deal = play "
            "another deal (default); caller = the team that called trump in the last deal wins "
            "(one app)."
        ),
        choices={"extra_deal": _("Play one more deal"), "caller": _("The caller's team wins")},
        label=_("Both teams over the target with equal totals"),
    ),
)

PRESETS = (
    Preset(
        "standard",
        _("HR-STD: the Croatian default (S-B4U and the Croatian rule pages), game to 1001."),
        title=_("Standard rules (to 1001)"),
        description=_("The usual Croatian rules, game to 1001."),
    ),
    Preset(
        "house",
        _("HR-HOUSE: ties hang, bela is always written, game to 501."),
        {"tie": "hang", "bela_always_written": True, "target": 501},
        title=_("Short game (to 501)"),
        description=_("Game to 501; equal totals hang; the bela is always written."),
    ),
)

#: What the variant declares: its name for players, deck, options, presets and catalog.
DECLARATION = Declaration(
    title=_("Croatian Bela"),
    summary=_(
        "The Croatian belot: 32 cards, six in hand before a one-round trump call (the dealer "
        "must call if the others pass), two talon cards after it; strict play (beat the trick "
        "when you can, trump even over your partner); only the best declaration's team scores "
        "its declarations; the caller's team needs more than half of all points. The standard "
        "preset plays to 1001 (S-B4U and the Croatian rule pages), house to 501 with hanging "
        "ties."
    ),
    deck=FRENCH_32,
    options=OPTIONS,
    presets=PRESETS,
    catalog=DOMAIN,
)
