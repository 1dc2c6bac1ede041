"""The play table over HTTP: starting a game, moves that answer an event number, bots answering
on the server, take-back, hints, and state kept in the database only."""

from __future__ import annotations

import html
import re
from collections import Counter

import pytest

from framework.core.cards import bits
from framework.core.messages import Message
from framework.core.seats import S
from scorepad import create_app, installed
from scorepad import play as tables
from scorepad.db import get_session


def csrf(client) -> str:
    page = client.get("/play/")
    return re.search(rb'name="_csrf" value="([^"]+)"', page.data).group(1).decode()


def start(client, **form: str) -> str:
    form.setdefault("variant", "coinche")
    response = client.post("/play/", data={"_csrf": csrf(client), **form})
    assert response.status_code == 303, response.data[:500]
    return response.headers["Location"].rsplit("/", 1)[1]


def table_of(app, key: str) -> tables.Table:
    with app.app_context():
        return tables.load(get_session(), key)


def post_move(client, key: str, table: tables.Table, htmx: bool = True, **form: str):
    data = {
        "_csrf": csrf(client),
        "deal": str(table.number),
        "event": str(table.deal.event_count),
        **form,
    }
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"/play/{key}/move", data=data, headers=headers)


def first_legal_move(table: tables.Table) -> dict[str, str]:
    deal = table.deal
    if deal.phase == "auction":
        calls = deal.legal_calls(S)
        pick = next((c for c in calls if c.kind == "pass"), calls[0])
        return {"call": pick.text}
    return {"card": deal.deck.format(next(bits(deal.legal_mask())))}


def test_the_home_page_links_to_the_play_table(client):
    assert b'href="/play/"' in client.get("/").data


def test_the_start_page_offers_every_variant_and_the_bots(client):
    page = client.get("/play/").data.decode()
    assert 'name="variant"' in page and 'name="bot"' in page and 'name="practice"' in page
    assert "strongest" in page


@pytest.mark.parametrize(
    ("form", "field"),
    [
        ({"variant": "nonesuch"}, "variant"),
        ({"preset": "nonesuch"}, "preset"),
        ({"bot": "nobody"}, "bot"),
        ({"opt-target": "abc"}, "options"),
    ],
)
def test_a_bad_start_names_the_field_and_creates_nothing(client, form, field):
    form = {"variant": "coinche", **form}
    response = client.post("/play/", data={"_csrf": csrf(client), **form})
    assert response.status_code == 422
    assert b"error-text" in response.data


def test_the_game_waits_for_the_person_with_the_bots_moves_made(app, client):
    key = start(client)
    table = table_of(app, key)
    assert table.deal.current_seat == S
    page = client.get(f"/play/{key}")
    assert page.status_code == 200
    assert f'data-event="{table.deal.event_count}"'.encode() in page.data


def test_a_move_answers_its_event_number_and_a_double_tap_plays_once(app, client):
    key = start(client)
    table = table_of(app, key)
    move = first_legal_move(table)
    first = post_move(client, key, table, **move)
    assert first.status_code == 200 and b"data-notice" not in first.data
    after = table_of(app, key)
    assert after.deal.event_count > table.deal.event_count
    again = post_move(client, key, table, **move)  # the same form, sent twice
    assert b"data-notice" in again.data
    assert table_of(app, key).deal.event_count == after.deal.event_count


def test_without_javascript_a_move_redirects_to_the_table(app, client):
    key = start(client)
    table = table_of(app, key)
    response = post_move(client, key, table, htmx=False, **first_legal_move(table))
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/play/{key}")


def test_a_refused_card_or_call_gives_the_reason_and_changes_nothing(app, client):
    key = start(client)
    table = table_of(app, key)
    response = post_move(client, key, table, call="999Z")
    assert b"data-notice" in response.data and b"may not call" in response.data
    assert table_of(app, key).deal.event_count == table.deal.event_count
    response = post_move(client, key, table, card="JH")
    assert b"data-notice" in response.data
    assert table_of(app, key).deal.event_count == table.deal.event_count


def test_without_javascript_a_refusal_is_said_on_the_table_in_the_pages_language(app, client):
    """The redirect's address carries no text (nothing to forge, nothing in English): the
    refusal waits in the session and the table says it once, in the page's language."""
    assert client.get("/lang/fr").status_code in (302, 303)
    key = start(client)
    table = table_of(app, key)
    response = post_move(client, key, table, htmx=False, call="999Z")
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/play/{key}")
    page = client.get(f"/play/{key}").get_data(as_text=True)
    notice = re.search(r"<p[^>]*data-notice>(.*?)</p>", page, re.S)
    assert notice is not None, page[:2000]
    assert "ne peut pas" in notice.group(1) and "may not" not in notice.group(1)
    assert "data-notice>" not in client.get(f"/play/{key}").get_data(as_text=True)


def test_the_table_shows_no_notice_a_link_writes(client):
    key = start(client)
    page = client.get(f"/play/{key}?notice=Send+your+password+to+x").get_data(as_text=True)
    assert "data-notice" not in page and "Send your password" not in page


def play_to_the_end_of_the_deal(app, client, key: str) -> tables.Table:
    for _ in range(200):
        table = table_of(app, key)
        if table.deal.is_over:
            return table
        post_move(client, key, table, **first_legal_move(table))
    raise AssertionError("the deal did not end")


def test_the_table_stores_each_finished_deal_and_never_replays_the_match(app, client, monkeypatch):
    """A read of the table (page, state) draws the stored scores and the match's stored state;
    a move scores only the deal it ends, from that state (the previous scorepad replayed every
    finished deal on every request)."""
    # the rule bot: a searching bot scores the deals it imagines
    key = start(client, bot="rules", **{"opt-target": "5000"})
    for _ in range(3):
        table = play_to_the_end_of_the_deal(app, client, key)
        assert post_move(client, key, table, action="next").status_code == 200
    seen: Counter[str] = Counter()
    variant = installed.variant("coinche")
    for name in ("validate_record", "score_deal"):
        original = getattr(variant.hooks, name)

        def counted(*args, _original=original, _name=name, **kwargs):
            seen[_name] += 1
            return _original(*args, **kwargs)

        monkeypatch.setattr(variant.hooks, name, counted)
    # the match's outcome is asked through the hooks the deal resolved (MatchState.after), not
    # through the attribute: counted as pluggy calls the variant's hook
    stop = variant.pm.add_hookcall_monitoring(
        lambda name, impls, kwargs: seen.update(
            ["match_outcome"] if name == "atout_match_outcome" else []
        ),
        lambda outcome, name, impls, kwargs: None,
    )
    try:
        assert client.get(f"/play/{key}").status_code == 200
        state = client.get(f"/play/{key}/state.json").json
        assert seen == Counter(), "a read ran the variant's scoring hooks"
        table = play_to_the_end_of_the_deal(app, client, key)
    finally:
        stop()
    assert seen == Counter(validate_record=1, score_deal=1, match_outcome=1)
    rows = [r["totals"] for r in table.rows()]
    assert [r["number"] for r in table.rows()] == [1, 2, 3, 4]
    assert rows[2] == state["totals"] and rows[3] == table.totals
    assert table.totals == {
        team: state["totals"][team] + table.score.points[team] for team in ("NS", "EW")
    }


def test_the_end_of_a_deal_shows_its_record_and_score_and_the_next_deal_follows(app, client):
    key = start(client, **{"opt-target": "5000"})
    table = play_to_the_end_of_the_deal(app, client, key)
    assert table.row.record is not None
    page = client.get(f"/play/{key}").data.decode()
    assert "data-deal-score" in page and "data-next-deal" in page
    assert table.score is not None
    # the explanation in the table's words: "You & partner" for the person's team, "you"...
    with app.test_request_context(f"/play/{key}"):
        from scorepad.views.play import _speaker

        assert html.escape(_speaker(table).render(table.score.explanation)) in page
    nxt = post_move(client, key, table, action="next")
    assert nxt.status_code == 200
    assert table_of(app, key).number == 2
    assert table_of(app, key).deal.dealer != table.deal.dealer


def test_practice_mode_takes_back_the_last_card(app, client):
    for _attempt in range(20):  # a new game until one is not thrown in
        key = start(client, practice="on")
        table = table_of(app, key)
        while table.deal.phase == "auction":
            post_move(client, key, table, **first_legal_move(table))
            table = table_of(app, key)
        if not table.deal.is_over:
            break
    assert not table.deal.is_over
    hand_before = table.deal.hand(S)
    events_before = table.deal.event_count
    post_move(client, key, table, **first_legal_move(table))
    played = table_of(app, key)
    assert played.deal.hand(S) != hand_before
    assert b"data-take-back" in client.get(f"/play/{key}").data
    post_move(client, key, played, action="takeback")
    back = table_of(app, key)
    assert back.deal.hand(S) == hand_before
    assert back.deal.event_count == events_before


def test_taking_back_is_only_for_practice_games(app, client):
    key = start(client)
    table = table_of(app, key)
    response = post_move(client, key, table, action="takeback")
    assert b"practice" in response.data
    assert table_of(app, key).deal.event_count == table.deal.event_count


def test_a_hint_names_one_of_the_persons_own_choices(app, client):
    key = start(client)
    table = table_of(app, key)
    response = client.get(f"/play/{key}/hint", headers={"HX-Request": "true"})
    assert response.status_code == 200 and b"<html" not in response.data
    call = re.search(rb'data-hint-call="([^"]+)"', response.data)
    assert call and call.group(1).decode() in {c.text for c in table.deal.legal_calls(S)}


def test_the_json_state_holds_the_persons_cards_and_no_other_hand(app, client):
    key = start(client)
    table = table_of(app, key)
    data = client.get(f"/play/{key}/state.json").json
    deck = table.deal.deck
    assert {c["card"] for c in data["hand"]} == {deck.format(c) for c in bits(table.deal.hand(S))}
    others = [deck.format(c) for seat in range(4) if seat != S for c in bits(table.deal.hand(seat))]
    text = str(data)
    assert not [c for c in others if f"'{c}'" in text]


def test_an_unknown_link_is_404(client):
    assert client.get("/play/" + "x" * 32).status_code == 404
    assert client.get("/play/short").status_code == 404


def test_a_restarted_server_or_another_worker_continues_the_game(tmp_path):
    url = f"sqlite:///{tmp_path / 'play.sqlite3'}"
    one = create_app({"TESTING": True, "DATABASE_URL": url})
    key = start(one.test_client())
    before = table_of(one, key)
    other = create_app({"TESTING": True, "DATABASE_URL": url})  # a second process
    client = other.test_client()
    post_move(client, key, before, **first_legal_move(before))
    after = table_of(one, key)
    assert after.deal.event_count > before.deal.event_count
    one.extensions["atout_engine"].dispose()
    other.extensions["atout_engine"].dispose()


def test_a_call_out_of_turn_is_offered_with_go_on_where_the_auction_allows_it(app, client):
    for _attempt in range(30):
        key = start(client, preset="bidonly")
        table = table_of(app, key)
        while not table.deal.is_over and table.deal.phase == "auction":
            if table.deal.current_seat != S:
                break
            calls = table.deal.legal_calls(S)
            bid = next((c for c in calls if c.kind == "bid"), calls[0])
            post_move(client, key, table, call=bid.text if _attempt % 2 else "PASS")
            table = table_of(app, key)
        if table.deal.phase == "auction" and table.deal.current_seat != S:
            break
    else:
        pytest.fail("no deal offered a call out of turn")
    page = client.get(f"/play/{key}").data.decode()
    assert "data-wait" in page and 'data-call="COINCHE"' in page
    before = table.deal.event_count
    post_move(client, key, table, action="wait")
    assert table_of(app, key).deal.event_count > before


def test_announcements_show_at_the_table_when_they_are_made(app, client):
    from framework.app.table import seat_view

    seen = 0
    for _attempt in range(8):
        key = start(client, **{"opt-target": "5000"})
        for _ in range(200):
            table = table_of(app, key)
            view = seat_view(table.deal, S)
            if view.announcements:
                page = client.get(f"/play/{key}").data.decode()
                for seat in {e.seat for e in view.announcements}:
                    # each announcement once: a show takes the place of its declare
                    events = [e for e in view.announcements if e.seat == seat]
                    shown = [e for e in events if e.kind == "show"]
                    box = re.search(rf'data-seat="{"NESW"[seat]}">(.*?)</div>', page, re.S).group(1)
                    assert box.count("data-announcement=") == len(events) - len(shown)
                seen += 1
            if table.deal.is_over:
                break
            post_move(client, key, table, **first_legal_move(table))
        if seen:
            break
    assert seen, "no announcement in eight deals"


def test_the_json_state_gives_each_cards_reason_with_its_message_id_and_params(app, client):
    key = start(client)
    data = client.get(f"/play/{key}/state.json").json
    reasons = [c for c in data["hand"] if c["reason"]]
    assert reasons  # in the auction every card says why it cannot be played yet
    for card in reasons:
        message = Message.from_json(card["reason_message"])
        assert str(message) == card["reason"] and message.id


def _to_a_refused_card(app, client, key: str) -> tables.Table:
    """Play the first legal moves until the person must play and holds a card the rules refuse."""
    for _ in range(200):
        table = table_of(app, key)
        deal = table.deal
        mine = deal.phase == "play" and deal.current_seat == S
        if mine and deal.hand(S) & ~deal.legal_mask():
            return table
        if deal.is_over:  # a deal thrown in, or played without a refusal: the next one
            post_move(client, key, table, action="next")
            continue
        post_move(client, key, table, **first_legal_move(table))
    raise AssertionError("no refused card in 200 moves")


CODE = re.compile(r"(?<![\w-])(?:[7-9TJQKA][SHDC]|\([SHDC]\))(?![\w-])")


@pytest.mark.parametrize("lang", ["en", "fr", "ru", "bg", "hr", "es"])
def test_a_refused_cards_reason_says_suits_and_cards_in_words(app, client, lang):
    key = start(client, **{"opt-target": "5000"})
    table = _to_a_refused_card(app, client, key)
    page = html.unescape(client.get(f"/play/{key}?lang={lang}").get_data(as_text=True))
    reasons = re.findall(r'data-reason="[^"]+">(.*?)</span>', page)
    status = re.search(r"data-status>(.*?)</p>", page, re.S).group(1)
    assert reasons and status.strip()
    for said in [*reasons, status]:
        assert not CODE.search(said), said
    if lang == "en":
        deck = table.deal.deck
        names = [str(deck.suit_name(i)) for i in range(len(deck.suits))]
        assert any(n in status for n in names), status


def test_a_card_not_held_is_refused_in_the_persons_words(app, client):
    key = start(client)
    table = table_of(app, key)
    deck = table.deal.deck
    other = next(bits(deck.full & ~table.deal.hand(S)))
    response = post_move(client, key, table, card=deck.format(other))
    notice = html.unescape(re.search(r"data-notice>(.*?)</p>", response.data.decode()).group(1))
    assert notice == f"you do not hold {deck.card_name(other)}"
    assert table_of(app, key).deal.event_count == table.deal.event_count
    client.get("/lang/fr")
    response = post_move(client, key, table, card=deck.format(other))
    notice = html.unescape(re.search(r"data-notice>(.*?)</p>", response.data.decode()).group(1))
    assert notice.startswith("vous n'avez pas ") and "does" not in notice


def test_the_table_asks_whether_to_announce_a_combination_and_a_no_keeps_it_quiet(app, client):
    """Issue 21, item 6: where the variant lets a player choose (the belote family: "an
    undeclared combination scores nothing"), the person's first card comes with "Announce your
    tierce?" Yes / No; a No waives it: not declared, and the stored deal keeps the choice.
    (The tables' seeds are 1, 2, 3..., conftest's _table_seeds: with random ones a run now and
    then found no combination for S in twelve deals, seen once in CI.)"""
    for _attempt in range(12):
        key = start(client, **{"opt-target": "5000"})
        for _ in range(60):
            table = table_of(app, key)
            deal = table.deal
            if (deal.phase == "play" and deal.current_seat == S) or deal.is_over:
                break
            post_move(client, key, table, **first_legal_move(table))
        optional = deal.optional_announcements(S) if deal.current_seat == S else ()
        if optional:
            break
    else:
        raise AssertionError("no combination to keep quiet in twelve deals")
    page = client.get(f"/play/{key}").data.decode()
    words = optional[0].shown
    assert f"Announce your {words}?" in page
    assert page.count("data-announce-choice=") == len(optional)
    french = client.get(f"/play/{key}?lang=fr").data.decode()
    assert "Annoncer votre " in french and " Non</label>" in french
    response = post_move(client, key, table, **first_legal_move(table), **{"announce-0": "no"})
    assert response.status_code == 200
    after = table_of(app, key)  # read again from the stored log
    assert optional[0] not in after.deal.declared()[S]
    assert all(value != optional[0] for _kind, _seat, value in after.deal.announcement_events())
    assert [e[0] for e in after.row.events].count("waive") == 1
    assert "data-announce-choice=" not in client.get(f"/play/{key}").data.decode()
