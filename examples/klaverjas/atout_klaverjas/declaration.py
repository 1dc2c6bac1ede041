"""What Klaverjas declares, once: its title, deck, rule options with their words for players,
its presets, ``rotterdam`` (the default) and ``amsterdam``, and its catalog (``atout_klaverjas``,
Dutch: every word of the package is written with ``_`` or ``_n``).

Sources: see ``README.md`` — pagat.com's "Klaverjassen" (Amsterdam rules, notes on
Rotterdam), the NKU tournament rules, Board Game Arena's rules summary, and Dutch club pages on
Rotterdam ("you must trump your partner's trick too, undertrumping if need be").
"""

from __future__ import annotations

from framework.api import FRENCH_32, Declaration, Domain, Option, Preset

DOMAIN = Domain.beside(__file__, "atout_klaverjas")
_ = DOMAIN.message
_n = DOMAIN.plural

OPTIONS = (
    Option(
        "trump_partner",
        True,
        _(
            "A player who cannot follow suit must trump even when the partner is winning the "
            "trick (Rotterdam, Dutch club rules); false = only against the opponents "
            "(Amsterdam: pagat, NKU)."
        ),
        label=_("Trump even when your partner is winning"),
    ),
    Option(
        "undertrump",
        "forced",
        _(
            "A player who must trump but cannot beat the best trump: forced = still plays a trump "
            "(Rotterdam as klaverjassenonline.nl states it: 'dus ook met ondertroeven'); "
            "only_if_no_other = discards another suit if they can, undertrumping only with a "
            "hand of trumps (Amsterdam: pagat, NKU; Board Game Arena applies it to Rotterdam "
            "too)."
        ),
        choices={
            "forced": _("When you must trump"),
            "only_if_no_other": _("Only with nothing else"),
        },
        label=_("Undertrump"),
    ),
    Option(
        "auction",
        "choose_or_pass",
        _(
            "Who makes trumps: choose_or_pass = from the player after the dealer, each names a "
            "suit or passes, and if all pass the first player must name one (NKU, Dutch clubs); "
            "forced = the player after the dealer must name a suit (pagat's Amsterdam game)."
        ),
        choices={
            "choose_or_pass": _("Each names a suit or passes"),
            "forced": _("The first player must choose"),
        },
        label=_("Who makes trumps"),
    ),
    Option(
        "roem",
        "trick",
        _(
            "Where roem is found: trick = in the four cards of one trick, for the team that wins "
            "it (pagat, NKU); hand = in each player's hand at the start, for that player's team "
            "(the older home game). Stuk (king and queen of trumps in one hand) counts in both."
        ),
        choices={"trick": _("In a trick"), "hand": _("In the hand")},
        label=_("Where roem is found"),
    ),
    Option(
        "deals",
        16,
        _(
            "Deals in a game: 16 (a 'boompje': each player deals four times; pagat, NKU); 0 = "
            "play until a team reaches the target."
        ),
        minimum=0,
        label=_("Deals in a game"),
        help=_("0: play to the target."),
    ),
    Option(
        "target",
        1500,
        _(
            "With deals = 0: the total that wins the game (1500: the Dutch Wikipedia's common "
            "alternative to 16 deals)."
        ),
        minimum=1,
        maximum=10000,
        label=_("Points to win (when deals is 0)"),
    ),
)

PRESETS = (
    Preset(
        "rotterdam",
        _(
            "Rotterdam rules: trump and overtrump even your partner's trick, "
            "undertrumping if need be; roem in the trick; 16 deals."
        ),
        title=_("Rotterdam"),
        description=_("Trump and overtrump even your partner's trick; 16 deals."),
    ),
    Preset(
        "amsterdam",
        _(
            "Amsterdam rules (pagat, NKU): no need to trump a trick your partner is "
            "winning; undertrump only with nothing else; roem in the trick; 16 deals."
        ),
        {"trump_partner": False, "undertrump": "only_if_no_other"},
        title=_("Amsterdam"),
        description=_("No need to trump a trick your partner is winning; 16 deals."),
    ),
)

#: What the variant declares: its name for players, deck, options, presets and catalog.
DECLARATION = Declaration(
    title=_("Klaverjas"),
    summary=_(
        "The Dutch trump game for two pairs with 32 cards: a player names trumps and the "
        "playing pair must score more than half of the card points and roem, or go 'nat'. "
        "Presets: rotterdam (trump your partner's trick too) and amsterdam (pagat, NKU)."
    ),
    deck=FRENCH_32,
    options=OPTIONS,
    presets=PRESETS,
    catalog=DOMAIN,
)
