"""Préférence's auction: the worked examples A1 to A6 of docs/variants/preference.md §12."""

from __future__ import annotations

import pytest

from framework.api import RuleViolation
from variants.preference.auction import (
    LADDER,
    PreferenceAuction,
    contract_refusal,
    contracts_after,
    exit_level,
)

N, E, S = 0, 1, 2


def play(auction: PreferenceAuction, calls: str) -> PreferenceAuction:
    seats = {"N": N, "E": E, "S": S}
    for item in calls.split():
        seat, call = item.split(":")
        auction.call(seats[seat], call.replace("(hold)", ""))
    return auction


def test_the_ladder_runs_6s_to_10nt_with_misere_after_8nt():
    assert LADDER[:6] == ("6S", "6C", "6D", "6H", "6NT", "7S")
    assert LADDER[LADDER.index("8NT") + 1] == "MISERE"
    assert LADDER[LADDER.index("MISERE") + 1] == "9S"
    assert LADDER[-1] == "10NT" and len(LADDER) == 26


def test_a1_hold_by_the_senior_hand():
    auction = play(PreferenceAuction((N, E, S)), "N:6S E:6C S:pass N:6C(hold) E:6D N:pass")
    assert auction.is_over
    contract = auction.contract
    assert contract is not None and contract.taker == E and contract.extra["bid"] == "6D"


def test_a1_without_hold_the_same_bid_is_refused():
    auction = play(PreferenceAuction((N, E, S), hold_bid=False), "N:6S E:6C S:pass")
    with pytest.raises(RuleViolation, match="6C is not higher than the standing 6C"):
        auction.call(N, "6C")


def test_a1_a_junior_hand_may_not_hold():
    auction = play(PreferenceAuction((N, E, S)), "N:6S")
    with pytest.raises(RuleViolation, match="only a senior hand may hold"):
        auction.call(E, "6S")


def test_a2_misere_only_as_a_first_call():
    auction = play(PreferenceAuction((N, E, S)), "N:6S E:misere S:9S")
    with pytest.raises(RuleViolation, match="misere may only be your first call"):
        auction.call(N, "misere")
    assert "PASS" in [c.text for c in auction.legal_calls(N)]
    play(auction, "N:pass")
    assert [c.text for c in auction.legal_calls(E)] == ["PASS"]  # after misere, only pass
    play(auction, "E:pass")
    contract = auction.contract
    assert contract is not None and contract.taker == S and contract.extra["bid"] == "9S"


def test_a3_misere_ranks_between_8nt_and_9s():
    auction = play(PreferenceAuction((N, E, S)), "N:8NT")
    texts = [c.text for c in auction.legal_calls(E)]
    assert "MISERE" in texts and "8NT" not in texts
    with pytest.raises(RuleViolation, match="8NT is not higher than the standing 8NT"):
        auction.call(E, "8NT")
    other = play(PreferenceAuction((N, E, S)), "N:misere")
    assert "9S" in [c.text for c in other.legal_calls(E)]
    assert "8NT" not in [c.text for c in other.legal_calls(E)]


def test_a4_all_pass_is_raspasy():
    auction = play(PreferenceAuction((N, E, S)), "N:pass E:pass S:pass")
    contract = auction.contract
    assert contract is not None and contract.name == "raspasy"


def test_a5_the_exit_after_raspasy():
    # leningrad: raspasy_exit 7
    auction = PreferenceAuction((N, E, S), least_level=exit_level("7", 1))
    with pytest.raises(
        RuleViolation, match=r"7S is needed after raspasy \(raspasy_exit 7\); 6NT is too low"
    ):
        auction.call(N, "6NT")
    auction.call(N, "7S")
    assert "MISERE" in [c.text for c in auction.legal_calls(E)]
    # sochi: raspasy_exit 6
    assert exit_level("6", 1) == 6
    PreferenceAuction((N, E, S), least_level=exit_level("6", 1)).call(N, "6S")
    assert [exit_level("6,7,8", n) for n in (0, 1, 2, 3, 4)] == [6, 6, 7, 8, 8]


def test_a6_the_contract_named_after_the_talon():
    named = contracts_after("6D")
    assert named[:3] == ["6D", "6H", "6NT"] and named[-1] == "10NT" and "MISERE" not in named
    assert contract_refusal("6D", "6C") == "6C is lower than your bid 6D; name 6D or higher"
    assert contract_refusal("7S", "6NT") == "6NT is lower than your bid 7S; name 7S or higher"
    assert "not a game" in str(contract_refusal("6D", "MISERE"))
    assert contract_refusal("MISERE", "MISERE") is None


def test_suit_symbols_are_read():
    auction = PreferenceAuction((N, E, S))
    assert auction.call(N, "6♠").text == "6S"
    assert auction.call(E, "6♥").text == "6H"


def test_four_players_skip_the_dealer():
    # dealer W sits out: the order is N E S; W never speaks
    auction = PreferenceAuction((N, E, S))
    assert auction.legal_calls(3) == []
