"""A variant names its own contract kinds and the words of its calls (issue 13, item 1).

The toy Jass of ``toy_jass.py`` plays Obenabe and Undenufe besides the four trump suits; the
kernel reads them through ``atout_contract_kinds`` and never assumes a suit, NT or AT.
"""

from __future__ import annotations

import pytest
import toy_game
import toy_jass

from framework.api import Call, Contract, NotationError, variant_from_plugins
from framework.core.seats import E, S
from framework.kit.conformance import check_variant


@pytest.fixture(scope="module")
def jass():
    return variant_from_plugins("toy-jass", [toy_jass])


def test_a_variant_reads_its_own_contract_kinds_in_any_case(jass):
    rules = jass.rules()
    assert jass.hooks.parse_contract(rules, "obe", E) == Contract("OBE", E, name="obenabe")
    assert jass.hooks.parse_contract(rules, " UNDE ", S).name == "undenufe"
    assert jass.hooks.parse_contract(rules, "♥").denomination == "H"


def test_an_unknown_contract_is_refused_with_the_variants_own_kinds(jass):
    with pytest.raises(NotationError) as err:
        jass.hooks.parse_contract(jass.rules(), "NT")
    assert str(err.value) == ("'NT' is not a contract of toy-jass; use one of S H D C OBE UNDE")


def test_without_the_hook_the_kinds_are_the_decks_suits(toy):
    # (no trumps and all trumps are the Belote family's kinds, which its plugin declares)
    codes = [k.code for k in toy.hooks.contract_kinds(toy.rules())]
    assert codes == ["S", "H", "D", "C"]


@pytest.mark.parametrize("kind", ["NT", "AT"])
def test_without_the_hook_no_trumps_and_all_trumps_are_refused(toy, kind):
    # (they were the kernel's default: atout legal -c NT of a variant without them, such as
    # Klaverjas, reached its play rules and failed with an internal error)
    with pytest.raises(NotationError) as err:
        toy.hooks.parse_contract(toy.rules(), kind)
    assert str(err.value) == f"{kind!r} is not a contract of toy; use one of S H D C"


def test_undenufe_plays_the_six_highest(jass):
    rules = jass.rules()
    play = jass.hooks.play_rules(rules, jass.hooks.parse_contract(rules, "UNDE"))
    deck = toy_jass.DECK
    trick = tuple(deck.parse(c) for c in ("AS", "6S", "KS"))
    assert play.winner(trick) == 1


def test_a_variant_gives_its_calls_their_words_through_atout_call_label(jass):
    assert (
        jass.hooks.call_label(jass.rules(), Call("OBE", "bid", "OBE")) == "play Obenabe (top down)"
    )


def test_the_kernels_words_spell_the_contract_kind_out(toy):
    rules = toy.rules()
    assert toy.hooks.call_label(rules, Call("PASS", "pass")) == "pass"
    assert toy.hooks.call_label(rules, Call("110H", "bid", "H")) == "110 H"
    assert toy.hooks.call_label(rules, Call("COINCHE", "double")) == "coinche"


def test_the_toy_jass_keeps_the_kernel_invariants(jass):
    check_variant(jass, deals=12, card_points=toy_jass.TOTAL)


def test_only_the_plugin_that_declares_its_kinds_implements_atout_contract_kinds(jass):
    assert "atout_call_label" in jass.hooks_implemented
    assert "atout_contract_kinds" in jass.hooks_implemented
    assert "atout_contract_kinds" not in variant_from_plugins("toy", [toy_game]).hooks_implemented
