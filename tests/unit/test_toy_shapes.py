"""The table's shape is the variant's (issue 20): a two-hand game with a talon (``toy-duo``)
and a six-hand game in two alternating sides (``toy-six``), the installed test toys of
``tests/toys`` (``pip install ./tests/toys``, done by ``scripts/test``), play full deals
through the engine, the bots, the conformance kit and ``atout legal/trick/score/simulate/duel/
play``, with no code of theirs outside their plugin."""

from __future__ import annotations

import json
import os
import random

import pytest

from framework.app.cli import main
from framework.app.play_cli import play_match
from framework.app.table import seat_view
from framework.bots.base import RandomBot, play_out
from framework.bots.registry import make_bot
from framework.engine.deal import Deal
from framework.engine.infoset import InfoSet
from framework.engine.match import Match
from framework.kit.conformance import check_variant
from framework.rules.plugins import load_variant

TOYS = ("toy-duo", "toy-six")


@pytest.fixture(scope="module", autouse=True)
def _toys_enabled():
    """The toys are hidden from the rest of the suite (tests/conftest.py): enabled here."""
    before = os.environ.get("ATOUT_DISABLED_VARIANTS")
    blocked = (before or "").split(",")
    os.environ["ATOUT_DISABLED_VARIANTS"] = ",".join(n for n in blocked if n not in TOYS)
    yield
    if before is None:
        del os.environ["ATOUT_DISABLED_VARIANTS"]
    else:
        os.environ["ATOUT_DISABLED_VARIANTS"] = before


@pytest.fixture(scope="module")
def duo():
    return load_variant("toy-duo")


@pytest.fixture(scope="module")
def six():
    return load_variant("toy-six")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """``atout ARGV`` in this process: its exit status, output and errors."""
    try:
        status = main(list(argv))
    except SystemExit as exit_:
        status = exit_.code if isinstance(exit_.code, int) else 1
    out = capsys.readouterr()
    return status or 0, out.out, out.err


# ---- the engine -------------------------------------------------------------------------------


def test_a_two_hand_deal_keeps_a_talon_nobody_sees(duo):
    deal = Deal.new(duo, duo.rules(), seed=3)
    assert deal.seats == ("A", "B") and deal.dealer == 1  # the table's last seat deals
    hands = deal.hands
    assert len(hands) == 2 and [h.bit_count() for h in hands] == [8, 8]
    # Two cards dealt to the talon between the packets, and the six never dealt.
    talon = deal.talon
    assert talon.bit_count() == 8 and not talon & (hands[0] | hands[1])
    assert hands[0] | hands[1] | talon == deal.deck.full
    for seat in (0, 1):
        view = InfoSet(deal, seat)
        assert view.talon == 0 and view.talon_size == 8
        assert view.hand_sizes == (8, 8)
    play_out(deal, [RandomBot(1), RandomBot(2)])
    played = deal.played()
    assert played.talon == talon and len(played.points_by_seat) == 2
    assert sum(played.tricks_by_seat) == len(played.tricks)
    if played.contract is not None:
        assert len(played.tricks) == 8 and all(len(t[1]) == 2 for t in played.tricks)
        # Each seat alone: a side per seat, keyed by the seat's name.
        assert played.sides == (0, 1) and set(played.card_points) == {"A", "B"}
        assert played.card_points["A"] == played.points_by_seat[0]


def test_a_sampled_deal_puts_unknown_cards_in_the_other_hand_and_the_talon(duo):
    deal = Deal.new(duo, duo.rules(), seed=5)
    deal.call("S")  # B deals, A speaks first and takes
    deal.play(deal.legal_plays()[0])
    view = InfoSet(deal, 1)
    rng = random.Random(1)
    seen_talons = set()
    for _ in range(12):
        world = view.sample(rng)
        assert world.hand(1) == deal.hand(1) and world.trick == deal.trick
        assert world.hand(0).bit_count() == deal.hand(0).bit_count()
        assert world.talon.bit_count() == 8 and not world.talon & deal.hand(1)
        seen_talons.add(world.talon)
    assert len(seen_talons) > 1  # the talon is unknown: it varies between samples


def test_six_seats_play_in_order_round_the_table_in_alternating_sides(six):
    deal = Deal.new(six, six.rules(), dealer=2, seed=1)
    assert deal.current_seat == 3  # the seat after the dealer speaks first
    deal.call("H")
    assert deal.sides == (0, 1, 0, 1, 0, 1) and deal.current_seat == 3
    seats = []
    for _ in range(6):
        seats.append(deal.current_seat)
        deal.play(deal.legal_plays()[0])
    assert seats == [3, 4, 5, 0, 1, 2]
    winner = deal.tricks[0][2]
    assert deal.current_seat == winner and deal.partner_wins(winner) is False
    log = deal.to_json()
    assert log["dealer"] == "C" and log["events"][0] == ["call", "D", "H"]
    again = Deal.from_json(six, json.loads(json.dumps(log)))
    assert again.tricks == deal.tricks and again.hands == deal.hands


def test_the_seat_view_counts_tricks_by_the_sides_of_a_table_of_six(six):
    """The play table's tricks by side are the deal's sides, named by their seats (ACE, BDF):
    it counted them as NS and EW by seat % 2."""
    deal = Deal.new(six, six.rules(), dealer=2, seed=1)
    deal.call("H")
    for _ in range(6):
        deal.play(deal.legal_plays()[0])
    side = "ACE" if deal.sides[deal.tricks[0][2]] == 0 else "BDF"
    assert seat_view(deal, 0).tricks_won == {"ACE": 0, "BDF": 0, side: 1}


def test_the_dealer_turns_round_a_table_of_two_and_of_six(duo, six):
    for variant, seats in ((duo, 2), (six, 6)):
        match = Match(variant, variant.rules())
        dealers = [match.dealer]
        for seed in range(seats):
            deal = Deal.new(
                variant, variant.rules(), match.dealer, seed=seed, context=match.context()
            )
            play_out(deal, [RandomBot(seed * 10 + s) for s in range(seats)])
            match.add(deal.record(), validated=True)
            dealers.append(match.dealer)
        assert dealers == [seats - 1, *range(seats)]


# ---- the bots and the kit ---------------------------------------------------------------------


@pytest.mark.parametrize("name", TOYS)
@pytest.mark.parametrize("bot", ["random", "rules", "search"])
def test_each_bot_plays_full_deals(name, bot):
    variant = load_variant(name)
    seats = len(variant.info.seats)
    rules = variant.rules()
    played = 0
    for seed in range(6 if bot != "search" else 2):
        # The bot at even seats, random bidders at odd ones (the rule bot's auction passes a
        # hand it cannot value: a deal it alone bids is thrown in).
        bots = [
            make_bot(bot if s % 2 == 0 else "random", seed * 10 + s, budget=4) for s in range(seats)
        ]
        deal = play_out(Deal.new(variant, rules, seed=seed), bots)
        assert deal.is_over
        score = deal.score()
        assert set(score.points) == set(variant.info.seats)
        played += deal.contract is not None
        if deal.contract is not None:
            assert sum(deal.played().tricks_by_seat) == deal.deck.size // seats - (
                8 // seats if name == "toy-duo" else 0
            )
    assert played


@pytest.mark.parametrize("name", TOYS)
def test_the_conformance_kit_passes(name):
    check_variant(name, deals=8, bots=("random", "rules", "search"), budget=3)


# ---- the command line -------------------------------------------------------------------------


@pytest.mark.parametrize("name", TOYS)
def test_atout_simulate_plays_and_logs_replayable_deals(name, capsys, tmp_path):
    variant = load_variant(name)
    records = tmp_path / "deals.jsonl"
    status, out, err = run(
        capsys, "simulate", name, "--deals", "12", "--seed", "4", "--records", str(records)
    )
    assert status == 0, err
    assert f"{name}/plain, bot random, seed 4: 12 deals" in out
    assert "\npoints A " in out and (" F " in out) == (name == "toy-six")
    lines = [json.loads(x) for x in records.read_text(encoding="utf-8").splitlines()]
    assert len(lines) == 12
    for line in lines:
        assert line["dealer"] in variant.info.seats
        deal = Deal.from_json(variant, line)
        assert deal.is_over and deal.record() == line["record"]
    # The records score as one sheet (a match too long to end): atout score.
    sheet = tmp_path / "sheet.json"
    sheet.write_text(json.dumps([line["record"] for line in lines]), encoding="utf-8")
    status, out, err = run(capsys, "score", name, "-o", "target=10000", str(sheet), "--json")
    assert status == 0, err
    scored = json.loads(out)
    assert set(scored["totals"]) == set(variant.info.seats)


def test_atout_legal_and_trick_read_and_name_the_tables_seats(capsys):
    status, out, _ = run(
        capsys, "legal", "toy-six", "-c", "H", "--hand", "6H 9S", "--trick", "b:7H C:8H", "--json"
    )
    assert status == 0 and json.loads(out)["seat"] == "D" and json.loads(out)["legal"] == ["6H"]
    status, out, _ = run(
        capsys, "legal", "toy-duo", "-c", "S", "--hand", "9S AH", "--trick", "B:TH"
    )
    assert status == 0 and out.startswith("A may play: AH")
    status, out, _ = run(
        capsys, "trick", "toy-six", "-c", "H", "--trick", "B:7H C:8H D:AS E:KH F:6S A:9H"
    )
    assert status == 0 and out.startswith("E wins the trick (7 points)")
    status, _, err = run(capsys, "trick", "toy-duo", "-c", "H", "--trick", "B:TH")
    assert status == 2  # (a bad command-line value)
    assert "give the whole trick, one card for each seat that plays (A B)" in err
    status, _, err = run(
        capsys, "legal", "toy-six", "-c", "H", "--hand", "6H", "--trick", "B:7H D:8H"
    )
    assert status == 2
    assert "D cannot play after B: the seats play in the order A B C D E F" in err
    status, _, err = run(capsys, "legal", "toy-duo", "-c", "H", "--hand", "9H", "--trick", "N:TH")
    assert "'N' is not a seat; use A, B" in err


@pytest.mark.parametrize("name", TOYS)
def test_atout_duel_compares_two_bots(name, capsys):
    status, out, err = run(
        capsys,
        "duel",
        name,
        "--bot",
        "random",
        "--against",
        "rules",
        "-n",
        "2",
        "-j",
        "1",
        "--json",
    )
    assert status == 0, err
    result = json.loads(out)
    assert result["variant"] == name and result["deals"] == 2
    low, high = result["ci95"]
    assert low <= result["margin"] <= high


@pytest.mark.parametrize("name", TOYS)
def test_atout_play_plays_a_match_through_text(name):
    variant = load_variant(name)
    rules = variant.rules(None, {"target": 1})
    lines: list[str] = []
    rng = random.Random(2)

    def read(prompt: str) -> str:
        last = lines[-1]
        if last.startswith("calls: "):
            return rng.choice(last[len("calls: ") :].split(", ")) + "\n"
        if last.startswith("you may play: "):
            return rng.choice(last[len("you may play: ") :].split(" (")[0].split()) + "\n"
        return "?\n"

    def echo(text: str) -> None:
        lines.extend(text.splitlines() or [""])

    match = play_match(variant, rules, 0, 3, "random", read, echo)
    assert match.outcome.over and lines[-1].startswith("match over: ")
    assert lines[0].startswith(f"{variant.info.title} (plain): you sit A (A), bot random")
    assert any(line.startswith("your hand (A): ") for line in lines)
