"""A toy Jass for the kernel's tests: a game whose contracts are not a suit, NT or AT.

36 cards (6 to ace), 9 each (3-3-3). The seat after the dealer chooses the contract, in a
single call: a trump suit, ``OBE`` (Obenabe: no trumps, aces high) or ``UNDE`` (Undenufe: no
trumps, sixes high). Follow suit if you can, else any card. Card points: aces 11, tens 10,
kings 4, queens 3, jacks 2; last trick 5: 125 in all. There is no contract to make: each team
scores the card points it took. First to 300 wins.

It proves the contract-kind hook: ``atout legal toy-jass --contract OBE`` reads the variant's
own contract, and a bad contract is answered with the variant's own list.
"""

from __future__ import annotations

from framework.api import (
    TEAMS,
    Auction,
    Call,
    Contract,
    ContractKind,
    DealPattern,
    DealScore,
    Deck,
    Declaration,
    IntegerField,
    MatchOutcome,
    NotationError,
    PlayedDeal,
    PlayRules,
    Preset,
    RecordSchema,
    Rules,
    first_to_target,
    hookimpl,
    legal_steps,
    next_seat,
    step,
)

DECK = Deck(
    "french-36",
    tuple("6789TJQKA"),
    tuple("SHDC"),
    {"10": "T", "♠": "S", "♥": "H", "♦": "D", "♣": "C"},
)
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
KINDS = (
    *(ContractKind(s, f"{SUIT_NAMES[s]} trumps") for s in DECK.suits),
    ContractKind("OBE", "Obenabe (top down)", name="obenabe"),
    ContractKind("UNDE", "Undenufe (bottom up)", name="undenufe"),
)
_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
POINTS = tuple(_POINTS.get(DECK.ranks[DECK.rank_of[c]], 0) for c in range(DECK.size))
TOTAL = sum(POINTS) + 5


@legal_steps
def legal(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
    return step(
        hand & DECK.suit_masks[DECK.suit_of[trick[0]]], "follow", "you must follow suit"
    ) or step(hand, "any_card", "you cannot follow suit: any card may be played")


class ChooseAContract(Auction):
    """The seat after the dealer names the contract."""

    def __init__(self, dealer: int) -> None:
        self._turn: int | None = next_seat(dealer)
        self._contract: Contract | None = None

    def legal_calls(self, seat: int) -> list[Call]:
        if seat != self._turn:
            return []
        return [Call(k.code, "bid", k.code, ("points", 0)) for k in KINDS]

    def apply(self, seat: int, call: Call) -> None:
        kind = next(k for k in KINDS if k.code == call.text)
        self._contract = kind.contract(seat)
        self._turn = None


@hookimpl
def atout_declare() -> Declaration:
    return Declaration(
        title="Toy Jass",
        summary="A toy Jass for tests: Obenabe, Undenufe, trumps.",
        deck=DECK,
        presets=(Preset("plain", "The toy rules."),),
    )


@hookimpl
def atout_contract_kinds(rules: Rules) -> tuple[ContractKind, ...]:
    return KINDS


@hookimpl
def atout_call_label(rules: Rules, call: Call) -> str | None:
    kind = next((k for k in KINDS if k.code == call.text), None)
    return None if kind is None else f"play {kind.label}"


@hookimpl
def atout_deal_pattern(rules: Rules) -> DealPattern:
    return DealPattern(DECK, 9, (3, 3, 3))


@hookimpl
def atout_auction(rules, dealer, turn_up, context) -> Auction:
    return ChooseAContract(dealer)


@hookimpl
def atout_play_rules(rules: Rules, contract: Contract) -> PlayRules:
    if contract.denomination == "OBE":
        power, trumps = tuple(DECK.rank_of), 0
    elif contract.denomination == "UNDE":
        power, trumps = tuple(-r for r in DECK.rank_of), 0
    elif contract.denomination in DECK.suits:
        power = tuple(DECK.rank_of)
        trumps = DECK.suit_masks[DECK.suits.index(contract.denomination)]
    else:
        raise NotationError(f"toy jass plays no {contract.denomination!r} contract")
    return PlayRules(DECK, power, trumps, POINTS, 5, legal)


@hookimpl
def atout_record_schema(rules: Rules) -> RecordSchema:
    return RecordSchema(
        [
            IntegerField("NS", "NS card points", 0, TOTAL),
            IntegerField("EW", "EW card points", 0, TOTAL),
        ]
    )


@hookimpl
def atout_make_record(rules, played: PlayedDeal):
    return {team: played.card_points[team] for team in TEAMS}


@hookimpl
def atout_score_deal(rules, record, context) -> DealScore:
    if record.get("thrown_in"):
        return DealScore({}, None, 0, "thrown in")
    return DealScore(
        {team: record[team] for team in TEAMS}, None, 0, f"NS {record['NS']}, EW {record['EW']}"
    )


@hookimpl
def atout_match_outcome(rules, totals, scores) -> MatchOutcome:
    return first_to_target(totals, 300, scores)
