"""The play table: a match against the computer in the browser, in any installed variant.

``/play/`` starts a game (variant, preset, house rules, bot, practice mode); the game lives at
``/play/<key>``, a capability link (the key is a secret; only its hash is stored). The table is
one htmx fragment (``#table``): every move is a form post carrying the deal number and the
event number it answers, the server applies it and the bots' answers (:mod:`scorepad.play`) and
returns the fragment again. Without JavaScript the same forms post and redirect.

What the page shows is built from :func:`framework.app.table.seat_view` of the person's seat, which
holds no other seat's hand: no response (page, fragment, hint, JSON) can carry one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from flask import Blueprint, Response, abort, jsonify, redirect, request, session, url_for
from flask.typing import ResponseReturnValue

from framework.app.table import (
    SeatView,
    ShownContract,
    call_menu,
    call_short,
    call_words,
    denomination_label,
    describe_call,
    describe_call_short,
    describe_event,
    hand_order,
    seat_view,
    seat_word,
    shown_contract,
)
from framework.core.cards import bits
from framework.core.errors import AtoutError, PluginError, RuleViolation
from framework.core.messages import Message, Names, Translator, message_of, with_messages
from framework.core.untrusted import check_text, parse_int, parse_optional_int
from framework.engine.deal import Deal
from scorepad import devices, games, i18n, installed
from scorepad import play as tables
from scorepad.columns import columns_of
from scorepad.db import get_engine, get_session
from scorepad.htmx import add_vary, is_partial
from scorepad.i18n import DOMAIN
from scorepad.security import check_csrf
from scorepad.views.common import (
    base_url,
    creation_limit,
    lang,
    render_page,
    t,
    text,
    too_many_games,
    variant_choice,
)
from scorepad.views.errors import abort_page

_n = DOMAIN.plural

bp = Blueprint("play", __name__, url_prefix="/play")

#: how many games a browser remembers on the start page
REMEMBERED = 10


@bp.before_request
def _check_csrf() -> None:
    check_csrf()


# ---- the start page --------------------------------------------------------------------------


def _start_context(form: dict[str, Any], errors: dict[str, str]) -> dict[str, Any]:
    from framework.bots.registry import BOTS

    chosen = variant_choice(form)
    variant, rules = chosen["variant"], chosen["rules"]
    # the person's seat by the chosen variant's seat names ("South", a named seat's name)
    seats = variant.table(rules).seats if variant is not None else ()
    return {
        **chosen,
        "my_seat": seat_word(tables.person_seat(len(seats)), names=seats) if seats else "",
        "form": form,
        "errors": errors,
        "bots": list(BOTS),
        "default_bot": tables.default_bot(),
        "remembered": _remembered(),
    }


def _remembered() -> list[str]:
    return devices.play_keys(REMEMBERED)


@bp.get("/")
def start() -> ResponseReturnValue:
    form = dict(request.args.items())
    return render_page("play/start.html", "play/_variant.html", **_start_context(form, {}))


@bp.post("/")
def create() -> ResponseReturnValue:
    form = request.form
    name = form.get("variant", "")
    options: dict[str, str] = {}
    try:
        v = installed.variant(name)
    except PluginError:
        v = None
    if v is not None:
        for option in v.options:
            raw = form.get(f"opt-{option}", "").strip()
            if raw:
                options[option] = raw
    creator, most = creation_limit()
    try:
        created, key = tables.create(
            get_engine(),
            name,
            form.get("preset") or None,
            options,
            form.get("bot") or None,
            form.get("practice") == "on",
            creator=creator,
            per_minute=most,
        )
    except games.GameInputError as exc:
        context = _start_context(dict(form), {exc.field: i18n.error_words(exc)})
        return render_page("play/start.html", "play/_variant.html", status=422, **context)
    except games.TooManyGames as exc:
        context = _start_context(dict(form), {"variant": too_many_games(exc)})
        response = render_page("play/start.html", "play/_variant.html", status=429, **context)
        response.headers["Retry-After"] = str(exc.retry_after)
        return response
    devices.grant_play(created, key)
    return redirect(url_for("play.game", key=key), 303)


# ---- the table -------------------------------------------------------------------------------


def _load(key: str) -> tables.Table:
    try:
        return tables.load(get_session(), key)
    except games.NotFound:
        abort(404)
    except games.NotScored as exc:  # the same error page as a score sheet's (views.live.load)
        abort_page(503, i18n.error_words(exc))
    except PluginError:
        abort_page(500, t("The variant of this game is not installed."))


def _played(deal: Deal, card: int) -> dict[str, Any]:
    """A card as the table shows it anywhere: its code, face, name and colour."""
    deck = deal.deck
    suit = deck.suit_of[card]
    return {
        "code": deck.format(card),
        "face": deck.card_face(card),
        "name": text(deck.card_name(card)),
        "colour": deck.suit_colour(suit),
    }


def _card(deal: Deal, choice: Any) -> dict[str, Any]:
    """A card of the person's hand: as :func:`_played`, with its rank, suit and symbol, and
    whether it may be played now (else why not)."""
    deck = deal.deck
    c = choice.card
    suit = deck.suit_of[c]
    return {
        **_played(deal, c),
        "rank": deck.card_face(c)[: -len(deck.suit_symbol(suit))],
        "symbol": deck.suit_symbol(suit),
        "suit": deck.suits[suit],
        "legal": choice.legal,
        "reason": choice.reason,
    }


def _contract_text(
    deal: Deal, view: SeatView, shown: ShownContract | None, speaker: Translator
) -> str:
    """The contract in the page's language: "110 ♥ — your partner (North), doubled"."""
    c, say = view.contract, speaker.render
    if c is None or shown is None:
        return ""
    what, taker = say(shown.words), shown.taker
    if taker is None:  # (a contract nobody took is never doubled)
        return what
    doubled = (
        ("", ", " + t("doubled"), ", " + t("redoubled"))[c.doubled]
        if c.doubled < 3
        else f", ×{1 << c.doubled}"
    )
    if c.doubled:
        words = [
            say(call_words(deal, call))
            for _, call in view.calls
            if call.kind in ("double", "redouble")
        ]
        doubled = ", " + " · ".join(words) if words else doubled
    return f"{what} — {speaker.names.seats[taker]}{doubled}"


def _winner_word(table: Any, names: Mapping[int, str]) -> str:
    """The seat that won the match as the person calls it (``names``: the page's seat names),
    where the winner is a seat (a score kept per player); "" for a team, or no winner yet."""
    winner, seats = table.outcome.winner, table.deal.seats
    if not table.outcome.over or winner not in seats:  # (a team's key is no seat's name)
        return ""
    return names[seats.index(winner)]


#: where the other seats sit round the table, by how many there are, from the seat after the
#: person's on: the next seat on the right, the one before the person's on the left, the others
#: across, in playing order
PLACES = {
    1: ("top",),
    2: ("right", "left"),
    3: ("right", "top", "left"),
    4: ("right", "top-right", "top-left", "left"),
    5: ("right", "top-right", "top", "top-left", "left"),
}


def places(seats: int, me: int) -> dict[str, int]:
    """The places round the table of ``seats`` seats, from the person's point of view: the
    person at the bottom, the seat after on the right, the one before on the left, the others
    across (a partner opposite at four seats)."""
    others = [(me + i) % seats for i in range(1, seats)]
    return {**dict(zip(PLACES[seats - 1], others, strict=True)), "bottom": me}


def _seats(
    deal: Deal, view: SeatView, contract: ShownContract | None, speaker: Translator
) -> list[dict[str, Any]]:
    """The places round the table, from the person's point of view (:func:`places`), each
    seat named as the person knows it ("your partner (North)" only for a seat on their side)."""
    me, say = view.seat, speaker.render
    names = deal.seats
    trick = dict(view.trick)
    # each seat's last call, shown in the auction only: said for those (at most four)
    last_call: dict[int, dict[str, str]] = {}
    if view.phase == "auction":
        for seat, call in dict(view.calls).items():
            last_call[seat] = {
                "label": say(call_short(deal, call)),
                "words": say(call_words(deal, call)),
            }
    # Each announcement once: showing it (its cards on the table) is the same announcement as
    # declaring it, so a show takes the place of its seat's first declare of that kind.
    announced: dict[int, list[dict[str, Any]]] = {}
    for e in view.announcements:
        a = e.value
        shown = {"event": e.kind, "kind": a.kind, "words": a.shown, "points": a.points}
        shown["cards"] = [_played(deal, c) for c in bits(a.cards)]
        mine = announced.setdefault(e.seat, [])
        declared = next(
            (i for i, x in enumerate(mine) if x["event"] == "declare" and x["kind"] == a.kind),
            None,
        )
        if e.kind == "show" and declared is not None:
            mine[declared] = shown
        else:
            mine.append(shown)
    out = []
    taker = None if contract is None else contract.taker
    for where, seat in places(len(names), me).items():
        out.append(
            {
                "where": where,
                "seat": names[seat],
                "name": speaker.names.seats[seat],
                "dealer": seat == view.dealer,
                "taker": taker == seat,
                "out": view.sitting_out == seat,
                "turn": view.turn == seat,
                "leads": view.phase == "play" and view.leader == seat,
                "card": _played(deal, trick[seat]) if seat in trick else None,
                "call": last_call.get(seat),
                "announced": announced.get(seat, []),
            }
        )
    return out


def _team_names(table: tables.Table) -> dict[str, str]:
    """The teams as the person sees them: "You & partner" and "Opponents" (none when the
    variant scores per player)."""
    mine, other = table.my_team, table.other_team
    if mine is None or other is None:
        return {}
    return {mine: t("You & partner"), other: t("Opponents")}


def _score_words(table: tables.Table, sheet: Translator) -> list[dict[str, Any]]:
    """The totals as the table's head shows them: the person's team and the other, or, when
    the variant scores per player, each player (the person first, named as ``sheet``, the
    :func:`_sheet_speaker`, names them) with their group's totals and each total's column in
    words (``labels``: the numbers alone say nothing of pool or whists)."""
    teams = _team_names(table)
    if teams:
        return [
            {"key": key, "name": name, "totals": [table.totals.get(key, 0)], "won": key}
            for key, name in teams.items()
        ]
    deal, me = table.deal, table.seat
    seats = deal.seats
    cols = columns_of(table.variant.table(table.rules), {})
    out = []
    for seat in [(me + i) % len(seats) for i in range(len(seats))]:
        mine = [c for c in cols if c.group == seats[seat]]
        out.append(
            {
                "key": seats[seat],
                "name": sheet.names.seats[seat],
                "totals": [table.totals.get(c.key, 0) for c in mine],
                "labels": [sheet.render(c.label) for c in mine],
                "won": seats[seat],
            }
        )
    return out


def _points_words(table: tables.Table, points: Any, speaker: Translator) -> str:
    """A deal's points in words: each column it wrote in ("you: pool 4 · East: mountain 4"),
    a team by its name, a player as ``speaker`` names the seats (this deal's :func:`_speaker`,
    or the sheet's, :func:`_sheet_speaker`)."""
    teams = _team_names(table)
    say, seat_names, seats = speaker.render, speaker.names.seats, table.deal.seats
    out = []
    for c in columns_of(table.variant.table(table.rules), teams):
        value = points.get(c.key, 0)
        if c.group:
            if not value:
                continue
            if c.names_its_group:  # ("you pool 2", not "you: you pool 2")
                out.append(f"{say(c.label)} {value}")
                continue
            out.append(f"{seat_names[seats.index(c.group)]}: {say(c.label)} {value}")
        else:
            out.append(f"{say(c.label)} {value}")
    return " · ".join(out) or "0"


def _seat_names(
    table: tables.Table, plain: Translator, sides: tuple[int, ...] | None
) -> dict[int, str]:
    """Each seat as the person calls it ("you", "your partner (North)", "West"): "your
    partner" by the current deal's sides as the person knows them, or by ``sides``."""
    deal, me = table.deal, table.seat
    known = deal.sides_known_to(me) if sides is None else sides
    return {s: plain.render(seat_word(s, me, known, deal.seats)) for s in range(len(deal.seats))}


def _sheet_speaker(table: tables.Table, speaker: Translator) -> Translator:
    """``speaker`` (:func:`_speaker`) with the names of the match's score sheet: the same where
    the match has teams (its sides are every deal's); else every seat alone, since a side of
    this deal (two defenders) was no side in an earlier one."""
    if table.my_team is not None:
        return speaker
    alone = _seat_names(table, speaker, tuple(range(len(table.deal.seats))))
    return speaker.with_names(replace(speaker.names, seats=alone))


def _speaker(table: tables.Table) -> Translator:
    """Renders the kernel's and the variant's words (messages) in the page's language, with
    the table's names: "you", "your partner (North)" (by the current deal's sides), "You &
    partner" for the person's team, and the cards and suits in words."""
    # every installed plugin's catalog: the variant's own words (explanations, reasons)
    plain = Translator(lang(), i18n.domains())
    seats = _seat_names(table, plain, None)
    # cards and suits in words, as the hand and the table say them ("seven of hearts")
    deck = table.deal.deck
    cards = {deck.format(c): plain.render(deck.card_name(c)) for c in bits(deck.full)}
    suits = {code: plain.render(deck.suit_name(i)) for i, code in enumerate(deck.suits)}
    names = Names(teams=_team_names(table), seats=seats, cards=cards, suits=suits)
    return plain.with_names(names)


def _table_context(
    table: tables.Table, notice: str | None = None, hint: dict[str, Any] | None = None
) -> dict[str, Any]:
    deal = table.deal
    me = table.seat
    view = seat_view(deal, me)
    speaker = _speaker(table)
    say = speaker.render
    # the sheet's rows name the players by the match's sides, not by this deal's
    sheet = _sheet_speaker(table, speaker)
    names = speaker.names.seats  # each seat as the person calls it, worked out once
    shown = shown_contract(deal, view)
    leader_word = names[view.leader] if view.leader is not None else ""
    # What the others did since the person's last move (said once, for eyes and screen readers).
    events = view.events
    mine = [i for i, e in enumerate(events) if e.seat == me and e.kind in ("call", "play")]
    since = [
        describe_event(deal, e, me) for e in events[mine[-1] + 1 if mine else 0 :] if e.seat != me
    ][-8:]
    specs = table.variant.hooks.record_schema(table.rules)
    return {
        "table": table,
        "key": request.view_args.get("key") if request.view_args else "",
        "view": view,
        "hand": [_card(deal, c) for c in view.hand],
        "seats": _seats(deal, view, shown, speaker),
        **_auction_context(deal, view, say),
        "contract": _contract_text(deal, view, shown, speaker),
        **_cards_on_table(deal, view, names),
        "last": _last_trick(deal, view, names),
        "won": view.tricks_won,
        "my_tricks": sum(1 for _leader, _cards, winner in deal.tricks if winner == me),
        "my_team": table.my_team,
        "other_team": table.other_team,
        "teams": _team_names(table),
        "score_words": _score_words(table, sheet),
        "points_words": (
            _points_words(table, table.score.points, speaker) if table.score is not None else ""
        ),
        "row_words": [_points_words(table, r["points"], sheet) for r in table.rows()],
        "phase": _phase_context(deal, view, say),
        # Combinations the rules let the person keep quiet, asked before the first card.
        "optional": [say(q) for q in tables.announce_questions(deal, me)] if view.my_turn else [],
        "score": table.score,
        "record": table.row.record,
        # the record's seats as this page names them ("you", "East"), not by their codes
        "seat_words": {name: names[s] for s, name in enumerate(deal.seats)},
        "specs": specs,
        "rows": table.rows(),
        "totals": table.totals,
        "outcome": table.outcome,
        # the winning player by name where everyone plays alone (not "your opponents")
        "winner_word": _winner_word(table, names),
        "target": getattr(table.rules, "target", None),
        "notice": notice,
        "say": say,
        "say_sheet": sheet.render,
        "hint": hint,
        "can_take_back": tables.can_take_back(table),
        "turn_word": names[view.turn] if view.turn is not None else "",
        "leader_word": leader_word,
        "since": since,
        "dealer_word": names[view.dealer],
    }


def _cards_on_table(deal: Deal, view: SeatView, names: Mapping[int, str]) -> dict[str, Any]:
    """The cards on the table besides the trick: the turned-up card, the talon's leading card
    and whose it is, the hands lying face up (``names``: the page's seat names)."""
    me = view.seat
    return {
        "turn_up": _played(deal, view.turn_up) if view.turn_up is not None else None,
        # the talon's card that leads the trick under way (it sets the suit, wins nothing
        # unless it is a seat's card: the seat's words, "you" for the person's)
        "lead": _played(deal, view.lead) if view.lead is not None else None,
        "lead_owner": names[view.talon_owner]
        if view.lead is not None and view.talon_owner is not None
        else "",
        # the person's seat sits out of this deal (no card, no call): said in words, and
        # whether the talon's leading cards are played as its own
        "sitting_out": view.sitting_out == me,
        "talon_mine": view.talon_owner == me,
        # the other hands lying face up, as every seat sees them
        "face_up": [
            {
                "seat": deal.seats[s],
                "name": names[s],
                "cards": [
                    _played(deal, c) for c in hand_order(deal.deck, deal.hand(s), deal.play_rules)
                ],
            }
            for s in view.shown
            if s not in (me, view.holder)
        ],
        "talon": [_played(deal, c) for c in bits(view.talon)],
    }


def _auction_context(deal: Deal, view: SeatView, say: Callable[[object], str]) -> dict[str, Any]:
    """The calls made, and the person's call buttons: the other calls, and the bids by level."""
    deck, me = deal.deck, view.seat
    menu = call_menu(deal, view.legal_calls) if view.legal_calls else None

    def call_button(call: Any) -> dict[str, Any]:
        den = call.denomination if call.kind == "bid" else None
        colour = deck.suit_colour(deck.suits.index(den)) if den in deck.suits else ""
        return {
            "text": call.text,
            "label": say(call_short(deal, call)),
            "kind": call.kind,
            "words": say(call_words(deal, call)),
            "denomination": denomination_label(deck, den) if den else "",
            "colour": colour,
        }

    return {
        "calls": [
            {
                "short": say(describe_call_short(deal, s, c, me)),
                "words": say(describe_call(deal, s, c, me)),
            }
            for s, c in view.calls
        ],
        "others": [call_button(c) for c in menu.others] if menu else [],
        "levels": [
            {"label": say(label), "bids": [call_button(c) for c in bids]}
            for label, bids in menu.levels
        ]
        if menu
        else [],
    }


def _last_trick(deal: Deal, view: SeatView, names: Mapping[int, str]) -> dict[str, Any] | None:
    """The last trick's cards, each with its seat's words, and its winner; None before one."""
    if view.last_trick is None:
        return None
    cards, winner = view.last_trick
    return {
        "cards": [{"seat": deal.seats[s], "name": names[s], **_played(deal, c)} for s, c in cards],
        "winner": names[winner],
    }


def _phase_context(deal: Deal, view: SeatView, say: Callable[[object], str]) -> dict[str, Any]:
    """What the person may do in a phase after the auction (:attr:`SeatView.legal_actions`):
    a discard as a choice of that many cards of the hand, tapped, then one button; any other
    action (take the talon, name a game, a decision such as whist or pass) as a button of the
    variant's words."""
    actions = view.legal_actions
    if not actions:
        return {}
    discards = [a for a in actions if a.kind == "discard"]
    count = bin(discards[0].cards).count("1") if discards else 0
    return {
        "discard": count,
        "discard_words": say(discard_words(count)) if count else "",
        "buttons": [
            {"code": a.code, "kind": a.kind, "label": say(a.label)}
            for a in actions
            if a.kind != "discard"
        ],
    }


def discard_words(count: int) -> Message:
    """The question of a discard: "Choose 2 cards to discard"."""
    return _n("Choose {n} card to discard", "Choose {n} cards to discard", n=count)


def _render(
    table: tables.Table,
    notice: str | None = None,
    hint: dict[str, Any] | None = None,
    status: int = 200,
) -> Response:
    key = request.view_args.get("key", "") if request.view_args else ""
    link = base_url().url + url_for("play.game", key=key)
    return render_page(
        "play/game.html",
        "play/_table.html",
        status=status,
        game_link=link,
        **_table_context(table, notice, hint),
    )


@bp.get("/<key>")
def game(key: str) -> ResponseReturnValue:
    table = _load(key)
    devices.grant_play(table.game, key)
    return _render(table, _take_notice(key))


def _read_move() -> tuple[int, int | None, str, str]:
    """The move a form sends: deal and event numbers, the action and its value (a call's text
    or a card), read through :mod:`framework.core.untrusted`.

    :raises InputError: naming the field.
    """
    form = request.form
    number = parse_int(form.get("deal", ""), "deal", minimum=1, maximum=10**6)
    event = parse_optional_int(form.get("event") or None, "event", minimum=0, maximum=10**4)
    for action in ("card", "call"):
        if action in form:
            return number, event, action, check_text(form[action], action, max_length=40)
    action = check_text(form.get("action", ""), "action", max_length=20)
    if action == "act":  # a phase's action: its code, or the cards of a discard, tapped
        picked = form.getlist("cards")
        if picked:
            cards = [check_text(c, "cards", max_length=8) for c in picked[:32]]
            return number, event, action, " ".join(cards)
        return number, event, action, check_text(form.get("value", ""), "value", max_length=40)
    return number, event, action, ""


def _read_quiet() -> list[int]:
    """The combinations the person keeps quiet with a first card: each ``announce-<i>`` the
    form answers "no" (the page asks "Announce your tierce?" of each one the rules let the
    player choose)."""
    form = request.form
    return [i for i in range(8) if form.get(f"announce-{i}") == "no"]


@bp.post("/<key>/move")
def move(key: str) -> ResponseReturnValue:
    notice = None
    try:
        number, event, action, value = _read_move()
        table = tables.move(get_engine(), key, number, event, action, value, _read_quiet())
    except games.NotFound:
        abort(404)
    except tables.Stale:
        table = _load(key)
        notice = t("That move was already made (or the page was old): here is the table now.")
    except AtoutError as exc:  # a refused call or card (RuleViolation), a bad field
        table = _load(key)
        notice = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
    if not is_partial(request):
        if notice:
            _keep_notice(key, notice)
        return redirect(url_for("play.game", key=key), 303)
    return _render(table, notice)


def _keep_notice(key: str, notice: str) -> None:
    """A refusal said on the table's next page (a browser without JavaScript is redirected to
    it): kept in the session as its message, so that page says it in its own language and
    the address carries no text."""
    found = message_of(notice)
    session["play_notice"] = (
        {"key": key, "message": found.to_json()}
        if found is not None
        else {"key": key, "text": str(notice)}
    )


def _take_notice(key: str) -> str | None:
    """The refusal :func:`_keep_notice` kept for this table, once."""
    kept = session.get("play_notice")
    if not isinstance(kept, dict) or kept.get("key") != key:
        return None
    session.pop("play_notice", None)
    if "message" in kept:
        try:
            return Message.from_json(kept["message"])
        except ValueError:
            return None
    text = kept.get("text")
    return text if isinstance(text, str) else None


@bp.get("/<key>/hint")
def hint(key: str) -> ResponseReturnValue:
    table = _load(key)
    try:
        found = tables.hint_for(table)
    except RuleViolation as exc:
        data = {"text": exc.args[0] if exc.args else str(exc)}
    else:
        deck = table.deal.deck
        what = (
            call_words(table.deal, found.call)
            if found.call is not None
            else deck.card_name(found.card)
            if found.card is not None
            else ""
        )
        data = {
            "what": what,
            "why": found.why,
            "card": deck.format(found.card) if found.card is not None else None,
            "call": found.call.text if found.call is not None else None,
        }
    if is_partial(request):
        from flask import render_template

        return add_vary(
            Response(render_template("play/_hint.html", hint=data, say=_speaker(table).render))
        )
    return _render(table, hint=data)


@bp.get("/<key>/state.json")
def state(key: str) -> ResponseReturnValue:
    """The table as the person's seat sees it, as JSON (what the page shows, no more)."""
    table = _load(key)
    deal = table.deal
    view = seat_view(deal, table.seat)
    deck = deal.deck
    names = deal.seats
    return jsonify(
        {
            "variant": table.game.variant,
            "preset": table.game.preset,
            "deal": table.number,
            "event": view.event_count,
            "phase": view.phase,
            "seat": names[view.seat],
            "turn": names[view.turn] if view.turn is not None else None,
            "dealer": names[view.dealer],
            "hand": [
                with_messages(
                    {"card": deck.format(c.card), "legal": c.legal, "reason": c.reason}, "reason"
                )
                for c in view.hand
            ],
            "calls": [[names[s], c.text] for s, c in view.calls],
            "legal_actions": [a.code for a in view.legal_actions],
            "talon": deck.format_mask(view.talon) if view.talon else None,
            "legal_calls": [c.text for c in view.legal_calls],
            "contract": view.contract.describe(names) if view.contract is not None else None,
            "trick": [[names[s], deck.format(c)] for s, c in view.trick],
            "last_trick": (
                [[names[s], deck.format(c)] for s, c in view.last_trick[0]]
                if view.last_trick
                else None
            ),
            "turn_up": deck.format(view.turn_up) if view.turn_up is not None else None,
            "record": table.row.record,
            "score": table.score.to_json() if table.score is not None else None,
            "totals": table.totals,
            "over": table.outcome.over,
            "winner": table.outcome.winner,
        }
    )
