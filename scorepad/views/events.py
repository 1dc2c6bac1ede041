"""The pages of an event (a club night, a tournament): a new event, the director's page, the
table cards, the board slips, the wall, the per-board comparison and the results sheet.

The **director's page** is a capability link, as a game's edit link is:
``/events/<id>/director?t=<token>`` (the token is the director's, shown once when the event is
made; the server keeps its hash). Its forms carry the token back; every page that holds it is
sent ``Cache-Control: no-store``. Printing the **table cards** mints each table's edit token
(minting again revokes the cards printed before, and the page says so) and lets the director's
browser edit every table's game (a device grant, :mod:`scorepad.devices`), so a correction is
the ordinary deal edit of that table's game page.

The **wall** (``/events/<id>``, public; ``?view=tv`` for a projector: large, dark, no controls)
polls ``/events/<id>/wall?v=<version>`` every ``POLL_SECONDS``. An unchanged event is answered
``204`` from one indexed read of its version (:func:`scorepad.events.store.event_version`: it
goes up with every write of the event and every deal of its tables' games); a changed one gets
the fragment, rendered once per version, language and view in each worker and kept in memory
(:mod:`scorepad.views.fragments`; at most once a ``FRAGMENT_SECONDS`` while deals pour in at a
round's end): a room of phones costs one render per change, not one per phone.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from markupsafe import Markup, escape

from framework.core.cards import Deck
from framework.rules.declaration import VariantInfo
from scorepad import devices, games, installed
from scorepad.columns import plays_as_two_teams, team_seats
from scorepad.db import get_engine, get_poll_engine, get_session
from scorepad.events import EventError, store
from scorepad.events.boards import Comparison, board_ranking
from scorepad.events.pairing import PAIRINGS
from scorepad.events.slips import Slip, board_slips
from scorepad.events.standings import BYES, RANKINGS
from scorepad.htmx import add_vary, is_partial
from scorepad.i18n import error_words
from scorepad.inputs import arg_int
from scorepad.models import Event, EventTeam
from scorepad.security import check_csrf, token_matches
from scorepad.share import qr_svg
from scorepad.views.common import (
    base_url,
    creation_limit,
    edit_link,
    lang,
    let_others_run,
    qr_image,
    t,
    text,
    too_many_games,
    variant_choice,
)
from scorepad.views.errors import abort_page
from scorepad.views.fragments import Fragments, Kept, answer_poll
from scorepad.views.live import csv_cell, fresh_seconds, poll_seconds
from scorepad.views.pages import form_number, form_options

bp = Blueprint("events", __name__, url_prefix="/events")
bp.before_request(check_csrf)

#: the query parameter (and form field) of the director's token
_TOKEN = "t"
#: a team's line in the new-event form: ``name; player, player; club``
_LINE = re.compile(r"\s*;\s*")


@bp.after_request
def _no_store(response: Response) -> Response:
    """A page that holds the director's token, or the tables' edit links, is kept by no
    cache."""
    if request.values.get(_TOKEN) or request.endpoint == "events.create":
        response.headers["Cache-Control"] = "no-store"
    return response


# ---- reading -----------------------------------------------------------------------------------


def _load(eid: str) -> store.EventView:
    try:
        return store.load_event(get_session(), eid)
    except games.NotFound:
        abort(404)


def _token(event: Event) -> str:
    """The request's director's token (``t``), when it is the event's; else 403."""
    token = request.values.get(_TOKEN, "")
    if not token or not token_matches(token, event.token_hash):
        abort_page(403, t("You need the director's link of this event."))
    return token


def _director(eid: str) -> tuple[store.EventView, str]:
    """The event, when the request carries its director's token (``t``); else 403."""
    view = _load(eid)
    return view, _token(view.event)


def _director_token(eid: str) -> str:
    """The director's token, checked against the event's row alone (404, 403): for a write,
    whose page reads the event after it."""
    try:
        return _token(store.find_event(get_session(), eid))
    except games.NotFound:
        abort(404)


def _names(view: store.EventView) -> list[str]:
    return [team.name for team in view.teams]


def wall_link(eid: str) -> str:
    return base_url().url + url_for("events.wall", eid=eid)


def director_link(eid: str, token: str) -> str:
    return base_url().url + url_for("events.director", eid=eid, t=token)


# ---- a new event -------------------------------------------------------------------------------


def _new_context(form: Mapping[str, Any], errors: dict[str, Any]) -> dict[str, Any]:
    return {
        **variant_choice(form, plays_as_two_teams),  # an event's tables are two teams of two
        "form": form,
        "errors": errors,
        "pairings": PAIRINGS,
        "byes": BYES,
        "rankings": RANKINGS,
    }


@bp.get("/new")
def new() -> ResponseReturnValue:
    return render_template("events/new.html", **_new_context(dict(request.args), {}))


def teams_from(typed: str) -> list[dict[str, Any]]:
    """The teams of the form's box, one a line: ``name; player, player; club`` (the players and
    the club optional); blank lines skipped.

    >>> teams_from("Les As; Anne, Paul; Cercle\\n\\nBelotte")
    [{'name': 'Les As', 'players': ['Anne', 'Paul'], 'club': 'Cercle'}, {'name': 'Belotte'}]
    """
    teams: list[dict[str, Any]] = []
    for line in typed.splitlines():
        if not line.strip():
            continue
        parts = _LINE.split(line.strip())
        team: dict[str, Any] = {"name": parts[0]}
        if len(parts) > 1 and parts[1]:
            team["players"] = [p.strip() for p in parts[1].split(",") if p.strip()]
        if len(parts) > 2 and parts[2]:
            team["club"] = parts[2]
        teams.append(team)
    return teams


def event_from_form(form: Mapping[str, Any]) -> dict[str, Any]:
    """The new-event form as the API's body (``POST /api/events``).

    :raises EventError: naming a house rule the form gave badly."""
    body: dict[str, Any] = {
        "name": form.get("name", ""),
        "variant": form.get("variant", ""),
        "teams": teams_from(str(form.get("teams", ""))),
        "rounds": form_number(form, "rounds"),
        "pairing": form.get("pairing", ""),
        "boards": form.get("boards") == "on",
    }
    if form.get("ranking"):
        body["ranking"] = form["ranking"]
    if form.get("preset"):
        body["preset"] = form["preset"]
    try:
        options = form_options(form)
    except games.GameInputError as exc:
        raise EventError(exc.field, error_words(exc)) from None
    if options:
        body["options"] = options
    deals, target = form_number(form, "match_deals"), form_number(form, "target")
    if deals is not None:
        body["round"] = {"deals": deals}
    elif target is not None:
        body["round"] = {"target": target}
    kind = form.get("bye") or "average"
    bye: dict[str, Any] = {"kind": kind}
    if kind == "fixed":
        bye["points"] = form_number(form, "bye_points") or 0
        bye["against"] = form_number(form, "bye_against") or 0
    body["bye"] = bye
    return body


@bp.post("/new")
def create() -> ResponseReturnValue:
    form = request.form
    creator, most = creation_limit()
    try:
        event, token = store.create_event(
            get_engine(), event_from_form(form), creator=creator, per_minute=most
        )
    except EventError as exc:
        return _new_error(exc.field, exc.reason)
    except games.TooManyGames as exc:
        response = _new_error("name", too_many_games(exc), 429)
        response.headers["Retry-After"] = str(exc.retry_after)
        return response
    return redirect(url_for("events.director", eid=event.public_id, t=token, made=1), 303)


def _new_error(field: str, reason: Any, status: int = 422) -> Response:
    """The form again with the reason under its field (a team's field under the teams' box,
    with the line it is on)."""
    key = field.split(".")[0]
    found = re.match(r"teams\.(\d+)", field)
    words = text(reason)
    if found:
        words = t("Line %(line)s: %(reason)s", line=int(found[1]) + 1, reason=words)
    if key in ("round",):
        key = "match_deals" if field.endswith("deals") else "target"
    elif key in ("options",) and "." in field:
        key = "options-" + field.split(".", 1)[1]
    context = _new_context(dict(request.form), {key: words})
    return Response(render_template("events/new.html", **context), status)


# ---- the director ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Done:
    """What the director's last action did, said at the top of the page: its words, whether
    it was refused, the form field the refusal names, and warnings that did not refuse it."""

    words: str
    error: bool = False
    field: str | None = None
    notes: tuple[str, ...] = ()


def _director_page(
    view: store.EventView,
    token: str,
    done: Done | None = None,
    status: int = 200,
    typed: list[tuple[Any, Any]] | None = None,
) -> Response:
    """The director's page; ``typed``: the pairing the director sent, shown again in the form
    that changes the proposed pairing when it was refused."""
    current = view.current
    late = set(current.late()) if current is not None else set()
    proposal: list[tuple[Any, Any]] | None = None  # the form that changes a proposed pairing
    playing: list[EventTeam] = []  # the teams it offers: those not withdrawn
    if current is not None and current.state == "proposed":
        proposal = typed if typed is not None else [table.teams for table in current.tables]
        withdrawn = view.withdrawn(current.number)
        playing = [team for team in view.teams if team.number not in withdrawn]
    page = render_template(
        "events/director.html",
        view=view,
        token=token,
        names=_names(view),
        current=current,
        late=late,
        standings=view.standings(),
        tie_breaks=view.tie_breaks,
        done=done,
        made=request.args.get("made") == "1",
        director_url=director_link(view.event.public_id, token),
        wall_url=wall_link(view.event.public_id),
        state_words=state_words(),
        return_path=_director_path(view, token),
        pairing=proposal,
        team_options=_team_options(playing),
        sides=view.sides,
    )
    return Response(page, status)


def _team_options(teams: list[EventTeam]) -> Callable[[Any], Markup]:
    """The ``<option>``s of a team's list in the form that changes a proposed pairing, the
    team ``chosen`` selected: written once for the page and copied into each list (two lists
    a table, each of every team: 40,000 options at 100 tables, which a loop in the template
    wrote in 0.2 s of a worker's CPU, the polls it holds waiting)."""
    written = {
        team.number: f'<option value="{team.number}">{escape(team.name)}</option>' for team in teams
    }
    every = "".join(written.values())

    def options(chosen: Any) -> Markup:
        mark = written.get(chosen)
        if mark is None:
            return Markup(every)
        return Markup(every.replace(mark, mark.replace(">", " selected>", 1), 1))

    return options


def _director_path(view: store.EventView, token: str) -> str:
    """Where the language switch of a page holding the director's token comes back to: the
    director's page (the switch's own return path drops every token)."""
    return url_for("events.director", eid=view.event.public_id, t=token)


def state_words() -> dict[str, str]:
    """A table's and a round's states, in the page's language."""
    return {
        "waiting": t("waiting"),
        "not_started": t("not started"),
        "playing": t("playing"),
        "finished": t("finished"),
        "proposed": t("proposed"),
        "closed": t("closed"),
    }


@bp.get("/<eid>/director")
def director(eid: str) -> ResponseReturnValue:
    view, token = _director(eid)
    return _director_page(view, token)


def _act(
    eid: str, action: Any, success: str, typed: list[tuple[Any, Any]] | None = None
) -> Response:
    """Run a director's write and show the page again, saying what it did or why not (and the
    field a refusal names; ``typed``: the pairing sent, shown again when refused). An action
    that answers a list of messages answers warnings, said under what it did."""
    token = _director_token(eid)
    engine = get_engine()
    try:
        said = action(engine)
    except EventError as exc:
        refused = Done(text(exc.reason), True, exc.field)
        return _director_page(_load(eid), token, refused, 422, typed)
    except games.Conflict as exc:
        return _director_page(_load(eid), token, Done(text(exc), True), 409)
    except games.NotFound as exc:
        return _director_page(_load(eid), token, Done(text(exc), True), 404)
    notes = tuple(text(w) for w in said) if isinstance(said, list) else ()
    return _director_page(_load(eid), token, Done(success, notes=notes))


@bp.post("/<eid>/director/start")
def start(eid: str) -> ResponseReturnValue:
    number = arg_int(request.form, "round")
    return _act(
        eid,
        lambda engine: store.start_round(engine, eid, number),
        t("Round %(number)s has started: print the table cards.", number=number),
    )


@bp.post("/<eid>/director/next")
def next_round(eid: str) -> ResponseReturnValue:
    force = request.form.get("force") == "on"
    reason = request.form.get("reason") or None
    return _act(
        eid,
        lambda engine: store.propose_next(engine, eid, force, reason),
        t("The round is closed."),
    )


#: a field of the form that changes a proposed pairing: a table's two teams, first side first
_PAIRING_FIELD = re.compile(r"tables\.(\d{1,3})\.teams")


def pairing_from_form(form: Any) -> list[dict[str, Any]]:
    """The tables of the form that changes a proposed pairing, as the API takes them
    (``[{"teams": [a, b]}, ...]``): two values of ``tables.<i>.teams`` each, whole numbers read
    as such and anything else passed on for the store to refuse naming its field. A table
    missing between two others is an empty one (refused so)."""
    found = [int(m[1]) for key in form if (m := _PAIRING_FIELD.fullmatch(key))]
    count = min(max(found, default=-1) + 1, store.MAX_TEAMS)
    return [
        {
            "teams": [
                int(value) if value.isdigit() and len(value) <= 3 else value
                for value in form.getlist(f"tables.{i}.teams")
            ]
        }
        for i in range(count)
    ]


@bp.post("/<eid>/director/pairing")
def pairing(eid: str) -> ResponseReturnValue:
    """Change the proposed round's pairing, checked as ``PUT /api/events/<id>/rounds/<n>``
    checks it (:func:`scorepad.events.store.change_pairing`): a refusal names its table and
    stores nothing; pairs that met before are said, not refused."""
    number = arg_int(request.form, "round")
    tables = pairing_from_form(request.form)
    sent = [[*table["teams"], None, None] for table in tables]  # (a table short: blanks)
    typed = [(teams[0], teams[1]) for teams in sent]
    return _act(
        eid,
        lambda engine: store.change_pairing(engine, eid, number, tables, named=True),
        t("The pairings are changed."),
        typed,
    )


@bp.post("/<eid>/director/withdraw")
def withdraw(eid: str) -> ResponseReturnValue:
    team = arg_int(request.form, "team")
    if request.form.get("confirm") != "on":
        view, token = _director(eid)
        return _director_page(view, token, Done(t("Tick the box to confirm."), True), 422)
    return _act(
        eid,
        lambda engine: store.withdraw(engine, eid, team),
        t("The team is withdrawn from the next round on."),
    )


@bp.post("/<eid>/director/due")
def due(eid: str) -> ResponseReturnValue:
    """The time the round should end, ``HH:MM`` in the server's time zone (the room's: the
    laptop is in it), the occurrence of it nearest now; empty: none."""
    number = arg_int(request.form, "round")
    typed = request.form.get("due", "").strip()
    when: datetime | None = None
    if typed:
        found = re.fullmatch(r"([01]?\d|2[0-3]):([0-5]\d)", typed)
        if not found:
            view, token = _director(eid)
            return _director_page(view, token, Done(t("Write the time as 21:30."), True), 422)
        now = datetime.now(UTC).astimezone()  # the server's local time
        when = now.replace(hour=int(found[1]), minute=int(found[2]), second=0, microsecond=0)
        if when < now - timedelta(hours=12):  # the occurrence nearest now: 00:30 at 23:50
            when += timedelta(days=1)
        elif when >= now + timedelta(hours=12):  # is tonight's, 23:50 at 00:10 yesterday's
            when -= timedelta(days=1)
        when = when.astimezone(UTC)
    return _act(
        eid,
        lambda engine: store.set_due(engine, eid, number, when),
        t("The round's end time is set.") if when else t("The round's end time is removed."),
    )


# ---- table cards -------------------------------------------------------------------------------


@bp.post("/<eid>/cards")
def cards(eid: str) -> ResponseReturnValue:
    """Mint every table's edit token of the round being played and show the cards to print
    (the tokens are shown this once); the director's browser may edit every table."""
    token = _director_token(eid)
    try:
        minted = store.mint_tokens(get_engine(), eid)
    except games.Conflict as exc:
        return _director_page(_load(eid), token, Done(text(exc), True), 409)
    view = _load(eid)
    names = _names(view)
    # the round minted: the last one started (mint_tokens refuses a round not started)
    played = next((r for r in reversed(view.rounds) if r.state != "proposed"), None)
    by_number = {t.number: t for t in played.tables} if played is not None else {}
    info = installed.variant(view.event.variant).info
    shown = []
    devices.grant_games(
        [
            (table.game, m.token)
            for m in minted
            if (table := by_number.get(m.table)) is not None and table.game is not None
        ]
    )
    for m in minted:
        link = edit_link(m.game_id, m.token)
        shown.append(
            {
                "number": m.table,
                "teams": [names[m.teams[0]], names[m.teams[1]]],
                "seats": _seats(view, info, m.teams),
                "link": link,
                "qr": qr_svg(link),
            }
        )
        let_others_run()  # a code takes a millisecond of CPU: the worker's polls go on between
    revoked = sum(m.revoked for m in minted)
    return render_template(
        "events/cards.html",
        view=view,
        token=token,
        cards=shown,
        revoked=revoked,
        round_number=played.number if played else None,
        return_path=_director_path(view, token),
    )


def _seats(
    view: store.EventView, info: VariantInfo, teams: tuple[int, int]
) -> list[dict[str, str]]:
    """Who sits where at a table, in the variant's seat order (``info``): the first team on
    the variant's first side, the other on the second, each team's players in its seats'
    order."""
    out = []
    for team, seats in zip(teams, team_seats(info), strict=True):
        players = list(view.teams[team].players or ())
        for i, seat in enumerate(seats):
            out.append(
                {
                    "seat": seat,
                    "team": view.teams[team].name,
                    "player": players[i] if i < len(players) else "",
                }
            )
    return sorted(out, key=lambda s: info.seats.index(s["seat"]))


# ---- board slips -------------------------------------------------------------------------------


@bp.get("/<eid>/slips")
def slips(eid: str) -> ResponseReturnValue:
    """Round ``round``'s board slips (the director's: they show the hands)."""
    view, token = _director(eid)
    if not view.event.boards or view.event.round_deals is None:
        abort_page(404, t("This event is not played on boards."))
    number = arg_int(request.args, "round") or (view.current.number if view.current else 1)
    if not 1 <= number <= view.event.rounds:
        abort(404)
    v = installed.variant(view.event.variant)
    rules = v.rules_from_json(view.event.rules)
    pattern = v.hooks.deal_pattern(rules)
    boards = [
        board_slips(pattern, view.event.seed, number, board, len(v.info.seats))
        for board in range(1, view.event.round_deals + 1)
    ]
    return render_template(
        "events/slips.html",
        view=view,
        token=token,
        round_number=number,
        boards=[[_slip(slip, pattern.deck, v.info.seats) for slip in board] for board in boards],
        stock_turned=pattern.turn_up == "table",
        return_path=url_for("events.slips", eid=eid, round=number, t=token),
    )


def _slip(slip: Slip, deck: Deck, seats: tuple[str, ...]) -> dict[str, Any]:
    """A slip as the page shows it, its seats by the variant's names."""

    def card(c: int) -> dict[str, Any]:
        suit = deck.suit_of[c]
        face = deck.card_face(c)
        symbol = deck.suit_symbol(suit)
        return {
            "rank": face[: -len(symbol)] if face.endswith(symbol) else face,
            "symbol": symbol,
            "suit": deck.suits[suit],
            "name": text(deck.card_name(c)),
            "shown": c == slip.shown,
        }

    return {
        "board": slip.board,
        "dealer": seats[slip.dealer],
        "seat": None if slip.seat is None else seats[slip.seat],
        "packets": [{"phase": p.phase, "cards": [card(c) for c in p.cards]} for p in slip.packets],
    }


# ---- the wall ----------------------------------------------------------------------------------


#: the walls' fragments kept in this worker (:mod:`scorepad.views.fragments`)
WALLS = Fragments()


def _view_arg() -> str:
    return "tv" if request.args.get("view") == "tv" else ""


def _wall_fragment(eid: str, version: int) -> Kept:
    """The wall's fragment at ``version``, or a newer one, or one rendered within
    :func:`fresh_seconds` (:class:`~scorepad.views.fragments.Fragments`)."""

    def render() -> tuple[int, str]:
        view = _load(eid)
        body = render_template(
            "events/_wall.html",
            view=view,
            names=_names(view),
            current=view.current,
            standings=view.standings(),
            tie_breaks=view.tie_breaks,
            tv=_view_arg() == "tv",
            state_words=state_words(),
            poll=poll_seconds(),
        )
        return view.event.version, body

    return WALLS.fetch(("wall", eid, lang(), _view_arg()), version, render, fresh_seconds())


@bp.get("/<eid>")
def wall(eid: str) -> ResponseReturnValue:
    """The wall: the standings, the round's tables with their scores, the next pairings."""
    version = store.event_version(get_poll_engine(), eid)
    if version is None:
        abort(404)
    fragment = _wall_fragment(eid, version)
    try:
        event = store.find_event(get_session(), eid)
    except games.NotFound:
        abort(404)
    return add_vary(
        current_app.make_response(
            render_template(
                "events/wall.html",
                event=event,
                fragment=fragment.body,
                tv=_view_arg() == "tv",
                wall_url=wall_link(eid),
                loopback_only=base_url().loopback_only,
            )
        )
    )


@bp.get("/<eid>/wall")
def wall_poll(eid: str) -> ResponseReturnValue:
    """The wall's fragment, or 204 while the client's version ``v`` is the one to show."""
    version = store.event_version(get_poll_engine(), eid)
    if version is not None and not is_partial(request):
        return redirect(url_for("events.wall", eid=eid, view=_view_arg() or None), 303)
    return answer_poll(arg_int(request.args, "v"), version, lambda v: _wall_fragment(eid, v))


@bp.get("/<eid>/qr.svg")
def qr(eid: str) -> ResponseReturnValue:
    if store.event_version(get_poll_engine(), eid) is None:
        abort(404)
    return qr_image(wall_link(eid))


# ---- after a round: boards, results, exports ---------------------------------------------------


@bp.get("/<eid>/boards/<int:number>")
def boards(eid: str, number: int) -> ResponseReturnValue:
    """Round ``number``'s boards compared, once the round is closed (before, a board's result
    would tell a table still playing it what the others made)."""
    view = _load(eid)
    if not view.event.boards:
        abort_page(404, t("This event is not played on boards."))
    played = next((r for r in view.rounds if r.number == number), None)
    if played is None:
        abort(404)
    if played.state != "closed":
        abort_page(404, t("The boards are compared once the round is closed."))
    comparisons = view.comparisons(number)
    by_board: dict[int, list[Any]] = {}
    for c in comparisons:
        by_board.setdefault(c.board, []).append(c)
    return render_template(
        "events/boards.html",
        view=view,
        names=_names(view),
        round_number=number,
        sides=view.sides,
        by_board=by_board,
        dealers=_board_dealers(view, by_board),
        ranking=board_ranking(len(view.teams), comparisons),
    )


def _board_dealers(view: store.EventView, boards: Iterable[int]) -> dict[int, str]:
    """Each board's dealer, as its slips and every table's game on it say."""
    seats = installed.variant(view.event.variant).info.seats
    return {board: seats[games.board_dealer(board, len(seats))] for board in boards}


def _compared(view: store.EventView) -> list[tuple[int, tuple[Comparison, ...]]]:
    """Each closed round's boards compared, by round (none for an event not on boards)."""
    if not view.event.boards:
        return []
    return [(r.number, view.comparisons(r.number)) for r in view.rounds if r.state == "closed"]


def _boards_json(view: store.EventView) -> dict[str, Any]:
    """The exports' boards: each closed round's boards (their dealer; each table's side with
    its score and its difference as the pages show it) and the ranking by them."""
    rounds = _compared(view)
    dealers = _board_dealers(view, {c.board for _n, made in rounds for c in made})
    out: list[dict[str, Any]] = []
    for number, made in rounds:
        by_board: dict[int, list[dict[str, Any]]] = {}
        for c in made:
            by_board.setdefault(c.board, []).append(
                {"table": c.table, "side": c.side, "team": c.team, "score": c.score,
                 "difference": c.shown}
            )  # fmt: skip
        out.append(
            {
                "number": number,
                "boards": [
                    {"board": board, "dealer": dealers[board], "tables": tables}
                    for board, tables in by_board.items()
                ],
            }
        )
    ranking = board_ranking(len(view.teams), [c for _n, made in rounds for c in made])
    return {
        "rounds": out,
        "ranking": [
            {"rank": line.rank, "team": line.team, "boards": line.boards, "total": line.shown}
            for line in ranking
        ],
    }


@bp.get("/<eid>/results")
def results(eid: str) -> ResponseReturnValue:
    """The results sheet to print: the standings and every round's tables."""
    view = _load(eid)
    by_boards = None
    if view.event.boards:  # the option: every closed round's boards, each side's differences
        closed = (r.number for r in view.rounds if r.state == "closed")
        by_boards = board_ranking(len(view.teams), view.comparisons(*closed))
    return render_template(
        "events/results.html",
        view=view,
        names=_names(view),
        standings=view.standings(),
        tie_breaks=view.tie_breaks,
        state_words=state_words(),
        by_boards=by_boards,
    )


@bp.get("/<eid>/export.json")
def export_json(eid: str) -> ResponseReturnValue:
    """The event as the API gives it, and for an event on boards its boards compared
    (``boards``: :func:`_boards_json`)."""
    view = _load(eid)
    out = view.to_json()
    if view.event.boards:
        out["boards"] = _boards_json(view)
    response = jsonify(out)
    response.headers["Content-Disposition"] = f'attachment; filename="atout-event-{eid}.json"'
    return response


@bp.get("/<eid>/export.csv")
def export_csv(eid: str) -> ResponseReturnValue:
    """One line per table of every round, then the standings; for an event on boards, then
    one line per side of a table on each board of every closed round, and the ranking by
    boards."""
    view = _load(eid)
    names = [csv_cell(n) for n in _names(view)]
    first, second = view.sides
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        [
            "round",
            "table",
            f"team {first}",
            f"team {second}",
            "state",
            f"total {first}",
            f"total {second}",
        ]
    )
    for played in view.rounds:
        for table in played.tables:
            a, b = table.teams
            writer.writerow(
                [played.number, table.number, names[a], names[b], table.state, *table.totals]
            )
        for team in played.byes:
            writer.writerow([played.number, "bye", names[team], "", "", "", ""])
    writer.writerow([])
    by_boards = view.event.ranking == "boards"  # the sum of board differences ranks first
    writer.writerow(
        ["rank", "team", "played", "won", "drawn", "lost", "match points", "points", "difference"]
        + (["board +/-"] if by_boards else [])
    )
    for s in view.standings():
        writer.writerow(
            [
                s.rank,
                names[s.team],
                s.played,
                s.won,
                s.drawn,
                s.lost,
                s.match_points,
                s.points,
                s.difference,
            ]
            + ([s.boards_shown] if by_boards else [])
        )
    if view.event.boards:
        compared = _boards_json(view)
        writer.writerow([])
        writer.writerow(["round", "board", "dealer", "table", "side", "team", "score", "+/-"])
        for played in compared["rounds"]:
            for board in played["boards"]:
                for c in board["tables"]:
                    writer.writerow(
                        [played["number"], board["board"], board["dealer"], c["table"],
                         view.sides[c["side"]], names[c["team"]], c["score"], c["difference"]]
                    )  # fmt: skip
        writer.writerow([])
        writer.writerow(["board rank", "team", "boards", "total +/-"])
        for line in compared["ranking"]:
            writer.writerow([line["rank"], names[line["team"]], line["boards"], line["total"]])
    response = Response(out.getvalue(), mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="atout-event-{eid}.csv"'
    return response


__all__ = ["WALLS", "bp", "director_link", "event_from_form", "teams_from", "wall_link"]
