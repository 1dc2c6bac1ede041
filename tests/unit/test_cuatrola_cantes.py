"""Cuatrola's cantes (spec §4.5, OPT-ES6, §6 question 4): knight and king of a suit in one hand,
sung after a trick won by the singer's side, 20 or 40 in trumps, each suit once, one per trick,
never in a cuatrola or quintola. The engine sings whenever allowed, the 40 first."""

import random

import pytest
from cuatrola_helpers import VARIANT, deal_with, mask, rules

from framework.bots.base import RandomBot, play_out
from framework.core.cards import SPANISH_20 as DECK
from framework.core.seats import E, N, S, W, partner
from framework.engine.deal import Deal
from framework.rules.auction import Contract
from variants.cuatrola.rules import CANTE_PAIRS, cante_suit, sung_cantes

OROS, COPAS, ESPADAS, BASTOS = range(4)


def trick(leader, cards, winner):
    return (leader, tuple(DECK.parse_many(cards)), winner)


def sung(cantes):
    return [(c.seat, DECK.suits[cante_suit(c)], c.points, c.key) for c in cantes]


HANDS = [
    mask("KC NC KO NO AB"),
    mask("3C JE NE 3E JB"),
    mask("AC JC AE KE 3B"),
    mask("3O AO JO KB NB"),
]


def test_the_side_that_wins_a_trick_sings_the_40_first_then_a_20():
    tricks = [
        trick(N, "AB JB 3B NB", N),  # N wins: sings the 40 (oros trump)
        trick(N, "KC 3C AC JO", W),  # EW win; KC is gone, no copas cante for N
    ]
    assert sung(sung_cantes(HANDS, tricks, OROS)) == [(N, "O", 40, (1,))]


def test_a_20_is_sung_when_the_40_is_not_held():
    tricks = [trick(N, "AB JB 3B NB", N), trick(N, "NO JE AC JO", N)]
    assert sung(sung_cantes(HANDS, tricks, COPAS)) == [(N, "C", 40, (1,))]
    assert sung(sung_cantes(HANDS, tricks, ESPADAS)) == [(N, "O", 20, (1,)), (N, "C", 20, (2,))]


def test_a_partner_may_sing_after_the_other_partners_trick():
    tricks = [trick(N, "AB JB 3B NB", S)]
    assert sung(sung_cantes(HANDS, tricks, OROS)) == [(N, "O", 40, (1,))]


def test_no_cante_after_a_trick_won_by_the_opponents():
    tricks = [trick(N, "AB JB 3B NB", E)]
    assert sung_cantes(HANDS, tricks, OROS) == []


def test_no_cante_once_one_of_the_pair_is_played():
    tricks = [trick(N, "KO JE AC 3O", N)]  # N played KO: the 40 is broken; copas remains
    assert sung(sung_cantes(HANDS, tricks, OROS)) == [(N, "C", 20, (1,))]


def test_only_the_listed_singers_sing():
    tricks = [trick(N, "AB JB 3B NB", N)]
    assert sung_cantes(HANDS, tricks, OROS, frozenset({E})) == []


def test_cantes_are_none_in_a_cuatrola_and_only_the_soloists_with_solo_cantes_soloist():
    hook = VARIANT.pm.hook.atout_play_declarations
    tricks = [trick(N, "AB JB 3B NB", N)]
    cuatrola = Contract("O", E, name="cuatrola", sitting_out=W)
    assert hook(rules=rules(), contract=cuatrola, hands=HANDS, tricks=tricks) == ()
    solo = Contract("O", E, name="solo", sitting_out=W)
    assert hook(rules=rules(), contract=solo, hands=HANDS, tricks=tricks)
    assert hook(rules=rules(solo_cantes="soloist"), contract=solo, hands=HANDS, tricks=tricks) == []


def test_a_played_no_bet_hand_counts_its_cantes_in_the_record():
    hands = {
        "N": "KC NC 3B NB JO",
        "E": "NE KE JB NO 3E",
        "S": "AC JC AE AB KO",
        "W": "JE 3C KB 3O AO",
    }
    deal = deal_with(hands)
    for _ in range(4):
        deal.call("PASS")
    for card in ("3B", "JB", "AB", "KB"):  # S wins with AB: N sings copas (20)
        deal.play(card)
    assert deal.tricks[0][2] == S
    while not deal.is_over:
        deal.play(deal.legal_plays()[0])
    record = deal.record()
    assert record["cantes"][0] == {"team": "NS", "suit": "C"}
    assert deal.score().details["cantes"]["NS"] >= 20


@pytest.mark.parametrize("preset", ["app", "to21"])
def test_every_cante_of_random_hands_keeps_the_conditions(preset):
    r = VARIANT.rules(preset)
    count = 0
    for seed in range(60):
        deal = Deal.new(VARIANT, r, dealer=seed % 4, seed=seed)
        bots = [RandomBot(seed * 4 + s) for s in range(4)]
        # Only pass or bet a solo, so that every hand is one where cantes count.
        rng = random.Random(seed)
        while deal.phase == "auction":
            calls = [c for c in deal.legal_calls() if c.text in ("PASS", "SOLO")]
            deal.call(calls[-1] if rng.random() < 0.3 else calls[0])
        play_out(deal, bots)
        played = deal.played()
        contract = played.contract
        sung_suits = []
        per_trick = set()
        for cante in played.play_declarations:
            (number,) = cante.key
            winner = played.tricks[number - 1][2]
            assert contract.name in (None, "solo")
            assert cante.seat in (winner, partner(winner))
            assert cante.cards == CANTE_PAIRS[cante_suit(cante)]
            assert played.hands[cante.seat] & cante.cards == cante.cards
            gone = 0
            for _, earlier, _ in played.tricks[:number]:
                gone |= sum(1 << c for c in earlier)
            assert not gone & cante.cards
            assert cante_suit(cante) not in sung_suits and number not in per_trick
            sung_suits.append(cante_suit(cante))
            per_trick.add(number)
            count += 1
        assert deal.score() == VARIANT.hooks.score(r, deal.record(), deal.context)
    assert count >= 10  # the loop does meet cantes
