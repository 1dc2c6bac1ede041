"""What Cuatrola declares, once: its title, deck, rule options with their words for players,
presets and catalog (``atout_cuatrola``: every word of the package is written with ``_``).

Source: ``rules/bulgarian-bela-cuatrola.md`` §4 (OPT-ES1 to OPT-ES8), §5 (presets ES-APP and
ES-21) and §6 question 4 (the open points, each an option here). ``app`` is the seed app's
exact-11 game (SEED-4, S-CES); ``to21`` is the game to 21 of S-LUDO and S-CASINO.
"""

from __future__ import annotations

from framework.api import SPANISH_20, Declaration, Domain, Option, Preset

DOMAIN = Domain.beside(__file__, "atout_cuatrola")
_ = DOMAIN.message

OPTIONS = (
    Option(
        "direction",
        "counterclockwise",
        _(
            "OPT-ES1, the way the deal and play go round the table: counterclockwise (S-APUE "
            "'empezando por la derecha'); clockwise (S-LUDO's Basque page). Seats are named in "
            "playing order, so only the seating at a real table changes."
        ),
        choices={
            "counterclockwise": _("Counter-clockwise (to the right)"),
            "clockwise": _("Clockwise (to the left)"),
        },
        label=_("Direction of play"),
    ),
    Option(
        "auction",
        "overbid",
        _(
            "OPT-ES2, the bets: overbid = one round from the forehand, each bet must exceed the "
            "current one (spec default; SEED-4 does not say); first_bet = the first bet closes "
            "the auction."
        ),
        choices={
            "overbid": _("One round, each bet higher"),
            "first_bet": _("The first bet stands"),
        },
        label=_("The bets"),
    ),
    Option(
        "first_lead",
        "forehand",
        _(
            "OPT-ES3, who leads the first trick: forehand = the player after the dealer, or the "
            "next player if he sits out (SEED-4 'the player who opens the hand'); declarer = the "
            "declarer of a bet leads."
        ),
        choices={"forehand": _("The player after the dealer"), "declarer": _("The declarer")},
        label=_("Who leads first"),
    ),
    Option(
        "cannot_overtrump",
        "any",
        _(
            "OPT-ES4, a player void in the suit led who cannot beat a ruff: any = plays any "
            "card, trump or not (SEED-4, S-CES); undertrump = must still play a trump."
        ),
        choices={"any": _("Play any card"), "undertrump": _("Play a lower trump")},
        label=_("Cannot beat a ruff"),
    ),
    Option(
        "partner_exemption",
        False,
        _(
            "OPT-ES5: false = the duties to head the trick, to trump and to overtrump hold even "
            "when your partner is winning (SEED-4, S-CES 'siempre estamos obligados a montar'); "
            "true = with your partner winning you only have to follow suit."
        ),
        label=_("No duty to beat your partner"),
    ),
    Option(
        "forty_first",
        False,
        _(
            "OPT-ES6: true = a side sings its 40 (trumps) before any 20 (the Tute custom); "
            "false = cantes in any order (SEED-4 says nothing)."
        ),
        label=_("The 40 is sung before any 20"),
    ),
    Option(
        "solo_cantes",
        "both",
        _(
            "Spec §6 question 4, cantes in a solo hand: both = either side may sing after "
            "winning a trick (SEED-4's conditions name only the side); soloist = only the "
            "soloist sings."
        ),
        choices={"both": _("Either side"), "soloist": _("The soloist only")},
        label=_("Cantes in a solo"),
    ),
    Option(
        "tie",
        "mano",
        _(
            "OPT-ES7, equal points in a no-bet or solo hand: mano = the pair of the forehand "
            "wins (SEED-4 'the pair holding the hand', sentence cut off); defenders or "
            "declarer = that side wins a solo (a no-bet hand always goes to the mano's pair)."
        ),
        choices={
            "mano": _("The forehand's pair wins"),
            "defenders": _("The defenders"),
            "declarer": _("The declarer"),
        },
        label=_("Equal points"),
    ),
    Option(
        "exact_finish",
        True,
        _(
            "OPT-ES8: true = a pair must reach the target exactly by its own play, so a bet that "
            "would take it past the target is not allowed; it passes the target only through "
            "the opponents' failed bets (SEED-4); false = first to the target (S-LUDO)."
        ),
        label=_("Reach the target exactly"),
    ),
    Option(
        "target",
        11,
        _("OPT-ES8, game points that win the match: 11 (SEED-4) or 21 (S-LUDO, S-CASINO)."),
        minimum=1,
        maximum=100,
        label=_("Game points to win"),
    ),
)

PRESETS = (
    Preset(
        "app",
        _(
            "The Cuatrola OnLine app (SEED-4, S-CES): exact 11, single-round overbid "
            "auction, forehand leads, ties to the mano's pair."
        ),
        {
            "direction": "counterclockwise",
            "auction": "overbid",
            "first_lead": "forehand",
            "cannot_overtrump": "any",
            "partner_exemption": False,
            "forty_first": False,
            "solo_cantes": "both",
            "tie": "mano",
            "exact_finish": True,
            "target": 11,
        },
        title=_("Online app rules (exactly 11)"),
        description=_(
            "First pair to exactly 11 game points; one round "
            "of bets; the player after the dealer leads."
        ),
    ),
    Preset(
        "to21",
        _("Ludoteka's game (S-LUDO, S-CASINO): first pair to 21, no exact finish."),
        {"exact_finish": False, "target": 21},
        title=_("First to 21"),
        description=_("First pair to 21 game points; passing the target is allowed."),
    ),
)

#: What the variant declares: its name for players, deck, options, presets and catalog.
DECLARATION = Declaration(
    title=_("Cuatrola"),
    summary=_(
        "The Spanish Tute-family game for two pairs with 20 cards (A 3 K N J): the dealer's "
        "last card makes trump, a player may bet a solo, a cuatrola (4 tricks) or a quintola "
        "(5) while his partner sits out, knight and king are sung for 20 or 40. Presets: app "
        "(the Cuatrola OnLine app, exactly 11 game points) and to21 (Ludoteka, first to 21)."
    ),
    deck=SPANISH_20,
    options=OPTIONS,
    presets=PRESETS,
    catalog=DOMAIN,
    seat_may_sit_out=True,
)
