"""Klaverjas' rule options and presets: ``rotterdam`` (the default) and ``amsterdam``.

Sources: see ``README.md`` — pagat.com's "Klaverjassen" (Amsterdam rules, notes on
Rotterdam), the NKU tournament rules, Board Game Arena's rules summary, and Dutch club pages on
Rotterdam ("you must trump your partner's trick too, undertrumping if need be").
"""

from __future__ import annotations

from framework.options import Option, Preset

OPTIONS = (
    Option(
        "trump_partner",
        True,
        "A player who cannot follow suit must trump even when the partner is winning the "
        "trick (Rotterdam, Dutch club rules); false = only against the opponents "
        "(Amsterdam: pagat, NKU).",
    ),
    Option(
        "undertrump",
        "forced",
        "A player who must trump but cannot beat the best trump: forced = still plays a trump "
        "(Rotterdam as klaverjassenonline.nl states it: 'dus ook met ondertroeven'); "
        "only_if_no_other = discards another suit if they can, undertrumping only with a "
        "hand of trumps (Amsterdam: pagat, NKU; Board Game Arena applies it to Rotterdam "
        "too).",
        choices=("forced", "only_if_no_other"),
    ),
    Option(
        "auction",
        "choose_or_pass",
        "Who makes trumps: choose_or_pass = from the player after the dealer, each names a "
        "suit or passes, and if all pass the first player must name one (NKU, Dutch clubs); "
        "forced = the player after the dealer must name a suit (pagat's Amsterdam game).",
        choices=("choose_or_pass", "forced"),
    ),
    Option(
        "roem",
        "trick",
        "Where roem is found: trick = in the four cards of one trick, for the team that wins "
        "it (pagat, NKU); hand = in each player's hand at the start, for that player's team "
        "(the older home game). Stuk (king and queen of trumps in one hand) counts in both.",
        choices=("trick", "hand"),
    ),
    Option(
        "deals",
        16,
        "Deals in a game: 16 (a 'boompje': each player deals four times; pagat, NKU); 0 = "
        "play until a team reaches the target.",
        minimum=0,
    ),
    Option(
        "target",
        1500,
        "With deals = 0: the total that wins the game (1500: the Dutch Wikipedia's common "
        "alternative to 16 deals).",
        minimum=1,
    ),
)

PRESETS = (
    Preset(
        "rotterdam",
        "Rotterdam rules: trump and overtrump even your partner's trick, "
        "undertrumping if need be; roem in the trick; 16 deals.",
    ),
    Preset(
        "amsterdam",
        "Amsterdam rules (pagat, NKU): no need to trump a trick your partner is "
        "winning; undertrump only with nothing else; roem in the trick; 16 deals.",
        {"trump_partner": False, "undertrump": "only_if_no_other"},
    ),
)
