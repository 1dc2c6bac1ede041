"""What happens between Préférence's auction and the play (``docs/variants/preference.md`` §4,
§6): the declarer takes the talon (shown to all), discards two cards and names his contract;
each defender then says whist or pass (half-whist, take back, open whist); and who plays with
whom.

The decisions, as ``(seat, code)``: ``WHIST``, ``PASS``, ``HALF`` (the second defender after the
first passed, on a 6 or 7), then the first defender again after a half (``WHIST``: he takes
back; ``PASS``: the half stands); a lone whister then says ``OPEN`` or ``CLOSED``
(``lone_whist_open``). :func:`final_calls` reads them back as the record's calls.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from framework.api import (
    Contract,
    Discard,
    NameContract,
    Phase,
    PhaseAction,
    PhaseTable,
    PlayPlan,
    Rules,
    TakeTalon,
)
from variants.preference.auction import (
    MISERE,
    contracts_after,
    denomination_of,
    level_of,
)
from variants.preference.declaration import _
from variants.preference.play import DENOMINATION_WORDS
from variants.preference.scoring import HALF, PASS, WHIST
from variants.preference.sheet import from_after

WHIST_WORDS = {"WHIST": _("whist"), "PASS": _("pass"), "HALF": _("half-whist")}
OPEN_WORDS = {"OPEN": _("play open"), "CLOSED": _("play closed")}


def active_order(seats: int, dealer: int) -> tuple[int, ...]:
    """The seats that play a deal, from the first hand: three of a table of three or four (the
    dealer of four sits out)."""
    return from_after(range(seats), dealer)[:3]


def defenders_of(order: Sequence[int], declarer: int) -> tuple[int, int]:
    """The two defenders, from the seat after the declarer in playing order."""
    playing = sorted(order)
    i = playing.index(declarer)
    return playing[(i + 1) % 3], playing[(i + 2) % 3]


def final_calls(
    decisions: Sequence[tuple[int, str]], defenders: tuple[int, int]
) -> tuple[dict[int, str], bool]:
    """Each defender's final call (``whist``, ``pass``, ``half``) and whether the lone whister
    plays open, from the deal's decisions."""
    first, second = defenders
    calls: dict[int, str] = {}
    opened = False
    for seat, code in decisions:
        if code == "OPEN":
            opened = True
        elif code in WHIST_WORDS:
            if seat == first and calls.get(second) == HALF:
                if code == "WHIST":  # he takes back: the half-whister becomes a passer
                    calls = {first: WHIST, second: PASS}
                continue  # PASS: the half stands
            calls[seat] = code.lower()
    return calls, opened


class WhistRound(Phase):
    """The defenders' calls on a game contract, then the lone whister's open or closed."""

    def __init__(self, rules: Rules, defenders: tuple[int, int]) -> None:
        self.rules = rules
        self.defenders = defenders
        self.made: list[tuple[int, str]] = []

    def begin(self, table: PhaseTable) -> None:
        super().begin(table)
        self.made = []
        self._advance()

    # complexity: the whist round's turns (§6) as the rule book lists them: the first defender,
    # the second (with a half after a pass, Stalingrad's forced whist), the first again after a
    # half, then a lone whister's open or closed play; each with the calls it allows.
    def _choices(self) -> tuple[int, list[str], str] | None:
        """Who speaks, what he may say, and the code among them that ends the deal without
        play ("" when none does): the second pass, or the first defender's pass that lets a
        half stand."""
        first, second = self.defenders
        rules, contract = self.rules, self.table.contract
        bid = str(contract.extra.get("bid", ""))
        level = contract.value or 6
        stalingrad = rules.stalingrad and denomination_of(bid) == "S" and level == 6
        said = dict(self.made)
        if not self.made:
            return first, ["WHIST"] if stalingrad else ["WHIST", "PASS"], ""
        if len(self.made) == 1:
            codes = ["WHIST"] if stalingrad else ["WHIST", "PASS"]
            if said[first] == "PASS" and rules.half_whist and level in (6, 7):
                codes.append("HALF")
            return second, codes, "PASS" if said[first] == "PASS" else ""
        if len(self.made) == 2 and said[second] == "HALF":
            return first, ["WHIST", "PASS"], "PASS"
        calls, _opened = final_calls(self.made, self.defenders)
        whisters = [s for s in self.defenders if calls.get(s) == WHIST]
        if len(whisters) != 1 or any(code in OPEN_WORDS for _s, code in self.made):
            return None
        if rules.lone_whist_open == "never":
            return None
        codes = ["OPEN"] if rules.lone_whist_open == "always" else ["OPEN", "CLOSED"]
        return whisters[0], codes, ""

    def _advance(self) -> None:
        asked = self._choices()
        if asked is None:
            self._turn, self._offered = None, []
            return
        seat, codes, ending = asked
        self._turn = seat
        self._offered = [self._action(seat, code, code == ending) for code in codes]

    def _action(self, seat: int, code: str, ends_deal: bool) -> PhaseAction:
        if code in OPEN_WORDS:
            passer = next(s for s in self.defenders if s != seat)
            if code == "OPEN":
                return PhaseAction(
                    "decide", code, OPEN_WORDS[code], plays_for=(passer,), shows=self.defenders
                )
            return PhaseAction("decide", code, OPEN_WORDS[code])
        return PhaseAction("decide", code, WHIST_WORDS[code], ends_deal=ends_deal)

    def legal_actions(self, seat: int) -> list[PhaseAction]:
        return list(self._offered) if seat == self._turn else []

    def apply(self, seat: int, action: PhaseAction) -> None:
        self.made.append((seat, action.code))
        self._advance()


def game_words(bid: str) -> str:
    """A game named after the talon in the players' words, as its bid is said in the auction
    ("7 spades", "8 no trumps"), not its notation."""
    return _(
        "{level} {denomination}",
        level=str(level_of(bid)),
        denomination=DENOMINATION_WORDS[denomination_of(bid)],
    )


def game_contract(bid: str, taker: int, sitting_out: int | None = None) -> Contract:
    """The contract of a game named ``bid`` by ``taker`` (``sitting_out``: the four-handed
    dealer)."""
    return Contract(
        denomination_of(bid), taker, level_of(bid), sitting_out=sitting_out, extra={"bid": bid}
    )


def phases(rules: Rules, contract: Contract, dealer: int, seats: int) -> list[Phase] | None:
    """The phases of a deal after its auction: none in raspasy; the talon, the discard, and
    for a game the contract named and the whist round."""
    if contract.name == "raspasy":
        return None
    declarer = contract.taker
    order = active_order(seats, dealer)
    defenders = defenders_of(order, declarer)
    out: list[Phase] = [
        TakeTalon(declarer, _("take the talon and show it"), public=True),
        Discard(declarer, 2),
    ]
    if contract.name == "misere":
        return out
    bid = str(contract.extra["bid"])
    out.append(
        NameContract(
            declarer,
            [
                PhaseAction(
                    "name",
                    code,
                    game_words(code),
                    contract=game_contract(code, declarer, contract.sitting_out),
                )
                for code in contracts_after(bid)
                if code != MISERE
            ],
        )
    )
    out.append(WhistRound(rules, defenders))
    return out


def sides(contract: Contract, seats: int) -> tuple[int, ...]:
    """Each seat's side: in raspasy everyone alone; otherwise the declarer (0) against the
    defenders (1); the four-handed dealer (the contract's ``sitting_out``) alone (2)."""
    if contract.name == "raspasy":
        return tuple(range(seats))
    out = [1] * seats
    out[contract.taker] = 0
    if contract.sitting_out is not None:
        out[contract.sitting_out] = 2
    return tuple(out)


def play_plan(rules: Rules, contract: Contract, seats: int) -> PlayPlan | None:
    """What the play does besides the seats' cards (§6, §8.1): in raspasy the talon's two cards
    lead tricks 1 and 2 (``raspasy_talon``: under ``dealer_plays`` at a table of four they are
    the sitting-out dealer's cards, which take a trick when they are its best card; with three,
    nobody's, as ``lead_suit``), then ``raspasy_third_lead`` leads; in a misère the catchers lay
    their hands face up once the first card is led, or before it (``misere_open``). Every
    player of a raspasy, and a misère's declarer, plays to take as few tricks as he can
    (``avoid_tricks``, the bots' hint)."""
    playing = tuple(s for s in range(seats) if s != contract.sitting_out)
    if contract.name == "raspasy":
        if rules.raspasy_talon == "none":
            return PlayPlan(avoid_tricks=playing)
        owner = contract.sitting_out if rules.raspasy_talon == "dealer_plays" else None
        after: Literal["first_leader", "winner"] = (
            "winner" if rules.raspasy_third_lead == "trick_winner" else "first_leader"
        )
        return PlayPlan(talon_leads=2, after_talon=after, talon_owner=owner, avoid_tricks=playing)
    if contract.name == "misere":
        catchers = defenders_of(list(playing), contract.taker)
        return PlayPlan(
            shown=catchers,
            shown_after=int(rules.misere_open == "after_first_lead"),
            avoid_tricks=(contract.taker,),
        )
    return None
