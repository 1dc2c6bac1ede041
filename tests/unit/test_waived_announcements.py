"""A declaration kept quiet (issue 21, item 6): where the variant lets a player choose
(``atout_announcement_optional``), a seat may waive a combination before its first card; it is
then not declared, not shown and not counted, and the deal's log keeps the choice."""

from __future__ import annotations

import pytest

from framework.bots.base import play_out
from framework.bots.registry import make_bot
from framework.core.errors import RuleViolation
from framework.engine.deal import Deal
from framework.engine.infoset import InfoSet
from framework.rules.plugins import load_variant


@pytest.fixture(scope="module")
def fb():
    return load_variant("french-belote")


def dealt(variant, rules):
    """A deal at its first card where the first seat to play declares something."""
    for seed in range(300):
        deal = Deal.new(variant, rules, seed % 4, seed)
        bots = [make_bot("rules", seed * 4 + s) for s in range(4)]
        views = [InfoSet(deal, s) for s in range(4)]
        deal.call_to_end([b.choose_call for b in bots], views)
        if deal.phase == "play" and deal.declared()[deal.current_seat]:
            return deal, seed
    raise AssertionError("no deal with a declaration in 300 seeds")


def test_without_the_variant_s_word_a_player_has_no_choice():
    bela = load_variant("bela")  # Bela declares, but says nothing of a choice
    deal, _seed = dealt(bela, bela.rules(next(iter(bela.presets))))
    assert deal.declared()[deal.current_seat]
    assert all(deal.optional_announcements(s) == () for s in range(4))


def test_a_waived_declaration_is_not_declared_shown_or_counted(fb):
    deal, seed = dealt(fb, fb.rules("classic", {"announcements": True}))
    seat = deal.current_seat
    (quiet, *_rest) = deal.optional_announcements(seat)
    assert quiet in deal.declared()[seat]
    deal.waive(seat, quiet)
    assert quiet not in deal.declared()[seat]
    assert deal.optional_announcements(seat) == tuple(deal.declared()[seat])
    play_out(deal, [make_bot("random", seed * 4 + s) for s in range(4)])
    played = deal.played()
    assert quiet not in played.declared and quiet not in played.counted
    assert all(e[2] != quiet for e in deal.announcement_events())
    # The log keeps the choice: the deal loads again with the same announcements and score.
    data = deal.to_json()
    waives = [e for e in data["events"] if e[0] == "waive"]
    assert [e[1] for e in waives] == [deal.seats[seat]]
    first_card = next(e for e in data["events"] if e[0] == "play" and e[1] == deal.seats[seat])
    assert data["events"].index(waives[0]) == data["events"].index(first_card) - 1
    assert deal.copy().to_json() == data  # a copy keeps the waiver
    again = Deal.from_json(fb, data)
    assert again.to_json() == data
    assert again.score() == deal.score()


def test_a_declaration_is_waived_only_before_the_first_card(fb):
    deal, _seed = dealt(fb, fb.rules("classic", {"announcements": True}))
    seat = deal.current_seat
    quiet = deal.optional_announcements(seat)[0]
    deal.play(_lowest(deal.legal_mask()))
    assert deal.optional_announcements(seat) == ()
    with pytest.raises(RuleViolation, match=r"cannot keep .* quiet"):
        deal.waive(seat, quiet)
    assert quiet in deal.declared()[seat]


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def test_bots_keep_announcing_so_a_deal_without_a_waiver_logs_none(fb):
    deal, seed = dealt(fb, fb.rules("classic", {"announcements": True}))
    declared = deal.declared()
    play_out(deal, [make_bot("random", seed * 4 + s) for s in range(4)])
    assert deal.declared() == declared
    assert all(e[0] != "waive" for e in deal.to_json()["events"])
