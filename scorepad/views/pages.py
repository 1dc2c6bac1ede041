"""The HTML app of the table: new game, the game page (score sheet, deal form, sharing), editing
past deals, the list of games to resume, the language switch, and htmx itself.

Writing needs a grant of this browser's device key for the game's current edit token
(:mod:`scorepad.devices`): the edit link ``/e/<id>?t=<token>`` grants it and redirects to
``/e/<id>``, so the token leaves the address bar at once. Every unsafe
request carries the session's CSRF token. Views parse the request, call :mod:`scorepad.games`
and render; the deal form comes from :mod:`scorepad.forms`.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from importlib import resources
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    flash,
    g,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue

from framework.core.errors import OptionError, PluginError, RecordError
from framework.core.untrusted import InputError, check_text, load_json, parse_int
from framework.rules.schema import Field
from scorepad import devices, forms, games, i18n, installed, widgets
from scorepad.columns import team_keys
from scorepad.db import get_engine, get_session
from scorepad.events import store
from scorepad.htmx import add_vary
from scorepad.inputs import arg_int
from scorepad.models import aware
from scorepad.security import (
    CSRF_FIELD,
    SECURITY_HEADERS,
    check_csrf,
    csrf_token,
)
from scorepad.views.common import (
    base_url,
    creation_limit,
    edit_link,
    lang,
    live_link,
    ngettext,
    remember_link_language,
    render_page,
    say,
    t,
    text,
    text_in_context,
    too_many_games,
    variant_choice,
)
from scorepad.views.errors import abort_page
from scorepad.views.live import load, over_poll_seconds, poll_seconds

bp = Blueprint("pages", __name__)

#: the API route that answers a new edit token
_TOKEN_PATH = re.compile(r"/api/games/[^/]+/token")
#: a number as people type it: digits, or groups of three after the first ("10 000")
_DIGIT_GROUPS = re.compile(r"[0-9]+|[0-9]{1,3}(?: [0-9]{3})+")

#: how many games "Your games" lists (the most recently changed this browser may edit)
REMEMBERED = 30
HTMX_VERSION = "2.0.3"


@bp.before_request
def _check_csrf() -> None:
    check_csrf()


def init_app(app: Flask) -> None:
    app.before_request(remember_link_language)
    app.context_processor(_template_context)
    app.after_request(_security_headers)


def _security_headers(response: Response) -> Response:
    """No page of ours is framed, sniffed, runs a script or style from elsewhere or inline, or
    tells other sites which game it was."""
    headers = response.headers
    for name, value in SECURITY_HEADERS:
        headers.setdefault(name, value)
    if _carries_capability():
        # the edit link (its token) is on the page or in the body: no cache may keep it
        headers["Cache-Control"] = "no-store"
    return response


def _carries_capability() -> bool:
    """The edit pages (``/e/...``), a new game's answer and the play table carry a capability."""
    path = request.path
    return path.startswith(("/e/", "/play/")) or (
        request.method == "POST"
        and (path in ("/api/games", "/new") or _TOKEN_PATH.fullmatch(path) is not None)
    )


def _template_context() -> dict[str, Any]:
    return {
        "_": t,
        "ngettext": ngettext,
        "text": text_in_context,
        "number": functools.partial(i18n.number, lang()),
        "lang": lang(),
        "languages": i18n.languages(),
        "csrf_token": csrf_token,
        "csrf_field": CSRF_FIELD,
        "poll_seconds": poll_seconds(),
        "over_poll_seconds": over_poll_seconds(),
        "say": say,
        "when": _when,
        "variant_title": _variant_title,
        "sides_of": games.sides_of,
        "choice_name": forms.choice_name,
        "seat_name": forms.seat_name,
        "encode": widgets.encode,
        "field_id": forms.field_id,
        "htmx_version": HTMX_VERSION,
        "return_path": _return_path(),
    }


#: the query parameter of an edit link's token (``/e/<id>?t=<token>``)
_TOKEN_ARG = "t"


def _return_path() -> str:
    """This page's path and query, where the language links come back to: without a token,
    since a page's links never carry one (a live page opened as ``/g/<id>?t=...`` must not
    copy it into its links)."""
    kept = [(k, v) for k, v in request.args.items(multi=True) if k != _TOKEN_ARG]
    return request.path + ("?" + urlencode(kept) if kept else "")


# ---- the games this browser can edit ------------------------------------------------------


def _require_edit(gid: str, newest: int | None = games.NEWEST, *, own: bool = False) -> games.Sheet:
    """The game's sheet (its ``newest`` deals read; None: all), if this browser holds a grant
    for its current edit token (kept for the page in ``g.edit_token``), or for the director's
    token of the event the game is a table of (``g.directing``: the director corrects its
    deals, and the page shows no edit link, which it does not hold); else 403 (404 and 500 as
    :func:`scorepad.views.live.load` answers them).

    :param own: the game's own edit token is needed (its link, names, rematch, deletion: a
        table's, not the director's).
    """
    sheet = load(gid, newest)
    token = devices.held_token(sheet.game)
    right = None if token is None else store.edits_with(get_session(), sheet.game, token)
    if right == "table":
        g.edit_token = token
    elif right == "director" and not own:
        g.directing = True
    else:
        abort_page(403, live_url=url_for("live.game", gid=gid))
    return sheet


def _notice(gid: str, kind: str, number: int, record: Any = None, board: int | None = None) -> None:
    """What the game page says once after a write: the deal saved or a past deal edited (with
    Undo; an edit's Undo needs the record before it), or removed (with Redo, which needs the
    removed record); on boards, the board the record was (Undo and Redo put it back there)."""
    notice: dict[str, Any] = {"gid": gid, "kind": kind, "number": number}
    if record is not None:
        notice["record"] = record
    if board is not None:
        notice["board"] = board
    session["notice"] = notice


def _take_notice(gid: str) -> dict[str, Any] | None:
    notice = session.get("notice")
    if not isinstance(notice, dict) or notice.get("gid") != gid:
        return None
    session.pop("notice", None)
    return notice


# ---- home, language, htmx -----------------------------------------------------------------


#: a game with no deal drops off the home page after this long (it stays reachable by link)
EMPTY_GAME_SHOWN = timedelta(days=1)


@bp.get("/")
def index() -> ResponseReturnValue:
    known = devices.editable_games()
    since = datetime.now(UTC) - EMPTY_GAME_SHOWN
    shown = [
        game
        for game in games.list_games(get_session(), known)
        if game.deal_count or aware(game.created_at) >= since
    ][:REMEMBERED]
    return render_page("pages/index.html", "pages/_game_list.html", games=shown)


def _when(moment: datetime) -> str:
    """A date and time for the game list, in the page's language."""
    from babel.dates import format_datetime

    try:
        return format_datetime(aware(moment), "short", locale=lang())
    except (ValueError, LookupError):
        return aware(moment).strftime("%Y-%m-%d %H:%M")


def _variant_title(name: str) -> str:
    try:
        return installed.variant(name).info.title
    except PluginError:
        return name


@bp.get("/lang/<code>")
def set_language(code: str) -> ResponseReturnValue:
    if code in i18n.languages():
        session["lang"] = code
        session.permanent = True
    target = request.args.get("next", "/")
    # Only a path of this site; a CR/LF, a backslash or any other odd character means "/".
    if not (target.isascii() and target.isprintable()) or "\\" in target or " " in target:
        target = "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//"):
        target = "/"
    else:  # a page opened by a ?lang= link: back to it without that, the switch wins
        query = parse_qsl(parts.query, keep_blank_values=True)
        kept = [(k, v) for k, v in query if k != "lang"]
        if len(kept) < len(query):
            target = urlunsplit(("", "", parts.path, urlencode(kept), ""))
    return redirect(target, 303)


@functools.cache
def _htmx_source() -> bytes:
    return (resources.files("js_lib_htmx") / "static" / "htmx" / "htmx.min.js").read_bytes()


@bp.get("/assets/htmx.min.js")
def htmx_js() -> ResponseReturnValue:
    """htmx 2, read from the installed ``django-js-lib-htmx`` package (never a CDN)."""
    response = Response(_htmx_source(), mimetype="text/javascript")
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response


# ---- the web app manifest (add to home screen) ---------------------------------------------


@bp.get("/manifest.webmanifest")
def manifest() -> ResponseReturnValue:
    """What a phone needs to add the scorepad to its home screen: name, start page, icons."""
    body = {
        "name": "atout — " + t("Scorepad"),
        "short_name": "atout",
        "description": t("The score of a card table, on every phone."),
        "start_url": url_for("pages.index"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#0b5cad",
        "lang": lang(),
        "icons": [
            {
                "src": url_for("static", filename="icon-192.png"),
                "sizes": "192x192",
                "type": "image/png",
            },
            {
                "src": url_for("static", filename="icon-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "any maskable",
            },
            {
                "src": url_for("static", filename="icon.svg"),
                "sizes": "any",
                "type": "image/svg+xml",
            },
        ],
    }
    response = Response(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "public, max-age=3600"
    response.vary.add("Accept-Language")
    return response


# ---- rules of a variant ------------------------------------------------------------------


@bp.get("/rules/<name>")
def rules(name: str) -> ResponseReturnValue:
    """A variant's rules as the app plays them: its presets, its options and their sources."""
    try:
        v = installed.variant(name)
    except PluginError:
        abort(404)
    preset = request.args.get("preset")
    if preset not in v.presets:
        preset = v.default_preset
    return render_page(
        "pages/rules.html",
        "pages/rules.html",
        variant=v,
        preset=preset,
        by_preset={p: v.rules(p) for p in v.presets},
    )


# ---- new game -----------------------------------------------------------------------------


def _new_game_context(form: dict[str, Any], errors: dict[str, str]) -> dict[str, Any]:
    choice = variant_choice(form)
    rules, v = choice["rules"], choice["variant"]
    table = _form_table(form, v)
    seats: tuple[str, ...] = table.seats if table is not None else ()
    return {
        **choice,
        "form": form,
        "errors": errors,
        "seats": seats,
        "teams": team_keys(table) if table is not None else (),
        "form_players": {s: form.get(f"player_{s}", "") for s in seats},
        "clockwise": rules is not None and games.plays_clockwise(v, rules),
        "shaping": games.seat_options(v, rules)[0] if v is not None else frozenset(),
    }


def _form_table(form: Mapping[str, Any], v: Any) -> Any:
    """The table of the game the form would start: the variant's under the chosen preset,
    shaped by the house rules chosen so far (Préférence's four players: four seats to name);
    the preset's when those do not make rules yet (creating the game names the bad one)."""
    if v is None:
        return None
    preset = form.get("preset")
    preset = preset if preset in v.presets else v.default_preset
    try:
        return v.table(v.rules(preset, form_options(form)))
    except (games.GameInputError, OptionError):
        return v.table(v.rules(preset))


@bp.get("/new")
def new_game() -> ResponseReturnValue:
    form = {k: v for k, v in request.args.items()}
    context = _new_game_context(form, {})
    return render_page("pages/new.html", "pages/_new_variant.html", **context)


@bp.post("/new")
def create_game() -> ResponseReturnValue:
    form = request.form
    chosen = form.get("variant", "")
    try:
        v = installed.variant(chosen)
    except PluginError:
        v = None
    try:
        overrides = form_options(form)
    except games.GameInputError as exc:
        return _new_game_error(exc.field, i18n.error_words(exc))
    target_value = form_number(form, "target")
    info = _form_table(form, v)
    creator, most = creation_limit()
    try:
        game, token = games.create_game(
            get_engine(),
            chosen,
            form.get("preset") or None,
            _teams_from(form, info),
            target_value,
            overrides or None,
            form.get("first_dealer") or None,
            _players_from(form, info),
            creator=creator,
            per_minute=most,
            match_deals=form_number(form, "match_deals"),
            deals_alone=form_flag(form, "deals_alone"),
        )
    except games.GameInputError as exc:
        return _new_game_error(exc.field, i18n.error_words(exc))
    except games.TooManyGames as exc:
        response = _new_game_error("variant", too_many_games(exc), 429)
        response.headers["Retry-After"] = str(exc.retry_after)
        return response
    devices.grant_game(game, token)
    return redirect(url_for("pages.game", gid=game.public_id), 303)


def form_options(form: Mapping[str, Any]) -> dict[str, Any]:
    """The house rules chosen on a new game's form (``opt-<name>``; the target has a field of
    its own), parsed by the chosen variant's options; none for a variant not installed (the
    game's checks say so).

    :raises games.GameInputError: naming ``options.<name>``."""
    try:
        v = installed.variant(str(form.get("variant", "")))
    except PluginError:
        return {}
    overrides: dict[str, Any] = {}
    for name, option in v.options.items():
        raw = str(form.get(f"opt-{name}", "")).strip()
        if raw and name != "target":
            try:
                overrides[name] = option.parse(check_text(raw, name, max_length=100))
            except InputError as exc:
                raise games.GameInputError(f"options.{name}", exc.reason) from None
            except OptionError as exc:  # "option x: why" -> why, under the option's label
                raise games.GameInputError(f"options.{name}", exc.why) from None
    return overrides


def form_number(form: Any, name: str) -> Any:
    """A new game's number field as typed: None when empty, an int when it is one (digits, or
    groups of three after a space), else the text (games.create_game says what to type, with
    the bounds)."""
    typed = form.get(name, "").strip()
    if not typed:
        return None
    try:
        if not _DIGIT_GROUPS.fullmatch(typed):  # "9 5" is not 95; "1 000" is 1000
            raise InputError(name, "not a whole number")
        return parse_int(typed, name, max_digits=9)
    except InputError:
        return typed


def _new_game_error(field: str, message: str, status: int = 422) -> Response:
    context = _new_game_context(dict(request.form), {forms.field_id(field): message})
    return render_page("pages/new.html", "pages/_new_variant.html", status=status, **context)


# ---- the game page ------------------------------------------------------------------------


def _form_context(
    sheet: games.Sheet,
    record: dict[str, Any] | None = None,
    errors: dict[str, str] | None = None,
    number: int | None = None,
    extra_rows: dict[str, int] | None = None,
    message: str | None = None,
    expected: int | None = None,
) -> dict[str, Any]:
    """What the deal form needs: fields with values, errors, and which deal it writes; on
    boards, the boards it may be (those not recorded yet, and an edited deal's own) and the
    one chosen (the one the form sent, else the first not recorded, or the deal's own)."""
    specs = sheet.variant.hooks.record_fields(sheet.rules)
    dealer = sheet.next_dealer if number is None else sheet.row(number)["dealer"]
    choices: list[int] = []
    chosen: int | None = None
    if sheet.on_boards:
        own = sheet.boards_taken.get(number) if number is not None else None
        choices = sorted({*sheet.free_boards, *([own] if own is not None else [])})
        sent = arg_int(request.form, "board") if request.method == "POST" else None
        chosen = sent if sent in choices else own if own is not None else next(iter(choices), None)
    return {
        "fields": forms.form_fields(specs, record, extra_rows),
        "errors": errors or {},
        "form_number": number,
        "form_dealer": dealer,
        "form_boards": choices,
        "form_board": chosen,
        "expected_number": expected or sheet.next_number,
        "form_message": message,
        # a form drawn with answers (after a refusal, a conflict): its preview is asked at once
        "form_filled": bool(record),
    }


def _page(
    sheet: games.Sheet,
    status: int = 200,
    template: str = "pages/game.html",
    notice: dict[str, Any] | None = None,
    ends_at: int | None = None,
    **form: Any,
) -> Response:
    gid = sheet.game.public_id
    token = g.get("edit_token") or ""
    context = {
        "sheet": sheet,
        "editable": True,
        "notice": notice,
        "ends_at": ends_at,
        "seats": sheet.seats,
        "live_url": live_link(gid),
        "edit_url": edit_link(gid, token),
        "directing": g.get("directing", False),
        "loopback_only": base_url().loopback_only,
        **_form_context(sheet, **form),
    }
    partial = "pages/_game_body.html" if template == "pages/game.html" else "pages/_deal_edit.html"
    return render_page(template, partial, status=status, **context)


@bp.get("/e/<gid>")
def game(gid: str) -> ResponseReturnValue:
    token = request.args.get("t")
    if token is not None:
        try:
            found = games.find_game(get_session(), gid)
        except games.NotFound:
            abort(404)
        # the table's edit link, or the director's link to correct a table of the event
        if store.edits_with(get_session(), found, token) is None:
            abort_page(
                403, t("This edit link is not valid."), live_url=url_for("live.game", gid=gid)
            )
        devices.grant_game(found, token)
        return redirect(url_for("pages.game", gid=gid), 303)
    return _page(_require_edit(gid), notice=_take_notice(gid))


@bp.get("/e/<gid>/sheet")
def sheet_block(gid: str) -> ResponseReturnValue:
    """The game page's sheet: 204 while the client's version ``v`` is current."""
    seen = arg_int(request.args, "v")
    if seen is not None:
        version = games.version_of(get_engine(), gid)
        if version is None:
            return add_vary(Response(render_template("_gone.html"), 410))
        if version == seen:
            return add_vary(Response(status=204))
    sheet = _require_edit(gid)
    response = Response(render_template("pages/_sheet_block.html", sheet=sheet, editable=True))
    if request.args.get("over") != ("1" if sheet.outcome.over else "0"):
        # the match ended or opened again on another phone: the deal form comes or goes
        response.headers["HX-Refresh"] = "true"
    return add_vary(response)


def _specs(sheet: games.Sheet) -> list[Field]:
    return sheet.variant.hooks.record_fields(sheet.rules)


def _number_from(form: Any) -> int | None:
    return arg_int(form, "number", minimum=1)


def _form_record(sheet: games.Sheet) -> dict[str, Any]:
    """The record in the submitted deal form.

    :raises InputError: a value that cannot be read at all, naming its form field.
    """
    return widgets.parse_record(_specs(sheet), request.form)


def _form_board(sheet: games.Sheet) -> int | None:
    """The board the deal form says (on boards; None when it says none).

    :raises InputError: naming ``board``, when it is not a whole number (a number that is not
        a board of the round is refused by the write, naming ``board`` too).
    """
    return arg_int(request.form, "board", strict=True) if sheet.on_boards else None


def _field_errors(exc: RecordError) -> forms.FieldErrors:
    """Each fault of a record under its field: every missing field, not only the first."""
    return forms.FieldErrors(exc.all)


def _unreadable(
    sheet: games.Sheet,
    exc: InputError,
    template: str = "pages/game.html",
    number: int | None = None,
) -> Response:
    """A deal form with a value that cannot be read at all: 422, the form again (empty), the
    reason under the field."""
    return _page(sheet, 422, template=template, number=number, errors=_field_errors(exc))


@bp.post("/e/<gid>/preview")
def preview(gid: str) -> ResponseReturnValue:
    """The score the deal being typed would get (an htmx fragment)."""
    sheet = _require_edit(gid)
    number = _number_from(request.form)
    if number is not None and not 1 <= number <= sheet.deal_count:
        abort(404)
    context: dict[str, Any] = {"sheet": sheet}
    try:
        context["record"] = record = _form_record(sheet)
        _clean, score = games.preview_deal(sheet, record, number, _form_board(sheet))
        context["score"] = score
    except RecordError as exc:
        context["error"] = exc
    return add_vary(Response(render_template("pages/_preview.html", **context)))


@bp.post("/e/<gid>/form")
def deal_form(gid: str) -> ResponseReturnValue:
    """The deal form again, with one more row for an items field (the "Add one" button)."""
    sheet = _require_edit(gid)
    try:
        record = _form_record(sheet)
    except InputError:
        record = {}
    number = _number_from(request.form)
    if number is not None:
        _deal_number(sheet, number)  # 404 for a deal the game does not have
    extra = forms.rows_to_add(request.form, request.form.get("_add", ""), record)
    context = _form_context(
        sheet,
        record,
        number=number,
        extra_rows=extra,
        expected=arg_int(request.form, "expected_number"),
    )
    return add_vary(Response(render_template("pages/_deal_form.html", sheet=sheet, **context)))


@bp.post("/e/<gid>/deals")
def add_deal(gid: str) -> ResponseReturnValue:
    sheet = _require_edit(gid)
    try:
        record = _form_record(sheet)
    except InputError as exc:
        return _unreadable(sheet, exc)
    expected = arg_int(request.form, "expected_number")
    if request.form.get("_add"):
        return _page(
            sheet,
            record=record,
            extra_rows=forms.rows_to_add(request.form, request.form["_add"], record),
            expected=expected,
        )
    try:
        result = games.add_deal(get_engine(), gid, record, expected, _form_board(sheet))
    except RecordError as exc:
        return _page(
            sheet,
            422,
            record=record,
            expected=expected,
            errors=_field_errors(exc),
        )
    except games.Conflict as exc:
        fresh = games.load_sheet(get_session(), gid, games.NEWEST)
        message = (
            t("Someone else recorded a deal meanwhile; check the sheet and save again.")
            if exc.field == "expected_number"
            else i18n.error_words(exc)
        )
        return _page(fresh, 409, record=record, message=message)
    _notice(gid, "saved", result.number)
    return redirect(url_for("pages.game", gid=gid), 303)


def _sent_back(name: str) -> Any:
    """A record the page sent back with its Undo button (the form field ``name``, JSON); 400
    when it does not read."""
    try:
        return load_json(request.form.get(name, ""), name)
    except InputError:
        abort(400)


def _not_recorded_again(gid: str, exc: Exception) -> ResponseReturnValue:
    """The sheet as it is now (409), saying why a deal that Undo brought back (a removed deal,
    a record before an edit) could not be recorded again."""
    return _page(
        games.load_sheet(get_session(), gid, games.NEWEST),
        409,
        message=t(
            "The deal could not be recorded again: %(reason)s",
            reason=text(i18n.error_words(exc)),
        ),
    )


@bp.post("/e/<gid>/redo")
def redo_deal(gid: str) -> ResponseReturnValue:
    """Record again the deal that Undo removed (its record came back with the page)."""
    _require_edit(gid)
    record = _sent_back("record")
    expected = arg_int(request.form, "expected_number")
    board = arg_int(request.form, "board")  # on boards, the board it was
    try:
        result = games.add_deal(get_engine(), gid, record, expected, board)
    except (RecordError, games.Conflict) as exc:
        return _not_recorded_again(gid, exc)
    _notice(gid, "saved", result.number)
    return redirect(url_for("pages.game", gid=gid), 303)


@bp.get("/e/<gid>/deals")
def all_deals(gid: str) -> ResponseReturnValue:
    """The whole sheet, every deal with its edit link (the game page draws only the newest)."""
    sheet = _require_edit(gid, None)
    return render_page("sheet_all.html", "sheet_all.html", sheet=sheet, editable=True)


def _deal_number(sheet: games.Sheet, number: int) -> int:
    if not 1 <= number <= sheet.deal_count:
        abort(404)
    return number


@bp.get("/e/<gid>/deals/<int:number>")
def edit_deal(gid: str, number: int) -> ResponseReturnValue:
    sheet = _require_edit(gid)
    _deal_number(sheet, number)
    return _page(
        sheet, template="pages/deal_edit.html", number=number, record=sheet.row(number)["record"]
    )


@bp.post("/e/<gid>/deals/<int:number>")
def replace_deal(gid: str, number: int) -> ResponseReturnValue:
    sheet = _require_edit(gid)
    _deal_number(sheet, number)
    try:
        record = _form_record(sheet)
    except InputError as exc:
        return _unreadable(sheet, exc, "pages/deal_edit.html", number)
    if request.form.get("_add"):
        return _page(
            sheet,
            template="pages/deal_edit.html",
            number=number,
            record=record,
            extra_rows=forms.rows_to_add(request.form, request.form["_add"], record),
        )
    drop_later = request.form.get("drop_later") == "1"
    before = sheet.boards_taken.get(number)
    try:
        games.replace_deal(get_engine(), gid, number, record, drop_later, _form_board(sheet))
    except RecordError as exc:
        return _page(
            sheet,
            422,
            template="pages/deal_edit.html",
            number=number,
            record=record,
            errors=_field_errors(exc),
        )
    except games.Conflict as exc:
        message = (
            t(
                "With this change the match ends at deal %(ended)s. Save it and remove "
                "deals %(first)s to %(last)s?",
                ended=exc.ends_at,
                first=exc.ends_at + 1,
                last=sheet.deal_count,
            )
            if exc.ends_at is not None
            else i18n.error_words(exc)
        )
        return _page(
            sheet,
            409,
            template="pages/deal_edit.html",
            number=number,
            record=record,
            message=message,
            ends_at=exc.ends_at,
        )
    except games.NotFound as exc:
        return _page(
            sheet,
            404,
            template="pages/deal_edit.html",
            number=number,
            record=record,
            message=i18n.error_words(exc),
        )
    # said like a saved deal, with Undo (the record before the change), unless later deals went
    if drop_later:
        flash(t("Deal %(number)s changed; the totals after it are recomputed.", number=number))
    else:
        _notice(gid, "edited", number, sheet.row(number)["record"], before)
    return redirect(url_for("pages.game", gid=gid), 303)


@bp.post("/e/<gid>/deals/<int:number>/restore")
def restore_deal(gid: str, number: int) -> ResponseReturnValue:
    """Undo of an edit: deal ``number`` gets back the record it had before, if it still holds
    what the edit saved (another phone may have changed it since). Undo again redoes."""
    sheet = _require_edit(gid)
    _deal_number(sheet, number)
    record, edited = _sent_back("record"), _sent_back("edited")
    current = sheet.row(number)["record"]
    if current != edited:
        message = t("Deal %(number)s was changed on another phone meanwhile.", number=number)
        return _page(sheet, 409, message=message)
    board = _form_board(sheet)  # on boards, the board it was before the edit
    now = sheet.boards_taken.get(number)
    try:
        games.replace_deal(get_engine(), gid, number, record, board=board)
    except (RecordError, games.Conflict, games.NotFound) as exc:
        return _not_recorded_again(gid, exc)
    _notice(gid, "edited", number, current, now)
    return redirect(url_for("pages.game", gid=gid), 303)


@bp.post("/e/<gid>/deals/<int:number>/delete")
def delete_deal(gid: str, number: int) -> ResponseReturnValue:
    sheet = _require_edit(gid)
    _deal_number(sheet, number)
    removed = sheet.row(number)["record"]
    board = sheet.boards_taken.get(number)
    try:
        games.delete_deal(get_engine(), gid, number)
    except (games.Conflict, games.NotFound) as exc:
        return _page(
            games.load_sheet(get_session(), gid, games.NEWEST), 409, message=i18n.error_words(exc)
        )
    if request.form.get("undo") and number == sheet.deal_count:
        _notice(gid, "removed", number, removed, board)
    else:
        flash(t("Deal %(number)s removed.", number=number))
    return redirect(url_for("pages.game", gid=gid), 303)


# ---- names, rematch, delete ------------------------------------------------------------


def form_flag(form: Any, name: str) -> Any:
    """A new game's checkbox as sent: True when ticked (``on``), None when not sent, else the
    text (games.create_game refuses it: "is true or false", naming the field)."""
    sent = form.get(name, "")
    if not sent:
        return None
    return True if sent == "on" else sent


def _players_from(form: Any, info: Any) -> dict[str, str]:
    """The players' names a form typed, by the variant's seats (``player_<seat>``)."""
    return {s: form.get(f"player_{s}", "") for s in (info.seats if info is not None else ())}


def _teams_from(form: Any, info: Any) -> dict[str, str]:
    """The team names a form typed, by the variant's teams (``team_<team>``: ``team_ns``)."""
    keys = team_keys(info) if info is not None else ()
    return {key: form.get(f"team_{key.lower()}", "") for key in keys}


@bp.post("/e/<gid>/names")
def rename(gid: str) -> ResponseReturnValue:
    sheet = _require_edit(gid, own=True)
    try:
        games.rename(
            get_engine(),
            gid,
            _teams_from(request.form, sheet.variant.info),
            _players_from(request.form, sheet.variant.info),
        )
    except games.GameInputError as exc:
        return _page(
            sheet, 422, message=f"{_field_words(exc.field)}: {text(i18n.error_words(exc))}"
        )
    flash(t("Names saved."))
    return redirect(url_for("pages.game", gid=gid), 303)


def _field_words(path: str) -> str:
    """A new-game field path ("players.N", "teams.EW") in the words of the form."""
    head, _, key = path.partition(".")
    if head == "players" and key:
        return t("Player %(seat)s", seat=key)
    if head == "teams" and key:
        return t("Team %(team)s", team=key)
    words = {
        "target": t("Target"),
        "match_deals": t("Deals to play"),
        "variant": t("Variant"),
        "preset": t("Rules"),
    }
    return words.get(head, head)


@bp.post("/e/<gid>/rematch")
def rematch(gid: str) -> ResponseReturnValue:
    """A new game with the same players, teams and rules; the next seat deals first."""
    sheet = _require_edit(gid, own=True)
    game = sheet.game
    creator, most = creation_limit()
    try:
        new, token = games.create_game(
            get_engine(),
            game.variant,
            game.preset,
            sheet.teams,
            None,
            dict(sheet.rules.overrides) or None,
            sheet.seats[(game.first_dealer + 1) % len(sheet.seats)],
            sheet.players,
            creator=creator,
            per_minute=most,
            match_deals=sheet.deal_limit,
            deals_alone=sheet.rules.deals_alone,
        )
    except games.TooManyGames as exc:
        response = _page(sheet, 429, message=too_many_games(exc))
        response.headers["Retry-After"] = str(exc.retry_after)
        return response
    devices.grant_game(new, token)
    return redirect(url_for("pages.game", gid=new.public_id), 303)


@bp.post("/e/<gid>/token")
def rotate_token(gid: str) -> ResponseReturnValue:
    """A new edit link: the old one, and every other browser that opened it, can no longer
    change the score; this browser keeps editing with the new one."""
    sheet = _require_edit(gid, own=True)
    if request.form.get("confirm") != "1":
        abort(400)
    try:
        devices.rotate_edit_token(get_engine(), sheet.game, keep_this_device=True)
    except LookupError:
        abort(404)
    flash(
        t(
            "This game has a new edit link: the old one no longer works. Give the new one to "
            "the phones that keep the score."
        )
    )
    return redirect(url_for("pages.game", gid=gid), 303)


@bp.post("/e/<gid>/delete")
def delete_game(gid: str) -> ResponseReturnValue:
    _require_edit(gid, own=True)
    if request.form.get("confirm") != "1":
        abort(400)
    try:
        games.delete_game(get_engine(), gid)  # its grants go with it
    except games.Conflict as exc:  # an event's table
        abort_page(409, text(exc), live_url=url_for("live.game", gid=gid))
    flash(t("The game was deleted."))
    return redirect(url_for("pages.index"), 303)
