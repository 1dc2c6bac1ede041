"""A partner called by a card and hidden until the card is played (issue 20, item 2), proved on
the test toy ``toy-call`` of ``tests/toys`` (four seats; the taker names trumps and calls an
ace, whose holder is its partner): the sides the kernel makes from the hands, what each seat
knows of them, the legal plays while the partner is hidden, the samples of the search, the
bots, the conformance kit and ``atout simulate``'s records."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator

import pytest

from framework.app.cli import main
from framework.app.table import describe_event, seat_view
from framework.bots.base import RandomBot, play_out
from framework.bots.registry import make_bot
from framework.core.errors import PluginError, RuleViolation
from framework.core.seats import called_sides
from framework.engine.deal import Deal
from framework.engine.infoset import InfoSet
from framework.kit.conformance import check_variant
from framework.rules.auction import Contract
from framework.rules.hookspecs import hookimpl
from framework.rules.plugins import Variant, load_variant

TOY = "toy-call"
A, B, C, D = range(4)
ALONE = (0, 1, 2, 3)

#: A deal dealt by D: A calls "H AS" (hearts, calling the ace of spades), which C holds; C has
#: no club, A leads the ace of clubs.
HANDS = {
    A: "AC KC 7H 8H 9H 7D 8D 9D",
    B: "7C 8C 7S 8S 9S KD AD QC",
    C: "AS KS TH JH QH TD JD QD",
    D: "9C TC JC TS JS QS KH AH",
}


@pytest.fixture(scope="module", autouse=True)
def _toy_enabled() -> Iterator[None]:
    """The toys are hidden from the rest of the suite (tests/conftest.py): enabled here."""
    before = os.environ.get("ATOUT_DISABLED_VARIANTS")
    os.environ["ATOUT_DISABLED_VARIANTS"] = ",".join(
        n for n in (before or "").split(",") if n != TOY
    )
    yield
    if before is None:
        del os.environ["ATOUT_DISABLED_VARIANTS"]
    else:
        os.environ["ATOUT_DISABLED_VARIANTS"] = before


@pytest.fixture(scope="module")
def toy() -> Variant:
    return load_variant(TOY)


def dealt(variant: Variant, hands: dict[int, str] = HANDS) -> Deal:
    """The deal of ``hands`` (packets of 4 and 4 from A, the dealer D)."""
    deck = variant.info.deck
    cards = {seat: text.split() for seat, text in hands.items()}
    order = [c for part in (slice(0, 4), slice(4, 8)) for s in range(4) for c in cards[s][part]]
    deal = Deal(variant, variant.rules(), D, [deck.parse(c) for c in order])
    assert [deck.format_mask(deal.hand(s)) for s in range(4)] == [
        deck.format_mask(deck.parse_mask(hands[s])) for s in range(4)
    ]
    return deal


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    try:
        status = main(list(argv))
    except SystemExit as exit_:
        status = exit_.code if isinstance(exit_.code, int) else 1
    return status or 0, capsys.readouterr().out


# ---- the sides and who knows them ---------------------------------------------------------


def test_the_holder_of_the_called_card_is_the_takers_partner_known_to_itself_alone(toy):
    deal = dealt(toy)
    deal.call("H AS")
    assert deal.contract is not None and deal.contract.called == toy.info.deck.parse("AS")
    assert deal.sides == called_sides(A, C, 4) == (0, 1, 0, 1)
    # The holder knows; the taker (who knows only that it is not itself) and the defenders
    # see every seat alone.
    assert InfoSet(deal, C).sides == (0, 1, 0, 1)
    for seat in (A, B, D):
        assert InfoSet(deal, seat).sides == ALONE
    deal.play("AC")
    deal.play("7C")
    assert InfoSet(deal, C).partner_wins() and not InfoSet(deal, B).partner_wins()
    deal.play("TH")
    deal.play("9C")
    deal.play("AS")  # the called card: the sides are everyone's from now on
    for seat in range(4):
        assert InfoSet(deal, seat).sides == (0, 1, 0, 1)
    assert InfoSet(deal, A).partner_wins()


def test_a_taker_who_holds_the_called_card_plays_alone_unknown_to_the_others(toy):
    deal = dealt(toy)
    deal.call("H AC")
    assert deal.sides == (0, 1, 1, 1)
    assert InfoSet(deal, A).sides == (0, 1, 1, 1)
    assert InfoSet(deal, B).sides == ALONE
    deal.play("AC")
    assert InfoSet(deal, B).sides == (0, 1, 1, 1)


def test_the_sides_are_everyones_at_the_end_even_when_the_card_is_never_played(toy):
    # A calls the ace of hearts, which D holds: played out, every seat knows the sides.
    deal = dealt(toy)
    deal.call("S AH")
    play_out(deal, [RandomBot(s) for s in range(4)])
    for seat in range(4):
        assert InfoSet(deal, seat).sides == deal.sides == (0, 1, 1, 0)
    played = deal.played()
    ace = toy.info.deck.parse("AH")
    assert played.partner == D and played.revealed is not None
    leader, cards, _winner = played.tricks[played.revealed]
    assert (leader + cards.index(ace)) % 4 == D  # the trick in which D played it


def test_the_table_says_your_partner_only_to_a_seat_that_knows_it(toy):
    deal = dealt(toy)
    deal.call("H AS")
    deal.play("AC")
    led = deal.events[-1]
    assert describe_event(deal, led, C) == "your partner (A) plays A of C"
    for me in (B, D):
        assert describe_event(deal, led, me) == "A plays A of C"
        assert seat_view(deal, me).tricks_won == dict.fromkeys("ABCD", 0)
    assert seat_view(deal, C).tricks_won == {"AC": 0, "BD": 0}
    for card in ("7C", "TH", "9C", "AS"):
        deal.play(card)
    shown = deal.events[-1]
    assert describe_event(deal, shown, A) == "your partner (C) plays A of S"
    assert seat_view(deal, B).tricks_won == {"AC": 1, "BD": 0}


# ---- the legal plays while the partner is hidden ------------------------------------------


def test_no_partner_winning_step_applies_until_the_called_card_is_played(toy):
    deal = dealt(toy)
    deal.call("H AS")
    deal.play("AC")  # the taker wins the trick so far
    deal.play("7C")
    # C, the hidden partner, has no club: it must trump, as any seat alone must (its partner
    # winning would let it play any card, and show who it is).
    deck = toy.info.deck
    assert not deal.partner_wins(C)
    assert deck.format_mask(deal.legal_mask()) == "TH JH QH"
    with pytest.raises(RuleViolation, match="you cannot follow suit: you must trump"):
        deal.play("QD")
    deal.play("TH")
    deal.play("9C")
    deal.play("AS")  # shown: C is A's partner
    deal.play("TS")
    # A has no spade and its partner wins: any card.
    assert deal.partner_wins(A)
    assert deal.legal_mask() == deal.hand(A)


def test_the_plays_exclude_only_what_the_public_sides_say(toy):
    # A voids that a seat revealed are true of the real hands, in many deals of rule bots.
    for seed in range(40):
        deal = Deal.new(toy, toy.rules(), seed % 4, seed)
        bots = [make_bot("rules", seed * 4 + s) for s in range(4)]
        stop = 10 + seed % 17
        while not deal.is_over and len(deal.actions) < stop:
            seat = deal.current_seat
            assert seat is not None
            info = InfoSet(deal, seat)
            if deal.phase == "auction":
                deal.apply_call(seat, bots[seat].choose_call(info, deal.legal_calls(seat)))
            else:
                deal.apply_play(seat, bots[seat].choose_card(info, deal.legal_mask()))
        if deal.is_over or deal.phase != "play":
            continue
        for viewer in range(4):
            excluded = InfoSet(deal, viewer).excluded()
            for seat in range(4):
                assert excluded[seat] & deal.hand(seat) == 0


# ---- the search's samples -----------------------------------------------------------------


def holder(world: Deal, card: int) -> int | None:
    return next((s for s in range(4) if world.start_hands[s] >> card & 1), None)


def test_samples_never_know_the_partner_before_its_card_unless_the_seat_holds_it(toy):
    deal = dealt(toy)
    deal.call("H AS")
    deal.play("AC")
    called = toy.info.deck.parse("AS")
    for viewer in range(4):
        info = InfoSet(deal, viewer)
        holders = set()
        for k in range(60):
            world = info.sample(random.Random(k))
            found = holder(world, called)
            holders.add(found)
            # The sampled deal's sides follow its own holder of the card.
            assert world.sides == called_sides(A, found, 4)
            assert InfoSet(world, viewer).sides == info.sides
        if viewer == C:
            assert holders == {C}
        else:
            # Any seat but the viewer may hold it (A too: then it plays alone).
            assert holders == {A, B, C, D} - {viewer} - ({A} if viewer == A else set())
    # Once the card is played, every sample has the true sides.
    for card in ("7C", "TH", "9C", "AS"):
        deal.play(card)
    for viewer in range(4):
        info = InfoSet(deal, viewer)
        for k in range(10):
            assert info.sample(random.Random(k)).sides == (0, 1, 0, 1)


def test_the_search_bots_worlds_give_the_called_card_to_any_seat_that_may_hold_it(toy, monkeypatch):
    """The deals a search bot plays out while the partner is hidden: the called card lies
    with any seat but the viewer (the taker too: then alone), each deal's sides its own."""
    deal = dealt(toy)
    deal.call("H AS")
    deal.play("AC")  # B to play: a defender, who does not know the partner
    called = toy.info.deck.parse("AS")
    worlds: list[Deal] = []
    sample = InfoSet.sample

    def kept(self: InfoSet, rng: random.Random) -> Deal:
        world = sample(self, rng)
        worlds.append(world)
        return world

    monkeypatch.setattr(InfoSet, "sample", kept)
    make_bot("search", 5, budget=24).choose_card(InfoSet(deal, B), deal.legal_mask())
    holders = {holder(world, called) for world in worlds}
    assert holders == {A, C, D}
    for world in worlds:
        assert world.sides == called_sides(A, holder(world, called), 4)


# ---- what the auction rules out -----------------------------------------------------------


class NoOwnAce:
    """A house rule on toy-call (Schafkopf's): a taker may not call an ace it holds, so the
    call shows that its caller holds no such ace (``atout_call_excludes``)."""

    @hookimpl
    def atout_call_excludes(self, rules, call):
        if call.kind == "pass":
            return None
        return 1 << load_variant(TOY).info.deck.parse(call.text.split()[1])


@pytest.fixture(scope="module")
def schafkopf() -> Variant:
    return load_variant(TOY, extra_plugins=[NoOwnAce()])


def test_a_taker_may_not_call_an_ace_it_holds_under_the_house_rule(schafkopf):
    deal = dealt(schafkopf)
    offered = {call.text for call in deal.legal_calls(A)}
    assert "H AS" in offered and not any(text.endswith(" AC") for text in offered)  # A holds AC
    with pytest.raises(RuleViolation, match="A may not call H AC holding AC"):
        deal.call("H AC")
    with pytest.raises(RuleViolation, match="holding AC"):
        deal.find_call(A, "S AC")
    assert deal.calls == ()  # nothing changed
    deal.call("H AS")
    assert deal.sides == called_sides(A, C, 4)


def test_every_seat_knows_the_caller_holds_none_of_the_aces_its_call_rules_out(schafkopf, toy):
    ace = toy.info.deck.parse("AS")
    for variant, knows in ((schafkopf, True), (toy, False)):
        deal = dealt(variant)
        deal.call("H AS")
        for viewer in (B, C, D):
            assert bool(InfoSet(deal, viewer).excluded()[A] >> ace & 1) == (knows and viewer != C)


def test_the_samples_never_give_the_called_ace_to_a_caller_the_auction_rules_out(schafkopf):
    """Under the house rule the called ace lies with a seat other than the taker in every
    sampled deal of a defender (the toy as it is gives it to the taker too: see
    test_samples_never_know_the_partner_before_its_card_unless_the_seat_holds_it)."""
    deal = dealt(schafkopf)
    deal.call("H AS")
    deal.play("AC")
    called = schafkopf.info.deck.parse("AS")
    for viewer in (B, D):
        info = InfoSet(deal, viewer)
        holders = {holder(info.sample(random.Random(k)), called) for k in range(60)}
        assert holders == {B, C, D} - {viewer}


def test_the_samples_never_give_the_called_ace_to_a_seat_shown_void_in_its_suit(toy):
    """C takes trick 1 with a trump and leads the KS; A, with no spade, trumps: from then on
    no sample of B's gives A the called AS (before, some did: the toy lets A call its own)."""
    deal = dealt(toy)
    deal.call("H AS")
    called = toy.info.deck.parse("AS")
    for card in ("AC", "7C", "TH", "9C"):
        deal.play(card)
    assert deal.current_seat == C
    info = InfoSet(deal, B)
    assert A in {holder(info.sample(random.Random(k)), called) for k in range(60)}
    for card in ("KS", "TS", "7H"):  # C, D, then A trumps: no spade
        deal.play(card)
    info = InfoSet(deal, B)
    assert info.excluded()[A] >> called & 1
    assert {holder(info.sample(random.Random(k)), called) for k in range(60)} == {C, D}


def test_the_search_bots_worlds_respect_the_house_rule(schafkopf, monkeypatch):
    deal = dealt(schafkopf)
    deal.call("H AS")
    deal.play("AC")
    called = schafkopf.info.deck.parse("AS")
    worlds: list[Deal] = []
    sample = InfoSet.sample

    def kept(self: InfoSet, rng: random.Random) -> Deal:
        world = sample(self, rng)
        worlds.append(world)
        return world

    monkeypatch.setattr(InfoSet, "sample", kept)
    make_bot("search", 5, budget=24).choose_card(InfoSet(deal, B), deal.legal_mask())
    assert {holder(world, called) for world in worlds} == {C, D}


def test_the_kit_plays_the_house_rule_with_every_bot_and_no_call_it_forbids(schafkopf):
    check_variant(schafkopf, deals=6, bots=("random", "rules", "search"), budget=3)
    for n in range(6):
        deal = Deal.new(schafkopf, schafkopf.rules(), n % 4, 500 + n)
        play_out(deal, [make_bot("rules", s) for s in range(4)])
        contract = deal.contract
        if contract is not None:
            assert not deal.start_hands[contract.taker] >> contract.called & 1


def test_a_call_excludes_answer_that_is_not_cards_is_refused_naming_the_hook(toy):
    class Bad:
        @hookimpl
        def atout_call_excludes(self, rules, call):
            return -1

    deal = dealt(load_variant(TOY, extra_plugins=[Bad()]))
    with pytest.raises(PluginError, match="atout_call_excludes answered -1 for 'PASS'"):
        deal.legal_calls(A)


@pytest.mark.parametrize("bot", ["random", "rules", "search"])
def test_no_bot_peeks_at_the_hidden_partner(toy, bot):
    """The same view, the hidden cards (the called card among them) dealt again: the bot's
    choice does not change."""
    checked = 0
    for n in range(4):
        deal = Deal.new(toy, toy.rules(), n % 4, 300 + n)
        bots = [make_bot("rules", n * 4 + s) for s in range(4)]
        while not deal.is_over:
            seat = deal.current_seat
            assert seat is not None
            if deal.phase == "play" and deal.contract is not None and len(deal.tricks) in (1, 3):
                info = InfoSet(deal, seat)
                chooser = make_bot(bot, 11, budget=3)
                expected = chooser.choose_card(info, deal.legal_mask())
                for k in range(3):
                    world = info.sample(random.Random(1000 + k))
                    again = make_bot(bot, 11, budget=3)
                    assert again.choose_card(InfoSet(world, seat), world.legal_mask()) == expected
                    checked += 1
            info = InfoSet(deal, seat)
            if deal.phase == "auction":
                deal.apply_call(seat, bots[seat].choose_call(info, deal.legal_calls(seat)))
            else:
                deal.apply_play(seat, bots[seat].choose_card(info, deal.legal_mask()))
    assert checked >= 12


# ---- the kit, the CLI, refusals -----------------------------------------------------------


def test_the_conformance_kit_passes_with_every_bot(toy):
    check_variant(toy, deals=9, bots=("random", "rules", "search"), budget=3)


def test_simulate_records_say_who_was_the_partner_and_when_it_was_shown(capsys, tmp_path):
    path = tmp_path / "records.jsonl"
    status, out = run(
        capsys, "simulate", TOY, "--deals", "12", "--seed", "4", "--records", str(path)
    )
    assert status == 0, out
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(lines) == 12
    toy = load_variant(TOY)
    deck = toy.info.deck
    partners = set()
    for line in lines:
        record = line["record"]
        if record.get("thrown_in"):
            continue
        taker, called = record["taker"], record["called"]
        plays = [(seat, card) for kind, seat, card in line["events"] if kind == "play"]
        # The called card was played by the partner (the taker's own card: alone), in the
        # trick the record says, counted from 1.
        by, at = next((seat, i // 4) for i, (seat, card) in enumerate(plays) if card == called)
        assert record["partner"] == (None if by == taker else by)
        assert record["revealed"] == at + 1
        partners.add(record["partner"])
        # The deal replays to the same partner.
        replayed = Deal.from_json(toy, line)
        assert replayed.played().partner == (None if by == taker else "ABCD".index(by))
        assert deck.format(replayed.contract.called) == called  # type: ignore[union-attr,arg-type]
    assert len(partners) >= 2


def test_atout_legal_knows_no_partner_for_a_contract_that_calls_none(capsys):
    # C, without a club, after A's ace and B's seven: it must trump (nobody's partner wins).
    status, out = run(
        capsys, "legal", TOY, "--contract", "H", "--hand", "TH QD KS", "--trick", "A:AC B:7C"
    )
    assert status == 0, out
    assert out.splitlines() == ["C may play: TH", "you cannot follow suit: you must trump"]


class _SidesForEveryContract:
    @hookimpl(tryfirst=True)
    def atout_sides(self, rules, contract, decisions):
        return (0, 1, 0, 1)


class _CallsNoCard:
    @hookimpl(tryfirst=True)
    def atout_auction(self, rules, dealer, turn_up, context):
        from atout_toys.call import CallAnAce

        class Bad(CallAnAce):
            def apply(self, seat, call):
                super().apply(seat, call)
                if self._contract is not None:
                    self._contract = Contract(self._contract.denomination, seat, called=99)

        return Bad(dealer)


@pytest.mark.parametrize(
    ("plugin", "words"),
    [
        (_SidesForEveryContract(), "atout_sides answered (0, 1, 0, 1) for a contract that calls"),
        (_CallsNoCard(), "calls 99, which is not a card of its deck (0 to 31)"),
    ],
)
def test_a_called_contract_refuses_the_variants_sides_and_a_card_not_in_the_deck(plugin, words):
    variant = load_variant(TOY, extra_plugins=[plugin])
    deal = dealt(variant)
    with pytest.raises(PluginError, match="toy-call") as refused:
        deal.call("H AS")
    assert words in str(refused.value)
