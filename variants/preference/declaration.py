"""What Préférence declares, once: its title, deck, seats, the 29 rule options of
``docs/variants/preference.md`` §14 with their words for players, the presets ``sochi`` (the
default), ``leningrad`` and ``rostov``, and its catalog (``atout_preference``: every word of the
package is written with ``_``).

Three options hold a list of whole numbers written with commas (``whist_duty = 4,2,1,1,1``,
``raspasy_progression = 1,2,3``, ``raspasy_exit = 6``): they are text options checked by
:class:`NumberList`, and read by :func:`numbers`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from framework.api import FRENCH_32, Declaration, Domain, Option, Preset, Seat

DOMAIN = Domain.beside(__file__, "atout_preference")
_ = DOMAIN.message
_n = DOMAIN.plural

#: The seats in playing order (§1): three players, and W when four play (the dealer sits out).
SEATS_3 = ("N", "E", "S")
SEATS_4 = ("N", "E", "S", "W")


def seat_of(code: str) -> Seat:
    """A seat as a message's parameter: said as the name the table gave its player, else the
    seat's letter (a record and a stored explanation keep the letter)."""
    return Seat(SEATS_4.index(code), code)


def numbers(text: str) -> tuple[int, ...]:
    """The whole numbers of a list option (``"4,2,1,1,1"`` -> ``(4, 2, 1, 1, 1)``)."""
    return tuple(int(part) for part in text.split(","))


#: Whole numbers written with commas, spaces around them allowed (ASCII digits, no leading zero).
_WHOLE_NUMBERS = re.compile(r" *(?:0|[1-9][0-9]*) *(?:, *(?:0|[1-9][0-9]*) *)*")


def _numbers_between(least: int, most: int) -> str:
    """A regular expression of the whole numbers from ``least`` to ``most`` as written (no
    leading zero): ``(?:[6-9]|10)`` for 6 to 10."""
    out: list[str] = []
    for width in range(len(str(least)), len(str(most)) + 1):
        low = max(least, 10 ** (width - 1) if width > 1 else 0)
        high = min(most, 10**width - 1)
        if low <= high:
            out += _same_width(str(low), str(high))
    return "(?:" + "|".join(out) + ")"


def _same_width(low: str, high: str) -> list[str]:
    """The alternatives of a regular expression of the numbers from ``low`` to ``high``,
    written with as many digits each."""
    if low == high:
        return [low]
    if len(low) == 1:
        return [f"[{low}-{high}]"]
    if low[0] == high[0]:
        return [low[0] + rest for rest in _same_width(low[1:], high[1:])]
    width = len(low) - 1
    first, last = int(low[0]), int(high[0])
    out: list[str] = []
    if low[1:] != "0" * width:  # the first leading digit's numbers from low up
        out += [low[0] + rest for rest in _same_width(low[1:], "9" * width)]
        first += 1
    tail: list[str] = []
    if high[1:] != "9" * width:  # the last leading digit's numbers up to high
        tail = [high[0] + rest for rest in _same_width("0" * width, high[1:])]
        last -= 1
    if first <= last:
        lead = str(first) if first == last else f"[{first}-{last}]"
        out.append(f"{lead}[0-9]{{{width}}}")
    return out + tail


@dataclass(frozen=True)
class NumberList(Option):
    """A rule option whose value is a list of whole numbers written with commas (spaces
    around them allowed; digits 0 to 9, no leading zero).

    :param count: the exact number of values, or None for any number (at least one).
    :param least: the smallest value allowed.
    :param most: the largest value allowed.
    """

    count: int | None = None
    least: int = 0
    most: int = 1000

    @property
    def pattern(self) -> str:
        """Exactly the values :meth:`check` takes, for the API's document."""
        number = _numbers_between(self.least, self.most)
        more = "*" if self.count is None else f"{{{self.count - 1}}}"
        return f"^ *{number} *(?:, *{number} *){more}$"

    def check(self, value: Any) -> Any:
        if not isinstance(value, str):
            raise self._refused(_("{value} is not a list of whole numbers", value=repr(value)))
        if not _WHOLE_NUMBERS.fullmatch(value):
            raise self._refused(
                _("{value} is not whole numbers separated by commas", value=repr(value))
            )
        found = [int(p) for p in value.split(",")]
        if self.count is not None and len(found) != self.count:
            raise self._refused(
                _(
                    "{value} holds {found} numbers, not {count}",
                    value=repr(value),
                    found=len(found),
                    count=self.count,
                )
            )
        wrong = [n for n in found if not self.least <= n <= self.most]
        if wrong:
            raise self._refused(
                _(
                    "{number} is not between {least} and {most}",
                    number=wrong[0],
                    least=self.least,
                    most=self.most,
                )
            )
        return ",".join(str(n) for n in found)


OPTIONS: tuple[Option, ...] = (
    Option(
        "players",
        3,
        _(
            "§1: 3 players (default), or 4 with the dealer sitting out of each deal (KODEX §3.2, "
            "WIKI-EN, KZPN)."
        ),
        choices={3: _("Three"), 4: _("Four, the dealer sits out")},
        label=_("Players"),
        help=_("With four players the dealer deals and sits out; the other three play."),
    ),
    Option(
        "talon_after",
        1,
        _(
            "§2: the rounds of two-card packets dealt before the talon, 1 to 4 (WIKI-EN's "
            "2-talon-2-2-2-2 is 1; never first or last: KZPN, MAXCLUB)."
        ),
        choices=(1, 2, 3, 4),
        label=_("Talon dealt after round"),
        help=_("How many rounds of two cards are dealt before the two talon cards."),
    ),
    Option(
        "hold_bid",
        True,
        _(
            "§3: a player senior to the holder of the standing bid may hold it ('here') instead "
            "of raising (MAXCLUB); false = every bid must be higher."
        ),
        label=_("A senior hand may hold the bid"),
        help=_("May a player earlier in turn repeat the standing bid instead of raising it?"),
    ),
    Option(
        "misere_first_bid_only",
        True,
        _(
            "§3: misère may only be a player's first call, and after it he may only pass (§15: "
            "KODEX §3.3 not read)."
        ),
        label=_("Misère only as a first call"),
        help=_("Misère may only be your first call; after it you may only pass."),
    ),
    Option(
        "half_whist",
        True,
        _(
            "§6: on a 6 or 7, when the first defender passes, the second may say half; the first "
            "may then take back and whist (PARLETT, OPER7, FSPR-2)."
        ),
        label=_("Half-whist"),
        help=_("On a 6 or 7 the second defender may say half after the first passes."),
    ),
    Option(
        "stalingrad",
        False,
        _("§6: a 6S contract must be whisted by both defenders (a house rule)."),
        label=_("Stalingrad"),
        help=_("A six of spades must be whisted by both defenders."),
    ),
    Option(
        "lone_whist_open",
        "choice",
        _(
            "§6: a lone whister plays open (both defenders' hands face up, the whister playing "
            "both): choice = he chooses, always, never (PARLETT, LITMIR)."
        ),
        choices={"choice": _("He chooses"), "always": _("Always"), "never": _("Never")},
        label=_("A lone whister plays open"),
        help=_("Does a lone whister lay both defenders' hands face up and play them both?"),
    ),
    Option(
        "misere_open",
        "after_first_lead",
        _(
            "§6: the catchers of a misère lay their hands face up after the first card of the "
            "first trick (default), or before it."
        ),
        choices={
            "after_first_lead": _("After the first lead"),
            "before_first_lead": _("Before the first lead"),
        },
        label=_("Misère: the catchers open their hands"),
        help=_("When the two catchers of a misère lay their hands face up."),
    ),
    Option(
        "remise_factor",
        1,
        _(
            "§7: mountain per undertrick of a declarer is the contract's value times this; a "
            "caught misère trick 10 times it (1 sochi, rostov; 2 leningrad: SHRAM-LEN, FSPR-2)."
        ),
        choices=(1, 2),
        label=_("Remise factor"),
        help=_("Leningrad doubles the mountain a failed declarer writes."),
    ),
    Option(
        "whist_factor",
        1,
        _(
            "§7: whists per trick and consolation per undertrick are the contract's value times "
            "this (1 sochi, rostov; 2 leningrad: SHRAM-LEN, FUNGAMES, FSPR-2)."
        ),
        choices=(1, 2),
        label=_("Whist factor"),
        help=_("Leningrad doubles the whists written for each trick."),
    ),
    Option(
        "whister_liability",
        "full",
        _(
            "§7: mountain per undertrick of a whister: full = the whist price, half = half of "
            "it, none = nothing (WIKI-EN, SHRAM-LEN, FSPR-2; SKURATOV)."
        ),
        choices={
            "full": _("Responsible (full price)"),
            "half": _("Half-responsible (half price)"),
            "none": _("Not responsible"),
        },
        label=_("Whister's responsibility"),
        help=_("What a whister writes in his mountain for each trick his side is short."),
    ),
    Option(
        "lone_whist_split",
        "greedy",
        _(
            "§7: a lone whister's whists when the declarer fails: greedy = all his, gentleman = "
            "split evenly with the passer (PULKA, KZPN; SHRAM-LEN)."
        ),
        choices={
            "greedy": _("Greedy: all his"),
            "gentleman": _("Gentleman's: shared with the passer"),
        },
        label=_("A lone whister's whists"),
        help=_("When the declarer fails, does the lone whister share his whists with the passer?"),
    ),
    Option(
        "pair_share",
        False,
        _(
            "§7: two whisters pool their whists and split them evenly, the odd whist to the one "
            "with more tricks (PARLETT's gentleman's whist, with pair_liability = split)."
        ),
        label=_("Two whisters share their whists"),
        help=_("Two whisters split their whists evenly."),
    ),
    Option(
        "pair_liability",
        "shortfall",
        _(
            "§7: two whisters on a 6 or 7 short of the duty: shortfall = each charged what he "
            "lacks of half the duty, the pair the shortfall in all (PARLETT); own_share = each "
            "what he lacks of half the duty (OPENPREF, KZPN); split = the shortfall split evenly."
        ),
        choices={
            "shortfall": _("The one short of his half, the shortfall in all"),
            "own_share": _("Each his own share"),
            "split": _("Split evenly"),
        },
        label=_("Two whisters short of the duty"),
        help=_("How the tricks two whisters lack are charged between them."),
    ),
    NumberList(
        "whist_duty",
        "4,2,1,1,1",
        _(
            "§6: the tricks the defenders must take on a 6, 7, 8, 9 and 10 (KODEX §3.8.2; "
            "OPENPREF plays 4,2,1,1,0)."
        ),
        label=_("Whist duty for 6 to 10"),
        help=_("Five numbers: the tricks the whisters must take on a 6, 7, 8, 9, 10."),
        count=5,
        most=10,
    ),
    Option(
        "single_duty_liable",
        "second",
        _(
            "§7: two whisters of an 8, 9 or 10 who take no trick: second = the one who said "
            "whist second is charged (PARLETT); both = each is."
        ),
        choices={"second": _("The second whister"), "both": _("Both")},
        label=_("Two whisters of an 8 to 10 take nothing"),
        help=_("Who is charged when two whisters of an 8, 9 or 10 take no trick."),
    ),
    Option(
        "consolation_to",
        "all",
        _(
            "§7: who writes consolation on a failed declarer: all = every other player, the "
            "four-handed dealer included (KODEX §3.8.1.2); not_passer = all but a passing "
            "defender (KZPN, OPENPREF); defenders; whisters."
        ),
        choices={
            "all": _("Everyone, the dealer too"),
            "not_passer": _("Everyone but a passer"),
            "defenders": _("Both defenders"),
            "whisters": _("The whisters only"),
        },
        label=_("Consolation"),
        help=_("Who writes whists on a failed declarer for each trick he is down."),
    ),
    Option(
        "raspasy_scoring",
        "mountain",
        _(
            "§8.3: raspasy tricks go to each player's mountain (sochi, leningrad), or the player "
            "with the fewest tricks writes whists on the others (rostov; KODEX §3.7.2)."
        ),
        choices={"mountain": _("The mountain"), "whists": _("Whists")},
        label=_("Raspasy scored in"),
        help=_("Where the tricks of a raspasy deal are written."),
    ),
    NumberList(
        "raspasy_progression",
        "1,2,3",
        _(
            "§8.2: the price of a raspasy trick for the 1st, 2nd, ... raspasy in a row, the last "
            "value repeating (sochi 1,2,3; leningrad 2,4,6 FSPR-2; rostov 1)."
        ),
        label=_("Raspasy progression"),
        help=_("The price of a trick in the 1st, 2nd, 3rd raspasy in a row; the last repeats."),
        least=1,
    ),
    Option(
        "raspasy_zero_bonus",
        "price",
        _(
            "§8.3: a raspasy player with no trick writes in his pool the price of one trick "
            "(price), 1 (one) or nothing (none) (KODEX §3.7.2.1-2)."
        ),
        choices={"price": _("The price of a trick"), "one": _("One point"), "none": _("Nothing")},
        label=_("Raspasy with no trick"),
        help=_("What a player who took no trick in raspasy writes in his pool."),
    ),
    Option(
        "raspasy_whists_per_trick",
        5,
        _("§8.3: whists per raspasy trick when raspasy is scored in whists (KODEX §3.7.2.2)."),
        minimum=1,
        maximum=100,
        label=_("Whists per raspasy trick"),
        help=_("When raspasy is scored in whists, the whists written for each trick."),
    ),
    Option(
        "raspasy_amnesty",
        False,
        _("§8.3: the fewest tricks anyone took in raspasy is taken off everyone's count."),
        label=_("Raspasy amnesty"),
        help=_("The fewest tricks anyone took are taken off everyone's count."),
    ),
    Option(
        "raspasy_talon",
        "lead_suit",
        _(
            "§8.1: the talon cards set the suit of raspasy tricks 1 and 2 and never win "
            "(lead_suit); with four players the dealer plays them as his cards (dealer_plays, "
            "FSPR-2; like lead_suit with three); or the first hand leads (none)."
        ),
        choices={
            "lead_suit": _("They set the suit led"),
            "dealer_plays": _("The dealer plays them"),
            "none": _("Not used"),
        },
        label=_("Raspasy: the talon cards"),
        help=_("How the two talon cards start the first two tricks of raspasy."),
    ),
    Option(
        "raspasy_third_lead",
        "first_hand",
        _(
            "§8.1: after the talon tricks, trick 3 is led by the first hand (OPENPREF) or by the "
            "winner of trick 2."
        ),
        choices={"first_hand": _("The first hand"), "trick_winner": _("The winner of trick 2")},
        label=_("Raspasy: who leads trick 3"),
        help=_("Who leads the third trick of raspasy."),
    ),
    NumberList(
        "raspasy_exit",
        "6",
        _(
            "§8.4: the least level of the first bid after 1, 2, ... raspasy in a row, the last "
            "value repeating (sochi 6; leningrad 7: FSPR-2, SHRAM-LEN)."
        ),
        label=_("Raspasy exit"),
        help=_("The least bid after one, two, three raspasy in a row; the last repeats."),
        least=6,
        most=10,
    ),
    Option(
        "raspasy_exit_on",
        "any_contract",
        _(
            "§8.4: what ends a raspasy streak: any game or misère (sochi, rostov), or only a "
            "played game someone whisted (leningrad, FSPR-2)."
        ),
        choices={"any_contract": _("Any contract"), "whisted_contract": _("A whisted game")},
        label=_("A raspasy streak ends with"),
        help=_("Which deal ends a run of raspasy and restarts the progression."),
    ),
    Option(
        "pool_size",
        20,
        _("§10: the pool size agreed before the match (MAXCLUB plays to 30)."),
        minimum=1,
        maximum=1000,
        label=_("Pool size"),
        help=_("The match ends when every pool reaches this size."),
    ),
    Option(
        "pool_point_whists",
        10,
        _("§10-11: whists a pool point is worth at the settlement (10; 20 in Leningrad: WIKI-RU)."),
        minimum=1,
        maximum=1000,
        label=_("Whists per pool point"),
        help=_("What a pool point is worth in whists at the settlement."),
    ),
    Option(
        "help_to",
        "next",
        _(
            "§10: points past a closed pool go to the next open pool in playing order (PULKA) or "
            "to the fullest open pool (OPENPREF)."
        ),
        choices={"next": _("The next open pool"), "fullest": _("The fullest open pool")},
        label=_("Help goes to"),
        help=_("Whose open pool gets the points past your closed pool."),
    ),
)

PRESETS = (
    Preset(
        "sochi",
        _(
            "Sochi (Сочинка), the commonest: values 2-4-6-8-10, responsible greedy whist, "
            "raspasy in the mountain at 1-2-3, a simple exit (OPENPREF, KODEX)."
        ),
        {},
        title=_("Sochi"),
        description=_(
            "The commonest rules: whisters answer for the duty in full; raspasy goes to the "
            "mountain, dearer each time in a row."
        ),
    ),
    Preset(
        "leningrad",
        _(
            "Leningrad (Ленинградка, Питер): mountain and whists doubled, half-responsible "
            "gentleman's whist, raspasy 2-4-6 with an exit at 7, a pool point worth 20 whists "
            "(SHRAM-LEN, FSPR-2, WIKI-RU)."
        ),
        {
            "remise_factor": 2,
            "whist_factor": 2,
            "whister_liability": "half",
            "lone_whist_split": "gentleman",
            "raspasy_progression": "2,4,6",
            "raspasy_talon": "dealer_plays",
            "raspasy_exit": "7",
            "raspasy_exit_on": "whisted_contract",
            "pool_point_whists": 20,
        },
        title=_("Leningrad"),
        description=_(
            "Mountain and whists count double; whisters answer for half; after raspasy the "
            "first bid must be at least 7."
        ),
    ),
    Preset(
        "rostov",
        _(
            "Rostov (Ростов, Московская): Sochi's prices, half-responsible gentleman's whist, "
            "raspasy written in whists, 1 in the pool for no trick (KODEX §3.7.2.2, KZPN)."
        ),
        {
            "whister_liability": "half",
            "lone_whist_split": "gentleman",
            "raspasy_scoring": "whists",
            "raspasy_progression": "1",
            "raspasy_zero_bonus": "one",
        },
        title=_("Rostov"),
        description=_(
            "Sochi's prices with half-responsible whist; in raspasy the player with the fewest "
            "tricks writes whists on the others."
        ),
    ),
)

#: The variant's title and summary (the declaration that names its seats and columns is in
#: :mod:`variants.preference`, which knows what the kernel accepts).
TITLE = _("Préférence (Преферанс)")
SUMMARY = _(
    "Russian Préférence for three players (or four, the dealer sitting out) with 32 cards: ten "
    "each and a talon of two; an auction from 6 spades to 10 no-trumps and misère; the declarer "
    "takes the talon and names his contract, each defender whists or passes; when all pass, "
    "raspasy. The sheet has a pool, a mountain and whists for each player, settled in whists "
    "when the pools are full. Presets: sochi, leningrad, rostov."
)


def declaration(**shape: Any) -> Declaration:
    """The declaration with the table's shape given as :class:`Declaration`'s fields."""
    return Declaration(
        title=TITLE,
        summary=SUMMARY,
        deck=FRENCH_32,
        options=OPTIONS,
        presets=PRESETS,
        catalog=DOMAIN,
        **shape,
    )
