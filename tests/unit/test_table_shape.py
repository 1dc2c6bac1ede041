"""A table whose shape the options change (``atout_table_shape``), and a seat that sits out of
every deal (``DealPattern.sitting_out``): four-handed Préférence, the dealer sitting out, plays
through the engine, the match and ``atout simulate`` (issue 20, items 1 and 5)."""

from __future__ import annotations

import json
import types

import pytest

import variants.preference
from framework.api import FRENCH_32, DealPattern, Packet, TableShape, hookimpl
from framework.app.cli import main
from framework.bots.base import play_out
from framework.bots.registry import make_bot
from framework.core.errors import PluginError
from framework.engine.deal import Deal
from framework.engine.match import Match
from framework.rules.plugins import variant_from_plugins

PREFERENCE = variant_from_plugins("preference", [variants.preference])
FOUR = PREFERENCE.rules("sochi", {"players": 4})


def test_the_option_players_shapes_the_table_and_three_players_keep_the_declared_one():
    three, four = PREFERENCE.table(PREFERENCE.rules()), PREFERENCE.table(FOUR)
    assert three.seats == ("N", "E", "S") and len(three.score_columns) == 12
    assert four.seats == ("N", "E", "S", "W") and len(four.score_columns) == 20
    assert PREFERENCE.info.seats == three.seats  # (the default preset's table)
    assert four.seat_may_sit_out and not three.seat_may_sit_out


def test_the_dealer_gets_no_card_never_calls_and_the_contract_leaves_him_out():
    for dealer in range(4):
        deal = Deal.new(PREFERENCE, FOUR, dealer, seed=7 + dealer)
        assert deal.seats == ("N", "E", "S", "W") and deal.sitting_out == dealer
        assert [h.bit_count() for h in deal.hands] == [0 if s == dealer else 10 for s in range(4)]
        assert deal.current_seat == (dealer + 1) % 4  # the first hand bids first
        play_out(deal, [make_bot("rules", s) for s in range(4)])
        calls = [e.seat for e in deal.events if e.kind != "play"]
        plays = [e.seat for e in deal.events if e.kind == "play"]
        assert dealer not in calls and dealer not in plays
        if deal.contract is not None:
            assert deal.contract.sitting_out == dealer
            assert all(len(cards) == 3 for _leader, cards, _winner in deal.tricks)


def test_a_match_of_four_turns_the_deal_so_each_player_sits_out_in_turn():
    match = Match(PREFERENCE, FOUR)
    assert match.dealer == 3 and set(match.totals) == set(PREFERENCE.table(FOUR).column_keys)
    for n in range(8):
        deal = Deal.new(PREFERENCE, FOUR, match.dealer, seed=n, context=match.context())
        assert deal.sitting_out == (3 + n) % 4
        play_out(deal, [make_bot("random", s) for s in range(4)])
        match.add(deal.record())
    assert [row["dealer"] for row in match.rows()] == ["W", "N", "E", "S"] * 2


def test_atout_simulate_plays_four_players_the_dealer_sitting_out_in_turn(tmp_path, capsys):
    records = tmp_path / "four.jsonl"
    argv = ["simulate", "preference", "-o", "players=4", "-n", "8", "--bot", "rules"]
    status = main([*argv, "--records", str(records), "--json"])
    out = capsys.readouterr().out
    assert status == 0, out
    points = json.loads(out)["points"]
    assert {key.partition(".")[0] for key in points} == {"N", "E", "S", "W"}
    lines = [json.loads(line) for line in records.read_text().splitlines()]
    assert [line["dealer"] for line in lines] == ["W", "N", "E", "S"] * 2
    for line in lines:
        dealer = line["dealer"]
        assert all(event[1] != dealer for event in line["events"])
        assert dealer not in (line["record"].get("tricks") or {})


def _house_rule(**hooks: object) -> types.ModuleType:
    plugin = types.ModuleType("house_rule")
    for name, function in hooks.items():
        setattr(plugin, name, hookimpl(function))
    return plugin


def test_a_shape_the_kernel_refuses_names_the_hook():
    def atout_table_shape(rules):
        return ("N", "E")

    plugin = _house_rule(atout_table_shape=atout_table_shape)
    with pytest.raises(PluginError, match=r"atout_table_shape answered .* not a TableShape"):
        variant_from_plugins("preference", [variants.preference, plugin])

    def one_seat(rules):
        return TableShape(("N",))

    plugin = _house_rule(atout_table_shape=one_seat)
    with pytest.raises(PluginError, match="2 to 6 seats"):
        variant_from_plugins("preference", [variants.preference, plugin])


def test_a_seat_sitting_out_must_be_at_the_table():
    pattern = DealPattern(FRENCH_32, 10, (2, Packet(2), 2, 2, 2, 2), sitting_out=4)
    assert "sitting_out 4" in str(pattern.fault(seats=4))
    assert DealPattern(FRENCH_32, 10, (3, 4, 3), sitting_out=0).fault(seats=4) is None
    # every seat dealt: four hands of ten would need 40 cards
    assert "40" in str(DealPattern(FRENCH_32, 10, (3, 4, 3)).fault(seats=4))


def test_the_search_bots_samples_deal_the_dealer_who_sits_out_no_card():
    """What the first hand knows of a deal of four: his own ten cards, none for the dealer; a
    sampled world gives the dealer none, the two others ten each, the talon two, and keeps the
    first hand's own cards (during the auction, and once the talon is taken and discarded)."""
    import random

    from framework.engine.infoset import InfoSet

    deal = Deal.new(PREFERENCE, FOUR, 3, seed=11)
    for _ in range(2):
        me = deal.current_seat
        info = InfoSet(deal, me)
        assert info.hand_sizes[3] == 0
        for n in range(20):
            world = info.sample(random.Random(n))
            assert world.hand(3) == 0 and world.sitting_out == 3
            assert world.hand(me) == deal.hand(me)
            assert sorted(h.bit_count() for h in world.hands) == [0, 10, 10, 10]
            assert world.talon.bit_count() == 2
        deal.apply_call(me, deal.legal_calls(me)[0])  # (a pass: the next seat speaks)


def test_atout_legal_and_trick_take_a_trick_of_four_that_skips_the_dealer(capsys):
    argv = ["-o", "players=4", "--contract", "S"]
    assert main(["legal", "preference", *argv, "--hand", "AS KS 7H", "--trick", "W:QS N:8S"]) in (
        0,
        None,
    )
    assert "AS KS" in capsys.readouterr().out
    assert main(["trick", "preference", *argv, "--trick", "N:QS E:8S W:7S"]) in (0, None)
    # tricks, not card points, count in this game: no "(0 points)"
    assert capsys.readouterr().out == "N wins the trick\n"
    # three players have no W
    assert main(["trick", "preference", "--contract", "S", "--trick", "N:QS E:8S W:7S"]) not in (
        0,
        None,
    )
