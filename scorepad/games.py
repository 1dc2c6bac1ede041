"""What the scorepad does with games, apart from HTTP: create, read, and write deals.

Views parse requests and render; everything that touches the rules or the database goes through
here. Scores are never stored: a game's sheet is rebuilt from its rules snapshot and its deal
records by :class:`framework.match.Match` on every read, so replacing or removing a past deal
rescores every deal after it. A write is one transaction that locks its game (``BEGIN
IMMEDIATE`` on SQLite, ``FOR UPDATE`` elsewhere), rebuilds the whole sheet with the change and
refuses it — changing nothing — if any deal no longer holds.

The scorepad never names a variant: it reaches them through :func:`framework.plugins.load_variant`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine, select
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from framework.errors import AtoutError, OptionError, PluginError, RecordError
from framework.match import Match, MatchOutcome, SummaryLine
from framework.messages import Message, Names, with_messages
from framework.options import Option, Rules
from framework.plugins import Variant, load_variant, variant_names
from framework.scoring import DealScore
from framework.seats import SEATS, TEAMS, W
from framework.untrusted import InputError, check_int, check_text
from scorepad.db import write_session
from scorepad.i18n import DOMAIN
from scorepad.models import Deal, Game, utcnow
from scorepad.security import hash_token, new_edit_token, new_public_id

_ = DOMAIN.message

__all__ = [
    "MAX_DEALS",
    "MAX_TEAM_NAME",
    "Conflict",
    "GameInputError",
    "NotFound",
    "Sheet",
    "add_deal",
    "create_game",
    "delete_deal",
    "delete_game",
    "installed_variants",
    "largest_target",
    "load_sheet",
    "preview_deal",
    "rename",
    "replace_deal",
    "variant",
]

MAX_TEAM_NAME = 40
#: The most deals one game holds (a write past it is a 409): bounds what a read or a write of one
#: game costs. :func:`largest_target` keeps targets a match can reach well within it.
MAX_DEALS = 500
#: the longest name of a player
MAX_PLAYER_NAME = 40


class NotFound(AtoutError):
    """An unknown game or deal (HTTP 404)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class Conflict(AtoutError):
    """A write that conflicts with the sheet as it is now (HTTP 409).

    :param ends_at: for a change that ends the match at an earlier deal, that deal's number
        (the write can be made again removing the deals after it).
    """

    def __init__(self, message: str, field: str | None = None,
                 ends_at: int | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.ends_at = ends_at


class GameInputError(AtoutError):
    """A bad choice when creating a game (HTTP 422), naming the field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


@functools.lru_cache(maxsize=64)
def variant(name: str) -> Variant:
    """The installed variant ``name``, loaded once per process (code, not state).

    A variant whose default rules or deal form cannot be built is broken too: the scorepad
    neither offers it nor lets one of its hooks fail a page.

    :raises PluginError: if it is not installed or cannot be loaded.
    """
    v = load_variant(name)
    try:
        v.hooks.record_fields(v.rules())
    except Exception as exc:  # a third-party plugin's bug, reported like a failed load
        raise PluginError(name, f"is broken: {type(exc).__name__}: {exc}") from exc
    return v


def installed_variants() -> list[Variant]:
    """Every installed variant that loads, in name order."""
    out = []
    for name in variant_names():
        try:
            out.append(variant(name))
        except PluginError:
            continue
    return out


# ---- reading ------------------------------------------------------------------------------


@dataclass
class Sheet:
    """A game and its score sheet, rebuilt from the stored records."""

    game: Game
    variant: Variant
    rules: Rules
    match: Match
    #: a stored deal the variant now refuses (a plugin changed); the sheet stops before it
    problem: str | None = None
    deals: list[Deal] = field(default_factory=list)
    _rows: list[dict[str, Any]] | None = field(default=None, repr=False)

    @property
    def teams(self) -> dict[str, str]:
        return {"NS": self.game.team_ns, "EW": self.game.team_ew}

    @property
    def players(self) -> dict[str, str]:
        """The named players by seat letter (unnamed seats left out)."""
        return dict(self.game.players or {})

    def seat_name(self, seat: str) -> str:
        """A seat as the table calls it: the player's name, else its letter."""
        return self.players.get(seat) or seat

    def names(self) -> Names:
        """The names a message renderer puts in for team and seat parameters."""
        return Names(teams=self.teams,
                     seats={SEATS.index(s): n for s, n in self.players.items()})

    @property
    def clockwise(self) -> bool:
        """Whether play goes clockwise at this table (a ``direction`` rule option says so);
        counter-clockwise otherwise, as the belote family and most trick games play."""
        return self.rules.options.get("direction") == "clockwise"

    @property
    def preset_title(self) -> str:
        """The rules' name for players."""
        preset = self.variant.presets.get(self.game.preset)
        return preset.title if preset is not None and preset.title else self.game.preset

    @property
    def house_rules(self) -> list[Message]:
        """The options the table changed from its preset, in players' words."""
        out = []
        for name, value in self.rules.overrides.items():
            option = self.variant.options.get(name)
            if option is None or name == "target":
                continue
            out.append(_("{option}: {value}", option=option.title,
                         value=option.value_label(value)))
        return out

    def summary(self) -> list[SummaryLine]:
        """What each team did over the match, counted by the variant in its own words."""
        return self.match.summary()

    def share_text(self) -> str:
        """The result in one line to send to friends."""
        totals = self.match.totals
        n = len(self.match.records)
        return (f"{self.teams['NS']} {totals['NS']} – {self.teams['EW']} {totals['EW']} · "
                f"{self.variant.info.title} · {n} deal{'s' if n != 1 else ''}")

    @property
    def next_dealer_name(self) -> str | None:
        """The next dealer's name (None when that seat is unnamed or the match is over)."""
        if self.outcome.over:
            return None
        return self.players.get(self.next_dealer)

    @property
    def outcome(self) -> MatchOutcome:
        return self.match.outcome

    @property
    def target(self) -> Any:
        return self.rules.options.get("target")

    @property
    def next_number(self) -> int:
        return len(self.match.records) + 1

    @property
    def next_dealer(self) -> str:
        return SEATS[self.match.dealer]

    def rows(self) -> list[dict[str, Any]]:
        """One row per deal: number, dealer, record, points, running totals, pot, explanation."""
        if self._rows is not None:
            return self._rows
        rows = []
        for row, score in zip(self.match.rows(), self.match.scores, strict=True):
            rows.append({**row, "points": dict(score.points), "pot": score.pot,
                         "made": score.made, "explanation": score.explanation})
        self._rows = rows
        return rows

    def context_before(self, number: int) -> Match:
        """The sheet as it stood before deal ``number`` (to score a replacement of it)."""
        return Match(self.variant, self.rules, self.game.first_dealer,
                     self.match.records[:number - 1])

    def to_json(self) -> dict[str, Any]:
        """The game as ``GET /api/games/<id>`` returns it."""
        deals = []
        for row in self.rows():
            deals.append({"number": row["number"], "dealer": row["dealer"],
                          "record": row["record"], "points": row["points"],
                          "totals": row["totals"], "pot": row["pot"], "made": row["made"],
                          "explanation": row["explanation"]})
            with_messages(deals[-1], "explanation")
        out = {
            "id": self.game.public_id,
            "variant": self.game.variant,
            "preset": self.game.preset,
            "rules": self.rules.to_json(),
            "teams": self.teams,
            "target": self.target,
            "players": self.players,
            "first_dealer": SEATS[self.game.first_dealer],
            "deals": deals,
            "totals": dict(self.match.totals),
            "pot": self.match.pot,
            "over": self.outcome.over,
            "winner": self.outcome.winner if self.outcome.over else None,
            "result": self.outcome.reason,
            "next_dealer": None if self.outcome.over else self.next_dealer,
            "next_dealer_name": self.next_dealer_name,
            "version": self.game.version,
        }
        if self.problem:
            out["problem"] = self.problem
        return with_messages(out, "result")


def _check(match: Match, record: Any) -> tuple[dict[str, Any], DealScore]:
    """``match.check``, with any other user error of a variant reported as a record error."""
    try:
        return match.check(record)
    except RecordError:
        raise
    except AtoutError as exc:
        raise RecordError("record", str(exc)) from None


def _add(match: Match, record: Any) -> DealScore:
    """``match.add``, reporting errors as :func:`_check` does."""
    try:
        return match.add(record)
    except RecordError:
        raise
    except AtoutError as exc:
        raise RecordError("record", str(exc)) from None


def _rules_of(game: Game) -> tuple[Variant, Rules]:
    v = variant(game.variant)
    return v, v.rules_from_json(game.rules)


def _sheet(game: Game, deals: list[Deal]) -> Sheet:
    v, rules = _rules_of(game)
    match = Match(v, rules, game.first_dealer)
    problem = None
    for deal in deals:
        try:
            _add(match, deal.record)
        except RecordError as exc:
            problem = f"deal {deal.number}: {exc}"
            break
    return Sheet(game, v, rules, match, problem, deals)


def _deals_of(session: Session, game: Game) -> list[Deal]:
    stmt = select(Deal).where(Deal.game_id == game.id).order_by(Deal.number)
    return list(session.scalars(stmt))


def find_game(session: Session, public_id: str, *, lock: bool = False) -> Game:
    """The game with this public id.

    :raises NotFound: if there is none.
    """
    stmt = select(Game).where(Game.public_id == public_id)
    if lock:
        stmt = stmt.with_for_update()
    game = session.scalars(stmt).first()
    if game is None:
        raise NotFound("no such game", "id")
    return game


def load_sheet(session: Session, public_id: str) -> Sheet:
    """The game and its rebuilt score sheet.

    :raises NotFound: for an unknown id.
    :raises PluginError: if its variant is no longer installed.
    """
    game = find_game(session, public_id)
    return _sheet(game, _deals_of(session, game))


#: the live page's poll, per DB-API parameter style (positional styles only)
_VERSION_SQL = {
    "qmark": "SELECT version FROM game WHERE public_id = ?",
    "format": "SELECT version FROM game WHERE public_id = %s",
    "pyformat": "SELECT version FROM game WHERE public_id = %s",
    "numeric": "SELECT version FROM game WHERE public_id = :1",
}


def version_of(engine: Engine, public_id: str) -> int | None:
    """The game's version, from one indexed lookup (the live page's poll).

    This runs for every poll of every spectator, so it goes straight to the driver: one
    prepared-shape query on a pooled connection, no ORM and no statement compilation.
    """
    sql = _VERSION_SQL.get(engine.dialect.paramstyle)
    if sql is None:  # a driver with a named style only: the portable way
        with engine.connect() as conn:
            return conn.execute(select(Game.version)
                                .where(Game.public_id == public_id)).scalar()
    connection = engine.raw_connection()
    try:
        cursor = connection.cursor()
        cursor.execute(sql, (public_id,))
        row = cursor.fetchone()
        cursor.close()
    finally:
        connection.close()  # back to the pool, which ends any transaction
    return row[0] if row else None


def preview_deal(sheet: Sheet, record: Mapping[str, Any],
                 number: int | None = None) -> tuple[dict[str, Any], DealScore]:
    """Validate and score a record as the next deal, or as a replacement of deal ``number``.

    :raises RecordError: for an invalid record.
    """
    match = sheet.match if number is None else sheet.context_before(number)
    return _check(match, record)


# ---- creating -----------------------------------------------------------------------------


def _name(raw: Any, where: str, what: str, most: int) -> str:
    """A name typed by a person (:func:`framework.untrusted.check_text`: text, no control
    character, spaces tidied, at most ``most`` characters); '' for none."""
    if raw is None:
        return ""
    if not isinstance(raw, str):
        raise GameInputError(where, f"{what} is text")
    try:
        name = check_text(raw, where, max_length=4 * most, normalize=True)
    except InputError as exc:
        raise GameInputError(where, f"{what} {exc.reason}") from None
    if len(name) > most:
        raise GameInputError(where, f"{what} has at most {most} characters")
    return name


def _target(option: Option, value: Any) -> int:
    """The points to win, within the variant's bounds, or an error in players' words."""
    low = option.minimum if option.minimum is not None else 1
    high = _largest(option)  # a match must be able to end within MAX_DEALS deals
    between = f"between {low} and {high}" if high is not None else f"at least {low}"
    try:
        number = check_int(value, "target")
    except InputError:
        raise GameInputError("target", f"type the points to win as a whole number, {between}"
                             ) from None
    if number < low or (high is not None and number > high):
        raise GameInputError("target", f"the points to win are {between}, not {number}")
    return number


def _players(players: Any) -> dict[str, str]:
    """The players' names by seat letter (unnamed seats left out)."""
    if players is None:
        return {}
    if not isinstance(players, Mapping):
        raise GameInputError("players", 'players are {"N": name, "E": name, "S": name, "W": name}')
    unknown = [k for k in players if k not in SEATS]
    if unknown:
        raise GameInputError("players", f"unknown seat {unknown[0]!r}; use N, E, S and W")
    out = {}
    for seat in SEATS:
        name = _name(players.get(seat), f"players.{seat}", "a player's name", MAX_PLAYER_NAME)
        if name:
            out[seat] = name
    return out


def _team_names(teams: Any, players: Mapping[str, str]) -> dict[str, str]:
    """The teams' names: as given, else their players' ("Anne & Paul"), else the team key."""
    if teams is None:
        teams = {}
    if not isinstance(teams, Mapping):
        raise GameInputError("teams", 'teams are {"NS": name, "EW": name}')
    unknown = [k for k in teams if k not in TEAMS]
    if unknown:
        raise GameInputError("teams", f"unknown team {unknown[0]!r}; use NS and EW")
    out = {}
    for key in TEAMS:
        name = _name(teams.get(key), f"teams.{key}", "a team name", MAX_TEAM_NAME)
        members = [players[s] for s in key if s in players]
        out[key] = name or " & ".join(members) or key
    return out


def largest_target(v: Variant) -> int | None:
    """The largest ``target`` a game may have, so that a match can still end within
    :data:`MAX_DEALS` deals: the option's own maximum, else ten times its default (None when the
    variant has no integer ``target`` option)."""
    option = v.options.get("target")
    if option is None or option.kind != "int":
        return None
    return _largest(option)


def _largest(option: Option) -> int:
    return option.maximum if option.maximum is not None else 10 * option.default


def _identifier(value: Any, field: str) -> str:
    try:
        return check_text(value, field, max_length=100, allow_empty=False)
    except InputError as exc:
        raise GameInputError(field, exc.reason) from None


def create_game(engine: Engine, variant_name: Any, preset: Any = None,
                teams: Any = None, target: Any = None, options: Any = None,
                first_dealer: Any = None, players: Any = None) -> tuple[Game, str]:
    """Create a game; returns it and its edit token (the only time the token is seen).

    :param options: house rules, option values over the preset's.
    :param target: the ``target`` option, as a shortcut.
    :param players: the players' names by seat letter, each optional.
    :raises GameInputError: naming the bad field.
    """
    if not isinstance(variant_name, str) or not variant_name:
        raise GameInputError("variant", "choose a variant")
    try:
        v = variant(_identifier(variant_name, "variant"))
    except PluginError as exc:
        raise GameInputError("variant", str(exc)) from None
    if preset is not None and not isinstance(preset, str):
        raise GameInputError("preset", "a preset is a name")
    if preset is not None:
        preset = _identifier(preset, "preset")
    if preset is not None and preset not in v.presets:
        raise GameInputError("preset", f"{v.name} has no preset {preset!r}; presets: "
                             + ", ".join(v.presets))
    overrides: dict[str, Any] = {}
    if options is not None:
        if not isinstance(options, Mapping):
            raise GameInputError("options", "options are an object of option values")
        overrides.update(options)
    if target is not None:
        if "target" not in v.options:
            raise GameInputError("target", f"{v.info.title} has no target")
        overrides["target"] = _target(v.options["target"], target)
    for name in overrides:
        if not isinstance(name, str) or name not in v.options:
            raise GameInputError(f"options.{_identifier(name, 'options')}",
                                 f"{v.name} has no option {name!r}")
    if "target" in overrides and target is None:
        try:
            overrides["target"] = _target(v.options["target"], overrides["target"])
        except GameInputError as exc:
            raise GameInputError("options.target", str(exc)) from None
    try:
        rules = v.rules(preset or v.default_preset, overrides)
    except OptionError as exc:
        bad = next((n for n in overrides if f"option {n}:" in str(exc)), None)
        where = "target" if bad == "target" and target is not None else (
            f"options.{bad}" if bad else "options")
        raise GameInputError(where, str(exc)) from None
    named = _players(players)
    team_names = _team_names(teams, named)
    dealer = W
    if first_dealer is not None:
        if first_dealer not in SEATS:
            raise GameInputError("first_dealer", "the first dealer is a seat: N, E, S or W")
        dealer = SEATS.index(first_dealer)
    token = new_edit_token()
    game = Game(public_id=new_public_id(), variant=v.name, preset=rules.preset,
                rules=rules.to_json(), team_ns=team_names["NS"],
                team_ew=team_names["EW"], players=named or None, first_dealer=dealer,
                edit_token_hash=hash_token(token))
    with write_session(engine) as session:
        session.add(game)
    return game, token


# ---- writing deals ------------------------------------------------------------------------


def _rebuild(game: Game, records: list[dict[str, Any]], changed: int) -> Match:
    """The sheet with the change, or :class:`Conflict` naming the first deal that breaks."""
    v, rules = _rules_of(game)
    match = Match(v, rules, game.first_dealer)
    for number, record in enumerate(records, 1):
        if match.outcome.over and number > 1:
            ended = number - 1
            raise Conflict(f"the match now ends at deal {ended}: deals {ended + 1} to "
                           f"{len(records)} would come after its end", f"deals.{number}",
                           ends_at=ended)
        try:
            _add(match, record)
        except RecordError as exc:
            if number == changed:
                raise
            raise Conflict(f"deal {number} would no longer be valid: {exc.reason}",
                           f"deals.{number}") from None
    return match


def _save(session: Session, game: Game, match: Match) -> None:
    game.deal_count = len(match.records)
    game.total_ns, game.total_ew = match.totals["NS"], match.totals["EW"]
    game.over = match.outcome.over
    game.winner = match.outcome.winner if match.outcome.over else None
    game.version += 1
    game.updated_at = utcnow()
    session.add(game)
    try:
        session.flush()
    except IntegrityError:
        raise Conflict("another phone changed this game at the same time; try again") from None


@dataclass(frozen=True)
class WriteResult:
    """What a deal write answers: the deal's number and score, and the sheet after it."""

    number: int
    score: DealScore | None
    totals: dict[str, int]
    outcome: MatchOutcome
    version: int

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"number": self.number, "totals": self.totals,
                               "over": self.outcome.over,
                               "winner": self.outcome.winner if self.outcome.over else None,
                               "version": self.version}
        if self.score is not None:
            out.update(points=dict(self.score.points), made=self.score.made,
                       pot=self.score.pot, explanation=self.score.explanation)
        return with_messages(out, "explanation")


def add_deal(engine: Engine, public_id: str, record: Any,
             expected_number: Any = None) -> WriteResult:
    """Record the next deal.

    :param expected_number: the number the client believes the deal gets; a mismatch (another
        phone was faster) is a :class:`Conflict`.
    :raises RecordError: invalid record. :raises Conflict: see above, or the match is over.
    """
    if expected_number is not None and (isinstance(expected_number, bool)
                                        or not isinstance(expected_number, int)):
        raise RecordError("expected_number", f"{expected_number!r} is not a whole number")
    with write_session(engine) as session:
        game = find_game(session, public_id, lock=True)
        deals = _deals_of(session, game)
        number = len(deals) + 1
        if number > MAX_DEALS:
            raise Conflict(f"a game holds at most {MAX_DEALS} deals: start a new game "
                           "(a rematch) to go on", "number")
        if expected_number is not None and expected_number != number:
            raise Conflict(f"this would be deal {number}, not {expected_number}: "
                           "the sheet changed meanwhile", "expected_number")
        match = _rebuild(game, [d.record for d in deals], 0)
        if match.outcome.over:
            raise Conflict("the match is over", "record")
        clean, score = _check(match, record)
        match.add(clean)
        session.add(Deal(game_id=game.id, number=number, record=clean))
        _save(session, game, match)
        return WriteResult(number, score, dict(match.totals), match.outcome, game.version)


def _deal_numbered(deals: list[Deal], number: Any) -> Deal:
    if isinstance(number, int) and 1 <= number <= len(deals):
        return deals[number - 1]
    raise NotFound(f"no deal {number}", "number")


def replace_deal(engine: Engine, public_id: str, number: int, record: Any,
                 drop_later: bool = False) -> WriteResult:
    """Replace deal ``number``; every deal after it is rescored.

    :param drop_later: when the change ends the match at an earlier deal, remove the deals
        after that one (otherwise that is a :class:`Conflict` with ``ends_at`` set).
    :raises NotFound: no such deal. :raises RecordError: invalid record.
    :raises Conflict: a later deal would no longer be valid.
    """
    with write_session(engine) as session:
        game = find_game(session, public_id, lock=True)
        deals = _deals_of(session, game)
        deal = _deal_numbered(deals, number)
        before = _rebuild(game, [d.record for d in deals[:number - 1]], 0)
        clean, _score = _check(before, record)
        records = [d.record for d in deals]
        records[number - 1] = clean
        try:
            match = _rebuild(game, records, number)
        except Conflict as exc:
            if not drop_later or exc.ends_at is None:
                raise
            match = _rebuild(game, records[:exc.ends_at], number)
            for later in deals[exc.ends_at:]:
                session.delete(later)
            session.flush()
        deal.record = clean
        deal.updated_at = utcnow()
        session.add(deal)
        _save(session, game, match)
        return WriteResult(number, match.scores[number - 1], dict(match.totals),
                           match.outcome, game.version)


def delete_deal(engine: Engine, public_id: str, number: int) -> WriteResult:
    """Remove deal ``number``; the deals after it move up one and are rescored.

    :raises NotFound: no such deal. :raises Conflict: a later deal would no longer be valid.
    """
    with write_session(engine) as session:
        game = find_game(session, public_id, lock=True)
        deals = _deals_of(session, game)
        deal = _deal_numbered(deals, number)
        records = [d.record for d in deals]
        del records[number - 1]
        match = _rebuild(game, records, 0)
        session.delete(deal)
        session.flush()
        for later in deals[number:]:  # ascending, so (game, number) stays unique at each step
            later.number -= 1
            session.add(later)
            session.flush()
        _save(session, game, match)
        return WriteResult(number, None, dict(match.totals), match.outcome, game.version)


def rename(engine: Engine, public_id: str, teams: Any, players: Any) -> Game:
    """Give new names to a game's players and teams (a team left blank takes its players').

    :raises GameInputError: naming the bad field. :raises NotFound: unknown game.
    """
    named = _players(players)
    team_names = _team_names(teams, named)
    with write_session(engine) as session:
        game = find_game(session, public_id, lock=True)
        game.players = named or None
        game.team_ns, game.team_ew = team_names["NS"], team_names["EW"]
        game.version += 1
        game.updated_at = utcnow()
        session.add(game)
        return game


def delete_game(engine: Engine, public_id: str) -> None:
    """Delete a game and its deals.

    :raises NotFound: unknown game.
    """
    with write_session(engine) as session:
        game = find_game(session, public_id, lock=True)
        for deal in _deals_of(session, game):
            session.delete(deal)
        session.flush()
        session.delete(game)


def list_games(session: Session, public_ids: list[str]) -> list[Game]:
    """These games, most recently changed first (unknown ids are skipped)."""
    if not public_ids:
        return []
    stmt = select(Game).where(Game.public_id.in_(public_ids)).order_by(Game.updated_at.desc())
    return list(session.scalars(stmt))
