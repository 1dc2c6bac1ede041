"""The play table's phases after the auction (issue 20, item 5), on the toy of
``tests/unit/toy_talon.py`` (four seats, a talon of four cards; the taker takes it, discards four
cards, names the game, then each other seat says WHIST or PASS): the talon and the discard are
taps, the decision is asked in the variant's words, and "partner" is said only of a seat on the
person's side."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from framework.api import hookimpl
from framework.core.cards import bits
from framework.core.seats import S
from framework.rules import plugins
from scorepad import i18n, installed
from scorepad import play as tables
from scorepad.db import get_session

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "unit"))

import toy_game
import toy_talon


class _EntryPoint:
    def __init__(self, name, plugin):
        self.name, self.value, self.plugin, self.dist = name, f"fake.{name}", plugin, None

    def load(self):
        return self.plugin


@pytest.fixture
def talon_toy(monkeypatch):
    """The toy with a talon, installed as ``toy-talon`` (stacked on the toy game)."""
    monkeypatch.setattr(toy_talon, "atout_bases", hookimpl(lambda: [toy_game]), raising=False)
    real = plugins._entry_points()
    monkeypatch.setattr(
        plugins,
        "_entry_points",
        lambda: {**real, "toy-talon": _EntryPoint("toy-talon", toy_talon)},
    )
    for cached in (installed.variant, i18n.domains, i18n.languages):
        cached.cache_clear()
    yield toy_talon
    for cached in (installed.variant, i18n.domains, i18n.languages):
        cached.cache_clear()


def _csrf(client) -> str:
    page = client.get("/play/").get_data(as_text=True)
    return re.search(r'name="_csrf" value="([^"]+)"', page).group(1)


def _table(app, key):
    with app.app_context():
        return tables.load(get_session(), key)


def _move(client, key, table, token, **form):
    data = {"_csrf": token, "deal": str(table.number), "event": str(table.deal.event_count)}
    response = client.post(f"/play/{key}/move", data=data | form, headers={"HX-Request": "true"})
    assert response.status_code == 200, response.data[:300]
    return response.get_data(as_text=True)


def _to_my_phase(app, client, key, token):
    """Play (passing in the auction, the first legal card in the play) until the person has a
    phase's action to take, or the match ends; the table then."""
    for _ in range(400):
        table = _table(app, key)
        deal = table.deal
        if deal.phase == "phases" and deal.legal_actions(S):
            return table
        if table.match_over:
            return None
        if deal.is_over:
            _move(client, key, table, token, action="next")
        elif deal.phase == "auction" and deal.legal_calls(S):
            calls = deal.legal_calls(S)
            bid = next((c for c in calls if c.kind == "bid"), calls[0])
            _move(client, key, table, token, call=bid.text)  # the person takes when they may
        elif deal.phase == "play" and deal.current_seat == S:
            _move(client, key, table, token, card=deal.deck.format(next(bits(deal.legal_mask()))))
        else:
            raise AssertionError(f"the person waits in phase {deal.phase}")
    raise AssertionError("no phase reached")


def test_the_talon_and_the_discard_are_taps_and_the_decision_is_the_variants(
    app, client, talon_toy
):
    token = _csrf(client)
    response = client.post("/play/", data={"_csrf": token, "variant": "toy-talon"})
    assert response.status_code == 303
    key = response.headers["Location"].rsplit("/", 1)[1]
    seen = set()
    for _ in range(12):  # tables until the person has been the taker and a defender
        table = _to_my_phase(app, client, key, token)
        if table is None:  # the match ended first: a new one
            response = client.post("/play/", data={"_csrf": token, "variant": "toy-talon"})
            key = response.headers["Location"].rsplit("/", 1)[1]
            continue
        deal = table.deal
        actions = deal.legal_actions(S)
        page = client.get(f"/play/{key}").get_data(as_text=True)
        kind = actions[0].kind
        seen.add(kind)
        if kind == "take":
            # the talon, a tap: one button in the variant's words
            assert re.findall(r'data-act="([^"]+)" data-act-kind="take"', page) == ["TAKE"]
            page = _move(client, key, table, token, action="act", value="TAKE")
            table = _table(app, key)
            talon = set(re.findall(r'data-talon-card="([^"]+)"', page))
            # the taker has seen the talon; now its cards are in the hand to discard from
            assert bin(table.deal.hand(S)).count("1") == 11 and "data-discard-form" in page
            assert 'data-count="4"' in page and "Choose 4 cards to discard" in page
            held = [deal.deck.format(c) for c in bits(table.deal.hand(S))]
            assert set(re.findall(r'data-pick="([^"]+)"', page)) == set(held)
            assert talon <= set(held)  # the talon shown in the middle is in the hand now
            # an ace may not be discarded: the variant's reason, and nothing changes
            aces = [c for c in held if c.startswith("A")]
            others = [c for c in held if not c.startswith("A")]
            if aces:
                refused = _move(
                    client, key, table, token, action="act", cards=[aces[0], *others[:3]]
                )
                assert "aces stay in hand" in refused
                assert _table(app, key).deal.event_count == table.deal.event_count
            page = _move(client, key, table, token, action="act", cards=others[:4])
            after = _table(app, key)
            assert not any(after.deal.hand(S) >> deal.deck.parse(c) & 1 for c in others[:4])
            seen.add("discard")
            # the game is named next, from the variant's words
            assert re.findall(r'data-act-kind="name"', page)
            assert re.search(r"data-act=\"[^\"]+\" data-act-kind=\"name\"[^>]*>[^<]* as bid<", page)
        elif kind == "decide":
            # the question in the variant's words: its buttons, and the status asks it
            words = re.findall(r'data-act-kind="decide" class="call">([^<]+)<', page)
            assert "whist" in words and "pass" in words
            assert re.search(r"data-status>Your turn: [^<]*whist[^<]*\?<", page)
            _move(client, key, table, token, action="act", value="WHIST")
        else:
            _move(client, key, table, token, action="act", value=actions[0].code)
        if {"take", "discard", "decide"} <= seen:
            break
    assert {"take", "discard"} <= seen, seen


def test_preference_raspasy_shows_the_talon_card_that_leads_the_trick(app, client):
    """At the play table a raspasy's tricks 1 and 2 show the talon's turned card as the led
    card (``atout_play_plan``); the person follows its suit from their hand. The person passes
    every auction, so a deal all pass is a raspasy; a misère the person catches shows the other
    catcher's hand face up once the first card is led. Either is named by its own word, and the
    raspasy, which nobody took, with no taker."""
    token = _csrf(client)

    def new_table() -> str:
        data = {"_csrf": token, "variant": "preference", "bot": "rules"}
        response = client.post("/play/", data=data)
        assert response.status_code == 303
        return response.headers["Location"].rsplit("/", 1)[1]

    key = new_table()
    leads_seen: list[str] = []
    for _ in range(800):
        table = _table(app, key)
        if table.match_over:
            key = new_table()
            continue
        deal = table.deal
        if deal.is_over:
            if leads_seen:
                break
            _move(client, key, table, token, action="next")
        elif deal.phase == "auction" and deal.legal_calls(S):
            _move(client, key, table, token, call="PASS")
        elif deal.phase == "phases" and deal.legal_actions(S):
            # a pass, or a closed whist: the person never plays another seat's hand here
            codes = [a.code for a in deal.legal_actions(S)]
            code = next((c for c in ("PASS", "CLOSED") if c in codes), codes[0])
            _move(client, key, table, token, action="act", value=code)
        elif deal.phase == "play" and deal.current_seat == S:
            page = client.get(f"/play/{key}").get_data(as_text=True)
            fmt = deal.deck.format
            if deal.lead is not None:
                assert deal.contract.name == "raspasy" and len(deal.tricks) < 2
                assert re.findall(r'data-talon-lead="([^"]+)"', page) == [fmt(deal.lead)]
                suit = deal.deck.suit_masks[deal.deck.suit_of[deal.lead]]
                legal = {fmt(c) for c in bits(deal.legal_mask())}
                if deal.hand(S) & suit:  # the person follows the talon card's suit
                    assert legal == {fmt(c) for c in bits(deal.hand(S) & suit)}
                leads_seen.append(fmt(deal.lead))
                # nobody took a raspasy: it is named alone, with no taker on the line or a seat
                assert "data-contract>Contract: <strong>raspasy</strong></p>" in page
                assert '<span class="tag made">taker</span>' not in page
            else:
                assert "data-talon-lead" not in page
            if deal.contract.name == "misere":  # the misère's own word, not "misère NT"
                assert re.search(r"data-contract>Contract: <strong>misère — [^<]+</strong>", page)
            if deal.contract.name == "misere" and deal.cards_played >= 1:
                other = next(s for s in (0, 1) if s != deal.contract.taker)
                assert f'data-face-up="{deal.seats[other]}"' in page
                assert f'data-face-up="{deal.seats[deal.contract.taker]}"' not in page
            _move(client, key, table, token, card=fmt(next(bits(deal.legal_mask()))))
        else:
            raise AssertionError(f"the person waits in phase {deal.phase}")
    assert len(leads_seen) == 2  # tricks 1 and 2 of one raspasy, each its own talon card
    assert leads_seen[0] != leads_seen[1]
