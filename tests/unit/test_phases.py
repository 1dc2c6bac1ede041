"""The phase API between the auction and the play (framework/rules/phases.py): whose turn, the
legal actions with the variant's codes and words, apply, refusals a player reads."""

from __future__ import annotations

import pytest

from framework.api import (
    FRENCH_32,
    Contract,
    Decide,
    Discard,
    NameContract,
    PhaseAction,
    PhaseTable,
    RuleViolation,
    TakeTalon,
)

DECK = FRENCH_32
HAND = DECK.parse_mask("7S 8S JS AH 10D")
TALON = DECK.parse_mask("9C 10C")


def table(hands: tuple[int, ...] = (HAND, 0, 0, 0), talon: int = TALON) -> PhaseTable:
    return PhaseTable(DECK, 3, Contract("S", 0, value=6), hands, talon)


def test_take_the_talon_is_one_action_of_the_taker() -> None:
    phase = TakeTalon(0, public=True)
    phase.begin(table())
    assert phase.turn == 0
    (take,) = phase.legal_actions(0)
    assert (take.kind, take.code, take.cards, take.public) == ("take", "TAKE", TALON, True)
    assert phase.legal_actions(1) == []
    with pytest.raises(RuleViolation, match="it is N's turn"):
        phase.find(1, "TAKE")
    phase.apply(0, phase.find(0, "take"))
    assert phase.is_over


def test_no_talon_nothing_to_take() -> None:
    phase = TakeTalon(0)
    phase.begin(table(talon=0))
    assert phase.is_over


def no_jack(hand: int, cards: int) -> str | None:
    return "you may not discard a jack" if cards & DECK.parse_mask("JS") else None


def test_discard_offers_every_allowed_set_and_says_why_one_is_refused() -> None:
    phase = Discard(0, 2, refuse=no_jack)
    phase.begin(table())
    legal = phase.legal_actions(0)
    # 5 cards, 2 discarded: 10 sets, 4 of them with the jack.
    assert len(legal) == 6
    assert all(a.kind == "discard" and a.cards.bit_count() == 2 for a in legal)
    assert "AH 7S" not in {a.code for a in legal}  # the code is the cards, lowest first
    found = phase.find(0, "ah, 7s")
    assert found.cards == DECK.parse_mask("7S AH")
    assert found in legal
    with pytest.raises(RuleViolation, match="may not discard 7S JS: you may not discard a jack"):
        phase.find(0, "JS 7S")
    with pytest.raises(RuleViolation, match="N discards 2 cards, not 1"):
        phase.find(0, "7S")
    with pytest.raises(RuleViolation, match="N does not hold KH"):
        phase.find(0, "7S KH")
    with pytest.raises(RuleViolation, match="not a card"):
        phase.find(0, "7S ZZ")
    phase.apply(0, found)
    assert phase.is_over
    with pytest.raises(RuleViolation, match="may not act now"):
        phase.find(0, "7S 8S")


def test_name_the_game_offers_the_variants_contracts() -> None:
    raised = Contract("H", 0, value=7)
    choices = [
        PhaseAction("name", "6S", "six spades", contract=Contract("S", 0, value=6)),
        PhaseAction("name", "7H", "seven hearts", contract=raised),
    ]
    phase = NameContract(0, choices)
    phase.begin(table())
    assert phase.find(0, " 7h ").contract == raised
    with pytest.raises(RuleViolation, match="choose one of: 6S, 7H"):
        phase.find(0, "8H")
    with pytest.raises(ValueError, match="names a contract"):
        NameContract(0, [PhaseAction("decide", "X", "x")])


def test_decisions_in_turn_pass_over_a_seat_offered_nothing() -> None:
    whist = PhaseAction("decide", "WHIST", "whist")
    pas = PhaseAction("decide", "PASS", "pass")
    half = PhaseAction("decide", "HALF", "half-whist")

    def choices(
        table: PhaseTable, seat: int, made: tuple[tuple[int, str], ...]
    ) -> list[PhaseAction]:
        assert table.contract.value == 6
        if seat == 2:
            return []  # (the dealer sits out)
        if made and made[-1][1] == "PASS":
            return [whist, pas, half]
        return [whist, pas]

    phase = Decide.in_turn((1, 2, 3), choices)
    phase.begin(table())
    assert phase.turn == 1
    phase.apply(1, phase.find(1, "pass"))
    assert phase.turn == 3
    assert [a.code for a in phase.legal_actions(3)] == ["WHIST", "PASS", "HALF"]
    phase.apply(3, phase.find(3, "HALF"))
    assert phase.is_over
    assert phase.made == ((1, "PASS"), (3, "HALF"))


def test_a_variant_without_phases_or_sides_asks_neither_hook() -> None:
    """atout_phases and atout_sides are the kernel's when no plugin answers them: no phases,
    and the fixed partners of four seats (every seat alone at another table)."""
    from framework.api import load_variant

    hooks = load_variant("coinche").hooks.for_deal()
    assert not hooks.has_phases and not hooks.has_sides
    rules = load_variant("coinche").rules()
    contract = Contract("S", 0)
    assert hooks.phases(rules, contract, 3) == ()
    assert hooks.sides(rules, contract, (), 4) == (0, 1, 0, 1)
    assert hooks.sides(rules, contract, (), 3) == (0, 1, 2)


def test_a_refusal_names_the_seats_of_the_table() -> None:
    """At a table of six seats named A to F, a phase names its seats by those names."""
    six = PhaseTable(DECK, 5, Contract("S", 4), (0,) * 4 + (HAND, 0), TALON, (), tuple("ABCDEF"))
    phase = TakeTalon(4)
    phase.begin(six)
    with pytest.raises(RuleViolation, match="F may not act now; it is E's turn"):
        phase.find(5, "TAKE")
